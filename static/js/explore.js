// Explorable figures: loads, next to this file, the script of each behaviour
// the page's figures ask for in their `data-grundy-explore` data (written by
// the build from the engine's tables), and nothing on a page without them.
//
//   edit     edit.js   change the position of a coin row, heaps, pins or XOR table
//   scrub    scrub.js  a slider for the size of a value table, plot or map
//   ladder   step.js   step through a mex ladder one option at a time
//   (any)    link.js   figures of one game on a page highlight and follow each other
//
// On every page it also loads scroll.js, which puts a box that scrolls
// sideways (a wide figure, equation, table or code block) in the Tab order.
//
// Each script sets a global (`GrundyEdit`, ...) with `start(figures)`, called
// with the figures that ask for it, each with its data parsed as
// `figure.grundyExplore`, and loads what it needs next to this file with
// `GrundyExplore.load(file, global, then)`.
(function () {
  'use strict';

  const script = document.currentScript;

  const BEHAVIOURS = [
    { key: 'edit', file: 'edit.js', global: 'GrundyEdit' },
    { key: 'scrub', file: 'scrub.js', global: 'GrundyScrub' },
    { key: 'ladder', file: 'step.js', global: 'GrundyStep' },
    { key: null, file: 'link.js', global: 'GrundyLink' },
  ];

  /** Loads a script next to this one (once) and calls `then` with the global it sets. */
  function withScript(file, name, then) {
    if (window[name]) return then(window[name]);
    const src = new URL(file, script ? script.src : document.baseURI).href;
    let tag = document.querySelector(`script[src="${src}"]`);
    if (!tag) {
      tag = document.createElement('script');
      tag.src = src;
      document.head.appendChild(tag);
    }
    tag.addEventListener('load', () => then(window[name]));
  }

  // The behaviour scripts load their own cores through this loader.
  window.GrundyExplore = { load: withScript };

  function start() {
    withScript('scroll.js', 'GrundyScroll', () => {});
    const figures = [];
    document.querySelectorAll('figure[data-grundy-explore]').forEach((figure) => {
      try {
        figure.grundyExplore = JSON.parse(figure.getAttribute('data-grundy-explore'));
        figures.push(figure);
      } catch (e) {
        // A figure whose data cannot be read stays the static figure it is.
      }
    });
    if (!figures.length) return;
    for (const b of BEHAVIOURS) {
      const mine = b.key ? figures.filter((f) => f.grundyExplore[b.key]) : figures;
      if (mine.length) withScript(b.file, b.global, (module) => module && module.start(mine));
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
