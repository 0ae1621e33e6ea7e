// The page's logic for rows of pins (static/js/pins-core.js) against vectors
// the engine wrote (tests/kinds_vectors.rs): values, the number of legal
// knocks, the existence of a winning knock, and that the knock the page
// would play is legal and leaves a row of value 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pins = require('../../../../static/js/pins-core.js');
const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));

for (const game of vectors.pins) {
  test(`${game.game}: row values and winning knocks agree with the engine`, () => {
    const value = new Map(game.rows.map((r) => [r.row, r.value]));
    assert.ok(game.rows.length > 1000);
    for (const { row, value: expected, winning, knocks } of game.rows) {
      assert.equal(pins.pinValue(game, row), expected, `value of ${row}`);
      const all = pins.pinKnocks(game, row);
      assert.equal(all.length, knocks, `knocks from ${row}`);
      assert.equal(pins.pinsOver(game, row), knocks === 0);
      const win = pins.pinWinningKnock(game, row);
      assert.equal(win !== null, winning, `winning knock from ${row}`);
      if (win) {
        assert.ok(pins.isLegalKnock(game, row, win), `legal knock from ${row}`);
        const after = pins.applyKnock(row, win);
        assert.equal([...after].filter((c) => c === '|').length, [...row].filter((c) => c === '|').length - win.count);
        assert.equal(value.get(after), 0, `knock from ${row} leaves a P-position`);
      }
      const reply = pins.pinMachineMove(game, row, () => 0.5);
      assert.equal(reply === null, knocks === 0);
      if (reply) {
        assert.equal(reply.winning, winning);
        assert.ok(pins.isLegalKnock(game, row, reply.move));
      }
    }
  });
}

test('knocks are described as the pins they fell', () => {
  assert.equal(pins.describeKnock({ first: 3, count: 1 }), 'pin 3');
  assert.equal(pins.describeKnock({ first: 3, count: 2 }), 'pins 3 and 4');
  assert.equal(pins.describeKnock({ first: 3, count: 3 }), 'pins 3, 4 and 5');
  assert.deepEqual(pins.segments('||.|..|||'), [[1, 2], [4, 1], [7, 3]]);
});

test('random starts are N-positions of the same length', () => {
  const game = vectors.pins[0];
  const random = (() => {
    let a = 7;
    return () => ((a = (a * 48271) % 2147483647) / 2147483647);
  })();
  for (let i = 0; i < 50; i++) {
    const row = pins.randomPinRow({ ...game, row: '|||' }, 9, random);
    assert.equal(row.length, 9);
    assert.notEqual(pins.pinValue(game, row), 0);
  }
});

test('where a knock may fall is read from the data, not decoded from a code', () => {
  // One pin, only from an end of its run: in `|||`, pins 1 and 3 but not 2.
  const ends = { falls: [[], ['end']], values: [0, 0, 1, 1] };
  assert.deepEqual(pins.pinKnocks(ends, '|||'), [{ first: 1, count: 1 }, { first: 3, count: 1 }]);
  // A lone pin is a whole run: not an end, so no knock.
  assert.deepEqual(pins.pinKnocks(ends, '.|.'), []);
  // Inside only: the middle pin of three.
  const inside = { falls: [[], ['inside']], values: [0, 0, 0, 1] };
  assert.deepEqual(pins.pinKnocks(inside, '|||'), [{ first: 2, count: 1 }]);
  // Two pins at once, anywhere.
  const pairs = { falls: [[], [], ['whole', 'end', 'inside']], values: [0, 0, 1, 1, 2] };
  assert.deepEqual(pins.pinKnocks(pairs, '||||').map((k) => k.first), [1, 2, 3]);
});
