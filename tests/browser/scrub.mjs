// Scrubbing a figure's size (static/js/scrub.js) on the real essays, at 1280
// and 390 px: value tables, sequence plots and outcome maps are scrubbed by
// keyboard, by the − and + buttons (tapped on the phone) and by the slider to
// several sizes; every value or outcome then shown (and every value the live
// region reads out) is compared with the engine's own answer for the same
// position (`grundy value`, engine.mjs); the page must not move while
// scrubbing; and a page whose embedded data is corrupted must fail the same
// comparison.

import { createRequire } from 'node:module';
import { en } from '../../crates/site/tests/js/words.mjs';
import { assert } from './report.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineJson, engineValue } from './engine.mjs';
import { missing } from './playing.mjs';
import { session, open, PHONE } from './pages.mjs';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Where the engine finds each site's own games (`site:NAME`): the repository, or the fixture site. */
const ROOTS = { public: path.resolve(HERE, '..', '..'), fixture: path.join(HERE, 'site') };
// What the page announces is said in the English words the site is built in (`en`).
const core = require('../../static/js/scrub-core.js');

/** The essays with figures to scrub, and the kind of each. */
const PAGES = [
  { path: '/coin-turning/', kind: 'value-table' },
  { path: '/sprague-grundy/', kind: 'value-table' },
  { path: '/sums-of-games/', kind: 'value-table' },
  { path: '/periodicity/', kind: 'sequence-plot' },
  { path: '/greedy-nim/', kind: 'outcome-map' },
  { path: '/nim-rules/', kind: 'outcome-map' },
  { path: '/wythoff/', kind: 'outcome-map' },
];

/** The same on the fixture site (tests/browser/site), whose essays are small. */
const FIXTURE_PAGES = [
  { path: '/kayles/', kind: 'value-table' },
  { path: '/kayles/', kind: 'sequence-plot' },
  { path: '/take-three/', kind: 'value-table' },
  { path: '/nim-sum/', kind: 'outcome-map' },
];

const WIDTHS = [
  { name: '1280', options: {} },
  { name: '390', options: { viewport: PHONE, hasTouch: true, isMobile: true } },
];

/** The engine's position for index `n` of a value table: a one-coin row, or a heap. */
function tablePosition(scrub, n) {
  return scrub.index === 'place' ? `${'T'.repeat(n - 1)}H` : String(n);
}

/** Counts the comparisons made with the engine and the distinct positions they covered. */
class Tally {
  constructor(root = ROOTS.public) {
    this.root = root;
    this.compared = 0;
    this.positions = new Set();
  }

  /** The engine's answer for `position`, counted; a site's game is read from the site's root. */
  engine(game, position) {
    this.compared += 1;
    this.positions.add(`${game} ${position}`);
    if (!game.startsWith('site:')) return engineValue(game, position);
    const { value, outcome } = engineJson(['value', game, position, '--root', this.root]);
    return { value, outcome };
  }
}

/** Every scrubbable figure of the page: its index among the figures, kind, data and static summary. */
function figuresOf(page, kind) {
  return page.evaluate((kind) => {
    return [...document.querySelectorAll(`figure.grundy-${kind}[data-grundy-explore]`)]
      .map((f) => ({ f, data: JSON.parse(f.getAttribute('data-grundy-explore')) }))
      .filter(({ data }) => data.scrub)
      .map(({ f, data }) => ({
        index: [...document.querySelectorAll('figure.grundy-figure')].indexOf(f),
        data,
        summary: f.querySelector('.grundy-summary').textContent,
      }));
  }, kind);
}

/** Where the page's layout stands: its height and the boxes of the elements after the figure. */
function layout(page, index) {
  return page.evaluate((index) => {
    const f = document.querySelectorAll('figure.grundy-figure')[index];
    const boxes = [f];
    const after = (n) => n && (n.nextElementSibling || after(n.parentElement));
    for (let n = after(f); n && boxes.length < 4; n = after(n)) boxes.push(n);
    return {
      height: document.documentElement.scrollHeight,
      boxes: boxes.map((b) => {
        const r = b.getBoundingClientRect();
        return [r.top + window.scrollY, r.height, r.width].map((x) => Math.round(x * 2) / 2);
      }),
      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  }, index);
}

/** The figure's static drawing of what the scrub redraws (the plot's heaps group), normalised. */
function drawn(page, index) {
  return page.evaluate((index) => {
    const f = document.querySelectorAll('figure.grundy-figure')[index];
    const g = f.querySelector('[data-scrub="heaps"]');
    if (!g) return null;
    return [...g.children].map((c) => {
      const attrs = [...c.attributes].map((a) => `${a.name}=${a.value}`).sort();
      return `${c.tagName}(${attrs.join(' ')})${c.textContent}`;
    });
  }, index);
}

/** What the figure shows now: the visible cells, bars or grid cells, the summary, the live region. */
function shown(page, index, kind) {
  return page.evaluate(
    ([index, kind]) => {
      const f = document.querySelectorAll('figure.grundy-figure')[index];
      const svg = f.querySelector('.grundy-drawing svg');
      const visible = (n) => {
        for (let e = n; e && e !== svg; e = e.parentNode) if (e.getAttribute('display') === 'none') return false;
        return true;
      };
      const out = { summary: f.querySelector('.grundy-summary').textContent, status: f.querySelector('.grundy-scrub-status').textContent, items: [] };
      if (kind === 'value-table') {
        for (const g of svg.querySelectorAll('g[data-n]')) {
          if (!visible(g)) continue;
          const texts = g.querySelectorAll('text');
          out.items.push({ n: Number(g.getAttribute('data-n')), value: Number(texts[texts.length - 1].textContent) });
        }
      } else if (kind === 'sequence-plot') {
        const g = svg.querySelector('[data-scrub="heaps"]');
        for (const r of g.querySelectorAll('rect[data-n]')) out.items.push({ n: Number(r.getAttribute('data-n')), height: r.getAttribute('height'), cls: r.getAttribute('class') });
        out.bands = g.querySelectorAll('.g-period').length;
      } else {
        // The cells row by row: cell i is (i / side, i % side).
        const cells = [...svg.querySelector('[data-scrub="cells"]').children];
        const side = Math.round(Math.sqrt(cells.length));
        cells.forEach((r, i) => {
          if (visible(r)) out.items.push({ a: Math.floor(i / side), b: i % side, cls: r.getAttribute('class') });
        });
      }
      return out;
    },
    [index, kind],
  );
}

/** The live region's words for a state, as the page should say them. */
function announcement(kind, scrub, state) {
  if (kind === 'value-table') return core.tableAnnouncement(scrub, state.n, en);
  if (kind === 'sequence-plot') return core.plotAnnouncement(scrub, state.n, en);
  return core.mapAnnouncement(scrub, state.max, state.slice, en);
}

/**
 * Sets control `key` of the figure to `value` as a reader would: `keys`
 * (Home, End and arrows on the slider), `buttons` (clicks or taps on − and
 * +) or, for long jumps, the slider itself; then waits for the live region.
 */
async function scrubTo(page, index, key, value, how, touch) {
  const row = page.locator('figure.grundy-figure').nth(index).locator(`.grundy-scrub-row[data-scrub-key="${key}"]`);
  const range = row.locator('input[type="range"]');
  const current = Number(await range.inputValue());
  const [min, max] = [Number(await range.getAttribute('min')), Number(await range.getAttribute('max'))];
  const far = Math.abs(value - current) > 12;
  if (how === 'keys' && (value === min || value === max || !far)) {
    await range.focus();
    if (value === min) await page.keyboard.press('Home');
    else if (value === max) await page.keyboard.press('End');
    else for (let i = 0; i < Math.abs(value - current); i++) await page.keyboard.press(value > current ? 'ArrowRight' : 'ArrowLeft');
  } else if (how === 'buttons' && !far) {
    const button = row.locator(value > current ? '.grundy-scrub-more' : '.grundy-scrub-less');
    for (let i = 0; i < Math.abs(value - current); i++) await (touch ? button.tap() : button.click());
  } else {
    await range.evaluate((r, v) => {
      r.value = String(v);
      r.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
  }
  const now = Number(await range.inputValue());
  assert(now === value, `the ${key} slider shows ${now} after scrubbing to ${value} (${how})`);
}

/** The sizes a figure is scrubbed through, ending at its full size. */
function plan(kind, scrub) {
  const sizes = (max, extra) => [...new Set([max - 1, 1, 2, ...extra, Math.ceil(max / 2), max].filter((v) => v >= scrub.min && v <= max))];
  if (kind === 'value-table') return sizes(scrub.max, [5]).map((n) => ({ n }));
  if (kind === 'sequence-plot') return sizes(scrub.max, [13, 30, 100]).map((n) => ({ n }));
  const slices = core.mapSlices(scrub);
  const top = slices ? slices[1] : null;
  const states = sizes(scrub.max, [3]).map((max) => ({ max, slice: top }));
  if (slices) {
    for (let s = slices[0]; s <= slices[1]; s++) states.push({ max: scrub.max, slice: s });
    states.push({ max: 3, slice: slices[0] }, { max: scrub.max, slice: top });
  }
  return states;
}

/** Compares what the figure shows in `state` with the engine; returns the mismatches (and counts into `tally`). */
function compare(kind, data, state, seen, tally) {
  const { game, scrub } = data;
  const wrong = [];
  if (kind === 'value-table') {
    const last = scrub.first + state.n - 1;
    const ns = seen.items.map((i) => i.n);
    if (ns.length !== state.n || ns.some((n) => n > last)) wrong.push(`with ${state.n} values the table shows cells ${ns.join(',')}`);
    // What the live region reads out: "Heaps 0 to 4: 0, 1, 0, 1, 2. ...",
    // "Rows of 0 to 4 pins: ...".
    const said = /^\D*?(\d+) to (\d+)[^\d:]*: ([\d, ]*)\./.exec(seen.status);
    const heard = said ? said[3].split(', ').map(Number) : [];
    if (!said || Number(said[2]) !== last) wrong.push(`the live region says "${seen.status}"`);
    for (const { n, value } of seen.items) {
      const e = tally.engine(game, tablePosition(scrub, n)).value;
      if (value !== e) wrong.push(`${game} at ${scrub.index} ${n}: the table shows ${value}, the engine ${e}`);
      const h = heard[n - scrub.first];
      if (h !== e) wrong.push(`${game} at ${scrub.index} ${n}: the live region says ${h}, the engine ${e}`);
    }
    // "13 values.", "All 15 values follow …", and for one value "The value follows …".
    const counted = new RegExp(`(^|\\D)${state.n} values?\\b`).test(seen.summary) || (state.n === 1 && /^The value /.test(seen.summary));
    if (!counted) wrong.push(`the summary "${seen.summary}" does not count ${state.n} values`);
  } else if (kind === 'sequence-plot') {
    if (seen.items.length !== state.n) wrong.push(`with heaps 0 to ${state.n - 1} the plot draws ${seen.items.length} bars`);
    let exceptions = 0;
    for (const { n, height, cls } of seen.items) {
      const v = core.barValue(scrub.layout, height);
      const e = tally.engine(game, String(n)).value;
      if (v !== e) wrong.push(`${game} heap ${n}: the bar stands for ${v}, the engine says ${e}`);
      if (cls === 'g-exception') exceptions += 1;
    }
    if (scrub.period) {
      const said = /; (\d+) exceptions/.exec(seen.summary);
      if (!said || Number(said[1]) !== exceptions) wrong.push(`the summary "${seen.summary}" does not count the ${exceptions} exceptions drawn`);
      if ((seen.bands > 0) !== scrub.period.preperiod < state.n) wrong.push(`${seen.bands} period bands with heaps 0 to ${state.n - 1} and the period from ${scrub.period.preperiod}`);
    }
  } else {
    const { max, slice } = state;
    if (seen.items.length !== (max + 1) * (max + 1)) wrong.push(`with heaps up to ${max} the map shows ${seen.items.length} cells`);
    let ps = 0;
    for (const { a, b, cls } of seen.items) {
      if (a > max || b > max) wrong.push(`cell (${a}, ${b}) shown with heaps up to ${max}`);
      const position = slice === null ? `${a},${b}` : `${a},${b},${slice}`;
      const o = cls === 'g-p' ? 'P' : 'N';
      if (o === 'P') ps += 1;
      const e = tally.engine(game, position).outcome;
      if (o !== e) wrong.push(`${game} at ${position}: the map shows ${o}, the engine ${e}`);
    }
    if (!seen.summary.startsWith(`${ps} P-positions among the ${(max + 1) * (max + 1)} `)) wrong.push(`the summary "${seen.summary}" does not count the ${ps} P-cells shown`);
  }
  return wrong;
}

/** The state's controls, in order: size first, then the third heap. */
function controlsOf(kind, state) {
  return kind === 'outcome-map' ? [['max', state.max], ...(state.slice === null ? [] : [['slice', state.slice]])] : [['n', state.n]];
}

/** Scrubs one figure through its plan, comparing each state with the engine and the layout with the first. */
async function scrubFigure(page, fig, kind, width, tally) {
  const { data, index } = fig;
  const before = await layout(page, index);
  assert(!before.sideways, `the page scrolls sideways at ${width} px`);
  const staticDrawing = await drawn(page, index);
  const problems = [];
  const ways = ['keys', 'buttons', 'slider'];
  const states = plan(kind, data.scrub);
  for (const [i, state] of states.entries()) {
    for (const [key, value] of controlsOf(kind, state)) await scrubTo(page, index, key, value, ways[i % ways.length], width === '390');
    const words = announcement(kind, data.scrub, state);
    await page.waitForFunction(
      ([index, words]) => document.querySelectorAll('figure.grundy-figure')[index].querySelector('.grundy-scrub-status').textContent === words,
      [index, words],
      { timeout: 5000 },
    ).catch(() => problems.push(`the live region does not say "${words}"`));
    const seen = await shown(page, index, kind);
    problems.push(...compare(kind, data, state, seen, tally));
    const after = await layout(page, index);
    if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`scrubbing to ${JSON.stringify(state)} moved the page: ${JSON.stringify(before)} became ${JSON.stringify(after)}`);
  }
  // Back at full size, the figure says and draws what the build wrote.
  const full = await shown(page, index, kind);
  if (full.summary !== fig.summary) problems.push(`at full size the summary says "${full.summary}", the build wrote "${fig.summary}"`);
  if (staticDrawing && JSON.stringify(await drawn(page, index)) !== JSON.stringify(staticDrawing)) problems.push('at full size the redrawn plot differs from the static one');
  return { problems, states: states.length };
}

async function onPage(browser, base, width, where, fn, { rewrite } = {}) {
  const s = await session(browser, base, width.options);
  try {
    if (rewrite) {
      await s.context.route(new URL(where, base).href, async (route) => {
        const response = await route.fetch();
        route.fulfill({ response, body: rewrite(await response.text()) });
      });
    }
    const { page, problems } = await open(s, base, where);
    await page.waitForFunction(
      () => [...document.querySelectorAll('figure[data-grundy-explore]')].filter((f) => JSON.parse(f.getAttribute('data-grundy-explore')).scrub).every((f) => f.querySelector('.grundy-scrub')),
      null,
      { timeout: 10_000 },
    );
    const out = await fn(page);
    assert(problems.length === 0, problems.join('\n'));
    return out;
  } finally {
    await s.close();
  }
}

/** Scrubs every figure of every essay at both widths and compares with the engine. */
export async function checkScrub(browser, base, pages, report, site) {
  const tally = new Tally(site.fixture ? ROOTS.fixture : ROOTS.public);
  for (const width of WIDTHS) {
    for (const { path, kind } of site.fixture ? FIXTURE_PAGES : PAGES) {
      if (!pages.some((p) => p.path === path)) {
        missing(report, site, `scrubbing the ${kind} of ${path}`, `no page at ${path}`);
        continue;
      }
      await report.check(`${site.name}: ${path} at ${width.name} px: every ${kind} scrubbed by keys, buttons and slider shows the engine's values, and the page does not move`, async () =>
        onPage(browser, base, width, path, async (page) => {
          const figures = await figuresOf(page, kind);
          assert(figures.length > 0, `no ${kind} with scrub data on ${path}`);
          const said = [];
          for (const fig of figures) {
            const { problems, states } = await scrubFigure(page, fig, kind, width.name, tally);
            assert(problems.length === 0, `${fig.data.game}: ${problems.slice(0, 8).join('\n')}`);
            said.push(`${fig.data.game} (${states} sizes)`);
          }
          return said.join(', ');
        }),
      );
    }
  }
  report.note(`${site.name}: scrub: ${tally.compared} values and outcomes compared with the engine, ${tally.positions.size} distinct positions`);
  if (site.fixture) return;
  if (pages.some((p) => p.path === '/greedy-nim/')) await checkCorrupted(browser, base, report, site);
  if (pages.some((p) => p.path === '/sprague-grundy/')) await checkShiftCaught(browser, base, report, site);
}

/** Without the room the script reserves for the summary line, the layout check must see the page move. */
async function checkShiftCaught(browser, base, report, site) {
  await report.check(`${site.name}: /sprague-grundy/ at 390 px with the summary's reserved height taken away: the layout check sees the page move`, async () =>
    onPage(browser, base, WIDTHS[1], '/sprague-grundy/', async (page) => {
      const [fig] = await figuresOf(page, 'value-table');
      await page.evaluate((i) => {
        document.querySelectorAll('figure.grundy-figure')[i].querySelector('.grundy-summary').style.minHeight = '';
      }, fig.index);
      const before = await layout(page, fig.index);
      await scrubTo(page, fig.index, 'n', 1, 'slider', true);
      const after = await layout(page, fig.index);
      assert(JSON.stringify(after) !== JSON.stringify(before), 'the page did not move: the check would not see a shift');
      return `height ${before.height} px became ${after.height} px`;
    }),
  );
}

/** One figure's data on a page, changed by `change(scrub)`: the rewritten page. */
function corrupt(html, kind, change) {
  const re = new RegExp(`(<figure class="grundy-figure grundy-${kind}"[^>]*data-grundy-explore=")([^"]*)(")`);
  return html.replace(re, (_, a, json, b) => {
    const entities = { quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'", '#x27': "'" };
    const data = JSON.parse(json.replace(/&(quot|amp|lt|gt|#39|#x27);/g, (_, e) => entities[e]));
    change(data.scrub);
    return a + JSON.stringify(data).replace(/&/g, '&amp;').replace(/"/g, '&quot;') + b;
  });
}

/** Pages whose embedded tables are corrupted must fail the comparison with the engine. */
async function checkCorrupted(browser, base, report, site) {
  const cases = [
    { path: '/greedy-nim/', kind: 'outcome-map', change: (s) => (s.grids[0] = `N${s.grids[0].slice(1)}`), state: { max: 4, slice: null } },
    { path: '/periodicity/', kind: 'sequence-plot', change: (s) => (s.values[2] += 1), state: { n: 10 } },
    { path: '/sprague-grundy/', kind: 'value-table', change: (s) => (s.values[3] += 1), state: { n: 6 } },
  ];
  for (const c of cases) {
    await report.check(`${site.name}: ${c.path} with its first ${c.kind}'s embedded data corrupted: the comparison with the engine fails`, async () =>
      onPage(
        browser,
        base,
        WIDTHS[0],
        c.path,
        async (page) => {
          const [fig] = await figuresOf(page, c.kind);
          for (const [key, value] of controlsOf(c.kind, c.state)) await scrubTo(page, fig.index, key, value, 'slider', false);
          await page.waitForTimeout(500);
          const wrong = compare(c.kind, fig.data, c.state, await shown(page, fig.index, c.kind), new Tally());
          assert(wrong.length > 0, 'the corrupted data went unnoticed');
          return wrong[0];
        },
        { rewrite: (html) => corrupt(html, c.kind, c.change) },
      ),
    );
  }
}
