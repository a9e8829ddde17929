//! Separation (flocking-boids.txt §2.1 and §3): steer away from neighbours closer than `sep_dist`,
//! each pushing with `normalize(self − n) / |self − n|`; the mean push is the desired direction.
//!
//! The three flocking rules share one neighbour pass (`sim::flock::FlockSums`, also the fast
//! engine's definition); this file turns the pass's sums into the rule's force and draws its
//! overlays.

use super::{flock_term, AgentStep, Behave, Facts, FlockRule, ForceCtx, Inst, Tell, View};
use crate::check::Check;
use crate::draw::Overlay;
use crate::draw::Overlays;
use crate::draw::{DrawList, Style};
use crate::setup::Setup;
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 1.5; d_sep_dist = 22.0; }

/// `{"type": "separation", "weight": 1.5, "sep_dist": 22}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Separation {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Neighbours closer than this push (px).
    #[serde(default = "d_sep_dist")]
    pub sep_dist: f32,
}

impl Behave for Separation {
    const KIND: &'static str = "separation";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        super::flock_lines(
            p,
            "pseudo.separation.count",
            "sep += normalize(self.position - n.position) / distance",
            "sep / count",
            "desired = normalize(sep / count) * max_speed",
        );
    }

    fn style(&self, _rule: &str) -> Style {
        Style::ForceSeparation
    }

    /// The mean push's direction, drawn as long as the radius.
    fn highlight(&self, t: &crate::steer::Contribution, key: &str, h: &mut super::Highlight) -> bool {
        let r = self.sep_dist;
        super::flock_highlight(t, key, h, r, |m| m.normalize_or_zero() * r)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    /// Its lesson in the described scene: how far apart the agents keep (the mean distance to the
    /// nearest, px), the closest pair (px, and where), how many overlap another as drawn, and
    /// `sep_dist`.
    fn describe(&self, _: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let (closest, at) = t.closest()?;
        let values = vec![t.spacing()?, closest, at as f32, t.overlapping() as f32, self.sep_dist];
        Some(Facts { kind: Self::KIND, keys: "spacing closest:1 closest_at overlaps sep_dist", values })
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("sep_dist", self.sep_dist)
    }

    fn flock_rule(&self) -> Option<FlockRule> {
        Some(FlockRule::Separation { weight: self.weight, radius: self.sep_dist })
    }

    /// `steer = limit(normalize(Σ push / n) · max_speed − velocity, max_force)`, weighted.
    fn force(&self, _: &(), _: &mut (), _ctx: &ForceCtx, a: &mut AgentStep) {
        let (n, sum) = (a.flock.n_sep, a.flock.sep);
        flock_term(a, "separation", self.weight, n, sum);
    }

    /// The `sep_dist` circle and the repulsion of each neighbour inside it (scaled for display).
    fn draw_selected(&self, _: &Inst<Self>, v: &View, i: usize, ov: Overlays, list: &mut DrawList) {
        if !ov.has(Overlay::SepDist) {
            return;
        }
        let p = v.agents[i].position;
        list.circle(Style::SepDist, p, self.sep_dist);
        v.each_within(i, self.sep_dist, |_, d, d2| {
            if d2 > 0.0 {
                let push = -d / d2 * 400.0;
                list.arrow(Style::ForceSeparation, p, p + push.clamp_length_max(40.0));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents};
    use glam::Vec2;

    /// One neighbour 10 px to the right, sep_dist 22: push = −(10, 0)/100 = (−0.1, 0); desired =
    /// (−80, 0) (max_speed 80); the agent moves up at 20 px/s: steer = (−80, −20), |steer| ≈ 82.5 <
    /// max_force 192; weight 1.5 → (−120, −30).
    #[test]
    fn pushes_away_from_a_near_neighbour_by_hand() {
        let sc = r#"[{"type": "separation", "weight": 1.5, "sep_dist": 22}]"#;
        let f = force_of(sc, &hand_agents(&[((100.0, 100.0), (0.0, 20.0)), ((110.0, 100.0), (0.0, 0.0))]), 0);
        assert!((f - Vec2::new(-120.0, -30.0)).length() < 1e-4, "{f}");
    }

    /// Outside sep_dist nobody pushes; weight 0 switches the rule off.
    #[test]
    fn ignores_neighbours_beyond_sep_dist_and_weight_zero() {
        let far = hand_agents(&[((100.0, 100.0), (0.0, 20.0)), ((123.0, 100.0), (0.0, 0.0))]);
        assert_eq!(force_of(r#"[{"type": "separation", "sep_dist": 22}]"#, &far, 0), Vec2::ZERO);
        let near = hand_agents(&[((100.0, 100.0), (0.0, 20.0)), ((110.0, 100.0), (0.0, 0.0))]);
        assert_eq!(force_of(r#"[{"type": "separation", "weight": 0}]"#, &near, 0), Vec2::ZERO);
    }

    /// Closer neighbours push harder (1/d), so with one neighbour at 5 px left and one at 15 px
    /// right the mean push points right: Σ = (5/25 − 15/225, 0) = (0.1333, 0) → desired (80, 0).
    #[test]
    fn the_nearer_neighbour_wins() {
        let sc = r#"[{"type": "separation", "weight": 1, "sep_dist": 22}]"#;
        let agents =
            hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((95.0, 100.0), (0.0, 0.0)), ((115.0, 100.0), (0.0, 0.0))]);
        let f = force_of(sc, &agents, 0);
        assert!((f - Vec2::new(80.0, 0.0)).length() < 1e-4, "{f}");
    }

    /// The selected agent 0 at (100, 100) with sep_dist 22: the circle, then one arrow per
    /// neighbour inside it, in index order, of `−d / d² · 400` clamped to 40 px: (110, 100) →
    /// −(10, 0)/100·400 = (−40, 0); (100, 80) → (0, 20)/400·400 = (0, 20); (95, 100) → (5, 0)/25·400
    /// = (80, 0), clamped to (40, 0). An agent on the same spot (d² = 0) and one at (123, 100)
    /// (outside) push nothing. With the SepDist switch off nothing is drawn.
    #[test]
    fn draws_the_circle_and_each_push_by_hand() {
        use super::super::testing::{all_but, assert_drawn, drawn_selected, sim_with, D};
        use crate::draw::Overlay;
        use crate::draw::Style;
        let sc = r#"[{"type": "separation", "sep_dist": 22}]"#;
        let agents = hand_agents(&[
            ((100.0, 100.0), (0.0, 0.0)),
            ((110.0, 100.0), (0.0, 0.0)),
            ((100.0, 80.0), (0.0, 0.0)),
            ((100.0, 100.0), (0.0, 0.0)),
            ((95.0, 100.0), (0.0, 0.0)),
            ((123.0, 100.0), (0.0, 0.0)),
        ]);
        let s = sim_with(sc, &agents, "");
        let p = Vec2::new(100.0, 100.0);
        assert_drawn(
            &drawn_selected(&s, 0, &[Overlay::SepDist]),
            &[
                (Style::SepDist, D::Circle(p, 22.0)),
                (Style::ForceSeparation, D::Arrow(p, Vec2::new(60.0, 100.0))),
                (Style::ForceSeparation, D::Arrow(p, Vec2::new(100.0, 120.0))),
                (Style::ForceSeparation, D::Arrow(p, Vec2::new(140.0, 100.0))),
            ],
        );
        assert_drawn(&drawn_selected(&s, 0, &all_but(Overlay::SepDist)), &[]);
    }
}
