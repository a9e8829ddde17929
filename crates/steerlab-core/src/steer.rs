//! Steering primitives. Each returns a force (a desired change of velocity per second), truncated to
//! the agent's `max_force`, so that they all plug into the same [`Controller`].

use super::agent::Agent;
use super::rng::Rng;
use glam::Vec2;

/// The seed's `limit(v, max)`: `v` scaled down to length `max` if it is longer. Never produces NaN:
/// a non-positive or NaN `max`, or a non-finite `v`, gives zero.
#[inline]
pub fn truncate(v: Vec2, max: f32) -> Vec2 {
    let len2 = v.length_squared();
    if len2.is_finite() {
        if len2 <= max * max {
            return v;
        }
        return if max > 0.0 { v * (max / len2.sqrt()) } else { Vec2::ZERO };
    }
    if max.is_nan() || max <= 0.0 || !v.is_finite() {
        return Vec2::ZERO;
    }
    // |v|² overflowed f32 although v is finite (a huge weight times a force): scale in f64 so the
    // direction survives (before, this returned zero, or `v` itself when `max²` overflowed too).
    let (x, y) = (v.x as f64, v.y as f64);
    let k = (max as f64 / (x * x + y * y).sqrt()).min(1.0);
    Vec2::new((x * k) as f32, (y * k) as f32)
}

/// `desired = normalize(direction) · max_speed` (a zero direction gives zero: braking).
#[inline(always)]
pub fn desired_towards(direction: Vec2, agent: &Agent) -> Vec2 {
    crate::num::normalize_or_zero(direction) * agent.max_speed
}

/// `desired = normalize(direction) · max_speed; return limit(desired − velocity, max_force)`
/// (flocking-boids.txt §3). A zero direction gives `desired = 0`, i.e. braking.
#[inline]
pub fn steer_towards(direction: Vec2, agent: &Agent) -> Vec2 {
    truncate(desired_towards(direction, agent) - agent.velocity, agent.max_force)
}

/// Seek: full speed towards `target`.
#[inline]
pub fn seek(agent: &Agent, target: Vec2) -> Vec2 {
    steer_towards(target - agent.position, agent)
}

/// Flee: full speed away from `threat`.
#[inline]
pub fn flee(agent: &Agent, threat: Vec2) -> Vec2 {
    steer_towards(agent.position - threat, agent)
}

/// Arrive's desired velocity: towards `target`, the speed falling linearly to zero inside
/// `slow_radius` (`speed = max_speed · min(1, d / slow_radius)`, the seed's Unity code).
#[inline]
pub fn arrive_desired(agent: &Agent, target: Vec2, slow_radius: f32) -> Vec2 {
    arrive_desired_to(agent, target - agent.position, slow_radius)
}

/// The same for a target `to` away from the agent (an offset, e.g. across a wrapping edge).
#[inline]
pub fn arrive_desired_to(agent: &Agent, to: Vec2, slow_radius: f32) -> Vec2 {
    let d = to.length();
    let speed = if slow_radius > 0.0 { agent.max_speed * (d / slow_radius).min(1.0) } else { agent.max_speed };
    to.normalize_or_zero() * speed
}

/// Arrive: like seek, but the desired speed falls linearly to zero inside `slow_radius`.
pub fn arrive(agent: &Agent, target: Vec2, slow_radius: f32) -> Vec2 {
    truncate(arrive_desired(agent, target, slow_radius) - agent.velocity, agent.max_force)
}

/// Where a moving target will be: `position + velocity · T`, with `T = distance / max_speed`
/// capped at `max_prediction` seconds.
#[inline]
pub fn predict(agent: &Agent, target_pos: Vec2, target_vel: Vec2, max_prediction: f32) -> Vec2 {
    let d = (target_pos - agent.position).length();
    let t = if agent.max_speed > 0.0 { (d / agent.max_speed).min(max_prediction) } else { 0.0 };
    target_pos + target_vel * t
}

/// Pursuit: seek the target's predicted position.
pub fn pursuit(agent: &Agent, target_pos: Vec2, target_vel: Vec2, max_prediction: f32) -> Vec2 {
    seek(agent, predict(agent, target_pos, target_vel, max_prediction))
}

/// Evade: flee the threat's predicted position.
pub fn evade(agent: &Agent, threat_pos: Vec2, threat_vel: Vec2, max_prediction: f32) -> Vec2 {
    flee(agent, predict(agent, threat_pos, threat_vel, max_prediction))
}

/// Reynolds' wander: a target on a circle of `radius` placed `distance` ahead of the agent, whose
/// angle drifts by a seeded random amount (at most `jitter` radians per call).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WanderParams {
    pub radius: f32,
    pub distance: f32,
    pub jitter: f32,
}

/// Returns the force and the point on the wander circle it seeks. `angle` is the agent's own state.
pub fn wander(agent: &Agent, angle: &mut f32, params: &WanderParams, rng: &mut Rng) -> (Vec2, Vec2) {
    *angle += (rng.f32() * 2.0 - 1.0) * params.jitter;
    // Keep the angle small so precision does not drift over long runs.
    if !(-core::f32::consts::PI..=core::f32::consts::PI).contains(angle) {
        *angle = libm::remainderf(*angle, core::f32::consts::TAU);
    }
    let centre = agent.position + agent.heading * params.distance;
    let target = centre + Vec2::new(libm::cosf(*angle), libm::sinf(*angle)) * params.radius;
    (seek(agent, target), target)
}

/// One named contribution to an agent's steering: the raw force (already limited to `max_force`)
/// and its weight, and — when the controller traces — the numbers behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Contribution {
    pub rule: &'static str,
    /// The behaviour that added it: its index in the scenario's `behaviours` (set when tracing;
    /// `None`: the engine's own, the world's edges).
    pub by: Option<usize>,
    pub raw: Vec2,
    pub weight: f32,
    pub detail: Detail,
}

/// The numbers behind one contribution, as the tutorials' pseudocode names them (what
/// `explain()` shows): the neighbours that counted, their sum and mean, the desired velocity, and
/// what else the rule looked at (`notes`: the behind point, the blocker, the prediction …).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Detail {
    pub neighbours: Option<u32>,
    pub sum: Option<Vec2>,
    pub mean: Option<Vec2>,
    pub desired: Option<Vec2>,
    pub notes: Vec<(&'static str, Note)>,
}

/// A value a rule notes for `explain()`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Note {
    Point(Vec2),
    Num(f32),
    Int(i64),
    Flag(bool),
    /// An agent or waypoint index, or none.
    Index(Option<usize>),
    Word(&'static str),
}

impl Detail {
    pub fn note(&mut self, key: &'static str, v: Note) -> &mut Self {
        self.notes.push((key, v));
        self
    }
}

/// The seed's SteeringController: behaviours plug in as weighted forces; the result is the weighted
/// sum truncated to `max_force`. It can record each contribution (for the force-breakdown overlay)
/// without allocating.
pub struct Controller<'a> {
    sum: Vec2,
    trace: Option<&'a mut Trace>,
}

/// The recorded contributions of one agent's last force computation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    pub items: Vec<Contribution>,
}

impl<'a> Controller<'a> {
    pub fn new(mut trace: Option<&'a mut Trace>) -> Self {
        if let Some(t) = trace.as_deref_mut() {
            t.items.clear();
        }
        Controller { sum: Vec2::ZERO, trace }
    }

    #[inline]
    pub fn add(&mut self, rule: &'static str, weight: f32, raw: Vec2) {
        self.sum += raw * weight;
        if let Some(t) = self.trace.as_deref_mut() {
            t.items.push(Contribution { rule, by: None, raw, weight, detail: Detail::default() });
        }
    }

    /// When tracing, describe the contribution just added (the closure runs only then, so the
    /// step itself pays nothing).
    #[inline]
    pub fn explain(&mut self, f: impl FnOnce(&mut Detail)) {
        if let Some(c) = self.trace.as_deref_mut().and_then(|t| t.items.last_mut()) {
            f(&mut c.detail);
        }
    }

    /// When tracing, record a rule that contributed nothing this step (no neighbours, out of
    /// range), with why; the sum is not touched.
    #[inline]
    pub fn idle(&mut self, rule: &'static str, weight: f32, f: impl FnOnce(&mut Detail)) {
        if let Some(t) = self.trace.as_deref_mut() {
            let mut detail = Detail::default();
            f(&mut detail);
            t.items.push(Contribution { rule, by: None, raw: Vec2::ZERO, weight, detail });
        }
    }

    /// When tracing, mark the contributions recorded since the last claim as behaviour `k`'s.
    pub fn claim(&mut self, k: usize) {
        if let Some(t) = self.trace.as_deref_mut() {
            for c in t.items.iter_mut().rev().take_while(|c| c.by.is_none()) {
                c.by = Some(k);
            }
        }
    }

    #[inline]
    pub fn tracing(&self) -> bool {
        self.trace.is_some()
    }

    #[inline]
    pub fn result(&self, max_force: f32) -> Vec2 {
        truncate(self.sum, max_force)
    }
}
