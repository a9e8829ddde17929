// steerlab's chart under a canvas (issue 35): the scenario's measures over time, drawn from
// `v.series()` (the viewer's history), loaded on first use.
//
// www/boot.js imports this module when a viewer fires `steerlab:chart` (`v.chart(true)`, or
// `data-chart` at mount) and calls `chart(steerlab, canvas, on)`. A page that mounts without
// boot.js does the same itself:
//
//   import { chart } from "/steerlab/www/chart.js";
//   canvas.addEventListener("steerlab:chart", (e) => chart(steerlab, canvas, e.detail.on));
//
// Rendering as data: `layout(series, …)` makes a draw list (lines, rectangles, text) that
// `paint(ctx, …)` draws on the chart's own canvas and `svg(…)` writes for stills; the viewer gets a
// painter (`v.chartPainter`) so that `v.still("svg" | "png")` and "Save image" include the chart.
// One panel per measure (two sharing a panel when they share a unit), time along the bottom, a
// cursor at the viewer's step (the recorded future after it, faint: scrubbing moves it) and a
// dashed mark with its label at every parameter change ("alignment 1 → 0"). Each measure's name
// under the chart is a button that explains it (www/meaning.js).

import { t, has, formatNumber } from "./words.js";
import { explain } from "./meaning.js";

/** Measures drawn in one panel: its title's key and its members. */
const SHARED = [
  { title: "chart.panel.nearest", ids: ["mean_nearest", "min_nearest"] },
  { title: "chart.panel.checks", ids: ["checks", "naive_checks"], log: true },
];
/** Measures on a fixed scale. */
const FIXED = { polarisation: [0, 1] };
const LIGHT = ["#2563eb", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490"];
const DARK = ["#60a5fa", "#fdba74", "#4ade80", "#d8b4fe", "#fca5a5", "#67e8f9"];
/** Colours by measure where the scenario's text names them (the spatial hash: naive red, grid green). */
const COLOUR_OF = { naive_checks: 4, checks: 2, min_nearest: 5 };
/** …and by dashes, not by colour alone (issue 49: naive and grid were 1.03:1 under deuteranopia). */
const DASH_OF = { naive_checks: [6, 3] };

const FONT = 11;
let PANEL_H = 34;
const TITLE_H = 15;
const GAP = 6;
const LEFT = 40;
const RIGHT = 8;
const MARK_ROW = 13;
const AXIS_H = 40;

/** The panels of a series: `[{ title, ids }]`, in the order of its measures. */
export function panels(measures) {
  const out = [];
  for (const id of measures) {
    if (out.some((p) => p.ids.includes(id))) continue;
    const s = SHARED.find((p) => p.ids.includes(id));
    if (s) out.push({ title: t(s.title, LANG.now), ids: s.ids.filter((k) => measures.includes(k)), log: s.log });
    else out.push({ title: name(id), ids: [id] });
  }
  return out;
}
const LANG = { now: "en" };
const name = (id) => (has(`chart.m.${id}`, LANG.now) ? t(`chart.m.${id}`, LANG.now) : id);

/** A number as the chart writes it, in the reader's locale as the readouts under the canvas are
 *  (www/words.js's formatNumber: "0,6" in Spanish): at most 3 significant digits, 12.3k past 10 000. */
function num(x) {
  if (x == null || !Number.isFinite(x)) return "—";
  const a = Math.abs(x);
  if (a >= 1e6) return `${formatNumber(+(x / 1e6).toFixed(1), LANG.now)}M`;
  if (a >= 1e4) return `${formatNumber(+(x / 1e3).toFixed(1), LANG.now)}k`;
  return formatNumber(+x.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2), LANG.now);
}

let measurer = null;
/** A text's width in css px in the chart's font (measured on a scratch canvas; estimated without one). */
function textWidth(text, bold = false) {
  measurer ??= globalThis.document?.createElement("canvas").getContext("2d") ?? false;
  if (!measurer) return text.length * FONT * 0.6;
  measurer.font = `${bold ? "600 " : ""}${FONT}px system-ui, sans-serif`;
  return measurer.measureText(text).width;
}

/** A "nice" value ≥ x (1, 2, 2.5, 5 × 10^k). */
function niceCeil(x) {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x - 1e-9 * p) return m * p;
  return 10 * p;
}

/** The draw list of a series at `width` css px: `{ width, height, items }`; items are
 *  `{ t: "rect", x, y, w, h, fill }`, `{ t: "line", pts: [x, y, …], stroke, width, dash?, alpha? }`
 *  and `{ t: "text", x, y, text, fill, align, bold? }` (y: the baseline). */
export function layout(s, width, colours, lang, other = null) {
  LANG.now = lang;
  const ps = panels(s.measures);
  const items = [];
  const w = Math.max(120, width);
  PANEL_H = w >= 600 ? 46 : 34;
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
  items.push({ t: "text", x: LEFT + plotW, y: ty + 27, text: t("chart.time", lang), fill: colours.muted, align: "right" });
  return { width: w, height, items, panels: ps };
}

const alphaOf = (i) => i.alpha ?? 1;

/** Paint a draw list on a 2-D context, `scale` device px per css px, from (0, y0). */
export function paint(ctx, list, scale = 1, y0 = 0) {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, y0);
  ctx.lineJoin = "round";
  for (const i of list.items) {
    ctx.globalAlpha = alphaOf(i);
    if (i.t === "rect") {
      ctx.fillStyle = i.fill;
      ctx.fillRect(i.x, i.y, i.w, i.h);
    } else if (i.t === "line") {
      ctx.strokeStyle = i.stroke;
      ctx.lineWidth = i.width;
      ctx.setLineDash(i.dash || []);
      ctx.beginPath();
      ctx.moveTo(i.pts[0], i.pts[1]);
      for (let k = 2; k < i.pts.length; k += 2) ctx.lineTo(i.pts[k], i.pts[k + 1]);
      ctx.stroke();
    } else {
      ctx.font = `${i.bold ? "600 " : ""}${FONT}px system-ui, sans-serif`;
      ctx.fillStyle = i.fill;
      ctx.textAlign = i.align;
      ctx.fillText(i.text, i.x, i.y);
    }
  }
  ctx.restore();
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const r2 = (x) => Math.round(x * 100) / 100;

/** The same draw list as an SVG document (`<svg width height>`). */
export function svg(list) {
  const o = [`<svg xmlns="http://www.w3.org/2000/svg" width="${r2(list.width)}" height="${r2(list.height)}" font-family="system-ui, sans-serif" font-size="${FONT}">`];
  for (const i of list.items) {
    const a = alphaOf(i) < 1 ? ` opacity="${i.alpha}"` : "";
    if (i.t === "rect") o.push(`<rect x="${r2(i.x)}" y="${r2(i.y)}" width="${r2(i.w)}" height="${r2(i.h)}" fill="${esc(i.fill)}"${a}/>`);
    else if (i.t === "line") {
      const d = i.dash ? ` stroke-dasharray="${i.dash.join(" ")}"` : "";
      o.push(`<polyline points="${i.pts.map(r2).join(" ")}" fill="none" stroke="${esc(i.stroke)}" stroke-width="${i.width}" stroke-linejoin="round"${d}${a}/>`);
    } else {
      const anchor = { left: "start", center: "middle", right: "end" }[i.align];
      o.push(`<text x="${r2(i.x)}" y="${r2(i.y)}" fill="${esc(i.fill)}" text-anchor="${anchor}"${i.bold ? ' font-weight="600"' : ""}>${esc(i.text)}</text>`);
    }
  }
  o.push("</svg>\n");
  return o.join("\n");
}

/** The chart's colours from the viewer's root (its --_sl-* variables: the theme and the page's). */
function coloursOf(root) {
  const cs = getComputedStyle(root);
  const v = (k, d) => cs.getPropertyValue(k).trim() || d;
  const dark = root.classList.contains("steerlab-dark");
  return {
    bg: v("--_sl-canvas", dark ? "#0f172a" : "#f8fafc"),
    fg: v("--_sl-fg", dark ? "#e2e8f0" : "#0f172a"),
    muted: v("--_sl-muted", dark ? "#94a3b8" : "#475569"),
    grid: v("--_sl-grid", "rgba(100,116,139,0.2)"),
    border: v("--_sl-border", dark ? "#334155" : "#cbd5e1"),
    accent: v("--_sl-accent", dark ? "#60a5fa" : "#2563eb"),
    series: dark ? DARK : LIGHT,
  };
}

const charts = new WeakMap();
const overlays = new WeakMap();

/** A compare's chart (www/compare.js): the chart of the viewer on `canvas` with `other`'s series
 *  drawn over it dashed, placed after `place`, its legend naming the two runs as the compare's
 *  own labels do (`labels`: their elements, whose content is copied). */
export function overlay(steerlab, canvas, other, labels, place) {
  overlays.set(canvas, { other, labels, place });
  const c = charts.get(canvas);
  if (c) {
    c.ov = overlays.get(canvas);
    c.legend.dataset.ids = "";
  }
  chart(steerlab, canvas, true);
}

/** Show or hide the chart of the viewer on `canvas`, as `v.chart()` says (or `on`). */
export function chart(steerlab, canvas, on) {
  const v = steerlab.viewerFor(canvas);
  if (v && on === undefined) on = v.chart();
  let c = charts.get(canvas);
  if (!v || (!on && !c)) return;
  // (viewerFor gives a new handle each time: the same viewer unless the old one is gone.)
  if (!c || c.gone()) {
    c = new Chart(v, canvas);
    charts.set(canvas, c);
  }
  c.show(on);
}

/** Words added for a language (`steerlab:words`, www/words.js): charts on screen draw again. */
let wordsSeen = 0;
globalThis.document?.addEventListener("steerlab:words", () => wordsSeen++);

class Chart {
  constructor(v, canvas) {
    this.v = v;
    this.root = canvas.closest(".steerlab") || canvas.parentElement;
    // The viewer's language (its series say it: `v.series().lang`), with its fallbacks.
    this.lang = (this.root.getAttribute("lang") || document.documentElement.lang || "en");
    const fig = document.createElement("figure");
    fig.className = "steerlab-chart";
    this.canvas = document.createElement("canvas");
    this.canvas.className = "steerlab-chart-canvas";
    this.canvas.setAttribute("role", "img");
    this.legend = document.createElement("div");
    this.legend.className = "steerlab-chart-legend";
    fig.append(this.canvas, this.legend);
    this.fig = fig;
    this.key = "";
    this.frame = 0;
    this.list = null;
    this.ov = overlays.get(canvas) || null;
  }

  /** Whether its viewer was destroyed (the canvas may have a new one). */
  gone() {
    try {
      this.v.history();
      return false;
    } catch {
      this.fig.remove();
      return true;
    }
  }

  show(on) {
    if (!on) {
      this.fig.remove();
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      try {
        this.v.chartPainter = null;
      } catch {}
      return;
    }
    // Under the readout (its "?"), which is under the time controls: on a phone the canvas, its bar
    // and the measures fit one screen, the chart follows; before the caption.
    const r = this.root;
    const after = this.ov?.place || r.querySelector(":scope > .steerlab-meanings") || r.querySelector(":scope > .steerlab-bar") || r.querySelector(":scope > .steerlab-scrub") || this.v.canvas;
    after.after(this.fig);
    const chart = this;
    // Stills: the viewer gives the series (it is busy drawing the still: no call back into it).
    this.v.chartPainter = {
      height: (w, s) => chart.draw(w, s).height,
      svg: (w, s) => svg(chart.draw(w, s)),
      paint: (ctx, y, w, scale, s) => paint(ctx, chart.draw(w, s), scale, y),
    };
    this.key = "";
    this.loop();
  }

  /** The draw list of series `s` at `width`. */
  draw(width, s) {
    return layout(s, width, coloursOf(this.root), this.lang);
  }

  loop() {
    const tick = () => {
      this.frame = 0;
      if (!this.fig.isConnected) return; // hidden, or the viewer was destroyed
      let h;
      try {
        h = this.v.history();
      } catch {
        return; // destroyed or failed
      }
      const width = this.fig.clientWidth;
      const dark = this.root.classList.contains("steerlab-dark");
      const key = `${h.step} ${h.end} ${width} ${dark} ${wordsSeen}`;
      const now = performance.now();
      // Running (playing, or stepped forward a frame's worth by a compare's clock while paused): at
      // most 4 redraws a second, each reading the whole series; a seek or a scrub: at once.
      const running = this.v.playing || (h.step > this.step && h.step - this.step <= 16);
      this.step = h.step;
      if (key !== this.key && (!running || now - (this.last || 0) > 250)) {
        this.key = key;
        this.last = now;
        this.render(width);
      }
      this.frame = requestAnimationFrame(tick);
    };
    // The first drawing at once, not at the next frame: a chart shown at mount then has its height
    // in the viewer's first frame, and what is under the figure moves once, not twice.
    if (!this.frame) tick();
  }

  render(width) {
    const s = this.v.series();
    this.lang = s.lang || this.lang;
    let other = null;
    try {
      other = this.ov ? this.ov.other.series() : null;
    } catch {
      /* the other view was destroyed */
    }
    const list = layout(s, width, coloursOf(this.root), this.lang, other);
    const dpr = window.devicePixelRatio || 1;
    const c = this.canvas;
    const [bw, bh] = [Math.round(list.width * dpr), Math.round(list.height * dpr)];
    if (c.width !== bw || c.height !== bh) {
      c.width = bw;
      c.height = bh;
      c.style.height = `${list.height}px`;
    }
    paint(c.getContext("2d"), list, dpr);
    // (With each measure's value at the cursor, as the panels' titles show them: not the title alone.)
    const names = list.panels.map((p) => p.lines.join(": ")).join("; ");
    const marks = s.marks.filter((m) => m.step <= s.cursor).map((m) => m.label);
    c.setAttribute("aria-label", t("chart.aria", this.lang).replace("{names}", names).replace("{step}", formatNumber(s.cursor, this.lang)) + (marks.length ? `. ${marks.join("; ")}` : ""));
    c.dataset.cursor = s.cursor;
    c.dataset.marks = s.marks.length;
    c.dataset.runs = other ? 2 : 1;
    const ids = s.measures.join(" ") + (this.root.classList.contains("steerlab-dark") ? " dark" : "") + ` ${this.lang} ${wordsSeen}`;
    if (this.legend.dataset.ids !== ids) {
      this.legend.dataset.ids = ids;
      this.legend.replaceChildren(
        ...s.measures.map((id) => {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "steerlab-chart-key";
          b.dataset.measure = id;
          b.textContent = name(id);
          b.title = t("chart.explain", this.lang);
          const sw = document.createElement("span");
          sw.className = "steerlab-chart-swatch";
          const c = coloursOf(this.root).series[COLOUR_OF[id] ?? s.measures.indexOf(id) % 6];
          sw.style.background = DASH_OF[id] ? `repeating-linear-gradient(90deg, ${c} 0 4px, transparent 4px 6px)` : c;
          b.prepend(sw);
          explain(b, () => [id], this.lang);
          return b;
        }),
      );
      // A compare: which run is solid and which dashed.
      if (this.ov) {
        const runs = document.createElement("p");
        runs.className = "steerlab-chart-runs";
        this.ov.labels.forEach((label, k) => {
          const r = document.createElement("span");
          r.className = `steerlab-chart-run steerlab-chart-run-${k ? "dashed" : "solid"}`;
          // (The label's name, as on the label; not where its view is, "Left:", which the key's
          // solid or dashed line says instead.)
          const name = label.querySelector(".sl-compare-name") ?? label;
          r.append(...[...name.childNodes].map((n) => n.cloneNode(true)));
          runs.append(r);
        });
        this.legend.append(runs);
      }
    }
  }
}
