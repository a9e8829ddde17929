//! Separation, alignment and cohesion exactly as flocking-boids.txt §2–3, in one neighbour pass.

use super::agent::Agent;
use super::steer::{steer_towards, Controller};
use glam::Vec2;

/// The three rules' weights and radii (a rule with weight `None` is absent from the scenario).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct FlockRules {
    pub separation: Option<(f32, f32)>,
    pub alignment: Option<(f32, f32)>,
    pub cohesion: Option<(f32, f32)>,
}

impl FlockRules {
    pub fn any(&self) -> bool {
        self.separation.is_some() || self.alignment.is_some() || self.cohesion.is_some()
    }
    /// The query radius: the largest of the rules' radii (= perception with the defaults).
    pub fn radius(&self) -> f32 {
        let radius = |rule: Option<(f32, f32)>| rule.map_or(0.0, |(_, r)| r);
        radius(self.separation).max(radius(self.alignment)).max(radius(self.cohesion))
    }
}

/// The accumulators of §3's pseudocode for one agent.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FlockSums {
    pub sep: Vec2,
    pub n_sep: u32,
    pub align: Vec2,
    pub n_align: u32,
    /// Sum of `neighbour − self` (nearest image), so `coh / n_coh` is `centroid − self`.
    pub coh: Vec2,
    pub n_coh: u32,
}

impl FlockSums {
    /// Feed one neighbour: `d = neighbour.position − self.position`, `d2 = |d|²`.
    #[inline]
    pub fn add(&mut self, rules: &FlockRules, d: Vec2, d2: f32, neighbour_velocity: Vec2) {
        if let Some((_, sep_dist)) = rules.separation {
            if d2 < sep_dist * sep_dist && d2 > 0.0 {
                // normalize(self − n) / |d| = (self − n) / |d|², with one division: the same
                // expression (and so the same bits) in every engine and kernel.
                self.sep -= d * (1.0 / d2);
                self.n_sep += 1;
            }
        }
        if let Some((_, r)) = rules.alignment {
            if d2 < r * r {
                self.align += neighbour_velocity;
                self.n_align += 1;
            }
        }
        if let Some((_, r)) = rules.cohesion {
            if d2 < r * r {
                self.coh += d;
                self.n_coh += 1;
            }
        }
    }

    /// `weight · steer_towards(...)` for each rule that had neighbours, into the controller.
    #[inline]
    pub fn apply(&self, rules: &FlockRules, agent: &Agent, ctl: &mut Controller) {
        if let Some((w, _)) = rules.separation {
            if self.n_sep > 0 {
                ctl.add("separation", w, steer_towards(self.sep / self.n_sep as f32, agent));
            }
        }
        if let Some((w, _)) = rules.alignment {
            if self.n_align > 0 {
                ctl.add("alignment", w, steer_towards(self.align / self.n_align as f32, agent));
            }
        }
        if let Some((w, _)) = rules.cohesion {
            if self.n_coh > 0 {
                ctl.add("cohesion", w, steer_towards(self.coh / self.n_coh as f32, agent));
            }
        }
    }
}
