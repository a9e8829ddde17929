//! steerlab: steering behaviours and flocking for interactive tutorials.
//!
//! [`sim`] is the pure core (the `steerlab-core` crate: deterministic, no web APIs, no words);
//! [`lang`] writes its numbers as words in the reader's language from the words files (given at run time);
//! [`svg`] writes a frame as an SVG still; `web` is the thin wasm32 shell that turns DOM events
//! into core calls and the core's draw list into Canvas 2D calls.

pub use steerlab_core as sim;
pub use steerlab_core::scenarios;

pub mod lang;
pub mod svg;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// Talc rather than the standard library's allocator: a smaller module, no slower
/// (docs/performance.md, "Allocator").
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
