#!/usr/bin/env bash
# Runs every steerlab test. Installs what is missing first (scripts/setup.sh), then:
#   1. native      cargo test (unit, integration, doc tests; examples are built; the
#                  pseudo-language test, every word shown comes from words/*.json, among them)
#   1a. web-shell unit tests  node --test tests/unit/; and `cargo xtask new-behaviour` on a copy
#                  of the tree compiles and passes (scripts/dev/new-behaviour-check.sh)
#   1b. exported code  node scripts/dev/code-equivalence.mjs (issues #36, #48, 59): the programs
#                  and packages `v.code()` writes, run in Node, with cargo, with mono and
#                  godot3-server, against the core; their names, lints and inputs; the speeds
#                  (printed); and cargo publish --dry-run -p steerlab-core
#   2. wasm        cargo test --target wasm32-unknown-unknown --features fault-injection
#                  --test web [--test …]: every tests/*.rs configured with
#                  `run_in_browser` (in the page) or `run_in_dedicated_worker` (in a worker), in
#                  headless Chromium via chromedriver (runner, its timeout and Chromium's flags:
#                  .cargo/config.toml, tests/webdriver.json)
#   3. build       trunk build --release  (dist/: the gallery, the module, www/)
#   4. end-to-end  node scripts/dev/e2e.mjs: every tests/e2e/*.test.mjs in its own `node --test`,
#                  two at a time, the files that measure time or CPU (runner, slow-phone, posters,
#                  gpu, frames, hardening's soak) alone after them; each file's time printed
#                  (dist/ served on 127.0.0.1 with the page's CSP, Debian chromium driven by
#                  playwright-core; screenshots in artifacts/); among them examples.test.mjs,
#                  which packs the bundle, installs examples/* with `npm ci` (about 35 s from
#                  npm's cache, mostly Astro) and builds and opens them
#   5. slow phone  node scripts/bench/slow-phone.mjs: a benchmark, not a test (issue 55): a first
#                  load of the three Spanish chapters and the gallery on a slow phone (4× CPU,
#                  1.6 Mbit/s, 150 ms, gzip), its figures printed against their targets (the
#                  figure moving after the text shows, the wasm + JS before the reader acts, the
#                  longest task, the blocking steerlab adds); about 1.5 min
# Every section runs even if an earlier one failed (the end-to-end tests need the build); the
# script exits non-zero if anything failed. `.ci/run` calls this script.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"

bold() { printf '\033[1m%s\033[0m\n' "$*"; }
section() {
  printf '\n'
  bold "════════════════════════════════════════════════════════════════════════"
  bold "  $*"
  bold "════════════════════════════════════════════════════════════════════════"
}

T0=$(date +%s)
section "setup: install what is missing (scripts/setup.sh)"
if ! bash scripts/setup.sh; then
  bold "setup failed: nothing was tested"
  exit 1
fi

export PATH="$ROOT/tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export TRUNK_SKIP_VERSION_CHECK=true
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-always}"

declare -a NAMES=() RESULTS=() TIMES=()
FAILED=0
run() {
  local name="$1"; shift
  section "$name: $*"
  local t=$(date +%s)
  if "$@"; then
    RESULTS+=("ok")
  else
    RESULTS+=("FAILED")
    FAILED=$((FAILED + 1))
  fi
  NAMES+=("$name")
  TIMES+=("$(( $(date +%s) - t ))s")
}
skip() {
  section "$1: skipped ($2)"
  NAMES+=("$1"); RESULTS+=("FAILED (skipped: $2)"); TIMES+=("-"); FAILED=$((FAILED + 1))
}

# The browser test targets: every tests/*.rs configured to run in the browser's page
# (run_in_browser: tests/viewer.rs, tests/panic_boundary.rs) or in a dedicated worker
# (run_in_dedicated_worker: tests/web.rs, the suites that need no DOM).
WASM_TESTS=()
for f in tests/*.rs; do
  if grep -Eq 'wasm_bindgen_test_configure!\((run_in_browser|run_in_dedicated_worker)\)' "$f"; then
    WASM_TESTS+=(--test "$(basename "$f" .rs)")
  fi
done

run "native tests" cargo test --workspace --no-fail-fast
# The core crate's modules import one another in one direction (docs/architecture.md).
run "core: no import circle" python3 scripts/dev/modgraph.py crates/steerlab-core/src --quiet
# Every path and link the README and the docs name exists (scripts/dev/doc-paths.py).
run "docs: paths and links" python3 scripts/dev/doc-paths.py
# The web shell's pure JS (the challenges' condition language, the chart's layout) in Node, no browser.
run "web-shell unit tests in Node" node --test tests/unit/
# `cargo xtask new-behaviour` writes a behaviour that compiles and passes its tests: on a copy of
# the tree (its own target directory: minutes the first time, then one more build of the core and its tests).
run "a new behaviour from the template" bash scripts/dev/new-behaviour-check.sh
if [ "${#WASM_TESTS[@]}" -gt 0 ]; then
  run "wasm tests in headless Chromium" cargo test --no-fail-fast --target wasm32-unknown-unknown --features fault-injection "${WASM_TESTS[@]}"
else
  skip "wasm tests in headless Chromium" "no tests/*.rs runs in the browser"
fi
# Issues #36, #48, 59: the exported code (www/code/export.js: JavaScript, Rust, Rust on
# steerlab-core, Unity C#, Godot GDScript; listings and packages) runs the core's trajectories: every
# built-in and random props scenarios, and the bandada, the queue and a 1 000-agent flock for 600
# steps, run in Node, with cargo (offline; clippy 0), with mono's mcs against a Unity stub (warning
# level 4 as errors), and (GDScript) parsed and linted by gdtoolkit with the addon's Godot 3 variant
# under godot3-server; two exports of one scenario keep their names; the packages' inputs reach the
# simulation; worst differences, allocations and the speeds (the page's wasm step, the JavaScript
# and C# packages alternated with it, JavaScript's scavenges, GDScript at 300 agents) printed
# (docs/exporting.md). About 10 minutes on a busy 2-core machine.
run "exported code runs like the core" node scripts/dev/code-equivalence.mjs
# steerlab-core as a crate (issues #48, 59): it packages and builds as published would.
run "steerlab-core publishes (dry run)" cargo publish --dry-run -p steerlab-core --allow-dirty --quiet
# The bench page's exports (`--features bench`, not in the gallery's module) must keep compiling.
run "bench exports compile" cargo check --lib --features bench --target wasm32-unknown-unknown
run "build the page" trunk build --release
if [ "${RESULTS[-1]}" = ok ]; then
  # Two files at a time, those that measure time or CPU alone after them; each file's time printed
  # (scripts/dev/e2e.mjs; E2E_JOBS=1 for one at a time).
  run "end-to-end tests in headless Chromium" node scripts/dev/e2e.mjs
  # Printed, not asserted: a busy machine only slows the phone down (docs/performance.md, "Payload").
  run "slow-phone benchmark (figures, not asserted)" node scripts/bench/slow-phone.mjs
else
  skip "end-to-end tests in headless Chromium" "the page did not build"
  skip "slow-phone benchmark (figures, not asserted)" "the page did not build"
fi

section "summary"
for i in "${!NAMES[@]}"; do
  printf '  %-42s %-8s %s\n' "${NAMES[$i]}" "${TIMES[$i]}" "${RESULTS[$i]}"
done
printf '  %-42s %s\n' "total time" "$(( $(date +%s) - T0 ))s"
if [ -d artifacts ]; then
  printf '  screenshots: %s\n' "$(cd artifacts && ls | tr '\n' ' ')"
fi
PASSED=$(( ${#NAMES[@]} - FAILED ))
printf '\nsections: %d passed, %d failed\n' "$PASSED" "$FAILED"
[ "$FAILED" -eq 0 ]
