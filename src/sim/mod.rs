//! The pure simulation core: glam maths, no web-sys, deterministic, tested natively.

pub mod agent;
pub mod draw;
pub mod engine;
pub mod fast;
pub mod flock;
pub mod grid;
mod json_path;
pub mod leader;
pub mod path;
pub mod queue;
pub mod raster;
pub mod render;
pub mod rng;
pub mod scenario;
pub mod steer;
pub mod text;
pub mod world;

pub use agent::Agent;
pub use draw::{Cmd, DrawList, Shape, Style};
pub use engine::{Metrics, Sim, DT};
pub use scenario::Scenario;
pub use world::{Edges, World};
