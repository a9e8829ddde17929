//! Pursuit: seek where the quarry will be, not where it is. The prediction is
//! `quarry.position + quarry.velocity · T` with the look-ahead `T = distance / max_speed`, capped at
//! `max_prediction` seconds (`sim::steer::predict`); with `max_prediction` 0 pursuit is seek. The
//! quarry (agent `quarry`) wanders, or goes straight, at `quarry_speed`; every other agent pursues
//! it. A pursuer within `catch_radius` catches it, and the quarry starts again far away.

use super::chase::{at_pace, draw_prediction, seen_from, One};
use super::wander::Angle;
use super::{AgentStep, Behave, ForceCtx, Inst, Layer, MoveCtx, Readout, Tint, Val, View};
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::json_path::{f32v, vec2v};
use crate::setup::Setup;
use crate::steer::{predict, pursuit, steer_towards, wander, WanderParams};
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; d_max_prediction = 2.0; d_quarry_speed = 50.0; d_catch = 10.0; }

/// The quarry's wander: a gentle one, so that its path is easy to read.
pub const QUARRY_WANDER: WanderParams = WanderParams { radius: 24.0, distance: 48.0, jitter: 0.25 };

/// `{"type": "pursuit", "quarry": 0, "max_prediction": 2, "quarry_speed": 50, "quarry_wander": true}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Pursuit {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Index of the quarry among the agents; all the others pursue it.
    #[serde(default)]
    pub quarry: usize,
    /// The cap of the look-ahead T (s).
    #[serde(default = "d_max_prediction")]
    pub max_prediction: f32,
    /// The quarry's speed (px/s; capped by `motion.max_speed`).
    #[serde(default = "d_quarry_speed")]
    pub quarry_speed: f32,
    /// The quarry wanders (true) or keeps its heading (false: a straight line, bouncing off walls).
    #[serde(default = "super::d_true")]
    pub quarry_wander: bool,
    /// A pursuer this close to the quarry (px) catches it.
    #[serde(default = "d_catch")]
    pub catch_radius: f32,
}

/// Catches so far, and when the current chase began (simulated seconds).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chase {
    pub catches: u32,
    /// Sum of the chases' durations (s).
    pub total: f64,
    pub since: f64,
}

impl Chase {
    /// Mean duration of a chase that ended in a catch (s).
    pub fn mean(&self) -> Option<f64> {
        (self.catches > 0).then(|| self.total / self.catches as f64)
    }
}

impl Behave for Pursuit {
    const KIND: &'static str = "pursuit";
    type State = Chase;
    type PerAgent = Angle;

    /// Its pursuit, and without a quarry in sight its wander or cruise.
    fn pseudo(&self, t: &crate::steer::Contribution, p: &mut super::Lines) {
        match t.rule {
            "wander" => super::wander::lines(p),
            "cruise" => p.force("force = limit(heading * max_speed - velocity, max_force)"),
            _ => p.force("force = seek(agent, quarry.position + quarry.velocity * T)"),
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
        super::check_agent(c, "quarry", self.quarry, sc)?;
        c.non_negative("max_prediction", self.max_prediction)?;
        c.positive("quarry_speed", self.quarry_speed)?;
        c.non_negative("catch_radius", self.catch_radius)
    }

    fn force(&self, _: &Chase, angle: &mut Angle, ctx: &ForceCtx, a: &mut AgentStep) {
        let Some(q) = ctx.agents.get(self.quarry) else { return };
        let me = a.agent;
        if a.i == self.quarry {
            let slow = at_pace(me, self.quarry_speed);
            if self.quarry_wander {
                let (f, _) = wander(&slow, &mut angle.0, &QUARRY_WANDER, a.rng);
                a.ctl.add("wander", self.weight, f);
            } else {
                a.ctl.add("cruise", self.weight, steer_towards(me.heading, &slow));
            }
            a.tint(Tint::Set(Style::Evading));
        } else {
            let qp = seen_from(ctx.world, me, q.position);
            a.ctl.add("pursuit", self.weight, pursuit(me, qp, q.velocity, self.max_prediction));
        }
    }

    /// A catch: count it, and the quarry starts again far from the pursuer that caught it.
    fn post_move(&self, inst: &mut Inst<Self>, m: &mut MoveCtx) {
        if One(self.quarry).catch(m, self.catch_radius) {
            let st = &mut inst.state;
            st.catches += 1;
            st.total += m.now - st.since;
            st.since = m.now;
        }
    }

    /// Over the agents: for each pursuer, the quarry's predicted position joined to the quarry (the
    /// look-ahead), and the pursuer's velocity, desired velocity towards the prediction and steer.
    fn draw(&self, _: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        let Some(q) = v.agents.get(self.quarry) else { return };
        if layer != Layer::Over {
            return;
        }
        for (_, a) in One(self.quarry).others(v.agents) {
            let qp = seen_from(v.world, a, q.position);
            let p = predict(a, qp, q.velocity, self.max_prediction);
            draw_prediction(list, a, qp, p, p - a.position);
        }
    }

    /// The first pursuer's look-ahead T (s), the catches and the mean time to a catch (s).
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let t = self.look_ahead(v)?;
        Some(
            Readout::new(Self::KIND)
                .with("look_ahead", Val::Num(t as f64, 2))
                .with("catches", Val::Int(inst.state.catches as i64))
                .with("mean_time", inst.state.mean().map_or(Val::None, |m| Val::Num(m, 1))),
        )
    }

    /// The first pursuer's distance to the quarry (px), the catches and the mean time to a catch (s).
    fn measures(&self, inst: &Inst<Self>, v: &View, out: &mut super::Measures) {
        let q = v.agents.get(self.quarry);
        let a = One(self.quarry).first_other(v.agents);
        let d = q.zip(a).map(|(q, a)| v.world.delta(a.position, q.position).length());
        out.push(("quarry_distance", d));
        out.push(("catches", Some(inst.state.catches as f32)));
        out.push(("mean_catch_time", inst.state.mean().map(|m| m as f32)));
    }

    /// `state().prediction` (the first pursuer's), metrics `catches`, `mean_catch_time`, `look_ahead`.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        let Some(q) = v.agents.get(self.quarry) else { return };
        if let Some(a) = One(self.quarry).first_other(v.agents) {
            let qp = seen_from(v.world, a, q.position);
            state["prediction"] = vec2v(predict(a, qp, q.velocity, self.max_prediction));
        }
        let m = &mut state["metrics"];
        m["catches"] = inst.state.catches.into();
        m["mean_catch_time"] = inst.state.mean().into();
        m["look_ahead"] = self.look_ahead(v).map_or(Value::Null, f32v);
    }
}

impl Pursuit {
    /// The first pursuer's look-ahead `T = min(distance / max_speed, max_prediction)`.
    fn look_ahead(&self, v: &View) -> Option<f32> {
        let q = v.agents.get(self.quarry)?;
        let a = One(self.quarry).first_other(v.agents)?;
        let d = v.world.delta(a.position, q.position).length();
        Some(if a.max_speed > 0.0 { (d / a.max_speed).min(self.max_prediction) } else { 0.0 })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents, sim_in};
    use super::*;
    use glam::Vec2;

    /// Quarry 80 px below the pursuer, moving +x at 48 px/s. T = 80 / 80 = 1 s (under the cap of
    /// 2 s): the prediction is (148, 180), 48 px ahead of the quarry; the pursuer at rest steers
    /// straight at it: 80 · (48, 80) / 93.30 = (41.16, 68.60). With the cap at 0.5 s: prediction
    /// (124, 180), desired 80 · (24, 80) / 83.52 = (22.99, 76.62). With 0: seek, (0, 80).
    #[test]
    fn seeks_the_predicted_position_by_hand() {
        let agents = hand_agents(&[((100.0, 180.0), (48.0, 0.0)), ((100.0, 100.0), (0.0, 0.0))]);
        let sc = |cap: f32| {
            format!(r#"[{{"type": "pursuit", "quarry": 0, "quarry_wander": false, "max_prediction": {cap}}}]"#)
        };
        let f = force_of(&sc(2.0), &agents, 1);
        assert!((f - Vec2::new(41.16, 68.60)).length() < 0.01, "{f}");
        let f = force_of(&sc(0.5), &agents, 1);
        assert!((f - Vec2::new(22.99, 76.62)).length() < 0.01, "{f}");
        let f = force_of(&sc(0.0), &agents, 1);
        assert!((f - Vec2::new(0.0, 80.0)).length() < 1e-4, "{f}");
        // The quarry keeps its heading at quarry_speed 50: desired (50, 0) − (48, 0) = (2, 0).
        let f = force_of(&sc(2.0), &agents, 0);
        assert!((f - Vec2::new(2.0, 0.0)).length() < 1e-4, "{f}");
    }

    /// Seconds until the first catch of a quarry going straight along y = 340 at 50 px/s from
    /// (60, 340), by a pursuer starting at rest at (320, 40), with this look-ahead cap.
    fn time_to_catch(max_prediction: f32) -> f64 {
        let sc = format!(
            r#"[{{"type": "pursuit", "quarry": 0, "quarry_wander": false, "quarry_speed": 50, "max_prediction": {max_prediction}}}]"#
        );
        let agents = hand_agents(&[((60.0, 340.0), (50.0, 0.0)), ((320.0, 40.0), (0.0, 0.0))]);
        let mut s = sim_in(&sc, &agents, "", r#"{"width": 640, "height": 400, "edges": "bounce"}"#);
        for _ in 0..60 * 60 {
            s.step();
            if let Some(t) = s.behaviour::<Pursuit>().unwrap().state.mean() {
                return t;
            }
        }
        panic!("no catch in 60 s with max_prediction {max_prediction}");
    }

    /// Issue 24's "done when": pursuit catches a straight-moving quarry sooner than seek does
    /// (max_prediction 0 is seek: the pursuer aims at where the quarry is).
    #[test]
    fn pursuit_catches_a_straight_moving_quarry_sooner_than_seek() {
        let (pursuit, seek) = (time_to_catch(2.0), time_to_catch(0.0));
        println!("time to catch: pursuit {pursuit:.2} s, seek {seek:.2} s");
        assert!(pursuit < seek * 0.9, "pursuit {pursuit} s, seek {seek} s");
    }

    /// The quarry must be one of the agents (and evade's hunter likewise).
    #[test]
    fn the_quarry_and_the_hunter_must_name_an_agent() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((105.0, 100.0), (0.0, 0.0))]);
        let world = r#""world": {"width": 400, "height": 400}"#;
        for (b, msg) in [
            (r#"{"type": "pursuit", "quarry": 5}"#, "behaviours[0].quarry: no agent 5 (there are 2)"),
            (r#"{"type": "evade", "hunter": 2}"#, "behaviours[0].hunter: no agent 2 (there are 2)"),
        ] {
            let text = format!(r#"{{"name": "t", {world}, "agents": {agents}, "behaviours": [{b}]}}"#);
            assert_eq!(crate::Sim::from_json(&text).err().map(|e| e.to_string()).as_deref(), Some(msg));
        }
    }

    /// After a catch the quarry starts again far from its catcher, and the count goes up.
    #[test]
    fn a_catch_is_counted_and_the_quarry_starts_again_far_away() {
        let sc = r#"[{"type": "pursuit", "quarry": 0, "quarry_wander": false, "catch_radius": 10}]"#;
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((105.0, 100.0), (0.0, 0.0))]);
        let mut s = sim_in(sc, &agents, "", r#"{"width": 400, "height": 400, "edges": "bounce"}"#);
        s.step();
        let st = &s.behaviour::<Pursuit>().unwrap().state;
        assert_eq!(st.catches, 1);
        // Of (80, 80), (320, 80), (80, 320), (320, 320), the farthest from the catcher near (105, 100).
        assert_eq!(s.agents()[0].position, Vec2::new(320.0, 320.0));
    }

    use crate::agent::Agent;
    use crate::behaviours::Val;
    use crate::scene::Scene;
    use crate::world::{Edges, World};

    #[test]
    fn the_mean_chase_by_hand() {
        assert_eq!(Chase { catches: 0, total: 3.0, since: 1.0 }.mean(), None);
        assert_eq!(Chase { catches: 4, total: 10.0, since: 1.0 }.mean(), Some(2.5));
    }

    /// post_move at 2 s with one catch so far (0.5 s of chase, the current one since 0.25 s): a
    /// pursuer 9.9 px from the quarry (catch_radius 10) catches it — two catches, 0.5 + 1.75 s, the
    /// next chase from 2 s, the quarry moved to the spot of (80, 80), (320, 80), (80, 320), (320,
    /// 320) farthest from the catcher; at exactly 10 px nothing happens.
    #[test]
    fn a_catch_by_hand() {
        let p: Pursuit = serde_json::from_str(r#"{"quarry": 0, "catch_radius": 10}"#).unwrap();
        let world = World::new(400.0, 400.0, Edges::Bounce);
        let run = |x: f32| {
            let at = |x: f32| Agent::new(Vec2::new(x, 100.0), Vec2::ZERO, 80.0, 192.0);
            let mut agents = [at(100.0), at(x)];
            let (mut scene, mut rng) = (Scene::default(), crate::rng::seeded(1));
            let mut inst =
                Inst::<Pursuit> { state: Chase { catches: 1, total: 0.5, since: 0.25 }, agents: vec![Angle(0.0); 2] };
            let mut m =
                MoveCtx { world: &world, agents: &mut agents, scene: &mut scene, rng: &mut rng, now: 2.0, dt: 0.1 };
            p.post_move(&mut inst, &mut m);
            (inst.state, agents[0].position)
        };
        assert_eq!(run(109.9), (Chase { catches: 2, total: 2.25, since: 2.0 }, Vec2::new(320.0, 320.0)));
        assert_eq!(run(110.0), (Chase { catches: 1, total: 0.5, since: 0.25 }, Vec2::new(100.0, 100.0)));
    }

    /// Pursuer (agent 0) at rest at (100, 100), quarry (agent 1) 80 px below moving (48, 0): T = 80/80
    /// = 1 s, prediction (148, 180); two catches in 5 s, 2.5 s each. With the cap at 0.5 s, T = 0.5;
    /// before any catch, no mean.
    #[test]
    fn readout_and_report_by_hand() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((100.0, 180.0), (48.0, 0.0))]);
        let sc = |cap: f32| format!(r#"[{{"type": "pursuit", "quarry": 1, "max_prediction": {cap}}}]"#);
        let mut s = sim_in(&sc(2.0), &agents, "", r#"{"width": 400, "height": 400}"#);
        s.behaviour_mut::<Pursuit>().unwrap().state = Chase { catches: 2, total: 5.0, since: 0.0 };
        let r = s.readout();
        assert_eq!(r.kind, "pursuit");
        assert_eq!(r.get("look_ahead"), Some(Val::Num(1.0, 2)));
        assert_eq!(r.get("catches"), Some(Val::Int(2)));
        assert_eq!(r.get("mean_time"), Some(Val::Num(2.5, 1)));
        let st = s.state_json();
        assert_eq!(st["prediction"], serde_json::json!([148.0, 180.0]));
        let m = &st["metrics"];
        assert_eq!((&m["catches"], &m["mean_catch_time"], &m["look_ahead"]), (&2.into(), &2.5.into(), &1.0.into()));
        let s = sim_in(&sc(0.5), &agents, "", r#"{"width": 400, "height": 400}"#);
        let r = s.readout();
        assert_eq!((r.get("look_ahead"), r.get("mean_time")), (Some(Val::Num(0.5, 2)), Some(Val::None)));
        assert_eq!(s.state_json()["metrics"]["mean_catch_time"], Value::Null);
        // A pursuer that may not move looks no time ahead.
        let still =
            [Agent::new(Vec2::ZERO, Vec2::ZERO, 0.0, 192.0), Agent::new(Vec2::new(0.0, 80.0), Vec2::ZERO, 80.0, 192.0)];
        let p = <Pursuit as crate::behaviours::Registered>::first(&s.scenario().behaviours).unwrap();
        let t = s.with_view(|v| p.look_ahead(&View { agents: &still, ..*v }));
        assert_eq!(t, Some(0.0));
    }

    /// With another random behaviour (wander) the quarry's own wander draws count too: the forces
    /// traced are the ones the step applies (tracing replays the quarry's draws first).
    #[test]
    fn the_traced_forces_are_the_stepped_ones() {
        let sc = r#"[{"type": "pursuit", "quarry": 0}, {"type": "wander", "weight": 0.5}]"#;
        let agents =
            hand_agents(&[((200.0, 200.0), (40.0, 0.0)), ((100.0, 300.0), (0.0, 10.0)), ((300.0, 100.0), (10.0, 0.0))]);
        let mut s = sim_in(sc, &agents, "", r#"{"width": 400, "height": 400}"#);
        let traced: Vec<Vec2> = (0..3).map(|i| s.force_on(i)).collect();
        s.step();
        assert_eq!(s.last_forces(), &traced[..]);
    }

    /// Over the agents, for each pursuer (not the quarry 0 at (100, 180) moving (48, 0)): the
    /// quarry as it sees it joined to its prediction, a dot of 3.5 there, and its steering towards
    /// the prediction. Pursuer 1 at (100, 100) is 80 px away: T = 1 s, prediction (148, 180),
    /// desired 80 · (48, 80) / √8704. Pursuer 2 at (390, 180) sees the quarry across the seam of
    /// the 400 px wrapping world at (500, 180), 110 px to its right: T = 110/80 = 1.375 s,
    /// prediction (566, 180), desired (80, 0). Nothing under the agents or on the floor.
    #[test]
    fn draws_each_pursuers_prediction_and_steering_by_hand() {
        use super::super::testing::{assert_drawn, drawn, sim_with, steering, D};
        use crate::draw::Style;
        let sc = r#"[{"type": "pursuit", "quarry": 0, "quarry_wander": false, "max_prediction": 2}]"#;
        let agents =
            hand_agents(&[((100.0, 180.0), (48.0, 0.0)), ((100.0, 100.0), (0.0, 0.0)), ((390.0, 180.0), (0.0, 0.0))]);
        let s = sim_with(sc, &agents, "");
        let (p1, p2) = (Vec2::new(148.0, 180.0), Vec2::new(566.0, 180.0));
        let mut want =
            vec![(Style::Prediction, D::Line(Vec2::new(100.0, 180.0), p1)), (Style::Prediction, D::Disc(p1, 3.5))];
        want.extend(steering(Vec2::new(100.0, 100.0), Vec2::ZERO, Vec2::new(48.0, 80.0) / 8704f32.sqrt() * 80.0));
        want.extend([(Style::Prediction, D::Line(Vec2::new(500.0, 180.0), p2)), (Style::Prediction, D::Disc(p2, 3.5))]);
        want.extend(steering(Vec2::new(390.0, 180.0), Vec2::ZERO, Vec2::new(80.0, 0.0)));
        assert_drawn(&drawn(&s, Layer::Over), &want);
        assert_drawn(&drawn(&s, Layer::Under), &[]);
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
    }
}
