// A playable row of pins (figure pin-row): the pin row's part of the playable
// figures. The reader selects one pin, extends the selection to its
// neighbours if the game allows knocking several, and knocks them down;
// the machine answers with the engine's moves (engine.js; pins-core.js,
// loaded next to this file, reads the runs and says the knocks). The turn cycle, status line, buttons and focus are play.js's
// `Controller`; play.js loads this file for every figure whose data has type
// "pins" and calls GrundyPins.start.
(function () {
  'use strict';

  const { Controller, el, withScript, words: w } = window.GrundyPlay;

  // The geometry of the static figure comes from the data (data.layout, from
  // kinds/figures/pin_row.rs): spacing, floor, the pin's outline and band,
  // the ring round a knock, a fallen pin's mark, text sizes.

  /** The x of place `p` (from 1). */
  const x = (L, p) => L.margin + L.first + L.step * (p - 1);

  /** The outline of an upright pin on the floor at `cx` (the static figure's shape). */
  function pinPath(L, cx) {
    const parts = L.pin.map(([command, points]) =>
      [command, ...points.map(([dx, dy]) => `${cx + dx} ${L.floor + dy}`)].join(' '));
    return `${parts.join(' ')} Z`;
  }

  /** A row of pins: the position is a string of `|` and `.`; a move is a knock {first, count}. */
  class PinGame extends Controller {
    constructor(core, figure, data) {
      super(core, figure, data, data.row);
      this.selection = null; // {first, count}
      this.focus = 1; // the place of the pin to focus after a redraw
      this.most = data.falls.length - 1;
      this.noWinningMove = 'play.game.no-winning-knock';
      this.misereWords = { you: 'play.end.misere-you-lose-pin', machine: 'play.end.misere-i-lose-pin', random: 'play.reason.misere-machine-random-pin' };
    }

    setup() {
      this.knockButton = this.addConfirm('knock', w.say('play.pins.knock'), w.say('play.pins.knock-label'));
    }

    intro() {
      if (this.data.misere) return w.say('play.pins.intro-misere');
      return w.say(this.most > 2 ? 'play.pins.intro-three' : this.most === 2 ? 'play.pins.intro-two' : 'play.pins.intro-one');
    }

    /** The runs of pins, heaps of the game, which the misère quotient maps. */
    quotientHeaps(row) {
      return this.core.segments(row).map(([, len]) => len);
    }

    ownAction(a) {
      if (a === 'knock') this.knockSelection();
    }

    /** A random row of the figure's length (about three pins in four standing) that the engine says the player to move wins. */
    randomStart() {
      for (let tries = 0; tries < 200; tries++) {
        const row = Array.from(this.initial, () => (Math.random() < 0.75 ? '|' : '.')).join('');
        const asked = this.askEngine('value', row);
        if (asked && asked.outcome === 'N') return row;
      }
      return this.initial;
    }

    clearChoice() {
      super.clearChoice();
      this.selection = null;
    }

    /**
     * `ask` of the engine (engine.js) for a row, asked as its runs of pins,
     * or null when it cannot answer.
     */
    askEngine(ask, row) {
      const engines = window.GrundyEngine;
      const engine = engines && engines.current();
      if (!engine || !this.data.game || /^site:/.test(this.data.game)) return null;
      const answer = engine[ask](this.data.game, engines.pinHeaps(row));
      return answer.error ? null : answer;
    }

    winningMove() {
      const asked = this.askEngine('move', this.position);
      return asked ? window.GrundyEngine.pinKnock(this.position, asked.move) : null;
    }

    /** The engine's moves from the position shown (heap moves of the runs of pins). */
    options() {
      const asked = this.askEngine('options', this.position);
      return asked ? asked.moves : [];
    }

    /** Whether `knock` is one of the engine's moves from the position shown. */
    isLegal(knock) {
      return this.options().some((m) => this.core.isKnockOf(this.position, knock, m.action));
    }

    describe(knock) {
      return w.say('play.pins.knock-down', { pins: this.core.describeKnock(knock, w) });
    }

    /**
     * The pin at `p` tapped, or Space or Enter on it (`how`): Enter on a
     * chosen pin knocks the chosen pins down; else the selection is
     * started, extended or shrunk with it.
     */
    tap(g, p, how) {
      if (this.busy) return this.refuse(g, w.say('play.game.wait'));
      const s = this.selection;
      if (how === 'Enter' && s && p >= s.first && p < s.first + s.count) return this.knockSelection();
      this.choose(p);
    }

    /** Selects, extends or shrinks the selection with the pin at `p`. */
    choose(p) {
      if (this.busy) return;
      const s = this.selection;
      const run = this.core.segments(this.position).find(([f, n]) => p >= f && p < f + n);
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
      if (!s) return this.say(w.say('play.pins.none-selected'));
      const pins = this.core.describeKnock(s, w);
      if (this.isLegal(s)) this.say(w.say(s.count < this.most ? 'play.pins.selected-more' : 'play.pins.selected', { pins }));
      else this.say(w.say('play.pins.not-a-move-change', { pins, game: this.gameName() }));
    }

    knockSelection() {
      if (this.busy) return;
      const s = this.selection;
      if (!s) return this.say(w.say('play.pins.choose-first'));
      const pins = this.core.describeKnock(s, w);
      if (!this.isLegal(s)) {
        const pin = this.svgBox.querySelector(`[data-place="${s.first + s.count - 1}"]`);
        return this.refuse(pin, w.say('play.pins.not-a-move', { pins, game: this.gameName() }));
      }
      this.playerMove(s, w.say('play.pins.you-knocked', { pins }));
    }

    apply(knock) {
      return this.core.applyKnock(this.position, knock);
    }

    over() {
      return this.options().length === 0;
    }

    /** The engine's winning knock when there is one; else a random one of its knocks. */
    reply() {
      const win = this.winningMove();
      if (win) return { move: win, winning: true };
      const all = this.options();
      if (!all.length) return null;
      const pick = all[Math.floor(Math.random() * all.length)];
      return { move: window.GrundyEngine.pinKnock(this.position, pick), winning: false };
    }

    valueOf(row) {
      const asked = this.askEngine('value', row);
      return asked ? asked.value : '?';
    }

    machineWords(knock) {
      return w.say('play.pins.i-knocked', { pins: this.core.describeKnock(knock, w) });
    }

    drawn() {
      // Shown by any selection: an illegal one is refused, with its reason, when pressed.
      this.knockButton.disabled = this.busy;
    }

    /** Focuses the pin at the remembered place, or the first pin standing. */
    refocus() {
      const pin = this.svgBox.querySelector(`[data-place="${this.focus}"][tabindex]`) || this.svgBox.querySelector('[tabindex]');
      if (pin) pin.focus();
    }

    draw() {
      const L = this.data.layout;
      const at = (p) => x(L, p);
      const row = this.position;
      const n = row.length;
      const width = Math.max(L.minWidth, 2 * (L.margin + L.first) + L.step * (n - 1));
      // The playable drawing's own height (120) and sum line (at 114), not the
      // static figure's. A row played misère has no sum: the quotient's line
      // under the drawing says who wins, and the drawing ends under the numbers.
      const summed = !this.data.quotient;
      const svg = this.root(width, summed ? 120 : L.floor + L.numberDrop + 8, w.say('play.pins.label', { game: this.gameName() }), { class: 'grundy-svg grundy-pin-row', 'data-row': row });
      const [left, right] = L.floorOverhang;
      svg.appendChild(el('line', { x1: L.margin - left, y1: L.floor + 0.5, x2: at(n) + right, y2: L.floor + 0.5, class: 'g-line' }));
      const sel = this.selection;
      const inSel = (p) => sel && p >= sel.first && p < sel.first + sel.count;
      const inHint = (p) => this.hint && p >= this.hint.first && p < this.hint.first + this.hint.count;
      // The machine marks the pins it has just knocked down.
      const fallen = this.answer ? this.core.knockPlaces(this.answer) : [];
      // The pins the last move knocked, drawn falling once.
      const falling = this.moved ? this.core.knockPlaces(this.moved.move) : [];
      const [ringX, ringY, ringW, ringH, ringR] = L.ring;
      const [bandX, bandY, bandW, bandH] = L.band;
      const [gapY, gapRx, gapRy] = L.gap;
      for (let p = 1; p <= n; p++) {
        const standing = row[p - 1] === '|';
        const g = el('g', { 'data-place': p, class: standing ? 'g-pin' : 'g-pin-gap' });
        if (standing) {
          g.setAttribute('class', `g-pin${inSel(p) ? ' g-selected' : ''}${inHint(p) ? ' g-hint' : ''}`);
          g.appendChild(el('rect', { x: at(p) + ringX, y: L.floor + ringY, width: ringW, height: ringH, rx: ringR, class: 'g-focus-ring' }));
          g.appendChild(el('path', { d: pinPath(L, at(p)), class: inSel(p) ? 'g-take' : 'g-tail', 'stroke-width': 1.5 }));
          g.appendChild(el('rect', { x: at(p) + bandX, y: L.floor + bandY, width: bandW, height: bandH, class: 'g-move-ink' }));
          g.setAttribute('aria-pressed', String(!!inSel(p)));
          this.focusable(g, w.say('play.pins.pin', { place: p }), (how) => this.tap(g, p, how), (key) => this.pinKey(g, key));
        } else {
          // A fallen pin's place refuses a tap, with the reason by it.
          g.appendChild(el('rect', { x: at(p) + ringX, y: L.floor + ringY, width: ringW, height: ringH, class: 'g-hit' }));
          g.appendChild(el('ellipse', { cx: at(p), cy: L.floor + gapY, rx: gapRx, ry: gapRy, class: fallen.includes(p) ? 'g-move' : 'g-line', 'stroke-dasharray': '3 2' }));
          g.addEventListener('click', () => this.refuse(g, w.say('play.pins.down', { place: p })));
          if (falling.includes(p)) {
            g.appendChild(el('path', { d: pinPath(L, at(p)), class: 'g-tail g-falling', 'stroke-width': 1.5, 'aria-hidden': 'true' }));
          }
        }
        g.appendChild(el('text', { x: at(p), y: L.floor + L.numberDrop, class: 'g-muted', 'text-anchor': 'middle', 'font-size': L.textSmall }, String(p)));
        svg.appendChild(g);
      }
      if (summed && !this.asking) svg.appendChild(el('text', { x: L.margin, y: 114, class: 'g-ink', 'font-size': L.text }, this.sumLine(row)));
      return svg;
    }

    /** The line under the row, as the static figure's: each run's value, then their nim-sum. */
    sumLine(row) {
      const terms = this.core.segments(row).map(([, len]) => this.valueOf('|'.repeat(len)));
      const value = this.valueOf(row);
      if (terms.length === 0) return w.say('play.pins.sum-none', { value });
      return terms.length === 1 ? w.say('play.game.value', { value }) : w.say('play.pins.sum', { terms: terms.join(' \u2295 '), value });
    }

    /** Arrows, Home and End move between the pins; K knocks down. Returns whether `key` was used. */
    pinKey(g, key) {
      if (key === 'k' || key === 'K') {
        this.knockSelection();
        return true;
      }
      const pins = [...this.svgBox.querySelectorAll('[data-place][tabindex]')];
      const at = pins.indexOf(g);
      let next = null;
      if (key === 'ArrowRight') next = pins[at + 1];
      else if (key === 'ArrowLeft') next = pins[at - 1];
      else if (key === 'Home') next = pins[0];
      else if (key === 'End') next = pins[pins.length - 1];
      if (!next) return false;
      this.focus = Number(next.getAttribute('data-place'));
      next.focus();
      return true;
    }
  }

  window.GrundyPins = {
    /** Makes one pin-row figure playable. */
    start(figure, data) {
      withScript('pins-core.js', 'GrundyPinsCore', (core) => new PinGame(core, figure, data).init());
    },
  };
})();
