//! Issue 4: what the flocking tutorial claims, checked on seeded runs of the built-in scenarios, and
//! what the spatial-hash frame draws.

use glam::Vec2;
use steerlab::scenarios::builtin;
use steerlab::sim::render::{Overlays, Renderer};
use steerlab::sim::scenario::Overlay;
use steerlab::sim::{Sim, Style};

fn sim(name: &str) -> Sim {
    Sim::from_json(builtin(name).unwrap()).unwrap()
}

fn run(s: &mut Sim, seconds: f32) {
    let steps = (seconds * 60.0).round() as u32;
    for _ in 0..steps {
        s.step();
    }
}

#[test]
fn separation_alone_spreads_the_boids_out() {
    let mut s = sim("separation");
    let before = s.metrics().mean_nearest.unwrap();
    run(&mut s, 10.0);
    let after = s.metrics().mean_nearest.unwrap();
    println!("separation: mean nearest-neighbour distance {before:.2} → {after:.2} px after 10 s");
    assert!(after > before * 1.3, "{before} → {after}");
    // …and raising sep_dist spreads them further.
    let mut wide = sim("separation");
    wide.set_number("separation.sep_dist", 40.0).unwrap();
    run(&mut wide, 10.0);
    let wider = wide.metrics().mean_nearest.unwrap();
    println!("separation: with sep_dist 40 → {wider:.2} px");
    assert!(wider > after, "{wider} vs {after}");
}

#[test]
fn alignment_alone_makes_the_flock_parallel() {
    let mut s = sim("alignment");
    let before = s.metrics().polarisation;
    run(&mut s, 30.0);
    let after = s.metrics().polarisation;
    println!("alignment: polarisation {before:.3} → {after:.3} after 30 s");
    assert!(before < 0.5);
    assert!(after > 0.9, "{after}");
}

#[test]
fn cohesion_alone_collapses_into_clumps() {
    let mut s = sim("cohesion");
    let before = s.metrics().mean_centroid_distance.unwrap();
    run(&mut s, 15.0);
    let after = s.metrics().mean_centroid_distance.unwrap();
    let nn = s.metrics().mean_nearest.unwrap();
    println!("cohesion: mean distance to local centroid {before:.2} → {after:.2} px; mean nearest {nn:.2} px");
    assert!(after < before * 0.3, "{before} → {after}");
}

#[test]
fn the_default_flock_aligns_and_keeps_apart() {
    let mut s = sim("flock");
    run(&mut s, 30.0);
    let m = s.metrics();
    let nn = m.mean_nearest.unwrap();
    println!(
        "flock: after 30 s polarisation {:.3}, mean nearest {nn:.2} px, mean neighbours {:.1}",
        m.polarisation, m.mean_neighbours
    );
    assert!(m.polarisation > 0.8, "{}", m.polarisation);
    assert!(nn > 10.0, "boids keep apart: {nn}");
}

fn spatial_frame(s: &Sim, r: &mut Renderer) {
    r.build(s, Overlays::from_list(&s.scenario.overlays));
}

#[test]
fn spatial_hash_frame_has_one_red_nine_green_and_the_checked_in_violet() {
    let mut s = sim("spatial-hash");
    run(&mut s, 1.0);
    let mut r = Renderer::new();
    spatial_frame(&s, &mut r);
    let l = &r.list;
    assert_eq!(l.count(Style::SelfAgent), 1);
    assert_eq!(l.count(Style::Cell), 9);
    assert_eq!(l.count(Style::Checked), r.report.checked.len());
    assert_eq!(l.count(Style::Checked) + l.count(Style::Other) + 1, s.agents.len());
    // The metric is the query's own count: one check per agent in the 9 cells, self excluded.
    assert_eq!(r.report.checks, r.report.checked.len());
    let naive = s.metrics().naive_checks;
    let n = s.agents.len() as u64;
    assert_eq!(naive, n * (n - 1));
    let text = r.headline(&s, Overlays::from_list(&s.scenario.overlays), false);
    assert!(text.contains(&format!("self: {} distance checks", r.report.checks)), "{text}");
    assert!(text.contains(&format!("naive n·(n−1) = {naive}")), "{text}");
}

#[test]
fn spatial_hash_cells_wrap_when_self_sits_in_a_corner() {
    let mut s = sim("spatial-hash");
    // Put self exactly in the top-left corner of the wrapping world.
    s.agents[0].position = Vec2::new(1.0, 1.0);
    s.selected = Some(0);
    let mut r = Renderer::new();
    spatial_frame(&s, &mut r);
    assert_eq!(r.list.count(Style::Cell), 9);
    let cells: Vec<(f32, f32)> = r
        .list
        .cmds
        .iter()
        .filter(|c| c.style == Style::Cell)
        .map(|c| match c.shape {
            steerlab::sim::Shape::Rect { min, .. } => (min.x, min.y),
            _ => unreachable!(),
        })
        .collect();
    // Cells on the far right and the bottom row are included (the block wraps across both seams).
    assert!(cells.iter().any(|&(x, _)| x > 500.0), "{cells:?}");
    assert!(cells.iter().any(|&(_, y)| y > 300.0), "{cells:?}");
    assert!(cells.iter().any(|&(x, y)| x > 500.0 && y > 300.0), "the opposite corner too: {cells:?}");
}

#[test]
fn choosing_self_with_the_pointer_moves_the_red_agent() {
    use steerlab::sim::engine::Pointer;
    let mut s = sim("spatial-hash");
    let target = s.agents[57].position;
    s.pointer_event(Pointer::Down(target), true);
    assert_eq!(s.selected, Some(57));
    // Dragging follows the pointer.
    let other = s.agents[120].position;
    s.pointer_event(Pointer::Move(other), true);
    assert_eq!(s.selected, Some(120));
    let mut r = Renderer::new();
    spatial_frame(&s, &mut r);
    let red: Vec<Vec2> = r
        .list
        .cmds
        .iter()
        .filter(|c| c.style == Style::SelfAgent)
        .map(|c| match c.shape {
            steerlab::sim::Shape::Agent { pos, .. } => pos,
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(red, vec![other]);
}

#[test]
fn changing_the_agent_count_changes_the_metric() {
    let mut s = sim("spatial-hash");
    // The readout is right before the first step: the metric is measured at reset.
    let at_start = s.metrics();
    assert!(at_start.checks > 0 && at_start.checks < at_start.naive_checks, "{at_start:?}");
    run(&mut s, 0.5);
    let small = s.metrics();
    s.set_number("agents.count", 2000.0).unwrap();
    assert_eq!(s.agents.len(), 2000);
    assert_eq!(s.metrics().naive_checks, 2000 * 1999, "updated at once, before any step");
    assert!(s.metrics().checks > small.checks, "updated at once, before any step");
    s.step();
    let big = s.metrics();
    assert_eq!(big.naive_checks, 2000 * 1999);
    assert!(big.checks > small.checks);
    let ratio_small = small.naive_checks as f64 / small.checks as f64;
    let ratio_big = big.naive_checks as f64 / big.checks as f64;
    let (gap_small, gap_big) = (small.naive_checks - small.checks, big.naive_checks - big.checks);
    println!("grid vs naive: {ratio_small:.1}× fewer checks at 200 agents, {ratio_big:.1}× at 2000; gap {gap_small} → {gap_big}");
    // The gap grows with n² (×100 from 200 to 2000 agents), while in a fixed world the ratio stays
    // about (cells / 9): the grid costs O(n·k) with k growing with density.
    assert!(gap_big > 50 * gap_small, "{gap_small} → {gap_big}");
    let cells = (640.0f64 / 48.0).floor() * (400.0f64 / 48.0).floor();
    for r in [ratio_small, ratio_big] {
        assert!((r / (cells / 9.0) - 1.0).abs() < 0.35, "ratio {r} vs cells/9 = {}", cells / 9.0);
    }
}

#[test]
fn the_force_breakdown_shows_each_rule_raw_and_weighted() {
    let mut s = sim("flock");
    run(&mut s, 2.0);
    let mut r = Renderer::new();
    r.build(&s, Overlays::from_list(&[Overlay::Forces]));
    let i = s.selected.unwrap();
    let mut trace = Default::default();
    let total = s.trace(i, &mut trace);
    // One thin raw line, one weighted arrow and one legend swatch per rule; the total as an arrow.
    for (k, style) in [
        ("separation", Style::ForceSeparation),
        ("alignment", Style::ForceAlignment),
        ("cohesion", Style::ForceCohesion),
    ] {
        let present = trace.items.iter().any(|c| c.rule == k);
        let arrows = r
            .list
            .cmds
            .iter()
            .filter(|c| c.style == style && matches!(c.shape, steerlab::sim::Shape::Arrow { .. }))
            .count();
        assert_eq!(arrows, usize::from(present), "{k}");
    }
    assert!(total.length() <= s.agents[i].max_force * (1.0 + 1e-5));
    assert!(r.list.count(Style::ForceTotal) >= 1);
    let labels: Vec<&str> = r
        .list
        .cmds
        .iter()
        .filter_map(|c| match c.shape {
            steerlab::sim::Shape::Text { start, len, .. } => Some(r.list.text_of(start, len)),
            _ => None,
        })
        .collect();
    assert!(labels.iter().any(|t| t.starts_with("separation ×1.50")), "{labels:?}");
    // Tracing does not disturb the run: stepping after a trace equals stepping without one.
    let mut a = sim("flock");
    let mut b = sim("flock");
    run(&mut a, 1.0);
    run(&mut b, 1.0);
    let mut t = Default::default();
    a.trace(0, &mut t);
    run(&mut a, 1.0);
    run(&mut b, 1.0);
    assert_eq!(a.agents, b.agents);
}

#[test]
fn playground_rules_flee_avoid_and_eat() {
    use steerlab::sim::engine::Pointer;
    let mut s = sim("bandada");
    // Flee: an agent right next to the pointer gets pushed away from it.
    let p = s.agents[0].position + Vec2::new(5.0, 0.0);
    s.pointer_event(Pointer::Move(p), false);
    let mut t = Default::default();
    s.trace(0, &mut t);
    let flee = t.items.iter().find(|c| c.rule == "flee").expect("flee contribution");
    assert!(flee.raw.x < 0.0, "{:?}", flee.raw);
    // Clicks place obstacles, or food once the click action is switched.
    let n_obs = s.obstacles.len();
    s.pointer_event(Pointer::Down(Vec2::new(100.0, 100.0)), true);
    assert_eq!(s.obstacles.len(), n_obs + 1);
    s.set("click", serde_json::json!("food")).unwrap();
    let n_food = s.food.len();
    s.pointer_event(Pointer::Down(Vec2::new(300.0, 300.0)), true);
    assert_eq!(s.food.len(), n_food + 1);
    // Food gets eaten.
    s.pointer_event(Pointer::Leave, false);
    run(&mut s, 20.0);
    println!("bandada: food eaten in 20 s: {}", s.eaten);
    assert!(s.eaten > 0);
    // Edge modes switch live and stay inside.
    for e in ["bounce", "steer_to_center", "wrap"] {
        s.set("world.edges", serde_json::json!(e)).unwrap();
        run(&mut s, 2.0);
        assert!(s
            .agents
            .iter()
            .all(|a| a.position.x >= 0.0 && a.position.x <= 720.0 && a.position.y >= 0.0 && a.position.y <= 420.0));
    }
}
