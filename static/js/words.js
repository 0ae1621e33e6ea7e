// The words the figures' scripts say, in the site's language: the `play.*`
// strings of the site's catalogue (its overrides applied), which the build
// writes into every page that loads these scripts as JSON in
// <script type="application/json" id="grundy-words">. A string is a text
// whose `{name}`s are filled in, or a count ({one, other}: `one` for the
// counts `meta.singular` lists). A key the page does not hold shows as
// `[key]`, never as English.
//
// Loaded as a classic script in the page (it sets globalThis.GrundyWords)
// and as a CommonJS module by the tests, which read the English words
// (crates/site/tests/js/words-en.json) through `over`.
(function (root) {
  'use strict';

  /** `text` with each `{name}` of `args` filled in (the others left as they are). */
  function fill(text, args) {
    return text.replace(/\{([A-Za-z0-9_-]+)\}/g, (all, name) => (args && Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : all));
  }

  /** `say` and `count` over a table of words (`{"play.key": "text" | {one, other}}`). */
  function over(table) {
    const singular = new Set(String(table['meta.singular'] ?? '').split(/\s+/).filter(Boolean));
    const say = (key, args) => {
      const entry = table[key];
      return typeof entry === 'string' ? fill(entry, args) : `[${key}]`;
    };
    const count = (key, n, args) => {
      const entry = table[key];
      if (!entry || typeof entry !== 'object') return `[${key}]`;
      const form = singular.has(String(n)) ? entry.one : entry.other;
      return typeof form === 'string' ? fill(form, { ...args, n }) : `[${key}]`;
    };
    // What the independent checker verified, its own English sentence said
    // in the page's words (a sentence the page has no words for stays the
    // checker's).
    const verified = (sentence) => {
      const said = (table['checker.verified'] || {})[sentence];
      return typeof said === 'string' ? said : sentence;
    };
    return { say, count, verified };
  }

  let page = null;

  /** The page's words, read once from its #grundy-words element (none: every key shows as `[key]`). */
  function fromPage() {
    if (page) return page;
    let table = {};
    const node = root.document && root.document.getElementById('grundy-words');
    try {
      if (node) table = JSON.parse(node.textContent) || {};
    } catch (e) {
      table = {};
    }
    page = over(table);
    return page;
  }

  const words = {
    over,
    fill,
    say: (key, args) => fromPage().say(key, args),
    count: (key, n, args) => fromPage().count(key, n, args),
    verified: (sentence) => fromPage().verified(sentence),
  };
  if (typeof module === 'object' && module.exports) module.exports = words;
  else root.GrundyWords = words;
})(typeof globalThis !== 'undefined' ? globalThis : this);
