//! steerlab: steering behaviours and flocking for interactive tutorials.
//!
//! [`sim`] is the pure core (the `steerlab-core` crate: deterministic, no web APIs, no words);
//! [`lang`] writes its numbers as words in the reader's language from the words files (given at run time);
//! [`svg`] writes a frame as an SVG still; [`parts`] reads `data-controls`; `web` is the thin wasm32 shell that turns DOM events
//! into core calls and the core's draw list into Canvas 2D calls.

pub use steerlab_core as sim;
pub use steerlab_core::scenarios;

pub mod lang;
pub mod parts;
pub mod svg;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// Talc rather than the standard library's allocator: a smaller module, no slower
/// (docs/performance.md, "Allocator").
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(test)]
mod tests {
    /// `STEERLAB_WRITE_SCHEMA` and `STEERLAB_WRITE_CODE` are read by steerlab-core's tests
    /// (`crates/steerlab-core/src/schema.rs`, `code.rs`). From the repository's root, `cargo test
    /// --lib schema` (or `--lib code`) without `-p steerlab-core` runs this crate's library
    /// instead, which would write nothing and pass; this test, whose name matches both filters,
    /// fails then and names the command.
    #[test]
    fn schema_and_code_are_written_by_the_core_crate() {
        let mut commands = Vec::new();
        if std::env::var_os("STEERLAB_WRITE_SCHEMA").is_some() {
            commands.push("`STEERLAB_WRITE_SCHEMA=1 cargo test -p steerlab-core --lib schema`");
        }
        if std::env::var_os("STEERLAB_WRITE_CODE").is_some() {
            commands.push("`STEERLAB_WRITE_CODE=1 cargo test -p steerlab-core --features code --lib code`");
        }
        assert!(
            commands.is_empty(),
            "the root crate's tests write no generated file (steerlab-core's do; if they ran in this same \
             command, they wrote theirs): run {}",
            commands.join(" and ")
        );
    }
}
