// The logic of editable figures (edit.js), without the DOM: reading a
// position the reader types, changing one coin, heap or pin, and asking the
// engine in the page (engine.js, `GrundyEngine.current()`, passed as
// `engine`) for its value, its terms and its winning move, by the game's
// name and the position in the calculator's notation. A position is taken
// up to what the figure can draw (MOST_PLACES coins, heaps of MOST_HEAP,
// MOST_PINS places of pins); past that, the engine's own limits decide, and
// its refusals are worded by engine.js. A row of pins is asked as its runs of
// pins (heaps of the same game), an XOR table of numbers as Nim heaps. A
// site's own games (`site:NAME`, Rhai scripts the module does not hold) are
// looked up in the tables the build embedded, within their bound. Nothing
// here computes a game's rule.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyEditCore,
// after GrundyPlayCore and GrundyPinsCore) and as a CommonJS module by the
// tests.
(function (root) {
  'use strict';

  const node = typeof module === 'object' && module.exports;
  const play = node ? require('./play-core.js') : root.GrundyPlayCore;
  const pins = node ? require('./pins-core.js') : root.GrundyPinsCore;
  const engines = node ? require('./engine.js') : root.GrundyEngine;

  /** The most coins a row may have to be drawn (`figure coin-row`'s limit, MAX_EDIT_PLACES). */
  const MOST_PLACES = 26;
  /** The largest heap a game's board draws, and the most stones an editor draws of a heap (MAX_DRAWN_HEAP). */
  const MOST_HEAP = 40;
  /** The most places a drawn row of pins has (MAX_DRAWN_PLACES). */
  const MOST_PINS = 30;

  /** Whether the figure's game is a site's own (`site:NAME`), valued from the build's tables. */
  const isSite = (t) => /^site:/.test(t.game || '');

  /** The engine that values this figure's positions: null for a site's own game. */
  function engineFor(t, engine) {
    return engine && !isSite(t) ? engine : null;
  }

  /**
   * What a figure edits and the tables it values with: the figure's `edit`
   * data, or for a playable figure (`edit.play`) its game's data with the
   * bounds the `edit` data states. `kind` is `coins`, `nim`, `heaps`, `pins`
   * or, for an XOR table, `row`, `numbers` or `xor-heaps`.
   */
  function tables(explore, playData) {
    const edit = explore.edit || {};
    const t = edit.play && playData ? Object.assign({}, playData, edit) : Object.assign({}, edit);
    if (explore.shows === 'xor') t.kind = t.type === 'heaps' ? 'xor-heaps' : t.type;
    else if (explore.shows === 'pins') t.kind = 'pins';
    else if (explore.shows === 'coins') t.kind = 'coins';
    else t.kind = t.type === 'nim' ? 'nim' : 'heaps';
    t.game = explore.game;
    return t;
  }

  /** The largest entry of the embedded table a kind needs, stated by the build. */
  function bound(t) {
    if (t.kind === 'heaps') return Math.min(t.bound, t.values.length - 1);
    return t.bound;
  }

  /**
   * The most digits of a number typed: 15 digits are exact in JavaScript's
   * numbers, and the engine's own limits come long before for every game but
   * Nim.
   */
  const MOST_DIGITS = 15;

  /** A list of whole numbers typed with commas or spaces, or null. */
  function readList(text) {
    const parts = String(text).trim().split(/[\s,]+/).filter(Boolean);
    if (!parts.length || !parts.every((p) => /^\d+$/.test(p))) return null;
    return parts.map((p) => (p.replace(/^0+(?=\d)/, '').length > MOST_DIGITS ? Infinity : Number(p)));
  }

  /**
   * The position the reader typed: `{position}` (a row string or a list of
   * numbers), or `{error}` in the page's words (`w`, words.js) when it
   * cannot be read or leaves what was embedded.
   */
  function parse(t, text, engine, w) {
    const raw = String(text).trim();
    const asked = !isSite(t);
    if (t.kind === 'coins' || t.kind === 'row') {
      const row = raw.toUpperCase();
      if (!/^[HT]+$/.test(row)) return { error: w.say('play.edit.type-coins') };
      if (row.length > MOST_PLACES) return { error: w.say('play.edit.most-coins', { most: MOST_PLACES, n: row.length }) };
      if (t.kind === 'row' && !row.includes('H')) return { error: w.say('play.edit.no-head') };
      return { position: row };
    }
    if (t.kind === 'pins') {
      if (!/^[|.]+$/.test(raw)) return { error: w.say('play.edit.type-pins') };
      if (raw.length > MOST_PINS) return { error: w.say('play.edit.most-places', { most: MOST_PINS, n: raw.length }) };
      return { position: raw };
    }
    const list = readList(raw);
    // Numbers (an XOR table of numbers) or heap sizes.
    const numbers = t.kind === 'numbers';
    if (!list) return { error: w.say(numbers ? 'play.edit.type-numbers' : 'play.edit.type-heaps') };
    if (list.includes(Infinity)) return { error: w.say(numbers ? 'play.edit.digits-numbers' : 'play.edit.digits-heaps', { most: MOST_DIGITS }) };
    const most = t.kind === 'nim' || t.kind === 'heaps' ? t.heaps : t.rows;
    if (list.length > most) return { error: w.say(numbers ? 'play.edit.most-numbers' : 'play.edit.most-heaps', { most, n: list.length }) };
    if (asked && (t.kind === 'nim' || t.kind === 'heaps')) {
      // A game's board draws its heaps stone by stone, up to MOST_HEAP; an
      // editor draws MOST_HEAP stones of a larger heap and says its size, so
      // that the engine's own limit is the limit.
      const huge = list.find((n) => n > MOST_HEAP);
      if (t.play && huge !== undefined) return { error: w.say('play.edit.past-board', { most: MOST_HEAP, big: huge }) };
      const refused = engine && engine.value(t.game, notation(list));
      if (refused && refused.error) return { error: engines.refusal(refused.error, w) };
      return { position: list };
    }
    const big = list.find((n) => n > bound(t));
    if (big !== undefined) {
      // Values embedded (a site's own game's heaps), or a table drawn of numbers or of heaps.
      const key = t.kind === 'nim' || t.kind === 'heaps' ? 'play.edit.past-values' : t.kind === 'numbers' ? 'play.edit.past-numbers' : 'play.edit.past-heaps';
      return { error: w.say(key, { most: bound(t), big }) };
    }
    return { position: list };
  }

  /** A position in the calculator's notation: `TTHTH`, `3,5,7`, `||.|||`. */
  function notation(position) {
    return Array.isArray(position) ? position.join(',') : position;
  }

  /** Reads a position given in the calculator's notation (grundySetPosition). */
  function fromNotation(t, text, engine, w) {
    return parse(t, text, engine, w);
  }

  /** The row with the coin at place `p` (from 1) turned over. */
  function flip(row, p) {
    return play.applyCoinMove(row, [p]);
  }

  /** The row with the pin at place `p` knocked down, or stood up again. */
  function togglePin(row, p) {
    const places = row.split('');
    places[p - 1] = places[p - 1] === '|' ? '.' : '|';
    return places.join('');
  }

  /**
   * Heaps after the reader chooses the `slot`-th place (from 0, bottom up)
   * of heap `i`: the heap then reaches that stone, or loses it when it was
   * the top one.
   */
  function setHeap(heaps, i, slot) {
    const size = heaps[i] === slot + 1 ? slot : slot + 1;
    return heaps.map((h, j) => (j === i ? size : h));
  }

  /** "turn coin 5", "turn coins 6 and 8" (as the static figure says it), in the page's words (`w`). */
  function turnWords(places, w) {
    if (places.length === 1) return w.say('play.edit.turn-coin', { place: places[0] });
    return w.say('play.edit.turn-coins', { places: w.say('play.list.and', { first: places.slice(0, -1).join(', '), last: places[places.length - 1] }) });
  }

  /**
   * The position valued: `{value, terms, move, words, after}`; `move` null
   * (and `words` null) when every move loses; `after` is the position the
   * winning move leaves. For XOR tables, `{value, rows}` with each row's
   * label, value and the head it is for. `{error}` in words when the engine
   * refuses the position or is not there. `w` holds the page's words (words.js).
   */
  function evaluate(t, position, engine, w) {
    if (isSite(t)) return siteValue(t, position, w);
    if (!engine) return { error: engines.refusal({ kind: 'Unavailable' }, w), rows: [] };
    if (t.kind === 'row') return engineRows(t, engine, position, w);
    if (t.kind === 'numbers' || t.kind === 'xor-heaps') return engineNumbers(t, engine, position, w);
    return engineValue(t, engine, position, w);
  }

  /** A site's own game's heaps, from the tables the build embedded: value, terms and winning move. */
  function siteValue(t, position, w) {
    const value = play.siteValue(t, position);
    const move = play.siteWinningMove(t, position);
    const terms = position.map((h) => t.values[h]);
    return { value, terms, move, words: move && play.describeHeapMove(move, w), after: move && play.applyHeapMove(position, move) };
  }

  /** A row of one head at place `p`: the position whose value is the one-coin value of `p`. */
  const oneHead = (p) => `${'T'.repeat(p - 1)}H`;

  /**
   * The engine's answer for a coin row or heaps: value, winning move and its
   * words, the position it leaves, and `terms` (each head's one-coin value,
   * or each heap's value), or `{error}` in words when the engine refuses.
   */
  function engineValue(t, engine, position, w) {
    const game = t.game;
    const text = t.kind === 'pins' ? engines.pinHeaps(position) : notation(position);
    const valued = engine.value(game, text);
    if (valued.error) return { error: engines.refusal(valued.error, w) };
    const found = engine.move(game, text);
    if (found.error) return { error: engines.refusal(found.error, w) };
    if (t.kind === 'pins') {
      const knock = engines.pinKnock(position, found.move);
      const terms = pins.segments(position).map(([, n]) => engine.value(game, String(n)).value);
      return { value: valued.value, terms, move: knock, words: knock && w.say('play.pins.knock-down', { pins: pins.describeKnock(knock, w) }), after: knock && pins.applyKnock(position, knock) };
    }
    const m = engines.moveOf(found.move);
    const termOf = (p) => engine.value(game, t.kind === 'coins' ? oneHead(p) : String(p)).value;
    const terms = t.kind === 'coins' ? play.headPlaces(position).map(termOf) : position.map(termOf);
    if (t.kind === 'coins') {
      return { value: valued.value, terms, move: m && m.places, words: m && turnWords(m.places, w), after: m && m.after };
    }
    const move = m && { heap: m.heap, take: m.take, left: m.left };
    const words = move && (t.kind === 'nim' ? play.describeNimMove(move, w) : play.describeHeapMove(move, w));
    return { value: valued.value, terms, move, words, after: move && play.applyHeapMove(position, move) };
  }

  /** An XOR table of a row's heads, each head's value asked of the engine. */
  function engineRows(t, engine, position, w) {
    const rows = [];
    for (const p of play.headPlaces(position)) {
      const one = engine.value(t.game, oneHead(p));
      if (one.error) return { error: engines.refusal(one.error, w), rows: [] };
      rows.push({ label: w.say('play.table.place', { place: p }), value: one.value, mark: ['data-place', p] });
    }
    const all = engine.value(t.game, position);
    if (all.error) return { error: engines.refusal(all.error, w), rows: [] };
    return { value: all.value, rows };
  }

  /** An XOR table of numbers (or of heaps): their XOR is the value of Nim heaps of those sizes, asked of the engine. */
  function engineNumbers(t, engine, position, w) {
    const rows = t.kind === 'xor-heaps'
      ? position.map((v, i) => ({ label: w.say('play.edit.heap-row', { heap: i + 1, size: v }), value: v, mark: ['data-heap', i] }))
      : position.map((v) => ({ label: String(v), value: v, mark: null }));
    const all = engine.value('nim', notation(position));
    if (all.error) return { error: engines.refusal(all.error, w), rows: [] };
    return { value: all.value, rows };
  }

  /** What the figure says of a position under the drawing, in the page's words (`w`). */
  function sentence(t, result, w) {
    if (result.error) return result.error;
    if (t.kind === 'row' || t.kind === 'numbers' || t.kind === 'xor-heaps') {
      // Short enough to keep to the lines the figure reserves for it.
      const n = result.rows.length;
      if (n > 4) return w.say('play.edit.xor-of', { n, value: result.value });
      return `${result.rows.map((r) => r.value).join(' \u2295 ')} = ${result.value}`;
    }
    if (result.value === 0) return w.say('play.edit.p-position');
    if (result.words) return w.say('play.edit.n-position-move', { value: result.value, move: result.words });
    return w.say('play.edit.n-position', { value: result.value });
  }

  const core = {
    MOST_PLACES,
    MOST_HEAP,
    MOST_PINS,
    engineFor,
    tables,
    bound,
    parse,
    notation,
    fromNotation,
    flip,
    togglePin,
    setHeap,
    turnWords,
    evaluate,
    sentence,
  };
  if (node) module.exports = core;
  else root.GrundyEditCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
