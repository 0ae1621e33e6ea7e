// What the checks of playable figures share (play.mjs, mogul.mjs, pins.mjs):
// opening a page with its figures alive, reporting a figure the site lacks,
// reading a figure's status line and live coin row, and pressing a button
// then waiting for the machine's answer.

import { assert } from './report.mjs';
import { session, open, whenPlayable } from './pages.mjs';

/** A figure the site should have but does not: a failure on the fixture, a note elsewhere. */
export function missing(report, site, name, why) {
  if (site.fixture) report.fail(`${site.name}: ${name}`, why);
  else report.note(`${site.name}: not run: ${name}: ${why}; the fixture site runs it`);
}

/**
 * Opens `path`, waits for its playable figures and runs `fn` on the page.
 * Strict (the default): errors on the page and requests leaving the site fail
 * the check; otherwise they are left to the page checks, which report them.
 */
export async function withPage(browser, base, path, fn, { strict = true } = {}) {
  const s = await session(browser, base);
  try {
    const opened = await open(s, base, path);
    await whenPlayable(opened.page);
    const result = await fn(opened.page, opened);
    if (!strict) return result;
    assert(opened.problems.length === 0, opened.problems.join('\n'));
    assert(s.offsite.length === 0, `requests leaving the site: ${s.offsite.join(', ')}`);
    return result;
  } finally {
    await s.close();
  }
}

/** The data each figure of the page embeds for play (null where it has none). */
export function playData(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('figure.grundy-figure')].map((f) => {
      try {
        return JSON.parse(f.getAttribute('data-grundy-play'));
      } catch {
        return null;
      }
    }),
  );
}

/** The figure's status line. */
export function status(figure) {
  return figure.locator('.grundy-status').textContent();
}

/** Waits until the status has changed from `before` and the machine is not thinking; returns it. */
export async function settle(page, figure, before) {
  const handle = await figure.elementHandle();
  await page.waitForFunction(
    ([f, b]) => {
      const t = f.querySelector('.grundy-status').textContent;
      return t !== b && !/Thinking/.test(t);
    },
    [handle, before],
    { timeout: 10_000 },
  );
  return status(figure);
}

/** Clicks the figure's button for `action` (hint, restart, turn, knock) and waits as `settle` does. */
export async function press(page, figure, action) {
  const before = await status(figure);
  await figure.locator(`button[data-action="${action}"]`).click();
  return settle(page, figure, before);
}

/** The row a live coin figure shows, read from its coins' labels ("place 3, heads"). */
export function liveCoinRow(figure) {
  return figure.locator('.grundy-live svg').evaluate((svg) => {
    const row = [];
    for (const c of svg.querySelectorAll('[role="button"][aria-label^="place "]')) {
      const m = /^place (\d+), (heads|tails)/.exec(c.getAttribute('aria-label'));
      if (m) row[Number(m[1]) - 1] = m[2] === 'heads' ? 'H' : 'T';
    }
    return row.join('');
  });
}
