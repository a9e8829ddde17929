// Types for steerlab/react: the <SteerLab> component (react.js). Needs React 18 or later.
import type { ComponentProps, JSX as ReactJSX } from "react";
import type { ScenarioInput, ParamValue, Viewer } from "./steerlab.js";
import type { SteerLabAttributes } from "./www/steer-lab.js";

export interface SteerLabProps extends Omit<ComponentProps<"div">, "ref" | "children" | "onError"> {
  /** A built-in name ("flock", "queue" …), scenario JSON text or a scenario object. Default "flock". */
  scenario?: ScenarioInput;
  /** A URL of scenario JSON (relative to the page), fetched then checked like `scenario`; a failed
   *  fetch is shown on the canvas and given to `onError`. Takes the place of `scenario`. */
  src?: string;
  /** Seed of the random numbers (overrides the scenario's). */
  seed?: number | string;
  /** Colours: "auto" (default) follows the page's background. */
  theme?: "light" | "dark" | "auto";
  /** Interface language, a BCP 47 tag ("pt-BR": its words, else pt's, else English's; else the
   *  nearest `lang` attribute, else the page's). */
  lang?: string;
  /** `false` hides the buttons and sliders. */
  /** `data-controls`: true/false, "compact", or a list of parts ("play time menu settings"). */
  controls?: boolean | "true" | "false" | "compact" | "none" | (string & {});
  /** `false` starts paused. */
  autoplay?: boolean | "true" | "false";
  /** Parameters to set after mounting ({"separation.weight": 2}); applied again when they change. */
  set?: Record<string, ParamValue>;
  /** Called with the viewer after each mount. */
  onReady?: (viewer: Viewer) => void;
  /** Called with the message when the scenario is refused (the canvas shows it too). */
  onError?: (message: string) => void;
}

/** A steerlab visualisation: mounts on effect, destroys on cleanup (StrictMode-safe). */
export function SteerLab(props: SteerLabProps): ReactJSX.Element;
export default SteerLab;

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** The <steer-lab> element (steerlab/www/steer-lab.js). */
      "steer-lab": SteerLabAttributes & ComponentProps<"div">;
    }
  }
}
