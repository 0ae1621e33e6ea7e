// Explorable figures: the `link` behaviour (see explore.js). Figures of one
// page that show the same game or the same position follow each other:
// pointing at a coin, a heap, a run of pins or a mex-ladder option (hover,
// keyboard focus, tap) highlights what stands for it in the other figures
// (its XOR row, its value-table entry, its ladder option), and leaving
// clears it; an edit of one figure (`grundy:position`) sets the position of
// the figures that showed the same one. Which element stands for which part
// is link-core.js's, loaded next to this file; the values shown are the
// figures' own, from the build.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';
  /** The elements a reader points at, by what the figure shows. */
  const PARTS = { coins: '[data-place]', heaps: '[data-heap]', pins: '[data-place]', ladder: '[data-option]' };

  let core = null;
  let figures = [];
  const positions = new Map(); // figure -> the position it was last set to
  let status = null;
  let pointed = null; // { figure, node }
  let lit = []; // { node, mark }
  let pressed = { at: -Infinity, node: null }; // the reader's last press of a pointer

  /** Loads link-core.js (once) and calls `then` with it. */
  const withCore = (then) => window.GrundyExplore.load('words.js', 'GrundyWords', () => window.GrundyExplore.load('link-core.js', 'GrundyLinkCore', then));

  const shown = (node) => !node.closest('[hidden]');
  const explore = (f) => f.grundyExplore || {};

  /** The position a figure shows now: read from its drawing (a played board moves), else the last one set. */
  function current(figure) {
    const ex = explore(figure);
    const recorded = positions.get(figure);
    const sel = PARTS[ex.shows];
    if (!sel || ex.shows === 'ladder') return recorded;
    const nodes = [...figure.querySelectorAll(sel)].filter(shown);
    if (!nodes.length) return recorded;
    if (ex.shows === 'coins') {
      const sides = nodes.map((n) => ({ place: Number(n.getAttribute('data-place')), head: !!n.querySelector('.g-head'), tail: !!n.querySelector('.g-tail') }));
      return sides.some((s) => s.head || s.tail) ? core.coinRow(sides) : recorded;
    }
    if (ex.shows === 'heaps') {
      const count = String(recorded || '').split(',').filter((s) => s.trim() !== '').length;
      const parts = nodes
        .filter((n) => n.hasAttribute('data-size'))
        .map((n) => ({ heap: Number(n.getAttribute('data-heap')), size: Number(n.getAttribute('data-size')) }));
      return parts.length ? core.heapList(parts, count) : recorded;
    }
    const pins = nodes.map((n) => ({ place: Number(n.getAttribute('data-place')), standing: n.classList.contains('g-pin') }));
    return core.pinRow(pins);
  }

  const identity = (f) => ({ game: explore(f).game, position: current(f), shows: explore(f).shows });

  /** The live region, made once, for announcements of focus-driven highlights. */
  function say(text) {
    if (!status) {
      status = document.createElement('div');
      status.className = 'grundy-link-status';
      status.setAttribute('role', 'status');
      status.setAttribute('aria-live', 'polite');
      document.body.appendChild(status);
    }
    status.textContent = text;
  }

  /** A mark round `node`'s box, in the drawing's coordinates (the figures draw without transforms), so nothing outside the SVG moves. */
  function mark(node, cls) {
    let box;
    try {
      box = node.getBBox();
    } catch (e) {
      return null;
    }
    const pad = 3;
    // Inside the drawing's view box, where a part's hit area reaches its edge
    // (an editor's coins), so no side of the mark is cut off.
    const svg = node.ownerSVGElement;
    const vb = svg && svg.viewBox && svg.viewBox.baseVal;
    const inside = vb && vb.width ? vb : { x: -Infinity, y: -Infinity, width: Infinity, height: Infinity };
    const x = Math.max(inside.x + 1, box.x - pad);
    const y = Math.max(inside.y + 1, box.y - pad);
    const right = Math.min(inside.x + inside.width - 1, box.x + box.width + pad);
    const bottom = Math.min(inside.y + inside.height - 1, box.y + box.height + pad);
    const rect = document.createElementNS(SVG, 'rect');
    rect.setAttribute('x', x);
    rect.setAttribute('y', y);
    rect.setAttribute('width', Math.max(0, right - x));
    rect.setAttribute('height', Math.max(0, bottom - y));
    rect.setAttribute('rx', 4);
    rect.setAttribute('class', cls);
    rect.setAttribute('aria-hidden', 'true');
    // On top of the whole drawing (its neighbours would cover part of it),
    // and transparent to the pointer.
    (node.ownerSVGElement || node.parentNode).appendChild(rect);
    return rect;
  }

  function light(node, cls) {
    if (cls === 'g-link-mark') node.classList.add('g-linked');
    lit.push({ node, mark: mark(node, cls) });
  }

  /** The elements of `figure` that `t` (from core.target) names, in its visible drawing. */
  function elementsFor(figure, t) {
    if (t.option) {
      return [...figure.querySelectorAll('[data-option]')].filter((n) => shown(n) && core.optionMatches(t, n.getAttribute('data-position')));
    }
    return [...figure.querySelectorAll(`[${t.attr}="${t.value}"]`)].filter(shown);
  }

  /** The value an element shows: its data-value, else its last text (a value-table entry). */
  function valueOf(node) {
    if (node.hasAttribute('data-value')) return node.getAttribute('data-value');
    const texts = node.querySelectorAll('text');
    return texts.length ? texts[texts.length - 1].textContent : null;
  }

  function clear(quiet) {
    for (const { node, mark: m } of lit) {
      node.classList.remove('g-linked');
      if (m) m.remove();
    }
    lit = [];
    if (pointed && !quiet) {
      const ex = explore(pointed.figure);
      document.dispatchEvent(new CustomEvent('grundy:point', { detail: { figure: pointed.figure, game: ex.game, clear: true } }));
    }
    pointed = null;
  }

  function attrs(node) {
    const a = (name) => node.getAttribute(`data-${name}`);
    return { place: a('place'), heap: a('heap'), size: a('size'), option: a('option'), position: a('position') };
  }

  /** The reader points at `node` of `figure`: light what stands for it elsewhere. */
  function point(figure, node, how) {
    if (pointed && pointed.node === node) return;
    clear(true);
    const from = identity(figure);
    const part = core.pointedPart(from.shows, attrs(node), from.position);
    if (!part) return;
    pointed = { figure, node };
    const hits = [];
    for (const other of figures) {
      if (other === figure) continue;
      const t = core.target(from, part, identity(other));
      if (!t) continue;
      for (const el of elementsFor(other, t)) {
        light(el, 'g-link-mark');
        hits.push({ shows: explore(other).shows, value: valueOf(el), option: el.getAttribute('data-option') });
      }
    }
    // The part pointed at: a run of pins is all its pins.
    const own = part.kind === 'run'
      ? [...figure.querySelectorAll(PARTS.pins)].filter((n) => {
        const place = Number(n.getAttribute('data-place'));
        return shown(n) && place >= part.first && place < part.first + part.size;
      })
      : [node];
    for (const n of own) light(n, 'g-link-source');
    const detail = { figure, game: from.game };
    if (part.place) detail.place = part.place;
    else if (part.size != null) Object.assign(detail, part.heap != null ? { heap: part.heap, size: part.size } : { size: part.size });
    document.dispatchEvent(new CustomEvent('grundy:point', { detail }));
    if (how === 'focus') say(core.announce(part, dedupe(hits), window.GrundyWords));
  }

  /** One hit per figure kind and value (a heap's stones all light, but are one heap). */
  function dedupe(hits) {
    const seen = new Set();
    return hits.filter((h) => {
      const key = `${h.shows}|${h.value}|${h.option}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Whether pointing into `figure` can light anything in another figure. */
  function isSource(figure) {
    const from = { ...explore(figure), position: positions.get(figure) };
    if (!PARTS[from.shows]) return false;
    return figures.some((other) => {
      if (other === figure) return false;
      const to = { ...explore(other), position: positions.get(other) };
      if (!core.sameGame(from.game, to.game)) return false;
      if (to.shows === 'values') return true;
      if (from.shows === 'ladder') return false;
      return to.shows === 'ladder' || core.samePosition(from.position, to.position);
    });
  }

  function partOf(figure, target) {
    const sel = PARTS[explore(figure).shows];
    const node = target && target.closest ? target.closest(sel) : null;
    return node && figure.contains(node) && shown(node) ? node : null;
  }

  function listen(figure) {
    // Parts of a static drawing take the keyboard focus (a live drawing's
    // have it already), and the pointer over their whole box.
    for (const node of figure.querySelectorAll(PARTS[explore(figure).shows])) {
      if (node.hasAttribute('tabindex') || node.closest('.grundy-live')) continue;
      node.setAttribute('tabindex', '0');
      const hit = mark(node, 'g-hit');
      if (hit) node.insertBefore(hit, node.firstChild);
    }
    figure.addEventListener('pointerover', (e) => {
      const node = partOf(figure, e.target);
      if (node) point(figure, node, e.pointerType === 'touch' ? 'tap' : 'hover');
    });
    figure.addEventListener('pointerout', (e) => {
      if (e.pointerType === 'touch' || !pointed || pointed.figure !== figure) return;
      if (partOf(figure, e.relatedTarget) === pointed.node) return;
      if (document.activeElement && pointed.node.contains(document.activeElement)) return;
      clear();
    });
    figure.addEventListener('focusin', (e) => {
      const node = partOf(figure, e.target);
      if (!node) return;
      // Focus that follows a tap or a click on the part (or on what a redraw
      // replaced) is the pointer's, not the keyboard's.
      const p = pressed.node;
      const byPointer = performance.now() - pressed.at < 800 && p && (!p.isConnected || node.contains(p));
      point(figure, node, byPointer ? 'pointer' : 'focus');
    });
    figure.addEventListener('focusout', (e) => {
      if (pointed && pointed.figure === figure && !partOf(figure, e.relatedTarget)) clear();
    });
  }

  /** An edit of one figure sets the figures that showed the same position. */
  function onPosition(e) {
    const { figure, position } = e.detail || {};
    if (!figures.includes(figure) || position == null) return;
    const before = positions.get(figure);
    positions.set(figure, position);
    const list = figures.map((f) => ({
      figure: f,
      game: explore(f).game,
      position: f === figure ? before : current(f),
      settable: typeof f.grundySetPosition === 'function',
    }));
    const source = list.find((x) => x.figure === figure);
    for (const follower of core.followers(source, before, list)) {
      follower.figure.grundySetPosition(position);
      positions.set(follower.figure, position);
    }
    // The part pointed at (redrawn by the edit, which a tap or Enter on it
    // makes) lights what stands for it in the edited position.
    const was = pointed;
    const node = was && again(was.figure, was.node);
    if (!node) return clear();
    clear(true);
    point(was.figure, node, 'pointer');
  }

  /** The element that stands where `node` stood in `figure`'s shown drawing (redrawn since): by its place, heap or option. */
  function again(figure, node) {
    if (node.isConnected && shown(node)) return node;
    const sel = PARTS[explore(figure).shows];
    const key = ['data-place', 'data-heap', 'data-option'].find((a) => node.hasAttribute(a));
    if (!sel || !key) return null;
    const found = [...figure.querySelectorAll(`[${key}="${node.getAttribute(key)}"]`)];
    return found.find((n) => shown(n) && n.matches(sel)) || null;
  }

  function setup(list) {
    figures = list;
    for (const f of figures) positions.set(f, explore(f).position);
    for (const f of figures) if (isSource(f)) listen(f);
    document.addEventListener('grundy:position', onPosition);
    // A tap outside every part clears a tapped highlight; so does Escape.
    document.addEventListener('pointerdown', (e) => {
      pressed = { at: performance.now(), node: e.target };
      if (pointed && e.pointerType === 'touch' && !partOf(pointed.figure, e.target)) clear();
    }, true);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && pointed) clear();
    });
  }

  window.GrundyLink = {
    start(list) {
      withCore((c) => {
        core = c;
        if (core) setup(list);
        window.GrundyLink.ready = true;
      });
    },
  };
})();
