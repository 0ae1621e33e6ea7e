// Without WebAssembly (group `nowasm`): every page opened with the
// `WebAssembly` global removed before any script runs. It must load with no
// console error, no uncaught exception and no failed request, and every
// figure must show as it does without JavaScript or from what the build
// embedded: a figure of the engine's games (playable, or editable) keeps its
// static drawing visible, shows no live board, no controls and no edit bar,
// and says in a visible note that playing needs WebAssembly; a site's own
// game (`site:NAME`), which the module never holds, may play from its
// tables. Before the sites' pages, the same check must fail on pages served
// with the fallback broken: the note never written, and the figures started
// without the engine.

import { assert } from './report.mjs';
import { session, open } from './pages.mjs';

/** Opens `path` without WebAssembly (engine.js passed through `rewrite`, when given); returns what each figure shows. */
async function withoutWasm(browser, base, p, rewrite) {
  const s = await session(browser, base, { wasm: false });
  if (rewrite) {
    await s.context.route('**/js/*.js', async (route) => {
      const response = await route.fetch();
      const body = rewrite(route.request().url(), await response.text());
      await route.fulfill({ response, body });
    });
  }
  try {
    const { page, problems } = await open(s, base, p.path, { expectStatus: p.kind === '404' ? 404 : 200 });
    const asks = await page.evaluate(() => !!document.querySelector('figure[data-grundy-play], figure[data-grundy-explore]'));
    // The page settles its engine as absent once it has looked for it.
    if (asks) await page.waitForFunction(() => !document.querySelector('script[src$="engine.js"]') || document.documentElement.dataset.grundyEngine, null, { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(300);
    const figures = await page.evaluate(() => [...document.querySelectorAll('figure.grundy-figure')].map((f, i) => {
      // A page without the figures' scripts (the print page) shows every figure as drawn, with nothing to say.
      const scripted = !!document.querySelector('script[src$="play.js"], script[src$="explore.js"]');
      const visible = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
      const play = f.getAttribute('data-grundy-play');
      const explore = f.getAttribute('data-grundy-explore');
      let game = null;
      let edit = false;
      try {
        if (play) game = JSON.parse(play).game || 'nim';
        if (explore) {
          const e = JSON.parse(explore);
          game = game || e.game || null;
          edit = !!e.edit;
        }
      } catch (e) {
        // Unreadable data: the figure stays static, as checked below.
      }
      const svg = f.querySelector('.grundy-drawing:not(.grundy-live):not(.grundy-edit-live) svg');
      const r = svg && svg.getBoundingClientRect();
      const controls = f.querySelector('.grundy-controls');
      return {
        i: i + 1,
        engine: scripted && (!!play || edit) && !/^site:/.test(game || ''),
        drawn: visible(svg) && r.width > 10 && r.height > 10,
        live: visible(f.querySelector('.grundy-live')) || visible(f.querySelector('.grundy-edit-live')),
        controls: visible(controls) || visible(f.querySelector('.grundy-edit-bar')),
        note: visible(f.querySelector('.grundy-needs-wasm')) ? f.querySelector('.grundy-needs-wasm').textContent : null,
      };
    }));
    await page.waitForTimeout(100); // late console errors
    return { figures, problems: [...problems, ...s.offsite.map((u) => `request leaving the site: ${u}`)] };
  } finally {
    await s.close();
  }
}

/** What is wrong with a page's figures without WebAssembly. */
function issuesOf(figures) {
  const issues = [];
  for (const f of figures) {
    if (!f.engine) continue;
    if (!f.drawn) issues.push(`figure ${f.i}: its static drawing is not shown`);
    if (f.live) issues.push(`figure ${f.i}: a live board is shown without the engine`);
    if (f.controls) issues.push(`figure ${f.i}: controls are shown that cannot work without the engine`);
    if (!f.note || !/needs WebAssembly/.test(f.note)) issues.push(`figure ${f.i}: no visible note that playing needs WebAssembly`);
  }
  return issues;
}

export async function checkNoWasmCatches(browser, base, essays, report, site) {
  if (site.fixture || !essays.some((p) => p.path === '/turning-turtles/')) return;
  const p = essays.find((e) => e.path === '/turning-turtles/');
  await report.check(`${site.name}: the check without WebAssembly catches a missing note and figures started without the engine`, async () => {
    const silent = await withoutWasm(browser, base, p, (url, body) => (url.endsWith('/engine.js') ? body.replace("if (!figure || figure.querySelector('.grundy-needs-wasm')) return;", 'return;') : body));
    const quiet = issuesOf(silent.figures);
    assert(quiet.some((i) => /no visible note/.test(i)), `the missing note went unnoticed: ${quiet.join('; ') || 'no issue'}`);
    const started = await withoutWasm(browser, base, p, (url, body) => (url.endsWith('/play.js') || url.endsWith('/edit.js')
      ? body.replace('if (engine) play(figure, data);', 'if (true) play(figure, data);').replace('if (found) whenReady(', 'if (true) whenReady(')
      : body));
    const dead = [...issuesOf(started.figures), ...started.problems];
    assert(dead.some((i) => /live board|controls|uncaught/.test(i)), `figures started without the engine went unnoticed: ${dead.join('; ') || 'no issue'}`);
    return `${quiet.length} and ${dead.length} issues found`;
  });
}

export async function checkNoWasm(browser, base, pages, report, site) {
  let notes = 0;
  for (const p of pages) {
    await report.check(`${site.name} ${p.path}: without WebAssembly every figure shows as without JavaScript, with a note where it cannot play`, async () => {
      const { figures, problems } = await withoutWasm(browser, base, p);
      const issues = [...problems, ...issuesOf(figures)];
      assert(issues.length === 0, issues.join('\n'));
      const noted = figures.filter((f) => f.note).length;
      notes += noted;
      return `${figures.length} figures, ${noted} with the note`;
    });
  }
  report.note(`${site.name}: without WebAssembly, ${notes} figures said that playing needs it`);
}
