//! Determinism of the fixed-step core: same seed + scenario = same trajectory, whatever the
//! display's frame pattern. Each test is written once; `dual_test!` runs it natively here and,
//! through `tests/web.rs` (which includes this file), compiled to wasm32 in headless Chromium.

#[macro_use]
#[path = "support/mod.rs"]
mod support;

use support::{builtin_sim, builtin_sim_with_seed, first_difference, state_bits};

dual_test!(same_seed_twice_is_bit_identical_after_1000_steps, {
    let mut a = builtin_sim("flock");
    let mut b = builtin_sim("flock");
    let start = state_bits(&a);
    assert_eq!(start, state_bits(&b), "two fresh sims of the same scenario differ before any step");
    for _ in 0..1000 {
        a.step();
        b.step();
    }
    assert_eq!(a.steps, 1000);
    assert_eq!(b.steps, 1000);
    assert_eq!(a.agents().len(), 120, "flock.json asks for 120 agents");
    // The flock really moved, so equality below is not the trivial equality of two frozen states.
    assert_ne!(state_bits(&a), start, "1000 steps left the flock where it started");
    assert!(
        a.agents().iter().all(|g| g.position.is_finite() && g.velocity.is_finite()),
        "non-finite state after 1000 steps"
    );
    if let Some(d) = first_difference(&a, &b) {
        panic!("same seed, same scenario, different state after 1000 steps: {d}");
    }
});

dual_test!(a_different_seed_gives_a_different_trajectory, {
    // The check above would pass vacuously if the seed were ignored; show that it is not.
    let mut a = builtin_sim_with_seed("flock", 7);
    let mut b = builtin_sim_with_seed("flock", 8);
    for _ in 0..10 {
        a.step();
        b.step();
    }
    assert!(first_difference(&a, &b).is_some(), "seeds 7 and 8 produced bit-identical flocks");
});

dual_test!(frame_rate_60_and_144_hz_give_the_same_state_at_the_same_step, {
    // 600 frames of 1/60 s = 10 s = 600 fixed steps of DT = 1/60 s;
    // 1440 frames of 1/144 s = 10 s = 600 fixed steps as well.
    // Both displays are fed frame by frame; whenever the 144 Hz sim reaches a step count the
    // 60 Hz sim also reached, the two states must be bit-identical.
    let mut at60 = builtin_sim("flock");
    let mut seen60: Vec<Option<Vec<[u32; 6]>>> = vec![None; 700];
    for _ in 0..600 {
        at60.advance(1.0 / 60.0);
        seen60[at60.steps as usize] = Some(state_bits(&at60));
    }
    let mut at144 = builtin_sim("flock");
    let mut compared = 0;
    for frame in 0..1440 {
        at144.advance(1.0 / 144.0);
        if let Some(bits) = &seen60[at144.steps as usize] {
            if *bits != state_bits(&at144) {
                panic!("60 Hz and 144 Hz frames differ at step {} (144 Hz frame {frame})", at144.steps);
            }
            compared += 1;
        }
    }
    // Ten simulated seconds are exactly 600 steps on both displays.
    assert_eq!(at60.steps, 600, "600 frames of 1/60 s");
    assert_eq!(at144.steps, 600, "1440 frames of 1/144 s");
    // The 60 Hz run saw every step count 1..=600, so every 144 Hz frame after the first step
    // (1440 − 2 frames of 1/144 s before step 1 is due) was compared.
    assert!(compared >= 1430, "only {compared} of 1440 frames were compared");
    // And both equal plain step() calls.
    let mut plain = builtin_sim("flock");
    while plain.steps < at144.steps {
        plain.step();
    }
    if let Some(d) = first_difference(&plain, &at144) {
        panic!("{} step() calls and 1440 frames of 1/144 s differ: {d}", plain.steps);
    }
});

dual_test!(irregular_frames_match_plain_steps_at_every_step_count, {
    // A jittery display: frames of 7, 16.7, 33 and 4 ms, a 100 ms hitch, and a 1 s stall that
    // `advance` clamps to MAX_FRAME. Whatever steps a frame runs, the state after k steps must be
    // the state after k plain `step()` calls.
    let pattern = [0.007, 1.0 / 60.0, 0.033, 0.004, 0.1, 1.0 / 144.0, 1.0, 0.0, 0.016];
    let mut framed = builtin_sim("flock");
    let mut plain = builtin_sim("flock");
    let mut frames = 0;
    while framed.steps < 300 {
        framed.advance(pattern[frames % pattern.len()]);
        frames += 1;
        while plain.steps < framed.steps {
            plain.step();
        }
        if let Some(d) = first_difference(&framed, &plain) {
            panic!("after frame {frames} ({} steps) the framed sim differs from plain steps: {d}", framed.steps);
        }
    }
    assert!(frames > 10, "the pattern should take many frames to reach 300 steps, took {frames}");
});

dual_test!(deferred_write_back_gives_the_eager_trajectory, {
    // The gallery's frame loop steps the fast engine with `advance_deferred`: the agents are copied
    // back from the engine only when something reads them. Whatever reads them first — `agents()`,
    // `set`, a pointer event, a plain `step` — must see exactly the state eager stepping gives.
    let small = |sim: &mut steerlab::sim::engine::Sim| sim.set("agents.count", serde_json::json!(3000)).unwrap();
    let (mut eager, mut lazy) = (builtin_sim("stress"), builtin_sim("stress"));
    small(&mut eager);
    small(&mut lazy);
    let before = state_bits(&lazy);
    for _ in 0..5 {
        eager.advance(1.0 / 60.0);
        lazy.advance_deferred(1.0 / 60.0);
    }
    assert_eq!(lazy.steps, 5);
    assert!(lazy.agents_behind(), "not copied back yet");
    // The engine's own arrays are current meanwhile (what the agent layer draws).
    let ((xs, _), _) = lazy.fast_slices().expect("the fast engine holds the state");
    let mut engine_x: Vec<u32> = xs.iter().map(|x| x.to_bits()).collect();
    let mut eager_x: Vec<u32> = eager.agents().iter().map(|a| a.position.x.to_bits()).collect();
    engine_x.sort_unstable();
    eager_x.sort_unstable();
    assert_eq!(engine_x, eager_x);
    // Reading the agents (through `&self`) brings them up to date: never a stale copy.
    let read = state_bits(&lazy);
    assert!(!lazy.agents_behind());
    assert_ne!(read, before, "the flock moved");
    assert_eq!(read, state_bits(&eager));
    assert_eq!(first_difference(&lazy, &eager), None);

    // Readers through the API sync first: a pointer event (the pointer leaving the canvas changes
    // no agent), `set` (which also reloads the engine), then a plain step.
    for _ in 0..3 {
        eager.step();
        lazy.advance_deferred(1.0 / 60.0);
    }
    lazy.pointer_event(steerlab::sim::pointer::Pointer::Leave, false);
    assert!(!lazy.agents_behind());
    assert_eq!(first_difference(&lazy, &eager), None);
    lazy.advance_deferred(1.0 / 60.0);
    eager.step();
    lazy.set("separation.weight", serde_json::json!(1.5)).unwrap();
    eager.set("separation.weight", serde_json::json!(1.5)).unwrap();
    assert!(!lazy.agents_behind());
    assert_eq!(first_difference(&lazy, &eager), None);
    lazy.advance_deferred(1.0 / 60.0);
    lazy.step();
    eager.step();
    eager.step();
    assert!(!lazy.agents_behind(), "a plain step writes back");
    assert_eq!(first_difference(&lazy, &eager), None);
    assert_eq!(state_bits(&lazy), state_bits(&eager));

    // Engines other than the fast one never defer.
    let mut grid = builtin_sim("flock");
    grid.advance_deferred(1.0 / 60.0);
    assert!(!grid.agents_behind());
});
