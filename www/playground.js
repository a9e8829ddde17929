// The scenario playground (pages/<tag>/playground.html): pick a built-in
// scenario, edit its JSON with live validation, watch the canvas follow, copy the embed code.
//
// - Every keystroke is checked with steerlab.validate(text): the message is shown at once, the
//   field it names (`behaviours[1].perception: …`) or the place of a syntax error (`… at line 4
//   column 25`) is marked in the text (a <mark> in a backdrop behind the textarea) and a button
//   selects it.
// - 300 ms after the last keystroke a valid text replaces the canvas's viewer (destroy + mount);
//   an invalid one leaves the last good viewer running.
// - The embed code is the canvas with data attributes (`data-scenario="flock"` for an unchanged
//   built-in, the JSON itself otherwise) between the stylesheet and boot.js tags, naming the
//   package where this page loads it from (this site is laid out as the package).
//
// A module file, no inline script: the page works under the project's strict CSP.
import { builtinText, ready } from "./boot.js";
import { t } from "./words.js";
import { nearMisses } from "./near-miss.js";

const DEBOUNCE_MS = 300;
/** Where the page's embed code points: the folder this page loads the package from. */
const AT = new URL("..", import.meta.url);
export const PLACEHOLDER = AT.origin === location.origin ? AT.pathname : AT.href;

const $ = (id) => document.getElementById(id);
const select = $("pg-scenario");
const text = $("pg-text");
const backdrop = $("pg-backdrop");
const message = $("pg-message");
const gotoButton = $("pg-goto");
const canvas = $("pg-canvas");
const embed = $("pg-embed");
const copied = $("pg-copied");
const SCENARIOS = new URL("../scenarios/", import.meta.url);

let steerlab = null;
let original = ""; // the built-in's text as loaded
let lastGood = ""; // the text the canvas shows
let mark = null; // { start, end } of the marked field in the text
let timer = 0;

/** The field path a message starts with (`behaviours[1].perception: …`) as segments, or null. */
export function fieldOf(msg) {
  const m = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*): /.exec(msg);
  if (!m) return null;
  return [...m[1].matchAll(/([A-Za-z_$][\w$]*)|\[(\d+)\]/g)].map((s) => (s[2] !== undefined ? Number(s[2]) : s[1]));
}

/**
 * Where `path` is in the JSON `src`: { start, end } from the member's key (or the element) to the
 * end of its value; the innermost part of the path that exists. Null when the text is not JSON.
 */
export function locate(src, path) {
  let i = 0;
  const ws = () => {
    while (i < src.length && /\s/.test(src[i])) i++;
  };
  const fail = () => {
    throw new Error("not JSON");
  };
  const str = () => {
    if (src[i] !== '"') fail();
    const s = i++;
    while (i < src.length && src[i] !== '"') i += src[i] === "\\" ? 2 : 1;
    if (i >= src.length) fail();
    i++;
    return JSON.parse(src.slice(s, i));
  };
  const value = () => {
    ws();
    const c = src[i];
    if (c === '"') return void str();
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (src[i] === close) return void i++;
      for (;;) {
        if (c === "{") {
          ws();
          str();
          ws();
          if (src[i++] !== ":") fail();
        }
        value();
        ws();
        if (src[i] === ",") {
          i++;
          continue;
        }
        if (src[i] !== close) fail();
        i++;
        return;
      }
    }
    const s = i;
    while (i < src.length && /[^,\]}\s]/.test(src[i])) i++;
    if (i === s) fail();
  };
  try {
    let found = null;
    for (const seg of path) {
      ws();
      const open = typeof seg === "number" ? "[" : "{";
      if (src[i] !== open) break;
      i++;
      let hit = null;
      for (let k = 0; ; k++) {
        ws();
        if (src[i] === (open === "[" ? "]" : "}")) break;
        const start = i;
        if (open === "{") {
          const key = str();
          ws();
          if (src[i++] !== ":") fail();
          if (key === seg) hit = start;
        } else if (k === seg) hit = start;
        if (hit !== null) break;
        value();
        ws();
        if (src[i] === ",") i++;
      }
      if (hit === null) break;
      // The member's value: mark it, then go on into it for the next segment.
      const vs = i;
      value();
      found = { start: hit, end: i };
      i = vs;
    }
    return found;
  } catch {
    return null;
  }
}

/** The offset of `line L column C` (1-based) in `src`. */
function offsetOf(src, line, col) {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const n = src.indexOf("\n", off);
    if (n < 0) return src.length;
    off = n + 1;
  }
  return Math.min(src.length, off + Math.max(0, col - 1));
}

/** Line and column (1-based) of an offset. */
function lineCol(src, off) {
  const before = src.slice(0, off);
  const line = before.split("\n").length;
  return { line, col: off - before.lastIndexOf("\n") };
}

/** Mark `range` of the text in the backdrop (built with DOM nodes, never HTML). */
function showMark(range) {
  mark = range;
  const src = text.value;
  backdrop.replaceChildren();
  if (range) {
    const m = document.createElement("mark");
    m.textContent = src.slice(range.start, range.end) || " ";
    backdrop.append(src.slice(0, range.start), m, src.slice(range.end));
  } else {
    backdrop.append(src);
  }
  // A final newline needs a character after it to take its line in the <pre>.
  backdrop.append("\u200b");
  backdrop.scrollTop = text.scrollTop;
}

/** Check the text now: the message, the marked field, the invalid state. */
function check() {
  const src = text.value;
  // (With the name meant where one is a letter or two off: www/near-miss.js.)
  const err = nearMisses(steerlab.validate(src));
  if (err === null || err === undefined) {
    message.textContent = t("page.playground.ok");
    message.classList.remove("pg-bad");
    text.setAttribute("aria-invalid", "false");
    gotoButton.hidden = true;
    showMark(null);
    return true;
  }
  let range = null;
  const at = /at line (\d+) column (\d+)/.exec(err);
  if (at) {
    const off = offsetOf(src, Number(at[1]), Number(at[2]));
    range = { start: Math.max(0, off - 1), end: Math.max(off, 1) };
  } else {
    const path = fieldOf(err);
    if (path) range = locate(src, path);
  }
  let where = "";
  if (range) {
    const { line, col } = lineCol(src, range.start);
    where = ` (${t("page.playground.line")} ${line}, ${t("page.playground.column")} ${col})`;
  }
  // Several mistakes come a line each (`validate` names them all): the place marked is the first's,
  // so its line and column follow the first line.
  const nl = err.indexOf("\n");
  message.textContent = nl < 0 ? err + where : err.slice(0, nl) + where + err.slice(nl);
  message.classList.add("pg-bad");
  text.setAttribute("aria-invalid", "true");
  gotoButton.hidden = !range;
  showMark(range);
  return false;
}

/** Mount the canvas with `src` (valid), replacing its viewer. */
function remount(src) {
  const old = steerlab.viewerFor(canvas);
  if (old) old.destroy();
  try {
    steerlab.mount(canvas, src);
    lastGood = src;
  } catch (e) {
    message.textContent = e.message;
    message.classList.add("pg-bad");
  }
  updateEmbed();
}

/** The HTML an author pastes: stylesheet, canvas, boot.js. */
export function embedCode(name, src, builtin) {
  let attr;
  let same = false;
  try {
    same = JSON.stringify(JSON.parse(src)) === JSON.stringify(JSON.parse(builtin));
  } catch {
    same = false;
  }
  if (same) {
    attr = `data-scenario="${name}"`;
  } else {
    // (Without "$schema": its relative path means nothing on the author's page.)
    const { $schema: _schema, ...scenario } = JSON.parse(src);
    const json = JSON.stringify(scenario);
    attr = `data-scenario='${json.replace(/&/g, "&amp;").replace(/'/g, "&#39;")}'`;
  }
  return [
    `<link rel="stylesheet" href="${PLACEHOLDER}www/steerlab.css">`,
    `<canvas ${attr}></canvas>`,
    `<script type="module" src="${PLACEHOLDER}www/boot.js"></script>`,
  ].join("\n");
}

function updateEmbed() {
  embed.value = embedCode(select.value, lastGood, original);
  copied.textContent = "";
}

async function load(name) {
  // The file boot.js fetched for the canvas (one download), else the playground's own request.
  original = await builtinText(name);
  if (original === undefined) {
    const res = await fetch(new URL(`${name}.json`, SCENARIOS));
    if (!res.ok) throw new Error(`${t("page.playground.load_failed")} ${name}: HTTP ${res.status}`);
    original = await res.text();
  }
  text.value = original;
  canvas.setAttribute("data-scenario", name);
  check();
  remount(original);
}

async function start() {
  steerlab = await ready;
  text.addEventListener("input", () => {
    const ok = check();
    clearTimeout(timer);
    if (ok) {
      const src = text.value;
      timer = setTimeout(() => {
        if (text.value === src && src !== lastGood) remount(src);
      }, DEBOUNCE_MS);
    }
  });
  text.addEventListener("scroll", () => {
    backdrop.scrollTop = text.scrollTop;
    backdrop.scrollLeft = text.scrollLeft;
  });
  select.addEventListener("change", () => {
    load(select.value).catch((e) => {
      message.textContent = e.message;
      message.classList.add("pg-bad");
    });
  });
  $("pg-revert").addEventListener("click", () => {
    text.value = original;
    check();
    remount(original);
  });
  gotoButton.addEventListener("click", () => {
    if (!mark) return;
    text.focus();
    text.setSelectionRange(mark.start, mark.end);
  });
  $("pg-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(embed.value);
      copied.textContent = t("page.playground.copied");
    } catch {
      embed.focus();
      embed.select();
      copied.textContent = document.execCommand("copy") ? t("page.playground.copied") : t("page.playground.copy_failed");
    }
  });
  await load(select.value);
}

start().catch((e) => {
  message.textContent = e.message;
  message.classList.add("pg-bad");
});
