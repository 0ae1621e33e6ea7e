// "How do we know?": every inserted or checked number, checked claim and
// check box of every essay opens its note on hover (mouse), keyboard focus
// (Tab) and tap (a touch screen), at 1280 and 390 px. The note names the
// directive and a method, stays inside the window, and opening it moves
// nothing on the page. The note names its directive and links its entry on
// the claims page; inserted numbers that are one position's value are
// followed to their directive (the file and line claims.json gives for that
// entry) and compared with the engine's own answer for that position.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { session, open, openFolds, PHONE } from './pages.mjs';
import { assert } from './report.mjs';
import { engineJson, engineValue, grundyBinary } from './engine.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DESKTOP = { width: 1280, height: 900 };
const OPENERS = '.fact, .claim.checked, aside.grundy-check';

/** Every opener of the page with what its note says, or why it has none (runs in the page). */
function openers(selector) {
  return [...document.querySelectorAll(selector)].map((el, i) => {
    el.dataset.howIndex = String(i);
    const id = el.getAttribute('aria-describedby');
    const note = id && document.getElementById(id);
    const what = `${el.className} ${el.dataset.fact || el.dataset.claim || el.id || ''}`.trim();
    if (!note || !el.contains(note) || !note.classList.contains('how')) {
      return { i, what, missing: id ? `its note #${id} is not inside it` : 'no aria-describedby' };
    }
    const src = note.querySelector('.how-src');
    const link = src && src.querySelector('a');
    const method = note.querySelector('.how-method');
    const shown = [...el.childNodes].filter((n) => n !== note).map((n) => n.textContent).join('');
    return {
      i,
      what,
      tabindex: el.getAttribute('tabindex'),
      src: src ? src.textContent : '',
      href: link ? link.getAttribute('href') : '',
      method: method ? method.textContent : '',
      shown: shown.trim(),
      fact: el.dataset.fact || '',
    };
  });
}

/** Where the page's blocks stand, and how wide the page is (runs in the page). */
function layout() {
  const article = document.querySelector('article') || document.body;
  const boxes = [...article.children].map((c) => {
    const r = c.getBoundingClientRect();
    return [Math.round(r.left + scrollX), Math.round(r.top + scrollY), Math.round(r.width), Math.round(r.height)].join(',');
  });
  return { width: document.documentElement.scrollWidth, boxes: boxes.join(' ') };
}

/** Whether the opener's note shows, and where (runs in the page). */
function noteState(i) {
  const el = document.querySelector(`[data-how-index="${i}"]`);
  const note = document.getElementById(el.getAttribute('aria-describedby'));
  const r = note.getBoundingClientRect();
  return {
    shown: getComputedStyle(note).display !== 'none' && r.width > 0 && r.height > 0,
    left: r.left,
    right: r.right,
    top: r.top,
    width: document.documentElement.clientWidth,
    height: innerHeight,
    focused: document.activeElement === el,
  };
}

/** Scrolls the opener to the middle of the window and returns its centre. */
async function centre(page, i) {
  return page.evaluate((i) => {
    const el = document.querySelector(`[data-how-index="${i}"]`);
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    // A check box is opened where its title is, a number on its first line.
    const r = (el.querySelector('.grundy-check-title') || el).getClientRects()[0];
    return { x: r.left + Math.min(r.width / 2, 40), y: r.top + r.height / 2 };
  }, i);
}

/** What is wrong with an open note: hidden, outside the window, or the page moved. */
function problemsOf(state, before, after, how, what) {
  const out = [];
  if (!state.shown) out.push(`${what}: ${how} does not open its note`);
  else if (state.left < -0.5 || state.right > state.width + 0.5) out.push(`${what}: its note (${how}) spans ${Math.round(state.left)} to ${Math.round(state.right)} px, outside the ${state.width} px window`);
  else if (state.top < 0 || state.top > state.height) out.push(`${what}: its note (${how}) starts at ${Math.round(state.top)} px, off the ${state.height} px window`);
  if (after.width > before.width || after.boxes !== before.boxes) out.push(`${what}: opening its note (${how}) moved the page`);
  return out;
}

/**
 * Opens every note of the page that is open in `page` the three ways (those
 * `ways` names: 'hover', 'focus', 'tap'): the openers found and the problems.
 */
export async function auditNotes(page, ways) {
  // A number an author folded away (an exercise's answer) opens its note
  // once its block is open, as a reader opens it.
  await openFolds(page);
  const found = await page.evaluate(openers, OPENERS);
  const problems = [];
  for (const o of found) {
    if (o.missing) problems.push(`${o.what}: ${o.missing}`);
    else {
      if (o.tabindex !== '0') problems.push(`${o.what}: not focusable (tabindex ${o.tabindex})`);
      const literal = o.src === '' && /numbers written in the claim/.test(o.method);
      if (!literal && !/^(figure|check) [a-z0-9-]+/.test(o.src)) problems.push(`${o.what}: its note names no directive (${JSON.stringify(o.src)})`);
      if (!literal && !/^\.\.\/claims\/#[a-z0-9-]+[.@][A-Za-z0-9_-]+$/.test(o.href)) problems.push(`${o.what}: its note links no entry of the claims page (${JSON.stringify(o.href)})`);
      if (o.method.length < 10) problems.push(`${o.what}: its note gives no method`);
    }
  }
  const ok = found.filter((o) => !o.missing);
  const before = await page.evaluate(layout);
  if (ways.includes('hover')) {
    for (const o of ok) {
      const at = await centre(page, o.i);
      await page.mouse.move(at.x, at.y);
      const state = await page.evaluate(noteState, o.i);
      problems.push(...problemsOf(state, before, await page.evaluate(layout), 'hover', o.what));
      await page.mouse.move(0, 0);
      // On a wide screen a check box's note stands in the margin, always shown (reader.mjs checks where).
      const inMargin = await page.evaluate((i) => document.querySelector(`[data-how-index="${i}"]`).matches('aside.grundy-check') && matchMedia('(min-width: 75rem)').matches, o.i);
      if (!inMargin && (await page.evaluate(noteState, o.i)).shown) problems.push(`${o.what}: its note stays open once the mouse leaves`);
    }
  }
  if (ways.includes('focus')) {
    // Tab from the page's first link: the mouse's last place would otherwise
    // be where the browser starts.
    await page.evaluate(() => {
      document.activeElement?.blur();
      scrollTo(0, 0);
      document.querySelector('a[href]')?.focus();
    });
    const reached = new Set();
    // Every stop in order (links, controls, boxes that scroll), until all are
    // reached or focus leaves the page's end.
    for (let n = 0; n < 3000 && reached.size < ok.length; n++) {
      await page.keyboard.press('Tab');
      const i = await page.evaluate(() => (document.activeElement === document.body ? 'end' : document.activeElement?.dataset?.howIndex ?? null));
      if (i === 'end' && n > 0) break;
      if (i === null || i === 'end' || reached.has(i)) continue;
      reached.add(i);
      const o = ok.find((x) => String(x.i) === i);
      const state = await page.evaluate(noteState, Number(i));
      problems.push(...problemsOf(state, before, await page.evaluate(layout), 'keyboard focus', o.what));
    }
    for (const o of ok) if (!reached.has(String(o.i))) problems.push(`${o.what}: Tab never reaches it`);
  }
  if (ways.includes('tap')) {
    for (const o of ok) {
      const at = await centre(page, o.i);
      // The reader closes the last note first, tapping beside the column.
      await page.touchscreen.tap(2, 2);
      await page.touchscreen.tap(at.x, at.y);
      const state = await page.evaluate(noteState, o.i);
      if (!state.focused) problems.push(`${o.what}: a tap does not focus it`);
      problems.push(...problemsOf(state, before, await page.evaluate(layout), 'tap', o.what));
    }
  }
  return { found, problems };
}

/** The directive's TOML keys (strings, numbers, lists of numbers) at `file`:`line`. */
function directiveKeys(file, line) {
  const lines = readFileSync(path.join(REPO, file), 'utf8').split('\n');
  const keys = {};
  for (let n = line; n < lines.length && !lines[n].startsWith('```'); n++) {
    const m = lines[n].match(/^([a-z-]+)\s*=\s*(.*)$/);
    if (!m) continue;
    const v = m[2].trim();
    if (v.startsWith('"')) keys[m[1]] = v.slice(1, v.indexOf('"', 1));
    else if (v.startsWith('[')) keys[m[1]] = v.replace(/[[\]\s]/g, '');
    else keys[m[1]] = v;
  }
  return keys;
}

/**
 * The game and position a number is the value of, from its directive, when
 * it is one position's value: `{game, position}` or null.
 */
function positionOf(o, places) {
  const m = o.src.match(/^figure ([a-z-]+) (\S+)/);
  if (!m || !/^-?\d+$/.test(o.shown)) return null;
  const kind = m[1];
  const place = places.get(o.href.replace(/^\.\.\/claims\/#/, ''));
  if (!place) return null;
  const { file, line } = place;
  const fact = o.fact.split(/\s/)[0].replace(/^[^.]*\./, '');
  const keys = directiveKeys(file, Number(line));
  const game = keys.game;
  if (game && game.startsWith('site:')) return null;
  const only = o.fact.trim().split(/\s/).length === 1 || /^[^ ]+ == /.test(o.fact);
  if (!only) return null;
  if (fact === 'value' && kind === 'coin-row') return { game, position: keys.row };
  if (fact === 'value' && kind === 'heaps') return { game: game || 'nim', position: keys.heaps };
  if (fact === 'value' && kind === 'hackenbush') return { game: 'green-hackenbush', position: keys.position };
  if (fact === 'value' && kind === 'pin-row') {
    const runs = keys.row.split(/[^|]+/).map((r) => r.length).filter((n) => n > 0);
    return { game: game || 'kayles', position: runs.length ? runs.join(',') : '0' };
  }
  if (fact === 'mex' && kind === 'mex-ladder') {
    if (keys.place) return { game, position: `${'T'.repeat(Number(keys.place) - 1)}H` };
    if (keys.size) return { game, position: keys.size };
    return keys.position ? { game, position: keys.position } : null;
  }
  if (kind === 'sum' && keys.parts && !keys.parts.includes('site:')) {
    // A sum's parts as `game:position`, valued by `grundy sum` (its `direct` solve too).
    const parts = keys.parts.split('","').map((t) => t.replace(/"/g, ''));
    const part = fact.match(/^parts\[(\d+)\]$/);
    if (part && parts[Number(part[1])]) {
      const p = parts[Number(part[1])];
      const at = p.lastIndexOf(':');
      return { game: p.slice(0, at), position: p.slice(at + 1) };
    }
    if (fact === 'value' || fact === 'direct') return { sum: parts, fact };
  }
  const index = fact.match(/^values\[(\d+)\]$/);
  if (index && kind === 'value-table') {
    const k = Number(index[1]);
    const coins = engineCoins(game);
    return { game, position: coins ? `${'T'.repeat(k)}H` : String(k) };
  }
  return null;
}

/** Whether the engine reads the game's positions as rows of coins. */
function engineCoins(game) {
  return spawnSync(grundyBinary(), ['value', game, 'H', '--json'], { encoding: 'utf8' }).status === 0;
}

/**
 * The inserted numbers that are one position's value, each compared with the
 * engine's answer for the position its directive names: those that agree and
 * what differs.
 */
function compareWithEngine(found, places) {
  const same = [];
  const wrong = [];
  for (const o of found) {
    const at = o.missing ? null : positionOf(o, places);
    if (!at) continue;
    const value = at.sum ? engineJson(['sum', ...at.sum])[at.fact] : engineValue(at.game, at.position).value;
    const asked = at.sum ? `the sum ${at.sum.join(' + ')} (${at.fact})` : `${at.game} ${at.position}`;
    // A number of five digits or more is grouped by thousands in prose.
    if (Number(o.shown.replace(/[,\u202f]/g, '')) === value) same.push(`${o.fact}=${value}`);
    else wrong.push(`${o.fact} shows ${o.shown}, the engine says ${value} for ${asked}`);
  }
  return { same, wrong };
}

/** Where each entry of the claims page stands in the essays' files (claims.json: the data for tools), by its id. */
async function claimsPlaces(base) {
  const claims = await (await fetch(new URL('claims.json', base))).json();
  return new Map(claims.essays.flatMap((e) => e.records.map((r) => [r.anchor, { file: r.file, line: r.line }])));
}

/** Every essay at both widths: each note opened by mouse, keyboard and touch. */
export async function checkHow(browser, base, pages, report, site) {
  const essays = pages.filter((p) => p.kind === 'essay');
  let numbers = 0;
  let boxes = 0;
  let literal = 0;
  const compared = [];
  const places = await claimsPlaces(base);
  for (const [label, viewport, touch] of [['1280 px', DESKTOP, false], [`${PHONE.width} px`, PHONE, true]]) {
    for (const p of essays) {
      await report.check(`${site}: ${p.path} at ${label}: every number and check box opens its note by mouse, keyboard and touch`, async () => {
        const s = await session(browser, base, { viewport, hasTouch: touch });
        try {
          const { page, problems: pageProblems } = await open(s, base, p.path);
          const { found, problems } = await auditNotes(page, touch ? ['hover', 'focus', 'tap'] : ['hover', 'focus']);
          const boxCount = found.filter((o) => o.what.startsWith('grundy-check')).length;
          if (!touch) {
            numbers += found.length - boxCount;
            boxes += boxCount;
            literal += found.filter((o) => !o.missing && o.src === '').length;
          }
          assert(problems.length === 0, problems.slice(0, 12).join('\n') + (problems.length > 12 ? `\n... ${problems.length} in all` : ''));
          assert(pageProblems.length === 0 && s.offsite.length === 0, [...pageProblems, ...s.offsite].join('\n'));
          if (!touch) {
            const { same, wrong } = compareWithEngine(found, places);
            assert(wrong.length === 0, wrong.join('\n'));
            compared.push(...same);
          }
          return `${found.length} notes (${boxCount} check boxes)`;
        } finally {
          await s.close();
        }
      });
    }
  }
  report.note(`${site}: notes opened on ${numbers} numbers and claims and ${boxes} check boxes (${literal} read no directive), by mouse and keyboard at 1280 px and by mouse, keyboard and touch at ${PHONE.width} px; ${compared.length} inserted single-position values compared with the engine`);
  await checkHowCatchesMissingNotes(browser, base, essays, report, site);
}

/** The check fails on a page whose note is missing, moved out of its number, or pushed off the window. */
export async function checkHowCatchesMissingNotes(browser, base, essays, report, site) {
  const p = essays.find((e) => e.path.includes('periodicity')) || essays[0];
  if (!p) return;
  await report.check(`${site}: the note check fails on a page whose notes are broken`, async () => {
    const s = await session(browser, base, { viewport: PHONE, hasTouch: true });
    try {
      const { page } = await open(s, base, p.path);
      const broken = await page.evaluate(() => {
        const notes = document.querySelectorAll('.fact .how');
        notes[0].remove();
        const second = notes[1];
        second.parentElement.after(second);
        const third = notes[2];
        third.style.left = '-20rem';
        third.style.width = '60rem';
        return 3;
      });
      // And a number the engine disagrees with: the first inserted value of a position.
      const changed = await page.evaluate(() => {
        const fact = document.querySelector('.fact[data-fact$=".value"]');
        fact.firstChild.textContent = String(Number(fact.firstChild.textContent) + 1);
        return fact.dataset.fact;
      });
      const { found, problems } = await auditNotes(page, ['hover', 'tap']);
      const why = problems.join('\n');
      assert(/is not inside it/.test(why), `a missing note went unnoticed:\n${why}`);
      assert(/outside the 390 px window/.test(why), `a note past the window went unnoticed:\n${why}`);
      const { wrong } = compareWithEngine(found, await claimsPlaces(base));
      assert(wrong.some((w) => w.startsWith(`${changed} shows`)), `a wrong ${changed} went unnoticed: ${wrong.join('; ')}`);
      return `${broken} notes broken and a number changed: ${problems.length} problems found, ${wrong[0]}`;
    } finally {
      await s.close();
    }
  });
}
