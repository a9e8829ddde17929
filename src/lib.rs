//! steerlab: steering behaviours and flocking for interactive tutorials.
//!
//! [`sim`] is the pure core (deterministic, no web APIs); [`lang`] writes its numbers as words in
//! the reader's language; `web` is the thin wasm32 shell that turns DOM events into core calls and
//! the core's draw list into Canvas 2D calls.

pub mod lang;
pub mod scenarios;
pub mod sim;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// Talc instead of the standard library's dlmalloc: a smaller module (wasm −2.8 KB gzipped, 168.9 →
/// 166.1 KB; the "disable-realloc-in-place" feature is 0.2 KB of that: a growing `Vec` moves
/// instead of growing in place, which no step does). No slower: at 100k boids in Chromium
/// (scripts/bench/browser.mjs, builds alternated on this shared 2-core machine, medians) the
/// 4-lane step took 29.3 and 29.7 ms against 33.3 and 29.5 ms with dlmalloc, the whole frame 33.0
/// and 32.8 ms against 35.4 and 34.3 ms.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
