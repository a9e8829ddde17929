// Types for www/boot.js, the page loader (see ../steerlab.d.ts for the API it exposes).
import type { SteerlabGlobal } from "../steerlab.js";

/**
 * Resolves to the module's exports (the same object as `window.steerlab`) once the WebAssembly
 * module is initialised and every `<canvas data-scenario>` of the page is mounted: after it,
 * `viewerFor(canvas)` finds their viewers. Rejects when the module cannot load.
 */
export const ready: Promise<SteerlabGlobal>;
