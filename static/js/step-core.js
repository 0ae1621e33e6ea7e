// Stepping through, without the DOM: the states of a mex ladder revealed one
// option at a time, and the history of a played game with the reason for
// each move. The values come from the figure's data, which the engine wrote
// (`ladder` in a mex ladder's explore data, with the mex of the values seen
// after each step; the one-coin and heap values of a playable figure);
// nothing here knows a game's rules or computes a mex.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyStepCore)
// and as a CommonJS module by the tests.
(function (root) {
  'use strict';

  /** How many steps a ladder has: one per listed option, one more for the options left unlisted. */
  function ladderSteps(ladder) {
    return ladder.options.length + (ladder.more ? 1 : 0);
  }

  /**
   * The ladder after `k` steps (clamped to 0..steps): how many listed options
   * are shown, the one just shown (or null), the values seen so far (each
   * once, increasing), the smallest value not yet seen (the engine's, from
   * `ladder.missing`), and at the end the engine's mex and whether the
   * figure's data agrees with itself.
   */
  function ladderState(ladder, k) {
    const steps = ladderSteps(ladder);
    const at = Math.max(0, Math.min(steps, Math.floor(Number(k)) || 0));
    const shown = Math.min(at, ladder.options.length);
    const values = ladder.options.slice(0, shown).map((o) => o.value);
    const moreShown = !!ladder.more && at === steps;
    if (moreShown) values.push(...ladder.more.values);
    const seen = [...new Set(values)].sort((a, b) => a - b);
    // The engine's mex of the values seen so far (the build wrote one per step).
    const candidate = ladder.missing[at];
    const done = at === steps;
    return {
      at,
      steps,
      shown,
      current: at === 0 ? null : moreShown ? 'more' : at - 1,
      seen,
      candidate,
      done,
      mex: done ? ladder.mex : null,
      agrees: done ? candidate === ladder.mex && ladder.mex === ladder.value : null,
    };
  }

  /** The values seen, "1, 3", or the page's word for none. */
  const list = (values, w) => (values.length ? values.join(', ') : w.say('play.ladder.none-seen'));

  /**
   * What the ladder's status line says after a step, in the page's words
   * (`w`, words.js): `moves[i]` is the i-th option in words (as the drawing
   * writes it), `label` the position.
   */
  function ladderWords(ladder, state, moves, w) {
    const total = ladder.options.length + (ladder.more ? ladder.more.count : 0);
    if (state.at === 0) {
      if (total === 0) return w.say('play.ladder.no-options', { mex: ladder.mex, label: ladder.label });
      return w.count('play.ladder.start', total);
    }
    const seen = w.say('play.ladder.seen', { seen: list(state.seen, w), candidate: state.candidate });
    let what = '';
    if (state.current === 'more') {
      what = w.count('play.ladder.more', ladder.more.count, { values: list(ladder.more.values, w) });
    } else if (state.current !== null) {
      const o = ladder.options[state.current];
      what = w.say('play.ladder.option', { at: state.current + 1, total, move: moves[state.current] || o.position, value: o.value });
    }
    if (!state.done) {
      if (!what) return `${w.count('play.ladder.shown', total, { at: state.at })} ${seen}`;
      return `${what} ${seen}`;
    }
    const end = w.count('play.ladder.end', total, { seen: list(state.seen, w), mex: ladder.mex, label: ladder.label, value: ladder.value });
    const wrong = state.agrees ? '' : ` ${w.say('play.ladder.inconsistent', { candidate: state.candidate, mex: ladder.mex })}`;
    return `${what ? `${what} ` : ''}${end}${wrong}`;
  }

  /** A new history: the starting position, no moves. */
  function historyStart(position) {
    return { entries: [{ position, move: null, by: null, words: '', reason: '' }], at: 0 };
  }

  /**
   * The history after a move from the step shown: the moves after that step
   * are cut off, the new one added and shown. `entry` is {position (after
   * the move), move, by ('you' or 'machine'), words, reason}.
   */
  function historyRecord(history, entry) {
    const entries = history.entries.slice(0, history.at + 1).concat([entry]);
    return { entries, at: entries.length - 1 };
  }

  /** The history showing step `i` (clamped to its moves). */
  function historyGoTo(history, i) {
    return { entries: history.entries, at: Math.max(0, Math.min(history.entries.length - 1, i)) };
  }

  /** "move 3 of 5" (the start is move 0), in the page's words (`w`, words.js). */
  function historyLabel(history, w) {
    return w.say('play.history.label', { at: history.at, last: history.entries.length - 1 });
  }

  /**
   * Why a move was made, from the value it leaves: the machine's winning
   * move leaves 0; with none it moves at random; a reader's move is said to
   * leave 0 or not. In the page's words (`w`, words.js).
   */
  function moveReason(by, leaves, winning, w) {
    if (by === 'machine') return w.say(winning ? 'play.reason.machine-winning' : 'play.reason.machine-random', { value: leaves });
    return w.say(leaves === 0 ? 'play.reason.you-zero' : 'play.reason.you-other', { value: leaves });
  }

  const core = {
    ladderSteps,
    ladderState,
    ladderWords,
    historyStart,
    historyRecord,
    historyGoTo,
    historyLabel,
    moveReason,
  };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyStepCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
