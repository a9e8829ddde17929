//! Step time of the standard engine on the built-in scenarios (the behaviour dispatch), for A/B
//! runs across commits: `cargo run --release --example bench_scenarios -- <rounds>` prints, per
//! scenario, the median ns per agent-step over rounds of 300 steps from a fresh simulation.
use std::time::Instant;
use steerlab::sim::Sim;

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(15);
    let only = std::env::args().nth(2);
    let names = ["flock", "bandada", "follow-leader", "queue", "path-waypoints", "path-tube", "spatial-hash"];
    for name in names.into_iter().filter(|n| only.as_deref().is_none_or(|o| o == *n)) {
        let mut times = Vec::new();
        for _ in 0..rounds {
            let mut s = Sim::from_json(steerlab::scenarios::builtin(name).unwrap()).unwrap();
            for _ in 0..30 {
                s.step();
            }
            let agents = s.state_json()["agents"].as_array().unwrap().len();
            let t = Instant::now();
            for _ in 0..300 {
                s.step();
            }
            times.push(t.elapsed().as_nanos() as f64 / (300 * agents.max(1)) as f64);
        }
        times.sort_by(f64::total_cmp);
        println!("{name} {:.1}", times[times.len() / 2]);
    }
}
