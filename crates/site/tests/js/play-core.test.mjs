// The page's game logic against vectors the engine wrote (tests/kinds_vectors.rs):
// values, the existence of a winning move, and that the move the page would
// play is legal and leaves a position of value 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const core = require('../../../../static/js/play-core.js');
const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));

for (const game of vectors.coins) {
  test(`${game.game}: values and winning moves agree with the engine`, () => {
    const value = new Map(game.rows.map((r) => [r.row, r.value]));
    assert.ok(game.rows.length > 1000);
    for (const { row, value: expected, winning } of game.rows) {
      assert.equal(core.coinValue(game, row), expected, `value of ${row}`);
      const move = core.coinWinningMove(game, row);
      assert.equal(move !== null, winning, `winning move from ${row}`);
      if (move) {
        assert.ok(core.isLegalCoinMove(game, row, move), `legal move from ${row}`);
        assert.equal(value.get(core.applyCoinMove(row, move)), 0, `move from ${row} leaves a P-position`);
      }
      const reply = core.machineMove(game, row, core.seededRandom(7));
      assert.equal(reply === null, core.coinMoves(game, row).length === 0);
      if (reply) assert.equal(reply.winning, winning);
    }
  });
}

for (const listed of vectors.coins) {
  test(`${listed.game} as "turn up to ${listed.up_to}": the searched moves agree with the engine`, () => {
    // The same game embedded without its move list, as long rows are.
    const game = { type: 'coins', game: listed.game, values: listed.values, upTo: listed.up_to };
    assert.ok(game.upTo >= 2);
    const value = new Map(listed.rows.map((r) => [r.row, r.value]));
    for (const { row, winning } of listed.rows) {
      const move = core.coinWinningMove(game, row);
      assert.equal(move !== null, winning, `winning move from ${row}`);
      if (move) {
        assert.ok(core.isLegalCoinMove(game, row, move), `legal move from ${row}`);
        assert.ok(core.isLegalCoinMove(listed, row, move), `a listed move from ${row}`);
        assert.equal(value.get(core.applyCoinMove(row, move)), 0, `move from ${row} leaves a P-position`);
      }
      const random = core.seededRandom(row.length);
      const some = core.randomUpToMove(game, row, random);
      assert.equal(some === null, !row.includes('H'));
      if (some) assert.ok(core.isLegalCoinMove(listed, row, some), `random move ${some} from ${row}`);
      assert.equal(core.isOver(game, row), !row.includes('H'));
    }
    // Legality is the rule's: the listed moves are exactly the legal ones.
    for (const { row } of listed.rows.filter((r) => r.row.length === 6)) {
      for (let mask = 1; mask < 64; mask++) {
        const places = [1, 2, 3, 4, 5, 6].filter((p) => mask >> (p - 1) & 1);
        assert.equal(core.isLegalCoinMove(game, row, places), core.isLegalCoinMove(listed, row, places), `${places} from ${row}`);
      }
    }
  });
}

for (const game of vectors.long) {
  test(`${game.game} on ${game.values.length} places: values, winning moves and nearest P-positions agree with the engine`, () => {
    assert.ok(game.rows.length >= 400);
    const distances = new Set();
    for (const { row, value, winning, nearest, distance, ties } of game.rows) {
      assert.equal(core.coinValue(game, row), value, `value of ${row}`);
      const move = core.coinWinningMove(game, row);
      assert.equal(move !== null, winning, `winning move from ${row}`);
      if (move) {
        assert.ok(core.isLegalCoinMove(game, row, move), `legal move from ${row}`);
        assert.ok(move.length <= game.upTo);
        assert.equal(core.coinValue(game, core.applyCoinMove(row, move)), 0, `move from ${row} leaves a P-position`);
      }
      const near = core.nearestCodeword(game, row, game.nearest);
      assert.deepEqual([near.row, near.distance, near.ties], [nearest, distance, ties], `nearest to ${row}`);
      distances.add(distance);
      const reply = core.machineMove(game, row, core.seededRandom(3));
      assert.equal(reply.winning, winning);
      assert.ok(core.isLegalCoinMove(game, row, reply.move));
    }
    assert.deepEqual([...distances].sort(), [0, 1, 2, 3, 4]);
  });
}

test('nim: nim-sums and winning moves agree with the engine', () => {
  assert.ok(vectors.nim.length > 100);
  for (const { heaps, nim_sum: sum, winning } of vectors.nim) {
    assert.equal(core.nimSum(heaps), sum);
    const move = core.nimWinningMove(heaps);
    assert.equal(move !== null, winning, `winning move from ${heaps}`);
    if (move) {
      assert.ok(move.take >= 1 && move.take <= heaps[move.heap]);
      assert.equal(core.nimSum(core.applyNimMove(heaps, move)), 0);
    }
  }
});

for (const game of vectors.heaps) {
  test(`${game.game}: heap values and winning moves agree with the engine`, () => {
    assert.ok(game.rows.length > 500);
    for (const { heaps, value, winning } of game.rows) {
      assert.equal(core.heapValue(game, heaps), value, `value of ${heaps}`);
      const move = core.heapWinningMove(game, heaps);
      assert.equal(move !== null, winning, `winning move from ${heaps}`);
      if (move) {
        const same = (m) => m.heap === move.heap && m.take === move.take && m.left.join() === move.left.join();
        assert.ok(core.heapMoves(game, heaps).some(same), `legal move from ${heaps}`);
        const after = core.applyHeapMove(heaps, move);
        assert.equal(after.reduce((a, h) => a + h, 0), heaps.reduce((a, h) => a + h, 0) - move.take);
        assert.equal(core.heapValue(game, after), 0, `move from ${heaps} leaves a P-position`);
      }
      assert.equal(core.isOver(game, heaps), heaps.every((h) => h === 0));
    }
  });
}

test('random starts are N-positions', () => {
  const random = core.seededRandom(42);
  for (let i = 0; i < 50; i++) {
    assert.notEqual(core.nimSum(core.randomNimHeaps(3, 7, random)), 0);
  }
  const game = vectors.coins[0];
  for (let i = 0; i < 50; i++) {
    assert.notEqual(core.coinValue(game, core.randomCoinRow(game, 8, random)), 0);
  }
});

test('the reasoning table ends with the XOR row', () => {
  const rows = core.reasoningRows({ type: 'nim' }, [3, 5, 7]);
  assert.deepEqual(rows.map((r) => r.bits), ['011', '101', '111', '001']);
  assert.equal(rows[3].label, 'XOR');
});

test('nim: on a balanced position the machine takes a stone or two and waits', () => {
  const balanced = vectors.nim.filter((v) => !v.winning && v.heaps.some((h) => h > 0));
  assert.ok(balanced.length > 10);
  const taken = new Set();
  balanced.forEach(({ heaps }, i) => {
    const reply = core.machineMove({ type: 'nim', heaps }, heaps, core.seededRandom(i));
    assert.equal(reply.winning, false, `no winning move from ${heaps}`);
    const { heap, take } = reply.move;
    assert.ok(heaps[heap] > 0, `a stone taken from a non-empty heap of ${heaps}`);
    assert.ok(take >= 1 && take <= Math.min(2, heaps[heap]), `took ${take} from ${heaps[heap]} in ${heaps}`);
    taken.add(take);
  });
  assert.deepEqual([...taken].sort(), [1, 2]);
  assert.equal(core.machineMove({ type: 'nim', heaps: [0, 0] }, [0, 0], core.seededRandom(1)), null);
});

test('misère nim: the machine plays to the P-positions of its table, solved here from the moves', () => {
  // Misère outcomes by brute force over the moves alone: no move left is a win.
  const memo = new Map();
  const outcome = (heaps) => {
    const key = core.misereKey(heaps);
    if (!memo.has(key)) {
      const moves = core.nimMoves(heaps);
      const win = moves.length === 0 || moves.some((m) => outcome(core.applyNimMove(heaps, m)) === 'P');
      memo.set(key, win ? 'N' : 'P');
    }
    return memo.get(key);
  };
  const start = [3, 5, 7];
  const outcomes = {};
  for (let a = 0; a <= 3; a++) for (let b = 0; b <= 5; b++) for (let c = 0; c <= 7; c++) {
    outcomes[core.misereKey([a, b, c])] = outcome([a, b, c]);
  }
  const data = { type: 'nim', misere: true, heaps: start, outcomes };
  assert.equal(core.misereKey([0, 3, 1, 0]), '1,3');
  let seen = 0;
  for (let a = 0; a <= 3; a++) for (let b = 0; b <= 5; b++) for (let c = 0; c <= 7; c++) {
    const heaps = [a, b, c];
    const move = core.misereWinningMove(data, heaps);
    const empty = heaps.every((h) => h === 0);
    assert.equal(move !== null, outcome(heaps) === 'N' && !empty, `winning move from ${heaps}`);
    if (move) {
      assert.equal(outcome(core.applyNimMove(heaps, move)), 'P', `move from ${heaps} leaves a P-position`);
      assert.deepEqual(core.machineMove(data, heaps, core.seededRandom(a + b + c)).move, move);
    }
    seen++;
  }
  assert.equal(seen, 4 * 6 * 8);
  // A single heap of one is lost, and two single stones are won by taking one.
  assert.equal(core.misereOutcome(data, [1, 0, 0]), 'P');
  assert.deepEqual(core.misereWinningMove(data, [1, 1, 0]), { heap: 0, take: 1 });
});
