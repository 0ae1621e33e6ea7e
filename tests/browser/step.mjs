// Stepping through (step.js, and the history of play.js's Controller), driven
// as a reader would at 1280 and 390 px: every mex ladder of the essays is
// stepped to its end, each revealed option's value and the mex compared with
// the engine's value of the same position (`grundy value`); played games are
// stepped back and forth and the value shown at each step compared with the
// engine's. Nothing below the figure moves while stepping.

import { createRequire } from 'node:module';
import { assert } from './report.mjs';
import { engineValue } from './engine.mjs';
import { missing } from './playing.mjs';
import { session, open } from './pages.mjs';
import * as judge from './judge.mjs';

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
  await checkMalformedLadderStaysStatic(browser, base, pages, report, site);
  await checkPlayedGames(browser, base, pages, report, site);
  await checkRestartDropsPendingReply(browser, base, pages, report, site);
  await checkPlayedGameCatchesBrokenData(browser, base, pages, report, site);
}

// ---- Played games stepped back and forth ----

// The moves of the reader's, from the figures' data and the rules written in judge.mjs; the random choices seeded as the page seeds them.
const playCore = { ...judge, seededRandom: createRequire(import.meta.url)('../../static/js/play-core.js').seededRandom };

/** The playable figures stepped through: a page, which playable figure on it (by order), its kind. */
const GAMES = [
  { path: '/nim-rules/', index: 0, name: 'Nim heaps' },
  { path: '/nim-sum/', index: 0, name: 'Nim heaps with reasoning' },
  { path: '/turning-turtles/', index: 1, name: 'a Turning Turtles row with reasoning' },
  { path: '/periodicity/', index: 1, name: 'a row of pins' },
];

/** A pin row in the calculator's notation: the lengths of its runs of standing pins. */
const pinHeaps = (row) => row.split('.').filter((r) => r.length).map((r) => r.length).join(',') || '0';

/** What a live playable figure shows: its position (the calculator's notation), the value drawn, the step readout, the reason. */
function playView(figure, type) {
  return figure.evaluate((f, t) => {
    const svg = f.querySelector('.grundy-live svg');
    let position;
    if (t === 'pins') position = svg.getAttribute('data-row');
    else if (t === 'coins') {
      const row = [];
      for (const c of svg.querySelectorAll('[role="button"][aria-label^="place "]')) {
        const m = /^place (\d+), (heads|tails)/.exec(c.getAttribute('aria-label'));
        row[Number(m[1]) - 1] = m[2] === 'heads' ? 'H' : 'T';
      }
      position = row.join('');
    } else {
      // Heap sizes from the numbers under the heaps (every heap has one, empty ones too).
      position = [...svg.querySelectorAll('text[text-anchor="middle"]')].map((x) => Number(x.textContent));
    }
    const texts = [...svg.querySelectorAll('text')].map((x) => x.textContent);
    const said = texts.map((x) => /(?:value|nim-sum|=) (\d+)$/.exec(x)).find(Boolean);
    const why = f.querySelector('.grundy-why');
    const xor = f.querySelector('.grundy-reasoning tr.grundy-xor');
    return {
      position,
      value: said ? Number(said[1]) : null,
      at: f.querySelector('.grundy-history-at') ? f.querySelector('.grundy-history-at').textContent : null,
      status: f.querySelector('.grundy-status').textContent,
      why: why && !why.hidden ? why.textContent : null,
      xor: xor && !f.querySelector('.grundy-reasoning').hidden ? Number(xor.cells[1].textContent) : null,
    };
  }, type);
}

/** Plays one legal move of the reader's (chosen with `random` from the page's own data) and waits for the reply. */
async function readerMove(page, figure, data, random) {
  const before = await figure.locator('.grundy-status').textContent();
  const view = await playView(figure, data.type);
  if (data.type === 'coins') {
    const moves = playCore.coinMoves(playCore.coinRule(data.game), view.position);
    const move = moves[Math.floor(random() * moves.length)];
    for (const p of move) await figure.locator(`.grundy-live [role="button"][aria-label^="place ${p},"]`).click();
    await figure.locator('button[data-action="turn"]').click();
  } else if (data.type === 'pins') {
    const knocks = judge.pinKnocks(data, view.position);
    const move = knocks[Math.floor(random() * knocks.length)];
    for (let p = move.first; p < move.first + move.count; p++) await figure.locator(`.grundy-live [data-place="${p}"][tabindex]`).click();
    await figure.locator('button[data-action="knock"]').click();
  } else {
    const moves = playCore.nimMoves(view.position);
    const { heap, take } = moves[Math.floor(random() * moves.length)];
    const h = view.position[heap];
    await figure.locator(`.grundy-live [aria-label^="heap ${heap + 1}, stone ${h - take + 1} of ${h}:"]`).click();
  }
  await page.waitForFunction(
    ([f, b]) => {
      const t = f.querySelector('.grundy-status').textContent;
      return t !== b && !/Thinking/.test(t);
    },
    [await figure.elementHandle(), before],
    { timeout: 10_000 },
  );
}

/** The engine's notation for a position the figure shows. */
function notation(type, position) {
  if (type === 'pins') return pinHeaps(position);
  if (type === 'coins') return position;
  return position.join(',');
}

/**
 * Compares what the figure shows at the step it is on with the engine: the
 * value drawn, the XOR of the reasoning table, the value the reason names.
 * Returns the number of comparisons.
 */
function compareStep(view, data, game, where) {
  const engine = engineValue(game, notation(data.type, view.position)).value;
  assert(view.value === engine, `${where}: ${JSON.stringify(view.position)} drawn with value ${view.value}, the engine says ${engine}`);
  let compared = 1;
  if (view.xor !== null) {
    assert(view.xor === engine, `${where}: the reasoning table's XOR is ${view.xor}, the engine's value is ${engine}`);
    compared++;
  }
  if (view.why) {
    const left = /leaves value (\d+)/.exec(view.why) || /^The start: value (\d+)/.exec(view.why);
    assert(left && Number(left[1]) === engine, `${where}: the reason "${view.why}" does not name the engine's value ${engine}`);
    compared++;
  }
  return compared;
}

/** Plays, steps back to the start and forward to the end comparing each step, then cuts the future off. */
async function stepGame(page, figure, game, reasoning, touch) {
  const data = JSON.parse(await figure.getAttribute('data-grundy-play'));
  const engineGame = data.game || 'nim';
  const random = playCore.seededRandom(7);
  if (reasoning) await figure.locator('button[data-action="reasoning"]').click();
  for (let i = 0; i < 3; i++) {
    const v = await playView(figure, data.type);
    if (/No move is left/.test(v.status)) break;
    await readerMove(page, figure, data, random);
  }
  let view = await playView(figure, data.type);
  const m = /^move (\d+) of (\d+)$/.exec(view.at || '');
  assert(m && m[1] === m[2] && Number(m[2]) >= 2, `after playing, the readout says "${view.at}"`);
  const moves = Number(m[2]);
  const before = await layout(figure);
  const press = async (which) => {
    const b = figure.locator(`button[data-history="${which}"]`);
    if (touch) await b.tap();
    else await b.click();
  };
  let positions = 1;
  let compared = compareStep(view, data, engineGame, `${game.path} move ${moves}`);
  const seenAt = [];
  seenAt[moves] = JSON.stringify(view.position);
  for (let k = moves - 1; k >= 0; k--) {
    await press('back');
    view = await playView(figure, data.type);
    assert(view.at === `move ${k} of ${moves}`, `Back: the readout says "${view.at}", not move ${k} of ${moves}`);
    assert(view.status.startsWith(`Move ${k} of ${moves}: `), `Back: the status says "${view.status}"`);
    if (reasoning) assert(view.why, `move ${k}: no reason shown with the reasoning on`);
    compared += compareStep(view, data, engineGame, `${game.path} back at move ${k}`);
    positions++;
    seenAt[k] = JSON.stringify(view.position);
    const now = await layout(figure);
    assert(now.height === before.height && now.after === before.after, `back at move ${k}: the page moved (height ${before.height} → ${now.height}, next element ${before.after} → ${now.after})`);
  }
  assert(seenAt[0] === JSON.stringify(data.type === 'coins' ? data.row : data.type === 'pins' ? data.row : data.heaps), `move 0 shows ${seenAt[0]}, not the figure's start`);
  // Forward by the keyboard, on the focused Forward button.
  await figure.locator('button[data-history="forward"]').focus();
  for (let k = 1; k <= moves; k++) {
    await page.keyboard.press('ArrowRight');
    view = await playView(figure, data.type);
    assert(view.at === `move ${k} of ${moves}`, `ArrowRight: the readout says "${view.at}", not move ${k} of ${moves}`);
    assert(JSON.stringify(view.position) === seenAt[k], `forward at move ${k}: ${JSON.stringify(view.position)}, on the way back ${seenAt[k]}`);
    compared += compareStep(view, data, engineGame, `${game.path} forward at move ${k}`);
    positions++;
    const now = await layout(figure);
    assert(now.height === before.height && now.after === before.after, `forward at move ${k}: the page moved`);
  }
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.dataset.history);
  assert(focused === 'forward', `after the keys the focus is on ${focused}, not Forward`);
  // Back to move 0 (the reader's move there), then a new move cuts the rest off.
  for (let k = 0; k < moves; k++) await press('back');
  await readerMove(page, figure, data, random);
  view = await playView(figure, data.type);
  const cut = /^move (\d+) of (\d+)$/.exec(view.at || '');
  assert(cut && cut[1] === cut[2] && Number(cut[2]) <= 2, `a move from move 0 of ${moves} left "${view.at}"`);
  compared += compareStep(view, data, engineGame, `${game.path} after cutting the future off`);
  positions++;
  const live = await figure.locator('.grundy-status').evaluate((s) => s.getAttribute('role') === 'status' && s.getAttribute('aria-live') === 'polite');
  assert(live, 'the status of a played game is not a polite live region');
  return { positions, compared };
}

/** Every played game of GAMES at both widths. */
export async function checkPlayedGames(browser, base, pages, report, site) {
  for (const game of GAMES) {
    if (!pages.some((p) => p.path === game.path)) {
      missing(report, site, `${game.name} stepped back and forth`, `no page at ${game.path}`);
      continue;
    }
    for (const w of WIDTHS) {
      await report.check(`${site.name}: ${game.path} ${game.name}: played, stepped back and forth at ${w.name}`, async () => {
        const s = await session(browser, base, { viewport: w.viewport, hasTouch: !!w.hasTouch, isMobile: !!w.isMobile });
        try {
          const { page, problems } = await open(s, base, game.path);
          await page.waitForFunction(() => [...document.querySelectorAll('figure[data-grundy-play]')].every((f) => f.querySelector('.grundy-history-at')));
          const figure = page.locator('figure[data-grundy-play]').nth(game.index);
          const reasoning = (await figure.locator('button[data-action="reasoning"]').count()) > 0;
          const { positions, compared } = await stepGame(page, figure, game, reasoning, !!w.hasTouch);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
          assert(!wide, `${game.path}: the page scrolls sideways at ${w.name}`);
          assert(problems.length === 0, problems.join('\n'));
          return `${positions} positions, ${compared} values compared with the engine${reasoning ? ' (drawn value, reasoning XOR, reason)' : ''}`;
        } finally {
          await s.close();
        }
      });
    }
  }
}

/**
 * A broken page must fail: the one-coin value of place 3 in the Turning
 * Turtles figures' embedded data is changed before the page loads, and the
 * same playing and stepping must report a value that is not the engine's.
 */
export async function checkPlayedGameCatchesBrokenData(browser, base, pages, report, site) {
  const game = GAMES.find((g) => g.path === '/turning-turtles/');
  if (!pages.some((p) => p.path === game.path)) {
    missing(report, site, 'a corrupted played game fails', `no page at ${game.path}`);
    return;
  }
  await report.check(`${site.name}: a played game whose engine answers wrong values fails the comparison`, async () => {
    const s = await session(browser, base);
    try {
      let changed = 0;
      // engine.js served with every value above 0 made 4 more.
      await s.context.route('**/js/engine.js', async (route) => {
        const response = await route.fetch();
        const from = "value: one('value'),";
        const js = await response.text();
        if (js.includes(from)) changed++;
        const body = js.replace(from, "value: (g, p) => { const a = one('value')(g, p); if (a.value > 0) a.value += 4; return a; },");
        await route.fulfill({ response, body });
      });
      const { page } = await open(s, base, game.path);
      assert(changed > 0, 'found no value to corrupt in engine.js');
      await page.waitForFunction(() => [...document.querySelectorAll('figure[data-grundy-play]')].every((f) => f.querySelector('.grundy-history-at')));
      const figure = page.locator('figure[data-grundy-play]').nth(game.index);
      let error = null;
      try {
        await stepGame(page, figure, game, true, false);
      } catch (e) {
        error = e.message;
      }
      assert(error && /the engine/.test(error), `the corrupted game passed${error ? `: ${error}` : ''}`);
      return `caught: ${error.split('\n')[0]}`;
    } finally {
      await s.close();
    }
  });
}

/** A ladder whose options are not a list stays the static figure, with no error on the page. */
export async function checkMalformedLadderStaysStatic(browser, base, pages, report, site) {
  const path = '/sprague-grundy/';
  if (!pages.some((p) => p.path === path)) {
    missing(report, site, 'a malformed ladder stays static', `no page at ${path}`);
    return;
  }
  await report.check(`${site.name}: a ladder whose data is malformed stays the static figure`, async () => {
    const s = await session(browser, base);
    try {
      const url = new URL(path, base).href;
      await s.context.route(url, async (route) => {
        const response = await route.fetch();
        // The ladder's own options (a playable heaps figure's data has `options` too).
        const body = (await response.text()).replace(/(&quot;ladder&quot;:\{.*?)&quot;options&quot;:\[/, '$1&quot;options&quot;:7,&quot;was&quot;:[');
        await route.fulfill({ response, body });
      });
      const { page, problems } = await open(s, base, path);
      await page.waitForFunction(() => window.GrundyStep && window.GrundyStepCore);
      const figure = page.locator('figure.grundy-mex-ladder').first();
      const state = await figure.evaluate((f) => ({
        broken: typeof f.grundyExplore.ladder.options === 'number',
        controls: !!f.querySelector('.grundy-step-controls'),
        summary: !f.querySelector('.grundy-summary').hidden,
        hidden: f.querySelectorAll('.g-step-hidden').length,
      }));
      assert(state.broken, 'the data was not made malformed');
      assert(!state.controls && state.summary && state.hidden === 0, `the malformed ladder changed: ${JSON.stringify(state)}`);
      assert(problems.length === 0, problems.join('\n'));
    } finally {
      await s.close();
    }
  });
}

/** Restart while the machine is thinking: its pending reply is not played on the new game. */
export async function checkRestartDropsPendingReply(browser, base, pages, report, site) {
  const path = '/nim-rules/';
  if (!pages.some((p) => p.path === path)) {
    missing(report, site, 'Restart drops a pending reply', `no page at ${path}`);
    return;
  }
  await report.check(`${site.name}: ${path} Restart while the machine thinks starts a game with no moves`, async () => {
    const s = await session(browser, base);
    try {
      const { page, problems } = await open(s, base, path);
      // The readout is there once the game is alive (shown from the first move on).
      await page.waitForSelector('.grundy-history-at', { state: 'attached' });
      const figure = page.locator('figure[data-grundy-play]').first();
      const data = JSON.parse(await figure.getAttribute('data-grundy-play'));
      await figure.locator('.grundy-live [aria-label^="heap 1, stone 1 of"]').click();
      await figure.locator('button[data-action="restart"]').click();
      // Longer than the machine's pause.
      await page.waitForTimeout(900);
      const view = await playView(figure, data.type);
      assert(view.at === 'move 0 of 0', `after Restart the readout says "${view.at}"`);
      assert(JSON.stringify(view.position) === JSON.stringify(data.heaps), `after Restart the heaps are ${view.position}, not ${data.heaps}`);
      assert(problems.length === 0, problems.join('\n'));
    } finally {
      await s.close();
    }
  });
}
