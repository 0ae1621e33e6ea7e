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

  const list = (values) => (values.length ? values.join(', ') : 'none');

  /**
   * What the ladder's status line says after a step: `moves[i]` is the i-th
   * option in words (as the drawing writes it), `label` the position.
   */
  function ladderWords(ladder, state, moves) {
    const total = ladder.options.length + (ladder.more ? ladder.more.count : 0);
    const of = `${total} option${total === 1 ? '' : 's'}`;
    if (state.at === 0) {
      if (total === 0) return `No options: nothing is seen, so the mex is ${ladder.mex}, the value of ${ladder.label}.`;
      return `No option seen yet, so the smallest value not seen is 0. Step to reveal the first of ${of}.`;
    }
    let what = '';
    if (state.current === 'more') {
      what = `The other ${ladder.more.count} options have values ${list(ladder.more.values)}.`;
    } else if (state.current !== null) {
      const o = ladder.options[state.current];
      what = `Option ${state.current + 1} of ${total}: ${moves[state.current] || o.position} has value ${o.value}.`;
    }
    if (!state.done) {
      if (!what) return `${state.at} of ${of} shown. Seen: ${list(state.seen)}. Smallest value not yet seen: ${state.candidate}.`;
      return `${what} Seen: ${list(state.seen)}. Smallest value not yet seen: ${state.candidate}.`;
    }
    const end = `All ${of} seen: ${list(state.seen)}. The mex is ${ladder.mex}: ${ladder.label} has value ${ladder.value}.`;
    const wrong = state.agrees ? '' : ` (The values shown miss ${state.candidate} first, not ${ladder.mex}: the figure's data is inconsistent.)`;
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
