// The playable misère Nim figure, driven as a reader would: the hint names a
// move to a P-position, the machine answers every N-position with a move to
// a P-position, and the game ends with whoever took the last stone losing.
// P and N are judged here by a brute-force solve of the moves, apart from
// the engine's table in the page. A misère octal game's figure, played
// through its quotient, is also played whole on its pieces, once by mouse
// and once by keyboard alone (the `touch` group's moves: Tab, arrows,
// Enter, and Tab and Enter through the list of knocks a stone offers), and
// at rest it shows one toolbar and one-line instructions.

import { assert, placeOf } from './report.mjs';
import { missing, playData, press, settle, status, withPage } from './playing.mjs';
import { arrowTo, atRest, focusedPiece, moves, settle as settleMove, tabIn } from './touch.mjs';

/** Misère Nim outcomes from the moves alone: no move left is a win for the player to move. */
const memo = new Map();
export function misereOutcome(heaps) {
  const key = heaps.filter((h) => h > 0).sort((a, b) => a - b).join(',');
  if (!memo.has(key)) {
    let win = heaps.every((h) => h === 0);
    heaps.forEach((h, i) => {
      for (let left = 0; left < h && !win; left++) {
        if (misereOutcome(heaps.map((k, j) => (j === i ? left : k))) === 'P') win = true;
      }
    });
    memo.set(key, win ? 'N' : 'P');
  }
  return memo.get(key);
}

async function liveHeaps(figure, count) {
  return figure.locator('.grundy-live svg').evaluate((svg, n) => {
    const heaps = new Array(n).fill(0);
    for (const s of svg.querySelectorAll('[role="button"][aria-label^="heap "]')) {
      const m = /^heap (\d+), stone \d+ of (\d+)/.exec(s.getAttribute('aria-label'));
      if (m) heaps[Number(m[1]) - 1] = Number(m[2]);
    }
    return heaps;
  }, count);
}

/** Takes `take` stones from heap `heap` (from 0) by clicking the stone that takes them. */
function stone(figure, heaps, heap, take) {
  return figure.locator(`.grundy-live svg [aria-label^="heap ${heap + 1}, stone ${heaps[heap] - take + 1} of ${heaps[heap]}: take ${take},"]`);
}

export async function checkMisere(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const data = await withPage(browser, base, p.path, (page) => playData(page), { strict: false });
    data.forEach((d, index) => {
      if (d && d.type === 'nim' && d.misere) found.push({ page: p.path, index, heaps: d.heaps });
    });
  }
  if (!found.length) {
    missing(report, site, 'misère Nim', 'no playable misère Nim figure');
    return;
  }
  for (const f of found) {
    await report.check(`${site.name}: ${f.page} misère Nim (figure ${f.index + 1}): hints win, every reply is judged, the last stone loses`, async () =>
      withPage(browser, base, f.page, async (page) => {
        const figure = page.locator('figure.grundy-figure').nth(f.index);
        const said = [];
        // Two games: one following the hints (the reader wins from an
        // N-position), one taking a stone from the first heap each turn.
        for (const follow of [true, false]) {
          await press(page, figure, 'restart');
          let heaps = await liveHeaps(figure, f.heaps.length);
          assert(heaps.join(',') === f.heaps.join(','), `the game starts on ${heaps.join(',')}, not ${f.heaps.join(',')}`);
          let text = '';
          for (let turn = 0; turn < 64; turn++) {
            let heap;
            let take;
            if (follow) {
              const hint = await press(page, figure, 'hint');
              const m = /take (\d+) from the (\w+) heap/.exec(hint);
              if (misereOutcome(heaps) === 'P') {
                assert(!m, `the hint on the P-position ${heaps.join(',')} says "${hint}"`);
                heap = heaps.findIndex((h) => h > 0);
                take = 1;
              } else {
                assert(m, `no hint on the N-position ${heaps.join(',')}: "${hint}"`);
                [take, heap] = [Number(m[1]), placeOf(m[2]) - 1];
                const after = heaps.map((h, i) => (i === heap ? h - take : h));
                assert(misereOutcome(after) === 'P', `the hint from ${heaps.join(',')} leaves ${after.join(',')}, an N-position`);
              }
            } else {
              heap = heaps.findIndex((h) => h > 0);
              take = 1;
            }
            const left = heaps.map((h, i) => (i === heap ? h - take : h));
            await stone(figure, heaps, heap, take).click();
            // The move is said at once ("... Thinking…"), the machine's answer after a pause.
            const thinking = await status(figure);
            if (left.every((h) => h === 0)) {
              text = thinking;
              assert(/you lose/.test(text), `the reader took the last stone and the status says "${text}"`);
              break;
            }
            text = await settle(page, figure, thinking);
            const after = await liveHeaps(figure, heaps.length);
            const taken = left.reduce((n, h, i) => n + h - after[i], 0);
            const changed = left.filter((h, i) => h !== after[i]).length;
            assert(changed === 1 && taken > 0, `the machine's reply from ${left.join(',')} left ${after.join(',')}`);
            if (misereOutcome(left) === 'N') {
              assert(misereOutcome(after) === 'P', `from the N-position ${left.join(',')} the machine left ${after.join(',')}, an N-position ("${text}")`);
            }
            heaps = after;
            if (heaps.every((h) => h === 0)) {
              assert(/I took the last stone, so I lose: you win!/.test(text), `the machine took the last stone and the status says "${text}"`);
              break;
            }
          }
          said.push(`${follow ? 'hints' : 'one stone a turn'}: ${text}`);
        }
        if (misereOutcome(f.heaps) === 'N') assert(/you win/.test(said[0]), `following the hints from ${f.heaps.join(',')} ended "${said[0]}"`);
        return said.join('; ');
      }),
    );
  }
}

/** Misère Kayles outcomes from the knocks alone (one pin or two neighbours, a row may split). */
const kaylesMemo = new Map();
export function misereKayles(rows) {
  const sorted = rows.filter((r) => r > 0).sort((a, b) => a - b);
  const key = sorted.join(',');
  if (!kaylesMemo.has(key)) {
    let win = sorted.length === 0;
    sorted.forEach((r, i) => {
      for (const t of [1, 2]) {
        for (let a = 0; a + t <= r && !win; a++) {
          const rest = sorted.filter((_, j) => j !== i).concat([a, r - t - a]);
          if (misereKayles(rest) === 'P') win = true;
        }
      }
    });
    kaylesMemo.set(key, win ? 'N' : 'P');
  }
  return kaylesMemo.get(key);
}

/** The heaps a knock leaves: row `heap` (from 0) replaced by the rows `left`. */
function knocked(heaps, heap, left) {
  return heaps.filter((_, i) => i !== heap).concat(left).filter((h) => h > 0).sort((a, b) => a - b).join(',');
}

/** Plays `take` from heap `heap` leaving `left` (a list of rows): a stone, then the move list when there is one. */
async function knock(figure, heaps, heap, take, left) {
  await stone(figure, heaps, heap, take).click();
  const list = figure.locator('.grundy-moves button');
  if (await list.count()) {
    const words = `leaving ${left.length ? left.join(' + ') : 'nothing'}`;
    const names = await list.allTextContents();
    const at = names.findIndex((n) => n.endsWith(words) || n.includes(`${words}.`) || n.includes(`${words} `));
    assert(at >= 0, `no move "${words}" from heap ${heap + 1} among ${JSON.stringify(names)}`);
    await list.nth(at).click();
  }
}

export async function checkMisereQuotient(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const data = await withPage(browser, base, p.path, (page) => playData(page), { strict: false });
    data.forEach((d, index) => {
      if (d && d.misere && d.quotient) found.push({ page: p.path, index, type: d.type, heaps: d.heaps, row: d.row, game: d.game });
    });
  }
  if (!found.length) {
    missing(report, site, 'misère quotient', 'no playable misère heap game or row of pins with its quotient');
    return;
  }
  for (const f of found.filter((g) => g.type === 'pins')) {
    await report.check(`${site.name}: ${f.page} ${f.game} on pins (figure ${f.index + 1}): the quotient line calls every row as a solve does, the hint and the machine leave P-positions`, async () =>
      withPage(browser, base, f.page, (page) => playPinsThroughQuotient(page, page.locator('figure.grundy-figure').nth(f.index), f)),
    );
  }
  for (const f of found.filter((g) => g.type === 'heaps')) {
    await report.check(`${site.name}: ${f.page} ${f.game} (figure ${f.index + 1}): the quotient line calls every position as a solve does, the machine answers with P-positions`, async () =>
      withPage(browser, base, f.page, async (page) => {
        assert(f.game === 'misere:kayles', `a playable misère quotient figure of ${f.game}: this test solves Kayles only`);
        const figure = page.locator('figure.grundy-figure').nth(f.index);
        const line = figure.locator('.grundy-quotient');
        const said = [];
        let called = 0;
        for (const follow of [true, false]) {
          await press(page, figure, 'restart');
          let heaps = await liveHeaps(figure, f.heaps.length);
          assert(heaps.join(',') === f.heaps.join(','), `the game starts on ${heaps.join(',')}, not ${f.heaps.join(',')}`);
          let text = '';
          for (let turn = 0; turn < 64; turn++) {
            const shownP = (await line.getAttribute('data-p')) === 'true';
            const words = await line.textContent();
            assert(shownP === (misereKayles(heaps) === 'P'), `at ${heaps.join(',')} the quotient line says "${words}", the solve ${misereKayles(heaps)}`);
            called++;
            let heap;
            let take;
            let left;
            const hint = follow ? await press(page, figure, 'hint') : '';
            const m = /take (\d+) from the (\w+) heap, leaving ([\d +]+|nothing)/.exec(hint);
            if (follow && misereKayles(heaps) === 'N') {
              assert(m, `no hint on the N-position ${heaps.join(',')}: "${hint}"`);
              [take, heap] = [Number(m[1]), placeOf(m[2]) - 1];
              left = m[3] === 'nothing' ? [] : m[3].split(' + ').map(Number);
              assert(misereKayles(knocked(heaps, heap, left).split(',').filter(Boolean).map(Number)) === 'P', `the hint from ${heaps.join(',')} ("${hint}") leaves an N-position`);
            } else {
              heap = heaps.findIndex((h) => h > 0);
              take = 1;
              left = heaps[heap] > 1 ? [heaps[heap] - 1] : [];
            }
            const mine = knocked(heaps, heap, left).split(',').filter(Boolean).map(Number);
            await knock(figure, heaps, heap, take, left);
            const thinking = await status(figure);
            if (!mine.length) {
              text = thinking;
              assert(/you lose/.test(text), `the reader knocked the last pin and the status says "${text}"`);
              break;
            }
            text = await settle(page, figure, thinking);
            const after = await liveHeaps(figure, 32);
            const rows = after.filter((h) => h > 0).sort((a, b) => a - b);
            if (misereKayles(mine) === 'N') {
              assert(misereKayles(rows) === 'P', `from the N-position ${mine.join(',')} the machine left ${rows.join(',')} ("${text}")`);
            }
            heaps = after.slice(0, after.findLastIndex((h) => h > 0) + 1);
            if (!rows.length) {
              assert(/so I lose: you win!/.test(text), `the machine knocked the last pin and the status says "${text}"`);
              break;
            }
          }
          said.push(`${follow ? 'hints' : 'one pin a turn'}: ${text}`);
        }
        if (misereKayles(f.heaps) === 'N') assert(/you win/.test(said[0]), `following the hints from ${f.heaps.join(',')} ended "${said[0]}"`);
        return `${called} positions called by the quotient line; ${said.join('; ')}`;
      }),
    );
  }
}

/** The runs of standing pins of a row (`|` a pin, `.` a gap), left to right. */
const runs = (row) => row.split(/\.+/).filter(Boolean).map((r) => r.length);

/** The row after knocking down the places `fell`. */
const knockedRow = (row, fell) => [...row].map((c, i) => (fell.includes(i + 1) ? '.' : c)).join('');

/**
 * Two games on a misère row of pins, one following the hints and one
 * knocking the first pin standing each turn: at every row the quotient line
 * says P exactly when the knocks-alone solve does, the hint's pins leave a
 * P-position, and the machine answers an N-position with one.
 */
async function playPinsThroughQuotient(page, figure, f) {
  assert(f.game === 'misere:kayles', `a playable misère quotient figure of ${f.game}: this test solves Kayles only`);
  const line = figure.locator('.grundy-quotient');
  const liveRow = () => figure.locator('.grundy-live svg').getAttribute('data-row');
  const said = [];
  let called = 0;
  for (const follow of [true, false]) {
    await press(page, figure, 'restart');
    let row = await liveRow();
    assert(row === f.row, `the game starts on ${row}, not ${f.row}`);
    let text = '';
    for (let turn = 0; turn < 64; turn++) {
      const solve = misereKayles(runs(row));
      const shownP = (await line.getAttribute('data-p')) === 'true';
      assert(shownP === (solve === 'P'), `at ${row} the quotient line says "${await line.textContent()}", the solve ${solve}`);
      called++;
      let fell = [row.indexOf('|') + 1];
      if (follow) {
        const hint = await press(page, figure, 'hint');
        const marked = await figure.locator('.grundy-live svg .g-hint[data-place]').evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-place'))));
        if (solve === 'N') {
          assert(marked.length > 0, `no pins marked by the hint on the N-position ${row}: "${hint}"`);
          assert(misereKayles(runs(knockedRow(row, marked))) === 'P', `the hint on ${row} marks pins ${marked.join(', ')}, which leave an N-position ("${hint}")`);
          fell = marked;
        } else {
          assert(marked.length === 0, `the hint on the P-position ${row} marks pins ${marked.join(', ')}`);
        }
      }
      for (const p of fell) await figure.locator(`.grundy-live svg [data-place="${p}"][tabindex]`).click();
      await figure.locator('.grundy-piece-bar button[data-action="knock"]').click();
      const mine = knockedRow(row, fell);
      const thinking = await status(figure);
      if (!mine.includes('|')) {
        text = thinking;
        assert(/You knocked down the last pin, so you lose/.test(text), `the reader knocked the last pin and the status says "${text}"`);
        break;
      }
      text = await settle(page, figure, thinking);
      row = await liveRow();
      if (misereKayles(runs(mine)) === 'N') {
        assert(misereKayles(runs(row)) === 'P', `from the N-position ${mine} the machine left ${row} ("${text}")`);
      }
      if (!row.includes('|')) {
        assert(/I knocked down the last pin, so I lose: you win!/.test(text), `the machine knocked the last pin and the status says "${text}"`);
        break;
      }
    }
    said.push(`${follow ? 'hints' : 'first pin a turn'}: ${text}`);
  }
  if (misereKayles(runs(f.row)) === 'N') assert(/you win/.test(said[0]), `following the hints from ${f.row} ended "${said[0]}"`);
  return `${called} rows called by the quotient line; ${said.join('; ')}`;
}

/**
 * The reader's next knock in a misère heap game: the winning move when there
 * is one, else the first; the stone that takes it, and the place of the
 * knock in the list the stone offers (null when the stone plays at once).
 */
function nextKnock(figure) {
  return figure.evaluate((f) => {
    const g = f.grundyPlay;
    const all = g.options();
    if (!all.length) return null;
    const same = (a, b) => a.heap === b.heap && a.take === b.take && a.left.join(',') === b.left.join(',');
    const move = g.winningMove() || all[0];
    const offered = all.filter((m) => m.heap === move.heap && m.take === move.take);
    const h = g.position[move.heap];
    return {
      stone: `[data-heap="${move.heap}"][data-stone="${h - move.take}"]`,
      listed: offered.length > 1 ? offered.findIndex((m) => same(m, move)) : null,
      words: g.core.describeHeapMove(move, window.GrundyWords),
    };
  });
}

/** How the game ended, from its status line, or null while it goes on. */
function ended(said) {
  if (/you lose/.test(said)) return 'machine won';
  if (/so I lose: you win!/.test(said)) return 'reader won';
  return null;
}

/** One whole game of a misère heap figure, by mouse or by keyboard alone. */
async function playKnocks(page, figure, byKeys) {
  const log = [];
  let listed = 0;
  if (byKeys) await tabIn(page, figure);
  for (let turn = 0; turn < 80; turn++) {
    const m = await nextKnock(figure);
    assert(m, `no move is left but the game did not say so: ${log.slice(-1)}`);
    const before = await moves(figure);
    if (byKeys) {
      await arrowTo(page, figure, m.stone);
      await page.keyboard.press('Enter');
    } else {
      await figure.locator(`.grundy-live svg ${m.stone}`).click();
    }
    if (m.listed !== null) {
      listed++;
      const list = figure.locator('.grundy-moves button');
      assert((await list.count()) > m.listed, `the stone for "${m.words}" offered ${await list.count()} knocks`);
      if (byKeys) {
        const first = await page.evaluate(() => document.activeElement && document.activeElement.closest('.grundy-moves') !== null);
        assert(first, `Enter on the stone for "${m.words}" left the focus outside its list of knocks`);
        for (let i = 0; i < m.listed; i++) await page.keyboard.press('Tab');
        const on = await page.evaluate(() => document.activeElement.textContent);
        assert(on === m.words.replace(/ from the \w+ heap/, ''), `Tab reached "${on}", not the knock "${m.words}"`);
        await page.keyboard.press('Enter');
      } else {
        await list.nth(m.listed).click();
      }
    }
    const said = await settleMove(page, figure, before);
    log.push(said);
    const end = ended(said);
    if (end) {
      const left = await figure.locator('.grundy-live svg [data-stone]').count();
      assert(left === 0, `the status says the game is over ("${said}") with ${left} stones standing`);
      return `${end} in ${turn + 1} turns (${byKeys ? 'keyboard' : 'mouse'}), ${listed} knocks chosen from a stone's list`;
    }
    if (byKeys && !(await focusedPiece(figure))) await tabIn(page, figure);
  }
  throw new Error('the game did not end in 80 turns');
}

/** The playable misère heap figures with a quotient: played whole by mouse and by keyboard, and looked at at rest. */
export async function checkMisereQuotientPieces(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const data = await withPage(browser, base, p.path, (page) => playData(page), { strict: false });
    data.forEach((d, index) => {
      if (d && d.type === 'heaps' && d.misere && d.quotient) found.push({ page: p.path, index, game: d.game });
    });
  }
  // A misère row of pins is played whole on its pins by the `touch` group.
  if (!found.length) return;
  for (const f of found) {
    const name = `${site.name}: ${f.page} ${f.game} (figure ${f.index + 1})`;
    const at = (page) => page.locator('figure.grundy-figure').nth(f.index);
    await report.check(`${name}: at rest one toolbar and one-line instructions, at 1280 and 390 px`, async () => {
      const out = [];
      for (const width of [1280, 390]) {
        await withPage(browser, base, f.page, async (page) => {
          await page.setViewportSize({ width, height: 900 });
          const r = await atRest(at(page));
          assert(r.toolbars === 1, `${width} px: ${r.toolbars} toolbars shown`);
          // The quotient line is no instruction; at 1280 px the fit group keeps it to one line.
          const long = r.long.filter((t) => !t.startsWith('Element '));
          assert(long.length === 0, `${width} px: instructions over one line: ${JSON.stringify(long)}`);
          out.push(`${width} px: ${r.buttons.length} buttons`);
        });
      }
      return out.join('; ');
    });
    await report.check(`${name}: a whole game by mouse on the pieces and the list of knocks`, () =>
      withPage(browser, base, f.page, (page) => playKnocks(page, at(page), false)));
    await report.check(`${name}: a whole game by keyboard (Tab, arrows, Enter, Tab through the knocks)`, () =>
      withPage(browser, base, f.page, (page) => playKnocks(page, at(page), true)));
  }
}
