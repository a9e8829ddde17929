// The GPU engine's half of the bench page (www/bench.html?gpu, run by
// `node scripts/bench/browser.mjs --gpu`): the issue-6 workload (perception 48, sep_dist 22,
// weights 1.5/1/1, max speed 80, max force 192, a torus sized for ~20 neighbours per boid) at
// each size, on whatever adapter the browser gives (a real GPU, or SwiftShader in headless
// Chromium here). Prints ms per step and per frame; results to window.__bench.
//
// The spawn: uniform positions and headings at full speed from a seeded JS generator (the wasm
// spawn tops out at 2M boids and is not needed: the GPU engine's agreement with the CPU is
// tests/e2e/gpu.test.mjs's business).

import { requestDevice, createFlock, createRenderer, maxBoids } from "./engine.js";

const f32 = Math.fround;

/** workload::world_for(n): a 16:9 torus with density 20 / (π·48²). */
export function worldFor(n) {
  const area = f32(f32(f32(n * f32(Math.PI)) * 48 * 48) / 20);
  const h = f32(Math.sqrt(f32(f32(area * 9) / 16)));
  return { width: Math.max(1, Math.round(f32(f32(h * 16) / 9))), height: Math.max(1, Math.round(h)) };
}

/** Seeded uniform spawn (mulberry32): x, y, vx, vy, hx, hy per boid. */
export function spawn(n, { width, height }, seed = 1) {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const s = new Float32Array(6 * n);
  for (let i = 0; i < n; i++) {
    const ang = rnd() * 2 * Math.PI;
    const c = Math.cos(ang), d = Math.sin(ang);
    s[6 * i] = f32(rnd() * width);
    s[6 * i + 1] = f32(rnd() * height);
    s[6 * i + 2] = c * 80;
    s[6 * i + 3] = d * 80;
    s[6 * i + 4] = c;
    s[6 * i + 5] = d;
  }
  return s;
}

const RULES = { separation: [1.5, 22], alignment: [1, 48], cohesion: [1, 48] };

function stats(a) {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return { median: s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2, min: s[0], max: s[s.length - 1], runs: s.length };
}

/** Run the GPU bench; `log(line)` prints. `budgetMs`: about how long each size may take. */
export async function runGpuBench({ sizes, canvas, log, budgetMs = 20000 }) {
  const gpu = await requestDevice();
  if (!gpu.device) throw new Error(`GPU bench: ${gpu.reason}`);
  const { device } = gpu;
  const res = { adapter: gpu.info, limits: { maxStorageBufferBindingSize: device.limits.maxStorageBufferBindingSize, maxBufferSize: device.limits.maxBufferSize, maxBoids: maxBoids(device) }, rows: [] };
  const mode = gpu.present;
  res.present = mode;
  log(`adapter: ${JSON.stringify(gpu.info)}; largest flock the limits hold: ${maxBoids(device)}; frames: ${mode === "canvas" ? "WebGPU canvas context" : "drawn into a texture, read back, putImageData (this browser's WebGPU canvas does not present)"}`);
  const add = (name, n, s, extra = {}) => {
    res.rows.push({ name, n, ...s, ...extra });
    log(`${name.padEnd(40)} n=${String(n).padStart(8)}  median ${s.median.toFixed(2).padStart(9)} ms  (min ${s.min.toFixed(2)}, max ${s.max.toFixed(2)}, ${s.runs} runs)${extra.note ? "  " + extra.note : ""}`);
  };
  for (const n of sizes) {
    if (n > maxBoids(device)) {
      log(`n=${n}: more than this device's limits hold (${maxBoids(device)})`);
      res.rows.push({ name: "skipped: over the device's limits", n });
      continue;
    }
    const world = worldFor(n);
    let flock;
    try {
      device.pushErrorScope("out-of-memory");
      flock = createFlock(device, { ...world, rules: RULES, maxSpeed: 80, maxForce: 192, state: spawn(n, world) });
      const oom = await device.popErrorScope();
      if (oom) throw new Error(oom.message);
    } catch (e) {
      log(`n=${n}: could not allocate (${e.message})`);
      res.rows.push({ name: "skipped: allocation failed", n, error: String(e.message) });
      continue;
    }
    // Warm-up (pipelines compiled, first steps), and a first guess of the step's cost.
    let t0 = performance.now();
    flock.step(2);
    await flock.done();
    const guess = (performance.now() - t0) / 2;
    // Steps: k steps per submit, k so that a submit takes ≥ ~100 ms (GPU timers are not
    // universally available; wall clock around onSubmittedWorkDone is).
    const k = Math.max(1, Math.min(100, Math.round(100 / Math.max(guess, 0.01))));
    const reps = Math.max(3, Math.min(10, Math.floor(budgetMs / 3 / Math.max(guess * k, 1))));
    const steps = [];
    for (let r = 0; r < reps; r++) {
      t0 = performance.now();
      flock.step(k);
      await flock.done();
      steps.push((performance.now() - t0) / k);
    }
    add("GPU step", n, stats(steps), { note: `(${k} steps per submit)` });
    // A frame: one step and the triangles drawn from the same buffers, to a 1280×720
    // WebGPU canvas, awaited.
    const renderer = createRenderer(device, canvas, flock, { ...world, agentSize: 12, minPx: 2, mode });
    const frames = [];
    const freps = Math.max(3, Math.min(20, Math.floor(budgetMs / 3 / Math.max(guess, 1))));
    for (let r = 0; r < freps; r++) {
      t0 = performance.now();
      flock.step(1);
      await renderer.draw();
      frames.push(performance.now() - t0);
    }
    add(`GPU frame (step + triangles drawn${mode === "canvas" ? "" : ", read back"})`, n, stats(frames));
    const draws = [];
    for (let r = 0; r < freps; r++) {
      t0 = performance.now();
      await renderer.draw();
      draws.push(performance.now() - t0);
    }
    add(`GPU draw alone (triangles${mode === "canvas" ? "" : ", read back"})`, n, stats(draws));
    // The other route: read the state back for a 2-D canvas (positions and velocities, 24 bytes
    // a boid), without the drawing itself.
    const reads = [];
    for (let r = 0; r < Math.min(freps, 5); r++) {
      t0 = performance.now();
      await flock.read();
      reads.push(performance.now() - t0);
    }
    add("read-back for a 2-D canvas (no draw)", n, stats(reads));
    const p = await flock.probe();
    let total = 0;
    for (let i = 0; i < n; i++) total += Math.max(p.ns[i], p.na[i], p.nc[i]);
    log(`  mean neighbours ${(total / n).toFixed(1)}, grid ${flock.grid.cols}×${flock.grid.rows}`);
    res.rows[res.rows.length - 1].neighbours = total / n;
    renderer.destroy();
    flock.destroy();
  }
  return res;
}
