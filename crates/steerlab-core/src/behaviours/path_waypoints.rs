//! Waypoint following (steering-iv §4.2, `pathFollowWaypoints` of §5): seek the active waypoint,
//! move on to the next one inside `arrive_radius`, with the path's mode (§4.5): one-shot (arrive at
//! the last waypoint), loop, ping-pong. Each agent keeps its own active waypoint and direction.

use super::{AgentStep, Behave, Facts, ForceCtx, Inst, Layer, Readout, Tell, Tint, Val, View};
use crate::agent::Agent;
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::path::{advance, brake, dir_of, needs_points, Follow, PathMode};
use crate::setup::Setup;
use crate::steer::{arrive, arrive_desired, desired_towards, seek, Controller, Note};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; d_arrive_radius = 13.0; d_slow = 24.0; }

/// `{"type": "path_waypoints", "arrive_radius": 13, "slow_radius": 24}`: §5 `pathFollowWaypoints`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PathWaypoints {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Inside this distance of the current waypoint the agent moves on to the next.
    #[serde(default = "d_arrive_radius")]
    pub arrive_radius: f32,
    /// The arrive radius at the last waypoint of a one-shot path.
    #[serde(default = "d_slow")]
    pub slow_radius: f32,
}

/// An agent's active waypoint and its direction along the path (+1, or −1 in ping-pong; 0 counts
/// as +1).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Leg {
    pub wp: u32,
    pub dir: i8,
}

/// §5 `pathFollowWaypoints`: seek the current waypoint (arrive at the last one of a one-shot path);
/// inside `arrive_radius` move on to the next index according to the mode. Unlike the pseudocode
/// the target is re-read after advancing (as the Unity code does).
pub fn waypoints_force(
    a: &Agent,
    leg: &mut Leg,
    wps: &[Vec2],
    mode: PathMode,
    pw: &PathWaypoints,
    ctl: &mut Controller,
) -> Follow {
    let n = wps.len();
    if n == 0 {
        ctl.add("path_waypoints", pw.weight, brake(a));
        ctl.explain(|d| {
            d.desired = Some(Vec2::ZERO);
            d.note("active", Note::Index(None));
        });
        return Follow::NoPath;
    }
    let mut idx = (leg.wp as usize).min(n - 1);
    let mut dir = dir_of(leg.dir);
    if (wps[idx] - a.position).length_squared() < pw.arrive_radius * pw.arrive_radius {
        (idx, dir) = advance(idx, dir, n, mode);
    }
    leg.wp = idx as u32;
    leg.dir = dir;
    let target = wps[idx];
    let is_final = n == 1 || (mode == PathMode::OneShot && idx == n - 1);
    let follow = if is_final {
        ctl.add("path_waypoints", pw.weight, arrive(a, target, pw.slow_radius));
        Follow::Arriving
    } else {
        ctl.add("path_waypoints", pw.weight, seek(a, target));
        Follow::Seeking
    };
    ctl.explain(|d| {
        d.desired = Some(if is_final {
            arrive_desired(a, target, pw.slow_radius)
        } else {
            desired_towards(target - a.position, a)
        });
        d.note("active", Note::Index(Some(idx)))
            .note("distance", Note::Num((target - a.position).length()))
            .note("arrive_radius", Note::Num(pw.arrive_radius))
            .note("mode", Note::Word(if is_final { "arrive" } else { "seek" }));
    });
    follow
}

impl Behave for PathWaypoints {
    const KIND: &'static str = "path_waypoints";
    type State = ();
    type PerAgent = Leg;

    /// §5 pathFollowWaypoints.
    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        use crate::pseudo::num;
        use crate::steer::Note;
        let k = match p.note("active") {
            Some(Note::Index(i)) => super::Lines::index(i),
            _ => super::Lines::index(None),
        };
        p.add_word("target = path.waypoints[path.current]", k, "active");
        if let Some(Note::Num(x)) = p.note("distance") {
            p.add("distance(agent.position, target)", num(x), "distance");
        }
        if let Some(Note::Num(x)) = p.note("arrive_radius") {
            p.words("pseudo.path_waypoints.arrive_radius", crate::pseudo::Shown::Text(num(x)), "arrive_radius");
        }
        if matches!(p.note("mode"), Some(Note::Word("arrive"))) {
            p.desired_words("pseudo.path_waypoints.desired_arrive");
        } else {
            p.desired_words("pseudo.path_waypoints.desired_seek");
        }
        p.force(crate::pseudo::LIMIT);
    }

    /// The active waypoint: its arrival ring, or the line to it.
    fn highlight(&self, t: &crate::steer::Contribution, key: &str, h: &mut super::Highlight) -> bool {
        use crate::steer::Note;
        if !matches!(key, "active" | "arrive_radius" | "distance") {
            return false;
        }
        let note = |k: &str| t.detail.notes.iter().find(|n| n.0 == k).map(|n| n.1);
        if let Some(Note::Index(Some(k))) = note("active") {
            if let Some(&w) = h.v.scene.path.waypoints.get(k) {
                let r = match note("arrive_radius") {
                    Some(Note::Num(r)) => r,
                    _ => 0.0,
                };
                if key == "distance" {
                    let p = h.p;
                    h.line(p, w);
                } else {
                    h.ring(w, r.max(4.0));
                }
            }
        }
        true
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("arrive_radius", self.arrive_radius)?;
        c.positive("slow_radius", self.slow_radius)?;
        needs_points(c, sc.path, Self::KIND, 1)
    }

    fn force(&self, _: &(), leg: &mut Leg, ctx: &ForceCtx, a: &mut AgentStep) {
        let mode = ctx.setup.path_mode();
        if waypoints_force(a.agent, leg, &ctx.scene.path.waypoints, mode, self, a.ctl) == Follow::Arriving {
            a.tint(Tint::Set(Style::Arriving));
        }
    }

    /// Agents heading for a later waypoint keep heading for the same point.
    fn waypoint_removed(&self, inst: &mut Inst<Self>, k: usize, n: usize, mode: PathMode) {
        // A loop wraps to the start, the other modes stop at the end, as `advance` would.
        let looped = mode == PathMode::Loop;
        for leg in &mut inst.agents {
            if leg.wp as usize > k {
                leg.wp -= 1;
            }
            if leg.wp as usize >= n {
                leg.wp = if looped { 0 } else { n.saturating_sub(1) as u32 };
            }
        }
    }

    /// Each agent's active waypoint with its arrive radius (dotted) and the direction of travel (an
    /// arrow along the current leg; ping-pong also says `dir +1` / `dir -1`).
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        if layer != Layer::Under {
            return;
        }
        let wps = &v.scene.path.waypoints;
        let n = wps.len();
        if n == 0 {
            return;
        }
        let mode = v.setup.path_mode();
        for leg in &inst.agents {
            let idx = (leg.wp as usize).min(n - 1);
            let dir = dir_of(leg.dir);
            let active = wps[idx];
            list.circle(Style::ArriveRadius, active, self.arrive_radius);
            list.disc(Style::ActiveWaypoint, active, 5.5);
            // The leg being travelled: from the waypoint before the active one (in travel order).
            let prev = match mode {
                PathMode::Loop => Some((idx + n - 1) % n),
                PathMode::OneShot => idx.checked_sub(1),
                PathMode::PingPong => {
                    let p = idx as i64 - dir as i64;
                    (0..n as i64).contains(&p).then_some(p as usize)
                }
            };
            if let Some(p) = prev.filter(|&p| p != idx) {
                let from = wps[p];
                list.arrow(Style::ActiveWaypoint, from + (active - from) * 0.3, from + (active - from) * 0.7);
            }
            if mode == PathMode::PingPong {
                list.label(
                    Style::Label,
                    active + Vec2::new(8.0, 12.0),
                    if dir > 0 { "canvas.dir_plus" } else { "canvas.dir_minus" },
                );
            }
        }
    }

    /// Agent 0's active waypoint, the number of waypoints, the mode and the direction.
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let leg = inst.agents.first()?;
        let n = v.scene.path.waypoints.len();
        let active = if n > 0 { Val::Int((leg.wp as usize).min(n - 1) as i64) } else { Val::None };
        Some(
            Readout::new(Self::KIND)
                .with("active", active)
                .with("waypoints", Val::Int(n as i64))
                .with("mode", Val::Word(v.setup.path_mode().name()))
                .with("direction", Val::Int(dir_of(leg.dir) as i64)),
        )
    }

    /// Its lesson in the described scene, for agent 0: the next waypoint (1-based), how many there
    /// are, how far it is (px) and where, the mode; and how many agents are near their next one.
    fn describe(&self, inst: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let (v, leg) = (t.v, inst.agents.first()?);
        let (wps, a) = (&v.scene.path.waypoints, v.agents.first()?);
        let k = (leg.wp as usize).min(wps.len().max(1) - 1);
        let (next, distance, at) = match wps.get(k) {
            Some(&w) => (k as f32 + 1.0, v.world.delta(a.position, w).length(), t.place(w) as f32),
            None => (f32::NAN, f32::NAN, f32::NAN),
        };
        let values = vec![next, wps.len() as f32, distance, at];
        Some(Facts { kind: Self::KIND, keys: "next waypoints distance next_at", values })
    }

    /// Agent 0's distance to the path (px) and its active waypoint.
    fn measures(&self, inst: &Inst<Self>, v: &View, out: &mut super::Measures) {
        let (wps, mode) = (&v.scene.path.waypoints, v.setup.path_mode());
        let d = v.agents.first().map(|a| crate::path::distance_to_path(a.position, wps, mode));
        out.push(("path_distance", d.filter(|d| d.is_finite())));
        out.push(("waypoint_index", inst.agents.first().map(|l| l.wp as f32)));
    }

    /// Metrics `waypoint_index` / `waypoint_direction` (agent 0), `waypoint_indices` (every agent).
    fn report(&self, inst: &Inst<Self>, _v: &View, state: &mut Value) {
        let m = &mut state["metrics"];
        m["waypoint_index"] = inst.agents.first().map(|l| l.wp).into();
        m["waypoint_direction"] = inst.agents.first().map(|l| dir_of(l.dir)).into();
        m["waypoint_indices"] = inst.agents.iter().map(|l| l.wp).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_with_scene, hand_agents, sim_with};
    use glam::Vec2;

    const SC: &str = r#"[{"type": "path_waypoints", "arrive_radius": 13, "slow_radius": 24}]"#;

    /// At rest at (100, 100) with waypoints (100, 200) → (300, 200) (loop): seek waypoint 0, 100 px
    /// below: desired (0, 80).
    #[test]
    fn seeks_the_active_waypoint_by_hand() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        let path = r#""path": {"waypoints": [[100, 200], [300, 200]]}"#;
        let f = force_with_scene(SC, &agents, 0, path);
        assert!((f - Vec2::new(0.0, 80.0)).length() < 1e-4, "{f}");
    }

    /// Inside arrive_radius of waypoint 0 the agent moves on to waypoint 1 in the same step, and
    /// seeks it; at the end of a one-shot path it arrives (slows inside slow_radius).
    #[test]
    fn advances_inside_arrive_radius_and_arrives_at_the_end() {
        let agents = hand_agents(&[((100.0, 190.0), (0.0, 0.0))]);
        let path = r#""path": {"waypoints": [[100, 200], [300, 190]], "mode": "one_shot"}"#;
        let mut s = sim_with(SC, &agents, path);
        let f = s.force_on(0);
        // Waypoint 1 is 200 px to the right and final: arrive at full speed (200 > 24).
        assert!((f - Vec2::new(80.0, 0.0)).length() < 1e-4, "{f}");
        s.step();
        let leg = s.behaviour::<super::PathWaypoints>().unwrap().agents[0];
        assert_eq!(leg.wp, 1);
        // 12 px from the final waypoint: desired speed 80 · 12/24 = 40, towards it.
        let near = hand_agents(&[((288.0, 190.0), (0.0, 0.0))]);
        let path = r#""path": {"waypoints": [[300, 190]], "mode": "one_shot"}"#;
        let f = force_with_scene(SC, &near, 0, path);
        assert!((f - Vec2::new(40.0, 0.0)).length() < 1e-4, "{f}");
    }

    use super::{waypoints_force, Leg, PathWaypoints};
    use crate::agent::Agent;
    use crate::behaviours::{Behave, Inst, Val, View};
    use crate::draw::Style;
    use crate::path::{Follow, PathMode};
    use crate::steer::{Controller, Note, Trace};

    fn pw() -> PathWaypoints {
        serde_json::from_str(r#"{"weight": 1.5}"#).unwrap()
    }

    /// One call of waypoints_force on waypoints (100, 200), (300, 200), (300, 100): what it adds
    /// (rule, raw force, weight), its explanation, what it returns and the leg after it.
    fn run(at: (f32, f32), v: (f32, f32), wp: u32, wps: &[Vec2], mode: PathMode) -> (Vec2, Trace, Follow, Leg) {
        let a = Agent::new(Vec2::from(at), Vec2::from(v), 80.0, 192.0);
        let mut leg = Leg { wp, dir: 0 };
        let mut trace = Trace::default();
        let mut ctl = Controller::new(Some(&mut trace));
        let follow = waypoints_force(&a, &mut leg, wps, mode, &pw(), &mut ctl);
        let f = ctl.result(192.0);
        assert_eq!((trace.items.len(), trace.items[0].rule, trace.items[0].weight), (1, "path_waypoints", 1.5));
        (f / 1.5, trace, follow, leg)
    }

    const WPS: [Vec2; 3] = [Vec2::new(100.0, 200.0), Vec2::new(300.0, 200.0), Vec2::new(300.0, 100.0)];

    /// At (100, 187), exactly arrive_radius (13) from waypoint 0, the agent still seeks it: (0, 80);
    /// at (100, 188) it moves on to waypoint 1 and seeks it: 80·normalize(200, 12). A stored index
    /// past the end means the last waypoint (seeking it in a loop). The explanation: desired velocity,
    /// active index, distance, arrive_radius, "seek".
    #[test]
    fn seeks_and_moves_on_at_the_arrive_radius() {
        use PathMode::*;
        let (f, t, follow, leg) = run((100.0, 187.0), (0.0, 0.0), 0, &WPS, Loop);
        assert!((f - Vec2::new(0.0, 80.0)).length() < 1e-4, "{f}");
        assert_eq!((follow, leg), (Follow::Seeking, Leg { wp: 0, dir: 1 }));
        let d = &t.items[0].detail;
        assert_eq!(d.desired, Some(Vec2::new(0.0, 80.0)));
        assert_eq!(
            d.notes,
            [
                ("active", Note::Index(Some(0))),
                ("distance", Note::Num(13.0)),
                ("arrive_radius", Note::Num(13.0)),
                ("mode", Note::Word("seek"))
            ]
        );
        let (f, _, follow, leg) = run((100.0, 188.0), (0.0, 0.0), 0, &WPS, Loop);
        assert!((f - Vec2::new(200.0, 12.0).normalize() * 80.0).length() < 1e-4, "{f}");
        assert_eq!((follow, leg.wp), (Follow::Seeking, 1));
        let (f, _, follow, leg) = run((300.0, 150.0), (0.0, 0.0), 7, &WPS, Loop);
        assert!((f - Vec2::new(0.0, -80.0)).length() < 1e-4, "{f}");
        assert_eq!((follow, leg.wp), (Follow::Seeking, 2));
    }

    /// The last waypoint of a one-shot path, and a lone waypoint in any mode, are arrived at
    /// (slow_radius 24): 20 px away at rest, desired 80·20/24 (a lone waypoint 12 px away: 40). The
    /// last waypoint of a loop, and a middle one of a one-shot path, are sought at full speed.
    #[test]
    fn arrives_only_at_the_end() {
        use PathMode::*;
        let (f, t, follow, _) = run((300.0, 120.0), (0.0, 0.0), 2, &WPS, OneShot);
        assert!((f - Vec2::new(0.0, -80.0 * 20.0 / 24.0)).length() < 1e-4, "{f}");
        assert_eq!(follow, Follow::Arriving);
        let d = &t.items[0].detail;
        assert!((d.desired.unwrap() - Vec2::new(0.0, -80.0 * 20.0 / 24.0)).length() < 1e-4, "{d:?}");
        assert_eq!(d.notes[3], ("mode", Note::Word("arrive")));
        let (f, _, follow, _) = run((300.0, 120.0), (0.0, 0.0), 2, &WPS, Loop);
        assert!((f - Vec2::new(0.0, -80.0)).length() < 1e-4, "{f}");
        assert_eq!(follow, Follow::Seeking);
        let (f, _, follow, _) = run((300.0, 230.0), (0.0, 0.0), 1, &WPS, OneShot);
        assert!((f - Vec2::new(0.0, -80.0)).length() < 1e-4, "{f}");
        assert_eq!(follow, Follow::Seeking);
        let (f, _, follow, _) = run((100.0, 212.0), (0.0, 0.0), 0, &WPS[..1], Loop);
        assert!((f - Vec2::new(0.0, -40.0)).length() < 1e-4, "{f}");
        assert_eq!(follow, Follow::Arriving);
    }

    /// No waypoints: brake (−velocity), desired zero, no active index.
    #[test]
    fn brakes_without_waypoints() {
        let (f, t, follow, _) = run((100.0, 100.0), (10.0, 0.0), 0, &[], PathMode::Loop);
        assert_eq!((f, follow), (Vec2::new(-10.0, 0.0), Follow::NoPath));
        assert_eq!(t.items[0].detail.desired, Some(Vec2::ZERO));
        assert_eq!(t.items[0].detail.notes, [("active", Note::Index(None))]);
    }

    /// Removing waypoint 2 of 5: legs heading for a later one keep their point (3 → 2, 4 → 3), the
    /// others keep their index; removing the last (4 of 5), a leg heading for it wraps to 0 in a
    /// loop and stops at the new last (3) otherwise.
    #[test]
    fn legs_follow_a_removed_waypoint() {
        let legs = |wps: &[u32]| Inst::<PathWaypoints> {
            state: (),
            agents: wps.iter().map(|&wp| Leg { wp, dir: 1 }).collect(),
        };
        let wps = |inst: &Inst<PathWaypoints>| inst.agents.iter().map(|l| l.wp).collect::<Vec<_>>();
        let mut inst = legs(&[0, 2, 3, 4]);
        pw().waypoint_removed(&mut inst, 2, 4, PathMode::OneShot);
        assert_eq!(wps(&inst), [0, 2, 2, 3]);
        for (mode, want) in [(PathMode::Loop, 0), (PathMode::OneShot, 3), (PathMode::PingPong, 3)] {
            let mut inst = legs(&[4]);
            pw().waypoint_removed(&mut inst, 4, 4, mode);
            assert_eq!(wps(&inst), [want], "{mode:?}");
        }
    }

    /// The readout of agent 0 (its stored index past the end reads as the last waypoint, 2), the
    /// report of every agent, and the tint: arriving at the end of a one-shot path, none while seeking.
    #[test]
    fn readout_report_and_tint_by_hand() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((300.0, 110.0), (0.0, 0.0))]);
        let path = r#""path": {"waypoints": [[100, 200], [300, 200], [300, 100]], "mode": "ping_pong"}"#;
        let mut s = sim_with(SC, &agents, path);
        s.behaviour_mut::<PathWaypoints>().unwrap().agents = vec![Leg { wp: 7, dir: -1 }, Leg { wp: 1, dir: 1 }];
        let r = s.readout();
        assert_eq!(r.kind, "path_waypoints");
        assert_eq!(r.get("active"), Some(Val::Int(2)));
        assert_eq!(r.get("waypoints"), Some(Val::Int(3)));
        assert_eq!(r.get("mode"), Some(Val::Word("ping_pong")));
        assert_eq!(r.get("direction"), Some(Val::Int(-1)));
        let m = &s.state_json()["metrics"];
        assert_eq!((&m["waypoint_index"], &m["waypoint_direction"]), (&7.into(), &(-1).into()));
        assert_eq!(m["waypoint_indices"], serde_json::json!([7, 1]));
        // Without waypoints (all removed) there is no active one.
        let mut scene = s.scene().clone();
        scene.path.waypoints.clear();
        let inst = s.behaviour::<PathWaypoints>().unwrap();
        let agents = s.agents();
        let v = View {
            world: s.world(),
            agents: &agents,
            tints: &[],
            scene: &scene,
            setup: s.scenario().setup(),
            behaviours: &s.scenario().behaviours,
            pointer: None,
            selected: None,
            time: 0.0,
            steps: 0,
        };
        let r = pw().readout(inst, &v).unwrap();
        assert_eq!((r.get("active"), r.get("waypoints")), (Some(Val::None), Some(Val::Int(0))));
        drop(agents);

        let path = r#""path": {"waypoints": [[100, 200], [300, 100]], "mode": "one_shot"}"#;
        let mut s = sim_with(SC, &agents_at_ends(), path);
        s.behaviour_mut::<PathWaypoints>().unwrap().agents = vec![Leg { wp: 1, dir: 1 }, Leg { wp: 0, dir: 1 }];
        s.step();
        assert_eq!((s.tint(0), s.tint(1)), (Some(Style::Arriving), None));
    }

    fn agents_at_ends() -> String {
        hand_agents(&[((300.0, 150.0), (0.0, 0.0)), ((100.0, 100.0), (0.0, 0.0))])
    }

    /// Under the agents, per agent, on the square W0 (100, 100), W1 (300, 100), W2 (300, 300), W3
    /// (100, 300): its active waypoint ringed at the arrive radius 13 with a dot of 5.5, and the leg
    /// it travels as an arrow from 30 % to 70 % of the way from the waypoint before it (in travel
    /// order):
    /// - loop: active 0 comes from W3: (100, 240) → (100, 160); active 2 from W1: (300, 160) →
    ///   (300, 240); an index past the end (9) is the last waypoint, from W2: (240, 300) →
    ///   (160, 300);
    /// - one-shot: active 0 has no leg before it; active 2 comes from W1;
    /// - ping-pong, with the direction written 8 px right and 12 px below the waypoint: active 1
    ///   going −1 comes from W2: (300, 240) → (300, 160), "dir -1" at (308, 112); active 0 going +1
    ///   (0 counts as +1) and active 3 going −1 come from outside the path: no leg; active 3 going
    ///   +1 comes from W2.
    ///
    /// A loop of one waypoint has no leg; without waypoints nothing is drawn; nothing on the floor
    /// or over the agents.
    #[test]
    fn draws_each_agents_active_waypoint_and_leg_by_hand() {
        use super::super::testing::{assert_drawn, drawn, D};
        use super::{Leg, PathWaypoints};
        use crate::behaviours::Layer;
        use crate::draw::Style;
        let v = |x: f32, y: f32| Vec2::new(x, y);
        let w = [v(100.0, 100.0), v(300.0, 100.0), v(300.0, 300.0), v(100.0, 300.0)];
        let sim = |mode: &str, legs: &[(u32, i8)]| {
            let path = format!(
                r#""path": {{"waypoints": [[100, 100], [300, 100], [300, 300], [100, 300]], "mode": "{mode}"}}"#
            );
            let agents: Vec<_> = legs.iter().map(|_| ((200.0, 200.0), (0.0, 0.0))).collect();
            let mut s = sim_with(SC, &hand_agents(&agents), &path);
            s.behaviour_mut::<PathWaypoints>().unwrap().agents =
                legs.iter().map(|&(wp, dir)| Leg { wp, dir }).collect();
            s
        };
        let at = |k: usize| [(Style::ArriveRadius, D::Circle(w[k], 13.0)), (Style::ActiveWaypoint, D::Disc(w[k], 5.5))];
        let leg = |a: Vec2, b: Vec2| (Style::ActiveWaypoint, D::Arrow(a, b));
        let label = |k: usize, t: &str| (Style::Label, D::Text(w[k] + v(8.0, 12.0), t.to_string()));

        let s = sim("loop", &[(0, 1), (2, 1), (9, 1)]);
        let want = [
            &at(0)[..],
            &[leg(v(100.0, 240.0), v(100.0, 160.0))],
            &at(2),
            &[leg(v(300.0, 160.0), v(300.0, 240.0))],
            &at(3),
            &[leg(v(240.0, 300.0), v(160.0, 300.0))],
        ];
        assert_drawn(&drawn(&s, Layer::Under), &want.concat());
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
        assert_drawn(&drawn(&s, Layer::Over), &[]);

        let s = sim("one_shot", &[(0, 1), (2, 1)]);
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[&at(0)[..], &at(2), &[leg(v(300.0, 160.0), v(300.0, 240.0))]].concat(),
        );

        let s = sim("ping_pong", &[(1, -1), (0, 0), (3, -1), (3, 1)]);
        let want = [
            &at(1)[..],
            &[leg(v(300.0, 240.0), v(300.0, 160.0)), label(1, "canvas.dir_minus")],
            &at(0),
            &[label(0, "canvas.dir_plus")],
            &at(3),
            &[label(3, "canvas.dir_minus")],
            &at(3),
            &[leg(v(240.0, 300.0), v(160.0, 300.0)), label(3, "canvas.dir_plus")],
        ];
        assert_drawn(&drawn(&s, Layer::Under), &want.concat());

        let mut s =
            sim_with(SC, &hand_agents(&[((200.0, 200.0), (0.0, 0.0))]), r#""path": {"waypoints": [[100, 100]]}"#);
        assert_drawn(&drawn(&s, Layer::Under), &at(0));
        assert!(s.remove_waypoint(0));
        assert_drawn(&drawn(&s, Layer::Under), &[]);
    }
}
