// The chapters' "Implementation" sections (issue #36): each `<div class="code-listing"
// data-code="flock">` shows the built-in scenario `flock` as code, with its defaults (the state of a
// fresh canvas, ./states/flock.json), from the same exporter as the canvas's Code button
// (./export.js), with a switch between Unity (C#), JavaScript and Rust. Loaded by ../chapter.js
// when such a section comes near the viewport; comments in the page's language.
//
// A listing never swallows the page (issue 45): it is no scroll box of its own. It shows its first
// screenful (an excerpt, faded at the foot) with "Show all N lines", which opens it in the
// article at full length (and "Show less" at its foot closes it again, keeping the reader's
// place), and "Download" (the whole file). Long lines wrap rather than run off the side, each
// wrapped part indented under its line (a hanging indent, `--i` the line's own indentation):
// every character is read by scrolling the page down, and a sideways swipe has nothing to catch.
//
// The excerpt starts at the behaviours (issue 55): a program opens with its licence, its notes,
// its imports and the parameters of a whole world, and the reader came for the steering. Closed,
// a listing shows its licence's line (SPDX) and then, after a ⋮, the first behaviour's part (its
// comment, then `class Separation`, `const separation = {`, `pub struct Separation`); opened, all
// of it. The program itself (copied, downloaded) is always whole.
import { code, fileName } from "./export.js";
import { camel } from "./model.js";
import { langOf } from "./dialog.js";
import { t } from "../words.js";

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

/** The text as one block per line (the line's indentation in `--i`, for the hanging indent). */
function lines(doc, text) {
  const out = doc.createDocumentFragment();
  for (const line of text.replace(/\n$/, "").split("\n")) {
    const l = doc.createElement("span");
    l.className = "code-line";
    const indent = /^[ \t]*/.exec(line)[0].replace(/\t/g, "    ").length;
    if (indent) l.style.setProperty("--i", String(indent));
    l.textContent = `${line}\n`;
    out.append(l);
  }
  return out;
}

let ids = 0;

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The line where the behaviours' part of a program starts (0 when it is not found): the first
 *  definition of one of `kinds` (a class, struct or object named for it), with the comments and
 *  attributes right above it. */
export function behaviourStart(text, kinds) {
  const lines = text.split("\n");
  const names = [...new Set(kinds.flatMap((k) => [camel(k), k]))].map(escape);
  if (!names.length) return 0;
  const def = new RegExp(`^\\s*(?:pub(?:\\([a-z]+\\))?\\s+|public\\s+)?(?:class|struct|const)\\s+(?:${names.join("|")})\\b`);
  let at = lines.findIndex((l) => def.test(l));
  if (at <= 0) return 0;
  while (at > 0 && /^\s*(\/\/|#|\[)/.test(lines[at - 1])) at--;
  return at;
}

/** Closed, the listing shows its licence's line and the behaviours (`behaviourStart`): the
 *  lines between are marked to be folded. */
function excerpt(out, kinds) {
  const lines = [...out.children];
  const text = lines.map((l) => l.textContent).join("");
  const start = behaviourStart(text, kinds);
  if (start < 2) return;
  const licence = lines.slice(0, 20).findIndex((l) => /SPDX-License-Identifier/.test(l.textContent));
  lines.forEach((l, k) => l.classList.toggle("code-head", k < start && k !== licence));
  if (licence >= 0) lines[licence].classList.add("code-gap");
}

/** The bar under a listing: show all / show less, and download. */
function more(box, lang) {
  const pre = box.querySelector("pre");
  pre.id ||= `code-listing-${++ids}`;
  const bar = box.ownerDocument.createElement("p");
  bar.className = "code-more";
  const all = box.ownerDocument.createElement("button");
  all.type = "button";
  all.dataset.more = "toggle";
  all.setAttribute("aria-expanded", "false");
  all.setAttribute("aria-controls", pre.id);
  const down = box.ownerDocument.createElement("button");
  down.type = "button";
  down.dataset.more = "download";
  down.textContent = t("code.dialog.download", lang);
  bar.append(all, down);
  pre.after(bar);
  return bar;
}

/** Open or close the whole listing. Closing from its foot keeps the bar under the reader's
 *  finger (the page scrolls up by what the listing lost), so the text after it is where it was. */
function toggle(box, lang) {
  const open = !box.classList.contains("is-open");
  const bar = box.querySelector(".code-more");
  const y = bar.getBoundingClientRect().top;
  box.classList.toggle("is-open", open);
  label(box, lang);
  if (!open) window.scrollBy({ top: bar.getBoundingClientRect().top - y, behavior: "instant" });
}

function label(box, lang) {
  const b = box.querySelector('[data-more="toggle"]');
  const open = box.classList.contains("is-open");
  b.setAttribute("aria-expanded", String(open));
  b.textContent = open ? t("page.code.less", lang) : t("page.code.all", lang, { n: Number(box.dataset.lines ?? 0) });
  // A listing that fits its excerpt has nothing to open.
  b.hidden = !open && box.dataset.fits === "true";
}

function download(box) {
  const text = box.querySelector("pre").textContent;
  const doc = box.ownerDocument;
  stateOf(box.dataset.code).then((state) => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = doc.createElement("a");
    a.href = url;
    a.download = fileName(state, box.dataset.shown);
    doc.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
}

async function show(box, target) {
  const lang = langOf(box);
  const out = box.querySelector("pre code") ?? box.querySelector("pre");
  for (const b of box.querySelectorAll("button[data-target]")) b.setAttribute("aria-pressed", String(b.dataset.target === target));
  try {
    const state = await stateOf(box.dataset.code);
    const text = await code(state, target, { lang });
    out.replaceChildren(lines(box.ownerDocument, text));
    excerpt(out, (state.scenario?.behaviours ?? []).map((b) => b.type));
    box.dataset.shown = target;
    box.dataset.lines = String(out.children.length);
  } catch (e) {
    out.textContent = String(e.message ?? e);
    box.dataset.lines = "1";
  }
  // Whether the excerpt already shows all of it (its box is as tall as the text).
  const pre = box.querySelector("pre");
  box.dataset.fits = String(box.classList.contains("is-open") || pre.querySelector(".code-head") ? false : pre.scrollHeight <= pre.clientHeight + 1);
  label(box, lang);
}

/** Fill every listing of the page (each once) and wire its switch. */
export function fill(doc = document) {
  for (const box of doc.querySelectorAll(".code-listing[data-code]:not([data-ready])")) {
    const lang = langOf(box);
    box.setAttribute("data-ready", "");
    more(box, lang);
    box.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-target], button[data-more]");
      if (!b) return;
      if (b.dataset.target) show(box, b.dataset.target);
      else if (b.dataset.more === "toggle") toggle(box, lang);
      else download(box);
    });
    for (const b of box.querySelectorAll("button[data-target]")) b.disabled = false;
    show(box, box.querySelector('button[aria-pressed="true"]')?.dataset.target ?? "unity");
  }
}
