// The site search's matching, without the DOM: a query against the index
// the build writes (search-index.json: title, url, description, tags,
// headings and the distinct words of each essay's prose).
//
// Loaded as a classic script in the page (it sets globalThis.GrundySearchCore)
// and as a CommonJS module by the tests.
(function (root) {
  'use strict';

  /** Words longer than this are not indexed (render/search.rs, MAX_WORD_CHARS). */
  const MAX_WORD_CHARS = 20;

  /** Results shown at most. */
  const MAX_RESULTS = 10;

  /** What a match in each field is worth; a term counts its best field. */
  const WEIGHTS = { title: 8, tags: 4, headings: 3, description: 2, text: 1 };

  /** The words of a text as the build splits them: runs of letters and digits, lowercase. */
  function words(text) {
    return (String(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) || [])
      .filter((w) => [...w].length <= MAX_WORD_CHARS);
  }

  /** An essay's words by field, made once per index. */
  function prepare(index) {
    return index.map((doc) => ({
      doc,
      fields: {
        title: words(doc.title),
        tags: words((doc.tags || []).join(' ')),
        headings: words((doc.headings || []).join(' ')),
        description: words(doc.description),
        text: String(doc.text || '').split(' '),
      },
    }));
  }

  /** What one term is worth in an essay: its best field's weight, 0 when no word starts with it. */
  function termScore(fields, term) {
    let best = 0;
    for (const [field, weight] of Object.entries(WEIGHTS)) {
      if (weight > best && fields[field].some((w) => w.startsWith(term))) best = weight;
    }
    return best;
  }

  /**
   * The essays every word of the query starts a word of, best first (then
   * in the index's order), at most MAX_RESULTS: [{doc, score}].
   */
  function search(prepared, query) {
    const terms = words(query);
    if (terms.length === 0) return [];
    const found = [];
    prepared.forEach((entry, order) => {
      let score = 0;
      for (const term of terms) {
        const s = termScore(entry.fields, term);
        if (s === 0) return;
        score += s;
      }
      found.push({ doc: entry.doc, score, order });
    });
    found.sort((a, b) => b.score - a.score || a.order - b.order);
    return found.slice(0, MAX_RESULTS).map(({ doc, score }) => ({ doc, score }));
  }

  /**
   * The status line for `n` results, in the page's language: the form's
   * `data-none`, `data-single` and `data-many` (its `{n}` filled in), which
   * the build writes from the site's catalogue.
   */
  function countWords(words, n) {
    if (n === 0) return words.none;
    if (n === 1) return words.single;
    return String(words.many).split('{n}').join(String(n));
  }

  const core = { words, prepare, search, countWords, MAX_RESULTS };
  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundySearchCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
