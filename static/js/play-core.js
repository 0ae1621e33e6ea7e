// The game logic of playable figures, without the DOM: positions, legal
// moves, values and the opponent's choice of move. Coin games are played
// from the data the engine embeds in the page (the rule's moves for each
// head and the one-coin values), so the page and the engine agree.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyPlayCore)
// and as a CommonJS module by the tests.
(function (root) {
  'use strict';

  /** XOR of a list of numbers. */
  function nimSum(numbers) {
    return numbers.reduce((a, b) => a ^ b, 0);
  }

  /** The places (from 1) showing heads in a row like "TTHTH". */
  function headPlaces(row) {
    const out = [];
    for (let i = 0; i < row.length; i++) if (row[i] === 'H') out.push(i + 1);
    return out;
  }

  /** The value of a row: the XOR of the one-coin values of its heads. */
  function coinValue(data, row) {
    return nimSum(headPlaces(row).map((p) => data.values[p - 1]));
  }

  /** The row after turning the coins at `places`. */
  function applyCoinMove(row, places) {
    const coins = row.split('');
    for (const p of places) coins[p - 1] = coins[p - 1] === 'H' ? 'T' : 'H';
    return coins.join('');
  }

  /** Every legal move from a row: a list of place lists (head last). */
  function coinMoves(data, row) {
    const moves = [];
    for (const head of headPlaces(row)) {
      for (const move of data.moves[head - 1] || []) moves.push(move);
    }
    return moves;
  }

  /** Whether turning `places` is a legal move from `row`. */
  function isLegalCoinMove(data, row, places) {
    const key = [...places].sort((a, b) => a - b).join(',');
    return coinMoves(data, row).some((m) => [...m].sort((a, b) => a - b).join(',') === key);
  }

  /** A move to a row of value 0, or null when the row's value is 0. */
  function coinWinningMove(data, row) {
    const value = coinValue(data, row);
    if (value === 0) return null;
    for (const move of coinMoves(data, row)) {
      if (nimSum(move.map((p) => data.values[p - 1])) === value) return move;
    }
    return null;
  }

  /** The legal Nim moves: {heap (from 0), take}. */
  function nimMoves(heaps) {
    const moves = [];
    heaps.forEach((h, i) => {
      for (let take = 1; take <= h; take++) moves.push({ heap: i, take });
    });
    return moves;
  }

  /** Heaps after taking `take` from heap `heap`. */
  function applyNimMove(heaps, move) {
    return heaps.map((h, i) => (i === move.heap ? h - move.take : h));
  }

  /** A move to nim-sum 0, or null when the nim-sum is already 0. */
  function nimWinningMove(heaps) {
    const s = nimSum(heaps);
    if (s === 0) return null;
    for (let i = 0; i < heaps.length; i++) {
      const target = heaps[i] ^ s;
      if (target < heaps[i]) return { heap: i, take: heaps[i] - target };
    }
    return null;
  }

  /** A small seeded random generator (mulberry32) returning floats in [0, 1). */
  function seededRandom(seed) {
    let a = seed >>> 0;
    return function () {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function pick(list, random) {
    return list[Math.floor(random() * list.length)];
  }

  /**
   * The machine's reply: a winning move when there is one, otherwise a random
   * legal move, or null when no move is left. Positions: a row string for
   * coins, an array of heap sizes for Nim.
   */
  function machineMove(data, position, random) {
    const rnd = random || Math.random;
    if (data.type === 'coins') {
      const win = coinWinningMove(data, position);
      if (win) return { move: win, winning: true };
      const moves = coinMoves(data, position);
      return moves.length ? { move: pick(moves, rnd), winning: false } : null;
    }
    const win = nimWinningMove(position);
    if (win) return { move: win, winning: true };
    const moves = nimMoves(position);
    return moves.length ? { move: pick(moves, rnd), winning: false } : null;
  }

  /** Whether the player to move has no move left. */
  function isOver(data, position) {
    return data.type === 'coins' ? coinMoves(data, position).length === 0 : position.every((h) => h === 0);
  }

  /** A random row of the given length with a non-zero value (an N-position). */
  function randomCoinRow(data, length, random) {
    const rnd = random || Math.random;
    for (let tries = 0; tries < 1000; tries++) {
      let row = '';
      for (let i = 0; i < length; i++) row += rnd() < 0.5 ? 'H' : 'T';
      if (coinValue(data, row) !== 0) return row;
    }
    return 'T'.repeat(length - 1) + 'H';
  }

  /** Random Nim heaps (1..max each) with a non-zero nim-sum. */
  function randomNimHeaps(count, max, random) {
    const rnd = random || Math.random;
    for (;;) {
      const heaps = [];
      for (let i = 0; i < count; i++) heaps.push(1 + Math.floor(rnd() * max));
      if (nimSum(heaps) !== 0) return heaps;
    }
  }

  /** `n` in binary, padded to `width` digits. */
  function binary(n, width) {
    return n.toString(2).padStart(width, '0');
  }

  /**
   * The rows of the reasoning table for a position: a label, a number and its
   * binary digits for each head (or heap), then the XOR.
   */
  function reasoningRows(data, position) {
    const items =
      data.type === 'coins'
        ? headPlaces(position).map((p) => ({ label: `place ${p}`, value: data.values[p - 1] }))
        : position.map((h, i) => ({ label: `heap ${i + 1}`, value: h }));
    const total = nimSum(items.map((it) => it.value));
    const width = Math.max(1, ...items.map((it) => it.value.toString(2).length));
    const rows = items.map((it) => ({ label: it.label, value: it.value, bits: binary(it.value, width) }));
    rows.push({ label: 'XOR', value: total, bits: binary(total, width) });
    return rows;
  }

  const core = {
    nimSum,
    headPlaces,
    coinValue,
    applyCoinMove,
    coinMoves,
    isLegalCoinMove,
    coinWinningMove,
    nimMoves,
    applyNimMove,
    nimWinningMove,
    seededRandom,
    machineMove,
    isOver,
    randomCoinRow,
    randomNimHeaps,
    binary,
    reasoningRows,
  };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyPlayCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
