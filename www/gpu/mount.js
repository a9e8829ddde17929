// The GPU path of a canvas whose scenario asks for `"engine": "gpu"` or `"auto"` (issue 37).
//
// www/boot.js mounts every canvas with the wasm viewer as always (the CPU fast engine), reads the
// viewer's engine, and for "gpu"/"auto" imports this file (so the WebGPU code and its shaders
// load only for such canvases, never with the gallery). Here, decided once at mount:
// - WebGPU available: the wasm viewer hands over its scenario and its flock and is destroyed; a
//   fresh canvas takes the old one's place (a canvas that gave out a 2-D context cannot give a
//   WebGPU one) and the GPU viewer runs there: state in GPU buffers, boids drawn as triangles from
//   them, play/pause/step/reset, and a HUD line "GPU engine (WebGPU) · …". Its parameters are a
//   hidden wasm viewer's (the model, never stepped): the scenario's sliders are the module's own
//   panel (one control panel, in the figure's `.steerlab-controls-slot`), its title and caption
//   the module's (one way of picking a scenario's text), a reset or a new count its seeded spawn,
//   and the canvas's colour its CSS background (no colour read here);
//   the GPU follows what the model's parameters do (`steerlab:change`). It runs on the page's one
//   frame loop (`steerlab.requestFrame`).
// - WebGPU absent (no navigator.gpu, no adapter, no device): the wasm viewer keeps running on
//   the CPU fast engine, and one line under its HUD says "CPU engine: WebGPU not available".
//
// Pages that mount by hand: `import { mountAuto } from ".../www/gpu/mount.js"; await
// mountAuto(steerlab, canvas, scenario)` does the same; `gpuViewerFor(canvas)` gives the GPU
// viewer of a canvas (or null).

import { requestDevice, createFlock, createRenderer, DT } from "./engine.js";
import { t, langOf, formatNumber } from "../words.js";

const viewers = new WeakMap();
const f32 = Math.fround;
let models = 0;


/** The GPU viewer of `canvas`, if one runs there. */
export function gpuViewerFor(canvas) {
  return viewers.get(canvas) || null;
}

/** The engine line of a CPU viewer that stands in for the GPU engine: one line under its HUD. */
export function noteFallback(canvas, reason) {
  const root = canvas.closest(".steerlab");
  // (www/boot.js holds the line's place from the mount: an empty one is filled.)
  const held = root?.querySelector(".steerlab-engine:not([data-reason])");
  if (!root || (!held && root.querySelector(".steerlab-engine"))) return;
  const line = held || document.createElement("div");
  line.className = "steerlab-hud steerlab-engine";
  const lang = langOf(canvas);
  line.textContent = `${t("page.gpu.cpu", lang)}: ${t("page.gpu.none", lang)}`;
  // What exactly failed (no navigator.gpu, no adapter, the device refused), for developers: a data
  // attribute, not a tooltip (the reason is the browser's words, not the reader's language).
  line.dataset.reason = reason;
  // Under the viewer's own HUD (which stays the first .steerlab-hud), or at the end.
  const hud = root.querySelector(".steerlab-hud");
  if (held) {
    // in its place already
  } else if (hud) hud.after(line);
  else root.appendChild(line);
  canvas.setAttribute("data-steerlab-engine", "cpu");
}

/** `mount()` then, for a scenario asking for the GPU engine, `takeOver()`. Resolves to the viewer
 *  that runs (the wasm Viewer or the GPU viewer). */
export async function mountAuto(steerlab, canvas, scenario) {
  const v = steerlab.mount(canvas, scenario);
  let engine = "";
  try {
    engine = v.get("engine");
  } catch {
    /* an older module */
  }
  if (engine !== "gpu" && engine !== "auto") return v;
  return (await takeOver(steerlab, canvas, v)) || v;
}

// One device for the page (adapters are expensive; every GPU viewer shares it).
let devicePromise = null;
function device() {
  devicePromise ??= requestDevice();
  return devicePromise;
}

/** Rules, limits and spawn of a scenario value as `state()` gives it. */
export function setupOf(sc) {
  const rules = { separation: null, alignment: null, cohesion: null };
  for (const b of sc.behaviours || []) {
    if (b.type === "separation") rules.separation = [f32(b.weight), f32(b.sep_dist)];
    if (b.type === "alignment") rules.alignment = [f32(b.weight), f32(b.perception)];
    if (b.type === "cohesion") rules.cohesion = [f32(b.weight), f32(b.perception)];
  }
  const m = sc.motion || {};
  return { width: f32(sc.world.width), height: f32(sc.world.height), rules, maxSpeed: f32(m.max_speed), maxForce: f32(m.max_force), minSpeed: f32(m.min_speed || 0), dt: DT };
}

/** The same from a viewer's parameters now (the model's: `get(path)`, no whole state). */
function setupFrom(model, sc) {
  const get = (p) => {
    try {
      return model.get(p);
    } catch {
      return undefined;
    }
  };
  const behaviours = (sc.behaviours || []).map((b) => {
    const x = { ...b };
    for (const k of ["weight", "sep_dist", "perception"]) if (k in b) x[k] = get(`${b.type}.${k}`) ?? b[k];
    return x;
  });
  const motion = { ...sc.motion };
  for (const k of ["max_speed", "max_force", "min_speed"]) if (k in motion) motion[k] = get(`motion.${k}`) ?? motion[k];
  return setupOf({ ...sc, behaviours, motion });
}

/** x, y, vx, vy, hx, hy per agent from `state().agents` (headings from the velocities, as
 *  Agent::new makes them). */
export function stateOf(agents) {
  const s = new Float32Array(agents.length * 6);
  agents.forEach((a, i) => {
    const vx = f32(a.velocity[0]), vy = f32(a.velocity[1]);
    const l2 = f32(f32(vx * vx) + f32(vy * vy));
    let hx = 1, hy = 0;
    if (l2 > f32(1e-8)) {
      const l = f32(Math.sqrt(l2));
      hx = f32(vx / l);
      hy = f32(vy / l);
    }
    s.set([a.position[0], a.position[1], vx, vy, hx, hy], 6 * i);
  });
  return s;
}

/**
 * Replace the wasm viewer `viewer` on `canvas` by the GPU viewer when WebGPU is available;
 * otherwise leave it and note the fallback. Resolves to the GPU viewer, or null.
 */
export async function takeOver(steerlab, canvas, viewer) {
  const gpu = await device();
  if (!gpu.device) {
    noteFallback(canvas, gpu.reason);
    return null;
  }
  const mode = gpu.present;
  let st, theme;
  try {
    st = viewer.state();
    theme = viewer.theme; // the wasm viewer's resolved theme (data-theme, the page, the reader)
  } catch {
    return null; // the viewer stopped (its canvas says why)
  }
  viewer.destroy();
  const fresh = canvas.cloneNode(false);
  fresh.removeAttribute("data-steerlab-engine");
  canvas.replaceWith(fresh);
  fresh.setAttribute("data-steerlab-mounted", "");
  let v;
  try {
    v = createViewer(steerlab, fresh, st.scenario, st.agents, gpu, mode, theme);
  } catch (e) {
    // The GPU refused (a flock over its limits, an allocation): back to the CPU viewer.
    console.error("steerlab: GPU engine:", e);
    fresh.closest(".steerlab[data-engine=gpu]")?.replaceWith(fresh);
    fresh.removeAttribute("data-steerlab-mounted");
    steerlab.mount(fresh, JSON.stringify(st.scenario));
    noteFallback(fresh, String(e && e.message ? e.message : e));
    return null;
  }
  fresh.dispatchEvent(new CustomEvent("steerlab:mounted", { bubbles: true, detail: { viewer: v } }));
  return v;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

function createViewer(steerlab, canvas, scenario, agents, gpu, mode, theme) {
  const { device: dev } = gpu;
  const lang = langOf(canvas);
  const T = { gpu: t("page.gpu.engine", lang), play: t("page.gpu.play", lang), pause: t("page.gpu.pause", lang), step: t("page.gpu.step", lang), reset: t("page.gpu.reset", lang) };
  const sc = structuredClone(scenario);

  // <div class="steerlab"> canvas, bar, controls, caption, HUD </div>, as the wasm viewer lays it out.
  const root = el("div", "steerlab");
  root.setAttribute("lang", lang);
  root.setAttribute("data-engine", "gpu");
  // The theme classes the stylesheet's --_sl-* defaults follow, as the wasm viewer sets them.
  root.classList.add(theme === "dark" ? "steerlab-dark" : "steerlab-light");
  canvas.replaceWith(root);
  root.appendChild(canvas);
  canvas.classList.add("steerlab-canvas");
  canvas.style.setProperty("aspect-ratio", `${sc.world.width} / ${sc.world.height}`);
  canvas.setAttribute("data-steerlab-engine", "gpu");
  const bar = el("div", "steerlab-bar");
  const play = el("button", "steerlab-btn", T.play);
  play.type = "button";
  play.setAttribute("data-action", "play");
  play.setAttribute("aria-label", T.play);
  const stepB = el("button", "steerlab-btn", T.step);
  stepB.type = "button";
  stepB.setAttribute("data-action", "step");
  const resetB = el("button", "steerlab-btn", T.reset);
  resetB.type = "button";
  resetB.setAttribute("data-action", "reset");
  bar.append(play, stepB, resetB);
  root.appendChild(bar);

  // The model: a wasm viewer of the same scenario, hidden and never stepped, whose parameters the
  // GPU runs with. Its panel (the module's) goes to the slot; its caption comes here.
  const box = el("div");
  box.hidden = true;
  const mc = document.createElement("canvas");
  mc.id = `steerlab-gpu-model-${++models}`;
  for (const [k, x] of [["data-controls", "false"], ["data-autoplay", "false"], ["data-lang", lang], ["data-lifecycle", "manual"], ["data-title", "true"]]) mc.setAttribute(k, x);
  box.appendChild(mc);
  const slot = el("div", "steerlab-controls-slot");
  slot.dataset.for = mc.id;
  root.append(slot, box);
  const model = steerlab.mount(mc, JSON.stringify({ ...sc, hud: false }));
  canvas.setAttribute("role", "img");
  // (Its title and caption in the reader's language, as the module wrote them for the model.)
  canvas.setAttribute("aria-label", `${box.querySelector(".steerlab-title")?.textContent ?? ""} (${T.gpu})`);
  const caption = box.querySelector(".steerlab-caption");
  if (caption) {
    root.appendChild(caption);
    canvas.setAttribute("aria-describedby", caption.id);
  }
  const hud = el("div", "steerlab-hud steerlab-engine");
  root.appendChild(hud);

  let setup = setupFrom(model, sc);
  let flock = createFlock(dev, { ...setup, state: stateOf(agents) });
  // The boids over a transparent background: the canvas's own CSS background (its theme's
  // --_sl-canvas, www/steerlab.css) shows under them, so no colour is read or parsed here.
  const background = [0, 0, 0, 0];
  let renderer = createRenderer(dev, canvas, flock, { width: setup.width, height: setup.height, agentSize: sc.agent_size || 12, background, mode });

  let playing = false, raf = 0, destroyed = false, frames = 0, lastTs = 0, fps = 0, stepMs = NaN, drawMs = NaN, hudAt = 0;
  let timing = false;
  const resize = () => {
    const r = canvas.getBoundingClientRect();
    const dpr = devicePixelRatio || 1;
    const w = Math.max(1, Math.round(r.width * dpr)), h = Math.max(1, Math.round(r.height * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
  };
  const ro = new ResizeObserver(() => {
    resize();
    if (!playing) renderer.draw();
  });
  ro.observe(canvas);

  const writeHud = () => {
    const ms = (x) => (Number.isFinite(x) ? formatNumber(x, lang, 2) : "…");
    hud.textContent = t("page.gpu.hud", lang, { engine: T.gpu, fps: Math.round(fps), step: ms(stepMs), draw: ms(drawMs), agents: flock.n });
  };
  writeHud();

  // Step time: every 30th frame the step is awaited alone (the GPU's queue drained first), so the
  // HUD shows what one step costs, not the frame's pipelining.
  async function timeStep() {
    timing = true;
    try {
      await flock.done();
      const t0 = performance.now();
      flock.step(1);
      await flock.done();
      stepMs = performance.now() - t0;
      const t1 = performance.now();
      await renderer.draw();
      drawMs = performance.now() - t1;
    } finally {
      timing = false;
    }
  }

  const frame = (ts) => {
    raf = 0;
    // (A frame asked for before a pause, or before a destroy: nothing to do.)
    if (destroyed || !playing) return;
    // One step a frame; with read-back frames, none while a frame is still on its way (the
    // flock then runs at the pace it can be shown). fps counts the frames that stepped.
    if (!timing && !renderer.busy) {
      if (lastTs) fps = fps ? fps * 0.8 + (1000 / Math.max(1, ts - lastTs)) * 0.2 : 1000 / Math.max(1, ts - lastTs);
      lastTs = ts;
      frames++;
      if (frames % 30 === 2) timeStep();
      else {
        flock.step(1);
        renderer.draw();
      }
    }
    if (ts - hudAt > 250) {
      hudAt = ts;
      writeHud();
    }
    raf = 1;
    steerlab.requestFrame(frame);
  };
  const setPlaying = (on) => {
    playing = on;
    play.textContent = on ? T.pause : T.play;
    play.setAttribute("aria-label", on ? T.pause : T.play);
    lastTs = 0;
    if (on && !raf) (raf = 1), steerlab.requestFrame(frame);
  };

  const rebuild = (agentsNow) => {
    const old = flock;
    setup = setupFrom(model, sc);
    flock = createFlock(dev, { ...setup, state: stateOf(agentsNow) });
    renderer.destroy();
    renderer = createRenderer(dev, canvas, flock, { width: setup.width, height: setup.height, agentSize: sc.agent_size || 12, background, mode });
    old.destroy();
    renderer.draw();
    writeHud();
  };
  /** The model's spawn now (its parameters, its seed, step 0). */
  const spawn = () => {
    model.reset();
    return model.state().agents;
  };
  // The model's parameters changed (its panel, `set`): the GPU follows. A new count spawns again;
  // a rule keeps the flock's state (read back) under the new rules. One at a time, the last wins.
  let applying = Promise.resolve();
  const apply = (path) =>
    (applying = applying.then(async () => {
      if (destroyed) return;
      if (path === "agents.count" || path === "seed") return rebuild(spawn());
      const r = await flock.read();
      const order = new Array(flock.n);
      for (let s = 0; s < flock.n; s++) order[r.id[s]] = s;
      rebuild(order.map((s) => ({ position: [r.x[s], r.y[s]], velocity: [r.vx[s], r.vy[s]] })));
    }).catch((err) => console.error("steerlab:", err)));
  const onChange = (e) => apply(e.detail.path);
  mc.addEventListener("steerlab:change", onChange);
  const onClick = (e) => {
    const a = e.target.closest?.("[data-action]")?.getAttribute("data-action");
    if (a === "play") setPlaying(!playing);
    if (a === "step") {
      setPlaying(false);
      flock.step(1);
      renderer.draw();
    }
    if (a === "reset") rebuild(spawn());
  };
  bar.addEventListener("click", onClick);

  const viewer = {
    engine: "gpu",
    adapter: gpu.info,
    /** How frames reach the page: "canvas" (WebGPU context) or "readback" (see engine.js presentMode). */
    present: mode,
    canvas,
    get flock() {
      return flock;
    },
    get playing() {
      return playing;
    },
    play: () => setPlaying(true),
    pause: () => setPlaying(false),
    /** `n` steps (one submit), then a frame. */
    step(n = 1) {
      flock.step(n);
      renderer.draw();
    },
    render: () => renderer.draw(),
    /** Set a parameter (as the panel does); resolves once the GPU runs with it. */
    set: (param, value) => (model.set(param, value), applying),
    get: (param) => model.get(param),
    reset: () => rebuild(spawn()),
    hudText: () => hud.textContent,
    /** The last measured step time, ms (NaN before the first). */
    stepMs: () => stepMs,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      ro.disconnect();
      mc.removeEventListener("steerlab:change", onChange);
      bar.removeEventListener("click", onClick);
      model.destroy();
      renderer.destroy();
      flock.destroy();
      root.replaceWith(canvas);
      canvas.classList.remove("steerlab-canvas");
      viewers.delete(canvas);
    },
  };
  viewers.set(canvas, viewer);
  resize();
  renderer.draw();
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (!reduced) setPlaying(true);
  return viewer;
}
