// A long playable row with its nearest P-position (Mogul on 24 places, over a
// million moves, asked of the engine in the page): the reader plays a move,
// the machine answers with a legal winning move, and the value and nearest
// P-position shown follow the row. Legal is judged by the game's turning
// code, read in judge.mjs.

import { assert } from './report.mjs';
import { liveCoinRow, missing, playData, press, withPage } from './playing.mjs';
import { heads, turn, xor } from './rules.mjs';
import { coinMoveError, coinRule } from './judge.mjs';

/** The value of a row from the one-coin values the page embeds. */
function value(values, row) {
  return xor(heads(row).map((p) => values[p - 1]));
}

/** The least number of coins whose flip leaves value 0, by brute force (up to `radius`). */
function distance(values, row, radius) {
  const target = value(values, row);
  const n = row.length;
  let reach = new Set([0]);
  for (let d = 0; d <= radius; d++) {
    if (reach.has(target)) return d;
    const next = new Set(reach);
    for (const x of reach) for (let p = 0; p < n; p++) next.add(x ^ values[p]);
    reach = next;
  }
  return null;
}

/** Checks the nearest-codeword line against the row; returns it. */
async function checkNearest(figure, data, row) {
  const line = await figure.locator('.grundy-nearest').textContent();
  const v = value(data.values, row);
  assert(line.startsWith(`Value ${v}.`), `the line "${line}" does not start with the row's value ${v} (row ${row})`);
  const d = distance(data.values, row, data.nearest);
  if (d === 0) {
    assert(/itself a P-position/.test(line), `${row} has value 0 but the line says "${line}"`);
    return line;
  }
  const m = /(\d+) coins? away \(flip ([\d, ]+)\): ([HT]+)\./.exec(line);
  assert(m, `no nearest P-position in "${line}"`);
  const flips = m[2].split(', ').map(Number);
  assert(Number(m[1]) === d && flips.length === d, `"${line}": the nearest P-position of ${row} is ${d} coins away`);
  assert(turn(row, flips) === m[3], `flipping ${flips} of ${row} gives ${turn(row, flips)}, not ${m[3]}`);
  assert(value(data.values, m[3]) === 0, `${m[3]} has value ${value(data.values, m[3])}, not 0`);
  return line;
}

/** Check 6: a move on a long row, the machine's answer, the value and nearest P-position. */
export async function checkLongRow(browser, base, pages, report, site) {
  let found = null;
  for (const p of pages.filter((q) => q.kind === 'essay')) {
    const list = await withPage(browser, base, p.path, (page) => playData(page), { strict: false });
    const index = list.findIndex((d) => d && d.type === 'coins' && d.nearest && d.row.length > 16);
    if (index >= 0) {
      found = { path: p.path, index, data: list[index] };
      break;
    }
  }
  if (!found) {
    missing(report, site, 'long row', 'no playable row of more than 16 coins with its nearest P-position');
    return;
  }
  const { data } = found;
  await report.check(`${site.name}: ${found.path} ${data.game} on ${data.row.length} places: a move, the machine's answer, value and nearest P-position`, async () =>
    withPage(browser, base, found.path, async (page) => {
      const figure = page.locator('figure.grundy-figure').nth(found.index);
      let row = await liveCoinRow(figure);
      assert(row === data.row, `the live row ${row} is not the embedded ${data.row}`);
      const first = await checkNearest(figure, data, row);
      // The reader turns the rightmost head alone: always a move.
      const head = heads(row).pop();
      await figure.locator(`.grundy-live svg [role="button"][aria-label^="place ${head},"]`).click();
      const said = await press(page, figure, 'turn');
      const mine = turn(row, [head]);
      const m = /I turned ([\d and]+?)( \(I had no winning move\))?\./.exec(said);
      assert(m, `no machine move in "${said}"`);
      const reply = m[1].split(' and ').map(Number);
      const err = coinMoveError(coinRule(data.game), mine, reply);
      assert(!err, `the machine's move ${reply} on ${mine}: ${err}`);
      row = await liveCoinRow(figure);
      assert(row === turn(mine, reply), `the coins show ${row}, not ${turn(mine, reply)}`);
      if (value(data.values, mine) !== 0) {
        assert(!m[2] && value(data.values, row) === 0, `the machine answered ${mine} with ${reply}, leaving value ${value(data.values, row)}`);
      }
      const second = await checkNearest(figure, data, row);
      return `"${first}" → turned ${head}; "${said}" → "${second}"`;
    }),
  );
}
