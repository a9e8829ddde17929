// Types for www/gpu/mount.js: the GPU engine's viewer (issue 37). boot.js imports it by itself
// for canvases whose scenario says `"engine": "gpu"` or `"auto"`; pages that call mount()
// themselves use mountAuto() instead to get the same choice.
import type { SteerlabGlobal, ScenarioInput, Viewer } from "../../steerlab.js";

/** The GPU engine's viewer: the stress scenario's rules stepped by WebGPU compute shaders, the
 *  boids drawn from the GPU's buffers. */
export interface GpuViewer {
  readonly engine: "gpu";
  /** The adapter WebGPU gave (vendor, architecture, description; empty strings where hidden). */
  readonly adapter: { vendor: string; architecture: string; description: string };
  readonly canvas: HTMLCanvasElement;
  readonly playing: boolean;
  play(): void;
  pause(): void;
  /** `n` fixed steps (1/60 s each) in one submit, then a frame. */
  step(n?: number): void;
  render(): void;
  /** `agents.count` (a new seeded spawn, the CPU's) or a rule's weight, e.g. `"separation.weight"`. */
  set(path: string, value: number): Promise<void>;
  get(path: string): number | undefined;
  reset(): void;
  /** The HUD line, e.g. "GPU engine (WebGPU) · 60 fps · step 0.41 ms · 20000 agents". */
  hudText(): string;
  /** The last measured step time in ms (NaN before the first). */
  stepMs(): number;
  /** Stops, frees the GPU buffers and puts the canvas back. */
  destroy(): void;
}

/** `mount()`, then for `"engine": "gpu"`/`"auto"` the GPU viewer where WebGPU is available (the
 *  wasm viewer on the CPU fast engine otherwise, with a HUD line naming the fallback). */
export function mountAuto(steerlab: SteerlabGlobal, canvas: HTMLCanvasElement, scenario: ScenarioInput): Promise<Viewer | GpuViewer>;

/** Hand a mounted wasm viewer's canvas to the GPU engine when WebGPU is available (resolves to
 *  the GPU viewer), else note the fallback in its HUD (resolves to null). */
export function takeOver(steerlab: SteerlabGlobal, canvas: HTMLCanvasElement, viewer: Viewer): Promise<GpuViewer | null>;

/** The GPU viewer running on `canvas`, or null. */
export function gpuViewerFor(canvas: HTMLCanvasElement): GpuViewer | null;
