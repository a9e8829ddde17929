//! bandada-app.txt "huir del jugador": the pointer is the player; agents within `radius` of it flee
//! (full speed directly away), the others ignore it.

use super::{AgentStep, Behave, Facts, ForceCtx, Inst, Layer, Tell, Tint, View};
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::setup::Setup;
use crate::steer::{desired_towards, flee, Note};
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 3.0; d_radius = 90.0; }

/// `{"type": "flee_pointer", "weight": 3, "radius": 90, "enabled": true}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FleePointer {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// The panic radius (px): farther from the pointer, an agent ignores it.
    #[serde(default = "d_radius")]
    pub radius: f32,
    #[serde(default = "super::d_true")]
    pub enabled: bool,
}

impl Behave for FleePointer {
    const KIND: &'static str = "flee_pointer";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        super::flee::lines(p)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("radius", self.radius)
    }

    /// Its lesson in the described scene: whether the player (the pointer) is on the canvas, how
    /// many agents flee it (the last step's evading tint) and its radius.
    fn describe(&self, _: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let on = (self.enabled && t.v.pointer.is_some()) as u32 as f32;
        let values = vec![on, on * t.tinted(Style::Evading) as f32, self.radius];
        Some(Facts { kind: Self::KIND, keys: "player fleeing radius", values })
    }

    fn force(&self, _: &(), _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        if !self.enabled {
            return;
        }
        let Some(p) = ctx.pointer else { return };
        let me = a.agent;
        if ctx.world.distance_squared(me.position, p) < self.radius * self.radius {
            let threat = me.position + ctx.world.delta(me.position, p);
            a.ctl.add("flee_pointer", self.weight, flee(me, threat));
            a.ctl.explain(|d| {
                d.desired = Some(desired_towards(me.position - threat, me));
                d.note("threat", Note::Point(threat)).note("radius", Note::Num(self.radius));
            });
            a.tint(Tint::Set(Style::Evading));
        }
    }

    /// The player: a ring at the pointer.
    fn draw(&self, _: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        if let (Layer::Over, true, Some(p)) = (layer, self.enabled, v.pointer) {
            list.circle(Style::Pointer, p, 10.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_with_pointer, hand_agents};
    use glam::Vec2;

    const SC: &str = r#"[{"type": "flee_pointer", "weight": 3, "radius": 90}]"#;

    /// The pointer 50 px to the right of an agent at rest: desired (−80, 0), weighted ×3 = (−240, 0),
    /// then the controller truncates the total to max_force 192.
    #[test]
    fn flees_the_pointer_inside_the_radius_by_hand() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        let f = force_with_pointer(SC, &agents, 0, Vec2::new(150.0, 100.0));
        assert!((f - Vec2::new(-192.0, 0.0)).length() < 1e-3, "{f}");
    }

    /// Outside the panic radius, or switched off, the pointer is ignored.
    #[test]
    fn ignores_the_pointer_outside_the_radius_or_disabled() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        assert_eq!(force_with_pointer(SC, &agents, 0, Vec2::new(191.0, 100.0)), Vec2::ZERO);
        let off = r#"[{"type": "flee_pointer", "radius": 90, "enabled": false}]"#;
        assert_eq!(force_with_pointer(off, &agents, 0, Vec2::new(150.0, 100.0)), Vec2::ZERO);
    }

    /// At exactly the panic radius the agent is already calm (inside means closer than the radius).
    #[test]
    fn the_panic_radius_is_exclusive() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        assert_eq!(force_with_pointer(SC, &agents, 0, Vec2::new(190.0, 100.0)), Vec2::ZERO);
        assert_ne!(force_with_pointer(SC, &agents, 0, Vec2::new(189.9, 100.0)), Vec2::ZERO);
    }

    /// Over the agents, a ring of radius 10 at the pointer (120, 100); nothing in the other layers,
    /// nothing without a pointer, nothing when disabled.
    #[test]
    fn draws_a_ring_at_the_pointer() {
        use super::super::testing::{assert_drawn, drawn, sim_with, D};
        use crate::behaviours::Layer;
        use crate::draw::Style;
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        let mut s = sim_with(r#"[{"type": "flee_pointer"}]"#, &agents, "");
        assert_drawn(&drawn(&s, Layer::Over), &[]);
        s.pointer = Some(Vec2::new(120.0, 100.0));
        assert_drawn(&drawn(&s, Layer::Over), &[(Style::Pointer, D::Circle(Vec2::new(120.0, 100.0), 10.0))]);
        assert_drawn(&drawn(&s, Layer::Under), &[]);
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
        let mut off = sim_with(r#"[{"type": "flee_pointer", "enabled": false}]"#, &agents, "");
        off.pointer = Some(Vec2::new(120.0, 100.0));
        assert_drawn(&drawn(&off, Layer::Over), &[]);
    }

    /// The explanation: an agent at (100, 100) with the pointer at (130, 140), 50 px away (inside
    /// 90), flees along (100, 100) − (130, 140) = (−30, −40): desired 80·(−0.6, −0.8) = (−48, −64);
    /// the notes name the threat and the radius. Across the seam of the 400 px wrapping world, an
    /// agent at (10, 100) sees the pointer at (390, 100) 20 px to its left, at (−10, 100): desired
    /// (80, 0).
    #[test]
    fn explains_the_threat_and_the_desired_velocity_by_hand() {
        use super::super::testing::sim_with;
        use crate::steer::Note;
        for (agent, pointer, threat, desired) in [
            ((100.0, 100.0), (130.0, 140.0), (130.0, 140.0), (-48.0, -64.0)),
            ((10.0, 100.0), (390.0, 100.0), (-10.0, 100.0), (80.0, 0.0)),
        ] {
            let mut s = sim_with(SC, &hand_agents(&[(agent, (0.0, 30.0))]), "");
            s.pointer = Some(Vec2::from(pointer));
            let e = s.explain(0).unwrap();
            let t = &e.terms[0];
            assert_eq!((t.rule, t.weight), ("flee_pointer", 3.0));
            assert!((t.detail.desired.unwrap() - Vec2::from(desired)).length() < 1e-4, "{:?}", t.detail.desired);
            assert_eq!(t.detail.notes, [("threat", Note::Point(Vec2::from(threat))), ("radius", Note::Num(90.0))]);
        }
    }
}
