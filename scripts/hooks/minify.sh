#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): on release builds, minify the wasm-bindgen glue
# (steerlab.js) and the loader (www/boot.js) in Trunk's staging directory with esbuild
# (tools/package.json). Trunk 0.21.14's own `minify` cannot do it: its minify-js fails to parse the
# glue ("Failed to minify JS: RequiredTokenNotFound(Identifier)") and leaves copy-dir files alone.
#
# esbuild only renames local identifiers and drops whitespace and comments: exports, import paths
# and `import.meta.url` stay, and it adds no inline code, so the page's CSP still holds. The glue
# keeps its identifiers so that the console names a viewer `Viewer` (issue 21); the loader's are
# shortened. Sizes: docs/performance.md, "Payload".
set -euo pipefail
[ "${TRUNK_PROFILE:-}" = release ] || exit 0
ESBUILD="${TRUNK_SOURCE_DIR:?run by trunk}/tools/node_modules/.bin/esbuild"
[ -x "$ESBUILD" ] || { echo "minify.sh: $ESBUILD is missing: run scripts/setup.sh" >&2; exit 1; }
cd "${TRUNK_STAGING_DIR:?run by trunk}"
# Short import names in the module and the glue first, no producers/target_features sections
# (scripts/hooks/slim-module.mjs), then esbuild.
node "$TRUNK_SOURCE_DIR/scripts/hooks/slim-module.mjs" steerlab_bg.wasm steerlab.js
# The painter's few lines of JS (src/web/paint.rs's inline_js, in wasm-bindgen's snippets/) go
# into the glue itself: one file, no second request; snippets/ is not shipped.
node "$TRUNK_SOURCE_DIR/scripts/hooks/inline-snippets.mjs" steerlab.js >/dev/null
rm -rf snippets
"$ESBUILD" steerlab.js --minify --format=esm --log-level=warning --allow-overwrite --outfile=steerlab.js
# (Its exported classes keep their names in the console: scripts/hooks/glue-names.mjs.)
node "$TRUNK_SOURCE_DIR/scripts/hooks/glue-names.mjs" steerlab.js >/dev/null
"$ESBUILD" www/boot.js --minify --format=esm --log-level=warning --allow-overwrite --outfile=www/boot.js
"$ESBUILD" www/posters.js --minify --format=esm --log-level=warning --allow-overwrite --outfile=www/posters.js
# The loader of scenarios and words, which boot.js imports (loaded with every page), and the
# scripts' words (www/words.js: with a chapter, a challenge, a comparison, a chart).
for f in www/loader.js www/words.js; do
  "$ESBUILD" "$f" --minify --format=esm --log-level=warning --allow-overwrite --outfile="$f"
done
# Loaded on first use (issue 35): smaller when a reader first meets a challenge or a compare; and
# the chapters' try buttons (www/chapter.js, loaded with a chapter; www/pin.js, with the first one tapped).
for f in www/challenge.js www/compare.js www/chapter.js www/pin.js; do
  "$ESBUILD" "$f" --minify --format=esm --log-level=warning --allow-overwrite --outfile="$f"
done
# A site whose address is known (STEERLAB_SITE_URL=https://example.org/steerlab/ scripts/build.sh):
# absolute hreflang links and a canonical link on every page (scripts/hooks/site-url.mjs).
if [ -n "${STEERLAB_SITE_URL:-}" ]; then
  node "$TRUNK_SOURCE_DIR/scripts/hooks/site-url.mjs" . "$STEERLAB_SITE_URL"
fi
