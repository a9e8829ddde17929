//! The forces: the leader's (arrive at its target or wander) and a follower's (§5 `followLeader`:
//! evade the ahead zone, arrive at the behind point or slot, separate), and the point a follower heads for.

use super::formation::*;
use super::{FollowLeader, FollowVariant};
use crate::agent::Agent;
use crate::behaviours::{separate, ForceCtx, View};
use crate::rng::Rng;
use crate::steer::{arrive, arrive_desired, desired_towards, evade, predict, steer_towards, wander, Controller, Note};
use crate::world::{Edges, World};
use glam::Vec2;

/// What a follower did this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowerState {
    Arriving,
    Evading,
}

/// The leader: arrive at its target, else wander (and, in a bouncing world, turn back from the walls
/// before reaching them so that it does not flip its heading at a wall).
pub fn leader_force(
    world: &World,
    a: &Agent,
    st: &LeaderState,
    fl: &FollowLeader,
    wander_angle: &mut f32,
    rng: &mut Rng,
    ctl: &mut Controller,
) {
    let mut me = *a;
    me.max_speed = fl.leader_speed.min(a.max_speed);
    if let Some(t) = st.target {
        let t = a.position + world.delta(a.position, t);
        ctl.add("arrive", fl.weight, arrive(&me, t, fl.leader_slow_radius));
    } else {
        let (f, _) = wander(&me, wander_angle, &LEADER_WANDER, rng);
        ctl.add("wander", fl.weight, f);
        if world.edges == Edges::Bounce {
            let m = world.margin.max(LEADER_WANDER.distance).min(world.width * 0.5).min(world.height * 0.5);
            let p = a.position;
            if p.x < m || p.y < m || p.x > world.width - m || p.y > world.height - m {
                ctl.add("edges", 2.0, steer_towards(world.center() - p, &me));
            }
        }
    }
}

/// A follower's steering (§5 `followLeader`), from the step's snapshot.
pub fn follower_force(
    ctx: &ForceCtx,
    st: &LeaderState,
    fl: &FollowLeader,
    i: usize,
    ctl: &mut Controller,
) -> FollowerState {
    let (world, agents) = (ctx.world, ctx.agents);
    let a = &agents[i];
    let leader = &agents[fl.leader];
    let h = st.heading();
    let mut state = FollowerState::Arriving;

    // 1) In the forbidden zone ahead of the leader: evade the ahead point, moving with the leader.
    let ahead = ahead_point(leader.position, h, fl);
    let to_ahead = world.delta(a.position, ahead);
    let in_zone = to_ahead.length_squared() < fl.ahead_radius * fl.ahead_radius;
    if in_zone {
        let threat = a.position + to_ahead;
        let predicted = predict(a, threat, leader.velocity, fl.max_prediction);
        let (f, away) = if (a.position - predicted).length_squared() > 1e-6 {
            (evade(a, threat, leader.velocity, fl.max_prediction), a.position - predicted)
        } else {
            // Exactly on the threat: step aside, to the side of the leader's path the follower is on.
            let side = Vec2::new(-h.y, h.x);
            let s = world.delta(leader.position, a.position).dot(side);
            let sign = if s > 0.0 || (s == 0.0 && i.is_multiple_of(2)) { 1.0 } else { -1.0 };
            (steer_towards(side * sign, a), side * sign)
        };
        ctl.add("evade", fl.weight * fl.evade_weight, f);
        ctl.explain(|d| {
            d.desired = Some(desired_towards(away, a));
            d.note("ahead", Note::Point(ahead))
                .note("predicted", Note::Point(predicted))
                .note("in_ahead_zone", Note::Flag(true));
        });
        state = FollowerState::Evading;
    } else {
        ctl.idle("evade", fl.weight * fl.evade_weight, |d| {
            d.note("ahead", Note::Point(ahead)).note("in_ahead_zone", Note::Flag(false));
        });
    }

    // 2) Arrive at the behind point (or the follower's slot).
    let slot = st.target_of(i).unwrap_or_else(|| behind_point(leader.position, h, fl));
    let mut target = a.position + world.delta(a.position, slot);
    if fl.variant == FollowVariant::Prediction {
        // Pursuit of the behind point: where it will be, given the leader's velocity.
        target = predict(a, target, leader.velocity, fl.max_prediction);
    }
    ctl.add("follow_leader", fl.weight, arrive(a, target, fl.slow_radius));
    ctl.explain(|d| {
        d.desired = Some(arrive_desired(a, target, fl.slow_radius));
        d.note("behind", Note::Point(target))
            .note("ahead", Note::Point(ahead))
            .note("in_ahead_zone", Note::Flag(in_zone));
    });

    // 3) Separation from the other followers.
    match separate(ctx, i, Some(fl.leader), fl.sep_radius, fl.sep_form) {
        Some((f, k, sum)) => {
            ctl.add("separation", fl.weight * fl.sep_weight, f);
            ctl.explain(|d| {
                d.neighbours = Some(k);
                d.sum = Some(sum);
                d.note("form", Note::Word(fl.sep_form.key()));
            });
        }
        None => ctl.idle("separation", fl.weight * fl.sep_weight, |d| d.neighbours = Some(0)),
    }
    state
}

/// Follower `i`'s target point now (its slot, or the behind point), from the leader's current
/// position and last valid heading. `None` for the leader.
pub fn follower_target(st: &LeaderState, agents: &[Agent], fl: &FollowLeader, i: usize) -> Option<Vec2> {
    let l = agents.get(fl.leader)?;
    if i == fl.leader || i >= agents.len() {
        return None;
    }
    let k = match st.slot_of.get(i) {
        Some(&s) if s != NO_SLOT => s as usize,
        _ => i - usize::from(i > fl.leader),
    };
    Some(slot_point(l.position, st.heading(), slot_offset(fl.variant, k, fl)))
}

pub(super) struct Measures {
    pub(super) followers: usize,
    pub(super) in_zone: usize,
    /// Mean distance of the followers to their target point (None without followers).
    pub(super) mean_distance: Option<f32>,
}

/// (Not inlined: the readout, `state()` and the described scene each call it.)
#[inline(never)]
pub(super) fn measure(st: &LeaderState, v: &View, fl: &FollowLeader) -> Option<Measures> {
    let l = v.agents.get(fl.leader)?;
    let ahead = ahead_point(l.position, st.heading(), fl);
    let (mut in_zone, mut sum, mut k) = (0, 0.0f64, 0);
    for (i, a) in v.agents.iter().enumerate() {
        if i == fl.leader {
            continue;
        }
        if v.world.distance_squared(a.position, ahead) < fl.ahead_radius * fl.ahead_radius {
            in_zone += 1;
        }
        if let Some(t) = follower_target(st, v.agents, fl, i) {
            sum += v.world.delta(a.position, t).length() as f64;
            k += 1;
        }
    }
    Some(Measures { followers: k, in_zone, mean_distance: (k > 0).then(|| (sum / k as f64) as f32) })
}
