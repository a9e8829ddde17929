//! Golden hashes of the fast engine: the state after N steps, bit for bit, for a few seeds, sizes
//! and rule sets, at every vector width this CPU offers (scalar, 4 lanes, 8 with AVX2, 16 with
//! AVX-512F). Recorded before the kernel refactor of issue 20, so a change that moves a single bit
//! of any agent at any width fails here. The distance-check counter depends on the width (wider
//! groups share wider windows), so it is pinned per width; the neighbour total does not.

use glam::Vec2;
use steerlab::sim::agent::Agent;
use steerlab::sim::fast::{FastFlock, FastParams, Kernel};
use steerlab::sim::flock::FlockRules;
use steerlab::sim::rng::seeded;
use steerlab::sim::world::{Edges, World};
use steerlab::sim::DT;
use steerlab_workload as workload;

/// FNV-1a over 32-bit words.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn word(&mut self, w: u32) {
        for b in w.to_le_bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Every agent's position, velocity and heading bits, in original (id) order.
fn state_hash(f: &FastFlock) -> u64 {
    let ((x, y), (vx, vy), (hx, hy)) = (f.positions(), f.velocities(), f.headings());
    let mut rows: Vec<(u32, [u32; 6])> = f
        .ids()
        .iter()
        .enumerate()
        .map(|(k, &id)| (id, [x[k], y[k], vx[k], vy[k], hx[k], hy[k]].map(f32::to_bits)))
        .collect();
    rows.sort_unstable_by_key(|r| r.0);
    let mut h = Fnv::new();
    for (id, bits) in rows {
        h.word(id);
        bits.into_iter().for_each(|b| h.word(b));
    }
    h.0
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Width {
    Scalar,
    Four,
    Eight,
    Sixteen,
}

impl Width {
    fn available(self) -> bool {
        match self {
            Width::Scalar | Width::Four => true,
            #[cfg(target_arch = "x86_64")]
            Width::Eight => std::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Width::Sixteen => std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("avx512f"),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    fn flock(self) -> FastFlock {
        let mut f = FastFlock::new();
        f.kernel = if self == Width::Scalar { Kernel::Scalar } else { Kernel::Simd };
        f.narrow = self == Width::Four;
        f.no_avx512 = self == Width::Eight;
        f
    }
}

struct Case {
    name: &'static str,
    world: World,
    params: FastParams,
    agents: Vec<Agent>,
    steps: usize,
}

fn rules(sep: f32, ali: f32, coh: f32) -> FlockRules {
    FlockRules { separation: Some((1.5, sep)), alignment: Some((1.0, ali)), cohesion: Some((1.0, coh)) }
}

fn random_agents(world: &World, n: usize, seed: u64) -> Vec<Agent> {
    let mut rng = seeded(seed);
    (0..n)
        .map(|_| {
            let p = Vec2::new(rng.f32() * world.width, rng.f32() * world.height);
            let a = rng.f32() * core::f32::consts::TAU;
            Agent::new(p, Vec2::new(a.cos(), a.sin()) * (20.0 + 60.0 * rng.f32()), 80.0, 192.0)
        })
        .collect()
}

fn cases() -> Vec<Case> {
    let p = |rules, min_speed| FastParams { rules, max_speed: 80.0, max_force: 192.0, min_speed, dt: DT };
    let mut out = Vec::new();
    // The benchmark workload (~20 neighbours per boid), two seeds and sizes.
    for (n, seed, steps) in [(3_000usize, 1u64, 60usize), (1_203, 7, 90)] {
        let (world, agents) = workload::flock_world(n, seed);
        out.push(Case { name: "workload", world, params: workload::params(), agents, steps });
    }
    let mut random = |name, world: World, rules, min_speed, n, seed| {
        let agents = random_agents(&world, n, seed);
        out.push(Case { name, world, params: p(rules, min_speed), agents, steps: 60 });
    };
    let all = rules(22.0, 48.0, 48.0);
    // Different radii per rule (alignment ≠ cohesion), odd world, n not a multiple of 4.
    random("radii", World::new(741.0, 523.0, Edges::Wrap), rules(22.0, 30.0, 60.0), 0.0, 801, 33);
    // A dense small world: 5×5 cells, most groups near the seam.
    random("small", World::new(250.0, 250.0, Edges::Wrap), all, 0.0, 302, 32);
    // Fewer than 3 cells per axis.
    random("tiny", World::new(100.0, 90.0, Edges::Wrap), all, 0.0, 37, 4);
    // A minimum speed: phase two on the scalar reference for every width.
    random("min_speed", World::new(640.0, 400.0, Edges::Wrap), all, 30.0, 600, 31);
    // A missing rule.
    let r = FlockRules { separation: None, alignment: Some((2.0, 30.0)), cohesion: Some((0.5, 60.0)) };
    random("no_separation", World::new(640.0, 400.0, Edges::Wrap), r, 0.0, 500, 9);
    out
}

/// (state hash after the steps, Σ neighbours over the steps, Σ checks over the steps)
fn run(case: &Case, width: Width) -> (u64, u64, u64) {
    let mut f = width.flock();
    f.load(&case.world, case.params, &case.agents);
    let (mut neighbours, mut checks) = (0, 0);
    for _ in 0..case.steps {
        f.step();
        neighbours += f.stats.neighbours;
        checks += f.stats.checks;
    }
    (state_hash(&f), neighbours, checks)
}

/// Recorded on 2026-12-04 at commit e531fbc, before the kernel refactor: per case the neighbour
/// total over the steps, then (state hash, distance checks) for the scalar kernel, 4 lanes and 8
/// lanes. Sixteen lanes (AVX-512F) could not be recorded on that machine (it has AVX2 only): they
/// must give the neighbour total and, where the three recorded widths agree, the same state.
///
/// In the "tiny" world (2×1 cells) the widths do NOT agree bit for bit, today: there a group's
/// window covers a whole axis in one range while an agent's own window starts past the seam, so
/// the neighbours are summed in another order. Each width keeps its own bits there.
/// (case, neighbours, [(state, checks) for scalar, 4 lanes, 8 lanes])
type Golden = (&'static str, u64, [(u64, u64); 3]);

const GOLDEN: [Golden; 7] = [
    (
        "workload",
        3891810,
        [(0xa68f91e7c513ef05, 7593479), (0xa68f91e7c513ef05, 9257645), (0xa68f91e7c513ef05, 11155457)],
    ),
    (
        "workload",
        2435996,
        [(0x23c4195b666fdece, 4666455), (0x23c4195b666fdece, 5679022), (0x23c4195b666fdece, 6767290)],
    ),
    ("radii", 1196058, [(0xacc56d5686b88cae, 2357364), (0xacc56d5686b88cae, 2908769), (0xacc56d5686b88cae, 3434049)]),
    ("small", 681652, [(0x07daade4e34de806, 1357962), (0x07daade4e34de806, 1560346), (0x07daade4e34de806, 1759138)]),
    ("tiny", 64090, [(0x683f3fdc82a36de1, 79920), (0x38b721686a7a9202, 79920), (0x38cb47626e969a8c, 79920)]),
    (
        "min_speed",
        671530,
        [(0x34b6a3d94f0a4a04, 1312125), (0x34b6a3d94f0a4a04, 1648061), (0x34b6a3d94f0a4a04, 1973613)],
    ),
    (
        "no_separation",
        739850,
        [(0xd417deb989035207, 1462680), (0xd417deb989035207, 1816708), (0xd417deb989035207, 2109212)],
    ),
];

#[test]
fn every_width_steps_to_the_recorded_bits() {
    let mut report = String::new();
    let mut failed = false;
    for (case, golden) in cases().iter().zip(GOLDEN) {
        assert_eq!(case.name, golden.0);
        for (wi, width) in [Width::Scalar, Width::Four, Width::Eight, Width::Sixteen].into_iter().enumerate() {
            if !width.available() {
                eprintln!("{}: {width:?} not available on this CPU, skipped", case.name);
                continue;
            }
            let (hash, neighbours, checks) = run(case, width);
            report +=
                &format!("{} {width:?}: state {hash:#018x}, neighbours {neighbours}, checks {checks}\n", case.name);
            let (want_state, want_checks) = match golden.2.get(wi) {
                Some(&(state, checks)) => (Some(state), Some(checks)),
                // Sixteen lanes: the state of the other widths where they all agree.
                None => {
                    let s = golden.2.map(|g| g.0);
                    (s.iter().all(|&x| x == s[0]).then_some(s[0]), None)
                }
            };
            if want_state.is_some_and(|s| s != hash)
                || neighbours != golden.1
                || want_checks.is_some_and(|c| c != checks)
            {
                failed = true;
                report += "  ^ differs from the recorded value\n";
            }
        }
    }
    assert!(!failed, "the fast engine's bits or counters moved:\n{report}");
}
