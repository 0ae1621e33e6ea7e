// Unit tests of scrub-core.js: the words, counts and geometry a scrubbed
// figure shows, read from `scrub` data shaped as the build writes it (values
// and outcomes copied from the engine's answers for these games). At full
// size every summary must be the build's own sentence, copied here from the
// built pages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { en, other } from './words.mjs';

const require = createRequire(import.meta.url);
const core = require('../../../../static/js/scrub-core.js');

/** `figure value-table` of subtraction:1,3,4, n = 15, periodic with period 7 from 0. */
const SUBTRACTION = {
  key: 'n',
  min: 1,
  max: 15,
  first: 0,
  index: 'heap',
  values: [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0],
  pattern: { name: 'periodic with least period 7 from 0', the: 'the pattern that repeats every 7 values from 0 on', needed: 14, runs: [['short', 1, 13], ['holds', 14, 15]] },
};

/** `figure value-table` of Mock Turtles by place, no pattern named. */
const MOCK = { key: 'n', min: 1, max: 6, first: 1, index: 'place', values: [1, 2, 4, 7, 8, 11], pattern: null };

/** The plot's geometry as sequence_plot.rs writes it for 170 heaps. */
const LAYOUT = { barLeast: 1, barMost: 18, charEm: 0.64, left: 44, plotHeight: 150, room: 576, textSmall: 13, top: 28, topValue: 8, width: 632 };

/** `figure sequence-plot` of Kayles (the first 30 of its 170 values; its period from heap 71). */
const KAYLES = {
  key: 'n',
  min: 1,
  max: 30,
  values: [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4],
  period: { period: 12, preperiod: 71, argument: 'octal periodicity theorem' },
  checked: 256,
  exceptions: [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70],
  layout: LAYOUT,
};

/** `figure outcome-map` of Nim, max 2, third heap 0 to 1: the P-cells are where a ^ b ^ c = 0. */
const NIM = {
  key: 'max',
  min: 1,
  max: 2,
  slices: { from: 0, to: 1 },
  grids: ['PNNNPNNNP', 'NPNPNNNNN'],
  method: 'brute force',
  layout: { axis: 50, cell: 28 },
};

test('clamp rounds into the range and refuses what is not a number', () => {
  assert.equal(core.clamp(3.6, 1, 10), 4);
  assert.equal(core.clamp(-5, 1, 10), 1);
  assert.equal(core.clamp(99, 1, 10), 10);
  assert.equal(core.clamp('x', 1, 10), 1);
});

test('numbers are written as the build writes attributes', () => {
  assert.equal(core.num(18), '18');
  assert.equal(core.num(3.3882352), '3.39');
  assert.equal(core.num(2.5), '2.5');
});

test("a table's summary at full size is the build's sentence", () => {
  assert.equal(core.tableSummary(SUBTRACTION, 15, en), 'All 15 values follow the pattern that repeats every 7 values from 0 on.');
  assert.equal(core.tableSummary(MOCK, 6, en), '6 values.');
});

test("a table's pattern is stated only at the sizes the engine judged", () => {
  assert.equal(core.tableStanding(SUBTRACTION, 14), 'holds');
  assert.equal(core.tableStanding(SUBTRACTION, 13), 'short');
  assert.equal(core.tableStanding(SUBTRACTION, 99), null);
  assert.equal(core.tableStanding(MOCK, 3), null);
  const short = core.tableSummary(SUBTRACTION, 9, en);
  assert.match(short, /^9 values are too few to show the pattern that repeats every 7 values from 0 on: it needs 14/);
  assert.doesNotMatch(short, /follow/);
  assert.equal(core.tableSummary(MOCK, 1, en), '1 value.');
  const odd = { ...SUBTRACTION, pattern: { ...SUBTRACTION.pattern, runs: [['lesser', 1, 15]] } };
  assert.match(core.tableSummary(odd, 15, en), /repeat sooner than/);
});

test("a table's readout and announcement name its indices and read every value shown", () => {
  assert.equal(core.tableReadout(SUBTRACTION, 5, en), '0 to 4');
  assert.equal(core.tableReadout(MOCK, 5, en), '1 to 5');
  assert.equal(core.tableAnnouncement(MOCK, 4, en), 'Places 1 to 4: 1, 2, 4, 7. 4 values.');
  assert.match(core.tableAnnouncement(SUBTRACTION, 3, en), /^Heaps 0 to 2: 0, 1, 0\. 3 values/);
  assert.equal(core.tableIndex({ index: 'n' }), 'positions');
});

test("a plot's summary counts the exceptions among the heaps shown", () => {
  assert.equal(core.plotSummary(KAYLES, 30, en), 'Period 12 from heap 71 (octal periodicity theorem); 10 exceptions before it among the heaps shown.');
  assert.equal(core.plotExceptions(KAYLES, 1), 1);
  assert.equal(core.plotExceptions(KAYLES, 10), 4);
  assert.equal(core.plotSummary({ ...KAYLES, period: null, checked: 20000 }, 30, en), 'No period proved within 20000 values.');
  assert.equal(core.plotReadout(KAYLES, 30, en), '0 to 29');
  assert.match(core.plotAnnouncement(KAYLES, 4, en), /^Heaps 0 to 3: 0, 1, 2, 3\. Period 12/);
  assert.match(core.plotAnnouncement(KAYLES, 30, en), /^Heaps 0 to 29; heap 29 has value 4, the largest shown is 8\./);
});

test("a plot's drawing has one bar per heap shown, each as tall as its value", () => {
  for (const m of [1, 2, 13, 30]) {
    const d = core.plotDrawing(KAYLES, m, en);
    assert.equal(d.bars.length, m);
    d.bars.forEach((b, x) => {
      assert.equal(b.n, x);
      assert.equal(core.barValue(LAYOUT, b.height), KAYLES.values[x]);
      assert.equal(b.cls, KAYLES.exceptions.includes(x) ? 'g-exception' : 'g-bar');
    });
    // The period starts beyond the heaps shown: no band, no marker.
    assert.equal(d.bands.length, 0);
    assert.equal(d.marker, null);
    assert.ok(d.ticks.length >= 1 && d.ticks.length <= 13, `${d.ticks.length} ticks for ${m} heaps`);
    assert.equal(d.ticks[0].text, '0');
  }
  // Few heaps: the widest bar, as the build draws a short plot.
  assert.equal(core.plotDrawing(KAYLES, 2, en).bars[1].x, core.num(44 + 18 + 18 * 0.15));
  assert.equal(core.plotDrawing(KAYLES, 30, en).bars[1].width, core.num(18 * 0.7));
  // Many heaps: the room shared out.
  const many = { ...KAYLES, max: 40, values: Array(40).fill(1), exceptions: [] };
  assert.equal(core.plotDrawing(many, 40, en).bars[1].width, core.num((576 / 40) * 0.7));
});

test("a plot's period bands and marker follow the period from its pre-period", () => {
  const plot = { ...KAYLES, period: { period: 4, preperiod: 2, argument: 'x' } };
  const d = core.plotDrawing(plot, 12, en);
  // Bands every other period from heap 2: heaps 2-5 and 10-11.
  assert.deepEqual(
    d.bands.map((b) => [b.x, b.width]),
    [[core.num(44 + 18 * 2), core.num(18 * 4)], [core.num(44 + 18 * 10), core.num(18 * 2)]],
  );
  assert.equal(d.marker.label, 'period 4 from 2');
  assert.equal(d.marker.anchor, 'start');
  const late = core.plotDrawing({ ...plot, period: { period: 4, preperiod: 29, argument: 'x' } }, 30, en);
  assert.equal(late.marker.anchor, 'end', 'a label that does not fit runs to the left');
});

test("a map's outcomes come from the grid of the third heap chosen", () => {
  assert.deepEqual(core.mapSlices(NIM), [0, 1]);
  assert.equal(core.mapOutcome(NIM, 1, 1, 0), 'P');
  assert.equal(core.mapOutcome(NIM, 1, 0, 1), 'P');
  assert.equal(core.mapOutcome(NIM, 1, 1, 1), 'N');
  assert.equal(core.mapOutcome(NIM, 1, 1, 2), null, 'a third heap not embedded has no outcome');
  assert.equal(core.mapOutcome(NIM, 3, 0, 0), null, 'a cell beyond the grid has no outcome');
  assert.deepEqual(core.mapPCells(NIM, 1, 0), [[0, 0], [1, 1]]);
  assert.deepEqual(core.mapPCells(NIM, 2, 1), [[0, 1], [1, 0]]);
  const plain = { ...NIM, slices: null, grids: ['PNNNPNNNP'] };
  assert.equal(core.mapOutcome(plain, 2, 2, null), 'P');
});

test("a map's summary is the build's sentence for its own third heap and names any other", () => {
  assert.equal(core.mapSummary(NIM, 2, 1, en), '2 P-positions among the 9 positions shown.');
  assert.equal(core.mapSummary(NIM, 1, 0, en), '2 P-positions among the 4 positions shown with a third heap of 0.');
  assert.equal(core.mapAnnouncement(NIM, 1, 0, en), 'Heaps up to 1, third heap 0: 2 P-positions among the 4 positions shown with a third heap of 0. P-positions: (0, 0), (1, 1).');
});

test('the summaries and announcements are in the page\'s words', () => {
  const fr = other({
    'play.scrub.values': { one: '{n} valeur.', other: '{n} valeurs.' },
    'play.scrub.say-places': 'Places {first} à {last} : {values}. {summary}',
    'play.scrub.map': { one: '{n} P-position parmi les {total} positions montrées.', other: '{n} P-positions parmi les {total} positions montrées.' },
  });
  assert.equal(core.tableAnnouncement(MOCK, 1, fr), 'Places 1 à 1 : 1. 1 valeur.');
  assert.equal(core.tableAnnouncement(MOCK, 4, fr), 'Places 1 à 4 : 1, 2, 4, 7. 4 valeurs.');
  assert.equal(core.mapSummary(NIM, 2, 1, fr), '2 P-positions parmi les 9 positions montrées.');
});
