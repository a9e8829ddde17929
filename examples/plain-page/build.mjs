// The whole "build" of a plain site: the page and the package, copied into dist/blog/ (the site is
// served under /blog/, as GitHub Pages serves a project site). No bundler.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const out = path.join("dist", "blog");
fs.rmSync("dist", { recursive: true, force: true });
fs.cpSync("site", out, { recursive: true });
const pkg = path.dirname(createRequire(import.meta.url).resolve("steerlab/package.json"));
fs.cpSync(pkg, path.join(out, "steerlab"), { recursive: true });
console.log(`build.mjs: ${out}/ (the page and steerlab/)`);
