// Stepping through: the states of a mex ladder as its options are revealed
// (on the ladder data the build writes for the Mock Turtles head at place 4
// and the heap of six of subtraction:1,3,4), and the history of a played game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { en, other } from './words.mjs';

const require = createRequire(import.meta.url);
const core = require('../../../../static/js/step-core.js');

// As in the built coin-turning essay's `ladder` data.
const MOCK = {
  label: 'a single head at place 4',
  mex: 7,
  value: 7,
  options: [
    { position: 'TTTT', value: 0 },
    { position: 'HTTT', value: 1 },
    { position: 'THTT', value: 2 },
    { position: 'TTHT', value: 4 },
    { position: 'HHTT', value: 3 },
    { position: 'HTHT', value: 5 },
    { position: 'THHT', value: 6 },
  ],
  missing: [0, 1, 2, 3, 3, 5, 6, 7],
};

// As in the built sprague-grundy essay's `ladder` data.
const HEAP = { label: 'a heap of 6', mex: 2, value: 2, options: [{ position: '5', value: 3 }, { position: '3', value: 1 }, { position: '2', value: 0 }], missing: [0, 0, 0, 2] };

test('the page computes no mex: the smallest value not seen is the build\'s', () => {
  assert.equal(core.smallestMissing, undefined);
  const planted = { ...HEAP, missing: [5, 6, 7, 8] };
  assert.deepEqual([0, 1, 2, 3].map((k) => core.ladderState(planted, k).candidate), [5, 6, 7, 8]);
});

test('each step reveals one option, its value among those seen, and the smallest not seen', () => {
  assert.equal(core.ladderSteps(MOCK), 7);
  const candidates = [];
  for (let k = 0; k <= 7; k++) {
    const s = core.ladderState(MOCK, k);
    assert.equal(s.at, k);
    assert.equal(s.shown, k);
    assert.equal(s.current, k === 0 ? null : k - 1);
    assert.deepEqual(s.seen, MOCK.options.slice(0, k).map((o) => o.value).sort((a, b) => a - b));
    assert.equal(s.done, k === 7);
    candidates.push(s.candidate);
  }
  // 0 until 0 is seen, then 1, 2, 3 (4 is seen before 3), 5 after 3, 6, 7.
  assert.deepEqual(candidates, [0, 1, 2, 3, 3, 5, 6, 7]);
  const end = core.ladderState(MOCK, 7);
  assert.equal(end.mex, 7);
  assert.equal(end.agrees, true);
});

test('steps past either end are clamped', () => {
  assert.equal(core.ladderState(HEAP, -2).at, 0);
  assert.equal(core.ladderState(HEAP, 99).at, 3);
  assert.equal(core.ladderState(HEAP, 'x').at, 0);
});

test('the words of each step', () => {
  const moves = ['take 1 from the first heap (6 → 5)', 'take 3 from the first heap (6 → 3)', 'take 4 from the first heap (6 → 2)'];
  const say = (k) => core.ladderWords(HEAP, core.ladderState(HEAP, k), moves, en);
  assert.match(say(0), /No option seen yet, so the smallest value not seen is 0/);
  assert.equal(say(1), 'Option 1 of 3: take 1 from the first heap (6 → 5) has value 3. Seen: 3. Smallest value not yet seen: 0.');
  assert.equal(say(2), 'Option 2 of 3: take 3 from the first heap (6 → 3) has value 1. Seen: 1, 3. Smallest value not yet seen: 0.');
  assert.equal(say(3), 'Option 3 of 3: take 4 from the first heap (6 → 2) has value 0. All 3 options seen: 0, 1, 3. The mex is 2: a heap of 6 has value 2.');
  // Show all: no option is the one just revealed.
  const all = { ...core.ladderState(HEAP, 3), current: null };
  assert.equal(core.ladderWords(HEAP, all, moves, en), 'All 3 options seen: 0, 1, 3. The mex is 2: a heap of 6 has value 2.');
});

test('data whose values miss another number than its mex is said to be inconsistent', () => {
  const broken = { ...HEAP, options: [{ position: '5', value: 3 }, { position: '3', value: 1 }, { position: '2', value: 2 }], missing: [0, 0, 0, 0] };
  const s = core.ladderState(broken, 3);
  assert.equal(s.candidate, 0);
  assert.equal(s.agrees, false);
  assert.match(core.ladderWords(broken, s, [], en), /miss 0 first, not 2: the figure's data is inconsistent/);
  assert.equal(core.ladderState({ ...HEAP, value: 3 }, 3).agrees, false);
});

test('options left out of the drawing are revealed together in one last step', () => {
  const big = { label: 'a heap of 30', mex: 3, value: 3, options: [{ position: '29', value: 0 }], more: { count: 28, values: [1, 2, 4] }, missing: [0, 1, 3] };
  assert.equal(core.ladderSteps(big), 2);
  assert.deepEqual(core.ladderState(big, 1).seen, [0]);
  assert.equal(core.ladderState(big, 1).candidate, 1);
  const end = core.ladderState(big, 2);
  assert.equal(end.current, 'more');
  assert.deepEqual(end.seen, [0, 1, 2, 4]);
  assert.equal(end.candidate, 3);
  assert.equal(end.agrees, true);
  assert.match(core.ladderWords(big, end, ['x'], en), /^The other 28 options have values 1, 2, 4\. All 29 options seen/);
});

test('a position without options has mex 0 at once', () => {
  const none = { label: 'a heap of 0', mex: 0, value: 0, options: [], missing: [0] };
  assert.equal(core.ladderSteps(none), 0);
  const s = core.ladderState(none, 0);
  assert.equal(s.done, true);
  assert.equal(s.agrees, true);
  assert.match(core.ladderWords(none, s, [], en), /No options: nothing is seen, so the mex is 0/);
});

test('a history steps back and forth, and a move from a past step cuts the future off', () => {
  let h = core.historyStart('HHT');
  assert.equal(core.historyLabel(h, en), 'move 0 of 0');
  h = core.historyRecord(h, { position: 'HTT', by: 'you' });
  h = core.historyRecord(h, { position: 'TTT', by: 'machine' });
  assert.equal(core.historyLabel(h, en), 'move 2 of 2');
  h = core.historyGoTo(h, 1);
  assert.equal(core.historyLabel(h, en), 'move 1 of 2');
  assert.equal(h.entries[h.at].position, 'HTT');
  assert.equal(core.historyGoTo(h, -1).at, 0);
  assert.equal(core.historyGoTo(h, 9).at, 2);
  h = core.historyRecord(h, { position: 'THT', by: 'you' });
  assert.equal(core.historyLabel(h, en), 'move 2 of 2');
  assert.deepEqual(h.entries.map((e) => e.position), ['HHT', 'HTT', 'THT']);
});

test('the reason for a move', () => {
  assert.equal(core.moveReason('machine', 0, true, en), 'it leaves value 0');
  assert.equal(core.moveReason('machine', 3, false, en), 'no move leaves 0, so a random move (it leaves value 3)');
  assert.match(core.moveReason('you', 0, false, en), /^it leaves value 0/);
  assert.match(core.moveReason('you', 5, false, en), /^it leaves value 5, not 0/);
});

test('the ladder says its steps in the page\'s words', () => {
  const fr = other({
    'play.ladder.option': 'Option {at} sur {total} : {move} a la valeur {value}.',
    'play.ladder.seen': 'Valeurs vues : {seen}. Plus petite valeur pas encore vue : {candidate}.',
    'play.ladder.end': { one: 'L\'unique option est vue : {seen}.', other: 'Les {n} options sont toutes vues : {seen}. Le mex est {mex} : {label} a la valeur {value}.' },
  });
  const said = core.ladderWords({ ...HEAP, label: 'un tas de 6' }, core.ladderState(HEAP, 3), ['a', 'b', 'c'], fr);
  assert.equal(said, 'Option 3 sur 3 : c a la valeur 0. Les 3 options sont toutes vues : 0, 1, 3. Le mex est 2 : un tas de 6 a la valeur 2.');
  assert.doesNotMatch(said, /seen|value/);
});
