//! Reynolds' wander: seek a point on a circle of `radius` placed `distance` ahead of the agent, the
//! point's angle drifting by a seeded random amount of at most `jitter` radians a step.

use super::{draw_steering, AgentStep, Behave, ForceCtx, Inst, Layer, Readout, Val, View};
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::setup::Setup;
use crate::steer::{desired_towards, wander, Note, WanderParams};
use glam::Vec2;
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 1.0; d_radius = 24.0; d_distance = 40.0; d_jitter = 0.6; }

/// `{"type": "wander", "weight": 1, "radius": 24, "distance": 40, "jitter": 0.6, "overlay": true}`.
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
    /// Draw the wander circles (off where wander only keeps agents moving, as in containment).
    #[serde(default = "super::d_true")]
    pub overlay: bool,
}

/// Each agent's angle on its wander circle.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Angle(pub f32);

/// The inspector's lines of a wander term: the point on the circle it seeks, or the force in one
/// line.
pub fn lines(p: &mut super::Lines) {
    if p.note("target").is_none() {
        return p.force("force = seek(agent, circle_center + (cos(angle), sin(angle)) * radius)");
    }
    p.point("target = circle_center + (cos(angle), sin(angle)) * radius", "target");
    p.desired("desired = normalize(target - self.position) * max_speed");
    p.force(crate::pseudo::LIMIT);
}

impl Behave for Wander {
    const KIND: &'static str = "wander";
    type State = ();
    type PerAgent = Angle;

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        lines(p)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn draws_random(&self) -> bool {
        true
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
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

    /// Over the agents, for each: the wander circle `distance` ahead, the displaced target on it
    /// (the angle of its last step), the arc of ±`jitter` the next step can move the target along,
    /// and the agent's velocity, desired velocity towards the target and steer.
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        if layer != Layer::Over || !self.overlay {
            return;
        }
        for (a, angle) in v.agents.iter().zip(&inst.agents) {
            let c = a.position + a.heading * self.distance;
            let on_circle = |t: f32| c + Vec2::new(libm::cosf(t), libm::sinf(t)) * self.radius;
            list.line(Style::WanderCircle, a.position, c);
            list.circle(Style::WanderCircle, c, self.radius);
            let j = self.jitter.min(core::f32::consts::PI);
            list.polyline(Style::Jitter, (0..=16).map(|k| on_circle(angle.0 - j + 2.0 * j * k as f32 / 16.0)), false);
            let t = on_circle(angle.0);
            list.disc(Style::WanderTarget, t, 4.0);
            draw_steering(list, a, desired_towards(t - a.position, a));
        }
    }

    /// Agent 0: the target's angle on its circle (degrees, from +x) and its speed (px/s).
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let (a, angle) = (v.agents.first()?, inst.agents.first()?);
        Some(
            Readout::new(Self::KIND)
                .with("angle", Val::Num(angle.0.to_degrees() as f64, 0))
                .with("jitter", Val::Num(self.jitter.to_degrees() as f64, 0))
                .with("speed", Val::Num(a.speed() as f64, 1)),
        )
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

    /// The overlay: the circle 40 px ahead of an agent heading +x at (100, 100) is centred at
    /// (140, 100) with radius 24; with the angle at 0 the target is at (164, 100); the jitter arc
    /// (±0.5 rad) runs on the circle from angle −0.5 to +0.5.
    #[test]
    fn draws_the_circle_the_target_and_the_jitter_arc_by_hand() {
        use crate::draw::Overlays;
        use crate::draw::{Shape, Style};
        use crate::render::Renderer;
        let sc = r#"[{"type": "wander", "radius": 24, "distance": 40, "jitter": 0.5}]"#;
        let s = super::super::testing::sim_with(sc, &hand_agents(&[((100.0, 100.0), (10.0, 0.0))]), "");
        let mut r = Renderer::new();
        let list = r.build(&s, Overlays::default());
        let shape = |st: Style| list.cmds.iter().find(|c| c.style == st).map(|c| c.shape);
        assert_eq!(
            shape(Style::WanderCircle),
            Some(Shape::Line { a: Vec2::new(100.0, 100.0), b: Vec2::new(140.0, 100.0) })
        );
        assert!(list.cmds.iter().any(|c| c.shape == Shape::Circle { c: Vec2::new(140.0, 100.0), r: 24.0 }));
        assert_eq!(shape(Style::WanderTarget), Some(Shape::Disc { c: Vec2::new(164.0, 100.0), r: 4.0 }));
        let Some(Shape::Polyline { start, len, .. }) = shape(Style::Jitter) else { panic!("no jitter arc") };
        let arc = list.points_of(start, len);
        let end = |t: f32| Vec2::new(140.0 + 24.0 * t.cos(), 100.0 + 24.0 * t.sin());
        assert!((arc[0] - end(-0.5)).length() < 1e-3 && (arc[arc.len() - 1] - end(0.5)).length() < 1e-3, "{arc:?}");
        // With `"overlay": false` (wander only keeps the agents moving) nothing of it is drawn.
        let sc = r#"[{"type": "wander", "overlay": false}]"#;
        let s = super::super::testing::sim_with(sc, &hand_agents(&[((100.0, 100.0), (10.0, 0.0))]), "");
        let list = r.build(&s, Overlays::default());
        assert_eq!(list.count(Style::WanderCircle) + list.count(Style::Jitter) + list.count(Style::WanderTarget), 0);
    }

    /// With no jitter and the angle at 0, an agent at (100, 100) heading +x has its target at
    /// (100 + 40 + 24, 100): the explanation's desired velocity is (80, 0). The readout reads agent
    /// 0's angle (0.5 rad = 28.6°), the jitter (0.25 rad = 14.3°) and the speed.
    #[test]
    fn explanation_and_readout_by_hand() {
        use super::{Angle, Wander};
        use crate::behaviours::Val;
        use crate::steer::Note;
        let sc = r#"[{"type": "wander", "weight": 1, "radius": 24, "distance": 40, "jitter": 0}]"#;
        let s = super::super::testing::sim_with(sc, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), "");
        let d = &s.explain(0).unwrap().terms[0].detail;
        assert_eq!(d.desired, Some(Vec2::new(80.0, 0.0)));
        assert_eq!(d.notes, [("target", Note::Point(Vec2::new(164.0, 100.0))), ("angle", Note::Num(0.0))]);
        let sc = r#"[{"type": "wander", "jitter": 0.25}]"#;
        let mut s = super::super::testing::sim_with(sc, &hand_agents(&[((100.0, 100.0), (6.0, 8.0))]), "");
        s.behaviour_mut::<Wander>().unwrap().agents[0] = Angle(0.5);
        let r = s.readout();
        assert_eq!(r.kind, "wander");
        assert_eq!(r.get("angle"), Some(Val::Num(0.5f32.to_degrees() as f64, 0)));
        assert_eq!(r.get("jitter"), Some(Val::Num(0.25f32.to_degrees() as f64, 0)));
        assert_eq!(r.get("speed"), Some(Val::Num(10.0, 1)));
    }

    /// Every wanderer draws random numbers in agent order: the force traced for agent 2 replays the
    /// draws of agents 0 and 1 first, so it is the one the step applies.
    #[test]
    fn the_traced_forces_are_the_stepped_ones() {
        let sc = r#"[{"type": "wander"}]"#;
        let agents =
            hand_agents(&[((200.0, 200.0), (40.0, 0.0)), ((100.0, 300.0), (0.0, 10.0)), ((300.0, 100.0), (10.0, 0.0))]);
        let mut s = super::super::testing::sim_with(sc, &agents, "");
        let traced: Vec<Vec2> = (0..3).map(|i| s.force_on(i)).collect();
        s.step();
        assert_eq!(s.last_forces(), &traced[..]);
    }

    /// Only over the agents: nothing on the floor or under them. Over them, after the circle, the
    /// arc and the target (the first test), the steering towards the target: an agent at (100, 100)
    /// moving (10, 0) with the angle at 0 has its target at (164, 100), 64 px ahead: desired
    /// (80, 0), steer (70, 0).
    #[test]
    fn draws_over_the_agents_only_and_steers_towards_the_target() {
        use super::super::testing::{drawn, sim_with, steering};
        use crate::behaviours::Layer;
        let sc = r#"[{"type": "wander", "radius": 24, "distance": 40, "jitter": 0.5}]"#;
        let s = sim_with(sc, &hand_agents(&[((100.0, 100.0), (10.0, 0.0))]), "");
        assert!(drawn(&s, Layer::Floor).is_empty() && drawn(&s, Layer::Under).is_empty());
        let over = drawn(&s, Layer::Over);
        let want = steering(Vec2::new(100.0, 100.0), Vec2::new(10.0, 0.0), Vec2::new(80.0, 0.0));
        super::super::testing::assert_drawn(&over[over.len() - 3..], &want);
    }
}
