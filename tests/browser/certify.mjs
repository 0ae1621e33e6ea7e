// "Check it yourself" (group `certify`): every figure and check with a
// certificate shows its link, and with JavaScript a button that fetches the
// certificate and has the independent checker in the page's WebAssembly
// module verify it. Every certificate of every essay must be checked in the
// browser; the same button must refuse a certificate tampered with on its
// way (one value changed, served in place of the file); the link must
// answer with JSON for a reader without JavaScript.

import { assert } from './report.mjs';
import { session, open } from './pages.mjs';

/** Clicks every certificate button of the page in turn; what each said (runs the clicks from node). */
async function clickAll(page) {
  const count = await page.locator('button.grundy-certificate-check').count();
  const said = [];
  for (let i = 0; i < count; i++) {
    const button = page.locator('button.grundy-certificate-check').nth(i);
    const out = page.locator('.grundy-certificate-result').nth(i);
    // The certificate is the last word of the folded "How this was checked",
    // itself perhaps inside an author's folded answer: a reader opens each
    // fold by its line, the outermost first.
    const fold = button.locator('xpath=ancestor::details[contains(concat(" ", normalize-space(@class), " "), " grundy-how ")][1]');
    if (await fold.count()) {
      assert(!(await button.isVisible()), `${await button.getAttribute('data-certificate')}: the button shows before its fold is opened`);
    }
    const folds = button.locator('xpath=ancestor::details');
    for (let k = 0; k < (await folds.count()); k++) {
      const outer = folds.nth(k);
      if (!(await outer.evaluate((d) => d.open))) await outer.locator(':scope > summary').click();
    }
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await page.waitForFunction(
      (n) => {
        const o = document.querySelectorAll('.grundy-certificate-result')[n];
        return o && o.dataset.state && o.dataset.state !== 'checking';
      },
      i,
      { timeout: 20_000 },
    );
    said.push({
      href: await button.getAttribute('data-certificate'),
      state: await out.getAttribute('data-state'),
      text: await out.textContent(),
    });
  }
  return said;
}

/** The certificate file with one of its facts changed. */
export function tampered(file) {
  const c = file.certificates[0];
  if (Array.isArray(c.values) && c.values.length) c.values[c.values.length - 1] += 1;
  else if (Array.isArray(c.table) && c.table.length) {
    const v = c.table[0].verdict;
    c.table[0].verdict = typeof v === 'object' ? { value: v.value + 1 } : v === 'p' ? 'n' : 'p';
  } else if (Array.isArray(c.rows) && c.rows.length) c.rows[0].sum ^= 1;
  else throw new Error(`no fact to change in a ${c.kind} certificate`);
  return file;
}

export async function checkCertify(browser, base, essays, report, site) {
  let checked = 0;
  for (const essay of essays) {
    await report.check(`${site.name}: ${essay.path}: every certificate is checked in the browser`, async () => {
      const s = await session(browser, base);
      try {
        const { page, problems } = await open(s, base, essay.path);
        const said = await clickAll(page);
        if (!said.length) return 'no certificate';
        const wrong = said.filter((x) => x.state !== 'checked' || !/^Checked in your browser by the independent checker: /.test(x.text));
        assert(!wrong.length, wrong.map((x) => `${x.href}: ${x.state}: ${x.text}`).join('\n'));
        assert(!problems.length, problems.join('\n'));
        checked += said.length;
        return `${said.length} checked`;
      } finally {
        await s.close();
      }
    });
  }
  await report.check(`${site.name}: a tampered certificate is refused in the browser`, async () => {
    const withOne = essays.find((e) => e.certificates !== false);
    const s = await session(browser, base);
    try {
      await s.context.route('**/certificates/*.json', async (route) => {
        const response = await route.fetch();
        const body = JSON.stringify(tampered(await response.json()));
        await route.fulfill({ response, body, contentType: 'application/json' });
      });
      let refused = null;
      for (const essay of [withOne, ...essays]) {
        const { page } = await open(s, base, essay.path);
        if (!(await page.locator('button.grundy-certificate-check').count())) {
          await page.close();
          continue;
        }
        refused = (await clickAll(page))[0];
        break;
      }
      assert(refused, 'no page has a certificate');
      assert(refused.state === 'refused' && /^Refused by the checker in your browser: wrong at /.test(refused.text), `${refused.href}: ${refused.state}: ${refused.text}`);
      return refused.text;
    } finally {
      await s.close();
    }
  });
  await report.check(`${site.name}: without JavaScript a certificate is a link to its JSON`, async () => {
    const s = await session(browser, base, { javaScriptEnabled: false });
    try {
      for (const essay of essays) {
        const { page } = await open(s, base, essay.path);
        const links = await page.locator('.grundy-certificate a').evaluateAll((as) => as.map((a) => a.href));
        const hidden = await page.locator('button.grundy-certificate-check').evaluateAll((bs) => bs.every((b) => b.hidden));
        assert(hidden, `${essay.path}: a button shows without JavaScript`);
        if (!links.length) continue;
        const response = await page.request.get(links[0]);
        assert(response.ok(), `${links[0]}: HTTP ${response.status()}`);
        const file = await response.json();
        assert(Array.isArray(file.certificates) && file.certificates.length, `${links[0]}: no certificates`);
        return `${links[0]} holds ${file.certificates.length}`;
      }
      throw new Error('no page links a certificate');
    } finally {
      await s.close();
    }
  });
  if (!checked && !site.fixture) report.fail(`${site.name}: certificates`, 'no certificate was checked on any page');
}
