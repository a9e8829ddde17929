//! bandada-app.txt "evitar obstáculos": steer away from the nearest obstacle whose
//! `radius + look_ahead` the agent is inside, harder the closer it is (the urgency falls linearly
//! from 1 at the obstacle's surface to 0 at `look_ahead` beyond it). Obstacles are the scenario's
//! circles plus those placed by click.

use super::{AgentStep, Behave, Facts, ForceCtx, Inst, Tell, Tint};
use crate::check::Check;
use crate::draw::Style;
use crate::num::clamp;
use crate::setup::Setup;
use crate::steer::{desired_towards, steer_towards, Note};
use glam::Vec2;
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 3.0; d_look_ahead = 40.0; }

/// `{"type": "avoid_obstacles", "weight": 3, "look_ahead": 40, "enabled": true}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AvoidObstacles {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// How far beyond an obstacle's surface it starts to push (px).
    #[serde(default = "d_look_ahead")]
    pub look_ahead: f32,
    #[serde(default = "super::d_true")]
    pub enabled: bool,
}

impl Behave for AvoidObstacles {
    const KIND: &'static str = "avoid_obstacles";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        if let Some(crate::steer::Note::Index(Some(k))) = p.note("obstacle") {
            p.add("obstacle", format!("#{k}"), "obstacle");
        }
        if let Some(crate::steer::Note::Num(u)) = p.note("urgency") {
            p.add("urgency = 1 - distance / look_ahead", crate::pseudo::num(u), "");
        }
        p.desired("desired = normalize(self.position - obstacle.center) * max_speed");
        // (Its weight this step is the rule's weight times the urgency, and the line says so.)
        p.force_with_weight(crate::pseudo::LIMIT, "pseudo.avoid_obstacles.weight");
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.non_negative("look_ahead", self.look_ahead)
    }

    /// Its lesson in the described scene: the obstacles, how many agents turn away from one (the
    /// last step's braking tint) and the closest any agent comes to an obstacle's surface (px;
    /// negative: inside).
    fn describe(&self, _: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let obstacles = &t.v.scene.obstacles;
        let gap = |p| obstacles.iter().map(|&(c, r)| t.v.world.delta(c, p).length() - r).fold(f32::INFINITY, f32::min);
        let closest = t.v.agents.iter().map(|a| gap(a.position)).fold(f32::INFINITY, f32::min);
        let on = self.enabled as u32 as f32;
        let values = vec![obstacles.len() as f32, on * t.tinted(Style::Braking) as f32, closest, on];
        Some(Facts { kind: Self::KIND, keys: "obstacles avoiding closest enabled", values })
    }

    /// `weight · urgency · steer_towards(position − centre)` for the most urgent obstacle.
    fn force(&self, _: &(), _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        if !self.enabled {
            return;
        }
        let me = a.agent;
        let mut best: Option<(f32, Vec2)> = None;
        let mut which = 0;
        for (k, &(c, r)) in ctx.scene.obstacles.iter().enumerate() {
            let d = ctx.world.delta(c, me.position);
            let dist = d.length();
            let reach = r + self.look_ahead;
            if dist < reach {
                let urgency = 1.0 - (dist - r).max(0.0) / self.look_ahead.max(1e-3);
                if best.is_none_or(|(u, _)| urgency > u) {
                    best = Some((urgency, d));
                    which = k;
                }
            }
        }
        if let Some((urgency, away)) = best {
            a.ctl.add("avoid_obstacles", self.weight * clamp(urgency, 0.0, 1.0), steer_towards(away, me));
            a.ctl.explain(|d| {
                d.desired = Some(desired_towards(away, me));
                d.note("obstacle", Note::Index(Some(which))).note("urgency", Note::Num(clamp(urgency, 0.0, 1.0)));
            });
            a.tint(Tint::Set(Style::Braking));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_with_scene, hand_agents};
    use glam::Vec2;

    /// An obstacle of radius 30 centred 50 px to the right: 20 px from its surface with look_ahead
    /// 40 → urgency 1 − 20/40 = 0.5; away = (−1, 0) → desired (−80, 0); at rest, raw (−80, 0);
    /// weighted 3 · 0.5 = 1.5 → (−120, 0). The push points AWAY from the obstacle.
    #[test]
    fn pushes_away_from_the_obstacle_by_hand() {
        let sc = r#"[{"type": "avoid_obstacles", "weight": 3, "look_ahead": 40}]"#;
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        let f = force_with_scene(sc, &agents, 0, r#""obstacles": [{"center": [150, 100], "radius": 30}]"#);
        assert!((f - Vec2::new(-120.0, 0.0)).length() < 1e-3, "{f}");
    }

    /// Beyond radius + look_ahead nothing happens; of two obstacles in reach the more urgent wins.
    #[test]
    fn only_the_most_urgent_obstacle_in_reach_counts() {
        let sc = r#"[{"type": "avoid_obstacles", "weight": 1, "look_ahead": 40}]"#;
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        let far = r#""obstacles": [{"center": [171, 100], "radius": 30}]"#;
        assert_eq!(force_with_scene(sc, &agents, 0, far), Vec2::ZERO);
        // Right: 10 px from the surface (urgency 0.75); below: 30 px (urgency 0.25).
        let two = r#""obstacles": [{"center": [140, 100], "radius": 30}, {"center": [100, 160], "radius": 30}]"#;
        let f = force_with_scene(sc, &agents, 0, two);
        assert!((f - Vec2::new(-60.0, 0.0)).length() < 1e-3, "{f}");
    }

    /// Reach is `radius + look_ahead`: at exactly that distance the agent is not yet avoiding (no
    /// tint), just inside it is (tinted, with a force near zero); far beyond, nothing.
    #[test]
    fn reach_is_radius_plus_look_ahead() {
        use super::super::testing::sim_with;
        use crate::draw::Style;
        let sc = r#"[{"type": "avoid_obstacles", "weight": 3, "look_ahead": 40}]"#;
        for (x, avoiding) in [(170.0, false), (169.9, true), (250.0, false)] {
            let mut s = sim_with(
                sc,
                &hand_agents(&[((x, 100.0), (0.0, 0.0))]),
                r#""obstacles": [{"center": [100, 100], "radius": 30}]"#,
            );
            s.step();
            let want = if avoiding { Some(Style::Braking) } else { None };
            assert_eq!(s.tint(0), want, "agent at x = {x}");
        }
    }

    /// The most urgent obstacle wins wherever it is listed; at equal urgency, the first listed.
    #[test]
    fn the_most_urgent_wins_in_any_order_and_ties_go_to_the_first() {
        let sc = r#"[{"type": "avoid_obstacles", "weight": 1, "look_ahead": 40}]"#;
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        // Below: 30 px from the surface (0.25), listed first; right: 10 px (0.75), second.
        let two = r#""obstacles": [{"center": [100, 160], "radius": 30}, {"center": [140, 100], "radius": 30}]"#;
        let f = force_with_scene(sc, &agents, 0, two);
        assert!((f - Vec2::new(-60.0, 0.0)).length() < 1e-3, "{f}");
        // Both 20 px from the surface (0.5): the first listed (right) pushes left.
        let tie = r#""obstacles": [{"center": [150, 100], "radius": 30}, {"center": [100, 150], "radius": 30}]"#;
        let f = force_with_scene(sc, &agents, 0, tie);
        assert!((f - Vec2::new(-40.0, 0.0)).length() < 1e-3, "{f}");
    }
}
