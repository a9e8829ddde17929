//! Golden trajectories: every built-in scenario, driven through a scripted session (steps, pointer
//! input, `set` on its controls, food, a reseed), must reach the same bits as it did when these
//! hashes were recorded (commit e531fbc, before the behaviour interface of issue 20). A refactor
//! that changes any trajectory by one bit fails here, natively and — through `tests/web.rs` — in
//! wasm in Chromium. Change a hash only when an issue asks for a different trajectory, and say so
//! in the commit message.

#[macro_use]
#[path = "support/mod.rs"]
mod support;

use serde_json::{json, Value};
use steerlab::sim::pointer::Pointer;
use support::state_bits;

/// FNV-1a over the state's bits and the step count.
fn hash(sim: &steerlab::sim::Sim, h: &mut u64) -> u64 {
    let mut feed = |x: u32| {
        for b in x.to_le_bytes() {
            *h ^= b as u64;
            *h = h.wrapping_mul(0x100_0000_01b3);
        }
    };
    feed(sim.steps as u32);
    for a in state_bits(sim) {
        for x in a {
            feed(x);
        }
    }
    *h
}

/// The scripted session; returns the hash after each phase.
fn session(name: &str) -> Vec<u64> {
    session_of(name, steerlab::scenarios::builtin(name).unwrap())
}

/// The session on a scenario's text.
fn session_of(name: &str, text: &str) -> Vec<u64> {
    let doc: Value = serde_json::from_str(text).unwrap();
    let (w, h) = (doc["world"]["width"].as_f64().unwrap() as f32, doc["world"]["height"].as_f64().unwrap() as f32);
    let at = |fx: f32, fy: f32| glam::Vec2::new(w * fx, h * fy);
    let mut sim = steerlab::sim::Sim::from_json(text).unwrap();
    let mut acc = 0xcbf2_9ce4_8422_2325u64;
    let mut out = Vec::new();
    let steps = |sim: &mut steerlab::sim::Sim, n: u32| {
        for _ in 0..n {
            sim.step();
        }
    };
    if name == "stress" {
        sim.set("agents.count", json!(2000)).unwrap();
    }
    steps(&mut sim, 90);
    out.push(hash(&sim, &mut acc));
    // Pointer input, interpreted by each scenario's interaction (select, choose self, playground,
    // waypoints, leader target).
    sim.pointer_event(Pointer::Move(at(0.3, 0.4)), false);
    sim.pointer_event(Pointer::Down(at(0.3, 0.4)), true);
    sim.pointer_event(Pointer::Move(at(0.45, 0.5)), true);
    sim.pointer_event(Pointer::Up(at(0.45, 0.5)), false);
    steps(&mut sim, 30);
    sim.pointer_event(Pointer::Move(at(0.7, 0.6)), false);
    sim.pointer_event(Pointer::Down(at(0.7, 0.6)), true);
    sim.pointer_event(Pointer::Up(at(0.7, 0.6)), false);
    steps(&mut sim, 30);
    out.push(hash(&sim, &mut acc));
    sim.pointer_event(Pointer::DoubleClick(at(0.3, 0.4)), false);
    sim.delete_selected();
    // The first two controls to the middle of their range (or their last option, or flipped).
    for c in doc["controls"].as_array().into_iter().flatten().take(2) {
        let param = c["param"].as_str().unwrap();
        if name == "stress" && param == "agents.count" {
            continue;
        }
        let v = match c["kind"].as_str().unwrap_or("slider") {
            "select" => c["options"].as_array().unwrap().last().unwrap().clone(),
            "toggle" => json!(!sim.get_value(param).unwrap().as_bool().unwrap()),
            _ => {
                let (lo, hi) = (c["min"].as_f64().unwrap_or(0.0), c["max"].as_f64().unwrap_or(1.0));
                json!(((lo + hi) / 2.0).round())
            }
        };
        sim.set(param, v).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    steps(&mut sim, 60);
    out.push(hash(&sim, &mut acc));
    if name == "bandada" {
        sim.set("click", json!("food")).unwrap();
        sim.pointer_event(Pointer::Down(at(0.5, 0.5)), true);
        sim.pointer_event(Pointer::Up(at(0.5, 0.5)), false);
        sim.pointer_event(Pointer::Leave, false);
        steps(&mut sim, 60);
    }
    sim.reseed(sim.scenario().seed + 1);
    steps(&mut sim, 40);
    out.push(hash(&sim, &mut acc));
    out
}

/// Recorded on e531fbc (the core before issue 20), natively and in wasm alike; scenarios added
/// later, when they were added — but follow-leader and queue, re-recorded when their separation
/// became the tutorial's (issue 22: steering-iv §5, "igual que en flocking"; the queue's separation
/// weight 0.4). Their old trajectories are the `"sep_form": "push"` option now (`OLD_SEPARATION`).
const GOLDEN: &[(&str, [u64; 4])] = &[
    ("flock", [0x5726540a1f011c0f, 0xc0e13d20264ce620, 0x0e7beb9c3327ce2b, 0xe94c25531e0b1512]),
    ("separation", [0xf29c14024056e0cf, 0x7c9b742407482e2f, 0x2183ed93383ef25e, 0x456da49c9817f90c]),
    ("alignment", [0x08011ad8b269ec89, 0x6ab34a3730c4ac6a, 0xc8cd393af532ef53, 0xcf899ba51f49d838]),
    ("cohesion", [0x343a59bc2cdf0c66, 0xc839e5234579b045, 0x5d95563d2d64ffe8, 0xcd5586a18be7cfc3]),
    ("spatial-hash", [0x48d4261397428001, 0xaaa34d2382f3fbf7, 0x7511d0d36724e0ed, 0x7d592eee612f2599]),
    ("bandada", [0x3bdc1d20cb73b550, 0xb6e9fb7e557fddb7, 0x26b9bb77fbfe54fd, 0x24ebbf419f12c3c5]),
    ("follow-leader", [0xc6c8efe29da79a3b, 0xaaf0e5388e8fa220, 0xe2bfa3df497de918, 0x11ed5c49efc55621]),
    ("queue", [0x3a536628c9b85de1, 0x9f3d3a5dda9fa48e, 0x35cc6132666276c3, 0x36ff070c7d457723]),
    ("path-waypoints", [0xd92cdf313dc5aade, 0xf38838f4861ced4f, 0x50b78b7eb72296b6, 0xa4e27950dea18544]),
    ("path-tube", [0xd8c8627b33ac93e6, 0x0c3e2f968aaa53fd, 0x1365e55193de6413, 0x59203b527a7577e6]),
    ("stress", [0xe68ca9f228fa934c, 0x0a2a9687bc93b2c8, 0xf66c417e7e7d8311, 0x8b9bd4c0a7392539]),
    // The steering basics of issue 24, recorded when they were added (branch steering-basics).
    ("seek", [0xdc0f804c9d6cd8dc, 0x6c3944d7b11d6197, 0xf6d8e575debba377, 0xd20c100c89c8461e]),
    ("flee", [0x232fcac66b6d6a8f, 0x892f620f3c7d4e41, 0x63798d5e1f43db54, 0xdf6d44a6fde1be86]),
    ("arrive", [0x9db7babdf7f832ac, 0x3c19086a972abf89, 0x0fa608dc5db8e3b7, 0xe28b29c402017c20]),
    ("pursuit", [0x93e073011d7ede1f, 0x9487ab6afaf7e853, 0x4a034b609899b55d, 0x19b9d4ee8a36f3e9]),
    ("evade", [0x21f9b1dd9fef8e35, 0xac41de055961df0d, 0x7786aab9ac6b1c29, 0xd9c0f543b70fea7f]),
    ("wander", [0x55da9875c4351f84, 0x6a4be84db64e4e2f, 0x27b7cf02b206d63d, 0xe5c49fa907d576d0]),
    ("obstacle-avoidance", [0xc7d98cfd4636f848, 0x7ffa2a7bcf8fdd33, 0x8e2b73c4969b122b, 0x1d19c9f907ce8d79]),
    ("containment", [0xa44fb0b75a141ef4, 0x5e9856b579c0ed13, 0x75d62b6018145146, 0x871114b8cc6df159]),
    ("flow-field", [0x509d4d690f0aba24, 0x2d3e99761a90bf5c, 0xe650c0f2a778356d, 0xb02b70cd45af2b50]),
];

dual_test!(every_builtin_scenario_follows_its_recorded_trajectory, {
    let unrecorded: Vec<&str> =
        steerlab::scenarios::names().filter(|n| !GOLDEN.iter().any(|(g, _)| *g == *n)).collect();
    assert!(
        unrecorded.is_empty(),
        "built-in scenarios with no recorded trajectory in tests/golden.rs (`GOLDEN`): {unrecorded:?}; print their \
         lines with `cargo test --test golden print_golden_table -- --ignored --nocapture` and add them"
    );
    assert_eq!(
        GOLDEN.len(),
        steerlab::scenarios::BUILTIN.len(),
        "tests/golden.rs: `GOLDEN` names a scenario twice or one that is no built-in"
    );
    let mut bad = Vec::new();
    for (name, want) in GOLDEN {
        let got = session(name);
        if got != want {
            bad.push(format!("{name}: got {got:#018x?}, recorded {want:#018x?}"));
        }
    }
    assert!(
        bad.is_empty(),
        "trajectories changed (tests/golden.rs, `GOLDEN`):\n{}\nA refactor must keep them bit for bit. Only when an issue \
         asks for a different trajectory: print the new lines with `cargo test --test golden print_golden_table -- \
         --ignored --nocapture`, replace them, and say so in the commit message",
        bad.join("\n")
    );
});

/// follow-leader and queue as recorded on e531fbc, before their separation became the tutorial's.
const OLD_SEPARATION: &[(&str, [u64; 4])] = &[
    ("follow-leader", [0xcdd004d9b2880b7c, 0x3be8d953b89fc2eb, 0xee04c22ad7756f4c, 0xa33472cfaaebc6bd]),
    ("queue", [0x6f1035cd28c8eea6, 0x9ebf8606a4591b37, 0x1a3e2bb899ab839b, 0xe6ff6a28efffefb1]),
];

dual_test!(the_earlier_separation_is_the_push_option, {
    for (name, want) in OLD_SEPARATION {
        let mut doc: Value = serde_json::from_str(steerlab::scenarios::builtin(name).unwrap()).unwrap();
        let b = &mut doc["behaviours"][0];
        b["sep_form"] = json!("push");
        if *name == "queue" {
            b["sep_weight"] = json!(1.0);
        }
        assert_eq!(&session_of(name, &doc.to_string()), want, "{name} with sep_form push");
    }
});

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "prints the table of GOLDEN for a deliberate re-recording"]
fn print_golden_table() {
    for name in steerlab::scenarios::names() {
        let h = session(name);
        println!("    (\"{name}\", [{:#018x}, {:#018x}, {:#018x}, {:#018x}]),", h[0], h[1], h[2], h[3]);
    }
}
