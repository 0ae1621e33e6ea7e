// Screenshots of every page at desktop and phone widths, light and dark, for
// a person to look at (whole pages, the same cut into tiles, and each playable
// figure in use); pages wider than the window are reported as they are taken.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { session, open, whenPlayable, overflowing } from './pages.mjs';

export const WIDTHS = [1280, 390];
export const SCHEMES = ['light', 'dark'];
const TILE = 1200;

export async function screenshots(browser, base, pages, dir, report) {
  mkdirSync(path.join(dir, 'tiles'), { recursive: true });
  let count = 0;
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      const s = await session(browser, base, { viewport: { width, height: 900 }, colorScheme: scheme, deviceScaleFactor: 1 });
      try {
        for (const p of pages) {
          const { page, problems } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
          await whenPlayable(page).catch(() => {});
          const file = path.join(dir, `${p.name}-${width}-${scheme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          count++;
          // The same page in pieces of at most TILE pixels, easier to look at than one tall image.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, n = 1; y < height; y += TILE, n++) {
            const clip = { x: 0, y, width, height: Math.min(TILE, height - y) };
            await page.screenshot({ path: path.join(dir, 'tiles', `${p.name}-${width}-${scheme}-${String(n).padStart(2, '0')}.png`), fullPage: true, clip });
          }
          const o = await page.evaluate(overflowing);
          if (o.scroll > o.width || o.out.length) {
            report.note(`${p.path} at ${width} px (${scheme}): page ${o.scroll} px wide in a ${o.width} px window; ${o.out.join('; ') || 'no single element found'}`);
          }
          // Each playable figure in use: reasoning shown, hint asked for, a coin or stone focused.
          const playable = page.locator('figure[data-grundy-play]');
          for (let i = 0; i < (await playable.count()); i++) {
            const f = playable.nth(i);
            for (const action of ['reasoning', 'hint']) {
              const b = f.locator(`button[data-action="${action}"]`);
              if (await b.count()) await b.click();
            }
            await f.locator('.grundy-live [tabindex]').first().focus();
            await page.keyboard.press('ArrowRight');
            await f.screenshot({ path: path.join(dir, `${p.name}-figure${i + 1}-${width}-${scheme}.png`) });
            count++;
          }
          for (const problem of problems) report.note(`${p.path}: ${problem}`);
          await page.close();
        }
      } finally {
        await s.close();
      }
    }
  }
  report.pass(`screenshots`, `${count} files in ${dir}`);
}
