// The rules the checks judge the page by, written out here and not taken
// from the page's scripts (which ask the engine in the page): a row of pins'
// legal knocks from where its figure's data says a knock may fall
// (`data.falls`), its value from the `grundy` binary; a coin row's moves
// from its game's turning code (CGSuite's, as `grundy games` lists the
// built-in ones), read here; Nim's moves.

import { engineValue } from './engine.mjs';

/** The runs of standing pins: [first place (from 1), length]. */
export function segments(row) {
  const out = [];
  String(row).replace(/\|+/g, (run, at) => out.push([at + 1, run.length]));
  return out;
}

/** The binary's value of a row of pins, asked as its runs (heaps of the same game). */
export function pinValue(data, row) {
  const runs = segments(row).map(([, n]) => n);
  return engineValue(data.game, runs.length ? runs.join(',') : '0').value;
}

/** Every legal knock on `row`, left to right: where a knock of `count` pins may fall is `data.falls[count]`. */
export function pinKnocks(data, row) {
  const out = [];
  for (const [start, len] of segments(row)) {
    for (let first = start; first < start + len; first++) {
      for (let count = 1; count < data.falls.length && first + count <= start + len; count++) {
        const left = first - start;
        const right = start + len - first - count;
        const at = left === 0 && right === 0 ? 'whole' : left > 0 && right > 0 ? 'inside' : 'end';
        if (data.falls[count].includes(at)) out.push({ first, count });
      }
    }
  }
  return out;
}

export function isLegalKnock(data, row, knock) {
  return pinKnocks(data, row).some((k) => k.first === knock.first && k.count === knock.count);
}

export function pinsOver(data, row) {
  return pinKnocks(data, row).length === 0;
}

/** The built-in coin games' turning codes. */
const CODES = { 'turning-turtles': '1-2', 'mock-turtles': '1-3', ruler: '1+C', twins: '2', moebius: '1-5', mogul: '1-7' };

/**
 * A coin game's rule from its name (a built-in one or `turning:CODE`): how
 * many coins a move may turn (`counts`, a list of [least, most]) and where
 * the others lie (`shape`: 'any' left of the head, 'run' ending at it, or a
 * window of that many places ending at it). Null for another name.
 */
export function coinRule(game) {
  const code = String(game).startsWith('turning:') ? game.slice('turning:'.length) : CODES[game];
  const m = code && /^([\d,+-]+)(C(?:\((\d+)\))?)?$/i.exec(code.replace(/\s/g, ''));
  if (!m) return null;
  const counts = m[1].split(',').map((item) => {
    if (item.endsWith('+')) return [Number(item.slice(0, -1)), Infinity];
    const [lo, hi] = item.split('-').map(Number);
    return [lo, hi === undefined ? lo : hi];
  });
  return { counts, shape: !m[2] ? 'any' : m[3] ? Number(m[3]) : 'run' };
}

/** The most coins a move of `rule` turns ("turn up to k"), or Infinity. */
export function mostTurned(rule) {
  return Math.max(...rule.counts.map(([, hi]) => hi));
}

/** Why turning `places` on `row` is not a move of `rule`, or null when it is one. */
export function coinMoveError(rule, row, places) {
  const sorted = [...new Set(places)].sort((a, b) => a - b);
  if (sorted.length !== places.length) return `places repeated in ${places.join(', ')}`;
  if (sorted.some((p) => !Number.isInteger(p) || p < 1 || p > row.length)) return `a place outside 1..${row.length}`;
  const k = sorted.length;
  if (!rule.counts.some(([lo, hi]) => k >= lo && k <= hi)) return `${k} coins turned (a move turns ${rule.counts.map(([lo, hi]) => (hi === Infinity ? `${lo} or more` : lo === hi ? lo : `${lo} to ${hi}`)).join(' or ')})`;
  const head = sorted[k - 1];
  if (row[head - 1] !== 'H') return 'the rightmost turned coin shows tails';
  if (rule.shape === 'run' && sorted[0] !== head + 1 - k) return 'the coins turned are not a run ending at the rightmost';
  if (typeof rule.shape === 'number' && head - sorted[0] >= rule.shape) return `the coins turned lie beyond a window of ${rule.shape}`;
  return null;
}

/** Every move of `rule` on `row` (place lists, each increasing), for rows short enough to list. */
export function coinMoves(rule, row) {
  const out = [];
  for (let head = 1; head <= row.length; head++) {
    if (row[head - 1] !== 'H') continue;
    for (let mask = 0; mask < 2 ** (head - 1); mask++) {
      const places = [];
      for (let p = 1; p < head; p++) if (mask & (1 << (p - 1))) places.push(p);
      places.push(head);
      if (!coinMoveError(rule, row, places)) out.push(places);
    }
  }
  return out;
}

/** Nim's moves: {heap (from 0), take}. */
export function nimMoves(heaps) {
  const out = [];
  heaps.forEach((h, heap) => {
    for (let take = 1; take <= h; take++) out.push({ heap, take });
  });
  return out;
}
