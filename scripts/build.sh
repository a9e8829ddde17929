#!/usr/bin/env bash
# The release build (what the README documents): the gallery, the module and www/ into dist/.
#
#   ./scripts/build.sh            trunk build --release
#   ./scripts/build.sh --dist x   extra arguments go to trunk build
#
# Trunk runs wasm-opt from binaryen 132 (the npm package in tools/) and the post-build hook runs
# esbuild from tools/ too; neither is on PATH by default, and Trunk is offline (Trunk.toml) so it
# cannot download its own: `trunk build --release` alone stops with "couldn't find application
# wasm-opt (version: version_132), unable to download in offline mode". This script puts
# tools/node_modules/.bin and cargo's bin first on PATH. Run scripts/setup.sh once before.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$(pwd)/tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }
command -v trunk >/dev/null || die "trunk not found: run scripts/setup.sh"
command -v wasm-bindgen >/dev/null || die "wasm-bindgen not found: run scripts/setup.sh"
[ -x tools/node_modules/.bin/wasm-opt ] || die "tools/node_modules/.bin/wasm-opt missing: run scripts/setup.sh"
exec trunk build --release "$@"
