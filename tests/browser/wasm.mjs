// The engine in the page (static/js/engine.js and wasm/grundy.wasm), group
// `wasm`, on the essays' site:
//
// - every essay with explorable or playable figures loads the module after
//   the page with no error and no failed request (its load time noted), and
//   a page without such figures never asks for it;
// - a sample of the module's answers in the page (every figure's game and
//   position, and positions past the embedded tables) is compared with the
//   `grundy` binary's, and its one-coin values with the tables the build
//   embedded; a planted wrong answer must fail the same comparison;
// - every playable figure is played against the module: the reader's moves
//   random (from the module's options) or the hint; the hint, and every
//   reply of the machine from an N-position, must leave a position the
//   binary says is P;
// - an editable coin row is set to 26 places (past the 16 embedded) and to
//   heaps past the embedded 20: the value shown must be the binary's and the
//   winning move shown must leave a position the binary values at 0; a
//   playable figure's row is edited past its board's length too, and an
//   editable heap figure is set past the 40 stones a game's board draws (a
//   heap of 57), which only the engine's own limit bounds. With
//   GRUNDY_EDIT_SHOTS=DIR a screenshot of the 26-coin row is saved there.

import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { assert, placeOf } from './report.mjs';
import { session, open, whenPlayable } from './pages.mjs';
import { execFileSync } from 'node:child_process';
import { engineJson, grundyBinary } from './engine.mjs';
import { seeded } from './edit.mjs';
import { coinMoveError, coinRule } from './judge.mjs';

const SHOTS = process.env.GRUNDY_EDIT_SHOTS;

/**
 * Opens `path` with WebAssembly (and engine.js passed through `rewrite`,
 * when given); returns the session, the page and its problems.
 */
async function withEngine(browser, base, p, rewrite) {
  const s = await session(browser, base, { wasm: true });
  if (rewrite) {
    await s.context.route('**/js/engine.js', async (route) => {
      const response = await route.fetch();
      const body = rewrite(await response.text());
      await route.fulfill({ response, body });
    });
  }
  const opened = await open(s, base, p);
  await whenPlayable(opened.page);
  return { s, ...opened };
}

async function engineState(page) {
  const asks = await page.evaluate(() => document.querySelectorAll('figure[data-grundy-play], figure[data-grundy-explore*="&quot;edit&quot;"], figure[data-grundy-explore*=\'"edit"\']').length);
  if (asks) await page.waitForFunction(() => document.documentElement.dataset.grundyEngine, null, { timeout: 15_000 }).catch(() => {});
  return page.evaluate(() => ({
    asks: document.querySelectorAll('figure[data-grundy-play], figure[data-grundy-explore*="&quot;edit&quot;"], figure[data-grundy-explore*=\'"edit"\']').length,
    state: document.documentElement.dataset.grundyEngine || null,
    loadMs: window.GrundyEngine && window.GrundyEngine.current() ? window.GrundyEngine.current().loadMs : null,
  }));
}

/** Asks the module in the page: `ask` of `game` at each position. */
function askInPage(page, ask, game, positions) {
  return page.evaluate(([a, g, ps]) => ps.map((p) => window.GrundyEngine.current()[a](g, p)), [ask, game, positions]);
}

/** The binary's verdict on a position: `{value, outcome}`. */
function binary(game, position) {
  if (/^site:/.test(game) && position.includes(',')) {
    const { value } = engineJson(['sum', ...position.split(',').map((h) => `${game}:${h}`)]);
    return { value, outcome: value === 0 ? 'P' : 'N' };
  }
  const { value, outcome } = engineJson(['value', game, position]);
  return { value, outcome };
}

/** The binary's verdict, or `{refused: true}` where it refuses the position (exit 2, a limit). */
function binaryOrRefusal(game, position) {
  try {
    execFileSync(grundyBinary(), ['value', game, position, '--json'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    if (e.status === 2) return { refused: true };
    throw e;
  }
  return binary(game, position);
}

/**
 * The answers of `got` (the module's `value` answers) that are not the
 * binary's: a value or outcome that differs, or a refusal by one of them only.
 */
export function wrongValues(game, positions, got) {
  const wrong = [];
  positions.forEach((p, i) => {
    const want = binaryOrRefusal(game, p);
    if (want.refused || got[i].error) {
      if (!want.refused || !got[i].error) wrong.push(`${game} ${p}: page ${JSON.stringify(got[i])}, grundy ${want.refused ? 'refused it' : JSON.stringify(want)}`);
      return;
    }
    if (got[i].value !== want.value || got[i].outcome !== want.outcome) {
      wrong.push(`${game} ${p}: page ${JSON.stringify(got[i])}, grundy ${JSON.stringify(want)}`);
    }
  });
  return wrong;
}

const isCoins = (game) => !/nim|kayles|octal|hex|subtraction|grundys|misere|wythoff|chomp|hackenbush|site:/.test(game);

/** Positions of `game` past what the page embeds: rows of 17 to 26 coins, heaps of 21 to 40. */
function farPositions(game, random, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    if (isCoins(game)) {
      const len = 17 + Math.floor(random() * 10);
      out.push(Array.from({ length: len }, () => (random() < 0.4 ? 'H' : 'T')).join(''));
    } else {
      const count = 1 + Math.floor(random() * 3);
      out.push(Array.from({ length: count }, () => 21 + Math.floor(random() * 20)).join(','));
    }
  }
  return out;
}

export async function checkWasm(browser, base, essays, report, site) {
  if (site.fixture) return;
  const random = seeded(30);
  const times = [];
  const figured = [];
  for (const p of essays) {
    await report.check(`${site.name} ${p.path}: the engine loads only where figures ask for it`, async () => {
      const { s, page, problems } = await withEngine(browser, base, p.path);
      try {
        const { asks, state, loadMs } = await engineState(page);
        const fetched = s.requests.filter((u) => u.endsWith('/wasm/grundy.wasm'));
        if (!asks) {
          assert(fetched.length === 0, `a page without figures fetched the module: ${fetched}`);
          return;
        }
        figured.push(p.path);
        assert(state === 'ready', `the module did not load (state ${state})`);
        assert(fetched.length === 1, `the module was fetched ${fetched.length} times`);
        assert(problems.length === 0, problems.join('; '));
        times.push(loadMs);
      } finally {
        await s.close();
      }
    });
  }
  if (times.length) {
    const sorted = times.slice().sort((a, b) => a - b);
    report.note(`${site.name}: the module loaded on ${times.length} pages in ${sorted[0].toFixed(0)}-${sorted[sorted.length - 1].toFixed(0)} ms (median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms)`);
  }

  await report.check(`${site.name}: the module's answers in the page are the binary's and the build's`, async () => {
    let compared = 0;
    for (const path_ of figured) {
      const { s, page } = await withEngine(browser, base, path_);
      try {
        await engineState(page);
        const figures = await page.evaluate(() => [...document.querySelectorAll('figure[data-grundy-explore]')].map((f) => JSON.parse(f.getAttribute('data-grundy-explore'))));
        for (const f of figures) {
          if (!f.game || /^site:/.test(f.game) || !f.position || f.shows === 'pins' || f.shows === 'xor' && !isCoins(f.game) && f.edit?.type === 'numbers') continue;
          const known = await askInPage(page, 'value', f.game, [f.position]);
          if (known[0].error) continue;
          const positions = [f.position, ...farPositions(f.game, random, 6)];
          const got = await askInPage(page, 'value', f.game, positions);
          const wrong = wrongValues(f.game, positions, got);
          assert(!wrong.length, wrong.join('\n'));
          compared += positions.length;
          // The build's one-coin values, embedded in the figure, are the module's too.
          const values = f.edit && f.edit.values;
          if (values && f.edit.type === 'coins') {
            const rows = values.map((_, i) => `${'T'.repeat(i)}H`);
            const mine = await askInPage(page, 'value', f.game, rows);
            const off = values.map((v, i) => (mine[i].value === v ? null : `place ${i + 1}: embedded ${v}, module ${mine[i].value}`)).filter(Boolean);
            assert(!off.length, `${f.game}: ${off.join(', ')}`);
            compared += rows.length;
          }
        }
      } finally {
        await s.close();
      }
    }
    assert(compared >= 50, `only ${compared} answers compared`);
    return `${compared} answers compared`;
  });

  await report.check(`${site.name}: the comparison catches a planted wrong answer`, async () => {
    const positions = ['TTHTHTTH', 'HHTH'];
    const planted = positions.map((p) => ({ ...binary('turning-turtles', p) }));
    planted[1] = { ...planted[1], value: planted[1].value + 1 };
    const wrong = wrongValues('turning-turtles', positions, planted);
    assert(wrong.length === 1 && wrong[0].includes('HHTH'), `not caught: ${wrong}`);
    // A refusal where the binary answers is caught too.
    const refused = wrongValues('turning-turtles', positions, [planted[0], { error: { kind: 'TooLarge' } }]);
    assert(refused.length === 1, `a refusal not caught: ${refused}`);
  });

  for (const path_ of figured) {
    await report.check(`${site.name} ${path_}: every playable figure plays against the module`, async () => {
      const { s, page, problems } = await withEngine(browser, base, path_);
      try {
        await engineState(page);
        const count = await page.evaluate(() => document.querySelectorAll('figure[data-grundy-play]').length);
        if (!count) return 'no playable figure';
        let judged = 0;
        for (let i = 0; i < count; i++) judged += await playOne(page, i, random);
        assert(problems.length === 0, problems.join('; '));
        return `${count} figures, ${judged} moves judged by the binary`;
      } finally {
        await s.close();
      }
    });
  }

  await report.check(`${site.name}: coin rows edited to 26 places (playable rows too), heaps past 40 and long rows of pins get exact values and moves`, async () => {
    const said = [];
    let longest = 0;
    let beyond = 0;
    for (const path_ of figured) {
      const { s, page, problems } = await withEngine(browser, base, path_);
      try {
        await engineState(page);
        const done = await editPastTables(page, path_, random);
        assert(!done.wrong.length, done.wrong.join('\n'));
        said.push(...done.said);
        longest += done.longest;
        beyond += done.beyond;
        assert(problems.length === 0, problems.join('; '));
      } finally {
        await s.close();
      }
    }
    assert(longest >= 2, `only ${longest} rows of 26 coins edited`);
    assert(beyond >= 1, 'no heap past 40 edited');
    return said.join('; ');
  });

  // The same edits and games with a module that lies: engine.js served with
  // its value off by one for rows of 26 coins, and its "winning" move the
  // last legal one, whatever it leaves.
  if (figured.includes('/coin-turning/') && figured.includes('/turning-turtles/')) {
    await report.check(`${site.name}: a lying module fails the edit and play comparisons`, async () => {
      const lie = (body) => body
        .replace("value: one('value'),", "value: (g, p) => { const a = one('value')(g, p); if (p.length === 26 && a.value !== undefined) a.value += 1; return a; },")
        .replace("move: one('move'),", "move: (g, p) => { const o = one('options')(g, p); return o.moves && o.moves.length ? { ...o, move: o.moves[o.moves.length - 1] } : one('move')(g, p); },");
      const planted = async (path_) => {
        const opened = await withEngine(browser, base, path_, lie);
        await engineState(opened.page);
        return opened;
      };
      let caught = await planted('/coin-turning/');
      try {
        const done = await editPastTables(caught.page, '/coin-turning/', seeded(30));
        assert(done.wrong.length > 0, `the lie went unnoticed in ${done.said.join('; ')}`);
      } finally {
        await caught.s.close();
      }
      caught = await planted('/turning-turtles/');
      try {
        let failed = null;
        const random = seeded(30);
        for (let i = 0; i < 2 && !failed; i++) {
          try {
            await playOne(caught.page, i, random);
          } catch (e) {
            failed = e.message;
          }
        }
        assert(failed && /not a P-position/.test(failed), `the machine's lying replies went unnoticed (${failed})`);
        return failed;
      } finally {
        await caught.s.close();
      }
    });
  }
  await checkChosenLie(browser, base, report, site, figured);
}

/**
 * A module that lies about the move it chooses: engine.js served with its
 * `chosen` answer turning the first nine coins of the row, which Mogul (a
 * move turns 1 to 7) never allows and which leaves an N-position from a
 * P-position (the values of places 1 to 9 XOR to 128). Playing Mogul's
 * figure must catch the machine's reply from a P-position.
 */
export async function checkChosenLie(browser, base, report, site, figured) {
  if (!figured.includes('/mogul-golay/')) return;
  await report.check(`${site.name}: a module that chooses an illegal move fails the play comparison`, async () => {
    const lie = (body) => {
      const planted = body.replace(
        "chosen: (game, p, seed) => ask({ ask: 'chosen', game, position: position(p), seed }),",
        "chosen: (game, p) => { const row = String(p); const after = [...row].map((c, i) => (i >= 9 ? c : c === 'H' ? 'T' : 'H')).join(''); return { game, position: row, move: { action: { turn: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, after } }; },",
      );
      if (planted === body) throw new Error('engine.js has no `chosen` to plant a lie in');
      return planted;
    };
    const caught = await withEngine(browser, base, '/mogul-golay/', lie);
    try {
      await engineState(caught.page);
      // The row of twenty-four coins (the essay opens with a shorter row to play).
      const index = await caught.page.evaluate(() =>
        [...document.querySelectorAll('figure[data-grundy-play]')].findIndex((f) => JSON.parse(f.getAttribute('data-grundy-play')).row?.length === 24),
      );
      assert(index >= 0, 'no playable row of twenty-four coins on /mogul-golay/');
      let failed = null;
      const random = seeded(30);
      for (let round = 0; round < 3 && !failed; round++) {
        try {
          await playOne(caught.page, index, random);
        } catch (e) {
          failed = e.message;
        }
      }
      assert(failed && /chosen move .* coins turned/.test(failed), `the machine's illegal chosen moves went unnoticed (${failed})`);
      return failed;
    } finally {
      await caught.s.close();
    }
  });
}

/** The position a move the page shows in words leaves ("turn coins 5 and 6", "take 2 from the first heap", "knock down pins 3 and 4"). */
function afterShown(shows, typed, words) {
  const numbers = (text) => (text.match(/\d+/g) || []).map(Number);
  if (shows === 'coins') {
    const m = /winning move: turn coins? ([\d, and]+)\./.exec(words);
    if (!m) return null;
    const row = typed.split('');
    for (const p of numbers(m[1])) row[p - 1] = row[p - 1] === 'H' ? 'T' : 'H';
    return row.join('');
  }
  if (shows === 'pins') {
    const m = /winning move: knock down pins? ([\d, and]+)\./.exec(words);
    if (!m) return null;
    const row = typed.split('');
    for (const p of numbers(m[1])) row[p - 1] = '.';
    return row.join('').split('.').filter(Boolean).map((r) => r.length).join(',') || '0';
  }
  const heaps = numbers(typed);
  let m = /winning move: take (\d+) from the (\w+) heap(?:, leaving ([\d +]+|nothing))?\./.exec(words);
  if (m) {
    const left = m[3] === undefined ? [heaps[placeOf(m[2]) - 1] - Number(m[1])] : m[3] === 'nothing' ? [] : numbers(m[3]);
    heaps.splice(placeOf(m[2]) - 1, 1, ...left);
    return heaps.join(',') || '0';
  }
  m = /winning move: split the (\w+) heap into ([\d +]+)\./.exec(words);
  if (m) {
    heaps.splice(placeOf(m[1]) - 1, 1, ...numbers(m[2]));
    return heaps.join(',');
  }
  return null;
}

/**
 * Sets every editable figure of the page past its embedded tables (a row of
 * 26 coins, heaps of 23, 31 and 40, a row of 29 pins) and compares the value
 * shown with the binary's, and the winning move shown, applied to the
 * position, with a position the binary values at 0. Returns what was shown
 * (`said`), what was wrong (`wrong`) and how many rows of 26 coins.
 */
async function editPastTables(page, path_, random) {
  const said = [];
  const wrong = [];
  let longest = 0;
  let beyond = 0;
  const figures = page.locator('figure[data-grundy-explore]').filter({ has: page.locator('.grundy-edit-bar') });
  const n = await figures.count();
  for (let k = 0; k < n; k++) {
    const figure = figures.nth(k);
    const explore = JSON.parse(await figure.getAttribute('data-grundy-explore'));
    const edit = explore.edit || {};
    if (/^site:/.test(explore.game)) continue;
    let typed = null;
    let position = null;
    if (edit.type === 'coins' || (explore.shows === 'coins' && edit.play) || (explore.shows === 'xor' && edit.type === 'row')) {
      typed = farPositions('coins', random, 1)[0].padEnd(26, 'T').slice(0, 25) + 'H';
      position = typed;
    } else if (explore.shows === 'heaps' && (edit.type === 'heaps' || edit.type === 'nim' || edit.play)) {
      // A game's board draws heaps of up to 40 stones; an editor alone goes past.
      typed = edit.play ? '23, 31, 40' : '23, 31, 57';
      position = typed.replace(/ /g, '');
    } else if (explore.shows === 'pins') {
      typed = '|||.||||||.|||||||||||.||||||';
      position = '3,6,11,6';
    } else continue;
    const toggle = figure.locator('button[data-edit="toggle"]');
    if (await toggle.count()) await toggle.click();
    await figure.locator('.grundy-edit-field input').fill(typed);
    await figure.locator('button[data-edit="set"]').click();
    const result = await figure.locator('.grundy-edit-result').textContent();
    const want = binary(explore.game, position);
    const where = `${path_} ${explore.game} ${position}`;
    const m = explore.shows === 'xor' ? /(?:= |is )(\d+)\.?$/.exec(result.trim()) : /Value (\d+)/.exec(result);
    if (!m) {
      wrong.push(`${where}: no value shown: "${result}"`);
      continue;
    }
    if (Number(m[1]) !== want.value) wrong.push(`${where}: shown ${m[1]}, grundy ${want.value}`);
    if (explore.shows !== 'xor' && want.value !== 0) {
      const after = afterShown(explore.shows, typed.replace(/ /g, ''), result);
      if (!after) wrong.push(`${where}: no winning move shown: "${result}"`);
      else if (binary(explore.game, after).value !== 0) wrong.push(`${where}: the winning move shown ("${result}") leaves ${after}, not 0`);
    }
    if (position.length === 26) longest++;
    if (position === '23,31,57') beyond++;
    if (SHOTS && (position.length === 26 || explore.shows === 'pins')) {
      mkdirSync(SHOTS, { recursive: true });
      await figure.screenshot({ path: path.join(SHOTS, `wasm-edit-${path_.replace(/\//g, '')}-${k}.png`) });
    }
    said.push(`${explore.game} ${position} = ${m[1]}`);
  }
  return { said, wrong, longest, beyond };
}

/** The verdict on a figure's position (a pin row is valued as its runs of pins). */
function verdict(game, position, pins) {
  const text = Array.isArray(position) ? position.join(',') : position;
  if (!pins) return binary(game, text);
  const heaps = text.split('.').filter(Boolean).map((r) => r.length);
  return binary(game, heaps.length ? heaps.join(',') : '0');
}

const isP = (v) => v.outcome === 'P';

/**
 * Plays playable figure `i` for up to 10 turns: the reader's move random
 * (from the module's options, or the page's own reply for pins and site
 * games) or, every third turn from the first, the hint (so that the
 * machine, answering from a P-position, plays the move the module chose);
 * judged by the binary.
 */
async function playOne(page, i, random) {
  const info = await page.evaluate((k) => {
    const f = document.querySelectorAll('figure[data-grundy-play]')[k];
    const d = JSON.parse(f.getAttribute('data-grundy-play'));
    return { type: d.type, game: d.game || (d.misere ? 'misere-nim' : 'nim') };
  }, i);
  const pins = info.type === 'pins';
  let judged = 0;
  for (let turn = 0; turn < 10; turn++) {
    const state = await page.evaluate(([k, useHint, r]) => {
      const f = document.querySelectorAll('figure[data-grundy-play]')[k];
      const g = f.grundyPlay;
      if (!g || g.over()) return { over: true };
      const engine = window.GrundyEngine.current();
      let move = null;
      let hinted = false;
      if (useHint) {
        move = g.winningMove();
        hinted = !!move;
      }
      if (!move && g.engineGame && g.engineGame() && g.data.type !== 'pins') {
        const options = engine.options(g.engineGame(), Array.isArray(g.position) ? g.position.join(',') : g.position);
        if (options.moves && options.moves.length) move = g.fromEngine(options.moves[Math.floor(r * options.moves.length)]);
      }
      if (!move) {
        const reply = g.reply();
        move = reply && reply.move;
      }
      if (!move) return { over: true };
      const before = Array.isArray(g.position) ? g.position.slice() : g.position;
      g.answer = null;
      g.playerMove(move, 'The test moved.');
      const afterReader = Array.isArray(g.position) ? g.position.slice() : g.position;
      return { before, afterReader, hinted };
    }, [i, turn % 3 === 0, random()]);
    if (state.over) break;
    if (state.hinted) {
      assert(isP(verdict(info.game, state.afterReader, pins)), `${info.game}: the hint from ${state.before} leaves ${state.afterReader}, not a P-position`);
      judged++;
    }
    await page.waitForFunction((k) => !document.querySelectorAll('figure[data-grundy-play]')[k].grundyPlay.busy, i, { timeout: 10_000 });
    const afterMachine = await page.evaluate((k) => {
      const g = document.querySelectorAll('figure[data-grundy-play]')[k].grundyPlay;
      return Array.isArray(g.position) ? g.position.slice() : g.position;
    }, i);
    const was = verdict(info.game, state.afterReader, pins);
    if (!isP(was) && String(afterMachine) !== String(state.afterReader)) {
      assert(isP(verdict(info.game, afterMachine, pins)), `${info.game}: from the N-position ${state.afterReader} the machine left ${afterMachine}, not a P-position`);
      judged++;
    }
    // From a P-position the machine plays a move the module chose: every
    // move leaves an N-position, and a coin move is one its game's turning
    // code allows.
    if (isP(was) && String(afterMachine) !== String(state.afterReader)) {
      assert(!isP(verdict(info.game, afterMachine, pins)), `${info.game}: from the P-position ${state.afterReader} the machine left ${afterMachine}, a P-position: no move does`);
      const rule = info.type === 'coins' && coinRule(info.game);
      if (rule) {
        const turned = [...afterMachine].map((c, p) => (c !== state.afterReader[p] ? p + 1 : 0)).filter(Boolean);
        const err = coinMoveError(rule, state.afterReader, turned);
        assert(!err, `${info.game}: the machine's chosen move ${turned} from ${state.afterReader}: ${err}`);
      }
      judged++;
    }
  }
  return judged;
}
