//! The fast engine is exact: on seeded worlds — seam cases and worlds with fewer than 3 cells per
//! axis included — every agent's neighbour set equals the naive O(n²) query's, the per-rule
//! neighbour counts equal the naive ones, and the sums agree to float-summation tolerance, for the
//! scalar kernel and for every lane of every group each vector width could form. (Moved here from
//! `tests/fast_exact.rs` with issue 20: the entry points these checks need are not public API.)

use super::driver::sums_of;
use super::group::{GroupKernel, Query};
use super::kernel::Lanes4;
use super::*;
use crate::flock::FlockSums;
use crate::grid::naive_for_each_neighbour;
use crate::rng::seeded;
use crate::world::Edges;
use crate::DT;

/// Test-only views of a flock: what the step computes, one slot or one group at a time.
impl FastFlock {
    /// Grid columns and rows (the same as the grid's for this world and radius), x-bins per cell.
    fn dims(&self) -> (usize, usize, usize) {
        (self.cells.cols, self.cells.rows, self.cells.bins)
    }

    /// The slot that holds original agent `id`.
    fn slot_of(&self, id: u32) -> Option<usize> {
        self.ids().iter().position(|&x| x == id)
    }

    fn view(&self) -> group::View<'_> {
        group::View { x: self.colf(X), y: self.colf(Y), vx: self.colf(VX), vy: self.colf(VY) }
    }

    fn query(&self) -> Option<Query<'_>> {
        let (world, p) = (self.world?, self.params?);
        let radii = Radii::of(&p.rules);
        Some(Query { v: self.view(), world, radii, same: radii.ali2 == radii.coh2 })
    }

    /// Slot `k`'s neighbour sums, recomputed from the current state by the step's one-agent path.
    fn sums_of_slot(&self, k: usize) -> FlockSums {
        let Some(q) = self.query() else { return FlockSums::default() };
        let b = self.cells.windows(q.v.x[k], q.v.y[k]);
        flock_sums(&sums_of(&q, &b, k))
    }

    /// The neighbour sums of the agents in slots `g..g + LANES` as the step's group path computes
    /// them with kernel `k`, and whether that group needed the nearest-image correction; `None`
    /// where the step would not take them as one group of this width.
    fn group_sums<K: GroupKernel>(&self, k: K, g: usize) -> Option<(Vec<FlockSums>, bool)> {
        let q = self.query()?;
        if g + K::LANES > self.n {
            return None;
        }
        let b = group_block(&self.cells, K::LANES, q.v.x, q.v.y, g)?;
        // SAFETY: g + LANES ≤ n; the ranges come from the cell starts; the arrays are n + PAD long.
        let s = unsafe { k.sums(&q, &b, g) };
        Some(((0..K::LANES).map(|l| flock_sums(&K::lane(&s, l))).collect(), b.wrap_x || b.wrap_y))
    }

    /// The original ids of slot `k`'s neighbours within the query radius, found with the step's
    /// own block ranges and delta arithmetic.
    fn neighbours_of_slot(&self, k: usize, out: &mut Vec<u32>) {
        out.clear();
        let Some(q) = self.query() else { return };
        let (x, y) = self.positions();
        let id = self.ids();
        let (px, py) = (x[k], y[k]);
        let b = self.cells.windows(px, py);
        for &(rs, re) in &b.ranges[..b.n] {
            for j in rs as usize..re as usize {
                if j == k {
                    continue;
                }
                let (dx, dy) = delta(&q.world, b.wrap_x, b.wrap_y, x[j] - px, y[j] - py);
                if dx * dx + dy * dy < q.radii.q2 {
                    out.push(id[j]);
                }
            }
        }
    }
}

fn flock_sums(s: &finish::Sums) -> FlockSums {
    FlockSums {
        sep: Vec2::new(s.sx, s.sy),
        n_sep: s.ns as u32,
        align: Vec2::new(s.ax, s.ay),
        n_align: s.na as u32,
        coh: Vec2::new(s.cx, s.cy),
        n_coh: s.nc as u32,
    }
}

fn rules(sep: f32, ali: f32, coh: f32) -> FlockRules {
    FlockRules { separation: Some((1.5, sep)), alignment: Some((1.0, ali)), cohesion: Some((1.0, coh)) }
}

fn params(rules: FlockRules) -> FastParams {
    FastParams { rules, max_speed: 80.0, max_force: 192.0, min_speed: 0.0, dt: DT }
}

/// `n` seeded agents plus hand-placed ones on and around the seams, cell boundaries and each other.
/// `bin`: the engine's x-bin width and row height, `q` the query radius.
fn world_agents(world: &World, n: usize, seed: u64, cell: Vec2, bin: Vec2, q: f32) -> Vec<Agent> {
    let mut rng = seeded(seed);
    let (w, h) = (world.width, world.height);
    let mut a: Vec<Agent> = (0..n)
        .map(|_| {
            let p = Vec2::new(rng.f32() * w, rng.f32() * h);
            let ang = rng.f32() * core::f32::consts::TAU;
            Agent::new(p, Vec2::new(ang.cos(), ang.sin()) * (20.0 + 60.0 * rng.f32()), 80.0, 192.0)
        })
        .collect();
    let below = |x: f32| f32::from_bits(x.to_bits() - 1); // the float just below x (x > 0)
    let special = [
        // On the seam and just inside it, on both axes and at the corners.
        Vec2::new(0.0, 0.0),
        Vec2::new(below(w), below(h)),
        Vec2::new(0.0, below(h)),
        Vec2::new(below(w), 0.0),
        Vec2::new(0.5, h * 0.5),
        Vec2::new(w - 0.5, h * 0.5),
        Vec2::new(w * 0.5, 0.25),
        Vec2::new(w * 0.5, h - 0.25),
        // Exactly on a cell boundary and just below it.
        Vec2::new(cell.x, cell.y),
        Vec2::new(below(cell.x), below(cell.y)),
        Vec2::new(cell.x * 2.0, h * 0.3),
        // Two agents on the same spot (distance 0: aligned and cohesive, but no separation term).
        Vec2::new(w * 0.25, h * 0.75),
        Vec2::new(w * 0.25, h * 0.75),
        // A pair across the x seam at distance 10 (nearest image), and one across the y seam.
        Vec2::new(3.0, h * 0.6),
        Vec2::new(w - 7.0, h * 0.6),
        Vec2::new(w * 0.6, 2.0),
        Vec2::new(w * 0.6, h - 8.0),
    ];
    for (k, p) in special.into_iter().enumerate() {
        let v = Vec2::new(30.0, -20.0 + k as f32);
        a.push(Agent::new(p, v, 80.0, 192.0));
    }
    // Pairs at the edge of the query radius along each axis (where a too-narrow scan range would
    // miss them): just inside it, exactly on it (not a neighbour), in the middle and across seams.
    let just_in = below(q);
    for (k, base) in
        [Vec2::new(w * 0.37, h * 0.41), Vec2::new(2.0, h * 0.52), Vec2::new(w * 0.63, 1.5)].into_iter().enumerate()
    {
        for off in [
            Vec2::new(just_in, 0.0),
            Vec2::new(-just_in, 0.0),
            Vec2::new(0.0, just_in),
            Vec2::new(0.0, -just_in),
            Vec2::new(q, 0.0),
            Vec2::new(0.0, -q),
            Vec2::new(q * 0.6, q * 0.79),
        ] {
            let p = base + off;
            let p = Vec2::new(p.x.rem_euclid(w), p.y.rem_euclid(h));
            a.push(Agent::new(base, Vec2::new(5.0, k as f32), 80.0, 192.0));
            a.push(Agent::new(p, Vec2::new(-5.0, k as f32), 80.0, 192.0));
        }
    }
    // Pairs just inside the radius whose scan-range edge falls on a bin or row boundary: the
    // neighbour sits on one side of the boundary and a range even 0.001 too short would end on the
    // other. (q − 0.0002 apart, 0.0002 from the boundary.)
    let d = 0.0002;
    for m in [3.0f32, 7.0, 11.0] {
        let bx = (m * bin.x).min(w * 0.5);
        let by = (m * bin.y).min(h * 0.5).max(q + 1.0);
        for (p, nb) in [
            (Vec2::new(bx - (q - d) + 0.0, h * 0.3), Vec2::new(bx, h * 0.3)),
            (Vec2::new(bx - d + (q - d), h * 0.7), Vec2::new(bx - d, h * 0.7)),
            (Vec2::new(w * 0.3, by - (q - d)), Vec2::new(w * 0.3, by)),
            (Vec2::new(w * 0.7, by - d + (q - d)), Vec2::new(w * 0.7, by - d)),
        ] {
            if p.x >= 0.0 && p.x < w && p.y >= 0.0 && p.y < h && nb.x < w && nb.y < h {
                a.push(Agent::new(p, Vec2::new(1.0, 2.0), 80.0, 192.0));
                a.push(Agent::new(nb, Vec2::new(-2.0, 1.0), 80.0, 192.0));
            }
        }
    }
    // Pairs just inside the radius across each seam, with the neighbour on the side of a bin or
    // row boundary where a range end too short by 0.01 would miss it.
    for k in [1.0f32, 2.0] {
        let (bx, by) = (w - k * bin.x - d, h - k * bin.y - d);
        let pairs = [
            (Vec2::new(bx + (q - d) - w, h * 0.35), Vec2::new(bx, h * 0.35)),
            (Vec2::new(w + k * bin.x - (q - d), h * 0.65), Vec2::new(k * bin.x, h * 0.65)),
            (Vec2::new(w * 0.35, by + (q - d) - h), Vec2::new(w * 0.35, by)),
            (Vec2::new(w * 0.65, h + k * bin.y - (q - d)), Vec2::new(w * 0.65, k * bin.y)),
        ];
        for (p, nb) in pairs {
            if p.x >= 0.0 && p.x < w && p.y >= 0.0 && p.y < h {
                a.push(Agent::new(p, Vec2::new(3.0, 1.0), 80.0, 192.0));
                a.push(Agent::new(nb, Vec2::new(1.0, 3.0), 80.0, 192.0));
            }
        }
    }
    for (p, nb) in [
        (Vec2::new(0.3, h * 0.45), Vec2::new(w - (q - d - 0.3), h * 0.45)),
        (Vec2::new(w - 0.3, h * 0.55), Vec2::new(q - d - 0.3, h * 0.55)),
        (Vec2::new(w * 0.45, 0.3), Vec2::new(w * 0.45, h - (q - d - 0.3))),
        (Vec2::new(w * 0.55, h - 0.3), Vec2::new(w * 0.55, q - d - 0.3)),
    ] {
        if nb.x >= 0.0 && nb.x < w && nb.y >= 0.0 && nb.y < h {
            a.push(Agent::new(p, Vec2::new(3.0, 1.0), 80.0, 192.0));
            a.push(Agent::new(nb, Vec2::new(1.0, 3.0), 80.0, 192.0));
        }
    }
    a
}

/// The naive sums of agent `i` over all others (index order), as `Sim`'s naive path computes them.
fn naive_sums(world: &World, pos: &[Vec2], agents: &[Agent], rules: &FlockRules, i: usize) -> (Vec<u32>, FlockSums) {
    let mut ids = Vec::new();
    let mut sums = FlockSums::default();
    naive_for_each_neighbour(world, pos, i, rules.radius(), |j, d, d2| {
        ids.push(j as u32);
        sums.add(rules, d, d2, agents[j].velocity);
    });
    (ids, sums)
}

fn close(a: f32, b: f32, scale: f32) -> bool {
    (a - b).abs() <= 1e-4 * scale.max(1.0)
}

/// The state a check compares against.
struct Current<'a> {
    world: &'a World,
    pos: &'a [Vec2],
    agents: &'a [Agent],
    rules: &'a FlockRules,
    round: usize,
}

/// The group path of kernel `k` (its agents sharing one window, at the seam with the
/// nearest-image correction): the naive counts and sums for every lane of every group the step
/// could form, at every starting slot. `seen` counts the groups without and with the correction.
fn check_groups<K: GroupKernel>(k: K, f: &FastFlock, c: &Current, seen: &mut [usize; 2]) {
    let ids = f.ids();
    let lanes = K::LANES;
    for g in 0..c.agents.len().saturating_sub(lanes - 1) {
        let Some((sums, wrap)) = f.group_sums(k, g) else { continue };
        seen[wrap as usize] += 1;
        for (l, gs) in sums.iter().enumerate() {
            let id = ids[g + l] as usize;
            let (_, ns) = naive_sums(c.world, c.pos, c.agents, c.rules, id);
            let what = format!(
                "world {:?} round {}: group of {lanes} at slot {g}, lane {l} (agent {id}, wrap {wrap})",
                c.world, c.round
            );
            assert_eq!((gs.n_sep, gs.n_align, gs.n_coh), (ns.n_sep, ns.n_align, ns.n_coh), "{what}");
            let scale = |v: Vec2, n: u32| v.abs().max_element().max(n as f32);
            for (a, b, sc) in [
                (gs.align, ns.align, 80.0 * ns.n_align as f32),
                (gs.coh, ns.coh, 48.0 * ns.n_coh as f32),
                (gs.sep, ns.sep, scale(ns.sep, ns.n_sep)),
            ] {
                assert!(close(a.x, b.x, sc) && close(a.y, b.y, sc), "{what}: {a:?} vs {b:?}");
            }
        }
    }
}

fn check_world(world: World, rules: FlockRules, n: usize, seed: u64, kernel: Kernel) {
    // The geometry the engine will use for these agents (bins depend on the agent count).
    let probe = world_agents(&world, n, seed, Vec2::ONE, Vec2::ONE, rules.radius());
    let (cell, bin) = {
        let mut f = FastFlock::new();
        f.load(&world, params(rules), &probe);
        let (c, r, b) = f.dims();
        let cell = Vec2::new(world.width / c as f32, world.height / r as f32);
        (cell, Vec2::new(world.width / (c * b) as f32, cell.y))
    };
    let agents = world_agents(&world, n, seed, cell, bin, rules.radius());
    let mut f = FastFlock::new();
    f.kernel = kernel;
    f.load(&world, params(rules), &agents);
    // Compare at the start and after some steps (when slot order is no longer index order).
    for round in 0..3 {
        let mut current = agents.clone();
        f.store(&mut current);
        let pos: Vec<Vec2> = current.iter().map(|a| a.position).collect();
        let mut got = Vec::new();
        let mut total_neighbours = 0;
        let mut naive_stat = 0u64;
        for id in 0..current.len() {
            let k = f.slot_of(id as u32).expect("every agent has a slot");
            f.neighbours_of_slot(k, &mut got);
            got.sort_unstable();
            let (mut want, ns) = naive_sums(&world, &pos, &current, &rules, id);
            want.sort_unstable();
            assert_eq!(got, want, "world {world:?} round {round}: neighbours of agent {id} at {:?}", pos[id]);
            total_neighbours += want.len();
            naive_stat += ns.n_sep.max(ns.n_align).max(ns.n_coh) as u64;
            // The step's own kernel: the same counts, the same sums up to summation order.
            let fs = f.sums_of_slot(k);
            assert_eq!((fs.n_sep, fs.n_align, fs.n_coh), (ns.n_sep, ns.n_align, ns.n_coh), "counts of agent {id}");
            let scale = |v: Vec2, n: u32| v.abs().max_element().max(n as f32);
            assert!(
                close(fs.align.x, ns.align.x, 80.0 * ns.n_align as f32),
                "align of {id}: {:?} vs {:?}",
                fs.align,
                ns.align
            );
            assert!(
                close(fs.align.y, ns.align.y, 80.0 * ns.n_align as f32),
                "align of {id}: {:?} vs {:?}",
                fs.align,
                ns.align
            );
            assert!(close(fs.coh.x, ns.coh.x, 48.0 * ns.n_coh as f32), "coh of {id}: {:?} vs {:?}", fs.coh, ns.coh);
            assert!(close(fs.coh.y, ns.coh.y, 48.0 * ns.n_coh as f32), "coh of {id}: {:?} vs {:?}", fs.coh, ns.coh);
            assert!(close(fs.sep.x, ns.sep.x, scale(ns.sep, ns.n_sep)), "sep of {id}: {:?} vs {:?}", fs.sep, ns.sep);
            assert!(close(fs.sep.y, ns.sep.y, scale(ns.sep, ns.n_sep)), "sep of {id}: {:?} vs {:?}", fs.sep, ns.sep);
        }
        // The worlds are dense enough that the comparison is not vacuous.
        assert!(total_neighbours > current.len(), "world {world:?}: only {total_neighbours} neighbours in total");
        // The group path (four or eight agents sharing one window, at the seam with the
        // nearest-image correction): the naive counts and sums for every lane of every group
        // the step could form, at every starting slot.
        if kernel == Kernel::Simd {
            let mut seen = [0usize; 2];
            let c = Current { world: &world, pos: &pos, agents: &current, rules: &rules, round };
            check_groups(Lanes4, &f, &c, &mut seen);
            #[cfg(target_arch = "x86_64")]
            {
                if let Some(k) = avx::Lanes8::detect() {
                    check_groups(k, &f, &c, &mut seen);
                }
                if let Some(k) = avx512::Lanes16::detect() {
                    check_groups(k, &f, &c, &mut seen);
                }
            }
            // Groups form in every world with agents near each other, with the correction where a
            // window meets the seam.
            assert!(seen[1] > 0, "world {world:?}: no group at the seam");
        }
        // The step itself (its own per-agent ranges and kernel) counts the same neighbours.
        f.step();
        assert_eq!(f.stats.neighbours, naive_stat, "world {world:?} round {round}: the step's neighbour total");
        for _ in 0..19 {
            f.step();
        }
    }
}

#[test]
fn neighbour_sets_equal_the_naive_query() {
    let r = rules(22.0, 48.0, 48.0);
    for kernel in [Kernel::Simd, Kernel::Scalar] {
        // 13×8 cells, wrap seams on both axes.
        check_world(World::new(640.0, 400.0, Edges::Wrap), r, 300, 1, kernel);
        // 5×5 cells: the smallest grid where interior cells skip the nearest-image correction.
        check_world(World::new(250.0, 250.0, Edges::Wrap), r, 150, 2, kernel);
        // 4×10 cells: every column is at the seam or next to it.
        check_world(World::new(200.0, 500.0, Edges::Wrap), r, 200, 3, kernel);
        // Fewer than 3 cells per axis: 2×2, 3×1, 1×1.
        check_world(World::new(100.0, 100.0, Edges::Wrap), r, 40, 4, kernel);
        check_world(World::new(150.0, 90.0, Edges::Wrap), r, 40, 5, kernel);
        check_world(World::new(60.0, 40.0, Edges::Wrap), r, 12, 6, kernel);
        // Cells not a whole number of radii (cell 49.4×52.3), odd sizes.
        check_world(World::new(741.0, 523.0, Edges::Wrap), r, 400, 7, kernel);
        // Cells exactly the radius (10×7 cells of 48).
        check_world(World::new(480.0, 336.0, Edges::Wrap), r, 300, 10, kernel);
    }
}

#[test]
fn different_radii_per_rule_are_exact_too() {
    // Query radius = the largest (cohesion 60); alignment 30 and separation 22 inside it; and a
    // separation radius larger than perception.
    for kernel in [Kernel::Simd, Kernel::Scalar] {
        check_world(World::new(640.0, 400.0, Edges::Wrap), rules(22.0, 30.0, 60.0), 300, 8, kernel);
        check_world(World::new(500.0, 300.0, Edges::Wrap), rules(50.0, 40.0, 35.0), 250, 9, kernel);
    }
}

/// Every vector width the CPU offers (four lanes as in wasm, eight with AVX2, sixteen with
/// AVX-512F) and the scalar kernel step to the same bits: a group's window holds each member's own
/// neighbours in the same order as the member's own window, and the per-lane arithmetic is the
/// same IEEE operations. So a trajectory does not depend on the machine it runs on.
#[test]
fn every_vector_width_gives_the_same_bits() {
    let state = |f: &FastFlock| {
        let ((x, y), (vx, vy), (hx, hy)) = (f.positions(), f.velocities(), f.headings());
        let mut v: Vec<(u32, [u32; 6])> = f
            .ids()
            .iter()
            .enumerate()
            .map(|(k, &id)| (id, [x[k], y[k], vx[k], vy[k], hx[k], hy[k]].map(f32::to_bits)))
            .collect();
        v.sort_unstable_by_key(|e| e.0);
        v
    };
    let cases = [
        (World::new(640.0, 400.0, Edges::Wrap), rules(22.0, 48.0, 48.0), 600, 31u64),
        (World::new(250.0, 250.0, Edges::Wrap), rules(22.0, 48.0, 48.0), 300, 32),
        (World::new(741.0, 523.0, Edges::Wrap), rules(22.0, 30.0, 60.0), 800, 33),
    ];
    for (world, r, n, seed) in cases {
        let agents = world_agents(&world, n, seed, Vec2::splat(48.0), Vec2::splat(6.0), r.radius());
        let mut flocks: Vec<(&str, FastFlock)> = ["widest", "avx2", "narrow", "scalar"]
            .into_iter()
            .map(|name| {
                let mut f = FastFlock::new();
                f.kernel = if name == "scalar" { Kernel::Scalar } else { Kernel::Simd };
                f.narrow = name == "narrow";
                f.no_avx512 = name == "avx2";
                f.load(&world, params(r), &agents);
                (name, f)
            })
            .collect();
        for step in 0..40 {
            for (_, f) in &mut flocks {
                f.step();
            }
            let want = state(&flocks[0].1);
            for (name, f) in &flocks[1..] {
                assert!(state(f) == want, "world {world:?}: {name} differs from the widest kernel after step {step}");
                assert_eq!(f.stats.neighbours, flocks[0].1.stats.neighbours, "{name}, step {step}");
            }
        }
    }
}

#[test]
fn a_pair_across_the_seam_is_found_and_exactly_at_the_radius_is_not() {
    // Two agents 10 apart across the x seam (at 2 and W − 8): neighbours through the nearest image.
    // A third 48 away from the first across the y seam: |d| = 48 is not < 48, so not a neighbour.
    let world = World::new(640.0, 400.0, Edges::Wrap);
    let a = vec![
        Agent::new(Vec2::new(2.0, 100.0), Vec2::new(10.0, 0.0), 80.0, 192.0),
        Agent::new(Vec2::new(632.0, 100.0), Vec2::new(-10.0, 0.0), 80.0, 192.0),
        Agent::new(Vec2::new(2.0, 100.0 - 48.0), Vec2::new(0.0, 5.0), 80.0, 192.0),
        Agent::new(Vec2::new(300.0, 10.0), Vec2::new(0.0, 5.0), 80.0, 192.0),
        // 300 − 48 + 400 = 362 across the y seam: 10 − 362 = −352 → +400 = 48: exactly at the radius.
        Agent::new(Vec2::new(300.0, 362.0), Vec2::new(0.0, 5.0), 80.0, 192.0),
        // 47.5 across the y seam from agent 3: a neighbour.
        Agent::new(Vec2::new(300.0, 362.5), Vec2::new(0.0, 5.0), 80.0, 192.0),
    ];
    let mut f = FastFlock::new();
    f.load(&world, params(rules(22.0, 48.0, 48.0)), &a);
    let mut out = Vec::new();
    let of = |f: &FastFlock, id: u32, out: &mut Vec<u32>| {
        f.neighbours_of_slot(f.slot_of(id).unwrap(), out);
        out.sort_unstable();
        out.clone()
    };
    assert_eq!(of(&f, 0, &mut out), vec![1]);
    assert_eq!(of(&f, 1, &mut out), vec![0]);
    assert_eq!(of(&f, 2, &mut out), Vec::<u32>::new());
    assert_eq!(of(&f, 3, &mut out), vec![5]);
    assert_eq!(of(&f, 4, &mut out), vec![5]);
    // Agent 0's separation: one neighbour at d = (−10, 0) (632 − 2 = 630 → −10 via the seam), so
    // sep = −d/|d|² = (10/100, 0) = (0.1, 0).
    let s = f.sums_of_slot(f.slot_of(0).unwrap());
    assert_eq!((s.n_sep, s.n_align, s.n_coh), (1, 1, 1));
    assert!((s.sep - Vec2::new(0.1, 0.0)).length() < 1e-7, "{:?}", s.sep);
    assert_eq!(s.coh, Vec2::new(-10.0, 0.0));
    assert_eq!(s.align, Vec2::new(-10.0, 0.0));
}

/// `group_block`'s direct path for windows inside the world gives exactly the ranges and
/// flags of the general `Cells::block`, for groups of 4, 8 and 16 anywhere in the world (the
/// ones near the edges or spread too far take the general path or none).
#[test]
fn the_direct_group_window_is_the_general_one() {
    let world = World::new(960.0, 540.0, Edges::Wrap);
    let mut cells = Cells::default();
    cells.set_geometry(&world, 48.0, 2_000);
    // Any monotone slot starts will do: a few agents per bin, some bins empty.
    let mut rng = seeded(7);
    let mut starts = vec![0u32; cells.count() + 1];
    for b in 0..cells.count() {
        starts[b + 1] = starts[b] + rng.u32(0..4);
    }
    cells.starts = starts;
    fn check<const N: usize>(cells: &Cells, x: &[f32], y: &[f32]) -> [u32; 2] {
        let got = group_block(cells, N, x, y, 0);
        let (x0, x1) =
            (x[..N].iter().copied().fold(f32::MAX, f32::min), x[..N].iter().copied().fold(f32::MIN, f32::max));
        let (y0, y1) =
            (y[..N].iter().copied().fold(f32::MAX, f32::min), y[..N].iter().copied().fold(f32::MIN, f32::max));
        let spread = if N == 16 { cells.spread16_x } else { cells.spread_x };
        let plain = if N == 16 { cells.plain16_x } else { cells.plain_x };
        let r = cells.reach;
        let want = if x1 - x0 <= spread && y1 - y0 <= cells.spread_y {
            cells.block(x0 - r, x1 + r, y0 - r, y1 + r, plain)
        } else {
            None
        };
        match (got, want) {
            (None, None) => [0, 0],
            (Some(a), Some(b)) => {
                assert_eq!(&a.ranges[..a.n], &b.ranges[..b.n]);
                assert_eq!((a.wrap_x, a.wrap_y), (b.wrap_x, b.wrap_y));
                let inside = x0 - r >= 0.0 && y0 - r >= 0.0 && x1 + r < cells.width && y1 + r < cells.height;
                [inside as u32, !inside as u32]
            }
            (a, b) => panic!("group_block {:?} but block {:?} for x {x:?} y {y:?}", a.map(|b| b.n), b.map(|b| b.n)),
        }
    }
    let mut seen = [0u32; 2];
    for _ in 0..3_000 {
        // A cluster somewhere (edges included), spread up to a little more than a group may be.
        let (cx, cy) = (rng.f32() * world.width, rng.f32() * world.height);
        let (sx, sy) = (rng.f32() * 200.0, rng.f32() * 60.0);
        let x: Vec<f32> = (0..16).map(|_| crate::num::clamp(cx + (rng.f32() - 0.5) * sx, 0.0, 959.9)).collect();
        let y: Vec<f32> = (0..16).map(|_| crate::num::clamp(cy + (rng.f32() - 0.5) * sy, 0.0, 539.9)).collect();
        for c in [check::<4>(&cells, &x, &y), check::<8>(&cells, &x, &y), check::<16>(&cells, &x, &y)] {
            seen[0] += c[0];
            seen[1] += c[1];
        }
    }
    // Both paths were exercised: windows inside the world and windows at its edges.
    assert!(seen[0] > 1_000 && seen[1] > 300, "{} windows inside the world, {} at the edges", seen[0], seen[1]);
}
