// A playable row of pins (figure pin-row): progressive enhancement over the
// static SVG. The reader selects one pin, extends the selection to its
// neighbours if the game allows knocking several, and knocks them down;
// the machine answers with the engine's values (pins-core.js, loaded next
// to this file). play.js hands every figure whose data has type "pins" to
// GrundyPins.start.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';
  const script = document.currentScript;
  const STEP = 34, MARGIN = 24, FLOOR = 78;
  // Text sizes of the figures (TEXT and TEXT_SMALL in src/site/kinds/draw.rs).
  const TEXT = 15, TEXT_SMALL = 13;

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function withCore(then) {
    if (window.GrundyPinsCore) return then(window.GrundyPinsCore);
    const src = new URL('pins-core.js', script ? script.src : document.baseURI).href;
    let tag = document.querySelector(`script[src="${src}"]`);
    if (!tag) {
      tag = document.createElement('script');
      tag.src = src;
      document.head.appendChild(tag);
    }
    tag.addEventListener('load', () => then(window.GrundyPinsCore));
  }

  const x = (p) => MARGIN + 12 + STEP * (p - 1);

  /** The outline of an upright pin on the floor at `cx` (the static figure's shape). */
  function pinPath(cx) {
    const b = FLOOR;
    return `M ${cx - 5} ${b} C ${cx - 9} ${b - 14} ${cx - 9} ${b - 28} ${cx - 4} ${b - 38} `
      + `C ${cx - 3} ${b - 42} ${cx - 6} ${b - 48} ${cx - 6} ${b - 52} `
      + `A 6 6 0 0 1 ${cx + 6} ${b - 52} C ${cx + 6} ${b - 48} ${cx + 3} ${b - 42} ${cx + 4} ${b - 38} `
      + `C ${cx + 9} ${b - 28} ${cx + 9} ${b - 14} ${cx + 5} ${b} Z`;
  }

  class PinGame {
    constructor(core, figure, data) {
      this.core = core;
      this.figure = figure;
      this.data = data;
      this.initial = data.row;
      this.row = data.row;
      this.selection = null; // {first, count}
      this.hint = null;
      this.fallen = [];
      this.focus = 1;
      this.busy = false;
      this.most = data.digits.length - 1;
    }

    init() {
      const controls = this.figure.querySelector('.grundy-controls');
      const drawing = this.figure.querySelector('.grundy-drawing');
      if (!controls || !drawing) return;
      this.status = controls.querySelector('.grundy-status');
      this.box = document.createElement('div');
      this.box.className = 'grundy-drawing grundy-live';
      drawing.hidden = true;
      const summary = this.figure.querySelector('.grundy-summary');
      if (summary) summary.hidden = true;
      drawing.after(this.box);
      this.knockButton = document.createElement('button');
      this.knockButton.type = 'button';
      this.knockButton.dataset.action = 'knock';
      this.knockButton.textContent = 'Knock down';
      controls.prepend(this.knockButton);
      controls.addEventListener('click', (e) => {
        const button = e.target.closest('button[data-action]');
        if (button) this.action(button.dataset.action);
      });
      controls.hidden = false;
      const several = this.most > 1 ? `, add a neighbour to knock ${this.most === 2 ? 'two' : 'up to three'}` : '';
      this.say(`Your move: choose a pin${several}, then press Knock down (keys: arrows move, Enter chooses, K knocks down).`);
      this.render();
    }

    action(a) {
      if (a === 'restart') this.reset(this.initial);
      else if (a === 'random') this.reset(this.core.randomPinRow(this.data, this.initial.length));
      else if (a === 'hint') this.showHint();
      else if (a === 'knock') this.knockSelection();
    }

    reset(row) {
      this.row = row;
      this.selection = null;
      this.hint = null;
      this.fallen = [];
      this.busy = false;
      this.say('A new game: your move.');
      this.render();
    }

    say(text) {
      if (this.status) this.status.textContent = text;
    }

    showHint() {
      const win = this.core.pinWinningKnock(this.data, this.row);
      this.hint = win;
      if (!win) this.say('No winning move here: every knock leaves your opponent a winning reply.');
      else this.say(`Winning move: knock down ${this.core.describeKnock(win)}.`);
      this.render();
    }

    /** Selects, extends or shrinks the selection with the pin at `p`. */
    choose(p) {
      if (this.busy) return;
      const s = this.selection;
      const run = this.core.segments(this.row).find(([f, n]) => p >= f && p < f + n);
      if (!run) return;
      if (s && p >= s.first && p < s.first + s.count) {
        if (s.count === 1) this.selection = null;
        else if (p === s.first) this.selection = { first: p + 1, count: s.count - 1 };
        else if (p === s.first + s.count - 1) this.selection = { first: s.first, count: s.count - 1 };
        else this.selection = { first: p, count: 1 };
      } else if (s && s.count < this.most && (p === s.first - 1 || p === s.first + s.count)
        && p >= run[0] && s.first >= run[0] && s.first + s.count <= run[0] + run[1]) {
        this.selection = { first: Math.min(p, s.first), count: s.count + 1 };
      } else {
        this.selection = { first: p, count: 1 };
      }
      this.focus = p;
      this.describeSelection();
      this.render();
    }

    describeSelection() {
      const s = this.selection;
      if (!s) return this.say('Nothing selected: choose a pin.');
      const words = this.core.describeKnock(s);
      if (this.core.isLegalKnock(this.data, this.row, s)) {
        const more = s.count < this.most ? ' (or add a neighbour)' : '';
        this.say(`Selected ${words}: press Knock down${more}.`);
      } else {
        this.say(`Knocking down ${words} is not a move of ${this.data.game}: change the selection.`);
      }
    }

    knockSelection() {
      if (this.busy) return;
      const s = this.selection;
      if (!s) return this.say('Choose the pins to knock down first.');
      if (!this.core.isLegalKnock(this.data, this.row, s)) return this.describeSelection();
      this.playerMove(s);
    }

    playerMove(knock) {
      const c = this.core;
      const text = `You knocked down ${c.describeKnock(knock)}.`;
      this.row = c.applyKnock(this.row, knock);
      this.fallen = [];
      this.selection = null;
      this.hint = null;
      this.render();
      if (c.pinsOver(this.data, this.row)) return this.say(`${text} No move is left: you win!`);
      this.busy = true;
      this.say(`${text} Thinking…`);
      setTimeout(() => this.machine(text), 450);
    }

    machine(before) {
      const c = this.core;
      const reply = c.pinMachineMove(this.data, this.row);
      this.busy = false;
      if (!reply) return;
      this.row = c.applyKnock(this.row, reply.move);
      this.fallen = c.knockPlaces(reply.move);
      this.render();
      const over = c.pinsOver(this.data, this.row);
      this.say(`${before} I knocked down ${c.describeKnock(reply.move)}${reply.winning ? '' : ' (I had no winning move)'}.${over ? ' No move is left for you: I win.' : ' Your move.'}`);
    }

    render() {
      const hadFocus = this.hadFocus || this.box.contains(document.activeElement);
      this.box.replaceChildren(this.draw());
      const legal = this.selection && this.core.isLegalKnock(this.data, this.row, this.selection);
      this.knockButton.disabled = !legal || this.busy;
      if (hadFocus) {
        const pin = this.box.querySelector(`[data-place="${this.focus}"][tabindex]`) || this.box.querySelector('[tabindex]');
        if (pin) pin.focus();
      }
    }

    draw() {
      const row = this.row;
      const n = row.length;
      const width = Math.max(260, 2 * MARGIN + 24 + STEP * (n - 1));
      const svg = el('svg', {
        viewBox: `0 0 ${width} 120`, width, height: 120, class: 'grundy-svg grundy-pin-row',
        role: 'group', 'aria-label': `Pins of ${this.data.game}`, 'data-row': row,
      });
      const drawn = this.figure.querySelector('.grundy-drawing svg');
      if (drawn && drawn.getAttribute('font-family')) svg.setAttribute('font-family', drawn.getAttribute('font-family'));
      svg.addEventListener('focusin', () => { this.hadFocus = true; });
      svg.addEventListener('focusout', () => { this.hadFocus = false; });
      svg.appendChild(el('line', { x1: MARGIN - 8, y1: FLOOR + 0.5, x2: x(n) + 20, y2: FLOOR + 0.5, class: 'g-line' }));
      const sel = this.selection;
      const inSel = (p) => sel && p >= sel.first && p < sel.first + sel.count;
      const inHint = (p) => this.hint && p >= this.hint.first && p < this.hint.first + this.hint.count;
      for (let p = 1; p <= n; p++) {
        const standing = row[p - 1] === '|';
        const g = el('g', { 'data-place': p, class: standing ? 'g-pin' : 'g-pin-gap' });
        if (standing) {
          g.setAttribute('class', `g-pin${inSel(p) ? ' g-selected' : ''}${inHint(p) ? ' g-hint' : ''}`);
          g.appendChild(el('rect', { x: x(p) - 15, y: FLOOR - 60, width: 30, height: 66, rx: 8, class: 'g-focus-ring' }));
          g.appendChild(el('path', { d: pinPath(x(p)), class: inSel(p) ? 'g-take' : 'g-tail', 'stroke-width': 1.5 }));
          g.appendChild(el('rect', { x: x(p) - 4, y: FLOOR - 42, width: 8, height: 3, class: 'g-move-ink' }));
          this.focusable(g, p);
        } else {
          const fell = this.fallen.includes(p);
          g.appendChild(el('ellipse', { cx: x(p), cy: FLOOR - 4, rx: 10, ry: 4, class: fell ? 'g-move' : 'g-line', 'stroke-dasharray': '3 2' }));
        }
        g.appendChild(el('text', { x: x(p), y: FLOOR + 18, class: 'g-muted', 'text-anchor': 'middle', 'font-size': TEXT_SMALL }, String(p)));
        svg.appendChild(g);
      }
      // The same sum as the static figure: each run's value, then their nim-sum.
      const terms = this.core.segments(row).map(([, len]) => this.data.values[len]);
      const value = this.core.pinValue(this.data, row);
      const sum = terms.length === 0 ? `no pins standing: value ${value}`
        : terms.length === 1 ? `value ${value}` : `values ${terms.join(' \u2295 ')} = ${value}`;
      svg.appendChild(el('text', { x: MARGIN, y: 114, class: 'g-ink', 'font-size': TEXT }, sum));
      return svg;
    }

    focusable(g, p) {
      const s = this.selection;
      const chosen = s && p >= s.first && p < s.first + s.count;
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-pressed', String(!!chosen));
      g.setAttribute('aria-label', `pin ${p}`);
      g.addEventListener('click', () => this.choose(p));
      g.addEventListener('keydown', (e) => {
        const pins = [...this.box.querySelectorAll('[data-place][tabindex]')];
        const at = pins.indexOf(g);
        let next = null;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.choose(p);
          return;
        }
        if (e.key === 'ArrowRight') next = pins[at + 1];
        else if (e.key === 'ArrowLeft') next = pins[at - 1];
        else if (e.key === 'Home') next = pins[0];
        else if (e.key === 'End') next = pins[pins.length - 1];
        else if (e.key === 'k' || e.key === 'K') {
          e.preventDefault();
          this.knockSelection();
          return;
        }
        if (next) {
          e.preventDefault();
          this.focus = Number(next.getAttribute('data-place'));
          next.focus();
        }
      });
    }
  }

  window.GrundyPins = {
    /** Makes one pin-row figure playable. */
    start(figure, data) {
      withCore((core) => new PinGame(core, figure, data).init());
    },
  };
})();
