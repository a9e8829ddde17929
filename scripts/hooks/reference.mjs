#!/usr/bin/env node
// The author's reference as pages of the site (issue 47): docs/reference/*.md and CHANGELOG.md →
// <out>/reference/<name>.html, each beside its Markdown (<name>.md), with www/reference.css.
// Links between the pages (`api.md`, `errors.md#…`) point at the pages; headings get the anchors
// GitHub gives them, so the same links work in the repository, in the package's Markdown and on
// the site. Plain HTML: no script, no inline style (the site's CSP holds).
//
//   node scripts/hooks/reference.mjs <out>     (a Trunk post_build hook: <out> is its staging dir)
//
// Markdown by `marked` (tools/package.json), GitHub-flavoured (tables).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const { Marked } = await import(path.join(ROOT, "tools", "node_modules", "marked", "lib", "marked.esm.js"));

const out = process.argv[2] || process.env.TRUNK_STAGING_DIR;
if (!out) {
  console.error("reference.mjs: give the output directory (dist/ or Trunk's staging directory)");
  process.exit(2);
}

/** The pages, in the order of the navigation: [file, source, title in the menu]. */
export const PAGES = [
  ["index", "docs/reference/index.md", "Reference"],
  ["scenario-format", "docs/reference/scenario-format.md", "Scenario format"],
  ["api", "docs/reference/api.md", "JS API"],
  ["measures", "docs/reference/measures.md", "Measures"],
  ["challenges", "docs/reference/challenges.md", "Challenges, compare"],
  ["theming", "docs/reference/theming.md", "Theming"],
  ["errors", "docs/reference/errors.md", "Mistakes"],
  ["changelog", "CHANGELOG.md", "Changelog"],
];

/** GitHub's heading anchor: lower case, letters, digits, `-` and `_` kept, spaces to `-`. */
const slug = (text) =>
  text
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function render(markdown) {
  const seen = new Map();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        let id = slug(html);
        const n = seen.get(id) ?? 0;
        seen.set(id, n + 1);
        if (n) id = `${id}-${n}`;
        return `<h${depth} id="${id}">${html}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        // A page of the reference: its .html; the changelog sits beside them as changelog.html.
        const to = href
          .replace(/^(?:\.\.\/\.\.\/|\.\/)?CHANGELOG\.md/, "changelog.html")
          .replace(/^docs\/reference\//, "")
          .replace(/^([\w-]+)\.md(#|$)/, "$1.html$2");
        return `<a href="${esc(to)}"${title ? ` title="${esc(title)}"` : ""}>${text}</a>`;
      },
    },
  });
  // (A listing wider than the page scrolls: focusable, so a keyboard scrolls it too — axe's
  // scrollable-region-focusable.)
  return marked.parse(markdown).replace(/<pre>/g, '<pre tabindex="0">');
}

const version = (() => {
  const m = /^version = "([^"]+)"/m.exec(fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8"));
  return m ? m[1] : "";
})();

const dir = path.join(out, "reference");
fs.mkdirSync(dir, { recursive: true });
const nav = (here) =>
  PAGES.map(([file, , label]) => {
    const href = file === "index" ? "./" : `${file}.html`;
    return file === here ? `<li><a href="${href}" aria-current="page">${esc(label)}</a></li>` : `<li><a href="${href}">${esc(label)}</a></li>`;
  }).join("");
for (const [file, source, label] of PAGES) {
  const md = fs.readFileSync(path.join(ROOT, source), "utf8");
  const title = (/^# (.+)$/m.exec(md)?.[1] ?? label).replace(/`/g, "");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(title)} · steerlab reference</title>
<link rel="stylesheet" href="../www/reference.css">
</head>
<body>
<header class="ref-top"><a class="ref-home" href="../">steerlab</a> <span class="ref-version">${esc(version)}</span>
<nav aria-label="Reference"><ul>${nav(file)}</ul></nav></header>
<main class="ref-page">
${render(md)}
<p class="ref-source">This page as Markdown: <a href="${file}.md">${file}.md</a> (also in the package, <code>reference/${file}.md</code>).</p>
</main>
</body>
</html>
`;
  fs.writeFileSync(path.join(dir, `${file}.html`), html);
  fs.writeFileSync(path.join(dir, `${file}.md`), md);
}
console.log(`reference.mjs: ${PAGES.length} pages in ${path.relative(process.cwd(), dir) || dir}`);
