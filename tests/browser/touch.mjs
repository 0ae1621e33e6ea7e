// Playing on the pieces (group `touch`): every playable figure of a site is
// played to its end twice, once by clicking its coins, stones and pins (and
// the confirm button that appears by a selection) and once by keyboard alone
// (Tab into the figure, then arrows, Space and Enter). The reader follows the
// winning move when there is one (else the first legal move), read from the
// figure's game; which pieces to act on is worked out here. The end must
// leave no piece to play and say the right winner: under normal play whoever
// moved last wins, under misère play loses (a misère row of pins is played
// here too; misère heap games, through their quotient, in the `misere`
// group). A choice the game refuses must
// show its reason on the figure, by the piece. At rest, at 1280 and 390 px,
// each playable figure shows one toolbar, its buttons counted, and no
// instruction longer than one line.

import { assert } from './report.mjs';
import { missing, status, withPage } from './playing.mjs';

const REPLY = / I (turned|took|knocked|chose)\b/;

/** The playable figures of a page: index, kind, game, misère. */
function playables(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('figure.grundy-figure')].flatMap((f, index) => {
      if (!f.grundyPlay) return [];
      const d = f.grundyPlay.data;
      return [{ index, type: d.type, game: d.game || (d.misere ? 'misere-nim' : 'nim'), misere: !!d.misere }];
    }),
  );
}

/** The reader's next move, as pieces to act on: [{selector}], and whether a confirm is needed. */
function nextMove(figure) {
  return figure.evaluate((f) => {
    const g = f.grundyPlay;
    const type = g.data.type;
    let move = g.winningMove();
    if (!move) {
      const all = g.options();
      if (!all.length) return null;
      move = type === 'pins' ? window.GrundyEngine.pinKnock(g.position, all[0]) : all[0];
    }
    if (type === 'coins') return { type, pieces: move.map((p) => `[data-place="${p}"][role="button"]`), confirm: true, words: `turn ${move.join(', ')}` };
    if (type === 'pins') {
      const pieces = [];
      for (let p = move.first; p < move.first + move.count; p++) pieces.push(`[data-place="${p}"][tabindex]`);
      return { type, pieces, confirm: true, words: `knock ${move.first}+${move.count}` };
    }
    // A take from both heaps (Wythoff's game) is the bridge that takes that many.
    if (move.both) return { type, pieces: [`[data-bridge][data-take="${move.take}"]`], confirm: false, words: `take ${move.take} from both heaps` };
    const h = g.position[move.heap];
    return { type, pieces: [`[data-heap="${move.heap}"][data-stone="${h - move.take}"]`], confirm: false, words: `take ${move.take} from heap ${move.heap + 1}` };
  });
}

/** How many pieces are left to play: coins showing heads, stones, standing pins. */
function piecesLeft(figure) {
  return figure.locator('.grundy-live svg').evaluate((svg) =>
    svg.querySelectorAll('[aria-label$=", heads"], [data-stone], .g-pin[tabindex]').length);
}

/** The words a game ends with, for the side that moved last (`t`: the figure's kind, misère or not). */
function endWords(t, readerLast) {
  if (t.misere && t.type === 'pins') return readerLast ? 'You knocked down the last pin, so you lose: I win.' : 'I knocked down the last pin, so I lose: you win!';
  if (t.misere) return readerLast ? 'You took the last stone, so you lose: I win.' : 'I took the last stone, so I lose: you win!';
  return readerLast ? 'No move is left: you win!' : 'No move is left for you: I win.';
}

/** The number of moves the figure's game has recorded (its history: the same words may come twice). */
export function moves(figure) {
  return figure.evaluate((f) => f.grundyPlay.history.entries.length);
}

/** Waits until the game has recorded a move past `before` moves and the machine is not thinking; returns the status. */
export async function settle(page, figure, before) {
  const handle = await figure.elementHandle();
  await page.waitForFunction(([f, n]) => {
    const g = f.grundyPlay;
    return g.history.entries.length > n && !g.busy && !/Thinking/.test(f.querySelector('.grundy-status').textContent);
  }, [handle, before], { timeout: 10_000 });
  return status(figure);
}

/** Waits for the machine (if it answers) and checks the end of the game when it has come. */
async function afterMove(page, figure, before, t, log) {
  const said = await settle(page, figure, before);
  log.push(said);
  const left = await piecesLeft(figure);
  const ended = /No move is left|last stone|last pin/.test(said);
  if (!ended) {
    assert(left > 0, `no piece is left but the status says "${said}"`);
    return false;
  }
  assert(left === 0, `the status says the game is over ("${said}") with ${left} pieces to play`);
  const readerLast = !REPLY.test(said);
  const want = endWords(t, readerLast);
  assert(said.endsWith(want), `the game ended ${readerLast ? 'on the reader\u2019s move' : 'on the machine\u2019s'}; the status says "${said}", not "${want}"`);
  return readerLast === !t.misere ? 'reader won' : 'machine won';
}

/** One game by mouse: the pieces clicked, then the confirm button that appears by them. */
async function playByMouse(page, figure, t) {
  const log = [];
  for (let turn = 0; turn < 80; turn++) {
    const m = await nextMove(figure);
    assert(m, `no move left but the game did not say so: ${log.slice(-1)}`);
    const before = await moves(figure);
    for (const sel of m.pieces) await figure.locator(`.grundy-live svg ${sel}`).click();
    if (m.confirm) {
      const confirm = figure.locator('.grundy-piece-bar button[data-action]');
      assert(await confirm.isVisible(), `no confirm button by the selection to ${m.words}`);
      await confirm.click();
    }
    const end = await afterMove(page, figure, before, t, log);
    if (end) return `${end} in ${turn + 1} turns`;
  }
  throw new Error('the game did not end in 80 turns');
}

/** The focused piece's label in the figure, or null. */
export function focusedPiece(figure) {
  return figure.evaluate((f) => {
    const a = document.activeElement;
    const svg = f.querySelector('.grundy-live svg');
    if (!a || !svg || !svg.contains(a)) return null;
    return a === svg ? 'drawing' : a.getAttribute('aria-label');
  });
}

/** Tab into the figure's pieces: the figure is focused (as a reader's Tab from the text before it would pass it), then Tab. */
export async function tabIn(page, figure) {
  await figure.evaluate((f) => {
    f.setAttribute('tabindex', '-1');
    f.focus();
  });
  await page.keyboard.press('Tab');
  await figure.evaluate((f) => f.removeAttribute('tabindex'));
  const label = await focusedPiece(figure);
  assert(label !== 'drawing', 'Tab from the start of the figure stopped on the drawing, not on a piece');
  assert(label, 'Tab from the start of the figure did not reach a piece');
}

/** Moves the focus with arrows to the piece `sel`; returns the keys pressed. */
export async function arrowTo(page, figure, sel) {
  const target = await figure.locator(`.grundy-live svg ${sel}`).getAttribute('aria-label');
  const order = await figure.locator('.grundy-live svg [tabindex]').evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')));
  for (let i = 0; i < 80; i++) {
    const now = await focusedPiece(figure);
    if (!now) await tabIn(page, figure);
    const at = order.indexOf(await focusedPiece(figure));
    const want = order.indexOf(target);
    if (at === want) return;
    await page.keyboard.press(at < want ? 'ArrowRight' : 'ArrowLeft');
  }
  throw new Error(`the arrows never reached ${target}`);
}

/** One game by keyboard: arrows to each piece, Space to choose, Enter to act. */
async function playByKeyboard(page, figure, t) {
  const log = [];
  await tabIn(page, figure);
  for (let turn = 0; turn < 80; turn++) {
    const m = await nextMove(figure);
    assert(m, `no move left but the game did not say so: ${log.slice(-1)}`);
    const before = await moves(figure);
    if (m.confirm) {
      // Space chooses each piece; Enter on the last one chosen plays them.
      for (const sel of m.pieces) {
        await arrowTo(page, figure, sel);
        await page.keyboard.press(' ');
      }
      await page.keyboard.press('Enter');
    } else {
      await arrowTo(page, figure, m.pieces[0]);
      await page.keyboard.press('Enter');
    }
    const end = await afterMove(page, figure, before, t, log);
    if (end) return `${end} in ${turn + 1} turns`;
  }
  throw new Error('the game did not end in 80 turns');
}

/** The reason shown on the figure: the flash by the piece, visible, and a piece outlined. */
async function shownReason(figure, words) {
  const flash = figure.locator('.grundy-piece-bar .grundy-flash');
  assert(await flash.isVisible(), 'no reason shown on the figure');
  const text = await flash.textContent();
  assert(words.test(text), `the reason on the figure says "${text}"`);
  assert((await figure.locator('.grundy-live svg .g-illegal').count()) > 0, 'no piece marked as refused');
  // Shown once, by the piece; the status line tells a screen reader only.
  const line = figure.locator('.grundy-status');
  const seen = await line.evaluate((s) => [...s.childNodes].filter((n) => !(n.classList && n.classList.contains('sr-only'))).map((n) => n.textContent).join(''));
  assert(!seen.includes(text), `the reason shows twice, by the piece and in the status line ("${seen}")`);
  assert((await line.textContent()).includes(text), `the status line does not tell a screen reader "${text}"`);
  return text;
}

/** A refused choice of each kind, by mouse: its reason shows by the piece. */
async function refusal(page, figure, t) {
  if (t.type === 'coins') {
    const tails = figure.locator('.grundy-live svg [role="button"][aria-label$=", tails"]');
    if (!(await tails.count())) return 'no coin shows tails: no refusal to try';
    await tails.first().click();
    await figure.locator('.grundy-piece-bar button[data-action="turn"]').click();
    return shownReason(figure, /tails: the rightmost coin turned must show heads/);
  }
  if (t.type === 'pins') {
    // A fallen pin's place: the row has one, or one knock makes one.
    if (!(await figure.locator('.grundy-live svg .g-pin-gap').count())) {
      const m = await nextMove(figure);
      const before = await moves(figure);
      for (const sel of m.pieces) await figure.locator(`.grundy-live svg ${sel}`).click();
      await figure.locator('.grundy-piece-bar button[data-action="knock"]').click();
      await settle(page, figure, before);
    }
    await figure.locator('.grundy-live svg .g-pin-gap').first().click();
    return shownReason(figure, /is down already/);
  }
  if (t.type === 'heaps') {
    // A take the game has not: the first stone whose take no move of its heap makes.
    const sel = await figure.evaluate((f) => {
      const g = f.grundyPlay;
      const moves = g.options();
      for (let i = 0; i < g.position.length; i++) {
        for (let take = 1; take <= g.position[i]; take++) {
          if (!moves.some((m) => m.heap === i && m.take === take)) return `[data-heap="${i}"][data-stone="${g.position[i] - take}"]`;
        }
      }
      return null;
    });
    if (!sel) return 'every take is a move: no refusal to try';
    await figure.locator(`.grundy-live svg ${sel}`).click();
    return shownReason(figure, /is not a move of/);
  }
  // Nim: every stone is a move; a stone tapped while the machine thinks is refused.
  const stones = figure.locator('.grundy-live svg [data-stone]');
  const before = await moves(figure);
  await stones.first().click();
  assert((await moves(figure)) > before, 'a tap on a stone made no move');
  await stones.first().click({ timeout: 300 }).catch(() => {});
  const text = await status(figure);
  if (!/Wait: it is my move/.test(text)) return `the machine answered before a second tap (status "${text}")`;
  try {
    return await shownReason(figure, /Wait: it is my move/);
  } catch (e) {
    // The machine's reply, made while the reason was being read, speaks
    // in the status line after it: no fault. Without a reply, the fault stands.
    if ((await moves(figure)) > before + 1) return `the machine answered while the reason was read (status "${await status(figure)}")`;
    throw e;
  }
}

/** At rest: one toolbar, the buttons shown counted, no instruction over a line, no blank band under the pieces. */
export async function atRest(figure) {
  return figure.evaluate((f) => {
    // Shown to the reader: not in a closed fold (the record of how the
    // facts were checked, with its certificate), which still has a box.
    const shown = (e) => {
      const r = e.getBoundingClientRect();
      return e.checkVisibility() && r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    const toolbars = [...f.querySelectorAll('[role="toolbar"]')].filter(shown).length;
    const buttons = [...f.querySelectorAll('button, [role="button"]:not(svg *)')].filter(shown).map((b) => b.getAttribute('aria-label') || b.textContent.trim());
    // The figure's own text (caption, the author's words, the evidence, the
    // nearest codeword's line, the misère quotient's line) is not an instruction.
    const long = [...f.querySelectorAll('p')]
      .filter((p) => shown(p) && !p.closest('figcaption') && !p.matches('.grundy-controls-words, .grundy-evidence, .grundy-nearest, .grundy-summary, .grundy-quotient'))
      .filter((p) => p.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(p).lineHeight || '20'))
      .map((p) => p.textContent.trim());
    // Room kept under the pieces only where a confirm button can appear in it.
    const bar = f.querySelector('.grundy-piece-bar');
    const band = bar && !bar.querySelector('.grundy-confirm') ? Math.round(bar.getBoundingClientRect().height) : 0;
    return { toolbars, buttons, long, band };
  });
}

/** One move by mouse, then the animations of what moved: their names (none where nothing moves). */
async function movedAnimations(page, figure, reduce) {
  await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
  const m = await nextMove(figure);
  const before = await moves(figure);
  for (const sel of m.pieces) await figure.locator(`.grundy-live svg ${sel}`).click();
  if (m.confirm) await figure.locator('.grundy-piece-bar button[data-action]').click();
  await settle(page, figure, before);
  return figure.locator('.grundy-live svg').evaluate((svg) =>
    [...svg.querySelectorAll('.g-flip > circle:not(.g-focus-ring), text.g-flip, .g-falling, .g-leaving')].map((e) => {
      const cs = getComputedStyle(e);
      return cs.display === 'none' ? 'none' : cs.animationName;
    }));
}

export async function checkTouch(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages) {
    const figures = await withPage(browser, base, p.path, (page) => playables(page), { strict: false }).catch(() => []);
    // A misère octal game's heaps are played through their quotient, with a
    // list of knocks by a stone: the `misere` group plays them by mouse and
    // by keyboard, at rest and through that line. A misère row of pins is
    // played on its pins as every row is.
    for (const t of figures) if (!String(t.game).startsWith('misere:') || t.type === 'pins') found.push({ ...t, path: p.path });
  }
  if (!found.length) {
    missing(report, site, 'playing on the pieces', 'no playable figure');
    return;
  }
  const kinds = new Set(found.map((t) => (t.misere ? 'misere' : t.type)));
  report.note(`${site.name}: playable figures by kind: ${[...kinds].join(', ')}`);
  for (const kind of ['coins', 'pins', 'nim']) {
    const t = found.find((f) => f.type === kind);
    if (!t) continue;
    await report.check(`${site.name}: ${t.path} figure ${t.index + 1} (${kind}): a move is drawn moving, and still under prefers-reduced-motion`, async () => {
      const at = (page) => page.locator('figure.grundy-figure').nth(t.index);
      const moving = await withPage(browser, base, t.path, (page) => movedAnimations(page, at(page), false));
      assert(moving.some((n) => n !== 'none'), `no animation after a move: ${JSON.stringify(moving)}`);
      const still = await withPage(browser, base, t.path, (page) => movedAnimations(page, at(page), true));
      assert(still.every((n) => n === 'none'), `reduced motion still animates: ${JSON.stringify(still)}`);
      return `${moving.filter((n) => n !== 'none').length} pieces animated (${[...new Set(moving)].join(', ')}); none with reduced motion`;
    });
  }
  for (const t of found) {
    const name = `${site.name}: ${t.path} figure ${t.index + 1} (${t.type}${t.misere ? ', misère' : ''}, ${t.game})`;
    const at = (page) => page.locator('figure.grundy-figure').nth(t.index);
    await report.check(`${name}: at rest one toolbar and one-line instructions, at 1280 and 390 px`, async () => {
      const out = [];
      for (const width of [1280, 390]) {
        await withPage(browser, base, t.path, async (page) => {
          await page.setViewportSize({ width, height: 900 });
          const r = await atRest(at(page));
          assert(r.toolbars === 1, `${width} px: ${r.toolbars} toolbars shown`);
          assert(r.long.length === 0, `${width} px: instructions over one line: ${JSON.stringify(r.long)}`);
          assert(r.band === 0, `${width} px: a blank band ${r.band} px tall under the pieces, where no button appears`);
          out.push(`${width} px: ${r.buttons.length} buttons (${r.buttons.join(', ')})`);
        });
      }
      return out.join('; ');
    });
    await report.check(`${name}: at rest the live drawing marks the winning move exactly when the author set show-move`, () =>
      withPage(browser, base, t.path, async (page) => {
        const f = at(page);
        const asked = await f.evaluate((el) => JSON.parse(el.dataset.grundyPlay).showMove === true);
        const marked = await f.locator('.grundy-live svg .g-hint').count();
        assert(asked ? marked > 0 : marked === 0, `show-move ${asked ? 'set' : 'not set'}, ${marked} pieces marked at rest`);
        if (!asked) return 'no show-move: nothing marked';
        const m = await nextMove(f);
        const before = await moves(f);
        for (const sel of m.pieces) await f.locator(`.grundy-live svg ${sel}`).click();
        if (m.confirm) await f.locator('.grundy-piece-bar button[data-action]').click();
        await settle(page, f, before);
        const after = await f.locator('.grundy-live svg .g-hint').count();
        assert(after === 0, `${after} pieces still marked after the reader's move`);
        return `${marked} pieces marked at rest, none after a move`;
      }));
    await report.check(`${name}: a whole game by mouse on the pieces`, () =>
      withPage(browser, base, t.path, (page) => playByMouse(page, at(page), t)));
    await report.check(`${name}: a whole game by keyboard (Tab, arrows, Space, Enter)`, () =>
      withPage(browser, base, t.path, (page) => playByKeyboard(page, at(page), t)));
    await report.check(`${name}: a refused tap shows its reason on the figure`, () =>
      withPage(browser, base, t.path, (page) => refusal(page, at(page), t)));
  }
}
