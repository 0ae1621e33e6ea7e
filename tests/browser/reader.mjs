// The reader's page (group `reader`): margin notes beside the text on a wide
// screen and within the window on a phone; checked numbers marked quietly
// until hovered or focused; a playable figure's controls on one or two rows
// of a phone, with one way to start over; and the box that shows a
// figure's position following the game's moves.

import { session, open, whenPlayable, PHONE } from './pages.mjs';
import { assert } from './report.mjs';
import { missing, settle, status } from './playing.mjs';
import { PRINT_PATH } from './print.mjs';

const WIDE = { width: 1280, height: 900 };

/**
 * Where a page's margin notes lie (runs in the page): each footnote's margin
 * copy, or the footnote itself where the copy is not shown, and each check
 * box's note, every fold opened; with the text column's right edge and the
 * window's width.
 */
export function marginNotes() {
  // A note inside a fold is measured as a reader who opened the fold sees it.
  for (const fold of document.querySelectorAll('details')) fold.open = true;
  const column = document.querySelector('article.essay') || document.querySelector('main');
  const c = column.getBoundingClientRect();
  const style = getComputedStyle(column);
  const textRight = c.right - parseFloat(style.paddingRight);
  const width = document.documentElement.clientWidth;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { shown: getComputedStyle(el).display !== 'none' && r.width > 0 && r.height > 0, left: r.left, right: r.right };
  };
  const notes = [];
  for (const ref of document.querySelectorAll('.footnote-reference')) {
    const id = decodeURIComponent(ref.querySelector('a').getAttribute('href').slice(1));
    const side = ref.nextElementSibling?.classList.contains('sidenote') ? ref.nextElementSibling : null;
    const definition = document.getElementById(id);
    const refBox = ref.getBoundingClientRect();
    notes.push({ what: `footnote ${id}`, side: side && box(side), definition: definition && box(definition), refTop: refBox.top, sideTop: side ? side.getBoundingClientRect().top : null });
  }
  for (const check of document.querySelectorAll('aside.grundy-check')) {
    const note = check.querySelector(':scope > .how');
    if (note) notes.push({ what: `check box ${check.closest('.directive')?.id || ''}`, check: box(note) });
  }
  return { textRight, width, notes };
}

/** What is wrong with the margin notes at `width`: beside the column when wide, in the window when narrow. */
export function marginProblems(found, wide) {
  const out = [];
  for (const n of found.notes) {
    if (wide) {
      // A footnote with no margin copy (one holding blocks) stays at its place.
      if (!n.side && !n.check) continue;
      const note = n.side || n.check;
      if (!note.shown) out.push(`${n.what}: no note shown in the margin`);
      else if (note.left < found.textRight + 8) out.push(`${n.what}: its note starts at ${Math.round(note.left)} px, not right of the text, which ends at ${Math.round(found.textRight)} px`);
      else if (note.right > found.width) out.push(`${n.what}: its note ends at ${Math.round(note.right)} px, past the ${found.width} px window`);
      else if (n.side && Math.abs(n.sideTop - n.refTop) > 40) out.push(`${n.what}: its note starts ${Math.round(n.sideTop - n.refTop)} px from its reference's line`);
    } else {
      if (n.side && n.side.shown) out.push(`${n.what}: its margin copy is shown at ${found.width} px`);
      if (n.check && n.check.shown) out.push(`${n.what}: its note is open before it is asked for`);
      if (n.definition && (!n.definition.shown || n.definition.left < 0 || n.definition.right > found.width)) {
        out.push(`${n.what}: the footnote ${n.definition.shown ? `spans ${Math.round(n.definition.left)} to ${Math.round(n.definition.right)} px` : 'is hidden'} in a ${found.width} px window`);
      }
    }
  }
  return out;
}

async function checkMarginNotes(browser, base, pages, report, site) {
  const withNotes = [];
  for (const viewport of [WIDE, PHONE]) {
    const s = await session(browser, base, { viewport });
    try {
      for (const p of pages) {
        const { page } = await open(s, base, p.path);
        const found = await page.evaluate(marginNotes);
        await page.close();
        if (!found.notes.length) continue;
        if (viewport === WIDE) withNotes.push(p.path);
        const wide = viewport === WIDE;
        await report.check(`${site.name}: ${p.path} margin notes at ${viewport.width} px (${found.notes.length})`, async () => {
          const problems = marginProblems(found, wide);
          assert(problems.length === 0, problems.join('\n'));
          return wide ? 'each beside the text, inside the window' : 'footnotes in the column, check notes closed';
        });
      }
    } finally {
      await s.close();
    }
  }
  if (!withNotes.some((p) => p === '/nim-sum/')) missing(report, site, 'margin notes', 'no footnote on /nim-sum/');
}

/** The margin check fails on a page whose notes sit in the column, or past the window. */
async function checkMarginCatchesMisplaced(browser, report) {
  await report.check('margin notes check: catches a note in the column and one past the window', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    try {
      const html = (css) => `<!doctype html><style>body{margin:0}main{width:600px;padding:0 20px}.sidenote{display:block;${css}}</style><main><article class="essay"><p>Text.<sup class="footnote-reference"><a href="#n">1</a></sup><span class="sidenote">A note.</span></p><div class="footnote-definition" id="n"><p>A note.</p></div></article></main>`;
      await page.setContent(html('float:right;width:200px;margin-right:-240px'));
      const good = marginProblems(await page.evaluate(marginNotes), true);
      assert(good.length === 0, `a good note was refused: ${good.join('; ')}`);
      await page.setContent(html(''));
      assert(marginProblems(await page.evaluate(marginNotes), true).some((p) => /not right of the text/.test(p)), 'a note in the column was not caught');
      await page.setContent(html('position:absolute;left:1200px;width:200px'));
      assert(marginProblems(await page.evaluate(marginNotes), true).some((p) => /past the/.test(p)), 'a note past the window was not caught');
      return 'both caught';
    } finally {
      await page.close();
    }
  });
}

function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const rgb = (css) => (css.match(/[\d.]+/g) || []).slice(0, 3).map(Number);

/** A checked number's underline and text: colour, and the page's background (runs in the page). */
function markOf(el) {
  const s = getComputedStyle(el);
  return { line: s.textDecorationColor, style: s.textDecorationStyle, text: s.color, bg: getComputedStyle(document.body).backgroundColor };
}

/**
 * Checked numbers are marked quietly: a dotted line of contrast under 1.6
 * against the page until hovered or focused by keyboard, then at least 3;
 * the number's own text keeps AA contrast (4.5) throughout.
 */
async function checkQuietMarks(browser, base, pages, report, site) {
  const p = pages.find((x) => x.path === '/nim-sum/') || pages.find((x) => x.kind !== '404' && x.path !== '/');
  for (const scheme of ['light', 'dark']) {
    await report.check(`${site.name}: ${p.path} checked numbers are marked quietly until hovered or focused (${scheme})`, async () => {
      const s = await session(browser, base, { viewport: WIDE, colorScheme: scheme });
      try {
        const { page } = await open(s, base, p.path);
        const fact = page.locator('.fact[tabindex]').first();
        if (!(await fact.count())) return `no checked number on ${p.path}: not run`;
        await fact.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        const before = await fact.evaluate(markOf);
        await fact.hover();
        const hovered = await fact.evaluate(markOf);
        await page.mouse.move(0, 0);
        // Keyboard focus: Tab from the element before it.
        await fact.evaluate((el) => {
          const stops = [...document.querySelectorAll('a[href], [tabindex="0"], button, input, summary')].filter((n) => n.checkVisibility());
          const prev = stops[stops.indexOf(el) - 1];
          if (prev) prev.focus();
        });
        await page.keyboard.press('Tab');
        const focused = await fact.evaluate((el) => (document.activeElement === el ? null : `focus is on ${document.activeElement?.className}`));
        assert(focused === null, focused);
        const keyed = await fact.evaluate(markOf);
        const bg = rgb(before.bg);
        const quiet = contrast(rgb(before.line), bg);
        const shown = contrast(rgb(hovered.line), bg);
        const byKey = contrast(rgb(keyed.line), bg);
        assert(before.style === 'dotted', `the mark is ${before.style}, not dotted`);
        assert(quiet < 1.6, `the resting mark ${before.line} has contrast ${quiet.toFixed(2)} against ${before.bg}: not quiet`);
        assert(shown >= 3, `on hover the mark ${hovered.line} has contrast ${shown.toFixed(2)}`);
        assert(byKey >= 3, `on keyboard focus the mark ${keyed.line} has contrast ${byKey.toFixed(2)}`);
        const text = contrast(rgb(before.text), bg);
        assert(text >= 4.5, `the number's text has contrast ${text.toFixed(2)}`);
        return `resting ${quiet.toFixed(2)}, hovered ${shown.toFixed(2)}, focused ${byKey.toFixed(2)}, text ${text.toFixed(2)}`;
      } finally {
        await s.close();
      }
    });
  }
}

/** The rows a figure's controls take, and what starts over (runs in the page). */
function controlRows(f) {
  const shown = (el) => el.offsetParent !== null && !el.closest('[hidden]');
  const rows = (els) => new Set(els.filter(shown).map((b) => Math.round(b.getBoundingClientRect().top))).size;
  const buttons = [...f.querySelectorAll('button')].filter(shown);
  return {
    // The toolbar's buttons show icons: each is named by its aria-label.
    play: rows([...f.querySelectorAll('.grundy-controls button:not(.grundy-edit-bar button)')]),
    edit: rows([...f.querySelectorAll('.grundy-edit-bar > button, .grundy-edit-bar input')]),
    over: buttons.filter((b) => /start over|restart|restore|reset/i.test(b.getAttribute('aria-label') || b.textContent)).map((b) => b.getAttribute('aria-label') || b.textContent),
  };
}

/**
 * At a phone's width every playable figure's buttons take at most two rows,
 * and so do its editor's; each figure has exactly one button to start over,
 * named so.
 */
async function checkPhoneControls(browser, base, pages, report, site) {
  const s = await session(browser, base, { viewport: PHONE });
  let seen = 0;
  try {
    for (const p of pages) {
      const { page } = await open(s, base, p.path);
      const count = await page.locator('figure[data-grundy-play]').count();
      if (!count) {
        await page.close();
        continue;
      }
      await whenPlayable(page);
      // The editor's bar arrives after the game (explore.js, edit.js).
      if (await page.locator('figure[data-grundy-play][data-grundy-explore*="edit"]').count()) {
        await page.locator('figure[data-grundy-play] .grundy-edit-bar').first().waitFor();
      }
      await report.check(`${site.name}: ${p.path} playable figures' controls at ${PHONE.width} px`, async () => {
        const out = [];
        for (let i = 0; i < count; i++) {
          const r = await page.locator('figure[data-grundy-play]').nth(i).evaluate(controlRows);
          assert(r.play <= 2, `figure ${i + 1}: its buttons take ${r.play} rows`);
          assert(r.edit <= 2, `figure ${i + 1}: its editor's controls take ${r.edit} rows`);
          assert(r.over.length === 1 && r.over[0] === 'Start over', `figure ${i + 1}: the ways to start over are ${JSON.stringify(r.over)}, not one "Start over"`);
          out.push(`${r.play}+${r.edit} rows`);
          seen++;
        }
        return out.join(', ');
      });
      await page.close();
    }
  } finally {
    await s.close();
  }
  if (!seen) missing(report, site, 'phone controls', 'no playable figure');
}

/** What the live drawing shows and what the editor's box says (runs in the figure). */
function shownPosition(f) {
  const svg = f.querySelector('.grundy-live svg');
  // A row of pins names its row; heaps are read from their stones' labels ("heap 2, stone 1 of 7").
  let drawn = svg.getAttribute('data-row');
  if (drawn === null) {
    const heaps = [];
    for (const st of svg.querySelectorAll('[role="button"][aria-label^="heap "]')) {
      const m = /^heap (\d+), stone \d+ of (\d+)/.exec(st.getAttribute('aria-label'));
      if (m) heaps[Number(m[1]) - 1] = Number(m[2]);
    }
    drawn = [...heaps].map((h) => h || 0).join(',');
  }
  return { drawn, typed: f.querySelector('.grundy-edit-field input').value.replace(/\s+/g, '') };
}

/**
 * The editor's box shows the position the game is at: after the reader's
 * move and the machine's answer, after a step back, and after "Start over",
 * pressed while editing too (it leaves the editor for the essay's position).
 */
async function checkBoxFollowsGame(browser, base, pages, report, site) {
  const cases = [
    { path: '/periodicity/', kind: 'pin-row' },
    { path: '/nim-sum/', kind: 'heaps' },
    { path: '/nim-rules/', kind: 'heaps' },
  ];
  let ran = 0;
  for (const c of cases) {
    if (!pages.some((p) => p.path === c.path)) continue;
    const s = await session(browser, base, { viewport: PHONE, hasTouch: true });
    try {
      const { page } = await open(s, base, c.path);
      await whenPlayable(page);
      const figure = page.locator(`figure.grundy-${c.kind}[data-grundy-play][data-grundy-explore*="edit"]`).first();
      if (!(await figure.count())) {
        await page.close();
        continue;
      }
      ran++;
      await figure.locator('.grundy-edit-bar').waitFor();
      await report.check(`${site.name}: ${c.path} ${c.kind}: the position box follows the game`, async () => {
        const start = await figure.evaluate(shownPosition);
        assert(start.typed === start.drawn, `at the start the box says ${start.typed}, the figure shows ${start.drawn}`);
        // The reader's move: the last standing pin, or the top stone of the first heap.
        const before = await status(figure);
        if (c.kind === 'pin-row') {
          const row = start.drawn;
          await figure.locator(`.grundy-live [data-place="${row.lastIndexOf('|') + 1}"][tabindex]`).click();
          await figure.locator('button[data-action="knock"]').click();
        } else {
          const top = figure.locator('.grundy-live [role="button"][aria-label^="heap 1, stone 1 of"]');
          await top.click();
        }
        await settle(page, figure, before);
        const played = await figure.evaluate(shownPosition);
        assert(played.drawn !== start.drawn, `the move left the figure at ${played.drawn}, as it started`);
        assert(played.typed === played.drawn, `after the moves the box says ${played.typed}, the figure shows ${played.drawn}`);
        await figure.locator('button[data-history="back"]').click();
        const back = await figure.evaluate(shownPosition);
        assert(back.typed === back.drawn, `a step back shows ${back.drawn}, the box says ${back.typed}`);
        // Start over from the editor: back to the game and the essay's position.
        await figure.locator('button[data-edit="toggle"]').click();
        await figure.locator('button[data-action="restart"]').click();
        const over = await figure.evaluate(shownPosition);
        assert(await figure.locator('.grundy-live').isVisible(), 'Start over left the editor shown');
        assert(over.drawn === start.drawn && over.typed === start.typed, `Start over shows ${over.drawn}, the box ${over.typed}; the start was ${start.drawn}`);
        return `${start.drawn} → ${played.drawn}, box followed; back to ${start.drawn}`;
      });
      await page.close();
    } finally {
      await s.close();
    }
  }
  if (!ran) missing(report, site, 'position box follows the game', 'no playable and editable pin row or heaps');
}

export async function checkReader(browser, base, pages, report, site) {
  // The print page shows its figures as drawn, and no margin: print.mjs checks it.
  const essays = pages.filter((p) => p.kind !== '404' && p.path !== PRINT_PATH);
  await checkMarginNotes(browser, base, essays, report, site);
  await checkQuietMarks(browser, base, essays, report, site);
  await checkPhoneControls(browser, base, essays, report, site);
  await checkBoxFollowsGame(browser, base, essays, report, site);
}

export { checkMarginCatchesMisplaced };
