#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): on release builds, minify the wasm-bindgen glue
# (steerlab.js) and the loader (www/boot.js) in Trunk's staging directory with esbuild
# (tools/package.json). Trunk 0.21.14's own `minify` cannot do it: its minify-js fails to parse the
# glue ("Failed to minify JS: RequiredTokenNotFound(Identifier)") and leaves copy-dir files alone.
#
# Measured on 2026-12-02 (gzip -9): glue 9167 → 6390 B, loader 865 → 401 B. esbuild only renames
# local identifiers and drops whitespace and comments: exports, import paths and `import.meta.url`
# stay as they were, and it adds no inline code, so the page's CSP (`script-src 'self'
# 'wasm-unsafe-eval'`) still holds. Local function and class names are shortened (`--keep-names`
# kept them at +1 KB gzipped; nothing reads them). The sources in www/ stay readable.
set -euo pipefail
[ "${TRUNK_PROFILE:-}" = release ] || exit 0
ESBUILD="${TRUNK_SOURCE_DIR:?run by trunk}/tools/node_modules/.bin/esbuild"
[ -x "$ESBUILD" ] || { echo "minify.sh: $ESBUILD is missing: run scripts/setup.sh" >&2; exit 1; }
cd "${TRUNK_STAGING_DIR:?run by trunk}"
# Short import names in the module and the glue first, no producers/target_features sections
# (scripts/slim-module.mjs: wasm −3.0 KB and glue −1.9 KB gzipped on 2026-12-02), then esbuild.
node "$TRUNK_SOURCE_DIR/scripts/slim-module.mjs" steerlab_bg.wasm steerlab.js
for f in steerlab.js www/boot.js; do
  "$ESBUILD" "$f" --minify --format=esm --log-level=warning --allow-overwrite --outfile="$f"
done
