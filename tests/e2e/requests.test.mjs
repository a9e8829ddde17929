// Each file once (issue 55, item 1): every page of the built site — the galleries, the chapters,
// the playgrounds, the embedding examples, in English, Spanish and the other languages' test
// pages, the reference — loaded on a phone (375 × 800, 2×, touch) and on a desktop (1280 × 1000),
// scrolled to its end so that every canvas mounts, with every request recorded three ways:
// playwright's `page.on("request")`, CDP's Network.requestWillBeSent (preloads included) and the
// server's own log (what crossed the wire: the pages are served with `Cache-Control: no-store`).
//
// It fails naming any file fetched twice — the same path under two queries (a preload without the
// `?v=<build>` the loader asks for: scripts/hooks/version.mjs) or the same URL twice — and on any
// "preloaded … but not used" warning (Chromium's, a few seconds after the load event).
//
// www/bench.html is left out: a developer's bench page that needs a `--features bench` module
// (scripts/bench/browser.mjs builds one), not a page a reader opens.
//
//   node --test tests/e2e/requests.test.mjs      (needs dist/ from scripts/build.sh)
import { describe, test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { DIST, serveDist, launchBrowser } from "./helpers.mjs";

const PROFILES = {
  phone: { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 },
};
/** Chromium warns about an unused preload 3 s after the load event: the page is kept that long. */
const PRELOAD_WARNING_MS = 3500;

function pages() {
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      if (e.name.startsWith(".")) return [];
      const f = path.join(dir, e.name);
      return e.isDirectory() ? walk(f) : f.endsWith(".html") ? [f] : [];
    });
  return walk(DIST)
    .map((f) => "/" + path.relative(DIST, f).split(path.sep).join("/"))
    .filter((p) => p !== "/www/bench.html")
    .map((p) => p.replace(/(^|\/)index\.html$/, "$1"))
    .sort();
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Open `url` in a fresh context of `profile` (no request interception: it would change how
 *  Chromium matches preloads), scroll to the end, wait; every request and warning. */
async function visit(url, profile) {
  const server = await serveDist();
  const context = await browser.newContext({ ...PROFILES[profile], serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const seen = { playwright: [], cdp: new Map(), cached: new Set(), warnings: [], errors: [] };
    page.on("request", (r) => seen.playwright.push(r.url()));
    page.on("console", (m) => {
      if (m.type() === "warning") seen.warnings.push(m.text());
      if (m.type() === "error") seen.errors.push(m.text());
    });
    page.on("pageerror", (e) => seen.errors.push(String(e)));
    cdp.on("Network.requestWillBeSent", (e) => {
      // (A redirect reuses the request id: each hop is its own entry.)
      const key = e.redirectResponse ? `${e.requestId}>${e.request.url}` : e.requestId;
      seen.cdp.set(key, { url: e.request.url, type: e.type, initiator: e.initiator?.type });
    });
    cdp.on("Network.requestServedFromCache", (e) => seen.cached.add(e.requestId));
    cdp.on("Log.entryAdded", (e) => e.entry.level === "warning" && seen.warnings.push(e.entry.text));
    await cdp.send("Network.enable");
    await cdp.send("Log.enable");
    await page.goto(server.url(url), { waitUntil: "load", timeout: 60_000 });
    const loaded = Date.now();
    // To the end of the page in screens, so that every canvas comes within a screen and mounts.
    await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
        scrollTo(0, y);
        await frame();
      }
      scrollTo(0, document.documentElement.scrollHeight);
      await frame();
    });
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const left = PRELOAD_WARNING_MS - (Date.now() - loaded);
    if (left > 0) await page.waitForTimeout(left);
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const fetched = [...seen.cdp].filter(([id]) => !seen.cached.has(id)).map(([, r]) => r);
    return { ...seen, fetched, wire: server.requests.map((r) => r.path) };
  } finally {
    await context.close();
    await server.close();
  }
}

/** The files fetched more than once among `urls` (same path: same URL twice, or two queries). */
function twice(urls) {
  const byPath = new Map();
  for (const u of urls) {
    const url = new URL(u, "http://x");
    if (!/^https?:$/.test(url.protocol)) continue; // data:, blob:
    const key = url.origin + url.pathname;
    byPath.set(key, [...(byPath.get(key) ?? []), url.pathname + url.search]);
  }
  return [...byPath].filter(([, list]) => list.length > 1).map(([, list]) => list.join(" + "));
}

const PAGES = pages();
test("the built site has the pages this test walks", () => {
  for (const p of ["/", "/es/", "/chapters/flocking.html", "/es/chapters/bandada.html", "/playground.html", "/es/playground.html", "/www/embed.html", "/es/embed.html"]) {
    assert.ok(PAGES.includes(p), `${p} is not in dist/ (pages found: ${PAGES.join(", ")})`);
  }
});

// Four pages at a time (each in its own context and server): most of a visit is waiting.
for (const profile of Object.keys(PROFILES)) {
  describe(`on a ${profile}`, { concurrency: 4 }, () => {
    for (const url of PAGES) {
      test(`${url} on a ${profile}: each file fetched once, no preload unused`, { timeout: 180_000 }, async (t) => {
        const r = await visit(url, profile);
        t.diagnostic(`${r.fetched.length} requests (CDP), ${r.playwright.length} (playwright), ${r.wire.length} answered by the server`);
        const problems = [];
        for (const d of twice(r.fetched.map((f) => f.url))) problems.push(`fetched twice (CDP): ${d}`);
        for (const d of twice(r.playwright)) problems.push(`fetched twice (playwright): ${d}`);
        const wire = new Map();
        for (const p of r.wire) wire.set(p, (wire.get(p) ?? 0) + 1);
        for (const [p, n] of wire) if (n > 1) problems.push(`answered ${n} times by the server: ${p}`);
        for (const w of r.warnings) if (/preload/i.test(w)) problems.push(`warning: ${w}`);
        assert.deepEqual([...new Set(problems)], [], `${url} on a ${profile}:\n  ${[...new Set(problems)].join("\n  ")}`);
      });
    }
  });
}
