//! Evade: flee where the hunter will be, not where it is. The prediction is
//! `hunter.position + hunter.velocity · T` with the look-ahead `T = distance / max_speed`, capped at
//! `max_prediction` seconds (`sim::steer::predict`), as in pursuit. The hunter (agent `hunter`)
//! seeks the nearest other agent at `hunter_speed`; the others evade it inside their panic radius
//! and wander at half their max speed outside it. A hunter within `catch_radius` of an agent
//! catches it and starts again far away.

use super::chase::{at_pace, draw_prediction, seen_from, One};
use super::wander::Angle;
use super::{AgentStep, Behave, ForceCtx, Inst, Layer, MoveCtx, Readout, Tint, Val, View};
use crate::agent::Agent;
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::json_path::vec2v;
use crate::setup::Setup;
use crate::steer::{evade, predict, seek, wander, WanderParams};
use crate::world::World;
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
    fn one(&self) -> One {
        One(self.hunter)
    }

    /// The hunter as agent `a` sees it (nearest image) and its predicted position, when it is
    /// inside `a`'s panic radius.
    fn threat(&self, world: &World, agents: &[Agent], a: &Agent) -> Option<(Vec2, Vec2)> {
        let h = agents.get(self.hunter)?;
        let d = world.delta(a.position, h.position);
        (d.length_squared() < self.panic_radius * self.panic_radius).then(|| {
            let hp = seen_from(world, a, h.position);
            (hp, predict(a, hp, h.velocity, self.max_prediction))
        })
    }
}

/// The inspector's line of an evade term.
pub fn lines(p: &mut super::Lines) {
    p.force("force = flee(agent, hunter.position + hunter.velocity * T)")
}

impl Behave for Evade {
    const KIND: &'static str = "evade";
    type State = Hunt;
    type PerAgent = Angle;

    /// Its evade, and without a hunter near its seek or wander.
    fn pseudo(&self, t: &crate::steer::Contribution, p: &mut super::Lines) {
        match t.rule {
            "seek" => super::seek::lines(p),
            "wander" => super::wander::lines(p),
            _ => lines(p),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn draws_random(&self) -> bool {
        true
    }

    fn validate(&self, c: &Check, sc: &Setup) -> Result<(), String> {
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
            if let Some(p) = self.one().nearest_other(ctx.world, ctx.agents) {
                let slow = at_pace(me, self.hunter_speed);
                a.ctl.add("seek", self.weight, seek(&slow, seen_from(ctx.world, me, p)));
            }
            a.tint(Tint::Set(Style::Leader));
        } else if self.threat(ctx.world, ctx.agents, me).is_some() {
            let hp = seen_from(ctx.world, me, h.position);
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
        if self.one().catch(m, self.catch_radius) {
            inst.state.caught += 1;
        }
    }

    /// Under the agents: each evader's panic radius. Over them, for an evader with the hunter
    /// inside it: the hunter's predicted position joined to the hunter (the look-ahead), and the
    /// evader's velocity, desired velocity away from the prediction and steer.
    fn draw(&self, _: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        for (_, a) in self.one().others(v.agents) {
            match (layer, self.threat(v.world, v.agents, a)) {
                (Layer::Under, _) => list.circle(Style::PanicRadius, a.position, self.panic_radius),
                (Layer::Over, Some((hp, p))) => draw_prediction(list, a, hp, p, a.position - p),
                _ => {}
            }
        }
    }

    /// The distance from the hunter to its nearest prey (px), how many agents are evading, how
    /// many catches.
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let h = v.agents.get(self.hunter)?;
        let d = self.one().nearest_other(v.world, v.agents).map(|p| v.world.delta(h.position, p).length());
        let evading = self.one().others(v.agents).filter(|(_, a)| self.threat(v.world, v.agents, a).is_some());
        Some(
            Readout::new(Self::KIND)
                .with("distance", d.map_or(Val::None, |d| Val::Num(d as f64, 1)))
                .with("evading", Val::Int(evading.count() as i64))
                .with("caught", Val::Int(inst.state.caught as i64)),
        )
    }

    /// The hunter's distance to its nearest prey (px) and the catches.
    fn measures(&self, inst: &Inst<Self>, v: &View, out: &mut super::Measures) {
        let d = v
            .agents
            .get(self.hunter)
            .and_then(|h| self.one().nearest_other(v.world, v.agents).map(|p| v.world.delta(h.position, p).length()));
        out.push(("prey_distance", d));
        out.push(("caught", Some(inst.state.caught as f32)));
    }

    /// `state().prediction` (the hunter's predicted position as the first evader sees it, when it
    /// is inside its panic radius), metrics `caught`.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        if let Some(a) = self.one().first_other(v.agents) {
            state["prediction"] = self.threat(v.world, v.agents, a).map(|(_, p)| vec2v(p)).into();
        }
        state["metrics"]["caught"] = inst.state.caught.into();
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents, sim_with};
    use crate::steer::Trace;
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

    use super::{Evade, Hunt};
    use crate::agent::Agent;
    use crate::behaviours::wander::Angle;
    use crate::behaviours::{Behave, Inst, MoveCtx, Val};
    use crate::scene::Scene;
    use crate::world::{Edges, World};

    /// Exactly panic_radius (150) away the hunter is not a threat. Calm, an agent at rest wanders at
    /// half its max speed: its wander force is 40 long whatever the direction.
    #[test]
    fn the_panic_radius_is_exclusive_and_calm_agents_wander_at_half_speed() {
        let edge = hand_agents(&[((100.0, 250.0), (48.0, 0.0)), ((100.0, 100.0), (0.0, 0.0))]);
        let mut t = Trace::default();
        sim_with(SC, &edge, "").trace(1, &mut t);
        assert_eq!((t.items.len(), t.items[0].rule), (1, "wander"));
        assert!((t.items[0].raw.length() - 40.0).abs() < 1e-3, "{:?}", t.items[0]);
    }

    /// post_move: a prey 9.9 px from the hunter (catch_radius 10) is caught and the hunter starts
    /// again at the spot of (80, 80), (320, 80), (80, 320), (320, 320) farthest from it; 10 px is safe.
    #[test]
    fn a_catch_by_hand() {
        let e: Evade = serde_json::from_str(r#"{"hunter": 0, "catch_radius": 10}"#).unwrap();
        let world = World::new(400.0, 400.0, Edges::Bounce);
        let run = |x: f32| {
            let at = |x: f32| Agent::new(Vec2::new(x, 100.0), Vec2::ZERO, 80.0, 192.0);
            let mut agents = [at(100.0), at(x)];
            let (mut scene, mut rng) = (Scene::default(), crate::rng::seeded(1));
            let mut inst = Inst::<Evade> { state: Hunt { caught: 3 }, agents: vec![Angle(0.0); 2] };
            let mut m =
                MoveCtx { world: &world, agents: &mut agents, scene: &mut scene, rng: &mut rng, now: 2.0, dt: 0.1 };
            e.post_move(&mut inst, &mut m);
            (inst.state.caught, agents[0].position)
        };
        assert_eq!(run(109.9), (4, Vec2::new(320.0, 320.0)));
        assert_eq!(run(110.0), (3, Vec2::new(100.0, 100.0)));
    }

    /// Hunter at (100, 100) moving (48, 0); agents 30 px, 100 px and 283 px away: the nearest prey
    /// is 30 px off, two agents are evading (inside 150 px). The first evader (30 px away: T = 30/80)
    /// sees the hunter at (100 + 48·0.375, 100) = (118, 100). When it is out of reach: no prediction.
    #[test]
    fn readout_and_report_by_hand() {
        let agents = hand_agents(&[
            ((100.0, 100.0), (48.0, 0.0)),
            ((100.0, 130.0), (0.0, 0.0)),
            ((300.0, 300.0), (0.0, 0.0)),
            ((100.0, 200.0), (0.0, 0.0)),
        ]);
        let mut s = sim_with(SC, &agents, "");
        s.behaviour_mut::<Evade>().unwrap().state.caught = 2;
        let r = s.readout();
        assert_eq!(r.kind, "evade");
        assert_eq!(r.get("distance"), Some(Val::Num(30.0, 1)));
        assert_eq!(r.get("evading"), Some(Val::Int(2)));
        assert_eq!(r.get("caught"), Some(Val::Int(2)));
        let st = s.state_json();
        assert_eq!(st["prediction"], serde_json::json!([118.0, 100.0]));
        assert_eq!(st["metrics"]["caught"], 2);
        let far = hand_agents(&[((100.0, 100.0), (48.0, 0.0)), ((300.0, 300.0), (0.0, 0.0))]);
        assert_eq!(sim_with(SC, &far, "").state_json()["prediction"], serde_json::Value::Null);
    }

    /// The force traced for an agent is the one the step applies: calm agents draw their wander's
    /// random numbers in agent order, so tracing agent 2 replays agent 1's draw first. (Hunter at
    /// (20, 20); the others 170 and 206 px away, outside its panic radius.)
    #[test]
    fn the_traced_forces_are_the_stepped_ones() {
        let agents =
            hand_agents(&[((20.0, 20.0), (0.0, 0.0)), ((300.0, 300.0), (10.0, 0.0)), ((320.0, 200.0), (0.0, 10.0))]);
        let mut s = sim_with(SC, &agents, "");
        let traced: Vec<Vec2> = (0..3).map(|i| s.force_on(i)).collect();
        s.step();
        assert_eq!(s.last_forces(), &traced[..]);
    }

    /// Under the agents: each evader's panic radius (150), none for the hunter 0. Over them, for
    /// the evader with the hunter inside its radius: the hunter (100, 180), moving (48, 0), is
    /// 80 px from agent 1 at (100, 100): T = 80/80 = 1 s, prediction (148, 180): a line from the
    /// hunter to it, a dot of 3.5 there, and agent 1's steering away from it, 80 · (−48, −80) /
    /// √8704. Agent 2 at (300, 300) is 233 px from the hunter: nothing over it. Nothing on the floor.
    #[test]
    fn draws_the_radii_the_prediction_and_the_steering_by_hand() {
        use super::super::testing::{assert_drawn, drawn, steering, D};
        use crate::behaviours::Layer;
        use crate::draw::Style;
        let agents =
            hand_agents(&[((100.0, 180.0), (48.0, 0.0)), ((100.0, 100.0), (0.0, 0.0)), ((300.0, 300.0), (0.0, 0.0))]);
        let s = sim_with(SC, &agents, "");
        let (a1, a2) = (Vec2::new(100.0, 100.0), Vec2::new(300.0, 300.0));
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[(Style::PanicRadius, D::Circle(a1, 150.0)), (Style::PanicRadius, D::Circle(a2, 150.0))],
        );
        let p = Vec2::new(148.0, 180.0);
        let mut want =
            vec![(Style::Prediction, D::Line(Vec2::new(100.0, 180.0), p)), (Style::Prediction, D::Disc(p, 3.5))];
        want.extend(steering(a1, Vec2::ZERO, Vec2::new(-48.0, -80.0) / 8704f32.sqrt() * 80.0));
        assert_drawn(&drawn(&s, Layer::Over), &want);
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
    }
}
