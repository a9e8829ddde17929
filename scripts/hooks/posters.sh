#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml), on every build: the posters, each built-in scenario's
# first frame as an SVG still in every shipped language (en at the top, es/, fr/, pt/), light and
# dark, and posters/posters.css, which shows them in every unmounted <canvas data-scenario> in its
# language (docs/embedding.md, "Stills and posters").
# They are written natively by the `still` example, with the test profile (opt-level 1) so that
# the crates `cargo test` compiled are reused (the documents are the same in every profile: the
# core is deterministic).
#
#   cargo run --profile test --example still -- --posters dist/posters     (by hand)
set -euo pipefail
cd "${TRUNK_SOURCE_DIR:?run by trunk}"
OUT="${TRUNK_STAGING_DIR:?run by trunk}/posters"
rm -rf "$OUT"
cargo run --quiet --offline --profile test --example still -- --posters "$OUT"
