// Boxes that scroll sideways, reachable from the keyboard: a figure, an
// equation, a table or a code block wider than its column scrolls on its own,
// and while it does (at this width, with this content) it is a named region
// in the Tab order, so the arrow keys can scroll it. A box with a control of
// its own inside is left alone: focusing the control scrolls it. Loaded on
// every page by explore.js. Its names are the page's words, on the body:
// `data-scroll-drawing` and the like (a missing one shows as its key).
(function () {
  'use strict';

  const BOXES = [
    ['.grundy-drawing, .grundy-edit-live', 'drawing'],
    ['.math-display', 'equation'],
    ['main table', 'table'],
    ['pre', 'code'],
    ['.directive', 'figure'],
  ];

  function named(kind) {
    const words = document.body.dataset[`scroll${kind[0].toUpperCase()}${kind.slice(1)}`];
    return words === undefined ? `[scroll.${kind}]` : words;
  }
  const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
  const MARK = 'data-grundy-scroller';

  function scrolls(box) {
    const overflow = getComputedStyle(box).overflowX;
    return (overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth + 1;
  }

  function hasControl(box) {
    for (const c of box.querySelectorAll(FOCUSABLE)) {
      if (c.getAttribute('tabindex') !== '-1' && !c.hasAttribute(MARK)) return true;
    }
    return false;
  }

  function update() {
    for (const [selector, kind] of BOXES) {
      for (const box of document.querySelectorAll(selector)) {
        const mine = box.hasAttribute(MARK);
        const wanted = scrolls(box) && !hasControl(box);
        if (wanted && !mine && !box.hasAttribute('tabindex')) {
          box.setAttribute(MARK, '');
          box.setAttribute('tabindex', '0');
          if (!box.hasAttribute('role')) box.setAttribute('role', 'region');
          if (!box.hasAttribute('aria-label')) box.setAttribute('aria-label', named(kind));
        } else if (!wanted && mine) {
          box.removeAttribute(MARK);
          box.removeAttribute('tabindex');
          if (box.getAttribute('role') === 'region') box.removeAttribute('role');
          if (box.getAttribute('aria-label') === named(kind)) box.removeAttribute('aria-label');
        }
      }
    }
  }

  let queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      observer.disconnect();
      update();
      observer.observe(document.body, { childList: true, subtree: true });
    });
  }

  const observer = new MutationObserver(soon);
  function start() {
    update();
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', soon);
    window.addEventListener('load', soon);
    if (document.fonts) document.fonts.ready.then(soon);
  }
  window.GrundyScroll = { update };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
