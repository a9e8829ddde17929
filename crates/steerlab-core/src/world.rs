//! The world rectangle, its edge modes (bandada-app.txt: wrap, bounce, steer back to the centre) and
//! the integration step of flocking-boids.txt §4.

use super::agent::Agent;
use super::steer::{steer_towards, truncate};
use crate::num::clamp;
use glam::Vec2;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Edges {
    /// Toroidal: leaving one side re-enters at the opposite one; distances use the nearest image.
    #[default]
    Wrap,
    /// Reflect position and velocity at the walls.
    Bounce,
    /// Inside `margin` of a wall, steer towards the centre (and never leave the rectangle).
    SteerToCenter,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct World {
    pub width: f32,
    pub height: f32,
    pub edges: Edges,
    /// Width of the band along the walls where `SteerToCenter` pushes back.
    pub margin: f32,
}

impl World {
    pub fn new(width: f32, height: f32, edges: Edges) -> Self {
        World { width, height, edges, margin: 40.0 }
    }

    pub fn size(&self) -> Vec2 {
        Vec2::new(self.width, self.height)
    }

    pub fn center(&self) -> Vec2 {
        self.size() * 0.5
    }

    #[inline]
    pub fn wraps(&self) -> bool {
        self.edges == Edges::Wrap
    }

    /// `to − from`, using the nearest image across the seam when the world wraps.
    #[inline]
    pub fn delta(&self, from: Vec2, to: Vec2) -> Vec2 {
        let mut d = to - from;
        if self.edges == Edges::Wrap {
            d.x = wrap_delta(d.x, self.width);
            d.y = wrap_delta(d.y, self.height);
        }
        d
    }

    #[inline]
    pub fn distance_squared(&self, a: Vec2, b: Vec2) -> f32 {
        self.delta(a, b).length_squared()
    }

    /// The edge force for `SteerToCenter` (zero in the other modes or away from the walls).
    pub fn edge_force(&self, agent: &Agent) -> Vec2 {
        if self.edges != Edges::SteerToCenter {
            return Vec2::ZERO;
        }
        let p = agent.position;
        let m = self.margin.min(self.width * 0.5).min(self.height * 0.5);
        if p.x < m || p.y < m || p.x > self.width - m || p.y > self.height - m {
            steer_towards(self.center() - p, agent)
        } else {
            Vec2::ZERO
        }
    }

    /// Keep an agent inside the world according to the edge mode (after it moved).
    #[inline]
    pub fn apply_edges(&self, a: &mut Agent) {
        match self.edges {
            Edges::Wrap => {
                a.position.x = wrap_coord(a.position.x, self.width);
                a.position.y = wrap_coord(a.position.y, self.height);
            }
            Edges::Bounce => {
                bounce_axis(&mut a.position.x, &mut a.velocity.x, self.width);
                bounce_axis(&mut a.position.y, &mut a.velocity.y, self.height);
            }
            Edges::SteerToCenter => {
                a.position.x = clamp(a.position.x, 0.0, self.width);
                a.position.y = clamp(a.position.y, 0.0, self.height);
            }
        }
    }
}

/// The nearest-image difference on one axis of a wrapping world (also the fast engine's).
#[inline(always)]
pub(crate) fn wrap_delta(d: f32, size: f32) -> f32 {
    let half = size * 0.5;
    if d > half {
        d - size
    } else if d < -half {
        d + size
    } else {
        d
    }
}

/// `x` mapped into `[0, size)`.
#[inline(always)]
pub fn wrap_coord(x: f32, size: f32) -> f32 {
    if x >= 0.0 && x < size {
        x
    } else {
        wrap_outside(x, size)
    }
}

/// [`wrap_coord`] for `x` outside `[0, size)` (rare: an agent crossing the edge this step).
#[cold]
#[inline(never)]
fn wrap_outside(x: f32, size: f32) -> f32 {
    let r = x.rem_euclid(size);
    // rem_euclid can round up to `size` for tiny negative inputs.
    if r >= size || !r.is_finite() {
        0.0
    } else {
        r
    }
}

#[inline]
fn bounce_axis(p: &mut f32, v: &mut f32, size: f32) {
    if *p < 0.0 {
        *p = (-*p).min(size);
        *v = v.abs();
    } else if *p > size {
        *p = (2.0 * size - *p).max(0.0);
        *v = -v.abs();
    }
}

/// Speed limits applied by [`integrate`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub min_speed: f32,
}

/// flocking-boids.txt §4: `v = clamp(v + clamp(steer, max_force)·dt, max_speed)`, `p += v·dt`;
/// then, if `min_speed > 0`, a moving agent is sped up to at least `min_speed` (bandada-app.txt).
#[inline]
pub fn integrate(a: &mut Agent, steer: Vec2, dt: f32, min_speed: f32) {
    let mut v = truncate(a.velocity + truncate(steer, a.max_force) * dt, a.max_speed);
    if min_speed > 0.0 {
        let s2 = v.length_squared();
        let min = min_speed.min(a.max_speed);
        if s2 < min * min {
            let dir = if s2 > 0.0 { v / s2.sqrt() } else { a.heading };
            v = dir * min;
        }
    }
    a.velocity = v;
    a.position += v * dt;
    a.update_heading();
}
