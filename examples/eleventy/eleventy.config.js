// steerlab in Eleventy: the package is copied into the site as /steerlab/ (under the path
// prefix), and the `steerlab` and `challenge` shortcodes write the figures, one line each in
// Markdown:
//
//   {% steerlab "flock" %}
//   {% steerlab "flock", compare='{"alignment.weight": 0}' %}
//   {% steerlab src="scenarios/mine.json", id="mine" %}
//   {% challenge for="mine", condition='{"measure": "polarisation", ">=": 0.9}' %}Fly as one.{% endchallenge %}
//
// The stylesheet and the loader are written once a page, at its first figure, with the build's
// version (`?v=`, the package's manifest.json): a reader's browser fetches the new files after an
// update.
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

const pkg = path.dirname(createRequire(import.meta.url).resolve("steerlab/package.json"));
const v = `?v=${JSON.parse(fs.readFileSync(path.join(pkg, "manifest.json"), "utf8")).build}`;
const ATTRS = ["id", "seed", "theme", "lang", "controls", "autoplay", "title", "chart", "compare", "set", "step"];
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({ [pkg]: "steerlab" });
  eleventyConfig.addPassthroughCopy("scenarios");
  const url = (p) => eleventyConfig.getFilter("url")(p);
  const written = new Set();

  // Nunjucks: `{% steerlab "flock", seed=7 %}` (a name first, or keywords only).
  eleventyConfig.addShortcode("steerlab", function (...args) {
    const kw = args.length && args[args.length - 1]?.__keywords ? args.pop() : {};
    const scenario = args[0] ?? kw.scenario ?? (kw.src ? null : "flock");
    const page = this.page.inputPath;
    let head = "";
    if (!written.has(page)) {
      written.add(page);
      head = `<link rel="stylesheet" href="${url("/steerlab/www/steerlab.css")}${v}">\n<script type="module" src="${url("/steerlab/www/boot.js")}${v}"></script>\n`;
    }
    let a = scenario ? ` data-scenario="${esc(scenario)}"` : "";
    if (kw.src) a += ` data-scenario-src="${esc(url(`/${kw.src.replace(/^\//, "")}`))}"`;
    for (const k of ATTRS) if (kw[k] !== undefined) a += k === "id" ? ` id="${esc(kw.id)}"` : ` data-${k}="${esc(kw[k])}"`;
    return `${head}<canvas${a}></canvas>`;
  });
  eleventyConfig.addPairedShortcode("challenge", function (content, kw = {}) {
    let a = ` data-challenge="${esc(kw.condition)}"`;
    if (kw.for) a += ` data-for="${esc(kw.for)}"`;
    if (kw.solution) a += ` data-solution="${esc(kw.solution)}"`;
    const hint = kw.hint ? `<p class="challenge-hint">${esc(kw.hint)}</p>` : "";
    return `<div class="challenge"${a}>${content}${hint}</div>`;
  });
  eleventyConfig.on("eleventy.before", () => written.clear());

  return {
    pathPrefix: "/notes/",
    markdownTemplateEngine: "njk",
    dir: { input: ".", output: "_site" },
  };
}
