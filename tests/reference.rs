//! The reference's generated page of measures (`docs/reference/measures.md`, issue 47): for every
//! built-in scenario, the numbers of `state().metrics` (what a challenge's `"measure"` names), which
//! of them the chart draws (`v.series()`), and what each means (words/en.json's `meaning.*`
//! texts, the ones the reader sees behind a readout's "?").
//!
//! ```sh
//! cargo test --test reference                              # fails if the page is stale
//! STEERLAB_WRITE_REFERENCE=1 cargo test --test reference   # rewrites it
//! ```
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::fmt::Write;
use steerlab::sim::series::Series;
use support::builtin_sim;

const PAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference/measures.md");

/// What a measure means: words/en.json's `meaning.<scenario>.<key>`, else `meaning.<key>`,
/// else the few that have no readout of their own (described here).
fn meaning(catalog: &BTreeMap<String, String>, scenario: &str, key: &str) -> String {
    let own = |k: &str| catalog.get(&format!("meaning.{k}")).cloned();
    if let Some(m) = own(&format!("{scenario}.{key}")).or_else(|| own(key)) {
        return m;
    }
    match key {
        "mean_centroid_distance" => {
            "Mean distance from each agent to the centroid of its neighbours within perception, in px."
        }
        "through" => "Agents through the exit so far.",
        "mean_overlaps" => "Overlapping pairs, averaged over the run so far.",
        "braking" => "Agents braking now (someone just ahead of them).",
        "max_tube_distance" => "The largest distance from an agent to the path so far, in px.",
        "followers_in_ahead_zone" => "Followers inside the zone in front of the leader, which they must leave.",
        "mean_target_distance" => "Mean distance from each follower to its point behind the leader, in px.",
        "closest_approach" => "The closest any agent came to an obstacle's surface, in px (negative: inside it).",
        "touching_walls" => "Agents with a feeler across a wall.",
        "outside_walls" => "Agents outside the walls.",
        "field_alignment" => {
            "Mean cosine between the moving agents' velocities and their cells' arrows: 1 when all follow the field."
        }
        "waypoint_direction" => "The direction agent 0 goes along the path: 1 forwards, −1 backwards (ping-pong).",
        _ => "",
    }
    .to_string()
}

fn catalog() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/words/en.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn page() -> String {
    let catalog = catalog();
    let mut out = String::from(
        "# Measures: what each canvas measures\n\n\
         Generated from the code by `STEERLAB_WRITE_REFERENCE=1 cargo test --test reference` (a test fails when it is \
         stale): every built-in scenario after one second of simulation.\n\n\
         - **In a challenge**, `{\"measure\": \"…\"}` names any of a canvas's measures below, and two more everywhere: \
         `time` (seconds of simulation) and `agents` (how many). A measure the canvas does not have is refused with \
         the list of those it has ([challenges.md](challenges.md)).\n\
         - **In code**, `v.state().metrics` holds them all, now; `v.series()` the charted ones over time \
         ([api.md](api.md#the-chart-and-the-measures)).\n\
         - **Your own scenario** measures what its behaviours measure (a queue: throughput, overlaps …; a path \
         follower: distance to the path …), else what a flock measures. Mount it and read `Object.keys(v.state().metrics)`.\n\
         - *charted*: drawn by the chart under the canvas (`data-chart`, `v.chart(true)`), with its meaning behind \
         the measure's name.\n\n",
    );
    for name in steerlab::scenarios::names() {
        let mut sim = builtin_sim(name);
        for _ in 0..60 {
            sim.step();
        }
        let state = sim.state_json();
        let charted = Series::new(&sim).ids().to_vec();
        let metrics = state["metrics"].as_object().cloned().unwrap_or_default();
        let _ = writeln!(out, "## `{name}`\n");
        out.push_str("| measure | charted | meaning |\n| --- | --- | --- |\n");
        for (key, v) in &metrics {
            if !(v.is_number() || v.is_null()) {
                continue;
            }
            let chart = if charted.contains(&key.as_str()) { "yes" } else { "" };
            let _ = writeln!(out, "| `{key}` | {chart} | {} |", meaning(&catalog, name, key).replace('|', "\\|"));
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_measures_page_is_current() {
    let want = page();
    if std::env::var_os("STEERLAB_WRITE_REFERENCE").is_some() {
        std::fs::write(PAGE, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(PAGE).unwrap_or_default();
    assert!(
        have == want,
        "{PAGE} is stale (generated from the built-in scenarios and words/en.json): regenerate it with \
         `STEERLAB_WRITE_REFERENCE=1 cargo test --test reference`"
    );
}

/// Every charted measure is a key of `state().metrics` and has a meaning (the page never says nothing).
#[test]
fn every_measure_has_a_meaning() {
    let catalog = catalog();
    let mut missing = Vec::new();
    for name in steerlab::scenarios::names() {
        let mut sim = builtin_sim(name);
        sim.step();
        let state = sim.state_json();
        for (key, v) in state["metrics"].as_object().into_iter().flatten() {
            if (v.is_number() || v.is_null()) && meaning(&catalog, name, key).is_empty() {
                missing.push(format!("{name}: {key}"));
            }
        }
        for id in Series::new(&sim).ids() {
            assert!(state["metrics"].get(*id).is_some(), "{name}: charted {id} is not in state().metrics");
        }
    }
    assert!(
        missing.is_empty(),
        "measures without a meaning (add meaning.<key> to the catalogs, or describe it in tests/reference.rs):\n{}",
        missing.join("\n")
    );
}
