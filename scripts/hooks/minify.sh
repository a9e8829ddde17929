#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): on release builds, minify the wasm-bindgen glue
# (steerlab.js) and the loader (www/boot.js) in Trunk's staging directory with esbuild
# (tools/package.json). Trunk 0.21.14's own `minify` cannot do it: its minify-js fails to parse the
# glue ("Failed to minify JS: RequiredTokenNotFound(Identifier)") and leaves copy-dir files alone.
#
# Measured on 2026-12-02 (gzip -9): glue 9167 → 6390 B, loader 865 → 401 B. esbuild only renames
# local identifiers and drops whitespace and comments: exports, import paths and `import.meta.url`
# stay as they were, and it adds no inline code, so the page's CSP (`script-src 'self'
# 'wasm-unsafe-eval'`) still holds. The glue keeps its identifiers (whitespace and syntax minified
# only): with them shortened the console shows a viewer as `y {__wbg_ptr: …}` instead of `Viewer`
# (issue 21). esbuild's `--keep-names` does not help there: it sets each class's `name` property,
# but Chromium's console names an object after the class's declared identifier. Measured on
# 2026-12-04 (gzip -9, glue after slim-module.mjs): all identifiers shortened 4960 B, kept
# 5541 B (+0.6 KB), `--keep-names` 5870 B. The loader's names are shortened. The sources in www/
# stay readable.
set -euo pipefail
[ "${TRUNK_PROFILE:-}" = release ] || exit 0
ESBUILD="${TRUNK_SOURCE_DIR:?run by trunk}/tools/node_modules/.bin/esbuild"
[ -x "$ESBUILD" ] || { echo "minify.sh: $ESBUILD is missing: run scripts/setup.sh" >&2; exit 1; }
cd "${TRUNK_STAGING_DIR:?run by trunk}"
# Short import names in the module and the glue first, no producers/target_features sections
# (scripts/hooks/slim-module.mjs: wasm −3.0 KB and glue −1.9 KB gzipped on 2026-12-02), then esbuild.
node "$TRUNK_SOURCE_DIR/scripts/hooks/slim-module.mjs" steerlab_bg.wasm steerlab.js
"$ESBUILD" steerlab.js --minify-whitespace --minify-syntax --format=esm --log-level=warning --allow-overwrite --outfile=steerlab.js
"$ESBUILD" www/boot.js --minify --format=esm --log-level=warning --allow-overwrite --outfile=www/boot.js
# A site whose address is known (STEERLAB_SITE_URL=https://example.org/steerlab/ scripts/build.sh):
# absolute hreflang links and a canonical link on every page (scripts/hooks/site-url.mjs).
if [ -n "${STEERLAB_SITE_URL:-}" ]; then
  node "$TRUNK_SOURCE_DIR/scripts/hooks/site-url.mjs" . "$STEERLAB_SITE_URL"
fi
