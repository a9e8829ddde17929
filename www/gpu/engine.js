// The GPU flocking engine (issue 37): the stress scenario's three rules on a torus, stepped by
// WebGPU compute shaders (www/gpu/shaders.js), with the state kept in GPU buffers between steps.
//
//   const gpu = await requestDevice();               // null when WebGPU is not available
//   const flock = createFlock(gpu.device, { width, height, rules, maxSpeed, maxForce, minSpeed,
//                                           state: Float32Array [x, y, vx, vy, hx, hy] × n });
//   flock.step(k);                                   // k steps, one submit
//   await flock.done();                              // the GPU has finished them
//   await flock.read();                              // { x, y, vx, vy, hx, hy, id } in slot order
//   await flock.probe();                             // per boid forces and neighbour counts
//
// Only the GPU path imports this file: the gallery's payload does not carry it.

import { COUNT, SCAN, SCATTER, ORDER, GATHER, STEER, DRAW } from "./shaders.js";

const f32 = Math.fround;
/** The fixed step of the CPU engines (crates/steerlab-core/src/engine.rs: 1/60 as f32). */
export const DT = f32(1 / 60);
const WG = 256;
const BLOCK = 1024;

/** Why WebGPU cannot be used here (null when it can), and the device when it can. */
export async function requestDevice() {
  if (typeof navigator === "undefined" || !navigator.gpu) return { device: null, reason: "WebGPU not available" };
  // The presentation probe first: where it fails it takes down the devices that exist (see
  // presentMode), never those requested after it.
  const present = await presentMode();
  let adapter = null;
  // Asked twice: a GPU process that is (re)starting can answer null once (seen under load with the
  // software adapter: one full test run in several lost it, the next found it).
  for (let tries = 0; !adapter && tries < 2; tries++) {
    if (tries) await new Promise((r) => setTimeout(r, 300));
    try {
      adapter = await navigator.gpu.requestAdapter();
    } catch {
      adapter = null;
    }
  }
  if (!adapter) return { device: null, reason: "WebGPU not available (no adapter)" };
  const lim = adapter.limits;
  try {
    const device = await adapter.requestDevice({
      requiredLimits: {
        maxStorageBufferBindingSize: lim.maxStorageBufferBindingSize,
        maxBufferSize: lim.maxBufferSize,
        maxStorageBuffersPerShaderStage: Math.min(lim.maxStorageBuffersPerShaderStage, 10),
      },
    });
    device.lost.then((l) => {
      if (l.reason !== "destroyed") console.error(`steerlab: the GPU device was lost: ${l.message}`);
    });
    device.addEventListener("uncapturederror", (e) => console.error(`steerlab: WebGPU: ${e.error.message}`));
    const info = adapter.info || {};
    return { device, adapter, present, reason: null, info: { vendor: info.vendor || "", architecture: info.architecture || "", description: info.description || "" } };
  } catch (e) {
    return { device: null, reason: `WebGPU not available (${e && e.message ? e.message : e})` };
  }
}

/** The largest flock the device's limits hold (the biggest binding: n × 16 bytes of velocity+heading). */
export function maxBoids(device) {
  const l = device.limits;
  return Math.floor(Math.min(l.maxStorageBufferBindingSize, l.maxBufferSize) / 16);
}

/** The grid: cells at least the query radius (plus a rounding margin) on a side, like the CPU's. */
export function geometry(width, height, radius) {
  const cs = radius > 0 && Number.isFinite(radius) ? radius : Math.max(width, height);
  // The margin covers the rounding of x · cols / width (a few ulps of the world's size): a cell is
  // always wider than the radius, so the 3×3 block around a boid holds every neighbour.
  const reach = cs + (Math.max(width, height) + cs) * 1e-6;
  const cols = Math.max(1, Math.min(65535, Math.floor(width / reach)));
  const rows = Math.max(1, Math.min(65535, Math.floor(height / reach)));
  return { cols, rows, ncells: cols * rows, perX: f32(cols / width), perY: f32(rows / height) };
}

function dispatch(pass, items) {
  const groups = Math.ceil(items / WG);
  const x = Math.min(groups, 65535);
  pass.dispatchWorkgroups(x, Math.ceil(groups / x));
}

function blocks(pass, count) {
  const b = Math.ceil(count / BLOCK);
  const x = Math.min(b, 65535);
  pass.dispatchWorkgroups(x, Math.ceil(b / x));
}

/**
 * A flock on the GPU. `rules`: { separation: [weight, radius] | null, alignment: …, cohesion: … }.
 * `state`: x, y, vx, vy, hx, hy per boid (positions inside the world).
 */
export function createFlock(device, { width, height, rules, maxSpeed, maxForce, minSpeed = 0, dt = DT, state }) {
  const n = state.length / 6;
  if (!Number.isInteger(n) || n < 1) throw new Error("state: give x, y, vx, vy, hx, hy for at least one boid");
  if (n > maxBoids(device)) throw new Error(`agents.count: this GPU holds at most ${maxBoids(device)} boids, got ${n}`);
  const radius = Math.max(...["separation", "alignment", "cohesion"].map((k) => (rules[k] ? rules[k][1] : 0)));
  const g = geometry(width, height, radius);
  const S = GPUBufferUsage.STORAGE, D = GPUBufferUsage.COPY_DST, C = GPUBufferUsage.COPY_SRC;
  const buf = (size, usage = S | D | C) => device.createBuffer({ size: Math.max(16, Math.ceil(size / 16) * 16), usage });

  // The state (slot order of the last step) and its cell-ordered copy.
  const pos = buf(n * 8), vel = buf(n * 16), ids = buf(n * 4);
  const posS = buf(n * 8), velS = buf(n * 16), idsS = buf(n * 4);
  const cell = buf(n * 4), order = buf(n * 4);
  // The probe's 32 bytes a boid only once probe() is called (twice the largest other binding, so
  // the device's limits would otherwise halve the flock); until then a stand-in it never writes.
  let probeBuf = null;
  const noProbe = buf(32);
  const counts = buf((g.ncells + 1) * 4), cursor = buf(g.ncells * 4);
  {
    const p = new Float32Array(2 * n), v = new Float32Array(4 * n), id = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      p[2 * i] = state[6 * i];
      p[2 * i + 1] = state[6 * i + 1];
      v.set(state.subarray(6 * i + 2, 6 * i + 6), 4 * i);
      id[i] = i;
    }
    device.queue.writeBuffer(pos, 0, p);
    device.queue.writeBuffer(vel, 0, v);
    device.queue.writeBuffer(ids, 0, id);
  }

  // Parameters (two copies: probe off and on).
  const sq = (r) => (r ? f32(f32(r[1]) * f32(r[1])) : -1);
  const params = (probe) => {
    const b = new ArrayBuffer(96), u = new Uint32Array(b), f = new Float32Array(b);
    u[0] = n; u[1] = g.cols; u[2] = g.rows; u[3] = g.ncells;
    f[4] = width; f[5] = height; f[6] = g.perX; f[7] = g.perY;
    f[8] = f32(f32(radius) * f32(radius)); f[9] = sq(rules.separation); f[10] = sq(rules.alignment); f[11] = sq(rules.cohesion);
    f[12] = rules.separation ? rules.separation[0] : 0; f[13] = rules.alignment ? rules.alignment[0] : 0; f[14] = rules.cohesion ? rules.cohesion[0] : 0;
    f[15] = maxSpeed; f[16] = maxForce; f[17] = minSpeed; f[18] = dt; f[19] = f32(f32(1e-4) * f32(1e-4));
    u[20] = probe ? 1 : 0;
    return b;
  };
  const uniform = (data) => {
    const b = device.createBuffer({ size: data.byteLength, usage: GPUBufferUsage.UNIFORM | D });
    device.queue.writeBuffer(b, 0, data);
    return b;
  };
  const prm = uniform(params(false)), prmProbe = uniform(params(true));

  const pipe = (code, entryPoint = "main") =>
    device.createComputePipeline({ layout: "auto", compute: { module: device.createShaderModule({ code }), entryPoint } });
  const bind = (p, entries, group = 0) =>
    device.createBindGroup({ layout: p.getBindGroupLayout(group), entries: entries.map((b, i) => ({ binding: i, resource: { buffer: b } })) });

  const countP = pipe(COUNT), scatterP = pipe(SCATTER), orderP = pipe(ORDER), gatherP = pipe(GATHER), steerP = pipe(STEER);
  const scanModule = device.createShaderModule({ code: SCAN });
  const scanP = device.createComputePipeline({ layout: "auto", compute: { module: scanModule, entryPoint: "scan" } });
  const addP = device.createComputePipeline({ layout: "auto", compute: { module: scanModule, entryPoint: "add" } });

  // The scan's levels: counts (ncells + 1) → block totals → their block totals … until one block.
  const levels = [];
  {
    let data = counts, len = g.ncells + 1;
    for (;;) {
      const nb = Math.ceil(len / BLOCK);
      const sums = buf(nb * 4);
      const lenBuf = uniform(new Uint32Array([len, 0, 0, 0]));
      levels.push({ len, scan: bind(scanP, [data, sums, lenBuf]), add: nb > 1 ? bind(addP, [data, sums, lenBuf]) : null });
      if (nb === 1) break;
      data = sums;
      len = nb;
    }
  }
  const groups = {
    count: bind(countP, [prm, pos, cell, counts]),
    scatter: bind(scatterP, [prm, cell, counts, cursor, order]),
    order: bind(orderP, [prm, counts, order]),
    gather: bind(gatherP, [prm, order, pos, vel, ids, posS, velS, idsS]),
    steer: bind(steerP, [prm, counts, posS, velS, idsS, pos, vel, ids]),
    steerProbe: bind(steerP, [prmProbe, counts, posS, velS, idsS, pos, vel, ids]),
    probe: bind(steerP, [noProbe], 1),
  };

  function encodeStep(enc, probe) {
    enc.clearBuffer(counts);
    enc.clearBuffer(cursor);
    const pass = enc.beginComputePass();
    pass.setPipeline(countP);
    pass.setBindGroup(0, groups.count);
    dispatch(pass, n);
    // The scan: down the levels, then the block offsets added back up.
    pass.setPipeline(scanP);
    for (const l of levels) {
      pass.setBindGroup(0, l.scan);
      blocks(pass, l.len);
    }
    pass.setPipeline(addP);
    for (let k = levels.length - 2; k >= 0; k--) {
      pass.setBindGroup(0, levels[k].add);
      blocks(pass, levels[k].len);
    }
    pass.setPipeline(scatterP);
    pass.setBindGroup(0, groups.scatter);
    dispatch(pass, n);
    pass.setPipeline(orderP);
    pass.setBindGroup(0, groups.order);
    dispatch(pass, g.ncells);
    pass.setPipeline(gatherP);
    pass.setBindGroup(0, groups.gather);
    dispatch(pass, n);
    pass.setPipeline(steerP);
    pass.setBindGroup(0, probe ? groups.steerProbe : groups.steer);
    pass.setBindGroup(1, groups.probe);
    dispatch(pass, n);
    pass.end();
  }

  async function readBuffers(list) {
    const enc = device.createCommandEncoder();
    const staging = list.map((b) => {
      const s = device.createBuffer({ size: b.size, usage: GPUBufferUsage.MAP_READ | D });
      enc.copyBufferToBuffer(b, 0, s, 0, b.size);
      return s;
    });
    device.queue.submit([enc.finish()]);
    const out = [];
    for (const s of staging) {
      await s.mapAsync(GPUMapMode.READ);
      out.push(s.getMappedRange().slice(0));
      s.unmap();
      s.destroy();
    }
    return out;
  }

  const flock = {
    n,
    grid: g,
    steps: 0,
    buffers: { pos, vel },
    /** `k` steps in one submit (the last with the probe written when `probe`). */
    step(k = 1, { probe = false } = {}) {
      const enc = device.createCommandEncoder();
      for (let s = 0; s < k; s++) encodeStep(enc, probe && s === k - 1);
      device.queue.submit([enc.finish()]);
      flock.steps += k;
    },
    /** Resolves when the GPU has done everything submitted so far. */
    done: () => device.queue.onSubmittedWorkDone(),
    /** The state in slot order: x, y, vx, vy, hx, hy (Float32Array) and id (the boid's index in `state`). */
    async read() {
      const [p, v, id] = await readBuffers([pos, vel, ids]);
      const P = new Float32Array(p, 0, 2 * n), V = new Float32Array(v, 0, 4 * n);
      const r = { x: new Float32Array(n), y: new Float32Array(n), vx: new Float32Array(n), vy: new Float32Array(n), hx: new Float32Array(n), hy: new Float32Array(n), id: new Uint32Array(id, 0, n) };
      for (let i = 0; i < n; i++) {
        r.x[i] = P[2 * i]; r.y[i] = P[2 * i + 1];
        r.vx[i] = V[4 * i]; r.vy[i] = V[4 * i + 1]; r.hx[i] = V[4 * i + 2]; r.hy[i] = V[4 * i + 3];
      }
      return r;
    },
    /** The raw bytes of the state (positions, velocities+headings, ids), for bit-for-bit comparisons. */
    async bytes() {
      const [p, v, id] = await readBuffers([pos, vel, ids]);
      return { pos: new Uint32Array(p, 0, 2 * n), vel: new Uint32Array(v, 0, 4 * n), id: new Uint32Array(id, 0, n) };
    },
    /** One step with the probe on, then per boid (by its index in `state`): the force the step
     *  applied, and the neighbour counts of the three rules, from the state before the step. */
    async probe() {
      if (n * 32 > Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize)) {
        throw new Error(`probe: ${n} boids are more than this device can probe (${maxBoids(device) >> 1})`);
      }
      probeBuf ??= buf(n * 32);
      groups.probe = bind(steerP, [probeBuf], 1);
      flock.step(1, { probe: true });
      const [b] = await readBuffers([probeBuf]);
      groups.probe = bind(steerP, [noProbe], 1);
      const a = new Float32Array(b, 0, 8 * n);
      const r = { fx: new Float32Array(n), fy: new Float32Array(n), ns: new Uint32Array(n), na: new Uint32Array(n), nc: new Uint32Array(n) };
      for (let s = 0; s < n; s++) {
        const i = a[8 * s + 5];
        r.fx[i] = a[8 * s]; r.fy[i] = a[8 * s + 1];
        r.ns[i] = a[8 * s + 2]; r.na[i] = a[8 * s + 3]; r.nc[i] = a[8 * s + 4];
      }
      return r;
    },
    destroy() {
      for (const b of [pos, vel, ids, posS, velS, idsS, cell, order, probeBuf, noProbe, counts, cursor, prm, prmProbe]) b?.destroy();
    },
  };
  return flock;
}

let presentProbe = null;
/**
 * How frames reach the page here: "canvas" (a WebGPU canvas context, presented by the browser) or
 * "readback" (drawn into a GPU texture, copied back and put on a 2-D canvas). Decided once by a
 * probe on a throwaway device: a 4×4 OffscreenCanvas cleared and presented. Headless Chromium's
 * software adapter (SwiftShader) fails it: every canvas context there loses the device's instance
 * ("A valid external Instance reference no longer exists" on the next onSubmittedWorkDone or
 * mapAsync), while textures and buffers work; there the frames are read back.
 */
export function presentMode() {
  presentProbe ??= (async () => {
    try {
      if (typeof OffscreenCanvas !== "function") return "readback";
      const adapter = await navigator.gpu.requestAdapter();
      const d = adapter && (await adapter.requestDevice());
      if (!d) return "readback";
      try {
        const ctx = new OffscreenCanvas(4, 4).getContext("webgpu");
        if (!ctx) return "readback";
        ctx.configure({ device: d, format: navigator.gpu.getPreferredCanvasFormat(), alphaMode: "opaque" });
        const enc = d.createCommandEncoder();
        enc.beginRenderPass({ colorAttachments: [{ view: ctx.getCurrentTexture().createView(), loadOp: "clear", storeOp: "store", clearValue: { r: 0, g: 0, b: 0, a: 1 } }] }).end();
        d.queue.submit([enc.finish()]);
        await d.queue.onSubmittedWorkDone();
        return "canvas";
      } finally {
        d.destroy();
      }
    } catch {
      return "readback";
    }
  })();
  return presentProbe;
}

/**
 * Draws a flock's state buffers as triangles (three vertices a boid, one draw call): on the canvas's WebGPU context (`mode`
 * "canvas"), or into a texture read back onto the canvas's 2-D context ("readback", see
 * presentMode). `background`: [r, g, b] or [r, g, b, a] in 0..1 (a 0: transparent). `agentSize`: world units (drawn at least `minPx`
 * device pixels). `draw()` returns a promise that resolves when the frame is on the canvas.
 */
export function createRenderer(device, canvas, flock, { width, height, agentSize = 12, minPx = 5, background = [0.973, 0.98, 0.988], mode = "canvas" }) {
  const readback = mode === "readback";
  const ctx = readback ? canvas.getContext("2d") : canvas.getContext("webgpu");
  if (!ctx) throw new Error(`this canvas gives no ${readback ? "2-D" : "WebGPU"} context`);
  const format = readback ? "rgba8unorm" : navigator.gpu.getPreferredCanvasFormat();
  // (A transparent background, alpha 0: the canvas's own CSS background shows under the boids.)
  const clear = { r: background[0], g: background[1], b: background[2], a: background[3] ?? 1 };
  if (!readback) ctx.configure({ device, format, alphaMode: clear.a < 1 ? "premultiplied" : "opaque" });
  const module = device.createShaderModule({ code: DRAW });
  const pipeline = device.createRenderPipeline({
    layout: "auto",
    vertex: { module, entryPoint: "vs" },
    fragment: { module, entryPoint: "fs", targets: [{ format }] },
    primitive: { topology: "triangle-list" },
  });
  const viewBuf = device.createBuffer({ size: 32, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  const group = device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: viewBuf } },
      { binding: 1, resource: { buffer: flock.buffers.pos } },
      { binding: 2, resource: { buffer: flock.buffers.vel } },
    ],
  });
  // Readback: a texture of the canvas's size and a buffer its rows are copied to (rows padded to
  // 256 bytes); one frame in flight at a time.
  let tex = null, staging = null, image = null, busy = null, pending = false;
  const target = (cw, ch) => {
    if (tex && tex.width === cw && tex.height === ch) return;
    tex?.destroy();
    staging?.destroy();
    tex = device.createTexture({ size: [cw, ch], format, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
    staging = device.createBuffer({ size: Math.ceil((cw * 4) / 256) * 256 * ch, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    image = new ImageData(cw, ch);
  };
  function encode() {
    const cw = canvas.width, ch = canvas.height;
    const s = Math.min(cw / width, ch / height);
    const ox = (cw - width * s) / 2, oy = (ch - height * s) / 2;
    // Clip x = (ox + x·s) / cw · 2 − 1, clip y = 1 − (oy + y·s) / ch · 2.
    const len = Math.max(agentSize * s, minPx);
    const v = new Float32Array([(2 * s) / cw, (-2 * s) / ch, (2 * ox) / cw - 1, 1 - (2 * oy) / ch, (2 * len) / cw, (2 * len * 0.35) / cw, ch / cw, 0]);
    device.queue.writeBuffer(viewBuf, 0, v);
    if (readback) target(cw, ch);
    const enc = device.createCommandEncoder();
    const pass = enc.beginRenderPass({
      colorAttachments: [{ view: (readback ? tex : ctx.getCurrentTexture()).createView(), loadOp: "clear", storeOp: "store", clearValue: clear }],
    });
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.draw(3 * flock.n);
    pass.end();
    if (readback) enc.copyTextureToBuffer({ texture: tex }, { buffer: staging, bytesPerRow: Math.ceil((cw * 4) / 256) * 256 }, [cw, ch]);
    device.queue.submit([enc.finish()]);
    return { cw, ch };
  }
  async function drawBack() {
    const { cw, ch } = encode();
    const buf = staging, img = image;
    await buf.mapAsync(GPUMapMode.READ);
    const src = new Uint8Array(buf.getMappedRange());
    const row = Math.ceil((cw * 4) / 256) * 256;
    if (row === cw * 4) img.data.set(src.subarray(0, cw * 4 * ch));
    else for (let y = 0; y < ch; y++) img.data.set(src.subarray(y * row, y * row + cw * 4), y * cw * 4);
    buf.unmap();
    if (canvas.width === cw && canvas.height === ch) ctx.putImageData(img, 0, 0);
  }
  return {
    mode,
    /** Encode and submit one frame (the world fitted and centred in the canvas). With readback,
     *  a frame asked for while one is in flight is drawn after it (once). */
    draw() {
      if (!readback) {
        encode();
        return device.queue.onSubmittedWorkDone();
      }
      if (busy) {
        pending = true;
        return busy;
      }
      busy = drawBack().finally(() => {
        busy = null;
        if (pending) {
          pending = false;
          this.draw();
        }
      });
      return busy;
    },
    /** Whether a read-back frame is still on its way (the frame loop then skips its step). */
    get busy() {
      return !!busy;
    },
    destroy() {
      viewBuf.destroy();
      tex?.destroy();
      if (staging && !busy) staging.destroy();
      if (!readback) ctx.unconfigure();
    },
  };
}
