// Issue 47, item 5: static-site recipes, tested as an author uses them. examples/hugo (Debian's
// hugo, a site under /blog/, the package unpacked into static/steerlab/, figures written with the
// `steerlab` and `challenge` shortcodes) and examples/eleventy (Eleventy 3 from npm, a path prefix
// /notes/, the same shortcodes in Nunjucks) are built from the packed archive and opened: every
// figure draws (a built-in, a side-by-side pair, a scenario of the author's own from a URL), the
// challenge is a card styled by steerlab.css, every request stays under the site's path, no
// console error and no CSP violation. Updates reach readers (issue 60): the recipes name the
// loader and the stylesheet with the build's `?v=` (the package's manifest.json), every file of the
// package the page fetches carries it, and each file is fetched once (the server counts them).
//
//   node --test tests/e2e/static-sites.test.mjs   (needs dist/, hugo (scripts/setup.sh) and npm)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, ARTIFACTS, serveDist, launchBrowser, openPage, allProblems, waitForDrawn, ensureArtifacts, packArchive } from "./helpers.mjs";

const VERSION = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
const TGZ = path.join(ROOT, "dist-pkg", `steerlab-${VERSION}.tgz`);
const NPM_ENV = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };

function sh(cwd, cmd, args) {
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd, env: NPM_ENV, encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `${cmd} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  console.log(`# ${cmd} ${args.slice(0, 3).join(" ")}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return r.stdout + r.stderr;
}

let browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-sites-"));
before(async () => {
  packArchive();
  browser = await launchBrowser();
  ensureArtifacts();
});
after(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The post as a reader opens it: figures draw, the challenge is a styled card, nothing leaves `base`. */
async function checkPost(t, root, base, name) {
  const server = await serveDist({ root });
  t.after(() => server.close());
  const build = JSON.parse(fs.readFileSync(path.join(root, base, "steerlab", "manifest.json"), "utf8")).build;
  for (const [label, opts] of [
    ["desktop", { viewport: { width: 1100, height: 900 } }],
    ["phone", { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2 }],
  ]) {
    const from = server.requests.length;
    const { context, page, problems } = await openPage(browser, server.url(`${base}posts/flocks/`), opts);
    t.after(() => context.close());
    await page.waitForFunction(() => window.steerlab, null, { timeout: 60000 });
    // Every figure: the flock, the pair (two canvases, made when it comes near), the author's own.
    await page.locator("main canvas[data-compare]").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll(".sl-compare canvas").length === 2, null, { timeout: 30000 });
    const canvases = await page.evaluate(() => [...document.querySelectorAll("main canvas")].map((c, i) => (c.id ||= `c${i}`)));
    assert.ok(canvases.length >= 4, `${name}: ${canvases.length} canvases`);
    for (const id of canvases) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForFunction((i) => window.steerlab.viewerFor(document.getElementById(i)), id, { timeout: 30000 });
      const s = await waitForDrawn(page, `#${id}`);
      assert.ok(s.drawn > 0, `${name}: #${id} draws`);
    }
    const mine = await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("mine")).state());
    assert.deepEqual([mine.scenario.name, mine.seed, mine.agents.length], ["mine", 3, 60], `${name}: the author's own scenario from its URL`);
    // The Embed snippet names the package where this post loads it from, not /steerlab/ at the root.
    // A figure from a file: the snippet names that file as the post does (data-scenario-src), not
    // its JSON, and the package's files with the build's version.
    const code = await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("mine")).embedCode());
    assert.equal(
      code,
      `<link rel="stylesheet" href="${base}steerlab/www/steerlab.css?v=${build}">\n<canvas data-scenario-src="${base}scenarios/mine.json" data-seed="3"></canvas>\n<script type="module" src="${base}steerlab/www/boot.js?v=${build}"></script>\n`,
      name,
    );
    // The challenge: a card in the package's style (steerlab.css), with its buttons.
    await page.locator(".sl-challenge").scrollIntoViewIfNeeded();
    await page.waitForSelector(".sl-challenge .challenge-actions button", { timeout: 30000 });
    const card = await page.evaluate(() => {
      const el = document.querySelector(".sl-challenge");
      const cs = getComputedStyle(el);
      const b = getComputedStyle(el.querySelector(".challenge-actions button"));
      return { edge: cs.borderLeftWidth, radius: cs.borderTopLeftRadius, buttonRadius: b.borderTopLeftRadius, state: el.dataset.state };
    });
    assert.deepEqual([card.edge, card.radius, card.buttonRadius], ["4px", "8px", "999px"], `${name}: the challenge card and its buttons, from steerlab.css`);
    for (const r of (await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)))) {
      // (The browser's own request for /favicon.ico is not the page's.)
      if (r !== "/favicon.ico") assert.ok(r.startsWith(base), `${name}: ${r} stays under ${base}`);
    }
    // Each file once: every request the page made, counted by the server (no cache between them).
    const counts = new Map();
    for (const r of server.requests.slice(from)) counts.set(r.path, (counts.get(r.path) ?? 0) + 1);
    const twice = [...counts].filter(([p, n]) => n > 1 && p !== "/favicon.ico");
    assert.deepEqual(twice, [], `${name} (${label}): files fetched more than once`);
    for (const f of ["www/boot.js", "steerlab.js", "steerlab_bg.wasm", "www/steerlab.css", "www/words.js", "www/challenge.js", "www/compare.js", "words/en.json", "scenarios/flock.json"]) {
      assert.equal(counts.get(`${base}steerlab/${f}`), 1, `${name} (${label}): ${f} fetched once`);
    }
    assert.equal(counts.get(`${base}scenarios/mine.json`), 1, `${name} (${label}): the author's scenario fetched once`);
    // …and every one of the package's with the build's version.
    const unversioned = (await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name)))
      .map((u) => new URL(u))
      .filter((u) => u.pathname.startsWith(`${base}steerlab/`) && u.searchParams.get("v") !== build)
      .map((u) => u.pathname + u.search);
    assert.deepEqual(unversioned, [], `${name} (${label}): the package's files without ?v=${build}`);
    await page.screenshot({ path: path.join(ARTIFACTS, `site-${name}-${label}.png`), fullPage: label === "phone" });
    assert.deepEqual(await allProblems(page, problems), [], `${name} (${label})`);
  }
}

test("Hugo (Debian's): shortcodes, a subpath baseURL, the package in static/: the post draws", async (t) => {
  const site = path.join(tmp, "hugo");
  fs.cpSync(path.join(ROOT, "examples", "hugo"), site, { recursive: true, filter: (f) => !/\/(public|resources|static\/steerlab|layouts\/shortcodes)(\/|$)/.test(f) });
  sh(tmp, "tar", ["-xzf", TGZ, "-C", tmp]);
  // The shortcodes as the author gets them: from the archive (package/recipes/hugo/).
  fs.mkdirSync(path.join(site, "layouts", "shortcodes"), { recursive: true });
  for (const f of ["steerlab.html", "challenge.html"]) fs.copyFileSync(path.join(tmp, "package", "recipes", "hugo", f), path.join(site, "layouts", "shortcodes", f));
  fs.renameSync(path.join(tmp, "package"), path.join(site, "static", "steerlab"));
  const root = path.join(tmp, "hugo-root");
  const out = sh(site, "hugo", ["--quiet", "--source", site, "--destination", path.join(root, "blog"), "--baseURL", "https://example.org/blog/"]);
  assert.doesNotMatch(out, /WARN|ERROR/, out);
  const html = fs.readFileSync(path.join(root, "blog", "posts", "flocks", "index.html"), "utf8");
  // One line a figure in the Markdown; the stylesheet and the loader written once, under /blog/.
  assert.equal(html.match(/<script type="?module"? src="?\/blog\/steerlab\/www\/boot\.js\?v=[0-9a-f]{12}/g)?.length, 1, html);
  assert.match(html, /data-scenario-src="?\/blog\/scenarios\/mine\.json/);
  await checkPost(t, root, "/blog/", "hugo");
});

test("Eleventy (npm): a shortcode, a path prefix, the package copied from node_modules: the post draws", async (t) => {
  const ex = path.join(ROOT, "examples", "eleventy");
  const lock = JSON.parse(fs.readFileSync(path.join(ex, "package-lock.json"), "utf8"));
  assert.equal(lock.packages["node_modules/steerlab"].integrity, undefined, "no integrity for the archive (it changes with every build)");
  sh(ex, "npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
  const root = path.join(tmp, "eleventy-root");
  sh(ex, "npx", ["--no-install", "eleventy", "--quiet", `--output=${path.join(root, "notes")}`]);
  await checkPost(t, root, "/notes/", "eleventy");
});
