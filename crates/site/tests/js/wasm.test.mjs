// The committed module (static/wasm/grundy.wasm) against the native engine:
// every request of crates/wasm/tests/vectors.json (a few thousand positions
// of every game family, answered by the native build; its Rust test keeps
// the file current) is asked of the module through static/js/engine.js, as
// the page asks it, and must be answered byte for byte the same. A planted
// wrong answer must be caught by the same comparison.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { en } from './words.mjs';

const require = createRequire(import.meta.url);
const engineJs = require('../../../../static/js/engine.js');
const wasmPath = new URL('../../../../static/wasm/grundy.wasm', import.meta.url);
const vectors = JSON.parse(
  readFileSync(new URL('../../../wasm/tests/vectors.json', import.meta.url), 'utf8'),
);

/** FNV-1a, 64 bits, as the Rust test hashes an answer too long to keep whole. */
function fnv1a(text) {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) {
    h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  }
  return h.toString(16).padStart(16, '0');
}

/** Whether an answer is the one kept: the text itself, or its length, head and hash. */
function matches(kept, got) {
  if (typeof kept === 'string') return kept === got;
  return kept.bytes === new TextEncoder().encode(got).length
    && got.startsWith(kept.head)
    && kept.fnv === fnv1a(got);
}

/** The requests the module answers otherwise than the native engine. */
function differences(engine, pairs) {
  const wrong = [];
  for (const [request, kept] of pairs) {
    const got = engine.text(request);
    if (!matches(kept, got)) wrong.push({ request, kept, got });
  }
  return wrong;
}

async function instantiate() {
  const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
  return engineJs.over(instance.exports);
}

test('the module needs nothing from the page and exports only its interface', () => {
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  const names = WebAssembly.Module.exports(module).map((e) => e.name).sort();
  for (const name of ['grundy_answer', 'grundy_output', 'grundy_request', 'memory']) {
    assert.ok(names.includes(name), `no export ${name}: ${names}`);
  }
});

test('the module answers every vector as the native engine does', async () => {
  const engine = await instantiate();
  assert.ok(vectors.length >= 3000, `${vectors.length} vectors`);
  const games = new Set(vectors.map(([r]) => JSON.parse(r).game).filter(Boolean));
  assert.ok(games.size >= 25, `${games.size} games`);
  const wrong = differences(engine, vectors);
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} of ${vectors.length} answered otherwise`);
});

test('a planted wrong answer is caught', async () => {
  const engine = await instantiate();
  const i = vectors.findIndex(([, kept]) => typeof kept === 'string' && kept.includes('"value":14'));
  assert.ok(i >= 0);
  const planted = vectors.map((pair) => pair.slice());
  planted[i][1] = planted[i][1].replace('"value":14', '"value":15');
  const j = vectors.findIndex(([, kept]) => typeof kept === 'object');
  planted[j][1] = { ...planted[j][1], fnv: '0000000000000000' };
  const wrong = differences(engine, planted);
  assert.deepEqual(wrong.map((w) => w.request).sort(), [vectors[i][0], vectors[j][0]].sort());
});

test('refusals are data, and a request past the limit is refused without being sent', async () => {
  const engine = await instantiate();
  const far = engine.value('kayles', '100000000');
  assert.equal(far.error.kind, 'TooLarge');
  assert.match(engineJs.refusal(far.error, en), /limit/);
  const long = engine.ask({ ask: 'value', game: 'nim', position: '1,'.repeat(1100000) + '1' });
  assert.equal(long.error.kind, 'BadRequest');
  // The engine is still there after both.
  assert.equal(engine.value('turning-turtles', 'TTHTHTTH').value, 14);
});

test('moves come back in the figures\u2019 shape', async () => {
  const engine = await instantiate();
  const coins = engineJs.moveOf(engine.move('turning-turtles', 'TTHTHTTH').move);
  assert.deepEqual(coins.places.length > 0, true);
  assert.equal(engine.value('turning-turtles', coins.after).value, 0);
  const heap = engineJs.moveOf(engine.move('nim', '3,5,7').move);
  assert.deepEqual({ heap: heap.heap, take: heap.take }, { heap: 0, take: 1 });
  assert.equal(heap.after, '2,5,7');
  // Wythoff's take from both heaps: from 6 and 8 the only winning move takes three from each.
  const both = engineJs.moveOf(engine.move('wythoff', '6,8').move);
  assert.deepEqual({ both: both.both, take: both.take, from: both.from }, { both: true, take: 3, from: [6, 8] });
  assert.equal(both.after, '3,5');
  assert.equal(engine.value('wythoff', both.after).value, 0);
});

test('the editor asks the module past what the build embeds: 26 coins, heaps of 40, long rows of pins', async () => {
  const engine = await instantiate();
  const edit = require('../../../../static/js/edit-core.js');
  const js = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));
  for (const game of js.coins) {
    const t = edit.tables({ game: game.game, shows: 'coins', edit: { type: 'coins', places: 10 } }, null);
    const long = 'HTTHTHHTTTHTHTHHTTHTTHTHHH';
    assert.deepEqual(edit.parse(t, long, engine, en), { position: long });
    assert.match(edit.parse(t, `${long}H`, engine, en).error, /up to 26 coins/);
    const far = edit.evaluate(t, long, engine, en);
    assert.equal(far.value, engine.value(game.game, long).value);
    assert.equal(far.terms.length, long.split('').filter((c) => c === 'H').length);
    if (far.value) assert.equal(engine.value(game.game, far.after).value, 0);
  }
  for (const game of js.heaps) {
    const t = edit.tables({ game: game.game, shows: 'heaps', edit: { type: 'heaps', bound: 8, heaps: 12 } }, null);
    assert.deepEqual(edit.parse(t, '23, 31, 40', engine, en), { position: [23, 31, 40] });
    const far = edit.evaluate(t, [23, 31, 40], engine, en);
    assert.equal(far.value, engine.value(game.game, '23,31,40').value);
    if (far.after) assert.equal(engine.value(game.game, far.after.join(',')).value, 0);
  }
  for (const game of js.pins) {
    const t = edit.tables({ game: game.game, shows: 'pins', edit: { type: 'pins', places: 10 } }, null);
    const far = edit.evaluate(t, '|||.||||||.|||||||||||.||||||', engine, en);
    assert.equal(far.value, engine.value(game.game, '3,6,11,6').value);
    if (far.value) assert.equal(engine.value(game.game, engineJs.pinHeaps(far.after)).value, 0);
  }
  // A site's game is a script the module does not hold: the tables answer.
  const site = edit.tables({ game: 'site:subtract-a-square', shows: 'heaps', edit: { type: 'heaps', bound: 2, heaps: 12, values: [0, 1, 0], options: [[], [[1, []]], [[1, [1]]]] } }, null);
  assert.equal(edit.engineFor(site, engine), null);
  assert.equal(edit.evaluate(site, [1, 2], engine, en).value, 1);
});

test('hostile certificates are refused cleanly by the module, which is still there after', async () => {
  const engine = await instantiate();
  const certify = (certificate) => engine.ask({ ask: 'certify', certificate });
  // A game's name of 250,000 misère prefixes: once a recursion past the stack.
  const tower = certify({ kind: 'sequence', game: 'misere:'.repeat(250000) + 'nim', values: [0], claims: [] });
  assert.match(tower.refused.reason, /knows no game/);
  // Ranges read backwards, and a period past any length a 32-bit page counts.
  assert.ok(certify({ kind: 'sequence', game: 'subtraction:5-1', values: [0, 0], claims: [] }).refused);
  const period = certify({ kind: 'period', game: 'subtraction:1,18446744073709551615', values: [0, 1], preperiod: 1, period: 1 });
  assert.ok(period.refused, JSON.stringify(period));
  // Three hundred thousand stated winning moves from heaps the values
  // do not reach: refused, not searched.
  const many = certify({
    kind: 'sequence', game: 'nim', values: [0],
    claims: [{ position: [1048574, 1048574], verdict: 'p', winning: Array(300000).fill([]), every_winning: true }],
  });
  assert.match(many.refused.reason, /no value is given/, JSON.stringify(many.refused));
  assert.equal(certify({ kind: 'riddle' }).error.kind, 'BadRequest');
  // Nested past what the page's JSON writes: sent as text.
  const deep = '{"ask":"certify","certificate":' + '['.repeat(100000) + ']'.repeat(100000) + '}';
  assert.equal(JSON.parse(engine.text(deep)).error.kind, 'BadRequest');
  assert.equal(JSON.parse(engine.text('{"ask":"certify","certificate":{"kind":"nim-sums","rows":[{"numbers":[-1],"sum":18446744073709551616}]}}')).error.kind, 'BadRequest');
  assert.equal(engine.value('turning-turtles', 'TTHTHTTH').value, 14);
});
