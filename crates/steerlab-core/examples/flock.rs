//! A flock stepped from a plain Rust program: the built-in "bandada" scenario (the flocking
//! playground), 10 seconds of simulated time, then where its agents are and how aligned they fly.
//!
//!     cargo run -p steerlab-core --example flock

use steerlab_core::Sim;

fn main() -> Result<(), String> {
    let text = steerlab_core::scenarios::builtin("bandada").ok_or("no built-in scenario \"bandada\"")?;
    let mut sim = Sim::from_json(text)?;
    for _ in 0..600 {
        sim.step();
    }
    let m = sim.metrics();
    println!(
        "after {} steps ({} s): {} agents, polarisation {:.3}",
        sim.steps,
        sim.time,
        sim.agents().len(),
        m.polarisation
    );
    for (i, a) in sim.agents().iter().take(5).enumerate() {
        println!(
            "agent {i}: position {:7.2} {:7.2}  velocity {:7.2} {:7.2}",
            a.position.x, a.position.y, a.velocity.x, a.velocity.y
        );
    }
    Ok(())
}
