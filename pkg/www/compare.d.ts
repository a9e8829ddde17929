// Types for www/compare.js: side-by-side views in lockstep (issue 35). boot.js imports it by itself
// for a `<canvas data-compare='{"path": value}'>`.
import type { Viewer } from "../steerlab.js";

export interface Compare {
  /** The view as written (on the page's canvas) and the one with the change. */
  readonly a: Viewer;
  readonly b: Viewer;
  readonly playing: boolean;
  play(): void;
  pause(): void;
  /** Both views `n` fixed steps on, then drawn. */
  advance(n: number): void;
  /** Both views at `step` (clamped to what both histories hold); returns the step reached. */
  seek(step: number): number;
  reset(): void;
  /** Stop and destroy both viewers. */
  destroy(): void;
}

/** The compare whose first canvas is `canvas` (once mounted). */
export function compareFor(canvas: HTMLCanvasElement): Compare | undefined;
/** What boot.js calls: builds the two views around `canvas` and mounts them. */
export function mountCompare(steerlab: { mount(canvas: HTMLCanvasElement, scenario: unknown): Viewer }, canvas: HTMLCanvasElement, scenario: unknown): Compare | null;
