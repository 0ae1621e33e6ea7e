// Editing positions (static/js/edit.js) on the real essays, at 1280 and 390
// px: coins flipped, stones and pins chosen, rows and lists typed; after
// every edit the value and the winning move the page shows are compared
// with the engine's own answers for the position drawn (engine.mjs runs the
// grundy binary): the value must be the engine's, and the winning move must
// leave a position the engine values at 0. Also: positions past the
// embedded bound refused in words, the embedded table corrupted and caught,
// nothing below a figure moving while it is edited, the keyboard, the
// `grundy:position` event and `figure.grundySetPosition`, and playing on
// from an edited position.

import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assert, placeOf } from './report.mjs';
import { session, open, whenPlayable, PHONE } from './pages.mjs';
import { missing } from './playing.mjs';
import { engineValue, engineJson } from './engine.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Screenshots before and after an edit, saved only when asked for.
const SHOTS = process.env.GRUNDY_EDIT_SHOTS;

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 900 }, touch: false },
  { name: '390', viewport: PHONE, touch: true },
];

/** The figures edited: page, kind, which one of that kind, and how (clicks, typed positions). */
const TARGETS = [
  { path: '/turning-turtles/', kind: 'coin-row', index: 0, clicks: 12, typed: 2 },
  { path: '/turning-turtles/', kind: 'xor-table', index: 0, typed: 8 },
  { path: '/coin-turning/', kind: 'coin-row', index: 1, clicks: 10, typed: 2 },
  { path: '/nim-sum/', kind: 'heaps', index: 0, clicks: 12, typed: 2 },
  { path: '/nim-rules/', kind: 'heaps', index: 0, clicks: 10, typed: 2 },
  { path: '/nim-rules/', kind: 'xor-table', index: 0, typed: 6 },
  { path: '/nim-rules/', kind: 'xor-table', index: 1, typed: 4 },
  { path: '/periodicity/', kind: 'pin-row', index: 0, clicks: 12, typed: 2 },
  { path: '/sprague-grundy/', kind: 'pin-row', index: 0, clicks: 10, typed: 2 },
  { path: '/sums-of-games/', kind: 'heaps', index: 0, clicks: 12, typed: 2 },
  { path: '/mogul-golay/', kind: 'xor-table', index: 0, typed: 8 },
];

/** A small seeded generator (mulberry32), so every run edits (and asks) the same positions. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the figure shows now: its data, the position drawn, the XOR rows, the result line. */
function shown(figure) {
  return figure.evaluate((f) => {
    const box = f.querySelector('.grundy-edit-live');
    const x = f.grundyExplore;
    const out = { game: x.game, shows: x.shows, edit: x.edit, result: f.querySelector('.grundy-edit-result').textContent };
    if (x.shows === 'coins') {
      out.position = [...box.querySelectorAll('g.g-coin[data-place]')].map((g) => (g.querySelector('.g-head') ? 'H' : 'T')).join('');
    } else if (x.shows === 'heaps') {
      out.position = [...box.querySelectorAll('g.g-heap')].map((g) => Number(g.getAttribute('data-size')));
    } else if (x.shows === 'pins') {
      out.position = [...box.querySelectorAll('g[data-place]')].map((g) => (g.classList.contains('g-pin') ? '|' : '.')).join('');
    } else {
      out.rows = [...box.querySelectorAll('g.g-xor-row')].map((g) => ({
        value: Number(g.getAttribute('data-value')),
        place: g.getAttribute('data-place'),
        heap: g.getAttribute('data-heap'),
      }));
      out.xor = Number(box.querySelector('g.g-xor-sum').getAttribute('data-value'));
      out.position = f.querySelector('.grundy-edit-field input').value;
    }
    return out;
  });
}

/** The runs of pins of a row, as the engine's heaps. */
const runs = (row) => row.split('.').filter(Boolean).map((r) => r.length);

/** The engine's value of a position of the figure's game. */
function engineOf(game, shows, position) {
  if (game.startsWith('site:')) {
    const parts = position.map((h) => `${game}:${h}`);
    return engineJson(['sum', ...parts, '--root', REPO]).value;
  }
  if (shows === 'pins') return engineValue(game, runs(position).join(',') || '0').value;
  if (Array.isArray(position)) return engineValue(game, position.join(',')).value;
  return engineValue(game, position).value;
}

/** The position after the winning move the page states in words. */
function afterMove(shows, position, words) {
  if (shows === 'coins') {
    const places = words.replace(/^turn coins? /, '').split(/, | and /).map(Number);
    const row = position.split('');
    for (const p of places) row[p - 1] = row[p - 1] === 'H' ? 'T' : 'H';
    return row.join('');
  }
  if (shows === 'pins') {
    const places = words.replace(/^knock down pins? /, '').split(/, | and /).map(Number);
    const row = position.split('');
    for (const p of places) {
      assert(row[p - 1] === '|', `the move "${words}" knocks a gap`);
      row[p - 1] = '.';
    }
    return row.join('');
  }
  let m = /^take (\d+) from the (\w+) heap(?:, leaving (.+))?$/.exec(words);
  if (m) {
    const i = placeOf(m[2]) - 1;
    const left = !m[3] ? [position[i] - Number(m[1])] : m[3] === 'nothing' ? [0] : m[3].split(' + ').map(Number);
    return position.slice(0, i).concat(left, position.slice(i + 1));
  }
  m = /^split the (\w+) heap into (.+)$/.exec(words);
  assert(m, `a move the test cannot read: "${words}"`);
  const i = placeOf(m[1]) - 1;
  return position.slice(0, i).concat(m[2].split(' + ').map(Number), position.slice(i + 1));
}

/**
 * Compares what the figure shows with the engine: the value (and for an XOR
 * table each row's value, a head or heap alone), and the winning move. Returns
 * a description of the position compared.
 */
function compare(s) {
  if (s.shows === 'xor') {
    const type = s.edit.type;
    if (type === 'row') {
      assert(s.xor === engineOf(s.game, 'coins', s.position), `XOR of ${s.position}: page ${s.xor}, engine ${engineOf(s.game, 'coins', s.position)}`);
      for (const r of s.rows) {
        const alone = 'T'.repeat(Number(r.place) - 1) + 'H';
        const v = engineOf(s.game, 'coins', alone);
        assert(r.value === v, `place ${r.place} of ${s.position}: page ${r.value}, engine ${v}`);
      }
    } else {
      const list = s.position.split(',').map(Number);
      assert(s.xor === engineOf('nim', 'heaps', list), `XOR of ${s.position}: page ${s.xor}, engine ${engineOf('nim', 'heaps', list)}`);
      assert(JSON.stringify(s.rows.map((r) => r.value)) === JSON.stringify(list), `rows of ${s.position}: ${JSON.stringify(s.rows)}`);
    }
    assert(s.result.includes(`= ${s.xor}`) || s.result.includes(`is ${s.xor}.`), `the result line says the XOR: "${s.result}"`);
    return `${s.game} ${s.position}`;
  }
  const m = /Value (\d+): (?:an N-position; winning move: (.+)\.|an N-position\.|a P-position)/.exec(s.result);
  assert(m, `no value in "${s.result}"`);
  const value = Number(m[1]);
  const engine = engineOf(s.game, s.shows, s.position);
  const where = `${s.game} ${JSON.stringify(s.position)}`;
  assert(value === engine, `${where}: page value ${value}, engine ${engine}`);
  if (value === 0) {
    assert(!m[2], `${where}: a move offered from a P-position`);
  } else {
    assert(m[2], `${where}: value ${value} but no winning move shown`);
    const after = afterMove(s.shows, s.position, m[2]);
    const left = engineOf(s.game, s.shows, after);
    assert(left === 0, `${where}: the page's move "${m[2]}" leaves ${JSON.stringify(after)}, which the engine values ${left}`);
  }
  return where;
}

/** A random position to type for the figure (within what it embeds). */
function typedPosition(s, random) {
  const e = s.edit;
  const pick = (n) => Math.floor(random() * n);
  if (s.shows === 'coins' || (s.shows === 'xor' && e.type === 'row')) {
    const places = e.places;
    const len = s.shows === 'coins' && e.play ? places : 1 + pick(places);
    let row = '';
    for (let i = 0; i < len; i++) row += random() < 0.5 ? 'H' : 'T';
    return row.includes('H') ? row : `${row.slice(0, -1)}H`;
  }
  if (s.shows === 'pins') {
    let row = '';
    for (let i = 0; i < e.places; i++) row += random() < 0.7 ? '|' : '.';
    return row;
  }
  const most = s.shows === 'xor' ? 40 : e.bound;
  const count = 1 + pick(s.shows === 'xor' ? 6 : 5);
  return Array.from({ length: count }, () => 1 + pick(most)).join(', ');
}

async function activate(locator, touch) {
  if (touch) await locator.tap();
  else await locator.click();
}

/** The figure `t` on its page, in edit mode. */
async function editable(page, t) {
  const figure = page.locator(`figure.grundy-${t.kind}[data-grundy-explore]`).nth(t.index);
  await figure.locator('.grundy-edit-bar').waitFor();
  const toggle = figure.locator('button[data-edit="toggle"]');
  if (await toggle.count()) await toggle.click();
  return figure;
}

/** Edits one figure: clicks (or taps) and typed positions, each compared with the engine. */
async function editFigure(page, t, random, touch) {
  const figure = await editable(page, t);
  let compared = 0;
  compare(await shown(figure));
  compared++;
  for (let i = 0; i < (t.clicks || 0); i++) {
    const targets = figure.locator('.grundy-edit-live [tabindex], .grundy-edit-live .g-slot-button');
    const n = await targets.count();
    assert(n > 0, `nothing to click in ${t.path} ${t.kind}`);
    await activate(targets.nth(Math.floor(random() * n)), touch);
    compare(await shown(figure));
    compared++;
  }
  for (let i = 0; i < t.typed; i++) {
    const s = await shown(figure);
    const text = typedPosition(s, random);
    await figure.locator('.grundy-edit-field input').fill(text);
    await figure.locator('button[data-edit="set"]').click();
    const after = await shown(figure);
    const want = text.replace(/\s/g, '');
    const got = Array.isArray(after.position) ? after.position.join(',') : after.position;
    assert(got === want, `typed ${text}, the figure shows ${got}`);
    compare(after);
    compared++;
  }
  return compared;
}

export async function checkEdit(browser, base, pages, report, site) {
  if (site.fixture) {
    report.note(`${site.name}: edit: run on the essays' own site (public/), whose figures it names`);
    return;
  }
  const paths = new Set(pages.map((p) => p.path));
  const here = TARGETS.filter((t) => paths.has(t.path));
  if (here.length < TARGETS.length) {
    missing(report, site, 'editing every figure kind', `pages missing: ${TARGETS.filter((t) => !paths.has(t.path)).map((t) => t.path).join(', ')}`);
  }
  let total = 0;
  for (const w of WIDTHS) {
    for (const [k, t] of here.entries()) {
      await report.check(`${site.name}: edit ${t.path} ${t.kind} ${t.index + 1} at ${w.name} px, compared with the engine`, async () => {
        const count = await withEditPage(browser, base, t.path, w, async (page) => editFigure(page, t, seeded(1000 * w.viewport.width + k), w.touch));
        total += count;
        return `${count} positions`;
      });
    }
  }
  report.note(`${site.name}: edit: ${total} positions shown after edits compared with the engine`);
  if (!paths.has('/nim-rules/')) return;
  await checkRefusal(browser, base, report, site);
  await checkGrownTable(browser, base, report, site);
  await checkCorruptTable(browser, base, report, site);
  for (const w of WIDTHS) await checkNoShift(browser, base, report, site, w);
  await checkKeyboardAndEvents(browser, base, report, site);
  await checkPlayOn(browser, base, report, site);
  if (SHOTS) for (const w of WIDTHS) await editShots(browser, base, report, site, w);
}

async function withEditPage(browser, base, p, w, fn, route, routed = `**${p}`) {
  const s = await session(browser, base, { viewport: w.viewport, hasTouch: w.touch, isMobile: w.touch });
  try {
    if (route) await s.context.route(routed, route);
    const opened = await open(s, base, p);
    await whenPlayable(opened.page);
    await opened.page.waitForFunction(() => [...document.querySelectorAll('figure[data-grundy-explore]')]
      .filter((f) => f.grundyExplore && f.grundyExplore.edit)
      .every((f) => f.querySelector('.grundy-edit-bar')), null, { timeout: 10_000 });
    const result = await fn(opened.page);
    assert(opened.problems.length === 0, opened.problems.join('\n'));
    const width = await opened.page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= w.viewport.width, `the page scrolls sideways: ${width} px wide`);
    return result;
  } finally {
    await s.close();
  }
}

/** Positions past what a figure draws are refused in words, and no value is shown. */
async function checkRefusal(browser, base, report, site) {
  await report.check(`${site.name}: edit refuses positions past what the figure draws in words`, async () => {
    await withEditPage(browser, base, '/nim-rules/', WIDTHS[0], async (page) => {
      const figure = await editable(page, { kind: 'heaps', index: 0 });
      const input = figure.locator('.grundy-edit-field input');
      // A heap past 40 is the engine's to value (wasm.mjs checks it); a word or a 13th heap the figure refuses.
      const cases = [['3, x', 'separated by commas'], ['1,1,1,1,1,1,1,1,1,1,1,1,1', 'At most 12 heap sizes']];
      for (const [text, words] of cases) {
        await input.fill(text);
        await figure.locator('button[data-edit="set"]').click();
        const s = await shown(figure);
        assert(s.result.includes(words), `typed ${text}: "${s.result}"`);
        assert(!/Value \d/.test(s.result), `a value shown for a refused position: "${s.result}"`);
        assert(JSON.stringify(s.position) === '[3,5,7]', `the figure changed to ${s.position}`);
      }
    });
    await withEditPage(browser, base, '/turning-turtles/', WIDTHS[0], async (page) => {
      const figure = await editable(page, { kind: 'xor-table', index: 0 });
      await figure.locator('.grundy-edit-field input').fill('H'.repeat(27));
      await figure.locator('button[data-edit="set"]').click();
      const s = await shown(figure);
      assert(s.result.startsWith('The figure draws rows of up to 26 coins'), `"${s.result}"`);
    });
    return '13 heaps, a word, 27 coins';
  });
}

/** An XOR table grown past its box by an edit scrolls inside it to show its XOR row. */
async function checkGrownTable(browser, base, report, site) {
  await report.check(`${site.name}: an XOR table grown by an edit keeps its XOR row in view`, async () => {
    return withEditPage(browser, base, '/turning-turtles/', WIDTHS[0], async (page) => {
      const figure = await editable(page, { kind: 'xor-table', index: 0 });
      await figure.locator('.grundy-edit-field input').fill('HHHHHHHH');
      await figure.locator('button[data-edit="set"]').click();
      const view = await figure.evaluate((f) => {
        const box = f.querySelector('.grundy-edit-live').getBoundingClientRect();
        const sum = f.querySelector('.grundy-edit-live .g-xor-sum');
        const row = sum ? sum.getBoundingClientRect() : null;
        return { box: [box.top, box.bottom], row: row && [row.top, row.bottom] };
      });
      assert(view.row, 'no XOR row drawn');
      assert(view.row[0] >= view.box[0] - 0.5 && view.row[1] <= view.box[1] + 0.5, `the XOR row at ${view.row} lies outside its box ${view.box}`);
      return 'eight heads in a table drawn for three';
    });
  });
}

/** The comparison fails when the engine in the page is wrong: engine.js served valuing place 6 alone at one more. */
async function checkCorruptTable(browser, base, report, site) {
  await report.check(`${site.name}: edit comparison catches a wrong answer of the engine in the page`, async () => {
    const corrupt = async (route) => {
      const response = await route.fetch();
      const js = await response.text();
      const from = "value: one('value'),";
      assert(js.includes(from), 'engine.js does not ask values as expected');
      const lie = "value: (g, p) => { const a = one('value')(g, p); if (p === 'TTTTTH' && a.value !== undefined) a.value += 1; return a; },";
      await route.fulfill({ response, body: js.replace(from, lie) });
    };
    const failures = await withEditPage(browser, base, '/turning-turtles/', WIDTHS[0], async (page) => {
      const figure = await editable(page, { kind: 'xor-table', index: 0 });
      let caught = 0;
      for (const row of ['TTTTTH', 'HTTTTH', 'TTHTTHTH']) {
        await figure.locator('.grundy-edit-field input').fill(row);
        await figure.locator('button[data-edit="set"]').click();
        try {
          compare(await shown(figure));
        } catch (e) {
          caught++;
        }
      }
      return caught;
    }, corrupt, '**/js/engine.js');
    assert(failures === 3, `the corrupted value of place 6 went unnoticed in ${3 - failures} of 3 rows`);
    return 'place 6 valued 7: all 3 rows with it fail the comparison';
  });
}

/** Nothing after an edited figure moves, and the page keeps its height, through edits of every size. */
async function checkNoShift(browser, base, report, site, w) {
  await report.check(`${site.name}: editing moves nothing on the page at ${w.name} px`, async () => {
    await withEditPage(browser, base, '/nim-rules/', w, async (page) => {
      const layout = () => page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        // Every heading, paragraph and figure laid out (not the hidden ones).
        boxes: [...document.querySelectorAll('h2, p, figure')].filter((e) => e.getClientRects().length).map((e) => {
          const r = e.getBoundingClientRect();
          return `${Math.round(r.top + window.scrollY)}:${Math.round(r.height)}`;
        }),
      }));
      const heaps = page.locator('figure.grundy-heaps').first();
      await heaps.locator('.grundy-edit-bar').waitFor();
      const before = await layout();
      await heaps.locator('button[data-edit="toggle"]').click();
      const steps = ['40, 1', '1,2,3,4,5,6,7,8,9,10,11,12', '0', '3, 99', '39,38,37'];
      for (const text of steps) {
        await heaps.locator('.grundy-edit-field input').fill(text);
        await heaps.locator('button[data-edit="set"]').click();
        const now = await layout();
        assert(now.height === before.height, `after ${text} the page is ${now.height} px high, was ${before.height}`);
        const moved = now.boxes.findIndex((b, i) => b !== before.boxes[i]);
        assert(moved < 0, `after ${text} element ${moved} moved: ${before.boxes[moved]} to ${now.boxes[moved]}`);
      }
      const table = page.locator('figure.grundy-xor-table').first();
      for (const text of ['1', '40,40,40,40,40,40,40,40,40,40,40,40,40,40,40,40']) {
        await table.locator('.grundy-edit-field input').fill(text);
        await table.locator('button[data-edit="set"]').click();
        const now = await layout();
        assert(now.height === before.height, `after the table's ${text} the page is ${now.height} px high, was ${before.height}`);
      }
    });
    return 'nim-rules: heaps 40 high, 12 heaps, a refusal, an XOR table of 16 rows';
  });
}

/** Coins answer Enter and Space, the change is announced, the event carries it, grundySetPosition sets one quietly. */
async function checkKeyboardAndEvents(browser, base, report, site) {
  await report.check(`${site.name}: edit by keyboard, announced, with grundy:position and grundySetPosition`, async () => {
    await withEditPage(browser, base, '/coin-turning/', WIDTHS[0], async (page) => {
      await page.evaluate(() => {
        window.editEvents = [];
        document.addEventListener('grundy:position', (e) => window.editEvents.push({ game: e.detail.game, position: e.detail.position, figure: !!e.detail.figure }));
      });
      // The parity law's second row (the essay opens with a row to play).
      const figure = page.locator('figure.grundy-coin-row').nth(2);
      await figure.locator('.grundy-edit-live [data-place="1"]').focus();
      await page.keyboard.press('Enter');
      let s = await shown(figure);
      assert(s.position === 'THH', `Enter on coin 1 left ${s.position}`);
      assert(/^Coin 1 turned to tails\./.test(s.result), `announced: "${s.result}"`);
      const live = await figure.locator('.grundy-edit-result').evaluate((p) => `${p.getAttribute('role')} ${p.getAttribute('aria-live')}`);
      assert(live === 'status polite', `the result line is not a live region: ${live}`);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press(' ');
      s = await shown(figure);
      assert(s.position === 'TTH', `Space on coin 2 left ${s.position}`);
      const focused = await page.evaluate(() => document.activeElement.getAttribute('data-place'));
      assert(focused === '2', `the focus went to ${focused}`);
      await figure.locator('button[data-edit="restore"]').click();
      s = await shown(figure);
      assert(s.position === 'HHH', `Restore left ${s.position}`);
      const events = await page.evaluate(() => window.editEvents);
      assert(JSON.stringify(events.map((e) => e.position)) === '["THH","TTH","HHH"]', `events: ${JSON.stringify(events)}`);
      assert(events.every((e) => e.game === 'mock-turtles' && e.figure), `events: ${JSON.stringify(events)}`);
      const set = await figure.evaluate((f) => f.grundySetPosition('HTHT'));
      s = await shown(figure);
      assert(set === true && s.position === 'HTHT', `grundySetPosition left ${s.position}`);
      compare(s);
      assert((await page.evaluate(() => window.editEvents.length)) === 3, 'grundySetPosition fired grundy:position');
    });
    return 'Enter, arrow, Space, Restore, 3 events, a quiet set';
  });
}

/** A playable figure goes on from the edited position, and Restart still brings back the essay's. */
async function checkPlayOn(browser, base, report, site) {
  await report.check(`${site.name}: a playable figure plays on from an edited position`, async () => {
    await withEditPage(browser, base, '/nim-rules/', WIDTHS[0], async (page) => {
      const figure = await editable(page, { kind: 'heaps', index: 0 });
      await figure.locator('.grundy-edit-field input').fill('1, 2, 4');
      await figure.locator('button[data-edit="set"]').click();
      await figure.locator('button[data-edit="toggle"]').click();
      const status = await figure.locator('.grundy-status').textContent();
      assert(status.includes('1,2,4'), `status: "${status}"`);
      const sizes = await figure.locator('.grundy-live svg').evaluate((svg) => svg.querySelectorAll('.g-stone').length);
      assert(sizes === 7, `the game shows ${sizes} stones, not 1 + 2 + 4`);
      assert(await figure.locator('.grundy-edit-live').isHidden(), 'the editor is still shown');
    });
    return 'nim 1,2,4 played on';
  });
}

async function editShots(browser, base, report, site, w) {
  await report.check(`${site.name}: edit screenshots at ${w.name} px`, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const shots = [
      ['/turning-turtles/', 'coin-row', 0, (f) => f.locator('.grundy-edit-live [data-place="2"]').click()],
      ['/nim-sum/', 'heaps', 0, (f) => f.locator('.grundy-edit-live [data-key="h1s2"]').click()],
      ['/periodicity/', 'pin-row', 0, (f) => f.locator('.grundy-edit-live [data-place="5"]').click()],
      ['/mogul-golay/', 'xor-table', 0, async (f) => {
        await f.locator('.grundy-edit-field input').fill('HTTHTTTHTTTTTTTTTTTTTTTH');
        await f.locator('button[data-edit="set"]').click();
      }],
    ];
    for (const [p, kind, index, act] of shots) {
      await withEditPage(browser, base, p, w, async (page) => {
        const figure = page.locator(`figure.grundy-${kind}[data-grundy-explore]`).nth(index);
        await figure.locator('.grundy-edit-bar').waitFor();
        const name = `${p.replace(/\//g, '')}-${kind}-${w.name}`;
        await figure.screenshot({ path: path.join(SHOTS, `${name}-before.png`) });
        const toggle = figure.locator('button[data-edit="toggle"]');
        if (await toggle.count()) await toggle.click();
        await act(figure);
        await figure.screenshot({ path: path.join(SHOTS, `${name}-after.png`) });
      });
    }
    return `saved in ${SHOTS}`;
  });
}
