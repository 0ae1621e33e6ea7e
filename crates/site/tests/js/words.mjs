// The English words the scripts say, for the tests: words-en.json is the
// English catalogue's `play.*` strings as the build writes them into a page
// (kept current by the Rust test `script_words`), read through words.js.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const words = require('../../../../static/js/words.js');

/** `say` and `count` over the English words. */
export const en = words.over(JSON.parse(readFileSync(new URL('./words-en.json', import.meta.url), 'utf8')));

/** `say` and `count` over a few words of another language (`table`, French's counts: 0 and 1 singular). */
export const other = (table) => words.over({ 'meta.singular': '0 1', ...table });
