#!/usr/bin/env node
// What a tutorial page costs its reader (issue 25), in headless Chromium on 127.0.0.1. A bench, not a
// test: it prints figures and asserts nothing. Build first (scripts/build.sh).
//
//   node scripts/bench/page-cost.mjs [--runs=3] [--pages=/,/es/] [--only=load|idle|frames|floor|ratio|step|offthread] [--dist=dir,dir2]
//
// With two or more --dist directories (e.g. a build of the commit before a change and one after),
// every measurement alternates between them in one run, so the machine's load hits both alike.
//
// 1. load   Blocking while a page loads with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate,
//           Chrome's stand-in for a mid-range phone): every long task in the first 6 s after
//           navigation (the page's main-thread tasks in a CDP trace, as Lighthouse reads them; the
//           Long Tasks API misses some rendering work), summed beyond 50 ms each (a TBT-like sum;
//           Lighthouse's TBT counts from first contentful paint to interactive), the longest task,
//           and the number of viewers mounted by then; and the same page with steerlab's loader and
//           module refused (what the page's own HTML, CSS and script cost this browser). Median of --runs.
// 2. frames Ten default `flock` canvases (240×150 CSS px, 120 boids each), all visible and playing,
//           for 10 s: the page's main-thread busy time (CDP Performance.getMetrics TaskDuration; of
//           it, ScriptDuration: the JS and wasm that ran, canvas calls included) and
//           the CPU time of every Chromium process (renderer, GPU/raster, browser: /proc/<pid>/stat),
//           each as a share of one core.
// 3. idle   The same ten canvases paused: what a page of paused canvases costs (ideally nothing).
// 4. floor  What this browser charges for ten 240×150 canvases redrawn every frame whatever draws
//           them: a page with no steerlab at all whose own script fills each canvas once a frame
//           ("clear"), and one that also draws 120 triangles and a four-line legend per canvas in
//           plain JS ("js"): a lower bound for the "frames" figure in this browser.
// 5. ratio  "frames" (each --dist) and four reference pages alternated in one loop, run after run,
//           and the ratios of their main-thread shares: the "js" floor (issue 33's target: at most
//           1.2× it); "sim", that floor plus steerlab's simulation of the ten flocks (stepped once a
//           frame through the module, drawn by nobody: the floor of a page that must simulate);
//           "picture", the flock canvas's own picture (one agent path, the selected
//           agent's two circles, four force arrows, the legend) with the agents standing still; and
//           "same", that picture with each canvas's flock stepped by the program steerlab's code
//           export writes (the same rules, grid and fixed step, in readable JS).
// 6. step   The ten canvases paused, then `v.step(1)`, `v.render()` and `v.state()` called 100
//           times on each, timed with performance.now(): µs per call, three rounds (each --dist in
//           turn, --runs times). Not part of a run without --only.
// 7. offthread  Not part of a run without --only: the "js" floor drawn on the main thread, and in a
//           worker (OffscreenCanvas: ImageBitmaps sent back, or the canvases transferred), alternated:
//           what moving the drawing off the main thread saves there and costs in all.
//
// Quote figures from one run; on a loaded machine compare runs alternated, not across hours.

import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { CHROMIUM, CHROMIUM_FLAGS, DIST, ROOT, serveDist } from "../../tests/e2e/helpers.mjs";

const { chromium } = createRequire(`${ROOT}/tools/package.json`)("playwright-core");

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? true];
  }),
);
const runs = Number(args.runs || 3);
const only = args.only || "";
const defaultPages = ["/", "/es/", "/www/embed.html", "/es/embed.html", ...chapterPages()];
const pages = args.pages ? String(args.pages).split(",") : defaultPages;
const dists = args.dist ? String(args.dist).split(",") : [DIST];

function chapterPages() {
  const out = [];
  for (const [dir, url] of [
    ["chapters", "/chapters/"],
    ["es/chapters", "/es/chapters/"],
  ]) {
    try {
      for (const f of readdirSync(`${DIST}/${dir}`)) if (f.endsWith(".html")) out.push(url + f);
    } catch {
      /* no chapters in this build */
    }
  }
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

// Every process of this browser: the one launched with our marker switch and its descendants
// (renderers, GPU/raster, utilities), never another Chromium running on the same machine.
function chromiumCpuSeconds() {
  const hz = 100; // USER_HZ on Linux
  const procs = new Map();
  let root = null;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.set(pid, { ppid: f[1], cpu: (Number(f[11]) + Number(f[12])) / hz });
      if (!root && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(MARKER)) root = pid;
    } catch {
      /* the process ended */
    }
  }
  const inTree = (pid) => {
    for (let p = pid, n = 0; p && p !== "0" && n < 64; p = procs.get(p)?.ppid, n++) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, p] of procs) if (root && inTree(pid)) total += p.cpu;
  return total;
}
const MARKER = "--steerlab-page-cost";

// The CPU time (s) of each renderer's main thread (its first thread: tid = pid) in this browser's
// tree. Unlike TaskDuration (wall time of the page's tasks, which grows when other processes take
// the cores), CPU time holds on a loaded machine; the page measured is the renderer whose main
// thread used the most CPU over the interval.
function rendererMainCpu() {
  const out = new Map();
  const tree = new Set();
  let root = null;
  const procs = new Map();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      procs.set(pid, { ppid: f[1], cpu: (Number(f[11]) + Number(f[12])) / 100, renderer: cmd.includes("--type=renderer") });
      if (!root && cmd.includes(MARKER) && !cmd.includes("--type=")) root = pid;
    } catch {
      /* the process ended */
    }
  }
  for (const [pid, p] of procs) {
    let q = pid;
    for (let n = 0; q && q !== "0" && n < 64; q = procs.get(q)?.ppid, n++) if (q === root) tree.add(pid);
    if (!tree.has(pid) || !p.renderer) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      /* the process ended */
    }
  }
  return out;
}
const mainCpuShare = (before, after, wall) => {
  let best = 0;
  for (const [pid, t] of after) best = Math.max(best, t - (before.get(pid) ?? t));
  return (100 * best) / wall;
};

// (A stylesheet of its own: the pages are served with the strict CSP, which refuses inline styles.)
const TEN_CSS = "body { margin: 8px; display: flex; flex-wrap: wrap; gap: 8px } figure { margin: 0; width: 240px }";
const BARE = process.argv.includes("--bare") ? ' data-controls="false"' : "";
const TEN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ten canvases</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/ten.css"></head><body>
${Array.from({ length: 10 }, (_, i) => `<figure><canvas data-scenario="flock" data-seed="${i + 1}" width="240" height="150"></canvas></figure>`).join("\n")}
<script type="module" src="/www/boot.js"></script></body></html>`;

async function load(browser, server, url, { withoutModule = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The page alone: steerlab's loader and module refused (the page's own script still runs).
  if (withoutModule) await context.route(/\/(www\/boot\.js|steerlab\.js|steerlab_bg\.wasm)(\?.*)?$/, (r) => r.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // Every task of the page's main thread from the trace, as Lighthouse counts them (the Long Tasks
  // API leaves out some of the browser's own rendering work).
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
  await page.goto(server.url(url), { waitUntil: "commit" });
  await page.waitForTimeout(6000);
  const r = await page.evaluate(() => ({
    viewers: window.steerlab ? window.steerlab.liveViewers() : 0,
    canvases: document.querySelectorAll("canvas[data-scenario]").length,
  }));
  const done = new Promise((res) => cdp.once("Tracing.tracingComplete", res));
  await cdp.send("Tracing.end");
  await done;
  await context.close();
  // The renderer that loaded the page (its events name the test server), its main thread.
  const pids = new Set(events.filter((e) => String(e.args?.data?.url ?? "").startsWith(server.origin)).map((e) => e.pid));
  const mains = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && pids.has(e.pid)).map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === "X" && e.name === "RunTask" && mains.has(`${e.pid}:${e.tid}`));
  const t0 = Math.min(...events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ts > 0).map((e) => e.ts));
  const long = tasks.filter((e) => e.ts - t0 < 6e6 && e.dur > 50e3).map((e) => e.dur / 1000);
  const blocking = long.reduce((sum, d) => sum + d - 50, 0);
  const longest = long.reduce((m, d) => Math.max(m, d), 0);
  return { blocking, longest, count: long.length, viewers: r.viewers, canvases: r.canvases };
}

// The floor pages: no module, one script of their own (a file: the pages are served with the CSP).
const FLOOR_HTML = (mode, script = "floor.js") => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title>
<link rel="stylesheet" href="/ten.css"></head><body>
${Array.from({ length: 10 }, () => `<figure><canvas width="240" height="150"></canvas></figure>`).join("\n")}
<script src="/${script}" data-mode="${mode}"></script></body></html>`;
// The floor's picture, one canvas of it (also run in a worker by "offthread").
const FLOOR_DRAW = `let seed = 1;
const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const pts = Array.from({ length: 10 }, () => Array.from({ length: 120 }, () => [rnd() * 240, rnd() * 150, rnd() * 6.3]));
function drawFloor(ctx, k, mode) {
  ctx.fillStyle = "#f8fafc";
  ctx.fillRect(0, 0, 240, 150);
  if (mode === "clear") return;
  ctx.fillStyle = "#1e3a8a";
  for (const p of pts[k]) {
    p[2] += 0.02;
    const c = Math.cos(p[2]), s = Math.sin(p[2]);
    p[0] = (p[0] + c + 240) % 240;
    p[1] = (p[1] + s + 150) % 150;
    ctx.beginPath();
    ctx.moveTo(p[0] + c * 4, p[1] + s * 4);
    ctx.lineTo(p[0] - c * 2.5 - s * 2, p[1] - s * 2.5 + c * 2);
    ctx.lineTo(p[0] - c * 2.5 + s * 2, p[1] - s * 2.5 - c * 2);
    ctx.fill();
  }
  ctx.font = "11px system-ui, sans-serif";
  ctx.globalAlpha = 0.85;
  ctx.fillRect(4, 4, 200, 66);
  ctx.globalAlpha = 1;
  for (let r = 0; r < 4; r++) {
    ctx.fillStyle = "#0f172a";
    ctx.fillText("separation ×1.50 → " + Math.floor(rnd() * 150), 28, 15 + 15 * r, 170);
  }
}`;
const FLOOR_JS = `const mode = document.currentScript.dataset.mode;
let frames = 0;
const cs = [...document.querySelectorAll("figure canvas")].map((c) => c.getContext("2d", { alpha: false }));
${FLOOR_DRAW}
function frame() {
  frames++;
  if (window.floorStep) window.floorStep();
  cs.forEach((ctx, k) => drawFloor(ctx, k, mode));
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
window.floorFrames = () => frames;`;

// "offthread": the same floor drawn in a worker, the main thread only asking for each frame.
// "bitmap": the worker draws into OffscreenCanvases of its own and sends back one ImageBitmap per
// canvas, which the page draws with one drawImage (the page's canvases keep their 2D contexts);
// "transfer": the page hands its canvases to the worker (transferControlToOffscreen), which draws
// them directly. One frame in flight: the page asks for the next picture once the worker has
// answered the last, and counts the pictures the worker made (a worker that fell behind shows as
// fewer frames, not as a cheaper main thread). (A file of its own: the CSP refuses blob: workers.)
const WORKER_JS = `${FLOOR_DRAW}
const own = Array.from({ length: 10 }, () => new OffscreenCanvas(240, 150).getContext("2d", { alpha: false }));
let given = null;
onmessage = (e) => {
  if (e.data.canvases) {
    given = e.data.canvases.map((c) => c.getContext("2d", { alpha: false }));
    return;
  }
  if (given) {
    given.forEach((ctx, k) => drawFloor(ctx, k, "js"));
    return postMessage(null);
  }
  const bitmaps = own.map((ctx, k) => (drawFloor(ctx, k, "js"), ctx.canvas.transferToImageBitmap()));
  postMessage(bitmaps, bitmaps);
};`;
const OFF_JS = `const mode = document.currentScript.dataset.mode;
let frames = 0;
const worker = new Worker("/floor-worker.js");
const canvases = [...document.querySelectorAll("figure canvas")];
const cs = mode === "transfer" ? null : canvases.map((c) => c.getContext("2d", { alpha: false }));
if (mode === "transfer") {
  const offs = canvases.map((c) => c.transferControlToOffscreen());
  worker.postMessage({ canvases: offs }, offs);
}
let answer = null;
let waiting = false;
worker.onmessage = (e) => (answer = e);
function frame() {
  if (answer) {
    frames++;
    if (answer.data) cs.forEach((ctx, k) => (ctx.drawImage(answer.data[k], 0, 0), answer.data[k].close()));
    answer = null;
    waiting = false;
  }
  if (!waiting) {
    worker.postMessage(0);
    waiting = true;
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
window.floorFrames = () => frames;`;

// The floor plus steerlab's simulation: the "js" floor page, and ten flock canvases of steerlab's,
// mounted out of sight and paused, each stepped once a frame through `v.step(1)` (the core's step
// and the history's record, as a playing canvas steps; nothing of steerlab's is drawn). What a page
// that draws the floor's picture and runs the canvases' simulation costs: "ratio" reports the
// playing canvases against it too.
const SIM_HTML = FLOOR_HTML("js").replace(
  "<script src=",
  `<div hidden>${Array.from({ length: 10 }, (_, i) => `<canvas data-scenario="flock" data-seed="${i + 1}" data-controls="false"></canvas>`).join("")}</div>
<script type="module" src="/floor-sim.js"></script>
<script src=`,
);
const SIM_JS = `import { ready } from "/www/boot.js";
const steerlab = await ready;
const vs = [...document.querySelectorAll("div[hidden] canvas")].map((c) => steerlab.viewerFor(c));
for (const v of vs) v.pause();
window.floorSteps = 0;
window.floorStep = () => {
  for (const v of vs) v.step(1);
  window.floorSteps += vs.length;
};`;

// The same work in plain JS: each canvas steps its own copy of the flock with the program steerlab's
// code export writes for it (`v.code("js")`: the same rules, neighbour grid and fixed step, proven to
// follow the core's trajectory by scripts/dev/code-equivalence.mjs), and draws what the default flock
// canvas shows: the agents as one path, the selected agent's perception and sep_dist circles, its
// three weighted forces and their total as arrows, and the four-line legend (its numbers written twice
// a second, as the canvas does).
const SAME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor, same work</title>
<link rel="stylesheet" href="/ten.css"></head><body>
${Array.from({ length: 10 }, () => `<figure><canvas width="240" height="150"></canvas></figure>`).join("\n")}
<script type="module" src="/floor-same.js"></script></body></html>`;
const PICTURE_HTML = SAME_HTML.replace("floor-same.js", "floor-picture.js");
const SAME_JS = (step) => `import { makeWorld } from "./flock-export.js";
let frames = 0;
const views = [...document.querySelectorAll("canvas")].map((c) => ({ ctx: c.getContext("2d"), w: makeWorld(), texts: [] }));
const sel = 2, s = 240 / 640, rules = [["separation", 1.5, "#dc2626"], ["alignment", 1, "#2563eb"], ["cohesion", 1, "#16a34a"]];
function frame(t) {
  frames++;
  const period = Math.floor(t / 500);
  for (const v of views) {
    const { ctx, w } = v;
    ${step ? "w.step();" : ""}
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#f8fafc";
    ctx.fillRect(0, 0, 240, 150);
    ctx.setTransform(s, 0, 0, s, 0, 0);
    ctx.strokeStyle = "#cbd5e1";
    ctx.lineWidth = 1 / s;
    ctx.strokeRect(0, 0, 640, 400);
    ctx.fillStyle = "#1e3a8a";
    ctx.beginPath();
    for (const a of w.agents) {
      const [x, y] = a.position, [hx, hy] = a.heading;
      ctx.moveTo(x + hx * 4.8, y + hy * 4.8);
      ctx.lineTo(x - hx * 3.2 - hy * 3.6, y - hy * 3.2 + hx * 3.6);
      ctx.lineTo(x - hx * 3.2 + hy * 3.6, y - hy * 3.2 - hx * 3.6);
    }
    ctx.fill();
    const a = w.agents[sel], [x, y] = a.position;
    ctx.strokeStyle = "#94a3b8";
    ctx.beginPath();
    ctx.moveTo(x + 48, y);
    ctx.arc(x, y, 48, 0, 2 * Math.PI);
    ctx.moveTo(x + 22, y);
    ctx.arc(x, y, 22, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.lineWidth = 2 / s;
    let tx = 0, ty = 0;
    rules.forEach(([, k, colour], r) => {
      const fx = Math.cos(t / 500 + r) * 20 * k, fy = Math.sin(t / 500 + r) * 20 * k;
      tx += fx; ty += fy;
      ctx.strokeStyle = colour;
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + fx, y + fy);
      ctx.stroke();
    });
    ctx.strokeStyle = "#c026d3";
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + tx, y + ty);
    ctx.stroke();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (v.period !== period) {
      v.period = period;
      v.texts = [...rules.map(([n, k]) => n + " ×" + k.toFixed(2) + " → " + Math.round(Math.hypot(a.velocity[0], a.velocity[1]) * k)), "total " + Math.round(Math.hypot(tx, ty))];
    }
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#f8fafc";
    ctx.globalAlpha = 0.85;
    ctx.fillRect(4, 4, 170, 66);
    ctx.globalAlpha = 1;
    ctx.lineWidth = 2;
    v.texts.forEach((text, r) => {
      const yy = 14.5 + 15 * r;
      ctx.strokeStyle = [...rules.map((x) => x[2]), "#c026d3"][r];
      ctx.beginPath();
      ctx.moveTo(10, yy);
      ctx.lineTo(24, yy);
      ctx.stroke();
      ctx.fillStyle = "#0f172a";
      ctx.fillText(text, 28, yy, 142);
    });
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
window.floorFrames = () => frames;`;

async function floor(browser, server, mode) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(server.url(`/floor-${mode}.html`));
  await page.waitForFunction(() => typeof window.floorFrames === "function");
  // (The simulation's floor: its ten flocks mounted and stepping.)
  if (mode === "sim") await page.waitForFunction(() => window.floorSteps > 0, null, { timeout: 60_000 });
  await page.waitForTimeout(2000);
  const metric = async (name) => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === name).value;
  const busy = () => metric("TaskDuration");
  const s0 = await metric("ScriptDuration");
  const steps = () => page.evaluate(() => window.floorSteps ?? 0);
  const [b0, c0, f0, t0, r0, n0] = [await busy(), chromiumCpuSeconds(), await page.evaluate(() => window.floorFrames()), Date.now(), rendererMainCpu(), await steps()];
  await page.waitForTimeout(10_000);
  const [b1, c1, f1, r1, n1] = [await busy(), chromiumCpuSeconds(), await page.evaluate(() => window.floorFrames()), rendererMainCpu(), await steps()];
  const s1 = await metric("ScriptDuration");
  const wall = (Date.now() - t0) / 1000;
  await context.close();
  return { main: (100 * (b1 - b0)) / wall, script: (100 * (s1 - s0)) / wall, all: (100 * (c1 - c0)) / wall, frames: 10 * (f1 - f0), cpu: mainCpuShare(r0, r1, wall), steps: n1 - n0 };
}

async function tenCanvases(browser, server, playing) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(server.url("/ten.html"));
  await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 10, null, { timeout: 60_000 });
  if (!playing) {
    await page.evaluate(() => document.querySelectorAll("canvas").forEach((c) => window.steerlab.viewerFor(c).pause()));
  }
  await page.waitForTimeout(2000);
  const metric = async (name) => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === name).value;
  const [b0, s0] = [await metric("TaskDuration"), await metric("ScriptDuration")];
  const c0 = chromiumCpuSeconds();
  const r0 = rendererMainCpu();
  const t0 = Date.now();
  const framesNow = () => page.evaluate(() => [...document.querySelectorAll("canvas")].reduce((s, c) => s + window.steerlab.viewerFor(c).frames, 0));
  const f0 = await framesNow();
  await page.waitForTimeout(10_000);
  const [b1, s1] = [await metric("TaskDuration"), await metric("ScriptDuration")];
  const c1 = chromiumCpuSeconds();
  const r1 = rendererMainCpu();
  const wall = (Date.now() - t0) / 1000;
  // The frames drawn in the measured 10 s (not since the canvases mounted).
  const frames = (await framesNow()) - f0;
  await context.close();
  return { main: (100 * (b1 - b0)) / wall, script: (100 * (s1 - s0)) / wall, all: (100 * (c1 - c0)) / wall, frames, cpu: mainCpuShare(r0, r1, wall) };
}

const servers = [];
const extra = { "/ten.html": TEN, "/ten.css": TEN_CSS, "/floor.js": FLOOR_JS, "/floor-clear.html": FLOOR_HTML("clear"), "/floor-js.html": FLOOR_HTML("js"), "/floor-same.html": SAME_HTML, "/floor-same.js": SAME_JS(true), "/floor-picture.html": PICTURE_HTML, "/floor-picture.js": SAME_JS(false), "/floor-sim.html": SIM_HTML, "/floor-sim.js": SIM_JS, "/floor-bitmap.html": FLOOR_HTML("bitmap", "floor-off.js"), "/floor-transfer.html": FLOOR_HTML("transfer", "floor-off.js"), "/floor-off.js": OFF_JS, "/floor-worker.js": WORKER_JS };
for (const root of dists) servers.push({ root, server: await serveDist({ root, extra }) });
const label = (k) => (dists.length > 1 ? ` [${dists[k]}]` : "");
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS, MARKER] });
// The flock as plain JS, from this build's code export (for the same-work floor).
async function exportFlock(server) {
  const page = await browser.newPage();
  await page.goto(server.url("/"));
  await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() > 0, null, { timeout: 60_000 });
  const js = await page.evaluate(() => {
    const c = document.querySelector('canvas[data-scenario="flock"]');
    return (window.steerlab.viewerFor(c) || window.steerlab.mount(c)).code("js");
  });
  await page.close();
  return js;
}
try {
  if (!only || only === "load") {
    console.log(`== load at 4× CPU slowdown, first 6 s (median of ${runs}; blocking = Σ max(0, task − 50 ms))`);
    for (const url of pages) {
      const rs = servers.map(() => []);
      const alone = [];
      for (let i = 0; i < runs; i++) {
        for (const [k, s] of servers.entries()) rs[k].push(await load(browser, s.server, url));
        alone.push(await load(browser, servers[0].server, url, { withoutModule: true }));
      }
      const show = (xs, what) => {
        const m = (key) => median(xs.map((r) => r[key]));
        console.log(
          `  ${url.padEnd(36)} blocking ${m("blocking").toFixed(0).padStart(5)} ms · longest ${m("longest").toFixed(0).padStart(4)} ms · ${m("count")} long tasks · ${what}`,
        );
      };
      for (const k of rs.keys()) show(rs[k], `${median(rs[k].map((r) => r.viewers))}/${median(rs[k].map((r) => r.canvases))} viewers mounted${label(k)}`);
      show(alone, "the page alone (steerlab's loader and module refused)");
    }
  }
  for (const [what, playing] of [
    ["frames", true],
    ["idle", false],
  ]) {
    if (only && only !== what) continue;
    const rs = servers.map(() => []);
    for (let i = 0; i < runs; i++) for (const [k, s] of servers.entries()) rs[k].push(await tenCanvases(browser, s.server, playing));
    for (const k of rs.keys()) {
      const m = (key) => median(rs[k].map((r) => r[key]));
      console.log(
        `== ten flock canvases, ${playing ? "playing" : "paused"}, 10 s (median of ${runs}): main thread ${m("main").toFixed(1)} % of a core (script, JS and wasm: ${m("script").toFixed(1)} %) · all Chromium processes ${m("all").toFixed(1)} % · ${m("frames")} frames drawn in all${label(k)}`,
      );
    }
  }
  if (!only || only === "ratio") {
    extra["/flock-export.js"] = await exportFlock(servers[0].server);
    const rs = servers.map(() => []);
    const fl = [];
    const same = [];
    const picture = [];
    const sim = [];
    for (let i = 0; i < runs; i++) {
      for (const [k, s] of servers.entries()) rs[k].push(await tenCanvases(browser, s.server, true));
      fl.push(await floor(browser, servers[0].server, "js"));
      sim.push(await floor(browser, servers[0].server, "sim"));
      same.push(await floor(browser, servers[0].server, "same"));
      picture.push(await floor(browser, servers[0].server, "picture"));
    }
    const m = (xs, key) => median(xs.map((r) => r[key]));
    const list = (xs) => xs.map((x) => x.toFixed(2)).join(", ");
    for (const [name, fs] of [
      ["the plain-JS floor (120 triangles and a legend per canvas, no simulation)", fl],
      ["the plain-JS floor with steerlab's simulation (its ten flocks stepped once a frame, none drawn)", sim],
      ["the flock canvas's picture drawn in plain JS (no simulation: the agents stand still)", picture],
      ["the same work in plain JS (the code export's flock stepped, the flock canvas's picture drawn)", same],
    ]) {
      console.log(
        `== ratio, alternated (median of ${runs}) against ${name}: busy ${m(fs, "main").toFixed(1)} % of a core (script ${m(fs, "script").toFixed(1)} %), CPU time ${m(fs, "cpu").toFixed(1)} % (${m(fs, "frames")} canvas-frames${m(fs, "steps") ? `, ${m(fs, "steps")} steps` : ""})`,
      );
      for (const k of rs.keys()) {
        const busy = rs[k].map((r, i) => r.main / fs[i].main);
        const cpu = rs[k].map((r, i) => r.cpu / fs[i].cpu);
        // Per frame drawn, both counted over the same 10 s: a loaded machine drops frames.
        const perFrame = rs[k].map((r, i) => r.cpu / r.frames / (fs[i].cpu / fs[i].frames));
        console.log(
          `  ten playing flock canvases: busy ${m(rs[k], "main").toFixed(1)} % (script ${m(rs[k], "script").toFixed(1)} %), CPU time ${m(rs[k], "cpu").toFixed(1)} % (${m(rs[k], "frames")} frames) · ${median(busy).toFixed(2)}× busy (runs ${list(busy)}), ${median(cpu).toFixed(2)}× CPU time (runs ${list(cpu)}), ${median(perFrame).toFixed(2)}× CPU time per canvas-frame (runs ${list(perFrame)})${label(k)}`,
        );
      }
    }
  }
  if (only === "offthread") {
    const rs = { js: [], bitmap: [], transfer: [] };
    for (let i = 0; i < runs; i++) for (const mode of Object.keys(rs)) rs[mode].push(await floor(browser, servers[0].server, mode));
    const m = (xs, key) => median(xs.map((r) => r[key]));
    console.log(`== the plain-JS floor drawn on the main thread or in a worker, 10 s each, alternated (median of ${runs})`);
    for (const [mode, what] of [
      ["js", "on the main thread"],
      ["bitmap", "in a worker, one ImageBitmap a canvas sent back and drawn"],
      ["transfer", "in a worker, the canvases transferred to it"],
    ]) {
      const main = rs[mode].map((r, i) => r.cpu / rs.js[i].cpu);
      const all = rs[mode].map((r, i) => r.all / rs.js[i].all);
      console.log(
        `  ${what}: main thread ${m(rs[mode], "cpu").toFixed(1)} % of a core (${median(main).toFixed(2)}×), all Chromium processes ${m(rs[mode], "all").toFixed(1)} % (${median(all).toFixed(2)}×), ${m(rs[mode], "frames")} canvas-frames`,
      );
    }
  }
  if (only === "step") {
    for (let i = 0; i < runs; i++) {
      for (const { root, server } of servers) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(server.url("/ten.html"));
        await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 10, null, { timeout: 60_000 });
        await page.waitForTimeout(2000);
        const out = await page.evaluate(async () => {
          const vs = [...document.querySelectorAll("canvas")].map((c) => window.steerlab.viewerFor(c));
          vs.forEach((v) => v.pause());
          const calls = { "step(1)": (v) => v.step(1), "render()": (v) => v.render(), "state()": (v) => v.state() };
          const out = {};
          for (let round = 0; round < 3; round++) {
            for (const [name, f] of Object.entries(calls)) {
              const t0 = performance.now();
              for (let k = 0; k < 100; k++) for (const v of vs) f(v);
              (out[name] ??= []).push((((performance.now() - t0) / 1000) * 1000).toFixed(1));
              await new Promise((r) => setTimeout(r, 50));
            }
          }
          return out;
        });
        await page.close();
        for (const [k, v] of Object.entries(out)) console.log(`== ${k.padEnd(9)} µs per call, three rounds: ${v.join(", ")} [${root}]`);
      }
    }
  }
  if (!only || only === "floor") {
    for (const mode of ["clear", "js"]) {
      const rs = [];
      for (let i = 0; i < runs; i++) rs.push(await floor(browser, servers[0].server, mode));
      const m = (key) => median(rs.map((r) => r[key]));
      console.log(
        `== floor: ten 240×150 canvases redrawn by a plain page (${mode === "clear" ? "one fill each" : "120 triangles and a legend each, in JS"}), 10 s (median of ${runs}): main thread ${m("main").toFixed(1)} % of a core (script, JS and wasm: ${m("script").toFixed(1)} %) · all Chromium processes ${m("all").toFixed(1)} % · ${m("frames")} canvas-frames`,
      );
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.server.close();
}
