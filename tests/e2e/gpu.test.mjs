// The GPU engine (issue 37), in headless Chromium on its software WebGPU adapter (SwiftShader;
// --enable-unsafe-webgpu --use-webgpu-adapter=swiftshader, the page on http://127.0.0.1):
// - same answers as the CPU: from one state taken from the wasm fast engine, the GPU's neighbour
//   counts equal the CPU's (every boid's in all against the fast engine's own count, and rule
//   by rule for sampled boids against `explain()`), and its forces agree within the f32 rounding
//   bound stated below;
// - deterministic: two runs from one state give the same bits;
// - the stress canvas with `"engine": "gpu"` runs on the GPU, says so in its HUD and draws;
// - the fallback: without WebGPU the CPU engine runs and the HUD says why, in one line;
// - the WebGPU code loads only where a canvas asks for the GPU engine.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, canvasStats, ensureArtifacts, ARTIFACTS, ROOT } from "./helpers.mjs";

const STRESS = JSON.parse(fs.readFileSync(path.join(ROOT, "scenarios", "stress.json"), "utf8"));
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>gpu</title>
<link rel="stylesheet" href="/www/steerlab.css"></head><body><script type="module" src="/www/boot.js"></script></body></html>`;
const stressWith = (count, engine) => ({ ...STRESS, agents: { count }, engine });
const canvasPage = (scenario, lang = "en") => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>gpu canvas</title>
<link rel="stylesheet" href="/www/steerlab.css"></head><body>
<canvas id="c" data-scenario="stress-gpu" data-scenario-json="#sc"></canvas>
<script type="application/json" id="sc">${JSON.stringify(scenario)}</script>
<script type="module" src="/www/boot.js"></script></body></html>`;

let server, gpuBrowser, cpuBrowser;
before(async () => {
  server = await serveDist({
    extra: {
      "/gpu.html": PAGE,
      "/gpu-canvas.html": canvasPage(stressWith(5000, "gpu")),
      "/gpu-canvas-es.html": canvasPage(stressWith(5000, "auto"), "es"),
    },
  });
  gpuBrowser = await launchBrowser({ webgpu: true });
  cpuBrowser = await launchBrowser();
});
after(async () => {
  await gpuBrowser?.close();
  await cpuBrowser?.close();
  await server?.close();
});

/**
 * In the page: the stress flock of `n` boids stepped `warm` times on the wasm fast engine; its
 * state loaded into the GPU engine; one GPU step with the probe (forces and counts from that
 * state). Compared with the CPU: every boid's max(n_sep, n_align, n_coh) summed, against the fast
 * engine's own count for the step from the same state (`metrics.mean_neighbours` × n), and for
 * `sample` boids the counts of each rule and the force against `explain()`.
 */
function compare(page, n, warm, sample, world) {
  return page.evaluate(
    async ({ n, warm, sample, sc }) => {
      const eng = await import("/www/gpu/engine.js");
      const mnt = await import("/www/gpu/mount.js");
      const c = document.createElement("canvas");
      document.body.appendChild(c);
      const v = window.steerlab.mount(c, JSON.stringify({ ...sc, hud: false, controls: [], selected: 0 }));
      v.pause();
      v.step(warm);
      const st = v.state();
      const setup = mnt.setupOf(st.scenario);
      const gpu = await eng.requestDevice();
      if (!gpu.device) return { error: gpu.reason };
      const flock = eng.createFlock(gpu.device, { ...setup, state: mnt.stateOf(st.agents) });
      const p = await flock.probe();
      flock.destroy();
      let gpuTotal = 0;
      for (let i = 0; i < n; i++) gpuTotal += Math.max(p.ns[i], p.na[i], p.nc[i]);
      // Sampled boids: the CPU's explain() (rule by rule) and, for the tolerance, the sums of the
      // terms' magnitudes (f64, brute force over all boids with the nearest image).
      const f32 = Math.fround, u = 2 ** -24;
      const { width: W, height: H, rules, maxSpeed, maxForce } = setup;
      const pos = st.agents.map((a) => a.position), vel = st.agents.map((a) => a.velocity);
      const rows = [];
      const step = Math.max(1, Math.floor(n / sample));
      for (let i = 0; i < n && rows.length < sample; i += step) {
        v.set("selected", i);
        const e = v.explain();
        const term = (r) => e.terms.find((t) => t.rule === r);
        const cpu = { ns: term("separation")?.neighbours ?? 0, na: term("alignment")?.neighbours ?? 0, nc: term("cohesion")?.neighbours ?? 0, fx: e.total[0], fy: e.total[1] };
        // Σ|term| per rule → each rule's condition number Σ|t| / |Σt|.
        const abs = { separation: 0, alignment: 0, cohesion: 0 };
        const sum = { separation: [0, 0], alignment: [0, 0], cohesion: [0, 0] };
        const [px, py] = pos[i];
        for (let j = 0; j < n; j++) {
          if (j === i) continue;
          let dx = f32(pos[j][0] - px), dy = f32(pos[j][1] - py);
          if (dx > W / 2) dx -= W; else if (dx < -W / 2) dx += W;
          if (dy > H / 2) dy -= H; else if (dy < -H / 2) dy += H;
          const d2 = dx * dx + dy * dy;
          if (rules.separation && d2 < rules.separation[1] ** 2 && d2 > 0) {
            abs.separation += 1 / Math.sqrt(d2);
            sum.separation[0] -= dx / d2; sum.separation[1] -= dy / d2;
          }
          if (rules.alignment && d2 < rules.alignment[1] ** 2) {
            abs.alignment += Math.hypot(vel[j][0], vel[j][1]);
            sum.alignment[0] += vel[j][0]; sum.alignment[1] += vel[j][1];
          }
          if (rules.cohesion && d2 < rules.cohesion[1] ** 2) {
            abs.cohesion += Math.sqrt(d2);
            sum.cohesion[0] += dx; sum.cohesion[1] += dy;
          }
        }
        // The tolerance: the two engines add each rule's k terms in different orders, so each
        // sum may differ by 2(k − 1)u Σ|t| (u = 2⁻²⁴), i.e. its direction by that over |Σt|
        // (the condition number); the per-term divisions and the normalisation add a few ulps
        // (WGSL allows 2.5 ulp for a division). steer_towards scales the direction by max_speed,
        // and every later step (− velocity, truncations, the weighted sum) is 1-Lipschitz.
        let tol = 0;
        const counts = { separation: cpu.ns, alignment: cpu.na, cohesion: cpu.nc };
        for (const r of ["separation", "alignment", "cohesion"]) {
          if (!rules[r] || counts[r] === 0) continue;
          const k = counts[r];
          const cond = abs[r] / Math.max(Math.hypot(...sum[r]), 1e-30);
          tol += rules[r][0] * (maxSpeed * (4 * (k + 1) * u * cond + 16 * u) + 16 * u * maxForce);
        }
        const g = { ns: p.ns[i], na: p.na[i], nc: p.nc[i], fx: p.fx[i], fy: p.fy[i] };
        rows.push({ i, cpu, gpu: g, diff: Math.hypot(g.fx - cpu.fx, g.fy - cpu.fy), tol });
      }
      // The fast engine's own count for the step from the same state.
      v.step(1);
      const cpuTotal = Math.round(v.state().metrics.mean_neighbours * n);
      v.destroy();
      c.remove();
      return { gpuTotal, cpuTotal, rows, adapter: gpu.info };
    },
    { n, warm, sample, sc: { ...stressWith(n, "fast"), world } },
  );
}

// The stress scenario's rules; at 1000 boids in a world of the issue-6 density (~20 neighbours
// each: the stress world would give less than one), at 20 000 in the stress world after 300 steps
// (flocks formed: ~5 neighbours each on average, dozens in a flock).
for (const [n, warm, sample, world] of [
  [1000, 120, 1000, { width: 800, height: 450, edges: "wrap" }],
  [20000, 300, 400, STRESS.world],
]) {
  test(`GPU and CPU agree at ${n} boids: neighbour counts exactly, forces within the f32 rounding bound`, { timeout: 300_000 }, async () => {
    const { context, page, problems } = await openPage(gpuBrowser, server.url("/gpu.html"));
    try {
      await waitForSteerlab(page);
      const r = await compare(page, n, warm, sample, world);
      assert.equal(r.error, undefined, `WebGPU on the software adapter: ${r.error}`);
      assert.ok(r.gpuTotal > 3 * n, `neighbours to count (${r.gpuTotal})`);
      assert.equal(r.gpuTotal, r.cpuTotal, "Σ max(n_sep, n_align, n_coh) over every boid: GPU = CPU fast engine");
      let worst = 0, worstRatio = 0, withForce = 0;
      for (const row of r.rows) {
        assert.deepEqual([row.gpu.ns, row.gpu.na, row.gpu.nc], [row.cpu.ns, row.cpu.na, row.cpu.nc], `boid ${row.i}: neighbour counts (sep, align, coh)`);
        assert.ok(row.diff <= row.tol, `boid ${row.i}: |F_gpu − F_cpu| = ${row.diff} > ${row.tol} (gpu ${row.gpu.fx},${row.gpu.fy}; cpu ${row.cpu.fx},${row.cpu.fy})`);
        worst = Math.max(worst, row.diff);
        if (row.tol > 0) worstRatio = Math.max(worstRatio, row.diff / row.tol);
        if (row.cpu.fx !== 0 || row.cpu.fy !== 0) withForce++;
      }
      assert.ok(withForce > r.rows.length / 2, "most sampled boids feel a force");
      console.log(`# ${n} boids: Σ neighbours GPU ${r.gpuTotal} = CPU ${r.cpuTotal}; ${r.rows.length} boids compared rule by rule: counts equal, max |ΔF| ${worst.toExponential(2)} (max_force 192), worst |ΔF| / tolerance ${worstRatio.toFixed(3)}; adapter ${JSON.stringify(r.adapter)}`);
      assert.deepEqual(await allProblems(page, problems), []);
    } finally {
      await context.close();
    }
  });
}

test("the GPU run is deterministic: two runs from one state give the same bits", { timeout: 300_000 }, async () => {
  const { context, page, problems } = await openPage(gpuBrowser, server.url("/gpu.html"));
  try {
    await waitForSteerlab(page);
    const r = await page.evaluate(async (sc) => {
      const eng = await import("/www/gpu/engine.js");
      const mnt = await import("/www/gpu/mount.js");
      const c = document.createElement("canvas");
      document.body.appendChild(c);
      const v = window.steerlab.mount(c, JSON.stringify({ ...sc, hud: false, controls: [] }));
      v.pause();
      const st = v.state();
      v.destroy();
      const setup = mnt.setupOf(st.scenario);
      const { device } = await eng.requestDevice();
      const run = async () => {
        const f = eng.createFlock(device, { ...setup, state: mnt.stateOf(st.agents) });
        for (let k = 0; k < 6; k++) f.step(10);
        const b = await f.bytes();
        f.destroy();
        return b;
      };
      const a = await run(), b = await run();
      const same = (x, y) => x.length === y.length && x.every((w, i) => w === y[i]);
      // It moved: the first boid's position after 60 steps is not where it started.
      const first = a.id.indexOf(0);
      const moved = Math.hypot(new Float32Array(a.pos.buffer)[2 * first] - st.agents[0].position[0], new Float32Array(a.pos.buffer)[2 * first + 1] - st.agents[0].position[1]);
      return { pos: same(a.pos, b.pos), vel: same(a.vel, b.vel), id: same(a.id, b.id), moved, n: a.id.length };
    }, stressWith(5000, "fast"));
    assert.equal(r.n, 5000);
    assert.ok(r.moved > 1, `the flock moved (${r.moved})`);
    assert.deepEqual([r.pos, r.vel, r.id], [true, true, true], "positions, velocities+headings and slot order bit for bit");
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test('the stress canvas with "engine": "gpu" runs on the GPU, says so in the HUD, and draws', { timeout: 300_000 }, async () => {
  const { context, page, problems } = await openPage(gpuBrowser, server.url("/gpu-canvas.html"));
  try {
    await page.waitForSelector('canvas[data-steerlab-engine="gpu"]', { timeout: 60_000 });
    await page.waitForFunction(() => /fps · step \d[\s\S]*draw \d/.test(document.querySelector(".steerlab-engine")?.textContent || ""), null, { timeout: 60_000 });
    const hud = await page.locator(".steerlab-engine").textContent();
    assert.match(hud, /^GPU engine \(WebGPU\) · \d+ fps · step [\d,]+\.\d\d ms · draw [\d,]+\.\d\d ms · 5,000 agents$/, "numbers as English writes them");
    assert.equal(await page.locator(".steerlab-hud").count(), 1, "one HUD line");
    const stats = await canvasStats(page, 'canvas[data-steerlab-engine="gpu"]');
    assert.ok(stats.drawn / stats.total > 0.01, `boids drawn (${stats.drawn} of ${stats.total} pixels)`);
    assert.ok(stats.colours > 8, `coloured by heading (${stats.colours} colours)`);
    ensureArtifacts();
    await page.screenshot({ path: path.join(ARTIFACTS, "gpu-stress.png") });
    // The agents slider respawns the flock at the new count (the CPU's seeded spawn).
    await page.evaluate(() => {
      const inp = document.querySelector('input[data-param="agents.count"]');
      inp.value = "8000";
      // (The module's panel: a slider reports on input, as a reader's drag does.)
      inp.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForFunction(() => / 8,000 agents$/.test(document.querySelector(".steerlab-engine")?.textContent || ""), null, { timeout: 60_000 });
    const requested = server.requests.map((r) => r.path);
    assert.ok(requested.includes("/www/gpu/engine.js") && requested.includes("/www/gpu/shaders.js"));
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("on a Spanish page the GPU engine's panel (the module's) and its HUD write numbers as Spanish does", { timeout: 300_000 }, async () => {
  const { context, page, problems } = await openPage(gpuBrowser, server.url("/gpu-canvas-es.html"));
  try {
    await page.waitForSelector('canvas[data-steerlab-engine="gpu"]', { timeout: 60_000 });
    await page.waitForFunction(() => /fps · paso \d/.test(document.querySelector(".steerlab-engine")?.textContent || ""), null, { timeout: 60_000 });
    const r = await page.evaluate(() => {
      const row = (p) => document.querySelector(`.steerlab[data-engine=gpu] .steerlab-controls-slot .steerlab-control:has([data-param="${p}"])`);
      return {
        label: row("separation.weight")?.querySelector(".steerlab-label").textContent,
        value: row("separation.weight")?.querySelector(".steerlab-value").textContent,
        agents: row("agents.count")?.querySelector(".steerlab-value").textContent,
        hud: document.querySelector(".steerlab-engine").textContent,
        panels: document.querySelectorAll(".steerlab-controls").length,
      };
    });
    assert.equal(r.panels, 1, "one panel: the model's, in the figure's slot");
    assert.equal(r.label, "Separación");
    assert.equal(r.value, "1,5");
    assert.equal(r.agents, "5000");
    assert.match(r.hud, /· paso \d+,\d\d ms · dibujo \d+,\d\d ms · 5000 agentes$/, r.hud);
    // The panel drives the GPU: a rule's slider rebuilds the flock under the new rule.
    await page.evaluate(() => {
      const inp = document.querySelector('.steerlab-controls-slot input[data-param="separation.weight"]');
      inp.value = "2.5";
      inp.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForFunction(() => document.querySelector('.steerlab-controls-slot .steerlab-control:has([data-param="separation.weight"]) .steerlab-value')?.textContent === "2,5");
    // (The mount.js boot.js loaded: versioned, `?v=<build>`.)
    const v = await page.evaluate(async () => {
      const url = performance.getEntriesByType("resource").map((e) => e.name).find((n) => new URL(n).pathname === "/www/gpu/mount.js");
      return (await import(url)).gpuViewerFor(document.querySelector('canvas[data-steerlab-engine="gpu"]')).get("separation.weight");
    });
    assert.equal(v, 2.5, "the GPU viewer runs with the panel's value");
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("the fallback: without WebGPU the CPU engine runs and one HUD line says so", { timeout: 120_000 }, async () => {
  // Chromium without the WebGPU flags (the project's usual flags: --disable-gpu), and a page where
  // navigator.gpu is gone altogether.
  for (const remove of [false, true]) {
    const { context, page, problems } = await openPage(cpuBrowser, "about:blank");
    try {
      if (remove) await page.addInitScript(() => delete Navigator.prototype.gpu);
      await page.goto(server.url("/gpu-canvas-es.html"));
      await page.waitForSelector('canvas[data-steerlab-engine="cpu"]', { timeout: 60_000 });
      const lines = await page.locator(".steerlab-engine").allTextContents();
      assert.equal(lines.length, 1);
      assert.match(lines[0], /^motor CPU: WebGPU no disponible$/);
      // The CPU viewer runs: its own HUD (fps, step, agents) under the engine line.
      await page.waitForFunction(() => /agentes/.test(document.querySelector(".steerlab-hud:not(.steerlab-engine)")?.textContent || ""), null, { timeout: 30_000 });
      assert.ok(await page.evaluate(() => !!window.steerlab.viewerFor(document.getElementById("c"))), "the wasm viewer keeps the canvas");
      if (!remove) await page.screenshot({ path: path.join(ARTIFACTS, "gpu-fallback.png") });
      assert.deepEqual(await allProblems(page, problems), []);
    } finally {
      await context.close();
    }
  }
});

test("the WebGPU code loads only where a canvas asks for the GPU engine: in the gallery, when its stress canvas mounts", { timeout: 120_000 }, async () => {
  const before = server.requests.length;
  const { context, page, problems } = await openPage(gpuBrowser, server.url("/"));
  try {
    await waitForSteerlab(page);
    await page.waitForTimeout(500);
    const gpuFiles = () => server.requests.slice(before).filter((r) => r.path.startsWith("/www/gpu/")).map((r) => r.path);
    assert.deepEqual(gpuFiles(), [], "the gallery's first screen (no canvas asking for the GPU) loads nothing of www/gpu/");
    // The stress canvas ("engine": "auto") further down: its mount loads the GPU code and hands
    // the canvas over.
    await page.locator("#viz-stress").scrollIntoViewIfNeeded();
    await page.waitForSelector('#viz-stress canvas[data-steerlab-engine="gpu"]', { timeout: 60_000 });
    assert.deepEqual([...new Set(gpuFiles())].sort(), ["/www/gpu/engine.js", "/www/gpu/mount.js", "/www/gpu/shaders.js"]);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});
