//! Flee, seek's mirror: `desired = normalize(position − threat) · max_speed`,
//! `steer = limit(desired − velocity, max_force)`, but only inside the panic radius: farther from
//! the threat an agent ignores it. The threat follows the pointer (click, drag).

use super::{draw_steering, AgentStep, Behave, ForceCtx, Inst, Layer, PointerTarget, Readout, Tint, Val, View};
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::json_path::vec2v;
use crate::pointer::Pointer;
use crate::setup::Setup;
use crate::steer::{desired_towards, steer_towards};
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; d_panic = 100.0; }

/// `{"type": "flee", "weight": 1, "target": [320, 200], "panic_radius": 100}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Flee {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Where the threat starts (world px; the world's centre if absent). Clicks and drags move it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<[f32; 2]>,
    /// Farther than this from the threat (px), an agent ignores it.
    #[serde(default = "d_panic")]
    pub panic_radius: f32,
}

/// The inspector's lines of a flee term: from the threat it noted, or the force in one line.
pub fn lines(p: &mut super::Lines) {
    if p.note("threat").is_none() {
        return p.force("force = limit(normalize(self.position - threat) * max_speed - velocity, max_force)");
    }
    p.point("threat = pointer", "threat");
    p.desired("desired = normalize(self.position - threat) * max_speed");
    p.force(crate::pseudo::LIMIT);
}

impl Behave for Flee {
    const KIND: &'static str = "flee";
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
        c.positive("panic_radius", self.panic_radius)?;
        self.target.map_or(Ok(()), |t| c.point("target", t))
    }

    fn force(&self, st: &PointerTarget, _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        let me = a.agent;
        let away = -ctx.world.delta(me.position, st.at(self.target, ctx.world));
        if away.length_squared() < self.panic_radius * self.panic_radius {
            a.ctl.add("flee", self.weight, steer_towards(away, me));
            a.tint(Tint::Set(Style::Evading));
        }
    }

    /// `"interaction": "pointer"`: a click or a drag moves the threat.
    fn pointer(&self, inst: &mut Inst<Self>, ev: Pointer, dragging: bool) -> bool {
        inst.state.pointer(ev, dragging)
    }

    /// Under the agents: the threat and its panic radius. Over them: the steering of every agent
    /// inside the radius (velocity, desired velocity away from the threat, steer).
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        let t = inst.state.at(self.target, v.world);
        match layer {
            Layer::Under => {
                list.circle(Style::PanicRadius, t, self.panic_radius);
                list.circle(Style::Pointer, t, 8.0);
            }
            Layer::Over => {
                for a in v.agents {
                    let away = -v.world.delta(a.position, t);
                    if away.length_squared() < self.panic_radius * self.panic_radius {
                        draw_steering(list, a, desired_towards(away, a));
                    }
                }
            }
            Layer::Floor => {}
        }
    }

    /// How many agents are inside the panic radius, of how many, and the nearest one's distance to
    /// the threat (px).
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let t = inst.state.at(self.target, v.world);
        let d = v.agents.iter().map(|a| v.world.delta(a.position, t).length()).reduce(f32::min)?;
        let inside = v.agents.iter().filter(|a| v.world.distance_squared(a.position, t) < self.panic_radius.powi(2));
        Some(
            Readout::new(Self::KIND)
                .with("inside", Val::Int(inside.count() as i64))
                .with("agents", Val::Int(v.agents.len() as i64))
                .with("panic_radius", Val::Num(self.panic_radius as f64, 0))
                .with("nearest", Val::Num(d as f64, 1)),
        )
    }

    /// `state().threat`: where the threat is.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        state["threat"] = vec2v(inst.state.at(self.target, v.world));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents, sim_with};
    use crate::pointer::Pointer;
    use glam::Vec2;

    const SC: &str = r#"[{"type": "flee", "target": [150, 100], "panic_radius": 100}]"#;

    /// The threat 50 px to the right of an agent at rest: desired (−80, 0) = the steer. Moving
    /// towards it at (40, 30): steer = (−80, 0) − (40, 30) = (−120, −30).
    #[test]
    fn flees_inside_the_panic_radius_by_hand() {
        let f = force_of(SC, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(-80.0, 0.0)).length() < 1e-4, "{f}");
        let f = force_of(SC, &hand_agents(&[((100.0, 100.0), (40.0, 30.0))]), 0);
        assert!((f - Vec2::new(-120.0, -30.0)).length() < 1e-4, "{f}");
    }

    /// At 99 px the agent flees; at 101 px (outside the panic radius) it ignores the threat.
    #[test]
    fn ignores_the_threat_outside_the_panic_radius() {
        let f = force_of(SC, &hand_agents(&[((150.0, 199.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(0.0, 80.0)).length() < 1e-4, "{f}");
        assert_eq!(force_of(SC, &hand_agents(&[((150.0, 201.0), (0.0, 0.0))]), 0), Vec2::ZERO);
    }

    /// The threat follows the pointer: dragged to the agent's left, the agent flees to the right.
    #[test]
    fn the_pointer_moves_the_threat() {
        let mut s = sim_with(SC, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), r#""interaction": "pointer""#);
        s.pointer_event(Pointer::Down(Vec2::new(200.0, 300.0)), true);
        s.pointer_event(Pointer::Move(Vec2::new(60.0, 100.0)), true);
        assert_eq!(s.state_json()["threat"], serde_json::json!([60.0, 100.0]));
        assert!((s.force_on(0) - Vec2::new(80.0, 0.0)).length() < 1e-4);
    }

    /// Exactly panic_radius (100) away the threat is ignored.
    #[test]
    fn the_panic_radius_is_exclusive() {
        assert_eq!(force_of(SC, &hand_agents(&[((150.0, 200.0), (0.0, 0.0))]), 0), Vec2::ZERO);
    }

    /// A click or a drag moves the threat (and says so); a move without a drag does not.
    #[test]
    fn only_clicks_and_drags_move_the_threat() {
        let mut s = sim_with(SC, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), r#""interaction": "pointer""#);
        assert!(!s.pointer_event(Pointer::Move(Vec2::new(10.0, 10.0)), false));
        assert_eq!(s.state_json()["threat"], serde_json::json!([150.0, 100.0]));
        assert!(s.pointer_event(Pointer::Move(Vec2::new(20.0, 10.0)), true));
        assert!(s.pointer_event(Pointer::Down(Vec2::new(30.0, 10.0)), false));
        assert_eq!(s.state_json()["threat"], serde_json::json!([30.0, 10.0]));
    }

    /// Agents 60, 100, 50 and 150 px from the threat (150, 100): two inside the panic radius (100 is
    /// not inside), four agents, the nearest 50 px away.
    #[test]
    fn readout_by_hand() {
        use crate::behaviours::Val;
        let agents = hand_agents(&[
            ((90.0, 100.0), (0.0, 0.0)),
            ((150.0, 200.0), (0.0, 0.0)),
            ((100.0, 100.0), (0.0, 0.0)),
            ((300.0, 100.0), (0.0, 0.0)),
        ]);
        let r = sim_with(SC, &agents, "").readout();
        assert_eq!(r.kind, "flee");
        assert_eq!(r.get("inside"), Some(Val::Int(2)));
        assert_eq!(r.get("agents"), Some(Val::Int(4)));
        assert_eq!(r.get("panic_radius"), Some(Val::Num(100.0, 0)));
        assert_eq!(r.get("nearest"), Some(Val::Num(50.0, 1)));
    }

    /// Under the agents: the threat at (200, 200), its panic radius 100 and a ring of 8. Over them,
    /// the steering of the agents inside the radius only: agent 0 at rest at (150, 200) is 50 px
    /// left of the threat and wants (−80, 0); agent 1 at (200, 300), exactly 100 away, is not
    /// inside (the radius is exclusive), nor is agent 2 at (300, 300). Nothing on the floor.
    #[test]
    fn draws_the_threat_and_the_steering_of_those_inside_by_hand() {
        use super::super::testing::{assert_drawn, drawn, steering, D};
        use crate::behaviours::Layer;
        use crate::draw::Style;
        let sc = r#"[{"type": "flee", "target": [200, 200], "panic_radius": 100}]"#;
        let agents =
            hand_agents(&[((150.0, 200.0), (0.0, 0.0)), ((200.0, 300.0), (0.0, 0.0)), ((300.0, 300.0), (0.0, 0.0))]);
        let s = sim_with(sc, &agents, "");
        let t = Vec2::new(200.0, 200.0);
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[(Style::PanicRadius, D::Circle(t, 100.0)), (Style::Pointer, D::Circle(t, 8.0))],
        );
        assert_drawn(&drawn(&s, Layer::Over), &steering(Vec2::new(150.0, 200.0), Vec2::ZERO, Vec2::new(-80.0, 0.0)));
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
    }
}
