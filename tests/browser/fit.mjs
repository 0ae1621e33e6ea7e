// Figures fit a phone: at 320 and 390 px wide, nothing inside a figure is
// cut off or scrolls sideways, except a drawing too wide to show legibly,
// which scrolls in a box that carries the visible cue (`grundy-scroll-cue`,
// static/css/figures.css); and every drawing lies inside the window. At
// 1280 px, the quotient line of a playable misère heap game keeps to one
// line whatever element it names.

import { assert } from './report.mjs';
import { session, open, whenPlayable } from './pages.mjs';

/** The phone widths every figure must fit. */
export const FIT_WIDTHS = [320, 390];

/** The class of the one kind of box allowed to scroll sideways, with its cue. */
export const SCROLL_CUE = 'grundy-scroll-cue';

/**
 * The boxes that show the cue: the class, and the boxes the page's scripts
 * draw into, which static/css/figures.css gives the same fade (an editor's
 * drawing, a codeword's live row).
 */
export const CUED = `.${SCROLL_CUE}, .grundy-edit-live, .grundy-nearest-codeword .grundy-live`;

/**
 * What does not fit in the page's figures: a box inside a figure whose
 * content is wider than it (more than 1 px) without the cue class, and a
 * drawing (or an SVG outside a cued box) reaching past either edge of the
 * window. Boxes not drawn and visually hidden ones (1 px wide, for screen
 * readers) are skipped. Runs in the page.
 */
export function figureFitProblems(cue) {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const nameOf = (el) => el.tagName.toLowerCase() + (el.classList.length ? `.${[...el.classList].join('.')}` : '');
  for (const figure of document.querySelectorAll('figure.grundy-figure')) {
    const kind = [...figure.classList].find((c) => c.startsWith('grundy-') && c !== 'grundy-figure') || 'figure';
    const at = figure.id ? `${kind}#${figure.id}` : kind;
    for (const el of [figure, ...figure.querySelectorAll('*')]) {
      // A text field scrolls its own text, as every text field does.
      if (!(el instanceof HTMLElement) || el.matches('input, textarea, select')) continue;
      if (!shown(el) || el.clientWidth <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1 && !el.matches(cue)) {
        problems.push(`${at}: ${nameOf(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px with no scroll cue`);
      }
    }
    const boxes = [...figure.querySelectorAll('.grundy-drawing')];
    for (const svg of figure.querySelectorAll('svg')) if (!svg.closest(cue)) boxes.push(svg);
    for (const el of boxes) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.right > width + 1) {
        problems.push(`${at}: ${nameOf(el)} spans ${Math.round(r.left)} to ${Math.round(r.right)} px of a ${width} px window`);
      }
    }
  }
  return problems;
}

/** The desktop width at which a quotient line must keep to one line. */
export const DESKTOP_WIDTH = 1280;

/**
 * The quotient lines of the page's playable misère heap games that take
 * more than one line: each line is given, in turn, the words the page
 * writes for every element of its quotient (play.js's `quotientWords`),
 * and its line boxes are counted. Returns the problems and the lines
 * measured. Runs in the page.
 */
export function quotientLineProblems() {
  const problems = [];
  let measured = 0;
  const words = window.GrundyPlay && window.GrundyPlay.quotientWords;
  for (const [index, figure] of [...document.querySelectorAll('figure.grundy-figure')].entries()) {
    const line = figure.querySelector('.grundy-quotient');
    const at = figure.id || `figure ${index + 1}`;
    const q = figure.grundyPlay && figure.grundyPlay.data.quotient;
    if (!line || !q) continue;
    if (!words) {
      problems.push(`${at}: the page has no quotientWords to measure`);
      continue;
    }
    const was = line.textContent;
    for (let x = 0; x < q.elements.length; x++) {
      line.textContent = words(q.elements[x], q.p[x]);
      const range = document.createRange();
      range.selectNodeContents(line);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      measured++;
      if (tops.size > 1) problems.push(`${at}: "${line.textContent}" takes ${tops.size} lines in ${Math.round(line.clientWidth)} px`);
    }
    line.textContent = was;
  }
  return { problems, measured };
}

/** Every quotient line of the page keeps to one line in a 1280 px window. */
export async function checkQuotientLine(browser, base, p, report, site) {
  const s = await session(browser, base, { viewport: { width: DESKTOP_WIDTH, height: 900 } });
  try {
    const { page } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
    await whenPlayable(page).catch(() => {});
    const { problems, measured } = await page.evaluate(quotientLineProblems);
    if (!measured && !problems.length) return;
    await report.check(`${site}: ${p.path} quotient lines keep to one line at ${DESKTOP_WIDTH} px`, async () => {
      assert(problems.length === 0, problems.join('; '));
      return `${measured} elements' lines measured`;
    });
  } finally {
    await s.close();
  }
}

/** Every figure of the page fits a 320 and a 390 px window. */
export async function checkFit(browser, base, p, report, site) {
  for (const w of FIT_WIDTHS) {
    await report.check(`${site}: ${p.path} figures fit a ${w} px wide window`, async () => {
      const s = await session(browser, base, { viewport: { width: w, height: 844 } });
      try {
        const { page } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
        await whenPlayable(page).catch(() => {});
        const problems = await page.evaluate(figureFitProblems, CUED);
        assert(problems.length === 0, problems.join('; '));
      } finally {
        await s.close();
      }
    });
  }
}

/**
 * The fit check catches what it is for: a figure scrolling its wide drawing
 * with no cue, and one whose fixed-width drawing sticks out of the window;
 * a wide drawing scrolling in a cued box passes.
 */
export async function checkFitCatchesWideFigures(browser, report) {
  await report.check('figure fit check: catches a wide drawing scrolled with no cue or sticking out', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      const svg = '<svg viewBox="0 0 800 50" width="800" height="50" style="width: 800px; max-width: none"><text x="10" y="30" font-size="15">wide</text></svg>';
      await page.setContent(`<!doctype html><body style="margin: 0; overflow-x: hidden">
        <figure class="grundy-figure grundy-scrolled" id="a"><div class="grundy-drawing" style="overflow-x: auto">${svg}</div></figure>
        <figure class="grundy-figure grundy-sticking" id="b"><div class="grundy-drawing">${svg}</div></figure>
        <figure class="grundy-figure grundy-cued" id="c"><div class="grundy-drawing ${SCROLL_CUE}" style="overflow-x: auto">${svg}</div></figure>
        </body>`);
      const problems = await page.evaluate(figureFitProblems, CUED);
      const caught = (name) => problems.some((m) => m.startsWith(name));
      assert(caught('grundy-scrolled#a: div.grundy-drawing holds'), `an uncued scroller passed: ${problems.join('; ')}`);
      assert(caught('grundy-sticking#b: svg spans'), `a drawing past the window's edge passed: ${problems.join('; ')}`);
      assert(!caught('grundy-cued#c'), `a cued scroller was refused: ${problems.join('; ')}`);
    } finally {
      await page.close();
    }
  });
}
