// The chart's layout (www/chart-layout.js) without a browser: node --test tests/unit/
import test from "node:test";
import assert from "node:assert/strict";
import { layout, panels } from "../../www/chart-layout.js";

const WORDS = { "chart.m.groups": "groups", "chart.m.mean_nearest": "mean nearest", "chart.m.min_nearest": "min nearest", "chart.panel.nearest": "nearest (px)", "chart.time": "time (s)" };
const words = { t: (k) => WORDS[k] ?? k, has: (k) => k in WORDS, formatNumber: (x) => String(x) };
const COLOURS = { bg: "bg", fg: "fg", grid: "grid", border: "border", muted: "muted", accent: "accent", series: ["s0", "s1", "s2", "s3", "s4", "s5"] };
const texts = (l) => l.items.filter((i) => i.t === "text").map((i) => i.text);

test("panels: one per measure, two sharing a unit in one", () => {
  const ps = panels(["groups", "min_nearest", "mean_nearest", "speed"], words);
  assert.deepEqual(ps.map((p) => [p.title, p.ids]), [["groups", ["groups"]], ["nearest (px)", ["mean_nearest", "min_nearest"]], ["speed", ["speed"]]]);
});

const series = (cursor) => ({ measures: ["groups"], step: [0, 60, 120], values: { groups: [1, 3, 2] }, cursor, start: 0, end: 120, marks: [{ step: 60, label: "perception 50 → 20" }] });

test("layout: the values at the cursor, a nice scale, the mark and the time axis", () => {
  const l = layout(series(60), 400, COLOURS, words);
  assert.equal(l.width, 400);
  const tx = texts(l);
  assert.ok(tx.includes("groups  3"), tx.join(" | ")); // the value at the cursor (step 60)
  assert.ok(tx.includes("5") && tx.includes("0"), "the scale: 0 to niceCeil(3) = 5");
  assert.ok(tx.includes("perception 50 → 20"));
  assert.equal(tx.at(-1), "time (s)");
  // 600 steps at least are shown: 10 s, ticks every 2 s on 352 px of plot (at most one per 60 px).
  assert.deepEqual(tx.filter((x) => /^\d+$/.test(x) && +x % 2 === 0 && +x > 0 && +x <= 10), ["2", "4", "6", "8", "10"]);
  // The cursor: an accent line at x = 40 + 60/600 · 352 = 75.2 across the plot (34 px high below 600 px).
  const cursor = l.items.find((i) => i.stroke === "accent");
  assert.equal(cursor.pts[0], 75.2);
  assert.equal(cursor.pts[3] - cursor.pts[1], 34);
  // Up to the cursor solid, after it faint.
  const runs = l.items.filter((i) => i.t === "line" && i.stroke === "s0");
  assert.deepEqual(runs.map((r) => r.alpha), [1, 0.3]);
});

test("layout: taller panels from 600 px, and a pure function (same input, same list)", () => {
  const wide = layout(series(120), 700, COLOURS, words);
  const cursor = wide.items.find((i) => i.stroke === "accent");
  assert.equal(cursor.pts[3] - cursor.pts[1], 46);
  const narrow = layout(series(120), 400, COLOURS, words);
  assert.equal(narrow.items.find((i) => i.stroke === "accent").pts[3] - narrow.items.find((i) => i.stroke === "accent").pts[1], 34, "no state left by the wide layout");
  assert.deepEqual(layout(series(120), 700, COLOURS, words), wide);
});

test("layout: a compare's second run is dashed on the same scale", () => {
  const other = { measures: ["groups"], step: [0, 60], values: { groups: [4, 8] }, cursor: 60 };
  const l = layout(series(60), 400, COLOURS, words, other);
  const dashed = l.items.find((i) => i.run === 2);
  assert.deepEqual(dashed.dash, [5, 3]);
  assert.ok(texts(l).includes("10"), "the scale covers the other run's 8: niceCeil(8) = 10");
});
