//! bandada-app.txt "buscar comida": seek the nearest food within `radius`; food within `eat_radius`
//! of any agent after the move is eaten (the scene counts it).

use super::{AgentStep, Behave, Facts, ForceCtx, Inst, MoveCtx, Tell, Tint};
use crate::check::Check;
use crate::draw::Style;
use crate::setup::Setup;
use crate::steer::{desired_towards, seek, Note};
use glam::Vec2;
use serde::{Deserialize, Serialize};

super::defaults! { d_weight = 1.0; d_radius = 120.0; d_eat_radius = 8.0; }

/// `{"type": "seek_food", "weight": 1.2, "radius": 120, "eat_radius": 8, "enabled": true}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SeekFood {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// Food farther than this is not seen (px).
    #[serde(default = "d_radius")]
    pub radius: f32,
    /// Food this close to an agent is eaten (px).
    #[serde(default = "d_eat_radius")]
    pub eat_radius: f32,
    #[serde(default = "super::d_true")]
    pub enabled: bool,
}

impl Behave for SeekFood {
    const KIND: &'static str = "seek_food";
    type State = ();
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        p.point("target = nearest food", "target");
        p.desired("desired = normalize(target - self.position) * max_speed");
        p.force(crate::pseudo::LIMIT);
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("radius", self.radius)?;
        c.non_negative("eat_radius", self.eat_radius)
    }

    /// Its lesson in the described scene: the food left, how much was eaten, and how many agents
    /// head for a piece (the last step's arriving tint).
    fn describe(&self, _: &Inst<Self>, t: &Tell) -> Option<Facts> {
        let seeking = self.enabled as u32 as f32 * t.tinted(Style::Arriving) as f32;
        let values = vec![t.v.scene.food.len() as f32, t.v.scene.eaten as f32, seeking];
        Some(Facts { kind: Self::KIND, keys: "food eaten seeking", values })
    }

    fn force(&self, _: &(), _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        if !self.enabled {
            return;
        }
        let me = a.agent;
        let mut best: Option<(f32, Vec2)> = None;
        for &f in &ctx.scene.food {
            let d2 = ctx.world.distance_squared(me.position, f);
            if d2 < self.radius * self.radius && best.is_none_or(|(b, _)| d2 < b) {
                best = Some((d2, f));
            }
        }
        if let Some((_, f)) = best {
            let target = me.position + ctx.world.delta(me.position, f);
            a.ctl.add("seek_food", self.weight, seek(me, target));
            a.ctl.explain(|d| {
                d.desired = Some(desired_towards(target - me.position, me));
                d.note("target", Note::Point(target));
            });
            a.tint(Tint::IfNone(Style::Arriving));
        }
    }

    fn post_move(&self, _: &mut Inst<Self>, m: &mut MoveCtx) {
        if !self.enabled || m.scene.food.is_empty() {
            return;
        }
        let (world, agents, r) = (m.world, &*m.agents, self.eat_radius);
        let before = m.scene.food.len();
        m.scene.food.retain(|&f| !agents.iter().any(|a| world.distance_squared(a.position, f) < r * r));
        m.scene.eaten += (before - m.scene.food.len()) as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{force_with_scene, hand_agents, sim_with};
    use glam::Vec2;

    const SC: &str = r#"[{"type": "seek_food", "weight": 1.2, "radius": 120, "eat_radius": 8}]"#;

    /// Food 60 px below and 100 px to the left: the nearer one (below) is sought: desired (0, 80),
    /// weight 1.2 → (0, 96). Towards the food, not away.
    #[test]
    fn seeks_the_nearest_food_within_radius_by_hand() {
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        let f = force_with_scene(SC, &agents, 0, r#""food": [[100, 160], [0, 100]]"#);
        assert!((f - Vec2::new(0.0, 96.0)).length() < 1e-3, "{f}");
        assert_eq!(force_with_scene(SC, &agents, 0, r#""food": [[100, 221]]"#), Vec2::ZERO);
    }

    /// Food within eat_radius after the move is eaten and counted; food farther away stays.
    #[test]
    fn eats_food_within_eat_radius() {
        let mut s = sim_with(SC, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), r#""food": [[105, 100], [100, 120]]"#);
        s.step();
        assert_eq!(s.scene().food, vec![Vec2::new(100.0, 120.0)]);
        assert_eq!(s.scene().eaten, 1);
    }

    /// Food exactly `radius` (120) away is not seen, 119 px is; of two equally near, the first listed;
    /// the explanation names the target and the desired velocity. Disabled: nothing.
    #[test]
    fn radius_ties_explanation_and_switch_by_hand() {
        use crate::steer::Note;
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        assert_eq!(force_with_scene(SC, &agents, 0, r#""food": [[100, 220]]"#), Vec2::ZERO);
        let f = force_with_scene(SC, &agents, 0, r#""food": [[100, 219]]"#);
        assert!((f - Vec2::new(0.0, 96.0)).length() < 1e-3, "{f}");
        let f = force_with_scene(SC, &agents, 0, r#""food": [[100, 160], [160, 100]]"#);
        assert!((f - Vec2::new(0.0, 96.0)).length() < 1e-3, "{f}");
        let e = sim_with(SC, &agents, r#""food": [[100, 160]]"#).explain(0).unwrap();
        assert_eq!(e.terms[0].detail.desired, Some(Vec2::new(0.0, 80.0)));
        assert_eq!(e.terms[0].detail.notes, [("target", Note::Point(Vec2::new(100.0, 160.0)))]);
        let off = r#"[{"type": "seek_food", "radius": 120, "enabled": false}]"#;
        assert_eq!(force_with_scene(off, &agents, 0, r#""food": [[100, 160]]"#), Vec2::ZERO);
        let mut s = sim_with(off, &agents, r#""food": [[100, 100]]"#);
        s.step();
        assert_eq!((s.scene().food.len(), s.scene().eaten), (1, 0));
    }

    /// Eating is strictly within eat_radius (8): food 8 px from the agent stays, 7.9 px is eaten.
    #[test]
    fn eat_radius_is_exclusive_by_hand() {
        use super::SeekFood;
        use crate::agent::Agent;
        use crate::behaviours::{Behave, Inst, MoveCtx};
        use crate::scene::Scene;
        use crate::world::{Edges, World};
        let sf: SeekFood = serde_json::from_str(r#"{"eat_radius": 8}"#).unwrap();
        let world = World::new(400.0, 400.0, Edges::Wrap);
        let mut agents = [Agent::new(Vec2::new(100.0, 100.0), Vec2::ZERO, 80.0, 192.0)];
        let mut scene =
            Scene { food: vec![Vec2::new(108.0, 100.0), Vec2::new(100.0, 107.9)], eaten: 2, ..Default::default() };
        let mut rng = crate::rng::seeded(1);
        let mut m = MoveCtx { world: &world, agents: &mut agents, scene: &mut scene, rng: &mut rng, now: 1.0, dt: 0.1 };
        sf.post_move(&mut Inst { state: (), agents: vec![()] }, &mut m);
        assert_eq!((scene.food, scene.eaten), (vec![Vec2::new(108.0, 100.0)], 3));
    }
}
