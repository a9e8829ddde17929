// Reading an author's files for `steerlab validate`: the figures and challenges of a page (HTML,
// or Markdown with the Hugo and Eleventy shortcodes of recipes/), each attribute with the line it
// is on; and where each field of a JSON text is (its line), so that a mistake is named by its
// place: file, line, field path.

/** The line (1-based) of offset `at` in `text`. */
export function lineAt(text, at) {
  let n = 1;
  for (let i = 0; i < at && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

const ENTITIES = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };
/** An HTML attribute's value as the browser reads it (character references decoded). */
export function decode(s) {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : +e.slice(1)) : (ENTITIES[e.toLowerCase()] ?? m),
  );
}

/** The attributes of the tag whose name ends at `i` in `text`: [{ name, value, at }] and where
 *  the tag ends. Quoted values may hold `>` (a condition's `">="`). */
function attributes(text, i) {
  const attrs = [];
  const n = text.length;
  while (i < n) {
    while (i < n && /\s/.test(text[i])) i++;
    if (text[i] === ">" || (text[i] === "/" && text[i + 1] === ">")) return { attrs, end: text.indexOf(">", i) + 1 };
    const start = i;
    while (i < n && !/[\s=>]/.test(text[i]) && !(text[i] === "/" && text[i + 1] === ">")) i++;
    const name = text.slice(start, i).toLowerCase();
    if (!name) {
      i++;
      continue;
    }
    while (i < n && /\s/.test(text[i])) i++;
    if (text[i] !== "=") {
      attrs.push({ name, value: "", at: start });
      continue;
    }
    i++;
    while (i < n && /\s/.test(text[i])) i++;
    let value;
    let at = i;
    if (text[i] === '"' || text[i] === "'") {
      const q = text[i];
      const close = text.indexOf(q, i + 1);
      const stop = close < 0 ? n : close;
      at = i + 1;
      value = text.slice(i + 1, stop);
      i = stop + 1;
    } else {
      while (i < n && !/[\s>]/.test(text[i])) i++;
      value = text.slice(at, i);
    }
    attrs.push({ name, value: decode(value), at });
  }
  return { attrs, end: n };
}

/** What `validate` reads of a page: `{ figures, challenges, scripts }`. A figure: `{ line, id,
 *  scenario, json (a <script> id), src, set, seed, compare, at: { attr: line } }`; a challenge:
 *  `{ line, for, condition, solution, figure (index of the figure before it), at }`; `scripts`:
 *  the text of each `<script type="application/json" id>` (data-scenario-json). */
export function readHtml(text) {
  const figures = [];
  const challenges = [];
  const scripts = new Map();
  const re = /<!--[\s\S]*?-->|<([a-zA-Z][\w-]*)/g;
  let m;
  while ((m = re.exec(text))) {
    if (!m[1]) continue;
    const tag = m[1].toLowerCase();
    const { attrs, end } = attributes(text, m.index + m[0].length);
    const get = (k) => attrs.find((a) => a.name === k);
    const at = Object.fromEntries(attrs.map((a) => [a.name, lineAt(text, a.at)]));
    if (tag === "script" || tag === "style") {
      const close = text.toLowerCase().indexOf(`</${tag}`, end);
      const body = text.slice(end, close < 0 ? text.length : close);
      if (tag === "script" && /json/i.test(get("type")?.value ?? "") && get("id")) scripts.set(get("id").value, { text: body, line: lineAt(text, end) });
      re.lastIndex = close < 0 ? text.length : close;
      continue;
    }
    const line = lineAt(text, m.index);
    if (tag === "canvas" && (get("data-scenario") || get("data-scenario-src") || get("data-scenario-json"))) {
      figures.push({
        line,
        id: get("id")?.value ?? null,
        scenario: get("data-scenario")?.value ?? null,
        json: get("data-scenario-json")?.value ?? null,
        src: get("data-scenario-src")?.value ?? null,
        set: get("data-set")?.value ?? null,
        seed: get("data-seed")?.value ?? null,
        compare: get("data-compare")?.value ?? null,
        at: renamed(at),
      });
    }
    if (get("data-challenge")) {
      challenges.push({ line, for: get("data-for")?.value ?? null, condition: get("data-challenge").value, solution: get("data-solution")?.value ?? null, figure: figures.length - 1, at: renamed(at) });
    }
    re.lastIndex = end;
  }
  return { figures, challenges, scripts };
}
/** A page's attribute lines under the names the messages use. */
const renamed = (at) => ({ ...at, scenario: at["data-scenario"] ?? at["data-scenario-src"] ?? at["data-scenario-json"] });

/** The arguments of a shortcode (`"flock" seed="3" compare=\`{…}\``, Nunjucks' `"flock", src='…'`):
 *  `{ positional: [{ value, at }], named: { k: { value, at } } }` with offsets into `text`. */
function shortcodeArgs(text, from, to) {
  const positional = [];
  const named = {};
  let i = from;
  while (i < to) {
    while (i < to && /[\s,]/.test(text[i])) i++;
    if (i >= to) break;
    let name = null;
    const nm = /^([A-Za-z_][\w-]*)\s*=\s*/.exec(text.slice(i, to));
    if (nm) {
      name = nm[1];
      i += nm[0].length;
    }
    let value;
    let at = i;
    const q = text[i];
    if (q === '"' || q === "'" || q === "`") {
      let j = i + 1;
      while (j < to && text[j] !== q) j += text[j] === "\\" && q !== "`" ? 2 : 1;
      value = text.slice(i + 1, j);
      if (q !== "`") value = value.replace(/\\(.)/g, "$1");
      at = i + 1;
      i = j + 1;
    } else {
      let j = i;
      while (j < to && !/[\s,]/.test(text[j])) j++;
      value = text.slice(i, j);
      i = j;
    }
    if (name) named[name] = { value, at };
    else positional.push({ value, at });
  }
  return { positional, named };
}

/** The end of a shortcode's arguments: the first `close` (`>}}`, `%}}`, `%}`) outside quotes. */
function argsEnd(text, i, close) {
  let q = null;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (q) {
      if (ch === q) q = null;
      else if (ch === "\\" && q !== "`") i++;
    } else if (ch === '"' || ch === "'" || ch === "`") q = ch;
    else if (text.startsWith(close, i)) return i;
  }
  return -1;
}

/** A Markdown page's figures and challenges, written with the recipes' shortcodes: Hugo's
 *  `{{< steerlab … >}}`, `{{< challenge … >}}…{{< /challenge >}}`, Eleventy's (Nunjucks)
 *  `{% steerlab … %}`, `{% challenge … %}…{% endchallenge %}`. Raw HTML in it is read too. */
export function readMarkdown(text) {
  // Fenced code blocks show markup, they place no figure: blanked, lines kept.
  text = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (s) => s.replace(/[^\n]/g, " "));
  const page = readHtml(text.replace(/\{\{[<%][\s\S]*?[>%]\}\}|\{%[\s\S]*?%\}/g, (s) => s.replace(/[^\n]/g, " ")));
  const all = [];
  const re = /\{\{([<%])\s*(steerlab|challenge)\b|\{%-?\s*(steerlab|challenge)\b/g;
  let m;
  while ((m = re.exec(text))) {
    const close = m[1] ? `${m[1] === "<" ? ">" : "%"}}}` : "%}";
    const end = argsEnd(text, m.index + m[0].length, close);
    if (end < 0) break;
    const { positional, named } = shortcodeArgs(text, m.index + m[0].length, end);
    const line = lineAt(text, m.index);
    const v = (k) => named[k]?.value ?? null;
    const at = Object.fromEntries(Object.entries(named).map(([k, x]) => [k, lineAt(text, x.at)]));
    const kind = m[2] ?? m[3];
    if (kind === "steerlab") {
      const src = v("src");
      const scenario = positional[0]?.value ?? v("scenario") ?? (src ? null : "flock");
      at.scenario = positional[0] ? lineAt(text, positional[0].at) : (at.scenario ?? at.src ?? line);
      all.push({ kind, offset: m.index, item: { line, id: v("id"), scenario, json: null, src, set: v("set"), seed: v("seed"), compare: v("compare"), at: { ...at, "data-set": at.set, "data-seed": at.seed, "data-compare": at.compare, "data-scenario-src": at.src } } });
    } else {
      all.push({ kind, offset: m.index, item: { line, for: v("for"), condition: v("condition") ?? "", solution: v("solution"), at: { ...at, "data-challenge": at.condition ?? line, "data-solution": at.solution } } });
    }
    re.lastIndex = end;
  }
  // With the page's raw HTML ones, in the order they come.
  const figures = [...page.figures.map((f) => ({ kind: "steerlab", offset: offsetOfLine(text, f.line), item: f })), ...all.filter((x) => x.kind === "steerlab")];
  const challenges = [...page.challenges.map((c) => ({ kind: "challenge", offset: offsetOfLine(text, c.line), item: c })), ...all.filter((x) => x.kind === "challenge")];
  figures.sort((a, b) => a.offset - b.offset);
  challenges.sort((a, b) => a.offset - b.offset);
  for (const c of challenges) c.item.figure = figures.filter((f) => f.offset < c.offset).length - 1;
  return { figures: figures.map((f) => f.item), challenges: challenges.map((c) => c.item), scripts: page.scripts };
}
const offsetOfLine = (text, line) => {
  let i = 0;
  for (let n = 1; n < line; n++) i = text.indexOf("\n", i) + 1;
  return i;
};

/** Where each field of JSON `text` is: path (`behaviours[1].perception`, as the messages write
 *  paths) → line, and `{ error, line }` when it is not JSON. */
export function jsonLines(text) {
  const lines = new Map();
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const str = () => {
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    const s = JSON.parse(text.slice(i, j + 1));
    i = j + 1;
    return s;
  };
  const value = (path) => {
    ws();
    lines.set(path, lineAt(text, i));
    if (text[i] === "{") {
      i++;
      ws();
      while (i < text.length && text[i] !== "}") {
        ws();
        const keyLine = lineAt(text, i);
        const k = str();
        const kpath = path ? `${path}.${k}` : k;
        ws();
        i++; // :
        value(kpath);
        lines.set(kpath, keyLine);
        ws();
        if (text[i] === ",") i++;
        ws();
      }
      i++;
    } else if (text[i] === "[") {
      i++;
      let k = 0;
      ws();
      while (i < text.length && text[i] !== "]") {
        value(`${path}[${k++}]`);
        ws();
        if (text[i] === ",") i++;
        ws();
      }
      i++;
    } else if (text[i] === '"') str();
    else while (i < text.length && !/[\s,}\]]/.test(text[i])) i++;
  };
  try {
    JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec(err.message);
    const lc = /line (\d+)/.exec(err.message);
    return { lines, error: err.message, line: at ? lineAt(text, +at[1]) : lc ? +lc[1] : 1 };
  }
  value("");
  return { lines };
}

/** The line of a message's field in a JSON text read by `jsonLines` (`behaviours[1].perception:
 *  must be > 0` → that field's line; its nearest named parent's when the field is not written). */
export function lineOf(lines, message, fallback = 1) {
  let path = message.slice(0, message.indexOf(": ") < 0 ? 0 : message.indexOf(": ")).trim();
  if (path === "scenario") return fallback;
  while (path) {
    if (lines.has(path)) return lines.get(path);
    const cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
    path = cut > 0 ? path.slice(0, cut) : "";
  }
  return fallback;
}
