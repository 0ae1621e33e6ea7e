// The playable row of pins (figure pin-row), driven as a reader would: the
// hint names a knock that leaves value 0, the reader knocks by keyboard and
// by mouse, and the machine answers with a legal knock (a winning one when
// it has one).

import { createRequire } from 'node:module';
import { en } from '../../crates/site/tests/js/words.mjs';
import { assert } from './report.mjs';
import { missing, press, settle, status, withPage } from './playing.mjs';
import * as judge from './judge.mjs';

const require = createRequire(import.meta.url);
const core = require('../../static/js/pins-core.js');
// Knocks applied and said as the page does; judged by the rules written out in judge.mjs.
// The page says a knock in the site's words: these are the English ones.
const pins = { ...judge, applyKnock: core.applyKnock, describeKnock: (knock) => core.describeKnock(knock, en), knockPlaces: core.knockPlaces };

/** Pages that should hold a playable row of pins: the essay, and the fixture's page. */
const PATHS = ['/periodicity/', '/kayles/'];

const liveRow = (figure) => figure.locator('.grundy-live svg').getAttribute('data-row');

async function hinted(figure) {
  return figure.locator('.grundy-live svg').evaluate((svg) =>
    [...svg.querySelectorAll('.g-hint[data-place]')].map((g) => Number(g.getAttribute('data-place'))),
  );
}

/** The places of the gaps marked as the machine's last knock. */
async function fallen(figure) {
  return figure.locator('.grundy-live svg').evaluate((svg) =>
    [...svg.querySelectorAll('[data-place]')].filter((g) => g.querySelector('.g-move')).map((g) => Number(g.getAttribute('data-place'))),
  );
}

/** The knock that turned `before` into `after`, or an error message. */
function knockBetween(before, after) {
  const fell = [];
  for (let i = 0; i < before.length; i++) {
    if (before[i] !== after[i]) {
      if (before[i] !== '|' || after[i] !== '.') return { error: `place ${i + 1} went from ${before[i]} to ${after[i]}` };
      fell.push(i + 1);
    }
  }
  if (!fell.length) return { error: 'no pin fell' };
  if (fell[fell.length - 1] - fell[0] !== fell.length - 1) return { error: `pins ${fell.join(', ')} are not adjacent` };
  return { knock: { first: fell[0], count: fell.length } };
}

export async function checkPins(browser, base, pages, report, site) {
  const path = PATHS.find((p) => pages.some((q) => q.path === p));
  if (!path) {
    missing(report, site, 'playable row of pins', `no page at ${PATHS.join(' or ')}`);
    return;
  }
  await report.check(`${site.name}: ${path} the row of pins: the hint leaves value 0, knocks by keyboard and mouse, the machine answers`, async () =>
    withPage(browser, base, path, async (page) => {
      const figure = page.locator('figure.grundy-pin-row[data-grundy-play]').first();
      assert((await figure.count()) === 1, 'no playable pin-row figure on the page');
      const data = JSON.parse(await figure.getAttribute('data-grundy-play'));
      const start = await liveRow(figure);
      assert(start === data.row, `the live row ${start} is not the figure's row ${data.row}`);
      const out = [];

      // The hint from the start.
      let said = await press(page, figure, 'hint');
      const places = await hinted(figure);
      assert(places.length > 0, `the hint marks no pin on ${start} (value ${pins.pinValue(data, start)}): "${said}"`);
      const hint = { first: places[0], count: places.length };
      assert(pins.isLegalKnock(data, start, hint), `the hint marks pins ${places.join(', ')}: not a legal knock on ${start}`);
      const afterHint = pins.applyKnock(start, hint);
      assert(pins.pinValue(data, afterHint) === 0, `the hinted knock leaves ${afterHint} of value ${pins.pinValue(data, afterHint)}`);
      assert(said.includes(pins.describeKnock(hint)), `the status "${said}" does not name ${pins.describeKnock(hint)}`);
      out.push(`hint on ${start}: ${pins.describeKnock(hint)}, leaving ${afterHint} (value 0)`);

      // Home and End reach the first and last pin standing.
      await figure.locator(`.grundy-live [data-place="${hint.first}"][tabindex]`).focus();
      const ends = [];
      for (const key of ['End', 'Home']) {
        await page.keyboard.press(key);
        ends.push(await page.evaluate(() => Number(document.activeElement.getAttribute('data-place'))));
      }
      const standing = [start.indexOf('|') + 1, start.lastIndexOf('|') + 1];
      assert(ends.join() === [standing[1], standing[0]].join(), `End and Home on ${start} focus pins ${ends.join(' and ')}, not ${standing[1]} and ${standing[0]}`);

      // The reader plays the hinted knock by keyboard: Enter on its first pin, Arrow and Enter to extend, K to knock.
      await figure.locator(`.grundy-live [data-place="${hint.first}"][tabindex]`).focus();
      await page.keyboard.press('Enter');
      for (let i = 1; i < hint.count; i++) {
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
      }
      const before = await status(figure);
      await page.keyboard.press('k');
      said = await settle(page, figure, before);
      let row = await liveRow(figure);
      const reply = knockBetween(afterHint, row);
      assert(!reply.error, `after the reader left ${afterHint}, the machine's answer gave ${row}: ${reply.error}; status "${said}"`);
      assert(pins.isLegalKnock(data, afterHint, reply.knock), `the machine knocked ${pins.describeKnock(reply.knock)} on ${afterHint}: not legal`);
      assert(/no winning move/.test(said), `on a row of value 0 the machine claims to win: "${said}"`);
      const marked = await fallen(figure);
      const knocked = pins.knockPlaces(reply.knock);
      assert(marked.join() === knocked.join(), `the machine knocked down ${knocked.join(', ')} but the row marks ${marked.join(', ') || 'none'}`);
      out.push(`End/Home focus pins ${ends.join(' and ')}; keyboard knock, the machine answered ${pins.describeKnock(reply.knock)}, leaving ${row}`);

      // The hint again leaves value 0, if the game goes on.
      if (!pins.pinsOver(data, row)) {
        said = await press(page, figure, 'hint');
        const again = await hinted(figure);
        const knock = { first: again[0], count: again.length };
        assert(again.length && pins.pinValue(data, pins.applyKnock(row, knock)) === 0, `the second hint (${again.join(', ')}) on ${row} does not leave value 0: "${said}"`);
      }

      // Restart, then a single pin by mouse: the machine answers with a winning knock.
      await press(page, figure, 'restart');
      row = await liveRow(figure);
      assert(row === start, `restart shows ${row}, not ${start}`);
      const last = row.lastIndexOf('|') + 1;
      await figure.locator(`.grundy-live [data-place="${last}"][tabindex]`).click();
      said = await press(page, figure, 'knock');
      const mine = pins.applyKnock(start, { first: last, count: 1 });
      const after = await liveRow(figure);
      const answer = knockBetween(mine, after);
      assert(!answer.error, `after ${mine} the machine left ${after}: ${answer.error}`);
      assert(pins.isLegalKnock(data, mine, answer.knock), `the machine's knock on ${mine} is not legal`);
      if (pins.pinValue(data, mine) !== 0) {
        assert(pins.pinValue(data, after) === 0, `from ${mine} (value ${pins.pinValue(data, mine)}) the machine left ${after} of value ${pins.pinValue(data, after)}`);
      }
      out.push(`mouse knock of pin ${last}, the machine answered ${pins.describeKnock(answer.knock)}, leaving ${after} (value ${pins.pinValue(data, after)})`);
      return out.join('; ');
    }),
  );
}
