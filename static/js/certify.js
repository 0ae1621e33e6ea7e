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

  /** One certificate's answer in a reader's words. */
  function said(answer) {
    if (answer.checked) {
      const c = answer.checked;
      const unit = c.count === 1 ? c.unit : `${c.unit}s`;
      return { ok: true, text: `${c.what} (${c.count.toLocaleString('en')} ${unit})` };
    }
    if (answer.refused) {
      const r = answer.refused;
      if (r.tooLarge) return { ok: false, text: `too large to check here: ${r.reason}` };
      return { ok: false, text: r.at ? `wrong at ${r.at}: ${r.reason}` : `wrong: ${r.reason}` };
    }
    const error = answer.error || {};
    return { ok: false, text: `not read (${error.detail || error.kind || 'no answer'})` };
  }

  function check(button) {
    const out = button.parentNode.querySelector('.grundy-certificate-result');
    button.disabled = true;
    out.textContent = 'Checking\u2026';
    out.dataset.state = 'checking';
    const done = (state, text) => {
      out.dataset.state = state;
      out.textContent = text;
      button.disabled = false;
    };
    withEngine((engine) => {
      if (!engine) return done('absent', 'Checking it here needs WebAssembly, which this browser does not offer; the certificate is the link.');
      fetch(button.dataset.certificate)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
        .then((file) => {
          const answers = (file.certificates || []).map((c) => said(engine.ask({ ask: 'certify', certificate: c })));
          if (!answers.length) return done('refused', 'The file holds no certificate.');
          const wrong = answers.filter((a) => !a.ok);
          if (wrong.length) return done('refused', `Refused by the checker in your browser: ${wrong.map((a) => a.text).join('; ')}.`);
          done('checked', `Checked in your browser by the independent checker: ${answers.map((a) => a.text).join('; ')}.`);
        })
        .catch((e) => done('refused', `The certificate could not be read (${e.message}).`));
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
