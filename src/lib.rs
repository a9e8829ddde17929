//! steerlab: steering behaviours and flocking for interactive tutorials.
//!
//! [`sim`] is the pure core (deterministic, no web APIs); `web` is the thin wasm32 shell that turns
//! DOM events into core calls and the core's draw list into Canvas 2D calls.

pub mod scenarios;
pub mod sim;

#[cfg(target_arch = "wasm32")]
pub mod web;
