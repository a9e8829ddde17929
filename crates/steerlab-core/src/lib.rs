//! The pure simulation core: glam maths, no web-sys, deterministic, tested natively.
//!
//! - `agent`, `world`, `steer`, `rng`, `grid`, `flock`, `path`: the building blocks (an agent, the
//!   world's edges and integration, the steering primitives, seeded random numbers, the neighbour
//!   grid, the flocking rules' shared neighbour pass, path geometry);
//! - `behaviours`: one file per behaviour behind one interface, and the registry;
//! - `scenario`: the scenario format, its parsing and validation;
//! - `engine` (state, clock, steppers), `params` (parameters by path), `input` (pointer and
//!   editing), `report` (metrics, `state()`, readouts), `scene` (obstacles, food, the live path):
//!   `Sim`, split by job;
//! - `draw`, `render`, `raster`: rendering as data (the draw list) and the pixel agent layer;
//! - `fast`: the exact flocking engine for large flocks;
//! - `history`, `link`: the input log and snapshots behind rewinding and scrubbing, and links to
//!   an exact moment.

pub mod agent;
pub mod behaviours;
pub mod check;
#[cfg(feature = "code")]
pub mod code;
pub mod describe;
pub mod draw;
pub mod engine;
pub mod fast;
pub mod flock;
pub mod grid;
pub mod history;
pub mod input;
pub mod inspect;
pub mod json_path;
pub mod link;
pub mod num;
pub mod palette;
pub mod param_path;
pub mod params;
pub mod path;
pub mod pointer;
pub mod pseudo;
pub mod raster;
pub mod render;
pub mod report;
pub mod rng;
pub mod scenario;
pub mod scenarios;
pub mod scene;
mod schema;
pub mod series;
pub mod setup;
pub mod steer;
pub mod text;
pub mod world;

/// The README's example, run as a doctest (`cargo test -p steerlab-core --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use agent::Agent;
pub use draw::{Cmd, DrawList, Shape, Style};
pub use engine::{Sim, DT};
pub use report::Metrics;
pub use scenario::{Mistake, Scenario, ScenarioError};
pub use world::{Edges, World};
