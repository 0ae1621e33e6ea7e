// A row of pins in the page (pins-core.js) over the engine's answers: every
// row of the vectors the engine wrote (tests/kinds_vectors.rs) is asked of
// the committed module (static/wasm/grundy.wasm) as its runs of pins, and
// each of the module's heap moves must be read back as a knock that is
// legal by the figure's `falls` data and leaves the position the module
// says; the number of knocks and the values must be the vectors'. A knock
// read back at the wrong place must be caught.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { en } from './words.mjs';

const require = createRequire(import.meta.url);
const pins = require('../../../../static/js/pins-core.js');
const engines = require('../../../../static/js/engine.js');
const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));
const wasm = readFileSync(new URL('../../../../static/wasm/grundy.wasm', import.meta.url));

async function engine() {
  const { instance } = await WebAssembly.instantiate(wasm, {});
  return engines.over(instance.exports);
}

/** Whether a knock is legal by the figure's data: where in its run it falls (data.falls). */
function fallsRight(game, row, knock) {
  const run = pins.segments(row).find(([f, n]) => knock.first >= f && knock.first + knock.count <= f + n);
  if (!run || !game.falls[knock.count]) return false;
  const left = knock.first - run[0];
  const right = run[0] + run[1] - knock.first - knock.count;
  const at = left === 0 && right === 0 ? 'whole' : left > 0 && right > 0 ? 'inside' : 'end';
  return game.falls[knock.count].includes(at);
}

/** The rows whose knocks, read back from the module's moves by `knockOf`, are not the vectors'. */
function mismatches(e, game, knockOf) {
  const wrong = [];
  for (const { row, value, knocks } of game.rows) {
    const heaps = engines.pinHeaps(row);
    if (e.value(game.game, heaps).value !== value) wrong.push(`value of ${row}`);
    const moves = e.options(game.game, heaps).moves;
    // The module lists a knock and its mirror image in the run once.
    const read = moves.map((m) => knockOf(row, m));
    for (const [i, k] of read.entries()) {
      if (!k || !fallsRight(game, row, k) || !pins.isKnockOf(row, k, moves[i].action)) wrong.push(`move ${JSON.stringify(moves[i].action)} from ${row}`);
      else if (engines.pinHeaps(pins.applyKnock(row, k)) !== moves[i].after.split(',').filter((h) => h !== '0').join(',').replace(/^$/, '0')) wrong.push(`knock from ${row} leaves another position`);
    }
    if (!knocks !== !moves.length) wrong.push(`${knocks} knocks from ${row}, ${moves.length} moves`);
  }
  return wrong;
}

for (const game of vectors.pins) {
  test(`${game.game}: the module's moves on a row of pins are knocks its data allows, leaving what the module says`, async () => {
    const e = await engine();
    assert.ok(game.rows.length > 1000);
    assert.deepEqual(mismatches(e, game, engines.pinKnock).slice(0, 5), []);
  });
}

test('a knock read back at the wrong place is caught', async () => {
  const e = await engine();
  const shifted = (row, m) => {
    const k = engines.pinKnock(row, m);
    return k && { first: k.first + 1, count: k.count };
  };
  assert.ok(mismatches(e, vectors.pins[0], shifted).length > 100);
});

test('knocks are described as the pins they fell', () => {
  assert.equal(pins.describeKnock({ first: 3, count: 1 }, en), 'pin 3');
  assert.equal(pins.describeKnock({ first: 3, count: 2 }, en), 'pins 3 and 4');
  assert.equal(pins.describeKnock({ first: 3, count: 3 }, en), 'pins 3, 4 and 5');
  assert.deepEqual(pins.segments('||.|..|||'), [[1, 2], [4, 1], [7, 3]]);
  assert.deepEqual(pins.knockPlaces({ first: 4, count: 2 }), [4, 5]);
  assert.equal(pins.applyKnock('|||||', { first: 2, count: 2 }), '|..||');
});

test('a knock is the heap move that fells that many pins of its run and leaves its parts', () => {
  const take = (heap, n, left) => ({ take: { heap, from: 0, take: n, left } });
  assert.equal(pins.isKnockOf('||.|||||', { first: 5, count: 2 }, take(2, 2, [1, 2])), true);
  assert.equal(pins.isKnockOf('||.|||||', { first: 6, count: 2 }, take(2, 2, [1, 2])), true, 'the mirror image');
  assert.equal(pins.isKnockOf('||.|||||', { first: 4, count: 2 }, take(2, 2, [1, 2])), false);
  assert.equal(pins.isKnockOf('||.|||||', { first: 1, count: 2 }, take(1, 2, [])), true);
  assert.equal(pins.isKnockOf('||.|||||', { first: 1, count: 1 }, take(1, 2, [])), false);
});

test('a knock is said in the words the page holds', () => {
  const fr = require('../../../../static/js/words.js').over({ 'play.pins.several': 'les quilles {places}', 'play.list.and': '{first} et {last}' });
  assert.equal(pins.describeKnock({ first: 3, count: 3 }, fr), 'les quilles 3, 4 et 5');
  assert.equal(pins.describeKnock({ first: 3, count: 1 }, fr), '[play.pins.single]');
});
