#!/usr/bin/env node
// A bench command, not a test: Lighthouse's mobile audit of every page of a
// built site, each page audited `--runs` times, the median of each category
// printed, and for any category under 100 the audits that cost it points.
// Pages are served gzipped, as any static host serves them. Scores depend on
// how busy the machine is; quote them with the load beside.
//
//   cargo run --release -- build
//   npm install --prefix /tmp lighthouse      # once, anywhere outside the repo
//   LIGHTHOUSE=/tmp/node_modules/.bin/lighthouse node benches/lighthouse.mjs [--runs 3] [--only PATH]

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '../tests/browser/server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/** Every page of the site: each directory holding an index.html, the root first. */
function pages(root) {
  const found = [];
  const walk = (dir, rel) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file, `${rel}${name}/`);
      else if (name === 'index.html') found.push(rel);
    }
  };
  walk(root, '/');
  return found.sort((a, b) => a.length - b.length || a.localeCompare(b));
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** One audit; asynchronous, as the server answering it lives in this process. */
async function audit(bin, url, out) {
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  await promisify(execFile)(bin, [url, '--quiet', '--form-factor=mobile', `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless --no-sandbox', '--output=json', `--output-path=${out}`],
  { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 1 << 26 });
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** The audits of one category that did not get full marks, heaviest first. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
    .sort((a, b) => b.weight - a.weight)
    .map((r) => `${r.id} (${lhr.audits[r.id].displayValue || lhr.audits[r.id].score})`);
}

async function main() {
  const bin = process.env.LIGHTHOUSE || 'lighthouse';
  const runs = Number(option('--runs', '1'));
  const root = option('--public', 'public');
  const only = option('--only', null);
  const dir = mkdtempSync(path.join(tmpdir(), 'grundy-lighthouse-'));
  const server = await serve(root, { compress: true });
  try {
    console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${runs} run(s) per page; medians`);
    console.log(['page', ...CATEGORIES].join('\t'));
    for (const page of pages(root).filter((p) => !only || p === only)) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await audit(bin, server.url.replace(/\/$/, '') + page, path.join(dir, `${results.length}.json`)));
      const scores = CATEGORIES.map((c) => Math.round(100 * median(results.map((r) => r.categories[c].score))));
      console.log([page, ...scores].join('\t'));
      const last = results[results.length - 1];
      CATEGORIES.forEach((c, i) => {
        if (scores[i] < 100) console.log(`  ${c}: ${losses(last, c).join(', ')}`);
      });
    }
  } finally {
    await server.close();
  }
}

await main();
