#!/usr/bin/env bash
# Issue 6 benchmarks, all of them (not part of the test command; ~5 minutes on 2 cores):
#   1. criterion (native, thread CPU time): ns per boid per step of the fast engine at 1k, 10k,
#      100k, 1M boids (fixed density, ~20 neighbours, perception 48), the standard grid and naive
#      engines where feasible, and all three at 10k boids on a 1920×1080 torus;
#   2. an instruction count per boid-step under valgrind's callgrind (a stable regression signal:
#      it does not move with the machine's load), and per boid-frame of the raster agent layer;
#   3. the browser page in headless Chromium (scripts/bench/browser.mjs), wasm vs JS vs native.
#
#   scripts/bench/bench.sh [native|callgrind|browser|all]      QUICK=1 for shorter runs
set -euo pipefail
cd "$(dirname "$0")/../.."
what=${1:-all}
# Native figures are measured at opt-level 3, as a native game would build the crate: the release
# profile is opt-level "z" for the wasm payload. In a target dir of their own, so the switch does
# not rebuild target/release. The browser's wasm builds keep the shipped profile.
native_env=(env CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_BENCH_OPT_LEVEL=3 CARGO_TARGET_DIR="$PWD/target/bench-native")
native_bin=target/bench-native/release/examples
quick=${QUICK:-}

if [[ $what == native || $what == all ]]; then
  echo "== criterion (native, thread CPU time; ns/elem = ns per boid per step)"
  if [[ -n $quick ]]; then
    "${native_env[@]}" cargo bench --bench flock -- --warm-up-time 0.2 --measurement-time 1 2>&1 | grep -E "^(step_|raster_)|time:|thrpt:" || true
  else
    "${native_env[@]}" cargo bench --bench flock 2>&1 | grep -E "^(step_|raster_)|time:|thrpt:" || true
  fi
fi

if [[ $what == callgrind || $what == all ]]; then
  echo "== instructions per boid-step (callgrind, examples/bench_step, 10 000 boids)"
  "${native_env[@]}" cargo build --quiet --release --example bench_step
  for kernel in narrow simd scalar; do
    count() {
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$native_bin"/bench_step 10000 "$1" fast "$kernel" 2>&1 \
        | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
    }
    base=$(count 0)
    steps=$(count 10)
    echo "  $kernel: $(( (steps - base) / (10000 * 10) )) instructions per boid-step (10 steps, setup subtracted)"
  done
  echo "== instructions per boid-frame of the raster agent layer (callgrind, examples/bench_step_draw, 100 000 boids, 1280×720, 2×2 dots)"
  "${native_env[@]}" cargo build --quiet --release --example bench_step_draw
  for mode in list soa; do
    count() {
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$native_bin"/bench_step_draw 100000 "$1" "$mode" 2>&1 \
        | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
    }
    base=$(count 0)
    frames=$(count 5)
    echo "  $mode: $(( (frames - base) / (100000 * 5) )) instructions per boid-frame (5 frames, setup subtracted; background fill included)"
  done
fi

if [[ $what == browser || $what == all ]]; then
  echo "== browser (headless Chromium)"
  node scripts/bench/browser.mjs ${quick:+--quick}
fi
