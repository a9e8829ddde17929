#!/usr/bin/env bash
# The long, nightly-style hardening run (issue 7). NOT part of scripts/test.sh: it takes about
# an hour on a 2-core machine (native: over 25 min, browser ≈ 13). Run it from the repository root:
#
#   scripts/soak.sh                 # everything below
#   scripts/soak.sh native          # only the property tests and the fuzzers
#   scripts/soak.sh browser         # only the browser soak (needs dist/: trunk build --release)
#   STEERLAB_PROP_SEED=1234 scripts/soak.sh native   # replay a seed a failing run printed
#
# What it runs, compared with the normal test command:
#   native   tests/props.rs       STEERLAB_PROP_CASES 128 → 1500 random/degenerate scenarios,
#                                 STEERLAB_PROP_BUDGET 12 000 → 40 000 agent-steps each
#                                 (≈ 1.4·10⁶ → ≈ 5·10⁷ agent-steps, every invariant after every step)
#            tests/fuzz_inputs.rs STEERLAB_FUZZ_CASES 2000 → 40 000 inputs per class
#            both with a fresh random STEERLAB_PROP_SEED (printed; a failure replays with it)
#   browser  tests/e2e/hardening.test.mjs
#                                 STEERLAB_CYCLES 1000 → 5000 mount/destroy cycles (with free()),
#                                 STEERLAB_CYCLES_NO_FREE 400 → 5000 (without free(): destroy()
#                                 must give the simulation's memory back by itself),
#                                 STEERLAB_SOAK_SECONDS 30 → 600 (a 10-minute gallery soak)
# Figures land in artifacts/ (hardening-cycles.json, hardening-soak-600s.json) and in the log.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
export PATH="$ROOT/tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

what="${1:-all}"
seed="${STEERLAB_PROP_SEED:-$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')}"
failed=0
t0=$(date +%s)

if [ "$what" = all ] || [ "$what" = native ]; then
  echo "== native soak: property tests and fuzzers, seed $seed"
  if ! STEERLAB_PROP_SEED="$seed" \
      STEERLAB_PROP_CASES="${STEERLAB_PROP_CASES:-1500}" \
      STEERLAB_PROP_BUDGET="${STEERLAB_PROP_BUDGET:-40000}" \
      STEERLAB_FUZZ_CASES="${STEERLAB_FUZZ_CASES:-40000}" \
      cargo test --test props --test fuzz_inputs -- --nocapture --test-threads=2; then
    echo "native soak FAILED (replay: STEERLAB_PROP_SEED=$seed scripts/soak.sh native)"
    failed=1
  fi
fi

if [ "$what" = all ] || [ "$what" = browser ]; then
  echo "== browser soak: ${STEERLAB_CYCLES:-5000} mount/destroy cycles, ${STEERLAB_SOAK_SECONDS:-600} s gallery soak"
  if [ ! -f dist/index.html ]; then
    echo "dist/ is missing: building the page (trunk build --release)"
    TRUNK_SKIP_VERSION_CHECK=true trunk build --release || { echo "build FAILED"; exit 1; }
  fi
  if ! STEERLAB_CYCLES="${STEERLAB_CYCLES:-5000}" STEERLAB_CYCLES_NO_FREE="${STEERLAB_CYCLES_NO_FREE:-5000}" STEERLAB_SOAK_SECONDS="${STEERLAB_SOAK_SECONDS:-600}" \
      node --test tests/e2e/hardening.test.mjs; then
    echo "browser soak FAILED"
    failed=1
  fi
fi

echo "soak finished in $(( $(date +%s) - t0 )) s: $([ "$failed" = 0 ] && echo ok || echo FAILED)"
exit "$failed"
