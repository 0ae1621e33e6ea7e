#!/usr/bin/env node
// Browser tests of the built site, in Debian's Chromium driven by playwright-core.
//
//   node tests/browser/run.mjs                      test public/ and the fixture site
//   node tests/browser/run.mjs --screenshots DIR    save every page of public/ at
//                                                   1280 and 390 px, light and dark
//
// Options: --public DIR (the built site, default public/), --no-fixture (skip
// the site in tests/browser/site), --chromium PATH (default /usr/bin/chromium),
// --only GROUP,... (run only these groups of checks: pages, a11y, play, search, html, ...).
//
// Every page is also checked at a phone's width (390 px) for sideways scrolling,
// and its figures' text for a legible size at 1280 and 390 px; the `fit` group
// checks every figure at 320 and 390 px for anything scrolled without a cue
// or reaching past the window's edge.
//
// Run from the repository root after `cargo run --release -- build`. Prints
// each check as it passes or fails and exits 1 with the list of failures.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { serve } from './server.mjs';
import { Report } from './report.mjs';
import { checkPrint, checkPrintCatchesControls, PRINT_PATH } from './print.mjs';
import { sitePages, checkPage, checkPageWithoutScript, checkPhoneWidth, checkFigureText, checkFigureTextCatchesSmallText, checkBodyFont, checkBodyFontCatchesMissingFace } from './pages.mjs';
import { checkTurtles, checkRooster, checkKeyboard, checkPresets, checkSiteGame, checkEngineHeaps, checkWythoff, checkControlsWords } from './play.mjs';
import { checkPins } from './pins.mjs';
import { checkMisere, checkMisereQuotient, checkMisereQuotientPieces } from './misere.mjs';
import { checkLongRow } from './mogul.mjs';
import { checkTouch } from './touch.mjs';
import { checkLink } from './link.mjs';
import { checkEdit } from './edit.mjs';
import { screenshots } from './shots.mjs';
import { checkStep } from './step.mjs';
import { checkHow } from './how.mjs';
import { checkScrub } from './scrub.mjs';
import { checkSearch, checkSearchWithoutScript, checkHighlight, checkHighlightCatchesPlainCode } from './search.mjs';
import { checkA11y, checkA11yCatchesViolations } from './a11y.mjs';
import { checkXref, checkXrefCatchesWrongNumbers } from './xref.mjs';
import { checkWasm } from './wasm.mjs';
import { checkCertify } from './certify.mjs';
import { checkReader, checkMarginCatchesMisplaced } from './reader.mjs';
import { checkNoWasm, checkNoWasmCatches } from './nowasm.mjs';
import { checkHtml, checkHtmlCatchesErrors, checkReaderPage, checkReaderPageCatches, checkLayoutShift, checkLayoutShiftCatches, checkFontWeight, checkFontWeightCatches } from './html.mjs';
import { checkFit, checkFitCatchesWideFigures, checkQuotientLine } from './fit.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The whole run may not take longer than this: about twice what both sites'
 * checks take on a quiet two-core machine, so that a busy one still finishes
 * and a hang is still cut short well inside CI's time.
 */
const DEADLINE_MS = 40 * 60 * 1000;

function parseArgs(argv) {
  const opts = { public: path.join(REPO, 'public'), fixture: true, shots: null, chromium: '/usr/bin/chromium', only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--screenshots') opts.shots = path.resolve(value());
    else if (a === '--public') opts.public = path.resolve(value());
    else if (a === '--chromium') opts.chromium = value();
    else if (a === '--no-fixture') opts.fixture = false;
    else if (a === '--only') opts.only = value().split(',');
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown argument ${a}`);
  }
  return opts;
}

function usage(problem) {
  if (problem) console.error(`run.mjs: ${problem}`);
  console.error('usage: node tests/browser/run.mjs [--screenshots DIR] [--public DIR] [--no-fixture] [--chromium PATH] [--only GROUP,...]');
  process.exit(problem ? 2 : 0);
}

/** Builds the fixture site into a temporary directory; returns it, or throws with cargo's output. */
function buildFixture(tmp) {
  const out = path.join(tmp, 'fixture-public');
  const run = spawnSync(
    'cargo',
    ['run', '--release', '--quiet', '--', 'build', '--root', path.join(HERE, 'site'), '--output', out],
    { cwd: REPO, encoding: 'utf8' },
  );
  if (run.error) throw new Error(`cannot run cargo: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`building tests/browser/site failed:\n${run.stderr}${run.stdout}`);
  return out;
}

async function launch(executablePath) {
  if (!existsSync(executablePath)) {
    throw new Error(`no Chromium at ${executablePath}: install it (apt-get install chromium) or pass --chromium PATH`);
  }
  // launch() starts Chromium headless with a fresh temporary profile (its
  // user data directory), removed again when the browser closes.
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** A directory as the reader knows it: relative to the repository when inside it. */
function shown(dir) {
  const rel = path.relative(REPO, dir);
  return rel && !rel.startsWith('..') ? rel : dir;
}

/** Every check on one built site; on the fixture site (`site.fixture`) every figure check must find its figure. */
async function testSite(browser, report, site, only) {
  const server = await serve(site.dir);
  try {
    const pages = await sitePages(browser, server.url, report, site.name);
    report.note(`${site.name}: ${pages.length} pages served from ${shown(site.dir)} at ${server.url}`);
    const url = server.url;
    // The essays, whose figures come alive: not the print page, which shows
    // every essay's figures as drawn (the pages and print checks see it).
    const essays = pages.filter((p) => p.path !== PRINT_PATH);
    // Each group of checks by name, for --only.
    const groups = [
      ['pages', async () => {
        for (const p of pages) await checkPage(browser, url, p, report, site.name);
        for (const p of pages) await checkPageWithoutScript(browser, url, p, report, site.name);
        for (const p of pages) await checkPhoneWidth(browser, url, p, report, site.name);
        for (const p of pages) await checkFigureText(browser, url, p, report, site.name);
        for (const p of pages) await checkBodyFont(browser, url, p, report, site.name);
      }],
      ['fit', async () => {
        for (const p of pages) await checkFit(browser, url, p, report, site.name);
        for (const p of pages) await checkQuotientLine(browser, url, p, report, site.name);
      }],
      ['a11y', async () => { await checkA11y(browser, url, pages, report, site.name); }],
      ['reader', async () => { await checkReader(browser, url, pages, report, site); }],
      ['play', async () => {
        await checkTurtles(browser, url, essays, report, site);
        await checkRooster(browser, url, essays, report, site);
        await checkSiteGame(browser, url, essays, report, site);
        await checkEngineHeaps(browser, url, essays, report, site);
        await checkWythoff(browser, url, essays, report, site);
        await checkKeyboard(browser, url, essays, report, site);
        await checkPresets(browser, url, essays, report, site);
        await checkPins(browser, url, essays, report, site);
        await checkLongRow(browser, url, essays, report, site);
        await checkControlsWords(browser, url, essays, report, site);
      }],
      ['misere', async () => {
        await checkMisere(browser, url, essays, report, site);
        await checkMisereQuotient(browser, url, essays, report, site);
        await checkMisereQuotientPieces(browser, url, essays, report, site);
      }],
      // The notes, linking and stepping are checked on the essays, whose
      // directives (read from content/) and pages the checks name.
      ['touch', async () => { await checkTouch(browser, url, essays, report, site); }],
      ['how', async () => { if (!site.fixture) await checkHow(browser, url, essays, report, site.name); }],
      ['link', async () => { if (!site.fixture) await checkLink(browser, url, essays, report, site); }],
      ['scrub', async () => { await checkScrub(browser, url, essays, report, site); }],
      ['edit', async () => { await checkEdit(browser, url, essays, report, site); }],
      ['search', async () => {
        await checkSearch(browser, url, report, site.name);
        await checkSearchWithoutScript(browser, url, report, site.name);
        if (site.fixture) await checkHighlight(browser, url, report, site.name, '/code/');
      }],
      ['step', async () => { if (!site.fixture) await checkStep(browser, url, essays, report, site); }],
      ['print', async () => { await checkPrint(browser, url, pages, report, site.name); }],
      ['wasm', async () => { await checkWasm(browser, url, essays, report, site); }],
      ['certify', async () => { await checkCertify(browser, url, essays, report, site); }],
      ['nowasm', async () => {
        await checkNoWasmCatches(browser, url, essays, report, site);
        await checkNoWasm(browser, url, pages, report, site);
      }],
      ['xref', async () => { await checkXref(browser, url, essays, report, site); }],
      ['html', async () => {
        await checkHtml(report, site);
        await checkReaderPage(browser, url, pages, report, site.name);
        await checkLayoutShift(browser, url, pages, report, site.name);
        await checkFontWeight(browser, url, pages, report, site.name);
      }],
    ];
    for (const [name, run] of groups) {
      if (only && !only.includes(name)) continue;
      const started = Date.now();
      await run();
      report.note(`${site.name}: the ${name} checks took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await server.close();
  }
  if (site.fixture && (!only || only.includes('search'))) {
    // The same site served under a sub-path: the search finds its index relative to the page.
    const parent = await serve(path.dirname(site.dir));
    try {
      await checkSearch(browser, parent.url, report, `${site.name} under a sub-path`, `/${path.basename(site.dir)}/`);
    } finally {
      await parent.close();
    }
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const report = new Report();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'grundy-browser-'));
  let browser;
  const timer = setTimeout(() => {
    console.error(`\nbrowser tests: gave up after ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();
  try {
    if (!existsSync(path.join(opts.public, 'index.html'))) {
      throw new Error(`no built site at ${opts.public}: run \`cargo run --release -- build\` first`);
    }
    browser = await launch(opts.chromium);
    console.log(`Chromium ${browser.version()}`);

    if (opts.shots) {
      mkdirSync(opts.shots, { recursive: true });
      const server = await serve(opts.public);
      try {
        const pages = await sitePages(browser, server.url, report, 'public');
        await screenshots(browser, server.url, pages, opts.shots, report);
      } finally {
        await server.close();
      }
    } else {
      await checkFigureTextCatchesSmallText(browser, report);
      if (!opts.only || opts.only.includes('fit')) await checkFitCatchesWideFigures(browser, report);
      await checkBodyFontCatchesMissingFace(browser, report);
      await checkPrintCatchesControls(browser, report);
      await checkHighlightCatchesPlainCode(browser, report);
      await checkXrefCatchesWrongNumbers(browser, report);
      if (!opts.only || opts.only.includes('a11y')) await checkA11yCatchesViolations(browser, report);
      if (!opts.only || opts.only.includes('reader')) await checkMarginCatchesMisplaced(browser, report);
      if (!opts.only || opts.only.includes('html')) {
        await checkHtmlCatchesErrors(report);
        await checkReaderPageCatches(browser, report);
        await checkLayoutShiftCatches(browser, report);
        await checkFontWeightCatches(browser, report, opts.public);
      }
      await testSite(browser, report, { name: 'public', dir: opts.public, fixture: false }, opts.only);
      if (opts.fixture) {
        let dir = null;
        await report.check('fixture: tests/browser/site builds', async () => {
          dir = buildFixture(tmp);
        });
        if (dir) await testSite(browser, report, { name: 'fixture', dir, fixture: true }, opts.only);
      }
    }
  } catch (e) {
    report.fail('browser tests could not run', e.message);
  } finally {
    if (browser) await browser.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
  process.exitCode = report.summary() ? 0 : 1;
}

main();
