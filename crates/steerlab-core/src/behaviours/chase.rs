//! The chase's roles, shared by pursuit and evade: one agent (pursuit's quarry, evade's hunter)
//! that every other agent pursues or evades, a prediction of where it will be, and a catch
//! that sends the one far away.

use super::{draw_steering, MoveCtx};
use crate::agent::Agent;
use crate::draw::{DrawList, Style};
use crate::steer::desired_towards;
use crate::world::World;
use glam::Vec2;

/// The one agent of a chase, by its index among the agents.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct One(pub usize);

impl One {
    /// Every other agent, with its index.
    pub fn others(self, agents: &[Agent]) -> impl Iterator<Item = (usize, &Agent)> {
        agents.iter().enumerate().filter(move |&(i, _)| i != self.0)
    }

    /// The first other agent: the one the readouts and reports follow.
    pub fn first_other(self, agents: &[Agent]) -> Option<&Agent> {
        self.others(agents).next().map(|(_, a)| a)
    }

    /// The position of the other agent nearest to the one.
    pub fn nearest_other(self, world: &World, agents: &[Agent]) -> Option<Vec2> {
        let p = agents.get(self.0)?.position;
        let d2 = |a: &Agent| world.distance_squared(a.position, p);
        self.others(agents).map(|(_, a)| a).min_by(|a, b| d2(a).total_cmp(&d2(b))).map(|a| a.position)
    }

    /// After a move: when another agent is within `radius` of the one, the one starts again far
    /// from it ([`super::far_from`]). Whether it did.
    pub fn catch(self, m: &mut MoveCtx, radius: f32) -> bool {
        let Some(one) = m.agents.get(self.0).copied() else { return false };
        let r2 = radius * radius;
        let by = self.others(m.agents).find(|(_, a)| m.world.distance_squared(a.position, one.position) < r2);
        let Some((_, other)) = by else { return false };
        let to = super::far_from(m.world, other.position);
        m.agents[self.0].position = to;
        true
    }
}

/// Where `target` is as `a` sees it: its nearest image in a wrapping world.
pub fn seen_from(world: &World, a: &Agent, target: Vec2) -> Vec2 {
    a.position + world.delta(a.position, target)
}

/// `a` capped at `speed` (the one's own pace: the quarry's, the hunter's).
pub fn at_pace(a: &Agent, speed: f32) -> Agent {
    let mut slow = *a;
    slow.max_speed = speed.min(a.max_speed);
    slow
}

/// Over the agents: the look-ahead from `from` (where the one is) to the prediction `p`, and the
/// agent's velocity, `desired` velocity and steer.
pub fn draw_prediction(list: &mut DrawList, a: &Agent, from: Vec2, p: Vec2, desired: Vec2) {
    list.line(Style::Prediction, from, p);
    list.disc(Style::Prediction, p, 3.5);
    draw_steering(list, a, desired_towards(desired, a));
}
