// The site search's matching (static/js/search-core.js): a query's words
// split as the build splits the index's, every word of the query must start
// a word of the essay, a match in the title ranks above one in the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const core = require('../../../../static/js/search-core.js');

const index = [
  { title: 'Nim, by nim-sum', url: 'nim/', description: 'Heaps and XOR.', tags: ['nim'], headings: ['The nim-sum'], text: 'heaps stones winning move' },
  { title: 'Kayles', url: 'kayles/', description: 'Pins in a row.', tags: ['octal'], headings: ['Periods'], text: 'pins knock nim heaps' },
  { title: 'Turning Turtles', url: 'turtles/', description: 'Coins.', tags: [], headings: [], text: 'coins turning heads' },
];
const prepared = core.prepare(index);
const titles = (query) => core.search(prepared, query).map((r) => r.doc.title);

test('words split on anything but letters and digits, lowercase, as the build does', () => {
  assert.deepEqual(core.words("Grundy's GAME, k-th: Ünïcode 42"), ['grundy', 's', 'game', 'k', 'th', 'ünïcode', '42']);
  assert.deepEqual(core.words('a'.repeat(21) + ' ok'), ['ok']);
});

test('a word of the text finds its essay, by its start too', () => {
  assert.deepEqual(titles('knock'), ['Kayles']);
  assert.deepEqual(titles('kno'), ['Kayles']);
  assert.deepEqual(titles('HEADS'), ['Turning Turtles']);
});

test('every word of the query must match', () => {
  assert.deepEqual(titles('heaps pins'), ['Kayles']);
  assert.deepEqual(titles('heaps coins'), []);
  assert.deepEqual(titles('  ,, '), []);
});

test('a match in the title ranks above one in the text', () => {
  assert.deepEqual(titles('nim'), ['Nim, by nim-sum', 'Kayles']);
});

test('tags, headings and descriptions are searched', () => {
  assert.deepEqual(titles('octal'), ['Kayles']);
  assert.deepEqual(titles('periods'), ['Kayles']);
  assert.deepEqual(titles('xor'), ['Nim, by nim-sum']);
});

test('at most MAX_RESULTS results', () => {
  const many = core.prepare(Array.from({ length: 30 }, (_, i) => ({ title: `Essay ${i}`, url: `e${i}/`, description: '', tags: [], headings: [], text: 'common' })));
  assert.equal(core.search(many, 'common').length, core.MAX_RESULTS);
});

test('the status line speaks the words the page was built with', () => {
  const fr = { none: 'Aucun essai ne correspond.', single: '1 essai correspond.', many: '{n} essais correspondent.' };
  assert.equal(core.countWords(fr, 0), 'Aucun essai ne correspond.');
  assert.equal(core.countWords(fr, 1), '1 essai correspond.');
  assert.equal(core.countWords(fr, 7), '7 essais correspondent.');
});
