// The logic of linked figures (static/js/link-core.js): which figures share a
// game or a position, what part a reader points at, and which element of
// another figure stands for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { en, other } from './words.mjs';

const require = createRequire(import.meta.url);
const link = require('../../../../static/js/link-core.js');

const coins = { game: 'turning-turtles', position: 'TTHTHTTH', shows: 'coins' };
const coinXor = { game: 'turning-turtles', position: 'TTHTHTTH', shows: 'xor' };
const heaps = { game: 'nim', position: '5,7,9,12', shows: 'heaps' };
const heapXor = { game: 'nim', position: '5, 7, 9, 12', shows: 'xor' };
const otherXor = { game: 'nim', position: '5,7,9,11', shows: 'xor' };
const ttValues = { game: 'turning-turtles', shows: 'values' };
const ttLadder = { game: 'turning-turtles', position: 'TTTTH', shows: 'ladder' };

test('games and positions compare as the calculator reads them', () => {
  assert.ok(link.sameGame(' Nim', 'nim'));
  assert.ok(!link.sameGame('nim', 'kayles'));
  assert.ok(!link.sameGame('', ''));
  assert.ok(link.samePosition('5, 7,9', '5,7,9'));
  assert.ok(!link.samePosition('5,7,9', '5,7,9,0'));
  assert.ok(link.samePosition('tthth', 'TTHTH'));
  assert.ok(!link.samePosition(undefined, undefined));
});

test('the part pointed at: a coin, a heap, a run of pins, a ladder option', () => {
  assert.deepEqual(link.pointedPart('coins', { place: '5' }), { kind: 'coin', place: 5 });
  assert.deepEqual(link.pointedPart('heaps', { heap: '3', size: '12' }), { kind: 'heap', heap: 3, size: 12 });
  assert.equal(link.pointedPart('heaps', { heap: '3' }), null);
  assert.deepEqual(link.pointedPart('pins', { place: '6' }, '|||.||||||'), { kind: 'run', heap: 1, size: 6, first: 5 });
  assert.equal(link.pointedPart('pins', { place: '4' }, '|||.||||||'), null);
  assert.deepEqual(link.pointedPart('ladder', { option: '2', position: 'TTHTT' }), { kind: 'option', option: 2, place: 3 });
  assert.deepEqual(link.pointedPart('ladder', { option: '0', position: '5' }), { kind: 'option', option: 0, size: 5 });
  assert.equal(link.pointedPart('ladder', { option: '1', position: '1,3' }), null);
  assert.equal(link.pointedPart('ladder', { option: '1', position: 'HTHT' }), null);
  assert.equal(link.pointedPart('xor', { place: '3' }), null);
  assert.equal(link.pointedPart('coins', { place: 'x' }), null);
});

test('pin runs', () => {
  assert.deepEqual(link.pinRuns('|||.||||||'), [{ first: 1, size: 3 }, { first: 5, size: 6 }]);
  assert.deepEqual(link.pinRuns('..'), []);
  assert.deepEqual(link.pinRuns('.|.'), [{ first: 2, size: 1 }]);
});

test('a coin links to its XOR row only in a table of the same row', () => {
  const part = link.pointedPart('coins', { place: '5' });
  assert.deepEqual(link.target(coins, part, coinXor), { attr: 'data-place', value: '5' });
  assert.equal(link.target(coins, part, { ...coinXor, position: 'TTHTHH' }), null);
  assert.equal(link.target(coins, part, { ...coinXor, game: 'mock-turtles' }), null);
});

test('a heap links to its XOR row by index, never to a table of another position', () => {
  const part = link.pointedPart('heaps', { heap: '3', size: '12' });
  assert.deepEqual(link.target(heaps, part, heapXor), { attr: 'data-heap', value: '3' });
  assert.equal(link.target(heaps, part, otherXor), null);
  assert.deepEqual(link.target(heaps, part, { ...heaps }), { attr: 'data-heap', value: '3' });
});

test('a value table entry by place for coins, by size for heaps and runs', () => {
  assert.deepEqual(link.target(coins, { kind: 'coin', place: 5 }, ttValues), { attr: 'data-n', value: '5' });
  const pins = { game: 'kayles', position: '|||.||||||', shows: 'pins' };
  const part = link.pointedPart('pins', { place: '2' }, pins.position);
  assert.deepEqual(link.target(pins, part, { game: 'kayles', shows: 'values' }), { attr: 'data-n', value: '3' });
  assert.equal(link.target(pins, part, { game: 'dawsons-kayles', shows: 'values' }), null);
  const option = link.pointedPart('ladder', { option: '1', position: '3' });
  const ladder = { game: 'subtraction:1,3,4', position: '6', shows: 'ladder' };
  assert.deepEqual(link.target(ladder, option, { game: 'subtraction:1,3,4', shows: 'values' }), { attr: 'data-n', value: '3' });
});

test('a ladder option when the ladder has one for the part', () => {
  const t = link.target(coins, { kind: 'coin', place: 3 }, ttLadder);
  assert.deepEqual(t, { option: true, place: 3 });
  assert.ok(link.optionMatches(t, 'TTHTT'));
  assert.ok(!link.optionMatches(t, 'TTTHT'));
  assert.ok(!link.optionMatches(t, 'HTHTT'));
  assert.ok(!link.optionMatches(t, '3'));
  const size = { size: 4 };
  assert.ok(link.optionMatches(size, '4'));
  assert.ok(link.optionMatches(size, '0,4'));
  assert.ok(!link.optionMatches(size, '1,3'));
  assert.ok(link.optionMatches({ size: 0 }, '0'));
  assert.ok(!link.optionMatches({ size: 0 }, 'TTTT'));
  // An option pointed at is no source for another ladder.
  assert.equal(link.target(ttLadder, { kind: 'option', option: 0, place: 3 }, ttLadder), null);
});

test('an edit carries to the settable figures that showed the same position', () => {
  const a = { game: 'nim', position: '3,5,7', settable: true };
  const b = { game: 'nim', position: '3, 5, 7', settable: true };
  const c = { game: 'nim', position: '2,5,7', settable: true };
  const d = { game: 'nim', position: '3,5,7', settable: false };
  const e = { game: 'kayles', position: '3,5,7', settable: true };
  assert.deepEqual(link.followers(a, '3,5,7', [a, b, c, d, e]), [b]);
});

test('positions read back from a drawing', () => {
  assert.equal(link.coinRow([{ place: 1, head: false }, { place: 3, head: true }, { place: 2, head: true }]), 'THH');
  assert.equal(link.heapList([{ heap: 0, size: 5 }, { heap: 2, size: 9 }], 4), '5,0,9,0');
  assert.equal(link.pinRow([{ place: 1, standing: true }, { place: 2, standing: false }, { place: 3, standing: true }]), '|.|');
});

test('announcements name the part and what lit up', () => {
  assert.equal(
    link.announce({ kind: 'heap', heap: 1, size: 7 }, [{ shows: 'xor', value: '7' }], en),
    'Heap 2 (7 stones): its row in the nim-sum table, value 7.',
  );
  assert.equal(
    link.announce({ kind: 'coin', place: 3 }, [{ shows: 'xor', value: '3' }, { shows: 'ladder', option: 2, value: '3' }], en),
    'Coin 3: its row in the nim-sum table, value 3; mex ladder option 3, value 3.',
  );
  assert.equal(link.announce({ kind: 'coin', place: 3 }, [], en), '');
});

test('announcements are in the page\'s words', () => {
  const fr = other({
    'play.link.heap': { one: 'Tas {heap} ({n} pierre)', other: 'Tas {heap} ({n} pierres)' },
    'play.link.xor': 'sa ligne du XOR, valeur {value}',
    'play.link.separator': ' ; ',
    'play.link.announce': '{part} : {hits}.',
  });
  assert.equal(link.announce({ kind: 'heap', heap: 0, size: 1 }, [{ shows: 'xor', value: '1' }, { shows: 'xor', value: '' }], fr), 'Tas 1 (1 pierre) : sa ligne du XOR, valeur 1 ; sa ligne du XOR, valeur.');
});
