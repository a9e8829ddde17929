//! The wasm32 web shell (work in progress).

mod bench;
