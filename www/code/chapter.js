// The chapters' "Implementation" sections (issue #36): each `<div class="code-listing"
// data-code="flock">` shows the built-in scenario `flock` as code, with its defaults (the state of a
// fresh canvas, ./states/flock.json), from the same exporter as the canvas's Code button
// (./export.js), with a switch between Unity (C#), JavaScript and Rust. Loaded by ../chapter.js
// when such a section comes near the viewport; comments in the page's language.
import { code } from "./export.js";
import { langOf } from "./dialog.js";

const states = new Map();
function stateOf(name) {
  if (!states.has(name)) {
    states.set(
      name,
      fetch(new URL(`./states/${encodeURIComponent(name)}.json`, import.meta.url)).then((r) => {
        if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
        return r.json();
      }),
    );
  }
  return states.get(name);
}

async function show(box, target) {
  const out = box.querySelector("pre code") ?? box.querySelector("pre");
  for (const b of box.querySelectorAll("button[data-target]")) b.setAttribute("aria-pressed", String(b.dataset.target === target));
  try {
    out.textContent = await code(await stateOf(box.dataset.code), target, { lang: langOf(box) });
    box.dataset.shown = target;
  } catch (e) {
    out.textContent = String(e.message ?? e);
  }
}

/** Fill every listing of the page (each once) and wire its switch. */
export function fill(doc = document) {
  for (const box of doc.querySelectorAll(".code-listing[data-code]:not([data-ready])")) {
    box.setAttribute("data-ready", "");
    box.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-target]");
      if (b) show(box, b.dataset.target);
    });
    for (const b of box.querySelectorAll("button[data-target]")) b.disabled = false;
    show(box, box.querySelector('button[aria-pressed="true"]')?.dataset.target ?? "unity");
  }
}
