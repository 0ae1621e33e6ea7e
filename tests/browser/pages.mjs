// Pages: finding them, opening them with every error and request watched,
// and the checks every page must pass, with JavaScript and without.

import { assert } from './report.mjs';

/** The path the tests ask for to get the site's not-found page. */
export const MISSING_PATH = '/no-such-page/';

/**
 * A browser context whose every request is recorded; a request for anything
 * but the test server is recorded as off-site and aborted, so nothing leaves
 * the machine. With `wasm: false` its pages have no WebAssembly.
 */
export async function session(browser, base, options = {}) {
  const { wasm, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  // The engine's module (static/js/engine.js) arrives after the page has
  // loaded, and the figures of its games come alive only then; a check of
  // the page without it asks for `wasm: false` (nowasm.mjs).
  if (wasm === false) await context.addInitScript(() => { delete globalThis.WebAssembly; });
  context.setDefaultTimeout(10_000);
  const origin = new URL(base).origin;
  const requests = [];
  const offsite = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    if (isLocal(url, origin)) return route.continue();
    offsite.push(url);
    return route.abort('blockedbyclient');
  });
  return { context, requests, offsite, close: () => context.close() };
}

function isLocal(url, origin) {
  const u = new URL(url);
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  return u.origin === origin;
}

/**
 * Opens `path` in a new page of `s`, watching for console errors, uncaught
 * exceptions, failed requests and error responses. Returns the page, the
 * main response and the list of problems (which keeps growing while the page lives).
 */
/**
 * Opens every block an author folded away in the essay (an exercise's
 * answer, the record of how a figure was checked), as a reader opens them,
 * so what is inside can be read, pointed at and tabbed to.
 */
export function openFolds(page) {
  return page.evaluate(() => document.querySelectorAll('article details:not([open])').forEach((d) => { d.open = true; }));
}

export async function open(s, base, path, { expectStatus = 200 } = {}) {
  const page = await s.context.newPage();
  const problems = [];
  const url = new URL(path, base).href;
  const offsite = (u) => !!u && !isLocal(u, new URL(base).origin);
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = m.location().url;
    if (offsite(where)) return; // reported as a request leaving the site
    // Chromium reports the not-found page's own 404 status as a console error.
    if (expectStatus === 404 && where === url && /status of 404/.test(m.text())) return;
    problems.push(`console error: ${m.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught exception: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (offsite(r.url())) return; // reported as a request leaving the site
    problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.url() === url) return;
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await settled(page);
  return { page, response, problems };
}

/**
 * Waits until the figures of the engine's games have settled: the engine in
 * the page (which arrives after the load event) has answered or is known to
 * be absent, and every playable figure shows its live board or the note that
 * it needs WebAssembly, so that a check sees no figure change under it. At
 * once on a page whose figures' scripts do not run (no JavaScript, the
 * print page).
 */
async function settled(page) {
  await page.waitForFunction(() => {
    if (!window.GrundyPlay && !window.GrundyExplore) return true;
    const asks = document.querySelector('figure[data-grundy-play], figure[data-grundy-explore*="edit"]');
    if (!asks) return true;
    if (!document.documentElement.dataset.grundyEngine) return false;
    return [...document.querySelectorAll('figure[data-grundy-play]')].every((f) => f.querySelector('.grundy-live svg, .grundy-needs-wasm'));
  }, null, { timeout: 15_000 }).catch(() => {});
}

/** Waits until every playable figure on the page has its live drawing (none come alive on a page without the figures' script). */
export async function whenPlayable(page, timeout = 10_000) {
  await page.waitForFunction(
    () => !document.querySelector('script[src$="play.js"]') || [...document.querySelectorAll('figure[data-grundy-play]')].every((f) => f.querySelector('.grundy-live svg')),
    null,
    { timeout },
  );
}

function hrefs(html) {
  const out = [];
  for (const m of html.matchAll(/\shref\s*=\s*"([^"]*)"/g)) out.push(m[1].replace(/&amp;/g, '&'));
  return out;
}

/**
 * Every page of the site: the index, the pages reachable from it by links,
 * the pages in sitemap.xml, and the not-found page. Links between pages and
 * to the site's other files (feed, images) must resolve.
 */
export async function sitePages(browser, base, report, site) {
  const origin = new URL(base).origin;
  const seen = new Set(['/']);
  const queue = ['/'];
  const broken = [];
  const others = new Map();
  try {
    const sitemap = await fetch(new URL('sitemap.xml', base));
    if (sitemap.ok) {
      for (const m of (await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)) {
        const p = new URL(m[1]).pathname;
        if (!seen.has(p)) {
          seen.add(p);
          queue.push(p);
        }
      }
    }
  } catch {
    // no sitemap: the links are enough
  }
  const pages = [];
  while (queue.length) {
    const p = queue.shift();
    const res = await fetch(new URL(p, base));
    if (!res.ok) {
      broken.push(`${p}: HTTP ${res.status}`);
      continue;
    }
    pages.push({ path: p, kind: p === '/' ? 'index' : 'essay', name: p === '/' ? 'index' : p.replace(/^\/|\/$/g, '').replace(/\//g, '-') });
    for (const h of hrefs(await res.text())) {
      const u = new URL(h, new URL(p, base));
      if (u.origin !== origin) continue;
      const target = u.pathname;
      if (target.endsWith('/') || target.endsWith('.html')) {
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      } else if (!others.has(target)) {
        others.set(target, p);
      }
    }
  }
  for (const [target, from] of others) {
    const res = await fetch(new URL(target, base), { method: 'HEAD' });
    if (!res.ok) broken.push(`${target} (linked from ${from}): HTTP ${res.status}`);
  }
  await report.check(`${site}: every link between pages and to the site's files resolves`, async () => {
    assert(broken.length === 0, broken.join('\n'));
    return `${pages.length} pages, ${others.size} other files`;
  });
  pages.push({ path: MISSING_PATH, kind: '404', name: '404' });
  return pages;
}

/**
 * Check 1: the page loads with no console error, no uncaught exception, no
 * failed request and no request leaving the site; every figure shows its
 * drawing and every playable figure has come alive.
 */
export async function checkPage(browser, base, p, report, site) {
  await report.check(`${site}: ${p.path} loads with no errors and no off-site request`, async () => {
    const s = await session(browser, base);
    try {
      const expectStatus = p.kind === '404' ? 404 : 200;
      const { page, response, problems } = await open(s, base, p.path, { expectStatus });
      assert(response && response.status() === expectStatus, `HTTP ${response && response.status()}, expected ${expectStatus}`);
      let alive = true;
      try {
        await whenPlayable(page);
      } catch {
        alive = false;
      }
      // A page without the figures' script (the print page) shows every figure as drawn.
      const figures = await page.evaluate(() =>
        [...document.querySelectorAll('figure.grundy-figure')].map((f, i) => {
          const playable = f.hasAttribute('data-grundy-play') && !!document.querySelector('script[src$="play.js"]');
          const svg = playable ? f.querySelector('.grundy-live svg') : f.querySelector('.grundy-drawing svg');
          const r = svg && svg.getBoundingClientRect();
          const controls = f.querySelector('.grundy-controls');
          return {
            i,
            kind: f.className,
            playable,
            shown: !!r && r.width > 10 && r.height > 10 && getComputedStyle(svg).visibility !== 'hidden',
            controls: !playable || (!!controls && !controls.hidden),
          };
        }),
      );
      await page.waitForTimeout(100); // late console errors
      const issues = [...problems];
      if (!alive) issues.push('playable figures did not come alive within 10 s');
      for (const f of figures) {
        if (!f.shown) issues.push(`figure ${f.i + 1} (${f.kind}) shows no drawing`);
        if (!f.controls) issues.push(`figure ${f.i + 1} (${f.kind}) is playable but its controls are hidden`);
      }
      for (const u of s.offsite) issues.push(`request leaving the site: ${u}`);
      assert(issues.length === 0, issues.join('\n'));
      const playable = figures.filter((f) => f.playable).length;
      const hosts = [...new Set(s.requests.map((u) => new URL(u).host))].join(', ');
      return `${s.requests.length} requests (all to ${hosts}), ${figures.length} figures, ${playable} playable`;
    } finally {
      await s.close();
    }
  });
}

/** Check 4: without JavaScript every figure's SVG is in the page and visible. */
export async function checkPageWithoutScript(browser, base, p, report, site) {
  await report.check(`${site}: ${p.path} without JavaScript shows every figure`, async () => {
    const s = await session(browser, base, { javaScriptEnabled: false });
    try {
      const { page, problems } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
      const directives = await page.locator('.directive.figure').count();
      const figures = page.locator('figure.grundy-figure');
      const n = await figures.count();
      const issues = [...problems];
      if (directives > n) issues.push(`${directives} figure directives but ${n} figures`);
      for (let i = 0; i < n; i++) {
        const f = figures.nth(i);
        // A figure an author folded away (an exercise's answer) shows once
        // its block is opened, as a reader opens it: by its summary.
        const folded = page.locator('details:not([open])').filter({ has: f });
        for (let k = await folded.count(); k > 0; k = await folded.count()) await folded.first().locator(':scope > summary').click();
        const svg = f.locator('.grundy-drawing svg').first();
        if ((await svg.count()) === 0) {
          issues.push(`figure ${i + 1} has no SVG`);
          continue;
        }
        const box = await svg.boundingBox();
        if (!(await svg.isVisible()) || !box || box.width < 10 || box.height < 10) {
          issues.push(`figure ${i + 1}: its SVG is not visible (${box ? `${box.width}×${box.height}` : 'no box'})`);
        }
        if (await f.locator('.grundy-controls').isVisible()) {
          issues.push(`figure ${i + 1}: controls that need JavaScript are visible`);
        }
      }
      for (const u of s.offsite) issues.push(`request leaving the site: ${u}`);
      assert(issues.length === 0, issues.join('\n'));
      return `${n} figures`;
    } finally {
      await s.close();
    }
  });
}

/** The elements sticking out past the right edge of the window, outermost first. */
export function overflowing() {
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

/** A phone's width: pages must fit it without scrolling sideways. */
export const PHONE = { width: 390, height: 844 };

/** The narrowest phone a page must fit too (an iPhone SE's first model, a small Android). */
export const NARROW_PHONE_WIDTH = 320;

/** Every page fits a phone's width, and the narrowest: nothing sticks out past the right edge. */
export async function checkPhoneWidth(browser, base, p, report, site) {
  for (const width of [PHONE.width, NARROW_PHONE_WIDTH]) {
    await report.check(`${site}: ${p.path} fits a ${width} px wide window`, async () => {
      const s = await session(browser, base, { viewport: { ...PHONE, width } });
      try {
        const { page } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
        await whenPlayable(page).catch(() => {});
        const o = await page.evaluate(overflowing);
        assert(o.scroll <= o.width && o.out.length === 0, `the page is ${o.scroll} px wide: ${o.out.join('; ') || 'no single element found'}`);
      } finally {
        await s.close();
      }
    });
  }
}

/** The family the stylesheet sets body text in, shipped in `static/fonts/`. */
export const BODY_FONT = 'Grundy Text';

/** What the page's prose asks for, and which faces of `family` the browser loaded. */
export async function bodyFont(family) {
  await document.fonts.ready;
  const prose = document.querySelector('main p') || document.body;
  const asked = getComputedStyle(prose).fontFamily.split(',')[0].replace(/"/g, '').trim();
  const loaded = [...document.fonts]
    .filter((f) => f.family.replace(/"/g, '') === family && f.status === 'loaded')
    .map((f) => `${f.weight} ${f.style}`);
  return { asked, loaded };
}

/** Why the prose is not set in the shipped face, or null when it is. */
export function bodyFontProblem(found) {
  if (found.asked !== BODY_FONT) return `prose asks for ${found.asked}`;
  if (!found.loaded.includes('400 normal')) return `${BODY_FONT} was not loaded: ${found.loaded.join(', ') || 'no face'}`;
  return null;
}

/**
 * The page's body text is drawn in the shipped face: its prose asks for it
 * first, and the browser loaded its regular face from the site (the family
 * exists nowhere else, so no font of the machine's can stand in).
 */
export async function checkBodyFont(browser, base, p, report, site) {
  await report.check(`${site}: ${p.path} sets its prose in the shipped ${BODY_FONT}`, async () => {
    const s = await session(browser, base, { viewport: PHONE });
    try {
      const { page } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
      const problem = bodyFontProblem(await page.evaluate(bodyFont, BODY_FONT));
      assert(problem === null, problem);
    } finally {
      await s.close();
    }
  });
}

/** The font check fails on prose in another family, and on the family named with no face to load. */
export async function checkBodyFontCatchesMissingFace(browser, report) {
  await report.check(`body font check: catches prose in another face and a face that never loads`, async () => {
    const page = await browser.newPage({ viewport: PHONE });
    try {
      await page.setContent('<!doctype html><main><p style="font-family: Georgia, serif">Text.</p></main>');
      const other = bodyFontProblem(await page.evaluate(bodyFont, BODY_FONT));
      assert(other && other.includes('asks for Georgia'), `prose in Georgia passed: ${other}`);
      await page.setContent(`<!doctype html><main><p style='font-family: "${BODY_FONT}", serif'>Text.</p></main>`);
      const missing = bodyFontProblem(await page.evaluate(bodyFont, BODY_FONT));
      assert(missing && missing.includes('was not loaded'), `an unloaded face passed: ${missing}`);
    } finally {
      await page.close();
    }
  });
}

/** The smallest text a figure may show, in CSS pixels, at a desktop's width and a phone's. */
export const MIN_FIGURE_TEXT = 12;

/**
 * The smallest rendered text of every visible figure drawing (static or
 * playable): its font size times the scale the page draws the SVG at.
 */
export function figureTextSizes() {
  const out = [];
  for (const svg of document.querySelectorAll('figure svg')) {
    const box = svg.getBoundingClientRect();
    const drawn = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width;
    if (!box.width || !drawn) continue;
    const scale = box.width / drawn;
    let min = Infinity;
    let smallest = '';
    for (const t of svg.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (size < min) {
        min = size;
        smallest = t.textContent;
      }
    }
    if (min === Infinity) continue;
    const figure = svg.closest('figure');
    const name = (figure && [...figure.classList].find((c) => c.startsWith('grundy-') && c !== 'grundy-figure')) || 'figure';
    out.push({ name, size: Math.round(min * 10) / 10, text: smallest });
  }
  return out;
}

/** Figure text is legible: at a desktop's width and a phone's, no label is drawn smaller than MIN_FIGURE_TEXT. */
export async function checkFigureText(browser, base, p, report, site) {
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    await report.check(`${site}: ${p.path} figure text is at least ${MIN_FIGURE_TEXT} px at ${viewport.width} px wide`, async () => {
      const s = await session(browser, base, { viewport });
      try {
        const { page } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
        await whenPlayable(page).catch(() => {});
        const small = (await page.evaluate(figureTextSizes)).filter((f) => f.size < MIN_FIGURE_TEXT);
        assert(small.length === 0, small.map((f) => `${f.name}: "${f.text}" at ${f.size} px`).join('; '));
      } finally {
        await s.close();
      }
    });
  }
}

/**
 * The size check measures what the reader sees: a figure whose 20 px labels
 * are drawn at half size, and one with a 9 px label at full size, both fail.
 */
export async function checkFigureTextCatchesSmallText(browser, report) {
  await report.check(`figure text check: catches labels scaled down or drawn small`, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.setContent(`<!doctype html>
        <figure class="grundy-figure grundy-scaled"><svg viewBox="0 0 400 100" width="200" height="50"><text x="10" y="40" font-size="20">scaled</text></svg></figure>
        <figure class="grundy-figure grundy-tiny"><svg viewBox="0 0 200 50" width="200" height="50"><text x="10" y="20" font-size="15">fine</text><text x="10" y="40" font-size="9">tiny</text></svg></figure>`);
      const sizes = await page.evaluate(figureTextSizes);
      const small = sizes.filter((f) => f.size < MIN_FIGURE_TEXT).map((f) => `${f.name} "${f.text}" ${f.size}`);
      assert(
        JSON.stringify(small) === JSON.stringify(['grundy-scaled "scaled" 10', 'grundy-tiny "tiny" 9']),
        `expected both figures caught, got ${JSON.stringify(sizes)}`,
      );
    } finally {
      await page.close();
    }
  });
}
