//! Containment: stay inside walls (a polygon) by probing ahead with three feelers, one along the
//! heading (`feeler_length`) and two at ±`feeler_angle` (70 % as long), as Buckland's wall
//! avoidance does. A feeler that crosses a wall pushes along the wall's inward normal, in
//! proportion to how far its tip went past the wall: `max_force · (1 − t)`, `t` the fraction of the
//! feeler before the wall. The feelers' pushes add up (limited to max_force). An agent that is
//! outside the walls anyway seeks their centre.

use super::{AgentStep, Behave, ForceCtx, Inst, Layer, Readout, Tint, Val, View};
use crate::agent::Agent;
use crate::check::{Check, MAX_LIST};
use crate::draw::FORCE_SCALE;
use crate::draw::{DrawList, Style};
use crate::setup::Setup;
use crate::steer::{steer_towards, truncate};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 2.0; d_feeler = 50.0; d_angle = 0.6; }

/// Side feelers are this fraction of the centre one.
pub const SIDE_FEELER: f32 = 0.7;

/// `{"type": "containment", "walls": [[x, y], …], "feeler_length": 50, "feeler_angle": 0.6}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Containment {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// The polygon's corners in order (closed: the last joins the first), world px.
    #[serde(default)]
    pub walls: Vec<[f32; 2]>,
    /// The centre feeler's length (px).
    #[serde(default = "d_feeler")]
    pub feeler_length: f32,
    /// The side feelers' angle from the heading (radians).
    #[serde(default = "d_angle")]
    pub feeler_angle: f32,
}

/// Where a feeler crossed a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    pub point: Vec2,
    /// The wall: the segment from corner `wall` to the next.
    pub wall: usize,
    /// The fraction of the feeler before the wall.
    pub t: f32,
    /// The wall's inward unit normal.
    pub normal: Vec2,
}

impl Containment {
    fn corner(&self, k: usize) -> Vec2 {
        Vec2::from(self.walls[k % self.walls.len()])
    }

    /// The three feelers' tips, relative to the agent: centre, left, right.
    pub fn feelers(&self, a: &Agent) -> [Vec2; 3] {
        let h = a.heading;
        let (c, s) = (libm::cosf(self.feeler_angle), libm::sinf(self.feeler_angle));
        let side = self.feeler_length * SIDE_FEELER;
        [
            h * self.feeler_length,
            Vec2::new(h.x * c - h.y * s, h.x * s + h.y * c) * side,
            Vec2::new(h.x * c + h.y * s, -h.x * s + h.y * c) * side,
        ]
    }

    /// The first wall the feeler from `p` to `p + f` crosses.
    pub fn hit(&self, p: Vec2, f: Vec2) -> Option<Hit> {
        let n = self.walls.len();
        // Twice the signed area: its sign says on which side of each wall the inside is.
        let area: f32 = (0..n).map(|k| self.corner(k).perp_dot(self.corner(k + 1))).sum();
        let mut best: Option<Hit> = None;
        for k in 0..n {
            let (a, b) = (self.corner(k), self.corner(k + 1));
            let e = b - a;
            let denom = f.perp_dot(e);
            if denom.abs() < 1e-9 {
                continue;
            }
            let t = (a - p).perp_dot(e) / denom;
            let u = (a - p).perp_dot(f) / denom;
            if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) && best.is_none_or(|h| t < h.t) {
                let normal = Vec2::new(-e.y, e.x).normalize_or_zero() * area.signum();
                best = Some(Hit { point: p + f * t, wall: k, t, normal });
            }
        }
        best
    }

    /// The feelers' hits (centre, left, right).
    pub fn hits(&self, a: &Agent) -> [Option<Hit>; 3] {
        self.feelers(a).map(|f| self.hit(a.position, f))
    }

    /// Whether `p` is inside the walls (even-odd rule).
    pub fn inside(&self, p: Vec2) -> bool {
        let n = self.walls.len();
        let mut inside = false;
        for k in 0..n {
            let (a, b) = (self.corner(k), self.corner(k + 1));
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                inside = !inside;
            }
        }
        inside
    }

    /// The mean of the corners.
    pub fn centre(&self) -> Vec2 {
        self.walls.iter().map(|&w| Vec2::from(w)).sum::<Vec2>() / self.walls.len().max(1) as f32
    }

    /// The unweighted force: the feelers' pushes, or back to the centre from outside.
    pub fn push(&self, a: &Agent) -> Vec2 {
        if !self.inside(a.position) {
            return steer_towards(self.centre() - a.position, a);
        }
        let sum = self.hits(a).iter().flatten().map(|h| h.normal * a.max_force * (1.0 - h.t)).sum();
        truncate(sum, a.max_force)
    }
}

impl Behave for Containment {
    const KIND: &'static str = "containment";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        p.force_words("pseudo.containment.force");
    }

    const REQUIRED: &'static str = r#""walls": [[10, 10], [390, 10], [390, 390], [10, 390]]"#;

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        if self.walls.len() < 3 || self.walls.len() > MAX_LIST {
            crate::check::fail(format!(
                "{}.walls: a polygon of 3 to {MAX_LIST} corners, got {}",
                c.path,
                self.walls.len()
            ))?;
        }
        for (k, &w) in self.walls.iter().enumerate() {
            c.point(&format!("walls[{k}]"), w)?;
        }
        c.non_negative("feeler_length", self.feeler_length)?;
        c.non_negative("feeler_angle", self.feeler_angle)?;
        c.at_most("feeler_angle", self.feeler_angle, core::f32::consts::FRAC_PI_2)
    }

    fn force(&self, _: &(), _: &mut (), _ctx: &ForceCtx, a: &mut AgentStep) {
        let f = self.push(a.agent);
        if f != Vec2::ZERO {
            a.ctl.add("containment", self.weight, f);
            a.tint(Tint::Set(if self.inside(a.agent.position) { Style::Braking } else { Style::Evading }));
        }
    }

    /// Under everything: the walls. Over the agents: each agent's feelers (red when they cross a
    /// wall), where they cross it (a dot and the wall around it), and the push (weighted, limited
    /// to max_force).
    fn draw(&self, _: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        match layer {
            Layer::Floor => list.polyline(Style::Wall, self.walls.iter().map(|&w| Vec2::from(w)), true),
            Layer::Over => {
                for a in v.agents {
                    for (f, h) in self.feelers(a).into_iter().zip(self.hits(a)) {
                        let tip = a.position + f;
                        match h {
                            Some(h) => {
                                // The stretch of the wall around the hit (at most 24 px each way).
                                let (w0, w1) = (self.corner(h.wall), self.corner(h.wall + 1));
                                let along = (w1 - w0).normalize_or_zero();
                                let (ta, tb) = ((h.point - w0).dot(along), (w1 - h.point).dot(along));
                                list.line(
                                    Style::WallHit,
                                    h.point - along * ta.min(24.0),
                                    h.point + along * tb.min(24.0),
                                );
                                list.line(Style::FeelerHit, a.position, tip);
                                list.disc(Style::WallHit, h.point, 3.5);
                            }
                            None => list.line(Style::Feeler, a.position, tip),
                        }
                    }
                    let f = truncate(self.push(a) * self.weight, a.max_force) * FORCE_SCALE;
                    if f != Vec2::ZERO {
                        list.arrow(Style::SteerForce, a.position, a.position + f);
                    }
                }
            }
            Layer::Under => {}
        }
    }

    /// Agents with a feeler across a wall, agents outside the walls, agents.
    fn readout(&self, _: &Inst<Self>, v: &View) -> Option<Readout> {
        let (touching, outside) = self.count(v);
        Some(
            Readout::new(Self::KIND)
                .with("touching", Val::Int(touching as i64))
                .with("outside", Val::Int(outside as i64))
                .with("agents", Val::Int(v.agents.len() as i64)),
        )
    }

    /// Metrics `touching_walls` and `outside_walls`.
    fn report(&self, _: &Inst<Self>, v: &View, state: &mut Value) {
        let (touching, outside) = self.count(v);
        state["metrics"]["touching_walls"] = touching.into();
        state["metrics"]["outside_walls"] = outside.into();
    }
}

impl Containment {
    /// (agents with a feeler across a wall, agents outside the walls).
    fn count(&self, v: &View) -> (usize, usize) {
        let touching = v.agents.iter().filter(|a| self.hits(a).iter().any(Option::is_some)).count();
        let outside = v.agents.iter().filter(|a| !self.inside(a.position)).count();
        (touching, outside)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents, sim_in};
    use super::*;

    const SQUARE: &str = "[[50, 50], [350, 50], [350, 350], [50, 350]]";

    fn sc(walls: &str) -> String {
        format!(
            r#"[{{"type": "containment", "weight": 1, "walls": {walls}, "feeler_length": 50, "feeler_angle": 0.6}}]"#
        )
    }

    /// Heading +x at (320, 200): the centre feeler reaches (370, 200) and crosses the wall x = 350
    /// at t = 30/50 = 0.6, so it pushes along the inward normal (−1, 0) with 192 · 0.4 = 76.8. The
    /// side feelers (35 px at ±0.6 rad) end at x = 320 + 35 · cos 0.6 = 348.89, short of the wall.
    /// The corners listed the other way round give the same inward push.
    #[test]
    fn a_feeler_across_a_wall_pushes_inwards_by_hand() {
        let agents = hand_agents(&[((320.0, 200.0), (40.0, 0.0))]);
        let f = force_of(&sc(SQUARE), &agents, 0);
        assert!((f - Vec2::new(-76.8, 0.0)).length() < 1e-3, "{f}");
        let f = force_of(&sc("[[50, 350], [350, 350], [350, 50], [50, 50]]"), &agents, 0);
        assert!((f - Vec2::new(-76.8, 0.0)).length() < 1e-3, "{f}");
        // 10 px farther, the overshoot is 10 px: 192 · 0.2 = 38.4. At 55 px the feeler ends short of
        // the wall: nothing.
        let agents = hand_agents(&[((310.0, 200.0), (40.0, 0.0))]);
        assert!((force_of(&sc(SQUARE), &agents, 0) - Vec2::new(-38.4, 0.0)).length() < 1e-3);
        let agents = hand_agents(&[((295.0, 200.0), (40.0, 0.0))]);
        assert_eq!(force_of(&sc(SQUARE), &agents, 0), Vec2::ZERO);
    }

    /// Into the corner from (335, 60), heading (1, −1)/√2, the three feelers cross walls:
    /// - centre, (35.36, −35.36): y = 50 at t = 10/35.36 = 0.283 (before x = 350 at 0.424) →
    ///   (0, 1) · 192 · 0.717 = (0, 137.7);
    /// - left, 35 px at −45° + 34.4° = −10.6°, (34.40, −6.45): x = 350 at t = 15/34.40 = 0.436 →
    ///   (−1, 0) · 192 · 0.564 = (−108.3, 0);
    /// - right, at −79.4°, (6.45, −34.40): y = 50 at t = 10/34.40 = 0.291 → (0, 136.2).
    ///
    /// Sum (−108.3, 273.9), |294.5|, limited to 192: (−70.6, 178.6).
    #[test]
    fn into_a_corner_the_feelers_add_up_by_hand() {
        let v = Vec2::new(1.0, -1.0).normalize() * 40.0;
        let f = force_of(&sc(SQUARE), &hand_agents(&[((335.0, 60.0), (v.x, v.y))]), 0);
        assert!((f - Vec2::new(-70.59, 178.55)).length() < 0.05, "{f}");
    }

    /// Outside the walls the agent seeks their centre (200, 200): from (20, 20) at rest, desired
    /// 80 · (1, 1)/√2 = (56.57, 56.57).
    #[test]
    fn outside_it_goes_back_to_the_centre() {
        let f = force_of(&sc(SQUARE), &hand_agents(&[((20.0, 20.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(56.569, 56.569)).length() < 1e-2, "{f}");
    }

    /// Eight wanderers inside a hexagon stay inside it for a minute (every step); with the
    /// containment weight at 0 some leave.
    #[test]
    fn wanderers_stay_inside_the_walls() {
        let walls = "[[120, 40], [520, 40], [610, 200], [520, 360], [120, 360], [30, 200]]";
        let run = |weight: f32| {
            let sc = format!(
                r#"[{{"type": "wander", "radius": 24, "distance": 40, "jitter": 0.3}},
                    {{"type": "containment", "weight": {weight}, "walls": {walls}}}]"#
            );
            let agents: Vec<((f32, f32), (f32, f32))> = (0..8)
                .map(|k| ((200.0 + 30.0 * k as f32, 160.0 + 10.0 * (k % 3) as f32), (60.0, 20.0 * k as f32 - 70.0)))
                .collect();
            let mut s = sim_in(&sc, &hand_agents(&agents), "", r#"{"width": 640, "height": 400, "edges": "bounce"}"#);
            let c: Containment = crate::behaviours::Registered::first(&s.scenario().behaviours).cloned().unwrap();
            let mut outside = 0;
            for _ in 0..60 * 60 {
                s.step();
                outside += s.agents().iter().filter(|a| !c.inside(a.position)).count();
            }
            outside
        };
        assert_eq!(run(2.0), 0, "agent-steps outside the walls");
        assert!(run(0.0) > 0, "without containment the wanderers should leave");
    }

    fn walls(w: &str) -> Containment {
        serde_json::from_str(&format!(r#"{{"walls": {w}}}"#)).unwrap()
    }

    /// A polygon has 3 to MAX_LIST corners.
    #[test]
    fn walls_are_a_polygon_of_3_to_max_list_corners() {
        let s =
            sim_in(&sc(SQUARE), &hand_agents(&[((200.0, 200.0), (0.0, 0.0))]), "", r#"{"width": 400, "height": 400}"#);
        let c = Check { path: "c" };
        for (n, ok) in [(2, false), (3, true), (MAX_LIST, true), (MAX_LIST + 1, false)] {
            let b =
                Containment { walls: (0..n).map(|k| [(k % 300) as f32, (k / 300) as f32]).collect(), ..walls(SQUARE) };
            assert_eq!(crate::check::collect(|| b.validate(&c, &s.scenario().setup())).is_empty(), ok, "{n} corners");
        }
    }

    /// Even-odd inside test on the triangle (0, 20), (100, 20), (0, 120), whose slanted side is x + y
    /// = 120: (49, 70) is inside and (51, 70) outside; (10, 20), on the bottom side's height, inside;
    /// (10, 19) and (−1, 30) outside. Its centre is the corners' mean (33.3, 53.3); the square's is
    /// (200, 200).
    #[test]
    fn inside_and_centre_by_hand() {
        let t = walls("[[0, 20], [100, 20], [0, 120]]");
        for (p, want) in [
            ((49.0, 70.0), true),
            ((51.0, 70.0), false),
            ((10.0, 20.0), true),
            ((10.0, 19.0), false),
            ((-1.0, 30.0), false),
        ] {
            assert_eq!(t.inside(Vec2::from(p)), want, "{p:?}");
        }
        assert!((t.centre() - Vec2::new(100.0 / 3.0, 160.0 / 3.0)).length() < 1e-4, "{}", t.centre());
        assert_eq!(walls(SQUARE).centre(), Vec2::new(200.0, 200.0));
    }

    /// A feeler from (320, 200) 50 px along +x crosses wall 1 (x = 350) at t = 0.6, at (350, 200),
    /// inward normal (−1, 0). From outside at (20, 200), 400 px along +x it crosses x = 50 (wall 3,
    /// t = 0.075) before x = 350: the first one counts.
    #[test]
    fn hits_by_hand() {
        let c = walls(SQUARE);
        let h = c.hit(Vec2::new(320.0, 200.0), Vec2::new(50.0, 0.0)).unwrap();
        assert_eq!((h.point, h.wall, h.normal), (Vec2::new(350.0, 200.0), 1, Vec2::new(-1.0, 0.0)));
        assert!((h.t - 0.6).abs() < 1e-6, "{h:?}");
        let h = c.hit(Vec2::new(20.0, 200.0), Vec2::new(400.0, 0.0)).unwrap();
        assert_eq!((h.point, h.wall, h.normal), (Vec2::new(50.0, 200.0), 3, Vec2::new(1.0, 0.0)));
        assert!((h.t - 0.075).abs() < 1e-6, "{h:?}");
    }

    /// Agent 0 at (320, 200) moving +x has its centre feeler across the wall (braking tint), and so
    /// has agent 3 at (80, 200) moving −x; agent 1 at (20, 20) is outside (evading tint; its feelers
    /// reach no wall); agent 2 in the middle touches nothing and has no tint.
    #[test]
    fn readout_report_and_tints_by_hand() {
        use crate::behaviours::Val;
        let agents = hand_agents(&[
            ((320.0, 200.0), (40.0, 0.0)),
            ((20.0, 20.0), (0.0, 0.0)),
            ((200.0, 200.0), (40.0, 0.0)),
            ((80.0, 200.0), (-40.0, 0.0)),
        ]);
        let mut s = sim_in(&sc(SQUARE), &agents, "", r#"{"width": 400, "height": 400}"#);
        let r = s.readout();
        assert_eq!(r.kind, "containment");
        assert_eq!(
            (r.get("touching"), r.get("outside"), r.get("agents")),
            (Some(Val::Int(2)), Some(Val::Int(1)), Some(Val::Int(4)))
        );
        let m = &s.state_json()["metrics"];
        assert_eq!((&m["touching_walls"], &m["outside_walls"]), (&2.into(), &1.into()));
        s.step();
        assert_eq!(
            (s.tint(0), s.tint(1), s.tint(2), s.tint(3)),
            (Some(Style::Braking), Some(Style::Evading), None, Some(Style::Braking))
        );
    }

    /// The feelers for the heading (0.6, 0.8) (angle θ = atan2(0.8, 0.6)): the centre one 50 along
    /// it, (30, 40); the side ones 35 long at θ ± 0.6 — (1.522, 34.967) and (33.142, 11.252).
    #[test]
    fn the_feelers_by_hand() {
        let a = Agent::new(Vec2::ZERO, Vec2::new(0.6, 0.8) * 40.0, 80.0, 192.0);
        let [centre, left, right] = walls(SQUARE).feelers(&a);
        let th = 0.8f32.atan2(0.6);
        assert!((centre - Vec2::new(30.0, 40.0)).length() < 1e-4, "{centre}");
        assert!((left - Vec2::new((th + 0.6).cos(), (th + 0.6).sin()) * 35.0).length() < 1e-3, "{left}");
        assert!((right - Vec2::new((th - 0.6).cos(), (th - 0.6).sin()) * 35.0).length() < 1e-3, "{right}");
        assert!(
            (left - Vec2::new(1.522, 34.967)).length() < 1e-2 && (right - Vec2::new(33.142, 11.252)).length() < 1e-2
        );
    }

    /// Ties and edges of the geometry. A feeler through the corner (350, 50) crosses walls 0 and 1
    /// at the same t = 0.5: the first listed (wall 0, normal (0, 1)) counts. The even-odd test
    /// counts a side when exactly one end is strictly below the point's height and the crossing is
    /// strictly to its left: beside the apex (50, 20) of the triangle (0, 120), (50, 20), (100,
    /// 120), at the apex's height, is outside (both sides cross there); on a side, the left one is
    /// inside and the right one outside. From (20, 100) outside the square the agent heads for the
    /// centre: 80·normalize(180, 100).
    #[test]
    fn corners_and_sides_by_hand() {
        let h = walls(SQUARE).hit(Vec2::new(340.0, 60.0), Vec2::new(20.0, -20.0)).unwrap();
        assert_eq!((h.wall, h.t, h.normal), (0, 0.5, Vec2::new(0.0, 1.0)));
        let apex = walls("[[0, 120], [50, 20], [100, 120]]");
        assert!(!apex.inside(Vec2::new(10.0, 20.0)));
        assert!(apex.inside(Vec2::new(50.0, 70.0)));
        let t = walls("[[0, 20], [100, 20], [0, 120]]");
        assert!(t.inside(Vec2::new(0.0, 70.0)), "on the left side");
        assert!(!t.inside(Vec2::new(50.0, 70.0)), "on the slanted side");
        let f = force_of(&sc(SQUARE), &hand_agents(&[((20.0, 100.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(180.0, 100.0).normalize() * 80.0).length() < 1e-3, "{f}");
    }

    /// On the floor, the walls as one closed polyline. Over the agents, with the side feelers at
    /// ±90° (35 px, the centre one 50 px) and weight 0.5, agent by agent:
    /// - agent 0 at (200, 200) heading +x: no feeler reaches a wall: three plain feelers, to
    ///   (250, 200), (200, 235) (left: (cos 90°, sin 90°)·35) and (200, 165), and no push;
    /// - agent 1 at (320, 340) heading +x: the centre feeler to (370, 340) crosses the wall
    ///   x = 350 (corners 1 → 2, along (0, 1)) at (350, 340), t = 0.6: the wall is drawn from 24 px
    ///   before the hit (290 px of wall there) to its end 10 px after it, (350, 316)–(350, 350), then
    ///   the red feeler and a dot of 3.5 at the hit; the left feeler to (320, 375) crosses the wall
    ///   y = 350 (corners 2 → 3, along (−1, 0)) at (320, 350), t = 10/35: the wall 24 px either side
    ///   (30 px and 270 px are there), (344, 350)–(296, 350); the right feeler to (320, 305) is
    ///   plain. The push: (−1, 0)·192·0.4 + (0, −1)·192·(1 − 10/35) = (−76.8, −137.14), |·| = 157 <
    ///   192, weighted 0.5 and drawn at 0.25: an arrow to (320 − 9.6, 340 − 17.14).
    ///
    /// Nothing under the agents.
    #[test]
    fn draws_the_walls_the_feelers_the_hits_and_the_push_by_hand() {
        use super::super::testing::{assert_drawn, drawn, sim_with, D};
        let sc = format!(
            r#"[{{"type": "containment", "weight": 0.5, "walls": {SQUARE}, "feeler_length": 50, "feeler_angle": 1.5707963}}]"#
        );
        let s = sim_with(&sc, &hand_agents(&[((200.0, 200.0), (40.0, 0.0)), ((320.0, 340.0), (40.0, 0.0))]), "");
        let v = |x: f32, y: f32| Vec2::new(x, y);
        let corners = vec![v(50.0, 50.0), v(350.0, 50.0), v(350.0, 350.0), v(50.0, 350.0)];
        assert_drawn(&drawn(&s, Layer::Floor), &[(Style::Wall, D::Poly(corners, true))]);
        assert_drawn(&drawn(&s, Layer::Under), &[]);
        let (a, b) = (v(200.0, 200.0), v(320.0, 340.0));
        let push = v(-76.8, -192.0 * (1.0 - 10.0 / 35.0));
        assert_drawn(
            &drawn(&s, Layer::Over),
            &[
                (Style::Feeler, D::Line(a, v(250.0, 200.0))),
                (Style::Feeler, D::Line(a, v(200.0, 235.0))),
                (Style::Feeler, D::Line(a, v(200.0, 165.0))),
                (Style::WallHit, D::Line(v(350.0, 316.0), v(350.0, 350.0))),
                (Style::FeelerHit, D::Line(b, v(370.0, 340.0))),
                (Style::WallHit, D::Disc(v(350.0, 340.0), 3.5)),
                (Style::WallHit, D::Line(v(344.0, 350.0), v(296.0, 350.0))),
                (Style::FeelerHit, D::Line(b, v(320.0, 375.0))),
                (Style::WallHit, D::Disc(v(320.0, 350.0), 3.5)),
                (Style::Feeler, D::Line(b, v(320.0, 305.0))),
                (Style::SteerForce, D::Arrow(b, b + push * 0.5 * 0.25)),
            ],
        );
    }
}
