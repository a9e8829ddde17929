// The example article's own script (/www/embed.html, from pages/en/embed.html): a slider that
// belongs to the page and follows the viewer's built-in one, and drives it in turn.
import { ready } from "./boot.js";

const steerlab = await ready;
const canvas = document.getElementById("shy");
const viewer = steerlab.viewerFor(canvas);
const slider = document.getElementById("page-sep");
const shown = document.getElementById("page-sep-value");
const PATH = "separation.sep_dist";

if (viewer) {
  const show = (value) => {
    slider.value = String(value);
    shown.textContent = String(value);
  };
  show(viewer.get(PATH));
  // The viewer's slider (or anyone's set()) moved the parameter: follow it. Setting an input's
  // value from script fires no `input` event, so the two sliders never loop.
  canvas.addEventListener("steerlab:change", (e) => {
    if (e.detail.path === PATH) show(e.detail.value);
  });
  // The reader moved this page's slider: drive the viewer (its own slider follows).
  slider.addEventListener("input", () => viewer.set(PATH, slider.valueAsNumber));
} else {
  slider.disabled = true;
}
