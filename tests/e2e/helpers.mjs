// Helpers for steerlab's end-to-end tests (node --test tests/e2e/).
//
// - serveDist(): serves dist/ on 127.0.0.1 (random free port) with node's http module, correct
//   MIME types (application/wasm included) and the page's Content-Security-Policy.
// - launchBrowser(): Debian's /usr/bin/chromium, headless, through playwright-core. playwright-core
//   never downloads a browser; we always pass executablePath.
// - openPage(): a page whose console errors, page errors, failed or off-host requests, HTTP errors
//   and CSP violations are collected for the test to assert on. Requests to anything but
//   127.0.0.1 are aborted.
// - canvas helpers that read pixels through a copy (the viewer's own context is left alone).

import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Pack dist/ into dist-pkg/steerlab-<version>.tgz as an author gets it (scripts/package.sh
 *  --no-build); throws with package.sh's output when it fails. */
export function packArchive() {
  const r = spawnSync("bash", [path.join(ROOT, "scripts", "package.sh"), "--no-build"], { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`package.sh failed:\n${r.stdout}\n${r.stderr}`);
}
// (STEERLAB_DIST: another build, e.g. to measure a revision before a change against the same tests.)
export const DIST = process.env.STEERLAB_DIST ? path.resolve(process.env.STEERLAB_DIST) : path.join(ROOT, "dist");
export const ARTIFACTS = path.join(ROOT, "artifacts");

// playwright-core lives in tools/node_modules (tools/package-lock.json), not next to the tests.
const requireFromTools = createRequire(path.join(ROOT, "tools", "package.json"));
const { chromium } = requireFromTools("playwright-core");

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

export function mimeType(file) {
  return MIME[path.extname(file).toLowerCase()] || "application/octet-stream";
}

/**
 * Serve `root` (default dist/) on 127.0.0.1 at a free port.
 * Extra pages (path -> HTML text) can be injected with `extra` for tests that need a page of
 * their own (they get the same headers); `delays` (path -> ms, or a function whose promise the
 * answer waits for) holds back the answer for a path (both objects are read on every request, so
 * a test may change them).
 * With `compress`, text and wasm answers (.wasm, .js, .html, .css, .json, .svg) are compressed
 * for clients that accept it, as a web host should serve them (docs/embedding.md, "Serving"): brotli when the
 * request's Accept-Encoding has `br`, else gzip; `compress: "gzip"` or `"br"` offers only that one.
 * Without it every answer is sent as it is on disk (the tests read uncompressed sizes). Each
 * file's compressed bytes are made once (brotli at quality 11, gzip at 9, as a host precompresses).
 * Resolves to { origin, url(p), requests, close() }; `requests` has each answer's `encoding`.
 */
export async function serveDist({ root = DIST, csp = CSP, extra = {}, delays = {}, compress = false } = {}) {
  const packed = new Map();
  const pack = (file, body, how) => {
    const key = `${how} ${file} ${body.length}`;
    if (!packed.has(key)) {
      packed.set(
        key,
        how === "br"
          ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : zlib.gzipSync(body, { level: 9 }),
      );
    }
    return packed.get(key);
  };
  const requests = [];
  const rootAbs = path.resolve(root);
  const server = http.createServer(async (req, res) => {
    const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
    if (csp) headers["Content-Security-Policy"] = csp;
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
    } catch {
      res.writeHead(400, { ...headers, "Content-Type": "text/plain" }).end("bad request");
      return;
    }
    const entry = { method: req.method, path: pathname, encoding: "identity" };
    requests.push(entry);
    // A slow file (tests of what the page shows before it arrives): its answer waits this long.
    // (Or until a function's promise settles: a test that releases the file when it has looked.)
    if (typeof delays[pathname] === "function") await delays[pathname]();
    else if (delays[pathname]) await new Promise((r) => setTimeout(r, delays[pathname]));
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...headers, Allow: "GET, HEAD" }).end();
      return;
    }
    if (Object.hasOwn(extra, pathname)) {
      res.writeHead(200, { ...headers, "Content-Type": mimeType(pathname) });
      res.end(req.method === "HEAD" ? undefined : extra[pathname]);
      return;
    }
    let file = path.resolve(rootAbs, "." + pathname);
    if (file !== rootAbs && !file.startsWith(rootAbs + path.sep)) {
      res.writeHead(403, { ...headers, "Content-Type": "text/plain" }).end("forbidden");
      return;
    }
    try {
      if (fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
      let body = fs.readFileSync(file);
      if (compress && /\.(html|js|mjs|css|wasm|svg|json)$/.test(file)) {
        const accepts = req.headers["accept-encoding"] || "";
        const how = [compress === "gzip" ? null : "br", compress === "br" ? null : "gzip"].find((k) => k && new RegExp(`\\b${k}\\b`).test(accepts));
        headers.Vary = "Accept-Encoding";
        if (how) {
          body = pack(file, body, how);
          headers["Content-Encoding"] = entry.encoding = how;
        }
      }
      res.writeHead(200, { ...headers, "Content-Type": mimeType(file), "Content-Length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { ...headers, "Content-Type": "text/plain" }).end("not found");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (p = "/") => origin + p,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** WebGPU on Chromium's software adapter (SwiftShader): correct, slow, on any machine. The page
 *  must be served from http://127.0.0.1 (a secure context). */
export const WEBGPU_FLAGS = ["--enable-unsafe-webgpu", "--use-webgpu-adapter=swiftshader", "--enable-features=Vulkan"];

/** Debian's Chromium, headless, with the project's flags (`webgpu`: without --disable-gpu and
 *  with WEBGPU_FLAGS, so that navigator.gpu gives the software adapter). */
export async function launchBrowser({ webgpu = false } = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: run scripts/setup.sh (installs Debian's chromium)`);
  }
  const args = webgpu ? [...CHROMIUM_FLAGS.filter((f) => f !== "--disable-gpu"), ...WEBGPU_FLAGS] : CHROMIUM_FLAGS;
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

/**
 * Open `url` in a fresh context and collect everything that went wrong.
 * Returns { context, page, problems } where problems has arrays
 * console (errors), pageErrors, csp, offHost, failed, http.
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 1000 }, deviceScaleFactor = 1, reducedMotion = "no-preference", colorScheme = "light", waitUntil = "load" } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, reducedMotion, colorScheme, serviceWorkers: "block" });
  const problems = { console: [], pageErrors: [], csp: [], offHost: [], failed: [], http: [] };
  await context.route("**/*", (route) => {
    const u = new URL(route.request().url());
    if ((u.protocol === "http:" || u.protocol === "https:" || u.protocol === "ws:") && u.hostname !== "127.0.0.1") {
      problems.offHost.push(u.href);
      return route.abort("blockedbyclient");
    }
    return route.continue();
  });
  // Runs before any page script (injected by the browser, not subject to the page's CSP).
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.console.push(msg.text());
    if (/content security policy/i.test(msg.text())) problems.csp.push(msg.text());
  });
  page.on("pageerror", (err) => problems.pageErrors.push(String(err && err.stack ? err.stack : err)));
  page.on("requestfailed", (req) => problems.failed.push(`${req.url()}: ${req.failure()?.errorText}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.http.push(`${res.status()} ${res.url()}`);
  });
  await page.goto(url, { waitUntil });
  return { context, page, problems };
}

/** Problems plus the CSP violations the page itself saw; an empty list means a clean page. */
export async function allProblems(page, problems) {
  const seen = await page.evaluate(() => window.__cspViolations || []).catch(() => []);
  const list = [];
  for (const [kind, items] of Object.entries(problems)) for (const it of items) list.push(`${kind}: ${it}`);
  for (const v of seen) if (!problems.csp.includes(v)) list.push(`csp: ${v}`);
  return list;
}

/** Mount every canvas of the page now: boot.js mounts those far from the viewport only when the
 *  reader scrolls near them, and its `viewerFor` mounts a waiting canvas at once. */
export async function mountEvery(page) {
  await page.evaluate(() => document.querySelectorAll("canvas[data-scenario]").forEach((c) => window.steerlab.viewerFor(c)));
}

/** Wait until boot.js has initialised the module and exposed it as window.steerlab. */
export async function waitForSteerlab(page, timeout = 30_000) {
  await page.waitForFunction(() => window.steerlab && typeof window.steerlab.mount === "function", null, { timeout });
}

/**
 * Pixel statistics of a canvas, read from a copy of it: size, the most common colour (taken as
 * the background), how many pixels differ from it by more than `tolerance` per channel, how many
 * distinct colours there are, and an FNV-1a hash of the pixels.
 */
export async function canvasStats(page, selector, tolerance = 8) {
  return page.evaluate(
    ({ selector, tolerance }) => {
      const src = document.querySelector(selector);
      if (!src) throw new Error(`no element ${selector}`);
      const w = src.width, h = src.height;
      if (!w || !h) return { width: w, height: h, drawn: 0, colours: 0, hash: "0", total: 0, background: null };
      const copy = document.createElement("canvas");
      copy.width = w;
      copy.height = h;
      const ctx = copy.getContext("2d", { willReadFrequently: true });
      ctx.drawImage(src, 0, 0);
      const data = ctx.getImageData(0, 0, w, h).data;
      const counts = new Map();
      let hash = 0x811c9dc5;
      for (let i = 0; i < data.length; i += 4) {
        const key = (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3];
        counts.set(key, (counts.get(key) || 0) + 1);
        for (let k = 0; k < 4; k++) hash = Math.imul(hash ^ data[i + k], 0x01000193);
      }
      let bg = 0, best = -1;
      for (const [k, n] of counts) if (n > best) { best = n; bg = k; }
      const b = [(bg >>> 24) & 255, (bg >>> 16) & 255, (bg >>> 8) & 255, bg & 255];
      let drawn = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - b[0]) > tolerance || Math.abs(data[i + 1] - b[1]) > tolerance ||
            Math.abs(data[i + 2] - b[2]) > tolerance || Math.abs(data[i + 3] - b[3]) > tolerance) drawn++;
      }
      return { width: w, height: h, total: w * h, background: b, drawn, colours: counts.size, hash: (hash >>> 0).toString(16) };
    },
    { selector, tolerance },
  );
}

/** Number of pixels that differ between two snapshots of the same canvas taken `ms` apart. */
export async function canvasChange(page, selector, ms = 500) {
  const grab = () =>
    page.evaluate((selector) => {
      const src = document.querySelector(selector);
      const copy = document.createElement("canvas");
      copy.width = src.width;
      copy.height = src.height;
      const ctx = copy.getContext("2d", { willReadFrequently: true });
      ctx.drawImage(src, 0, 0);
      window.__lastGrab = ctx.getImageData(0, 0, copy.width, copy.height).data;
      return window.__lastGrab.length;
    }, selector);
  await grab();
  await page.evaluate(() => { window.__firstGrab = window.__lastGrab; });
  await page.waitForTimeout(ms);
  await grab();
  return page.evaluate(() => {
    const a = window.__firstGrab, b = window.__lastGrab;
    if (a.length !== b.length) return { changed: Infinity, total: b.length / 4 };
    let changed = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) changed++;
    }
    return { changed, total: a.length / 4 };
  });
}

/** Wait until the canvas has a backing store and shows more than `minFraction` non-background pixels. */
export async function waitForDrawn(page, selector, { minFraction = 0.002, timeout = 15_000 } = {}) {
  const deadline = Date.now() + timeout;
  let stats;
  for (;;) {
    stats = await canvasStats(page, selector);
    if (stats.total > 0 && stats.drawn / stats.total > minFraction && stats.colours >= 2) {
      // A canvas mounted after it was scrolled to (boot.js mounts lazily) may have grown since:
      // bring it wholly on screen again, where the pointer tests that follow expect it.
      await page.locator(selector).first().scrollIntoViewIfNeeded().catch(() => {});
      return stats;
    }
    if (Date.now() > deadline) return stats;
    await page.waitForTimeout(100);
  }
}

/**
 * Counters of what a page holds, counted from the page's side (not the viewers' own bookkeeping);
 * install with `context.addInitScript(installCounters)` so it runs before any page script.
 * `window.__sl`: listeners (live addEventListener registrations, counted as the browser dedupes
 * them), frames (pending requestAnimationFrame callbacks), observing (Resize/Intersection
 * observers observing), mutation (MutationObservers observing).
 */
export function installCounters() {
  if (window.__sl) return;
  const c = (window.__sl = { listeners: 0, frames: 0, observing: 0, mutation: 0 });
  const P = EventTarget.prototype;
  const add = P.addEventListener;
  const rem = P.removeEventListener;
  const reg = new WeakMap(); // target -> Map("type|capture" -> Set(listener))
  const capture = (o) => (typeof o === "boolean" ? o : !!(o && o.capture));
  P.addEventListener = function (type, f, o) {
    if (f) {
      let m = reg.get(this);
      if (!m) reg.set(this, (m = new Map()));
      const k = `${type}|${capture(o)}`;
      let s = m.get(k);
      if (!s) m.set(k, (s = new Set()));
      if (!s.has(f)) {
        s.add(f);
        c.listeners++;
      }
    }
    return add.call(this, type, f, o);
  };
  P.removeEventListener = function (type, f, o) {
    const s = reg.get(this)?.get(`${type}|${capture(o)}`);
    if (s && s.delete(f)) c.listeners--;
    return rem.call(this, type, f, o);
  };
  const raf = window.requestAnimationFrame.bind(window);
  const caf = window.cancelAnimationFrame.bind(window);
  const pending = new Set();
  window.requestAnimationFrame = (f) => {
    const id = raf((t) => {
      pending.delete(id);
      c.frames = pending.size;
      f(t);
    });
    pending.add(id);
    c.frames = pending.size;
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    pending.delete(id);
    c.frames = pending.size;
    return caf(id);
  };
  for (const [O, key] of [[ResizeObserver, "observing"], [IntersectionObserver, "observing"], [MutationObserver, "mutation"]]) {
    const obs = O.prototype.observe;
    const dis = O.prototype.disconnect;
    O.prototype.observe = function (...a) {
      if (!this.__n) {
        this.__n = 1;
        c[key]++;
      }
      return obs.apply(this, a);
    };
    O.prototype.disconnect = function () {
      if (this.__n) {
        this.__n = 0;
        c[key]--;
      }
      return dis.call(this);
    };
  }
}

/**
 * Open `url` (served by `server`) with `installCounters` in place before the page's own scripts,
 * wait for the module, and open a CDP session for garbage collection and heap figures.
 */
export async function openCountedPage(browser, server, url, opts = {}) {
  const r = await openPage(browser, server.url("/blank.html"), opts);
  await r.context.addInitScript(installCounters);
  await r.page.goto(url, { waitUntil: "load" });
  await waitForSteerlab(r.page);
  const cdp = await r.context.newCDPSession(r.page);
  await cdp.send("HeapProfiler.enable");
  return { ...r, cdp };
}

/**
 * Everything the leak tests watch, after a forced garbage collection: wasm memory (the instance's
 * `memory.buffer.byteLength`: wasm-bindgen's init() returns the exports when called again), the
 * counters of `installCounters`, live viewers, DOM elements and the JS heap.
 */
export async function measure(page, cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const m = await page.evaluate(async () => {
    const wasm = await window.steerlab.default();
    return {
      wasm: wasm.memory.buffer.byteLength,
      listeners: window.__sl.listeners,
      frames: window.__sl.frames,
      observing: window.__sl.observing,
      mutation: window.__sl.mutation,
      live: window.steerlab.liveViewers(),
      nodes: document.getElementsByTagName("*").length,
    };
  });
  return { ...m, heap: usedSize };
}

/** A seeded generator of numbers in [0, 1) (mulberry32): random orders a failure can replay. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function ensureArtifacts() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return ARTIFACTS;
}

/** Run the native example `dump_state` (cargo run) and parse its JSON. */
export function nativeState(scenario, steps) {
  const r = spawnSync("cargo", ["run", "--quiet", "--example", "dump_state", "--", scenario, String(steps)], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`cargo run --example dump_state failed (${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** First difference between two agent lists compared number by number with Object.is, or null. */
export function firstAgentDifference(native, browser) {
  if (native.length !== browser.length) return `agent count: native ${native.length}, browser ${browser.length}`;
  for (let i = 0; i < native.length; i++) {
    for (const key of ["position", "velocity"]) {
      const a = native[i][key], b = browser[i][key];
      if (!Array.isArray(a) || !Array.isArray(b) || a.length !== 2 || b.length !== 2) {
        return `agent ${i}.${key}: native ${JSON.stringify(a)}, browser ${JSON.stringify(b)}`;
      }
      for (let k = 0; k < 2; k++) {
        if (!Object.is(a[k], b[k])) return `agent ${i}.${key}[${k}]: native ${a[k]}, browser ${b[k]}`;
      }
    }
  }
  return null;
}

/**
 * Run the native example `still` (cargo run, test profile: the crates `cargo test` built) and
 * return its SVG text. `scenario` is a built-in name or a JSON file.
 */
export function nativeStill(scenario, steps = 0, { lang = "en", theme = "light" } = {}) {
  const args = ["run", "--quiet", "--profile", "test", "--example", "still", "--", scenario, String(steps), "--lang", lang, "--theme", theme];
  const r = spawnSync("cargo", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`cargo ${args.join(" ")} failed (${r.status}):\n${r.stderr}`);
  return r.stdout;
}

const WORDS_FILES = new Map();
/** What a reader of `lang` sees for a scenario's text: a plain text, a text by language, or a
 *  words key (`{"words": "scenario.seek.title"}`, the built-ins' form) read from words/<lang>.json. */
export function shownText(text, lang) {
  if (typeof text === "string") return text;
  if (text?.[lang] != null) return text[lang];
  if (!WORDS_FILES.has(lang)) WORDS_FILES.set(lang, JSON.parse(fs.readFileSync(path.join(ROOT, "words", `${lang}.json`), "utf8")));
  return WORDS_FILES.get(lang)[text?.words];
}
