#!/usr/bin/env node
// The weight of each essay page of a built site, and how much of it the
// explorable figures add: the page's bytes (and gzipped), the bytes of its
// embedded explore data, of its "how do we know" notes, and of the scripts
// the page loads.
//
//   node benches/page-weight.mjs [PUBLIC_DIR [BASE_DIR]]
//
// PUBLIC_DIR defaults to public/. With BASE_DIR (the same site built before a
// change) each page's bytes added are shown too. Scripts are counted gzipped,
// as a server would send them.
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] || 'public');
const base = process.argv[3] ? path.resolve(process.argv[3]) : null;
/** A script's bytes, gzipped, or 0 when the site has no such file. */
const js = (name) => {
  const p = path.join(dir, 'js', name);
  return existsSync(p) ? zlib.gzipSync(readFileSync(p)).length : 0;
};
const SCRIPTS = { edit: ['edit.js', 'edit-core.js'], scrub: ['scrub.js', 'scrub-core.js'], ladder: ['step.js', 'step-core.js'] };

/** The summed length of every match of `re`'s first group. */
function bytesOf(html, re) {
  let n = 0;
  for (const m of html.matchAll(re)) n += m[0].length;
  return n;
}

/** The bytes of every "how do we know" note (`<span class="how">`, spans nested inside) and its opener's attributes. */
function noteBytes(html) {
  let n = bytesOf(html, / tabindex="0" aria-describedby="how_\d+"/g);
  const open = '<span class="how"';
  for (let at = html.indexOf(open); at >= 0; at = html.indexOf(open, at + 1)) {
    let depth = 0;
    const tag = /<(\/?)span\b[^>]*>/g;
    tag.lastIndex = at;
    for (let m = tag.exec(html); m; m = tag.exec(html)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        n += tag.lastIndex - at;
        break;
      }
    }
  }
  return n;
}

const rows = [];
for (const name of readdirSync(dir).sort()) {
  const file = path.join(dir, name, 'index.html');
  if (!existsSync(file) || !statSync(path.join(dir, name)).isDirectory()) continue;
  const html = readFileSync(file, 'utf8');
  if (!html.includes('class="grundy-figure') && !html.includes('class="grundy-check')) continue;
  const explore = bytesOf(html, / data-grundy-explore="[^"]*"/g);
  const notes = noteBytes(html);
  const keys = new Set();
  for (const m of html.matchAll(/data-grundy-explore="([^"]*)"/g)) {
    const data = JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
    for (const k of Object.keys(SCRIPTS)) if (data[k]) keys.add(k);
  }
  let scripts = explore ? js('explore.js') + js('link.js') + js('link-core.js') : js('explore.js');
  for (const k of keys) for (const f of SCRIPTS[k]) scripts += js(f);
  const old = base ? path.join(base, name, 'index.html') : null;
  const before = old && existsSync(old) ? readFileSync(old) : null;
  rows.push({ name, bytes: Buffer.byteLength(html), gzip: zlib.gzipSync(html).length, explore, notes, scripts, before });
}
const kb = (n) => (n / 1024).toFixed(1);
const signed = (n) => `${n >= 0 ? '+' : ''}${kb(n)}`;
const added = (r) => (r.before === null ? '' : ` ${signed(r.bytes - r.before.length)} |`);
const addedGzip = (r) => (r.before === null ? '' : ` ${signed(r.gzip - zlib.gzipSync(r.before).length)} |`);
console.log(`| essay | page KiB |${base ? ' added KiB |' : ''} gzipped KiB |${base ? ' added gzipped |' : ''} explore data KiB | notes KiB | explore scripts KiB gzipped |`);
console.log(`|---|---:|${base ? '---:|' : ''}---:|${base ? '---:|' : ''}---:|---:|---:|`);
for (const r of rows) {
  console.log(`| ${r.name} | ${kb(r.bytes)} |${added(r)} ${kb(r.gzip)} |${addedGzip(r)} ${kb(r.explore)} | ${kb(r.notes)} | ${kb(r.scripts)} |`);
}
