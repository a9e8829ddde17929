//! Reynolds' path tube (steering-iv §4.3, `pathFollowTube` of §5): predict where the agent will be
//! (`position + velocity · predict_ahead`), project the prediction on the closest segment of the
//! path; outside the tube (farther than `tube_radius`) seek the projection, inside it seek the
//! segment's next waypoint (arrive at the end of a one-shot path).
//!
//! At a vertex shared by two segments the two distances tie; the tutorial's code keeps the lowest
//! segment index, here the tie goes to the segment after the one the agent followed last step (in
//! its direction of travel), so an agent turning a sharp corner hands over to the next segment
//! instead of circling the vertex (`path::closest_segment`).

use super::{AgentStep, Behave, Facts, ForceCtx, Inst, Layer, Readout, Tell, Tint, Val, View};
use crate::agent::Agent;
use crate::check::Check;
use crate::draw::FORCE_SCALE;
use crate::draw::{DrawList, Style};
use crate::json_path::f32v;
use crate::path::{brake, distance_to_path, needs_points, segment_count, tube_mode, tube_probe, Follow, PathMode};
use crate::setup::Setup;
use crate::steer::{arrive, arrive_desired, desired_towards, seek, Controller, Note};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; d_tube_radius = 16.0; d_predict = 0.5; d_slow = 24.0; d_arrive_radius = 13.0; }

/// `{"type": "path_tube", "tube_radius": 16, "predict_ahead": 0.5}`: §5 `pathFollowTube`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PathTube {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Half-width of the tube around the path (px).
    #[serde(default = "d_tube_radius")]
    pub tube_radius: f32,
    /// Seconds of look-ahead: `predicted = position + velocity · predict_ahead`.
    #[serde(default = "d_predict")]
    pub predict_ahead: f32,
    /// Arrive radius at the end of a one-shot path.
    #[serde(default = "d_slow")]
    pub slow_radius: f32,
    /// Ping-pong: the direction flips inside this distance of an end.
    #[serde(default = "d_arrive_radius")]
    pub arrive_radius: f32,
}

/// An agent's segment last step (breaks ties at shared vertices), its direction (ping-pong), and
/// whether its prediction was outside the tube.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnPath {
    pub seg: u32,
    pub dir: i8,
    pub outside: bool,
}

/// §5 `pathFollowTube`: outside the tube seek the projection, inside seek the segment's next
/// waypoint (arrive at the end of a one-shot path).
pub fn tube_force(
    a: &Agent,
    me: &mut OnPath,
    wps: &[Vec2],
    mode: PathMode,
    pt: &PathTube,
    ctl: &mut Controller,
) -> Follow {
    match wps.len() {
        0 => {
            ctl.add("path_tube", pt.weight, brake(a));
            return Follow::NoPath;
        }
        1 => {
            ctl.add("path_tube", pt.weight, arrive(a, wps[0], pt.slow_radius));
            ctl.explain(|d| d.desired = Some(arrive_desired(a, wps[0], pt.slow_radius)));
            return Follow::Arriving;
        }
        _ => {}
    }
    let Some(p) = tube_probe(a, wps, mode, pt.predict_ahead, pt.arrive_radius, pt.tube_radius, me.seg as usize, me.dir)
    else {
        ctl.add("path_tube", pt.weight, brake(a));
        return Follow::NoPath;
    };
    me.seg = p.seg as u32;
    me.dir = p.dir;
    let (follow, f, how) = if p.outside {
        (Follow::Correcting, seek(a, p.aim), "correction")
    } else if p.arrive {
        (Follow::Arriving, arrive(a, p.aim, pt.slow_radius), "arrive")
    } else {
        (Follow::Seeking, seek(a, p.aim), "seek")
    };
    ctl.add("path_tube", pt.weight, f);
    ctl.explain(|d| {
        d.desired = Some(if p.arrive && !p.outside {
            arrive_desired(a, p.aim, pt.slow_radius)
        } else {
            desired_towards(p.aim - a.position, a)
        });
        d.note("prediction", Note::Point(p.predicted))
            .note("projection", Note::Point(p.proj))
            .note("distance", Note::Num(p.dist))
            .note("outside", Note::Flag(p.outside))
            .note("segment", Note::Index(Some(p.seg)))
            .note("mode", Note::Word(how));
    });
    follow
}

impl Behave for PathTube {
    const KIND: &'static str = "path_tube";
    type State = ();
    type PerAgent = OnPath;

    /// §5 pathFollowTube.
    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        use crate::steer::Note;
        p.point("predicted = agent.position + agent.velocity * p.predict_ahead", "prediction");
        p.point("segment, proj, dist = closest_segment(predicted, path.segments)", "projection");
        if let Some(Note::Num(x)) = p.note("distance") {
            p.add("dist", crate::pseudo::num(x), "distance");
        }
        if let Some(Note::Flag(out)) = p.note("outside") {
            p.add_word("dist > p.tube_radius", super::Lines::yes(out), "outside");
        }
        match p.note("mode") {
            Some(Note::Word("correction")) => p.desired_words("pseudo.path_tube.desired_correction"),
            Some(Note::Word("arrive")) => p.desired_words("pseudo.path_tube.desired_arrive"),
            _ => p.desired_words("pseudo.path_tube.desired_seek"),
        }
        p.force(crate::pseudo::LIMIT);
    }

    /// The prediction's distance to its projection on the path.
    fn highlight(&self, t: &crate::steer::Contribution, key: &str, h: &mut super::Highlight) -> bool {
        use crate::steer::Note;
        if !matches!(key, "distance" | "outside") {
            return false;
        }
        let point = |k: &str| match t.detail.notes.iter().find(|n| n.0 == k).map(|n| n.1) {
            Some(Note::Point(q)) => Some(q),
            _ => None,
        };
        if let (Some(a), Some(b)) = (point("prediction"), point("projection")) {
            h.line(a, b);
            h.ring(b, 3.0);
        }
        true
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("tube_radius", self.tube_radius)?;
        c.non_negative("predict_ahead", self.predict_ahead)?;
        c.positive("slow_radius", self.slow_radius)?;
        c.positive("arrive_radius", self.arrive_radius)?;
        needs_points(c, sc.path, Self::KIND, 2)
    }

    fn force(&self, _: &(), me: &mut OnPath, ctx: &ForceCtx, a: &mut AgentStep) {
        let follow = tube_force(a.agent, me, &ctx.scene.path.waypoints, ctx.setup.path_mode(), self, a.ctl);
        me.outside = follow == Follow::Correcting;
        if follow == Follow::Arriving {
            a.tint(Tint::Set(Style::Arriving));
        }
    }

    /// Segment indices past the removed waypoint move down by one.
    fn waypoint_removed(&self, inst: &mut Inst<Self>, k: usize, n: usize, mode: PathMode) {
        let nseg = segment_count(n, tube_mode(n, mode));
        for me in &mut inst.agents {
            if me.seg as usize >= k && me.seg > 0 {
                me.seg -= 1;
            }
            me.seg = me.seg.min(nseg.saturating_sub(1) as u32);
        }
    }

    /// Under the path: the tube (a band around each segment plus a disc at each vertex). Over the
    /// agents: each prediction joined to its agent (red when it left the tube), its projection on
    /// the closest segment, and then the seek-back correction.
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        let wps = &v.scene.path.waypoints;
        let mode = v.setup.path_mode();
        match layer {
            Layer::Floor => {
                let n = wps.len();
                let tm = tube_mode(n, mode);
                let r = self.tube_radius;
                for s in 0..segment_count(n, tm) {
                    let (a, b) = (wps[s], wps[(s + 1) % n]);
                    let d = (b - a).normalize_or_zero();
                    if d != Vec2::ZERO {
                        let side = Vec2::new(-d.y, d.x) * r;
                        list.polyline(Style::Tube, [a + side, b + side, b - side, a - side], true);
                    }
                }
                for &w in wps {
                    list.circle(Style::Tube, w, r);
                }
            }
            Layer::Over => {
                for (a, me) in v.agents.iter().zip(&inst.agents) {
                    let Some(p) = tube_probe(
                        a,
                        wps,
                        mode,
                        self.predict_ahead,
                        self.arrive_radius,
                        self.tube_radius,
                        me.seg as usize,
                        me.dir,
                    ) else {
                        continue;
                    };
                    let style = if p.outside { Style::PredictionOut } else { Style::Prediction };
                    list.line(style, a.position, p.predicted);
                    list.disc(style, p.predicted, 2.5);
                    list.line(Style::Projection, p.predicted, p.proj);
                    list.disc(Style::Projection, p.proj, 3.0);
                    if p.outside {
                        let f = seek(a, p.proj) * self.weight;
                        list.arrow(Style::Correction, a.position, a.position + f * FORCE_SCALE);
                    }
                }
            }
            Layer::Under => {}
        }
    }

    /// Waypoints, mode, agent 0's distance to the path, the tube radius, predictions outside.
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let a = v.agents.first()?;
        let wps = &v.scene.path.waypoints;
        let d = distance_to_path(a.position, wps, v.setup.path_mode());
        Some(
            Readout::new(Self::KIND)
                .with("waypoints", Val::Int(wps.len() as i64))
                .with("mode", Val::Word(v.setup.path_mode().name()))
                .with("distance", if d.is_finite() { Val::Num(d as f64, 1) } else { Val::None })
                .with("tube_radius", Val::Num(self.tube_radius as f64, 0))
                .with("outside", Val::Int(outside(inst) as i64)),
        )
    }

    /// Its lesson in the described scene: how many agents are inside the tube (within
    /// `tube_radius` of the path) of how many, the predictions outside it, agent 0's distance to
    /// the path (px) and the radius.
    fn describe(&self, inst: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let (wps, mode) = (&t.v.scene.path.waypoints, t.v.setup.path_mode());
        let d = distance_to_path(t.v.agents.first()?.position, wps, mode);
        let inside = t.v.agents.iter().filter(|a| distance_to_path(a.position, wps, mode) <= self.tube_radius).count();
        let values = vec![inside as f32, t.v.agents.len() as f32, outside(inst) as f32, d, self.tube_radius];
        Some(Facts { kind: Self::KIND, keys: "inside agents outside distance tube_radius", values })
    }

    /// Agent 0's distance to the path (px) and the predictions outside the tube.
    fn measures(&self, inst: &Inst<Self>, v: &View, out: &mut super::Measures) {
        let (wps, mode) = (&v.scene.path.waypoints, v.setup.path_mode());
        let d = v.agents.first().map(|a| distance_to_path(a.position, wps, mode)).filter(|d| d.is_finite());
        out.push(("tube_distance", d));
        out.push(("prediction_outside", Some(outside(inst) as f32)));
    }

    /// Metrics `tube_distance` (agent 0's distance to the path), `max_tube_distance`,
    /// `prediction_outside`.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        let (wps, mode) = (&v.scene.path.waypoints, v.setup.path_mode());
        let d = |a: &Agent| Some(distance_to_path(a.position, wps, mode)).filter(|d| d.is_finite());
        let m = &mut state["metrics"];
        m["tube_distance"] = v.agents.first().and_then(d).map_or(Value::Null, f32v);
        m["max_tube_distance"] = v.agents.iter().filter_map(d).reduce(f32::max).map_or(Value::Null, f32v);
        m["prediction_outside"] = outside(inst).into();
    }
}

/// Agents whose prediction left the tube in their last step.
fn outside(inst: &Inst<PathTube>) -> usize {
    inst.agents.iter().filter(|m| m.outside).count()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_with_scene, hand_agents};
    use glam::Vec2;

    const SC: &str = r#"[{"type": "path_tube", "tube_radius": 16, "predict_ahead": 0.5}]"#;
    const PATH: &str = r#""path": {"waypoints": [[100, 100], [300, 100]], "mode": "one_shot"}"#;

    /// Moving +x at 40 px/s, 10 px above the path: prediction (170, 110) is 10 px from the
    /// segment, inside the tube: seek the segment's end (300, 100), 200 px ahead and arriving
    /// there at full speed: desired 80·normalize((150, −10)), minus the velocity.
    #[test]
    fn inside_the_tube_seeks_the_next_waypoint_by_hand() {
        let agents = hand_agents(&[((150.0, 110.0), (40.0, 0.0))]);
        let f = force_with_scene(SC, &agents, 0, PATH);
        let want = Vec2::new(150.0, -10.0).normalize() * 80.0 - Vec2::new(40.0, 0.0);
        assert!((f - want).length() < 1e-3, "{f} vs {want}");
    }

    /// 30 px above the path the prediction (170, 130) is outside the 16 px tube: seek its
    /// projection (170, 100): desired 80·normalize((20, −30)) − (40, 0).
    #[test]
    fn outside_the_tube_seeks_the_projection_by_hand() {
        let agents = hand_agents(&[((150.0, 130.0), (40.0, 0.0))]);
        let f = force_with_scene(SC, &agents, 0, PATH);
        let want = Vec2::new(20.0, -30.0).normalize() * 80.0 - Vec2::new(40.0, 0.0);
        assert!((f - want).length() < 1e-3, "{f} vs {want}");
    }

    use super::super::testing::sim_with;
    use super::{tube_force, OnPath, PathTube};
    use crate::agent::Agent;
    use crate::behaviours::{Behave, Inst, Val};
    use crate::draw::Style;
    use crate::path::{Follow, PathMode};
    use crate::steer::{Controller, Note, Trace};

    fn pt() -> PathTube {
        serde_json::from_str(r#"{"weight": 1.5}"#).unwrap()
    }

    /// One call of tube_force: the raw force, its explanation, what it returns.
    fn run(at: (f32, f32), v: (f32, f32), wps: &[Vec2], mode: PathMode) -> (Vec2, Trace, Follow) {
        let a = Agent::new(Vec2::from(at), Vec2::from(v), 80.0, 192.0);
        let mut trace = Trace::default();
        let mut ctl = Controller::new(Some(&mut trace));
        let follow = tube_force(&a, &mut OnPath::default(), wps, mode, &pt(), &mut ctl);
        assert_eq!((trace.items.len(), trace.items[0].rule, trace.items[0].weight), (1, "path_tube", 1.5));
        (trace.items[0].raw, trace, follow)
    }

    /// No waypoints: brake. One waypoint: arrive at it (slow_radius 24: 12 px away, 40 px/s).
    #[test]
    fn no_path_brakes_and_a_lone_waypoint_is_arrived_at() {
        let (f, _, follow) = run((100.0, 100.0), (10.0, 0.0), &[], PathMode::OneShot);
        assert_eq!((f, follow), (Vec2::new(-10.0, 0.0), Follow::NoPath));
        let (f, t, follow) = run((100.0, 112.0), (0.0, 0.0), &[Vec2::new(100.0, 100.0)], PathMode::Loop);
        assert_eq!((f, follow), (Vec2::new(0.0, -40.0), Follow::Arriving));
        assert_eq!(t.items[0].detail.desired, Some(Vec2::new(0.0, -40.0)));
    }

    /// Near the end of a segment, 10 px before its next waypoint (300, 100), moving (10, 0):
    /// prediction (295, 100) on segment 0. If that waypoint ends a one-shot path, arrive: desired
    /// 80·10/24 = 33.3, force 33.3 − 10; if the path goes on, seek it at full speed: desired 80,
    /// force 70 — the explanation names the prediction, projection, distance, side, segment and mode.
    #[test]
    fn inside_the_tube_seek_or_arrive_and_explain_by_hand() {
        let w = [Vec2::new(100.0, 100.0), Vec2::new(300.0, 100.0), Vec2::new(300.0, 300.0)];
        let (f, t, follow) = run((290.0, 100.0), (10.0, 0.0), &w[..2], PathMode::OneShot);
        let slow = 80.0 * 10.0 / 24.0;
        assert!((f - Vec2::new(slow - 10.0, 0.0)).length() < 1e-4, "{f}");
        assert_eq!(follow, Follow::Arriving);
        assert!((t.items[0].detail.desired.unwrap() - Vec2::new(slow, 0.0)).length() < 1e-4, "{t:?}");
        assert_eq!(t.items[0].detail.notes[5], ("mode", Note::Word("arrive")));
        let (f, t, follow) = run((290.0, 100.0), (10.0, 0.0), &w, PathMode::OneShot);
        assert_eq!((f, follow), (Vec2::new(70.0, 0.0), Follow::Seeking));
        assert_eq!(t.items[0].detail.desired, Some(Vec2::new(80.0, 0.0)));
        assert_eq!(
            t.items[0].detail.notes,
            [
                ("prediction", Note::Point(Vec2::new(295.0, 100.0))),
                ("projection", Note::Point(Vec2::new(295.0, 100.0))),
                ("distance", Note::Num(0.0)),
                ("outside", Note::Flag(false)),
                ("segment", Note::Index(Some(0))),
                ("mode", Note::Word("seek")),
            ]
        );
    }

    /// Removing waypoint 2 of 5 (4 left, one-shot: 3 segments): segments 2 and 3 move down by one,
    /// 0 and 1 stay; removing waypoint 0, segment 0 stays and 2 becomes 1.
    #[test]
    fn segments_follow_a_removed_waypoint() {
        let run = |segs: &[u32], k: usize| {
            let mut inst = Inst::<PathTube> {
                state: (),
                agents: segs.iter().map(|&seg| OnPath { seg, dir: 1, outside: false }).collect(),
            };
            pt().waypoint_removed(&mut inst, k, 4, PathMode::OneShot);
            inst.agents.iter().map(|m| m.seg).collect::<Vec<_>>()
        };
        assert_eq!(run(&[0, 1, 2, 3], 2), [0, 1, 1, 2]);
        assert_eq!(run(&[0, 2], 0), [0, 1]);
    }

    /// Path (100, 100)–(300, 100), one-shot. Agents at (150, 130) moving (40, 0), at (200, 150) and at
    /// (200, 105): 30, 50 and 5 px from the path. Readout and report with the first two marked
    /// outside; after one step the force pass marks them so itself (predictions (170, 130) and (200,
    /// 150) are outside the 16 px tube) and the third, arriving at the end, is tinted.
    #[test]
    fn readout_report_and_marks_by_hand() {
        let agents =
            hand_agents(&[((150.0, 130.0), (40.0, 0.0)), ((200.0, 150.0), (0.0, 0.0)), ((200.0, 105.0), (0.0, 0.0))]);
        let mut s = sim_with(SC, &agents, PATH);
        let marked = |outside: [bool; 3]| outside.map(|o| OnPath { seg: 0, dir: 0, outside: o }).to_vec();
        s.behaviour_mut::<PathTube>().unwrap().agents = marked([true, true, false]);
        let r = s.readout();
        assert_eq!(r.kind, "path_tube");
        assert_eq!(r.get("waypoints"), Some(Val::Int(2)));
        assert_eq!(r.get("mode"), Some(Val::Word("one_shot")));
        assert_eq!(r.get("distance"), Some(Val::Num(30.0, 1)));
        assert_eq!(r.get("tube_radius"), Some(Val::Num(16.0, 0)));
        assert_eq!(r.get("outside"), Some(Val::Int(2)));
        let m = &s.state_json()["metrics"];
        assert_eq!((&m["tube_distance"], &m["max_tube_distance"]), (&30.0.into(), &50.0.into()));
        assert_eq!(m["prediction_outside"], 2);
        s.behaviour_mut::<PathTube>().unwrap().agents = marked([false, false, true]);
        s.step();
        let outside: Vec<bool> = s.behaviour::<PathTube>().unwrap().agents.iter().map(|m| m.outside).collect();
        assert_eq!(outside, [true, true, false]);
        assert_eq!((s.tint(0), s.tint(1), s.tint(2)), (None, None, Some(Style::Arriving)));
    }

    /// On the floor, the tube of radius 16 around the loop (100, 100) → (300, 100) → (300, 300) →
    /// back: per segment a closed band `a + side, b + side, b − side, a − side` with `side` the
    /// segment's left normal (−d.y, d.x) times 16 — (0, 16), (−16, 0), and for the closing
    /// diagonal, d = (−1, −1)/√2, (11.31, −11.31) — then a circle of 16 at each waypoint.
    ///
    /// Over the agents, on the one-shot path (100, 100) → (300, 100) with weight 1.5: agent 0 at
    /// (150, 110) moving (40, 0) predicts (170, 110), 10 px from the path (inside): the prediction
    /// joined to the agent with a dot of 2.5, and its projection (170, 100) joined to it with a dot
    /// of 3. Agent 1 at (150, 130) predicts (170, 130), 30 px away (outside): the same in the
    /// "outside" style, then the correction, seek((170, 100)) = 80·normalize((20, −30)) − (40, 0)
    /// = (4.376, −66.564), weighted 1.5 and drawn at 0.25. Nothing under the agents.
    #[test]
    fn draws_the_tube_the_predictions_and_the_correction_by_hand() {
        use super::super::testing::{assert_drawn, drawn, D};
        use crate::behaviours::Layer;
        let v = |x: f32, y: f32| Vec2::new(x, y);
        let sc = r#"[{"type": "path_tube", "weight": 1.5, "tube_radius": 16, "predict_ahead": 0.5}]"#;
        let path = r#""path": {"waypoints": [[100, 100], [300, 100], [300, 300]], "mode": "loop"}"#;
        let s = sim_with(sc, &hand_agents(&[((150.0, 110.0), (40.0, 0.0))]), path);
        let k = 16.0 * std::f32::consts::FRAC_1_SQRT_2;
        let band = |pts: [Vec2; 4]| (Style::Tube, D::Poly(pts.to_vec(), true));
        assert_drawn(
            &drawn(&s, Layer::Floor),
            &[
                band([v(100.0, 116.0), v(300.0, 116.0), v(300.0, 84.0), v(100.0, 84.0)]),
                band([v(284.0, 100.0), v(284.0, 300.0), v(316.0, 300.0), v(316.0, 100.0)]),
                band([
                    v(300.0 + k, 300.0 - k),
                    v(100.0 + k, 100.0 - k),
                    v(100.0 - k, 100.0 + k),
                    v(300.0 - k, 300.0 + k),
                ]),
                (Style::Tube, D::Circle(v(100.0, 100.0), 16.0)),
                (Style::Tube, D::Circle(v(300.0, 100.0), 16.0)),
                (Style::Tube, D::Circle(v(300.0, 300.0), 16.0)),
            ],
        );
        let agents = hand_agents(&[((150.0, 110.0), (40.0, 0.0)), ((150.0, 130.0), (40.0, 0.0))]);
        let s = sim_with(sc, &agents, PATH);
        let seek = Vec2::new(20.0, -30.0).normalize() * 80.0 - Vec2::new(40.0, 0.0);
        let (a, b, proj) = (v(150.0, 110.0), v(150.0, 130.0), v(170.0, 100.0));
        assert_drawn(
            &drawn(&s, Layer::Over),
            &[
                (Style::Prediction, D::Line(a, v(170.0, 110.0))),
                (Style::Prediction, D::Disc(v(170.0, 110.0), 2.5)),
                (Style::Projection, D::Line(v(170.0, 110.0), proj)),
                (Style::Projection, D::Disc(proj, 3.0)),
                (Style::PredictionOut, D::Line(b, v(170.0, 130.0))),
                (Style::PredictionOut, D::Disc(v(170.0, 130.0), 2.5)),
                (Style::Projection, D::Line(v(170.0, 130.0), proj)),
                (Style::Projection, D::Disc(proj, 3.0)),
                (Style::Correction, D::Arrow(b, b + seek * 1.5 * 0.25)),
            ],
        );
        assert_drawn(&drawn(&s, Layer::Under), &[]);
    }
}
