//! Flow field following (The Nature of Code, ch. 5): the world is cut into square cells of
//! `resolution` px, each holding a vector of length `strength` (px/s); an agent's desired velocity
//! is the vector of the cell it is in, and `steer = limit(desired − velocity, max_force)`.
//!
//! The field is smooth noise: the vector's angle is two octaves of seeded value noise (a hash of the
//! lattice corners, smoothstep-interpolated) at the cell's centre, `scale` px per lattice step,
//! times one and a half turns. Only integer hashing, f32 arithmetic and `libm`'s cosine and sine: the same bits
//! natively and in wasm. The seed comes from the scenario's seed and the number of clicks: a click
//! on the canvas reseeds the field, reset brings the first one back.

use super::{AgentStep, Behave, ForceCtx, Inst, Layer, Readout, Val, View};
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::json_path::{f32v, obj};
use crate::pointer::Pointer;
use crate::setup::Setup;
use crate::steer::truncate;
use crate::world::World;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;

super::defaults! { d_weight = 1.0; d_resolution = 32.0; d_strength = 60.0; d_scale = 240.0; }

/// At most this many arrows are drawn (a fine grid on a large world is drawn every k-th cell).
pub const MAX_ARROWS: u32 = 4000;

/// `{"type": "flow_field", "resolution": 32, "strength": 60, "scale": 240}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FlowField {
    #[serde(default = "d_weight")]
    pub weight: f32,
    /// The cells' side (px).
    #[serde(default = "d_resolution")]
    pub resolution: f32,
    /// The field vectors' length: the desired speed (px/s).
    #[serde(default = "d_strength")]
    pub strength: f32,
    /// Px per step of the noise lattice: larger is smoother.
    #[serde(default = "d_scale")]
    pub scale: f32,
}

/// How many times the reader reseeded the field by clicking.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Reseeds(pub u32);

/// The field for one seed on one world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field {
    pub seed: u32,
    pub resolution: f32,
    pub cols: u32,
    pub rows: u32,
    pub strength: f32,
    pub scale: f32,
}

/// A 32-bit integer hash (lowbias32's finaliser).
#[inline]
fn mix(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x7feb_352d);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846c_a68b);
    h ^ (h >> 16)
}

/// The noise value at lattice corner (x, y), in [0, 1).
#[inline]
pub fn lattice(seed: u32, x: i32, y: i32) -> f32 {
    let h = mix(seed ^ mix((x as u32).wrapping_mul(0x9e37_79b9) ^ mix(y as u32)));
    (h >> 8) as f32 * (1.0 / 16_777_216.0)
}

/// Value noise at `p` (lattice units): the four corners around it, blended with smoothstep weights.
pub fn value_noise(seed: u32, p: Vec2) -> f32 {
    let (x0, y0) = (p.x.floor(), p.y.floor());
    let (i, j) = (x0 as i32, y0 as i32);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let (sx, sy) = (s(p.x - x0), s(p.y - y0));
    let lerp = |a: f32, b: f32, t: f32| a + (b - a) * t;
    let (i1, j1) = (i.wrapping_add(1), j.wrapping_add(1));
    let top = lerp(lattice(seed, i, j), lattice(seed, i1, j), sx);
    let bottom = lerp(lattice(seed, i, j1), lattice(seed, i1, j1), sx);
    lerp(top, bottom, sy)
}

impl Field {
    pub fn new(ff: &FlowField, world: &World, seed: u32) -> Field {
        let cells = |side: f32| ((side / ff.resolution).ceil() as u32).max(1);
        Field {
            seed,
            resolution: ff.resolution,
            cols: cells(world.width),
            rows: cells(world.height),
            strength: ff.strength,
            scale: ff.scale,
        }
    }

    /// The cell `p` is in (clamped to the grid).
    pub fn cell_of(&self, p: Vec2) -> (u32, u32) {
        let c = |x: f32, n: u32| ((x / self.resolution).floor().max(0.0) as u32).min(n - 1);
        (c(p.x, self.cols), c(p.y, self.rows))
    }

    /// The centre of cell (col, row).
    pub fn centre(&self, (col, row): (u32, u32)) -> Vec2 {
        (Vec2::new(col as f32, row as f32) + 0.5) * self.resolution
    }

    /// The vector of cell (col, row): length `strength`, at the angle of two octaves of noise at
    /// its centre (the second a quarter as strong), times one and a half turns.
    pub fn vector(&self, cell: (u32, u32)) -> Vec2 {
        // (A scale of 1e-38 puts the centre at infinity in lattice units: read the noise at 0.)
        let q = Some(self.centre(cell) / self.scale).filter(|q| (*q * 2.0).is_finite()).unwrap_or(Vec2::ZERO);
        let n = (value_noise(self.seed, q) + 0.25 * value_noise(self.seed ^ 0x5bd1_e995, q * 2.0)) / 1.25;
        let angle = n * 1.5 * core::f32::consts::TAU;
        Vec2::new(libm::cosf(angle), libm::sinf(angle)) * self.strength
    }

    /// The vector of the cell `p` is in: the desired velocity of an agent at `p`.
    pub fn at(&self, p: Vec2) -> Vec2 {
        self.vector(self.cell_of(p))
    }
}

impl FlowField {
    /// The field of a scenario's seed after `reseeds` clicks.
    pub fn field(&self, world: &World, scenario_seed: u64, reseeds: Reseeds) -> Field {
        let s = (scenario_seed as u32) ^ mix((scenario_seed >> 32) as u32) ^ mix(reseeds.0.wrapping_add(1));
        Field::new(self, world, mix(s))
    }
}

impl Behave for FlowField {
    const KIND: &'static str = "flow_field";
    type State = Reseeds;
    type PerAgent = ();

    fn pseudo(&self, _t: &crate::steer::Contribution, p: &mut super::Lines) {
        p.force_words("pseudo.flow_field.force");
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn validate(&self, c: &Check, _sc: &Setup) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("resolution", self.resolution)?;
        c.non_negative("strength", self.strength)?;
        c.positive("scale", self.scale)
    }

    fn force(&self, st: &Reseeds, _: &mut (), ctx: &ForceCtx, a: &mut AgentStep) {
        let me = a.agent;
        let desired = self.field(ctx.world, ctx.setup.seed, *st).at(me.position);
        a.ctl.add("flow_field", self.weight, truncate(desired - me.velocity, me.max_force));
    }

    /// `"interaction": "pointer"`: a click reseeds the field.
    fn pointer(&self, inst: &mut Inst<Self>, ev: Pointer, _dragging: bool) -> bool {
        if let Pointer::Down(_) = ev {
            inst.state.0 = inst.state.0.wrapping_add(1);
            return true;
        }
        false
    }

    /// Under everything: the field, an arrow per cell (every k-th cell on a grid too fine to draw
    /// whole), `0.8 · resolution · min(1, strength / max_speed)` long.
    fn draw(&self, inst: &Inst<Self>, v: &View, layer: Layer, list: &mut DrawList) {
        if layer != Layer::Floor || self.strength <= 0.0 {
            return;
        }
        let f = self.field(v.world, v.setup.seed, inst.state);
        let step = ((f.cols as f32 * f.rows as f32 / MAX_ARROWS as f32).sqrt().ceil() as u32).max(1);
        let len = 0.8 * f.resolution * step as f32 * (self.strength / v.setup.max_speed).min(1.0);
        for row in (0..f.rows).step_by(step as usize) {
            for col in (0..f.cols).step_by(step as usize) {
                let c = f.centre((col, row));
                let half = f.vector((col, row)) / self.strength * (0.5 * len);
                list.arrow(Style::FieldArrow, c - half, c + half);
            }
        }
    }

    /// The grid (columns, rows, cell size), reseeds, and how well the agents follow the field: the
    /// mean cosine between each agent's velocity and its cell's vector.
    fn readout(&self, inst: &Inst<Self>, v: &View) -> Option<Readout> {
        let f = self.field(v.world, v.setup.seed, inst.state);
        Some(
            Readout::new(Self::KIND)
                .with("cols", Val::Int(f.cols as i64))
                .with("rows", Val::Int(f.rows as i64))
                .with("resolution", Val::Num(f.resolution as f64, 0))
                .with("reseeds", Val::Int(inst.state.0 as i64))
                .with("alignment", alignment(&f, v).map_or(Val::None, |x| Val::Num(x as f64, 2))),
        )
    }

    /// `state().field` {seed, cols, rows, resolution, reseeds}; metrics `field_alignment`.
    fn report(&self, inst: &Inst<Self>, v: &View, state: &mut Value) {
        let f = self.field(v.world, v.setup.seed, inst.state);
        state["field"] = obj(vec![
            ("seed", f.seed.into()),
            ("cols", f.cols.into()),
            ("rows", f.rows.into()),
            ("resolution", f32v(f.resolution)),
            ("reseeds", inst.state.0.into()),
        ]);
        state["metrics"]["field_alignment"] = alignment(&f, v).map_or(Value::Null, f32v);
    }
}

/// The mean cosine between the moving agents' velocities and their cells' vectors.
fn alignment(f: &Field, v: &View) -> Option<f32> {
    let cos = v.agents.iter().filter_map(|a| {
        let (u, w) = (a.velocity.try_normalize()?, f.at(a.position).try_normalize()?);
        Some(u.dot(w))
    });
    let (sum, n) = cos.fold((0.0, 0), |(s, n), c| (s + c, n + 1));
    (n > 0).then(|| sum / n as f32)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{hand_agents, sim_in};
    use super::super::Registered;
    use super::*;
    use crate::steer::Trace;
    use crate::Sim;

    const WORLD: &str = r#"{"width": 640, "height": 400, "edges": "wrap"}"#;
    const SC: &str = r#"[{"type": "flow_field", "resolution": 32, "strength": 60, "scale": 240}]"#;

    fn field_of(s: &Sim) -> Field {
        let ff = FlowField::first(&s.scenario().behaviours).unwrap();
        ff.field(s.world(), s.scenario().seed, s.behaviour::<FlowField>().unwrap().state)
    }

    /// Value noise by hand: at a lattice corner it is the corner's value; halfway between two
    /// corners (smoothstep(0.5) = 0.5) the mean of the two; at a quarter, smoothstep(0.25) =
    /// 0.15625 of the way.
    #[test]
    fn value_noise_interpolates_the_lattice_by_hand() {
        let (a, b) = (lattice(7, 3, 5), lattice(7, 4, 5));
        assert_eq!(value_noise(7, Vec2::new(3.0, 5.0)), a);
        assert!((value_noise(7, Vec2::new(3.5, 5.0)) - (a + b) / 2.0).abs() < 1e-6);
        assert!((value_noise(7, Vec2::new(3.25, 5.0)) - (a + (b - a) * 0.15625)).abs() < 1e-6);
        let c = lattice(7, 3, 6);
        assert!((value_noise(7, Vec2::new(3.0, 5.5)) - (a + c) / 2.0).abs() < 1e-6);
        // Another seed, another lattice.
        assert_ne!(lattice(8, 3, 5), a);
    }

    /// The grid by hand: 640 × 400 in cells of 32 px is 20 × 13 (the last row half outside);
    /// (31.9, 0) is in cell (0, 0), (32, 0) in (1, 0), (639, 399) in (19, 12); every vector is
    /// `strength` long.
    #[test]
    fn cells_and_vectors_by_hand() {
        let s = sim_in(SC, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), "", WORLD);
        let f = field_of(&s);
        assert_eq!((f.cols, f.rows), (20, 13));
        assert_eq!(f.cell_of(Vec2::new(31.9, 0.0)), (0, 0));
        assert_eq!(f.cell_of(Vec2::new(32.0, 0.0)), (1, 0));
        assert_eq!(f.cell_of(Vec2::new(639.0, 399.0)), (19, 12));
        assert_eq!(f.centre((1, 2)), Vec2::new(48.0, 80.0));
        for row in 0..f.rows {
            for col in 0..f.cols {
                assert!((f.vector((col, row)).length() - 60.0).abs() < 1e-3);
            }
        }
    }

    /// Issue 24's "done when": each agent's desired velocity is the field at its cell. For every
    /// agent of a running flock, its only force is `flow` = limit(field(cell) − velocity,
    /// max_force); two agents at rest in the same cell get the same force, in another cell
    /// another one.
    #[test]
    fn each_agent_desires_the_vector_of_its_cell() {
        let text = crate::scenarios::builtin("flow-field").unwrap();
        let mut s = Sim::from_json(text).unwrap();
        for _ in 0..90 {
            s.step();
        }
        let f = field_of(&s);
        let agents = s.agents().to_vec();
        assert!(agents.len() >= 50);
        let mut t = Trace::default();
        for (i, a) in agents.iter().enumerate() {
            let total = s.trace(i, &mut t);
            assert_eq!(t.items.len(), 1, "agent {i}: {:?}", t.items);
            assert_eq!(t.items[0].rule, "flow_field");
            assert_eq!(t.items[0].raw, truncate(f.at(a.position) - a.velocity, a.max_force), "agent {i}");
            assert_eq!(total, truncate(t.items[0].raw * t.items[0].weight, a.max_force));
        }
        let at_rest = |x: f32, y: f32| ((x, y), (0.0, 0.0));
        let two = hand_agents(&[at_rest(40.0, 40.0), at_rest(62.0, 50.0), at_rest(100.0, 40.0)]);
        let s = sim_in(SC, &two, "", WORLD);
        assert_eq!(s.force_on(0), s.force_on(1));
        assert_eq!(s.force_on(0), field_of(&s).vector((1, 1)));
        assert_ne!(s.force_on(0), s.force_on(2));
    }

    /// The largest turn between the vectors of neighbouring cells, over the whole grid.
    fn roughest(f: &Field) -> f32 {
        let mut worst = 0.0f32;
        for row in 0..f.rows {
            for col in 0..f.cols {
                let v = f.vector((col, row));
                for (dc, dr) in [(1, 0), (0, 1)] {
                    if col + dc < f.cols && row + dr < f.rows {
                        worst = worst.max(v.angle_to(f.vector((col + dc, row + dr))).abs());
                    }
                }
            }
        }
        worst
    }

    /// A smooth field, not a random one: the turn between neighbouring cells shrinks with the
    /// cells (cells 4× smaller, turns about 4× smaller: no jumps anywhere), while the field as a
    /// whole points every way.
    #[test]
    fn the_field_is_smooth_and_points_every_way() {
        for seed in 1..6 {
            let mut s = sim_in(SC, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), "", WORLD);
            s.reseed(seed);
            let mut f = field_of(&s);
            let coarse = roughest(&f);
            let mut quadrants = [false; 4];
            for row in 0..f.rows {
                for col in 0..f.cols {
                    let v = f.vector((col, row));
                    quadrants[(v.x > 0.0) as usize * 2 + (v.y > 0.0) as usize] = true;
                }
            }
            assert_eq!(quadrants, [true; 4], "seed {seed}: the field should point every way");
            f = Field { resolution: 8.0, cols: 80, rows: 50, ..f };
            let fine = roughest(&f);
            println!("seed {seed}: largest turn between neighbours {coarse:.2} rad at 32 px, {fine:.2} at 8 px");
            assert!(fine < coarse * 0.35 && fine < 0.45, "seed {seed}: {coarse} rad at 32 px, {fine} at 8 px");
        }
    }

    /// A click reseeds the field (another field), a drag does not reseed again; reset brings the
    /// first field back; another scenario seed gives another field.
    #[test]
    fn a_click_reseeds_the_field() {
        let mut s = sim_in(SC, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), r#""interaction": "pointer""#, WORLD);
        let first = field_of(&s);
        assert!(s.pointer_event(Pointer::Down(Vec2::new(100.0, 100.0)), true));
        assert!(!s.pointer_event(Pointer::Move(Vec2::new(120.0, 100.0)), true));
        let second = field_of(&s);
        assert_ne!(second.seed, first.seed);
        assert_ne!(second.vector((3, 3)), first.vector((3, 3)));
        assert_eq!(s.state_json()["field"]["reseeds"], 1);
        s.reset();
        assert_eq!(field_of(&s), first);
        s.reseed(2);
        assert_ne!(field_of(&s).seed, first.seed);
    }

    /// Known answers of the hash (lowbias32's finaliser, computed outside Rust): mix(0) = 0,
    /// mix(1) = 0x688990c0, mix(0xdeadbeef) = 0xe628c683; the lattice values are the top 24 bits
    /// over 2²⁴: lattice(7, 3, 5) = 27431/2²⁴, lattice(7, −1, 2) = 15856044/2²⁴, lattice(8, 3, 5) =
    /// 13601087/2²⁴. They fix every built-in flow field.
    #[test]
    fn the_hash_by_known_answers() {
        assert_eq!((mix(0), mix(1), mix(0xdead_beef)), (0, 0x6889_90c0, 0xe628_c683));
        let top24 = |n: u32| n as f32 / 16_777_216.0;
        assert_eq!(lattice(7, 3, 5), top24(27431));
        assert_eq!(lattice(7, -1, 2), top24(15_856_044));
        assert_eq!(lattice(8, 3, 5), top24(13_601_087));
    }

    /// Value noise in two dimensions: at (3.25, 5.75) the weights are smoothstep(0.25) = 0.15625
    /// across and smoothstep(0.75) = 0.84375 down, between the corners (3, 5), (4, 5), (3, 6), (4, 6).
    #[test]
    fn value_noise_blends_four_corners_by_hand() {
        let (a, b, c, d) = (lattice(7, 3, 5), lattice(7, 4, 5), lattice(7, 3, 6), lattice(7, 4, 6));
        let top = a + (b - a) * 0.15625;
        let bottom = c + (d - c) * 0.15625;
        let want = top + (bottom - top) * 0.84375;
        assert!((value_noise(7, Vec2::new(3.25, 5.75)) - want).abs() < 1e-6, "{want}");
    }

    /// The field's seed (known answers): scenario seed 1 → 3529208806, after a click 305810056;
    /// seed 0x5_0000_0007 (its high half counts too) → 1591606313; seed 42 after three clicks →
    /// 624934546. A vector is `strength` long at the angle (noise(q) + 0.25·noise'(2q))/1.25 · 1.5
    /// turns, q the cell's centre over `scale`, noise' the noise of seed ^ 0x5bd1e995.
    #[test]
    fn the_field_seed_and_a_vector_by_hand() {
        let world = World::new(640.0, 400.0, crate::world::Edges::Wrap);
        let ff: FlowField = serde_json::from_str(r#"{"resolution": 32, "strength": 60, "scale": 240}"#).unwrap();
        assert_eq!(ff.field(&world, 1, Reseeds(0)).seed, 3_529_208_806);
        assert_eq!(ff.field(&world, 1, Reseeds(1)).seed, 305_810_056);
        assert_eq!(ff.field(&world, 0x5_0000_0007, Reseeds(0)).seed, 1_591_606_313);
        assert_eq!(ff.field(&world, 42, Reseeds(3)).seed, 624_934_546);
        let f = ff.field(&world, 1, Reseeds(0));
        let q = Vec2::new(3.5 * 32.0, 5.5 * 32.0) / 240.0;
        let n = (value_noise(f.seed, q) + 0.25 * value_noise(f.seed ^ 0x5bd1_e995, q * 2.0)) / 1.25;
        let angle = n * 1.5 * core::f32::consts::TAU;
        let want = Vec2::new(angle.cos(), angle.sin()) * 60.0;
        assert!((f.vector((3, 5)) - want).length() < 1e-3, "{} vs {want}", f.vector((3, 5)));
        assert_eq!(f.at(Vec2::new(3.5 * 32.0, 5.5 * 32.0)), f.vector((3, 5)));
    }

    /// Points off the grid belong to the nearest edge cell: (−5, −5) to (0, 0), (700, 500) to (19, 12).
    #[test]
    fn cells_clamp_to_the_grid() {
        let world = World::new(640.0, 400.0, crate::world::Edges::Wrap);
        let ff: FlowField = serde_json::from_str(r#"{"resolution": 32}"#).unwrap();
        let f = ff.field(&world, 1, Reseeds(0));
        assert_eq!(f.cell_of(Vec2::new(-5.0, -5.0)), (0, 0));
        assert_eq!(f.cell_of(Vec2::new(700.0, 500.0)), (19, 12));
        // A world smaller than a cell is one cell.
        let tiny = ff.field(&World::new(10.0, 10.0, crate::world::Edges::Wrap), 1, Reseeds(0));
        assert_eq!((tiny.cols, tiny.rows), (1, 1));
    }

    /// The readout and `state()` after two clicks: two agents moving along their cell's vector and
    /// one against it (cosines 1, 1, −1: mean 1/3), one at rest (not counted); with nobody moving,
    /// no alignment.
    #[test]
    fn readout_and_report_by_hand() {
        let sim = |moving: f32| {
            let s = sim_in(SC, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), "", WORLD);
            let f = FlowField::first(&s.scenario().behaviours).unwrap().field(s.world(), s.scenario().seed, Reseeds(2));
            let v = |x: f32, y: f32, k: f32| {
                let w = f.at(Vec2::new(x, y)) * k * moving;
                ((x, y), (w.x, w.y))
            };
            let agents =
                hand_agents(&[v(40.0, 40.0, 0.5), v(300.0, 200.0, 1.0), v(500.0, 90.0, -1.0), v(100.0, 300.0, 0.0)]);
            let mut s = sim_in(SC, &agents, r#""interaction": "pointer""#, WORLD);
            s.pointer_event(Pointer::Down(Vec2::new(1.0, 1.0)), false);
            s.pointer_event(Pointer::Down(Vec2::new(1.0, 1.0)), false);
            (s, f)
        };
        let (s, f) = sim(1.0);
        assert_eq!(field_of(&s), f);
        let r = s.readout();
        assert_eq!(r.kind, "flow_field");
        assert_eq!(r.get("cols"), Some(Val::Int(20)));
        assert_eq!(r.get("rows"), Some(Val::Int(13)));
        assert_eq!(r.get("resolution"), Some(Val::Num(32.0, 0)));
        assert_eq!(r.get("reseeds"), Some(Val::Int(2)));
        match r.get("alignment") {
            Some(Val::Num(x, 2)) => assert!((x - 1.0 / 3.0).abs() < 1e-5, "{x}"),
            other => panic!("{other:?}"),
        }
        let st = s.state_json();
        assert_eq!(
            st["field"],
            serde_json::json!({"seed": f.seed, "cols": 20, "rows": 13, "resolution": 32.0, "reseeds": 2})
        );
        assert!((st["metrics"]["field_alignment"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-5);
        let (still, _) = sim(0.0);
        assert_eq!(still.readout().get("alignment"), Some(Val::None));
        assert_eq!(still.state_json()["metrics"]["field_alignment"], Value::Null);
    }

    /// A scale so small that the cell's centre in lattice units (16 / 8e-38 = 2e38) is finite but
    /// twice it (the second octave's point) is not: the noise is read at 0, so the vector of cell
    /// (0, 0) is the one of n = (lattice(seed, 0, 0) + 0.25·lattice(seed ^ 0x5bd1e995, 0, 0))/1.25.
    #[test]
    fn a_scale_that_overflows_the_second_octave_reads_the_noise_at_zero() {
        let world = World::new(640.0, 400.0, crate::world::Edges::Wrap);
        let ff: FlowField = serde_json::from_str(r#"{"resolution": 32, "strength": 60, "scale": 8e-38}"#).unwrap();
        let f = ff.field(&world, 1, Reseeds(0));
        let n = (lattice(f.seed, 0, 0) + 0.25 * lattice(f.seed ^ 0x5bd1_e995, 0, 0)) / 1.25;
        let angle = n * 1.5 * core::f32::consts::TAU;
        let want = Vec2::new(angle.cos(), angle.sin()) * 60.0;
        assert!((f.vector((0, 0)) - want).length() < 1e-3, "{} vs {want}", f.vector((0, 0)));
    }

    /// The arrows expected on the floor: every `step`-th cell of every `step`-th row, in rows, each
    /// centred on its cell and along its vector, `len` long.
    fn arrows(f: &Field, step: usize, len: f32) -> Vec<(Style, D)> {
        let mut want = Vec::new();
        for row in (0..f.rows).step_by(step) {
            for col in (0..f.cols).step_by(step) {
                let c = Vec2::new(col as f32 + 0.5, row as f32 + 0.5) * f.resolution;
                let half = f.vector((col, row)).normalize() * len / 2.0;
                want.push((Style::FieldArrow, D::Arrow(c - half, c + half)));
            }
        }
        want
    }

    use super::super::testing::{assert_drawn, drawn, D};

    /// On the floor only, an arrow per cell, centred on it, along its vector: 640 × 400 in cells of
    /// 32 px is 20 × 13 = 260 cells (under 4000: every cell), each arrow 0.8 · 32 · min(1, 60/80)
    /// = 19.2 px; at strength 120 (more than max_speed 80) 0.8 · 32 = 25.6. Nothing in the other
    /// layers, nor at strength 0.
    #[test]
    fn draws_an_arrow_per_cell_by_hand() {
        let s = sim_in(SC, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), "", WORLD);
        let f = field_of(&s);
        let got = drawn(&s, Layer::Floor);
        assert_eq!(got.len(), 260);
        assert_drawn(&got, &arrows(&f, 1, 19.2));
        assert_drawn(&drawn(&s, Layer::Under), &[]);
        assert_drawn(&drawn(&s, Layer::Over), &[]);
        let strong = r#"[{"type": "flow_field", "resolution": 32, "strength": 120, "scale": 240}]"#;
        let s = sim_in(strong, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), "", WORLD);
        assert_drawn(&drawn(&s, Layer::Floor), &arrows(&field_of(&s), 1, 25.6));
        let none = r#"[{"type": "flow_field", "resolution": 32, "strength": 0, "scale": 240}]"#;
        let s = sim_in(none, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), "", WORLD);
        assert_drawn(&drawn(&s, Layer::Floor), &[]);
    }

    /// A grid too fine to draw whole: cells of 3 px make ⌈640/3⌉ × ⌈400/3⌉ = 214 × 134 = 28676
    /// cells, 7.17 times 4000: every ⌈√7.17⌉ = 3rd cell of every 3rd row is drawn, 72 × 45 = 3240
    /// arrows, each standing for 3 × 3 cells: 0.8 · 3 · 3 · 0.75 = 5.4 px long.
    #[test]
    fn a_fine_grid_is_drawn_every_kth_cell_by_hand() {
        let sc = r#"[{"type": "flow_field", "resolution": 3, "strength": 60, "scale": 240}]"#;
        let s = sim_in(sc, &hand_agents(&[((10.0, 10.0), (0.0, 0.0))]), "", WORLD);
        let f = field_of(&s);
        assert_eq!((f.cols, f.rows), (214, 134));
        let got = drawn(&s, Layer::Floor);
        assert_eq!(got.len(), 72 * 45);
        assert_drawn(&got, &arrows(&f, 3, 5.4));
    }
}
