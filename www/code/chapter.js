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
import { code, fileName } from "./export.js";
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
    const text = await code(await stateOf(box.dataset.code), target, { lang });
    out.replaceChildren(lines(box.ownerDocument, text));
    box.dataset.shown = target;
    box.dataset.lines = String(out.children.length);
  } catch (e) {
    out.textContent = String(e.message ?? e);
    box.dataset.lines = "1";
  }
  // Whether the excerpt already shows all of it (its box is as tall as the text).
  const pre = box.querySelector("pre");
  box.dataset.fits = String(box.classList.contains("is-open") ? false : pre.scrollHeight <= pre.clientHeight + 1);
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
