// <SteerLab scenario="flock" />: a React component around steerlab's mount/destroy (the package's
// "steerlab/react" entry). Plain JavaScript, no JSX: nothing to compile. Needs React 18 or later.
//
//   import { SteerLab } from "steerlab/react";
//   <SteerLab scenario="queue" seed={7} theme="dark" lang="es" set={{ "separation.weight": 2 }} />
//   <SteerLab src="/posts/mine.json" />     (a URL of scenario JSON, as data-scenario-src)
//
// - StrictMode-safe: each effect mounts a canvas of its own and its cleanup destroys that viewer,
//   so React's mount-unmount-mount in development leaves exactly one live viewer.
// - Server rendering: renders an empty <div>; nothing runs until the effect does, in the browser.
// - `scenario`, `seed`, `theme`, `lang`, `controls`, `autoplay` mount a new viewer when they change;
//   `set` ({path: value}) is applied after the mount and again whenever its contents change.
// - `onReady(viewer)` after each mount, `onError(message)` when the scenario is refused.
import { createElement, useEffect, useRef } from "react";
import { ready } from "./www/boot.js";

const ATTRIBUTES = ["seed", "theme", "lang", "controls", "autoplay"];

function applySet(viewer, set, onError) {
  if (!viewer || !set) return;
  for (const [path, value] of Object.entries(set)) {
    try {
      viewer.set(path, value);
    } catch (e) {
      if (onError) onError(e instanceof Error ? e.message : String(e));
      else console.error(e);
    }
  }
}

export function SteerLab(props) {
  const { scenario = "flock", src, seed, theme, lang, controls, autoplay, set, onReady, onError, ...rest } = props;
  for (const k of ATTRIBUTES) delete rest[k];
  const host = useRef(null);
  const viewer = useRef(null);
  const latest = useRef(props);
  latest.current = props;
  const scenarioKey = src ? `src:${src}` : typeof scenario === "string" ? scenario : JSON.stringify(scenario);
  const setKey = set ? JSON.stringify(set) : "";

  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    let live = true;
    let v = null;
    const canvas = document.createElement("canvas");
    const p = latest.current;
    for (const k of ATTRIBUTES) {
      if (p[k] !== undefined && p[k] !== null) canvas.setAttribute(`data-${k}`, String(p[k]));
    }
    el.appendChild(canvas);
    const failed = (e) => latest.current.onError?.(e instanceof Error ? e.message : String(e));
    // Through the one loader (www/loader.js): `src` (a URL) or a name, text or object; its words
    // first (they are then in its first frame); a failure is shown in the figure.
    ready.then((sl) => (live ? sl.load(canvas, p.src ? { src: p.src } : p.scenario ?? "flock") : null)).then(
      (mounted) => {
        if (!mounted) return;
        if (!live) return void mounted.destroy();
        v = mounted;
        viewer.current = v;
        applySet(v, latest.current.set, latest.current.onError);
        latest.current.onReady?.(v);
      },
      // (load has drawn the message on the canvas and fired steerlab:error.)
      (e) => live && failed(e),
    );
    return () => {
      live = false;
      if (viewer.current === v) viewer.current = null;
      v?.destroy();
      canvas.remove();
    };
  }, [scenarioKey, seed, theme, lang, controls, autoplay]);

  useEffect(() => {
    applySet(viewer.current, latest.current.set, latest.current.onError);
  }, [setKey]);

  return createElement("div", { ...rest, ref: host, className: ["steerlab-react", rest.className].filter(Boolean).join(" ") });
}

export default SteerLab;
