// Scrubbing a figure's size: what a value table, sequence plot or outcome map
// shows for a size the reader chooses, computed from the figure's `scrub`
// data (written by the build from the engine: the values, the pattern's
// standing at every size, the period, the outcomes of every cell). No game
// rule lives here: the words, counts and geometry only read that data. The
// words are the page's (`w`, words.js); the pattern's name and the period's
// argument are the build's, in the site's language.
// Used by scrub.js in the page and as a CommonJS module by the node tests.
(function (root) {
  'use strict';

  /** `v` rounded to a whole number within [lo, hi]. */
  function clamp(v, lo, hi) {
    const n = Math.round(Number(v));
    if (!Number.isFinite(n)) return lo;
    return Math.min(hi, Math.max(lo, n));
  }

  /** A number as the build writes an attribute: whole, else to 0.01. */
  function num(x) {
    if (Math.abs(x - Math.round(x)) < 1e-9) return String(Math.round(x));
    return x.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
  }

  // ---- Value tables (`figure value-table`) ----

  /** What the table's indices are: `heaps`, `places` or `positions`. */
  function tableIndex(scrub) {
    return { heap: 'heaps', place: 'places', row: 'rows' }[scrub.index] || 'positions';
  }

  /** The table's control, named by what its indices are ("Heaps shown"). */
  function tableLabel(scrub, w) {
    const keys = { heaps: 'play.scrub.shown-heaps', places: 'play.scrub.shown-places', rows: 'play.scrub.shown-rows', positions: 'play.scrub.shown-positions' };
    return w.say(keys[tableIndex(scrub)]);
  }

  /** The first and last index shown with `m` values. */
  function tableRange(scrub, m) {
    return [scrub.first, scrub.first + m - 1];
  }

  /** The pattern's standing with `m` values shown, as the engine judged it; null without a pattern. */
  function tableStanding(scrub, m) {
    if (!scrub.pattern) return null;
    const run = scrub.pattern.runs.find(([, from, to]) => from <= m && m <= to);
    return run ? run[0] : null;
  }

  /** The summary line under the table with `m` values shown (the build's own words at full size). */
  function tableSummary(scrub, m, w) {
    const p = scrub.pattern;
    const keys = { holds: 'play.scrub.holds', short: 'play.scrub.short', lesser: 'play.scrub.lesser', breaks: 'play.scrub.breaks' };
    const key = keys[tableStanding(scrub, m)] || 'play.scrub.values';
    return w.count(key, m, p ? { pattern: p.the, needed: p.needed } : {});
  }

  function tableReadout(scrub, m, w) {
    const [a, b] = tableRange(scrub, m);
    return w.say('play.scrub.range', { first: a, last: b });
  }

  /** What the live region says with `m` values shown: the indices, every value, the summary. */
  function tableAnnouncement(scrub, m, w) {
    const [a, b] = tableRange(scrub, m);
    const values = scrub.values.slice(0, m).join(', ');
    const keys = { heaps: 'play.scrub.say-heaps', places: 'play.scrub.say-places', rows: 'play.scrub.say-rows', positions: 'play.scrub.say-positions' };
    return w.say(keys[tableIndex(scrub)], { first: a, last: b, values, summary: tableSummary(scrub, m, w) });
  }

  // ---- Sequence plots (`figure sequence-plot`) ----

  /** How many of the heaps below `m` are exceptions before the period. */
  function plotExceptions(scrub, m) {
    return scrub.exceptions.filter((x) => x < m).length;
  }

  /** The summary line under the plot with heaps 0 to m - 1 shown (the build's own words at full size). */
  function plotSummary(scrub, m, w) {
    const q = scrub.period;
    if (!q) return w.say('play.scrub.no-period', { checked: scrub.checked });
    return w.count('play.scrub.period', plotExceptions(scrub, m), { period: q.period, preperiod: q.preperiod, argument: q.argument });
  }

  function plotReadout(scrub, m, w) {
    return w.say('play.scrub.range', { first: 0, last: m - 1 });
  }

  /** What the live region says with heaps 0 to m - 1 shown. */
  function plotAnnouncement(scrub, m, w) {
    const shown = scrub.values.slice(0, m);
    const summary = plotSummary(scrub, m, w);
    if (m <= 24) return w.say('play.scrub.say-plot', { last: m - 1, values: shown.join(', '), summary });
    return w.say('play.scrub.say-plot-long', { last: m - 1, value: shown[m - 1], largest: Math.max(...shown), summary });
  }

  /** The width of `text` at `size`, as the build lays out figure text. */
  function textWidth(layout, text, size) {
    return [...text].length * layout.charEm * size;
  }

  /**
   * The plot of heaps 0 to m - 1 in the static plot's frame: the period's
   * bands, its marker and label, the bars and the heap ticks, as the build
   * draws them for a plot of m heaps (kinds/figures/sequence_plot.rs), on the
   * static plot's value scale. Numbers as attribute strings.
   */
  function plotDrawing(scrub, m, w) {
    const L = scrub.layout;
    const bar = Math.min(L.barMost, Math.max(L.barLeast, L.room / m));
    const base = L.top + L.plotHeight;
    const y = (v) => base - (L.plotHeight * v) / L.topValue;
    const out = { bands: [], marker: null, bars: [], ticks: [] };
    const q = scrub.period;
    if (q) {
      for (let start = q.preperiod, band = 0; start < m; band++) {
        const end = Math.min(start + q.period, m);
        if (band % 2 === 0) out.bands.push({ x: num(L.left + bar * start), y: num(L.top), width: num(bar * (end - start)), height: num(L.plotHeight) });
        start = end;
      }
      if (q.preperiod < m) {
        const x = L.left + bar * q.preperiod;
        const label = w.say('play.scrub.marker', { period: q.period, preperiod: q.preperiod });
        const fits = x + 3 + textWidth(L, label, L.textSmall) <= L.width;
        out.marker = {
          x: num(x),
          y1: num(L.top - 6),
          y2: num(base),
          label,
          labelX: num(fits ? x + 3 : x - 3),
          labelY: num(L.top - 9),
          anchor: fits ? 'start' : 'end',
        };
      }
    }
    const exceptions = new Set(scrub.exceptions);
    for (let x = 0; x < m; x++) {
      const top = y(scrub.values[x]);
      out.bars.push({
        n: x,
        x: num(L.left + bar * x + bar * 0.15),
        y: num(top),
        width: num(bar * 0.7),
        height: num(base - top),
        cls: exceptions.has(x) ? 'g-exception' : 'g-bar',
      });
    }
    const room = textWidth(L, String(m - 1), L.textSmall) + 10;
    const step = [1, 2, 5, 10, 20, 50, 100].find((s) => Math.floor(m / s) <= 12 && bar * s >= room) || 100;
    for (let x = 0; x < m; x += step) out.ticks.push({ x: num(L.left + bar * (x + 0.5)), y: num(base + 17), text: String(x) });
    return out;
  }

  /** The value a bar of the plot stands for, read back from its drawn height (for tests). */
  function barValue(layout, height) {
    return Math.round((Number(height) * layout.topValue) / layout.plotHeight);
  }

  // ---- Outcome maps (`figure outcome-map`) ----

  /** The third heaps a reader may choose, or null for a map without one. */
  function mapSlices(scrub) {
    return scrub.slices ? [scrub.slices.from, scrub.slices.to] : null;
  }

  /** The outcome letters (`P`/`N`, row by row) of the grid with third heap `slice`; null if not embedded. */
  function mapGrid(scrub, slice) {
    if (!scrub.slices) return scrub.grids[0];
    const i = slice - scrub.slices.from;
    return i >= 0 && i < scrub.grids.length ? scrub.grids[i] : null;
  }

  /** The outcome of cell (a, b) in the grid with third heap `slice`: 'P', 'N' or null. */
  function mapOutcome(scrub, a, b, slice) {
    const grid = mapGrid(scrub, slice);
    if (!grid || a > scrub.max || b > scrub.max) return null;
    return grid.charAt(a * (scrub.max + 1) + b) || null;
  }

  /** The P-cells [a, b] with a, b ≤ m, row by row. */
  function mapPCells(scrub, m, slice) {
    const cells = [];
    for (let a = 0; a <= m; a++) for (let b = 0; b <= m; b++) if (mapOutcome(scrub, a, b, slice) === 'P') cells.push([a, b]);
    return cells;
  }

  /** The summary line under the map (the build's own words at full size). */
  function mapSummary(scrub, m, slice, w) {
    const count = mapPCells(scrub, m, slice).length;
    const other = scrub.slices && slice !== scrub.slices.to;
    return w.count(other ? 'play.scrub.map-third' : 'play.scrub.map', count, { total: (m + 1) * (m + 1), slice });
  }

  /** What the live region says for the grid up to m with third heap `slice`. */
  function mapAnnouncement(scrub, m, slice, w) {
    const cells = mapPCells(scrub, m, slice);
    const summary = mapSummary(scrub, m, slice, w);
    const said = w.say(scrub.slices ? 'play.scrub.say-map-third' : 'play.scrub.say-map', { max: m, slice, summary });
    if (cells.length > 12) return said;
    return `${said} ${w.say('play.scrub.p-cells', { cells: cells.map(([a, b]) => `(${a}, ${b})`).join(', ') })}`;
  }

  const core = {
    clamp,
    num,
    tableIndex,
    tableLabel,
    tableStanding,
    tableSummary,
    tableReadout,
    tableAnnouncement,
    plotExceptions,
    plotSummary,
    plotReadout,
    plotAnnouncement,
    plotDrawing,
    barValue,
    mapSlices,
    mapGrid,
    mapOutcome,
    mapPCells,
    mapSummary,
    mapAnnouncement,
  };

  if (typeof module === 'object' && module.exports) module.exports = core;
  else root.GrundyScrubCore = core;
})(typeof globalThis !== 'undefined' ? globalThis : this);
