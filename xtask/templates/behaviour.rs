//! __TITLE__: a new behaviour, written by `cargo xtask new-behaviour __ID__` as a working example
//! (seek towards a fixed target: `desired = normalize(target − position) · max_speed`,
//! `steer = limit(desired − velocity, max_force)`). Rewrite the force, the overlays, the readout,
//! the measures and the tests with the behaviour's own; docs/adding-a-behaviour.md lists every hook.

use super::{draw_steering, AgentStep, Behave, ForceCtx, Inst, Layer, Readout, Val, View};
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::json_path::vec2v;
use crate::setup::Setup;
use crate::steer::{desired_towards, steer_towards};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; }

fn d_target() -> [f32; 2] {
    [320.0, 200.0]
}

/// `{"type": "__ID__", "weight": 1, "target": [320, 200]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct __TYPE__ {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// The point the agents head for (world px).
    #[serde(default = "d_target")]
    pub target: [f32; 2],
}

impl __TYPE__ {
    fn target(&self) -> Vec2 {
        Vec2::from(self.target)
    }
}

/// The inspector's line of a __ID__ term (code, no words: a line with words is a `pseudo.__ID__.*` key).
pub fn lines(p: &mut super::Lines) {
    p.force("force = limit(normalize(target - self.position) * max_speed - velocity, max_force)")
}

impl Behave for __TYPE__ {
    const KIND: &'static str = "__ID__";
    /// Kept between steps for the whole scenario (`()`: nothing).
    type State = ();
    /// Kept for each agent (`()`: nothing).
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        lines(p)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    /// Every rule parsing cannot say, with the field's name (`behaviours[0].weight: must be >= 0, got -1`).
    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.point("target", self.target)
    }

    /// The force: replace this seek with the behaviour's own.
    fn force(&self, _: &(), _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        let me = a.agent;
        let to = ctx.world.delta(me.position, self.target());
        a.ctl.add("__ID__", self.weight, steer_towards(to, me));
    }

    /// Under the agents: the target. Over them: each agent's velocity, desired velocity and steer.
    fn draw(&self, _inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        let t = self.target();
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

    /// The line under the canvas (`readout.__ID__`; each item's meaning is `meaning.__ID__.<item>` or
    /// `meaning.<item>`): agent 0's distance to the target (px), speed (px/s) and steering (px/s²).
    fn readout(&self, _inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let a = v.agents.first()?;
        let to = v.world.delta(a.position, self.target());
        Some(
            Readout::new(Self::KIND)
                .with("distance", Val::Num(to.length() as f64, 1))
                .with("speed", Val::Num(a.speed() as f64, 1))
                .with("steer", Val::Num(steer_towards(to, a).length() as f64, 0)),
        )
    }

    /// The chart's measures (each id needs `chart.m.<id>`, `meaning.<id>` and `measure.<id>`):
    /// agent 0's distance to the target (px) and speed (px/s).
    fn measures(&self, _inst: &Inst<Self>, v: &View, out: &mut super::Measures) {
        let a = v.agents.first();
        out.push(("target_distance", a.map(|a| v.world.delta(a.position, self.target()).length())));
        out.push(("speed", a.map(|a| a.speed())));
    }

    /// `state().__ID___target`: under its own key (`state().target` is seek's and arrive's, which the
    /// code exporter reads as their target).
    fn report(&self, _inst: &Inst<Self>, _v: &View, state: &mut Value) {
        state["__ID___target"] = vec2v(self.target());
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_drawn, drawn, force_of, hand_agents, sim_with, steering, D};
    use crate::behaviours::Layer;
    use crate::draw::Style;
    use glam::Vec2;

    const SC: &str = r#"[{"type": "__ID__", "target": [250, 100]}]"#;

    /// At rest 150 px left of the target: desired (80, 0) (max_speed 80), steer = desired − 0.
    /// Moving at (0, 60): (80, 0) − (0, 60) = (80, −60), length 100 < max_force 192.
    #[test]
    fn steers_towards_the_target_by_hand() {
        let f = force_of(SC, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(80.0, 0.0)).length() < 1e-4, "{f}");
        let f = force_of(SC, &hand_agents(&[((100.0, 100.0), (0.0, 60.0))]), 0);
        assert!((f - Vec2::new(80.0, -60.0)).length() < 1e-4, "{f}");
    }

    /// Under the agents the target (a ring of 7, a dot of 2); over them agent 0's steering.
    #[test]
    fn draws_the_target_and_the_steering_by_hand() {
        let s = sim_with(SC, &hand_agents(&[((100.0, 100.0), (0.0, 60.0))]), "");
        let t = Vec2::new(250.0, 100.0);
        assert_drawn(&drawn(&s, Layer::Under), &[(Style::Goal, D::Circle(t, 7.0)), (Style::Goal, D::Disc(t, 2.0))]);
        let want = steering(Vec2::new(100.0, 100.0), Vec2::new(0.0, 60.0), Vec2::new(80.0, 0.0));
        assert_drawn(&drawn(&s, Layer::Over), &want);
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
    }
}
