// The canvas's "Code" dialog (issues #36, #48, 59), loaded on first use: the scenario with its
// current parameters as a program for Unity (C#), Godot 4 or 3, JavaScript or Rust (one file, or
// on the steerlab-core crate) (./export.js), with a switch between them; the program to read, Copy
// and Download, and the target's package (what goes into the engine's project, stable names, the
// parameters as a JSON file) as a .zip (./zip.js, loaded then); exported mid-run, it says what the
// program carries on from that moment. Opened by the viewer's "Code" button (its `steerlab:code`
// event, handled in www/boot.js) or by `openCode(viewer, canvas)`.
import { code, fileName, momentNote, TARGETS } from "./export.js";
import { t as say, langOf as wordsLangOf } from "../words.js";

const ORDER = ["unity", "godot", "godot3", "js", "rust", "rust-crate"];
const LABEL = { unity: "code.dialog.unity", godot: "code.dialog.godot", godot3: "code.dialog.godot3", js: "code.dialog.js", rust: "code.dialog.rust", "rust-crate": "code.dialog.rust_crate" };
const PACKAGE = { unity: "code.dialog.package.unity", godot: "code.dialog.package.godot", godot3: "code.dialog.package.godot3", js: "code.dialog.package.js", rust: "code.dialog.package.rust", "rust-crate": "code.dialog.package.rust_crate" };

/** The reader's language for this canvas (its data-lang, else the closest lang: any BCP 47 tag;
 *  the words fall back on its base and English key by key, www/words.js). */
export function langOf(el) {
  return wordsLangOf(el);
}

/** `v.code(target, { lang, package })` (added to the viewer by www/boot.js): the program for
 *  `state`, its comments in `lang`, else in the language of the page around `canvas`; with
 *  `package: true`, the target's package (`{ path: text }`). */
export function codeFor(state, target, canvas, options = {}) {
  return code(state, target, { lang: options?.lang ?? langOf(canvas), package: Boolean(options?.package) });
}

function el(doc, tag, attrs = {}, text) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Open (or bring back) the dialog under `canvas`'s viewer, showing `target` (default Unity). */
export async function openCode(viewer, canvas, target = "unity") {
  if (!viewer) return undefined;
  const doc = canvas.ownerDocument;
  const lang = langOf(canvas);
  // The dialog's words in the canvas's language (any: www/words.js), the program's comments in `lang`.
  const words = wordsLangOf(canvas);
  const root = canvas.closest(".steerlab") || canvas.parentElement;
  // A <div role="dialog">, not a <dialog>: the viewer's Share and Embed dialog is the wrapper's
  // <dialog>, found by that tag. Not modal, like it; Esc and Close hide it.
  let dialog = root.querySelector(":scope > .steerlab-code-dialog");
  if (!dialog) {
    dialog = el(doc, "div", { class: "steerlab-dialog steerlab-code-dialog", role: "dialog", lang, "aria-label": say("code.dialog.title", lang), hidden: "" });
    dialog.append(el(doc, "h2", { class: "steerlab-dialog-title" }, say("code.dialog.title", lang)));
    dialog.append(el(doc, "p", { class: "steerlab-dialog-note" }, say("code.dialog.note", lang)));
    // What an export taken mid-run carries on from (empty at step 0).
    dialog.append(el(doc, "p", { class: "steerlab-dialog-note steerlab-code-moment", hidden: "" }));
    const bar = el(doc, "div", { class: "steerlab-dialog-actions steerlab-code-targets", role: "group", "aria-label": say("code.dialog.target", lang) });
    for (const k of ORDER) bar.append(el(doc, "button", { type: "button", class: "steerlab-btn", "data-target": k, "aria-pressed": "false" }, say(LABEL[k], lang)));
    dialog.append(bar);
    const area = el(doc, "textarea", { class: "steerlab-code", readonly: "", spellcheck: "false", wrap: "off", rows: "16", "aria-label": say("code.dialog.title", lang) });
    dialog.append(area);
    // What the target's package holds and where it goes (its button's description).
    const ids = (dialog.dataset.ids = String(++dialogs));
    dialog.append(el(doc, "p", { class: "steerlab-dialog-note steerlab-code-package", id: `steerlab-code-package-${ids}` }));
    const actions = el(doc, "div", { class: "steerlab-dialog-actions" });
    actions.append(el(doc, "button", { type: "button", class: "steerlab-btn steerlab-code-copy", "data-code": "copy" }, say("code.dialog.copy", lang)));
    actions.append(el(doc, "button", { type: "button", class: "steerlab-btn", "data-code": "download" }, say("code.dialog.download", lang)));
    actions.append(el(doc, "button", { type: "button", class: "steerlab-btn", "data-code": "package", "aria-describedby": `steerlab-code-package-${ids}` }, say("code.dialog.download_package", lang)));
    actions.append(el(doc, "button", { type: "button", class: "steerlab-btn", "data-code": "close" }, say("code.dialog.close", lang)));
    dialog.append(actions);
    dialog.append(el(doc, "p", { class: "steerlab-dialog-status", "aria-live": "polite" }));
    root.append(dialog);
    dialog.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (!b) return;
      ev.stopPropagation();
      if (b.dataset.target) show(dialog, viewer, b.dataset.target, lang);
      else if (b.dataset.code === "copy") copy(dialog, lang);
      else if (b.dataset.code === "download") download(dialog, viewer);
      else if (b.dataset.code === "package") downloadPackage(dialog, viewer, lang);
      else if (b.dataset.code === "close") close(dialog);
    });
    dialog.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") {
        ev.stopPropagation();
        close(dialog);
      }
    });
  }
  // The focus goes into the dialog (its target's button) and, when it closes, back to where it
  // was (the Code button): ARIA Authoring Practices, dialog pattern.
  const from = doc.activeElement;
  if (!dialog.contains(from)) openers.set(dialog, from);
  dialog.hidden = false;
  dialog.scrollIntoView?.({ block: "nearest" });
  await show(dialog, viewer, target, lang);
  dialog.querySelector('[aria-pressed="true"]')?.focus();
  return dialog;
}

const openers = new WeakMap();
let dialogs = 0;
function close(dialog) {
  dialog.hidden = true;
  const to = openers.get(dialog);
  const code = dialog.parentElement?.querySelector('[data-action="code"]');
  (to?.isConnected && to !== dialog.ownerDocument.body ? to : code)?.focus();
}

async function show(dialog, viewer, target, lang) {
  const status = dialog.querySelector(".steerlab-dialog-status");
  for (const b of dialog.querySelectorAll("[data-target]")) b.setAttribute("aria-pressed", String(b.dataset.target === target));
  dialog.dataset.target = target;
  const area = dialog.querySelector("textarea");
  const moment = dialog.querySelector(".steerlab-code-moment");
  dialog.querySelector(".steerlab-code-package").textContent = say(PACKAGE[target], lang);
  try {
    const state = viewer.state();
    area.value = await code(state, target, { lang });
    moment.textContent = momentNote(state, lang);
    moment.hidden = !moment.textContent;
    status.textContent = "";
  } catch (e) {
    area.value = "";
    status.textContent = `${say("code.dialog.failed", lang)} ${e.message}`;
  }
}

function copy(dialog, lang) {
  const area = dialog.querySelector("textarea");
  const status = dialog.querySelector(".steerlab-dialog-status");
  area.select();
  const done = (ok) => (status.textContent = ok ? say("code.dialog.copied", lang) : say("code.dialog.copy_failed", lang));
  const clip = dialog.ownerDocument.defaultView.navigator.clipboard;
  if (!clip) return done(false);
  clip.writeText(area.value).then(() => done(true), () => done(false));
}

function save(doc, blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el(doc, "a", { href: url, download: name });
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function download(dialog, viewer) {
  const target = dialog.dataset.target;
  const text = dialog.querySelector("textarea").value;
  save(dialog.ownerDocument, new Blob([text], { type: `${TARGETS[target].mime};charset=utf-8` }), fileName(viewer.state(), target));
}

/** The target's package as a .zip, from the canvas as it is now (the zip writer loads on first use). */
async function downloadPackage(dialog, viewer, lang) {
  const target = dialog.dataset.target;
  const status = dialog.querySelector(".steerlab-dialog-status");
  try {
    const state = viewer.state();
    const [files, { zip }] = await Promise.all([code(state, target, { lang, package: true }), import("./zip.js")]);
    const name = fileName(state, target, { package: true });
    save(dialog.ownerDocument, new Blob([zip(files)], { type: "application/zip" }), name);
    status.textContent = say("code.dialog.packed", lang, { file: name, count: Object.keys(files).length });
  } catch (e) {
    status.textContent = `${say("code.dialog.failed", lang)} ${e.message}`;
  }
}
