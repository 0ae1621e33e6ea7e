// Paper, as a teacher printing a handout would: the page of every essay
// printed to PDF by Chromium, one sheet at least for each essay and no more
// than a handout should take, with no button, box or search field drawn and no figure's script loaded;
// an essay page with a playable figure printed without its controls.

import { assert } from './report.mjs';
import { open, session } from './pages.mjs';

/** The site's page of every essay. */
export const PRINT_PATH = '/print/';

/** The most printed A4 sheets one essay may take: past it, something is drawn far too large. */
export const MAX_SHEETS_PER_ESSAY = 24;

/** The controls a printed page must not show, those drawn: selectors, each with the text of a shown one. */
export function shownControls() {
  const shown = [];
  for (const el of document.querySelectorAll('button, input, select, textarea, .grundy-controls, .site-search')) {
    if (el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') {
      shown.push(`${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} "${(el.textContent || el.value || '').trim().slice(0, 30)}"`);
    }
  }
  return shown;
}

/** The number of pages of a PDF: its page objects, `/Type /Page` but not `/Pages`. */
export function pdfPages(bytes) {
  return (bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) || []).length;
}

/** A page's controls under the print stylesheet. */
async function printedControls(page) {
  await page.emulateMedia({ media: 'print' });
  return page.evaluate(shownControls);
}

/** The print page: every essay on it, as many sheets as essays at least, no control, no script. */
export async function checkPrint(browser, base, pages, report, site) {
  // The essays are those the index lists.
  const index = await (await fetch(new URL('/', base))).text();
  const listed = [...index.matchAll(/class="essay-link" href="([^"]*)"/g)].map((m) => new URL(m[1], base).pathname);
  const essays = pages.filter((p) => listed.includes(p.path));
  await report.check(`${site}: ${PRINT_PATH} holds every essay and prints each from a new sheet, without controls`, async () => {
    const s = await session(browser, base, { viewport: { width: 1280, height: 900 } });
    try {
      const { page } = await open(s, base, PRINT_PATH);
      const onPage = await page.evaluate(() => [...document.querySelectorAll('article.print-essay')].map((a) => a.id));
      assert(essays.length === listed.length && essays.length > 0, `the index lists ${listed.length} essays, ${essays.length} of them served`);
      const missing = essays.map((p) => p.path.replace(/\//g, '')).filter((slug) => !onPage.includes(slug));
      assert(missing.length === 0, `not on the print page: ${missing.join(', ')}`);
      // Only the script that makes a box scrolling sideways reachable by keyboard: no figure comes alive.
      const scripts = await page.evaluate(() => [...document.scripts].map((x) => x.src.split('/').pop()));
      assert(scripts.every((name) => name === 'scroll.js'), `the print page loads ${scripts.join(', ')}`);
      const ids = await page.evaluate(() => {
        const all = [...document.querySelectorAll('[id]')].map((e) => e.id);
        return all.filter((id, i) => all.indexOf(id) !== i);
      });
      assert(ids.length === 0, `ids used twice: ${[...new Set(ids)].slice(0, 5).join(', ')}`);
      const shown = await printedControls(page);
      assert(shown.length === 0, `printed with controls: ${shown.slice(0, 5).join('; ')}`);
      const pdf = await page.pdf({ format: 'A4', printBackground: false });
      const sheets = pdfPages(pdf);
      const most = MAX_SHEETS_PER_ESSAY * onPage.length + 1;
      assert(sheets > onPage.length && sheets <= most, `${sheets} sheets for ${onPage.length} essays (expected ${onPage.length + 1} to ${most})`);
      report.note(`${site}: ${PRINT_PATH} prints on ${sheets} A4 sheets for ${onPage.length} essays (${pdf.length} bytes of PDF)`);
    } finally {
      await s.close();
    }
  });
  const playable = [];
  for (const p of essays) {
    if (playable.length) break;
    const res = await fetch(new URL(p.path, base));
    if ((await res.text()).includes('data-grundy-play')) playable.push(p);
  }
  for (const p of playable) {
    await report.check(`${site}: ${p.path} prints without its figures' controls`, async () => {
      const s = await session(browser, base, { viewport: { width: 1280, height: 900 } });
      try {
        const { page } = await open(s, base, p.path);
        const onScreen = await page.evaluate(shownControls);
        assert(onScreen.length > 0, 'no control on screen to leave out: the check would pass on anything');
        const shown = await printedControls(page);
        assert(shown.length === 0, `printed with controls: ${shown.slice(0, 5).join('; ')}`);
      } finally {
        await s.close();
      }
    });
  }
}

/** The checks fail on a page printed with a button showing, and count a PDF's pages, not its page tree. */
export async function checkPrintCatchesControls(browser, report) {
  await report.check(`print check: catches a control left on paper and counts sheets`, async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    try {
      await page.setContent('<!doctype html><main><p>Text.</p><button>Restart</button><p style="break-before: page">Two.</p></main>');
      const shown = await printedControls(page);
      assert(shown.length === 1 && shown[0].includes('Restart'), `a printed button was not found: ${shown.join('; ')}`);
      const sheets = pdfPages(await page.pdf({ format: 'A4' }));
      assert(sheets === 2, `a two-sheet page counted as ${sheets}`);
    } finally {
      await page.close();
    }
  });
}
