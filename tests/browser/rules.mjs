// The games' rules, written again here from their definitions so that the
// tests judge the page by something other than the page's own logic.

/** XOR of a list of numbers. */
export function xor(numbers) {
  return numbers.reduce((a, b) => a ^ b, 0);
}

/** The places (from 1) showing heads in a row like "TTHTH". */
export function heads(row) {
  const out = [];
  for (let i = 0; i < row.length; i++) if (row[i] === 'H') out.push(i + 1);
  return out;
}

/**
 * Turning Turtles: turn one coin from heads to tails, and optionally one coin
 * to its left, either way. Returns why `places` is not a move of `row`, or null.
 */
export function turtleMoveError(row, places) {
  const sorted = [...new Set(places)].sort((a, b) => a - b);
  if (sorted.length !== places.length) return `places repeated in ${places.join(', ')}`;
  if (sorted.length < 1 || sorted.length > 2) return `${sorted.length} coins turned (a move turns one or two)`;
  if (sorted.some((p) => p < 1 || p > row.length)) return `a place outside 1..${row.length}`;
  const right = sorted[sorted.length - 1];
  if (row[right - 1] !== 'H') return `the rightmost turned coin, at ${right}, shows tails`;
  return null;
}

/** Every Turning Turtles move from `row`, each a list of places. */
export function turtleMoves(row) {
  const moves = [];
  for (const h of heads(row)) {
    moves.push([h]);
    for (let q = 1; q < h; q++) moves.push([q, h]);
  }
  return moves;
}

/** The row after turning the coins at `places`. */
export function turn(row, places) {
  const coins = row.split('');
  for (const p of places) coins[p - 1] = coins[p - 1] === 'H' ? 'T' : 'H';
  return coins.join('');
}

/** The value of a Turning Turtles row: the XOR of its head places. */
export function turtleValue(row) {
  return xor(heads(row));
}

/** Whether `a` and `b` hold the same numbers, in any order. */
export function sameSet(a, b) {
  const x = [...a].sort((p, q) => p - q).join(',');
  const y = [...b].sort((p, q) => p - q).join(',');
  return x === y;
}
