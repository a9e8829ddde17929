//! The formation: the leader's heading and target, the behind and ahead points, and the slots
//! (placed from the leader and handed out to the followers before each force pass).

use super::{FollowLeader, FollowVariant};
use crate::agent::Agent;
use crate::steer::WanderParams;
use crate::world::World;
use glam::Vec2;

/// Below this speed (px/s) the leader counts as stopped and keeps its last valid heading. The seed's
/// Unity code uses `sqrMagnitude > 0.01` (0.1 m/s), ×16.
pub const HEADING_MIN_SPEED: f32 = 1.6;
/// ... and below this fraction of its cruising speed too: arrive overshoots the target a little and
/// creeps back, and that creeping must not turn the formation around.
pub const HEADING_MIN_FRACTION: f32 = 0.25;
/// The leader is "at" its target inside this distance and below this speed.
pub const ARRIVED_DIST: f32 = 6.0;
pub const ARRIVED_SPEED: f32 = 6.0;
/// Dynamic slots are assigned by a greedy global matching up to this many followers (O(F² log F));
/// beyond it follower k keeps slot k.
pub const DYNAMIC_MAX: usize = 64;
/// A follower's current slot looks this much nearer when slots are re-assigned (no flicker on ties).
pub const SLOT_STICKINESS: f32 = 0.8;
pub const NO_SLOT: u32 = u32::MAX;

/// The leader's wander: the defaults of the `wander` behaviour.
pub const LEADER_WANDER: WanderParams = WanderParams { radius: 24.0, distance: 40.0, jitter: 0.6 };

/// Follow-leader state that lives between steps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LeaderState {
    /// The leader's last valid heading (unit).
    pub heading: Vec2,
    /// Where the leader goes (the last click or drag); `None`: it wanders.
    pub target: Option<Vec2>,
    /// Seconds the leader has rested at its target.
    pub idle: f32,
    /// Formation slots this step, in slot order (one, the behind point, without slots).
    pub slots: Vec<Vec2>,
    /// Per agent: the index of its slot (`NO_SLOT` for the leader).
    pub slot_of: Vec<u32>,
    /// The previous step's `slot_of` (dynamic slots stick to it on ties).
    pub(super) prev: Vec<u32>,
    pub(super) pairs: Vec<(f32, u32, u32)>,
    pub(super) taken: Vec<bool>,
}

/// `leader.position − heading·behind_dist`.
#[inline]
pub fn behind_point(leader: Vec2, heading: Vec2, p: &FollowLeader) -> Vec2 {
    leader - heading * p.behind_dist
}

/// `leader.position + heading·ahead_dist`.
#[inline]
pub fn ahead_point(leader: Vec2, heading: Vec2, p: &FollowLeader) -> Vec2 {
    leader + heading * p.ahead_dist
}

/// Slot `k` as (distance behind the leader, distance to its right), for the formation variants:
/// - V: rows of two, row r = k/2 + 1 at `behind_dist + (r−1)·spacing·0.8` back, `±r·spacing·0.7` aside;
/// - column: `behind_dist + k·spacing` back;
/// - squad: rows of three, `behind_dist + row·spacing` back, `(col−1)·spacing` aside.
pub fn slot_offset(variant: FollowVariant, k: usize, p: &FollowLeader) -> (f32, f32) {
    let s = p.slot_spacing;
    match variant {
        FollowVariant::V | FollowVariant::Dynamic => {
            let row = (k / 2 + 1) as f32;
            let side = if k.is_multiple_of(2) { -1.0 } else { 1.0 };
            (p.behind_dist + (row - 1.0) * s * 0.8, side * row * s * 0.7)
        }
        FollowVariant::Column => (p.behind_dist + k as f32 * s, 0.0),
        FollowVariant::Squad => ((p.behind_dist + (k / 3) as f32 * s), ((k % 3) as f32 - 1.0) * s),
        FollowVariant::Single | FollowVariant::Prediction => (p.behind_dist, 0.0),
    }
}

/// A slot in world coordinates from the leader's position and heading.
#[inline]
pub fn slot_point(leader: Vec2, heading: Vec2, (back, right): (f32, f32)) -> Vec2 {
    let side = Vec2::new(-heading.y, heading.x);
    leader - heading * back + side * right
}

impl LeaderState {
    /// The heading, never zero.
    #[inline]
    pub fn heading(&self) -> Vec2 {
        self.heading.try_normalize().unwrap_or(Vec2::X)
    }

    /// Before the force pass: place the slots and give each follower one (from the same snapshot).
    pub fn pre_step(&mut self, world: &World, agents: &[Agent], fl: &FollowLeader) {
        let n = agents.len();
        self.slots.clear();
        std::mem::swap(&mut self.prev, &mut self.slot_of);
        self.slot_of.clear();
        self.slot_of.resize(n, NO_SLOT);
        let li = fl.leader;
        if li >= n {
            return;
        }
        let lp = agents[li].position;
        let h = self.heading();
        let followers = n - 1;
        let nslots = if fl.variant.has_slots() { followers } else { 1.min(followers) };
        for k in 0..nslots {
            self.slots.push(slot_point(lp, h, slot_offset(fl.variant, k, fl)));
        }
        if nslots == 0 {
            return;
        }
        if fl.variant == FollowVariant::Dynamic && followers <= DYNAMIC_MAX {
            self.assign_nearest(world, agents, li);
        } else {
            let mut k = 0;
            for i in 0..n {
                if i != li {
                    self.slot_of[i] = (k % nslots) as u32;
                    k += 1;
                }
            }
        }
    }

    /// Dynamic slots: repeatedly give the closest (follower, free slot) pair its slot. A follower's
    /// current slot counts as `SLOT_STICKINESS` times its distance, so equal choices do not flicker.
    fn assign_nearest(&mut self, world: &World, agents: &[Agent], li: usize) {
        self.pairs.clear();
        for (i, a) in agents.iter().enumerate() {
            if i == li {
                continue;
            }
            for (s, &p) in self.slots.iter().enumerate() {
                let mut d2 = world.distance_squared(a.position, p);
                if self.prev.get(i) == Some(&(s as u32)) {
                    d2 *= SLOT_STICKINESS * SLOT_STICKINESS;
                }
                self.pairs.push((d2, i as u32, s as u32));
            }
        }
        self.pairs.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        self.taken.clear();
        self.taken.resize(self.slots.len(), false);
        for v in self.slot_of.iter_mut() {
            *v = NO_SLOT;
        }
        let mut left = agents.len() - 1;
        for &(_, i, s) in &self.pairs {
            if left == 0 {
                break;
            }
            if self.slot_of[i as usize] == NO_SLOT && !self.taken[s as usize] {
                self.slot_of[i as usize] = s;
                self.taken[s as usize] = true;
                left -= 1;
            }
        }
    }

    /// Agent `i`'s slot point this step (the behind point without slots).
    #[inline]
    pub fn target_of(&self, i: usize) -> Option<Vec2> {
        let s = *self.slot_of.get(i)?;
        self.slots.get(s as usize).copied()
    }

    /// After everyone moved: refresh the leader's last valid heading; after resting at its target for
    /// `wander_after` seconds the leader is left alone and wanders.
    pub fn post_move(&mut self, agents: &[Agent], fl: &FollowLeader, dt: f32) {
        let Some(l) = agents.get(fl.leader) else {
            return;
        };
        let speed = l.velocity.length();
        let cruise = fl.leader_speed.min(l.max_speed);
        if speed > HEADING_MIN_SPEED.max(HEADING_MIN_FRACTION * cruise) {
            self.heading = l.velocity / speed;
        }
        if let Some(t) = self.target {
            if (t - l.position).length() < ARRIVED_DIST && speed < ARRIVED_SPEED {
                self.idle += dt;
                if self.idle >= fl.wander_after {
                    self.target = None;
                    self.idle = 0.0;
                }
            } else {
                self.idle = 0.0;
            }
        }
    }

    /// Set the leader's target (click / drag).
    pub fn set_target(&mut self, p: Vec2) {
        if p.is_finite() {
            self.target = Some(p);
            self.idle = 0.0;
        }
    }
}
