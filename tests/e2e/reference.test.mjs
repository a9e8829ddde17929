// Issue 47, item 1: the reference travels, also as pages of the site. Every page of
// dist/reference/ (written at build time from docs/reference/*.md and CHANGELOG.md by
// scripts/hooks/reference.mjs) opens under the site's CSP with no error, every link between them
// names a page and a heading that exist, the galleries link it, and each page reads on a phone
// and in the dark (screenshots in artifacts/).
//
//   node --test tests/e2e/reference.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { DIST, ROOT, serveDist, launchBrowser, openPage, allProblems, ensureArtifacts } from "./helpers.mjs";

const PAGES = ["index", "scenario-format", "api", "measures", "challenges", "theming", "errors", "changelog"];

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("every reference page opens cleanly and every link between them names a page and a heading", async (t) => {
  for (const p of PAGES) {
    assert.ok(fs.existsSync(path.join(DIST, "reference", `${p}.html`)), `${p}.html`);
    assert.ok(fs.existsSync(path.join(DIST, "reference", `${p}.md`)), `${p}.md beside it`);
  }
  const { context, page, problems } = await openPage(browser, server.url("/reference/"));
  t.after(() => context.close());
  const broken = [];
  const ids = new Map();
  for (const p of PAGES) {
    await page.goto(server.url(`/reference/${p === "index" ? "" : `${p}.html`}`));
    const r = await page.evaluate(() => ({
      title: document.title,
      h1: document.querySelector("h1")?.textContent,
      ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
      links: [...document.querySelectorAll("main a[href], nav a[href]")].map((a) => a.href),
      tables: document.querySelectorAll("table").length,
    }));
    assert.ok(r.h1 && r.title.includes("steerlab reference"), `${p}: a title and a heading`);
    ids.set(new URL(page.url()).pathname.replace(/\/$/, "/index.html"), new Set(r.ids));
    for (const href of r.links) {
      const u = new URL(href);
      if (u.origin !== server.origin) continue;
      const res = await page.request.get(u.origin + u.pathname);
      if (res.status() !== 200) broken.push(`${p}: ${href} (${res.status()})`);
      if (u.hash && u.pathname.startsWith("/reference/")) broken.push({ from: p, path: u.pathname.replace(/\/$/, "/index.html"), id: decodeURIComponent(u.hash.slice(1)) });
    }
  }
  const missing = broken.filter((b) => typeof b === "string" || !ids.get(b.path)?.has(b.id)).map((b) => (typeof b === "string" ? b : `${b.from}: ${b.path}#${b.id}`));
  assert.deepEqual(missing, [], "links that name no page or no heading");
  // The galleries link the reference.
  for (const g of ["/index.html", "/es/index.html"]) {
    const html = fs.readFileSync(path.join(DIST, g), "utf8");
    assert.match(html, /href="(\.\.\/)?reference\/"/, `${g} links the reference`);
  }
  assert.deepEqual(await allProblems(page, problems), []);
});

test("the reference reads on a phone and in the dark", async (t) => {
  ensureArtifacts();
  for (const [name, opts] of [
    ["reference-api-desktop", { viewport: { width: 1280, height: 900 } }],
    ["reference-errors-phone-dark", { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, colorScheme: "dark" }],
  ]) {
    const { context, page, problems } = await openPage(browser, server.url(name.includes("api") ? "/reference/api.html" : "/reference/errors.html"), opts);
    t.after(() => context.close());
    // Nothing wider than the screen but the tables and code, which scroll in their own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `${name}: the page scrolls sideways by ${overflow} px`);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, opts.colorScheme === "dark" ? "rgb(15, 23, 42)" : "rgb(255, 255, 255)");
    await page.screenshot({ path: path.join(ROOT, "artifacts", `${name}.png`) });
    assert.deepEqual(await allProblems(page, problems), []);
  }
});
