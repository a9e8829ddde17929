//! The agent (boid): position, velocity, the limits that bound its steering, and the last valid
//! heading, kept when the agent stops (the seed's `leader.headingOrLastValid()`).

use glam::Vec2;

/// Speeds below this are treated as "stopped" when deciding whether the heading is still valid.
pub const HEADING_EPS: f32 = 1e-4;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Agent {
    pub position: Vec2,
    pub velocity: Vec2,
    pub max_speed: f32,
    pub max_force: f32,
    /// Unit vector: the direction of the last non-zero velocity.
    pub heading: Vec2,
}

impl Agent {
    pub fn new(position: Vec2, velocity: Vec2, max_speed: f32, max_force: f32) -> Self {
        let heading =
            if velocity.length_squared() > HEADING_EPS * HEADING_EPS { velocity.normalize() } else { Vec2::X };
        Agent { position, velocity, max_speed, max_force, heading }
    }

    /// Refresh `heading` from the velocity; keeps the previous heading while the agent is stopped.
    #[inline]
    pub fn update_heading(&mut self) {
        let len2 = self.velocity.length_squared();
        if len2 > HEADING_EPS * HEADING_EPS {
            self.heading = self.velocity / len2.sqrt();
        }
    }

    #[inline]
    pub fn speed(&self) -> f32 {
        self.velocity.length()
    }
}
