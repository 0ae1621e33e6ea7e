// A playable row of pins (figure pin-row): the pin row's part of the playable
// figures. The reader selects one pin, extends the selection to its
// neighbours if the game allows knocking several, and knocks them down;
// the machine answers with the engine's values (pins-core.js, loaded next
// to this file). The turn cycle, status line, buttons and focus are play.js's
// `Controller`; play.js loads this file for every figure whose data has type
// "pins" and calls GrundyPins.start.
(function () {
  'use strict';

  const { Controller, el, withScript, TEXT, TEXT_SMALL } = window.GrundyPlay;
  const STEP = 34, MARGIN = 24, FLOOR = 78;

  const x = (p) => MARGIN + 12 + STEP * (p - 1);

  /** The outline of an upright pin on the floor at `cx` (the static figure's shape). */
  function pinPath(cx) {
    const b = FLOOR;
    return `M ${cx - 5} ${b} C ${cx - 9} ${b - 14} ${cx - 9} ${b - 28} ${cx - 4} ${b - 38} `
      + `C ${cx - 3} ${b - 42} ${cx - 6} ${b - 48} ${cx - 6} ${b - 52} `
      + `A 6 6 0 0 1 ${cx + 6} ${b - 52} C ${cx + 6} ${b - 48} ${cx + 3} ${b - 42} ${cx + 4} ${b - 38} `
      + `C ${cx + 9} ${b - 28} ${cx + 9} ${b - 14} ${cx + 5} ${b} Z`;
  }

  /** A row of pins: the position is a string of `|` and `.`; a move is a knock {first, count}. */
  class PinGame extends Controller {
    constructor(core, figure, data) {
      super(core, figure, data, data.row);
      this.selection = null; // {first, count}
      this.focus = 1; // the place of the pin to focus after a redraw
      this.most = data.digits.length - 1;
      this.moveName = 'knock';
    }

    setup(controls) {
      this.knockButton = this.addButton(controls, 'knock', 'Knock down');
    }

    intro() {
      const several = this.most > 1 ? `, add a neighbour to knock ${this.most === 2 ? 'two' : 'up to three'}` : '';
      return `Your move: choose a pin${several}, then press Knock down (keys: arrows move, Enter chooses, K knocks down).`;
    }

    ownAction(a) {
      if (a === 'knock') this.knockSelection();
    }

    randomStart() {
      return this.core.randomPinRow(this.data, this.initial.length);
    }

    clearChoice() {
      super.clearChoice();
      this.selection = null;
    }

    winningMove() {
      return this.core.pinWinningKnock(this.data, this.position);
    }

    describe(knock) {
      return `knock down ${this.core.describeKnock(knock)}`;
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
      if (!s) return this.say('Nothing selected: choose a pin.');
      const words = this.core.describeKnock(s);
      if (this.core.isLegalKnock(this.data, this.position, s)) {
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
      if (!this.core.isLegalKnock(this.data, this.position, s)) return this.describeSelection();
      this.playerMove(s, `You knocked down ${this.core.describeKnock(s)}.`);
    }

    apply(knock) {
      return this.core.applyKnock(this.position, knock);
    }

    over() {
      return this.core.pinsOver(this.data, this.position);
    }

    reply() {
      return this.core.pinMachineMove(this.data, this.position);
    }

    machineWords(knock) {
      return `I knocked down ${this.core.describeKnock(knock)}`;
    }

    drawn() {
      const legal = this.selection && this.core.isLegalKnock(this.data, this.position, this.selection);
      this.knockButton.disabled = !legal || this.busy;
    }

    /** Focuses the pin at the remembered place, or the first pin standing. */
    refocus() {
      const pin = this.svgBox.querySelector(`[data-place="${this.focus}"][tabindex]`) || this.svgBox.querySelector('[tabindex]');
      if (pin) pin.focus();
    }

    draw() {
      const row = this.position;
      const n = row.length;
      const width = Math.max(260, 2 * MARGIN + 24 + STEP * (n - 1));
      const svg = this.root(width, 120, `Pins of ${this.data.game}`, { class: 'grundy-svg grundy-pin-row', 'data-row': row });
      svg.appendChild(el('line', { x1: MARGIN - 8, y1: FLOOR + 0.5, x2: x(n) + 20, y2: FLOOR + 0.5, class: 'g-line' }));
      const sel = this.selection;
      const inSel = (p) => sel && p >= sel.first && p < sel.first + sel.count;
      const inHint = (p) => this.hint && p >= this.hint.first && p < this.hint.first + this.hint.count;
      // The machine marks the pins it has just knocked down.
      const fallen = this.answer ? this.core.knockPlaces(this.answer) : [];
      for (let p = 1; p <= n; p++) {
        const standing = row[p - 1] === '|';
        const g = el('g', { 'data-place': p, class: standing ? 'g-pin' : 'g-pin-gap' });
        if (standing) {
          g.setAttribute('class', `g-pin${inSel(p) ? ' g-selected' : ''}${inHint(p) ? ' g-hint' : ''}`);
          g.appendChild(el('rect', { x: x(p) - 15, y: FLOOR - 60, width: 30, height: 66, rx: 8, class: 'g-focus-ring' }));
          g.appendChild(el('path', { d: pinPath(x(p)), class: inSel(p) ? 'g-take' : 'g-tail', 'stroke-width': 1.5 }));
          g.appendChild(el('rect', { x: x(p) - 4, y: FLOOR - 42, width: 8, height: 3, class: 'g-move-ink' }));
          g.setAttribute('aria-pressed', String(!!inSel(p)));
          this.focusable(g, `pin ${p}`, () => this.choose(p), (key) => this.pinKey(g, key));
        } else {
          g.appendChild(el('ellipse', { cx: x(p), cy: FLOOR - 4, rx: 10, ry: 4, class: fallen.includes(p) ? 'g-move' : 'g-line', 'stroke-dasharray': '3 2' }));
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
