// A playable row of pins (figure pin-row) without the DOM and without the
// game's rules: a row is a string of `|` (a standing pin) and `.` (a gap),
// places count from 1, and a knock fells `count` adjacent pins from place
// `first`. Which knocks are legal, the values and the winning knock are the
// engine's (engine.js), asked of the row as its runs of pins, heaps of the
// same octal game; this file reads the runs, applies a knock, says it in
// words, and tells which of the engine's heap moves a knock is.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyPinsCore)
// and as a CommonJS module by the tests.
(function (root) {
  'use strict';

  /** The runs of standing pins: [first place (from 1), length], left to right. */
  function segments(row) {
    const out = [];
    let start = 0;
    for (let i = 0; i <= row.length; i++) {
      const pin = i < row.length && row[i] === '|';
      if (pin && !start) start = i + 1;
      if (!pin && start) {
        out.push([start, i + 1 - start]);
        start = 0;
      }
    }
    return out;
  }

  /** The row after a knock. */
  function applyKnock(row, knock) {
    const places = row.split('');
    for (let p = knock.first; p < knock.first + knock.count; p++) places[p - 1] = '.';
    return places.join('');
  }

  /** The places a knock fells, from 1. */
  function knockPlaces(knock) {
    return Array.from({ length: knock.count }, (_, i) => knock.first + i);
  }

  /** "pin 3", "pins 3 and 4", "pins 3, 4 and 5", in the page's words (`w`, words.js). */
  function describeKnock(knock, w) {
    const places = knockPlaces(knock);
    if (places.length === 1) return w.say('play.pins.single', { place: places[0] });
    const list = w.say('play.list.and', { first: places.slice(0, -1).join(', '), last: places[places.length - 1] });
    return w.say('play.pins.several', { places: list });
  }

  /**
   * Whether `knock` on `row` is the engine's heap move `action` (`{take:
   * {heap, take, left}}`, heaps from 1 being the runs of pins): it fells
   * that many pins of that run and leaves the parts the move leaves.
   */
  function isKnockOf(row, knock, action) {
    const take = action && action.take;
    if (!take) return false;
    const runs = segments(row);
    const run = runs[take.heap - 1];
    if (!run || knock.count !== take.take) return false;
    const [start, len] = run;
    if (knock.first < start || knock.first + knock.count > start + len) return false;
    const parts = [knock.first - start, start + len - knock.first - knock.count].filter((n) => n > 0).sort((a, b) => a - b);
    const left = take.left.slice().sort((a, b) => a - b);
    return String(parts) === String(left);
  }

  const core = {
    segments,
    applyKnock,
    knockPlaces,
    describeKnock,
    isKnockOf,
  };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyPinsCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
