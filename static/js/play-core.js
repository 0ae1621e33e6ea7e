// What playable figures keep without the DOM and without a game's rules:
// applying a move the engine gave (or one the reader chose, which the engine
// played), a move in words (in the page's words, words.js, passed as `w`), the binary digits of the reasoning table, a
// seeded random generator. Values, outcomes, legal moves, winning moves,
// the machine's replies and the nearest P-position are the engine's
// (engine.js, the module in the page); only a site's own games (`site:NAME`,
// Rhai scripts the module does not hold) are played by looking up the
// tables the build embedded for them (values, options), as their only source.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyPlayCore)
// and as a CommonJS module by the tests.
(function (root) {
  'use strict';

  /** The places (from 1) showing heads in a row like "TTHTH". */
  function headPlaces(row) {
    const out = [];
    for (let i = 0; i < row.length; i++) if (row[i] === 'H') out.push(i + 1);
    return out;
  }

  /** The row after turning the coins at `places`. */
  function applyCoinMove(row, places) {
    const coins = row.split('');
    for (const p of places) coins[p - 1] = coins[p - 1] === 'H' ? 'T' : 'H';
    return coins.join('');
  }

  /** Heaps after taking `take` from heap `heap`. */
  function applyNimMove(heaps, move) {
    return heaps.map((h, i) => (i === move.heap ? h - move.take : h));
  }

  /**
   * Heaps after a move of a heap game: the heap replaced by what is left (0
   * when nothing); a take from both heaps (Wythoff's) lowers each by `take`.
   */
  function applyHeapMove(heaps, move) {
    if (move.both) return heaps.map((h) => h - move.take);
    const left = move.left.length ? move.left : [0];
    return heaps.slice(0, move.heap).concat(left, heaps.slice(move.heap + 1));
  }

  /** How many stones `move` takes from heap `i`: a take from both heaps takes from each. */
  function stonesTaken(move, i) {
    if (!move) return 0;
    if (move.both) return move.take;
    return move.heap === i ? move.take : 0;
  }

  /**
   * How many stones the bridge at step `s` between two heaps takes from
   * both: as many as a tap on stone `s` of the shorter heap takes from it
   * (0 where the shorter heap has no stone `s`).
   */
  function bridgeTake(heaps, s) {
    return Math.max(0, Math.min(...heaps) - s);
  }

  /**
   * A heap's place in words, counted from the first: "first" to "tenth",
   * then "11th", "21st" (as the engine's words say it: "heap 1" would read
   * as a heap of one). `w` holds the page's words (words.js).
   */
  function ordinal(n, w) {
    if (n >= 1 && n <= 10) return w.say(`play.ordinal.${n}`);
    const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
    return w.say(`play.ordinal.${suffix}`, { n });
  }

  /** Items joined pairwise by the words' "and": "1 and 3 and 5". */
  function joinAnd(items, w) {
    return items.map(String).reduce((first, last) => w.say('play.list.and', { first, last }));
  }

  /** What a heap move leaves of its heap: "1 + 3", or "nothing". */
  function leftWords(move, w) {
    return move.left.length ? move.left.join(' + ') : w.say('play.move.nothing');
  }

  /** A move in words: "take 1 from the second heap, leaving 1 + 3"; "take 3 from both heaps, leaving 3 and 5". */
  function describeHeapMove(move, w) {
    if (move.both) {
      const [first, second] = move.from.map((h) => h - move.take);
      return w.say('play.move.take-both', { take: move.take, first, second });
    }
    const args = { take: move.take, ordinal: ordinal(move.heap + 1, w), left: leftWords(move, w) };
    return w.say(move.take ? 'play.move.take' : 'play.move.split', args);
  }

  /** A move in the list of moves from its heap, the heap unsaid: "take 1, leaving 1 + 3"; "split into 2 + 2". */
  function describeHeapMoveHere(move, w) {
    return w.say(move.take ? 'play.move.take-here' : 'play.move.split-here', { take: move.take, left: leftWords(move, w) });
  }

  /** A move of Nim in words: "take 2 from the first heap". */
  function describeNimMove(move, w) {
    return w.say('play.move.take-nim', { take: move.take, ordinal: ordinal(move.heap + 1, w) });
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

  /** `n` in binary, padded to `width` digits. */
  function binary(n, width) {
    return n.toString(2).padStart(width, '0');
  }

  // A site's own games, from the tables the build embedded (values[n] of a
  // heap of n, options[n] its moves as [take, left]).

  /** The value of heaps of a site's game: the XOR of the embedded heap values. */
  function siteValue(data, heaps) {
    return heaps.reduce((x, h) => x ^ data.values[h], 0);
  }

  /** The embedded moves of heaps of a site's game: {heap (from 0), take, left}. */
  function siteMoves(data, heaps) {
    const moves = [];
    heaps.forEach((h, i) => {
      for (const [take, left] of data.options[h] || []) moves.push({ heap: i, take, left });
    });
    return moves;
  }

  /** A move of a site's game to value 0, or null when there is none. */
  function siteWinningMove(data, heaps) {
    return siteMoves(data, heaps).find((m) => siteValue(data, applyHeapMove(heaps, m)) === 0 && siteValue(data, heaps) !== 0) || null;
  }

  /** The machine's reply in a site's game: winning when it can, else random; null with no move. */
  function siteReply(data, heaps, random) {
    const win = siteWinningMove(data, heaps);
    if (win) return { move: win, winning: true };
    const moves = siteMoves(data, heaps);
    return moves.length ? { move: moves[Math.floor((random || Math.random)() * moves.length)], winning: false } : null;
  }

  /** Random heaps (1..max each) of a site's game with a non-zero value. */
  function siteRandomHeaps(data, count, max, random) {
    const rnd = random || Math.random;
    const top = Math.min(max, data.values.length - 1);
    for (let tries = 0; tries < 1000; tries++) {
      const heaps = [];
      for (let i = 0; i < count; i++) heaps.push(1 + Math.floor(rnd() * top));
      if (siteValue(data, heaps) !== 0) return heaps;
    }
    return data.heaps.slice();
  }

  const core = {
    headPlaces,
    applyCoinMove,
    applyNimMove,
    applyHeapMove,
    stonesTaken,
    bridgeTake,
    describeHeapMove,
    describeHeapMoveHere,
    describeNimMove,
    ordinal,
    joinAnd,
    seededRandom,
    binary,
    siteValue,
    siteMoves,
    siteWinningMove,
    siteReply,
    siteRandomHeaps,
  };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyPlayCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
