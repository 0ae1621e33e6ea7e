import { chromium } from 'playwright-core';
import { serve } from './server.mjs';
const server = await serve('public');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
for (const p of ['sprague-grundy/','periodicity/','coin-turning/','green-hackenbush/']) {
  await page.goto(server.url + p); await page.waitForTimeout(400);
  console.log(p, await page.evaluate(() => { const W = document.documentElement.clientWidth; const out = []; for (const el of document.querySelectorAll('a, math')) { const r = el.getBoundingClientRect(); if (r.right > W + 1) out.push(el.outerHTML.slice(0, 200) + ' | parent ' + el.parentElement.tagName + '.' + el.parentElement.className + ' ' + Math.round(r.left) + '-' + Math.round(r.right)); } return out; }));
}
await browser.close(); await server.close();
