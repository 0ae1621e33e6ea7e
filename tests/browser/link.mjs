// Linked figures (static/js/link.js) on the real essays, at 1280 px with a
// mouse and at 390 px with touch: pointing at each coin, heap, run of pins and
// ladder option (hover, tap, keyboard focus) lights exactly the elements that
// stand for it in the page's other figures (its XOR row in a table of the same
// position, its entry in a value table of the same game, its option in a mex
// ladder), every value lit equals the engine's (`grundy value`) for that
// single coin or heap, leaving clears it, focus is announced and hover is
// not, and nothing on the page moves. An edit (`grundy:position`, sent here by
// a stub in place of edit.js) sets the figures that showed the same position;
// a real edit (a tap on an editor's coin or stone) does too, and the part
// redrawn lights what stands for it in the edited position. Only the shown
// drawing counts (an editor hides the static one).
// A page broken on purpose (an XOR row without its data attribute, a value
// table cell with a wrong value) must fail the same comparison.

import { assert } from './report.mjs';
import { engineValue } from './engine.mjs';
import { missing, settle, status } from './playing.mjs';
import { session, open, whenPlayable } from './pages.mjs';

const PATHS = ['/turning-turtles/', '/nim-sum/', '/nim-rules/', '/sprague-grundy/', '/coin-turning/'];
const WIDTHS = [
  { name: '1280 px', viewport: { width: 1280, height: 900 }, touch: false },
  { name: '390 px', viewport: { width: 390, height: 844 }, touch: true },
];
const SOURCES = { coins: '[data-place]', heaps: '[data-heap]', pins: '[data-place].g-pin', ladder: '[data-option]' };

/**
 * Opens `path` at a viewport (`options`: viewport, hasTouch), waits for its
 * playable figures and link.js, runs `fn`; errors on the page fail the check.
 */
async function withLinkPage(browser, base, path, options, fn) {
  const s = await session(browser, base, options);
  try {
    const { page, problems } = await open(s, base, path);
    await whenPlayable(page);
    await page.waitForFunction(() => window.GrundyLink && window.GrundyLink.ready === true, null, { timeout: 10_000 });
    const result = await fn(page);
    assert(problems.length === 0, problems.join('\n'));
    assert(s.offsite.length === 0, `requests leaving the site: ${s.offsite.join(', ')}`);
    return result;
  } finally {
    await s.close();
  }
}

/** Every explore figure: its data, and the parts a reader can point at in its visible drawing. */
function readFigures(page) {
  return page.evaluate((sources) => {
    const all = [...document.querySelectorAll('figure.grundy-figure')];
    return all
      .map((f, index) => ({ f, index }))
      .filter(({ f }) => f.hasAttribute('data-grundy-explore'))
      .map(({ f, index }) => {
        const data = JSON.parse(f.getAttribute('data-grundy-explore'));
        // The drawing shown: a game's live board, an editor's drawing (which
        // hides the static one), else the static drawing.
        const drawn = (q) => [...f.querySelectorAll(q)].find((d) => !d.closest('[hidden]'));
        const scope = drawn('.grundy-live') ? '.grundy-live' : drawn('.grundy-edit-live') ? '.grundy-edit-live' : '.grundy-drawing';
        const shown = drawn(scope) || f;
        const sel = sources[data.shows];
        const parts = [];
        if (sel) {
          const seen = new Set();
          for (const n of f.querySelectorAll(`${scope} ${sel}`)) {
            const a = (k) => n.getAttribute(`data-${k}`);
            const key = data.shows === 'heaps' ? `heap ${a('heap')}` : data.shows === 'ladder' ? `option ${a('option')}` : `place ${a('place')}`;
            if (seen.has(key)) continue;
            seen.add(key);
            parts.push({ key, place: a('place'), heap: a('heap'), size: a('size'), option: a('option'), position: a('position'), selector: `${scope} ${data.shows === 'heaps' ? `[data-heap="${a('heap')}"]` : data.shows === 'ladder' ? `[data-option="${a('option')}"]` : `[data-place="${a('place')}"]`}` });
          }
        }
        // The position a live (played) drawing shows now.
        let current = data.position;
        // An editor shows its position in its field (the calculator's notation).
        const field = f.querySelector('.grundy-edit-bar input');
        if (scope === '.grundy-edit-live' && field) current = field.value;
        if (scope === '.grundy-live' && data.shows === 'heaps') {
          const sizes = String(data.position).split(',').map(() => 0);
          for (const n of f.querySelectorAll('.grundy-live [data-heap]')) sizes[Number(n.getAttribute('data-heap'))] = Number(n.getAttribute('data-size'));
          current = sizes.join(',');
        }
        if (scope === '.grundy-live' && data.shows === 'coins') {
          current = [...f.querySelectorAll('.grundy-live [data-place]')].map((n) => (n.querySelector('.g-head') ? 'H' : 'T')).join('');
        }
        let row = null;
        if (data.shows === 'pins') {
          const pins = [...f.querySelectorAll(`${scope} [data-place]`)];
          row = pins.map((n) => (n.classList.contains('g-pin') ? '|' : '.')).join('');
        }
        const list = (q, root = f) => [...root.querySelectorAll(q)].map((n) => ({ place: n.getAttribute('data-place'), heap: n.getAttribute('data-heap'), n: n.getAttribute('data-n'), position: n.getAttribute('data-position'), option: n.getAttribute('data-option'), value: n.getAttribute('data-value') }));
        // The rows of the table shown, each for a head or a heap (not its XOR sum).
        const rows = data.shows === 'xor' ? list('g[data-value][data-heap], g[data-value][data-place]', shown) : [];
        return { index, data, current, parts, row, live: scope === '.grundy-live', edited: scope === '.grundy-edit-live', rows, cells: list('[data-n]'), options: list('[data-option]') };
      });
  }, SOURCES);
}

/** What is lit now, figure by figure, with the value each lit element shows; and the live region. */
function readLit(page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('figure.grundy-figure')];
    const lit = [...document.querySelectorAll('.g-linked')].map((n) => {
      const texts = n.querySelectorAll('text');
      return {
        figure: all.indexOf(n.closest('figure')),
        place: n.getAttribute('data-place'),
        heap: n.getAttribute('data-heap'),
        n: n.getAttribute('data-n'),
        option: n.getAttribute('data-option'),
        position: n.getAttribute('data-position'),
        value: n.getAttribute('data-value') ?? (texts.length ? texts[texts.length - 1].textContent : null),
      };
    });
    const status = document.querySelector('.grundy-link-status');
    // Marks cut off by their drawing's edge: a side of the mark would not show.
    const cut = [...document.querySelectorAll('rect.g-link-mark, rect.g-link-source')].filter((r) => {
      const vb = r.ownerSVGElement.viewBox.baseVal;
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number(r.getAttribute(k)));
      return vb.width && (x < vb.x || y < vb.y || x + w > vb.x + vb.width || y + h > vb.y + vb.height);
    }).length;
    return { lit, cut, status: status ? status.textContent : '', marks: document.querySelectorAll('.g-link-mark').length };
  });
}

/** The page's layout: its height and every figure's box. */
function layout(page) {
  return page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
    boxes: [...document.querySelectorAll('figure, h2, p')].map((e) => {
      const r = e.getBoundingClientRect();
      if (!r.width && !r.height) return 'not shown';
      return [r.x, r.y + window.scrollY, r.width, r.height].map((x) => Math.round(x * 10) / 10).join(',');
    }),
  }));
}

const sameGame = (a, b) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
const norm = (p) => String(p ?? '').replace(/\s+/g, '');
const oneHead = (p) => `${'T'.repeat(p - 1)}H`;

/** The single part a ladder option leaves: {place} for one head, {size} for one heap; else null. */
function optionPart(position) {
  if (/^[HT]+$/.test(position)) {
    const heads = [...position].flatMap((c, i) => (c === 'H' ? [i + 1] : []));
    return heads.length === 1 ? { place: heads[0] } : null;
  }
  const sizes = position.split(',').map(Number).filter((n) => n > 0);
  return sizes.length === 0 ? { size: 0 } : sizes.length === 1 ? { size: sizes[0] } : null;
}

/**
 * The part pointed at, as the essay's reader sees it: a coin's place, a
 * heap's index and size, a run of pins' length, a ladder option's one part.
 */
function partOf(fig, part) {
  const shows = fig.data.shows;
  if (shows === 'coins') return { place: Number(part.place) };
  if (shows === 'heaps') return { heap: Number(part.heap), size: Number(part.size) };
  if (shows === 'pins') {
    const p = Number(part.place);
    let a = p, b = p;
    while (fig.row[a - 2] === '|') a--;
    while (fig.row[b] === '|') b++;
    return { size: b - a + 1 };
  }
  return optionPart(part.position);
}

/**
 * The elements that must light, as [figure index, element] with the engine's
 * position for the value it must show: written out here from the essay's
 * meaning, not from link-core.js.
 */
function expected(figs, source, part) {
  const out = [];
  const { game, shows } = source.data;
  const position = source.current;
  const engineOf = (p) => (p.place ? oneHead(p.place) : String(p.size));
  for (const fig of figs) {
    if (fig === source || !sameGame(fig.data.game, game)) continue;
    const same = shows !== 'ladder' && norm(fig.current) === norm(position);
    if (fig.data.shows === 'xor' && same) {
      // A table of the same position has a row per head, a row per heap.
      if (shows === 'coins' && norm(position)[part.place - 1] === 'H') out.push({ figure: fig.index, key: `place ${part.place}`, engine: oneHead(part.place) });
      if (shows === 'heaps') out.push({ figure: fig.index, key: `heap ${part.heap}`, engine: String(part.size) });
    } else if (fig.data.shows === 'values') {
      const n = String(part.place ?? part.size);
      for (const c of fig.cells) if (c.n === n) out.push({ figure: fig.index, key: `n ${c.n}`, engine: engineOf(part) });
    } else if (fig.data.shows === 'ladder' && shows !== 'ladder') {
      for (const o of fig.options) {
        const p = optionPart(o.position);
        if (p && (part.place ? p.place === part.place : p.size === part.size && p.place === undefined)) {
          out.push({ figure: fig.index, key: `option ${o.option}`, engine: o.position });
        }
      }
    }
  }
  return out;
}

function litKey(l) {
  if (l.option !== null) return `option ${l.option}`;
  if (l.n !== null) return `n ${l.n}`;
  if (l.place !== null) return `place ${l.place}`;
  return `heap ${l.heap}`;
}

/**
 * The attributes themselves: every XOR row names a head or heap of the
 * table's position and carries the engine's value for it, one row each;
 * every ladder option carries the engine's value of the position it names.
 */
function checkAttributes(figs, counts) {
  const errors = [];
  const compare = (fig, what, position, shown) => {
    const { value } = engineValue(fig.data.game, position);
    counts.attributes++;
    counts.positions.add(`${fig.data.game} ${position}`);
    if (String(value) !== String(shown)) errors.push(`figure ${fig.index} ${what}: data-value ${shown}, the engine says ${value} for ${position}`);
  };
  for (const fig of figs) {
    const { shows } = fig.data;
    const position = fig.current;
    if (shows === 'xor' && position) {
      const coins = /^[HT]+$/i.test(position);
      const parts = coins
        ? [...norm(position)].flatMap((c, i) => (c === 'H' ? [{ key: String(i + 1), engine: oneHead(i + 1) }] : []))
        : norm(position).split(',').map((n, i) => ({ key: String(i), engine: n }));
      const keys = fig.rows.map((r) => (coins ? r.place : r.heap));
      if (keys.join(',') !== parts.map((q) => q.key).join(',')) errors.push(`figure ${fig.index}: XOR rows for ${keys.join(',')}, expected ${parts.map((q) => q.key).join(',')} (${position})`);
      fig.rows.forEach((r, i) => parts[i] && compare(fig, `XOR row ${i}`, parts[i].engine, r.value));
    }
    if (shows === 'ladder') fig.options.forEach((o) => compare(fig, `option ${o.option}`, o.position, o.value));
  }
  return errors;
}

/**
 * Points at every part of every linked figure of the open page (by `how`:
 * hover, tap or focus) and compares what lit with what should, and its values
 * with the engine's. Returns the errors and the number of values compared.
 */
async function verify(page, how, counts) {
  const figs = await readFigures(page);
  const errors = checkAttributes(figs, counts);
  const before = await layout(page);
  for (const source of figs) {
    // A source lights something only when another figure links to it.
    for (const part of source.parts) {
      const meaning = partOf(source, part);
      const wanted = meaning ? expected(figs, source, meaning) : [];
      if (!wanted.length) continue;
      // Tapping a playable figure plays it (a heap of Nim loses stones, a
      // status line changes): its parts are pointed at by keyboard.
      const way = how === 'tap' && source.live ? 'focus' : how;
      const where = `figure ${source.index} (${source.data.shows} of ${source.data.game}) ${part.key} by ${way}`;
      const node = page.locator('figure.grundy-figure').nth(source.index).locator(part.selector).first();
      const statusBefore = (await readLit(page)).status;
      if (way === 'hover') await node.hover();
      else if (way === 'tap') await node.tap();
      // An editor's heap takes the focus on its stones.
      else await node.evaluate((n) => (n.matches('[tabindex]') ? n : n.querySelector('[tabindex]') || n).focus());
      // A tap on an editor's part also edits it: what lights is what stands
      // for that part in the edited position, in the figures that follow it.
      let want = wanted;
      if (way === 'tap' && source.edited) {
        const now = (await readFigures(page)).find((f) => f.index === source.index);
        if (norm(now.current) === norm(source.current)) errors.push(`${where}: the tap left the position ${source.current}`);
        const moved = now.parts.find((q) => q.key === part.key);
        const after = moved ? partOf(now, moved) : null;
        want = after ? expected(await readFigures(page), now, after) : [];
      }
      const got = await readLit(page);
      const gotKeys = got.lit.map((l) => `${l.figure}:${litKey(l)}`).sort();
      const wantKeys = want.map((w) => `${w.figure}:${w.key}`).sort();
      if (gotKeys.join('|') !== wantKeys.join('|')) {
        errors.push(`${where}: lit [${gotKeys.join(', ')}], expected [${wantKeys.join(', ')}]`);
      }
      if (got.cut) errors.push(`${where}: ${got.cut} marks cut off by their drawing's edge`);
      for (const w of want) {
        const l = got.lit.find((x) => x.figure === w.figure && litKey(x) === w.key);
        if (!l) continue;
        const { value } = engineValue(source.data.game, w.engine);
        counts.compared++;
        counts.positions.add(`${source.data.game} ${w.engine}`);
        if (String(value) !== String(l.value).trim()) errors.push(`${where}: figure ${w.figure} ${w.key} shows ${l.value}, the engine says ${value} for ${w.engine}`);
      }
      if (way === 'focus') {
        if (!got.status || got.lit.some((l) => !got.status.includes(String(l.value).trim()))) errors.push(`${where}: announced "${got.status}"`);
      } else if (got.status !== statusBefore) {
        errors.push(`${where}: pointing without focus announced "${got.status}"`);
      }
      counts.pointed++;
      // Restore brings back the essay's position, which verify starts from.
      if (way === 'tap' && source.edited) await page.locator('figure.grundy-figure').nth(source.index).locator('button[data-edit="restore"]').tap();
    }
  }
  // Leaving clears.
  if (how === 'hover') await page.mouse.move(1, 1);
  else if (how === 'tap') await page.touchscreen.tap(2, 2);
  else await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const left = await readLit(page);
  if (left.lit.length || left.marks) errors.push(`after leaving by ${how}: ${left.lit.length} elements still lit, ${left.marks} marks`);
  const after = await layout(page);
  if (after.height !== before.height) errors.push(`the page's height went from ${before.height} to ${after.height}`);
  if (after.width > before.width) errors.push(`the page's width went from ${before.width} to ${after.width}`);
  const moved = after.boxes.findIndex((b, i) => b !== before.boxes[i]);
  if (moved >= 0) errors.push(`element ${moved} moved: ${before.boxes[moved]} -> ${after.boxes[moved]}`);
  return errors;
}

/** Ways of pointing at a width: the mouse or touch, and the keyboard. */
function ways(width) {
  return width.touch ? ['tap', 'focus'] : ['hover', 'focus'];
}

export async function checkLink(browser, base, pages, report, site) {
  const counts = { compared: 0, attributes: 0, pointed: 0, positions: new Set() };
  const paths = PATHS.filter((p) => pages.some((q) => q.path === p));
  if (!paths.length) {
    missing(report, site, 'linked figures', `no page at ${PATHS.join(', ')}`);
    return;
  }
  for (const width of WIDTHS) {
    for (const path of paths) {
      await report.check(`${site.name}: ${path} linked figures at ${width.name}: pointing lights exactly the linked elements, with the engine's values`, async () => {
        const before = counts.compared;
        await withLinkPage(
          browser,
          base,
          path,
          { viewport: width.viewport, hasTouch: width.touch },
          async (page) => {
            const errors = [];
            for (const how of ways(width)) errors.push(...(await verify(page, how, counts)));
            // Focus on what is not a part (a figure's buttons) lights nothing and breaks nothing.
            for (const button of await page.locator('figure[data-grundy-explore] button:visible').all()) {
              await button.focus();
              const { lit } = await readLit(page);
              if (lit.length) errors.push(`focus on the button "${await button.textContent()}" lit ${lit.length} elements`);
            }
            assert(errors.length === 0, errors.slice(0, 12).join('\n'));
            assert(counts.compared > before, 'no linked value was compared');
          },
        );
        return `${counts.compared - before} values compared with the engine`;
      });
    }
  }
  report.note(`${site.name}: linked figures: ${counts.pointed} pointings; compared with the engine: ${counts.compared} lit values and ${counts.attributes} XOR-row and ladder-option values, ${counts.positions.size} distinct positions`);
  if (paths.includes('/nim-sum/')) await checkPlayedBoard(browser, base, report, site);
  if (paths.includes('/nim-rules/')) await checkEditFollows(browser, base, report, site);
  if (paths.includes('/nim-rules/')) await checkEditLights(browser, base, report, site);
  if (paths.includes('/nim-sum/') && paths.includes('/sprague-grundy/')) await checkBrokenPages(browser, base, report, site);
}

/**
 * A board played away from the essay's position no longer links to the XOR
 * table of that position, and one played into the position of another table
 * links to it: taking one from the heap of twelve leaves 5,7,9,11 (the
 * second table) until the machine answers, after which neither links.
 */
async function checkPlayedBoard(browser, base, report, site) {
  await report.check(`${site.name}: /nim-sum/ pointing follows the position a played board shows`, async () =>
    withLinkPage(browser, base, '/nim-sum/', {}, async (page) => {
      const counts = { compared: 0, attributes: 0, pointed: 0, positions: new Set() };
      const board = page.locator('figure.grundy-heaps').first();
      const before = await status(board);
      // The machine's answer waits on a timer: held until the position taken to is checked.
      await page.clock.install();
      // The top stone of the heap of twelve takes one.
      await board.locator('.grundy-live [data-heap="3"]').last().click();
      const heaps = await page.evaluate(() => [...document.querySelectorAll('figure.grundy-heaps .grundy-live [data-heap]')].filter((n) => n.getAttribute('data-heap') === '3').length);
      assert(heaps === 11, `the heap of twelve has ${heaps} stones after taking one`);
      const taken = await verify(page, 'hover', counts);
      assert(taken.length === 0, taken.join('\n'));
      assert(counts.compared >= 4, `5,7,9,11 lit ${counts.compared} rows of the second table`);
      await page.clock.runFor(2000);
      await settle(page, board, before);
      const answered = await verify(page, 'hover', counts);
      assert(answered.length === 0, answered.join('\n'));
      return `${counts.compared} values compared after the move`;
    }),
  );
}

/** An edit of the heaps (a stub `grundy:position`) sets the XOR table of the same position, not the other. */
async function checkEditFollows(browser, base, report, site) {
  await report.check(`${site.name}: /nim-rules/ an edit of the heaps sets the XOR table that showed the same position`, async () =>
    withLinkPage(browser, base, '/nim-rules/', {}, async (page) => {
      const calls = await page.evaluate(() => {
        const figs = [...document.querySelectorAll('figure[data-grundy-explore]')];
        const calls = [];
        figs.forEach((f, i) => {
          f.grundySetPosition = (p) => calls.push([i, f.grundyExplore.shows, f.grundyExplore.position, p]);
        });
        const heaps = figs.find((f) => f.grundyExplore.shows === 'heaps');
        document.dispatchEvent(new CustomEvent('grundy:position', { detail: { figure: heaps, game: 'nim', position: '2,5,7' } }));
        // A figure link.js does not know is ignored.
        document.dispatchEvent(new CustomEvent('grundy:position', { detail: { figure: document.body, game: 'nim', position: '1,1' } }));
        return calls;
      });
      assert(calls.length === 1, `expected one figure set, got ${JSON.stringify(calls)}`);
      const [, shows, was, now] = calls[0];
      assert(shows === 'xor' && was === '3,5,7' && now === '2,5,7', `set ${JSON.stringify(calls[0])}`);
      return 'the XOR table of 3,5,7 was set to 2,5,7; the table of 2,5,7 was left alone';
    }),
  );
}

/**
 * A real edit (edit.js): a click on the heaps' editor leaving 2,5,7 sets the
 * XOR table of 3,5,7 to 2,5,7, and the heap clicked, redrawn under the
 * pointer, lights its row in both tables of 2,5,7 with the engine's value;
 * then every part of the edited page points as the essay's does.
 */
async function checkEditLights(browser, base, report, site) {
  await report.check(`${site.name}: /nim-rules/ an edit of the heaps sets the linked XOR table, and the heap edited lights its rows in the edited position`, async () =>
    withLinkPage(browser, base, '/nim-rules/', { viewport: WIDTHS[1].viewport, hasTouch: true }, async (page) => {
      const board = page.locator('figure.grundy-figure').filter({ has: page.locator('button[data-edit="toggle"]') }).first();
      await board.locator('button[data-edit="toggle"]').tap();
      // The second stone of the heap of three, tapped (a touch, unlike a
      // mouse, is over nothing once the stone is redrawn): leave two.
      await board.locator('.grundy-edit-live [data-heap="0"] .g-stone-button').nth(1).tap();
      const figs = await readFigures(page);
      const shown = figs.map((f) => `${f.data.shows} ${f.current}`).filter((t) => !t.startsWith('outcomes'));
      // The misère switch's heaps of 1, 1 and 4, and the exercise's 1, 2 and 4,
      // show other positions: left alone.
      assert(shown.join('; ') === 'heaps 2,5,7; xor 2,5,7; xor 2,5,7; heaps 1,1,4; heaps 1,2,4', `after the edit: ${shown.join('; ')}`);
      const tables = figs.filter((f) => f.data.shows === 'xor').map((f) => `${f.index}:heap 0`);
      const { lit } = await readLit(page);
      const got = lit.map((l) => `${l.figure}:${litKey(l)}`).sort();
      assert(got.join('|') === tables.join('|'), `lit [${got.join(', ')}], expected [${tables.join(', ')}]`);
      const { value } = engineValue('nim', '2');
      const wrong = lit.filter((l) => String(l.value).trim() !== String(value));
      assert(wrong.length === 0, `lit values ${lit.map((l) => l.value).join(', ')}, the engine says ${value} for 2`);
      const counts = { compared: 0, attributes: 0, pointed: 0, positions: new Set() };
      await page.evaluate(() => document.activeElement.blur());
      // Focus just after a tap on what a redraw replaced counts as the tap's (link.js): a reader's pause first.
      await page.waitForTimeout(900);
      // By keyboard: a tap on the editor would edit again, and Restore is the essay's position.
      const errors = await verify(page, 'focus', counts);
      assert(errors.length === 0, errors.slice(0, 12).join('\n'));
      return `2,5,7 in all three figures; ${lit.length + counts.compared} lit values compared with the engine`;
    }),
  );
}

/** The same comparison on pages broken on purpose must fail. */
async function checkBrokenPages(browser, base, report, site) {
  const breaks = [
    ['/nim-sum/', 'an XOR row without its data-heap', () => document.querySelector('figure.grundy-xor-table [data-heap="2"]').removeAttribute('data-heap'), /lit \[.*expected/],
    ['/sprague-grundy/', 'a value table cell showing a wrong value', () => {
      const cell = document.querySelector('figure.grundy-value-table [data-n="3"]');
      const texts = cell.querySelectorAll('text');
      texts[texts.length - 1].textContent = '9';
    }, /the engine says/],
    ['/turning-turtles/', 'a ladder option with another position', () => document.querySelector('[data-option="1"]').setAttribute('data-position', 'HHTTT'), /the engine says/],
  ];
  for (const [path, what, corrupt, expect] of breaks) {
    await report.check(`${site.name}: ${path} the linked-figure check fails on ${what}`, async () =>
      withLinkPage(browser, base, path, {}, async (page) => {
        const clean = await verify(page, 'hover', { compared: 0, attributes: 0, pointed: 0, positions: new Set() });
        assert(clean.length === 0, `the unbroken page already fails: ${clean[0]}`);
        await page.evaluate(corrupt);
        const errors = await verify(page, 'hover', { compared: 0, attributes: 0, pointed: 0, positions: new Set() });
        assert(errors.some((e) => expect.test(e)), `the broken page passed (errors: ${errors.join('; ') || 'none'})`);
        return errors[0];
      }),
    );
  }
}
