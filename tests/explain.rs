//! `explain()`: the numbers behind the selected agent's next step, from the code path that steps
//! the simulation. Its total is the force the next step applies (bit for bit on the standard
//! engine), and each rule's numbers match a hand computation.

use glam::Vec2;
use serde_json::{json, Value};
use steerlab::sim::Sim;

mod support;
use support::builtin_sim as builtin;

fn v2(v: &Value) -> Vec2 {
    Vec2::new(v[0].as_f64().unwrap() as f32, v[1].as_f64().unwrap() as f32)
}

/// `[x, y]` equal to `want` within 1e-4 (the hand values are exact decimals; f32 rounds them).
fn near(v: &Value, want: Vec2) {
    let got = v2(v);
    assert!((got - want).length() <= 1e-4 * want.length().max(1.0), "{got} vs {want}");
}

#[test]
fn the_total_is_the_force_the_next_step_applies_in_every_builtin_scenario() {
    for name in steerlab::scenarios::names() {
        let mut s = builtin(name);
        if name == "stress" {
            s.set("agents.count", json!(2000)).unwrap();
        }
        let n = s.agents().len();
        let mut checked = 0;
        for round in 0..4 {
            for _ in 0..(37 * round + 5) {
                s.step();
            }
            for i in [0, n / 3, n - 1] {
                let e = s.explain(i).unwrap();
                let mut next = builtin(name);
                // The same state, stepped once: its applied force for agent i.
                if name == "stress" {
                    next.set("agents.count", json!(2000)).unwrap();
                }
                for _ in 0..s.steps {
                    next.step();
                }
                next.step();
                if name == "stress" {
                    // The fast engine sums the same neighbours in cell order: equal to rounding.
                    let v0 = s.agents()[i].velocity;
                    let v1 = next.agents()[i].velocity;
                    let dv = (v1 - v0) / steerlab::sim::DT;
                    if (v0 + e.total * steerlab::sim::DT).length() < s.agents()[i].max_speed * 0.999 {
                        assert!(
                            (dv - e.total).length() < 1e-2 * e.total.length().max(1.0),
                            "{name} agent {i}: {dv} vs {}",
                            e.total
                        );
                    }
                } else {
                    let applied = next.last_forces()[i];
                    assert_eq!(
                        e.total.to_array().map(f32::to_bits),
                        applied.to_array().map(f32::to_bits),
                        "{name} agent {i} at step {}",
                        s.steps
                    );
                    // The terms add up to the total (before the final limit).
                    let sum: Vec2 = e.terms.iter().map(|t| t.raw * t.weight).sum();
                    assert!(
                        (steerlab::sim::steer::truncate(sum, e.max_force) - e.total).length() < 1e-3,
                        "{name}: {sum} vs {}",
                        e.total
                    );
                }
                checked += 1;
            }
        }
        assert!(checked >= 12, "{name}");
    }
}

#[test]
fn explain_is_null_without_a_selection_and_names_every_field() {
    let mut s = builtin("flock");
    s.selected = None;
    assert_eq!(s.explain_json(), Value::Null);
    s.selected = Some(3);
    for _ in 0..60 {
        s.step();
    }
    let e = s.explain_json();
    for k in ["agent", "step", "position", "velocity", "max_speed", "max_force", "terms", "total", "checked"] {
        assert!(e.get(k).is_some(), "missing {k}: {e}");
    }
    let rules: Vec<&str> = e["terms"].as_array().unwrap().iter().map(|t| t["rule"].as_str().unwrap()).collect();
    assert_eq!(rules, ["separation", "alignment", "cohesion"]);
    assert_eq!(e["agent"], 3);
    assert_eq!(e["step"], 60);
}

/// A 400×400 wrapping world with hand-placed agents, agent 0 selected.
fn hand(behaviours: Value, agents: Value, extra: Value) -> Sim {
    let mut doc = json!({"name": "t", "world": {"width": 400, "height": 400}, "agents": agents,
                         "behaviours": behaviours, "selected": 0});
    for (k, v) in extra.as_object().unwrap() {
        doc[k] = v.clone();
    }
    Sim::from_json(&doc.to_string()).unwrap()
}

fn term<'a>(e: &'a Value, rule: &str) -> &'a Value {
    e["terms"].as_array().unwrap().iter().find(|t| t["rule"] == rule).unwrap_or_else(|| panic!("no {rule}: {e}"))
}

#[test]
fn the_flocking_rules_by_hand() {
    // Agent 0 at (100, 100) moving (0, −20); neighbours at (110, 100) moving (40, 0) and at
    // (100, 130) moving (0, 40). sep_dist 22: only the first is that close.
    let s = hand(
        json!([{"type": "separation", "sep_dist": 22}, {"type": "alignment"}, {"type": "cohesion"}]),
        json!([{"position": [100, 100], "velocity": [0, -20]}, {"position": [110, 100], "velocity": [40, 0]},
               {"position": [100, 130], "velocity": [0, 40]}]),
        json!({}),
    );
    let e = s.explain_json();
    let sep = term(&e, "separation");
    assert_eq!(sep["neighbours"], 1);
    // Σ normalize(self − n) / d = (−10, 0) / 100 = (−0.1, 0); desired (−80, 0); steer (−80, 20).
    near(&sep["sum"], Vec2::new(-0.1, 0.0));
    near(&sep["desired"], Vec2::new(-80.0, 0.0));
    near(&sep["steer"], Vec2::new(-80.0, 20.0));
    near(&sep["weighted"], Vec2::new(-120.0, 30.0));
    let ali = term(&e, "alignment");
    assert_eq!(ali["neighbours"], 2);
    near(&ali["sum"], Vec2::new(40.0, 40.0));
    near(&ali["mean"], Vec2::new(20.0, 20.0));
    let coh = term(&e, "cohesion");
    near(&coh["mean"], Vec2::new(5.0, 15.0));
    near(&coh["centroid"], Vec2::new(105.0, 115.0));
    assert_eq!(e["checked"], 2);
}

#[test]
fn follow_queue_waypoints_and_tube_name_what_they_looked_at() {
    // Follow: leader at (200, 100) heading +x; a follower at rest at (150, 100) → behind point
    // (168, 100), ahead point (224, 100), not in the zone.
    let mut s = hand(
        json!([{"type": "follow_leader", "leader": 0}]),
        json!([{"position": [200, 100], "velocity": [40, 0]}, {"position": [150, 100]}]),
        json!({}),
    );
    s.selected = Some(1);
    let e = s.explain_json();
    let f = term(&e, "follow_leader");
    near(&f["behind"], Vec2::new(168.0, 100.0));
    near(&f["ahead"], Vec2::new(224.0, 100.0));
    assert_eq!(f["in_ahead_zone"], false);
    near(&f["desired"], Vec2::new(80.0, 0.0));
    assert_eq!(term(&e, "evade")["in_ahead_zone"], false);

    // Queue: agent 0 moving +x at 40 with agent 1 30 px ahead in its lane: blocker 1, brake 0.5.
    let s = hand(
        json!([{"type": "queue", "goal": [300, 100]}]),
        json!([{"position": [100, 100], "velocity": [40, 0]}, {"position": [130, 100]}]),
        json!({}),
    );
    let q = term(&s.explain_json(), "queue").clone();
    assert_eq!(q["blocker"], 1);
    assert_eq!(q["brake"], 0.5);
    near(&q["desired"], Vec2::new(40.0, 0.0));

    // Waypoints: active 0 at (100, 200), 100 px away, arrive_radius 13.
    let s = hand(
        json!([{"type": "path_waypoints"}]),
        json!([{"position": [100, 100]}]),
        json!({"path": {"waypoints": [[100, 200], [300, 200]]}}),
    );
    let w = term(&s.explain_json(), "path_waypoints").clone();
    assert_eq!(w["active"], 0);
    assert_eq!(w["distance"], 100.0);
    assert_eq!(w["arrive_radius"], 13.0);

    // Tube: moving +x at 40, 30 px above a horizontal path: prediction (170, 130), projection
    // (170, 100), 30 px away, outside the 16 px tube.
    let s = hand(
        json!([{"type": "path_tube", "tube_radius": 16, "predict_ahead": 0.5}]),
        json!([{"position": [150, 130], "velocity": [40, 0]}]),
        json!({"path": {"waypoints": [[100, 100], [300, 100]], "mode": "one_shot"}}),
    );
    let t = term(&s.explain_json(), "path_tube").clone();
    near(&t["prediction"], Vec2::new(170.0, 130.0));
    near(&t["projection"], Vec2::new(170.0, 100.0));
    assert_eq!(t["distance"], 30.0);
    assert_eq!(t["outside"], true);
}
