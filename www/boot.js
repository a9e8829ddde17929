// steerlab's page loader.
//
// Loaded as <script type="module" src="…/www/boot.js">: no inline script anywhere, so pages work
// under `Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'`.
// Trunk writes the wasm-bindgen glue and the module to the root of dist/ under stable names
// (Trunk.toml: filehash = false), one level above this file (dist/www/boot.js).
//
// It initialises the module once, exposes it as `window.steerlab`, fires `steerlab:ready` on
// window (detail: the module), then mounts every <canvas data-scenario="…"> on the page.

import init, * as steerlab from "../steerlab.js";

function showStatus(message) {
  const el = document.getElementById("steerlab-status");
  if (el) {
    el.textContent = message;
    el.hidden = false;
  }
}

try {
  await init();
} catch (err) {
  console.error("steerlab: the WebAssembly module failed to load:", err);
  showStatus("The visualisations could not start: this browser failed to load the WebAssembly module.");
  throw err;
}

window.steerlab = steerlab;
window.dispatchEvent(new CustomEvent("steerlab:ready", { detail: steerlab }));

if (typeof steerlab.autoMount === "function") {
  // A panic while mounting one canvas shows its error on that canvas and reaches us as an
  // exception; autoMount skips the canvases it already tried, so call it again for the rest.
  for (let tries = 0; tries < 1000; tries++) {
    try {
      steerlab.autoMount();
      break;
    } catch (err) {
      console.error("steerlab: a canvas failed to mount:", err);
    }
  }
} else {
  console.error("steerlab: this build of the module has no autoMount()");
  showStatus("The visualisations could not start (this build has no autoMount).");
}
