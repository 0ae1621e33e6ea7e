// The logic of editable figures (static/js/edit-core.js) against the
// vectors the engine wrote (tests/site/vectors.rs): every coin row, Nim
// position, heap position and pin row in them is edited into, valued with
// the tables in the page's shape, and its winning move checked to leave a
// position the engine values at 0. Also: reading typed positions and their
// bounds, the edits themselves, the XOR table's rows, and a corrupted table
// caught.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const edit = require('../../../../static/js/edit-core.js');
const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));

/** Tables as edit.js builds them from a figure's `data-grundy-explore`. */
function tablesOf(shows, edit_) {
  return edit.tables({ shows, edit: edit_ }, null);
}

/** How many positions disagree with the engine's values in `rows`. */
function coinMismatches(t, rows) {
  const value = new Map(rows.map((r) => [r.row, r.value]));
  let bad = 0;
  for (const r of rows) {
    const got = edit.evaluate(t, r.row);
    if (got.value !== r.value || (got.move !== null) !== r.winning) bad++;
    else if (got.after && value.get(got.after) !== 0) bad++;
  }
  return bad;
}

for (const game of vectors.coins) {
  test(`${game.game}: edited rows are valued and answered as the engine does`, () => {
    const t = tablesOf('coins', { type: 'coins', places: 10, values: game.values, moves: game.moves });
    assert.equal(t.kind, 'coins');
    assert.ok(game.rows.length > 2000);
    assert.equal(coinMismatches(t, game.rows), 0);
  });
}

for (const game of vectors.coins.filter((g) => g.up_to)) {
  test(`${game.game}: edited rows are answered by searching "turn up to ${game.up_to}" moves as the engine does`, () => {
    const t = tablesOf('coins', { type: 'coins', places: 10, values: game.values, upTo: game.up_to });
    assert.equal(coinMismatches(t, game.rows), 0);
  });
}

test('a corrupted table of one-coin values is caught by the comparison', () => {
  const game = vectors.coins[0];
  const values = game.values.slice();
  values[4] += 1;
  const t = tablesOf('coins', { type: 'coins', places: 10, values, moves: game.moves });
  assert.ok(coinMismatches(t, game.rows) > 100);
});

test('Nim: edited heaps are valued by their nim-sum and the winning move leaves 0', () => {
  const t = tablesOf('heaps', { type: 'nim', bound: 40, heaps: 12 });
  const sums = new Map(vectors.nim.map((r) => [r.heaps.join(','), r.nim_sum]));
  for (const r of vectors.nim) {
    const got = edit.evaluate(t, r.heaps);
    assert.equal(got.value, r.nim_sum, `nim-sum of ${r.heaps}`);
    assert.equal(got.move !== null, r.winning);
    if (got.after) assert.equal(sums.get(got.after.join(',')), 0, `move from ${r.heaps}`);
  }
});

for (const game of vectors.heaps) {
  test(`${game.game}: edited heaps are valued from the embedded values and options`, () => {
    const t = tablesOf('heaps', { type: 'heaps', bound: 8, heaps: 12, values: game.values, options: game.options });
    assert.equal(t.kind, 'heaps');
    const value = new Map(game.rows.map((r) => [r.heaps.join(','), r.value]));
    for (const r of game.rows) {
      const got = edit.evaluate(t, r.heaps);
      assert.equal(got.value, r.value, `value of ${r.heaps}`);
      assert.equal(got.move !== null, r.winning, `winning move from ${r.heaps}`);
      if (got.after) {
        // A split leaves more heaps than the vectors list: value them as a sum.
        const after = got.after.filter((h) => h > 0);
        const total = after.reduce((x, h) => x ^ value.get([h, 0, 0].join(',')), 0);
        assert.equal(total, 0, `move from ${r.heaps} to ${got.after}`);
      }
    }
  });
}

for (const game of vectors.pins) {
  test(`${game.game}: edited pin rows are valued and knocked as the engine does`, () => {
    const t = tablesOf('pins', { places: 9, falls: game.falls, values: game.values });
    const value = new Map(game.rows.map((r) => [r.row, r.value]));
    for (const r of game.rows) {
      const got = edit.evaluate(t, r.row);
      assert.equal(got.value, r.value, `value of ${r.row}`);
      assert.equal(got.move !== null, r.winning);
      if (got.after) assert.equal(value.get(got.after), 0, `knock from ${r.row}`);
    }
  });
}

test('a playable figure edits with its game data and the bound its edit data states', () => {
  const playData = { type: 'heaps', game: 'kayles', heaps: [3, 6], values: [0, 1, 2, 3, 1, 4, 3], options: [] };
  const t = edit.tables({ shows: 'heaps', edit: { play: true, bound: 6, heaps: 12 } }, playData);
  assert.equal(t.kind, 'heaps');
  assert.equal(edit.bound(t), 6);
  assert.deepEqual(edit.parse(t, '7'), { error: 'Values embedded up to heaps of 6: 7 is past it.' });
  assert.deepEqual(edit.parse(t, '6, 2'), { position: [6, 2] });
});

test('typed positions are read, and refused in words past the embedded bound', () => {
  const coins = tablesOf('coins', { type: 'coins', places: 16, values: [], moves: [] });
  assert.deepEqual(edit.parse(coins, ' tthth '), { position: 'TTHTH' });
  assert.match(edit.parse(coins, 'TTXH').error, /H \(heads\) and T/);
  assert.equal(edit.parse(coins, 'H'.repeat(17)).error, 'Values embedded up to rows of 16 coins: 17 is too many.');
  const nim = tablesOf('heaps', { type: 'nim', bound: 40, heaps: 12 });
  assert.deepEqual(edit.parse(nim, '3 5,7'), { position: [3, 5, 7] });
  assert.equal(edit.parse(nim, '3, 41').error, 'Values embedded up to heaps of 40: 41 is past it.');
  assert.equal(edit.parse(nim, '1,'.repeat(13)).error, 'At most 12 heap sizes: 13 is too many.');
  assert.match(edit.parse(nim, '3, -1').error, /separated by commas/);
  assert.match(edit.parse(nim, '').error, /separated by commas/);
  assert.match(edit.parse(nim, '99999999999999').error, /separated by commas/);
  const pins = tablesOf('pins', { places: 30, falls: [], values: [] });
  assert.deepEqual(edit.parse(pins, '||.|'), { position: '||.|' });
  assert.equal(edit.parse(pins, '|'.repeat(31)).error, 'Values embedded up to rows of 30 places: 31 is too many.');
  const row = tablesOf('xor', { type: 'row', places: 24, values: [] });
  assert.equal(row.kind, 'row');
  assert.match(edit.parse(row, 'TTT').error, /at least one H/);
  const numbers = tablesOf('xor', { type: 'numbers', bound: 65535, rows: 16 });
  assert.equal(edit.parse(numbers, '65536').error, 'Tables drawn up to numbers up to 65535: 65536 is past it.');
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

test('an XOR table recomputes its rows and sum for an edited list or row', () => {
  const heaps = tablesOf('xor', { type: 'heaps', bound: 65535, rows: 16 });
  const got = edit.evaluate(heaps, [3, 5, 7]);
  assert.equal(got.value, 1);
  assert.deepEqual(got.rows.map((r) => r.mark), [['data-heap', 0], ['data-heap', 1], ['data-heap', 2]]);
  assert.equal(edit.sentence(heaps, got), '3 \u2295 5 \u2295 7 = 1');
  const row = tablesOf('xor', { type: 'row', places: 8, values: [1, 2, 3, 4, 5, 6, 7, 8] });
  const r = edit.evaluate(row, 'TTHTHTTH');
  assert.deepEqual(r.rows.map((x) => x.value), [3, 5, 8]);
  assert.deepEqual(r.rows.map((x) => x.label), ['place 3', 'place 5', 'place 8']);
  assert.equal(r.value, 14);
  // Past four rows the line says the sum in words, within the room it has.
  const long = edit.evaluate(heaps, [1, 2, 3, 4, 5]);
  assert.equal(edit.sentence(heaps, long), 'The XOR of these 5 numbers is 1.');
});

test('the result line says what the static figure says', () => {
  const nim = tablesOf('heaps', { type: 'nim', bound: 40, heaps: 12 });
  assert.equal(edit.sentence(nim, edit.evaluate(nim, [3, 5, 7])), 'Value 1: an N-position; winning move: take 1 from heap 1.');
  assert.equal(edit.sentence(nim, edit.evaluate(nim, [1, 2, 3])), 'Value 0: a P-position, the player to move loses.');
  assert.equal(edit.turnWords([6, 8]), 'turn coins 6 and 8');
  assert.equal(edit.turnWords([1, 2, 5]), 'turn coins 1, 2 and 5');
});
