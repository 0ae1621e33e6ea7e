// The engine in the page: the same engine that checked the essay
// (crates/cgt, compiled to WebAssembly as wasm/grundy.wasm by
// crates/wasm/build.sh) asked by the explorable and playable figures for the
// value, outcome, winning moves and options of any position, by the game
// names and position notation the calculator reads (`grundy value GAME
// POSITION`), within the engine's own limits. Its refusals come back as data
// (`{error: {kind, ...}}`), worded here.
//
// The module is fetched once, after the page has loaded, and only by a page
// whose figures ask for it (`GrundyEngine.load`). Until it has arrived
// `GrundyEngine.current()` is null; where there is no WebAssembly the
// figures of the engine's games stay as the build drew them, with a line
// saying so (`without`), and a site's own games play from their tables.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyEngine)
// and as a CommonJS module by the tests (`over(exports)` on a module they
// instantiate themselves).
(function (root) {
  'use strict';

  const node = typeof module === 'object' && module.exports;
  const script = !node && typeof document !== 'undefined' ? document.currentScript : null;

  /**
   * The engine over an instantiated module's exports: `text(request)` gives
   * the answer's JSON text, `ask(request)` the answer parsed. A trap (which
   * the engine's limits are there to prevent) leaves the module unused from
   * then on: every later answer is `{error: {kind: 'Unavailable'}}`.
   */
  function over(exports) {
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    let broken = false;
    const unavailable = (detail) => JSON.stringify({ error: { kind: 'Unavailable', detail } });
    function text(request) {
      if (broken) return unavailable('the module stopped');
      const bytes = encoder.encode(typeof request === 'string' ? request : JSON.stringify(request));
      try {
        const at = exports.grundy_request(bytes.length) >>> 0;
        if (!at) return JSON.stringify({ error: { kind: 'BadRequest', detail: `request of ${bytes.length} bytes` } });
        new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
        const len = exports.grundy_answer() >>> 0;
        const from = exports.grundy_output() >>> 0;
        return decoder.decode(new Uint8Array(exports.memory.buffer, from, len).slice());
      } catch (e) {
        broken = true;
        return unavailable(String(e && e.message));
      }
    }
    const ask = (request) => JSON.parse(text(request));
    const one = (what) => (game, position) => ask({ ask: what, game, position: String(position) });
    const position = (p) => (Array.isArray(p) ? p.join(',') : String(p));
    return {
      text,
      ask,
      value: one('value'),
      move: one('move'),
      winning: one('winning'),
      options: one('options'),
      /** The move turning the coins at `places` (from 1), or `move: null` when it is not one. */
      play: (game, p, places) => ask({ ask: 'play', game, position: position(p), action: { turn: places.slice() } }),
      /** One legal move picked by `seed` (a whole number), or `move: null` when there is none. */
      chosen: (game, p, seed) => ask({ ask: 'chosen', game, position: position(p), seed }),
      /** The P-position nearest a row within `radius` flips: `nearest: {row, distance, ties, flips}` or null. */
      nearest: (game, p, radius) => ask({ ask: 'nearest', game, position: position(p), radius }),
    };
  }

  /** An engine refusal in a reader's words, the page's (`w`, words.js). */
  function refusal(error, w) {
    if (!error) return w.say('play.engine.no-answer');
    if (error.kind === 'TooLarge') return w.say('play.engine.too-large', { size: error.size, limit: error.limit });
    if (error.kind === 'BadPosition') return w.say('play.engine.bad-position');
    if (error.kind === 'Unavailable') return w.say('play.engine.unavailable');
    return w.say('play.engine.refused', { kind: error.kind });
  }

  /**
   * A move the engine gave (`{action, after}`) as the figures hold one:
   * `{places}` for coins (turned, from 1), `{heap, take, left}` for heaps
   * (heap from 0), `{both, take, from}` for Wythoff's take of the same from
   * both heaps, with `after` in the calculator's notation.
   */
  function moveOf(m) {
    if (!m || !m.action) return null;
    const a = m.action;
    if (a.turn) return { places: a.turn.slice(), after: m.after };
    if (a.take) return { heap: a.take.heap - 1, take: a.take.take, left: a.take.left.slice(), from: a.take.from, after: m.after };
    if (a.both) return { both: true, take: a.both.take, from: a.both.from.slice(), after: m.after };
    return { after: m.after };
  }

  /**
   * A row of pins (`||.|||`) as the engine plays it: its runs of standing
   * pins are heaps of the same octal game (`2,3`; a row with none is `0`).
   */
  function pinHeaps(row) {
    const runs = String(row).split('.').filter(Boolean).map((r) => r.length);
    return runs.length ? runs.join(',') : '0';
  }

  /**
   * The knock on `row` that the engine's heap move `m` is: `{first, count}`
   * (places from 1). Taking `take` from the run that is heap `heap`, leaving
   * `a` and `b`, fells the `take` pins after the first `a`; leaving one part,
   * the pins at the run's left end. Null for another kind of move.
   */
  function pinKnock(row, m) {
    const take = m && m.action && m.action.take;
    if (!take) return null;
    const runs = [];
    String(row).replace(/\|+/g, (run, at) => runs.push([at + 1, run.length]));
    const run = runs[take.heap - 1];
    if (!run) return null;
    const before = take.left.length === 2 ? take.left[0] : 0;
    return { first: run[0] + before, count: take.take };
  }

  /**
   * Leaves `figure` as the page shows it without JavaScript (its drawing and
   * the build's text, no controls), with a line saying that changing it
   * needs WebAssembly. Once a figure.
   */
  function without(figure) {
    if (!figure || figure.querySelector('.grundy-needs-wasm')) return;
    const note = document.createElement('p');
    note.className = 'grundy-needs-wasm';
    note.textContent = root.GrundyWords.say('play.engine.needs-wasm');
    const drawing = figure.querySelector('.grundy-drawing');
    if (drawing) drawing.after(note);
    else figure.append(note);
  }

  let engine = null;
  let state = 'idle'; // idle, loading, ready, absent
  const waiting = [];

  function settle(found) {
    engine = found;
    state = found ? 'ready' : 'absent';
    if (found && typeof document !== 'undefined') {
      document.documentElement.dataset.grundyEngine = 'ready';
      document.dispatchEvent(new CustomEvent('grundy:engine', { detail: { engine: found } }));
    } else if (typeof document !== 'undefined') {
      document.documentElement.dataset.grundyEngine = 'absent';
    }
    while (waiting.length) waiting.shift()(found);
  }

  /** The module's address: next to this script's folder, so `public/` works under any path. */
  function url() {
    return new URL('../wasm/grundy.wasm', script ? script.src : document.baseURI).href;
  }

  function fetchModule() {
    if (typeof WebAssembly !== 'object' || typeof fetch !== 'function') return settle(null);
    const started = performance.now();
    const where = url();
    const plain = () => fetch(where)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${r.status}`))))
      .then((bytes) => WebAssembly.instantiate(bytes, {}));
    // Streaming compiles while the bytes arrive; it needs application/wasm,
    // which not every server sends, so the plain fetch is the fallback.
    const go = WebAssembly.instantiateStreaming
      ? WebAssembly.instantiateStreaming(fetch(where), {}).catch(plain)
      : plain();
    go.then(({ instance }) => {
      const found = over(instance.exports);
      found.loadMs = performance.now() - started;
      settle(found);
    }, () => settle(null));
  }

  /**
   * Calls `then(engine)` once the module is there, or `then(null)` when it
   * cannot be; the first call starts the fetch, after the page has loaded.
   */
  function load(then) {
    if (state === 'ready' || state === 'absent') return then(engine);
    if (then) waiting.push(then);
    if (state === 'loading') return;
    state = 'loading';
    if (document.readyState === 'complete') setTimeout(fetchModule, 0);
    else window.addEventListener('load', () => setTimeout(fetchModule, 0), { once: true });
  }

  const api = { over, refusal, moveOf, pinHeaps, pinKnock, without, load, current: () => engine };
  if (node) module.exports = api;
  else root.GrundyEngine = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
