// Scrubbing a figure's size: what a value table, sequence plot or outcome map
// shows for a size the reader chooses, computed from the figure's `scrub`
// data (written by the build from the engine: the values, the pattern's
// standing at every size, the period, the outcomes of every cell). No game
// rule lives here: the words, counts and geometry only read that data.
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

  const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;
  const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

  // ---- Value tables (`figure value-table`) ----

  /** What the table's indices are called, in the plural. */
  function tableIndexWords(scrub) {
    return { heap: 'heaps', place: 'places' }[scrub.index] || 'positions';
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
  function tableSummary(scrub, m) {
    let s = plural(m, 'value', 'values');
    const p = scrub.pattern;
    switch (tableStanding(scrub, m)) {
      case 'holds':
        s += `; ${p.the} holds`;
        break;
      case 'short':
        s += `; too few for ${p.the}, which needs ${p.needed} to show its repeating block twice`;
        break;
      case 'lesser':
        s += `; the values shown repeat with a smaller period than ${p.the} has`;
        break;
      case 'breaks':
        s += `; the values shown break ${p.the}`;
        break;
      default:
        break;
    }
    return `${s}.`;
  }

  function tableReadout(scrub, m) {
    const [a, b] = tableRange(scrub, m);
    return `${a} to ${b}`;
  }

  /** What the live region says with `m` values shown: the indices, every value, the summary. */
  function tableAnnouncement(scrub, m) {
    const [a, b] = tableRange(scrub, m);
    const values = scrub.values.slice(0, m).join(', ');
    return `${capital(tableIndexWords(scrub))} ${a} to ${b}: ${values}. ${tableSummary(scrub, m)}`;
  }

  // ---- Sequence plots (`figure sequence-plot`) ----

  /** How many of the heaps below `m` are exceptions before the period. */
  function plotExceptions(scrub, m) {
    return scrub.exceptions.filter((x) => x < m).length;
  }

  /** The summary line under the plot with heaps 0 to m - 1 shown (the build's own words at full size). */
  function plotSummary(scrub, m) {
    const q = scrub.period;
    if (!q) return `No period proved within ${scrub.checked} values.`;
    return `Period ${q.period} from heap ${q.preperiod} (${q.argument}); ${plotExceptions(scrub, m)} exceptions before it among the heaps shown.`;
  }

  function plotReadout(scrub, m) {
    return `0 to ${m - 1}`;
  }

  /** What the live region says with heaps 0 to m - 1 shown. */
  function plotAnnouncement(scrub, m) {
    const shown = scrub.values.slice(0, m);
    const list = m <= 24 ? `: ${shown.join(', ')}` : `; heap ${m - 1} has value ${shown[m - 1]}, the largest shown is ${Math.max(...shown)}`;
    return `Heaps 0 to ${m - 1}${list}. ${plotSummary(scrub, m)}`;
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
  function plotDrawing(scrub, m) {
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
        const label = `period ${q.period} from ${q.preperiod}`;
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
  function mapSummary(scrub, m, slice) {
    const count = mapPCells(scrub, m, slice).length;
    const other = scrub.slices && slice !== scrub.slices.to ? ` with a third heap of ${slice}` : '';
    return `${count} P-positions among the ${(m + 1) * (m + 1)} positions shown${other}.`;
  }

  /** What the live region says for the grid up to m with third heap `slice`. */
  function mapAnnouncement(scrub, m, slice) {
    const third = scrub.slices ? `, third heap ${slice}` : '';
    const cells = mapPCells(scrub, m, slice);
    const list = cells.length <= 12 ? ` P-positions: ${cells.map(([a, b]) => `(${a}, ${b})`).join(', ')}.` : '';
    return `Heaps up to ${m}${third}: ${mapSummary(scrub, m, slice)}${list}`;
  }

  const core = {
    clamp,
    num,
    tableIndexWords,
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
