// Explorable figures: the `edit` behaviour (see explore.js). On a coin row,
// heaps, a row of pins or an XOR table the reader changes the position (a
// click or tap on a coin, a stone or a pin, or a typed row or list) and the
// figure redraws it with its value, XOR table and winning move, all asked of
// the engine in the page (engine.js, through edit-core.js); without
// WebAssembly the figure stays the static one, with a note, and a site's own
// game (which the module does not hold) is valued from the build's tables.
// "Start over" brings back the essay's position. A playable figure keeps its
// game: "Edit position" swaps the
// game's board for the editor, and pressing it again lets the game go on
// from the edited position; there the game's own "Start over" is the one way
// back, from the game or the editor, and the typed position follows the
// game's moves. Every edit fires `grundy:position` on the
// document; `figure.grundySetPosition(position)` sets one without firing it.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** Loads a script next to explore.js (once) and calls `then` with the global it sets. */
  const withScript = (file, name, then) => window.GrundyExplore.load(file, name, then);

  /** Calls `go` once a playable figure's game has taken over its drawing (at once for others). */
  function whenReady(figure, go) {
    if (!figure.hasAttribute('data-grundy-play') || figure.grundyPlay) return go();
    figure.addEventListener('grundy:playable', go, { once: true });
  }

  /** The engine in the page (engine.js), once its module has arrived; null until then or without it. */
  const engine = () => (window.GrundyEngine ? window.GrundyEngine.current() : null);

  function start(figures) {
    withScript('engine.js', 'GrundyEngine', (engines) => {
      withScript('words.js', 'GrundyWords', () => withScript('play-core.js', 'GrundyPlayCore', () =>
        withScript('pins-core.js', 'GrundyPinsCore', () =>
          withScript('edit-core.js', 'GrundyEditCore', (core) => {
            const site = (f) => /^site:/.test(f.grundyExplore.game || '');
            for (const figure of figures.filter(site)) whenReady(figure, () => new Editor(core, figure).init());
            engines.load((found) => {
              for (const figure of figures.filter((f) => !site(f))) {
                if (found) whenReady(figure, () => new Editor(core, figure).init());
                else engines.without(figure);
              }
            });
          }))));
    });
  }

  /** The page's words (words.js, loaded before edit-core.js). */
  const w = {
    say: (key, args) => window.GrundyWords.say(key, args),
    count: (key, n, args) => window.GrundyWords.count(key, n, args),
  };

  /** The typed field's label of each kind of figure: its `play.edit.field-*` string. */
  const LABELS = {
    coins: 'play.edit.field-row',
    row: 'play.edit.field-row',
    nim: 'play.edit.field-heaps',
    heaps: 'play.edit.field-heaps',
    'xor-heaps': 'play.edit.field-heaps',
    numbers: 'play.edit.field-numbers',
    pins: 'play.edit.field-pins',
  };

  /** The width of text as the build estimates it (kinds/draw.rs), in em of `size`. */
  const textWidth = (text, size, em) => String(text).length * em * size;
  const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

  class Editor {
    constructor(core, figure) {
      this.core = core;
      this.figure = figure;
      this.explore = figure.grundyExplore;
      let playData = null;
      try {
        playData = JSON.parse(figure.getAttribute('data-grundy-play'));
      } catch (e) {
        playData = null;
      }
      this.t = core.tables(this.explore, playData);
      this.kind = this.t.kind;
      this.game = figure.grundyPlay || null;
      this.editing = !this.game;
      this.focusKey = null;
    }

    init() {
      const read = this.core.parse(this.t, this.explore.position || '', null, w);
      const drawing = this.figure.querySelector('.grundy-drawing:not(.grundy-live)');
      if (read.error || !drawing || !this.t.layout) return;
      this.initial = read.position;
      this.position = read.position;
      const svg = drawing.querySelector('svg');
      const vb = svg && svg.viewBox && svg.viewBox.baseVal;
      this.height = vb && vb.height ? vb.height : 140;
      this.font = svg && svg.getAttribute('font-family');
      this.box = document.createElement('div');
      this.box.className = 'grundy-drawing grundy-edit-live';
      const shown = this.game ? this.figure.querySelector('.grundy-live') || drawing : drawing;
      this.fit(shown);
      // Before a static drawing it hides (so the figure's first drawing is the one shown), after a game's board.
      if (this.game) shown.after(this.box);
      else shown.before(this.box);
      this.makeBar();
      if (this.game) {
        this.box.hidden = true;
      } else {
        drawing.hidden = true;
        const summary = this.figure.querySelector('.grundy-summary');
        if (summary) summary.hidden = true;
      }
      this.figure.grundySetPosition = (position) => this.setPosition(position);
      if (this.game) this.followGame();
      this.render('');
    }

    /** Gives the editor's box the height of the drawing it stands in for, so nothing below moves. */
    fit(shown) {
      const h = shown.getBoundingClientRect().height;
      if (h > 0) {
        this.box.style.height = `${h}px`;
        // The drawing is never scaled: it is drawn as high as the box.
        this.height = Math.floor(h);
      }
    }

    makeBar() {
      const bar = document.createElement('div');
      bar.className = 'grundy-edit-bar';
      const button = (action, text) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.edit = action;
        b.textContent = text;
        b.addEventListener('click', () => this.action(action));
        bar.appendChild(b);
        return b;
      };
      if (this.game) {
        const edit = w.say('play.edit.toggle');
        this.toggle = button('toggle', edit);
        this.toggle.setAttribute('aria-pressed', 'false');
        // An icon in the game's toolbar, named by its words (play.js's toolbar).
        this.toggle.setAttribute('aria-label', edit);
        this.toggle.title = edit;
        this.toggle.classList.add('grundy-tool');
        this.toggle.innerHTML = '<svg class="grundy-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false"><path d="M4 16l.9-3.6 8-8 2.7 2.7-8 8z"/><path d="M11.4 5.9l2.7 2.7"/></svg>';
        if (window.GrundyToolWord) this.toggle.append(window.GrundyToolWord(this.toggle, w.say('play.tool.edit')));
      }
      const label = document.createElement('label');
      label.className = 'grundy-edit-field';
      // The notation's hint in brackets ("(| and .)") is read on a phone too, but not shown there.
      const [name, hint] = w.say(LABELS[this.kind]).split(/ (?=\()/);
      label.append(name);
      if (hint) {
        const small = document.createElement('span');
        small.className = 'grundy-edit-hint';
        small.textContent = ` ${hint}`;
        label.append(small);
      }
      label.append(' ');
      this.input = document.createElement('input');
      this.input.type = 'text';
      this.input.spellcheck = false;
      this.input.autocomplete = 'off';
      this.input.setAttribute('autocapitalize', 'off');
      this.input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          this.action('set');
        }
      });
      label.appendChild(this.input);
      bar.appendChild(label);
      button('set', w.say('play.edit.set'));
      // One way to start over: a game has its own, which also leaves the editor.
      if (!this.game) button('restore', w.say('play.edit.restore'));
      const toolbar = this.game && this.figure.querySelector('.grundy-toolbar');
      // In a game's toolbar the field, Set and the result open in a panel over what follows, so nothing moves.
      this.result = document.createElement(toolbar ? 'div' : 'p');
      this.result.className = 'grundy-edit-result';
      this.result.setAttribute('role', 'status');
      this.result.setAttribute('aria-live', 'polite');
      bar.appendChild(this.result);
      // A game's editor sits in its toolbar: the toggle shown, the panel only while editing.
      if (toolbar) {
        this.panel = document.createElement('div');
        this.panel.className = 'grundy-edit-panel';
        this.panel.hidden = true;
        this.panel.append(...[...bar.children].filter((c) => c !== this.toggle));
        bar.append(this.panel);
        toolbar.insertBefore(bar, toolbar.querySelector(':scope > .grundy-history'));
      } else {
        this.box.after(bar);
      }
      this.bar = bar;
    }

    action(a) {
      if (a === 'toggle') return this.editing ? this.leave() : this.enter();
      if (a === 'set') {
        const read = this.core.parse(this.t, this.input.value, engine(), w);
        if (read.error) return this.refuse(read.error);
        return this.change(read.position, w.say('play.edit.position-set'));
      }
      if (a === 'restore') return this.change(this.initial, w.say('play.edit.restored'));
    }

    /**
     * The typed box shows the game's position after every move, step and new
     * game; the game's "Start over", pressed while editing, also leaves the
     * editor for the essay's position.
     */
    followGame() {
      this.figure.addEventListener('grundy:drawn', () => {
        if (!this.editing) this.input.value = this.core.notation(this.game.position);
      });
      const restart = this.figure.querySelector('.grundy-controls button[data-action="restart"]');
      if (!restart) return;
      // Runs before the game's own handler (on the controls), which then starts the new game.
      restart.addEventListener('click', () => {
        if (this.editing) this.leave(true);
        this.position = this.initial;
        this.result.textContent = '';
      });
    }

    /** While editing, every control of the game but "Start over" (and the editor's own) is out of reach. */
    gameControls(off) {
      const controls = this.figure.querySelector('.grundy-controls');
      if (!controls) return;
      const toolbar = controls.querySelector('.grundy-toolbar');
      const kept = (c) => c.dataset.action === 'restart' || c === this.bar || c === toolbar;
      for (const c of [...controls.children, ...(toolbar ? toolbar.children : [])]) {
        if (!kept(c)) c.inert = off;
      }
      // The field, Set and the result show only while editing.
      if (this.panel) this.panel.hidden = !off;
      this.bar.classList.toggle('grundy-editing', off);
    }

    /** Swaps a playable figure's game for the editor, starting from the game's position. */
    enter(quiet) {
      if (this.editing || !this.game) return;
      const live = this.figure.querySelector('.grundy-live');
      if (live) this.fit(live);
      const now = this.game.position;
      this.position = Array.isArray(now) ? now.slice() : now;
      this.editing = true;
      this.toggle.setAttribute('aria-pressed', 'true');
      if (live) live.hidden = true;
      this.box.hidden = false;
      this.gameControls(true);
      if (!quiet) this.render(w.say('play.edit.editing'));
    }

    /** Back to the game, which goes on from the edited position (`quiet`: the caller starts the game). */
    leave(quiet) {
      this.editing = false;
      this.toggle.setAttribute('aria-pressed', 'false');
      const live = this.figure.querySelector('.grundy-live');
      this.gameControls(false);
      this.box.hidden = true;
      if (live) live.hidden = false;
      if (quiet) return;
      this.game.reset(Array.isArray(this.position) ? this.position.slice() : this.position);
      this.game.say(w.say('play.edit.goes-on', { position: this.core.notation(this.position) }));
      this.result.textContent = '';
    }

    /** A change the reader made: redraw, announce, and tell linked figures. */
    change(position, words) {
      if (this.game && !this.editing) this.enter(true);
      this.position = position;
      this.render(words);
      document.dispatchEvent(new CustomEvent('grundy:position', {
        detail: { figure: this.figure, game: this.explore.game, position: this.core.notation(position) },
      }));
    }

    /** Sets a position given in the calculator's notation, without firing `grundy:position`. */
    setPosition(text) {
      const read = this.core.fromNotation(this.t, text, engine(), w);
      if (read.error) return false;
      if (this.game && !this.editing) this.enter(true);
      this.position = read.position;
      this.render(w.say('play.edit.position-set'));
      return true;
    }

    /** A typed position the figure cannot take: said in words, no number shown. */
    refuse(words) {
      this.result.textContent = w.say('play.edit.refused', { reason: words });
    }

    render(words) {
      const had = this.box.contains(document.activeElement);
      const result = this.core.evaluate(this.t, this.position, engine(), w);
      this.box.replaceChildren(this.draw(result));
      // A table grown past its box scrolls inside it to its XOR row, the conclusion.
      if (!['coins', 'nim', 'heaps', 'pins'].includes(this.kind)) this.box.scrollTop = this.box.scrollHeight;
      this.input.value = this.core.notation(this.position);
      if (!this.game || this.editing) {
        const said = this.core.sentence(this.t, result, w);
        this.result.textContent = words ? `${words} ${said}` : said;
      } else {
        this.result.textContent = words;
      }
      if (had && this.focusKey) {
        const again = this.box.querySelector(`[data-key="${this.focusKey}"]`) || this.box.querySelector('[tabindex]');
        if (again) again.focus();
      }
    }

    draw(result) {
      if (this.kind === 'coins') return this.drawCoins(result);
      if (this.kind === 'nim' || this.kind === 'heaps') return this.drawHeaps(result);
      if (this.kind === 'pins') return this.drawPins(result);
      return this.drawTable(result);
    }

    root(width, height, label) {
      const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'grundy-svg', role: 'group', 'aria-label': label });
      if (this.font) svg.setAttribute('font-family', this.font);
      return svg;
    }

    /** Makes `node` a button of the drawing: click, Enter and Space `activate`; arrows move. */
    focusable(node, key, label, activate) {
      node.setAttribute('tabindex', '0');
      node.setAttribute('role', 'button');
      node.setAttribute('aria-label', label);
      node.dataset.key = key;
      const go = () => {
        this.focusKey = key;
        activate();
      };
      node.addEventListener('click', go);
      node.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          go();
        } else if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
          const all = [...this.box.querySelectorAll('[tabindex]')];
          const step = e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 1;
          const next = all[all.indexOf(node) + step];
          if (next) {
            e.preventDefault();
            next.focus();
          }
        }
      });
    }

    drawCoins(result) {
      const row = this.position;
      const L = this.t.layout;
      const r = L.radius;
      const n = row.length;
      // The static row's height; its coins sit where its sum line leaves them room.
      const height = this.height;
      const y = Math.max(r + 8, height - 78);
      const width = Math.max(L.minWidth, 2 * L.margin + L.step * (n - 1) + 2 * r);
      const svg = this.root(width, height, w.say('play.edit.coins-label', { game: this.explore.game }));
      const move = new Set(result.move || []);
      for (let p = 1; p <= n; p++) {
        const x = L.margin + r + L.step * (p - 1);
        const head = row[p - 1] === 'H';
        const g = el('g', { class: 'g-coin', 'data-place': p });
        g.appendChild(el('rect', { x: x - L.step / 2 + 1, y: y - r - 6, width: L.step - 2, height: 2 * r + 28, class: 'g-hit' }));
        g.appendChild(el('circle', { cx: x, cy: y, r: r + 7, class: 'g-focus-ring' }));
        if (move.has(p)) g.appendChild(el('circle', { cx: x, cy: y, r: r + 4, class: 'g-move', 'stroke-width': 2.5, 'stroke-dasharray': '5 3' }));
        g.appendChild(el('circle', { cx: x, cy: y, r, class: head ? 'g-head' : 'g-tail', 'stroke-width': 1.5 }));
        // The letter lies over the coin outside the button, whose name says it (see play.js).
        const letter = el('text', { x, y: y + (L.text * 5) / 14, class: head ? 'g-head-ink' : 'g-tail-ink', 'text-anchor': 'middle', 'font-size': L.text, 'aria-hidden': 'true', 'pointer-events': 'none' }, head ? 'H' : 'T');
        g.appendChild(el('text', { x, y: y + r + L.numberDrop, class: 'g-muted', 'text-anchor': 'middle', 'font-size': L.textSmall }, String(p)));
        this.focusable(g, `c${p}`, w.say(head ? 'play.edit.coin-heads' : 'play.edit.coin-tails', { place: p }), () => {
          const after = this.core.flip(this.position, p);
          this.change(after, w.say(after[p - 1] === 'H' ? 'play.edit.turned-heads' : 'play.edit.turned-tails', { place: p }));
        });
        svg.appendChild(g);
        svg.appendChild(letter);
      }
      const terms = result.terms || [];
      const v = result.value;
      const sum = result.error
        ? w.say('play.edit.no-value')
        : terms.length === 0 ? w.say('play.edit.no-heads', { value: v }) : terms.length === 1 ? w.say('play.game.value', { value: v }) : w.say('play.edit.coins-sum', { terms: terms.join(' \u2295 '), value: v });
      svg.appendChild(el('text', { x: L.margin, y: y + 66, class: 'g-ink', 'font-size': L.text }, sum));
      return svg;
    }

    drawHeaps(result) {
      const heaps = this.position;
      const L = this.t.layout;
      const nim = this.kind === 'nim';
      const limit = /^site:/.test(this.explore.game || '') ? this.core.bound(this.t) : this.core.MOST_HEAP;
      const height = this.height;
      const base = height - L.bottom;
      const area = base - L.top;
      // A heap past the most stones drawn shows that many, and its size below.
      const drawn = heaps.map((h) => Math.min(h, this.core.MOST_HEAP));
      const tallest = Math.max(1, ...drawn);
      // Room for a few empty places above the heaps to tap, within the bound.
      const rows = Math.max(tallest, Math.min(limit, Math.floor(area / 24)));
      const pitch = Math.min(L.pitchMax, area / rows);
      const width = Math.max(L.minWidth, L.column * heaps.length + 2 * L.left);
      const svg = this.root(width, height, w.say(nim ? 'play.edit.nim-label' : 'play.edit.heaps-label', { game: this.explore.game }));
      const move = result.move;
      heaps.forEach((h, i) => {
        const cx = L.left + L.column * (i + 0.5);
        const g = el('g', { class: 'g-heap', 'data-heap': i, 'data-size': h });
        const taken = move && move.heap === i ? move.take : 0;
        for (let s = 0; s < rows; s++) {
          const cy = base - pitch / 2 - pitch * s;
          const stone = s < drawn[i];
          if (!stone && s > drawn[i]) {
            // An empty place further up: tapped like the others, reached by keyboard from the first.
            const e = el('g', { class: 'g-slot-button' });
            e.appendChild(el('rect', { x: cx - L.column / 2 + 2, y: cy - pitch / 2, width: L.column - 4, height: pitch, class: 'g-hit' }));
            e.appendChild(el('circle', { cx, cy, r: Math.max(1, pitch / 2 - L.stoneGap), class: 'g-slot' }));
            e.addEventListener('click', () => {
              this.focusKey = `h${i}s${s}`;
              this.change(this.core.setHeap(this.position, i, s), w.say('play.edit.heap-set', { heap: i + 1, size: s + 1 }));
            });
            g.appendChild(e);
            continue;
          }
          const b = el('g', { class: 'g-stone-button' });
          b.appendChild(el('rect', { x: cx - L.column / 2 + 2, y: cy - pitch / 2, width: L.column - 4, height: pitch, class: 'g-hit' }));
          b.appendChild(el('circle', { cx, cy, r: Math.max(2, pitch / 2 - 1), class: 'g-focus-ring' }));
          const cls = !stone ? 'g-slot' : s >= h - taken ? 'g-take' : 'g-stone';
          b.appendChild(el('circle', { cx, cy, r: Math.max(1, pitch / 2 - L.stoneGap), class: cls, 'stroke-width': 1.5 }));
          const args = { heap: i + 1, size: h, stone: s + 1 };
          const label = w.say(!stone ? 'play.edit.add-stone' : s + 1 === h ? 'play.edit.top-stone' : 'play.edit.stone', args);
          this.focusable(b, `h${i}s${s}`, label, () => {
            const after = this.core.setHeap(this.position, i, s);
            this.focusKey = `h${i}s${Math.max(0, Math.min(s, after[i]))}`;
            this.change(after, w.say('play.edit.heap-set', { heap: i + 1, size: after[i] }));
          });
          g.appendChild(b);
        }
        g.appendChild(el('text', { x: cx, y: base + L.sizeDrop, class: 'g-ink', 'text-anchor': 'middle', 'font-size': L.text }, String(h)));
        svg.appendChild(g);
      });
      const floor = base + L.floorDrop;
      svg.appendChild(el('line', { x1: L.floorInset, y1: floor, x2: width - L.floorInset, y2: floor, class: 'g-line' }));
      const terms = result.terms || [];
      const sum = result.error ? w.say('play.edit.no-value') : w.say(nim ? 'play.edit.nim-sum' : 'play.pins.sum', { terms: terms.join(' \u2295 '), value: result.value });
      svg.appendChild(el('text', { x: L.left, y: base + L.sumDrop, class: 'g-ink', 'font-size': L.text }, sum));
      return svg;
    }

    drawPins(result) {
      const row = this.position;
      const L = this.t.layout;
      const at = (p) => L.margin + L.first + L.step * (p - 1);
      const n = row.length;
      const height = this.height;
      const width = Math.max(L.minWidth, 2 * (L.margin + L.first) + L.step * (n - 1));
      const svg = this.root(width, height, w.say('play.edit.pins-label', { game: this.explore.game }));
      const knock = result.move;
      const [ringX, ringY, ringW, ringH, ringR] = L.ring;
      if (knock) {
        const first = knock.first;
        const last = knock.first + knock.count - 1;
        svg.appendChild(el('rect', { x: at(first) + ringX, y: L.floor + ringY, width: at(last) - at(first) + ringW, height: ringH, rx: ringR, class: 'g-move', 'stroke-width': 2.5, 'stroke-dasharray': '5 3' }));
      }
      const [left, right] = L.floorOverhang;
      svg.appendChild(el('line', { x1: L.margin - left, y1: L.floor + 0.5, x2: at(n) + right, y2: L.floor + 0.5, class: 'g-line' }));
      const [bandX, bandY, bandW, bandH] = L.band;
      const [gapY, gapRx, gapRy] = L.gap;
      const knocked = (p) => knock && p >= knock.first && p < knock.first + knock.count;
      for (let p = 1; p <= n; p++) {
        const standing = row[p - 1] === '|';
        const g = el('g', { 'data-place': p, class: standing ? 'g-pin' : 'g-pin-gap' });
        g.appendChild(el('rect', { x: at(p) - L.step / 2 + 1, y: L.floor + ringY, width: L.step - 2, height: ringH, class: 'g-hit' }));
        g.appendChild(el('rect', { x: at(p) + ringX, y: L.floor + ringY, width: ringW, height: ringH, rx: ringR, class: 'g-focus-ring' }));
        if (standing) {
          const parts = L.pin.map(([command, points]) => [command, ...points.map(([dx, dy]) => `${at(p) + dx} ${L.floor + dy}`)].join(' '));
          g.appendChild(el('path', { d: `${parts.join(' ')} Z`, class: knocked(p) ? 'g-take' : 'g-tail', 'stroke-width': 1.5 }));
          g.appendChild(el('rect', { x: at(p) + bandX, y: L.floor + bandY, width: bandW, height: bandH, class: 'g-move-ink' }));
        } else {
          g.appendChild(el('ellipse', { cx: at(p), cy: L.floor + gapY, rx: gapRx, ry: gapRy, class: 'g-line', 'stroke-dasharray': '3 2' }));
        }
        g.appendChild(el('text', { x: at(p), y: L.floor + L.numberDrop, class: 'g-muted', 'text-anchor': 'middle', 'font-size': L.textSmall }, String(p)));
        this.focusable(g, `p${p}`, w.say(standing ? 'play.edit.pin' : 'play.edit.gap', { place: p }), () => {
          const after = this.core.togglePin(this.position, p);
          this.change(after, w.say(standing ? 'play.edit.knocked' : 'play.edit.stood', { place: p }));
        });
        svg.appendChild(g);
      }
      const terms = result.terms || [];
      const v = result.value;
      const sum = result.error
        ? w.say('play.edit.no-value')
        : terms.length === 0 ? w.say('play.pins.sum-none', { value: v }) : terms.length === 1 ? w.say('play.game.value', { value: v }) : w.say('play.pins.sum', { terms: terms.join(' \u2295 '), value: v });
      // Below the place numbers, in a box as low as the game's board (120) or the static figure's (140).
      svg.appendChild(el('text', { x: L.margin, y: Math.max(height - 12, L.floor + L.numberDrop + L.text + 3), class: 'g-ink', 'font-size': L.text }, sum));
      return svg;
    }

    /** The XOR table as the build draws it (kinds/figures/xor_table.rs), for the edited rows. */
    drawTable(result) {
      const L = this.t.layout;
      const rows = result.rows;
      const xor = result.value;
      const em = L.charEm;
      const max = Math.max(0, ...rows.map((r) => r.value));
      const bits = Math.max(1, max.toString(2).length);
      const head = (b) => (bits <= 10 ? String(2 ** b) : `2${String(b).split('').map((d) => SUPERSCRIPT[d]).join('')}`);
      const xorLabel = w.say('play.table.total');
      const longest = Math.max(textWidth(xorLabel, L.text, em), ...rows.map((r) => textWidth(r.label, L.text, em)));
      const labelW = 20 + longest;
      const cellW = Math.max(L.cell, textWidth(head(bits - 1), L.textSmall, em) + 8);
      const valueW = textWidth(String(Math.max(max, xor)), L.text, em);
      const width = labelW + cellW * bits + 14 + valueW + 8;
      const height = L.top + L.cell * (rows.length + 1) + 14;
      const svg = this.root(width, height, w.say('play.edit.xor-label', { values: rows.map((r) => r.value).join(', ') }));
      const col = (b) => labelW + cellW * (bits - 1 - b);
      const baseline = L.cell / 2 + L.text * 0.36;
      for (let b = 0; b < bits; b++) {
        svg.appendChild(el('text', { x: col(b) + cellW / 2, y: L.top - 9, class: 'g-muted', 'text-anchor': 'middle', 'font-size': L.textSmall }, head(b)));
      }
      const drawRow = (i, label, v, sum, mark) => {
        const y = L.top + L.cell * i + (sum ? 8 : 0);
        const g = el('g', { class: sum ? 'g-xor-sum' : 'g-xor-row', 'data-value': v });
        if (mark) g.setAttribute(mark[0], mark[1]);
        g.appendChild(el('text', { x: labelW - 10, y: y + baseline, class: 'g-ink', 'text-anchor': 'end', 'font-size': L.text }, label));
        for (let b = 0; b < bits; b++) {
          const one = Math.floor(v / 2 ** b) % 2 === 1;
          g.appendChild(el('rect', { x: col(b), y, width: cellW, height: L.cell, class: sum ? 'g-sum' : one ? 'g-one' : 'g-cell' }));
          g.appendChild(el('text', { x: col(b) + cellW / 2, y: y + baseline, class: 'g-ink', 'text-anchor': 'middle', 'font-size': L.text }, one ? '1' : '0'));
        }
        g.appendChild(el('text', { x: labelW + cellW * bits + 14, y: y + baseline, class: 'g-ink', 'font-size': L.text }, String(v)));
        svg.appendChild(g);
      };
      rows.forEach((r, i) => drawRow(i, r.label, r.value, false, r.mark));
      const y = L.top + L.cell * rows.length + 4;
      svg.appendChild(el('line', { x1: labelW - 4, y1: y, x2: labelW + cellW * bits + 4, y2: y, class: 'g-line', 'stroke-width': 2 }));
      drawRow(rows.length, xorLabel, xor, true, null);
      return svg;
    }
  }

  window.GrundyEdit = { start };
})();
