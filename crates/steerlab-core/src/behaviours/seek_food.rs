//! bandada-app.txt "buscar comida": seek the nearest food within `radius`; food within `eat_radius`
//! of any agent after the move is eaten (the scene counts it).

use super::{AgentStep, Behave, ForceCtx, Inst, MoveCtx, Tint};
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
    #[cfg(feature = "code")]
    const CODE: super::CodeTemplates = super::CodeTemplates { js: code::JS, rs: code::RS, cs: code::CS };
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

// ---- code templates (feature `code`: the exporter, never in the page) ----
#[cfg(feature = "code")]
mod code {
    pub const JS: &str = r###"//en Seek food: go for the nearest food within radius; food closer than eat_radius to anyone is eaten.
//es Buscar comida: ir a por la comida más cercana dentro de radius; la que queda a menos de
//es eat_radius de alguien se la comen.
const seek_food = {
  force(b, w, i, a, ctl) {
    if (!b.enabled) return;
    let best = null;
    let bestD2 = Infinity;
    for (const f of w.scene.food) {
      const d2 = w.distanceSq(a.position, f);
      if (d2 < b.radius * b.radius && d2 < bestD2) [bestD2, best] = [d2, f];
    }
    if (best) ctl.add(b.weight, seekPoint(a, add(a.position, w.delta(a.position, best))));
  },
  after(b, w) {
    if (!b.enabled) return;
    const r2 = b.eat_radius * b.eat_radius;
    w.scene.food = w.scene.food.filter((f) => !w.agents.some((a) => w.distanceSq(a.position, f) < r2));
  },
};
"###;
    pub const RS: &str = r###"//en Seek food: go for the nearest food within radius; food closer than eat_radius to anyone is eaten.
//es Buscar comida: ir a por la comida más cercana dentro de radius; la que queda a menos de
//es eat_radius de alguien se la comen.
#[derive(Default)]
pub struct SeekFood {
    pub weight: f32,
    pub radius: f32,
    pub eat_radius: f32,
    pub enabled: bool,
}

impl Behaviour for SeekFood {
    fn force(&mut self, w: &World, _i: usize, a: &Agent, _s: &Sums, ctl: &mut Steering) {
        if !self.enabled {
            return;
        }
        let mut best: Option<(f32, Vec2)> = None;
        for &f in &w.scene.food {
            let d2 = w.distance_squared(a.position, f);
            if d2 < self.radius * self.radius && best.is_none_or(|(b, _)| d2 < b) {
                best = Some((d2, f));
            }
        }
        if let Some((_, f)) = best {
            ctl.add(self.weight, seek(a, a.position + w.delta(a.position, f)));
        }
    }
    fn after(&mut self, w: &mut World, _now: f64) {
        if !self.enabled {
            return;
        }
        let r2 = self.eat_radius * self.eat_radius;
        let food = std::mem::take(&mut w.scene.food);
        w.scene.food = food.into_iter().filter(|&f| !w.agents.iter().any(|a| w.distance_squared(a.position, f) < r2)).collect();
    }
}
"###;
    pub const CS: &str = r###"//en Seek food: go for the nearest food within radius; food closer than eat_radius to anyone is eaten.
//es Buscar comida: ir a por la comida más cercana dentro de radius; la que queda a menos de
//es eat_radius de alguien se la comen.
[Serializable]
public class SeekFood : SteeringBehaviour
{
    public float weight;
    public float radius;
    public float eat_radius;
    public bool enabled;

    public override void Force(World w, int i, Agent a, Sums s, Steering ctl)
    {
        if (!enabled) return;
        int best = -1;
        float bestD2 = float.PositiveInfinity;
        for (int k = 0; k < w.food.Count; k++)
        {
            float d2 = w.DistanceSq(a.position, w.food[k]);
            if (d2 < radius * radius && d2 < bestD2) { bestD2 = d2; best = k; }
        }
        if (best >= 0) ctl.Add(weight, Steer.Seek(a, a.position + w.Delta(a.position, w.food[best])));
    }

    public override void After(World w, double now)
    {
        if (!enabled) return;
        w.food.RemoveAll(f => Array.Exists(w.agents, a => w.DistanceSq(a.position, f) < eat_radius * eat_radius));
    }
}
"###;
}
