//! Reynolds' wander: seek a point on a circle of `radius` placed `distance` ahead of the agent, the
//! point's angle drifting by a seeded random amount of at most `jitter` radians a step.

use super::{AgentStep, Behave, ForceCtx};
use crate::sim::scenario::{Check, Scenario};
use crate::sim::steer::{desired_towards, wander, Note, WanderParams};
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 1.0; d_radius = 24.0; d_distance = 40.0; d_jitter = 0.6; }

/// `{"type": "wander", "weight": 1, "radius": 24, "distance": 40, "jitter": 0.6}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Wander {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Radius of the wander circle (px).
    #[serde(default = "d_radius")]
    pub radius: f32,
    /// How far ahead of the agent the circle's centre is (px).
    #[serde(default = "d_distance")]
    pub distance: f32,
    /// The largest change of the angle on the circle in one step (radians).
    #[serde(default = "d_jitter")]
    pub jitter: f32,
}

/// Each agent's angle on its wander circle.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Angle(pub f32);

impl Behave for Wander {
    const KIND: &'static str = "wander";
    type State = ();
    type PerAgent = Angle;

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Scenario) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.non_negative("radius", self.radius)?;
        c.non_negative("distance", self.distance)?;
        c.non_negative("jitter", self.jitter)
    }

    fn force(&self, _: &(), me: &mut Angle, _ctx: &ForceCtx, a: &mut AgentStep) {
        let p = WanderParams { radius: self.radius, distance: self.distance, jitter: self.jitter };
        let (f, target) = wander(a.agent, &mut me.0, &p, a.rng);
        a.ctl.add("wander", self.weight, f);
        let (agent, angle) = (a.agent, me.0);
        a.ctl.explain(|d| {
            d.desired = Some(desired_towards(target - agent.position, agent));
            d.note("target", Note::Point(target)).note("angle", Note::Num(angle));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents};
    use glam::Vec2;

    /// With no jitter the angle stays 0: the target is ahead by `distance` and to the side by
    /// `radius` along +x of the world: an agent at rest heading +x (its initial heading) seeks
    /// (distance + radius, 0) ahead → desired (80, 0).
    #[test]
    fn without_jitter_seeks_the_point_at_angle_zero() {
        let sc = r#"[{"type": "wander", "weight": 1, "radius": 24, "distance": 40, "jitter": 0}]"#;
        let f = force_of(sc, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(80.0, 0.0)).length() < 1e-4, "{f}");
        // Heading down (+y) at 10 px/s: centre (0, 40) ahead, target (24, 40) → desired
        // 80·(24, 40)/46.65, minus the velocity.
        let f = force_of(sc, &hand_agents(&[((100.0, 100.0), (0.0, 10.0))]), 0);
        let want = Vec2::new(24.0, 40.0).normalize() * 80.0 - Vec2::new(0.0, 10.0);
        assert!((f - want).length() < 1e-3, "{f} vs {want}");
    }
}
