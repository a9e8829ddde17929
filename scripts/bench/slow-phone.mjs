#!/usr/bin/env node
// A first load on a slow phone (issue 55): a benchmark, not a test. It prints, for the three
// Spanish chapters and the gallery, the figures the project holds a reading page's first load to,
// against their targets, and asserts nothing (a busy machine only slows the phone down).
//
//   node scripts/bench/slow-phone.mjs [--runs=3] [--pages=/es/,/es/chapters/bandada.html] [--dist=dir]
//
// The phone: Chromium at 375 × 800, 2×, touch, its CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate), 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips (CDP
// Network.emulateNetworkConditions), no cache; the files served gzipped as a static host does
// (`serveDist({ compress: "gzip" })`). The reader jumps to the page's first figure as soon as the
// document is parsed (DOMContentLoaded) and waits.
//
// - moves     from the text showing (first contentful paint) to the first figure moving (two of
//             its frames differ); target ≤ 1.2 s.
// - bytes     the wasm and JS fetched before the reader acts (everything the page fetched until the
//             network is quiet, the reader never having tapped or typed), gzipped as they crossed
//             the wire (their Content-Length), each file named; target ≤ 190 KB (194 560 B).
// - longest   the longest main-thread task from navigation until the network is quiet (a CDP
//             trace's RunTask events on the page's renderer main thread); target ≤ 200 ms.
// - added     what steerlab adds to the page's blocking (the sum over tasks of their time beyond
//             50 ms), with it minus the same page with steerlab's loader and module refused;
//             target ≤ 50 ms.
//
// With --runs=N, each figure is the median of N runs. Quote figures from one run.
import fs from "node:fs";
import path from "node:path";
import { DIST, serveDist, launchBrowser } from "../../tests/e2e/helpers.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? true];
  }),
);
const RUNS = Math.max(1, Number(args.runs || 1));
const PAGES = args.pages ? String(args.pages).split(",") : ["/es/chapters/flocking.html", "/es/chapters/bandada.html", "/es/chapters/leader-queue-path.html", "/"];
const ROOT_DIR = args.dist ? path.resolve(String(args.dist)) : DIST;
export const SLOW = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
export const TARGETS = { moves: 1200, bytes: 190 * 1024, longest: 200, added: 50 };
const PHONE = { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: "es-ES" };
/** The network is quiet once no request has started or ended for this long. */
const QUIET_MS = 2500;
const MAX_MS = 30_000;

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

/** One load of `url`: { moves, fcp, moved, files: [{ file, bytes }], bytes, longest, blocking }.
 *  `alone`: steerlab's loader and module refused (the page's own cost). */
async function load(browser, server, url, { alone = false } = {}) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: "block" });
  if (alone) await context.route(/\/(www\/boot\.js|steerlab\.js|steerlab_bg\.wasm)(\?.*)?$/, (r) => r.abort());
  // At DOMContentLoaded the reader jumps to the first figure; from then every frame compares that
  // figure's pixels with the last (on the page's own clock).
  await context.addInitScript(() => {
    window.__moved = null;
    document.addEventListener("DOMContentLoaded", () => {
      const c = document.querySelector("canvas[data-scenario], canvas[data-scenario-src]");
      if (!c) return;
      (c.closest("figure") ?? c).scrollIntoView({ block: "center", behavior: "instant" });
      const copy = document.createElement("canvas");
      copy.width = 64;
      copy.height = 40;
      const ctx = copy.getContext("2d", { willReadFrequently: true });
      let last = null;
      const look = () => {
        if (c.width > 0 && c.classList.contains("steerlab-canvas")) {
          ctx.clearRect(0, 0, 64, 40);
          ctx.drawImage(c, 0, 0, 64, 40);
          const now = ctx.getImageData(0, 0, 64, 40).data.join();
          if (last !== null && now !== last) return void (window.__moved = performance.now());
          last = now;
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const wire = new Map();
    let lastNet = Date.now();
    let inFlight = 0;
    cdp.on("Network.requestWillBeSent", () => ((lastNet = Date.now()), inFlight++));
    cdp.on("Network.responseReceived", (e) => {
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      wire.set(e.requestId, { url: e.response.url, bytes: Number(h["content-length"] ?? NaN) });
    });
    const end = (e) => ((lastNet = Date.now()), inFlight--, wire.has(e.requestId) && Number.isNaN(wire.get(e.requestId).bytes) && (wire.get(e.requestId).bytes = e.encodedDataLength ?? 0));
    cdp.on("Network.loadingFinished", end);
    cdp.on("Network.loadingFailed", (e) => ((lastNet = Date.now()), inFlight--, wire.delete(e.requestId)));
    const events = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
    const t0 = Date.now();
    await page.goto(server.url(url), { waitUntil: "commit", timeout: 60_000 });
    // Until the figure moved (not when refused) and the network has been quiet for QUIET_MS.
    for (;;) {
      await page.waitForTimeout(250);
      const moved = alone || (await page.evaluate(() => window.__moved !== null).catch(() => false));
      if ((moved && inFlight <= 0 && Date.now() - lastNet > QUIET_MS) || Date.now() - t0 > MAX_MS) break;
    }
    const seen = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      moved: window.__moved ?? NaN,
    }));
    const done = new Promise((res) => cdp.once("Tracing.tracingComplete", res));
    await cdp.send("Tracing.end");
    await done;
    const pids = new Set(events.filter((e) => String(e.args?.data?.url ?? "").startsWith(server.origin)).map((e) => e.pid));
    const mains = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && pids.has(e.pid)).map((e) => `${e.pid}:${e.tid}`));
    const tasks = events.filter((e) => e.ph === "X" && e.name === "RunTask" && mains.has(`${e.pid}:${e.tid}`)).map((e) => e.dur / 1000);
    const files = [...wire.values()]
      .filter((w) => /\.(wasm|m?js)(\?|$)/.test(new URL(w.url).pathname + "?"))
      .map((w) => ({ file: new URL(w.url).pathname.replace(/^\//, ""), bytes: w.bytes }));
    return {
      fcp: seen.fcp,
      moved: seen.moved,
      moves: seen.moved - seen.fcp,
      files,
      bytes: files.reduce((s, f) => s + f.bytes, 0),
      longest: tasks.reduce((m, d) => Math.max(m, d), 0),
      blocking: tasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
    };
  } finally {
    await context.close();
  }
}

/** The figures of `url`: the median of RUNS loads with steerlab and RUNS without. */
export async function measure(browser, server, url, runs = RUNS) {
  const withIt = [], alone = [];
  for (let k = 0; k < runs; k++) {
    withIt.push(await load(browser, server, url));
    alone.push(await load(browser, server, url, { alone: true }));
  }
  const m = (key, rs = withIt) => median(rs.map((r) => r[key]));
  return {
    url,
    moves: m("moves"),
    fcp: m("fcp"),
    bytes: m("bytes"),
    files: withIt[0].files,
    longest: m("longest"),
    blocking: m("blocking"),
    alone: m("blocking", alone),
    added: m("blocking") - m("blocking", alone),
  };
}

const ok = (v, t) => (Number.isFinite(v) ? (v <= t ? "ok  " : "OVER") : "??  ");
export function report(r) {
  const T = TARGETS;
  const lines = [
    `${r.url}`,
    `  moves    ${ok(r.moves, T.moves)} ${Math.round(r.moves)} ms after the text shows (first paint at ${Math.round(r.fcp)} ms)   target ≤ ${T.moves} ms`,
    `  bytes    ${ok(r.bytes, T.bytes)} ${r.bytes} B of wasm + JS, gzipped, before the reader acts   target ≤ ${T.bytes} B (room: ${T.bytes - r.bytes} B)`,
    ...r.files.sort((a, b) => b.bytes - a.bytes).map((f) => `             ${String(f.bytes).padStart(7)} B  ${f.file}`),
    `  longest  ${ok(r.longest, T.longest)} ${Math.round(r.longest)} ms, the longest main-thread task   target ≤ ${T.longest} ms`,
    `  added    ${ok(r.added, T.added)} ${Math.round(r.added)} ms of blocking added by steerlab (${Math.round(r.blocking)} ms with it, ${Math.round(r.alone)} ms without)   target ≤ ${T.added} ms`,
  ];
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(path.join(ROOT_DIR, "steerlab_bg.wasm"))) {
    console.error(`slow-phone.mjs: ${ROOT_DIR} has no build: run scripts/build.sh first`);
    process.exit(2);
  }
  const browser = await launchBrowser();
  const server = await serveDist({ root: ROOT_DIR, compress: "gzip" });
  try {
    // The host's gzip bytes made before the clock runs (a host precompresses).
    for (const f of ["/steerlab_bg.wasm", "/steerlab.js"]) await fetch(server.url(f), { headers: { "Accept-Encoding": "gzip" } }).then((r) => r.arrayBuffer());
    console.log(`slow phone: 375 × 800 at 2×, CPU 4× slower, ${SLOW.downloadThroughput * 8e-6} Mbit/s down, ${SLOW.latency} ms round trips, gzip; the reader jumps to the first figure at DOMContentLoaded (median of ${RUNS} run${RUNS > 1 ? "s" : ""})`);
    for (const url of PAGES) console.log(report(await measure(browser, server, url)));
  } finally {
    await browser.close();
    await server.close();
  }
}
