import { chromium } from 'playwright-core';
import { serve } from './server.mjs';
import { overflowing } from './pages.mjs';
const server = await serve('public');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
for (const p of ['', 'claims/', 'sprague-grundy/','nim-sum/','misere/','periodicity/','greedy-nim/','wythoff/','mogul-golay/','coin-turning/','green-hackenbush/','sums-of-games/','turning-turtles/','nim-rules/']) {
  await page.goto(server.url + p); await page.waitForTimeout(400);
  const o = await page.evaluate(overflowing);
  const wide = await page.evaluate(() => { const W = document.documentElement.clientWidth; const out = []; for (const el of document.querySelectorAll('body *')) { const r = el.getBoundingClientRect(); if (r.right > W + 1 && el.getClientRects().length) { let a = el.parentElement, clipped = false; while (a) { const s = getComputedStyle(a); if (/(auto|scroll|hidden|clip)/.test(s.overflowX)) { clipped = true; break; } a = a.parentElement; } if (!clipped) out.push(`${el.tagName.toLowerCase()}.${el.className && el.className.baseVal === undefined ? el.className : ''} ${Math.round(r.right)}`); } } return out.slice(0, 6); });
  console.log(p || '/', o.scroll, o.width, JSON.stringify(wide));
}
await browser.close(); await server.close();
