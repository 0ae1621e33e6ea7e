// What the page's playable figures keep without the engine (play-core.js):
// applying moves, a site's own game looked up in its embedded tables (here
// the tables of games the engine wrote, tests/kinds_vectors.rs) and the
// reasoning table's digits. Values and moves of every other game are the
// module's, checked against the native engine by wasm.test.mjs; the long
// rows' nearest P-positions, turns and chosen moves are asked of it here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const core = require('../../../../static/js/play-core.js');
import { en } from './words.mjs';

const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));

test('the page keeps no rule of the engine\'s games', () => {
  for (const name of ['nearestCodeword', 'isUpToMove', 'randomUpToMove', 'nimSum', 'coinValue', 'coinMoves', 'coinWinningMove', 'nimWinningMove', 'misereWinningMove', 'machineMove', 'isOver', 'reasoningRows']) {
    assert.equal(core[name], undefined, `${name} is still in play-core.js`);
  }
});

/** Positions of `game` whose looked-up value or winning move is not the engine's. */
function siteMismatches(game) {
  const value = new Map(game.rows.map((r) => [r.heaps.join(','), r.value]));
  const wrong = [];
  for (const { heaps, value: expected, winning } of game.rows) {
    if (core.siteValue(game, heaps) !== expected) wrong.push(`value of ${heaps}`);
    const move = core.siteWinningMove(game, heaps);
    if ((move !== null) !== winning) wrong.push(`winning move from ${heaps}`);
    if (move) {
      const after = core.applyHeapMove(heaps, move).filter((h) => h > 0);
      if (after.reduce((x, h) => x ^ value.get([h, 0, 0].join(',')), 0) !== 0) wrong.push(`move from ${heaps}`);
    }
  }
  return wrong;
}

for (const game of vectors.heaps) {
  test(`${game.game} as a site's game: values and winning moves looked up in its tables are the engine's`, () => {
    assert.ok(game.rows.length > 500);
    assert.deepEqual(siteMismatches(game), []);
    const [heaps] = game.rows.filter((r) => r.winning).map((r) => r.heaps);
    const reply = core.siteReply(game, heaps, core.seededRandom(1));
    assert.equal(reply.winning, true);
    const random = core.seededRandom(5);
    for (let i = 0; i < 20; i++) assert.notEqual(core.siteValue(game, core.siteRandomHeaps({ ...game, heaps: [1, 2] }, 3, 6, random)), 0);
  });
}

test('a corrupted site table is caught by the same comparison', () => {
  const game = vectors.heaps[0];
  const values = game.values.slice();
  values[3] += 1;
  assert.ok(siteMismatches({ ...game, values }).length > 50);
});

// The engine in the page (the committed module, asked as engine.js asks it)
// for Mogul's rows of 24 coins: the nearest P-position the build found for
// each, a reader's turn played or refused, and the machine's chosen move.
const engineJs = require('../../../../static/js/engine.js');
const module = await WebAssembly.instantiate(
  readFileSync(new URL('../../../../static/wasm/grundy.wasm', import.meta.url)),
  {},
);
const engine = engineJs.over(module.instance.exports);

for (const game of vectors.long) {
  test(`${game.game} on ${game.values.length} places: the module's nearest P-positions, turns and chosen moves`, () => {
    assert.ok(game.rows.length >= 400);
    const distances = new Set();
    for (const { row, nearest, distance, ties } of game.rows) {
      const near = engine.nearest(game.game, row, game.nearest).nearest;
      assert.deepEqual([near.row, near.distance, near.ties], [nearest, distance, ties], `nearest to ${row}`);
      distances.add(distance);
      const chosen = engine.chosen(game.game, row, row.length * 7919).move;
      assert.equal(chosen === null, !row.includes('H'), `a chosen move from ${row}`);
      if (chosen) {
        const places = engineJs.moveOf(chosen).places;
        assert.ok(places.length >= 1 && places.length <= game.upTo, `${places} from ${row}`);
        assert.deepEqual(engine.play(game.game, row, places).move, chosen, `${places} played from ${row}`);
      }
    }
    assert.deepEqual([...distances].sort(), [0, 1, 2, 3, 4]);
    const row = 'TTHT'.padEnd(game.values.length, 'T');
    assert.notEqual(engine.play(game.game, row, [3]).move, null);
    assert.equal(engine.play(game.game, row, [4]).move, null, 'the last coin turned must show heads');
    const many = Array.from({ length: game.upTo + 1 }, (_, i) => i + 1);
    assert.equal(engine.play(game.game, 'H'.repeat(game.values.length), many).move, null, 'too many coins');
  });
}

test('moves are applied as the engine states them', () => {
  assert.equal(core.applyCoinMove('TTHTH', [2, 5]), 'THHTT');
  assert.deepEqual(core.applyNimMove([3, 5, 7], { heap: 2, take: 6 }), [3, 5, 1]);
  assert.deepEqual(core.applyHeapMove([3, 6], { heap: 1, take: 2, left: [1, 3] }), [3, 1, 3]);
  assert.deepEqual(core.applyHeapMove([3, 6], { heap: 0, take: 3, left: [] }), [0, 6]);
  assert.equal(core.describeHeapMove({ heap: 1, take: 2, left: [1, 3] }, en), 'take 2 from the second heap, leaving 1 + 3');
  assert.equal(core.describeHeapMove({ heap: 0, take: 0, left: [2, 2] }, en), 'split the first heap into 2 + 2');
  // Wythoff's take from both heaps: the same from each.
  const both = { both: true, take: 3, from: [6, 8] };
  assert.deepEqual(core.applyHeapMove([6, 8], both), [3, 5]);
  assert.equal(core.describeHeapMove(both, en), 'take 3 from both heaps, leaving 3 and 5');
  // In the list of one heap's moves, the heap unsaid; a Nim move; a take of all.
  assert.equal(core.describeHeapMoveHere({ heap: 1, take: 2, left: [1, 3] }, en), 'take 2, leaving 1 + 3');
  assert.equal(core.describeHeapMoveHere({ heap: 0, take: 0, left: [2, 2] }, en), 'split into 2 + 2');
  assert.equal(core.describeHeapMove({ heap: 2, take: 3, left: [] }, en), 'take 3 from the third heap, leaving nothing');
  assert.equal(core.describeNimMove({ heap: 0, take: 2 }, en), 'take 2 from the first heap');
  assert.equal(core.joinAnd([1, 3, 5], en), '1 and 3 and 5');
  assert.equal(core.joinAnd([4], en), '4');
  assert.deepEqual([0, 1, 2].map((i) => core.stonesTaken(both, i)), [3, 3, 3]);
  assert.deepEqual([0, 1].map((i) => core.stonesTaken({ heap: 1, take: 2, left: [6] }, i)), [0, 2]);
  assert.equal(core.stonesTaken(null, 0), 0);
  assert.deepEqual(core.headPlaces('TTHTH'), [3, 5]);
  assert.equal(core.binary(5, 4), '0101');
  const a = core.seededRandom(9);
  const b = core.seededRandom(9);
  assert.deepEqual([a(), a(), a()], [b(), b(), b()]);
});

test('the bridges between two heaps take as a tap on the shorter heap does, from both', () => {
  // Piles of 4 and 8: the bridge by stone 0 (the bottom) takes 4 from each, by stone 3 one.
  assert.deepEqual([0, 1, 2, 3].map((s) => core.bridgeTake([4, 8], s)), [4, 3, 2, 1]);
  assert.deepEqual([0, 1, 2, 3].map((s) => core.bridgeTake([8, 4], s)), [4, 3, 2, 1]);
  assert.equal(core.bridgeTake([4, 8], 4), 0);
  assert.equal(core.bridgeTake([0, 5], 0), 0);
});

test('a heap is named by its place in words, never by a number a reader takes for its size', () => {
  const said = [1, 2, 3, 10, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => core.ordinal(n, en));
  assert.deepEqual(said, ['first', 'second', 'third', 'tenth', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  // The words come from the page: a key it lacks shows as itself, never in English.
  const none = require('../../../../static/js/words.js').over({});
  assert.equal(core.ordinal(2, none), '[play.ordinal.2]');
  assert.equal(core.ordinal(21, none), '[play.ordinal.st]');
});

test('a move is said in the words the page holds, in its language', () => {
  const fr = require('../../../../static/js/words.js').over({
    'play.move.take': 'prendre {take} du {ordinal} tas, en laissant {left}',
    'play.ordinal.2': 'deuxième',
    'play.list.and': '{first} et {last}',
  });
  assert.equal(core.describeHeapMove({ heap: 1, take: 2, left: [1, 3] }, fr), 'prendre 2 du deuxième tas, en laissant 1 + 3');
  assert.equal(core.joinAnd([3, 5], fr), '3 et 5');
});
