//! Follow leader (steering-iv §2 and the `followLeader` pseudocode of §5), with the variants of §2.4:
//! formation slots (V, column, squad), dynamic slots (followers take the nearest free slot) and leader
//! prediction.
//!
//! Per follower, exactly as §5:
//! 1. `heading = leader.headingOrLastValid()`; `behindPoint = leader.position − heading·behind_dist`;
//!    `aheadPoint = leader.position + heading·ahead_dist`.
//! 2. If `distance(follower, aheadPoint) < ahead_radius`: `evade(aheadPoint moving with the leader's
//!    velocity)` with weight `evade_weight` (2.0).
//! 3. `arrive(behindPoint, slow_radius)` (or the follower's slot; or, with prediction, the behind point
//!    predicted from the leader's velocity).
//! 4. `separation(other followers, sep_radius)` with weight `sep_weight` (0.6).
//!
//! The result goes through the controller, which truncates it to `max_force` (§5's `limit`).
//!
//! The leader itself arrives at its target (the last click / drag) and wanders when left alone.
//!
//! Units: the seed's Unity values are metres with perception 3 m ↔ 48 px, i.e. ×16: behind_dist 2 m →
//! 32 px, ahead_dist 1.5 → 24, ahead_radius 1.5 → 24, slow_radius 1 → 16, sep_radius 1.2 → 19.2 ≈ 20.

use super::{AgentStep, Behave, Facts, ForceCtx, Inst, Layer, MoveCtx, Readout, SepForm, Tell, Tint, Val, View};
use crate::agent::Agent;
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::json_path::{f32v, obj, vec2v};
use crate::pointer::Pointer;
use crate::setup::Setup;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The seed's variants (§2.4), chosen by one selector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum FollowVariant {
    /// Everyone arrives at the single behind point (§2.2).
    #[default]
    Single,
    /// Formation slots in a V behind the leader, follower k in slot k.
    V,
    /// Formation slots in a column.
    Column,
    /// Formation slots in a squad (rows of three).
    Squad,
    /// The V slots, each follower taking the nearest free slot every step.
    Dynamic,
    /// The single behind point, predicted from the leader's velocity (pursuit with arrival).
    Prediction,
}

impl FollowVariant {
    /// The name in scenario JSON (serde's `snake_case` name; `state()` reports it).
    pub fn key(self) -> &'static str {
        match self {
            FollowVariant::Single => "single",
            FollowVariant::V => "v",
            FollowVariant::Column => "column",
            FollowVariant::Squad => "squad",
            FollowVariant::Dynamic => "dynamic",
            FollowVariant::Prediction => "prediction",
        }
    }

    pub fn has_slots(self) -> bool {
        matches!(self, FollowVariant::V | FollowVariant::Column | FollowVariant::Squad | FollowVariant::Dynamic)
    }
}

super::defaults! {
    d_one = 1.0; d_behind = 32.0; d_ahead = 24.0; d_ahead_radius = 24.0; d_slow = 16.0; d_sep_radius = 20.0;
    d_evade_w = 2.0; d_sep_w = 0.6; d_spacing = 22.0; d_max_prediction = 1.0; d_leader_speed = 48.0;
    d_leader_slow = 48.0; d_wander_after = 3.0;
}

/// `{"type": "follow_leader", ...}`: parameters of §5's `FollowParams` plus the leader's own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FollowLeader {
    #[serde(default = "d_one")]
    pub weight: f32,
    /// Index of the leader among the agents; all the others follow.
    #[serde(default)]
    pub leader: usize,
    #[serde(default)]
    pub variant: FollowVariant,
    #[serde(default = "d_behind")]
    pub behind_dist: f32,
    #[serde(default = "d_ahead")]
    pub ahead_dist: f32,
    #[serde(default = "d_ahead_radius")]
    pub ahead_radius: f32,
    #[serde(default = "d_slow")]
    pub slow_radius: f32,
    #[serde(default = "d_sep_radius")]
    pub sep_radius: f32,
    /// §5: evade "con peso alto" (2.0).
    #[serde(default = "d_evade_w")]
    pub evade_weight: f32,
    /// §5: separation "peso medio" (0.6).
    #[serde(default = "d_sep_w")]
    pub sep_weight: f32,
    /// Distance between neighbouring formation slots.
    #[serde(default = "d_spacing")]
    pub slot_spacing: f32,
    /// Cap of the look-ahead time used by evade and by the prediction variant, seconds.
    #[serde(default = "d_max_prediction")]
    pub max_prediction: f32,
    /// The leader's cruising speed (it is capped by `motion.max_speed`).
    #[serde(default = "d_leader_speed")]
    pub leader_speed: f32,
    /// The leader's arrive radius when it goes to its target.
    #[serde(default = "d_leader_slow")]
    pub leader_slow_radius: f32,
    /// Seconds the leader rests at its target before it starts wandering again.
    #[serde(default = "d_wander_after")]
    pub wander_after: f32,
    /// How followers keep apart: `"flocking"` (§5, the default), `"unity"` (§6's code) or `"push"`
    /// (steerlab's earlier form, which does not brake followers walking side by side).
    #[serde(default)]
    pub sep_form: SepForm,
}

impl FollowLeader {
    fn check(&self, c: &Check, agents: usize) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        if self.leader >= agents {
            crate::check::fail(format!("{}.leader: no agent {} (there are {agents})", c.path, self.leader))?;
        }
        c.non_negative("behind_dist", self.behind_dist)?;
        c.non_negative("ahead_dist", self.ahead_dist)?;
        c.positive("ahead_radius", self.ahead_radius)?;
        c.positive("slow_radius", self.slow_radius)?;
        c.positive("sep_radius", self.sep_radius)?;
        c.non_negative("evade_weight", self.evade_weight)?;
        c.non_negative("sep_weight", self.sep_weight)?;
        c.non_negative("slot_spacing", self.slot_spacing)?;
        c.non_negative("max_prediction", self.max_prediction)?;
        c.positive("leader_speed", self.leader_speed)?;
        c.positive("leader_slow_radius", self.leader_slow_radius)?;
        c.non_negative("wander_after", self.wander_after)?;
        Ok(())
    }
}

mod forces;
mod formation;
pub use forces::*;
pub use formation::*;

/// The leader's own per-agent state: its wander angle (the followers' entries are unused).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LeaderAngle(pub f32);

impl Behave for FollowLeader {
    const KIND: &'static str = "follow_leader";
    type State = LeaderState;
    type PerAgent = LeaderAngle;

    /// Steering-iv §5: evade the point ahead of the leader, arrive at the point behind (or the
    /// follower's slot), keep apart; the leader's own arrive, wander and edges.
    fn pseudo(&self, t: &crate::steer::Contribution, p: &mut super::Lines) {
        use crate::pseudo::{vec, LIMIT};
        use crate::steer::Note;
        match t.rule {
            "evade" if p.note("in_ahead_zone").is_some() => {
                p.point("ahead = leader.position + heading * ahead_dist", "ahead");
                let inside = matches!(p.note("in_ahead_zone"), Some(Note::Flag(true)));
                p.add_word(
                    "distance(follower.position, ahead) < ahead_radius",
                    super::Lines::yes(inside),
                    "in_ahead_zone",
                );
                if !inside {
                    return p.nothing("pseudo.follow_leader.not_in_the_way");
                }
                p.point("predicted = ahead + leader.velocity * T", "predicted");
                p.desired("desired = normalize(self.position - predicted) * max_speed");
                p.force(LIMIT);
            }
            "evade" => super::evade::lines(p),
            "separation" => super::sep_form_lines(p),
            "arrive" => super::arrive::lines(p),
            "wander" => super::wander::lines(p),
            "edges" => p.edges(),
            _ => {
                if let Some(Note::Point(q)) = p.note("behind") {
                    let shown = crate::pseudo::Shown::Text(vec(q));
                    match self.variant {
                        FollowVariant::Single => {
                            p.add_word("behind = leader.position - heading * behind_dist", shown, "behind")
                        }
                        FollowVariant::Prediction => p.add_word(
                            "behind = (leader.position - heading * behind_dist) + leader.velocity * T",
                            shown,
                            "behind",
                        ),
                        _ => p.words("pseudo.follow_leader.slot", shown, "behind"),
                    }
                }
                p.desired("desired = normalize(behind - self.position) * max_speed * min(1, distance / slow_radius)");
                p.force(LIMIT);
            }
        }
    }

    fn style(&self, rule: &str) -> Style {
        if rule == "separation" {
            Style::ForceSeparation
        } else {
            Style::ForceOther
        }
    }

    /// The others within `sep_radius` (not the leader), and the zone ahead of the leader.
    fn highlight(&self, t: &crate::steer::Contribution, key: &str, h: &mut super::Highlight) -> bool {
        match key {
            "neighbours" | "sum" if t.rule == "separation" => h.neighbours(self.sep_radius, Some(self.leader), true),
            "in_ahead_zone" => {
                if let Some(crate::steer::Note::Point(a)) = t.detail.notes.iter().find(|n| n.0 == "ahead").map(|n| n.1)
                {
                    let c = h.p + h.v.world.delta(h.p, a);
                    h.ring(c, self.ahead_radius);
                }
            }
            _ => return false,
        }
        true
    }

    fn not_inspected_first(&self) -> Option<usize> {
        Some(self.leader)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn draws_random(&self) -> bool {
        true
    }

    fn validate(&self, c: &Check, sc: &Setup) -> Result<(), String> {
        self.check(c, sc.agent_count)
    }

    /// Followers keep apart within `sep_radius`.
    fn neighbour_radius(&self) -> f32 {
        self.sep_radius
    }

    fn reset(&self, inst: &mut Inst<Self>, agents: &[Agent]) {
        inst.state.heading = agents.get(self.leader).map_or(Vec2::X, |a| a.heading);
    }

    /// The formation slots, and who takes which, from the step's snapshot.
    fn pre_forces(&self, inst: &mut Inst<Self>, ctx: &ForceCtx) {
        inst.state.pre_step(ctx.world, ctx.agents, self);
    }

    fn force(&self, st: &LeaderState, me: &mut LeaderAngle, ctx: &ForceCtx, a: &mut AgentStep) {
        if self.leader >= ctx.agents.len() {
            return;
        }
        if a.i == self.leader {
            leader_force(ctx.world, a.agent, st, self, &mut me.0, a.rng, a.ctl);
            a.tint(Tint::Set(Style::Leader));
        } else {
            let s = follower_force(ctx, st, self, a.i, a.ctl);
            a.tint(Tint::Set(match s {
                FollowerState::Evading => Style::Evading,
                FollowerState::Arriving => Style::Arriving,
            }));
        }
    }

    fn post_move(&self, inst: &mut Inst<Self>, m: &mut MoveCtx) {
        inst.state.post_move(m.agents, self, m.dt);
    }

    /// `"interaction": "leader"`: a click or a drag sets where the leader goes.
    fn pointer(&self, inst: &mut Inst<Self>, ev: Pointer, dragging: bool) -> bool {
        match ev {
            Pointer::Down(p) => {
                inst.state.set_target(p);
                true
            }
            Pointer::Move(p) if dragging => {
                inst.state.set_target(p);
                true
            }
            _ => false,
        }
    }

    /// Under the agents: the leader's target, the forbidden zone ahead, the behind point or the
    /// slots (with, for dynamic slots, who took which).
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        if layer != Layer::Under {
            return;
        }
        let st = &inst.state;
        let Some(l) = v.agents.get(self.leader) else {
            return;
        };
        let h = st.heading();
        if let Some(t) = st.target {
            list.line(Style::Goal, l.position, t);
            list.circle(Style::Goal, t, 6.0);
        }
        list.circle(Style::AheadZone, ahead_point(l.position, h, self), self.ahead_radius);
        if self.variant.has_slots() {
            for (i, a) in v.agents.iter().enumerate() {
                if let Some(t) = follower_target(st, v.agents, self, i) {
                    list.circle(Style::BehindPoint, t, 3.0);
                    if self.variant == FollowVariant::Dynamic {
                        list.line(Style::BehindPoint, a.position, t);
                    }
                }
            }
        } else {
            list.disc(Style::BehindPoint, behind_point(l.position, h, self), 3.5);
        }
    }

    /// Followers, the variant, their mean distance to their point (px) and how many are inside the
    /// forbidden zone.
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let m = measure(&inst.state, v, self)?;
        Some(
            Readout::new(Self::KIND)
                .with("followers", Val::Int(m.followers as i64))
                .with("variant", Val::Word(self.variant.key()))
                .with("mean_target_distance", Val::Num(m.mean_distance.unwrap_or(0.0) as f64, 1))
                .with("in_ahead_zone", Val::Int(m.in_zone as i64)),
        )
    }

    /// Its lesson in the described scene: the followers' mean distance to the leader and to their
    /// places behind it (px), how many step out of its way (evading, in the zone ahead of it), and
    /// the variant.
    fn describe(&self, inst: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let m = measure(&inst.state, t.v, self)?;
        let l = t.v.agents.get(self.leader)?.position;
        let others = t.v.agents.iter().enumerate().filter(|&(i, _)| i != self.leader);
        let (sum, n) = others.fold((0f32, 0u32), |(s, n), (_, a)| (s + t.v.world.delta(l, a.position).length(), n + 1));
        let place = m.mean_distance.unwrap_or(f32::NAN);
        let values = vec![m.followers as f32, sum / n as f32, place, t.tinted(Style::Evading) as f32, m.in_zone as f32];
        Some(Facts { kind: Self::KIND, keys: "followers leader_distance place_distance evading in_ahead_zone", values })
    }

    /// `state()` additions: `leader` {index, position, heading, target, behind_point, ahead_point,
    /// variant} and metrics `followers_in_ahead_zone`, `mean_target_distance`.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        let st = &inst.state;
        let Some(m) = measure(st, v, self) else { return };
        let Some(l) = v.agents.get(self.leader) else { return };
        let h = st.heading();
        state["leader"] = obj(vec![
            ("index", self.leader.into()),
            ("position", vec2v(l.position)),
            ("heading", vec2v(h)),
            ("target", st.target.map(vec2v).into()),
            ("behind_point", vec2v(behind_point(l.position, h, self))),
            ("ahead_point", vec2v(ahead_point(l.position, h, self))),
            ("variant", self.variant.key().into()),
        ]);
        state["metrics"]["followers_in_ahead_zone"] = m.in_zone.into();
        state["metrics"]["mean_target_distance"] = m.mean_distance.map_or(Value::Null, f32v);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents};
    use super::*;
    use crate::steer::Controller;
    use crate::world::{Edges, World};

    #[test]
    fn key_is_the_serde_name() {
        use FollowVariant::*;
        for v in [Single, V, Column, Squad, Dynamic, Prediction] {
            assert_eq!(serde_json::to_value(v).unwrap(), v.key(), "{v:?}");
        }
    }

    /// Leader at (200, 100) heading +x; one follower at rest at (150, 100), 50 px behind:
    /// behind point (168, 100) (behind_dist 32), 18 px ahead of the follower, outside slow_radius
    /// 16 → arrive at full speed: desired (80, 0); no evade (the ahead point is 74 px away), no
    /// separation (sep_radius 20, the leader is skipped). Total (80, 0).
    #[test]
    fn a_follower_arrives_at_the_behind_point_by_hand() {
        let sc = r#"[{"type": "follow_leader", "leader": 0}]"#;
        let agents = hand_agents(&[((200.0, 100.0), (40.0, 0.0)), ((150.0, 100.0), (0.0, 0.0))]);
        let f = force_of(sc, &agents, 1);
        assert!((f - Vec2::new(80.0, 0.0)).length() < 1e-3, "{f}");
        // 8 px behind the behind point (inside slow_radius 16): desired speed 80 · 8/16 = 40.
        let agents = hand_agents(&[((200.0, 100.0), (40.0, 0.0)), ((160.0, 100.0), (0.0, 0.0))]);
        let f = force_of(sc, &agents, 1);
        assert!((f - Vec2::new(40.0, 0.0)).length() < 1e-3, "{f}");
    }

    /// A follower in the forbidden zone ahead of the leader evades it with weight 2 (the evade
    /// force points away from the ahead point, i.e. sideways/back, never towards it).
    #[test]
    fn a_follower_in_the_ahead_zone_evades() {
        let sc = r#"[{"type": "follow_leader", "leader": 0, "sep_radius": 4}]"#;
        // Leader at (200,100) heading +x: ahead point (224, 100); follower at (224, 110), at rest.
        let agents = hand_agents(&[((200.0, 100.0), (40.0, 0.0)), ((224.0, 110.0), (0.0, 0.0))]);
        let f = force_of(sc, &agents, 1);
        // Evade: T = 10/80 = 0.125 s, predicted ahead point (229, 100): flee → desired
        // 80·normalize((−5, 10)) = (−35.78, 71.55), weight 2. Arrive at the behind point (168, 100):
        // 56 px away → desired 80·normalize((−56, −10)). Sum truncated to 192.
        let evade = Vec2::new(-5.0, 10.0).normalize() * 80.0 * 2.0;
        let arrive = Vec2::new(-56.0, -10.0).normalize() * 80.0;
        let want = (evade + arrive).clamp_length_max(192.0);
        assert!((f - want).length() < 1e-2, "{f} vs {want}");
        assert!(f.y > 0.0, "pushed away from the leader's path, not into it");
    }

    /// The three separation forms for a follower at rest 10 px from another (sep_radius 20), the
    /// leader far away: flocking (§5) — mean of normalize(self − other)/d = (−0.1, 0) → desired
    /// (−80, 0) − velocity 0 = (−80, 0); unity (§6) — normalize(off)·80·(1 − 10/20) − 0 = (−40, 0);
    /// push — normalize(off)·(1 − 10/20)·80 = (−40, 0). With the follower moving (0, 30): flocking
    /// subtracts it, (−80, −30); unity too, (−40, −30); push does not, (−40, 0).
    #[test]
    fn the_three_separation_forms_by_hand() {
        use super::super::testing::sim_with;
        for (form, rest, moving) in [
            ("flocking", Vec2::new(-80.0, 0.0), Vec2::new(-80.0, -30.0)),
            ("unity", Vec2::new(-40.0, 0.0), Vec2::new(-40.0, -30.0)),
            ("push", Vec2::new(-40.0, 0.0), Vec2::new(-40.0, 0.0)),
        ] {
            for (v, want) in [((0.0, 0.0), rest), ((0.0, 30.0), moving)] {
                let sc =
                    format!(r#"[{{"type": "follow_leader", "leader": 0, "sep_radius": 20, "sep_form": "{form}"}}]"#);
                let agents =
                    hand_agents(&[((300.0, 300.0), (40.0, 0.0)), ((100.0, 100.0), v), ((110.0, 100.0), (0.0, 0.0))]);
                let e = sim_with(&sc, &agents, "").explain(1).unwrap();
                let t = e.terms.iter().find(|t| t.rule == "separation").unwrap();
                assert!((t.raw - want).length() < 1e-3, "{form} {v:?}: {} vs {want}", t.raw);
                assert_eq!(t.weight, 0.6);
                assert_eq!(t.detail.neighbours, Some(1));
            }
        }
    }

    fn params(json: &str) -> FollowLeader {
        serde_json::from_str(json).unwrap()
    }

    fn at(x: f32, y: f32) -> Agent {
        Agent::new(Vec2::new(x, y), Vec2::ZERO, 80.0, 192.0)
    }

    /// Slots by hand with behind_dist 30 and slot_spacing 10: V (and dynamic) in rows of two, row
    /// r = k/2 + 1 at 30 + (r − 1)·8 back and r·7 aside (even k to the −side); a column 30 + 10k back;
    /// a squad in rows of three, 30 + (k/3)·10 back, (k%3 − 1)·10 aside; single and prediction 30 back.
    #[test]
    fn slot_offsets_by_hand() {
        use FollowVariant::*;
        let p = params(r#"{"behind_dist": 30, "slot_spacing": 10}"#);
        for (v, k, want) in [
            (V, 0, (30.0, -7.0)),
            (V, 1, (30.0, 7.0)),
            (V, 2, (38.0, -14.0)),
            (V, 5, (46.0, 21.0)),
            (Dynamic, 3, (38.0, 14.0)),
            (Column, 0, (30.0, 0.0)),
            (Column, 3, (60.0, 0.0)),
            (Squad, 0, (30.0, -10.0)),
            (Squad, 4, (40.0, 0.0)),
            (Squad, 5, (40.0, 10.0)),
            (Squad, 7, (50.0, 0.0)),
            (Single, 4, (30.0, 0.0)),
            (Prediction, 4, (30.0, 0.0)),
        ] {
            let (back, side) = slot_offset(v, k, &p);
            assert!((back - want.0).abs() < 1e-4 && (side - want.1).abs() < 1e-4, "{v:?} {k}: {back}, {side}");
        }
    }

    /// Leader at (100, 100) heading (0.6, 0.8): its side is (−0.8, 0.6), so the slot 10 back and 5
    /// aside is (100 − 6 − 4, 100 − 8 + 3) = (90, 95); the behind point (behind_dist 30) is (82, 76)
    /// and the ahead point (ahead_dist 20) is (112, 116).
    #[test]
    fn slot_behind_and_ahead_points_by_hand() {
        let (l, h) = (Vec2::new(100.0, 100.0), Vec2::new(0.6, 0.8));
        let p = params(r#"{"behind_dist": 30, "ahead_dist": 20}"#);
        let near = |a: Vec2, b: Vec2| (a - b).length() < 1e-4;
        assert!(near(slot_point(l, h, (10.0, 5.0)), Vec2::new(90.0, 95.0)), "{}", slot_point(l, h, (10.0, 5.0)));
        assert!(near(behind_point(l, h, &p), Vec2::new(82.0, 76.0)), "{}", behind_point(l, h, &p));
        assert!(near(ahead_point(l, h, &p), Vec2::new(112.0, 116.0)), "{}", ahead_point(l, h, &p));
    }

    #[test]
    fn slots_only_for_the_formations_and_the_heading_is_never_zero() {
        use FollowVariant::*;
        for (v, want) in
            [(Single, false), (V, true), (Column, true), (Squad, true), (Dynamic, true), (Prediction, false)]
        {
            assert_eq!(v.has_slots(), want, "{v:?}");
        }
        let mut st = LeaderState::default();
        assert_eq!(st.heading(), Vec2::X);
        st.heading = Vec2::new(0.0, -2.0);
        assert_eq!(st.heading(), Vec2::new(0.0, -1.0));
    }

    /// pre_step, the leader second of four agents at (200, 200) heading (0, 1): a column has three
    /// slots, 32, 54 and 76 back — (200, 168), (200, 146), (200, 124) — handed out in agent order
    /// (the leader has none), although the nearest slots would be another order; the single variant
    /// has one slot, the behind point, for everyone. A lone leader has no slots, and a leader out of
    /// range gives none either.
    #[test]
    fn pre_step_places_the_slots_and_hands_them_out_in_agent_order() {
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let agents = [at(200.0, 100.0), at(200.0, 200.0), at(200.0, 180.0), at(50.0, 50.0)];
        let mut st = LeaderState { heading: Vec2::Y, ..Default::default() };
        st.pre_step(&world, &agents, &params(r#"{"leader": 1, "variant": "column"}"#));
        assert_eq!(st.slots, [Vec2::new(200.0, 168.0), Vec2::new(200.0, 146.0), Vec2::new(200.0, 124.0)]);
        assert_eq!(st.slot_of, [0, NO_SLOT, 1, 2]);
        assert_eq!(st.target_of(3), Some(Vec2::new(200.0, 124.0)));
        assert_eq!(st.target_of(1), None);

        let mut st = LeaderState { heading: Vec2::Y, ..Default::default() };
        st.pre_step(&world, &agents, &params(r#"{"leader": 1}"#));
        assert_eq!(st.slots, [Vec2::new(200.0, 168.0)]);
        assert_eq!(st.slot_of, [0, NO_SLOT, 0, 0]);

        st.pre_step(&world, &agents[..1], &params(r#"{"leader": 0, "variant": "column"}"#));
        assert!(st.slots.is_empty());
        assert_eq!(st.slot_of, [NO_SLOT]);
        st.pre_step(&world, &agents[..2], &params(r#"{"leader": 5}"#));
        assert!(st.slots.is_empty());
        assert_eq!(st.slot_of, [NO_SLOT, NO_SLOT]);
    }

    /// Dynamic slots, leader at (200, 200) heading +x: V slots (168, 184.6) and (168, 215.4). Follower
    /// 1 at (168, 200.5) is 15.9 px from slot 0 and 14.9 px from slot 1; follower 2 is far away at
    /// (100, 300). Fresh, follower 1 takes slot 1 (the nearest pair) and follower 2 slot 0. Having
    /// held slot 0 the step before, follower 1 keeps it: 15.9·0.8 = 12.7 < 14.9.
    #[test]
    fn dynamic_slots_go_to_the_nearest_and_stick() {
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let agents = [at(200.0, 200.0), at(168.0, 200.5), at(100.0, 300.0)];
        let fl = params(r#"{"variant": "dynamic"}"#);
        let mut st = LeaderState { heading: Vec2::X, ..Default::default() };
        st.pre_step(&world, &agents, &fl);
        assert!((st.slots[0] - Vec2::new(168.0, 184.6)).length() < 1e-4, "{:?}", st.slots);
        assert!((st.slots[1] - Vec2::new(168.0, 215.4)).length() < 1e-4, "{:?}", st.slots);
        assert_eq!(st.slot_of, [NO_SLOT, 1, 0]);
        let mut st = LeaderState { heading: Vec2::X, slot_of: vec![NO_SLOT, 0, 1], ..Default::default() };
        st.pre_step(&world, &agents, &fl);
        assert_eq!(st.slot_of, [NO_SLOT, 0, 1]);
    }

    /// Dynamic slots are matched up to DYNAMIC_MAX = 64 followers; beyond, follower k keeps slot k.
    /// Each follower stands on the slot of the reverse order (follower k on slot n − 1 − k).
    #[test]
    fn dynamic_matching_up_to_64_followers() {
        let world = World::new(4000.0, 4000.0, Edges::Bounce);
        let fl = params(r#"{"variant": "dynamic"}"#);
        for followers in [64usize, 65] {
            let lp = Vec2::new(2000.0, 2000.0);
            let mut agents = vec![at(lp.x, lp.y)];
            for k in 0..followers {
                let s = slot_point(lp, Vec2::X, slot_offset(FollowVariant::Dynamic, followers - 1 - k, &fl));
                agents.push(at(s.x, s.y));
            }
            let mut st = LeaderState { heading: Vec2::X, ..Default::default() };
            st.pre_step(&world, &agents, &fl);
            for k in 0..followers {
                let want = if followers <= DYNAMIC_MAX { followers - 1 - k } else { k };
                assert_eq!(st.slot_of[k + 1], want as u32, "{followers} followers, follower {k}");
            }
        }
    }

    /// post_move: the heading follows the leader's velocity only above max(1.6, 0.25·min(48, 80)) =
    /// 12 px/s; 12 itself is not enough.
    #[test]
    fn the_heading_follows_the_leader_above_a_quarter_of_its_cruise() {
        let fl = params("{}");
        for (v, want) in [(13.0, Vec2::Y), (12.0, Vec2::X), (11.0, Vec2::X)] {
            let mut st = LeaderState { heading: Vec2::X, ..Default::default() };
            let a = Agent::new(Vec2::new(100.0, 100.0), Vec2::new(0.0, v), 80.0, 192.0);
            st.post_move(&[a], &fl, 0.5);
            assert_eq!(st.heading, want, "speed {v}");
        }
    }

    /// Within 6 px of its target and slower than 6 px/s the leader rests; after wander_after = 3 s
    /// of rest (six steps of 0.5 s) it drops the target. 6 px away, or 6 px/s, is not arrived, nor is
    /// standing still far away: the rest starts over.
    #[test]
    fn the_leader_rests_at_its_target_then_wanders() {
        let fl = params(r#"{"wander_after": 3}"#);
        let leader = |x: f32, vx: f32| Agent::new(Vec2::new(x, 100.0), Vec2::new(vx, 0.0), 80.0, 192.0);
        let mut st = LeaderState { idle: 2.0, ..Default::default() };
        st.set_target(Vec2::new(100.0, 100.0));
        assert_eq!((st.target, st.idle), (Some(Vec2::new(100.0, 100.0)), 0.0));
        st.set_target(Vec2::new(f32::NAN, 1.0));
        assert_eq!(st.target, Some(Vec2::new(100.0, 100.0)));
        for n in 1..=5 {
            st.post_move(&[leader(105.0, 0.0)], &fl, 0.5);
            assert_eq!((st.target.is_some(), st.idle), (true, 0.5 * n as f32));
        }
        st.post_move(&[leader(105.0, 0.0)], &fl, 0.5);
        assert_eq!((st.target, st.idle), (None, 0.0));
        for a in [leader(106.0, 0.0), leader(105.0, 6.0), leader(200.0, 0.0)] {
            let mut st = LeaderState { target: Some(Vec2::new(100.0, 100.0)), idle: 1.0, ..Default::default() };
            st.post_move(&[a], &fl, 0.5);
            assert_eq!((st.target.is_some(), st.idle), (true, 0.0), "{a:?}");
        }
    }

    /// follower_target, the leader second of four at (200, 200) heading (0, 1), a column: before any
    /// slot is handed out follower i takes slot i − (i > leader): (200, 168), —, (200, 146),
    /// (200, 124); with slots handed out, its own (a follower without one falls back the same way).
    #[test]
    fn follower_targets_by_hand() {
        let agents = [at(0.0, 0.0), at(200.0, 200.0), at(0.0, 0.0), at(0.0, 0.0)];
        let fl = params(r#"{"leader": 1, "variant": "column"}"#);
        let (s0, s1, s2) = (Vec2::new(200.0, 168.0), Vec2::new(200.0, 146.0), Vec2::new(200.0, 124.0));
        let mut st = LeaderState { heading: Vec2::Y, ..Default::default() };
        let got = |st: &LeaderState| (0..5).map(|i| follower_target(st, &agents, &fl, i)).collect::<Vec<_>>();
        assert_eq!(got(&st), [Some(s0), None, Some(s1), Some(s2), None]);
        st.slot_of = vec![2, NO_SLOT, 0, 1];
        assert_eq!(got(&st), [Some(s2), None, Some(s0), Some(s1), None]);
        st.slot_of = vec![NO_SLOT, NO_SLOT, 0, 0];
        assert_eq!(got(&st), [Some(s0), None, Some(s0), Some(s0), None]);
    }

    /// The readout and `state()`: leader at (200, 200) moving +x (heading (1, 0)), single variant:
    /// behind point (168, 200), ahead point (224, 200). Followers at (150, 200), (224, 210),
    /// (248, 200) and (230, 200) are 18, √3236 = 56.886, 80 and 62 px from the behind point (mean
    /// 54.222); two are inside the ahead zone (10 and 6 px from the ahead point; the one at exactly
    /// 24 px is not). A lone leader: no followers, mean 0 in the readout, null in `state()`.
    #[test]
    fn readout_and_report_by_hand() {
        use super::super::testing::sim_with;
        let sc = r#"[{"type": "follow_leader"}]"#;
        let agents = hand_agents(&[
            ((200.0, 200.0), (40.0, 0.0)),
            ((150.0, 200.0), (0.0, 0.0)),
            ((224.0, 210.0), (0.0, 0.0)),
            ((248.0, 200.0), (0.0, 0.0)),
            ((230.0, 200.0), (0.0, 0.0)),
        ]);
        let sim = sim_with(sc, &agents, "");
        let r = sim.readout();
        assert_eq!(r.kind, "follow_leader");
        assert_eq!(r.get("followers"), Some(Val::Int(4)));
        assert_eq!(r.get("variant"), Some(Val::Word("single")));
        assert_eq!(r.get("in_ahead_zone"), Some(Val::Int(2)));
        let mean = (18.0 + 3236f64.sqrt() + 80.0 + 62.0) / 4.0;
        match r.get("mean_target_distance") {
            Some(Val::Num(x, 1)) => assert!((x - mean).abs() < 1e-3, "{x} vs {mean}"),
            other => panic!("{other:?}"),
        }
        let s = sim.state_json();
        let l = &s["leader"];
        assert_eq!(l["index"], 0);
        assert_eq!(l["position"], serde_json::json!([200.0, 200.0]));
        assert_eq!(l["heading"], serde_json::json!([1.0, 0.0]));
        assert_eq!(l["target"], Value::Null);
        assert_eq!(l["behind_point"], serde_json::json!([168.0, 200.0]));
        assert_eq!(l["ahead_point"], serde_json::json!([224.0, 200.0]));
        assert_eq!(l["variant"], "single");
        assert_eq!(s["metrics"]["followers_in_ahead_zone"], 2);
        assert!((s["metrics"]["mean_target_distance"].as_f64().unwrap() - mean).abs() < 1e-3);

        let sim = sim_with(sc, &hand_agents(&[((200.0, 200.0), (40.0, 0.0))]), "");
        let r = sim.readout();
        assert_eq!(r.get("followers"), Some(Val::Int(0)));
        assert_eq!(r.get("mean_target_distance"), Some(Val::Num(0.0, 1)));
        assert_eq!(sim.state_json()["metrics"]["mean_target_distance"], Value::Null);
    }

    fn leader_terms(world: &World, a: &Agent, st: &LeaderState, fl: &FollowLeader) -> Vec<(&'static str, Vec2, f32)> {
        let mut trace = crate::steer::Trace::default();
        let mut ctl = Controller::new(Some(&mut trace));
        let (mut angle, mut rng) = (0.0, crate::rng::seeded(1));
        leader_force(world, a, st, fl, &mut angle, &mut rng, &mut ctl);
        trace.items.iter().map(|c| (c.rule, c.raw, c.weight)).collect()
    }

    /// The leader with a target arrives at it at min(leader_speed 48, max_speed 80) = 48 px/s, slowing
    /// inside leader_slow_radius 48: from rest at (100, 100), a target 100 px to the right gives (48,
    /// 0); at (390, 100), the target (10, 100) is 20 px ahead across the wrapping edge: 48·20/48 =
    /// (20, 0). The weight is the behaviour's.
    #[test]
    fn the_leader_arrives_at_its_target_by_hand() {
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let fl = params(r#"{"weight": 1.5}"#);
        for (from, to, want) in [(100.0, 200.0, 48.0), (390.0, 10.0, 20.0)] {
            let st = LeaderState { target: Some(Vec2::new(to, 100.0)), ..Default::default() };
            let t = leader_terms(&world, &at(from, 100.0), &st, &fl);
            assert_eq!(t.len(), 1, "{t:?}");
            assert_eq!((t[0].0, t[0].2), ("arrive", 1.5));
            assert!((t[0].1 - Vec2::new(want, 0.0)).length() < 1e-4, "{t:?}");
        }
    }

    /// A wandering leader in a bouncing world turns back within m = min(max(margin 40, 40), w/2, h/2)
    /// of a wall: steer (at 48 px/s, weight 2) towards the centre. In a 400×400 world 39 px from a wall
    /// counts, 40 does not; a 60 px wide (or high) world has m = 30, and its middle line is outside.
    /// A wrapping world never turns back.
    #[test]
    fn the_wandering_leader_turns_back_from_the_walls() {
        let fl = params("{}");
        let st = LeaderState::default();
        let edges = |w: f32, h: f32, edges: Edges, x: f32, y: f32| {
            let t = leader_terms(&World::new(w, h, edges), &at(x, y), &st, &fl);
            assert_eq!((t[0].0, t[0].2), ("wander", 1.0));
            t.iter().find(|c| c.0 == "edges").map(|c| (c.1, c.2))
        };
        let b = Edges::Bounce;
        assert_eq!(edges(400.0, 400.0, b, 39.0, 200.0), Some((Vec2::new(48.0, 0.0), 2.0)));
        assert_eq!(edges(400.0, 400.0, b, 361.0, 200.0), Some((Vec2::new(-48.0, 0.0), 2.0)));
        assert_eq!(edges(400.0, 400.0, b, 200.0, 39.0), Some((Vec2::new(0.0, 48.0), 2.0)));
        assert_eq!(edges(400.0, 400.0, b, 200.0, 361.0), Some((Vec2::new(0.0, -48.0), 2.0)));
        for (x, y) in [(40.0, 200.0), (360.0, 200.0), (200.0, 40.0), (200.0, 360.0), (200.0, 200.0)] {
            assert_eq!(edges(400.0, 400.0, b, x, y), None, "({x}, {y})");
        }
        assert_eq!(edges(60.0, 400.0, b, 30.0, 200.0), None);
        assert_eq!(edges(400.0, 60.0, b, 200.0, 30.0), None);
        assert_eq!(edges(400.0, 400.0, Edges::Wrap, 10.0, 200.0), None);
    }

    fn explain_of(sim: &crate::Sim, i: usize, rule: &str) -> crate::steer::Contribution {
        sim.explain(i).unwrap().terms.into_iter().find(|t| t.rule == rule).unwrap()
    }

    /// Leader at (200, 100) heading +x, ahead point (224, 100), ahead_radius 24, weight 1.5: a
    /// follower exactly 24 px from the ahead point is outside the zone — evade idle with weight
    /// 1.5·2 = 3, separation idle with 1.5·0.6. At (224, 110) it evades: the prediction (229, 100)
    /// (T = 10/80 = 0.125 s of the leader's (40, 0)), desired 80·normalize(−5, 10).
    #[test]
    fn the_ahead_zone_edge_and_the_evade_explanation_by_hand() {
        use super::super::testing::sim_with;
        use crate::steer::Note;
        let sc = r#"[{"type": "follow_leader", "weight": 1.5}]"#;
        let s = sim_with(sc, &hand_agents(&[((200.0, 100.0), (40.0, 0.0)), ((224.0, 124.0), (0.0, 0.0))]), "");
        let e = explain_of(&s, 1, "evade");
        assert_eq!((e.raw, e.weight), (Vec2::ZERO, 3.0));
        let ahead = ("ahead", Note::Point(Vec2::new(224.0, 100.0)));
        assert_eq!(e.detail.notes, [ahead, ("in_ahead_zone", Note::Flag(false))]);
        let sep = explain_of(&s, 1, "separation");
        assert_eq!((sep.raw, sep.weight, sep.detail.neighbours), (Vec2::ZERO, 1.5f32 * 0.6, Some(0)));
        let s = sim_with(sc, &hand_agents(&[((200.0, 100.0), (40.0, 0.0)), ((224.0, 110.0), (0.0, 0.0))]), "");
        let e = explain_of(&s, 1, "evade");
        assert_eq!(e.weight, 3.0);
        let want = Vec2::new(-5.0, 10.0).normalize() * 80.0;
        assert!((e.detail.desired.unwrap() - want).length() < 1e-3, "{:?}", e.detail);
        let predicted = ("predicted", Note::Point(Vec2::new(229.0, 100.0)));
        assert_eq!(e.detail.notes, [ahead, predicted, ("in_ahead_zone", Note::Flag(true))]);
    }

    /// A follower exactly on the predicted ahead point steps aside, along the leader's side (−h.y,
    /// h.x) = (0, 1), to the side of the leader's path it is on. Leader heading +x at (200, 100)
    /// (ahead point (224, 100)) moving (0, ±80): a follower 10 px below/above the ahead point is
    /// where the prediction puts it (T = 10/80 s) — (0, 80) below, (0, −80) above; exactly on the
    /// leader's line (at the ahead point itself), even indices go +, odd ones −.
    #[test]
    fn on_the_threat_a_follower_steps_aside_by_hand() {
        use super::super::testing::sim_with;
        let sc = |leader: usize| format!(r#"[{{"type": "follow_leader", "leader": {leader}}}]"#);
        let aside = |leader: usize, agents: &[super::super::testing::Placed], i: usize| {
            let mut s = sim_with(&sc(leader), &hand_agents(agents), "");
            s.behaviour_mut::<FollowLeader>().unwrap().state.heading = Vec2::X;
            let e = explain_of(&s, i, "evade");
            assert_eq!((e.weight, e.detail.desired), (2.0, Some(e.raw)), "{agents:?}");
            e.raw
        };
        let below = [((200.0, 100.0), (0.0, 80.0)), ((224.0, 110.0), (0.0, 0.0))];
        assert_eq!(aside(0, &below, 1), Vec2::new(0.0, 80.0));
        let above = [((224.0, 90.0), (0.0, 0.0)), ((200.0, 100.0), (0.0, -80.0))];
        assert_eq!(aside(1, &above, 0), Vec2::new(0.0, -80.0));
        let on = [((200.0, 100.0), (40.0, 0.0)), ((224.0, 100.0), (0.0, 0.0)), ((224.0, 100.0), (0.0, 0.0))];
        assert_eq!(aside(0, &on, 1), Vec2::new(0.0, -80.0));
        assert_eq!(aside(0, &on, 2), Vec2::new(0.0, 80.0));
    }

    /// The hooks: reset takes the leader's heading (moving +y: (0, 1)); the slots come from
    /// pre_forces (in a column the second follower's slot is 54 px behind, (146, 200): from
    /// (146, 250) it arrives straight up, (0, −80)); after a step the heading is the leader's
    /// velocity's direction; the pointer (a click, a drag; not a plain move) sets the target.
    #[test]
    fn the_hooks_by_hand() {
        use super::super::testing::sim_with;
        let s = sim_with(
            r#"[{"type": "follow_leader"}]"#,
            &hand_agents(&[((200.0, 200.0), (0.0, 40.0)), ((100.0, 100.0), (0.0, 0.0))]),
            "",
        );
        assert_eq!(s.state_json()["leader"]["heading"], serde_json::json!([0.0, 1.0]));
        let agents =
            hand_agents(&[((200.0, 200.0), (40.0, 0.0)), ((100.0, 300.0), (0.0, 0.0)), ((146.0, 250.0), (0.0, 0.0))]);
        let mut s =
            sim_with(r#"[{"type": "follow_leader", "variant": "column"}]"#, &agents, r#""interaction": "leader""#);
        assert_eq!(explain_of(&s, 2, "follow_leader").raw, Vec2::new(0.0, -80.0));
        s.behaviour_mut::<FollowLeader>().unwrap().state.heading = Vec2::Y;
        s.step();
        let v = s.agents()[0].velocity;
        assert_eq!(s.behaviour::<FollowLeader>().unwrap().state.heading, v / v.length());
        let target = |s: &crate::Sim| s.behaviour::<FollowLeader>().unwrap().state.target;
        assert!(s.pointer_event(Pointer::Down(Vec2::new(50.0, 60.0)), false));
        assert_eq!(target(&s), Some(Vec2::new(50.0, 60.0)));
        assert!(!s.pointer_event(Pointer::Move(Vec2::new(70.0, 60.0)), false));
        assert_eq!(target(&s), Some(Vec2::new(50.0, 60.0)));
        assert!(s.pointer_event(Pointer::Move(Vec2::new(80.0, 60.0)), true));
        assert_eq!(target(&s), Some(Vec2::new(80.0, 60.0)));
    }

    /// The neighbour grid must cover sep_radius (20): a follower 18 px from another (two grid cells
    /// away if the cells were sized for a smaller radius) still separates: flocking form, at rest,
    /// (−80, 0).
    #[test]
    fn the_neighbour_grid_covers_the_separation_radius() {
        use super::super::testing::sim_with;
        let agents =
            hand_agents(&[((300.0, 100.0), (40.0, 0.0)), ((100.0, 300.0), (0.0, 0.0)), ((118.0, 300.0), (0.0, 0.0))]);
        let s = sim_with(r#"[{"type": "follow_leader"}]"#, &agents, "");
        let sep = explain_of(&s, 1, "separation");
        assert_eq!((sep.raw, sep.detail.neighbours), (Vec2::new(-80.0, 0.0), Some(1)));
    }

    /// With another random behaviour (wander) the leader's own wander draws count too: the force
    /// traced for a follower is the one the step applies (tracing replays the leader's draws first).
    #[test]
    fn the_traced_forces_are_the_stepped_ones() {
        use super::super::testing::sim_with;
        let sc = r#"[{"type": "follow_leader"}, {"type": "wander", "weight": 0.5}]"#;
        let agents =
            hand_agents(&[((200.0, 200.0), (40.0, 0.0)), ((100.0, 300.0), (0.0, 10.0)), ((300.0, 100.0), (10.0, 0.0))]);
        let mut s = sim_with(sc, &agents, "");
        let traced: Vec<Vec2> = (0..3).map(|i| s.force_on(i)).collect();
        s.step();
        assert_eq!(s.last_forces(), &traced[..]);
    }

    /// Stepping aside with the leader heading (0, 1): its side is (−1, 0). Two followers exactly on
    /// the ahead point (100, 224), on the leader's line: index 1 goes −side = (80, 0), index 2 +side =
    /// (−80, 0).
    #[test]
    fn stepping_aside_follows_the_leaders_side() {
        use super::super::testing::sim_with;
        let agents =
            hand_agents(&[((100.0, 200.0), (40.0, 0.0)), ((100.0, 224.0), (0.0, 0.0)), ((100.0, 224.0), (0.0, 0.0))]);
        let mut s = sim_with(r#"[{"type": "follow_leader"}]"#, &agents, "");
        s.behaviour_mut::<FollowLeader>().unwrap().state.heading = Vec2::Y;
        assert_eq!(explain_of(&s, 1, "evade").raw, Vec2::new(80.0, 0.0));
        assert_eq!(explain_of(&s, 2, "evade").raw, Vec2::new(-80.0, 0.0));
    }

    /// Under the agents, for leader 0 at (200, 200) heading (0, 1) (its velocity (0, 40)), with
    /// behind_dist 32, ahead_dist 24, ahead_radius 24, slot_spacing 22:
    /// - single: the forbidden zone, a circle of 24 around the ahead point (200, 224), and the
    ///   behind point (200, 168) as a dot of 3.5; with a target at (300, 100), first a line from
    ///   the leader to it and a ring of 6 there;
    /// - v: the zone, then each follower's slot as a ring of 3: before any step hands the slots out
    ///   follower k takes slot k − 1: 32 back, and −15.4 (slot 0) or +15.4 (slot 1) = ∓0.7·22 along
    ///   the side (−h.y, h.x) = (−1, 0): (215.4, 168) and (184.6, 168);
    /// - dynamic: the same slots, each joined to its follower (at (100, 100) and (300, 100)).
    ///
    /// Nothing on the floor or over the agents.
    #[test]
    fn draws_the_zone_the_behind_point_the_slots_and_the_target_by_hand() {
        use super::super::testing::{assert_drawn, drawn, sim_with, D};
        let agents =
            hand_agents(&[((200.0, 200.0), (0.0, 40.0)), ((100.0, 100.0), (0.0, 0.0)), ((300.0, 100.0), (0.0, 0.0))]);
        let sc = |variant: &str| format!(r#"[{{"type": "follow_leader", "variant": "{variant}"}}]"#);
        let (l, zone) = (Vec2::new(200.0, 200.0), (Style::AheadZone, D::Circle(Vec2::new(200.0, 224.0), 24.0)));
        let mut s = sim_with(&sc("single"), &agents, "");
        let behind = (Style::BehindPoint, D::Disc(Vec2::new(200.0, 168.0), 3.5));
        assert_drawn(&drawn(&s, Layer::Under), &[zone.clone(), behind.clone()]);
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
        assert_drawn(&drawn(&s, Layer::Over), &[]);
        let t = Vec2::new(300.0, 100.0);
        s.behaviour_mut::<FollowLeader>().unwrap().state.set_target(t);
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[(Style::Goal, D::Line(l, t)), (Style::Goal, D::Circle(t, 6.0)), zone.clone(), behind],
        );
        let (s0, s1) = (Vec2::new(215.4, 168.0), Vec2::new(184.6, 168.0));
        let s = sim_with(&sc("v"), &agents, "");
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[zone.clone(), (Style::BehindPoint, D::Circle(s0, 3.0)), (Style::BehindPoint, D::Circle(s1, 3.0))],
        );
        let s = sim_with(&sc("dynamic"), &agents, "");
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[
                zone,
                (Style::BehindPoint, D::Circle(s0, 3.0)),
                (Style::BehindPoint, D::Line(Vec2::new(100.0, 100.0), s0)),
                (Style::BehindPoint, D::Circle(s1, 3.0)),
                (Style::BehindPoint, D::Line(Vec2::new(300.0, 100.0), s1)),
            ],
        );
    }
}
