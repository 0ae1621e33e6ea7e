// Playable figures: progressive enhancement over the static SVG. Finds every
// figure[data-grundy-play], draws its position as focusable coins or stones,
// and plays against the reader with perfect moves: values, outcomes, legal
// moves, hints and replies are the engine's (engine.js, the module in the
// page); play-core.js, loaded next to this file, keeps what is not a rule.
// Without WebAssembly a figure stays the static one, with a note; a site's
// own game (`site:NAME`, which the module does not hold) plays from the
// tables the build embedded. `Controller` is the turn cycle
// every playable figure shares; `Game` plays coin rows and heaps with it, and
// pins.js (loaded only where a row of pins is) plays rows of pins with it.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';
  // Every size shared with the static figures (text sizes, the geometry of
  // coins, stones and pins) comes from the figure's data (`data.layout`,
  // written by the Rust that draws the static figure); the numbers left here
  // belong to the playable drawing alone (tap targets, focus rings, wrapping).
  const script = document.currentScript;

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** Loads a script next to this one (once) and calls `then` with the global it sets. */
  function withScript(file, name, then) {
    if (window[name]) return then(window[name]);
    const src = new URL(file, script ? script.src : document.baseURI).href;
    let tag = document.querySelector(`script[src="${src}"]`);
    if (!tag) {
      tag = document.createElement('script');
      tag.src = src;
      document.head.appendChild(tag);
    }
    tag.addEventListener('load', () => then(window[name]));
  }

  // The toolbar's icons (20 by 20, drawn in the text's colour); each button
  // keeps its words as its accessible name and tooltip.
  const ICONS = {
    restart: '<path d="M4.5 10a5.5 5.5 0 1 0 1.8-4.1"/><path d="M5 2.8v3.7h3.7"/>',
    random: '<rect x="3" y="3" width="14" height="14" rx="3"/><circle cx="7" cy="7" r="1.3" class="grundy-icon-dot"/><circle cx="10" cy="10" r="1.3" class="grundy-icon-dot"/><circle cx="13" cy="13" r="1.3" class="grundy-icon-dot"/>',
    hint: '<path d="M7.2 13.2a5 5 0 1 1 5.6 0V15H7.2z"/><path d="M8 17.6h4"/>',
    reasoning: '<circle cx="10" cy="10" r="6.5"/><path d="M10 3.5v13M3.5 10h13"/>',
    back: '<path d="M12.5 4.5 7 10l5.5 5.5"/>',
    forward: '<path d="M7.5 4.5 13 10l-5.5 5.5"/>',
    edit: '<path d="M4 16l.9-3.6 8-8 2.7 2.7-8 8z"/><path d="M11.4 5.9l2.7 2.7"/>',
  };

  // The short word shown beside an icon (none beside the history's arrows).
  const TOOL_WORDS = {
    restart: 'play.tool.restart',
    random: 'play.tool.random',
    hint: 'play.tool.hint',
    reasoning: 'play.tool.reasoning',
    edit: 'play.tool.edit',
  };

  /**
   * The short word shown on `button`, whose accessible name then starts with
   * it (a name holds the words a reader sees: WCAG's label in name).
   */
  function toolWord(button, text) {
    const words = button.getAttribute('aria-label');
    if (!words.toLowerCase().includes(text.toLowerCase())) button.setAttribute('aria-label', `${text}: ${words}`);
    const word = document.createElement('span');
    word.className = 'grundy-tool-word';
    word.textContent = text;
    return word;
  }
  window.GrundyToolWord = toolWord;

  /**
   * Makes `button` a toolbar button: its words become its accessible name and
   * tooltip, and an icon (when `icon` names one) with its short word takes
   * their place.
   */
  function toolButton(button, icon) {
    const words = button.getAttribute('aria-label') || button.textContent.trim();
    button.setAttribute('aria-label', words);
    button.title = words;
    button.classList.add('grundy-tool');
    if (ICONS[icon]) {
      button.innerHTML = `<svg class="grundy-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">${ICONS[icon]}</svg>`;
      if (TOOL_WORDS[icon]) button.append(toolWord(button, w.say(TOOL_WORDS[icon])));
    }
    return button;
  }

  /**
   * The page's words (words.js, loaded before the game): what every string
   * this file shows is, by its key in the catalogue's `play` table.
   */
  const w = {
    say: (key, args) => window.GrundyWords.say(key, args),
    count: (key, n, args) => window.GrundyWords.count(key, n, args),
  };

  /** The engine in the page (engine.js), once its module has arrived; null until then or without it. */
  const engineNow = () => (window.GrundyEngine ? window.GrundyEngine.current() : null);

  function start(core) {
    const figures = [...document.querySelectorAll('figure[data-grundy-play]')];
    if (!figures.length) return;
    const play = (figure, data) => {
      if (data.type === 'pins') return withScript('pins.js', 'GrundyPins', (pins) => pins.start(figure, data));
      new Game(core, figure, data).init();
    };
    withScript('engine.js', 'GrundyEngine', (engines) => {
      // A site's own game plays at once from its tables; the others once the engine is there.
      const waiting = [];
      for (const figure of figures) {
        let data;
        try {
          data = JSON.parse(figure.getAttribute('data-grundy-play'));
        } catch (e) {
          continue;
        }
        if (/^site:/.test(data.game || '') && data.type !== 'pins') play(figure, data);
        else waiting.push([figure, data]);
      }
      engines.load((engine) => {
        for (const [figure, data] of waiting) {
          if (engine) play(figure, data);
          else engines.without(figure);
        }
      });
    });
  }

  /**
   * The turn cycle every playable figure shares: the live drawing in place of
   * the static one, the status line, the buttons (restart, random start, hint,
   * and the game's own), the reader's move, the machine's answer after a
   * pause, and the keyboard focus kept across redraws. A game type extends it
   * with its position, moves and drawing (the hooks listed at the end).
   */
  class Controller {
    constructor(core, figure, data, initial) {
      this.core = core;
      this.figure = figure;
      this.data = data;
      this.initial = initial;
      this.position = initial;
      this.hint = null;
      // The machine's last move, until the reader moves or the game restarts.
      this.answer = null;
      this.focus = 0;
      this.busy = false;
      // A figure that asks keeps the value from its drawing until the reader
      // asks for a hint, the reasoning or plays (see `shownValue`).
      this.asking = Boolean(data.asks);
      // What the hint says when no move wins: "every move leaves your opponent a winning reply".
      this.noWinningMove = 'play.game.no-winning-move';
      // Misère play (data.misere): what is said when the last move is made,
      // and when the machine, with no winning move, moves at random.
      this.misereWords = { you: 'play.end.misere-you-lose', machine: 'play.end.misere-i-lose', random: 'play.reason.misere-machine-random' };
    }

    init() {
      const controls = this.figure.querySelector('.grundy-controls');
      const drawing = this.figure.querySelector('.grundy-drawing');
      if (!controls || !drawing) return;
      this.status = controls.querySelector('.grundy-status');
      this.svgBox = document.createElement('div');
      this.svgBox.className = 'grundy-drawing grundy-live';
      drawing.hidden = true;
      // The static summary describes the starting position only.
      const summary = this.figure.querySelector('.grundy-summary');
      if (summary) summary.hidden = true;
      drawing.after(this.svgBox);
      // Listened for on the box, not the svg: an svg with focus listeners is a tab stop of its own in Chromium.
      this.svgBox.addEventListener('focusin', (e) => {
        if (!e.target.closest || !e.target.closest('svg')) return;
        this.hadFocus = true;
        this.focused(e.target);
      });
      this.svgBox.addEventListener('focusout', () => { this.hadFocus = false; });
      // Under the pieces: the button that confirms a selection, and a refusal's reason, shown by the piece.
      this.pieceBar = document.createElement('div');
      this.pieceBar.className = 'grundy-piece-bar';
      this.flashBox = document.createElement('p');
      this.flashBox.className = 'grundy-flash';
      // The status line says the same to a screen reader.
      this.flashBox.setAttribute('aria-hidden', 'true');
      this.flashBox.hidden = true;
      this.pieceBar.append(this.flashBox);
      this.pieceBar.addEventListener('click', (e) => {
        const button = e.target.closest('button[data-action]');
        if (button) this.action(button);
      });
      if (this.data.quotient) {
        // The misère quotient's element of the position shown, as play goes.
        this.quotientLine = document.createElement('p');
        this.quotientLine.className = 'grundy-quotient';
        this.quotientLine.setAttribute('aria-live', 'polite');
        this.svgBox.after(this.quotientLine);
      }
      this.setup(controls);
      controls.addEventListener('click', (e) => {
        const button = e.target.closest('button[data-action]');
        if (button) this.action(button);
      });
      this.setupHistory(controls);
      this.setupToolbar(controls);
      controls.hidden = false;
      // The drawing scales to the column; its text is kept legible at the scale it is drawn.
      if (window.ResizeObserver) {
        let width = 0;
        new ResizeObserver(() => {
          const w = this.svgBox.clientWidth;
          if (w && w !== width) {
            width = w;
            this.legible();
            this.placeConfirm();
          }
        }).observe(this.svgBox);
      }
      this.say(this.intro());
      this.markStart();
      this.render();
      // For edit.js: the game a figure plays, once its board is drawn.
      this.figure.grundyPlay = this;
      this.figure.dispatchEvent(new CustomEvent('grundy:playable'));
    }

    /**
     * The one toolbar of the figure: its actions that are not moves (presets,
     * start over, random start, hint, reasoning, back and forward; edit.js
     * adds the editor's), as icon buttons named by their words.
     */
    setupToolbar(controls) {
      const bar = document.createElement('div');
      bar.className = 'grundy-toolbar';
      bar.setAttribute('role', 'toolbar');
      bar.setAttribute('aria-label', w.say('play.game.toolbar'));
      for (const b of controls.querySelectorAll(':scope > button[data-action]')) {
        // A preset keeps its name on its face: no icon says which position it loads.
        if (b.dataset.action === 'preset') b.classList.add('grundy-tool', 'grundy-tool-words');
        else toolButton(b, b.dataset.action);
        bar.append(b);
      }
      if (this.nav) {
        toolButton(this.backButton, 'back');
        toolButton(this.forwardButton, 'forward');
        bar.append(this.nav);
      }
      if (this.status) this.status.before(bar);
      else controls.append(bar);
      this.toolbar = bar;
    }

    /**
     * The button under the pieces that confirms the reader's selection
     * (`action`: turn, knock), shown by the selection while there is one.
     */
    addConfirm(action, text, label) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.action = action;
      button.className = 'grundy-confirm';
      button.textContent = text;
      button.setAttribute('aria-label', label);
      button.title = label;
      button.hidden = true;
      this.pieceBar.append(button);
      this.confirm = button;
      return button;
    }

    /** The pieces of the drawing the reader has selected (none: the confirm button hides). */
    selectedPieces() {
      return [...this.svgBox.querySelectorAll('svg .g-selected')];
    }

    /** Puts the confirm button under the last selected piece, or hides it. */
    placeConfirm() {
      if (!this.confirm) return;
      const chosen = this.selectedPieces();
      this.confirm.hidden = !chosen.length || this.busy;
      if (this.confirm.hidden) return;
      this.confirm.style.left = `${this.under(chosen[chosen.length - 1], this.confirm)}px`;
    }

    /** The left of `box` (in the piece bar) that centres it under `piece`, kept inside the bar. */
    under(piece, box) {
      const bar = this.pieceBar.getBoundingClientRect();
      const r = piece.getBoundingClientRect();
      const w = box.getBoundingClientRect().width;
      const left = r.left + r.width / 2 - w / 2 - bar.left;
      return Math.round(Math.max(0, Math.min(bar.width - w, left)));
    }

    /**
     * A choice the game refuses: the piece shakes and is outlined, and the
     * reason shows by it for two seconds. The status line tells a screen
     * reader too, in words only it reads, so that no one sees the reason twice.
     */
    refuse(piece, words) {
      this.sayAside(words);
      clearTimeout(this.flashTimer);
      for (const p of this.svgBox.querySelectorAll('.g-illegal')) p.classList.remove('g-illegal');
      this.flashBox.textContent = words;
      this.flashBox.hidden = false;
      this.flashBox.style.left = '0px';
      if (piece) {
        // Restart the shake when the same piece is refused twice.
        piece.classList.remove('g-illegal');
        void piece.getBoundingClientRect();
        piece.classList.add('g-illegal');
        this.flashBox.style.left = `${this.under(piece, this.flashBox)}px`;
      }
      this.flashTimer = setTimeout(() => {
        this.flashBox.hidden = true;
        this.status?.querySelector(':scope > .sr-only')?.remove();
        for (const p of this.svgBox.querySelectorAll('.g-illegal')) p.classList.remove('g-illegal');
      }, 2000);
    }

    /** A piece took the focus (a game type remembers where). */
    focused() {}

    /** Clears the reader's selection (Escape). */
    clearSelection() {
      if (this.busy) return;
      this.clearChoice();
      this.say(w.say('play.game.nothing-selected'));
      this.render();
    }

    /**
     * Keeps the drawing's text legible (at least 12 px) when the drawing is
     * scaled down to fit the column: each text's size, as drawn, grows by
     * the scale it lost.
     */
    legible() {
      const svg = this.svgBox.querySelector('svg.grundy-svg');
      if (!svg) return;
      const drawn = svg.getBoundingClientRect().width;
      const wide = svg.viewBox.baseVal && svg.viewBox.baseVal.width;
      if (!drawn || !wide) return;
      const scale = drawn / wide;
      for (const t of svg.querySelectorAll('text[font-size]')) {
        if (!t.dataset.size) t.dataset.size = t.getAttribute('font-size');
        const size = Number(t.dataset.size);
        t.setAttribute('font-size', String(scale < 1 ? Math.max(size, Math.ceil((12.5 / scale) * 10) / 10) : size));
      }
    }

    /** Puts a button for the game's own `action` first in the controls. */
    addButton(controls, action, text) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.action = action;
      button.textContent = text;
      // First among the buttons: after the author's words on them, if any.
      const words = controls.querySelector(':scope > .grundy-controls-words');
      if (words) words.after(button);
      else controls.prepend(button);
      return button;
    }

    action(button) {
      const a = button.dataset.action;
      if (a === 'restart') this.reset(this.initial);
      else if (a === 'random') this.reset(this.randomStart());
      else if (a === 'hint') this.showHint();
      else this.ownAction(a, button);
    }

    reset(position) {
      this.position = position;
      this.asking = Boolean(this.data.asks) && !this.reasoningOn();
      this.clearChoice();
      this.markStart();
      this.busy = false;
      // A reply still pending belongs to the game before: it is dropped.
      this.games = (this.games || 0) + 1;
      this.startHistory();
      this.say(w.say('play.game.new-game'));
      this.render();
    }

    /**
     * A figure whose author set `show-move` marks the winning move of its
     * starting position, as its static drawing does, until the reader moves.
     */
    markStart() {
      if (this.data.showMove && JSON.stringify(this.position) === JSON.stringify(this.initial)) this.hint = this.winningMove();
    }

    /** Forgets the reader's selection, the hint and the machine's last move. */
    clearChoice() {
      this.hint = null;
      this.answer = null;
    }

    say(text) {
      if (this.status) this.status.textContent = text;
    }

    /** Adds `text` to the status line for screen readers only, the line as seen unchanged. */
    sayAside(text) {
      if (!this.status) return;
      this.status.querySelector(':scope > .sr-only')?.remove();
      const aside = document.createElement('span');
      aside.className = 'sr-only';
      aside.textContent = ` ${text}`;
      this.status.append(aside);
    }

    /** Whether the reader has the reasoning table shown. */
    reasoningOn() {
      return Boolean(this.figure.querySelector('button[data-action="reasoning"][aria-pressed="true"]'));
    }

    /** The value the drawing shows of `position`: none (null) while the figure asks. */
    shownValue(position) {
      return this.asking ? null : this.valueOf(position);
    }

    showHint() {
      this.asking = false;
      const win = this.winningMove();
      this.hint = win;
      if (!win) this.say(w.say(this.noWinningMove));
      else this.say(w.say('play.game.winning-move', { move: this.describe(win) }));
      this.render();
    }

    /** Plays the reader's `move` (`text` says it), then lets the machine answer. */
    playerMove(move, text) {
      this.moved = { move, from: this.copy(this.position) };
      this.asking = false;
      this.position = this.apply(move);
      this.remember(move, 'you', text, false);
      this.clearChoice();
      this.render();
      if (this.over()) return this.say(`${text} ${this.endWords('you')}`);
      this.busy = true;
      this.drawnHistory();
      this.say(`${text} ${w.say('play.game.thinking')}`);
      // A pause before the machine's reply, so the reader sees the move: UI timing only.
      const game = this.games;
      setTimeout(() => {
        if (game === this.games) this.machine(text);
      }, 450);
    }

    machine(before) {
      const reply = this.reply();
      this.busy = false;
      if (!reply) return;
      this.moved = { move: reply.move, from: this.copy(this.position) };
      this.position = this.apply(reply.move);
      this.answer = reply.move;
      const words = this.machineWords(reply.move);
      this.remember(reply.move, 'machine', words, reply.winning);
      this.render();
      const over = this.over();
      const said = w.say(reply.winning ? 'play.game.reply' : 'play.game.reply-random', { words });
      this.say(`${before} ${said} ${over ? this.endWords('machine') : w.say('play.game.your-move')}`);
    }

    render() {
      // Replacing the drawing fires focusout on the removed element: remember
      // whether the reader was in the figure before it goes.
      const hadFocus = this.hadFocus || this.svgBox.contains(document.activeElement);
      this.svgBox.replaceChildren(this.draw(), this.pieceBar);
      // The move just made is drawn moving once (a coin flips, pins fall, stones leave).
      this.moved = null;
      this.legible();
      this.renderQuotient();
      this.drawn();
      this.placeConfirm();
      this.drawnHistory();
      // For edit.js: the position shown changed (a move, a step, a new game).
      this.figure.dispatchEvent(new CustomEvent('grundy:drawn'));
      if (hadFocus) this.refocus();
    }

    /** The live drawing's `svg` element, in the static figure's font. */
    root(width, height, label, attrs) {
      const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'grundy-svg', role: 'group', 'aria-label': label, ...attrs });
      // Scaled as every figure's drawing is (figures.css): to the column,
      // up to 1.6 times its drawn size.
      const drawn = this.figure.querySelector('.grundy-drawing svg');
      if (drawn && drawn.getAttribute('font-family')) svg.setAttribute('font-family', drawn.getAttribute('font-family'));
      return svg;
    }

    /**
     * Makes `node` a button of the drawing: click, Enter and Space call
     * `activate`; other keys go to `move`, which returns whether it used them.
     */
    focusable(node, label, activate, move) {
      node.setAttribute('tabindex', '0');
      node.setAttribute('role', 'button');
      node.setAttribute('aria-label', label);
      // `activate` is told how: 'click', 'Enter' or ' ' (Space).
      node.addEventListener('click', () => activate('click'));
      node.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          activate(e.key);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          this.clearSelection();
        } else if (move(e.key)) {
          e.preventDefault();
        }
      });
    }

    // Stepping through the game: the moves played so far (step-core.js's
    // history), Back and Forward through them with the position redrawn at
    // each, "move 3 of 5", and, when the figure's reasoning is on, why each
    // move was made. A move played from a past step cuts the later ones off.

    /** Adds Back, the step readout and Forward before the status line, and the line saying why. */
    setupHistory(controls) {
      this.steps = window.GrundyStepCore;
      if (!this.steps) return;
      this.startHistory();
      const nav = document.createElement('div');
      nav.className = 'grundy-history';
      nav.setAttribute('role', 'group');
      nav.setAttribute('aria-label', w.say('play.history.group'));
      const make = (step, text) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.history = step;
        b.textContent = text;
        return b;
      };
      this.backButton = make('back', w.say('play.history.back'));
      this.forwardButton = make('forward', w.say('play.history.forward'));
      this.historyAt = document.createElement('span');
      this.historyAt.className = 'grundy-history-at';
      nav.append(this.backButton, this.historyAt, this.forwardButton);
      (this.status || controls.lastChild).before(nav);
      this.nav = nav;
      nav.addEventListener('click', (e) => {
        const b = e.target.closest('button[data-history]');
        if (b) this.stepHistory(b.dataset.history === 'back' ? -1 : 1);
      });
      nav.addEventListener('keydown', (e) => {
        const delta = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
        if (!delta || !e.target.closest('button')) return;
        e.preventDefault();
        this.stepHistory(delta);
        (delta < 0 ? this.backButton : this.forwardButton).focus();
      });
      // The reasoning table and the reason for the move shown, in a box that keeps its room.
      this.reasoningButton = controls.querySelector('button[data-action="reasoning"]');
      if (this.table && this.reasoningButton) {
        this.tableBox = document.createElement('div');
        this.tableBox.className = 'grundy-reasoning-box';
        this.table.before(this.tableBox);
        this.tableBox.append(this.table);
        this.why = document.createElement('p');
        this.why.className = 'grundy-why';
        this.why.hidden = true;
        this.table.after(this.why);
        // After the game's own handler has switched the table (this listener comes second).
        controls.addEventListener('click', (e) => {
          if (e.target.closest('button[data-action="reasoning"]')) this.drawnHistory();
        });
      }
    }

    startHistory() {
      if (this.steps) this.history = this.steps.historyStart(this.copy(this.position));
    }

    /** A position to keep: heaps are arrays the game changes by copying, but keep our own. */
    copy(position) {
      return Array.isArray(position) ? position.slice() : position;
    }

    /** Records a move just played (the position is the one after it) and why it was made. */
    remember(move, by, words, winning) {
      if (!this.steps) return;
      const reason = this.reasonFor(by, winning);
      this.history = this.steps.historyRecord(this.history, { position: this.copy(this.position), move, by, words: words.replace(/\.$/, ''), reason });
    }

    /** Shows the step `delta` moves back or forward, and says it. */
    stepHistory(delta) {
      if (!this.steps) return;
      if (this.busy) return this.say(w.say('play.history.wait'));
      const h = this.steps.historyGoTo(this.history, this.history.at + delta);
      if (h.at === this.history.at) {
        return this.say(w.say(delta < 0 ? 'play.history.at-start' : 'play.history.at-end', { status: this.stepStatus(h.at) }));
      }
      // The room for the longest step's words, and for what the line says now, before it changes.
      this.reserveStatus();
      this.history = h;
      const entry = h.entries[h.at];
      this.position = this.copy(entry.position);
      this.clearChoice();
      // The machine's move stays marked where the drawing marks it (pins).
      if (entry.by === 'machine') this.answer = entry.move;
      this.render();
      this.say(this.stepStatus(h.at));
    }

    /** The status line at step `i`: "Move 3 of 5: ..." */
    stepStatus(i) {
      const at = this.steps.historyGoTo(this.history, i).at;
      return w.say('play.history.status', { at, last: this.history.entries.length - 1, words: this.stepWords(i) });
    }

    /** Keeps the status line as tall as its longest step of this game, so stepping moves nothing below. */
    reserveStatus() {
      if (this.status) reserveText(this.status, this.history.entries.map((e, i) => this.stepStatus(i)));
    }

    /** What step `i` (the one shown when omitted) is: the move that led to it and why, and whose move is next. */
    stepWords(i = this.history.at) {
      const h = this.history;
      const entry = h.entries[i];
      // over() reads the position shown: ask it of this step's.
      const shown = this.position;
      this.position = entry.position;
      const over = this.over();
      this.position = shown;
      const later = i < h.entries.length - 1 ? ` ${w.say('play.history.later')}` : '';
      const next = w.say(over ? 'play.history.over' : entry.by === 'you' ? 'play.history.reply-next' : 'play.game.your-move');
      const what = entry.by
        ? w.say('play.history.move', { words: entry.words, reason: entry.reason })
        : w.say('play.history.start', { position: this.positionWords(entry.position) });
      return `${what} ${next}${later}`;
    }

    /** Updates Back, Forward, the readout, the reason shown and the room they keep, after a redraw. */
    drawnHistory() {
      if (!this.steps || !this.history) return;
      const h = this.history;
      this.historyAt.textContent = this.steps.historyLabel(h, w);
      // Back, Forward and "move 0 of 0" say nothing before the first move: shown from then on, last in the toolbar.
      if (this.nav) this.nav.hidden = h.entries.length < 2;
      this.backButton.setAttribute('aria-disabled', String(h.at === 0 || this.busy));
      this.forwardButton.setAttribute('aria-disabled', String(h.at === h.entries.length - 1 || this.busy));
      if (h.entries.length > 1) this.reserveStatus();
      if (!this.why) return;
      const on = this.reasoningButton.getAttribute('aria-pressed') === 'true';
      this.why.hidden = !on;
      if (!on) return;
      this.why.textContent = this.whyWords(h.at);
      reserveText(this.why, h.entries.map((e, i) => this.whyWords(i)));
      this.reserveTable();
    }

    /** Why the move to step `i` was made. */
    whyWords(i) {
      const entry = this.history.entries[i];
      if (!entry.by) return w.say('play.history.why-start', { position: this.positionWords(entry.position) });
      return w.say(entry.by === 'machine' ? 'play.history.why-machine' : 'play.history.why-you', { at: i, words: entry.words, reason: entry.reason });
    }

    /**
     * Keeps the reasoning box as tall as its tallest step in this game (the
     * most rows any position of the history has), so stepping moves nothing below.
     */
    reserveTable() {
      const rows = this.table.rows;
      if (!this.reasoningItems || rows.length < 2) return;
      const most = Math.max(...this.history.entries.map((e) => this.reasoningItems(e.position).length + 1));
      const rowHeight = rows[1].getBoundingClientRect().height;
      const style = getComputedStyle(this.table);
      const table = this.table.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
      const whyStyle = getComputedStyle(this.why);
      const why = this.why.getBoundingClientRect().height + parseFloat(whyStyle.marginTop) + parseFloat(whyStyle.marginBottom);
      const need = table + Math.max(0, most - (rows.length - 1)) * rowHeight + why;
      const now = parseFloat(this.tableBox.style.minHeight) || 0;
      this.tableBox.style.minHeight = `${Math.ceil(Math.max(now, need))}px`;
    }

    // Misère play (data.misere): the last move loses, and a position has an
    // outcome, not a value.

    /** What the status line says when `by` ('you' or 'machine') has just made the last move. */
    endWords(by) {
      if (this.data.misere) return w.say(by === 'you' ? this.misereWords.you : this.misereWords.machine);
      return w.say(by === 'you' ? 'play.end.you-win' : 'play.end.i-win');
    }

    /** Why a move by `by` was made, read from the position it left. */
    reasonFor(by, winning) {
      if (!this.data.misere) return this.steps.moveReason(by, this.valueOf(this.position), winning, w);
      if (by === 'machine') return w.say(winning ? 'play.reason.misere-machine-winning' : this.misereWords.random);
      return w.say(this.outcomeOf(this.position) === 'P' ? 'play.reason.misere-you-p' : 'play.reason.misere-you-n');
    }

    /** A position in words for the history: "value 3", or "a misère P-position". */
    positionWords(position) {
      if (this.data.misere) return w.say('play.reason.misere-position', { outcome: this.outcomeOf(position) });
      return w.say('play.game.value', { value: this.valueOf(position) });
    }

    /** Who wins from a position: the engine's outcome. */
    outcomeOf(position) {
      const asked = this.askEngine('value', position);
      return asked ? asked.outcome : '?';
    }

    /** The heap sizes of `position` the misère quotient maps (heaps; a row of pins: its runs). */
    quotientHeaps(position) {
      return position;
    }

    /**
     * The element of the embedded misère quotient that `position` maps to:
     * the product of its heaps' images, read from the build's table.
     */
    quotientElement(position) {
      const q = this.data.quotient;
      return this.quotientHeaps(position).reduce((x, h) => (h > 0 ? q.table[x][q.images[h]] : x), 0);
    }

    /** The quotient line: the element of the position shown, and whether it is in the P-portion. */
    renderQuotient() {
      if (!this.quotientLine) return;
      const q = this.data.quotient;
      const x = this.quotientElement(this.position);
      const inP = q.p[x];
      this.quotientLine.textContent = quotientWords(q.elements[x], inP);
      this.quotientLine.dataset.element = q.elements[x];
      this.quotientLine.dataset.p = String(inP);
    }

    /** The game's name as a sentence says it ("misère Kayles"). */
    gameName() {
      return this.data.name || this.data.game;
    }

    // Hooks of a game type:
    //   setup(controls)          adds its own buttons and lines
    //   ownAction(name, button)  a click on one of its buttons
    //   intro()                  the first status line
    //   randomStart()            a position for "Random start"
    //   winningMove(), describe(move)   the hint and its words
    //   apply(move)              the position after `move`
    //   over()                   whether no move is left
    //   reply()                  the machine's {move, winning}, or null
    //   machineWords(move)       "I turned 3 and 5"
    //   valueOf(position)        the position's value (the engine's answer)
    //   draw()                   the svg of the position
    //   drawn()                  anything to update after drawing
    //   refocus()                puts the focus back in the new drawing
  }

  /** Coin rows, Nim heaps and general heap games (data.type 'coins', 'nim', 'heaps'). */
  class Game extends Controller {
    constructor(core, figure, data) {
      super(core, figure, data, data.type === 'coins' ? data.row : data.heaps.slice());
      this.selected = new Set();
    }

    setup(controls) {
      if (this.data.nearest) {
        this.nearestLine = document.createElement('p');
        this.nearestLine.className = 'grundy-nearest';
        this.svgBox.after(this.nearestLine);
      }
      if (this.data.type === 'coins') this.addConfirm('turn', w.say('play.coins.turn'), w.say('play.coins.turn-label'));
      // Named starting positions, first in the controls and in their order.
      const presets = this.data.type === 'nim' && Array.isArray(this.data.presets) ? this.data.presets : [];
      for (let i = presets.length - 1; i >= 0; i--) {
        this.addButton(controls, 'preset', presets[i].name).dataset.preset = String(i);
      }
      this.table = document.createElement('table');
      this.table.className = 'grundy-reasoning';
      this.table.hidden = true;
      controls.after(this.table);
    }

    intro() {
      if (this.data.misere && this.data.type === 'heaps') return w.say('play.intro.misere-heaps');
      if (this.data.both) return w.say('play.intro.both');
      if (this.data.misere) return w.say('play.intro.misere');
      return w.say(this.data.type === 'coins' ? 'play.intro.coins' : 'play.intro.stones');
    }

    ownAction(a, button) {
      if (a === 'turn') this.playSelection();
      else if (a === 'preset') {
        const preset = this.data.presets[Number(button.dataset.preset)];
        if (!preset) return;
        this.reset(preset.heaps.slice());
        this.say(w.say('play.intro.preset', { name: preset.name, heaps: preset.heaps.join(', ') }));
      }
      else if (a === 'reasoning') {
        const on = button.getAttribute('aria-pressed') !== 'true';
        button.setAttribute('aria-pressed', String(on));
        this.table.hidden = !on;
        if (on && this.asking) {
          this.asking = false;
          this.render();
        }
        this.renderTable();
      }
    }

    /** A random position of the figure's size that the engine says the player to move wins. */
    randomStart() {
      const c = this.core;
      const max = Math.max(3, ...(this.data.heaps || []));
      if (!this.engineGame()) return c.siteRandomHeaps(this.data, this.data.heaps.length, max);
      const deal = () => {
        if (this.data.type === 'coins') return Array.from(this.data.row, () => (Math.random() < 0.5 ? 'H' : 'T')).join('');
        return this.data.heaps.map(() => 1 + Math.floor(Math.random() * max));
      };
      for (let tries = 0; tries < 200; tries++) {
        const position = deal();
        const asked = this.askEngine('value', position);
        if (asked && asked.outcome === 'N') return position;
      }
      return this.copy(this.initial);
    }

    clearChoice() {
      super.clearChoice();
      this.selected.clear();
      this.selectedHeap = null;
      this.selectedTake = null;
    }

    /** The game's name as the engine reads it, or null for one it does not hold (a site's script). */
    engineGame() {
      const name = this.data.game || (this.data.misere ? 'misere-nim' : 'nim');
      return /^site:/.test(name) ? null : name;
    }

    /**
     * `ask(game, position)` of the engine for `position`, or null when it
     * cannot answer (a site's game, or a module that stopped).
     */
    askEngine(ask, position, ...more) {
      const engine = engineNow();
      const game = this.engineGame();
      if (!engine || !game) return null;
      const answer = engine[ask](game, Array.isArray(position) ? position.join(',') : position, ...more);
      return answer.error ? null : answer;
    }

    /** One of the engine's moves from `position` picked at random, or null when there is none. */
    chosenMove(position) {
      const asked = this.askEngine('chosen', position, Math.floor(Math.random() * 2 ** 32));
      return asked && asked.move ? this.fromEngine(asked.move) : null;
    }

    /** A move the engine gave, as this game holds one: places for coins, `{heap, take, left}` for heaps. */
    fromEngine(m) {
      const move = window.GrundyEngine.moveOf(m);
      if (this.data.type === 'coins') return move.places;
      if (move.both) return { both: true, take: move.take, from: move.from };
      return { heap: move.heap, take: move.take, left: move.left };
    }

    winningMove() {
      if (!this.engineGame()) return this.core.siteWinningMove(this.data, this.position);
      const asked = this.askEngine('move', this.position);
      return asked && asked.move ? this.fromEngine(asked.move) : null;
    }

    /** The engine's moves from the position shown, as this game holds them (a site's game: its tables'). */
    options() {
      if (!this.engineGame()) return this.core.siteMoves(this.data, this.position);
      const asked = this.askEngine('options', this.position);
      return asked ? asked.moves.map((m) => this.fromEngine(m)) : [];
    }

    describe(win) {
      if (this.data.type === 'coins') return w.say('play.coins.hint', { places: this.core.joinAnd(win, w) });
      if (this.data.type === 'heaps') return this.core.describeHeapMove(win, w);
      return this.core.describeNimMove(win, w);
    }

    playSelection() {
      if (this.busy) return;
      const places = [...this.selected].sort((a, b) => a - b);
      if (!places.length) return this.say(w.say('play.coins.select-first'));
      const asked = this.askEngine('play', this.position, places);
      if (!asked || !asked.move) {
        const last = places[places.length - 1];
        const coin = this.svgBox.querySelector(`[data-place="${last}"]`);
        // Every coin-turning game here turns a heads coin rightmost; past that, the game's own rule refuses.
        const why = this.position[last - 1] !== 'H'
          ? w.say('play.coins.shows-tails', { place: last })
          : w.say('play.coins.not-a-move', { places: places.join(', '), game: this.gameName() });
        return this.refuse(coin, why);
      }
      this.playerMove(places, w.say('play.coins.you-turned', { places: places.join(', ') }));
    }

    apply(move) {
      const c = this.core;
      if (this.data.type === 'coins') return c.applyCoinMove(this.position, move);
      if (this.data.type === 'heaps') return c.applyHeapMove(this.position, move);
      return c.applyNimMove(this.position, move);
    }

    over() {
      if (!this.engineGame()) return this.options().length === 0;
      return this.chosenMove(this.position) === null;
    }

    /** The position's value (misère Nim: the nim-sum of its heaps, shown beside its outcome). */
    valueOf(position) {
      if (!this.engineGame()) return this.core.siteValue(this.data, position);
      const engine = engineNow();
      const asked = this.data.misere ? engine && engine.value('nim', position.join(',')) : this.askEngine('value', position);
      return asked && !asked.error ? asked.value : '?';
    }

    /**
     * The machine's reply: the engine's winning move when there is one; with
     * none, a random one of the engine's options (in Nim one taking a stone
     * or two, keeping the game long for the reader to go wrong in), or null
     * when no move is left.
     */
    reply() {
      if (!this.engineGame()) return this.core.siteReply(this.data, this.position);
      const win = this.winningMove();
      if (win) return { move: win, winning: true };
      if (this.data.type === 'nim') {
        const all = this.options();
        if (!all.length) return null;
        const small = all.filter((m) => m.take <= 2);
        const from = small.length ? small : all;
        return { move: from[Math.floor(Math.random() * from.length)], winning: false };
      }
      const move = this.chosenMove(this.position);
      return move ? { move, winning: false } : null;
    }

    machineWords(move) {
      if (this.data.type === 'coins') return w.say('play.coins.i-turned', { places: this.core.joinAnd(move, w) });
      if (this.data.type === 'heaps') return w.say('play.heaps.i-chose', { move: this.core.describeHeapMove(move, w) });
      return w.say('play.heaps.i-took', { take: move.take, ordinal: this.core.ordinal(move.heap + 1, w) });
    }

    draw() {
      return this.data.type === 'coins' ? this.drawCoins() : this.drawHeaps();
    }

    drawn() {
      if (this.data.type === 'heaps' && this.selectedHeap !== null && this.selectedHeap !== undefined) {
        this.svgBox.appendChild(this.moveList(this.selectedHeap));
      }
      this.renderTable();
      this.renderNearest();
    }

    /** Focuses the element at the remembered place in the order of the drawing's buttons. */
    refocus() {
      const focusable = this.svgBox.querySelectorAll('[tabindex]');
      if (focusable.length) focusable[Math.min(this.focus, focusable.length - 1)].focus();
    }

    /** Remembers the place of the piece focused in the order of the drawing's pieces. */
    focused(target) {
      const all = [...this.svgBox.querySelectorAll('svg [tabindex]')];
      this.focus = Math.max(0, all.indexOf(target.closest('[tabindex]')));
    }

    /**
     * The engine's nearest P-position to `row` within the figure's radius:
     * {row, distance, ties, flips}, null when none is that near, undefined
     * when the engine gave no answer.
     */
    nearestTo(row) {
      const asked = this.askEngine('nearest', row, this.data.nearest);
      return asked ? asked.nearest : undefined;
    }

    renderNearest() {
      if (!this.nearestLine) return;
      const value = this.valueOf(this.position);
      const near = this.nearestTo(this.position);
      let said;
      if (near === undefined) said = w.say('play.nearest.no-answer');
      else if (!near) said = w.say('play.nearest.none-within', { radius: this.data.nearest });
      else if (near.distance === 0) said = w.say('play.nearest.itself');
      else {
        const args = { ties: near.ties, flips: near.flips.join(', '), row: near.row };
        said = w.count(near.ties === 1 ? 'play.nearest.nearest' : 'play.nearest.nearest-of', near.distance, args);
      }
      this.nearestLine.textContent = `${w.say('play.nearest.value', { value })} ${said}`;
    }

    /**
     * The terms of the reasoning table for a position: each head's one-coin
     * value, each heap's value (the engine's, or a site's game's table).
     */
    reasoningItems(position) {
      const one = (p) => (this.engineGame() ? (this.askEngine('value', p) || {}).value : this.data.values[Number(p)]);
      if (this.data.type === 'coins') return this.core.headPlaces(position).map((p) => ({ label: w.say('play.table.place', { place: p }), value: one(`${'T'.repeat(p - 1)}H`) }));
      if (this.data.type === 'heaps') return position.map((h, i) => ({ label: w.say('play.table.heap-size', { heap: i + 1, size: h }), value: one(String(h)) }));
      const engine = engineNow();
      return position.map((h, i) => ({ label: w.say('play.table.heap-row', { heap: i + 1 }), value: engine.value('nim', String(h)).value }));
    }

    /** The reasoning table's rows: each term and its binary digits, then the position's value (the engine's) as the XOR. */
    reasoningRows(position) {
      const items = this.reasoningItems(position);
      const total = this.valueOf(position);
      const width = Math.max(1, ...items.map((it) => it.value.toString(2).length), total.toString(2).length);
      const rows = items.map((it) => ({ label: it.label, value: it.value, bits: this.core.binary(it.value, width) }));
      rows.push({ label: w.say('play.table.total'), value: total, bits: this.core.binary(total, width) });
      return rows;
    }

    renderTable() {
      if (this.table.hidden) return;
      const rows = this.reasoningRows(this.position);
      this.table.replaceChildren();
      const head = this.table.insertRow();
      for (const key of [this.data.type === 'coins' ? 'play.table.head' : 'play.table.heap', 'play.table.value', 'play.table.binary']) {
        const th = document.createElement('th');
        th.textContent = w.say(key);
        head.appendChild(th);
      }
      rows.forEach((r, i) => {
        const tr = this.table.insertRow();
        if (i === rows.length - 1) tr.className = 'grundy-xor';
        tr.insertCell().textContent = r.label;
        tr.insertCell().textContent = String(r.value);
        const bits = tr.insertCell();
        bits.className = 'grundy-bits';
        bits.textContent = r.bits;
      });
    }

    moveFocus(delta) {
      const all = [...this.svgBox.querySelectorAll('svg [tabindex]')];
      if (!all.length) return false;
      const next = Math.min(all.length - 1, Math.max(0, this.focus + delta));
      all[next].focus();
      return true;
    }

    /** Arrows, Home and End between the pieces of a row. */
    pieceKey(key) {
      if (key === 'ArrowRight' || key === 'ArrowDown') return this.moveFocus(1);
      if (key === 'ArrowLeft' || key === 'ArrowUp') return this.moveFocus(-1);
      if (key === 'Home') return this.moveFocus(-Infinity);
      if (key === 'End') return this.moveFocus(Infinity);
      return false;
    }

    /**
     * A tap on stone `s` of heap `i` (of `h`): in Nim the stone and those
     * above go; in another heap game the move taking that many, when the
     * game has it (several: its moves are listed), else the reason why not.
     */
    takeStone(g, i, h, s) {
      if (this.busy) return this.refuse(g, w.say('play.game.wait'));
      const take = h - s;
      const ordinal = this.core.ordinal(i + 1, w);
      if (this.data.type !== 'heaps') return this.playerMove({ heap: i, take }, w.say('play.heaps.you-took', { take, ordinal }));
      const moves = this.options().filter((m) => m.heap === i && m.take === take);
      const name = this.gameName();
      if (!moves.length) {
        const can = [...new Set(this.options().filter((m) => m.heap === i && m.take).map((m) => m.take))].sort((a, b) => a - b);
        const key = can.length ? 'play.heaps.not-a-move-can' : 'play.heaps.not-a-move';
        return this.refuse(g, w.say(key, { take, ordinal, game: name, can: can.join(', ') }));
      }
      if (moves.length === 1) return this.playerMove(moves[0], w.say('play.heaps.you-chose', { move: this.core.describeHeapMove(moves[0], w) }));
      this.selectedHeap = i;
      this.selectedTake = take;
      this.render();
      const first = this.svgBox.querySelector('.grundy-moves button');
      if (first) first.focus();
    }

    /** Marks the stones a tap on stone `s` of heap `i` would take (hover and focus). */
    preview(svg, i, s, on) {
      for (const g of svg.querySelectorAll(`[data-heap="${i}"][data-stone]`)) {
        g.classList.toggle('g-going', on && Number(g.dataset.stone) >= s);
      }
    }

    /**
     * A tap on the bridge that takes `take` from both heaps (Wythoff's extra
     * move): the engine's move taking that many from each, else the reason why not.
     */
    takeBoth(g, take) {
      if (this.busy) return this.refuse(g, w.say('play.game.wait'));
      const move = this.options().find((m) => m.both && m.take === take);
      if (!move) return this.refuse(g, w.say('play.heaps.not-both', { take, game: this.gameName() }));
      this.playerMove(move, w.say('play.heaps.you-chose', { move: this.core.describeHeapMove(move, w) }));
    }

    /** Marks the stones a tap on a bridge would take from both heaps: the top `take` of each. */
    previewBoth(svg, take, on) {
      for (const g of svg.querySelectorAll('[data-heap][data-stone]')) {
        g.classList.toggle('g-going', on && Number(g.dataset.stone) >= Number(g.dataset.size) - take);
      }
    }

    /**
     * The bridges between two heaps (Wythoff's game), one by each stone of
     * the shorter heap, in the middle column: a tap takes as many from both
     * heaps as a tap on that stone takes from the shorter one.
     */
    drawBridges(svg, heaps, cx, base, pitch, column, next) {
      const c = this.core;
      const hint = this.hint && this.hint.both ? this.hint.take : 0;
      for (let s = 0; s < Math.min(...heaps); s++) {
        const cy = base - pitch / 2 - pitch * s;
        const take = c.bridgeTake(heaps, s);
        const g = el('g', { class: `g-bridge-button${take === hint ? ' g-hint' : ''}`, 'data-bridge': s, 'data-take': take });
        g.appendChild(el('rect', { x: cx - column / 2 + 2, y: cy - pitch / 2, width: column - 4, height: pitch, class: 'g-hit' }));
        g.appendChild(el('rect', { x: cx - column / 2 + 4, y: cy - pitch / 2 + 2, width: column - 8, height: pitch - 4, rx: 4, class: 'g-focus-ring' }));
        g.appendChild(el('line', { x1: cx - column / 2 + 10, y1: cy, x2: cx + column / 2 - 10, y2: cy, class: 'g-bridge', 'stroke-width': Math.max(2, pitch / 5), 'stroke-linecap': 'round' }));
        const myOrder = next();
        const [first, second] = heaps.map((h) => h - take);
        this.focusable(
          g,
          w.say('play.heaps.bridge', { take, first, second }),
          () => {
            this.focus = myOrder;
            this.takeBoth(g, take);
          },
          (key) => this.pieceKey(key),
        );
        for (const [type, on] of [['pointerenter', true], ['pointerleave', false], ['focus', true], ['blur', false]]) {
          g.addEventListener(type, () => this.previewBoth(svg, take, on));
        }
        svg.appendChild(g);
      }
    }

    drawCoins() {
      const row = this.position;
      const n = row.length;
      // The geometry of the static row (data.layout, from kinds/figures/coin_row.rs).
      const L = this.data.layout;
      const { step, margin } = L, r = L.radius;
      // The playable drawing's own layout, not the static figure's: a line of
      // coins 70 high, the first centred 40 down, 100 high in all for one
      // line; a tap target a step wide; focus and difference rings.
      const rise = 70;
      // Long rows (Mogul's 24 coins) wrap as the static figures do.
      const perLine = n > L.wrapAfter ? L.wrapLine : n;
      const lines = Math.ceil(n / perLine);
      const height = 100 + rise * (lines - 1);
      const svg = this.root(Math.max(L.minWidth, 2 * margin + step * (perLine - 1) + 2 * r), height, w.say('play.coins.label', { game: this.gameName() }));
      const hint = new Set(this.hint || []);
      const flipped = new Set(this.moved ? this.moved.move : []);
      // Rows shown with their nearest P-position ring the coins that differ from it.
      const near = this.data.nearest ? this.nearestTo(row) : null;
      const differ = new Set(near ? near.flips : []);
      for (let p = 1; p <= n; p++) {
        const x = margin + r + step * ((p - 1) % perLine);
        const y = 40 + rise * Math.floor((p - 1) / perLine);
        const head = row[p - 1] === 'H';
        const g = el('g', { class: `g-coin${this.selected.has(p) ? ' g-selected' : ''}${hint.has(p) ? ' g-hint' : ''}`, 'data-place': p });
        // The whole place is the tap target: a step wide, from above the coin to below its number.
        g.appendChild(el('rect', { x: x - step / 2 + 1, y: y - r - 6, width: step - 2, height: 2 * r + 28, class: 'g-hit' }));
        g.appendChild(el('circle', { cx: x, cy: y, r: r + 5, class: 'g-focus-ring' }));
        if (differ.has(p)) g.appendChild(el('circle', { cx: x, cy: y, r: r + 3, class: 'g-move g-differs', 'stroke-width': 2, 'stroke-dasharray': '5 3' }));
        g.appendChild(el('circle', { cx: x, cy: y, r, class: head ? 'g-head' : 'g-tail', 'stroke-width': 1.5 }));
        // The coin's letter is drawn over it, outside the button: the button's
        // name ("place 3, heads") says what the letter shows, and its visible
        // text is the place's number, which the name holds too.
        const letter = el('text', { x, y: y + 5, class: `${head ? 'g-head-ink' : 'g-tail-ink'}${flipped.has(p) ? ' g-flip' : ''}`, 'text-anchor': 'middle', 'font-size': L.text, 'aria-hidden': 'true', 'pointer-events': 'none' }, head ? 'H' : 'T');
        g.appendChild(el('text', { x, y: y + r + L.numberDrop, class: 'g-muted', 'text-anchor': 'middle', 'font-size': L.textSmall }, String(p)));
        g.setAttribute('aria-pressed', String(this.selected.has(p)));
        if (flipped.has(p)) g.classList.add('g-flip');
        this.focusable(
          g,
          w.say(head ? 'play.coins.heads' : 'play.coins.tails', { place: p }),
          (how) => {
            if (this.busy) return this.refuse(g, w.say('play.game.wait'));
            this.focus = p - 1;
            // Enter on a chosen coin turns the coins chosen; a click or Space chooses and unchooses.
            if (how === 'Enter' && this.selected.has(p)) return this.playSelection();
            if (this.selected.has(p)) this.selected.delete(p);
            else this.selected.add(p);
            const chosen = [...this.selected].sort((a, b) => a - b);
            this.say(chosen.length ? w.say('play.coins.chosen', { places: chosen.join(', ') }) : w.say('play.coins.none-chosen'));
            this.render();
          },
          (key) => this.pieceKey(key),
        );
        svg.appendChild(g);
        svg.appendChild(letter);
      }
      const value = this.shownValue(row);
      if (value !== null) svg.appendChild(el('text', { x: margin, y: height - 4, class: 'g-ink', 'font-size': L.text }, w.say('play.game.value', { value })));
      return svg;
    }

    drawHeaps() {
      const heaps = this.position;
      // The geometry of the static figure (data.layout, from
      // kinds/figures/heaps.rs): a stone is a tap target a column wide and a
      // pitch tall.
      const L = this.data.layout;
      const column = L.column;
      const tallest = Math.max(1, ...this.initialMax());
      const pitch = Math.min(L.pitchMax, Math.max(L.pitchMin, L.pitchArea / tallest));
      const base = L.top + tallest * pitch;
      const general = this.data.type === 'heaps';
      // Two heaps with a move from both (Wythoff's game) stand in the first
      // and third columns, the bridges that take from both between them.
      const columns = heaps.map((h, i) => (this.data.both ? 2 * i : i));
      // Misère heaps say their outcome beside the nim-sum: room for the longer line.
      const width = Math.max(L.minWidth, column * (Math.max(...columns) + 1) + 2 * L.left, this.data.misere ? L.minWidth + 60 : 0);
      const svg = this.root(width, base + L.bottom, general ? w.say('play.heaps.label', { game: this.gameName() }) : w.say('play.heaps.nim-label'));
      const hint = this.hint;
      let order = 0;
      heaps.forEach((h, i) => {
        const cx = L.left + column * (columns[i] + 0.5);
        if (this.data.both && i === 1) this.drawBridges(svg, heaps, L.left + column * 1.5, base, pitch, column, () => order++);
        for (let s = 0; s < h; s++) {
          const cy = base - pitch / 2 - pitch * s;
          const take = h - s;
          const hinted = hint && s >= h - this.core.stonesTaken(hint, i);
          // A hint from both heaps marks its bridge as the piece to tap, and the stones it takes as taken.
          const mark = hinted ? (hint.both ? ' g-hint-taken' : ' g-hint') : '';
          const chosen = general && this.selectedHeap === i;
          const g = el('g', { class: `g-stone-button${mark}${chosen ? ' g-selected' : ''}`, 'data-heap': i, 'data-size': h, 'data-stone': s });
          g.appendChild(el('rect', { x: cx - column / 2 + 2, y: cy - pitch / 2, width: column - 4, height: pitch, class: 'g-hit' }));
          g.appendChild(el('circle', { cx, cy, r: pitch / 2 - 1, class: 'g-focus-ring' }));
          g.appendChild(el('circle', { cx, cy, r: pitch / 2 - L.stoneGap, class: 'g-stone', 'stroke-width': 1.5 }));
          const myOrder = order++;
          this.focusable(
            g,
            w.say('play.heaps.stone', { heap: i + 1, stone: s + 1, size: h, take, left: s }),
            () => {
              this.focus = myOrder;
              this.takeStone(g, i, h, s);
            },
            (key) => this.pieceKey(key),
          );
          for (const [type, on] of [['pointerenter', true], ['pointerleave', false], ['focus', true], ['blur', false]]) {
            g.addEventListener(type, () => this.preview(svg, i, s, on));
          }
          svg.appendChild(g);
        }
        // The stones the last move took, drawn leaving (a take from this heap, not a split).
        const took = this.core.stonesTaken(this.moved && this.moved.move, i);
        if (took && this.moved.from[i] === h + took) {
          for (let s = h; s < h + took; s++) {
            const cy = base - pitch / 2 - pitch * s;
            svg.appendChild(el('circle', { cx, cy, r: pitch / 2 - L.stoneGap, class: 'g-stone g-leaving', 'stroke-width': 1.5, 'aria-hidden': 'true' }));
          }
        }
        svg.appendChild(el('text', { x: cx, y: base + L.sizeDrop, class: 'g-ink', 'text-anchor': 'middle', 'font-size': L.text }, String(h)));
      });
      const floor = base + L.floorDrop;
      svg.appendChild(el('line', { x1: L.floorInset, y1: floor, x2: width - L.floorInset, y2: floor, class: 'g-line' }));
      // A misère heap game has no value: its line is the outcome alone.
      const said = { value: this.valueOf(heaps), outcome: this.data.misere ? this.outcomeOf(heaps) : '' };
      const lineKey = general && this.data.misere ? 'play.heaps.misere'
        : general ? 'play.game.value' : this.data.misere ? 'play.heaps.nim-sum-misere' : 'play.heaps.nim-sum';
      const line = w.say(lineKey, said);
      if (this.shownValue(heaps) !== null) svg.appendChild(el('text', { x: L.left, y: base + L.sumDrop, class: 'g-ink', 'font-size': L.text }, line));
      return svg;
    }

    moveList(i) {
      const box = document.createElement('div');
      box.className = 'grundy-moves';
      box.setAttribute('role', 'group');
      const ordinal = this.core.ordinal(i + 1, w);
      box.setAttribute('aria-label', w.say('play.heaps.moves-from', { ordinal }));
      const moves = this.options().filter((m) => m.heap === i && (this.selectedTake === undefined || this.selectedTake === null || m.take === this.selectedTake));
      if (!moves.length) box.textContent = w.say('play.heaps.no-move', { ordinal });
      for (const move of moves) {
        const b = document.createElement('button');
        b.type = 'button';
        const words = this.core.describeHeapMove(move, w);
        b.textContent = this.core.describeHeapMoveHere(move, w);
        b.addEventListener('click', () => {
          if (!this.busy) this.playerMove(move, w.say('play.heaps.you-chose', { move: words }));
        });
        box.appendChild(b);
      }
      return box;
    }

    initialMax() {
      return Array.isArray(this.initial) ? this.initial.concat(this.position) : [0];
    }
  }

  /**
   * The quotient line under a misère heap game: the element of the position
   * and what it says, short enough for one line of a desktop column.
   */
  function quotientWords(element, inP) {
    return w.say(inP ? 'play.heaps.quotient-in' : 'play.heaps.quotient-out', { element });
  }

  /**
   * Sets the min-height of `node` (a line of text) to the height of the
   * longest of `texts` at its present width, without changing what it says.
   */
  function reserveText(node, texts) {
    const probe = node.cloneNode(false);
    probe.removeAttribute('role');
    probe.removeAttribute('aria-live');
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = `position:absolute;visibility:hidden;min-height:0;width:${node.getBoundingClientRect().width}px`;
    node.after(probe);
    let most = Math.max(parseFloat(node.style.minHeight) || 0, node.getBoundingClientRect().height);
    for (const text of texts) {
      probe.textContent = text;
      most = Math.max(most, probe.getBoundingClientRect().height);
    }
    probe.remove();
    node.style.minHeight = `${Math.ceil(most)}px`;
  }

  // What pins.js builds on (and the quotient line's words, which the browser checks measure).
  window.GrundyPlay = { Controller, el, withScript, quotientWords, words: w };

  // The game logic, and the history of moves stepped through (step-core.js).
  // The page's words first (words.js, which base.html loads before this file).
  const begin = () => withScript('words.js', 'GrundyWords', () =>
    withScript('play-core.js', 'GrundyPlayCore', (core) => withScript('step-core.js', 'GrundyStepCore', () => start(core))));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin);
  else begin();
})();
