//! What a behaviour may read of its scenario besides its own parameters: the seed, the speed
//! limit, how many agents there are and the path. Built from the scenario where the engine hands
//! behaviours their context, so behaviours never depend on the scenario format.

use crate::path::{PathMode, PathSpec};

#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    pub seed: u64,
    pub max_speed: f32,
    pub agent_count: usize,
    pub path: Option<&'a PathSpec>,
}

impl Setup<'_> {
    /// The path's mode (loop when there is no path).
    pub fn path_mode(&self) -> PathMode {
        crate::path::mode_of(self.path)
    }
}
