// The browser half of issue 6's benchmarks. Results go to window.__bench (read by
// scripts/bench/browser.mjs) and to the page. Times are wall-clock ms (performance.now()).

const q = new URLSearchParams(location.search);
// The module's directory (default ".."). It must be a build with `--features bench` (the
// gallery's dist/steerlab.js leaves the bench exports out): scripts/bench/browser.mjs makes one.
const pkg = q.get("pkg") || "..";
const quick = q.has("quick");
const out = document.getElementById("out");
const canvas = document.getElementById("view");
const ctx = canvas.getContext("2d");
const W = canvas.width, H = canvas.height;
// Styles from script (the gallery's Content-Security-Policy allows no inline <style>).
Object.assign(document.body.style, { font: "14px/1.4 system-ui, sans-serif", margin: "1.5rem", color: "#0f172a", background: "#f8fafc" });
Object.assign(out.style, { background: "#fff", border: "1px solid #cbd5e1", padding: ".75rem", overflowX: "auto" });
Object.assign(canvas.style, { border: "1px solid #cbd5e1", maxWidth: "100%", display: "block", marginTop: "1rem" });

const log = (s) => { out.textContent = (out.textContent === "running…" ? "" : out.textContent) + s + "\n"; };

function stats(a) {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return { median: s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2, min: s[0], max: s[s.length - 1], runs: s.length };
}

function sample(fn, reps, warm = 3) {
  for (let i = 0; i < warm; i++) fn();
  const t = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  return stats(t);
}

// JIT warm-up on a throwaway instance, ≥ 400 ms, so V8 has tiered the code up (wasm from Liftoff
// to TurboFan, JS to its optimising tier) before anything is timed, while the measured flocks
// start fresh (a flock densifies as it flocks, which would skew a long-warmed one).
function warmup(make, run, free) {
  const w = make();
  const until = performance.now() + 400;
  while (performance.now() < until) run(w);
  if (free) free(w);
}

// --- A straightforward typed-array JS grid of the same rules ------------------------------------
// Counting sort of indices into cells of size ≥ perception, the 3×3 cells around each boid
// (wrapped), nearest-image deltas, separation / alignment / cohesion with steer_towards and the
// weighted sum truncated to max force, then v = limit(v + limit(f, maxForce)·dt, maxSpeed), p += v·dt.
class JsGrid {
  constructor(init, n, width, height) {
    Object.assign(this, { n, width, height, r: 48, sep: 22, ws: 1.5, wa: 1, wc: 1, maxSpeed: 80, maxForce: 192, dt: 1 / 60 });
    this.x = new Float32Array(n); this.y = new Float32Array(n);
    this.vx = new Float32Array(n); this.vy = new Float32Array(n);
    this.fx = new Float32Array(n); this.fy = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      this.x[i] = init[4 * i]; this.y[i] = init[4 * i + 1]; this.vx[i] = init[4 * i + 2]; this.vy[i] = init[4 * i + 3];
    }
    this.cols = Math.max(1, Math.floor(width / this.r));
    this.rows = Math.max(1, Math.floor(height / this.r));
    this.cw = width / this.cols; this.ch = height / this.rows;
    this.start = new Int32Array(this.cols * this.rows + 1);
    this.items = new Int32Array(n);
    this.cellOf = new Int32Array(n);
    this.neighbours = 0;
  }
  step() {
    const { n, x, y, vx, vy, fx, fy, cols, rows, start, items, cellOf, width, height } = this;
    const ncells = cols * rows;
    start.fill(0);
    for (let i = 0; i < n; i++) {
      const cx = Math.min(cols - 1, Math.max(0, Math.floor(x[i] / this.cw)));
      const cy = Math.min(rows - 1, Math.max(0, Math.floor(y[i] / this.ch)));
      const c = cy * cols + cx;
      cellOf[i] = c;
      start[c + 1]++;
    }
    for (let c = 0; c < ncells; c++) start[c + 1] += start[c];
    const cur = start.slice(0, ncells);
    for (let i = 0; i < n; i++) items[cur[cellOf[i]]++] = i;
    const r2 = this.r * this.r, s2 = this.sep * this.sep, hw = width / 2, hh = height / 2;
    const { maxSpeed, maxForce, ws, wa, wc } = this;
    let total = 0;
    const colsAt = [0, 0, 0], rowsAt = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      const px = x[i], py = y[i], c = cellOf[i], cx = c % cols, cy = (c / cols) | 0;
      let nc = 0, nr = 0;
      if (cols <= 3) { for (let k = 0; k < cols; k++) colsAt[nc++] = k; } else { colsAt[0] = (cx + cols - 1) % cols; colsAt[1] = cx; colsAt[2] = (cx + 1) % cols; nc = 3; }
      if (rows <= 3) { for (let k = 0; k < rows; k++) rowsAt[nr++] = k; } else { rowsAt[0] = (cy + rows - 1) % rows; rowsAt[1] = cy; rowsAt[2] = (cy + 1) % rows; nr = 3; }
      let sx = 0, sy = 0, ns = 0, ax = 0, ay = 0, cx2 = 0, cy2 = 0, nn = 0;
      for (let a = 0; a < nr; a++) for (let b = 0; b < nc; b++) {
        const cell = rowsAt[a] * cols + colsAt[b];
        for (let k = start[cell], e = start[cell + 1]; k < e; k++) {
          const j = items[k];
          if (j === i) continue;
          let dx = x[j] - px, dy = y[j] - py;
          if (dx > hw) dx -= width; else if (dx < -hw) dx += width;
          if (dy > hh) dy -= height; else if (dy < -hh) dy += height;
          const d2 = dx * dx + dy * dy;
          if (d2 < r2) {
            if (d2 < s2 && d2 > 0) { sx -= dx / d2; sy -= dy / d2; ns++; }
            ax += vx[j]; ay += vy[j]; cx2 += dx; cy2 += dy; nn++;
          }
        }
      }
      total += nn;
      let tx = 0, ty = 0;
      const steer = (dx, dy, w) => {
        const len = Math.hypot(dx, dy);
        let ex = -vx[i], ey = -vy[i];
        if (len > 0) { ex += dx / len * maxSpeed; ey += dy / len * maxSpeed; }
        const l = Math.hypot(ex, ey);
        if (l > maxForce) { ex *= maxForce / l; ey *= maxForce / l; }
        tx += ex * w; ty += ey * w;
      };
      if (ns > 0) steer(sx / ns, sy / ns, ws);
      if (nn > 0) { steer(ax / nn, ay / nn, wa); steer(cx2 / nn, cy2 / nn, wc); }
      const l = Math.hypot(tx, ty);
      if (l > maxForce) { tx *= maxForce / l; ty *= maxForce / l; }
      fx[i] = tx; fy[i] = ty;
    }
    const dt = this.dt;
    for (let i = 0; i < n; i++) {
      let nvx = vx[i] + fx[i] * dt, nvy = vy[i] + fy[i] * dt;
      const l = Math.hypot(nvx, nvy);
      if (l > maxSpeed) { nvx *= maxSpeed / l; nvy *= maxSpeed / l; }
      vx[i] = nvx; vy[i] = nvy;
      let nx = x[i] + nvx * dt, ny = y[i] + nvy * dt;
      if (nx < 0) nx += width; else if (nx >= width) nx -= width;
      if (ny < 0) ny += height; else if (ny >= height) ny -= height;
      x[i] = nx; y[i] = ny;
    }
    this.neighbours = total / n;
  }
}

async function main() {
  const mod = await import(`${pkg}/steerlab.js`);
  const wasm = await mod.default();
  const { BenchFlock } = mod;
  if (typeof BenchFlock !== "function") {
    throw new Error(`${pkg}/steerlab.js has no BenchFlock: build it with \`--features bench\` (scripts/bench/browser.mjs does)`);
  }
  const res = { pkg, userAgent: navigator.userAgent, canvas: [W, H], rows: [] };
  const add = (name, n, s, extra = {}) => {
    res.rows.push({ name, n, ...s, ...extra });
    log(`${name.padEnd(34)} n=${String(n).padStart(6)}  median ${s.median.toFixed(2).padStart(7)} ms  (min ${s.min.toFixed(2)}, max ${s.max.toFixed(2)}, ${s.runs} runs)${extra.note ? "  " + extra.note : ""}`);
  };
  let img = null, imgPtr = -1, imgBuf = null;
  const put = (ptr, len) => {
    if (imgPtr !== ptr || imgBuf !== wasm.memory.buffer) {
      img = new ImageData(new Uint8ClampedArray(wasm.memory.buffer, ptr, len), W, H);
      imgPtr = ptr; imgBuf = wasm.memory.buffer;
    }
    ctx.putImageData(img, 0, 0);
  };

  for (const n of [10000, 100000]) {
    const reps = quick ? 8 : n >= 100000 ? 25 : 40;
    warmup(() => new BenchFlock(n, "fast", 0, 0, 9n), (w) => w.steps(1), (w) => w.free());
    // Fast engine, bare: 4-lane kernel and scalar kernel.
    const f = new BenchFlock(n, "fast", 0, 0, 1n);
    res.simd128 = f.set_simd(true);
    add("wasm step (fast, 4-lane)", n, sample(() => f.steps(1), reps), { neighbours: f.mean_neighbours() });
    warmup(() => { const w = new BenchFlock(n, "fast", 0, 0, 9n); w.set_simd(false); return w; }, (w) => w.steps(1), (w) => w.free());
    const g = new BenchFlock(n, "fast", 0, 0, 1n);
    g.set_simd(false);
    add("wasm step (fast, scalar)", n, sample(() => g.steps(1), reps));
    g.free();
    // Through Sim as the stress scenario's frame loop runs it: the engine, with the copy of the
    // flock into Sim::agents deferred until something reads it.
    warmup(() => new BenchFlock(n, "sim", 0, 0, 9n), (w) => { w.steps(1); w.draw(W, H); }, (w) => w.free());
    const s = new BenchFlock(n, "sim", 0, 0, 1n);
    add("wasm step (Sim, stress path: deferred write-back)", n, sample(() => s.steps(1), reps));
    // Draw: raster into the RGBA buffer + one putImageData (2 wasm↔JS crossings: draw, then
    // putImageData on a cached ImageData view of wasm memory).
    let len = 0;
    const drawOnce = () => { const p = s.draw(W, H); len = len || s.pixels_len(); put(p, len); };
    add(`draw (raster + putImageData ${W}×${H})`, n, sample(drawOnce, reps));
    add("draw: raster only", n, sample(() => s.draw(W, H), reps));
    add("draw: putImageData only", n, sample(() => put(imgPtr, len), reps));
    s.free();
    const fr = new BenchFlock(n, "sim", 0, 0, 1n);
    add("whole frame (Sim step + draw)", n, sample(() => { fr.steps(1); const p = fr.draw(W, H); put(p, fr.pixels_len()); }, reps));
    fr.free();
    // The JS grid from the same spawn.
    const jsReps = quick ? 4 : n >= 100000 ? 8 : 20;
    warmup(() => new JsGrid(f.initial_state(), n, f.world_width(), f.world_height()), (w) => w.step());
    const js = new JsGrid(f.initial_state(), n, f.world_width(), f.world_height());
    add("JS typed-array grid step", n, sample(() => js.step(), jsReps, 2), { neighbours: js.neighbours });
    f.free();
  }
  // The frame as the page would run it: requestAnimationFrame, step + draw per frame.
  {
    const s = new BenchFlock(100000, "sim", 0, 0, 1n);
    const work = [], gaps = [];
    let last = 0, frames = quick ? 20 : 60, len = 0;
    await new Promise((resolve) => {
      const tick = (ts) => {
        if (last) gaps.push(ts - last);
        last = ts;
        const t0 = performance.now();
        s.steps(1);
        const p = s.draw(W, H);
        len = len || s.pixels_len();
        put(p, len);
        work.push(performance.now() - t0);
        if (--frames > 0) requestAnimationFrame(tick); else resolve();
      };
      requestAnimationFrame(tick);
    });
    add("rAF frame work (step + draw)", 100000, stats(work));
    // (In headless Chromium the frame timestamps need not follow the work: medians of 16.7 ms were
    // seen with 20 ms of work per frame. Read "frame work" above.)
    add("rAF frame interval (headless timestamps)", 100000, stats(gaps));
    s.free();
  }
  window.__benchMod = mod; // for scripts/bench/browser.mjs's paired wasm/native rounds
  window.__bench = res;
  log("done");
}

// `?gpu`: the GPU engine instead (www/gpu/bench.js, loaded only here), at `?sizes=` (default
// 100k, 1M, 4M boids), on a WebGPU canvas of its own; no wasm module needed.
async function gpuMain() {
  const { runGpuBench } = await import("./gpu/bench.js");
  const sizes = (q.get("sizes") || "100000,1000000,4000000").split(",").map(Number);
  const view = document.createElement("canvas");
  view.width = W;
  view.height = H;
  Object.assign(view.style, { border: "1px solid #cbd5e1", maxWidth: "100%", display: "block", marginTop: "1rem" });
  canvas.replaceWith(view);
  const res = await runGpuBench({ sizes, canvas: view, log, budgetMs: quick ? 5000 : 20000 });
  window.__bench = { userAgent: navigator.userAgent, canvas: [W, H], gpu: true, ...res };
  log("done");
}

(q.has("gpu") ? gpuMain() : main()).catch((e) => { log("error: " + (e && e.stack || e)); window.__bench = { error: String(e && e.stack || e) }; });
