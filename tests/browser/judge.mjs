// The rules the checks judge the page by, written out here and not taken
// from the page's scripts (which ask the engine in the page): a row of pins'
// legal knocks from where its figure's data says a knock may fall
// (`data.falls`), its value from the `grundy` binary; a coin row's moves
// from the moves its figure's data lists; Nim's moves.

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

/** The moves a coin figure's data lists for each head of `row` (place lists). */
export function coinMoves(data, row) {
  const out = [];
  for (let p = 1; p <= row.length; p++) if (row[p - 1] === 'H') out.push(...(data.moves[p - 1] || []));
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
