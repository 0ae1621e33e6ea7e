// The page's words (static/js/words.js): what the independent checker
// verified, its own English sentence, is said in the page's words.
import test from 'node:test';
import assert from 'node:assert/strict';
import { en, other } from './words.mjs';

const CUT = "every position a cut leaves is listed, and each one's value is the mex of its options' values";

test('a sentence the checker reports is said in the page words', () => {
  assert.equal(en.verified(CUT), CUT);
  const fr = other({ 'checker.verified': { [CUT]: 'chaque position que laisse une coupe figure dans la liste' } });
  assert.equal(fr.verified(CUT), 'chaque position que laisse une coupe figure dans la liste');
});

test('a sentence the page has no words for stays the checker’s own', () => {
  assert.equal(other({}).verified('a new sentence'), 'a new sentence');
});
