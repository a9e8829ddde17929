// Issue #36: every canvas as code. v.code(target) for every built-in in the three targets, the
// exporter loaded on first use only, the JavaScript it writes in the browser run in Node against
// the browser's own trajectory, the canvas's Code button (switch, Download), and a chapter's
// Implementation listing in Spanish. (The programs of all three targets are run against the core
// by scripts/dev/code-equivalence.mjs.)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, mountEvery } from "./helpers.mjs";

let server;
let browser;

before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("v.code writes every built-in in the three targets; the exporter loads on first use", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  try {
    const requested = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await waitForSteerlab(page);
    await mountEvery(page);
    assert.ok(!requested.some((p) => p.startsWith("/www/code/")), `loaded before use: ${requested.filter((p) => p.startsWith("/www/code/"))}`);
    const out = await page.evaluate(async () => {
      const res = {};
      for (const c of document.querySelectorAll("canvas[data-scenario]")) {
        const v = window.steerlab.viewerFor(c);
        v.pause();
        const name = c.dataset.scenario;
        res[name] = {};
        for (const t of ["unity", "js", "rust"]) res[name][t] = await v.code(t);
      }
      let refused = "";
      try {
        await window.steerlab.viewerFor(document.querySelector("canvas[data-scenario]")).code("cobol");
      } catch (e) {
        refused = e.message;
      }
      return { res, refused };
    });
    for (const key of ["cs", "js", "rs"]) assert.ok(requested.includes(`/www/code/templates/${key}.json`), `templates/${key}.json`);
    assert.equal(Object.keys(out.res).length, 20);
    for (const [name, t] of Object.entries(out.res)) {
      assert.match(t.unity, /public class Steerlab\w+ : MonoBehaviour/, `${name} unity`);
      assert.match(t.unity, /public float max_speed = [\d.]+f;/, `${name} unity fields`);
      assert.match(t.js, /export default makeWorld;/, `${name} js`);
      assert.match(t.rust, /use glam::\{vec2, Vec2\};[\s\S]*pub fn step\(&mut self\)/, `${name} rust`);
    }
    assert.match(out.refused, /target must be "unity", "js" or "rust", got "cobol"/);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("the JavaScript v.code writes runs the browser's trajectory (flock, pursuit, queue, path-tube)", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-code-e2e-"));
  try {
    await waitForSteerlab(page);
    await mountEvery(page);
    for (const name of ["flock", "pursuit", "queue", "path-tube"]) {
      const { text, want, size } = await page.evaluate(async (name) => {
        const v = window.steerlab.viewerFor(document.querySelector(`canvas[data-scenario="${name}"]`));
        v.pause();
        v.reset();
        const text = await v.code("js");
        v.step(60);
        const s = v.state();
        return { text, want: s.agents, size: Math.max(s.scenario.world.width, s.scenario.world.height) };
      }, name);
      const file = path.join(dir, `${name}.mjs`);
      fs.writeFileSync(file, text);
      const w = (await import(pathToFileURL(file))).default();
      for (let k = 0; k < 60; k++) w.step();
      const worst = Math.max(...w.agents.map((a, i) => Math.hypot(a.position[0] - want[i].position[0], a.position[1] - want[i].position[1])));
      assert.ok(worst <= 1e-3 * size, `${name}: ${worst} world units off after 60 steps`);
    }
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await context.close();
  }
});

test("the Code button shows Unity first, switches to Rust and downloads a .rs file", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { viewport: { width: 375, height: 800 } });
  try {
    await waitForSteerlab(page);
    await page.evaluate(() => window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="flock"]')));
    const root = page.locator('.steerlab:has(canvas[data-scenario="flock"])');
    // On a phone the Code entry is in the canvas's menu (⋯).
    await root.locator('[data-action="menu"]').click();
    await root.locator('[data-action="code"]').click();
    const dialog = root.locator(".steerlab-code-dialog");
    await dialog.locator("textarea").waitFor();
    await page.waitForFunction(() => document.querySelector(".steerlab-code-dialog textarea")?.value.includes("MonoBehaviour"));
    assert.equal(await dialog.locator('[data-target="unity"]').getAttribute("aria-pressed"), "true");
    await dialog.locator('[data-target="rust"]').click();
    await page.waitForFunction(() => document.querySelector(".steerlab-code-dialog textarea")?.value.includes("use glam"));
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.locator('[data-code="download"]').click()]);
    assert.equal(download.suggestedFilename(), "flock.rs");
    await dialog.locator('[data-code="close"]').click();
    assert.equal(await dialog.isHidden(), true);
    // The Share dialog is still the viewer's own <dialog>.
    await root.locator('[data-action="menu"]').click();
    await root.locator('[data-action="embed"]').click();
    assert.match(await root.locator("dialog textarea").inputValue(), /data-scenario="flock"/);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("a Spanish chapter lists its canvas with Spanish comments, switching language", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/es/chapters/flocking.html"));
  try {
    await page.locator("#implementation").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector(".code-listing pre")?.textContent.includes("MonoBehaviour"), null, { timeout: 30_000 });
    const unity = await page.locator(".code-listing pre").textContent();
    assert.match(unity, /exportado de steerlab en el paso 0/);
    assert.match(unity, /\/\/ Las reglas de flocking comparten una sola pasada de vecinos\./);
    assert.doesNotMatch(unity, /\/\/(en|es) /);
    await page.locator('.code-listing [data-target="js"]').click();
    await page.waitForFunction(() => document.querySelector(".code-listing pre")?.textContent.includes("export default makeWorld"));
    assert.equal(await page.locator('.code-listing [data-target="js"]').getAttribute("aria-pressed"), "true");
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});
