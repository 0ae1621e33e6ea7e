// The logic of linked figures (link.js), without the DOM: which figures on a
// page show the same game or the same position, what part of a figure the
// reader points at (a coin by its place, a heap by its index and size, a run
// of pins as a heap of its length, a mex-ladder option leaving one head or one
// heap), and which element of another figure stands for that part: its row in
// an XOR table, its entry in a value table or plot, its option in a mex ladder.
// Every figure's game, position and drawing come from its explore data
// (`game`, `position`, `shows`, written by the build); values are read from
// the figures, never computed here.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyLinkCore)
// and as a CommonJS module by the tests.
(function (root) {
  'use strict';

  /** A game name as compared: calculator names are case-blind and trimmed. */
  function gameKey(game) {
    return String(game == null ? '' : game).trim().toLowerCase();
  }

  /** A position as compared: heaps `5, 7` and `5,7` are one; coins and pins as written. */
  function positionKey(position) {
    if (position == null) return null;
    const text = String(position).trim();
    if (/^[\d\s,]*$/.test(text)) return text.split(',').map((s) => s.trim()).filter((s) => s !== '').join(',');
    return text.toUpperCase();
  }

  function sameGame(a, b) {
    return gameKey(a) !== '' && gameKey(a) === gameKey(b);
  }

  function samePosition(a, b) {
    const ka = positionKey(a);
    return ka !== null && ka === positionKey(b);
  }

  /** The runs of standing pins in a pin row: [{first, size}], places from 1. */
  function pinRuns(row) {
    const runs = [];
    let first = 0;
    for (let i = 0; i <= row.length; i++) {
      const standing = i < row.length && row[i] === '|';
      if (standing && !first) first = i + 1;
      if (!standing && first) {
        runs.push({ first, size: i + 1 - first });
        first = 0;
      }
    }
    return runs;
  }

  /**
   * What a position in calculator notation stands for when it is one part: a
   * row with one head is `{place}`, heaps with one non-empty heap `{size}`,
   * heaps with no stones `{size: 0}`; anything else null.
   */
  function singlePart(position) {
    const text = String(position == null ? '' : position).trim();
    if (/^[HT]+$/i.test(text)) {
      const heads = [...text.toUpperCase()].map((c, i) => (c === 'H' ? i + 1 : 0)).filter(Boolean);
      return heads.length === 1 ? { place: heads[0] } : null;
    }
    if (/^[\d\s,]*$/.test(text)) {
      const sizes = text.split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number).filter((n) => n > 0);
      if (sizes.length === 0) return { size: 0 };
      return sizes.length === 1 ? { size: sizes[0] } : null;
    }
    return null;
  }

  /**
   * The part a reader points at, from the figure's `shows`, the pointed
   * element's data attributes (`place`, `heap`, `size`, `option`, `position`,
   * as strings) and, for pins, the row the figure shows now. Null when the
   * element is no part (a gap between pins, a ladder option of several heads).
   */
  function pointedPart(shows, attrs, row) {
    const num = (s) => (s == null || s === '' || !/^\d+$/.test(String(s)) ? null : Number(s));
    if (shows === 'coins') {
      const place = num(attrs.place);
      return place ? { kind: 'coin', place } : null;
    }
    if (shows === 'heaps') {
      const heap = num(attrs.heap), size = num(attrs.size);
      return heap === null || size === null ? null : { kind: 'heap', heap, size };
    }
    if (shows === 'pins') {
      const place = num(attrs.place);
      if (!place || typeof row !== 'string') return null;
      const runs = pinRuns(row);
      const heap = runs.findIndex((r) => place >= r.first && place < r.first + r.size);
      return heap < 0 ? null : { kind: 'run', heap, size: runs[heap].size, first: runs[heap].first };
    }
    if (shows === 'ladder') {
      const option = num(attrs.option);
      const part = option === null ? null : singlePart(attrs.position);
      if (!part) return null;
      return part.place ? { kind: 'option', option, place: part.place } : { kind: 'option', option, size: part.size };
    }
    return null;
  }

  /** The coin place (coin games) or heap size (heap games) a part is the value of. */
  function indexOf(part) {
    if (part.place) return { place: part.place };
    return { size: part.size };
  }

  /**
   * Where `part` of figure `from` shows in figure `to` (each {game, position,
   * shows}, the position the one it shows now): a selector-like description
   * {attr, value} for an element of `to`, {option: true, ...} for a ladder
   * (matched with `optionMatches`), or null when `to` has no element for it.
   */
  function target(from, part, to) {
    if (!part || !sameGame(from.game, to.game)) return null;
    const at = indexOf(part);
    const samePos = part.kind !== 'option' && samePosition(from.position, to.position);
    if (to.shows === 'xor' && samePos) {
      if (part.kind === 'coin') return { attr: 'data-place', value: String(part.place) };
      if (part.kind === 'heap') return { attr: 'data-heap', value: String(part.heap) };
      return null;
    }
    if (to.shows === from.shows && samePos && part.kind !== 'run') {
      if (part.kind === 'coin') return { attr: 'data-place', value: String(part.place) };
      if (part.kind === 'heap') return { attr: 'data-heap', value: String(part.heap) };
    }
    if (to.shows === 'values') {
      const n = at.place != null ? at.place : at.size;
      return n == null ? null : { attr: 'data-n', value: String(n) };
    }
    if (to.shows === 'ladder' && part.kind !== 'option') return { option: true, ...at };
    return null;
  }

  /** Whether a ladder option leaving `position` is the one part `want` ({place} or {size}). */
  function optionMatches(want, position) {
    const part = singlePart(position);
    if (!part) return false;
    if (want.place != null) return part.place === want.place;
    return part.size === want.size && part.place == null;
  }

  /**
   * The figures an edit of `source` carries to: the others of its game that
   * showed the position it showed before (`before`) and can be set.
   */
  function followers(source, before, figures) {
    return figures.filter((f) => f !== source && f.settable && sameGame(f.game, source.game) && samePosition(f.position, before));
  }

  /** A row of coins from places and whether each is a head: `TTHTH`. */
  function coinRow(parts) {
    const n = Math.max(0, ...parts.map((p) => p.place));
    const row = Array(n).fill('T');
    for (const p of parts) if (p.head) row[p.place - 1] = 'H';
    return row.join('');
  }

  /** Heaps from each heap's index and size, `count` heaps at least (a heap of 0 has no stone). */
  function heapList(parts, count) {
    const n = Math.max(count || 0, ...parts.map((p) => p.heap + 1));
    const sizes = Array(n).fill(0);
    for (const p of parts) sizes[p.heap] = p.size;
    return sizes.join(',');
  }

  /** A pin row from places and whether each pin stands: `||.|`. */
  function pinRow(parts) {
    const n = Math.max(0, ...parts.map((p) => p.place));
    const row = Array(n).fill('.');
    for (const p of parts) if (p.standing) row[p.place - 1] = '|';
    return row.join('');
  }

  /** Words for the part pointed at: "Coin 5", "Heap 2 (7 stones)", in the page's words (`w`, words.js). */
  function partWords(part, w) {
    if (part.kind === 'coin') return w.say('play.link.coin', { place: part.place });
    if (part.kind === 'heap') return w.count('play.link.heap', part.size, { heap: part.heap + 1 });
    if (part.kind === 'run') return w.count('play.link.run', part.size, { first: part.first });
    return w.say('play.link.option', { option: part.option + 1 });
  }

  /** The announcement of a highlight: the part and, per linked figure, what lit up and its value. */
  function announce(part, hits, w) {
    if (!part || !hits.length) return '';
    const words = hits.map((h) => {
      const value = h.value == null || h.value === '' ? '' : h.value;
      const keys = { xor: 'play.link.xor', values: 'play.link.values', ladder: 'play.link.ladder' };
      if (!keys[h.shows]) return w.say('play.link.same');
      const said = w.say(keys[h.shows], { value, option: Number(h.option) + 1 });
      // Without a value, no space is left before the end.
      return value === '' ? said.trimEnd() : said;
    });
    return w.say('play.link.announce', { part: partWords(part, w), hits: words.join(w.say('play.link.separator')) });
  }

  const core = {
    gameKey,
    positionKey,
    sameGame,
    samePosition,
    pinRuns,
    singlePart,
    pointedPart,
    target,
    optionMatches,
    followers,
    coinRow,
    heapList,
    pinRow,
    partWords,
    announce,
  };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyLinkCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
