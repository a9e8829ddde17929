// The chart's layout (www/chart.js draws it): a series' draw list as a pure function of the series,
// the width, the colours and the reader's words. No DOM: tests/unit/chart-layout.test.mjs runs it in Node.

/** Measures drawn in one panel: its title's key and its members. */
const SHARED = [
  { title: "chart.panel.nearest", ids: ["mean_nearest", "min_nearest"] },
  { title: "chart.panel.checks", ids: ["checks", "naive_checks"], log: true },
];
/** Measures on a fixed scale. */
const FIXED = { polarisation: [0, 1] };
export const LIGHT = ["#2563eb", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490"];
export const DARK = ["#60a5fa", "#fdba74", "#4ade80", "#d8b4fe", "#fca5a5", "#67e8f9"];
/** Colours by measure where the scenario's text names them (the spatial hash: naive red, grid green). */
export const COLOUR_OF = { naive_checks: 4, checks: 2, min_nearest: 5 };
/** …and by dashes, not by colour alone (issue 49: naive and grid were 1.03:1 under deuteranopia). */
export const DASH_OF = { naive_checks: [6, 3] };

export const FONT = 11;
const TITLE_H = 15;
const GAP = 6;
const LEFT = 40;
const RIGHT = 8;
const MARK_ROW = 13;
const AXIS_H = 40;

/** The panels of a series: `[{ title, ids }]`, in the order of its measures (`w`: the reader's
 *  words, see `layout`). */
export function panels(measures, w) {
  const name = nameIn(w);
  const out = [];
  for (const id of measures) {
    if (out.some((p) => p.ids.includes(id))) continue;
    const s = SHARED.find((p) => p.ids.includes(id));
    if (s) out.push({ title: w.t(s.title), ids: s.ids.filter((k) => measures.includes(k)), log: s.log });
    else out.push({ title: name(id), ids: [id] });
  }
  return out;
}
/** A measure's name in the reader's words (its id without one). */
const nameIn = (w) => (id) => (w.has(`chart.m.${id}`) ? w.t(`chart.m.${id}`) : id);

/** A number as the chart writes it, in the reader's locale as the readouts under the canvas are
 *  (www/words.js's formatNumber: "0,6" in Spanish): at most 3 significant digits, 12.3k past 10 000. */
function numIn(w, x) {
  if (x == null || !Number.isFinite(x)) return "—";
  const a = Math.abs(x);
  if (a >= 1e6) return `${w.formatNumber(+(x / 1e6).toFixed(1))}M`;
  if (a >= 1e4) return `${w.formatNumber(+(x / 1e3).toFixed(1))}k`;
  return w.formatNumber(+x.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2));
}

/** A text's width in css px in the chart's font, estimated (www/chart.js measures it on a canvas). */
export function estimateWidth(text) {
  return text.length * FONT * 0.6;
}

/** A "nice" value ≥ x (1, 2, 2.5, 5 × 10^k). */
function niceCeil(x) {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x - 1e-9 * p) return m * p;
  return 10 * p;
}

/** The draw list of a series at `width` css px: `{ width, height, items, panels }`; items are
 *  `{ t: "rect", x, y, w, h, fill }`, `{ t: "line", pts: [x, y, …], stroke, width, dash?, alpha? }`
 *  and `{ t: "text", x, y, text, fill, align, bold? }` (y: the baseline). `words`: the reader's
 *  words, `{ t(key), has(key), formatNumber(x) }`; `textWidth(text, bold)`: a text's width in css
 *  px in an 11 px font. A pure function of its arguments: `other` is a compare's second run. */
export function layout(s, width, colours, words, other = null, textWidth = estimateWidth) {
  const name = nameIn(words);
  const num = (x) => numIn(words, x);
  const ps = panels(s.measures, words);
  const items = [];
  const w = Math.max(120, width);
  const PANEL_H = w >= 600 ? 46 : 34;
  const plotW = w - LEFT - RIGHT;
  const x0 = s.start ?? s.step[0] ?? 0;
  const x1 = Math.max(s.end ?? 0, s.cursor ?? 0, x0 + 600);
  const X = (k) => LEFT + ((k - x0) / (x1 - x0)) * plotW;
  const marks = (s.marks || []).filter((m) => m.step >= x0 && m.step <= x1);
  // Mark labels: each on the first row where it does not run into the previous one (two rows).
  const rowEnd = [-Infinity, -Infinity];
  const placed = [];
  for (const m of marks) {
    const x = X(m.step);
    const tw = textWidth(m.label);
    const tx = Math.min(Math.max(x - tw / 2, 0), w - tw);
    const row = rowEnd.findIndex((e) => tx > e + 6);
    if (row >= 0) {
      rowEnd[row] = tx + tw;
      placed.push({ m, x, tx, row });
    } else placed.push({ m, x, tx: null, row: -1 });
  }
  const rows = Math.max(0, ...placed.map((p) => p.row + 1));
  const top = 4 + rows * MARK_ROW;
  const upto = s.step.findLastIndex((k) => k <= s.cursor);
  // Each panel's title with its values at the cursor: one line, or two where one does not fit
  // (a shared panel on a phone: its title, then each member's value).
  let y = top;
  for (const p of ps) {
    const now = p.ids.map((id) => num(upto >= 0 ? (s.values[id] || [])[upto] : null));
    const one = p.ids.length === 1 ? `${p.title}  ${now[0]}` : `${p.title}:  ${p.ids.map((id, k) => `${name(id)} ${now[k]}`).join(" · ")}`;
    p.lines = textWidth(one, true) <= w - LEFT - 2 || p.ids.length === 1 ? [one] : [p.title, p.ids.map((id, k) => `${name(id)} ${now[k]}`).join(" · ")];
    p.y = y;
    y += p.lines.length * TITLE_H + PANEL_H + GAP;
  }
  const bottom = y - GAP;
  const height = bottom + AXIS_H;
  items.push({ t: "rect", x: 0, y: 0, w, h: height, fill: colours.bg });
  ps.forEach((p) => {
    const py = p.y;
    const plotTop = py + p.lines.length * TITLE_H;
    const cols = p.ids.map((id) => s.values[id] || []);
    // A compare's second run (www/compare.js): the same measures, drawn dashed on the same scales.
    const others = other ? p.ids.map((id) => other.values[id] || []) : [];
    let lo = 0;
    let hi = 0;
    for (const c of [...cols, ...others]) for (const v of c) if (v != null) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
    let Y;
    if (p.log) {
      // Decades (the grid's checks against n·(n−1): a ratio reads as a distance), a gridline each.
      let min = Infinity;
      for (const c of [...cols, ...others]) for (const v of c) if (v > 0) min = Math.min(min, v);
      const [a, b] = [Math.floor(Math.log10(Number.isFinite(min) ? min : 1)), Math.max(1, Math.ceil(Math.log10(Math.max(hi, 10))))];
      [lo, hi] = [10 ** a, 10 ** Math.max(b, a + 1)];
      const span = Math.log10(hi) - Math.log10(lo);
      Y = (v) => plotTop + PANEL_H - ((Math.log10(Math.max(v, lo)) - Math.log10(lo)) / span) * PANEL_H;
      for (let d = a + 1; d < Math.log10(hi); d++) items.push({ t: "line", pts: [LEFT, Y(10 ** d), LEFT + plotW, Y(10 ** d)], stroke: colours.grid, width: 1 });
    } else {
      [lo, hi] = FIXED[p.ids[0]] ?? [lo < 0 ? -niceCeil(-lo) : 0, niceCeil(hi)];
      Y = (v) => plotTop + PANEL_H - ((v - lo) / (hi - lo)) * PANEL_H;
    }
    p.lines.forEach((text, k) => items.push({ t: "text", x: LEFT, y: py + 11 + k * TITLE_H, text, fill: colours.fg, align: "left", bold: k === 0 }));
    // Frame, grid and the y scale (its ends).
    items.push({ t: "line", pts: [LEFT, plotTop, LEFT + plotW, plotTop], stroke: colours.grid, width: 1 });
    items.push({ t: "line", pts: [LEFT, plotTop + PANEL_H, LEFT + plotW, plotTop + PANEL_H], stroke: colours.border, width: 1 });
    items.push({ t: "text", x: LEFT - 4, y: plotTop + 8, text: num(hi), fill: colours.muted, align: "right" });
    items.push({ t: "text", x: LEFT - 4, y: plotTop + PANEL_H, text: num(lo), fill: colours.muted, align: "right" });
    // The series: up to the cursor solid, the recorded future after it faint.
    p.ids.forEach((id, k) => {
      const stroke = colours.series[COLOUR_OF[id] ?? s.measures.indexOf(id) % colours.series.length];
      let run = [];
      let runAlpha = 1;
      const flush = () => {
        if (run.length >= 4) items.push({ t: "line", pts: run, stroke, width: 1.6, alpha: runAlpha, dash: DASH_OF[id] });
        else if (run.length === 2) items.push({ t: "line", pts: [...run, run[0] + 1, run[1]], stroke, width: 1.6, alpha: runAlpha });
        run = [];
      };
      s.step.forEach((st, r) => {
        const v = cols[k][r];
        const alpha = r <= upto ? 1 : 0.3;
        if (v == null) return flush();
        if (alpha !== runAlpha) {
          const last = run.slice(-2);
          flush();
          runAlpha = alpha;
          run = last;
        }
        run.push(X(st), Y(v));
      });
      flush();
      // The compare's other run, dashed, up to its own cursor (the two step in lockstep).
      if (other) {
        const upB = other.step.findLastIndex((k) => k <= other.cursor);
        let pts = [];
        const out = () => {
          if (pts.length >= 4) items.push({ t: "line", pts, stroke, width: 1.6, dash: [5, 3], run: 2 });
          pts = [];
        };
        other.step.forEach((st, r) => {
          const v = others[k][r];
          if (v == null || r > upB) return out();
          pts.push(X(st), Y(v));
        });
        out();
      }
    });
  });
  // Marks and the cursor cross each panel's plot, not the titles above them (where the numbers are
  // read). A mark: a dashed line through every plot and its label on top (joined to the first plot).
  const plots = (x) => ps.map((p) => {
    const y0 = p.y + p.lines.length * TITLE_H;
    return [x, y0, x, y0 + PANEL_H];
  });
  for (const { m, x, tx, row } of placed) {
    for (const pts of [[x, top - 2, x, ps[0]?.y ?? top], ...plots(x)]) items.push({ t: "line", pts, stroke: colours.muted, width: 1, dash: [3, 3] });
    if (tx != null) items.push({ t: "text", x: tx, y: 2 + row * MARK_ROW + 9, text: m.label, fill: colours.muted, align: "left" });
  }
  // The cursor.
  if (s.cursor != null && s.cursor >= x0) {
    for (const pts of plots(X(s.cursor))) items.push({ t: "line", pts, stroke: colours.accent, width: 1.5 });
  }
  // Time axis: ticks every 1, 2, 5, 10 … s, at most one per ~60 px.
  const secs = (x1 - x0) / 60;
  const step = niceCeil(secs / Math.max(1, Math.floor(plotW / 60)));
  const ty = bottom + 4;
  items.push({ t: "line", pts: [LEFT, ty, LEFT + plotW, ty], stroke: colours.border, width: 1 });
  for (let sec = Math.ceil(x0 / 60 / step) * step; sec <= x1 / 60 + 1e-9; sec += step) {
    const x = X(sec * 60);
    items.push({ t: "line", pts: [x, ty, x, ty + 4], stroke: colours.border, width: 1 });
    const label = num(sec);
    const right = x + textWidth(label) / 2 > w - 1;
    items.push({ t: "text", x: right ? w - 1 : x, y: ty + 15, text: label, fill: colours.muted, align: right ? "right" : "center" });
  }
  items.push({ t: "text", x: LEFT + plotW, y: ty + 27, text: words.t("chart.time"), fill: colours.muted, align: "right" });
  return { width: w, height, items, panels: ps };
}
