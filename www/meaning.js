// What a measure means (issue 35): a one-line meaning with its formula, in the reader's language,
// in a tooltip popover next to the button that names the measure. Reachable by hover (a mouse),
// focus (the keyboard) and tap (touch: a tap pins it, a second tap or a tap elsewhere or Escape
// closes it). Loaded on first use: www/boot.js imports it when a readout's "?" button
// (`[data-meanings]`, its measures in `data-measures`, its readout in `data-readout`) is first
// pointed at, focused or tapped; www/chart.js uses it for the chart's measure names.
//
// The words are the words files' `meaning.*` keys (www/words.js): `meaning.<readout>.<id>` when
// a readout's item means something of its own there (the distance of `seek` is not the one of
// `evade`), else `meaning.<id>`.

import { t, has } from "./words.js";

let tip = null;
let owner = null;
let pinned = false;

function tipEl() {
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "steerlab-tip";
    tip.id = "steerlab-tip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    // A tap or click elsewhere closes a pinned tip; Escape closes any.
    document.addEventListener("pointerdown", (e) => owner && !owner.contains(e.target) && !tip.contains(e.target) && hide(), true);
    document.addEventListener("keydown", (e) => e.key === "Escape" && owner && hide());
  }
  if (!tip.isConnected) document.body.append(tip);
  return tip;
}

/** The meanings of `ids` in `lang`: `[[id, text]]` (ids without one are left out). */
export function meanings(ids, lang, kind) {
  const out = [];
  for (const id of ids) {
    const key = kind && has(`meaning.${kind}.${id}`, lang) ? `meaning.${kind}.${id}` : `meaning.${id}`;
    if (has(key, lang)) out.push([id, t(key, lang)]);
  }
  return out;
}

function show(el, ids, lang, kind) {
  const tp = tipEl();
  const lines = meanings(ids, lang, kind);
  if (!lines.length) return;
  if (owner && owner !== el) hide();
  tp.lang = lang;
  tp.replaceChildren(
    ...lines.map(([id, text]) => {
      const p = document.createElement("p");
      p.dataset.measure = id;
      p.textContent = text;
      return p;
    }),
  );
  tp.classList.toggle("steerlab-dark", !!el.closest(".steerlab-dark"));
  tp.hidden = false;
  owner = el;
  el.setAttribute("aria-describedby", tp.id);
  el.setAttribute("aria-expanded", "true");
  // Under the button (above it near the bottom of the window), inside the window's width.
  const r = el.getBoundingClientRect();
  const w = Math.min(360, innerWidth - 16);
  tp.style.width = `${w}px`;
  tp.style.left = `${Math.max(8, Math.min(r.left, innerWidth - w - 8))}px`;
  const below = r.bottom + 6;
  tp.style.top = `${below}px`;
  const h = tp.offsetHeight;
  if (below + h > innerHeight - 8 && r.top - h - 6 > 8) tp.style.top = `${r.top - h - 6}px`;
}

function hide() {
  if (tip) tip.hidden = true;
  if (owner) {
    owner.removeAttribute("aria-describedby");
    owner.setAttribute("aria-expanded", "false");
  }
  owner = null;
  pinned = false;
}

const attached = new WeakSet();

/** Make `el` explain the measures `ids()` names (in `lang`, or `lang()` read at each opening;
 *  `kind()`: its readout): hover, focus and tap. `first`: the event that loaded this module,
 *  acted on now. */
export function explain(el, ids, lang, kind = () => undefined, first = null) {
  if (attached.has(el)) return;
  attached.add(el);
  el.setAttribute("aria-expanded", "false");
  const open = () => show(el, ids(), typeof lang == "function" ? lang() : lang, kind());
  el.addEventListener("pointerenter", (e) => e.pointerType === "mouse" && open());
  el.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && !pinned && owner === el && hide());
  el.addEventListener("focus", open);
  // The focus leaving closes it, pinned or not (a tap pins it; Tab moves on).
  el.addEventListener("blur", () => owner === el && hide());
  el.addEventListener("click", () => {
    if (owner === el && pinned) return hide();
    open();
    pinned = true;
  });
  if (first === "click") {
    open();
    pinned = true;
  } else if ((first === "focusin" && el === document.activeElement) || (first === "pointerover" && el.matches(":hover"))) open();
}

/** A readout's "?" button (`[data-meanings]`). */
export function readout(button, first) {
  // (Read at each opening: words added for the viewer's language change its `lang`.)
  const lang = () => button.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang || "en";
  const ids = () => (button.dataset.measures || "").split(" ").filter(Boolean);
  explain(button, ids, lang, () => button.dataset.readout, first);
}
