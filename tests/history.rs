//! Rewind and scrub (issue 23): for every built-in scenario, a session with `set`s, pointer input
//! and a reseed, then `seek` back and forth, lands on the state the simulation had at that step,
//! number for number; snapshots of the fast engine keep its cell order; memory stays within the
//! budget. Written once with `dual_test!`: natively and, through `tests/web.rs`, in wasm in
//! Chromium.

#[macro_use]
#[path = "support/mod.rs"]
mod support;

use glam::Vec2;
use serde_json::{json, Value};
use std::collections::HashMap;
use steerlab::sim::history::History;
use steerlab::sim::input::Input;
use steerlab::sim::pointer::Pointer;
use steerlab::sim::Sim;
use support::{builtin_sim, first_difference, state_bits};

fn set(path: &str, v: Value) -> Input {
    Input::Set(Box::new((path.to_string(), v)))
}

fn ptr(ev: Pointer, dragging: bool) -> Input {
    Input::Pointer(ev, dragging)
}

/// A session for a scenario: (step, input) in order, over `len` steps; a reseed at `reseed_at`.
fn script(sim: &Sim, reseed_at: u64) -> Vec<(u64, Input)> {
    let w = sim.world();
    let at = |fx: f32, fy: f32| Vec2::new(w.width * fx, w.height * fy);
    let sc = sim.scenario();
    let slider = sc.controls.iter().find(|c| c.kind == steerlab::sim::scenario::ControlKind::Slider);
    let mut s = vec![];
    if sc.name == "stress" {
        s.push((0, set("agents.count", json!(1500))));
    }
    s.push((3, ptr(Pointer::Move(at(0.3, 0.4)), false)));
    s.push((3, ptr(Pointer::Down(at(0.3, 0.4)), true)));
    s.push((4, ptr(Pointer::Move(at(0.35, 0.45)), true)));
    s.push((5, ptr(Pointer::Move(at(0.45, 0.5)), true)));
    s.push((5, ptr(Pointer::Up(at(0.45, 0.5)), false)));
    s.push((8, Input::Pick(at(0.5, 0.5), 60.0)));
    if let Some(c) = slider {
        s.push((20, set(&c.param, json!((c.min + c.max) * 0.5))));
        s.push((20, set(&c.param, json!(c.min + (c.max - c.min) * 0.3))));
    }
    s.push((41, ptr(Pointer::Move(at(0.7, 0.2)), false)));
    s.push((47, ptr(Pointer::Leave, false)));
    s.push((61, ptr(Pointer::Down(at(0.6, 0.6)), true)));
    s.push((61, ptr(Pointer::Up(at(0.6, 0.6)), false)));
    s.push((62, ptr(Pointer::DoubleClick(at(0.6, 0.6)), false)));
    s.push((62, Input::Delete));
    s.push((70, Input::AddWaypoint(at(0.1, 0.9))));
    if let Some(c) = sc.controls.iter().rev().find(|c| c.kind == steerlab::sim::scenario::ControlKind::Slider) {
        s.push((75, set(&c.param, json!(c.max))));
    }
    s.push((reseed_at, Input::Reseed(99)));
    s.push((reseed_at + 10, ptr(Pointer::Down(at(0.5, 0.5)), true)));
    s.push((reseed_at + 40, ptr(Pointer::Up(at(0.5, 0.5)), false)));
    if let Some(c) = slider {
        s.push((reseed_at + 45, set(&c.param, json!(c.min))));
    }
    s
}

/// Run `script` live through a history, stepping `len` steps after the reseed; returns the
/// history, the simulation and every state of the last run (after the reseed) by step.
/// States by step: `state()` and the agents' bits.
type Seen = HashMap<u64, (Value, Vec<[u32; 6]>)>;

fn live(name: &str, reseed_at: u64, len: u64) -> (History, Sim, Seen) {
    let mut sim = builtin_sim(name);
    let mut h = History::new(&sim);
    let script = script(&sim, reseed_at);
    let mut seen = HashMap::new();
    let mut after_reseed = false;
    let mut k = 0u64; // steps taken in total
    while k <= reseed_at + len {
        for (_, input) in script.iter().filter(|(s, _)| *s == k) {
            let out = h.act(&mut sim, input.clone());
            after_reseed |= matches!(input, Input::Reseed(_));
            // AddWaypoint on a scenario without a path is refused: fine, nothing was logged.
            if let Err(e) = &out {
                assert!(matches!(input, Input::AddWaypoint(_)), "{name}: {input:?} refused: {e}");
            }
        }
        if after_reseed {
            seen.insert(sim.steps, (sim.state_json(), state_bits(&sim)));
        }
        if k == reseed_at + len {
            break;
        }
        h.step(&mut sim, k.is_multiple_of(2));
        k += 1;
    }
    (h, sim, seen)
}

fn check(name: &str, h: &mut History, sim: &mut Sim, seen: &Seen, to: u64) {
    let got = h.seek(sim, to);
    assert_eq!(got, to, "{name}: seek({to}) reached {got}");
    assert_eq!(sim.steps, to);
    let (state, bits) = &seen[&to];
    assert!(state_bits(sim) == *bits, "{name}: seek({to}): the agents differ from the live run");
    if sim.state_json() != *state {
        let now = sim.state_json();
        let keys: Vec<&String> =
            now.as_object().unwrap().iter().filter(|(k, v)| state.get(k.as_str()) != Some(v)).map(|(k, _)| k).collect();
        panic!("{name}: seek({to}): state() differs from the live run in {keys:?}");
    }
}

/// Every built-in: seek back and forth, each time the live run's state.
fn seek_everywhere(name: &str) {
    let (reseed_at, len) = (100, 150);
    let (mut h, mut sim, seen) = live(name, reseed_at, len);
    assert_eq!(h.end(), len);
    assert_eq!(h.start(), 0);
    assert!(!h.log().is_empty(), "{name}: the inputs after the reseed were logged");
    for to in [0, 149, 10, 11, 10, 150, 31, 89, 60, 61, 59, 120, 45, 44, 46, 150, 0, 1] {
        check(name, &mut h, &mut sim, &seen, to);
    }
    // Past the ends: clamped.
    assert_eq!(h.seek(&mut sim, 10_000), len);
}

dual_test!(seek_lands_on_the_live_state_flock, { seek_everywhere("flock") });
dual_test!(seek_lands_on_the_live_state_separation, { seek_everywhere("separation") });
dual_test!(seek_lands_on_the_live_state_alignment, { seek_everywhere("alignment") });
dual_test!(seek_lands_on_the_live_state_cohesion, { seek_everywhere("cohesion") });
dual_test!(seek_lands_on_the_live_state_spatial_hash, { seek_everywhere("spatial-hash") });
dual_test!(seek_lands_on_the_live_state_bandada, { seek_everywhere("bandada") });
dual_test!(seek_lands_on_the_live_state_follow_leader, { seek_everywhere("follow-leader") });
dual_test!(seek_lands_on_the_live_state_queue, { seek_everywhere("queue") });
dual_test!(seek_lands_on_the_live_state_path_waypoints, { seek_everywhere("path-waypoints") });
dual_test!(seek_lands_on_the_live_state_path_tube, { seek_everywhere("path-tube") });
dual_test!(seek_lands_on_the_live_state_stress, { seek_everywhere("stress") });
dual_test!(seek_lands_on_the_live_state_seek, { seek_everywhere("seek") });
dual_test!(seek_lands_on_the_live_state_flee, { seek_everywhere("flee") });
dual_test!(seek_lands_on_the_live_state_arrive, { seek_everywhere("arrive") });
dual_test!(seek_lands_on_the_live_state_pursuit, { seek_everywhere("pursuit") });
dual_test!(seek_lands_on_the_live_state_evade, { seek_everywhere("evade") });
dual_test!(seek_lands_on_the_live_state_wander, { seek_everywhere("wander") });
dual_test!(seek_lands_on_the_live_state_obstacle_avoidance, { seek_everywhere("obstacle-avoidance") });
dual_test!(seek_lands_on_the_live_state_containment, { seek_everywhere("containment") });
dual_test!(seek_lands_on_the_live_state_flow_field, { seek_everywhere("flow-field") });

dual_test!(every_builtin_is_covered, {
    let covered = [
        "flock",
        "separation",
        "alignment",
        "cohesion",
        "spatial-hash",
        "bandada",
        "follow-leader",
        "queue",
        "path-waypoints",
        "path-tube",
        "stress",
        "seek",
        "flee",
        "arrive",
        "pursuit",
        "evade",
        "wander",
        "obstacle-avoidance",
        "containment",
        "flow-field",
    ];
    for n in steerlab::scenarios::names() {
        assert!(
            covered.contains(&n),
            "built-in scenario {n} has no seek test in tests/history.rs: add \
             `dual_test!(seek_lands_on_the_live_state_<name>, {{ seek_everywhere(\"{n}\") }});` and \"{n}\" to `covered`"
        );
    }
});

dual_test!(the_history_equals_a_plain_run_of_the_same_inputs, {
    // A simulation driven by the old direct calls (set, pointer_event, reseed …), no history:
    // the same states as the history's live run and its seeks.
    for name in ["bandada", "path-waypoints", "follow-leader", "arrive", "flow-field"] {
        let (reseed_at, len) = (100, 150);
        let (mut h, mut sim, seen) = live(name, reseed_at, len);
        let mut plain = builtin_sim(name);
        let script = script(&plain, reseed_at);
        for k in 0..=reseed_at + 120 {
            for (_, input) in script.iter().filter(|(s, _)| *s == k) {
                match input {
                    Input::Set(b) => plain.set(&b.0, b.1.clone()).unwrap(),
                    Input::Reseed(s) => plain.reseed(*s),
                    Input::Pointer(ev, d) => {
                        plain.pointer_event(*ev, *d);
                    }
                    Input::Delete => {
                        plain.delete_selected();
                    }
                    Input::AddWaypoint(p) => {
                        let _ = plain.add_waypoint(*p);
                    }
                    Input::Pick(p, r) => {
                        plain.pick(*p, *r);
                    }
                    Input::Reset => plain.reset(),
                }
            }
            if k < reseed_at + 120 {
                plain.step();
            }
        }
        h.seek(&mut sim, 120);
        if let Some(d) = first_difference(&sim, &plain) {
            panic!("{name}: seek(120) vs a plain run: {d}");
        }
        assert_eq!(sim.state_json(), plain.state_json(), "{name}");
        assert_eq!(seen[&120].0, plain.state_json(), "{name}");
    }
});

dual_test!(acting_after_a_seek_back_discards_the_future, {
    let mut sim = builtin_sim("path-waypoints");
    let n0 = sim.scene().path.waypoints.len();
    let mut h = History::new(&sim);
    for _ in 0..50 {
        h.step(&mut sim, false);
    }
    h.act(&mut sim, Input::AddWaypoint(Vec2::new(50.0, 50.0))).unwrap();
    for _ in 0..50 {
        h.step(&mut sim, false);
    }
    assert_eq!((h.end(), h.log().len()), (100, 1));
    // Back to 30, and play forward: the future is replayed, not discarded (no input).
    h.seek(&mut sim, 30);
    for _ in 0..40 {
        h.step(&mut sim, false);
    }
    assert_eq!((sim.steps, h.end(), h.log().len()), (70, 100, 1));
    assert_eq!(sim.scene().path.waypoints.len(), n0 + 1, "the waypoint logged at step 50 was replayed");
    // Back to 30 and act: the waypoint at 50 and the steps after 30 are gone.
    h.seek(&mut sim, 30);
    h.act(&mut sim, Input::AddWaypoint(Vec2::new(60.0, 60.0))).unwrap();
    assert_eq!((h.end(), h.log().len()), (30, 1));
    assert_eq!(h.log()[0].step, 30);
    assert_eq!(h.seek(&mut sim, 100), 30, "nothing after 30 any more");
    // A pointer move that changes nothing is not an act: the future stays.
    for _ in 0..20 {
        h.step(&mut sim, false);
    }
    h.seek(&mut sim, 40);
    let out = h.act(&mut sim, Input::Pointer(Pointer::Move(Vec2::new(1.0, 1.0)), false)).unwrap();
    assert!(!out.changed);
    assert_eq!(h.end(), 50);
});

dual_test!(a_reset_or_a_new_seed_starts_a_new_history, {
    let mut sim = builtin_sim("flock");
    let mut h = History::new(&sim);
    for _ in 0..40 {
        h.step(&mut sim, false);
    }
    h.act(&mut sim, set("separation.weight", json!(2.5))).unwrap();
    h.act(&mut sim, Input::Reseed(5)).unwrap();
    assert_eq!((sim.steps, h.end(), h.log().len()), (0, 0, 0));
    assert_eq!(h.base().unwrap().0.seed, 5);
    // set("seed") restarts too.
    for _ in 0..10 {
        h.step(&mut sim, false);
    }
    h.act(&mut sim, set("seed", json!(6))).unwrap();
    assert_eq!((sim.steps, h.end()), (0, 0));
    for _ in 0..10 {
        h.step(&mut sim, false);
    }
    h.act(&mut sim, Input::Reset).unwrap();
    assert_eq!((sim.steps, h.end()), (0, 0));
    assert_eq!(h.base().unwrap().0.seed, 6);
    let w = h.base().unwrap().0.behaviours.iter().find_map(|b| b.flock_rule());
    assert!(matches!(w, Some(steerlab::sim::behaviours::FlockRule::Separation { weight, .. }) if weight == 2.5));
});

dual_test!(fast_engine_snapshots_keep_the_cell_order, {
    // The stress scenario's engine sums neighbours in its cell order, which the stable counting
    // sort carries from step to step: a flock reloaded from the agents alone (in id order) steps to
    // other bits. A snapshot keeps the slot order, and resumes bit for bit.
    let mut a = builtin_sim("stress");
    a.set("agents.count", json!(3000)).unwrap();
    for _ in 0..60 {
        a.step_deferred();
    }
    let snap = a.snapshot(None);
    let mut naive = builtin_sim("stress");
    naive.set("agents.count", json!(3000)).unwrap();
    let mut restored = builtin_sim("stress");
    restored.restore(&snap);
    for _ in 0..60 {
        naive.step();
    }
    naive.agents_mut().clone_from_slice(&a.agents());
    naive.steps = a.steps;
    for _ in 0..80 {
        a.step_deferred();
        restored.step_deferred();
        naive.step_deferred();
    }
    assert!(first_difference(&a, &restored).is_none(), "{:?}", first_difference(&a, &restored));
    assert_eq!(a.state_json(), restored.state_json());
    assert!(
        first_difference(&a, &naive).is_some(),
        "reloading the agents alone stepped to the same bits: then the slot order would not matter"
    );
});

dual_test!(memory_stays_within_the_budget_and_the_history_thins_out, {
    let mut sim = builtin_sim("flock");
    let one = sim.snapshot(None).bytes();
    let budget = one * 20;
    let mut h = History::with_budget(&sim, budget);
    let mut seen = HashMap::new();
    for _ in 0..3000 {
        h.step(&mut sim, false);
        if sim.steps.is_multiple_of(97) {
            seen.insert(sim.steps, state_bits(&sim));
        }
        let (_, bytes, _) = h.memory();
        assert!(bytes <= budget, "{bytes} B over the budget of {budget} B at step {}", sim.steps);
    }
    let (count, _, every) = h.memory();
    assert!(every > 30, "the history did not thin out: every {every}, {count} snapshots");
    assert_eq!(h.start(), 0, "a small flock thins out rather than forgetting its start");
    for (&k, bits) in &seen {
        h.seek(&mut sim, k);
        assert!(state_bits(&sim) == *bits, "seek({k}) after thinning");
    }
});

dual_test!(a_large_flock_forgets_its_oldest_steps_instead_of_replaying_long, {
    // 20 000 agents: thinning further would make a seek replay more than MAX_REPLAY agent-steps,
    // so the oldest snapshots go and the history starts later.
    let mut sim = builtin_sim("stress");
    let one = sim.snapshot(None).bytes();
    let mut h = History::with_budget(&sim, one * 4);
    for _ in 0..400 {
        h.step(&mut sim, true);
    }
    let (count, bytes, every) = h.memory();
    assert!(bytes <= one * 4 + one / 2, "{bytes}");
    assert!(every * 20_000 <= steerlab::sim::history::MAX_REPLAY, "every {every}");
    assert!(h.start() > 0, "{count} snapshots from {}", h.start());
    assert_eq!(h.seek(&mut sim, 0), h.start());
});

// ---------------------------------------------------------------------------------------------
// Links

use steerlab::sim::link::{self, Link};

fn mounted(name: &str) -> steerlab::sim::Scenario {
    steerlab::sim::scenario::parse(steerlab::scenarios::builtin(name).unwrap()).unwrap()
}

/// Open a link as a page does: the scenario with the link's seed and parameters, the log replayed
/// up to the step.
fn open(text: &str, on: &steerlab::sim::Scenario) -> Result<(History, Sim), String> {
    let l = Link::decode(text)?;
    let mut sim = Sim::new(l.start(on)?)?;
    let mut h = History::new(&sim);
    h.set_future(&mut sim, l.log.clone(), l.step);
    h.seek(&mut sim, l.step);
    Ok((h, sim))
}

fn link_round_trip(name: &str) {
    let (mut h, mut sim, seen) = live(name, 100, 150);
    for to in [150, 70, 3] {
        h.seek(&mut sim, to);
        let l = h.link(&sim, &mounted(name)).unwrap();
        let text = l.encode();
        assert_eq!(Link::decode(&text).unwrap().encode(), text, "{name}");
        let (_, opened) = open(&text, &mounted(name)).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(opened.steps, to);
        assert!(state_bits(&opened) == seen[&to].1, "{name}: link to {to}: agents differ\n{text}");
        assert_eq!(opened.state_json(), seen[&to].0, "{name}: link to {to}\n{text}");
    }
}

dual_test!(links_restore_every_builtin_bit_for_bit, {
    for name in steerlab::scenarios::names() {
        link_round_trip(name);
    }
});

dual_test!(a_link_after_a_reset_starts_from_its_parameters_and_stays_short, {
    let mut sim = builtin_sim("flock");
    let mut h = History::new(&sim);
    for _ in 0..30 {
        h.step(&mut sim, false);
    }
    h.act(&mut sim, set("separation.weight", json!(0.5))).unwrap();
    h.act(&mut sim, set("perception", json!(60))).unwrap();
    h.act(&mut sim, Input::Reset).unwrap();
    for _ in 0..300 {
        h.step(&mut sim, true);
    }
    let text = h.link(&sim, &mounted("flock")).unwrap().encode();
    let fp = link::fingerprint(&mounted("flock"));
    let fp = link::Link { name: String::new(), fingerprint: fp, seed: 0, sets: vec![], log: vec![], step: 0 }.encode();
    let fp = fp.split('~').nth(2).unwrap().to_string();
    assert_eq!(
        text,
        format!("1~flock~{fp}~7~300~separation.weight:0.5~alignment.perception:60~cohesion.perception:60")
    );
    assert!(text.len() < 100, "{} characters", text.len());
    let (_, opened) = open(&text, &mounted("flock")).unwrap();
    assert!(first_difference(&opened, &sim).is_none());
    assert_eq!(opened.state_json(), sim.state_json());
});

dual_test!(bad_links_are_refused_with_a_message, {
    let flock = mounted("flock");
    let good = h_link_text();
    assert!(open(&good, &flock).is_ok());
    let fp = good.split('~').nth(2).unwrap();
    let cases: Vec<(String, &str)> = vec![
        ("hello".into(), "not a steerlab link"),
        (good.replacen("1~", "2~", 1), "another version of steerlab (format 2)"),
        ("1~flock".into(), "cut short"),
        (format!("1~flock~{fp}~x~10"), "the seed and the step must be whole numbers"),
        (format!("1~flock~{fp}~7~99999999999"), "the step must be at most"),
        ("1~flock~zzzzzz~7~10".to_string(), "another version of the `flock` scenario"),
        (format!("1~queue~{fp}~7~10"), "made for the scenario `queue`, but this canvas shows `flock`"),
        (format!("1~flock~{fp}~7~10~separation.weight:-1"), "separation.weight: behaviours[0].weight: must be"),
        (format!("1~flock~{fp}~7~10~separation.wieght:1"), "separation.wieght: unknown parameter"),
        (format!("1~flock~{fp}~7~10~5sseparation.weight:abc"), "separation.weight"),
        (format!("1~flock~{fp}~7~10~20d1,2"), "after the link's step"),
        (format!("1~flock~{fp}~7~10~2q1,2"), "unknown input"),
        (format!("1~flock~{fp}~7~10~2d1"), "expected x,y"),
        (format!("1~flock~{fp}~7~10~2dNaN,1"), "not a number"),
        (format!("1~flock~{fp}~7~10~2w1,2"), "has no path"),
        (format!("1~flock~{fp}~7~10~2p1,2"), "expected x,y"),
        (format!("1~flock~{fp}~7~10~2p1,2,NaN"), "not a number"),
        (format!("1~flock~{fp}~7~10~2s:1"), "a set without a path"),
        (format!("1~flock~{fp}~7~10~2sseed:3"), "seed"),
        (format!("1~flock~{fp}~7~10~2x~perception:3"), "expected path:value, before the inputs"),
        (format!("1~flock~{fp}~7~10~separation.weight%ZZ:1"), "bad escape"),
    ];
    for (text, want) in cases {
        match open(&text, &flock) {
            Ok(_) => panic!("{text}: accepted"),
            Err(e) => assert!(e.contains(want) && e.starts_with("link: "), "{text}: {e:?} lacks {want:?}"),
        }
    }
});

fn h_link_text() -> String {
    let mut sim = builtin_sim("flock");
    let mut h = History::new(&sim);
    for _ in 0..10 {
        h.step(&mut sim, false);
    }
    h.link(&sim, &mounted("flock")).unwrap().encode()
}

dual_test!(links_made_before_stay_valid, {
    // A link written by this version: if it stops restoring these exact bits, trajectories or the
    // format changed, and links already shared would silently show something else. Then bump
    // `link::VERSION` (old links are refused with a message) and record the new hash here.
    let flock = mounted("flock");
    let fp = h_link_text().split('~').nth(2).unwrap().to_string();
    let text = format!("1~flock~{fp}~7~240~separation.weight:2~12sperception:70~30d320,200~0u320,200~40s:30");
    let (_, sim) = open(&text, &flock).unwrap();
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for a in state_bits(&sim) {
        for x in a {
            h = (h ^ x as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    assert_eq!(h, 17012650658142363094, "the link {text} restores other bits than when it was made");
});

dual_test!(parameters_as_paths_reproduce_the_scenario, {
    // For every built-in, the parameters its sliders set: the diff as paths, applied to the
    // scenario as the page gave it, is the scenario again.
    for name in steerlab::scenarios::names() {
        let mut sim = builtin_sim(name);
        let controls = sim.scenario().controls.clone();
        for (k, c) in controls.iter().enumerate() {
            let v = match c.kind {
                steerlab::sim::scenario::ControlKind::Slider => {
                    json!(c.min + (c.max - c.min) * (k as f64 * 0.37 % 1.0))
                }
                steerlab::sim::scenario::ControlKind::Toggle => json!(sim.get_value(&c.param).unwrap() != json!(true)),
                steerlab::sim::scenario::ControlKind::Select => json!(c.options.last().cloned().unwrap_or_default()),
            };
            let _ = sim.set(&c.param, v);
        }
        let _ = sim.set("motion.max_speed", json!(77.5));
        let _ = sim.set("world.edges", json!("bounce"));
        let sets = link::diff(&mounted(name), sim.scenario()).unwrap();
        let again = steerlab::sim::params::with_sets(&mounted(name), &sets).unwrap();
        let mut want = sim.scenario().clone();
        want.seed = again.seed;
        assert_eq!(again, want, "{name}: {sets:?}");
        let text = link::sets_text(&sets);
        assert_eq!(link::parse_sets(&text).unwrap().len(), sets.len(), "{name}: {text}");
    }
});

dual_test!(data_set_errors_name_the_field, {
    let flock = mounted("flock");
    let with = |t: &str| link::parse_sets(t).and_then(|s| steerlab::sim::params::with_sets(&flock, &s)).unwrap_err();
    let e = with(r#"{"separation.weight": -1}"#);
    assert!(e.starts_with("separation.weight: behaviours[0].weight: must be"), "{e}");
    assert_eq!(with(r#"{"separation.wieght": 1}"#), "separation.wieght: unknown parameter");
    assert!(with(r#"{"perception": "wide"}"#).contains("perception"), "{}", with(r#"{"perception": "wide"}"#));
    assert!(with(r#"{"perception": 50, "alignment.perception": 60}"#).contains("names the same field"));
    assert!(with(r#"[1, 2]"#).starts_with("data-set: must be a JSON object"));
    assert!(with(r#"{"separation.weight": 1"#).starts_with("data-set: "));
    assert!(with(r#"{"seed": 3}"#).starts_with("seed: "));
    let ok = link::parse_sets(r#"{"separation.weight": 0.5, "agents.count": 80}"#).unwrap();
    let sc = steerlab::sim::params::with_sets(&flock, &ok).unwrap();
    assert_eq!(sc.agents.count(), 80);
});

dual_test!(the_fingerprint_ignores_texts_and_follows_what_steers, {
    let flock = mounted("flock");
    let mut captioned = flock.clone();
    captioned.caption = "another caption".into();
    captioned.seed = 99;
    // (Which agent is selected at the start is display too: issue 33 chose other ones.)
    captioned.selected = Some(7);
    assert_eq!(link::fingerprint(&flock), link::fingerprint(&captioned));
    let mut sim = Sim::new(flock.clone()).unwrap();
    sim.set("separation.weight", json!(1.25)).unwrap();
    assert_ne!(link::fingerprint(&flock), link::fingerprint(sim.scenario()));
});
