// Types for www/steer-lab.js: the <steer-lab> element (it imports boot.js itself).
// Attributes: scenario (built-in name or JSON text) or src (a URL of scenario JSON), seed, autoplay ("false"), lang (a BCP 47 tag: "pt-BR"),
// controls ("false"), theme ("light" | "dark" | "auto"); the last five become the inner canvas's
// data-* attributes. Events of the inner canvas (steerlab:mounted, steerlab:change …) bubble to it.
import type { Viewer } from "../steerlab.js";

/** The attributes of <steer-lab>, for JSX (React's typing is in steerlab/react). */
export interface SteerLabAttributes {
  /** A built-in name ("flock", "queue" …) or scenario JSON text. */
  scenario?: string;
  /** A URL of scenario JSON, fetched then checked like `scenario` (as a canvas's data-scenario-src). */
  src?: string;
  seed?: number | string;
  autoplay?: "true" | "false" | boolean;
  lang?: string;
  controls?: "true" | "false" | boolean;
  theme?: "light" | "dark" | "auto";
}

declare global {
  interface SteerLabElement extends HTMLElement {
    /** The underlying viewer, or null before it is mounted (or after a failed mount). */
    readonly viewer: Viewer | null;
  }
  interface HTMLElementTagNameMap {
    "steer-lab": SteerLabElement;
  }
  /** JSX typing for frameworks with a global JSX namespace (Preact, Solid, React's older types). */
  namespace JSX {
    interface IntrinsicElements {
      "steer-lab": SteerLabAttributes & { [attribute: string]: unknown };
    }
  }
}
