// Types for www/boot.js, the page loader (see ../steerlab.d.ts for the API it exposes).
import type { SteerlabGlobal } from "../steerlab.js";

/**
 * Resolves to the module's exports (the same object as `window.steerlab`) once the WebAssembly
 * module is initialised and every `<canvas data-scenario>` of the page is mounted: after it,
 * `viewerFor(canvas)` finds their viewers. Rejects when the module cannot load.
 */
export const ready: Promise<SteerlabGlobal>;

/** The package's version, as in its package.json (also `steerlab.version`). */
export const version: string;

/** What `v.code()` writes: "unity" (a C# MonoBehaviour), "js" (an ES module) or "rust" (glam). */
export type CodeTarget = "unity" | "js" | "rust";

declare module "../steerlab.js" {
  interface Viewer {
    /**
     * Added by boot.js (issue #36): this canvas as a self-contained program with its current
     * parameters and agents, running the same trajectory; www/code/ loads on first use. Comments in
     * `lang` (default: the page's language, "en" or "es").
     */
    code(target: CodeTarget, options?: { lang?: "en" | "es" }): Promise<string>;
  }
}
