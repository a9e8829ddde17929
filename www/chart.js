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

import { COLOUR_OF, DARK, DASH_OF, FONT, LIGHT, layout as layoutOf } from "./chart-layout.js";

let measurer = null;
/** A text's width in css px in the chart's font (measured on a scratch canvas; estimated without one). */
function textWidth(text, bold = false) {
  measurer ??= globalThis.document?.createElement("canvas").getContext("2d") ?? false;
  if (!measurer) return text.length * FONT * 0.6;
  measurer.font = `${bold ? "600 " : ""}${FONT}px system-ui, sans-serif`;
  return measurer.measureText(text).width;
}

/** The draw list of a series (www/chart-layout.js's `layout`) in the reader's language `lang`. */
export function layout(s, width, colours, lang, other = null) {
  const words = { t: (k) => t(k, lang), has: (k) => has(k, lang), formatNumber: (x) => formatNumber(x, lang) };
  return layoutOf(s, width, colours, words, other, textWidth);
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

/** Words added for a language (`steerlab:words`, www/loader.js): the charts on screen draw again. */
let wordsSeen = 0;
const shown = new Set();
globalThis.document?.addEventListener("steerlab:words", () => {
  wordsSeen++;
  for (const c of shown) c.tick();
});

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
    // The measures' buttons are one tab stop (issue 58: a toolbar, a roving tabindex; ← → Home End).
    this.legend.setAttribute("role", "toolbar");
    this.legend.setAttribute("aria-label", t("chart.title", this.lang));
    this.legend.addEventListener("keydown", (e) => {
      const keys = [...this.legend.querySelectorAll(".steerlab-chart-key")];
      const at = keys.indexOf(e.target);
      const to = { ArrowLeft: at - 1 + keys.length, ArrowRight: at + 1, Home: 0, End: keys.length - 1 }[e.key];
      if (at < 0 || to === undefined) return;
      e.preventDefault();
      keys[to % keys.length].focus();
    });
    this.legend.addEventListener("focusin", (e) => {
      for (const k of this.legend.querySelectorAll(".steerlab-chart-key")) k.tabIndex = k === e.target ? 0 : -1;
    });
    fig.append(this.canvas, this.legend);
    this.fig = fig;
    this.key = "";
    this.hook = null;
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
      this.stop();
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
    this.watch();
  }

  /** The draw list of series `s` at `width`. */
  draw(width, s) {
    return layout(s, width, coloursOf(this.root), this.lang);
  }

  /** Follow the viewer: redraw when it shows a new state (its step hook, `v.onStep`), at most 4
   *  times a second while it runs (a seek or a scrub: at once), never while it rests. */
  watch() {
    if (!this.hook) {
      this.hook = () => this.tick();
      this.v.onStep(this.hook);
      shown.add(this);
    }
    // The first drawing at once: a chart shown at mount then has its height in the viewer's first
    // frame, and what is under the figure moves once, not twice.
    this.tick();
  }

  stop() {
    clearTimeout(this.later);
    this.later = 0;
    shown.delete(this);
    if (this.hook) {
      try {
        this.v.offStep(this.hook);
      } catch {
        /* destroyed */
      }
      this.hook = null;
    }
  }

  tick() {
    if (!this.fig.isConnected) return this.stop(); // hidden, or the viewer was destroyed
    let h;
    try {
      h = this.v.history();
    } catch {
      return this.stop(); // destroyed or failed
    }
    const width = this.fig.clientWidth;
    const dark = this.root.classList.contains("steerlab-dark");
    const key = `${h.step} ${h.end} ${width} ${dark} ${wordsSeen}`;
    if (key === this.key) return;
    // Running (playing, or stepped forward a frame's worth by a compare's clock while paused): each
    // redraw reads the whole series, so at most 4 a second, the last state shown drawn in the end.
    const running = this.v.playing || (h.step > this.step && h.step - this.step <= 16);
    this.step = h.step;
    const wait = running ? 250 - (performance.now() - (this.last || 0)) : 0;
    if (wait > 0) {
      this.later ||= setTimeout(() => ((this.later = 0), this.tick()), wait);
      return;
    }
    this.key = key;
    this.last = performance.now();
    this.render(width);
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
    c.setAttribute("aria-label", t("chart.aria", this.lang, { names, step: s.cursor }) + (marks.length ? `. ${marks.join("; ")}` : ""));
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
          b.tabIndex = id === s.measures[0] ? 0 : -1;
          b.dataset.measure = id;
          b.textContent = has(`chart.m.${id}`, this.lang) ? t(`chart.m.${id}`, this.lang) : id;
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
