//! The foundation's native tests: each rule on hand-placed agents against values computed by hand
//! from flocking-boids.txt §2–4, degenerate cases, grid = naive, determinism.

mod support;
use glam::Vec2;
use steerlab::sim::flock::{FlockRules, FlockSums};
use steerlab::sim::grid::{naive_for_each_neighbour, Grid};
use steerlab::sim::steer::{arrive, evade, flee, pursuit, seek, steer_towards, truncate, Controller, Trace};
use steerlab::sim::world::integrate;
use steerlab::sim::{Agent, Edges, Sim, World};

const EPS: f32 = 1e-4;

fn close(a: Vec2, b: Vec2) -> bool {
    (a - b).length() < EPS
}

fn agent(p: [f32; 2], v: [f32; 2]) -> Agent {
    Agent::new(p.into(), v.into(), 80.0, 192.0)
}

/// One flocking evaluation of agent 0 against the others with the seed's §3 pseudocode.
fn flock_force(agents: &[Agent], rules: FlockRules, world: &World) -> (Vec2, Trace) {
    let pos: Vec<Vec2> = agents.iter().map(|a| a.position).collect();
    let mut sums = FlockSums::default();
    naive_for_each_neighbour(world, &pos, 0, rules.radius(), |j, d, d2| sums.add(&rules, d, d2, agents[j].velocity));
    let mut trace = Trace::default();
    let mut ctl = Controller::new(Some(&mut trace));
    sums.apply(&rules, &agents[0], &mut ctl);
    let f = ctl.result(agents[0].max_force);
    (f, trace)
}

fn big_world() -> World {
    World::new(1000.0, 1000.0, Edges::Bounce)
}

#[test]
fn truncate_and_steer_towards_by_hand() {
    // |(30, 40)| = 50 > 10 → (30, 40) · 10/50 = (6, 8)
    assert!(close(truncate(Vec2::new(30.0, 40.0), 10.0), Vec2::new(6.0, 8.0)));
    assert_eq!(truncate(Vec2::new(3.0, 4.0), 10.0), Vec2::new(3.0, 4.0));
    assert_eq!(truncate(Vec2::new(3.0, 4.0), 0.0), Vec2::ZERO);
    // steer_towards((0, 5)) for v = (10, 0), max_speed 80, max_force 192:
    // desired = (0, 1)·80 = (0, 80); desired − v = (−10, 80); |.| = 80.62 < 192 → (−10, 80)
    let a = agent([0.0, 0.0], [10.0, 0.0]);
    assert!(close(steer_towards(Vec2::new(0.0, 5.0), &a), Vec2::new(-10.0, 80.0)));
    // With max_force 20: (−10, 80)·20/80.6226 = (−2.48069, 19.84555)
    let mut b = a;
    b.max_force = 20.0;
    let f = steer_towards(Vec2::new(0.0, 5.0), &b);
    assert!(close(f, Vec2::new(-10.0, 80.0) * (20.0 / 80.622_58)), "{f}");
}

#[test]
fn separation_by_hand() {
    // Self at (0,0) still; neighbours at (10,0) and (0,20); sep_dist 22.
    // away/d: (−1,0)/10 = (−0.1, 0); (0,−1)/20 = (0, −0.05). Sum (−0.1, −0.05), /2 = (−0.05, −0.025).
    // normalize → (−0.894427, −0.447214) · 80 = (−71.5542, −35.7771); − v(0) → |.| = 80 < 192.
    let agents = [agent([0.0, 0.0], [0.0, 0.0]), agent([10.0, 0.0], [0.0, 0.0]), agent([0.0, 20.0], [0.0, 0.0])];
    let rules = FlockRules { separation: Some((1.0, 22.0)), ..Default::default() };
    let (f, trace) = flock_force(&agents, rules, &big_world());
    assert!(close(f, Vec2::new(-71.5542, -35.7771)), "{f}");
    assert_eq!(trace.items.len(), 1);
    assert_eq!(trace.items[0].rule, "separation");
}

#[test]
fn separation_ignores_neighbours_at_or_beyond_sep_dist() {
    // d = 22 exactly: not < sep_dist → no separation at all.
    let agents = [agent([0.0, 0.0], [5.0, 0.0]), agent([22.0, 0.0], [0.0, 0.0])];
    let rules = FlockRules { separation: Some((1.5, 22.0)), ..Default::default() };
    let (f, trace) = flock_force(&agents, rules, &big_world());
    assert_eq!(f, Vec2::ZERO);
    assert!(trace.items.is_empty());
}

#[test]
fn alignment_by_hand() {
    // Self v = (10, 0). Neighbours within 48 with v (0, 30) and (0, 10): mean (0, 20) → (0,1)·80.
    // force = (0, 80) − (10, 0) = (−10, 80).
    let agents = [agent([0.0, 0.0], [10.0, 0.0]), agent([30.0, 0.0], [0.0, 30.0]), agent([0.0, 40.0], [0.0, 10.0])];
    let rules = FlockRules { alignment: Some((1.0, 48.0)), ..Default::default() };
    let (f, _) = flock_force(&agents, rules, &big_world());
    assert!(close(f, Vec2::new(-10.0, 80.0)), "{f}");
}

#[test]
fn alignment_excludes_agents_exactly_at_perception() {
    // A neighbour at exactly d = 48 is not a neighbour (the seed: `if d >= PERCEPTION: continue`).
    let agents = [agent([0.0, 0.0], [10.0, 0.0]), agent([48.0, 0.0], [0.0, 30.0])];
    let rules = FlockRules { alignment: Some((1.0, 48.0)), cohesion: Some((1.0, 48.0)), ..Default::default() };
    let (f, trace) = flock_force(&agents, rules, &big_world());
    assert_eq!(f, Vec2::ZERO);
    assert!(trace.items.is_empty());
}

#[test]
fn cohesion_by_hand() {
    // Self (0,0) v=0; neighbours (20,0), (0,20), (40,40) → centroid (20, 20); desired = (0.7071, 0.7071)·80
    // = (56.5685, 56.5685); force = desired − 0.
    let agents = [
        agent([0.0, 0.0], [0.0, 0.0]),
        agent([20.0, 0.0], [0.0, 0.0]),
        agent([0.0, 20.0], [0.0, 0.0]),
        agent([40.0, 40.0], [0.0, 0.0]),
    ];
    // (40,40) is at d = 56.6 > 48: excluded. Centroid of (20,0),(0,20) = (10,10): same direction.
    let rules = FlockRules { cohesion: Some((1.0, 48.0)), ..Default::default() };
    let (f, _) = flock_force(&agents, rules, &big_world());
    assert!(close(f, Vec2::new(56.5685, 56.5685)), "{f}");
}

#[test]
fn combined_weights_and_truncation_by_hand() {
    // Self (0,0) v=(80,0) (max speed). One neighbour at (10, 0), v = (0, 80).
    // sep: away/d = (−0.1,0) → desired (−80,0) − (80,0) = (−160, 0) (|160| < 192)
    // ali: mean v (0,80) → desired (0,80) − (80,0) = (−80, 80)
    // coh: centroid − self = (10,0) → desired (80,0) − (80,0) = (0,0)
    // weighted: 1.5·(−160,0) + 1·(−80,80) + 1·(0,0) = (−320, 80); |.| = 329.85 > 192
    // truncated: (−320, 80)·192/329.848 = (−186.27, 46.567)
    let agents = [agent([0.0, 0.0], [80.0, 0.0]), agent([10.0, 0.0], [0.0, 80.0])];
    let rules = FlockRules { separation: Some((1.5, 22.0)), alignment: Some((1.0, 48.0)), cohesion: Some((1.0, 48.0)) };
    let (f, trace) = flock_force(&agents, rules, &big_world());
    assert_eq!(trace.items.len(), 3);
    assert!((f - Vec2::new(-186.270, 46.5675)).length() < 1e-2, "{f}");
    assert!((f.length() - 192.0).abs() < 1e-3);
}

#[test]
fn coincident_agents_and_zero_velocity_stay_finite() {
    // Two agents on the same point, both still: separation skips d = 0; cohesion's direction is zero.
    let agents = [agent([5.0, 5.0], [0.0, 0.0]), agent([5.0, 5.0], [0.0, 0.0]), agent([5.0, 5.0], [0.0, 0.0])];
    let rules = FlockRules { separation: Some((1.5, 22.0)), alignment: Some((1.0, 48.0)), cohesion: Some((1.0, 48.0)) };
    let (f, _) = flock_force(&agents, rules, &big_world());
    assert!(f.is_finite());
    // No neighbours at all: zero force.
    let (f, t) = flock_force(&agents[..1], rules, &big_world());
    assert_eq!(f, Vec2::ZERO);
    assert!(t.items.is_empty());
}

#[test]
fn primitives_are_finite_and_point_the_right_way() {
    let a = agent([0.0, 0.0], [0.0, 0.0]);
    assert!(close(seek(&a, Vec2::new(10.0, 0.0)), Vec2::new(80.0, 0.0)));
    assert!(close(flee(&a, Vec2::new(10.0, 0.0)), Vec2::new(-80.0, 0.0)));
    // arrive inside slow radius 40 at d = 10: speed 80·10/40 = 20.
    assert!(close(arrive(&a, Vec2::new(10.0, 0.0), 40.0), Vec2::new(20.0, 0.0)));
    // On the target: zero desired, zero force; no NaN.
    assert_eq!(arrive(&a, Vec2::ZERO, 40.0), Vec2::ZERO);
    assert_eq!(seek(&a, Vec2::ZERO), Vec2::ZERO);
    assert!(arrive(&a, Vec2::new(1.0, 0.0), 0.0).is_finite());
    // pursuit: target at (80,0) moving (0,80); T = 80/80 = 1 s → seek (80, 80).
    let p = pursuit(&a, Vec2::new(80.0, 0.0), Vec2::new(0.0, 80.0), 2.0);
    assert!(close(p, Vec2::new(56.5685, 56.5685)), "{p}");
    let e = evade(&a, Vec2::new(80.0, 0.0), Vec2::new(0.0, 80.0), 2.0);
    assert!(close(e, -p), "{e}");
}

#[test]
fn integration_matches_the_seed() {
    // v = clamp(v + clamp(steer, max_force)·dt, max_speed); p += v·dt
    let mut a = agent([0.0, 0.0], [70.0, 0.0]);
    integrate(&mut a, Vec2::new(1000.0, 0.0), 0.1, 0.0);
    // steer clamped to 192 → v = 70 + 19.2 = 89.2 → clamped to 80; p = 8.
    assert!(close(a.velocity, Vec2::new(80.0, 0.0)));
    assert!(close(a.position, Vec2::new(8.0, 0.0)));
    // min_speed lifts a slow agent along its heading; a stopped one keeps its last heading.
    let mut b = agent([0.0, 0.0], [0.0, 5.0]);
    integrate(&mut b, Vec2::ZERO, 0.1, 20.0);
    assert!(close(b.velocity, Vec2::new(0.0, 20.0)));
    let mut c = agent([0.0, 0.0], [0.0, 3.0]);
    integrate(&mut c, Vec2::new(0.0, -30.0), 0.1, 0.0);
    assert_eq!(c.velocity, Vec2::ZERO);
    assert!(close(c.heading, Vec2::new(0.0, 1.0)), "last valid heading kept: {}", c.heading);
}

#[test]
fn wrap_uses_the_nearest_image_across_the_seam() {
    let w = World::new(100.0, 100.0, Edges::Wrap);
    assert!(close(w.delta(Vec2::new(98.0, 50.0), Vec2::new(2.0, 50.0)), Vec2::new(4.0, 0.0)));
    assert!(close(w.delta(Vec2::new(2.0, 1.0), Vec2::new(98.0, 99.0)), Vec2::new(-4.0, -2.0)));
    // Cohesion across the seam pulls towards the seam, not across the world.
    let agents = [agent([98.0, 50.0], [0.0, 0.0]), agent([2.0, 50.0], [0.0, 0.0])];
    let rules = FlockRules { cohesion: Some((1.0, 48.0)), ..Default::default() };
    let (f, _) = flock_force(&agents, rules, &w);
    assert!(f.x > 0.0 && f.y.abs() < EPS, "{f}");
}

/// A tiny seeded generator for test worlds (independent of the sim's own).
fn lcg(s: &mut u64) -> f32 {
    *s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ((*s >> 40) as f32) / ((1u64 << 24) as f32)
}

#[test]
fn grid_and_naive_give_identical_neighbour_sets() {
    let mut seed = 12345u64;
    let cases = [
        (640.0, 400.0, 48.0, 300, Edges::Wrap),
        (640.0, 400.0, 48.0, 300, Edges::Bounce),
        (100.0, 90.0, 48.0, 60, Edges::Wrap),  // 2×1 cells
        (130.0, 150.0, 48.0, 60, Edges::Wrap), // 2×3 cells
        (60.0, 60.0, 48.0, 40, Edges::Wrap),   // 1×1 cell
        (500.0, 500.0, 22.0, 400, Edges::SteerToCenter),
        (200.0, 200.0, 48.0, 200, Edges::Wrap), // 4×4: seams on both axes
    ];
    for (w, h, r, n, edges) in cases {
        let world = World::new(w, h, edges);
        let mut pos: Vec<Vec2> = (0..n).map(|_| Vec2::new(lcg(&mut seed) * w, lcg(&mut seed) * h)).collect();
        // Seam cases: agents hugging every edge and corner.
        pos.extend([
            Vec2::new(0.0, 0.0),
            Vec2::new(w - 0.01, h - 0.01),
            Vec2::new(0.5, h - 0.5),
            Vec2::new(w - 0.5, 0.5),
        ]);
        pos.push(pos[0]); // a coincident pair
        let mut grid = Grid::new();
        grid.rebuild(&world, r, pos.iter().copied());
        for i in 0..pos.len() {
            let mut a = Vec::new();
            let mut b = Vec::new();
            grid.for_each_neighbour(&world, &pos, i, r, |j, _, _| a.push(j));
            naive_for_each_neighbour(&world, &pos, i, r, |j, _, _| b.push(j));
            a.sort_unstable();
            assert_eq!(a, b, "world {w}×{h} r {r} {edges:?} agent {i} at {}", pos[i]);
        }
    }
}

#[test]
fn the_grid_makes_far_fewer_checks_than_naive() {
    let mut seed = 7u64;
    let world = World::new(1920.0, 1080.0, Edges::Wrap);
    let pos: Vec<Vec2> = (0..2000).map(|_| Vec2::new(lcg(&mut seed) * 1920.0, lcg(&mut seed) * 1080.0)).collect();
    let mut grid = Grid::new();
    grid.rebuild(&world, 48.0, pos.iter().copied());
    let grid_checks: u64 =
        (0..pos.len()).map(|i| grid.for_each_neighbour(&world, &pos, i, 48.0, |_, _, _| {}) as u64).sum();
    let naive_checks: u64 =
        (0..pos.len()).map(|i| naive_for_each_neighbour(&world, &pos, i, 48.0, |_, _, _| {}) as u64).sum();
    assert_eq!(naive_checks, 2000 * 1999);
    println!(
        "2000 agents on 1920×1080: grid {grid_checks} checks vs naive {naive_checks} ({:.0}×)",
        naive_checks as f64 / grid_checks as f64
    );
    assert!(grid_checks * 20 < naive_checks);
}

fn flock() -> Sim {
    support::builtin_sim("flock")
}

#[test]
fn same_seed_gives_bit_identical_state_after_1000_steps() {
    let (mut a, mut b) = (flock(), flock());
    for _ in 0..1000 {
        a.step();
        b.step();
    }
    assert_eq!(&*a.agents(), &*b.agents());
    // And a different seed gives a different trajectory.
    let mut c = flock();
    c.reseed(8);
    for _ in 0..1000 {
        c.step();
    }
    assert_ne!(&*a.agents(), &*c.agents());
}

#[test]
fn frame_rate_does_not_change_the_trajectory() {
    let (mut a, mut b, mut c) = (flock(), flock(), flock());
    for _ in 0..600 {
        a.advance(1.0 / 60.0);
    }
    for _ in 0..1440 {
        b.advance(1.0 / 144.0);
    }
    // An irregular pattern: 7 ms, 33 ms, 16 ms …
    let pattern = [0.007, 0.033, 0.016, 0.021, 0.003];
    let mut k = 0;
    while c.steps < 600 {
        c.advance(pattern[k % pattern.len()]);
        k += 1;
    }
    assert_eq!(a.steps, 600);
    assert_eq!(b.steps, 600);
    assert_eq!(c.steps, 600);
    assert_eq!(&*a.agents(), &*b.agents());
    assert_eq!(&*a.agents(), &*c.agents());
}

#[test]
fn advance_clamps_long_frames_and_ignores_bad_ones() {
    let mut s = flock();
    assert_eq!(s.advance(10.0), 15, "a 10 s frame runs at most 0.25 s = 15 steps");
    assert_eq!(s.advance(f64::NAN), 0);
    assert_eq!(s.advance(-1.0), 0);
}

#[test]
fn every_value_stays_finite_and_bounded_in_every_edge_mode() {
    for edges in ["wrap", "bounce", "steer_to_center"] {
        let mut s = flock();
        s.set("world.edges", serde_json::json!(edges)).unwrap();
        for _ in 0..600 {
            s.step();
        }
        for a in s.agents().iter() {
            assert!(a.position.is_finite() && a.velocity.is_finite());
            assert!(a.velocity.length() <= a.max_speed * (1.0 + 1e-5));
            assert!(
                (0.0..=640.0).contains(&a.position.x) && (0.0..=400.0).contains(&a.position.y),
                "{edges}: {}",
                a.position
            );
        }
    }
}

/// A one-agent (or two-agent) world without behaviours, for the world-level rules.
fn bare(world: &str, agents: &str) -> Sim {
    Sim::from_json(&format!(r#"{{"name": "t", "world": {world}, "agents": {agents}}}"#)).unwrap()
}

#[test]
fn steer_to_center_pushes_back_inside_the_margin_by_hand() {
    let world = r#"{"width": 400, "height": 400, "edges": "steer_to_center", "margin": 40}"#;
    // At rest 10 px from the left wall: desired = normalize(centre − p) · 80 = (80, 0); the edge
    // push has weight 2: (160, 0), under max_force 192.
    let s = bare(world, r#"[{"position": [10, 200]}]"#);
    let f = s.force_on(0);
    assert!((f - Vec2::new(160.0, 0.0)).length() < 1e-3, "{f}");
    // In the middle of the world, nothing.
    assert_eq!(bare(world, r#"[{"position": [200, 200]}]"#).force_on(0), Vec2::ZERO);
    // And it moves the agent away from the wall (not only clamps it to the world).
    let mut s = bare(world, r#"[{"position": [10, 200], "velocity": [-20, 0]}]"#);
    for _ in 0..60 {
        s.step();
    }
    assert!(s.agents()[0].position.x > 30.0, "{}", s.agents()[0].position);
}

#[test]
fn mean_nearest_is_a_distance_not_its_square() {
    let s = bare(r#"{"width": 400, "height": 400}"#, r#"[{"position": [100, 100]}, {"position": [130, 140]}]"#);
    assert_eq!(s.metrics().mean_nearest, Some(50.0));
    assert_eq!(s.state_json()["metrics"]["mean_nearest"], serde_json::json!(50.0));
}

#[test]
fn a_click_selects_an_agent_only_within_the_pick_radius() {
    use steerlab::sim::engine::PICK_RADIUS;
    use steerlab::sim::pointer::Pointer;
    assert_eq!(PICK_RADIUS, 14.0);
    let mut s = bare(r#"{"width": 400, "height": 400}"#, r#"[{"position": [100, 100]}, {"position": [300, 300]}]"#);
    s.pointer_event(Pointer::Down(Vec2::new(120.0, 100.0)), true);
    assert_eq!(s.selected, None, "20 px away is a miss");
    s.pointer_event(Pointer::Down(Vec2::new(110.0, 100.0)), true);
    assert_eq!(s.selected, Some(0));
    s.pointer_event(Pointer::Down(Vec2::new(290.0, 305.0)), true);
    assert_eq!(s.selected, Some(1));
    s.pointer_event(Pointer::Down(Vec2::new(200.0, 200.0)), true);
    assert_eq!(s.selected, None, "a click on empty canvas clears the selection");
}

#[test]
fn a_pick_selects_the_nearest_agent_within_its_radius_and_a_miss_keeps_the_selection() {
    use steerlab::sim::input::Input;
    let mut s = bare(
        r#"{"width": 400, "height": 400}"#,
        r#"[{"position": [100, 100]}, {"position": [140, 100]}, {"position": [300, 300]}]"#,
    );
    // A finger's 24 CSS px on a canvas of 0.5 CSS px per unit: 48 units.
    let pick = |s: &mut steerlab::sim::Sim, x: f32, y: f32, r: f32| s.act(&Input::Pick(Vec2::new(x, y), r)).unwrap();
    let out = pick(&mut s, 125.0, 130.0, 48.0);
    assert_eq!(s.selected, Some(1), "the nearest of the two within 48 units");
    assert!(out.changed && out.redraw);
    let out = pick(&mut s, 200.0, 200.0, 48.0);
    assert_eq!(s.selected, Some(1), "a miss keeps the selection");
    assert!(!out.redraw);
    pick(&mut s, 300.0, 340.0, 48.0);
    assert_eq!(s.selected, Some(2), "40 units away is within 48");
    // A radius under the click's own is the click's (14 units), and a bad point changes nothing.
    pick(&mut s, 110.0, 100.0, 1.0);
    assert_eq!(s.selected, Some(0));
    pick(&mut s, f32::NAN, 100.0, 48.0);
    pick(&mut s, 140.0, 100.0, f32::NAN);
    assert_eq!(s.selected, Some(0));
    // Nothing moved: a pick selects and no more.
    assert_eq!(s.agents()[0].position, Vec2::new(100.0, 100.0));
}
