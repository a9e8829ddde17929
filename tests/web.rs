//! The wasm-bindgen-test suite that needs no page: `cargo test --target wasm32-unknown-unknown
//! --test web` (runner, webdriver.json and the runner's timeout are set in `.cargo/config.toml`;
//! `scripts/test.sh` runs it). Natively this file compiles to nothing.
//!
//! It includes `tests/determinism.rs`, `tests/golden.rs` and `tests/history.rs`, so those bodies
//! run here unchanged, compiled to wasm32, and must give the same bit-exact results as natively.
//! They touch no DOM, so they run in a dedicated worker of headless Chromium: however long the
//! simulation takes on a busy machine, the page's main thread stays free for ChromeDriver, which
//! reads the runner's output there (a suite that held it for 20 s made the read time out). Each
//! test also yields to the worker's event loop before it starts (`dual_test!`). The suites that
//! drive a page (`tests/viewer.rs`, `tests/panic_boundary.rs`) stay `run_in_browser`.

#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_dedicated_worker);

#[path = "determinism.rs"]
mod determinism;

#[path = "golden.rs"]
mod golden;

#[path = "history.rs"]
mod history;
