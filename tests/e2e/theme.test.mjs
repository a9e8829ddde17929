// Issue 21, theming, in Chromium: data-theme, the page's own colours (auto), the --sl-* variables
// on the canvas, repaint when the reader's scheme or the page's theme changes, and readable text
// (WCAG contrast ≥ 4.5:1 for every text of the widget) on a dark blog with a light OS setting.
//
//   node --test tests/e2e/theme.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn, canvasStats, ensureArtifacts } from "./helpers.mjs";

const page = (body, { css = "", meta = "" } = {}) => `<!doctype html><html lang="en"><head><meta charset="utf-8">${meta}<title>theme</title>
<link rel="stylesheet" href="/www/steerlab.css">${css ? `<link rel="stylesheet" href="${css}">` : ""}
<script type="module" src="/www/boot.js"></script></head><body>${body}</body></html>`;

// A dark blog with its own CSS and no color-scheme: what the issue tried, with a light OS setting.
const DARK_BLOG_CSS = `body { background: #16181d; color: #d6d9de; font: 17px/1.6 Georgia, serif; margin: 0; }
article { max-width: 760px; margin: 0 auto; padding: 1rem; }`;
const BAD = JSON.stringify({ name: "bad", world: { width: 640, height: 400 }, agents: { count: 3 }, behaviours: [{ type: "cohesion", perception: -3 }] });
const DARK_BLOG = page(
  `<article><h1>A dark blog</h1><p>Some text.</p>
<canvas id="flock" data-scenario="flock"></canvas>
<canvas id="bandada" data-scenario="bandada"></canvas>
<script type="application/json" id="bad">${BAD}</script>
<canvas id="broken" data-scenario="bad" data-scenario-json="#bad"></canvas></article>`,
  { css: "/dark-blog.css" },
);
// The same blog's theme switched by a class on <html>, as sites do.
const TOGGLE_CSS = `html.night body { background: #101214; color: #e0e0e0; }`;
const TOGGLE = page(`<canvas id="c" data-scenario="flock" data-autoplay="false"></canvas>`, { css: "/toggle.css" });
// A page that leaves its colours to the browser: light or dark as the reader prefers.
const SCHEME = page(`<canvas id="c" data-scenario="flock" data-autoplay="false"></canvas>`, { meta: '<meta name="color-scheme" content="light dark">' });
// A site's own colours through the documented variables.
const VARS_CSS = `:root { --sl-canvas: #204060; --sl-agent: rgb(255, 204, 0); --sl-fg: #fff8e0; --sl-border: #ff00ff; }
body { background: #0b1020; color: #eee; }`;
const VARS = page(
  `<canvas id="c" data-scenario="flock" data-autoplay="false"></canvas>
<canvas id="s" data-scenario="stress" data-autoplay="false"></canvas>
<canvas id="forced-light" data-scenario="separation" data-theme="light" data-autoplay="false"></canvas>`,
  { css: "/vars.css" },
);
// The roles drawn, each through its own variable, in colours no default uses.
const ROLES_CSS = `:root { --sl-path: rgb(255, 0, 255); --sl-leader: rgb(0, 255, 255); --sl-obstacle: rgb(255, 255, 0); --sl-separation: rgb(128, 0, 255); }`;
const ROLES = page(
  `<canvas id="path" data-scenario="path-waypoints" data-autoplay="false"></canvas>
<canvas id="leader" data-scenario="follow-leader" data-autoplay="false"></canvas>
<canvas id="obstacles" data-scenario="obstacle-avoidance" data-autoplay="false"></canvas>
<canvas id="forces" data-scenario="separation" data-autoplay="false"></canvas>`,
  { css: "/roles.css" },
);
const FORCED_DARK = page(`<canvas id="c" data-scenario="separation" data-theme="dark" data-autoplay="false"></canvas>`);

let server;
let browser;

before(async () => {
  server = await serveDist({
    extra: {
      "/dark-blog.html": DARK_BLOG,
      "/dark-blog.css": DARK_BLOG_CSS,
      "/toggle.html": TOGGLE,
      "/toggle.css": TOGGLE_CSS,
      "/scheme.html": SCHEME,
      "/vars.html": VARS,
      "/vars.css": VARS_CSS,
      "/forced-dark.html": FORCED_DARK,
      "/roles.html": ROLES,
      "/roles.css": ROLES_CSS,
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Every visible text of the viewers' widgets and error alerts, with the WCAG contrast of its
 * computed colour against the background it is drawn on (the computed backgrounds of it and its
 * ancestors, composited over the page's canvas colour).
 */
function contrasts() {
  const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const rgba = (css) => {
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = "#000";
    probe.fillStyle = css;
    probe.fillRect(0, 0, 1, 1);
    const d = probe.getImageData(0, 0, 1, 1).data;
    return [d[0] / 255, d[1] / 255, d[2] / 255, d[3] / 255];
  };
  const lum = ([r, g, b]) => {
    const f = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, below) => [0, 1, 2].map((k) => top[k] * top[3] + below[k] * (1 - top[3])).concat(1);
  const css = getComputedStyle(document.documentElement).colorScheme;
  const schemes = css && css !== "normal" ? css : document.querySelector('meta[name="color-scheme"]')?.content || "";
  const dark = schemes.includes("dark") && (!schemes.includes("light") || matchMedia("(prefers-color-scheme: dark)").matches);
  const pageCanvas = dark ? [0.07, 0.07, 0.07, 1] : [1, 1, 1, 1];
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    return layers.reverse().reduce((below, top) => over(top, below), pageCanvas);
  };
  const out = [];
  const seen = new Set();
  for (const scope of document.querySelectorAll(".steerlab, .steerlab-error")) {
    for (const el of [scope, ...scope.querySelectorAll("*")]) {
      if (seen.has(el) || el.tagName === "OPTION" || el.tagName === "CANVAS") continue;
      seen.add(el);
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own && el.tagName !== "SELECT") continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === "hidden") continue;
      const fg = rgba(getComputedStyle(el).color);
      const bg = background(el);
      const a = lum(over(fg, bg));
      const b = lum(bg);
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      out.push({ what: `${el.tagName.toLowerCase()}.${el.className || ""} "${(el.textContent || "").trim().slice(0, 30)}"`, ratio: Math.round(ratio * 100) / 100 });
    }
  }
  return out;
}

test("a dark blog with a light OS setting: dark theme, and every text of the widget has contrast ≥ 4.5:1", async (t) => {
  for (const deviceScaleFactor of [1, 2]) {
    const { context, page: p, problems } = await openPage(browser, server.url("/dark-blog.html"), { colorScheme: "light", deviceScaleFactor, viewport: { width: deviceScaleFactor === 2 ? 375 : 1000, height: 900 } });
    t.after(() => context.close());
    await waitForSteerlab(p);
    await waitForDrawn(p, "#flock");
    const themes = await p.evaluate(() => ["flock", "bandada"].map((id) => window.steerlab.viewerFor(document.getElementById(id)).theme));
    assert.deepEqual(themes, ["dark", "dark"], "auto follows the page's background, not the OS setting");
    // On a phone the menu and the settings are folded (issue 33): open them, every text shows.
    await p.evaluate(() => document.querySelectorAll('.steerlab-bar [data-action="menu"], .steerlab-bar [data-action="settings"]').forEach((b) => b.click()));
    const list = await p.evaluate(contrasts);
    const low = list.filter((x) => x.ratio < 4.5);
    t.diagnostic(`${list.length} texts at ${deviceScaleFactor}×, lowest contrast ${Math.min(...list.map((x) => x.ratio))}`);
    assert.ok(list.length >= 40, `checked ${list.length} texts (buttons, toggles, labels, values, selects, caption, readout, HUD)`);
    // The error alert is for screen readers only (issue 60: the box on the canvas shows the message
    // once): hidden from sight, so not among the texts checked.
    assert.ok(await p.evaluate(() => [...document.querySelectorAll("p.steerlab-error[role=alert]")].every((e) => e.getBoundingClientRect().width <= 1)), "the error alert is hidden from sight");
    assert.ok(list.some((x) => x.what.includes("steerlab-hud")), "the HUD is checked");
    assert.deepEqual(low, [], "texts below 4.5:1");
    // The canvas itself is dark too.
    const bg = (await canvasStats(p, "#flock")).background;
    assert.deepEqual(bg.slice(0, 3), [0x0f, 0x17, 0x2a]);
    await p.screenshot({ path: path.join(ensureArtifacts(), `theme-dark-blog-${deviceScaleFactor}x.png`), fullPage: true });
    assert.deepEqual((await allProblems(p, problems)).filter((x) => !x.includes("perception")), []);
  }
});

test("switching the reader's colour scheme repaints the canvas and the widget", async (t) => {
  const { context, page: p, problems } = await openPage(browser, server.url("/scheme.html"), { colorScheme: "light" });
  t.after(() => context.close());
  await waitForSteerlab(p);
  await waitForDrawn(p, "#c");
  const look = async () => ({
    theme: await p.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).theme),
    stats: await canvasStats(p, "#c"),
    text: await p.evaluate(() => getComputedStyle(document.querySelector(".steerlab-value")).color),
  });
  const light = await look();
  await p.emulateMedia({ colorScheme: "dark" });
  await p.waitForTimeout(200);
  const dark = await look();
  await p.emulateMedia({ colorScheme: "light" });
  await p.waitForTimeout(200);
  const back = await look();
  assert.equal(light.theme, "light");
  assert.equal(dark.theme, "dark");
  assert.deepEqual(light.stats.background.slice(0, 3), [0xf8, 0xfa, 0xfc]);
  assert.deepEqual(dark.stats.background.slice(0, 3), [0x0f, 0x17, 0x2a], "the paused canvas was repainted dark");
  assert.notEqual(dark.stats.hash, light.stats.hash);
  assert.notEqual(dark.text, light.text, "the widget's text follows");
  assert.equal(back.stats.hash, light.stats.hash, "and back, pixel for pixel");
  assert.deepEqual(await allProblems(p, problems), []);
});

test("a site switching its theme by a class on <html> re-themes the viewer", async (t) => {
  const { context, page: p, problems } = await openPage(browser, server.url("/toggle.html"), { colorScheme: "light" });
  t.after(() => context.close());
  await waitForSteerlab(p);
  await waitForDrawn(p, "#c");
  const theme = () => p.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).theme);
  assert.equal(await theme(), "light");
  await p.evaluate(() => document.documentElement.classList.add("night"));
  await p.waitForTimeout(100);
  assert.equal(await theme(), "dark");
  assert.deepEqual((await canvasStats(p, "#c")).background.slice(0, 3), [0x0f, 0x17, 0x2a]);
  await p.evaluate(() => document.documentElement.classList.remove("night"));
  await p.waitForTimeout(100);
  assert.equal(await theme(), "light");
  assert.deepEqual(await allProblems(p, problems), []);
});

test("--sl-* variables reach the canvas (vector and pixel layers) and the widget; data-theme forces a theme", async (t) => {
  const { context, page: p, problems } = await openPage(browser, server.url("/vars.html"), { colorScheme: "light" });
  t.after(() => context.close());
  await waitForSteerlab(p);
  await waitForDrawn(p, "#c");
  const flock = await canvasStats(p, "#c");
  assert.deepEqual(flock.background, [0x20, 0x40, 0x60, 255], "--sl-canvas");
  const colours = await p.evaluate(() => {
    const c = document.getElementById("c");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let agent = 0;
    let border = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] === 255 && d[i + 1] === 204 && d[i + 2] === 0) agent++;
      if (d[i] - d[i + 1] > 80 && d[i + 2] - d[i + 1] > 80) border++; // magenta, or half of it over the background
    }
    return { agent, border, text: getComputedStyle(document.querySelector(".steerlab-btn[data-action=step]")).color };
  });
  assert.ok(colours.agent > 20, `agents in --sl-agent: ${colours.agent} pixels`);
  assert.ok(colours.border > 20, `world frame in --sl-border: ${colours.border} pixels`);
  assert.equal(colours.text, "rgb(255, 248, 224)", "--sl-fg on the buttons");
  await waitForDrawn(p, "#s");
  assert.deepEqual((await canvasStats(p, "#s")).background, [0x20, 0x40, 0x60, 255], "--sl-canvas under the pixel agent layer");
  assert.equal(await p.evaluate(() => window.steerlab.viewerFor(document.getElementById("forced-light")).theme), "light", 'data-theme="light" on a dark page');
  assert.deepEqual(await allProblems(p, problems), []);

  const forced = await openPage(browser, server.url("/forced-dark.html"), { colorScheme: "light" });
  t.after(() => forced.context.close());
  await waitForSteerlab(forced.page);
  await waitForDrawn(forced.page, "#c");
  assert.equal(await forced.page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).theme), "dark", 'data-theme="dark" on a light page');
  assert.deepEqual((await canvasStats(forced.page, "#c")).background.slice(0, 3), [0x0f, 0x17, 0x2a]);
  assert.deepEqual(await allProblems(forced.page, forced.problems), []);
});

test("--sl-<role> variables colour the roles drawn: a path, the leader, obstacles, a force's arrows", async (t) => {
  const { context, page: p, problems } = await openPage(browser, server.url("/roles.html"), { colorScheme: "light" });
  t.after(() => context.close());
  await waitForSteerlab(p);
  const count = (id, rgb) =>
    p.evaluate(
      ([id, rgb]) => {
        const c = document.getElementById(id);
        const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - rgb[0]) + Math.abs(d[i + 1] - rgb[1]) + Math.abs(d[i + 2] - rgb[2]) < 24) n++;
        return n;
      },
      [id, rgb],
    );
  for (const [id, rgb, what] of [
    ["path", [255, 0, 255], "--sl-path"],
    ["leader", [0, 255, 255], "--sl-leader"],
    ["obstacles", [255, 255, 0], "--sl-obstacle (its fill, translucent as written: the colour given is opaque)"],
    ["forces", [128, 0, 255], "--sl-separation"],
  ]) {
    await p.locator(`#${id}`).scrollIntoViewIfNeeded();
    await waitForDrawn(p, `#${id}`);
    // A step on (the leader is tinted by its behaviour once it has stepped), drawn.
    await p.evaluate((id) => {
      const v = window.steerlab.viewerFor(document.getElementById(id));
      v.step(2);
      v.render();
    }, id);
    const n = await count(id, rgb);
    assert.ok(n > 10, `#${id}: ${n} pixels in ${what}`);
  }
  // And the legend's swatch of the separation arrows says the same colour.
  const swatches = await p.evaluate(() =>
    [...document.querySelectorAll(".steerlab-legend-swatch")].map((s) => getComputedStyle(s).backgroundColor),
  );
  assert.ok(swatches.includes("rgb(128, 0, 255)"), swatches.join(", "));
  await p.screenshot({ path: path.join(ensureArtifacts(), "theme-roles.png"), fullPage: true });
  assert.deepEqual(await allProblems(p, problems), []);
});
