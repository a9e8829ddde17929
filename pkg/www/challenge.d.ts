// Types for www/challenge.js: challenges the simulation checks (issue 35). boot.js imports it by
// itself when a page has an element with `data-challenge`; import it yourself to drive or test one.
import type { Viewer, ChallengeDetail } from "../steerlab.js";

/** A comparison of one measure (`state().metrics`, `groups` among them, or `time`, `agents`) or one parameter. */
export type Test =
  | ({ measure: string } & Comparison)
  | ({ param: string } & Comparison);
type Comparison = { ">=": number } | { "<=": number } | { ">": number } | { "<": number } | { "==": number };
/** A condition: a test, or every one / any one of a list. */
export type Condition = Test | { all: Condition[] } | { any: Condition[] };
/** What `data-challenge` holds: a condition with, at the top, how long it must hold (`for`, seconds
 *  of simulation time), from when it counts (`after`) and before when it must be met (`within`). */
export type ChallengeCondition = Condition & { for?: number; after?: number; within?: number };

export type ChallengeState = "waiting" | "trying" | "holding" | "done" | "late" | "error";

/** `detail` of the bubbling `steerlab:challenge` event (declared with the others in steerlab.d.ts). */
export type ChallengeEventDetail = ChallengeDetail;

export interface Challenge {
  readonly el: Element;
  readonly canvas: HTMLCanvasElement | null;
  readonly viewer: Viewer | null;
  readonly state: ChallengeState;
  readonly condition: ChallengeCondition;
  /** The refusal's message when `state` is "error". */
  readonly error: string | null;
  /** Read the canvas's measures now and update the verdict. */
  check(): ChallengeState;
  /** Start again: the canvas at step 0 with its current settings, playing; the verdict cleared. */
  reset(): void;
  /** Forget the verdict and the count, the canvas left as it is. */
  clear(): void;
  /** Apply `data-solution`'s parameters from step 0. */
  solve(): void;
}

/** null when the condition is well formed, else a message naming the field. */
export function validate(condition: unknown): string | null;
/** The controller of a `[data-challenge]` element (made on first call). */
export function attach(el: Element): Challenge;
export function controllerFor(el: Element): Challenge | undefined;
/** Every `[data-challenge]` under `root`. */
export function attachAll(root?: ParentNode): Challenge[];
