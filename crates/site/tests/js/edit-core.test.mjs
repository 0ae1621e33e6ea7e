// The logic of editable figures (static/js/edit-core.js) over the engine in
// the page: every coin row, Nim position, heap position and pin row of the
// vectors the engine wrote (tests/site/vectors.rs) is edited into and asked
// of the committed module (static/wasm/grundy.wasm) through edit-core, as
// the page asks it: its value must be the vectors', and its winning move
// must leave a position of value 0. A module answering one position wrong
// is caught. Also: a site's own game from its embedded tables, reading
// typed positions and their bounds, the edits themselves, the XOR table's
// rows, and the words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { en, other } from './words.mjs';

const require = createRequire(import.meta.url);
const edit = require('../../../../static/js/edit-core.js');
const engines = require('../../../../static/js/engine.js');
const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));
const wasm = readFileSync(new URL('../../../../static/wasm/grundy.wasm', import.meta.url));

async function engine() {
  const { instance } = await WebAssembly.instantiate(wasm, {});
  return engines.over(instance.exports);
}

/** Tables as edit.js builds them from a figure's `data-grundy-explore`. */
function tablesOf(shows, edit_, game) {
  return edit.tables({ shows, edit: edit_, game }, null);
}

/** The positions whose edited value or winning move is not the vectors'. */
function mismatches(t, e, rows, key) {
  const wrong = [];
  for (const r of rows) {
    const want = r.value !== undefined ? r.value : r.nim_sum;
    const got = edit.evaluate(t, r[key], e, en);
    if (got.error || got.value !== want || (got.move !== null) !== r.winning) wrong.push(`${r[key]}: ${JSON.stringify(got)}`);
    else if (got.after && e.value(t.game, edit.notation(got.after)).value !== 0) wrong.push(`move from ${r[key]}`);
  }
  return wrong;
}

for (const game of vectors.coins) {
  test(`${game.game}: edited rows are valued and answered by the module as the engine does`, async () => {
    const e = await engine();
    const t = tablesOf('coins', { type: 'coins', places: 10 }, game.game);
    assert.equal(t.kind, 'coins');
    assert.ok(game.rows.length > 2000);
    assert.deepEqual(mismatches(t, e, game.rows, 'row').slice(0, 3), []);
  });
}

test('a module answering one row wrong is caught by the comparison', async () => {
  const e = await engine();
  const game = vectors.coins[0];
  const row = game.rows.find((r) => r.value > 0).row;
  const lying = { ...e, value: (g, p) => { const a = e.value(g, p); return p === row ? { ...a, value: a.value + 1 } : a; } };
  const t = tablesOf('coins', { type: 'coins', places: 10 }, game.game);
  assert.equal(mismatches(t, lying, game.rows, 'row').length, 1);
});

test('Nim: edited heaps are valued and answered by the module', async () => {
  const e = await engine();
  const t = tablesOf('heaps', { type: 'nim', bound: 40, heaps: 12 }, 'nim');
  assert.deepEqual(mismatches(t, e, vectors.nim, 'heaps').slice(0, 3), []);
});

for (const game of vectors.heaps) {
  test(`${game.game}: edited heaps are valued and answered by the module`, async () => {
    const e = await engine();
    const t = tablesOf('heaps', { type: 'heaps', bound: 8, heaps: 12 }, game.game);
    assert.equal(t.kind, 'heaps');
    assert.deepEqual(mismatches(t, e, game.rows, 'heaps').slice(0, 3), []);
  });
}

for (const game of vectors.heaps) {
  test(`${game.game} as a site's own game: edited heaps are valued from its embedded tables`, () => {
    const t = tablesOf('heaps', { type: 'heaps', bound: 8, heaps: 12, values: game.values, options: game.options }, `site:${game.game}`);
    const value = new Map(game.rows.map((r) => [r.heaps.join(','), r.value]));
    for (const r of game.rows) {
      const got = edit.evaluate(t, r.heaps, null, en);
      assert.equal(got.value, r.value, `value of ${r.heaps}`);
      assert.equal(got.move !== null, r.winning, `winning move from ${r.heaps}`);
      if (got.after) {
        const total = got.after.filter((h) => h > 0).reduce((x, h) => x ^ value.get([h, 0, 0].join(',')), 0);
        assert.equal(total, 0, `move from ${r.heaps} to ${got.after}`);
      }
    }
  });
}

for (const game of vectors.pins) {
  test(`${game.game}: edited pin rows are valued and knocked by the module as the engine does`, async () => {
    const e = await engine();
    const t = tablesOf('pins', { places: 9 }, game.game);
    const value = new Map(game.rows.map((r) => [r.row, r.value]));
    for (const r of game.rows) {
      const got = edit.evaluate(t, r.row, e, en);
      assert.equal(got.value, r.value, `value of ${r.row}`);
      assert.equal(got.move !== null, r.winning);
      if (got.after) assert.equal(value.get(got.after), 0, `knock from ${r.row}`);
    }
  });
}

test('without the module a figure of the engine\'s games has no value, in words', () => {
  const t = tablesOf('coins', { type: 'coins', places: 10 }, 'turning-turtles');
  assert.deepEqual(edit.evaluate(t, 'TTH', null, en), { error: 'The engine is not available.', rows: [] });
});

test('a playable figure of a site\'s game edits within the bound its edit data states', () => {
  const playData = { type: 'heaps', game: 'site:take', heaps: [3, 6], values: [0, 1, 2, 3, 1, 4, 3], options: [] };
  const t = edit.tables({ shows: 'heaps', game: 'site:take', edit: { play: true, bound: 6, heaps: 12 } }, playData);
  assert.equal(t.kind, 'heaps');
  assert.equal(edit.bound(t), 6);
  assert.deepEqual(edit.parse(t, '7', null, en), { error: 'Values embedded up to heaps of 6: 7 is past it.' });
  assert.deepEqual(edit.parse(t, '6, 2', null, en), { position: [6, 2] });
});

test('past what the figure draws, the engine\'s own limit refuses a heap, in words', async () => {
  const e = await engine();
  const kayles = tablesOf('heaps', { type: 'heaps', bound: 8, heaps: 12 }, 'kayles');
  assert.deepEqual(edit.parse(kayles, '41, 500', e, en), { position: [41, 500] });
  assert.match(edit.parse(kayles, '100000000', e, en).error, /^Past the engine's limit: 100000000 where it allows \d+\.$/);
});

test('typed positions are read, and refused in words past what the figure draws', () => {
  const coins = tablesOf('coins', { type: 'coins', places: 16 }, 'turning-turtles');
  assert.deepEqual(edit.parse(coins, ' tthth ', null, en), { position: 'TTHTH' });
  assert.match(edit.parse(coins, 'TTXH', null, en).error, /H \(heads\) and T/);
  assert.deepEqual(edit.parse(coins, 'H'.repeat(26), null, en), { position: 'H'.repeat(26) });
  assert.equal(edit.parse(coins, 'H'.repeat(27), null, en).error, 'The figure draws rows of up to 26 coins: 27 is too many.');
  const played = edit.tables({ shows: 'coins', game: 'turning-turtles', edit: { play: true, places: 8 } }, { type: 'coins', row: 'TTHTH' });
  assert.deepEqual(edit.parse(played, 'T'.repeat(25) + 'H', null, en), { position: 'T'.repeat(25) + 'H' }, 'a playable row is not held to its board\'s length');
  const nim = tablesOf('heaps', { type: 'nim', bound: 20, heaps: 12 }, 'nim');
  assert.deepEqual(edit.parse(nim, '3 5,7', null, en), { position: [3, 5, 7] });
  assert.deepEqual(edit.parse(nim, '23, 40', null, en), { position: [23, 40] });
  assert.deepEqual(edit.parse(nim, '3, 41', null, en), { position: [3, 41] });
  const board = edit.tables({ shows: 'heaps', game: 'nim', edit: { play: true, type: 'nim', heaps: 12 } }, { type: 'nim', heaps: [3, 5, 7] });
  assert.equal(edit.parse(board, '3, 41', null, en).error, 'The game draws heaps of up to 40: 41 is past it.');
  assert.equal(edit.parse(nim, '1,'.repeat(13), null, en).error, 'At most 12 heap sizes: 13 is too many.');
  assert.match(edit.parse(nim, '3, -1', null, en).error, /separated by commas/);
  assert.match(edit.parse(nim, '', null, en).error, /separated by commas/);
  assert.deepEqual(edit.parse(nim, '999999999999999, 3', null, en), { position: [999999999999999, 3] }, 'Nim heaps as large as the page reads exactly');
  assert.equal(edit.parse(nim, '1000000000000000', null, en).error, 'The page reads heap sizes of up to 15 digits.');
  assert.deepEqual(edit.parse(nim, '0007', null, en), { position: [7] });
  const pins = tablesOf('pins', { places: 12 }, 'kayles');
  assert.deepEqual(edit.parse(pins, '||.|', null, en), { position: '||.|' });
  assert.equal(edit.parse(pins, '|'.repeat(31), null, en).error, 'The figure draws rows of up to 30 places: 31 is too many.');
  const row = tablesOf('xor', { type: 'row', places: 24 }, 'turning-turtles');
  assert.equal(row.kind, 'row');
  assert.match(edit.parse(row, 'TTT', null, en).error, /at least one H/);
  const numbers = tablesOf('xor', { type: 'numbers', bound: 65535, rows: 16 });
  assert.equal(edit.parse(numbers, '65536', null, en).error, 'Tables drawn up to numbers up to 65535: 65536 is past it.');
});

test('a click flips a coin, sets a heap, knocks or stands a pin', () => {
  assert.equal(edit.flip('TTHT', 1), 'HTHT');
  assert.equal(edit.flip('TTHT', 3), 'TTTT');
  assert.deepEqual(edit.setHeap([3, 5], 0, 5), [6, 5]);
  assert.deepEqual(edit.setHeap([3, 5], 0, 0), [1, 5]);
  // The top stone chosen again takes it away.
  assert.deepEqual(edit.setHeap([3, 5], 1, 4), [3, 4]);
  assert.equal(edit.togglePin('||.|', 3), '||||');
  assert.equal(edit.togglePin('||.|', 1), '.|.|');
  assert.equal(edit.notation([3, 5, 7]), '3,5,7');
});

test('an XOR table asks its sum of the module for an edited list or row', async () => {
  const e = await engine();
  const heaps = tablesOf('xor', { type: 'heaps', bound: 65535, rows: 16 }, 'nim');
  const got = edit.evaluate(heaps, [3, 5, 7], e, en);
  assert.equal(got.value, 1);
  assert.deepEqual(got.rows.map((r) => r.mark), [['data-heap', 0], ['data-heap', 1], ['data-heap', 2]]);
  assert.equal(edit.sentence(heaps, got, en), '3 \u2295 5 \u2295 7 = 1');
  const row = tablesOf('xor', { type: 'row', places: 8 }, 'turning-turtles');
  const r = edit.evaluate(row, 'TTHTHTTH', e, en);
  assert.deepEqual(r.rows.map((x) => x.value), [3, 5, 8]);
  assert.deepEqual(r.rows.map((x) => x.label), ['place 3', 'place 5', 'place 8']);
  assert.equal(r.value, 14);
  // Past four rows the line says the sum in words, within the room it has.
  const long = edit.evaluate(heaps, [1, 2, 3, 4, 5], e, en);
  assert.equal(edit.sentence(heaps, long, en), 'The nim-sum of these 5 numbers is 1.');
});

test('the result line says what the static figure says', async () => {
  const e = await engine();
  const nim = tablesOf('heaps', { type: 'nim', bound: 40, heaps: 12 }, 'nim');
  assert.equal(edit.sentence(nim, edit.evaluate(nim, [3, 5, 7], e, en), en), 'Value 1: an N-position; winning move: take 1 from the first heap.');
  assert.equal(edit.sentence(nim, edit.evaluate(nim, [1, 2, 3], e, en), en), 'Value 0: a P-position, the player to move loses.');
  assert.equal(edit.turnWords([6, 8], en), 'turn coins 6 and 8');
  assert.equal(edit.turnWords([1, 2, 5], en), 'turn coins 1, 2 and 5');
});

test('refusals, moves and the result line are in the page\'s words', async () => {
  const fr = other({
    'play.edit.most-heaps': 'Au plus {most} tailles de tas : {n}, c\'est trop.',
    'play.edit.turn-coins': 'retourner les pièces {places}',
    'play.list.and': '{first} et {last}',
    'play.edit.p-position': 'Valeur 0 : une P-position, le joueur qui doit jouer perd.',
    'play.engine.unavailable': 'Le moteur n\'est pas disponible.',
  });
  const nim = tablesOf('heaps', { type: 'nim', bound: 20, heaps: 12 }, 'nim');
  assert.equal(edit.parse(nim, '1,'.repeat(13), null, fr).error, 'Au plus 12 tailles de tas : 13, c\'est trop.');
  assert.equal(edit.turnWords([1, 2, 5], fr), 'retourner les pièces 1, 2 et 5');
  assert.equal(edit.sentence(nim, { value: 0 }, fr), 'Valeur 0 : une P-position, le joueur qui doit jouer perd.');
  const coins = tablesOf('coins', { type: 'coins', places: 10 }, 'turning-turtles');
  assert.equal(edit.evaluate(coins, 'TTH', null, fr).error, 'Le moteur n\'est pas disponible.');
});
