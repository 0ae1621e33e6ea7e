// Screenshots of every page at desktop and phone widths, light and dark, for
// a person to look at; pages wider than the window are reported as they are taken.

import path from 'node:path';
import { session, open, whenPlayable } from './pages.mjs';

export const WIDTHS = [1280, 390];
export const SCHEMES = ['light', 'dark'];

/** The elements sticking out past the right edge of the window, outermost first. */
function overflowing() {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 1) continue;
    // Skip elements inside something that already sticks out or that scrolls.
    let p = el.parentElement;
    let inside = false;
    while (p && p !== document.body) {
      const s = getComputedStyle(p);
      if (/(auto|scroll|hidden)/.test(s.overflowX) || p.getBoundingClientRect().right > width + 1) {
        inside = true;
        break;
      }
      p = p.parentElement;
    }
    if (inside) continue;
    const name = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + (el.classList.length ? `.${[...el.classList].join('.')}` : '');
    out.push(`${name} reaches ${Math.round(r.right)} px`);
  }
  return { scroll: document.documentElement.scrollWidth, width, out };
}

export async function screenshots(browser, base, pages, dir, report) {
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
          const o = await page.evaluate(overflowing);
          if (o.scroll > o.width || o.out.length) {
            report.note(`${p.path} at ${width} px (${scheme}): page ${o.scroll} px wide in a ${o.width} px window; ${o.out.join('; ') || 'no single element found'}`);
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
