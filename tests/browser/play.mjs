// The playable figures, driven as a reader would: the winning-move hint, a
// whole game against the machine, the Nim puzzle's random starts, the keyboard.

import { assert, placeOf } from './report.mjs';
import { open, session, whenPlayable } from './pages.mjs';
import { liveCoinRow, missing, playData, press, settle, status, withPage } from './playing.mjs';
import { heads, sameSet, turn, turtleMoveError, turtleMoves, turtleValue, xor } from './rules.mjs';

/** The Turning Turtles essay's address. */
const TURTLES = '/turning-turtles/';

/** Each coin-row figure: its data when playable, the static drawing's row and marked move. */
async function coinFigures(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('figure.grundy-figure')].map((f, index) => {
      const svg = f.querySelector('.grundy-drawing:not(.grundy-live) svg');
      const coins = svg ? [...svg.querySelectorAll('g.g-coin[data-place]')] : [];
      const row = [];
      const marked = [];
      for (const c of coins) {
        const p = Number(c.getAttribute('data-place'));
        row[p - 1] = c.querySelector('.g-head') ? 'H' : 'T';
        if (c.querySelector('.g-move')) marked.push(p);
      }
      let data = null;
      try {
        data = JSON.parse(f.getAttribute('data-grundy-play'));
      } catch {
        data = null;
      }
      return {
        index,
        row: coins.length ? row.join('') : null,
        marked,
        data,
        hint: !!f.querySelector('button[data-action="hint"]'),
        random: !!f.querySelector('button[data-action="random"]'),
      };
    }),
  );
}

/** The places of the live coins marked as the hint. */
async function hintedCoins(figure) {
  return figure.locator('.grundy-live svg').evaluate((svg) =>
    [...svg.querySelectorAll('.g-hint[aria-label^="place "]')].map((c) => Number(/^place (\d+)/.exec(c.getAttribute('aria-label'))[1])),
  );
}

/** Heap sizes of a live Nim figure, read from its stones' labels ("heap 2, stone 1 of 7: ..."). */
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

function coin(figure, place) {
  return figure.locator(`.grundy-live svg [role="button"][aria-label^="place ${place},"]`);
}

function describeMove(places) {
  return places.length ? `turn ${places.join(' and ')}` : 'no move';
}

/**
 * Check 2 on the Turning Turtles essay: the winning move from heads at 3, 5
 * and 8 (marked in the figure and shown by the hint button) is legal and
 * leaves XOR 0; a whole game from the balanced start (heads at 3, 5, 6)
 * against the machine ends with the machine winning.
 */
export async function checkTurtles(browser, base, pages, report, site) {
  if (!pages.some((p) => p.path === TURTLES)) {
    missing(report, site, 'Turning Turtles checks', `no page at ${TURTLES}`);
    return;
  }
  const figures = await withPage(browser, base, TURTLES, (page) => coinFigures(page), { strict: false });
  const isTurtles = (f) => !f.data || f.data.game === 'turning-turtles';
  const at358 = figures.filter((f) => isTurtles(f) && f.row && sameSet(heads(f.row), [3, 5, 8]));

  const marked = at358.filter((f) => f.marked.length);
  if (marked.length) {
    await report.check(`${site.name}: ${TURTLES} the move marked on heads at 3, 5, 8 is legal and leaves XOR 0`, async () => {
      const out = [];
      for (const f of marked) {
        const err = turtleMoveError(f.row, f.marked);
        assert(!err, `figure ${f.index + 1} marks ${describeMove(f.marked)} on ${f.row}: not a move (${err})`);
        const after = turn(f.row, f.marked);
        assert(turtleValue(after) === 0, `figure ${f.index + 1}: ${describeMove(f.marked)} leaves ${after}, XOR ${turtleValue(after)}`);
        out.push(`${describeMove(f.marked)} leaves heads at ${heads(after).join(', ')}, XOR 0`);
      }
      return out.join('; ');
    });
  } else {
    missing(report, site, `${TURTLES} marked winning move`, 'no figure with heads at 3, 5, 8 marks a move');
  }

  const hintable = at358.filter((f) => f.data && f.hint);
  if (hintable.length) {
    await report.check(`${site.name}: ${TURTLES} "Show me the winning move" on heads at 3, 5, 8 marks a legal move to XOR 0`, async () =>
      withPage(browser, base, TURTLES, async (page) => {
        const figure = page.locator('figure.grundy-figure').nth(hintable[0].index);
        const row = await liveCoinRow(figure);
        assert(sameSet(heads(row), [3, 5, 8]), `the live figure starts at ${row}, not heads at 3, 5, 8`);
        const said = await press(page, figure, 'hint');
        const places = await hintedCoins(figure);
        const err = turtleMoveError(row, places);
        assert(!err, `the hint marks ${describeMove(places)} on ${row}: not a move (${err}); status: "${said}"`);
        const after = turn(row, places);
        assert(turtleValue(after) === 0, `the hint marks ${describeMove(places)}, leaving ${after} with XOR ${turtleValue(after)}`);
        assert(said.includes(places.join(' and ')), `the status "${said}" does not name the marked coins ${places.join(', ')}`);
        assert((await liveCoinRow(figure)) === row, 'asking for the hint changed the position');
        return `marks ${describeMove(places)}, leaving heads at ${heads(after).join(', ')}; says "${said}"`;
      }),
    );
  } else {
    missing(report, site, `${TURTLES} "Show me the winning move" from heads at 3, 5, 8`, 'no playable figure with heads at 3, 5, 8 and a hint button');
  }

  const balanced = figures.filter((f) => f.data && f.data.type === 'coins' && isTurtles(f) && sameSet(heads(f.data.row), [3, 5, 6]));
  if (!balanced.length) {
    missing(report, site, `${TURTLES} a game from heads at 3, 5, 6`, 'no playable figure starting at heads 3, 5, 6');
    return;
  }
  await report.check(`${site.name}: ${TURTLES} a game from heads at 3, 5, 6 with random moves ends with the machine winning`, async () =>
    withPage(browser, base, TURTLES, async (page) => {
      const figure = page.locator('figure.grundy-figure').nth(balanced[0].index);
      if (balanced[0].hint) {
        const said = await press(page, figure, 'hint');
        assert((await hintedCoins(figure)).length === 0, `on a balanced start the hint marks coins: "${said}"`);
      }
      const log = [];
      const fail = (msg) => assert(false, `${msg}\nmoves so far: ${log.join('; ') || 'none'}`);
      let row = await liveCoinRow(figure);
      for (let turnNo = 0; turnNo < 200; turnNo++) {
        if (turtleValue(row) !== 0) fail(`the reader is to move on ${row}, XOR ${turtleValue(row)}: the machine left a winning position`);
        const moves = turtleMoves(row);
        if (!moves.length) fail(`no move left on ${row} but the game did not end`);
        const move = moves[Math.floor(Math.random() * moves.length)];
        for (const p of move) await coin(figure, p).click();
        const said = await press(page, figure, 'turn');
        const mine = turn(row, move);
        const now = await liveCoinRow(figure);
        log.push(`${row} reader ${move.join('+')}`);
        if (/you win/i.test(said)) fail(`the reader won: "${said}"`);
        const m = /I turned ([\d and]+?)( \(I had no winning move\))?\./.exec(said);
        if (!m) fail(`no machine move in the status "${said}" (row ${now})`);
        const reply = m[1].split(' and ').map(Number);
        const err = turtleMoveError(mine, reply);
        if (err) fail(`the machine's move ${describeMove(reply)} on ${mine} is not a move: ${err}`);
        if (turn(mine, reply) !== now) fail(`the machine said ${describeMove(reply)} from ${mine} but the coins show ${now}`);
        if (m[2]) fail(`the machine had no winning move on ${mine}, XOR ${turtleValue(mine)}`);
        log.push(`machine ${reply.join('+')}`);
        row = now;
        if (/No move is left for you: I win\./.test(said)) {
          if (turtleMoves(row).length) fail(`"${said}" but ${row} still has moves`);
          return `${log.length / 2} rounds, ending on ${row}: "${said.replace(/^.*(No move)/, '$1')}"`;
        }
      }
      fail('the game did not end in 200 rounds');
    }),
  );
}

/**
 * Check 3: every playable Nim figure with random starts (the rooster's
 * puzzle) starts on a non-zero nim-sum, on every load and every new deal;
 * a reader who follows the hints wins.
 */
export async function checkRooster(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const figures = await withPage(browser, base, p.path, (page) => coinFigures(page), { strict: false });
    for (const f of figures) if (f.data && f.data.type === 'nim' && f.random) found.push({ page: p.path, index: f.index, count: f.data.heaps.length });
  }
  if (!found.length) {
    missing(report, site, 'Nim puzzle with random starts', 'no playable heaps figure with random-start');
    return;
  }
  for (const f of found) {
    await report.check(`${site.name}: ${f.page} Nim puzzle (figure ${f.index + 1}) starts on a non-zero nim-sum, on reloads and new deals`, async () =>
      withPage(browser, base, f.page, async (page) => {
        const seen = [];
        const figure = () => page.locator('figure.grundy-figure').nth(f.index);
        for (let load = 0; load < 4; load++) {
          if (load) {
            await page.reload({ waitUntil: 'load' });
            await whenPlayable(page);
          }
          const heaps = await liveHeaps(figure(), f.count);
          assert(xor(heaps) !== 0, `load ${load + 1} starts on ${heaps.join(',')}, nim-sum 0`);
          seen.push(heaps.join(','));
        }
        for (let deal = 0; deal < 8; deal++) {
          // A new deal is drawn at once, within the click.
          await figure().locator('button[data-action="random"]').click();
          const heaps = await liveHeaps(figure(), f.count);
          assert(xor(heaps) !== 0, `Random start deals ${heaps.join(',')}, nim-sum 0`);
          assert(heaps.every((h) => h >= 1), `Random start deals an empty heap: ${heaps.join(',')}`);
          seen.push(heaps.join(','));
        }
        return `starts seen: ${[...new Set(seen)].join(' | ')}`;
      }),
    );
    await report.check(`${site.name}: ${f.page} Nim puzzle (figure ${f.index + 1}) is won by a reader who follows the hints`, async () =>
      withPage(browser, base, f.page, async (page) => {
        const figure = page.locator('figure.grundy-figure').nth(f.index);
        if (!(await figure.locator('button[data-action="hint"]').count())) return 'no hint button: skipped';
        const log = [];
        for (let round = 0; round < 100; round++) {
          const heaps = await liveHeaps(figure, f.count);
          assert(xor(heaps) !== 0, `the reader is to move on ${heaps.join(',')} with nim-sum 0 (moves: ${log.join('; ')})`);
          await press(page, figure, 'hint');
          const hinted = await figure.locator('.grundy-live svg .g-hint[aria-label^="heap "]').evaluateAll((els) =>
            els.map((e) => /^heap (\d+), stone (\d+) of (\d+): take (\d+)/.exec(e.getAttribute('aria-label')).slice(1).map(Number)),
          );
          assert(hinted.length > 0, `the hint marks no stones on ${heaps.join(',')}`);
          const heap = hinted[0][0];
          assert(hinted.every((h) => h[0] === heap), `the hint marks stones of several heaps on ${heaps.join(',')}`);
          const take = Math.max(...hinted.map((h) => h[3]));
          assert(take === hinted.length, `the hint marks ${hinted.length} stones but the lowest takes ${take}`);
          const after = heaps.map((h, i) => (i === heap - 1 ? h - take : h));
          assert(xor(after) === 0, `the hint takes ${take} from heap ${heap} of ${heaps.join(',')}, leaving nim-sum ${xor(after)}`);
          const before = await status(figure);
          await figure.locator(`.grundy-live svg .g-hint[aria-label*=": take ${take},"]`).click();
          const said = await settle(page, figure, before);
          log.push(`${heaps.join(',')} take ${take} from ${heap}`);
          if (/you win/i.test(said)) return `${log.length} moves: ${log.join('; ')}`;
          assert(!/I win/.test(said), `the machine won: "${said}" (moves: ${log.join('; ')})`);
        }
        assert(false, 'the game did not end in 100 rounds');
      }),
    );
  }
}

/** Heap sizes of a live heap game other than Nim, read from its stones' labels ("heap 2 of 7: ..."). */
async function generalHeaps(figure, count) {
  return figure.locator('.grundy-live svg').evaluate((svg, n) => {
    const heaps = new Array(n).fill(0);
    for (const s of svg.querySelectorAll('[role="button"][aria-label^="heap "]')) {
      // "heap 2, stone 3 of 5: take 3, leaving 2": every stone names its heap's size.
      const m = /^heap (\d+), stone \d+ of (\d+)/.exec(s.getAttribute('aria-label'));
      if (m) heaps[Number(m[1]) - 1] = Number(m[2]);
    }
    return heaps;
  }, count);
}

/**
 * A site's own game (`site:NAME`) on heaps: a reader who follows the hints
 * leaves a position of value 0 by the table the page embeds, and wins.
 */
export async function checkSiteGame(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const figures = await withPage(browser, base, p.path, (page) => coinFigures(page), { strict: false });
    for (const f of figures) {
      if (f.data && f.data.type === 'heaps' && String(f.data.game).startsWith('site:')) found.push({ page: p.path, index: f.index, data: f.data });
    }
  }
  if (!found.length) {
    missing(report, site, 'playable site game', 'no playable heaps figure of a site:NAME game');
    return;
  }
  for (const f of found) {
    const value = (heaps) => xor(heaps.map((h) => f.data.values[h]));
    await report.check(`${site.name}: ${f.page} ${f.data.game} (figure ${f.index + 1}) is won by a reader who follows the hints`, async () =>
      withPage(browser, base, f.page, async (page) => {
        const figure = page.locator('figure.grundy-figure').nth(f.index);
        const log = [];
        for (let round = 0; round < 100; round++) {
          const heaps = await generalHeaps(figure, f.data.heaps.length);
          assert(value(heaps) !== 0, `the reader is to move on ${heaps.join(',')} of value 0 (moves: ${log.join('; ')})`);
          await press(page, figure, 'hint');
          const hinted = await figure.locator('.grundy-live svg .g-hint[aria-label^="heap "]').evaluateAll((els) =>
            els.map((e) => Number(/^heap (\d+),/.exec(e.getAttribute('aria-label'))[1])),
          );
          assert(hinted.length > 0, `the hint marks no stones on ${heaps.join(',')}`);
          const heap = hinted[0];
          const take = hinted.length;
          const after = heaps.map((h, i) => (i === heap - 1 ? h - take : h));
          assert(value(after) === 0, `the hint takes ${take} from heap ${heap} of ${heaps.join(',')}, leaving value ${value(after)}`);
          const before = await status(figure);
          // The lowest hinted stone: a tap takes it and every stone above it.
          await figure.locator('.grundy-live svg .g-hint[aria-label^="heap "]').first().click();
          const said = await settle(page, figure, before);
          log.push(`${heaps.join(',')} take ${take} from ${heap}`);
          if (/you win/i.test(said)) return `${log.length} moves: ${log.join('; ')}`;
          assert(!/I win/.test(said), `the machine won: "${said}" (moves: ${log.join('; ')})`);
        }
        assert(false, 'the game did not end in 100 rounds');
      }),
    );
  }
}

/**
 * Every playable heaps figure of a game the engine in the page knows, other
 * than Nim (Greedy Nim, subtraction and octal games): from a position the
 * build says the mover wins, a reader who follows the hints wins; from one
 * the mover loses, a tap is played and answered. Greedy Nim also refuses a
 * tap on a heap that is not a largest one.
 */
export async function checkEngineHeaps(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const figures = await withPage(browser, base, p.path, (page) => coinFigures(page), { strict: false });
    for (const f of figures) {
      const game = f.data && f.data.type === 'heaps' ? String(f.data.game) : '';
      // A misère octal game is played through its quotient: the `misere` group plays it.
      if (game && !game.startsWith('site:') && !game.startsWith('misere:')) found.push({ page: p.path, index: f.index, data: f.data });
    }
  }
  if (!found.length) {
    missing(report, site, 'playable heaps of an engine game', 'no playable heaps figure of a game the engine in the page plays');
    return;
  }
  for (const f of found) {
    await report.check(`${site.name}: ${f.page} ${f.data.game} (figure ${f.index + 1}) is played by the engine in the page`, async () =>
      withPage(browser, base, f.page, async (page) => {
        const figure = page.locator('figure.grundy-figure').nth(f.index);
        const stone = (heap, size, take) =>
          figure.locator(`.grundy-live svg [role="button"][aria-label^="heap ${heap}, stone ${size - take + 1} of ${size}:"]`);
        const log = [];
        if (f.data.game === 'greedy-nim') {
          const top = Math.max(...f.data.heaps);
          const small = f.data.heaps.findIndex((h) => h > 0 && h < top);
          if (small >= 0) {
            await stone(small + 1, f.data.heaps[small], 1).click();
            const flash = await figure.locator('.grundy-flash').textContent();
            assert(/is not a move of Greedy Nim/.test(flash), `a tap on heap ${small + 1} was not refused: "${flash}"`);
            log.push(`heap ${small + 1} refused`);
          }
        }
        const wins = /the player to move wins/i.test(await figure.locator('.grundy-summary').first().textContent());
        if (!wins) {
          const heaps = await generalHeaps(figure, f.data.heaps.length);
          const i = heaps.indexOf(Math.max(...heaps));
          const before = await status(figure);
          await stone(i + 1, heaps[i], 1).click();
          const said = await settle(page, figure, before);
          assert(/I chose|I took|I win/.test(said), `the machine did not answer: "${said}"`);
          return `${log.concat(`${heaps.join(',')} take 1 from ${i + 1}: "${said}"`).join('; ')}`;
        }
        for (let round = 0; round < 100; round++) {
          const heaps = await generalHeaps(figure, f.data.heaps.length);
          await press(page, figure, 'hint');
          // The piece to tap: the lowest stone the move takes, or (Wythoff's game) the bridge taking from both heaps.
          const hinted = await figure.locator('.grundy-live svg .g-hint[role="button"]').count();
          assert(hinted > 0, `the hint marks no stones on ${heaps.join(',')} (moves: ${log.join('; ')})`);
          const before = await status(figure);
          await figure.locator('.grundy-live svg .g-hint[role="button"]').first().click();
          const said = await settle(page, figure, before);
          log.push(`${heaps.join(',')} hint`);
          if (/you win/i.test(said)) return `${log.length} moves: ${log.join('; ')}`;
          assert(!/I win/.test(said), `the machine won: "${said}" (moves: ${log.join('; ')})`);
        }
        assert(false, 'the game did not end in 100 rounds');
      }),
    );
  }
}

/** Check 5: a coin is reached with Tab, selected with Enter and Space, and turned from the keyboard. */
export async function checkKeyboard(browser, base, pages, report, site) {
  if (!pages.some((p) => p.path === TURTLES)) {
    missing(report, site, 'keyboard play', `no page at ${TURTLES}`);
    return;
  }
  const figures = await withPage(browser, base, TURTLES, (page) => coinFigures(page), { strict: false });
  const playable = figures.filter((f) => f.data && f.data.type === 'coins');
  if (!playable.length) {
    missing(report, site, 'keyboard play', `no playable coin figure on ${TURTLES}`);
    return;
  }
  await report.check(`${site.name}: ${TURTLES} keyboard: Tab reaches a coin, Enter and Space select it, Enter on the turn button turns it`, async () =>
    withPage(browser, base, TURTLES, async (page) => {
      const index = playable[0].index;
      const figure = page.locator('figure.grundy-figure').nth(index);
      const handle = await figure.elementHandle();
      const focused = () =>
        page.evaluate((f) => {
          const a = document.activeElement;
          if (!a || !f.contains(a)) return null;
          return { label: a.getAttribute('aria-label'), pressed: a.getAttribute('aria-pressed'), action: a.getAttribute('data-action') };
        }, handle);
      let now = null;
      let tabs = 0;
      for (; tabs < 300 && !(now && now.label && now.label.startsWith('place ')); tabs++) {
        await page.keyboard.press('Tab');
        now = await focused();
      }
      assert(now && now.label, `no coin of figure ${index + 1} took the focus in ${tabs} presses of Tab`);
      const first = now.label;
      for (let i = 0; i < 40 && !/heads/.test(now.label); i++) {
        await page.keyboard.press('Tab');
        now = await focused();
        assert(now && now.label && now.label.startsWith('place '), `Tab from ${first} left the coins before a head (at ${JSON.stringify(now)})`);
      }
      const label = now.label;
      const place = Number(/^place (\d+)/.exec(label)[1]);
      const row = await liveCoinRow(figure);

      // Each key must act on the coin and leave the focus on it; when the focus
      // is lost the coin is focused again so that the rest can still be tested.
      const issues = [];
      const pressedOf = () =>
        figure.locator(`.grundy-live svg [role="button"][aria-label="${label}"]`).getAttribute('aria-pressed');
      for (const [key, name, want] of [['Enter', 'Enter', 'true'], [' ', 'Space', 'false'], [' ', 'Space', 'true']]) {
        await page.keyboard.press(key);
        const pressed = await pressedOf();
        if (pressed !== want) issues.push(`${name} on ${label} left aria-pressed ${pressed}, expected ${want}`);
        now = await focused();
        if (!now || now.label !== label) {
          issues.push(`after ${name} on ${label} the focus is on ${now ? JSON.stringify(now.label) : 'nothing in the figure'}, not on the coin`);
          await figure.locator(`.grundy-live svg [role="button"][aria-label="${label}"]`).focus();
        }
      }
      if ((await pressedOf()) !== 'true') {
        await figure.locator(`.grundy-live svg [role="button"][aria-label="${label}"]`).click();
        await figure.locator(`.grundy-live svg [role="button"][aria-label="${label}"]`).focus();
      }
      now = await focused();

      for (let i = 0; i < 40 && !(now && now.action === 'turn'); i++) {
        await page.keyboard.press('Tab');
        now = await focused();
      }
      if (!(now && now.action === 'turn')) {
        issues.push('Tab from the selected coin never reached the "Turn the selected coins" button');
        assert(false, issues.join('\n'));
      }
      const before = await status(figure);
      await page.keyboard.press('Enter');
      const said = await settle(page, figure, before);
      if (!said.startsWith(`You turned ${place}.`)) issues.push(`after Enter on the turn button the status says "${said}"`);
      const mine = turn(row, [place]);
      const after = await liveCoinRow(figure);
      const m = /I turned ([\d and]+?)(?: \(I had no winning move\))?\./.exec(said);
      const expected = m ? turn(mine, m[1].split(' and ').map(Number)) : mine;
      if (after !== expected) issues.push(`the coins show ${after}; expected ${expected} after turning ${place}${m ? ` and the reply ${m[1]}` : ''}`);
      assert(issues.length === 0, issues.join('\n'));
      return `${tabs} Tabs to ${first}, Tab to ${label}, Enter/Space toggled it, Enter on the button turned it: "${said}"`;
    }),
  );
}

/**
 * Check 6: every preset button of a playable Nim figure (the rooster's
 * "Load Balanced") sets up its piles, says so, and plays from them: on a
 * balanced preset the hint finds no winning move and the machine answers the
 * reader's move with one; the reasoning table stacks the preset's piles and
 * ends with their nim-sum.
 */
export async function checkPresets(browser, base, pages, report, site) {
  const found = [];
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const data = await withPage(browser, base, p.path, (page) => playData(page), { strict: false });
    data.forEach((d, index) => {
      if (d && d.type === 'nim' && Array.isArray(d.presets)) found.push({ page: p.path, index, presets: d.presets });
    });
  }
  if (!found.length) {
    missing(report, site, 'Nim presets', 'no playable Nim figure with presets');
    return;
  }
  for (const f of found) {
    await report.check(`${site.name}: ${f.page} Nim figure ${f.index + 1}: each preset button sets up its piles and plays from them`, async () =>
      withPage(browser, base, f.page, async (page) => {
        const figure = page.locator('figure.grundy-figure').nth(f.index);
        const said = [];
        for (const [i, preset] of f.presets.entries()) {
          const button = figure.locator(`button[data-action="preset"][data-preset="${i}"]`);
          assert((await button.textContent()) === preset.name, `preset ${i + 1} is labelled "${await button.textContent()}", not "${preset.name}"`);
          await button.click();
          const heaps = await liveHeaps(figure, preset.heaps.length);
          assert(heaps.join(',') === preset.heaps.join(','), `"${preset.name}" shows ${heaps.join(',')}, not ${preset.heaps.join(',')}`);
          const text = await status(figure);
          assert(text.startsWith(`${preset.name}: `), `the status after "${preset.name}" is "${text}"`);
          const reasoning = figure.locator('button[data-action="reasoning"]');
          if (await reasoning.count()) {
            if ((await reasoning.getAttribute('aria-pressed')) !== 'true') await reasoning.click();
            const last = await figure.locator('table.grundy-reasoning tr.grundy-xor td').nth(1).textContent();
            assert(Number(last) === xor(heaps), `the reasoning table's XOR row says ${last} for ${heaps.join(',')}`);
          }
          if (xor(heaps) === 0) {
            const hint = await press(page, figure, 'hint');
            assert(/No winning move/.test(hint), `the hint on balanced ${heaps.join(',')} says "${hint}"`);
            // Take one stone from the first heap; the machine must balance again.
            const heap = heaps.findIndex((h) => h > 0);
            const before = await status(figure);
            await figure.locator(`.grundy-live svg [aria-label^="heap ${heap + 1}, stone ${heaps[heap]} of ${heaps[heap]}: take 1,"]`).click();
            const answer = await settle(page, figure, before);
            assert(!/no winning move/.test(answer), `the machine had no winning reply: "${answer}"`);
            const after = await liveHeaps(figure, heaps.length);
            assert(xor(after) === 0, `after the machine's reply the piles are ${after.join(',')}, nim-sum ${xor(after)}`);
          }
          said.push(`${preset.name}: ${heaps.join(',')}`);
        }
        return said.join('; ');
      }),
    );
  }
}

/** What the words on each figure's buttons (`controls`) show: their text, and whether a reader sees them. */
function controlsWords(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('figure.grundy-figure .grundy-controls-words')].map((p) => ({
      text: p.textContent,
      seen: p.getClientRects().length > 0 && getComputedStyle(p).visibility !== 'hidden',
    })),
  );
}

/**
 * The words a figure says about its buttons show with the buttons, once the
 * figure can be played, and never on a page without JavaScript, where there
 * are no buttons to press.
 */
export async function checkControlsWords(browser, base, pages, report, site) {
  let total = 0;
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const shown = await withPage(browser, base, p.path, (page) => controlsWords(page), { strict: false });
    if (!shown.length) continue;
    total += shown.length;
    await report.check(`${site.name}: ${p.path} words on a figure's buttons show with them, and not without JavaScript`, async () => {
      const unseen = shown.filter((w) => !w.seen);
      assert(!unseen.length, `not shown once the figure plays: ${unseen.map((w) => w.text).join('; ')}`);
      const s = await session(browser, base, { javaScriptEnabled: false });
      try {
        const { page } = await open(s, base, p.path);
        const still = (await controlsWords(page)).filter((w) => w.seen);
        assert(!still.length, `shown without JavaScript: ${still.map((w) => w.text).join('; ')}`);
      } finally {
        await s.close();
      }
      return `${shown.length} shown while playing, none without JavaScript`;
    });
  }
  if (!total) missing(report, site, 'words on buttons', 'no figure with `controls`');
}

/** The Wythoff essay's address. */
const WYTHOFF = '/wythoff/';

/**
 * The playable figure of Wythoff's game, played by taps: a bridge between
 * the piles takes the same from both, a stone takes from its pile alone,
 * and the machine answers each; the piles shown after every move are the
 * rules' (read here from the moves' words, never from the page's script).
 */
export async function checkWythoff(browser, base, pages, report, site) {
  if (!pages.some((p) => p.path === WYTHOFF)) {
    missing(report, site, 'playable Wythoff piles', `no page at ${WYTHOFF}`);
    return;
  }
  const data = await withPage(browser, base, WYTHOFF, (page) => playData(page), { strict: false });
  const index = data.findIndex((d) => d && d.game === 'wythoff' && d.both);
  if (index < 0) {
    missing(report, site, 'playable Wythoff piles', `no playable Wythoff figure on ${WYTHOFF}`);
    return;
  }
  const [a, b] = data[index].heaps;
  await report.check(`${site.name}: ${WYTHOFF} Wythoff's piles ${a},${b}: a tap on a bridge takes from both, a tap on a stone from one, and the machine answers`, async () =>
    withPage(browser, base, WYTHOFF, async (page) => {
      const figure = page.locator('figure.grundy-figure').nth(index);
      const piles = () => liveHeaps(figure, 2);
      const log = [];
      // Whoever moves from (x, y) may take k from both: the bridges are one per stone of the shorter pile.
      const start = await piles();
      assert(start[0] === a && start[1] === b, `the live piles are ${start}, not ${a},${b}`);
      const bridges = await figure.locator('.grundy-live svg [data-bridge][role="button"]').count();
      assert(bridges === Math.min(a, b), `${bridges} bridges between piles of ${a} and ${b}`);
      // The machine's reply, read from its words, applied to the piles by the rules.
      const replied = (said, before) => {
        const both = / I chose: take (\d+) from both heaps/.exec(said);
        if (both) return before.map((h) => h - Number(both[1]));
        const one = / I chose: take (\d+) from the (\w+) heap/.exec(said);
        assert(one, `the machine did not answer: "${said}"`);
        return before.map((h, i) => (i === placeOf(one[2]) - 1 ? h - Number(one[1]) : h));
      };
      // 1. The top bridge: one from both piles.
      let before = await status(figure);
      const top = figure.locator('.grundy-live svg [data-bridge][data-take="1"]');
      assert((await top.getAttribute('aria-label')).startsWith('both heaps: take 1 from each'), 'the top bridge does not say it takes one from each');
      await top.click();
      let said = await settle(page, figure, before);
      assert(said.startsWith(`You chose: take 1 from both heaps, leaving ${a - 1} and ${b - 1}.`), `the bridge's move says "${said}"`);
      let now = replied(said, [a - 1, b - 1]);
      let shown = await piles();
      assert(shown.join() === now.join(), `after one from both and the reply "${said}" the piles are ${shown}, not ${now}`);
      log.push(`both 1: "${said}"`);
      if (/I win/.test(said)) return log.join('; ');
      // 2. The top stone of the larger pile: one from that pile alone.
      const i = now[0] >= now[1] ? 0 : 1;
      before = await status(figure);
      await figure.locator(`.grundy-live svg [role="button"][aria-label^="heap ${i + 1}, stone ${now[i]} of ${now[i]}:"]`).click();
      said = await settle(page, figure, before);
      assert(said.startsWith(`You chose: take 1 from the ${['first', 'second'][i]} heap`), `the stone's move says "${said}"`);
      const after = now.map((h, j) => (j === i ? h - 1 : h));
      if (!/you win/i.test(said)) {
        now = replied(said, after);
        shown = await piles();
        assert(shown.join() === now.join(), `after one from heap ${i + 1} and the reply "${said}" the piles are ${shown}, not ${now}`);
      }
      log.push(`heap ${i + 1} take 1: "${said}"`);
      return log.join('; ');
    }),
  );
}
