// Cross-references: every `[@label]` of every essay links to the element it
// names, which shows the same number ("Figure 3", "Theorem 2", "(1)"), on
// its page or another essay's; its preview is hidden until the link is
// hovered or focused, then shown inside the window.

import { session, open, openFolds, PHONE } from './pages.mjs';
import { assert } from './report.mjs';

const DESKTOP = { width: 1280, height: 900 };

/**
 * The page's references, each with what is wrong with it (runs in the page,
 * given the other pages' HTML by path): its target missing, or showing
 * another number than the link says.
 */
export function xrefProblems(others) {
  const parse = (html) => new DOMParser().parseFromString(html, 'text/html');
  const docs = {};
  const found = [];
  for (const a of document.querySelectorAll('.xref > a')) {
    const text = a.textContent.trim();
    const name = text.split(' of “')[0];
    const [page, anchor] = a.getAttribute('href').split('#');
    let doc = document;
    if (page) {
      const key = new URL(page, location.href).pathname;
      if (!(key in others)) {
        found.push(`${text}: the page ${key} was not given`);
        continue;
      }
      doc = docs[key] || (docs[key] = parse(others[key]));
    }
    const target = doc.getElementById(decodeURIComponent(anchor || ''));
    if (!target) {
      found.push(`${text}: no element #${anchor} on ${page || 'this page'}`);
      continue;
    }
    const equation = /^Equation (\d+)$/.exec(name);
    const shown = equation
      ? target.querySelector('.eq-number')?.textContent.trim()
      : (target.querySelector('.block-name, .caption-number')?.textContent || '').trim().replace(/\.$/, '');
    const expected = equation ? `(${equation[1]})` : name;
    if (shown !== expected) found.push(`${text}: #${anchor} shows "${shown || 'no number'}"`);
  }
  return found;
}

/** The other pages a page's references lead to, by path (runs in Node). */
async function linked(page, base) {
  const paths = await page.evaluate(() =>
    [...new Set([...document.querySelectorAll('.xref > a')]
      .map((a) => a.getAttribute('href').split('#')[0])
      .filter(Boolean)
      .map((p) => new URL(p, location.href).pathname))]);
  const others = {};
  for (const p of paths) {
    const response = await fetch(new URL(p, base));
    others[p] = response.ok ? await response.text() : '';
  }
  return others;
}

/** Whether reference `i`'s preview shows, and whether it fits the window (runs in the page). */
function previewState(i) {
  const a = document.querySelectorAll('.xref > a')[i];
  const tip = document.getElementById(a.getAttribute('aria-describedby'));
  if (!tip) return { missing: true };
  const r = tip.getBoundingClientRect();
  return {
    shown: getComputedStyle(tip).display !== 'none' && r.width > 0,
    inside: r.left >= 0 && r.right <= document.documentElement.clientWidth + 1,
    text: tip.textContent.trim(),
  };
}

/**
 * Every essay's references name what they link to, and each preview opens
 * on hover and on focus, inside the window, at 1280 and 390 px.
 */
export async function checkXref(browser, base, essays, report, site) {
  let total = 0;
  for (const p of essays) {
    for (const viewport of [DESKTOP, PHONE]) {
      const s = await session(browser, base, { viewport });
      try {
        const { page } = await open(s, base, p.path);
        const count = await page.locator('.xref > a').count();
        if (count === 0) break;
        if (viewport === DESKTOP) {
          total += count;
          await report.check(`${site.name}: ${p.path}: each of ${count} references names what it links to`, async () => {
            const others = await linked(page, base);
            const problems = await page.evaluate(xrefProblems, others);
            assert(problems.length === 0, problems.join('\n'));
          });
        }
        await report.check(`${site.name}: ${p.path}: each reference's preview opens on hover and focus, inside the window, at ${viewport.width} px`, async () => {
          const problems = [];
          // A reference an author folded away (an exercise's answer) is
          // read once its block is open, as a reader opens it.
          await openFolds(page);
          for (let i = 0; i < count; i++) {
            const link = page.locator('.xref > a').nth(i);
            const name = (await link.textContent()).trim();
            const before = await page.evaluate(previewState, i);
            if (before.missing) { problems.push(`${name}: no preview`); continue; }
            if (before.shown) problems.push(`${name}: the preview shows before any hover`);
            await link.scrollIntoViewIfNeeded();
            await link.hover();
            const hovered = await page.evaluate(previewState, i);
            if (!hovered.shown) problems.push(`${name}: hovering shows no preview`);
            else if (!hovered.inside) problems.push(`${name}: the preview sticks out of the window`);
            if (!hovered.text) problems.push(`${name}: the preview is empty`);
            await page.mouse.move(0, 0);
            await link.focus();
            const focused = await page.evaluate(previewState, i);
            if (!focused.shown) problems.push(`${name}: focusing shows no preview`);
            await link.blur();
          }
          assert(problems.length === 0, problems.join('\n'));
        });
      } finally {
        await s.close();
      }
    }
  }
  if (site.fixture) return;
  await report.check(`${site.name}: the essays refer to their figures and theorems`, async () => {
    assert(total >= 10, `only ${total} references in the essays`);
    return `${total} references`;
  });
}

/** The check catches a reference whose target shows another number, or is missing. */
export async function checkXrefCatchesWrongNumbers(browser, report) {
  await report.check('cross-reference check: catches a wrong number and a missing target', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    try {
      await page.setContent(`<!doctype html><html lang="en"><body>
        <p><span class="xref"><a href="#ladder">Figure 2</a></span> and
        <span class="xref"><a href="#gone">Theorem 1</a></span> and
        <span class="xref"><a href="#eq-sum">Equation 1</a></span></p>
        <div id="ladder"><figure><figcaption><span class="caption-number">Figure 1.</span></figcaption></figure></div>
        <span id="eq-sum"><span class="eq-number">(1)</span></span>
      </body></html>`);
      const problems = await page.evaluate(xrefProblems, {});
      assert(problems.length === 2, `found ${problems.length}: ${problems.join('; ')}`);
      assert(problems[0].includes('shows "Figure 1"') && problems[1].includes('no element #gone'), problems.join('; '));
    } finally {
      await page.close();
    }
  });
}
