#!/usr/bin/env bash
# Installs whatever steerlab's build and tests need and is missing, then fetches the crates.
# Idempotent: every step checks first and skips what is already present at the right version.
#
#   wasm32-unknown-unknown   rustup target
#   wasm-bindgen-cli         exactly the wasm-bindgen version in Cargo.lock (Cargo.toml pins it with =)
#   trunk 0.21.14            cargo install --locked (newer trunk needs a newer rustc; ~10 min on 2 cores)
#   chromium, chromedriver   Debian packages (apt-get); no tool ever downloads a browser of its own
#   mono-mcs, mono-runtime   Debian packages: the exported Unity C# is compiled and run by the tests
#   godot3-server            Debian package: runs the Godot 3 variant of the GDScript export headless
#   gdtoolkit                pip (user site): gdparse and gdlint check the Godot 4 GDScript export
#   hugo                     Debian package: the Hugo example (examples/hugo) is built by the tests
#   tools/node_modules       npm ci from tools/package-lock.json: playwright-core (drives Debian's
#                            chromium), binaryen (the wasm-opt Trunk runs on release builds),
#                            esbuild (minifies the glue and the loader: scripts/hooks/minify.sh),
#                            typescript, ajv, react (the bundle's types, schema and component)
#   examples/*/node_modules  not here: tests/e2e/examples.test.mjs runs `npm ci` in each example
#
# Used by scripts/serve.sh and scripts/test.sh; can be run on its own. Needs root for apt-get
# (or sudo); CI runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[setup] error:\033[0m %s\n' "$*" >&2; exit 1; }

# wasm-bindgen-cli must match the wasm-bindgen crate exactly: read the version from Cargo.lock.
WASM_BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$WASM_BINDGEN_VERSION" ] || die "could not read the wasm-bindgen version from Cargo.lock"

command -v cargo >/dev/null || die "cargo not found: install Rust with rustup first"
command -v rustup >/dev/null || die "rustup not found: the wasm32 target is added with rustup"

# 1. wasm32 target
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "wasm32-unknown-unknown target: present"
else
  say "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 2. wasm-bindgen-cli (wasm-bindgen + wasm-bindgen-test-runner). --locked fails for this crate
#    with the current toolchain; the version pin is what matters.
version_of() { "$@" 2>/dev/null | awk '{print $2; exit}'; }
if [ "$(version_of wasm-bindgen --version)" = "$WASM_BINDGEN_VERSION" ] &&
   [ "$(version_of wasm-bindgen-test-runner --version)" = "$WASM_BINDGEN_VERSION" ]; then
  say "wasm-bindgen-cli $WASM_BINDGEN_VERSION: present"
else
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 2 minutes on 2 cores)"
  cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --force
fi

# 3. trunk
if [ "$(version_of trunk --version)" = "$TRUNK_VERSION" ]; then
  say "trunk $TRUNK_VERSION: present"
else
  say "installing trunk $TRUNK_VERSION (about 10-15 minutes on 2 cores)"
  cargo install --locked "trunk@$TRUNK_VERSION" --force
fi

# Debian packages: `apt_install <what> <package>…` (root, or sudo).
apt_install() {
  local what="$1"
  shift
  say "installing $* from Debian"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "$what is missing and installing it needs root (apt-get)"
    SUDO=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "$@"
}

# 4. Debian's chromium + chromedriver
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  say "chromium + chromedriver: present"
else
  apt_install chromium chromium chromium-driver
fi

# 4b. mono (mcs + runtime): the exported Unity C# is compiled and run by the tests (issue #36,
#     scripts/dev/code-equivalence.mjs)
if command -v mcs >/dev/null && command -v mono >/dev/null; then
  say "mono (mcs): present"
else
  apt_install mono mono-mcs mono-runtime
fi

# 4c. Godot: Debian's godot3-server runs the Godot 3 variant of the GDScript export, headless; pip's
#     gdtoolkit (a Godot 4 GDScript parser and its linter) checks the Godot 4 export (issues #48, 59,
#     scripts/dev/code-godot.mjs). Both optional for the rest: the check says when one is missing.
if command -v godot3-server >/dev/null; then
  say "godot3-server: present"
else
  apt_install godot3-server godot3-server
fi
GDTOOLKIT_VERSION=4.5.0
# (pip's user folder holds gdparse and gdlint: on the PATH for the check below and for the tests,
# scripts/dev/code-equivalence.mjs, whatever the shell's.)
PIP_BIN="$(python3 -m site --user-base 2>/dev/null)/bin"
export PATH="$PATH:$PIP_BIN"
if command -v gdparse >/dev/null && command -v gdlint >/dev/null && [ "$(gdparse --version 2>/dev/null | awk '{print $2}')" = "$GDTOOLKIT_VERSION" ]; then
  say "gdtoolkit $GDTOOLKIT_VERSION (gdparse, gdlint): present"
else
  command -v python3 >/dev/null || die "python3 not found: gdtoolkit (pip) needs it"
  say "installing gdtoolkit $GDTOOLKIT_VERSION (pip)"
  python3 -m pip install --quiet --user "gdtoolkit==$GDTOOLKIT_VERSION" 2>/dev/null ||
    python3 -m pip install --quiet "gdtoolkit==$GDTOOLKIT_VERSION"
fi

# 4d. hugo: examples/hugo, a Hugo site with steerlab's shortcode, is built by Debian's hugo in the
#     tests (tests/e2e/static-sites.test.mjs)
if command -v hugo >/dev/null; then
  say "hugo: present ($(hugo version 2>/dev/null | awk '{print $2}'))"
else
  apt_install hugo hugo
fi

# 5. node packages (exactly tools/package-lock.json). playwright-core must never fetch a browser.
command -v node >/dev/null || die "node not found: install Node.js >= 20 (with npm)"
# 20.19: the example projects' Vite 8 (examples/, tests/e2e/examples.test.mjs installs them with
# `npm ci` from their own lockfiles; Astro 5 there, as Astro 6 and later need Node 22).
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  die "Node.js >= 20.19 is needed (found $(node --version))"
LOCK_SUM="$(sha256sum tools/package-lock.json | cut -d' ' -f1)"
STAMP=tools/node_modules/.steerlab-lock.sha256
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$LOCK_SUM" ] && [ -x tools/node_modules/.bin/wasm-opt ] &&
   [ -x tools/node_modules/.bin/esbuild ] && [ -f tools/node_modules/playwright-core/package.json ]; then
  say "node tools (playwright-core, binaryen, esbuild): present"
else
  say "installing node tools from tools/package-lock.json (npm ci)"
  (cd tools && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  echo "$LOCK_SUM" > "$STAMP"
fi

# 6. crates: Trunk.toml builds offline (so that Trunk never tries to download a tool), which
#    makes cargo offline too; fetch the locked crates first (quick when they are cached).
say "fetching crates (cargo fetch)"
cargo fetch --quiet

say "ready: wasm-bindgen $WASM_BINDGEN_VERSION, trunk $TRUNK_VERSION, $(/usr/bin/chromium --version 2>/dev/null | head -1), wasm-opt $(tools/node_modules/.bin/wasm-opt --version | awk '{print $3}')"
