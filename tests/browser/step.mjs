// Stepping through (step.js, and the history of play.js's Controller), driven
// as a reader would at 1280 and 390 px: every mex ladder of the essays is
// stepped to its end, each revealed option's value and the mex compared with
// the engine's value of the same position (`grundy value`); played games are
// stepped back and forth and the value shown at each step compared with the
// engine's. Nothing below the figure moves while stepping.

import { assert } from './report.mjs';
import { engineValue } from './engine.mjs';
import { missing, withPage } from './playing.mjs';
import { session, open } from './pages.mjs';

/** The essays with mex ladders. */
const LADDERS = ['/coin-turning/', '/turning-turtles/', '/sprague-grundy/'];

export const WIDTHS = [
  { name: '1280 px', viewport: { width: 1280, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
];

/** Where the page's layout stands: its height and the top of what follows the figure. */
function layout(figure) {
  return figure.evaluate((f) => {
    const after = f.closest('.directive') ? f.closest('.directive').nextElementSibling : f.nextElementSibling;
    return { height: document.documentElement.scrollHeight, after: after ? Math.round(after.getBoundingClientRect().top + window.scrollY) : null };
  });
}

/** What the ladder shows now: the step, the option just revealed, the marks, the status. */
function ladderView(figure) {
  return figure.evaluate((f) => {
    const current = f.querySelector('[data-option].g-step-current');
    const shown = [...f.querySelectorAll('[data-option]')].filter((r) => !r.classList.contains('g-step-hidden'));
    const visible = (el) => !!el && getComputedStyle(el).visibility !== 'hidden';
    const valueText = current ? current.querySelectorAll('text')[1] : null;
    return {
      at: Number(f.dataset.step),
      current: current ? { option: Number(current.dataset.option), position: current.dataset.position, value: Number(current.dataset.value), text: valueText.textContent, visible: visible(valueText) } : null,
      shown: shown.length,
      hiddenValuesVisible: [...f.querySelectorAll('[data-option].g-step-hidden')].some((r) => visible(r.querySelectorAll('text')[1])),
      seen: [...f.querySelectorAll('[data-mark].g-bar')].map((c) => Number(c.dataset.mark)),
      candidate: [...f.querySelectorAll('[data-mark].g-step-candidate')].map((c) => Number(c.dataset.mark)),
      mexMark: [...f.querySelectorAll('[data-mark].g-mex')].map((c) => Number(c.dataset.mark)),
      mexText: visible(f.querySelector('[data-mex]')) ? f.querySelector('[data-mex]').textContent : null,
      status: f.querySelector('.grundy-step-status').textContent,
    };
  });
}

const smallestMissing = (values) => {
  let n = 0;
  while (values.includes(n)) n++;
  return n;
};

/**
 * Steps the page's ladder from Reset to its end (taps at 390 px, clicks at
 * 1280, the keys on the buttons), comparing at each step the revealed
 * option's value (drawn and said) with the engine's value of its position,
 * the values marked as seen, the smallest one not yet seen, and at the end
 * the mex with the engine's value of the ladder's position. Throws on the
 * first disagreement; returns the number of positions compared.
 */
export async function stepLadder(page, figure, touch) {
  const data = JSON.parse(await figure.getAttribute('data-grundy-explore'));
  const { game, position } = data;
  const options = data.ladder.options;
  const press = async (step) => {
    const b = figure.locator(`button[data-step="${step}"]`);
    if (touch) await b.tap();
    else await b.click();
  };
  const before = await layout(figure);
  let compared = 0;
  await press('reset');
  let view = await ladderView(figure);
  assert(view.at === 0 && view.shown === 0 && !view.current, `after Reset: step ${view.at}, ${view.shown} options shown`);
  assert(!view.hiddenValuesVisible, 'after Reset a value of an option not yet revealed is visible');
  assert(view.candidate.join() === '0' && view.mexText === null, `after Reset: candidate ${view.candidate}, mex text ${view.mexText}`);
  const engineSeen = [];
  for (let k = 1; k <= options.length; k++) {
    await press('step');
    view = await ladderView(figure);
    assert(view.at === k && view.current && view.current.option === k - 1, `step ${k}: the option revealed is ${JSON.stringify(view.current)}`);
    const engine = engineValue(game, view.current.position).value;
    compared++;
    assert(view.current.visible, `step ${k}: the value of option ${k - 1} is not visible`);
    assert(Number(view.current.text) === engine, `step ${k}: option ${view.current.position} drawn with value ${view.current.text}, the engine says ${engine}`);
    const said = /has value (\d+)/.exec(view.status);
    assert(said && Number(said[1]) === engine, `step ${k}: the status says "${view.status}", the engine's value of ${view.current.position} is ${engine}`);
    engineSeen.push(engine);
    const distinct = [...new Set(engineSeen)].sort((a, b) => a - b);
    assert(view.seen.slice().sort((a, b) => a - b).join() === distinct.join(), `step ${k}: values marked seen ${view.seen}, the engine's ${distinct}`);
    if (k < options.length || data.ladder.more) {
      const c = smallestMissing(distinct);
      assert(view.candidate.join() === String(c), `step ${k}: ringed as smallest unseen ${view.candidate}, from the engine's values ${c}`);
      assert(new RegExp(`not yet seen: ${c}\\.`).test(view.status), `step ${k}: the status "${view.status}" does not say ${c} is the smallest value not yet seen`);
      assert(view.mexText === null, `step ${k}: the mex is shown before the end`);
    }
    const now = await layout(figure);
    assert(now.height === before.height && now.after === before.after, `step ${k}: the page moved (height ${before.height} → ${now.height}, next element ${before.after} → ${now.after})`);
  }
  if (data.ladder.more) await press('step');
  view = await ladderView(figure);
  const value = engineValue(game, position).value;
  compared++;
  assert(view.mexText === `mex = ${value}`, `at the end the drawing says ${view.mexText}, the engine's value of ${position} is ${value}`);
  assert(view.mexMark.join() === String(value), `at the end the mex ringed is ${view.mexMark}, the engine's value is ${value}`);
  assert(new RegExp(`The mex is ${value}: .* has value ${value}\\.$`).test(view.status), `at the end the status says "${view.status}", the engine's value is ${value}`);
  if (!data.ladder.more) {
    assert(smallestMissing(engineSeen) === value, `the engine's option values ${engineSeen} miss ${smallestMissing(engineSeen)} first, its value is ${value}`);
  }

  // Back one, forward again, then the keys on the focused buttons.
  await press('back');
  view = await ladderView(figure);
  assert(view.at === data.ladder.options.length + (data.ladder.more ? 1 : 0) - 1 && view.mexText === null, `Back from the end shows step ${view.at}, mex ${view.mexText}`);
  await figure.locator('button[data-step="step"]').focus();
  await page.keyboard.press('ArrowRight');
  view = await ladderView(figure);
  assert(view.mexText === `mex = ${value}`, `ArrowRight on Step did not reach the end (step ${view.at})`);
  await page.keyboard.press('Home');
  assert((await ladderView(figure)).at === 0, 'Home did not reset the ladder');
  await page.keyboard.press('ArrowRight');
  assert((await ladderView(figure)).at === 1, 'ArrowRight did not step once');
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.dataset.step);
  assert(focused === 'step', `after the keys the focus is on ${focused}, not on Step`);
  await page.keyboard.press('End');
  view = await ladderView(figure);
  assert(view.mexText === `mex = ${value}`, 'End did not show all');
  const live = await figure.locator('.grundy-step-status').evaluate((s) => s.getAttribute('role') === 'status' && s.getAttribute('aria-live') === 'polite');
  assert(live, 'the ladder status is not a polite live region');
  const after = await layout(figure);
  assert(after.height === before.height && after.after === before.after, `stepping moved the page (height ${before.height} → ${after.height})`);
  return compared;
}

/** Every ladder essay at both widths. */
export async function checkLadders(browser, base, pages, report, site) {
  const paths = LADDERS.filter((p) => pages.some((q) => q.path === p));
  if (!paths.length) {
    missing(report, site, 'mex ladders stepped', `no page at ${LADDERS.join(', ')}`);
    return;
  }
  for (const w of WIDTHS) {
    await report.check(`${site.name}: mex ladders stepped to their mex at ${w.name} (${paths.join(', ')})`, async () => {
      let compared = 0;
      let ladders = 0;
      for (const path of paths) {
        const s = await session(browser, base, { viewport: w.viewport, hasTouch: !!w.hasTouch, isMobile: !!w.isMobile });
        try {
          const { page, problems } = await open(s, base, path);
          const figures = page.locator('figure.grundy-mex-ladder[data-grundy-explore]');
          const n = await figures.count();
          assert(n > 0, `${path}: no mex ladder with explore data`);
          for (let i = 0; i < n; i++) {
            const figure = figures.nth(i);
            await figure.locator('.grundy-step-controls').waitFor();
            compared += await stepLadder(page, figure, !!w.hasTouch);
            ladders++;
          }
          const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
          assert(!wide, `${path}: the page scrolls sideways at ${w.name}`);
          assert(problems.length === 0, problems.join('\n'));
        } finally {
          await s.close();
        }
      }
      return `${ladders} ladders, ${compared} positions compared with the engine`;
    });
  }
}

/**
 * A broken page must fail: one option's value in the embedded ladder data
 * of the Sprague-Grundy essay is changed before the page loads, and the
 * same stepping must report the disagreement with the engine.
 */
export async function checkLadderCatchesBrokenData(browser, base, pages, report, site) {
  const path = '/sprague-grundy/';
  if (!pages.some((p) => p.path === path)) {
    missing(report, site, 'a corrupted ladder fails', `no page at ${path}`);
    return;
  }
  await report.check(`${site.name}: a ladder whose embedded value is corrupted fails the comparison`, async () => {
    const s = await session(browser, base);
    try {
      const url = new URL(path, base).href;
      let changed = false;
      await s.context.route(url, async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        // The first option's value in the ladder data, made one more.
        const broken = html.replace(/(&quot;options&quot;:\[\{&quot;position&quot;:&quot;[^&]*&quot;,&quot;value&quot;:)(\d+)/, (m, head, v) => {
          changed = true;
          return `${head}${Number(v) + 1}`;
        });
        await route.fulfill({ response, body: broken });
      });
      const { page } = await open(s, base, path);
      assert(changed, 'found no ladder value to corrupt');
      const figure = page.locator('figure.grundy-mex-ladder[data-grundy-explore]').first();
      await figure.locator('.grundy-step-controls').waitFor();
      let error = null;
      try {
        await stepLadder(page, figure, false);
      } catch (e) {
        error = e.message;
      }
      assert(error && /the engine/.test(error), `the corrupted ladder passed${error ? `: ${error}` : ''}`);
      return `caught: ${error.split('\n')[0]}`;
    } finally {
      await s.close();
    }
  });
}

/** The `step` group of checks. */
export async function checkStep(browser, base, pages, report, site) {
  await checkLadders(browser, base, pages, report, site);
  await checkLadderCatchesBrokenData(browser, base, pages, report, site);
}
