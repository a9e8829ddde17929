//! Obstacle avoidance with a feeler (Reynolds' collision avoidance, as Bevilacqua draws it): the
//! agent looks `look_ahead · speed / max_speed` px ahead along its heading. An obstacle is a threat
//! when the feeler passes within `radius + clearance` of its centre; the most threatening is the
//! nearest along the feeler. Its answer is a lateral force, perpendicular to the heading and away
//! from the obstacle's side, `max_force · (radius + clearance − |offset|) / (radius + clearance)`
//! (full for an obstacle dead ahead, which is passed on the side of the heading's normal
//! `(−heading.y, heading.x)`; nothing for one the feeler only grazes). Obstacles are the
//! scenario's circles plus those placed by click (the playground's radial push, `avoid_obstacles`,
//! is a different method).

use super::{AgentStep, Behave, ForceCtx, Inst, Layer, Readout, Tint, Val, View};
use crate::agent::Agent;
use crate::check::Check;
use crate::draw::FORCE_SCALE;
use crate::draw::{DrawList, Style};
use crate::json_path::f32v;
use crate::num::clamp;
use crate::setup::Setup;
use crate::steer::truncate;
use crate::world::World;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 2.0; d_look_ahead = 70.0; d_clearance = 6.0; }

/// `{"type": "obstacle_avoidance", "weight": 2, "look_ahead": 70, "clearance": 6}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ObstacleAvoidance {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// The feeler's length at full speed (px); it shrinks with the speed.
    #[serde(default = "d_look_ahead")]
    pub look_ahead: f32,
    /// How far from an obstacle's surface the agent wants to pass (px; about its own half-width).
    #[serde(default = "d_clearance")]
    pub clearance: f32,
}

/// The most threatening obstacle on an agent's feeler.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threat {
    /// Its centre, as the agent sees it (nearest image in a wrapping world), and radius.
    pub center: Vec2,
    pub radius: f32,
    /// How far ahead along the heading its centre is (px).
    pub along: f32,
    /// The lateral force (before the weight).
    pub force: Vec2,
}

impl ObstacleAvoidance {
    /// The feeler: from the agent along its heading, `look_ahead` long at full speed.
    pub fn feeler(&self, a: &Agent) -> Vec2 {
        let k = if a.max_speed > 0.0 { (a.speed() / a.max_speed).min(1.0) } else { 0.0 };
        a.heading * self.look_ahead * k
    }

    /// The most threatening obstacle for agent `a`, and the lateral force it calls for.
    pub fn threat(&self, world: &World, obstacles: &[(Vec2, f32)], a: &Agent) -> Option<Threat> {
        let h = a.heading;
        let left = Vec2::new(-h.y, h.x);
        let len = self.feeler(a).length();
        let mut best: Option<(Threat, f32)> = None;
        for &(c, r) in obstacles {
            let d = world.delta(a.position, c);
            let along = d.dot(h);
            if along <= 0.0 {
                continue;
            }
            let reach = r + self.clearance;
            // The feeler's closest point to the centre.
            if (d - h * along.min(len)).length_squared() >= reach * reach {
                continue;
            }
            if best.is_none_or(|(b, _)| along < b.along) {
                let lateral = d.dot(left);
                let t = Threat { center: a.position + d, radius: r, along, force: Vec2::ZERO };
                best = Some((t, lateral));
            }
        }
        best.map(|(mut t, lateral)| {
            // Away from the side the obstacle is on; dead ahead, along the normal `left`.
            let away = if lateral > 0.0 { -left } else { left };
            let reach = t.radius + self.clearance;
            t.force = away * a.max_force * clamp((reach - lateral.abs()) / reach, 0.0, 1.0);
            t
        })
    }
}

impl Behave for ObstacleAvoidance {
    const KIND: &'static str = "obstacle_avoidance";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        p.force_words("pseudo.obstacle_avoidance.force");
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.non_negative("look_ahead", self.look_ahead)?;
        c.non_negative("clearance", self.clearance)
    }

    fn force(&self, _: &(), _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        if let Some(t) = self.threat(ctx.world, &ctx.scene.obstacles, a.agent) {
            a.ctl.add("obstacle_avoidance", self.weight, t.force);
            a.tint(Tint::Set(Style::Braking));
        }
    }

    /// Over the agents, for each: its feeler (red when it touches an obstacle), the most
    /// threatening obstacle ringed, and the lateral force (weighted, limited to max_force).
    fn draw(&self, _: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        if layer != Layer::Over {
            return;
        }
        for a in v.agents {
            let tip = a.position + self.feeler(a);
            match self.threat(v.world, &v.scene.obstacles, a) {
                Some(t) => {
                    list.line(Style::FeelerHit, a.position, tip);
                    list.circle(Style::Threat, t.center, t.radius + 3.0);
                    let f = truncate(t.force * self.weight, a.max_force) * FORCE_SCALE;
                    list.arrow(Style::SteerForce, a.position, a.position + f);
                }
                None => list.line(Style::Feeler, a.position, tip),
            }
        }
    }

    /// Obstacles, agents steering around one now, and the closest any agent is to an obstacle's
    /// surface (px; negative: inside).
    fn readout(&self, _: &Inst<Self>, v: &View) -> Option<Readout> {
        let avoiding = v.agents.iter().filter(|a| self.threat(v.world, &v.scene.obstacles, a).is_some()).count();
        Some(
            Readout::new(Self::KIND)
                .with("obstacles", Val::Int(v.scene.obstacles.len() as i64))
                .with("avoiding", Val::Int(avoiding as i64))
                .with("closest", closest(v).map_or(Val::None, |d| Val::Num(d as f64, 1))),
        )
    }

    /// Metrics `avoiding` and `closest_approach` (px from an obstacle's surface; negative: inside).
    fn report(&self, _: &Inst<Self>, v: &View, state: &mut Value) {
        let avoiding = v.agents.iter().filter(|a| self.threat(v.world, &v.scene.obstacles, a).is_some()).count();
        state["metrics"]["avoiding"] = avoiding.into();
        state["metrics"]["closest_approach"] = closest(v).map_or(Value::Null, f32v);
    }
}

/// The smallest distance from an agent to an obstacle's surface (negative: inside one).
fn closest(v: &View) -> Option<f32> {
    let gaps = v.agents.iter().flat_map(|a| v.scene.obstacles.iter().map(move |&(c, r)| (a, c, r)));
    gaps.map(|(a, c, r)| v.world.delta(a.position, c).length() - r).reduce(f32::min)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_with_scene, hand_agents, sim_in};
    use glam::Vec2;

    const SC: &str = r#"[{"type": "obstacle_avoidance", "weight": 1, "look_ahead": 60, "clearance": 6}]"#;

    /// Full speed +x at (100, 100): the feeler is 60 px long. An obstacle of radius 20 at
    /// (140, 110) is 40 px ahead and 10 px to the agent's right (+y), within 20 + 6 of the feeler:
    /// the push is to the left (−y), 192 · (26 − 10) / 26 = 118.15.
    #[test]
    fn pushes_sideways_away_from_the_obstacle_by_hand() {
        let agents = hand_agents(&[((100.0, 100.0), (80.0, 0.0))]);
        let f = force_with_scene(SC, &agents, 0, r#""obstacles": [{"center": [140, 110], "radius": 20}]"#);
        assert!((f - Vec2::new(0.0, -118.154)).length() < 1e-2, "{f}");
        // Mirrored: the obstacle on the left (−y), the push to the right.
        let f = force_with_scene(SC, &agents, 0, r#""obstacles": [{"center": [140, 90], "radius": 20}]"#);
        assert!((f - Vec2::new(0.0, 118.154)).length() < 1e-2, "{f}");
    }

    /// Out of reach (27 px off the feeler), behind the agent, or past the feeler's tip by more than
    /// radius + clearance: no force. At half speed the feeler is 30 px long, so an obstacle 40 px
    /// ahead and dead on the line (within 26 of the tip) still counts: full force, along the
    /// heading's normal (−heading.y, heading.x) = (0, 1); 57 px ahead it is out of reach.
    #[test]
    fn only_obstacles_on_the_feeler_count() {
        let agents = hand_agents(&[((100.0, 100.0), (80.0, 0.0))]);
        let ob = |c: &str| format!(r#""obstacles": [{{"center": {c}, "radius": 20}}]"#);
        assert_eq!(force_with_scene(SC, &agents, 0, &ob("[140, 127]")), Vec2::ZERO);
        assert_eq!(force_with_scene(SC, &agents, 0, &ob("[80, 100]")), Vec2::ZERO);
        assert_eq!(force_with_scene(SC, &agents, 0, &ob("[187, 100]")), Vec2::ZERO);
        let slow = hand_agents(&[((100.0, 100.0), (40.0, 0.0))]);
        let f = force_with_scene(SC, &slow, 0, &ob("[140, 100]"));
        assert!((f - Vec2::new(0.0, 192.0)).length() < 1e-3, "{f}");
        assert_eq!(force_with_scene(SC, &slow, 0, &ob("[157, 100]")), Vec2::ZERO);
    }

    /// Of two obstacles on the feeler, the nearer along it is the most threatening.
    #[test]
    fn the_nearest_obstacle_along_the_feeler_is_the_threat() {
        let agents = hand_agents(&[((100.0, 100.0), (80.0, 0.0))]);
        // Near one 10 px below the line (push −y), farther one 10 px above (push +y).
        let two = r#""obstacles": [{"center": [150, 90], "radius": 20}, {"center": [130, 110], "radius": 20}]"#;
        let f = force_with_scene(SC, &agents, 0, two);
        assert!((f - Vec2::new(0.0, -118.154)).length() < 1e-2, "{f}");
    }

    /// The closest an agent cruising at (60, y) towards an obstacle of radius 40 at (320, 200)
    /// comes to its surface, with this weight.
    fn closest_approach(weight: f32, y: f32) -> f32 {
        let sc = format!(r#"[{{"type": "obstacle_avoidance", "weight": {weight}, "look_ahead": 70, "clearance": 6}}]"#);
        let agents = hand_agents(&[((60.0, y), (80.0, 0.0))]);
        let world = r#"{"width": 640, "height": 400, "edges": "bounce"}"#;
        let mut s = sim_in(&sc, &agents, r#""obstacles": [{"center": [320, 200], "radius": 40}]"#, world);
        let mut min = f32::INFINITY;
        for _ in 0..6 * 60 {
            s.step();
            min = min.min((s.agents()[0].position - Vec2::new(320.0, 200.0)).length() - 40.0);
        }
        min
    }

    /// Heading straight at it, or a little off its centre, the agent goes round the obstacle
    /// without touching it; with the behaviour's weight at 0 it runs into it.
    #[test]
    fn an_agent_heading_for_an_obstacle_goes_round_it() {
        for y in [200.0, 212.0, 185.0] {
            let with = closest_approach(2.0, y);
            println!("y {y}: closest approach {with:.1} px");
            assert!(with > 0.0, "y {y}: went {} px into the obstacle", -with);
            assert!(closest_approach(0.0, y) < 0.0, "y {y}: without avoidance it should hit");
        }
    }

    fn oa() -> super::ObstacleAvoidance {
        serde_json::from_str(r#"{"look_ahead": 60, "clearance": 6}"#).unwrap()
    }

    /// The feeler is look_ahead (60) long at full speed along the heading, half as long at half
    /// speed, no longer above max_speed, and nothing for an agent that may not move.
    #[test]
    fn the_feeler_by_hand() {
        use crate::agent::Agent;
        let feeler = |v: f32, max_speed: f32| oa().feeler(&Agent::new(Vec2::ZERO, Vec2::new(0.0, v), max_speed, 192.0));
        assert_eq!(feeler(80.0, 80.0), Vec2::new(0.0, 60.0));
        assert_eq!(feeler(40.0, 80.0), Vec2::new(0.0, 30.0));
        assert_eq!(feeler(80.0, 40.0), Vec2::new(0.0, 60.0));
        assert_eq!(feeler(10.0, 0.0), Vec2::ZERO);
    }

    /// The threat as the agent sees it: at (390, 100) moving +x in a 400 px wrapping world, an obstacle
    /// of radius 20 at (10, 110) is 20 px ahead across the seam — centre (410, 110), along 20, 10 px
    /// to the right: push −y, 192·(26 − 10)/26. Of two obstacles equally far along, the first listed.
    #[test]
    fn the_threat_by_hand() {
        use super::Threat;
        use crate::agent::Agent;
        use crate::world::{Edges, World};
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let a = Agent::new(Vec2::new(390.0, 100.0), Vec2::new(80.0, 0.0), 80.0, 192.0);
        let t = oa().threat(&world, &[(Vec2::new(10.0, 110.0), 20.0)], &a).unwrap();
        let want = Threat { center: Vec2::new(410.0, 110.0), radius: 20.0, along: 20.0, force: Vec2::ZERO };
        assert_eq!(Threat { force: Vec2::ZERO, ..t }, want);
        assert!((t.force - Vec2::new(0.0, -192.0 * 16.0 / 26.0)).length() < 1e-3, "{t:?}");
        let two = [(Vec2::new(30.0, 110.0), 20.0), (Vec2::new(30.0, 90.0), 20.0)];
        assert_eq!(oa().threat(&world, &two, &a).unwrap().center, Vec2::new(430.0, 110.0));
    }

    /// Agent 0 at (100, 100) moving +x has the obstacle of radius 20 at (140, 110) on its feeler
    /// (41.2 − 20 = 21.2 px from its surface); agent 1 at (300, 300) moving +x has the one of radius
    /// 30 at (300, 340) beside it (not ahead), 10 px from its surface: one avoiding, closest 10.
    #[test]
    fn readout_and_report_by_hand() {
        use super::super::testing::sim_with;
        use crate::behaviours::Val;
        let agents = hand_agents(&[((100.0, 100.0), (80.0, 0.0)), ((300.0, 300.0), (80.0, 0.0))]);
        let obstacles = r#""obstacles": [{"center": [140, 110], "radius": 20}, {"center": [300, 340], "radius": 30}]"#;
        let s = sim_with(SC, &agents, obstacles);
        let r = s.readout();
        assert_eq!(r.kind, "obstacle_avoidance");
        assert_eq!(r.get("obstacles"), Some(Val::Int(2)));
        assert_eq!(r.get("avoiding"), Some(Val::Int(1)));
        assert_eq!(r.get("closest"), Some(Val::Num(10.0, 1)));
        let m = &s.state_json()["metrics"];
        assert_eq!((&m["avoiding"], &m["closest_approach"]), (&1.into(), &10.0.into()));
    }

    /// Over the agents, weight 1.5, look_ahead 60, clearance 6, an obstacle of radius 20 at
    /// (140, 110): agent 0 at (100, 100) at full speed +x has a 60 px feeler, to (160, 100), that
    /// passes 10 px from the centre (< 26): the feeler in red, the obstacle ringed at radius 23,
    /// and the push (0, −192·16/26) = (0, −118.15) weighted 1.5 (177.2 < 192) at 0.25: an arrow to
    /// (100, 100 − 44.31). Agent 1 at (300, 300) at half speed has a plain 30 px feeler, to
    /// (330, 300). Nothing under the agents or on the floor.
    #[test]
    fn draws_the_feelers_the_threat_and_the_push_by_hand() {
        use super::super::testing::{assert_drawn, drawn, sim_with, D};
        use crate::behaviours::Layer;
        use crate::draw::Style;
        let sc = r#"[{"type": "obstacle_avoidance", "weight": 1.5, "look_ahead": 60, "clearance": 6}]"#;
        let agents = hand_agents(&[((100.0, 100.0), (80.0, 0.0)), ((300.0, 300.0), (40.0, 0.0))]);
        let s = sim_with(sc, &agents, r#""obstacles": [{"center": [140, 110], "radius": 20}]"#);
        let (a, b) = (Vec2::new(100.0, 100.0), Vec2::new(300.0, 300.0));
        assert_drawn(
            &drawn(&s, Layer::Over),
            &[
                (Style::FeelerHit, D::Line(a, Vec2::new(160.0, 100.0))),
                (Style::Threat, D::Circle(Vec2::new(140.0, 110.0), 23.0)),
                (Style::SteerForce, D::Arrow(a, a + Vec2::new(0.0, -192.0 * 16.0 / 26.0) * 1.5 * 0.25)),
                (Style::Feeler, D::Line(b, Vec2::new(330.0, 300.0))),
            ],
        );
        assert_drawn(&drawn(&s, Layer::Under), &[]);
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
    }
}
