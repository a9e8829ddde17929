#!/usr/bin/env bash
# `cargo xtask new-behaviour` on a copy of the tree: the behaviour it writes compiles, the files it
# regenerates are current, the tests that list every behaviour and scenario pass with it, and its
# exported JavaScript runs like the core.
# Usage: scripts/dev/new-behaviour-check.sh [id] (default `interpose`). The copy is removed after;
# it builds in its own target directory, target/new-behaviour-check (kept between runs: the first
# builds the dependencies, later ones reuse them). Not this tree's: build.rs writes absolute paths
# into its output, which the copy's build would overwrite.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$(pwd)"
ID="${1:-interpose}"
COPY="$(mktemp -d "${TMPDIR:-/tmp}/steerlab-new-behaviour.XXXXXX")"
trap 'rm -rf "$COPY"' EXIT
tar --exclude=./target --exclude=./dist --exclude=./tools/node_modules --exclude=./artifacts --exclude=./.git -cf - . | tar -C "$COPY" -xf -
# (The tools, TypeScript among them, are this tree's: the exported package's types are checked.)
[ -d "$ROOT/tools/node_modules" ] && ln -s "$ROOT/tools/node_modules" "$COPY/tools/node_modules"
cd "$COPY"
export CARGO_TARGET_DIR="$ROOT/target/new-behaviour-check"
cargo xtask new-behaviour "$ID"
# A second time: refused, naming the file.
if out="$(cargo xtask new-behaviour "$ID" 2>&1)"; then
  echo "new-behaviour accepted an existing id: $out" >&2
  exit 1
fi
grep -q "exists already" <<<"$out"
cargo test -p steerlab-core --features code --lib -q
cargo test -q --test golden --test words --test series --test scenarios --test history --test file_sizes
cargo clippy -q --workspace --all-targets -- -D warnings
# Its exported JavaScript runs the canvas's trajectory (the built-in scenarios and random ones with
# it among the behaviours): a template whose report or fields the exporter misreads fails here.
node scripts/dev/code-equivalence.mjs --only js
echo "new-behaviour $ID: compiles, regenerated files current, tests pass"
