// Issues #36, #48: every canvas as code. v.code(target) for every built-in in every target, the
// exporter loaded on first use only (and only the chosen target's templates), the JavaScript it
// writes in the browser run in Node against the browser's own trajectory (from step 0, and from a
// moment mid-run, which the dialog names), the canvas's Code button (switch, Download), and a
// chapter's Implementation listing in Spanish. (The programs of every target are run against the
// core by scripts/dev/code-equivalence.mjs.)
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

test("v.code writes every built-in in every target; the exporter loads on first use", async () => {
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
        for (const t of ["unity", "godot", "js", "rust", "rust-crate"]) res[name][t] = await v.code(t);
      }
      let refused = "";
      try {
        await window.steerlab.viewerFor(document.querySelector("canvas[data-scenario]")).code("cobol");
      } catch (e) {
        refused = e.message;
      }
      return { res, refused };
    });
    for (const key of ["cs", "gd", "js", "rs"]) assert.ok(requested.includes(`/www/code/templates/${key}.json`), `templates/${key}.json`);
    assert.equal(Object.keys(out.res).length, 20);
    for (const [name, t] of Object.entries(out.res)) {
      for (const [target, text] of Object.entries(t)) assert.match(text, /SPDX-License-Identifier: MIT-0/, `${name} ${target}: licence`);
      assert.match(t.unity, /public class Steerlab\w+[0-9a-f]{6} : MonoBehaviour/, `${name} unity`);
      assert.match(t.unity, /\[Tooltip\("[^"]+"\)\] (\[Min\(0f\)\]|\[Range\([^)]*\)\]) public float MaxSpeed = [\d.]+f;/, `${name} unity fields`);
      assert.match(t.unity, /Graphics\.RenderMeshInstanced\(/, `${name} unity draws`);
      assert.match(t.godot, /^extends Node2D$[\s\S]*MultiMeshInstance2D/m, `${name} godot`);
      assert.match(t.js, /export default makeWorld;/, `${name} js`);
      assert.match(t.rust, /use glam::\{vec2, Vec2\};[\s\S]*pub fn step\(&mut self\)/, `${name} rust`);
      assert.match(t["rust-crate"], /Sim::from_json\(SCENARIO\)/, `${name} rust-crate`);
    }
    assert.match(out.refused, /target must be "unity", "godot", "js", "rust" or "rust-crate", got "cobol"/);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("the JavaScript v.code writes runs the browser's trajectory bit for bit, from step 0 and from a moment", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-code-e2e-"));
  try {
    await waitForSteerlab(page);
    await mountEvery(page);
    // From step 0 (spawned from the seed) and exported at step 150 (a moment: the agents and the
    // random numbers carried on), 150 steps each, against the canvas's own 300.
    for (const name of ["flock", "bandada", "pursuit", "queue", "path-tube"]) {
      const { start, moment, want } = await page.evaluate(async (name) => {
        const v = window.steerlab.viewerFor(document.querySelector(`canvas[data-scenario="${name}"]`));
        v.pause();
        v.reset();
        const start = await v.code("js");
        v.step(150);
        const moment = await v.code("js");
        v.step(150);
        return { start, moment, want: v.state().agents };
      }, name);
      for (const [kind, text, steps] of [["start", start, 300], ["moment", moment, 150]]) {
        const file = path.join(dir, `${name}-${kind}.mjs`);
        fs.writeFileSync(file, text);
        const w = (await import(pathToFileURL(file))).default();
        for (let k = 0; k < steps; k++) w.step();
        const worst = Math.max(...w.agents.map((a, i) => Math.hypot(a.position[0] - want[i].position[0], a.position[1] - want[i].position[1])));
        // pursuit's quarry wanders (its angle starts afresh in a moment), the queue's door timer too.
        if (kind === "start" || name === "flock" || name === "bandada") assert.ok(worst <= 1e-3, `${name} (${kind}): ${worst} px off at step 300`);
      }
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

test("the Code dialog fetches only the chosen target's templates and says what a moment carries", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { viewport: { width: 375, height: 800 } });
  try {
    const requested = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await waitForSteerlab(page);
    await page.evaluate(() => {
      const v = window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="bandada"]'));
      v.pause();
      v.step(120);
    });
    const root = page.locator('.steerlab:has(canvas[data-scenario="bandada"])');
    await root.locator('[data-action="menu"]').click();
    await root.locator('[data-action="code"]').click();
    const dialog = root.locator(".steerlab-code-dialog");
    await page.waitForFunction(() => document.querySelector(".steerlab-code-dialog textarea")?.value.includes("MonoBehaviour"));
    const templates = () => requested.filter((p) => p.startsWith("/www/code/templates/")).sort();
    const writers = () => requested.filter((p) => /^\/www\/code\/write-/.test(p)).sort();
    assert.deepEqual(templates(), ["/www/code/templates/cs.json"]);
    assert.deepEqual(writers(), ["/www/code/write-unity.js"]);
    // Exported at step 120: the note says it carries on from there, exactly (bandada's behaviours
    // keep no state of their own).
    const moment = dialog.locator(".steerlab-code-moment");
    assert.equal(await moment.isVisible(), true);
    assert.match(await moment.textContent(), /Exported at step 120: the program carries on from this moment exactly as the canvas does\./);
    assert.match(await dialog.locator("textarea").inputValue(), /A moment: the agents as they were at step 120/);
    await dialog.locator('[data-target="godot"]').click();
    await page.waitForFunction(() => document.querySelector(".steerlab-code-dialog textarea")?.value.includes("extends Node2D"));
    assert.deepEqual(templates(), ["/www/code/templates/cs.json", "/www/code/templates/gd.json"]);
    assert.deepEqual(writers(), ["/www/code/write-godot.js", "/www/code/write-unity.js"]);
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.locator('[data-code="download"]').click()]);
    assert.equal(download.suggestedFilename(), "bandada.gd");
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
    assert.match(unity, /\/\/ Los cambios en el inspector valen enseguida, también en modo Play\./);
    assert.match(unity, /\[Tooltip\("Cuánto cuenta este comportamiento/);
    assert.match(unity, /\[Header\("Comportamientos"\)\]/);
    assert.doesNotMatch(unity, /\/\/(en|es) /);
    await page.locator('.code-listing [data-target="js"]').click();
    await page.waitForFunction(() => document.querySelector(".code-listing pre")?.textContent.includes("export default makeWorld"));
    assert.equal(await page.locator('.code-listing [data-target="js"]').getAttribute("aria-pressed"), "true");
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});
