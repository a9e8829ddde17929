// Issues #36, #48, 59: every canvas as code. v.code(target) for every built-in in every target
// (Godot 3 too), each target's package (v.code(target, { package: true })) with the same names at
// any step, the exporter loaded on first use only (and only the chosen target's templates), the
// JavaScript it writes in the browser run in Node against the browser's own trajectory (from step
// 0, and from a moment mid-run, which the dialog names), the canvas's Code button (switch, Download,
// the package as a .zip a developer unpacks), and a chapter's Implementation listing in Spanish.
// (The programs and packages of every target are run against the core by
// scripts/dev/code-equivalence.mjs.)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, mountEvery, ensureArtifacts } from "./helpers.mjs";

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
        for (const t of ["unity", "godot", "godot3", "js", "rust", "rust-crate"]) res[name][t] = await v.code(t);
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
      const camel = name.split(/[^A-Za-z0-9]+/).map((p) => p[0].toUpperCase() + p.slice(1).toLowerCase()).join("");
      assert.match(t.unity, new RegExp(`^namespace Steerlab\\.Scenarios\\.${camel}$[\\s\\S]*public class Steerlab${camel} : MonoBehaviour`, "m"), `${name} unity`);
      assert.match(t.unity, /\[Tooltip\("[^"]+"\)\] (\[Min\(0f\)\]|\[Range\([^)]*\)\]) public float MaxSpeed = [\d.]+f;/, `${name} unity fields`);
      assert.match(t.unity, /Graphics\.RenderMeshInstanced\(/, `${name} unity draws`);
      assert.match(t.godot, /^extends Node2D$[\s\S]*MultiMeshInstance2D/m, `${name} godot`);
      assert.match(t.godot3, /^extends Node2D$[\s\S]*^export\(float, [^)]*\) var max_speed: float/m, `${name} godot3`);
      assert.doesNotMatch(t.godot3, /^@export|PackedVector2Array/m, `${name} godot3: no Godot 4 syntax`);
      assert.match(t.js, /export default makeWorld;/, `${name} js`);
      assert.match(t.rust, /use glam::\{vec2, Vec2\};[\s\S]*pub fn step\(&mut self\)/, `${name} rust`);
      assert.match(t["rust-crate"], /Sim::from_json\(SCENARIO\)/, `${name} rust-crate`);
    }
    assert.match(out.refused, /target must be "unity", "godot", "godot3", "js", "rust" or "rust-crate", got "cobol"/);
    assert.ok(!requested.includes("/www/code/templates/packages.json"), "no package asked for: no package templates fetched");
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("every target's package keeps its names at any step and with any parameters: the parameters are its settings file", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  try {
    await waitForSteerlab(page);
    const out = await page.evaluate(async () => {
      const v = window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="bandada"]'));
      v.pause();
      v.reset();
      const res = { at0: {}, later: {} };
      const targets = ["unity", "godot", "godot3", "js", "rust", "rust-crate"];
      for (const t of targets) res.at0[t] = await v.code(t, { package: true });
      v.step(90);
      v.set("separation.weight", 2.5);
      for (const t of targets) res.later[t] = await v.code(t, { package: true });
      return res;
    });
    for (const t of Object.keys(out.at0)) {
      assert.deepEqual(Object.keys(out.later[t]).sort(), Object.keys(out.at0[t]).sort(), `${t}: the same files`);
    }
    const unity = out.at0.unity;
    for (const f of ["package.json", "Runtime/Steerlab.Steering.asmdef", "Runtime/SteerlabAgents.cs", "Runtime/Behaviours/Separation.cs", "Samples~/Bandada/bandada.json"]) {
      assert.ok(`com.steerlab.steering/${f}` in unity, `unity: ${f}`);
    }
    assert.ok("com.steerlab.steering/Runtime/SteerlabAgents.cs.meta" in unity && !("com.steerlab.steering/Samples~/Bandada/bandada.json.meta" in unity), "unity: .meta files, none in Samples~");
    assert.equal(JSON.parse(unity["com.steerlab.steering/package.json"]).name, "com.steerlab.steering");
    // The settings file holds the parameters and the moment; the code does not change.
    const before = JSON.parse(unity["com.steerlab.steering/Samples~/Bandada/bandada.json"]);
    const later = JSON.parse(out.later.unity["com.steerlab.steering/Samples~/Bandada/bandada.json"]);
    assert.equal(before.behaviours[0].weight, 1.5);
    assert.equal(later.behaviours[0].weight, 2.5);
    assert.equal(later.start.steps, 90);
    assert.equal(out.later.unity["com.steerlab.steering/Runtime/SteerlabAgents.cs"], unity["com.steerlab.steering/Runtime/SteerlabAgents.cs"]);
    assert.match(out.at0.godot["addons/steerlab/plugin.cfg"], /^\[plugin\]\n[\s\S]*script="plugin.gd"/);
    assert.match(out.at0.godot["addons/steerlab/steerlab_agents.gd"], /^class_name SteerlabAgents\nextends Node2D$/m);
    assert.match(out.at0.godot["steerlab/bandada.tscn"], /settings = "res:\/\/steerlab\/bandada.json"/);
    assert.match(out.at0.js["steerlab-js/steerlab.d.ts"], /export function makeWorld\(params: Params \| Settings\): World;/);
    assert.match(out.at0["rust-crate"]["steerlab-bandada/Cargo.toml"], /steerlab-core = \{ version = "0.1.0", path = "..\/steerlab\/crates\/steerlab-core" \}/);
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
    // Godot 3: its own button, its own listing, the same templates.
    await dialog.locator('[data-target="godot3"]').click();
    await page.waitForFunction(() => /^export\(float/m.test(document.querySelector(".steerlab-code-dialog textarea")?.value ?? ""));
    assert.deepEqual(templates(), ["/www/code/templates/cs.json", "/www/code/templates/gd.json"]);
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

test("the Code dialog's package downloads as a zip a developer unpacks: the Unity package, its settings, every .meta", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { viewport: { width: 1280, height: 900 } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-code-zip-"));
  try {
    const requested = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await waitForSteerlab(page);
    await page.evaluate(() => window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="bandada"]')));
    const root = page.locator('.steerlab:has(canvas[data-scenario="bandada"])');
    await root.scrollIntoViewIfNeeded();
    // (The Code entry is in the canvas's menu where the toolbar has no room for it.)
    if (!(await root.locator('[data-action="code"]').isVisible())) await root.locator('[data-action="menu"]').click();
    await root.locator('[data-action="code"]').click();
    const dialog = root.locator(".steerlab-code-dialog");
    await page.waitForFunction(() => document.querySelector(".steerlab-code-dialog textarea")?.value.includes("MonoBehaviour"));
    const button = dialog.locator('[data-code="package"]');
    const note = dialog.locator(`#${await button.getAttribute("aria-describedby")}`);
    assert.match(await note.textContent(), /com\.steerlab\.steering \(UPM\)/);
    assert.ok(!requested.includes("/www/code/zip.js"), "the zip writer loads on first use");
    await dialog.scrollIntoViewIfNeeded();
    await dialog.screenshot({ path: path.join(ensureArtifacts(), "code-package-dialog.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    assert.equal(download.suggestedFilename(), "com.steerlab.steering-bandada.zip");
    assert.ok(requested.includes("/www/code/zip.js") && requested.includes("/www/code/templates/packages.json"));
    const file = path.join(dir, "package.zip");
    await download.saveAs(file);
    // unzip tests every file's CRC and unpacks it.
    execFileSync("unzip", ["-t", file], { stdio: "ignore" });
    execFileSync("unzip", ["-q", file, "-d", dir]);
    const pkg = path.join(dir, "com.steerlab.steering");
    assert.equal(JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")).samples[0].path, "Samples~/Bandada");
    assert.equal(JSON.parse(fs.readFileSync(path.join(pkg, "Samples~/Bandada/bandada.json"), "utf8")).name, "bandada");
    const cs = fs.readdirSync(path.join(pkg, "Runtime/Behaviours")).filter((f) => f.endsWith(".cs"));
    assert.equal(cs.length, 19);
    for (const f of cs) assert.ok(fs.existsSync(path.join(pkg, "Runtime/Behaviours", `${f}.meta`)), `${f}.meta`);
    assert.match(await dialog.locator(".steerlab-dialog-status").textContent(), /Saved com\.steerlab\.steering-bandada\.zip \(\d+ files\)\./);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await context.close();
  }
});
