//! Print the agents of a built-in scenario after N fixed steps, as JSON, natively.
//!
//! ```text
//! cargo run --example dump_state -- [SCENARIO] [STEPS]      # defaults: flock 1000
//! ```
//!
//! Output: `{"scenario": NAME, "steps": N, "time": T, "agents": [{"position": [x, y], "velocity": [x, y]}, …]}`,
//! the `agents` exactly as `Sim::state_json()` (and so the viewer's `state()`) reports them.
//! The end-to-end test (tests/e2e/foundation.test.mjs) runs the same scenario in Chromium through
//! the JS API and requires identical numbers: same seed + scenario = same trajectory natively and
//! in wasm.

use std::process::ExitCode;

use steerlab::sim::Sim;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() > 2 || args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("usage: dump_state [SCENARIO] [STEPS]   (defaults: flock 1000)");
        return ExitCode::from(2);
    }
    let name = args.first().map(String::as_str).unwrap_or("flock");
    let steps: u64 = match args.get(1).map(|s| s.parse()) {
        None => 1000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("dump_state: STEPS must be a whole number, got {:?}: {e}", args[1]);
            return ExitCode::from(2);
        }
    };
    let Some(text) = steerlab::scenarios::builtin(name) else {
        let known: Vec<&str> = steerlab::scenarios::names().collect();
        eprintln!("dump_state: no built-in scenario {name:?}; known: {}", known.join(", "));
        return ExitCode::from(2);
    };
    let mut sim = match Sim::from_json(text) {
        Ok(sim) => sim,
        Err(e) => {
            eprintln!("dump_state: scenario {name:?} does not load: {e}");
            return ExitCode::FAILURE;
        }
    };
    for _ in 0..steps {
        sim.step();
    }
    let state = sim.state_json();
    let out = serde_json::json!({
        "scenario": name,
        "steps": state["steps"],
        "time": state["time"],
        "agents": state["agents"],
    });
    println!("{out}");
    ExitCode::SUCCESS
}
