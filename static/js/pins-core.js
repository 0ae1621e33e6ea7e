// The game logic of a playable row of pins (figure pin-row), without the
// DOM: a row is a string of `|` (a standing pin) and `.` (a gap), places
// count from 1. A knock fells `count` adjacent pins from place `first`;
// where in its run of pins it may fall comes from the engine's reading of
// the octal code (data.falls[count] lists "whole", "end" or "inside"), and
// so do the values (data.values[n] is a run of n pins), so the page and the
// engine agree and the page decodes no code.
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

  /** The value of a row: the XOR of its runs' values. */
  function pinValue(data, row) {
    return segments(row).reduce((x, [, n]) => x ^ data.values[n], 0);
  }

  /** Where a knock leaving `left` pins before it and `right` after it in its run falls. */
  function fallsAt(left, right) {
    if (left === 0 && right === 0) return 'whole';
    if (left > 0 && right > 0) return 'inside';
    return 'end';
  }

  /** Whether a knock of `count` pins may fall there (data.falls, from the engine). */
  function allowed(data, count, left, right) {
    return data.falls[count].includes(fallsAt(left, right));
  }

  /** Every legal knock, left to right, fewest pins first at each place: {first, count}. */
  function pinKnocks(data, row) {
    const out = [];
    const most = data.falls.length - 1;
    for (const [start, len] of segments(row)) {
      for (let first = start; first < start + len; first++) {
        for (let count = 1; count <= most && first + count <= start + len; count++) {
          if (allowed(data, count, first - start, start + len - first - count)) {
            out.push({ first, count });
          }
        }
      }
    }
    return out;
  }

  /** Whether `knock` is a legal move from `row`. */
  function isLegalKnock(data, row, knock) {
    return pinKnocks(data, row).some((k) => k.first === knock.first && k.count === knock.count);
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

  /** A knock to a row of value 0 (the leftmost, fewest pins first), or null. */
  function pinWinningKnock(data, row) {
    if (pinValue(data, row) === 0) return null;
    for (const knock of pinKnocks(data, row)) {
      if (pinValue(data, applyKnock(row, knock)) === 0) return knock;
    }
    return null;
  }

  /** "pin 3", "pins 3 and 4", "pins 3, 4 and 5". */
  function describeKnock(knock) {
    const places = knockPlaces(knock);
    if (places.length === 1) return `pin ${places[0]}`;
    return `pins ${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
  }

  /**
   * The machine's reply: a winning knock when there is one, otherwise a
   * random legal knock, or null when no knock is left.
   */
  function pinMachineMove(data, row, random) {
    const win = pinWinningKnock(data, row);
    if (win) return { move: win, winning: true };
    const knocks = pinKnocks(data, row);
    if (!knocks.length) return null;
    const rnd = random || Math.random;
    return { move: knocks[Math.floor(rnd() * knocks.length)], winning: false };
  }

  /** Whether the player to move has no knock left. */
  function pinsOver(data, row) {
    return pinKnocks(data, row).length === 0;
  }

  /** A random row of `length` places (about three pins in four standing) of non-zero value. */
  function randomPinRow(data, length, random) {
    const rnd = random || Math.random;
    for (let tries = 0; tries < 1000; tries++) {
      let row = '';
      for (let i = 0; i < length; i++) row += rnd() < 0.75 ? '|' : '.';
      if (pinValue(data, row) !== 0) return row;
    }
    return data.row;
  }

  const core = {
    segments,
    pinValue,
    pinKnocks,
    isLegalKnock,
    applyKnock,
    knockPlaces,
    pinWinningKnock,
    describeKnock,
    pinMachineMove,
    pinsOver,
    randomPinRow,
  };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyPinsCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
