//! Evade: flee where the hunter will be, not where it is. The prediction is
//! `hunter.position + hunter.velocity · T` with the look-ahead `T = distance / max_speed`, capped at
//! `max_prediction` seconds (`sim::steer::predict`), as in pursuit. The hunter (agent `hunter`)
//! seeks the nearest other agent at `hunter_speed`; the others evade it inside their panic radius
//! and wander at half their max speed outside it. A hunter within `catch_radius` of an agent
//! catches it and starts again far away.

use super::wander::Angle;
use super::{draw_steering, far_from, AgentStep, Behave, ForceCtx, Inst, Layer, MoveCtx, Readout, Tint, Val, View};
use crate::sim::agent::Agent;
use crate::sim::draw::{DrawList, Style};
use crate::sim::report::vec2v;
use crate::sim::scenario::{Check, Scenario};
use crate::sim::steer::{desired_towards, evade, predict, seek, wander, WanderParams};
use crate::sim::world::World;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; d_max_prediction = 1.0; d_panic = 150.0; d_hunter_speed = 60.0; d_catch = 10.0; }

/// How an agent wanders while the hunter is outside its panic radius (at half its max speed).
pub const CALM_WANDER: WanderParams = WanderParams { radius: 24.0, distance: 48.0, jitter: 0.25 };

/// `{"type": "evade", "hunter": 0, "max_prediction": 1, "panic_radius": 150, "hunter_speed": 60}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Evade {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Index of the hunter among the agents; all the others evade it.
    #[serde(default)]
    pub hunter: usize,
    /// The cap of the look-ahead T (s); 0 makes evade plain flee.
    #[serde(default = "d_max_prediction")]
    pub max_prediction: f32,
    /// An agent farther than this from the hunter (px) ignores it and wanders.
    #[serde(default = "d_panic")]
    pub panic_radius: f32,
    /// The hunter's speed (px/s; capped by `motion.max_speed`).
    #[serde(default = "d_hunter_speed")]
    pub hunter_speed: f32,
    /// The hunter catches an agent this close (px).
    #[serde(default = "d_catch")]
    pub catch_radius: f32,
}

/// How many times the hunter caught someone.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hunt {
    pub caught: u32,
}

impl Evade {
    /// The hunter as agent `a` sees it (nearest image) and its predicted position, when it is
    /// inside `a`'s panic radius.
    fn threat(&self, world: &World, agents: &[Agent], a: &Agent) -> Option<(Vec2, Vec2)> {
        let h = agents.get(self.hunter)?;
        let d = world.delta(a.position, h.position);
        (d.length_squared() < self.panic_radius * self.panic_radius).then(|| {
            let hp = a.position + d;
            (hp, predict(a, hp, h.velocity, self.max_prediction))
        })
    }
}

impl Behave for Evade {
    const KIND: &'static str = "evade";
    type State = Hunt;
    type PerAgent = Angle;

    fn weight(&self) -> f32 {
        self.weight
    }

    fn draws_random(&self) -> bool {
        true
    }

    fn validate(&self, c: &Check, sc: &Scenario) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        super::check_agent(c, "hunter", self.hunter, sc)?;
        c.non_negative("max_prediction", self.max_prediction)?;
        c.positive("panic_radius", self.panic_radius)?;
        c.positive("hunter_speed", self.hunter_speed)?;
        c.non_negative("catch_radius", self.catch_radius)
    }

    fn force(&self, _: &Hunt, angle: &mut Angle, ctx: &ForceCtx, a: &mut AgentStep) {
        let Some(h) = ctx.agents.get(self.hunter) else { return };
        let me = a.agent;
        if a.i == self.hunter {
            let prey = nearest_other(ctx.world, ctx.agents, self.hunter);
            if let Some(p) = prey {
                let mut slow = *me;
                slow.max_speed = self.hunter_speed.min(me.max_speed);
                a.ctl.add("seek", self.weight, seek(&slow, me.position + ctx.world.delta(me.position, p)));
            }
            a.tint(Tint::Set(Style::Leader));
        } else if self.threat(ctx.world, ctx.agents, me).is_some() {
            let hp = me.position + ctx.world.delta(me.position, h.position);
            a.ctl.add("evade", self.weight, evade(me, hp, h.velocity, self.max_prediction));
            a.tint(Tint::Set(Style::Evading));
        } else {
            let mut calm = *me;
            calm.max_speed = me.max_speed * 0.5;
            let (f, _) = wander(&calm, &mut angle.0, &CALM_WANDER, a.rng);
            a.ctl.add("wander", self.weight, f);
        }
    }

    /// A catch: count it; the hunter starts again far from its prey.
    fn post_move(&self, inst: &mut Inst<Self>, m: &mut MoveCtx) {
        let Some(h) = m.agents.get(self.hunter).copied() else { return };
        let r2 = self.catch_radius * self.catch_radius;
        let prey = m
            .agents
            .iter()
            .enumerate()
            .find(|&(i, a)| i != self.hunter && m.world.distance_squared(a.position, h.position) < r2);
        if let Some((_, p)) = prey {
            inst.state.caught += 1;
            m.agents[self.hunter].position = far_from(m.world, p.position);
        }
    }

    /// Under the agents: each evader's panic radius. Over them, for an evader with the hunter
    /// inside it: the hunter's predicted position joined to the hunter (the look-ahead), and the
    /// evader's velocity, desired velocity away from the prediction and steer.
    fn draw(&self, _: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        for (i, a) in v.agents.iter().enumerate() {
            if i == self.hunter {
                continue;
            }
            match (layer, self.threat(v.world, v.agents, a)) {
                (Layer::Under, _) => list.circle(Style::PanicRadius, a.position, self.panic_radius),
                (Layer::Over, Some((hp, p))) => {
                    list.line(Style::Prediction, hp, p);
                    list.disc(Style::Prediction, p, 3.5);
                    draw_steering(list, a, desired_towards(a.position - p, a));
                }
                _ => {}
            }
        }
    }

    /// The distance from the hunter to its nearest prey (px), how many agents are evading, how
    /// many catches.
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let h = v.agents.get(self.hunter)?;
        let d = nearest_other(v.world, v.agents, self.hunter).map(|p| v.world.delta(h.position, p).length());
        let evading = v
            .agents
            .iter()
            .enumerate()
            .filter(|&(i, a)| i != self.hunter && self.threat(v.world, v.agents, a).is_some());
        Some(
            Readout::new("evade")
                .with("distance", d.map_or(Val::None, |d| Val::Num(d as f64, 1)))
                .with("evading", Val::Int(evading.count() as i64))
                .with("caught", Val::Int(inst.state.caught as i64)),
        )
    }

    /// `state().prediction` (the hunter's predicted position as the first evader sees it, when it
    /// is inside its panic radius), metrics `caught`.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        if let Some((_, a)) = v.agents.iter().enumerate().find(|&(i, _)| i != self.hunter) {
            state["prediction"] = self.threat(v.world, v.agents, a).map(|(_, p)| vec2v(p)).into();
        }
        state["metrics"]["caught"] = inst.state.caught.into();
    }
}

/// The position of the agent nearest to agent `me` (not `me`).
fn nearest_other(world: &World, agents: &[Agent], me: usize) -> Option<Vec2> {
    let p = agents.get(me)?.position;
    let d2 = |a: &Agent| world.distance_squared(a.position, p);
    let others = agents.iter().enumerate().filter(|&(i, _)| i != me).map(|(_, a)| a);
    others.min_by(|a, b| d2(a).total_cmp(&d2(b))).map(|a| a.position)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents, sim_with};
    use crate::sim::steer::Trace;
    use glam::Vec2;

    const SC: &str =
        r#"[{"type": "evade", "hunter": 0, "max_prediction": 1, "panic_radius": 150, "hunter_speed": 60}]"#;

    /// Hunter 80 px below, moving +x at 48 px/s: T = 80 / 80 = 1 s, prediction (148, 180); the
    /// evader at rest flees it: 80 · (−48, −80) / 93.30 = (−41.16, −68.60) — away from where the
    /// hunter will be, so back and to the left, not straight up as flee would.
    #[test]
    fn flees_the_predicted_position_by_hand() {
        let agents = hand_agents(&[((100.0, 180.0), (48.0, 0.0)), ((100.0, 100.0), (0.0, 0.0))]);
        let f = force_of(SC, &agents, 1);
        assert!((f - Vec2::new(-41.16, -68.60)).length() < 0.01, "{f}");
        // The hunter seeks its prey at 60 px/s: desired (0, −60) − (48, 0).
        let f = force_of(SC, &agents, 0);
        assert!((f - Vec2::new(-48.0, -60.0)).length() < 1e-3, "{f}");
    }

    /// Outside the panic radius the evader does not evade: its only force is its wander.
    #[test]
    fn ignores_the_hunter_outside_the_panic_radius() {
        let near = hand_agents(&[((100.0, 249.0), (48.0, 0.0)), ((100.0, 100.0), (0.0, 0.0))]);
        let far = hand_agents(&[((100.0, 251.0), (48.0, 0.0)), ((100.0, 100.0), (0.0, 0.0))]);
        let rules = |agents: &str| {
            let mut t = Trace::default();
            sim_with(SC, agents, "").trace(1, &mut t);
            t.items.iter().map(|c| c.rule).collect::<Vec<_>>()
        };
        assert_eq!(rules(&near), ["evade"]);
        assert_eq!(rules(&far), ["wander"]);
    }
}
