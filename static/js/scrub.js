// Explorable figures: the `scrub` behaviour (see explore.js). A value table,
// sequence plot or outcome map gets a slider and a stepper (− and +, the
// arrow keys) for its size, within what the build computed: the table and
// map hide what lies beyond the chosen size, the plot draws the chosen heaps
// again in its own frame, and the summary line and a live region say what is
// shown. Every value, outcome and pattern comes from the figure's `scrub`
// data (the engine's, written by the build); the words and geometry are in
// scrub-core.js, loaded next to this file. Nothing moves the page: the
// drawing keeps its size, and the summary line keeps the height of its
// longest sentence.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';
  /** How long the live region waits for the reader to stop before it speaks. */
  const ANNOUNCE_MS = 300;
  let counter = 0;

  /** Loads a script next to explore.js (once) and calls `then` with the global it sets. */
  const withScript = (file, name, then) => window.GrundyExplore.load(file, name, then);

  /** The page's words (words.js, loaded before scrub-core.js). */
  const w = {
    say: (key, args) => window.GrundyWords.say(key, args),
    count: (key, n, args) => window.GrundyWords.count(key, n, args),
  };

  function el(name, attrs, text) {
    const node = name.startsWith('svg:') ? document.createElementNS(SVG, name.slice(4)) : document.createElement(name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const show = (node, shown) => (shown ? node.removeAttribute('display') : node.setAttribute('display', 'none'));

  /**
   * One scrubbed quantity: a label, −, a range input, + and a readout of
   * fixed width. `change(value)` is called on every step.
   */
  function control(spec, change) {
    const id = `grundy-scrub-${++counter}`;
    const row = el('div', { class: 'grundy-scrub-row', role: 'group', 'aria-label': spec.label, 'data-scrub-key': spec.key });
    const label = el('label', { for: id }, `${spec.label} `);
    const less = el('button', { type: 'button', class: 'grundy-scrub-less', 'aria-label': w.say('play.scrub.less', { label: spec.label }), 'aria-controls': id }, '−');
    const range = el('input', { type: 'range', id, min: spec.min, max: spec.max, step: 1, value: spec.value });
    const more = el('button', { type: 'button', class: 'grundy-scrub-more', 'aria-label': w.say('play.scrub.more', { label: spec.label }), 'aria-controls': id }, '+');
    const readout = el('output', { class: 'grundy-scrub-readout', for: id, 'aria-hidden': 'true' });
    const longest = Math.max(...[spec.min, spec.max].map((v) => spec.readout(v).length));
    readout.style.minWidth = `${longest}ch`;
    label.append(readout);
    row.append(label, less, range, more);
    let value = spec.value;
    const set = (v, fromReader) => {
      value = Math.min(spec.max, Math.max(spec.min, v));
      range.value = String(value);
      const words = spec.readout(value);
      readout.textContent = words;
      range.setAttribute('aria-valuetext', words);
      less.setAttribute('aria-disabled', String(value <= spec.min));
      more.setAttribute('aria-disabled', String(value >= spec.max));
      if (fromReader) change(value);
    };
    const step = (by) => set(value + by, true);
    range.addEventListener('input', () => set(Number(range.value), true));
    less.addEventListener('click', () => step(-1));
    more.addEventListener('click', () => step(1));
    for (const button of [less, more]) {
      button.addEventListener('keydown', (e) => {
        const by = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 }[e.key];
        if (by === undefined) return;
        e.preventDefault();
        step(by);
      });
    }
    set(value, false);
    return { row, set, range };
  }

  /** What each kind shows for a state: its controls, its drawing, its words. */
  const KINDS = {
    'value-table': (core, figure, scrub) => {
      const cells = [...figure.querySelectorAll('.grundy-drawing svg [data-n]')];
      return {
        controls: [{ key: 'n', label: core.tableLabel(scrub, w), min: scrub.min, max: scrub.max, value: scrub.max, readout: (m) => core.tableReadout(scrub, m, w) }],
        apply: ({ n }) => {
          const last = scrub.first + n - 1;
          for (const c of cells) show(c, Number(c.getAttribute('data-n')) <= last);
        },
        summary: ({ n }) => core.tableSummary(scrub, n, w),
        announce: ({ n }) => core.tableAnnouncement(scrub, n, w),
        states: () => range(scrub.min, scrub.max).map((n) => ({ n })),
      };
    },
    'sequence-plot': (core, figure, scrub) => {
      const group = figure.querySelector('.grundy-drawing svg [data-scrub="heaps"]');
      return {
        controls: [{ key: 'n', label: w.say('play.scrub.shown-heaps'), min: scrub.min, max: scrub.max, value: scrub.max, readout: (m) => core.plotReadout(scrub, m, w) }],
        apply: ({ n }) => group && drawPlot(group, core.plotDrawing(scrub, n, w), scrub.layout),
        summary: ({ n }) => core.plotSummary(scrub, n, w),
        announce: ({ n }) => core.plotAnnouncement(scrub, n, w),
        states: () => range(scrub.min, scrub.max).map((n) => ({ n })),
      };
    },
    'outcome-map': (core, figure, scrub) => {
      const svg = figure.querySelector('.grundy-drawing svg');
      const side = scrub.max + 1;
      const cells = [...svg.querySelector('[data-scrub="cells"]').children];
      const ticks = [...svg.querySelectorAll('[data-tick]')];
      const lines = [...svg.querySelectorAll('[data-line]')].map((l) => ({
        node: l,
        i: Number(l.getAttribute('data-line')),
        across: l.getAttribute('y1') === l.getAttribute('y2'),
      }));
      const L = scrub.layout;
      const slices = core.mapSlices(scrub);
      const controls = [{ key: 'max', label: w.say('play.scrub.largest'), min: scrub.min, max: scrub.max, value: scrub.max, readout: String }];
      if (slices) controls.push({ key: 'slice', label: w.say('play.scrub.third'), min: slices[0], max: slices[1], value: slices[1], readout: String });
      const states = () => {
        const out = [];
        for (const max of range(scrub.min, scrub.max)) for (const slice of slices ? range(slices[0], slices[1]) : [null]) out.push({ max, slice });
        return out;
      };
      return {
        controls,
        apply: ({ max, slice }) => {
          for (const [i, c] of cells.entries()) {
            const [a, b] = [Math.floor(i / side), i % side];
            const o = a <= max && b <= max ? core.mapOutcome(scrub, a, b, slice) : null;
            show(c, o !== null);
            if (o === null) continue;
            c.setAttribute('class', o === 'P' ? 'g-p' : 'g-n');
            if (o === 'P') c.setAttribute('data-p', '');
            else c.removeAttribute('data-p');
          }
          for (const t of ticks) show(t, Number(t.getAttribute('data-tick')) <= max);
          const end = core.num(L.axis + L.cell * (max + 1));
          for (const l of lines) {
            show(l.node, l.i <= max + 1);
            l.node.setAttribute(l.across ? 'x2' : 'y2', end);
          }
        },
        summary: ({ max, slice }) => core.mapSummary(scrub, max, slice, w),
        announce: ({ max, slice }) => core.mapAnnouncement(scrub, max, slice, w),
        states,
      };
    },
  };

  const range = (lo, hi) => Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i);

  /** Replaces the plot's bands, marker, bars and ticks with `d` (from core.plotDrawing). */
  function drawPlot(group, d, layout) {
    const nodes = [];
    for (const b of d.bands) nodes.push(el('svg:rect', { ...b, class: 'g-period' }));
    if (d.marker) {
      const m = d.marker;
      nodes.push(el('svg:line', { x1: m.x, y1: m.y1, x2: m.x, y2: m.y2, class: 'g-line', 'stroke-dasharray': '3 2' }));
      nodes.push(el('svg:text', { x: m.labelX, y: m.labelY, class: 'g-ink', 'text-anchor': m.anchor, 'font-size': layout.textSmall }, m.label));
    }
    for (const b of d.bars) nodes.push(el('svg:rect', { x: b.x, y: b.y, width: b.width, height: b.height, class: b.cls, 'data-n': b.n }));
    for (const t of d.ticks) nodes.push(el('svg:text', { x: t.x, y: t.y, class: 'g-muted', 'text-anchor': 'middle', 'font-size': layout.textSmall }, t.text));
    group.replaceChildren(...nodes);
  }

  /** Sets the summary line's least height to that of its longest sentences, so it never grows while scrubbing. */
  function reserve(summary, kind) {
    const texts = [...new Set(kind.states().map(kind.summary))].sort((a, b) => b.length - a.length).slice(0, 4);
    const now = summary.textContent;
    summary.style.minHeight = '';
    let tallest = 0;
    for (const t of [now, ...texts]) {
      summary.textContent = t;
      tallest = Math.max(tallest, summary.getBoundingClientRect().height);
    }
    summary.textContent = now;
    summary.style.minHeight = `${Math.ceil(tallest)}px`;
  }

  function enhance(core, figure) {
    const scrub = figure.grundyExplore && figure.grundyExplore.scrub;
    const name = Object.keys(KINDS).find((k) => figure.classList.contains(`grundy-${k}`));
    if (!scrub || !name) return;
    const kind = KINDS[name](core, figure, scrub);
    const state = {};
    for (const c of kind.controls) state[c.key] = c.value;
    let summary = figure.querySelector('.grundy-summary');
    if (!summary) {
      summary = el('p', { class: 'grundy-summary' });
      figure.querySelector('.grundy-drawing').after(summary);
    }
    const box = el('div', { class: 'grundy-scrub' });
    const status = el('p', { class: 'grundy-scrub-status', role: 'status', 'aria-live': 'polite' });
    let timer = null;
    const update = () => {
      kind.apply(state);
      summary.textContent = kind.summary(state);
      figure.setAttribute('data-scrub-state', JSON.stringify(state));
      clearTimeout(timer);
      timer = setTimeout(() => {
        status.textContent = kind.announce(state);
      }, ANNOUNCE_MS);
    };
    for (const c of kind.controls) {
      const made = control(c, (v) => {
        state[c.key] = v;
        update();
      });
      box.append(made.row);
    }
    box.append(status);
    summary.after(box);
    reserve(summary, kind);
    let resized = null;
    window.addEventListener('resize', () => {
      clearTimeout(resized);
      resized = setTimeout(() => reserve(summary, kind), 150);
    });
    figure.setAttribute('data-scrub-state', JSON.stringify(state));
  }

  window.GrundyScrub = {
    start(figures) {
      withScript('words.js', 'GrundyWords', () => withScript('scrub-core.js', 'GrundyScrubCore', (core) => {
        for (const f of figures) {
          try {
            enhance(core, f);
          } catch (e) {
            // A figure whose data cannot be scrubbed stays the static figure it is.
          }
        }
      }));
    },
  };
})();
