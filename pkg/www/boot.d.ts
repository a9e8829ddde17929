// Types for www/boot.js, the page loader (see ../steerlab.d.ts for the API it exposes).
import type { SteerlabGlobal, Scene, Words, WordsCheck } from "../steerlab.js";

/**
 * Resolves to the module's exports (the same object as `window.steerlab`) once the WebAssembly
 * module is initialised and every `<canvas data-scenario>` of the page is mounted: after it,
 * `viewerFor(canvas)` finds their viewers. Rejects when the module cannot load.
 */
export const ready: Promise<SteerlabGlobal>;

/** The package's version, as in its package.json (also `steerlab.version`). */
export const version: string;

/** Add or override words of a language (a BCP 47 tag), usable before `ready`: figures on screen
 *  write their words again; returns the tag in lower case (docs/words.md). */
export function addWords(tag: string, words: Words): string;
/** A language's words from a hosted JSON file, fetched when a canvas needs the language. */
export function loadWords(tag: string, url: string | URL): Promise<void>;
/** Fetch what a canvas's language (or a tag's) needs, once. */
export function ensureWords(canvasOrTag: Element | string): Promise<void>;
/** Check a words file against English: missing and extra keys, placeholders that differ. */
export function checkWords(words: Words): Promise<WordsCheck>;

/** What `v.code()` writes: "unity" (a C# MonoBehaviour), "godot" (a Godot 4 GDScript), "godot3" (the
 *  same in Godot 3's syntax), "js" (an ES module), "rust" (one file on glam) or "rust-crate" (on the
 *  steerlab-core crate). docs/exporting.md. */
export type CodeTarget = "unity" | "godot" | "godot3" | "js" | "rust" | "rust-crate";

declare module "../steerlab.js" {
  interface Viewer {
    /**
     * Added by boot.js (issues #36, #48): this canvas as a program with its current parameters
     * (spawned from the seed at step 0; mid-run, carried on from that moment), running the same
     * trajectory; www/code/ loads on first use, only the target's part. Comments and inspector
     * texts in `lang` (default: the page's language, "en" or "es").
     */
    code(target: CodeTarget, options?: { lang?: string; package?: false }): Promise<string>;
    /**
     * The target's package (issue 59): every file by its path (a Unity UPM package, a Godot addon,
     * an ES module with its types, a cargo project), with names that never change and this
     * canvas's parameters as a JSON file it reads.
     */
    code(target: CodeTarget, options: { lang?: string; package: true }): Promise<Record<string, string>>;
    /**
     * Added by boot.js (issue 49): what the canvas shows now, in sentences of its language (the
     * text its accessible description carries), and the numbers they come from (`scene()`);
     * www/describe.js loads on first use.
     */
    describe(): Promise<{ text: string; scene: Scene }>;
  }
}
