#!/usr/bin/env bash
# A drop-in bundle for authors, no Rust needed: dist-pkg/steerlab-<version>.tgz, an npm-style
# package (everything under package/, a package.json with exports and types).
#
#   ./scripts/package.sh              release build (scripts/build.sh), then the archive
#   ./scripts/package.sh --no-build   package the dist/ already built (the tests do this)
#
# Layout (the same as dist/, so boot.js's import "../steerlab.js" holds):
#   package/package.json        name, version (Cargo.toml's), exports, types
#   package/README.md           the author's guide (pkg/README.md)
#   package/steerlab.js         the module's JS (wasm-bindgen glue): init, mount, autoMount, …
#   package/steerlab_bg.wasm    the WebAssembly module
#   package/steerlab.d.ts       types for the whole JS API (pkg/steerlab.d.ts)
#   package/www/boot.js         the page loader (+ boot.d.ts) and posters.js (its posters)
#   package/www/steer-lab.js    the <steer-lab> element (+ steer-lab.d.ts)
#   package/www/steerlab.css    the widgets' styles and the --sl-* colour variables
#   package/www/loader.js       the scenario loader and the words' registry (imported by boot.js);
#                               words.js t(key, lang, values), fill() and formatNumber for the pages'
#                               scripts; check-words.js the check of a words file
#   package/words/              the words, one file per language (<tag>.json), their schema
#                               (words.schema.json) and every key's context (context.json): boot.js
#                               fetches a canvas's language from here
#   package/docs/words.md       the reference of the words: keys, contexts, template language
#   package/tools/check-words.mjs  `node tools/check-words.mjs it.json`: check a words file (as
#                               `npx steerlab words it.json`)
#   package/www/challenge.js    challenges (data-challenge; challenge-condition.js their conditions,
#                               near-miss.js the names meant), compare.js side by side (data-compare),
#                               imported by boot.js on first use (+ challenge.d.ts, compare.d.ts)
#   package/www/describe.js     the described scene (cursor.js, roving.js, sound.js), on first use
#   package/www/chart.js        the chart under a canvas and www/meaning.js the measures' meanings,
#                               imported by boot.js on first use
#   package/www/code/           the code view (export.js, its writers and words, dialog.js, zip.js, templates/<target>.json and packages.json), on first use
#   package/www/gpu/            the GPU engine (mount.js + mount.d.ts, engine.js, shaders.js),
#                               imported by boot.js only for scenarios with engine "gpu"/"auto"
#   package/posters/            the built-in scenarios' first frames (SVG) and posters.css
#   package/react.js            <SteerLab>, the React component (+ react.d.ts): "steerlab/react"
#   package/scenarios/          the built-in scenarios (JSON) and scenario.schema.json, which they
#                               name with a relative $schema (as dist/scenarios/ on the site)
#   package/reference/          the author's reference as Markdown (docs/reference/*.md; the site
#                               has them as pages too, dist/reference/), linked from the README
#   package/CHANGELOG.md        what changed in each version, and the versioning policy
#   package/recipes/            static-site recipes: hugo/ (the steerlab and challenge shortcodes,
#                               for layouts/shortcodes/) and eleventy/ (eleventy.config.js), from
#                               examples/hugo and examples/eleventy (tests/e2e/static-sites.test.mjs)
#   package/bin/steerlab.mjs    the authors' command (package.json's `bin`): `npx steerlab validate
#                               <file or folder>` (scenarios and pages checked, challenges proved
#                               solvable with the module run in Node), `npx steerlab words <file>`
#   package/manifest.json       the build's hash (scripts/hooks/version.mjs) and each file's: every
#                               file of the package, and no other
#
# The README's snippets (<script src=".../www/boot.js">, the stylesheets, <steer-lab>'s script)
# are written with the build's `?v=`, as the recipes write them: a page pasted from them gets
# updates.
#
# package.json's `repository` and `homepage` come from the environment, since this repository's
# public address is not known here: STEERLAB_REPOSITORY_URL (e.g. git+https://github.com/o/steerlab.git)
# and STEERLAB_HOMEPAGE_URL (else STEERLAB_SITE_URL + reference/, the site's reference pages). Unset,
# they are the placeholder https://steerlab.invalid/… (a reserved domain: it never resolves) and
# this script says so.
# The archive is reproducible: sorted names, fixed times and owners.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
die() { printf 'package.sh: %s\n' "$*" >&2; exit 1; }
case "${1:-}" in
  --no-build) ;;
  "") bash scripts/build.sh ;;
  *) die "unknown argument $1 (use --no-build or nothing)" ;;
esac
VERSION="$(sed -n 's/^version = "\([^"]*\)"/\1/p' Cargo.toml | head -1)"
[ -n "$VERSION" ] || die "no version in Cargo.toml"
BUILT="$(sed -n 's/^  "version": "\([^"]*\)",$/\1/p' dist/manifest.json 2>/dev/null | head -1)"
[ -z "$BUILT" ] || [ "$BUILT" = "$VERSION" ] || die "dist/ was built as version $BUILT, Cargo.toml says $VERSION: run scripts/build.sh (or drop --no-build)"
for f in dist/manifest.json dist/www/gpu/mount.js dist/steerlab.js dist/steerlab_bg.wasm dist/www/boot.js dist/www/steer-lab.js dist/www/steerlab.css dist/posters/posters.css; do
  [ -f "$f" ] || die "$f is missing: run scripts/build.sh (or drop --no-build)"
done

STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
P="$STAGE/package"
mkdir -p "$P/www"
cp dist/steerlab.js dist/steerlab_bg.wasm pkg/steerlab.d.ts "$P/"
cp dist/www/challenge.js dist/www/challenge-condition.js dist/www/near-miss.js dist/www/compare.js pkg/www/challenge.d.ts pkg/www/compare.d.ts "$P/www/"
cp dist/www/boot.js dist/www/posters.js dist/www/steer-lab.js dist/www/steerlab.css dist/www/loader.js dist/www/words.js dist/www/check-words.js dist/www/chart.js dist/www/chart-layout.js dist/www/meaning.js pkg/www/boot.d.ts pkg/www/steer-lab.d.ts "$P/www/"
# The words (docs/words.md): every language's file, the schema, the context; the check command.
mkdir -p "$P/words" "$P/docs" "$P/tools"
cp dist/words/*.json "$P/words/"
cp docs/words.md "$P/docs/words.md"
cp pkg/tools/check-words.mjs "$P/tools/"
# The described scene, the keyboard cursor and the sound (issue 49), loaded on first use.
cp dist/www/describe.js dist/www/cursor.js dist/www/roving.js dist/www/sound.js "$P/www/"
mkdir -p "$P/www/gpu"
cp dist/www/gpu/engine.js dist/www/gpu/shaders.js dist/www/gpu/mount.js pkg/www/gpu/mount.d.ts "$P/www/gpu/"
# The code view (issue #36: v.code, the Code button), loaded on first use.
mkdir -p "$P/www/code/templates"
cp dist/www/code/export.js dist/www/code/model.js dist/www/code/write-*.js dist/www/code/dialog.js dist/www/code/zip.js "$P/www/code/"
cp dist/www/code/templates/*.json "$P/www/code/templates/"
cp -r dist/posters "$P/posters"
cp pkg/react.js pkg/react.d.ts "$P/"
# The authors' command.
mkdir -p "$P/bin"
cp pkg/bin/*.mjs "$P/bin/"
chmod +x "$P/bin/steerlab.mjs"
mkdir -p "$P/scenarios"
cp scenarios/*.json "$P/scenarios/"
BUILD="$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync("dist/manifest.json","utf8")).build)')"
# The snippets' URLs with the build's version (not the bundlers' `steerlab/www/…` specifiers).
sed -E -e "s#(/www/(boot|steer-lab)\.js|/www/steerlab\.css|/posters/posters\.css)([\"'])#\1?v=$BUILD\3#g" pkg/README.md > "$P/README.md"
# The reference, its links written for where the pages sit in the package (the changelog one up).
mkdir -p "$P/reference"
for f in docs/reference/*.md; do
  sed -e 's#(\.\./\.\./CHANGELOG\.md#(../CHANGELOG.md#g' "$f" > "$P/reference/$(basename "$f")"
done
sed -e 's#(docs/reference/#(reference/#g' CHANGELOG.md > "$P/CHANGELOG.md"
mkdir -p "$P/recipes/hugo" "$P/recipes/eleventy"
cp examples/hugo/layouts/shortcodes/steerlab.html examples/hugo/layouts/shortcodes/challenge.html "$P/recipes/hugo/"
cp examples/eleventy/eleventy.config.js "$P/recipes/eleventy/"
[ -n "${STEERLAB_REPOSITORY_URL:-}" ] || printf 'package.sh: STEERLAB_REPOSITORY_URL is not set: package.json names the placeholder https://steerlab.invalid/ as its repository\n' >&2
VERSION="$VERSION" node - "$P/package.json" <<'JS'
const fs = require("node:fs");
const site = process.env.STEERLAB_SITE_URL ? process.env.STEERLAB_SITE_URL.replace(/\/?$/, "/") + "reference/" : "";
const pkg = {
  name: "steerlab",
  version: process.env.VERSION,
  description: "Steering behaviours and flocking simulations for interactive tutorials: a WebAssembly module that draws on HTML canvases",
  license: "MIT OR Apache-2.0",
  // Placeholders on a reserved domain until the addresses are given (see the top of package.sh).
  homepage: process.env.STEERLAB_HOMEPAGE_URL || site || "https://steerlab.invalid/reference/",
  repository: { type: "git", url: process.env.STEERLAB_REPOSITORY_URL || "git+https://steerlab.invalid/steerlab.git" },
  type: "module",
  main: "./steerlab.js",
  bin: { steerlab: "./bin/steerlab.mjs" },
  types: "./steerlab.d.ts",
  exports: {
    ".": { types: "./steerlab.d.ts", default: "./steerlab.js" },
    "./www/boot.js": { types: "./www/boot.d.ts", default: "./www/boot.js" },
    "./www/steer-lab.js": { types: "./www/steer-lab.d.ts", default: "./www/steer-lab.js" },
    "./www/gpu/mount.js": { types: "./www/gpu/mount.d.ts", default: "./www/gpu/mount.js" },
    "./www/challenge.js": { types: "./www/challenge.d.ts", default: "./www/challenge.js" },
    "./www/compare.js": { types: "./www/compare.d.ts", default: "./www/compare.js" },
    "./www/chart.js": "./www/chart.js",
    "./www/words.js": "./www/words.js",
    "./www/loader.js": "./www/loader.js",
    "./www/check-words.js": "./www/check-words.js",
    "./words/*": "./words/*",
    "./tools/check-words.mjs": "./tools/check-words.mjs",
    "./www/steerlab.css": "./www/steerlab.css",
    "./steerlab_bg.wasm": "./steerlab_bg.wasm",
    "./react": { types: "./react.d.ts", default: "./react.js" },
    "./posters/posters.css": "./posters/posters.css",
    "./posters/*": "./posters/*",
    "./scenarios/*": "./scenarios/*",
    "./reference/*": "./reference/*",
    "./package.json": "./package.json",
    "./manifest.json": "./manifest.json",
  },
  sideEffects: ["./www/boot.js", "./www/steer-lab.js", "./www/steerlab.css", "./posters/posters.css"],
  peerDependencies: { react: ">=18" },
  peerDependenciesMeta: { react: { optional: true } },
  files: ["steerlab.js", "steerlab_bg.wasm", "steerlab.d.ts", "react.js", "react.d.ts", "bin/", "www/", "posters/", "scenarios/", "words/", "docs/", "tools/", "reference/", "recipes/", "manifest.json", "README.md", "CHANGELOG.md"],
};
fs.writeFileSync(process.argv[2], JSON.stringify(pkg, null, 2) + "\n");
JS
# The manifest: the build's hash (the ?v= every file names) and each file of the package's own.
node - "$P" <<'JS'
const fs = require("node:fs");
const path = require("node:path");
const crypto = require("node:crypto");
const dir = process.argv[2];
const built = JSON.parse(fs.readFileSync("dist/manifest.json", "utf8"));
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
const files = {};
for (const f of walk(dir).map((f) => path.relative(dir, f).split(path.sep).join("/")).filter((f) => f !== "manifest.json").sort()) {
  files[f] = crypto.createHash("sha256").update(fs.readFileSync(path.join(dir, f))).digest("hex").slice(0, 16);
}
fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ name: built.name, version: built.version, build: built.build, files }, null, 2) + "\n");
JS
mkdir -p dist-pkg
OUT="dist-pkg/steerlab-$VERSION.tgz"
# Written aside, then renamed: a test installing the archive never reads half of it.
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$STAGE" -cf - package | gzip -9n > "$OUT.part.$$"
mv -f "$OUT.part.$$" "$OUT"
printf 'package.sh: %s (%s bytes)\n' "$OUT" "$(wc -c < "$OUT")"
tar -tzvf "$OUT" | awk '{printf "  %8s  %s\n", $3, $6}'
