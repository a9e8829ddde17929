// Types for steerlab's JavaScript API (the module steerlab.js and its WebAssembly, steerlab_bg.wasm).
// Written by hand; tests/e2e/bundle.test.mjs checks that every export of the built module and
// every member of Viewer is declared here, and that `tsc --noEmit` accepts a page using them.
//
// Data attributes read on the canvas by mount() and autoMount():
//   data-scenario="flock"        built-in name (or inline JSON text) — autoMount() mounts these
//   data-scenario-json="#id"     scenario JSON from <script type="application/json" id="id">
//   data-scenario-src="/x.json"  scenario JSON from a URL (boot.js fetches it, then mounts; a failed
//                                fetch is shown on the canvas naming the URL)
//   data-seed="42"               seed of the random numbers (overrides the scenario's)
//   data-autoplay="false"        start paused (also paused when the reader asks for reduced motion)
//   data-lang="pt-BR"            interface language, a BCP 47 tag (else the nearest [lang], the
//                                page's included); falls back pt-BR → pt → en (docs/words.md)
//   data-controls="false"        no buttons, toggles or sliders ("none" too); "compact": the menu and
//                                settings folded at every width (else unfolded from 480 px); or a list
//                                of parts: "play time menu settings" (▶ ← →, scrub bar, ⋯ menu, ⚙)
//   data-theme="light|dark|auto" colours; auto (default) follows the page's background, then the
//                                reader's prefers-color-scheme where the page allows dark
//   data-lifecycle="manual"      the viewer outlives its canvas leaving the document (until destroy())
//   data-inspector="true"        the inspector open from the start: the selected agent's pseudocode
//                                with its values, under the canvas or in the page's
//                                <div class="steerlab-inspector-slot" data-for="canvas-id">
//   data-chart                   the chart of the scenario's measures over time shown from the start
//                                (any value but "false"; boot.js loads www/chart.js for it)
//
// Colours: the CSS custom properties --sl-fg, --sl-muted, --sl-bg, --sl-border, --sl-accent,
// --sl-accent-fg, --sl-error (widget) and --sl-canvas, --sl-agent, --sl-grid, --sl-faint (canvas),
// set on any ancestor of the canvas (see www/steerlab.css).

/** A scenario: a built-in name, JSON text, or a scenario object (fields: reference/scenario-format.md). */
export type ScenarioInput = string | ScenarioObject;

/** A scenario object as in scenarios/*.json (name, world, agents, motion, behaviours, controls, …).
 *  `engine`: "standard" | "fast" | "gpu" | "auto". mount() steps "gpu" and "auto" on the CPU fast
 *  engine; boot.js (or `mountAuto` from www/gpu/mount.js, typed in www/gpu/mount.d.ts) hands such
 *  a canvas to the WebGPU engine where the browser offers WebGPU, and notes the fallback in the
 *  HUD where it does not. */
export interface ScenarioObject {
  [field: string]: unknown;
}

/** The value of a scenario parameter. */
export type ParamValue = number | boolean | string;

/** A point in world coordinates. */
export type Vec2 = [number, number];

/** What `Viewer.state()` returns (more fields appear for leader, queue and path scenarios). */
export interface ViewerState {
  /** Simulated seconds since the start (fixed steps of 1/60 s). */
  time: number;
  steps: number;
  seed: number;
  /** The random generator's state now (a 64-bit integer as text): where `v.code()` carries on from. */
  rng: string;
  /** Index of the selected agent, or null. */
  selected: number | null;
  /** `force`: the force the last step applied (standard engine, after the first step). */
  agents: { position: Vec2; velocity: Vec2; force?: Vec2 }[];
  obstacles: { center: Vec2; radius: number }[];
  food: Vec2[];
  metrics: {
    checks: number;
    naive_checks: number;
    mean_neighbours: number;
    polarisation: number;
    mean_nearest: number | null;
    mean_centroid_distance: number | null;
    /** The smallest distance between two agents (null with fewer than 2). */
    min_nearest: number | null;
    /** Agents linked by chains of neighbours within perception. */
    groups: number;
    food_eaten?: number;
    [metric: string]: number | null | undefined;
  };
  /** The scenario as it is now (after `set`), every field with its value. */
  scenario: ScenarioObject;
  waypoints?: Vec2[];
  [field: string]: unknown;
}

/** One contribution to the selected agent's steering, as the tutorials' pseudocode names it. */
export interface ExplainTerm {
  /** separation, alignment, cohesion, wander, flee, avoid, food, evade, follow, queue, waypoints, tube, edges … */
  rule: string;
  weight: number;
  /** Neighbours that counted (neighbour rules). */
  neighbours?: number;
  sum?: Vec2;
  mean?: Vec2;
  /** The desired velocity (`normalize(…) · max_speed`, or arrive's slowed one). */
  desired?: Vec2;
  /** `limit(desired − velocity, max_force)`. */
  steer: Vec2;
  /** `steer · weight`. */
  weighted: Vec2;
  /** What else the rule looked at: behind/ahead/in_ahead_zone (follow), blocker/brake (queue),
   * active/distance/arrive_radius (waypoints), prediction/projection/distance/outside (tube) … */
  [field: string]: unknown;
}

/**
 * `v.scene()` (issue 49, docs/accessibility.md): places are the nine parts of the world (0 top
 * left … 4 centre … 8 bottom right), headings eight directions as seen on screen (0 right, 2 up,
 * 4 left, 6 down), 8 not moving, 9 every which way.
 */
export interface Scene {
  agents: number;
  /** How many groups (agents linked by neighbours within perception); null for a big flock. */
  groups: number | null;
  /** The largest groups (at most 3): size, place, heading. */
  flock: [number, number, number][];
  polarisation: number;
  /** Roles and objects as drawn ("leader", "braking", "target", "waypoint", …): key, count, place of the first, its heading. */
  roles: [string, number, number, number][];
  /** The selected agent: index, place, heading. */
  selected: [number, number, number] | null;
}

/** `v.explain()`: the numbers behind the selected agent's next step. */
export interface Explain {
  agent: number;
  step: number;
  position: Vec2;
  velocity: Vec2;
  max_speed: number;
  max_force: number;
  terms: ExplainTerm[];
  /** The sum of the weighted terms, limited to max_force: the force the next step applies. */
  total: Vec2;
  /** Distance checks of the agent's flocking neighbour query. */
  checked?: number;
}

/** `detail` of `steerlab:change`. */
export interface ChangeDetail {
  /** The parameter path, as the control names it or as given to `set()`; "seed" for the new-seed button. */
  path: string;
  /** The value now in use, read back as `get(path)` would. */
  value: ParamValue | null;
  /**
   * "control": the viewer's own slider, toggle, select or button; "api": `set()`; "seek": `seek()`
   * or the ← key; "scrub": the scrub bar; "link": a link's inputs, replayed at mount; "replay":
   * stepping or playing (`step()`, the → and ▶ buttons) through the recorded future after a seek
   * back replayed a logged change. A seek, a scrub, a link or a replay reports each controlled
   * parameter the history replayed to another value. (`reset()` changes no parameter.)
   */
  source: "control" | "api" | "seek" | "scrub" | "link" | "replay";
}

/** `detail` of `steerlab:challenge`, fired (bubbling) on a `[data-challenge]` element by
 *  www/challenge.js: once when its condition is met, or when the condition is refused. */
export interface ChallengeDetail {
  element: Element;
  state: "done" | "error";
  /** When done: the simulation time (s) and step it was met at. */
  time?: number;
  step?: number;
  /** When refused: what is wrong, naming the field (`all[1].>=: must be a number, got "2"`). */
  message?: string;
}

/** A measure's id in `v.series()` (each is also a key of `state().metrics`, with the same number). */
export type MeasureId =
  | "polarisation" | "mean_nearest" | "min_nearest" | "mean_neighbours" | "groups"
  | "checks" | "naive_checks"
  | "throughput" | "overlaps"
  | "tube_distance" | "prediction_outside" | "path_distance" | "waypoint_index"
  | "target_distance" | "speed"
  | "quarry_distance" | "catches" | "mean_catch_time"
  | "prey_distance" | "caught";

/** A parameter change in `v.series()`: at `step`, `path` went from `from` to `to`. */
export interface SeriesMark {
  step: number;
  path: string;
  from: ParamValue | null;
  to: ParamValue | null;
  /** In the viewer's language: the control's label (else the rule's name) and the values, "alineación 1 → 0". */
  label: string;
}

/**
 * `v.series()`: the scenario's measures over time, sampled as the history first reaches a step
 * (every `every` steps), and the parameter changes. Columns: `step[i]`, `time[i]` (s) and
 * `values[id][i]` belong to sample `i` (`null`: not defined then, e.g. no agent). The samples
 * after `cursor` are the recorded future (after a seek back); a new input at the cursor replaces them.
 */
export interface Series {
  /** The scenario's measures, in order (flocking: polarisation, mean_nearest, min_nearest,
   *  mean_neighbours, groups — polarisation, mean_neighbours, checks on the fast engine or over 5000
   *  agents; the spatial hash: checks, naive_checks; queue: throughput, overlaps; …). */
  measures: MeasureId[];
  /** Steps between samples (15 = 0.25 s; doubled each time a long run thins out, over 2048 samples). */
  every: number;
  step: number[];
  time: number[];
  values: { [id: string]: (number | null)[] };
  marks: SeriesMark[];
  /** The viewer's step now. */
  cursor: number;
  /** The history's first and newest steps. */
  start: number;
  end: number;
  /** The viewer's language, a BCP 47 tag as the page gives it ("en", "es", "pt-BR"). */
  lang: string;
  /** Whether the chart is shown. */
  chart: boolean;
}

/** What www/chart.js gives a viewer so that its stills include the chart. */
export interface ChartPainter {
  height(width: number, series: Series): number;
  svg(width: number, series: Series): string;
  paint(ctx: CanvasRenderingContext2D, y: number, width: number, scale: number, series: Series): void;
}

/** `detail` of `steerlab:chart`. */
export interface ChartDetail {
  on: boolean;
}

/** `detail` of `steerlab:mounted`. */
export interface MountedDetail {
  viewer: Viewer;
}

/** `detail` of `steerlab:error`. */
export interface ErrorDetail {
  /** The same message mount() throws, naming the field (`behaviours[1].perception: must be > 0, got -3`). */
  message: string;
}

/** `v.history()`. */
export interface HistoryInfo {
  /** The current step. */
  step: number;
  /** The oldest step `seek` reaches (0 until the snapshot budget makes the history slide). */
  start: number;
  /** The newest step recorded. */
  end: number;
  /** Inputs logged (sets, pointer actions, …) since the history started. */
  inputs: number;
  /** Snapshots held, and their bytes (at most 16 MiB). */
  snapshots: number;
  bytes: number;
  /** Steps between snapshots. */
  every: number;
  /** True while a link's or `data-step`'s step is being reached (a few steps a frame). */
  restoring: boolean;
}

/** A mounted visualisation. Keep it to control the viewer; `destroy()` releases everything. */
export class Viewer {
  private constructor();
  /**
   * Free the JS handle (the viewer keeps running; `destroy()` ends it). The class also has
   * `[Symbol.dispose]()` doing the same, for `using` (not declared here: it needs TypeScript's
   * esnext.disposable library).
   */
  free(): void;
  play(): void;
  pause(): void;
  readonly playing: boolean;
  /** Advance `n` fixed steps (default 1, at most 1 000 000) without drawing. */
  step(n?: number | null): void;
  /** Draw the current state once. */
  render(): void;
  /** Back to the initial state with the current parameters and seed (fires no change event). */
  reset(): void;
  state(): ViewerState;
  /** The numbers behind the selected agent's next step; null when no agent is selected. */
  explain(): Explain | null;
  /** The scene as a description needs it (numbers and keys; `v.describe()` says it in words). */
  scene(): Scene;
  /**
   * Whether the inspector is open: the selected agent's rules as pseudocode, each line with its
   * value at the current step (what `explain()` returns), under the canvas or in the page's
   * `.steerlab-inspector-slot[data-for="canvas-id"]`. Setting it opens or closes it, as its button
   * in the bar does; opening with no agent selected selects one.
   */
  inspector: boolean;
  /**
   * Set a parameter by path ("separation.weight", "perception", "motion.max_speed",
   * "behaviours[1].weight", "seed" …). Throws an Error naming the path on a bad path or value.
   * Fires `steerlab:change` (source "api") when the value changed.
   */
  set(path: string, value: ParamValue): void;
  /** A parameter's value by path; throws the message `set` gives for a bad path. */
  get(path: string): ParamValue | null;
  /** Add a waypoint at world coordinates (path scenarios). */
  addWaypoint(x: number, y: number): void;
  /**
   * Show (`true`) or hide (`false`) the chart of the scenario's measures over time under the
   * canvas; without an argument only tells. Returns whether it is shown. Fires `steerlab:chart`;
   * boot.js then loads www/chart.js (first use only), which draws from `series()`.
   */
  chart(on?: boolean | null): boolean;
  /** The scenario's measures over time and the parameter changes (what the chart draws). */
  series(): Series;
  /** Set by www/chart.js while the chart is shown: stills (`still()`, "Save image") include it. */
  chartPainter: ChartPainter | null;
  /**
   * A still of the current frame, drawn from the canvas's draw list in its colours and language
   * (every agent, overlay, label and the force legend; the pixel agent layer as shapes). The still
   * is the world at its own size, at most 1280 px on its longer side. `"svg"`: the SVG document,
   * the same text `cargo run --example still -- <scenario> <step>` writes for the same state,
   * palette and language. `"png"`: a promise of a PNG Blob `scale` (default 1, at most 8192 px a
   * side) times the still's size. Throws an Error for another kind or a bad scale.
   */
  still(kind: "svg"): string;
  still(kind: "png", scale?: number): Promise<Blob>;
  /**
   * Go to a step of the history, backwards or forwards (clamped to `history().start` ..
   * `history().end`); returns the step reached. The state is the one the viewer had there.
   * Throws on a negative or non-finite step.
   */
  seek(step: number): number;
  /** Where the viewer is in its history, what it holds and whether a link's step is still being reached. */
  history(): HistoryInfo;
  /**
   * A URL fragment (`#sl.<canvas id or index>=1~flock~…`) that restores this viewer at this step,
   * bit for bit: its scenario, seed, parameters and every input so far. With `set` (parameters as
   * `data-set`'s JSON text: `'{"perception": 40}'`), a link to its start instead (step 0, no
   * inputs) with those parameters over the ones it started with (a challenge's solution).
   */
  link(set?: string): string;
  /**
   * Call `hook(step)` after each new state this viewer shows (a frame of the page's clock that
   * stepped, `step`, `seek`, `reset`, a change while paused, a redraw), once the viewer is free
   * again (it may call back into it). Nothing is called while the figure rests: follow a figure
   * with it rather than polling it every frame (www/challenge.js, www/chart.js do).
   */
  onStep(hook: (step: number) => void): void;
  /** Remove a hook `onStep` added. */
  offStep(hook: (step: number) => void): void;
  /**
   * An HTML snippet that mounts this scenario with its current parameters (and, when paused, at
   * this step): the canvas with `data-set` / `data-step`, the stylesheet and boot.js tags, naming
   * the package where this page loaded it from (`setPackagePath`).
   */
  embedCode(): string;
  /** Remove listeners, cancel the frame loop, disconnect observers, restore the canvas, free the memory. */
  destroy(): void;
  /** True once the viewer stopped after an internal error (its canvas shows it). */
  readonly failed: boolean;
  /** Frames drawn by the loop so far. */
  readonly frames: number;
  /** Whether the viewer waits for the page's next frame (the page has one frame loop). */
  readonly frameInFlight: boolean;
  /** Listeners and observers this viewer holds. */
  readonly listenerCount: number;
  /** The canvas it is mounted on. */
  readonly canvas: HTMLElement | undefined;
  /** The theme in use. */
  readonly theme: "light" | "dark";
  /** Read data-theme, the page's colours and the --sl-* variables again and repaint. */
  refreshTheme(): void;
}

/**
 * Mount a visualisation on `canvas`. Throws an Error with a readable message (also drawn on the
 * canvas, shown beside it as role="alert" text and fired as `steerlab:error`) when the scenario
 * is broken, and when the canvas already has a viewer (use `viewerFor(canvas)`, or `destroy()` it
 * first). Fires `steerlab:mounted` on the canvas before it returns. Mounting reads no layout: the
 * theme and the canvas size are read, and the first frame drawn, in the next animation frame before
 * it is painted (`render()` draws at once).
 */
export function mount(canvas: HTMLCanvasElement, scenario: ScenarioInput): Viewer;

/** Mount every `<canvas data-scenario>` on the page that has no viewer yet; returns the new viewers. */
export function autoMount(): Viewer[];

/** The viewer mounted on `canvas`, if any. */
export function viewerFor(canvas: HTMLCanvasElement): Viewer | undefined;

/** How many viewers are mounted and not destroyed on the page. */
export function liveViewers(): number;
/** Give the text of a built-in scenario (`scenarios/<name>.json`) to the module, which does not
 *  carry them: boot.js does it for each canvas before it mounts; code that skips boot.js does it
 *  before `mount(canvas, name)`. Throws for a name that is not a built-in. */
export function registerScenario(name: string, text: string): void;
/** The built-in scenario `mount(canvas, scenario)` would need and has not been given yet, or undefined. */
export function missingScenario(scenario: ScenarioInput): string | undefined;

/**
 * The module's side of the words (it holds no text of any language): boot.js gives it each
 * language's texts and number format. `data` is one string of fields joined with NUL: how the
 * language writes numbers (decimal, group, "1" or "2" for when grouping starts, minus, joined with
 * U+0001; "" for unchanged), then keys and texts. The module keeps the texts of the keys it shows.
 * Returns, joined with NUL, how many of those keys the words lack, then the keys it left (the
 * pages' scripts', which www/loader.js keeps). Authors call `addWords(tag, words)` of boot.js
 * (`window.steerlab.addWords`) instead.
 */
export function addWords(tag: string, data: string): string;

/**
 * Call `callback(timestamp)` in the page's next frame, with the viewers' (once, as
 * `requestAnimationFrame` does: ask again from the callback to keep going; a callback whose
 * frame is no longer wanted returns at once). A page has one frame loop, which stops when nothing
 * asks: the page's scripts that animate (the comparison, the GPU engine) use it.
 */
export function requestFrame(callback: (timestamp: number) => void): void;

/** One language's words: `"key": "text"` (docs/words.md, words/words.schema.json). */
export type Words = Record<string, string>;

/** What `checkWords` tells of a words file, against English. */
export interface WordsCheck {
  /** No extra keys, no wrong placeholders, no values that are not texts (missing keys are allowed). */
  ok: boolean;
  /** Keys English has and this file lacks (English shows for them). */
  missing: string[];
  /** Keys English does not have (unused). */
  extra: string[];
  /** Texts whose `{placeholders}` differ from English's. */
  placeholders: { key: string; expected: string[]; got: string[] }[];
  /** Keys whose value is not a string. */
  invalid: string[];
}

/** Show `message` on `canvas` as a failed mount does (the picture, an alert beside it, the console,
 *  a `steerlab:error` event); a canvas with a viewer is left alone. boot.js uses it for a
 *  `data-scenario-src` that could not be fetched. */
export function refuse(canvas: HTMLCanvasElement, message: string): void;

/** Where snippets (the Embed dialog, `embedCode()`) say the package is: the path the page loaded
 *  it from, e.g. "/blog/steerlab/" (boot.js calls it with the folder above its `www/`; until
 *  then "/steerlab/"), and the query they write after its files (boot.js's own, `?v=<build>`). */
export function setPackagePath(path: string, query?: string | null): void;

/**
 * A simulation without a canvas, for tools outside a page (`npx steerlab validate` proves a
 * challenge solvable with it in Node): it starts as a canvas with these `data-scenario`,
 * `data-set` and `data-seed` does, and its `set`, `reset` and `step` go the viewer's way, so it
 * runs the page's trajectory step for step. Throws the message a mount would show.
 */
export class Run {
  constructor(scenario: ScenarioInput, set?: string | null, seed?: number | null);
  /** Free the WebAssembly memory it holds (also `[Symbol.dispose]()`, as Viewer's). */
  free(): void;
  /** Set a parameter by path, as `Viewer.set` (a bad path or value throws). */
  set(path: string, value: number | boolean | string): void;
  /** A parameter's value by path, as `Viewer.get`. */
  get(path: string): unknown;
  /** Back to the first step, the parameters kept (`Viewer.reset`). */
  reset(): void;
  /** `n` fixed steps of 1/60 s (default 1). */
  step(n?: number | null): void;
  /** What a challenge reads: the time, the steps, how many agents, and `state().metrics`. */
  measures(): { time: number; steps: number; agents: number; metrics: Record<string, number | null> };
}

/** Check a scenario without mounting it: null when valid, else the message mount() would throw:
 *  every mistake, one a line, each `path: reason` (at most 20, then `… and N more`), e.g.
 *  `behaviours[0].weight: invalid type: string "2", expected a number`. What each means:
 *  reference/errors.md. */
export function validate(scenario: ScenarioInput): string | null;

/** Installs the panic boundary; run by the module itself when it is initialised (do not call it). */
export function start(): void;

/** What `init` resolves to: the WebAssembly instance's exports. */
export interface InitOutput {
  readonly memory: WebAssembly.Memory;
  readonly [name: string]: unknown;
}

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/**
 * Load and instantiate the WebAssembly module (by default steerlab_bg.wasm next to steerlab.js).
 * Call once before anything else; boot.js does it for you.
 */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<InitOutput>;

/** Instantiate synchronously from compiled or raw module bytes. */
export function initSync(module: { module: WebAssembly.Module | BufferSource } | WebAssembly.Module | BufferSource): InitOutput;

/** `window.steerlab`, set by boot.js once the module is ready and the page's canvases are mounted. */
export interface SteerlabGlobal {
  readonly default: typeof init;
  readonly initSync: typeof initSync;
  readonly mount: typeof mount;
  readonly autoMount: typeof autoMount;
  readonly viewerFor: typeof viewerFor;
  readonly liveViewers: typeof liveViewers;
  readonly validate: typeof validate;
  readonly start: typeof start;
  readonly registerScenario: typeof registerScenario;
  readonly missingScenario: typeof missingScenario;
  readonly refuse: typeof refuse;
  readonly setPackagePath: typeof setPackagePath;
  readonly requestFrame: typeof requestFrame;
  /**
   * boot.js's one loader (www/loader.js): mount the figure on `canvas` from any source — a built-in's
   * name, JSON text, a scenario object, `{ src: url }` (JSON at a URL, relative to the page) —
   * fetching what it needs and its words first, never synchronously; `data-compare` makes it a
   * comparison, `"engine": "gpu"` hands it to the GPU engine. Resolves to the viewer (a
   * comparison's: the comparison); rejects with the message the figure shows, once (a failed
   * fetch names the URL and why: `data-scenario-src: could not load /x.json: HTTP 404 Not Found`).
   * Default source: the canvas's own (`data-scenario-src`, `data-scenario-json`, `data-scenario`).
   */
  readonly load: (canvas: HTMLCanvasElement, source?: ScenarioInput | { src: string }) => Promise<Viewer>;
  readonly Run: typeof Run;
  /** boot.js: fetch a built-in scenario's file (`scenarios/<name>.json`) if the module has not
   *  got it yet, without blocking (`load` does it itself). `mount` through this object, which is
   *  synchronous, fetches a built-in no canvas of the page asked for with one synchronous
   *  request: use `load`. */
  readonly loadScenario: (scenario: ScenarioInput) => Promise<void>;
  /** boot.js: add or override words of a language (BCP 47 tag), before or after mounting: figures
   *  on screen write their words again; fires `steerlab:words` on the document. Returns the tag in
   *  lower case. Throws for a tag that is none or words that are not an object. */
  readonly addWords: (tag: string, words: Words) => string;
  /** boot.js: a language's words from a hosted JSON file, fetched when a canvas needs the language
   *  (now if one already did). */
  readonly loadWords: (tag: string, url: string | URL) => Promise<void>;
  /** boot.js: fetch what a canvas's language (or a tag's) needs, once; mount after it to have the
   *  words in the first frame (words that come later are written in as they come). */
  readonly ensureWords: (canvasOrTag: Element | string) => Promise<void>;
  /** boot.js: a canvas's language: its data-lang, else the closest [lang], else "en". */
  readonly langOf: (el: Element) => string;
  /** boot.js: check a words file against English (www/check-words.js, loaded on first use). */
  readonly checkWords: (words: Words) => Promise<WordsCheck>;
  /** boot.js: `load(canvas, { src: url })` (the older name). */
  readonly mountFrom: (canvas: HTMLCanvasElement, url: string) => Promise<Viewer>;
  readonly Viewer: typeof Viewer;
  /** Resolved (boot.js's `ready`). */
  readonly ready: Promise<SteerlabGlobal>;
  /** The package's version, as in its package.json ("0.2.1"). */
  readonly version: string;
}

declare global {
  interface Window {
    /** Set by boot.js after the module is initialised and the page's canvases are mounted. */
    steerlab?: SteerlabGlobal;
  }
  interface DocumentEventMap {
    /** boot.js: words were added for a language (`addWords`, a words file): `detail.tag`. */
    "steerlab:words": CustomEvent<{ tag: string }>;
  }
  interface WindowEventMap {
    /** boot.js: the module is ready and every `<canvas data-scenario>` is mounted. */
    "steerlab:ready": CustomEvent<SteerlabGlobal>;
  }
  interface HTMLElementEventMap {
    /** On a canvas: its viewer exists (bubbles). */
    "steerlab:mounted": CustomEvent<MountedDetail>;
    /** On a canvas: mounting failed (bubbles). */
    "steerlab:error": CustomEvent<ErrorDetail>;
    /** On a canvas: a parameter changed (bubbles). */
    "steerlab:change": CustomEvent<ChangeDetail>;
    /** On a `[data-challenge]` element: met or refused (bubbles; www/challenge.js). */
    "steerlab:challenge": CustomEvent<ChallengeDetail>;
    /** On a canvas: its chart was shown or hidden (bubbles). */
    "steerlab:chart": CustomEvent<ChartDetail>;
    /** On a canvas: its Code button was pressed (bubbles; boot.js opens the code view). */
    "steerlab:code": CustomEvent<null>;
  }
}
