//! The measures over time (issue 35: the chart, `v.series()`): every sample equals
//! `state().metrics` at the same step, for every built-in scenario; recording leaves trajectories
//! bit for bit as they were; parameter changes are marked with what changed; a new input in the
//! past cuts the recorded future; the measures themselves (groups, nearest distances) by hand.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/mod.rs"]
mod support;

use serde_json::{json, Value};
use steerlab::sim::history::History;
use steerlab::sim::input::Input;
use steerlab::sim::series::{Series, MAX_ROWS};
use steerlab::sim::Sim;
use support::{builtin_sim, first_difference};

fn set(path: &str, v: Value) -> Input {
    Input::Set(Box::new((path.to_string(), v)))
}

/// The series' value of `id` at its row `r`.
fn at(s: &Series, r: usize, id: &str) -> Option<f32> {
    let k = s.ids().iter().position(|&x| x == id).unwrap_or_else(|| panic!("no measure {id}"));
    s.value(r, k)
}

#[test]
fn every_sample_equals_state_metrics_at_its_step_and_recording_changes_no_trajectory() {
    for name in steerlab::scenarios::names().filter(|&n| n != "stress") {
        let mut sim = builtin_sim(name);
        let mut hist = History::new(&sim);
        let mut plain = builtin_sim(name);
        let mut checked = 0;
        for _ in 0..130 {
            hist.step(&mut sim, false);
            plain.step();
            let s = hist.series();
            if s.steps().last() != Some(&sim.steps) {
                continue;
            }
            let r = s.steps().len() - 1;
            let state = plain.state_json();
            for (k, id) in s.ids().iter().enumerate() {
                let want = state["metrics"][*id].as_f64().map(|x| x as f32);
                assert_eq!(
                    s.value(r, k),
                    want,
                    "{name}, step {}: series {id} {:?}, state().metrics.{id} {}",
                    sim.steps,
                    s.value(r, k),
                    state["metrics"][*id]
                );
            }
            checked += 1;
        }
        let s = hist.series();
        assert!(!s.ids().is_empty(), "{name}: no measures");
        assert_eq!(checked, 130 / s.every() as usize, "{name}: samples every {} steps", s.every());
        assert_eq!(s.steps()[0], 0, "{name}: the first sample is the start");
        assert!(first_difference(&sim, &plain).is_none(), "{name}: recording changed the trajectory");
    }
}

#[test]
fn each_scenario_plots_its_own_measures() {
    let ids = |name: &str| History::new(&builtin_sim(name)).series().ids().to_vec();
    assert_eq!(ids("flock"), ["polarisation", "mean_nearest", "min_nearest", "mean_neighbours", "groups"]);
    assert_eq!(ids("spatial-hash"), ["checks", "naive_checks"]);
    assert_eq!(ids("queue"), ["throughput", "overlaps"]);
    assert_eq!(ids("path-tube"), ["tube_distance", "prediction_outside"]);
    assert_eq!(ids("path-waypoints"), ["path_distance", "waypoint_index"]);
    assert_eq!(ids("pursuit"), ["quarry_distance", "catches", "mean_catch_time"]);
    assert_eq!(ids("evade"), ["prey_distance", "caught"]);
    assert_eq!(ids("arrive"), ["target_distance", "speed"]);
    // 20 000 boids: only what one pass over the agents gives.
    assert_eq!(ids("stress"), ["polarisation", "mean_neighbours", "checks"]);
}

#[test]
fn a_parameter_change_is_marked_and_a_new_input_in_the_past_cuts_the_future() {
    let mut sim = builtin_sim("flock");
    let mut hist = History::new(&sim);
    for _ in 0..30 {
        hist.step(&mut sim, false);
    }
    hist.act(&mut sim, set("alignment.weight", json!(0))).unwrap();
    // The same value again changes nothing: no mark.
    hist.act(&mut sim, set("alignment.weight", json!(0))).unwrap();
    for _ in 0..60 {
        hist.step(&mut sim, false);
    }
    let j = hist.series().json();
    assert_eq!(j["marks"], json!([{"step": 30, "path": "alignment.weight", "from": 1.0, "to": 0.0}]));
    assert_eq!(j["step"].as_array().unwrap().len(), 7, "{}", j["step"]);
    assert_eq!(j["time"][1], json!(0.25));
    assert_eq!(j["measures"].as_array().unwrap().len(), j["values"].as_object().unwrap().len());
    // Back to step 20 and forward again: nothing is measured twice, the mark stays once.
    hist.seek(&mut sim, 20);
    for _ in 0..70 {
        hist.step(&mut sim, false);
    }
    assert_eq!(hist.series().json()["marks"].as_array().unwrap().len(), 1);
    assert_eq!(hist.series().steps().len(), 7);
    // A change at step 30 replaces what came after it.
    hist.seek(&mut sim, 30);
    hist.act(&mut sim, set("cohesion.weight", json!(2.5))).unwrap();
    let s = hist.series();
    assert_eq!(s.steps(), [0, 15, 30]);
    assert_eq!(s.marks().len(), 2, "the change at 30 stays, the new one at 30 too");
    assert_eq!((s.marks()[1].step, s.marks()[1].path.as_str()), (30, "cohesion.weight"));
    // More agents: marked, the simulation goes on (the spatial hash's chart: checks against n²).
    hist.act(&mut sim, set("agents.count", json!(40))).unwrap();
    assert_eq!(hist.series().marks()[2].to, json!(40));
    // A change that restarts the simulation is the new series' first mark.
    hist.act(&mut sim, set("seed", json!(12345))).unwrap();
    let s = hist.series();
    assert_eq!(s.steps(), [0]);
    assert_eq!(s.marks().len(), 1);
    assert_eq!((s.marks()[0].step, s.marks()[0].path.as_str(), s.marks()[0].to.clone()), (0, "seed", json!(12345)));
}

#[test]
fn a_long_run_thins_out_and_keeps_its_shape() {
    let mut sim = builtin_sim("arrive");
    let mut hist = History::new(&sim);
    let steps = (MAX_ROWS as u64 + 10) * 15;
    for _ in 0..steps {
        hist.step(&mut sim, false);
    }
    let s = hist.series();
    assert_eq!(s.every(), 30);
    assert!(s.steps().len() <= MAX_ROWS && s.steps().len() > MAX_ROWS / 2);
    assert!(s.steps().iter().all(|k| k % 30 == 0));
    assert!(s.steps().windows(2).all(|w| w[0] < w[1]));
    // The values moved with their steps: the last one is the state's now (arrive: agent 0's speed).
    let last = s.steps().len() - 1;
    if *s.steps().last().unwrap() == sim.steps {
        assert_eq!(at(s, last, "speed"), Some(sim.agents()[0].speed()));
    }
}

#[test]
fn groups_and_nearest_distances_by_hand() {
    // Two pairs 10 px apart inside each pair, 200 px between the pairs; perception 48.
    let sc = json!({
        "name": "pairs",
        "world": {"width": 600, "height": 300, "edges": "bounce"},
        "agents": [
            {"position": [100, 100], "velocity": [10, 0]},
            {"position": [110, 100], "velocity": [10, 0]},
            {"position": [300, 100], "velocity": [0, 10]},
            {"position": [300, 106], "velocity": [0, 10]}
        ],
        "behaviours": [{"type": "cohesion", "weight": 0, "perception": 48}]
    });
    let sim = Sim::from_json(&sc.to_string()).unwrap();
    let m = sim.metrics();
    assert_eq!(m.groups, 2);
    assert_eq!(m.min_nearest, Some(6.0));
    assert_eq!(m.mean_nearest, Some(8.0));
    // Headings (1,0),(1,0),(0,1),(0,1): |mean| = √2/2.
    assert!((m.polarisation - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-6);
    let state = sim.state_json();
    assert_eq!(state["metrics"]["groups"], json!(2));
    assert_eq!(state["metrics"]["min_nearest"], json!(6.0));
}

/// How to add a missing key, for the messages below.
const ADD_WORDS: &str = "to words/en.json and every other words/<tag>.json (tests/words.rs fails when a shipped \
     language lacks it), then run `STEERLAB_WRITE_WORDS=1 cargo test --test words`";

/// The keys of the reference words file (words/en.json; tests/words.rs checks every shipped
/// language has the same).
fn catalog_keys() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/words/en.json")).unwrap();
    let words: std::collections::BTreeMap<String, String> = serde_json::from_str(&text).unwrap();
    words.into_keys().collect()
}

/// Every measure a chart shows has its name and its meaning, and every item of every readout its
/// meaning (`meaning.<readout>.<item>` or `meaning.<item>`), as www/chart.js and www/meaning.js
/// look them up.
#[test]
fn every_measure_shown_has_a_name_and_a_meaning() {
    use steerlab::sim::draw::Overlays;
    use steerlab::sim::render::Renderer;
    let keys = catalog_keys();
    let has = |k: &str| keys.iter().any(|x| x == k);
    for name in steerlab::scenarios::names() {
        let mut sim = builtin_sim(name);
        for _ in 0..3 {
            sim.step();
        }
        let hist = History::new(&sim);
        for id in hist.series().ids() {
            for key in [format!("chart.m.{id}"), format!("meaning.{id}")] {
                assert!(has(&key), "scenario {name}: measure `{id}` has no `{key}`: add `{key}` {ADD_WORDS}");
            }
        }
        let ov = Overlays::from_list(&sim.scenario().overlays);
        let r = Renderer::new();
        for readout in [sim.readout(), r.readout(&sim, ov)] {
            for (item, _) in &readout.items {
                let kind = readout.kind;
                assert!(
                    has(&format!("meaning.{kind}.{item}")) || has(&format!("meaning.{item}")),
                    "scenario {name}: item `{item}` of readout `{kind}` has no meaning: add `meaning.{kind}.{item}` \
                     (or `meaning.{item}`, shared by every readout) {ADD_WORDS}"
                );
            }
        }
    }
}
