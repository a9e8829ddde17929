#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), then builds the gallery and serves it on
# http://127.0.0.1:8080 with `trunk serve` (rebuilds when a source file changes; reload the page).
# It serves the release build (what readers get: debug wasm is many times slower); set
# STEERLAB_DEBUG=1 for quicker debug rebuilds. Extra arguments go to trunk serve (e.g. --port 9000).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$(pwd)/tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
printf '\033[1m[serve]\033[0m http://127.0.0.1:8080/  (example article: http://127.0.0.1:8080/www/embed.html)\n'
if [ "${STEERLAB_DEBUG:-0}" = 1 ]; then
  exec trunk serve "$@"
else
  exec trunk serve --release "$@"
fi
