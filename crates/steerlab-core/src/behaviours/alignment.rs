//! Alignment (flocking-boids.txt §2.2 and §3): steer towards the mean velocity of the neighbours
//! within `perception`. The sums come from the flocking rules' shared neighbour pass.

use super::{flock_term, AgentStep, Behave, Facts, FlockRule, ForceCtx, Inst, Tell, View};
use crate::check::Check;
use crate::draw::Overlay;
use crate::draw::Overlays;
use crate::draw::{DrawList, Style};
use crate::setup::Setup;
use glam::Vec2;
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 1.0; d_perception = 48.0; }

/// `{"type": "alignment", "weight": 1.0, "perception": 48}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Alignment {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Neighbours within this distance count (px).
    #[serde(default = "d_perception")]
    pub perception: f32,
}

impl Behave for Alignment {
    const KIND: &'static str = "alignment";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        super::flock_lines(
            p,
            "pseudo.alignment.count",
            "align += n.velocity",
            "align / count",
            "desired = normalize(align / count) * max_speed",
        );
    }

    fn style(&self, _rule: &str) -> Style {
        Style::ForceAlignment
    }

    /// The mean velocity.
    fn highlight(&self, t: &crate::steer::Contribution, key: &str, h: &mut super::Highlight) -> bool {
        super::flock_highlight(t, key, h, self.perception, |m| m * crate::draw::VELOCITY_SCALE)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    /// Its lesson in the described scene: the common heading (a direction code of `describe.rs`;
    /// 9: every which way) and how common it is (the polarisation, 0–1), and `perception`.
    fn describe(&self, _: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let values = vec![t.polarisation, t.heading as f32, self.perception];
        Some(Facts { kind: Self::KIND, keys: "polarisation:2 heading perception", values })
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("perception", self.perception)
    }

    fn flock_rule(&self) -> Option<FlockRule> {
        Some(FlockRule::Alignment { weight: self.weight, radius: self.perception })
    }

    /// `steer = limit(normalize(Σ v / n) · max_speed − velocity, max_force)`, weighted.
    fn force(&self, _: &(), _: &mut (), _ctx: &ForceCtx, a: &mut AgentStep) {
        let (n, sum) = (a.flock.n_align, a.flock.align);
        flock_term(a, "alignment", self.weight, n, sum);
    }

    /// The neighbours' mean heading, as an arrow from the selected agent.
    fn draw_selected(&self, _: &Inst<Self>, v: &View, i: usize, ov: Overlays, list: &mut DrawList) {
        if !ov.has(Overlay::MeanHeading) {
            return;
        }
        let (mut sum, mut k) = (Vec2::ZERO, 0);
        v.each_within(i, self.perception, |j, _, _| {
            sum += v.agents[j].velocity;
            k += 1;
        });
        if k > 0 {
            let p = v.agents[i].position;
            list.arrow(Style::MeanHeading, p, p + (sum / k as f32).normalize_or_zero() * 40.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, hand_agents};
    use glam::Vec2;

    /// Two neighbours moving (40, 0) and (0, 40): mean (20, 20) → desired 80·(0.7071, 0.7071) =
    /// (56.57, 56.57); the agent moves (0, −20): steer (56.57, 76.57), |·| = 95.2 < 192.
    #[test]
    fn steers_to_the_mean_velocity_by_hand() {
        let sc = r#"[{"type": "alignment", "weight": 1, "perception": 48}]"#;
        let agents = hand_agents(&[
            ((100.0, 100.0), (0.0, -20.0)),
            ((120.0, 100.0), (40.0, 0.0)),
            ((100.0, 130.0), (0.0, 40.0)),
        ]);
        let f = force_of(sc, &agents, 0);
        let d = 80.0 * std::f32::consts::FRAC_1_SQRT_2;
        assert!((f - Vec2::new(d, d + 20.0)).length() < 1e-3, "{f}");
    }

    /// A neighbour beyond perception is not counted; the weight scales the force.
    #[test]
    fn counts_only_neighbours_within_perception_and_scales_by_weight() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((149.0, 100.0), (40.0, 0.0))]);
        assert_eq!(force_of(r#"[{"type": "alignment", "perception": 48}]"#, &agents, 0), Vec2::ZERO);
        let near = hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((130.0, 100.0), (0.0, 10.0))]);
        let f = force_of(r#"[{"type": "alignment", "weight": 2, "perception": 48}]"#, &near, 0);
        assert!((f - Vec2::new(0.0, 160.0)).length() < 1e-4, "{f}");
    }

    /// The mean-heading arrow of the selected agent 0 at (100, 100): its neighbours within 48 move
    /// (40, 0) and (0, 40) (the agent at (100, 148) is 48 away, not within), mean (20, 20), so the
    /// arrow runs 40 px along (0.7071, 0.7071), to (128.28, 128.28). Agent 3, alone at (300, 300),
    /// gets none; nor does anyone with the MeanHeading switch off.
    #[test]
    fn draws_the_mean_heading_of_the_neighbours_by_hand() {
        use super::super::testing::{all_but, assert_drawn, drawn_selected, sim_with, D};
        use crate::draw::Overlay;
        use crate::draw::Style;
        let sc = r#"[{"type": "alignment", "perception": 48}]"#;
        let agents = hand_agents(&[
            ((100.0, 100.0), (0.0, -20.0)),
            ((120.0, 100.0), (40.0, 0.0)),
            ((100.0, 130.0), (0.0, 40.0)),
            ((300.0, 300.0), (10.0, 0.0)),
            ((100.0, 148.0), (0.0, 10.0)),
        ]);
        let s = sim_with(sc, &agents, "");
        let d = 40.0 * std::f32::consts::FRAC_1_SQRT_2;
        let tip = Vec2::new(100.0 + d, 100.0 + d);
        assert_drawn(
            &drawn_selected(&s, 0, &[Overlay::MeanHeading]),
            &[(Style::MeanHeading, D::Arrow(Vec2::new(100.0, 100.0), tip))],
        );
        assert_drawn(&drawn_selected(&s, 3, &[Overlay::MeanHeading]), &[]);
        assert_drawn(&drawn_selected(&s, 0, &all_but(Overlay::MeanHeading)), &[]);
    }
}
