//! Shared helpers for the integration tests.
//!
//! `dual_test!` writes a test body once and runs it twice: as a plain `#[test]` natively
//! (`cargo test`), and as a `#[wasm_bindgen_test]` when the same file is compiled for
//! wasm32 (`cargo test --target wasm32-unknown-unknown --test web`, in a dedicated worker of
//! headless Chromium). The pattern follows glam's `glam_test!` (tests/support/macros.rs in glam).
//!
//! In wasm the test is an `async fn` that first yields to the event loop (`yield_now`): the
//! wasm-bindgen-test runner runs every synchronous test of a binary in one task, so without it a
//! whole module (the history's, ~20 s on a busy machine) would be one stretch of work.

#![allow(dead_code, unused_macros)]

macro_rules! dual_test {
    ($(#[$meta:meta])* $name:ident, $body:block) => {
        $(#[$meta])*
        #[cfg(not(target_arch = "wasm32"))]
        #[test]
        fn $name() $body

        $(#[$meta])*
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen_test::wasm_bindgen_test]
        async fn $name() {
            support::yield_now().await;
            $body
        }
    };
}

/// Resolves in a later task of the event loop (`setTimeout(0)`, in a window or a worker), so the
/// browser and the test runner get a turn between two tests.
#[cfg(target_arch = "wasm32")]
pub async fn yield_now() {
    #[wasm_bindgen::prelude::wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_name = setTimeout)]
        fn set_timeout(f: &js_sys::Function, ms: i32) -> wasm_bindgen::JsValue;
    }
    let p = js_sys::Promise::new(&mut |resolve, _| {
        set_timeout(&resolve, 0);
    });
    wasm_bindgen_futures::JsFuture::from(p).await.expect("setTimeout resolves");
}

use steerlab::sim::Sim;

/// A built-in scenario by name; panics with the name if it does not exist.
pub fn builtin_sim(name: &str) -> Sim {
    let text = steerlab::scenarios::builtin(name).unwrap_or_else(|| panic!("no built-in scenario {name:?}"));
    Sim::from_json(text).unwrap_or_else(|e| panic!("built-in scenario {name:?} does not load: {e}"))
}

/// A built-in scenario with its `seed` replaced.
pub fn builtin_sim_with_seed(name: &str, seed: u64) -> Sim {
    let text = steerlab::scenarios::builtin(name).unwrap_or_else(|| panic!("no built-in scenario {name:?}"));
    let mut v: serde_json::Value = serde_json::from_str(text).expect("built-in scenarios are valid JSON");
    v["seed"] = serde_json::json!(seed);
    Sim::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{name:?} with seed {seed} does not load: {e}"))
}

/// Every agent's position, velocity and heading as raw f32 bits: two states are equal only when
/// they are bit for bit the same (no epsilon, and -0.0 != 0.0).
pub fn state_bits(sim: &Sim) -> Vec<[u32; 6]> {
    sim.agents()
        .iter()
        .map(|a| {
            [
                a.position.x.to_bits(),
                a.position.y.to_bits(),
                a.velocity.x.to_bits(),
                a.velocity.y.to_bits(),
                a.heading.x.to_bits(),
                a.heading.y.to_bits(),
            ]
        })
        .collect()
}

/// Index and values of the first agent whose bits differ, for a readable failure message.
pub fn first_difference(a: &Sim, b: &Sim) -> Option<String> {
    if a.agents().len() != b.agents().len() {
        return Some(format!("agent count {} vs {}", a.agents().len(), b.agents().len()));
    }
    let (sa, sb) = (state_bits(a), state_bits(b));
    sa.iter()
        .zip(&sb)
        .position(|(x, y)| x != y)
        .map(|i| format!("agent {i}: {:?} vs {:?}", a.agents()[i], b.agents()[i]))
}
