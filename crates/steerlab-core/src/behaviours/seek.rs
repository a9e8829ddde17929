//! Seek, the pattern of Steering I: `desired = normalize(target − position) · max_speed`,
//! `steer = limit(desired − velocity, max_force)`. The agent goes for the target at full speed, so
//! it runs past it and turns back (arrive is the cure). The target follows the pointer: a click puts
//! it there, a drag carries it.

use super::{draw_steering, AgentStep, Behave, ForceCtx, Inst, Layer, PointerTarget, Readout, Val, View};
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::json_path::vec2v;
use crate::pointer::Pointer;
use crate::setup::Setup;
use crate::steer::{desired_towards, steer_towards};
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; }

/// `{"type": "seek", "weight": 1, "target": [480, 200]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Seek {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Where the target starts (world px; the world's centre if absent). Clicks and drags move it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<[f32; 2]>,
}

/// The inspector's line of a seek term.
pub fn lines(p: &mut super::Lines) {
    p.force("force = limit(normalize(target - self.position) * max_speed - velocity, max_force)")
}

impl Behave for Seek {
    const KIND: &'static str = "seek";
    type State = PointerTarget;
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        lines(p)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        self.target.map_or(Ok(()), |t| c.point("target", t))
    }

    fn force(&self, st: &PointerTarget, _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        let me = a.agent;
        let to = ctx.world.delta(me.position, st.at(self.target, ctx.world));
        a.ctl.add("seek", self.weight, steer_towards(to, me));
    }

    /// `"interaction": "pointer"`: a click or a drag moves the target.
    fn pointer(&self, inst: &mut Inst<Self>, ev: Pointer, dragging: bool) -> bool {
        inst.state.pointer(ev, dragging)
    }

    /// Under the agents: the target. Over them: each agent's velocity, desired velocity and steer.
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        let t = inst.state.at(self.target, v.world);
        match layer {
            Layer::Under => {
                list.circle(Style::Goal, t, 7.0);
                list.disc(Style::Goal, t, 2.0);
            }
            Layer::Over => {
                for a in v.agents {
                    draw_steering(list, a, desired_towards(v.world.delta(a.position, t), a));
                }
            }
            Layer::Floor => {}
        }
    }

    /// Agent 0: its distance to the target (px), its speed (px/s) and the length of its steering
    /// force (px/s²).
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let a = v.agents.first()?;
        let to = v.world.delta(a.position, inst.state.at(self.target, v.world));
        Some(
            Readout::new(Self::KIND)
                .with("distance", Val::Num(to.length() as f64, 1))
                .with("speed", Val::Num(a.speed() as f64, 1))
                .with("steer", Val::Num(steer_towards(to, a).length() as f64, 0)),
        )
    }

    /// `state().target`: where the target is.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        state["target"] = vec2v(inst.state.at(self.target, v.world));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents, sim_with};
    use crate::pointer::Pointer;
    use glam::Vec2;

    const SC: &str = r#"[{"type": "seek", "target": [250, 100]}]"#;

    /// At rest 150 px left of the target: desired (80, 0), steer = desired − 0 = (80, 0). Moving
    /// away at (0, 60): desired (80, 0) − (0, 60) = (80, −60), length 100 < 192, not truncated.
    #[test]
    fn steers_towards_the_target_by_hand() {
        let f = force_of(SC, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(80.0, 0.0)).length() < 1e-4, "{f}");
        let f = force_of(SC, &hand_agents(&[((100.0, 100.0), (0.0, 60.0))]), 0);
        assert!((f - Vec2::new(80.0, -60.0)).length() < 1e-4, "{f}");
        // Going the wrong way at full speed: desired (80, 0) − (−80, 0) = (160, 0), then weight 2
        // → (320, 0), truncated by the controller to max_force 192.
        let sc2 = r#"[{"type": "seek", "weight": 2, "target": [250, 100]}]"#;
        let f = force_of(sc2, &hand_agents(&[((100.0, 100.0), (-80.0, 0.0))]), 0);
        assert!((f - Vec2::new(192.0, 0.0)).length() < 1e-3, "{f}");
    }

    /// The target follows the pointer: a click puts it there, a drag carries it, a move without a
    /// drag does not; the force then points at the new target.
    #[test]
    fn a_click_or_a_drag_moves_the_target() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        let mut s = sim_with(SC, &agents, r#""interaction": "pointer""#);
        assert!(s.pointer_event(Pointer::Down(Vec2::new(100.0, 250.0)), true));
        assert_eq!(s.state_json()["target"], serde_json::json!([100.0, 250.0]));
        assert!((s.force_on(0) - Vec2::new(0.0, 80.0)).length() < 1e-4);
        assert!(s.pointer_event(Pointer::Move(Vec2::new(20.0, 100.0)), true));
        assert!((s.force_on(0) - Vec2::new(-80.0, 0.0)).length() < 1e-4);
        assert!(!s.pointer_event(Pointer::Move(Vec2::new(300.0, 300.0)), false));
        assert_eq!(s.state_json()["target"], serde_json::json!([20.0, 100.0]));
        // Reset brings back the scenario's target.
        s.reset();
        assert_eq!(s.state_json()["target"], serde_json::json!([250.0, 100.0]));
    }

    /// Under the agents: the target at (250, 100), a ring of radius 7 and a dot of 2. Over them,
    /// each agent's steering: agent 0 at (100, 100) moving (0, 60) wants (80, 0) (the target is
    /// 150 px to its right; steer (80, −60)); agent 1 at rest at (10, 100) wants (−80, 0): across
    /// the seam of the 400 px wrapping world the target is 160 px to its left, nearer than 240 px
    /// to its right. Nothing on the floor.
    #[test]
    fn draws_the_target_and_each_agents_steering_by_hand() {
        use super::super::testing::{assert_drawn, drawn, steering, D};
        use crate::behaviours::Layer;
        use crate::draw::Style;
        let s = sim_with(SC, &hand_agents(&[((100.0, 100.0), (0.0, 60.0)), ((10.0, 100.0), (0.0, 0.0))]), "");
        let t = Vec2::new(250.0, 100.0);
        assert_drawn(&drawn(&s, Layer::Under), &[(Style::Goal, D::Circle(t, 7.0)), (Style::Goal, D::Disc(t, 2.0))]);
        let want = [
            steering(Vec2::new(100.0, 100.0), Vec2::new(0.0, 60.0), Vec2::new(80.0, 0.0)),
            steering(Vec2::new(10.0, 100.0), Vec2::ZERO, Vec2::new(-80.0, 0.0)),
        ];
        assert_drawn(&drawn(&s, Layer::Over), &want.concat());
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
    }
}
