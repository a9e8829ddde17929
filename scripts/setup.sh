#!/usr/bin/env bash
# Installs whatever steerlab's build and tests need and is missing. Idempotent:
# each step checks first and skips what is already present at the right version.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130
TRUNK_VERSION=0.21.14
BINARYEN_NPM_VERSION=132.0.0

export PATH="$HOME/.cargo/bin:$PATH"
say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

# 1. wasm32 target
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 2. wasm-bindgen-cli, exactly the version pinned in Cargo.toml
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# 3. trunk (newest needs a newer rustc; this one builds only with --locked)
if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (takes ~10 minutes on 2 cores)"
  cargo install --locked "trunk@$TRUNK_VERSION" --force
fi

# 4. Debian's chromium + chromedriver (never a browser download of a tool's own)
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing chromium and chromium-driver from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# 5. node packages: playwright-core (drives Debian's chromium), binaryen (wasm-opt that
#    understands wasm-bindgen 0.2.130 output; Debian's binaryen 108 does not).
if [ ! -x tools/node_modules/.bin/wasm-opt ] || [ ! -d tools/node_modules/playwright-core ] \
   || ! grep -q "\"version\": \"$BINARYEN_NPM_VERSION\"" tools/node_modules/binaryen/package.json 2>/dev/null; then
  say "installing node tools (playwright-core, binaryen) into tools/node_modules"
  (cd tools && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
say "ready"
