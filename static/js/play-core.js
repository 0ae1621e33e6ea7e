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

  /**
   * Every legal move from a row: a list of place lists (head last). Rules
   * embedded as "turn up to k coins" (data.upTo) have too many moves to
   * list; for them this is only the one-coin moves, and the functions below
   * search the moves instead.
   */
  function coinMoves(data, row) {
    const moves = [];
    for (const head of headPlaces(row)) {
      if (data.upTo) moves.push([head]);
      else for (const move of data.moves[head - 1] || []) moves.push(move);
    }
    return moves;
  }

  /** Whether turning `places` is a legal move from `row`. */
  function isLegalCoinMove(data, row, places) {
    const sorted = [...places].sort((a, b) => a - b);
    if (data.upTo) {
      const distinct = sorted.every((p, i) => i === 0 || p !== sorted[i - 1]);
      const inside = sorted.every((p) => Number.isInteger(p) && p >= 1 && p <= row.length);
      const head = sorted[sorted.length - 1];
      return sorted.length >= 1 && sorted.length <= data.upTo && distinct && inside && row[head - 1] === 'H';
    }
    const key = sorted.join(',');
    return coinMoves(data, row).some((m) => [...m].sort((a, b) => a - b).join(',') === key);
  }

  /**
   * At most `left` places among 1..below-1 (each at most once, increasing)
   * whose values XOR to `target`, or null: a depth-first search in the order
   * of the place lists.
   */
  function subsetWithXor(values, below, left, target) {
    const chosen = [];
    function search(from, acc) {
      if (acc === target) return true;
      if (chosen.length === left) return false;
      for (let p = from; p < below; p++) {
        chosen.push(p);
        if (search(p + 1, acc ^ values[p - 1])) return true;
        chosen.pop();
      }
      return false;
    }
    return search(1, 0) ? chosen : null;
  }

  /** A move to a row of value 0, or null when the row's value is 0. */
  function coinWinningMove(data, row) {
    const value = coinValue(data, row);
    if (value === 0) return null;
    if (data.upTo) {
      // Turning head h and coins S left of it leaves value ^ g(h) ^ XOR(S):
      // a winning move is an S with XOR(S) = value ^ g(h). Heads with
      // value ^ g(h) < g(h) first: by the mex, such a head always has one.
      const heads = headPlaces(row).sort((a, b) => {
        const ka = (value ^ data.values[a - 1]) < data.values[a - 1] ? 0 : 1;
        const kb = (value ^ data.values[b - 1]) < data.values[b - 1] ? 0 : 1;
        return ka - kb || a - b;
      });
      for (const h of heads) {
        const rest = subsetWithXor(data.values, h, data.upTo - 1, value ^ data.values[h - 1]);
        if (rest) return rest.concat([h]);
      }
      return null;
    }
    for (const move of coinMoves(data, row)) {
      if (nimSum(move.map((p) => data.values[p - 1])) === value) return move;
    }
    return null;
  }

  /** A random legal move of a "turn up to k coins" rule, or null with no head. */
  function randomUpToMove(data, row, random) {
    const heads = headPlaces(row);
    if (!heads.length) return null;
    const head = heads[Math.floor(random() * heads.length)];
    const count = Math.min(head - 1, Math.floor(random() * data.upTo));
    const left = [];
    for (let p = 1; p < head; p++) left.push(p);
    const move = [];
    for (let i = 0; i < count; i++) move.push(left.splice(Math.floor(random() * left.length), 1)[0]);
    return move.sort((a, b) => a - b).concat([head]);
  }

  /**
   * The P-position nearest a row in Hamming distance, searching flips of at
   * most `radius` coins in the order of their place lists (as the engine
   * does): {row, distance, flips, ties}, or null when none is that close.
   */
  function nearestCodeword(data, row, radius) {
    const target = coinValue(data, row);
    const n = row.length;
    for (let size = 0; size <= radius; size++) {
      let first = null;
      let ties = 0;
      const chosen = [];
      (function search(from, acc) {
        if (chosen.length === size) {
          if (acc === target) {
            ties++;
            if (!first) first = chosen.slice();
          }
          return;
        }
        for (let p = from; p <= n; p++) {
          chosen.push(p);
          search(p + 1, acc ^ data.values[p - 1]);
          chosen.pop();
        }
      })(1, 0);
      if (first) return { row: applyCoinMove(row, first), distance: size, flips: first, ties };
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

  /** A misère Nim position's key in the engine's table: its sizes above 0, increasing ("1,3"). */
  function misereKey(heaps) {
    return heaps.filter((h) => h > 0).sort((a, b) => a - b).join(',');
  }

  /** The outcome ('P' or 'N') of a misère Nim position, from the engine's table (undefined off it). */
  function misereOutcome(data, heaps) {
    return data.outcomes[misereKey(heaps)];
  }

  /** A misère Nim move to a P-position of the engine's table, or null when there is none. */
  function misereWinningMove(data, heaps) {
    if (misereOutcome(data, heaps) !== 'N') return null;
    for (const move of nimMoves(heaps)) {
      if (misereOutcome(data, applyNimMove(heaps, move)) === 'P') return move;
    }
    return null;
  }

  /** The value of a position of a heap game: the XOR of its heaps' values. */
  function heapValue(data, heaps) {
    return nimSum(heaps.map((h) => data.values[h]));
  }

  /** The legal moves of a heap game: {heap (from 0), take, left (heaps left in its place)}. */
  function heapMoves(data, heaps) {
    const moves = [];
    heaps.forEach((h, i) => {
      for (const [take, left] of data.options[h] || []) moves.push({ heap: i, take, left });
    });
    return moves;
  }

  /** Heaps after a move of a heap game: the heap replaced by what is left (0 when nothing). */
  function applyHeapMove(heaps, move) {
    const left = move.left.length ? move.left : [0];
    return heaps.slice(0, move.heap).concat(left, heaps.slice(move.heap + 1));
  }

  /** A move of a heap game to value 0, or null when the value is already 0. */
  function heapWinningMove(data, heaps) {
    const total = heapValue(data, heaps);
    if (total === 0) return null;
    for (const move of heapMoves(data, heaps)) {
      const target = total ^ data.values[heaps[move.heap]];
      if (nimSum(move.left.map((h) => data.values[h])) === target) return move;
    }
    return null;
  }

  /** A move in words: "take 1 from heap 2, leaving 1 + 3". */
  function describeHeapMove(move) {
    const left = move.left.length ? move.left.join(' + ') : 'nothing';
    return move.take ? `take ${move.take} from heap ${move.heap + 1}, leaving ${left}` : `split heap ${move.heap + 1} into ${left}`;
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
   * coins, an array of heap sizes for Nim (played misère when data.misere).
   */
  function machineMove(data, position, random) {
    const rnd = random || Math.random;
    if (data.type === 'coins') {
      const win = coinWinningMove(data, position);
      if (win) return { move: win, winning: true };
      if (data.upTo) {
        const move = randomUpToMove(data, position, rnd);
        return move ? { move, winning: false } : null;
      }
      const moves = coinMoves(data, position);
      return moves.length ? { move: pick(moves, rnd), winning: false } : null;
    }
    if (data.type === 'heaps') {
      const win = heapWinningMove(data, position);
      if (win) return { move: win, winning: true };
      const moves = heapMoves(data, position);
      return moves.length ? { move: pick(moves, rnd), winning: false } : null;
    }
    const win = data.misere ? misereWinningMove(data, position) : nimWinningMove(position);
    if (win) return { move: win, winning: true };
    return nimStallingMove(position, rnd);
  }

  /**
   * The machine's move in Nim when every move loses: a stone or two from a
   * random non-empty heap, keeping as much of the game as it can for the
   * reader to go wrong in. Null when no stone is left.
   */
  function nimStallingMove(heaps, random) {
    const filled = heaps.map((h, i) => i).filter((i) => heaps[i] > 0);
    if (!filled.length) return null;
    const heap = pick(filled, random);
    const take = Math.min(heaps[heap], 1 + Math.floor(random() * 2));
    return { move: { heap, take }, winning: false };
  }

  /** Whether the player to move has no move left. */
  function isOver(data, position) {
    if (data.type === 'coins') return coinMoves(data, position).length === 0;
    if (data.type === 'heaps') return heapMoves(data, position).length === 0;
    return position.every((h) => h === 0);
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

  /** Random heaps (1..max each) of a heap game with a non-zero value. */
  function randomHeapGame(data, count, max, random) {
    const rnd = random || Math.random;
    const top = Math.min(max, data.values.length - 1);
    for (let tries = 0; tries < 1000; tries++) {
      const heaps = [];
      for (let i = 0; i < count; i++) heaps.push(1 + Math.floor(rnd() * top));
      if (heapValue(data, heaps) !== 0) return heaps;
    }
    return data.heaps.slice();
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
    let items;
    if (data.type === 'coins') {
      items = headPlaces(position).map((p) => ({ label: `place ${p}`, value: data.values[p - 1] }));
    } else if (data.type === 'heaps') {
      items = position.map((h, i) => ({ label: `heap ${i + 1} (${h})`, value: data.values[h] }));
    } else {
      items = position.map((h, i) => ({ label: `heap ${i + 1}`, value: h }));
    }
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
    subsetWithXor,
    randomUpToMove,
    nearestCodeword,
    nimMoves,
    applyNimMove,
    nimWinningMove,
    nimStallingMove,
    misereKey,
    misereOutcome,
    misereWinningMove,
    seededRandom,
    machineMove,
    isOver,
    randomCoinRow,
    randomNimHeaps,
    heapValue,
    heapMoves,
    applyHeapMove,
    heapWinningMove,
    describeHeapMove,
    randomHeapGame,
    binary,
    reasoningRows,
  };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyPlayCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
