// The site search and the highlighted code blocks, used as a reader would:
// a word found in one essay's text is typed into the index page's box from
// the keyboard and leads to that essay; highlighted code shows coloured
// spans in the light theme and in the dark one; nothing leaves the site.

import { assert } from './report.mjs';
import { open, session } from './pages.mjs';

/**
 * A word only one essay of the index has, and that essay: the longest such
 * word of its prose, so the result is certain and not found by accident.
 */
function uniqueWord(index) {
  const owners = new Map();
  index.forEach((doc, i) => {
    for (const w of new Set(doc.text.split(' '))) owners.set(w, owners.has(w) ? -1 : i);
  });
  let best = null;
  for (const [word, i] of owners) {
    if (i >= 0 && /^\p{L}+$/u.test(word) && (!best || word.length > best.word.length)) best = { word, doc: index[i] };
  }
  return best;
}

/**
 * Search from the keyboard: Tab to the box, type a word only one essay has,
 * ArrowDown to the first result, Enter: the essay opens. `prefix` is where
 * the site is served (`/` or a sub-path, to show the index is found relative
 * to the page).
 */
export async function checkSearch(browser, base, report, site, prefix = '/') {
  await report.check(`${site}: the search box under ${prefix} finds an essay by a word of its text, from the keyboard`, async () => {
    const indexUrl = new URL(`${prefix}search-index.json`, base);
    const res = await fetch(indexUrl);
    assert(res.ok, `HTTP ${res.status} for ${indexUrl}`);
    const index = await res.json();
    const target = uniqueWord(index);
    assert(target, 'no word belongs to one essay only');
    const s = await session(browser, base);
    try {
      const { page, problems } = await open(s, base, prefix);
      const box = page.locator('#site-search-input');
      await box.waitFor({ state: 'visible' });
      let tabs = 0;
      while (!(await box.evaluate((el) => el === document.activeElement))) {
        assert(++tabs <= 20, 'Tab never reached the search box');
        await page.keyboard.press('Tab');
      }
      await page.keyboard.type(target.word.slice(0, Math.max(4, target.word.length - 1)), { delay: 20 });
      const first = page.locator('#site-search-results a').first();
      await first.waitFor({ state: 'visible' });
      const titles = await page.locator('#site-search-results a').allTextContents();
      assert(titles.includes(target.doc.title), `"${target.word}": results ${JSON.stringify(titles)}, expected "${target.doc.title}"`);
      const status = await page.locator('#site-search-status').textContent();
      await page.keyboard.press('ArrowDown');
      const focused = await page.evaluate(() => document.activeElement && document.activeElement.textContent);
      assert(focused === titles[0], `ArrowDown focused ${JSON.stringify(focused)}, not the first result`);
      const wanted = titles.indexOf(target.doc.title);
      for (let i = 0; i < wanted; i++) await page.keyboard.press('ArrowDown');
      await Promise.all([page.waitForURL(new URL(`${prefix}${target.doc.url}`, base).href), page.keyboard.press('Enter')]);
      assert(problems.length === 0, problems.join('\n'));
      assert(s.offsite.length === 0, `requests leaving the site: ${s.offsite.join(', ')}`);
      return `"${target.word}" → ${target.doc.title} (${status}; ${index.length} essays, index ${JSON.stringify(index).length} bytes)`;
    } finally {
      await s.close();
    }
  });
}

/** Without JavaScript the search box is not shown at all (no dead box). */
export async function checkSearchWithoutScript(browser, base, report, site) {
  await report.check(`${site}: without JavaScript the search box is hidden`, async () => {
    const s = await session(browser, base, { javaScriptEnabled: false });
    try {
      const { page } = await open(s, base, '/');
      assert((await page.locator('form.site-search').count()) === 1, 'no search form in the index page');
      assert(!(await page.locator('form.site-search').isVisible()), 'the search form shows without JavaScript');
    } finally {
      await s.close();
    }
  });
}

/** The colours of a highlighted block's spans, and of its plain text. */
function blockColours() {
  const block = document.querySelector('pre.hl');
  if (!block) return null;
  const plain = getComputedStyle(block.querySelector('code')).color;
  const spans = [...block.querySelectorAll('span[class*="hl-"]')]
    .filter((s) => s.textContent.trim() !== '')
    .map((s) => getComputedStyle(s).color);
  return { plain, coloured: [...new Set(spans.filter((c) => c !== plain))] };
}

/** What is wrong with a highlighted block's colours, or null. */
function colourProblems(colours) {
  if (!colours) return 'no highlighted block (pre.hl)';
  if (colours.coloured.length < 3) return `only ${colours.coloured.length} colours besides the text's`;
  return null;
}

/** The colour check fails on a block with highlighting classes but no style sheet. */
export async function checkHighlightCatchesPlainCode(browser, report) {
  await report.check('highlight check: catches a block whose classes have no colours', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent('<!doctype html><pre class="hl"><code><span class="hl-keyword">fn</span> <span class="hl-string">"s"</span> <span class="hl-comment">// c</span></code></pre>');
      const wrong = colourProblems(await page.evaluate(blockColours));
      assert(wrong === "only 0 colours besides the text's", `expected the plain block caught, got ${wrong}`);
      await page.setContent('<!doctype html><pre><code>plain</code></pre>');
      const none = colourProblems(await page.evaluate(blockColours));
      assert(none === 'no highlighted block (pre.hl)', `expected the missing block caught, got ${none}`);
    } finally {
      await page.close();
    }
  });
}

/**
 * A highlighted code block (on `path`) has spans coloured unlike its plain
 * text, in the light theme and the dark one, and the colours differ between them.
 */
export async function checkHighlight(browser, base, report, site, path) {
  await report.check(`${site}: ${path} has highlighted code in both colour schemes`, async () => {
    const seen = {};
    for (const colorScheme of ['light', 'dark']) {
      const s = await session(browser, base, { colorScheme });
      try {
        const { page, problems } = await open(s, base, path);
        const colours = await page.evaluate(blockColours);
        const wrong = colourProblems(colours);
        assert(!wrong, `${colorScheme} on ${path}: ${wrong}`);
        assert(problems.length === 0, problems.join('\n'));
        assert(s.offsite.length === 0, `requests leaving the site: ${s.offsite.join(', ')}`);
        seen[colorScheme] = colours;
      } finally {
        await s.close();
      }
    }
    const shared = seen.light.coloured.filter((c) => seen.dark.coloured.includes(c));
    assert(shared.length === 0, `colours the same in both themes: ${shared.join(', ')}`);
    return `light ${seen.light.coloured.length} colours, dark ${seen.dark.coloured.length}`;
  });
}
