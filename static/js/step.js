// Explorable figures: the `step` behaviour (see explore.js). A mex ladder
// steps one option at a time to its mex: Step, Back, Show all and Reset (and
// the arrow keys, Home and End on those buttons) reveal the options of the
// static drawing in order, each with its value, mark on the number line the
// values seen so far and ring the smallest one not yet seen; at the end the
// mex is ringed and stated as the engine's value of the position. The values
// and the mex are the engine's (the figure's `ladder` data); the state and
// the words are step-core.js's, loaded next to this file.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';

  /** Loads words.js and step-core.js (once) and calls `then` with the core. */
  const withCore = (then) => window.GrundyExplore.load('words.js', 'GrundyWords', () => window.GrundyExplore.load('step-core.js', 'GrundyStepCore', then));

  /** The page's words (words.js). */
  const w = {
    say: (key, args) => window.GrundyWords.say(key, args),
    count: (key, n, args) => window.GrundyWords.count(key, n, args),
  };

  function button(step, text) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.step = step;
    b.textContent = text;
    return b;
  }

  /** One mex ladder made steppable, over its own static drawing. */
  class Ladder {
    constructor(core, figure) {
      this.core = core;
      this.figure = figure;
      this.ladder = figure.grundyExplore.ladder;
      this.svg = figure.querySelector('.grundy-drawing svg');
    }

    init() {
      const svg = this.svg;
      // A ladder whose data cannot be read stays the static figure it is.
      if (!svg || !Array.isArray(this.ladder.options) || (this.ladder.more && !Array.isArray(this.ladder.more.values))) return;
      this.steps = this.core.ladderSteps(this.ladder);
      this.at = this.steps;
      this.rows = [...svg.querySelectorAll('[data-option]')].sort((a, b) => a.dataset.option - b.dataset.option);
      this.more = svg.querySelector('[data-more]');
      this.marks = [...svg.querySelectorAll('[data-mark]')];
      this.mexText = svg.querySelector('[data-mex]');
      this.moves = this.rows.map((r) => r.querySelector('text').textContent);
      const width = svg.viewBox.baseVal.width;
      // A band behind each row, shown on the option just revealed.
      for (const row of this.rows) {
        const y = Number(row.querySelector('text').getAttribute('y'));
        const band = document.createElementNS(SVG, 'rect');
        for (const [k, v] of Object.entries({ x: 8, y: y - 17, width: width - 16, height: 24, rx: 4, class: 'g-step-here' })) band.setAttribute(k, String(v));
        row.prepend(band);
      }
      this.controls = document.createElement('div');
      this.controls.className = 'grundy-controls grundy-step-controls';
      this.controls.setAttribute('role', 'group');
      this.controls.setAttribute('aria-label', w.say('play.ladder.group'));
      this.buttons = {
        reset: button('reset', w.say('play.ladder.reset')),
        back: button('back', w.say('play.ladder.back')),
        step: button('step', w.say('play.ladder.step')),
        all: button('all', w.say('play.ladder.all')),
      };
      this.controls.append(...Object.values(this.buttons));
      this.status = document.createElement('p');
      this.status.className = 'grundy-status grundy-step-status';
      this.status.setAttribute('role', 'status');
      this.status.setAttribute('aria-live', 'polite');
      this.controls.append(this.status);
      this.controls.addEventListener('click', (e) => {
        const b = e.target.closest('button[data-step]');
        if (b) this.act(b.dataset.step);
      });
      this.controls.addEventListener('keydown', (e) => {
        const act = { ArrowRight: 'step', ArrowDown: 'step', ArrowLeft: 'back', ArrowUp: 'back', Home: 'reset', End: 'all' }[e.key];
        if (!act || !e.target.closest('button')) return;
        e.preventDefault();
        this.act(act);
        // The key acts for the whole group: keep the focus on a button that can still act.
        const next = this.buttons[act];
        if (next && next.getAttribute('aria-disabled') !== 'true') next.focus();
      });
      // The static summary states the end; the status line says each step instead.
      const summary = this.figure.querySelector('.grundy-summary');
      if (summary) summary.hidden = true;
      this.svg.closest('.grundy-drawing').after(this.controls);
      this.reserve();
      window.addEventListener('resize', () => this.reserve());
      this.show(true);
    }

    act(what) {
      const to = { reset: 0, back: this.at - 1, step: this.at + 1, all: this.steps }[what];
      if (to === undefined || to < 0 || to > this.steps) return;
      this.at = to;
      // Reset and Show all jump: no option is the one just revealed.
      this.show(what === 'reset' || what === 'all');
    }

    /** The ladder after `at` steps; `jumped` when no option is the one just revealed. */
    state(at, jumped) {
      const state = this.core.ladderState(this.ladder, at);
      return jumped ? { ...state, current: null } : state;
    }

    words(at, jumped) {
      // The buttons say what they do: at rest the line states the ladder only.
      return this.core.ladderWords(this.ladder, this.state(at, jumped), this.moves, w);
    }

    /** The room the longest status line takes at the figure's width, so that stepping moves nothing below. */
    reserve() {
      const probe = this.status.cloneNode(false);
      probe.removeAttribute('role');
      probe.removeAttribute('aria-live');
      probe.setAttribute('aria-hidden', 'true');
      probe.style.cssText = `position:absolute;visibility:hidden;min-height:0;width:${this.status.getBoundingClientRect().width}px`;
      this.controls.append(probe);
      let most = 0;
      for (let k = 0; k <= this.steps; k++) {
        for (const jumped of [false, true]) {
          probe.textContent = this.words(k, jumped);
          most = Math.max(most, probe.getBoundingClientRect().height);
        }
      }
      probe.remove();
      this.status.style.minHeight = `${Math.ceil(most)}px`;
    }

    /** Draws the state after `this.at` steps and says it; `jumped` after Reset, Show all and at first. */
    show(jumped) {
      const state = this.state(this.at, jumped);
      this.rows.forEach((row, i) => {
        row.classList.toggle('g-step-hidden', i >= state.shown);
        row.classList.toggle('g-step-current', i === state.current);
      });
      if (this.more) this.more.classList.toggle('g-step-hidden', !(state.done && this.ladder.more));
      const seen = new Set(state.seen);
      for (const mark of this.marks) {
        const v = Number(mark.dataset.mark);
        const mex = state.done && v === this.ladder.mex;
        mark.classList.remove('g-mex', 'g-bar', 'g-cell');
        mark.classList.add(mex ? 'g-mex' : seen.has(v) ? 'g-bar' : 'g-cell');
        mark.setAttribute('stroke-width', mex ? '2.5' : '1');
        mark.classList.toggle('g-step-candidate', !state.done && v === state.candidate);
      }
      if (this.mexText) {
        this.mexText.classList.toggle('g-step-hidden', !state.done);
        this.mexText.textContent = `mex = ${this.ladder.mex}`;
      }
      this.figure.dataset.step = String(state.at);
      const disable = (b, off) => b.setAttribute('aria-disabled', String(off));
      disable(this.buttons.reset, state.at === 0);
      disable(this.buttons.back, state.at === 0);
      disable(this.buttons.step, state.done);
      disable(this.buttons.all, state.done);
      this.status.textContent = this.words(state.at, jumped);
    }
  }

  window.GrundyStep = {
    /** Makes every mex ladder among `figures` steppable. */
    start(figures) {
      withCore((core) => {
        for (const figure of figures) {
          if (figure.grundyExplore.ladder && !figure.grundyStep) {
            figure.grundyStep = new Ladder(core, figure);
            figure.grundyStep.init();
          }
        }
      });
    },
  };
})();
