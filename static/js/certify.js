// "Check it yourself": a figure's or check's certificate (the values its
// facts rest on, published beside the page as JSON) fetched and verified in
// the reader's browser by the independent checker, which the page's
// WebAssembly module carries beside the engine and which shares no code
// with it. The page says what was checked, or where the certificate is
// wrong. Without JavaScript the certificate is still a link; without
// WebAssembly the button says checking needs it.
(function () {
  'use strict';
  const script = document.currentScript;

  function withEngine(then) {
    if (window.GrundyEngine) return window.GrundyEngine.load(then);
    const src = new URL('engine.js', script ? script.src : document.baseURI).href;
    let tag = document.querySelector(`script[src="${src}"]`);
    if (!tag) {
      tag = document.createElement('script');
      tag.src = src;
      document.head.appendChild(tag);
    }
    tag.addEventListener('load', () => window.GrundyEngine.load(then));
  }

  /** The page's words (words.js, which the page loads before this script): what the check says. */
  const w = {
    say: (key, args) => window.GrundyWords.say(key, args),
    count: (key, n, args) => window.GrundyWords.count(key, n, args),
    verified: (sentence) => window.GrundyWords.verified(sentence),
  };

  /** The checker's units (`position`, `row`), each counted by its string. */
  const UNITS = { position: 'play.certify.positions', row: 'play.certify.rows' };

  /**
   * One certificate's answer in a reader's words. What the checker verified
   * is its own (the WebAssembly module's) English sentence, said in the
   * page's words; why it refused stays the checker's; the count is grouped
   * the page's language's way.
   */
  function said(answer) {
    if (answer.checked) {
      const c = answer.checked;
      const count = c.count.toLocaleString(document.documentElement.lang || 'en');
      const key = UNITS[c.unit];
      const what = w.verified(c.what);
      if (key) return { ok: true, text: w.count(key, c.count, { what, count }) };
      return { ok: true, text: `${what} (${count} ${c.count === 1 ? c.unit : `${c.unit}s`})` };
    }
    if (answer.refused) {
      const r = answer.refused;
      if (r.tooLarge) return { ok: false, text: w.say('play.certify.too-large', { reason: r.reason }) };
      return { ok: false, text: r.at ? w.say('play.certify.wrong-at', { at: r.at, reason: r.reason }) : w.say('play.certify.wrong', { reason: r.reason }) };
    }
    const error = answer.error || {};
    return { ok: false, text: w.say('play.certify.not-read', { detail: error.detail || error.kind || w.say('play.certify.no-answer') }) };
  }

  /** The answers' words joined into one list. */
  const joined = (answers) => answers.map((a) => a.text).join(w.say('play.certify.separator'));

  function check(button) {
    const out = button.parentNode.querySelector('.grundy-certificate-result');
    button.disabled = true;
    out.textContent = w.say('play.certify.checking');
    out.dataset.state = 'checking';
    const done = (state, text) => {
      out.dataset.state = state;
      out.textContent = text;
      button.disabled = false;
    };
    withEngine((engine) => {
      if (!engine) return done('absent', w.say('play.certify.needs-wasm'));
      fetch(button.dataset.certificate)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
        .then((file) => {
          const answers = (file.certificates || []).map((c) => said(engine.ask({ ask: 'certify', certificate: c })));
          if (!answers.length) return done('refused', w.say('play.certify.empty'));
          const wrong = answers.filter((a) => !a.ok);
          if (wrong.length) return done('refused', w.say('play.certify.refused', { list: joined(wrong) }));
          done('checked', w.say('play.certify.checked', { list: joined(answers) }));
        })
        .catch((e) => done('refused', w.say('play.certify.unread', { detail: e.message })));
    });
  }

  function start() {
    for (const button of document.querySelectorAll('button.grundy-certificate-check')) {
      button.hidden = false;
      button.addEventListener('click', () => check(button));
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
