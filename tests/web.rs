//! The wasm-bindgen-test suite, run in headless Chromium:
//! `cargo test --target wasm32-unknown-unknown --test web` (runner and webdriver.json are set in
//! `.cargo/config.toml`; `scripts/test.sh` runs it). Natively this file compiles to nothing.
//!
//! It includes `tests/determinism.rs` and `tests/golden.rs`, so those bodies run here unchanged, compiled to
//! wasm32, and must give the same bit-exact results as natively.

#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "determinism.rs"]
mod determinism;

#[path = "golden.rs"]
mod golden;

#[path = "history.rs"]
mod history;
