//! Cohesion (flocking-boids.txt §2.3 and §3): steer towards the centroid of the neighbours within
//! `perception` (nearest image across a wrapping edge). The sums come from the flocking rules'
//! shared neighbour pass.

use super::{flock_term, AgentStep, Behave, Facts, FlockRule, ForceCtx, Inst, Tell, View};
use crate::check::Check;
use crate::draw::Overlay;
use crate::draw::Overlays;
use crate::draw::{DrawList, Style};
use crate::setup::Setup;
use crate::steer::Note;
use glam::Vec2;
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 1.0; d_perception = 48.0; }

/// `{"type": "cohesion", "weight": 1.0, "perception": 48}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Cohesion {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Neighbours within this distance count (px).
    #[serde(default = "d_perception")]
    pub perception: f32,
}

impl Behave for Cohesion {
    const KIND: &'static str = "cohesion";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        super::flock_lines(
            p,
            "pseudo.cohesion.count",
            "coh += n.position - self.position",
            "centroid = self.position + coh / count",
            "desired = normalize(centroid - self.position) * max_speed",
        );
    }

    fn style(&self, _rule: &str) -> Style {
        Style::ForceCohesion
    }

    /// The offset to the centroid.
    fn highlight(&self, t: &crate::steer::Contribution, key: &str, h: &mut super::Highlight) -> bool {
        super::flock_highlight(t, key, h, self.perception, |m| m)
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    /// Its lesson in the described scene: the groups (agents linked by chains of neighbours within
    /// perception): how many, the two largest, how many agents are alone, and `perception`.
    fn describe(&self, _: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let g = t.groups;
        // The two largest (picked, not sorted: a sort's code in the module for two numbers).
        let (a, b) = g.iter().fold((0, 0), |(a, b), &n| if n > a { (n, a) } else { (a, b.max(n)) });
        if g.is_empty() {
            return None;
        }
        let alone = g.iter().filter(|&&n| n == 1).count();
        let second = if g.len() > 1 { b as f32 } else { f32::NAN };
        let values = vec![g.len() as f32, a as f32, second, alone as f32, self.perception];
        Some(Facts { kind: Self::KIND, keys: "groups largest second alone perception", values })
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("perception", self.perception)
    }

    fn flock_rule(&self) -> Option<FlockRule> {
        Some(FlockRule::Cohesion { weight: self.weight, radius: self.perception })
    }

    /// `steer = limit(normalize(centroid − position) · max_speed − velocity, max_force)`, weighted.
    fn force(&self, _: &(), _: &mut (), _ctx: &ForceCtx, a: &mut AgentStep) {
        let (n, sum, at) = (a.flock.n_coh, a.flock.coh, a.agent.position);
        if let Some(mean) = flock_term(a, "cohesion", self.weight, n, sum) {
            a.ctl.explain(|d| {
                d.note("centroid", Note::Point(at + mean));
            });
        }
    }

    /// The local centroid and the line to it.
    fn draw_selected(&self, _: &Inst<Self>, v: &View, i: usize, ov: Overlays, list: &mut DrawList) {
        if !ov.has(Overlay::Centroid) {
            return;
        }
        let (mut sum, mut k) = (Vec2::ZERO, 0);
        v.each_within(i, self.perception, |_, d, _| {
            sum += d;
            k += 1;
        });
        if k > 0 {
            let p = v.agents[i].position;
            let c = p + sum / k as f32;
            list.disc(Style::Centroid, c, 4.0);
            list.line(Style::Centroid, p, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_of, force_of_in, hand_agents};
    use glam::Vec2;

    /// Neighbours at (+30, 0) and (0, +30): centroid offset (15, 15) → desired 80·(0.7071, 0.7071);
    /// at rest, steer = desired.
    #[test]
    fn steers_to_the_centroid_by_hand() {
        let sc = r#"[{"type": "cohesion", "weight": 1, "perception": 48}]"#;
        let agents =
            hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((130.0, 100.0), (0.0, 0.0)), ((100.0, 130.0), (0.0, 0.0))]);
        let f = force_of(sc, &agents, 0);
        let d = 80.0 * std::f32::consts::FRAC_1_SQRT_2;
        assert!((f - Vec2::new(d, d)).length() < 1e-3, "{f}");
    }

    /// Across the wrapping edge the centroid is the nearest image: a neighbour at x = 395 seen from
    /// x = 5 in a 400 px world lies 10 px to the LEFT, so the agent steers left, not right.
    #[test]
    fn uses_the_nearest_image_across_the_seam() {
        let sc = r#"[{"type": "cohesion", "weight": 1, "perception": 48}]"#;
        let agents = hand_agents(&[((5.0, 100.0), (0.0, 0.0)), ((395.0, 100.0), (0.0, 0.0))]);
        let f = force_of_in(sc, &agents, 0, r#"{"width": 400, "height": 400, "edges": "wrap"}"#);
        assert!((f - Vec2::new(-80.0, 0.0)).length() < 1e-4, "{f}");
    }

    /// explain(): the neighbours, their offsets' sum and mean, and the centroid in world
    /// coordinates (the agent's position plus the mean offset).
    #[test]
    fn explains_the_centroid() {
        use super::super::testing::sim_with;
        let sc = r#"[{"type": "cohesion", "weight": 1, "perception": 48}]"#;
        let agents =
            hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((130.0, 100.0), (0.0, 0.0)), ((100.0, 130.0), (0.0, 0.0))]);
        let e = sim_with(sc, &agents, "").explain(0).unwrap();
        let t = &e.terms[0];
        assert_eq!(t.detail.neighbours, Some(2));
        assert_eq!(t.detail.sum, Some(Vec2::new(30.0, 30.0)));
        assert_eq!(t.detail.mean, Some(Vec2::new(15.0, 15.0)));
        let centroid = t.detail.notes.iter().find(|(k, _)| *k == "centroid").map(|&(_, n)| n);
        assert_eq!(centroid, Some(crate::steer::Note::Point(Vec2::new(115.0, 115.0))));
    }

    /// The selected agent 0 at (100, 100) with neighbours at (+30, 0) and (0, +30) (the one at
    /// (100, 148) is 48 away, not within): centroid (115, 115), a disc of radius 4 there and a line
    /// to it. Agent 3, alone at (300, 300), has no centroid; with the Centroid switch off nothing
    /// is drawn.
    #[test]
    fn draws_the_centroid_by_hand() {
        use super::super::testing::{all_but, assert_drawn, drawn_selected, sim_with, D};
        use crate::draw::Overlay;
        use crate::draw::Style;
        let sc = r#"[{"type": "cohesion", "perception": 48}]"#;
        let agents = hand_agents(&[
            ((100.0, 100.0), (0.0, 0.0)),
            ((130.0, 100.0), (0.0, 0.0)),
            ((100.0, 130.0), (0.0, 0.0)),
            ((300.0, 300.0), (0.0, 0.0)),
            ((100.0, 148.0), (0.0, 0.0)),
        ]);
        let s = sim_with(sc, &agents, "");
        let c = Vec2::new(115.0, 115.0);
        assert_drawn(
            &drawn_selected(&s, 0, &[Overlay::Centroid]),
            &[(Style::Centroid, D::Disc(c, 4.0)), (Style::Centroid, D::Line(Vec2::new(100.0, 100.0), c))],
        );
        assert_drawn(&drawn_selected(&s, 3, &[Overlay::Centroid]), &[]);
        assert_drawn(&drawn_selected(&s, 0, &all_but(Overlay::Centroid)), &[]);
    }
}
