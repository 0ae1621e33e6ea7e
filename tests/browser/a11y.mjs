// Accessibility: axe-core's WCAG 2.0 and 2.1 A and AA rules, run in the page
// on every page of a site, light and dark, at a desktop's width and a phone's.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { assert } from './report.mjs';
import { session, open, whenPlayable, PHONE } from './pages.mjs';

const require = createRequire(import.meta.url);

/** axe-core's script, injected into each page as it is. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules run: those axe tags as WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const WIDTHS = [{ width: 1280, height: 900 }, PHONE];
const SCHEMES = ['light', 'dark'];

/** Runs axe in `page`; returns one entry per failing element: rule, selector, help. */
export async function axeViolations(page) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  }, WCAG_TAGS);
  const out = [];
  for (const v of violations) {
    for (const n of v.nodes) out.push({ id: v.id, impact: v.impact, help: v.help, target: n.target, summary: n.summary });
  }
  return out;
}

/** One line per violation, for a check's failure. */
export function describe(found) {
  return found.map((v) => `${v.id} at ${v.target}: ${v.help}${v.summary ? ` (${v.summary.replace(/\s+/g, ' ').trim()})` : ''}`).join('\n');
}

/** Shows each playable figure's reasoning and asks it for the winning move. */
async function useFigures(page) {
  const figures = page.locator('figure[data-grundy-play]');
  const n = await figures.count();
  for (let i = 0; i < n; i++) {
    const f = figures.nth(i);
    const reasoning = f.locator('button[data-action="reasoning"]');
    if ((await reasoning.count()) && (await reasoning.getAttribute('aria-pressed')) !== 'true') await reasoning.click();
    const hint = f.locator('button[data-action="hint"]');
    if (await hint.count()) await hint.click();
  }
}

/**
 * Every page has no violation of the WCAG 2.1 A and AA rules axe checks, at
 * 1280 and 390 px, in the light scheme and the dark (`prefers-color-scheme`
 * emulated), with its playable figures alive.
 */
export async function checkA11y(browser, base, pages, report, site) {
  for (const p of pages) {
    for (const viewport of WIDTHS) {
      // One load per width; the scheme is switched in the loaded page.
      const s = await session(browser, base, { viewport, colorScheme: SCHEMES[0] });
      try {
        let page = null;
        for (const colorScheme of SCHEMES) {
          await report.check(`${site}: ${p.path} has no WCAG 2.1 AA violation (axe) at ${viewport.width} px, ${colorScheme}`, async () => {
            if (!page) {
              ({ page } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 }));
              await whenPlayable(page).catch(() => {});
            }
            await page.emulateMedia({ colorScheme });
            const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
            assert(dark === (colorScheme === 'dark'), `the page does not see the ${colorScheme} scheme`);
            const found = await axeViolations(page);
            assert(found.length === 0, `${found.length} violation${found.length === 1 ? '' : 's'}:\n${describe(found)}`);
          });
        }
        // And the playable figures in use: the reasoning shown, the winning move asked for.
        // (A page without the figures' script, the print page, has no game to play.)
        if (page && (await page.locator('figure[data-grundy-play]').count()) && (await page.locator('script[src$="play.js"]').count())) {
          for (const colorScheme of SCHEMES) {
            await report.check(`${site}: ${p.path} has no WCAG 2.1 AA violation (axe) with its games' reasoning and hints shown at ${viewport.width} px, ${colorScheme}`, async () => {
              await page.emulateMedia({ colorScheme });
              if (colorScheme === SCHEMES[0]) await useFigures(page);
              const found = await axeViolations(page);
              assert(found.length === 0, `${found.length} violation${found.length === 1 ? '' : 's'}:\n${describe(found)}`);
            });
          }
        }
      } finally {
        await s.close();
      }
    }
  }
}

/**
 * The check catches what it is for: a page with an image without a text
 * alternative, grey text too pale to read, a button with no name and a
 * figure drawing with no name must report each of these rules.
 */
export async function checkA11yCatchesViolations(browser, report) {
  await report.check('accessibility check: catches a missing alt, low contrast, a nameless button and a nameless figure drawing', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
        <h1>A broken page</h1>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
        <p style="color: #bbb; background: #fff">Pale text on white.</p>
        <button type="button"></button>
        <svg role="img" viewBox="0 0 10 10" width="40" height="40"><circle cx="5" cy="5" r="4"/></svg>
        </main></body></html>`);
      const found = await axeViolations(page);
      const rules = new Set(found.map((v) => v.id));
      const expected = ['image-alt', 'color-contrast', 'button-name', 'svg-img-alt'];
      const missed = expected.filter((r) => !rules.has(r));
      assert(missed.length === 0, `missed ${missed.join(', ')}; found:\n${describe(found)}`);
      assert(found.every((v) => v.target && v.help), `a violation without its selector or help: ${JSON.stringify(found)}`);
      // And the same page mended passes.
      await page.setContent(`<!doctype html><html lang="en"><head><title>Mended</title></head><body><main>
        <h1>A mended page</h1>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10" alt="A dot">
        <p style="color: #555; background: #fff">Dark text on white.</p>
        <button type="button">Go</button>
        <svg role="img" aria-label="A circle" viewBox="0 0 10 10" width="40" height="40"><circle cx="5" cy="5" r="4"/></svg>
        </main></body></html>`);
      const left = await axeViolations(page);
      assert(left.length === 0, `the mended page still has:\n${describe(left)}`);
      return `caught ${expected.join(', ')}`;
    } finally {
      await page.close();
    }
  });
}
