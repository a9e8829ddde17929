//! Queue (steering-iv §3 and `queueBrake` of §5): agents run to a goal (a doorway); each one scales its
//! desired speed by `along / cone_length` for the nearest agent inside its front cone
//! (`0 ≤ along ≤ cone_length`, `perp ≤ cone_width`), and separates from the others. No central
//! coordination: the line forms by itself. On reaching the goal an agent reappears at the left.
//!
//! The seed gives no numbers for the queue; in px (×16 from metres): bodies of radius 5, `cone_length`
//! 60 (3.75 m), `cone_width` 16 (the lane's half-width: a body and a half), separation radius
//! 16, goal radius 8, arrive radius 32. A longer cone brakes earlier and more gently.
//!
//! Two choices beyond the seed, both needed for a queue to show at all:
//! - the doorway can be a bottleneck (`door_interval`: one agent through every so many seconds);
//!   when the door can take everyone at once, nobody waits and there is no line to form;
//! - agents arrive at the goal (`slow_radius`) rather than seek it (§3.2 allows either).
//!
//! Note that `along / cone_length` only reaches 0 at contact, so in a long stationary line each agent
//! still pulls forward a little and the pulls add up along the line; separation holds them apart
//! (in the built-in scenario: 0.38 overlapping pairs on average with braking, 5.9 without).

use super::{
    separate, AgentStep, Behave, Facts, ForceCtx, Inst, Layer, MoveCtx, Readout, SepForm, Tell, Tint, Val, View,
};
use crate::agent::Agent;
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::num::clamp;
use crate::rng::Rng;
use crate::setup::Setup;
use crate::steer::{truncate, Controller, Note};
use crate::world::World;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::VecDeque;

super::defaults! {
    d_one = 1.0; d_goal_radius = 8.0; d_cone_length = 60.0; d_cone_width = 16.0; d_sep_radius = 16.0;
    d_body = 5.0; d_slow = 32.0; d_sep_weight = 0.4;
}

/// `{"type": "queue", "goal": [x, y], ...}`: §5's `QueueParams` plus the goal and the body size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Queue {
    #[serde(default = "d_one")]
    pub weight: f32,
    /// The doorway everybody runs to.
    pub goal: [f32; 2],
    /// Reaching the goal means coming this close; the agent then reappears at the left.
    #[serde(default = "d_goal_radius")]
    pub goal_radius: f32,
    /// Agents arrive at the goal (§3.2 "seek o arrive normal"): the desired speed falls linearly inside
    /// this radius, so the doorway lets people through one at a time.
    #[serde(default = "d_slow")]
    pub slow_radius: f32,
    #[serde(default = "d_cone_length")]
    pub cone_length: f32,
    /// Half-width of the lane in front: `perp ≤ cone_width`.
    #[serde(default = "d_cone_width")]
    pub cone_width: f32,
    #[serde(default = "d_sep_radius")]
    pub sep_radius: f32,
    /// The separation's weight relative to the queue's (0.4: the tutorial gives no number; with
    /// the flocking form a heavier separation brakes the line and halves the flow).
    #[serde(default = "d_sep_weight")]
    pub sep_weight: f32,
    /// `false` switches `queueBrake` off (everyone seeks at full speed: the clump).
    #[serde(default = "super::d_true")]
    pub braking: bool,
    /// Body radius: two agents overlap when closer than the sum of their radii.
    #[serde(default = "d_body")]
    pub body_radius: f32,
    /// The doorway lets one agent through every `door_interval` seconds (0: everyone who reaches it);
    /// while it is shut, agents wait at the goal. This makes the door a bottleneck, as a shop door is.
    #[serde(default)]
    pub door_interval: f32,
    /// Where agents reappear, `[x0, y0, x1, y1]`; a strip along the left wall if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub respawn: Option<[f32; 4]>,
    /// How agents keep apart: `"flocking"` (steering-iv's separation, the default), `"unity"` or
    /// `"push"` (see follow_leader's `sep_form`).
    #[serde(default)]
    pub sep_form: SepForm,
}

impl Queue {
    fn check(&self, c: &Check) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.point("goal", self.goal)?;
        c.positive("goal_radius", self.goal_radius)?;
        c.positive("slow_radius", self.slow_radius)?;
        c.positive("cone_length", self.cone_length)?;
        c.non_negative("cone_width", self.cone_width)?;
        c.positive("sep_radius", self.sep_radius)?;
        c.non_negative("sep_weight", self.sep_weight)?;
        c.positive("body_radius", self.body_radius)?;
        c.non_negative("door_interval", self.door_interval)?;
        if let Some(r) = self.respawn {
            for (k, v) in r.iter().enumerate() {
                c.finite(&format!("respawn[{k}]"), *v)?;
            }
            if r[2] < r[0] || r[3] < r[1] {
                return Err(format!(
                    "{}.respawn: must be [x0, y0, x1, y1] with x0 <= x1 and y0 <= y1, got {}",
                    c.path,
                    crate::text::list32(&r)
                ));
            }
        }
        Ok(())
    }

    /// The radius a neighbour grid must cover for the cone, separation and overlap queries.
    pub fn query_radius(&self) -> f32 {
        self.cone_reach().max(self.sep_radius).max(2.0 * self.body_radius)
    }

    /// Everything in the lane is within `hypot(cone_length, cone_width)`; a hair more for rounding.
    pub fn cone_reach(&self) -> f32 {
        self.cone_length.hypot(self.cone_width) * 1.0001 + 1e-3
    }

    pub fn goal(&self) -> Vec2 {
        Vec2::from(self.goal)
    }

    /// The respawn rectangle, clipped to the world.
    pub fn respawn_rect(&self, world: &World) -> [f32; 4] {
        let [x0, y0, x1, y1] = self.respawn.unwrap_or([0.0, 0.0, world.width * 0.1, world.height]);
        [
            clamp(x0, 0.0, world.width),
            clamp(y0, 0.0, world.height),
            clamp(x1, 0.0, world.width),
            clamp(y1, 0.0, world.height),
        ]
    }
}

/// Speeds below this count as "stopped": no heading, no brake (§5 `epsilon`).
pub const BRAKE_EPS: f32 = 1e-3;
/// Throughput is measured over this many seconds.
pub const THROUGHPUT_WINDOW: f64 = 10.0;

/// §5 `queueBrake`: the factor (0..1) applied to the desired speed, and the agent that causes it.
pub fn queue_brake(ctx: &ForceCtx, i: usize, q: &Queue) -> (f32, Option<usize>) {
    let a = &ctx.agents[i];
    let speed = a.velocity.length();
    if speed < BRAKE_EPS {
        return (1.0, None);
    }
    let heading = a.velocity / speed;
    let mut closest = f32::INFINITY;
    let mut who = None;
    let mut visit = |j: usize, offset: Vec2, _d2: f32| {
        let along = offset.dot(heading);
        if along < 0.0 || along > q.cone_length {
            return; // behind, or too far
        }
        let perp = (offset - heading * along).length();
        if perp > q.cone_width {
            return; // not in the lane
        }
        // On an exact tie the lower index is the blocker, whatever order the neighbour grid
        // visits them in (`closest`, and so the brake, is the same either way).
        if along < closest || (along == closest && who.is_some_and(|w| j < w)) {
            closest = along;
            who = Some(j);
        }
    };
    ctx.neighbours(i, q.cone_reach(), &mut visit);
    if !closest.is_finite() {
        return (1.0, None);
    }
    (clamp(closest / q.cone_length, 0.0, 1.0), who)
}

/// An agent's queue steering: arrive at the goal with the desired speed scaled by `brake`
/// (`max_speed · min(1, d / slow_radius) · brake`), plus separation. Returns the brake factor
/// (1 = not braking).
pub fn queue_force(ctx: &ForceCtx, q: &Queue, i: usize, ctl: &mut Controller) -> f32 {
    let a = &ctx.agents[i];
    let (brake, blocker) = if q.braking { queue_brake(ctx, i, q) } else { (1.0, None) };
    let to = ctx.world.delta(a.position, q.goal());
    let ramp = (to.length() / q.slow_radius).min(1.0);
    let desired = to.normalize_or_zero() * a.max_speed * ramp * brake;
    ctl.add("queue", q.weight, truncate(desired - a.velocity, a.max_force));
    ctl.explain(|d| {
        d.desired = Some(desired);
        d.note("blocker", Note::Index(blocker)).note("brake", Note::Num(brake));
    });
    match separate(ctx, i, None, q.sep_radius, q.sep_form) {
        Some((f, k, sum)) => {
            ctl.add("separation", q.weight * q.sep_weight, f);
            ctl.explain(|d| {
                d.neighbours = Some(k);
                d.sum = Some(sum);
                d.note("form", Note::Word(q.sep_form.key()));
            });
        }
        None => ctl.idle("separation", q.weight * q.sep_weight, |d| d.neighbours = Some(0)),
    }
    brake
}

/// Pairs of agents closer than the sum of their radii (`2·body_radius`), counted once each.
pub fn count_overlaps(ctx: &ForceCtx, body_radius: f32) -> u32 {
    let r = 2.0 * body_radius;
    let mut n = 0;
    for i in 0..ctx.pos.len() {
        ctx.neighbours(i, r, |j: usize, _d: Vec2, _d2: f32| {
            if j > i {
                n += 1;
            }
        });
    }
    n
}

/// The queue's running measures.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QueueState {
    /// Agents that reached the goal since the start.
    pub through: u64,
    /// (time, agent) of the passes in the last `THROUGHPUT_WINDOW` seconds, oldest first.
    pub recent: VecDeque<(f64, u32)>,
    /// Overlapping pairs in the last step's snapshot.
    pub overlaps: u32,
    /// Sum of `overlaps` over the steps measured, and how many.
    pub overlap_sum: u64,
    pub overlap_steps: u64,
    /// When the door last let someone through.
    pub last_pass: Option<f64>,
}

impl QueueState {
    pub fn reset(&mut self) {
        self.through = 0;
        self.recent.clear();
        self.overlaps = 0;
        self.overlap_sum = 0;
        self.overlap_steps = 0;
        self.last_pass = None;
    }

    pub fn record_overlaps(&mut self, n: u32) {
        self.overlaps = n;
        self.overlap_sum += n as u64;
        self.overlap_steps += 1;
    }

    /// Agents through per second over the last `THROUGHPUT_WINDOW` seconds (or since the start).
    pub fn throughput(&self, now: f64) -> f64 {
        let span = now.min(THROUGHPUT_WINDOW);
        if span <= 0.0 {
            0.0
        } else {
            self.recent.len() as f64 / span
        }
    }

    pub fn mean_overlaps(&self) -> f64 {
        if self.overlap_steps == 0 {
            0.0
        } else {
            self.overlap_sum as f64 / self.overlap_steps as f64
        }
    }

    /// After everyone moved: agents at the goal reappear at the left, heading for the goal at the speed
    /// they had (a free spot is tried a few times so they do not land on someone). With a
    /// `door_interval`, only the agent nearest to the goal passes, and only when the door is open.
    pub fn respawn(&mut self, world: &World, agents: &mut [Agent], q: &Queue, rng: &mut Rng, now: f64) {
        let goal = q.goal();
        let r2 = q.goal_radius * q.goal_radius;
        let [x0, y0, x1, y1] = q.respawn_rect(world);
        let clear2 = (2.0 * q.body_radius) * (2.0 * q.body_radius);
        let gated = q.door_interval > 0.0;
        if gated && self.last_pass.is_some_and(|t| now - t < q.door_interval as f64 - 1e-9) {
            return;
        }
        let mut nearest: Option<(f32, usize)> = None;
        if gated {
            for (i, a) in agents.iter().enumerate() {
                let d2 = world.distance_squared(a.position, goal);
                if d2 < r2 && nearest.is_none_or(|(b, _)| d2 < b) {
                    nearest = Some((d2, i));
                }
            }
        }
        for i in 0..agents.len() {
            if gated && nearest.map(|(_, k)| k) != Some(i) {
                continue;
            }
            if world.distance_squared(agents[i].position, goal) >= r2 {
                continue;
            }
            self.last_pass = Some(now);
            let mut p = Vec2::ZERO;
            for _ in 0..8 {
                p = Vec2::new(x0 + rng.f32() * (x1 - x0), y0 + rng.f32() * (y1 - y0));
                let free =
                    agents.iter().enumerate().all(|(j, b)| j == i || world.distance_squared(b.position, p) >= clear2);
                if free {
                    break;
                }
            }
            let a = &mut agents[i];
            let speed = a.velocity.length();
            let dir = world.delta(p, goal).normalize_or_zero();
            a.position = p;
            a.velocity = dir * speed;
            a.update_heading();
            world.apply_edges(a);
            self.through += 1;
            self.recent.push_back((now, i as u32));
        }
        while self.recent.front().is_some_and(|&(t, _)| now - t > THROUGHPUT_WINDOW) {
            self.recent.pop_front();
        }
    }
}

/// Whether the agent braked in its last step (its front cone held somebody).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Braking(pub bool);

impl Behave for Queue {
    const KIND: &'static str = "queue";
    type State = QueueState;
    type PerAgent = Braking;

    /// §3 and §5's queueBrake: arrive at the goal with the desired speed braked; keep apart.
    fn pseudo(&self, t: &crate::steer::Contribution, p: &mut super::Lines) {
        use crate::steer::Note;
        if t.rule == "separation" {
            return super::sep_form_lines(p);
        }
        if let Some(Note::Num(k)) = p.note("brake") {
            p.add("brake = queue_brake(agent, others, p)", crate::pseudo::num(k), "brake");
        }
        let who = match p.note("blocker") {
            Some(Note::Index(i)) => super::Lines::index(i),
            _ => super::Lines::index(None),
        };
        p.words("pseudo.queue.blocker", who, "blocker");
        p.desired("desired = normalize(goal - self.position) * max_speed * min(1, distance / slow_radius) * brake");
        p.force(crate::pseudo::LIMIT);
    }

    fn style(&self, rule: &str) -> Style {
        if rule == "separation" {
            Style::ForceSeparation
        } else {
            Style::ForceOther
        }
    }

    /// The others within `sep_radius`.
    fn highlight(&self, t: &crate::steer::Contribution, key: &str, h: &mut super::Highlight) -> bool {
        if t.rule == "separation" && matches!(key, "neighbours" | "sum") {
            h.neighbours(self.sep_radius, None, true);
            return true;
        }
        false
    }

    const REQUIRED: &'static str = r#""goal": [300, 100]"#;

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        self.check(c)
    }

    /// The cone, separation and overlap queries.
    fn neighbour_radius(&self) -> f32 {
        self.query_radius()
    }

    /// Overlapping pairs in this step's snapshot (a measure; it steers nothing).
    fn pre_forces(&self, inst: &mut Inst<Self>, ctx: &ForceCtx) {
        inst.state.record_overlaps(count_overlaps(ctx, self.body_radius));
    }

    fn force(&self, _st: &QueueState, me: &mut Braking, ctx: &ForceCtx, a: &mut AgentStep) {
        let brake = queue_force(ctx, self, a.i, a.ctl);
        me.0 = brake < 1.0;
        if me.0 {
            a.tint(Tint::Set(Style::Braking));
        }
    }

    /// Agents at the goal reappear at the left.
    fn post_move(&self, inst: &mut Inst<Self>, m: &mut MoveCtx) {
        inst.state.respawn(m.world, m.agents, self, m.rng, m.now);
    }

    /// Under the agents the goal (a doorway: the goal circle between two posts); over them each
    /// agent's front lane (the cone of §3.3: `0 ≤ along ≤ cone_length`, `perp ≤ cone_width`).
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        match layer {
            Layer::Under => {
                let g = self.goal();
                list.circle(Style::Goal, g, self.goal_radius);
                let gap = self.goal_radius * 1.3;
                let post = self.goal_radius.max(10.0) * 3.0;
                list.line(Style::Goal, g + Vec2::new(0.0, gap), g + Vec2::new(0.0, gap + post));
                list.line(Style::Goal, g - Vec2::new(0.0, gap), g - Vec2::new(0.0, gap + post));
            }
            Layer::Over => {
                for (i, a) in v.agents.iter().enumerate() {
                    let h = a.heading;
                    let n = Vec2::new(-h.y, h.x) * self.cone_width;
                    let p = a.position;
                    let f = h * self.cone_length;
                    // Yellow only for an agent braking this step (the caption's "yellow: braking").
                    let braking = inst.agents.get(i).is_some_and(|b| b.0);
                    let style = if braking { Style::Cone } else { Style::Lane };
                    list.polyline(style, [p + n, p + f + n, p + f - n, p - n], true);
                }
            }
            Layer::Floor => {}
        }
    }

    /// Braking on/off, throughput (agents/s over the last 10 s), overlapping pairs (now and mean),
    /// agents braking, agents through.
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let st = &inst.state;
        Some(
            Readout::new(Self::KIND)
                .with("braking_enabled", Val::Bool(self.braking))
                .with("throughput", Val::Num(st.throughput(v.time), 2))
                .with("overlaps", Val::Int(st.overlaps as i64))
                .with("mean_overlaps", Val::Num(st.mean_overlaps(), 2))
                .with("braking", Val::Int(braking(inst) as i64))
                .with("through", Val::Int(st.through as i64)),
        )
    }

    /// Its lesson in the described scene: the line (the agents slower than a third of their speed
    /// limit that wait at the door or behind one who does, a cone's length apart at most: how
    /// many, how far it reaches from the goal and in which direction), who brakes, the spacing in
    /// the line (mean distance to the nearest, px), the overlapping pairs, and the throughput
    /// (agents/s through the door).
    fn describe(&self, inst: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let (v, goal) = (t.v, self.goal());
        let slow: Vec<usize> =
            (0..v.agents.len()).filter(|&i| v.agents[i].speed() < v.agents[i].max_speed / 3.0).collect();
        // The line grows from the door: an agent joins when it is at the door or near one who
        // joined (a few passes over the slow agents; a line is short).
        let mut line: Vec<usize> = slow
            .iter()
            .copied()
            .filter(|&i| v.world.delta(goal, v.agents[i].position).length() < 2.0 * self.slow_radius)
            .collect();
        let reach = self.cone_length.max(2.0 * self.body_radius) * 1.5;
        loop {
            let before = line.len();
            for &i in &slow {
                let p = v.agents[i].position;
                if !line.contains(&i) && line.iter().any(|&j| v.world.delta(v.agents[j].position, p).length() < reach) {
                    line.push(i);
                }
            }
            if line.len() == before {
                break;
            }
        }
        let (mut far, mut gap) = (Vec2::ZERO, 0f32);
        for &i in &line {
            let d = v.world.delta(goal, v.agents[i].position);
            if d.length() > far.length() {
                far = d;
            }
            gap += t.nearest.get(i).copied().unwrap_or(f32::NAN);
        }
        let n = line.len() as f32;
        let spacing = if n > 1.0 { gap / n } else { f32::NAN };
        let values = vec![
            n,
            far.length(),
            t.direction(far) as f32,
            braking(inst) as f32,
            self.braking as u32 as f32,
            spacing,
            inst.state.overlaps as f32,
            inst.state.throughput(v.time) as f32,
        ];
        let keys = "waiting line_length line_dir braking braking_enabled spacing overlaps throughput:2";
        Some(Facts { kind: Self::KIND, keys, values })
    }

    /// Throughput (agents/s) and overlapping pairs now.
    fn measures(&self, inst: &Inst<Self>, v: &View, out: &mut super::Measures) {
        out.push(("throughput", Some(inst.state.throughput(v.time) as f32)));
        out.push(("overlaps", Some(inst.state.overlaps as f32)));
    }

    /// `state()` additions (metrics): `through`, `throughput` (agents through per second over the
    /// last 10 s), `overlaps` (pairs closer than their radii, last step), `mean_overlaps`, `braking`.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        let st = &inst.state;
        let m = &mut state["metrics"];
        m["through"] = st.through.into();
        m["throughput"] = st.throughput(v.time).into();
        m["overlaps"] = st.overlaps.into();
        m["mean_overlaps"] = st.mean_overlaps().into();
        m["braking"] = braking(inst).into();
        m["queue_braking_enabled"] = self.braking.into();
    }
}

/// Agents that braked in their last step.
fn braking(inst: &Inst<Queue>) -> usize {
    inst.agents.iter().filter(|b| b.0).count()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents};
    use glam::Vec2;

    /// §5 queueBrake: an agent moving +x at 40 px/s with somebody 30 px ahead in its lane brakes
    /// by along/cone_length = 30/60 = 0.5. Goal 200 px ahead (outside slow_radius): desired speed
    /// 80 · 0.5 = 40 → desired (40, 0) − velocity (40, 0) = 0 from the arrive term; separation:
    /// the one ahead is 30 px away, beyond sep_radius 16: none. Total 0.
    #[test]
    fn brakes_for_the_agent_ahead_by_hand() {
        let sc = r#"[{"type": "queue", "goal": [300, 100]}]"#;
        let agents = hand_agents(&[((100.0, 100.0), (40.0, 0.0)), ((130.0, 100.0), (0.0, 0.0))]);
        assert!(force_of(sc, &agents, 0).length() < 1e-4, "{}", force_of(sc, &agents, 0));
        // Without braking the same agent speeds up: desired (80, 0) − (40, 0) = (40, 0).
        let off = r#"[{"type": "queue", "goal": [300, 100], "braking": false}]"#;
        assert!((force_of(off, &agents, 0) - Vec2::new(40.0, 0.0)).length() < 1e-4);
        // Somebody beside the lane (perp 20 > cone_width 16) or behind does not brake it.
        let beside = hand_agents(&[((100.0, 100.0), (40.0, 0.0)), ((130.0, 120.0), (0.0, 0.0))]);
        assert!((force_of(sc, &beside, 0) - Vec2::new(40.0, 0.0)).length() < 1e-4);
    }

    /// The brake factor is along/cone_length for the NEAREST agent in the cone.
    #[test]
    fn the_nearest_agent_in_the_cone_sets_the_brake() {
        use super::super::testing::sim_with;
        use super::{queue_brake, Queue};
        use crate::behaviours::Registered;
        let agents =
            hand_agents(&[((100.0, 100.0), (40.0, 0.0)), ((145.0, 100.0), (0.0, 0.0)), ((115.0, 104.0), (0.0, 0.0))]);
        let s = sim_with(r#"[{"type": "queue", "goal": [300, 100]}]"#, &agents, "");
        let q = Queue::first(&s.scenario().behaviours).unwrap();
        let (b, who) = s.with_force_ctx(|ctx| queue_brake(ctx, 0, q));
        assert_eq!(who, Some(2));
        assert!((b - 15.0 / 60.0).abs() < 1e-6, "{b}");
    }

    use super::{count_overlaps, queue_brake, QueueState};
    use super::{Agent, Queue, World};
    use crate::behaviours::Val;
    use crate::check::Check;
    use crate::draw::Style;
    use crate::steer::Note;
    use crate::world::Edges;

    fn params(extra: &str) -> Queue {
        serde_json::from_str(&format!(r#"{{"goal": [300, 100]{extra}}}"#)).unwrap()
    }

    /// The respawn rectangle must be ordered (x0 ≤ x1, y0 ≤ y1; a point is fine).
    #[test]
    fn the_respawn_rectangle_must_be_ordered() {
        let c = Check { path: "q" };
        for (r, ok) in [
            ("[10, 10, 20, 20]", true),
            ("[10, 10, 10, 10]", true),
            ("[10, 10, 5, 20]", false),
            ("[10, 10, 20, 5]", false),
        ] {
            let found = crate::check::collect(|| params(&format!(r#", "respawn": {r}"#)).check(&c));
            assert_eq!(found.is_empty(), ok, "{r}: {found:?}");
        }
    }

    /// cone_reach = hypot(30, 40)·1.0001 + 0.001 = 50.006; the query radius is the largest of it,
    /// sep_radius and 2·body_radius.
    #[test]
    fn the_query_radius_by_hand() {
        let q = params(r#", "cone_length": 30, "cone_width": 40"#);
        assert!((q.cone_reach() - 50.006).abs() < 1e-4, "{}", q.cone_reach());
        assert!((q.query_radius() - 50.006).abs() < 1e-4, "{}", q.query_radius());
        assert_eq!(params(r#", "cone_length": 30, "cone_width": 40, "body_radius": 40"#).query_radius(), 80.0);
        assert_eq!(params(r#", "cone_length": 30, "cone_width": 40, "sep_radius": 70"#).query_radius(), 70.0);
    }

    /// Without `respawn` the strip along the left wall, a tenth of the width; given, clipped to the world.
    #[test]
    fn the_respawn_rectangle_by_hand() {
        let world = World::new(400.0, 300.0, Edges::Wrap);
        assert_eq!(params("").respawn_rect(&world), [0.0, 0.0, 40.0, 300.0]);
        assert_eq!(params(r#", "respawn": [-10, 5, 500, 400]"#).respawn_rect(&world), [0.0, 5.0, 400.0, 300.0]);
    }

    /// Overlaps 3 and 5: mean 4; three passes in the window: 3/5 per second at 5 s, 3/10 at 20 s (the
    /// window is 10 s), none at 0 s; reset clears everything.
    #[test]
    fn the_queue_measures_by_hand() {
        let mut st = QueueState::default();
        assert_eq!((st.mean_overlaps(), st.throughput(5.0)), (0.0, 0.0));
        st.record_overlaps(3);
        st.record_overlaps(5);
        assert_eq!((st.overlaps, st.overlap_sum, st.overlap_steps, st.mean_overlaps()), (5, 8, 2, 4.0));
        st.recent.extend([(1.0, 0), (2.0, 1), (3.0, 2)]);
        assert_eq!((st.throughput(5.0), st.throughput(20.0), st.throughput(0.0)), (0.6, 0.3, 0.0));
        st.through = 3;
        st.last_pass = Some(3.0);
        st.reset();
        assert_eq!(st, QueueState::default());
    }

    /// Pairs closer than 2·body_radius = 10, once each: (100, 100)–(108, 100) and (300, 300)–(309, 300).
    #[test]
    fn overlapping_pairs_by_hand() {
        use super::super::testing::sim_with;
        let agents = hand_agents(&[
            ((100.0, 100.0), (0.0, 0.0)),
            ((108.0, 100.0), (0.0, 0.0)),
            ((300.0, 300.0), (0.0, 0.0)),
            ((309.0, 300.0), (0.0, 0.0)),
            ((200.0, 200.0), (0.0, 0.0)),
        ]);
        let s = sim_with(r#"[{"type": "queue", "goal": [300, 100]}]"#, &agents, "");
        assert_eq!(s.with_force_ctx(|ctx| count_overlaps(ctx, 5.0)), 2);
    }

    /// The cone's edges, for an agent at (100, 100) moving +x at 40 px/s: somebody exactly
    /// cone_length (60) ahead is in it (brake 1), so is somebody right beside it within the lane
    /// (along 0: brake 0) and somebody 30 ahead exactly cone_width (16) aside (brake 0.5); behind it
    /// nobody counts, and an agent slower than BRAKE_EPS = 0.001 px/s does not brake (at exactly
    /// 0.001 it does).
    #[test]
    fn the_cone_edges_by_hand() {
        use super::super::testing::sim_with;
        let sc = r#"[{"type": "queue", "goal": [300, 100]}]"#;
        for (v, other, want) in [
            (40.0, (160.0, 100.0), (1.0, Some(1))),
            (40.0, (100.0, 110.0), (0.0, Some(1))),
            (40.0, (130.0, 116.0), (0.5, Some(1))),
            (40.0, (90.0, 100.0), (1.0, None)),
            (0.0005, (130.0, 100.0), (1.0, None)),
            (super::BRAKE_EPS, (130.0, 100.0), (0.5, Some(1))),
        ] {
            let agents = hand_agents(&[((100.0, 100.0), (v, 0.0)), (other, (0.0, 0.0))]);
            let s = sim_with(sc, &agents, "");
            let q = params("");
            assert_eq!(s.with_force_ctx(|ctx| queue_brake(ctx, 0, &q)), want, "{v} {other:?}");
        }
    }

    /// Arrive inside slow_radius: 16 px before the goal (slow_radius 32) at rest, desired 80·16/32 =
    /// (40, 0). Moving (20, 0) with somebody 15 px ahead (brake 15/60 = 0.25): desired 80·0.5·0.25 =
    /// (10, 0), force (10, 0) − (20, 0) = (−10, 0), weight 2; the one ahead is within sep_radius 16:
    /// separation with weight 2·0.4 = 0.8. Alone: separation idle, same weight.
    #[test]
    fn the_queue_force_and_its_explanation_by_hand() {
        use super::super::testing::sim_with;
        let sc = r#"[{"type": "queue", "goal": [300, 100], "weight": 2}]"#;
        let f = force_of(sc, &hand_agents(&[((284.0, 100.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(80.0, 0.0)).length() < 1e-4, "{f}");
        let agents = hand_agents(&[((284.0, 100.0), (20.0, 0.0)), ((299.0, 100.0), (0.0, 0.0))]);
        let e = sim_with(sc, &agents, "").explain(0).unwrap();
        let q = &e.terms[0];
        assert_eq!((q.rule, q.weight), ("queue", 2.0));
        assert!((q.raw - Vec2::new(-10.0, 0.0)).length() < 1e-4, "{:?}", q.raw);
        assert!((q.detail.desired.unwrap() - Vec2::new(10.0, 0.0)).length() < 1e-4, "{:?}", q.detail);
        assert_eq!(q.detail.notes, [("blocker", Note::Index(Some(1))), ("brake", Note::Num(0.25))]);
        let sep = &e.terms[1];
        assert_eq!((sep.rule, sep.weight, sep.detail.neighbours), ("separation", 0.8, Some(1)));
        assert!(sep.raw.x < 0.0 && sep.detail.notes == [("form", Note::Word("flocking"))], "{sep:?}");
        let e = sim_with(sc, &hand_agents(&[((284.0, 100.0), (20.0, 0.0))]), "").explain(0).unwrap();
        let sep = &e.terms[1];
        assert_eq!((sep.rule, sep.raw, sep.weight, sep.detail.neighbours), ("separation", Vec2::ZERO, 0.8, Some(0)));
    }

    fn agent(x: f32, y: f32, vx: f32) -> Agent {
        Agent::new(Vec2::new(x, y), Vec2::new(vx, 0.0), 80.0, 192.0)
    }

    /// An agent 4 px from the goal (goal_radius 8) reappears in the respawn rectangle [20, 40]–[60,
    /// 140] at the point the next two random numbers give, heading for the goal at its speed (40);
    /// when somebody stands 9 px from that point (closer than 2·body_radius = 10), the next two
    /// numbers give another point.
    #[test]
    fn respawn_by_hand() {
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let q = params(r#", "respawn": [20, 40, 60, 140]"#);
        let rng = crate::rng::seeded(3);
        let mut draws = rng.clone();
        let mut point = || Vec2::new(20.0 + draws.f32() * 40.0, 40.0 + draws.f32() * 100.0);
        let (p1, p2) = (point(), point());
        for (blocker, want) in [(Vec2::new(100.0, 300.0), p1), (p1 + Vec2::new(9.0, 0.0), p2)] {
            assert!(blocker.distance(want) >= 10.0);
            let mut agents = [agent(304.0, 100.0, 40.0), agent(blocker.x, blocker.y, 0.0)];
            let mut st = QueueState::default();
            st.respawn(&world, &mut agents, &q, &mut rng.clone(), 7.0);
            assert_eq!(agents[0].position, want);
            // The goal is nearer across the seam of the 400 px wrapping world: 300 − 400 − x to the left.
            let to_goal = Vec2::new(300.0 - 400.0 - want.x, 100.0 - want.y);
            assert!((agents[0].velocity - to_goal.normalize() * 40.0).length() < 1e-4, "{:?}", agents[0]);
            assert_eq!(agents[1].position, blocker);
            assert_eq!((st.through, st.last_pass), (1, Some(7.0)));
            assert_eq!(st.recent, [(7.0, 0)]);
        }
    }

    /// Who passes the goal (radius 8): without a door everyone within it (3 and 5 px away, not 8); with
    /// door_interval 1 only the nearest, and only when the door has been shut for 1 s.
    #[test]
    fn who_passes_the_door() {
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let passed = |door: &str, last: Option<f64>, now: f64| {
            let q = params(&format!(r#", "door_interval": {door}"#));
            let mut agents = [agent(303.0, 100.0, 0.0), agent(305.0, 100.0, 0.0), agent(308.0, 100.0, 0.0)];
            let mut st = QueueState { last_pass: last, ..Default::default() };
            st.respawn(&world, &mut agents, &q, &mut crate::rng::seeded(1), now);
            let moved: Vec<u32> = st.recent.iter().map(|&(_, i)| i).collect();
            for (i, a) in agents.iter().enumerate() {
                assert_eq!(a.position.y == 100.0 && a.position.x > 300.0, !moved.contains(&(i as u32)), "{i}");
            }
            moved
        };
        assert_eq!(passed("0", None, 5.0), [0, 1]);
        assert_eq!(passed("1", None, 5.0), [0]);
        assert_eq!(passed("1", Some(2.0), 2.5), [] as [u32; 0]);
        assert_eq!(passed("1", Some(2.0), 3.0), [0]);
        assert_eq!(passed("1", Some(0.0), 1.0 - 1e-9), [0]);
        // The nearest wins whatever the order; of two equally near, the first.
        let q = params(r#", "door_interval": 1"#);
        for (mut agents, first) in [
            ([agent(305.0, 100.0, 0.0), agent(303.0, 100.0, 0.0)], 1),
            ([agent(297.0, 100.0, 0.0), agent(303.0, 100.0, 0.0)], 0),
        ] {
            let mut st = QueueState::default();
            st.respawn(&world, &mut agents, &q, &mut crate::rng::seeded(1), 5.0);
            assert_eq!(st.recent, [(5.0, first)]);
        }
    }

    /// The throughput window keeps the passes of the last 10 s: at 10.5 s a pass at 0.5 s stays,
    /// at 10.6 s it goes.
    #[test]
    fn the_throughput_window_by_hand() {
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let q = params("");
        for (now, kept) in [(10.5, 1), (10.6, 0)] {
            let mut st = QueueState::default();
            st.recent.push_back((0.5, 3));
            st.respawn(&world, &mut [agent(100.0, 100.0, 0.0)], &q, &mut crate::rng::seeded(1), now);
            assert_eq!(st.recent.len(), kept, "{now}");
        }
    }

    /// After one step: agents 0 and 2 braked (somebody 30 and 20 px ahead in their lanes), 1 and 3
    /// did not; agents 4 and 5 overlap (6 px apart); nobody passed.
    #[test]
    fn readout_and_report_by_hand() {
        use super::super::testing::sim_with;
        let agents = hand_agents(&[
            ((100.0, 100.0), (40.0, 0.0)),
            ((130.0, 100.0), (40.0, 0.0)),
            ((100.0, 200.0), (40.0, 0.0)),
            ((120.0, 200.0), (40.0, 0.0)),
            ((300.0, 300.0), (0.0, 0.0)),
            ((306.0, 300.0), (0.0, 0.0)),
        ]);
        let mut s = sim_with(r#"[{"type": "queue", "goal": [300, 100]}]"#, &agents, "");
        s.step();
        assert_eq!(
            (0..4).map(|i| s.tint(i)).collect::<Vec<_>>(),
            [Some(Style::Braking), None, Some(Style::Braking), None]
        );
        // The braking agents' lanes are yellow (Cone), the others' plain (Lane); with braking off
        // nobody brakes and no lane is yellow.
        use super::super::testing::drawn;
        use crate::behaviours::Layer;
        let styles = |s: &crate::engine::Sim| drawn(s, Layer::Over).iter().map(|d| d.0).collect::<Vec<_>>();
        assert_eq!(styles(&s), [Style::Cone, Style::Lane, Style::Cone, Style::Lane, Style::Lane, Style::Lane]);
        let mut off = sim_with(r#"[{"type": "queue", "goal": [300, 100], "braking": false}]"#, &agents, "");
        off.step();
        assert!(styles(&off).iter().all(|&st| st == Style::Lane), "{:?}", styles(&off));
        let r = s.readout();
        assert_eq!(r.kind, "queue");
        assert_eq!(r.get("braking_enabled"), Some(Val::Bool(true)));
        assert_eq!(r.get("throughput"), Some(Val::Num(0.0, 2)));
        assert_eq!(r.get("overlaps"), Some(Val::Int(1)));
        assert_eq!(r.get("mean_overlaps"), Some(Val::Num(1.0, 2)));
        assert_eq!(r.get("braking"), Some(Val::Int(2)));
        assert_eq!(r.get("through"), Some(Val::Int(0)));
        let m = &s.state_json()["metrics"];
        assert_eq!(
            (&m["through"], &m["throughput"], &m["overlaps"], &m["mean_overlaps"], &m["braking"]),
            (&0.into(), &0.0.into(), &1.into(), &1.0.into(), &2.into())
        );
        assert_eq!(m["queue_braking_enabled"], true);
    }

    /// The step's post-move hook respawns: an agent 2 px from the goal passes in the first step.
    #[test]
    fn a_step_lets_an_agent_at_the_goal_through() {
        use super::super::testing::sim_with;
        let agents = hand_agents(&[((298.0, 100.0), (0.0, 0.0)), ((100.0, 300.0), (0.0, 0.0))]);
        let mut s = sim_with(r#"[{"type": "queue", "goal": [300, 100]}]"#, &agents, "");
        s.step();
        let st = &s.behaviour::<Queue>().unwrap().state;
        assert_eq!((st.through, st.recent.iter().map(|&(_, i)| i).collect::<Vec<_>>()), (1, vec![0]));
    }

    /// Two agents exactly as far along the cone (30 px ahead, 5 px either side of the lane's
    /// middle) tie: the lower index is the blocker, whichever of the two is listed first and
    /// whether the neighbour grid or the plain scan visits them. The grid's cells are 400/6 =
    /// 66.7 px (the query radius is 62.1): y = 128 is in cell row 1 and y = 138 in row 2, so the
    /// grid visits the one above first, whatever its index. The brake is 30/60 either way.
    #[test]
    fn an_exact_tie_in_the_cone_names_the_lower_index() {
        use super::super::testing::sim_with;
        let sc = r#"[{"type": "queue", "goal": [300, 100]}]"#;
        let q = params("");
        for (above, below) in [(1, 2), (2, 1)] {
            let mut list = [((100.0, 133.0), (40.0, 0.0)); 3];
            list[above] = ((130.0, 128.0), (0.0, 0.0));
            list[below] = ((130.0, 138.0), (0.0, 0.0));
            let s = sim_with(sc, &hand_agents(&list), "");
            assert_eq!(s.with_force_ctx(|ctx| queue_brake(ctx, 0, &q)), (0.5, Some(1)), "{above} above");
            // Without the grid (the plain scan, in index order) the same.
            let (b, who) = s.with_force_ctx(|ctx| {
                let plain = crate::behaviours::ForceCtx { nb: None, ..*ctx };
                queue_brake(&plain, 0, &q)
            });
            assert_eq!((b, who), (0.5, Some(1)));
        }
    }

    /// Under the agents, the doorway at the goal (300, 100): the goal circle (radius 12) between two
    /// posts 1.3·12 = 15.6 px above and below it, each max(12, 10)·3 = 36 long: (300, 115.6) →
    /// (300, 151.6) and (300, 84.4) → (300, 48.4); with goal_radius 8 the gap is 10.4 and the posts
    /// max(8, 10)·3 = 30. Over the agents, each agent's lane: for an agent at (100, 100) heading
    /// (0.6, 0.8), with the side n = (−0.8, 0.6)·16 = (−12.8, 9.6) and the front f = (0.6, 0.8)·60 =
    /// (36, 48), the closed polygon p + n, p + f + n, p + f − n, p − n. Nothing on the floor.
    #[test]
    fn draws_the_doorway_and_each_lane_by_hand() {
        use super::super::testing::{assert_drawn, drawn, sim_with, D};
        use crate::behaviours::Layer;
        let v = |x: f32, y: f32| Vec2::new(x, y);
        let agents = hand_agents(&[((100.0, 100.0), (30.0, 40.0)), ((200.0, 300.0), (-40.0, 0.0))]);
        let s = sim_with(r#"[{"type": "queue", "goal": [300, 100], "goal_radius": 12}]"#, &agents, "");
        let g = v(300.0, 100.0);
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[
                (Style::Goal, D::Circle(g, 12.0)),
                (Style::Goal, D::Line(v(300.0, 115.6), v(300.0, 151.6))),
                (Style::Goal, D::Line(v(300.0, 84.4), v(300.0, 48.4))),
            ],
        );
        // (No step yet: nobody is braking, so every lane is drawn as a plain lane, not yellow.)
        let lane = |pts: [Vec2; 4]| (Style::Lane, D::Poly(pts.to_vec(), true));
        assert_drawn(
            &drawn(&s, Layer::Over),
            &[
                lane([v(87.2, 109.6), v(123.2, 157.6), v(148.8, 138.4), v(112.8, 90.4)]),
                // Heading (−1, 0): n = (0, −16), f = (−60, 0).
                lane([v(200.0, 284.0), v(140.0, 284.0), v(140.0, 316.0), v(200.0, 316.0)]),
            ],
        );
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
        let s = sim_with(r#"[{"type": "queue", "goal": [300, 100], "goal_radius": 8}]"#, &agents, "");
        assert_drawn(
            &drawn(&s, Layer::Under),
            &[
                (Style::Goal, D::Circle(g, 8.0)),
                (Style::Goal, D::Line(v(300.0, 110.4), v(300.0, 140.4))),
                (Style::Goal, D::Line(v(300.0, 89.6), v(300.0, 59.6))),
            ],
        );
    }
}
