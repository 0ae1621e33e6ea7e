// The site search box on the index page: shown once this script runs (the
// form is hidden without JavaScript), it loads search-index.json from the
// same site (the form's data-index, relative to the page) the first time the
// reader types or focuses it, and lists matching essays as they type.
// Keyboard: Tab reaches the box, ArrowDown moves into the results, ArrowUp
// and ArrowDown move between them, Escape clears the box.
(function () {
  'use strict';

  function start() {
    const form = document.querySelector('form.site-search');
    if (!form) return;
    const input = form.querySelector('input[type="search"]');
    const status = form.querySelector('.search-status');
    const list = form.querySelector('.search-results');
    let prepared = null;
    let loading = null;

    const load = () => {
      if (!loading) {
        const url = new URL(form.dataset.index, document.baseURI);
        loading = withCore()
          .then(() => fetch(url))
          .then((r) => {
            if (!r.ok) throw new Error(`${r.status}`);
            return r.json();
          })
          .then((index) => {
            prepared = window.GrundySearchCore.prepare(index);
          })
          .catch(() => {
            status.textContent = form.dataset.unavailable || 'The search index could not be loaded.';
          });
      }
      return loading;
    };

    const show = () => {
      list.replaceChildren();
      const query = input.value.trim();
      if (!prepared || query === '') {
        status.textContent = '';
        return;
      }
      const results = window.GrundySearchCore.search(prepared, query);
      status.textContent = window.GrundySearchCore.countWords(form.dataset, results.length);
      for (const { doc } of results) {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = new URL(doc.url, new URL(form.dataset.index, document.baseURI)).href;
        link.textContent = doc.title;
        const about = document.createElement('p');
        about.textContent = doc.description;
        item.append(link, about);
        list.append(item);
      }
    };

    const links = () => [...list.querySelectorAll('a')];
    input.addEventListener('focus', load);
    input.addEventListener('input', () => load().then(show));
    input.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown' && links().length > 0) {
        e.preventDefault();
        links()[0].focus();
      } else if (e.key === 'Escape') {
        input.value = '';
        show();
      }
    });
    list.addEventListener('keydown', (e) => {
      const all = links();
      const at = all.indexOf(document.activeElement);
      if (at < 0) return;
      if (e.key === 'ArrowDown' && at + 1 < all.length) {
        e.preventDefault();
        all[at + 1].focus();
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        (at === 0 ? input : all[at - 1]).focus();
      }
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const first = links()[0];
      if (first) first.click();
    });
    form.hidden = false;
  }

  /** Loads search-core.js from beside this script, once. */
  const here = document.currentScript && document.currentScript.src;
  function withCore() {
    if (window.GrundySearchCore) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL('search-core.js', here || document.baseURI).href;
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
