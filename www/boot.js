// steerlab's page loader.
//
// Loaded as <script type="module" src="…/www/boot.js">: no inline script anywhere, so pages work
// under `Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'`.
// Trunk writes the wasm-bindgen glue and the module to the root of dist/ under stable names
// (Trunk.toml: filehash = false), one level above this file (dist/www/boot.js).
//
// In this order: it initialises the module once, mounts every <canvas data-scenario="…"> on the
// page (each fires `steerlab:mounted` on its canvas, or `steerlab:error`), exposes the module as
// `window.steerlab` (with `ready`), fires `steerlab:ready` on window (detail: window.steerlab), and
// resolves `ready`. So a `steerlab:ready` handler, or code after `await ready`, finds every
// viewer with `viewerFor(canvas)`.
//
//   import { ready } from "/steerlab/www/boot.js";
//   const steerlab = await ready;      // the module's exports: mount, viewerFor, …

import init, * as module from "../steerlab.js";

function showStatus(message) {
  const el = document.getElementById("steerlab-status");
  if (el) {
    el.textContent = message;
    el.hidden = false;
  }
}

// Posters (posters/posters.css): each unmounted built-in canvas shows its scenario's first frame,
// an SVG written at build time, until its viewer draws. Only the canvases near the viewport get
// theirs (the class below), now and as the reader scrolls until the module is ready: every SVG
// image costs the page parsing work, and a page with eleven canvases would otherwise load eleven
// pictures before its module.
function showPosters() {
  const canvases = document.querySelectorAll("canvas[data-scenario]");
  const show = (c) => c.classList.add("steerlab-poster-shown");
  const near = (r) => r.bottom > -MARGIN && r.top < innerHeight + MARGIN && r.right > -MARGIN && r.left < innerWidth + MARGIN;
  if (typeof IntersectionObserver !== "function") {
    canvases.forEach(show);
    return null;
  }
  // Those on screen now at once (one layout), the others when they come near.
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          show(e.target);
          io.unobserve(e.target);
        }
      }
    },
    { rootMargin: `${MARGIN}px` },
  );
  for (const c of canvases) {
    if (near(c.getBoundingClientRect())) show(c);
    else io.observe(c);
  }
  return io;
}
const MARGIN = 200;
const posters = showPosters();

function mountAll(steerlab) {
  if (typeof steerlab.autoMount !== "function") {
    console.error("steerlab: this build of the module has no autoMount()");
    showStatus("The visualisations could not start (this build has no autoMount).");
    return;
  }
  // A panic while mounting one canvas shows its error on that canvas and reaches us as an
  // exception; autoMount skips the canvases it already tried, so call it again for the rest.
  for (let tries = 0; tries < 1000; tries++) {
    try {
      steerlab.autoMount();
      return;
    } catch (err) {
      console.error("steerlab: a canvas failed to mount:", err);
    }
  }
}

async function start() {
  try {
    await init();
  } catch (err) {
    console.error("steerlab: the WebAssembly module failed to load:", err);
    showStatus("The visualisations could not start: this browser failed to load the WebAssembly module.");
    throw err;
  }
  // A plain object (a module namespace cannot take `ready`), frozen like the namespace.
  const steerlab = Object.freeze(Object.assign(Object.create(null), module, { ready }));
  mountAll(steerlab);
  posters?.disconnect();
  window.steerlab = steerlab;
  window.dispatchEvent(new CustomEvent("steerlab:ready", { detail: steerlab }));
  return steerlab;
}

/** Resolves to the module's exports once the module is initialised and the page's canvases are mounted. */
export const ready = start();
