// The page as a document: every page valid HTML by the W3C checker's rules
// (vnu, the Nu Html Checker, run over the built files), with an icon that
// loads, no source file or line of the author's shown to a reader (in the
// text or in the notes shown on hover), and no layout shift worth the name
// while an essay loads (its web font arriving late included), and no more
// font bytes than a page needs.
//
// Each check is first run on a page broken on purpose, and must report it.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { session, open } from './pages.mjs';
import { assert } from './report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const VNU = path.join(HERE, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

/**
 * What the W3C checker says of every HTML file under `dir`: its messages
 * (`{type, subType, url, lastLine, message}`), read from its JSON output.
 * Throws when it cannot run.
 */
export function vnu(dir) {
  if (!existsSync(VNU)) throw new Error(`no ${VNU}: run npm ci in tests/browser`);
  const run = spawnSync('java', ['-jar', VNU, '--format', 'json', '--skip-non-html', dir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`cannot run java (install a Java runtime, e.g. default-jre-headless): ${run.error.message}`);
  // vnu writes its report to stderr, and exits 1 when it has errors to report.
  const out = run.stderr.trim() || run.stdout.trim();
  let parsed;
  try {
    parsed = JSON.parse(out);
  } catch {
    throw new Error(`vnu wrote no JSON report (exit ${run.status}):\n${out.slice(0, 2000)}`);
  }
  return parsed.messages.map((m) => ({ ...m, file: m.url ? path.relative(dir, fileURLToPath(m.url)) : '' }));
}

/** The errors among vnu's messages, one line each: `file:line: message`. */
export function vnuErrors(messages) {
  return messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
    .map((m) => `${m.file}:${m.lastLine ?? '?'}: ${m.message}`);
}

/** Every page of the built site in `site.dir` is valid HTML: vnu reports no error. */
export async function checkHtml(report, site) {
  await report.check(`${site.name}: every page is valid HTML (W3C Nu checker)`, async () => {
    const messages = vnu(site.dir);
    const errors = vnuErrors(messages);
    assert(errors.length === 0, `${errors.length} errors:\n${errors.slice(0, 60).join('\n')}`);
    const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');
    return warnings.length ? `${warnings.length} warnings: ${[...new Set(warnings.map((w) => w.message))].join('; ')}` : 'no errors, no warnings';
  });
}

/** The HTML check reports content after a figure's caption and an id used twice, and passes the page mended. */
export async function checkHtmlCatchesErrors(report) {
  await report.check('HTML check: catches content after a figcaption and a duplicate id', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'grundy-vnu-'));
    try {
      const page = (figure, second) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head><body>
<figure><svg viewBox="0 0 1 1" width="10" height="10"></svg>${figure}</figure>
<p id="a">One.</p><p id="${second}">Two.</p></body></html>\n`;
      mkdirSync(path.join(dir, 'broken'));
      writeFileSync(path.join(dir, 'broken', 'index.html'), page('<figcaption>Caption.</figcaption><p class="grundy-evidence">After.</p>', 'a'));
      const errors = vnuErrors(vnu(dir));
      assert(errors.some((e) => /broken\/index\.html:\d+: Element “p” not allowed as child of element “figure”/.test(e)), `content after the caption not reported: ${errors.join('\n')}`);
      assert(errors.some((e) => /Duplicate ID “a”/.test(e)), `the duplicate id not reported: ${errors.join('\n')}`);
      writeFileSync(path.join(dir, 'broken', 'index.html'), page('<figcaption>Caption.<p class="grundy-evidence">Inside.</p></figcaption>', 'b'));
      const mended = vnuErrors(vnu(dir));
      assert(mended.length === 0, `the mended page has errors: ${mended.join('\n')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/**
 * Where a page shows an author's source: a file under `content/`, or a line
 * of one (`line 65`), in its text or its notes' (shown on hover or tap, and
 * hidden from `innerText` until then). Runs in the page.
 */
function sourceReferences() {
  const notes = [...document.querySelectorAll('.how')].map((n) => n.textContent);
  const texts = [document.body.innerText, ...notes];
  const found = [];
  for (const t of texts) {
    for (const m of t.matchAll(/content\/\S*?\.md|\.md,? line \d+|\bline \d+\b/g)) {
      const at = m.index;
      found.push(t.slice(Math.max(0, at - 40), at + m[0].length + 10).replace(/\s+/g, ' '));
    }
  }
  return found;
}

/** Every icon the page links: its address and whether it loaded (runs in the page). */
async function icons() {
  const links = [...document.querySelectorAll('link[rel~="icon"]')];
  return Promise.all(links.map(async (l) => {
    const r = await fetch(l.href).catch(() => null);
    return { href: l.getAttribute('href'), ok: !!r && r.ok, type: r ? r.headers.get('content-type') : '' };
  }));
}

function iconProblem(found) {
  if (found.length === 0) return 'links no icon (the browser asks for /favicon.ico and gets a 404)';
  const broken = found.filter((i) => !i.ok).map((i) => i.href);
  return broken.length ? `its icon does not load: ${broken.join(', ')}` : null;
}

/**
 * A reader's page names no source file or line of the author's, in its text
 * or its notes, and links an icon that loads.
 */
export async function checkReaderPage(browser, base, pages, report, site) {
  for (const p of pages) {
    await report.check(`${site}: ${p.path} shows no source file or line, and has its icon`, async () => {
      const s = await session(browser, base);
      try {
        const { page } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
        const problems = [];
        const refs = await page.evaluate(sourceReferences);
        if (refs.length) problems.push(`shows where its source is: ${refs.slice(0, 8).map((r) => JSON.stringify(r)).join(', ')}`);
        const icon = iconProblem(await page.evaluate(icons));
        if (icon) problems.push(icon);
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await s.close();
      }
    });
  }
}

/** The reader's page check reports a note naming its source and a page with no icon, and passes them mended. */
export async function checkReaderPageCatches(browser, report) {
  await report.check('reader page check: catches a note naming its file and line, and a page without an icon', async () => {
    const page = await browser.newPage();
    try {
      const body = (note) => `<main><p>Worth <span class="fact" tabindex="0">3<span class="how" aria-hidden="true" style="display:none"><span class="how-src">${note}</span></span></span>.</p></main>`;
      await page.setContent(`<!doctype html><html><head></head><body>${body('figure heaps <code>h</code>, content/nim.md line 65')}</body></html>`);
      const refs = await page.evaluate(sourceReferences);
      assert(refs.some((r) => r.includes('content/nim.md')) && refs.some((r) => r.includes('line 65')), `a note naming its source passed: ${JSON.stringify(refs)}`);
      const none = iconProblem(await page.evaluate(icons));
      assert(none && none.includes('no icon'), `a page without an icon passed: ${none}`);
      await page.setContent(`<!doctype html><html><head><link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"></head><body>${body('<a href="../claims/#nim.h">figure heaps <code>h</code></a>')}</body></html>`);
      const mended = await page.evaluate(sourceReferences);
      assert(mended.length === 0, `the mended note was caught: ${JSON.stringify(mended)}`);
      const icon = iconProblem(await page.evaluate(icons));
      assert(icon === null, `the mended page's icon: ${icon}`);
    } finally {
      await page.close();
    }
  });
}

/** Lighthouse's line between a good Cumulative Layout Shift and one that needs improvement. */
export const MAX_LAYOUT_SHIFT = 0.1;

/**
 * A slow connection (about a mobile's): the page's text paints before its
 * web font arrives, so a font whose fallback is sized unlike it would move
 * the text when it swaps in.
 */
const SLOW = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Sums every layout shift not caused by the reader's input, from the start of the page (run before it loads). */
function watchLayoutShift() {
  window.__layoutShift = { total: 0, shifts: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__layoutShift.total += e.value;
      const sources = (e.sources || []).map((s) => (s.node && s.node.nodeName ? `${s.node.nodeName.toLowerCase()}${s.node.className && typeof s.node.className === 'string' ? `.${s.node.className.split(' ')[0]}` : ''}` : '?'));
      window.__layoutShift.shifts.push(`${e.value.toFixed(3)} at ${Math.round(e.startTime)} ms (${sources.join(', ')})`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Loads `path` on a phone over a slow connection with the cache disabled and
 * returns the layout shift while it loads: the sum of every shift (its
 * Cumulative Layout Shift, as one session window of a short load) and each.
 */
export async function layoutShift(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  try {
    await context.addInitScript(watchLayoutShift);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Two frames after the fonts: a shift they cause has been recorded.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return await page.evaluate(() => window.__layoutShift);
  } finally {
    await context.close();
  }
}

/** Each page (the index, every essay and the site's other pages) loads with a Cumulative Layout Shift below Lighthouse's good threshold. */
export async function checkLayoutShift(browser, base, pages, report, site) {
  for (const p of pages.filter((e) => e.kind !== '404')) {
    await report.check(`${site}: ${p.path} loads on a slow phone with a layout shift below ${MAX_LAYOUT_SHIFT}`, async () => {
      const cls = await layoutShift(browser, new URL(p.path, base).href);
      assert(cls.total < MAX_LAYOUT_SHIFT, `layout shift ${cls.total.toFixed(3)}:\n${cls.shifts.join('\n')}`);
      return `CLS ${cls.total.toFixed(4)}`;
    });
  }
}

/** The layout-shift check reports a page whose text is pushed down after it first paints. */
export async function checkLayoutShiftCatches(browser, report) {
  await report.check('layout shift check: catches text pushed down by a late block', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'grundy-cls-'));
    const { serve } = await import('./server.mjs');
    const html = (late) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head><body>
<main id="m">${'<p>Prose that a late block pushes down the page.</p>'.repeat(30)}</main>
<script>requestAnimationFrame(() => requestAnimationFrame(() => { ${late} }));</script></body></html>\n`;
    writeFileSync(path.join(dir, 'index.html'), html(`const d = document.createElement('div'); d.style.height = '400px'; document.getElementById('m').prepend(d);`));
    mkdirSync(path.join(dir, 'still'));
    writeFileSync(path.join(dir, 'still', 'index.html'), html(`document.title = 'U';`));
    const server = await serve(dir);
    try {
      const moved = await layoutShift(browser, server.url);
      assert(moved.total >= MAX_LAYOUT_SHIFT, `a page pushed down passed: ${moved.total}`);
      const still = await layoutShift(browser, `${server.url}still/`);
      assert(still.total < MAX_LAYOUT_SHIFT, `a page that does not move failed: ${still.total}`);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/**
 * What a page may spend on fonts, in bytes as sent: the text face's four
 * styles (96 KB) and the math faces its formulas use (static/css/site.css
 * splits the math font by Unicode range: the core, 74 KB, and alphabets of
 * 5 to 45 KB). The whole math font alone was 391 KB; a page that pulled it
 * painted seconds later on a slow phone.
 */
export const FONT_BUDGET = 288 * 1024;

/** The fonts `url` downloads once its text and formulas are drawn: each file's name and bytes. */
export async function fontsLoaded(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => /\.(woff2?|ttf|otf)$/.test(new URL(e.name).pathname))
      .map((e) => ({ file: new URL(e.name).pathname.split('/').pop(), bytes: e.encodedBodySize })));
  } finally {
    await context.close();
  }
}

/** Each page downloads fonts within FONT_BUDGET. */
export async function checkFontWeight(browser, base, pages, report, site) {
  for (const p of pages.filter((e) => e.kind !== '404')) {
    await report.check(`${site}: ${p.path} downloads at most ${FONT_BUDGET / 1024} KiB of fonts`, async () => {
      const fonts = await fontsLoaded(browser, new URL(p.path, base).href);
      const total = fonts.reduce((n, f) => n + f.bytes, 0);
      const list = fonts.map((f) => `${f.file} ${f.bytes}`).join(', ');
      assert(total <= FONT_BUDGET, `${total} bytes of fonts: ${list}`);
      return `${total} bytes: ${list}`;
    });
  }
}

/** The font check reports a page whose formula needs a face outside the usual ones (a fraktur letter). */
export async function checkFontWeightCatches(browser, report, publicDir) {
  await report.check('font weight check: catches a formula that pulls in the rarely used math faces', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'grundy-fonts-'));
    const { serve } = await import('./server.mjs');
    cpSync(path.join(publicDir, 'css'), path.join(dir, 'css'), { recursive: true });
    cpSync(path.join(publicDir, 'fonts'), path.join(dir, 'fonts'), { recursive: true });
    const html = (formula) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title>
<link rel="stylesheet" href="css/site.css"></head><body><main><p>Text and <math>${formula}</math>.</p></main></body></html>\n`;
    writeFileSync(path.join(dir, 'index.html'), html('<mi>\u{1D509}</mi><mo>+</mo><mi>\u{1D51B}</mi>'));
    mkdirSync(path.join(dir, 'plain'));
    writeFileSync(path.join(dir, 'plain', 'index.html'), html('<mi>x</mi><mo>\u2295</mo><mn>1</mn>').replace('css/', '../css/'));
    const server = await serve(dir);
    try {
      const heavy = await fontsLoaded(browser, server.url);
      const sum = (fonts) => fonts.reduce((n, f) => n + f.bytes, 0);
      assert(sum(heavy) > FONT_BUDGET, `a page pulling the rare faces passed: ${JSON.stringify(heavy)}`);
      const plain = await fontsLoaded(browser, `${server.url}plain/`);
      assert(plain.length > 0 && sum(plain) <= FONT_BUDGET, `a page with a plain formula failed: ${JSON.stringify(plain)}`);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
