//! The benchmark workload (a fixture, kept out of the core crate), shared by `benches/`, `examples/bench_step.rs` and the
//! browser bench page: a wrapping world sized so that a uniform flock has ~20 neighbours per boid
//! within perception 48 (sep_dist 22, weights 1.5 / 1 / 1, the scenario defaults for speed and
//! force), seeded spawn with random headings.

use glam::Vec2;
use steerlab_core::agent::Agent;
use steerlab_core::engine::{Sim, DT};
use steerlab_core::fast::{FastFlock, FastParams};
use steerlab_core::flock::FlockRules;
use steerlab_core::rng::seeded;
use steerlab_core::world::{Edges, World};

pub const PERCEPTION: f32 = 48.0;
pub const SEP_DIST: f32 = 22.0;
pub const NEIGHBOURS: f32 = 20.0;
pub const MAX_SPEED: f32 = 80.0;
pub const MAX_FORCE: f32 = 192.0;

pub fn rules() -> FlockRules {
    FlockRules {
        separation: Some((1.5, SEP_DIST)),
        alignment: Some((1.0, PERCEPTION)),
        cohesion: Some((1.0, PERCEPTION)),
    }
}

pub fn params() -> FastParams {
    FastParams { rules: rules(), max_speed: MAX_SPEED, max_force: MAX_FORCE, min_speed: 0.0, dt: DT }
}

/// A 16:9 wrapping world holding `n` boids at ~20 neighbours each (density 20 / (π·48²)).
pub fn world_for(n: usize) -> World {
    let area = n as f32 * core::f32::consts::PI * PERCEPTION * PERCEPTION / NEIGHBOURS;
    let h = (area * 9.0 / 16.0).sqrt();
    World::new((h * 16.0 / 9.0).round().max(1.0), h.round().max(1.0), Edges::Wrap)
}

/// `n` boids spread uniformly over `world` with random headings at full speed (seeded).
pub fn spawn(world: &World, n: usize, seed: u64) -> Vec<Agent> {
    let mut rng = seeded(seed);
    (0..n)
        .map(|_| {
            let p = Vec2::new(rng.f32() * world.width, rng.f32() * world.height);
            let a = rng.f32() * core::f32::consts::TAU;
            Agent::new(p, Vec2::new(libm::cosf(a), libm::sinf(a)) * MAX_SPEED, MAX_SPEED, MAX_FORCE)
        })
        .collect()
}

/// The standard workload: `world_for(n)` and `spawn(.., n, seed)`.
pub fn flock_world(n: usize, seed: u64) -> (World, Vec<Agent>) {
    let w = world_for(n);
    let a = spawn(&w, n, seed);
    (w, a)
}

/// The same flock as a scenario for [`Sim`] (engine `"standard"` with `neighbours` grid or naive,
/// or `"fast"`), with the given agents.
pub fn sim_for(world: &World, agents: &[Agent], engine: &str) -> Result<Sim, String> {
    let (eng, neigh) = match engine {
        "fast" => ("fast", "grid"),
        "grid" => ("standard", "grid"),
        "naive" => ("standard", "naive"),
        other => return Err(format!("engine: expected fast, grid or naive, got {other}")),
    };
    let text = format!(
        r#"{{"name":"bench","world":{{"width":{},"height":{},"edges":"wrap"}},"agents":{{"count":1}},
            "motion":{{"max_speed":{MAX_SPEED},"max_force":{MAX_FORCE}}},"engine":"{eng}","neighbours":"{neigh}",
            "behaviours":[{{"type":"separation","weight":1.5,"sep_dist":{SEP_DIST}}},
                          {{"type":"alignment","weight":1.0,"perception":{PERCEPTION}}},
                          {{"type":"cohesion","weight":1.0,"perception":{PERCEPTION}}}]}}"#,
        world.width, world.height
    );
    let mut sim = Sim::from_json(&text)?;
    let list = sim.agents_mut();
    list.clear();
    list.extend_from_slice(agents);
    sim.agents_changed();
    Ok(sim)
}

/// A straightforward scalar grid of the same rules, the kind the issue's reference figures were
/// measured with (and the same algorithm as the bench page's JS grid): a counting sort of agent
/// indices into cells ≥ perception, the 3×3 cells around each agent with nearest-image deltas,
/// one pass accumulating separation / alignment / cohesion, `steer_towards`, the weighted sum
/// truncated, then `integrate` and wrap. Used to calibrate the machine against the reference.
pub struct SimpleGrid {
    world: World,
    agents: Vec<Agent>,
    forces: Vec<Vec2>,
    grid: steerlab_core::grid::Grid,
    pos: Vec<Vec2>,
    pub neighbours: u64,
}

impl SimpleGrid {
    pub fn new(world: World, agents: Vec<Agent>) -> SimpleGrid {
        let n = agents.len();
        SimpleGrid {
            world,
            agents,
            forces: vec![Vec2::ZERO; n],
            grid: Default::default(),
            pos: Vec::with_capacity(n),
            neighbours: 0,
        }
    }

    pub fn step(&mut self) {
        use steerlab_core::flock::FlockSums;
        use steerlab_core::steer::Controller;
        let rules = rules();
        self.pos.clear();
        self.pos.extend(self.agents.iter().map(|a| a.position));
        self.grid.rebuild(&self.world, PERCEPTION, self.pos.iter().copied());
        let mut total = 0u64;
        for i in 0..self.agents.len() {
            let mut sums = FlockSums::default();
            let agents = &self.agents;
            self.grid.for_each_neighbour(&self.world, &self.pos, i, PERCEPTION, |j, d, d2| {
                sums.add(&rules, d, d2, agents[j].velocity)
            });
            total += sums.n_align as u64;
            let mut ctl = Controller::new(None);
            sums.apply(&rules, &self.agents[i], &mut ctl);
            self.forces[i] = ctl.result(MAX_FORCE);
        }
        for (a, f) in self.agents.iter_mut().zip(&self.forces) {
            steerlab_core::world::integrate(a, *f, DT, 0.0);
            self.world.apply_edges(a);
        }
        self.neighbours = total;
    }
}

/// One of the engines on the workload, behind one `step()`.
pub enum BenchFlock {
    Fast(Box<FastFlock>),
    Sim(Box<Sim>),
    Simple(Box<SimpleGrid>),
}

impl BenchFlock {
    /// `engine`: `"fast"` (the bare [`FastFlock`]), `"sim-fast"` (through [`Sim`], with the
    /// write-back of `agents`), `"grid"` or `"naive"` (the standard engine), `"simple"`
    /// ([`SimpleGrid`]).
    pub fn new(engine: &str, world: World, agents: Vec<Agent>) -> BenchFlock {
        match engine {
            "fast" => {
                let mut f = FastFlock::new();
                f.load(&world, params(), &agents);
                BenchFlock::Fast(Box::new(f))
            }
            "sim-fast" => BenchFlock::Sim(Box::new(sim_for(&world, &agents, "fast").expect("bench scenario is valid"))),
            "simple" => BenchFlock::Simple(Box::new(SimpleGrid::new(world, agents))),
            e => BenchFlock::Sim(Box::new(sim_for(&world, &agents, e).expect("bench scenario is valid"))),
        }
    }

    pub fn step(&mut self) {
        match self {
            BenchFlock::Fast(f) => f.step(),
            BenchFlock::Sim(s) => s.step(),
            BenchFlock::Simple(g) => g.step(),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            BenchFlock::Fast(f) => f.len(),
            BenchFlock::Sim(s) => s.agent_count(),
            BenchFlock::Simple(g) => g.agents.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn totals(&self) -> (u64, u64) {
        match self {
            BenchFlock::Fast(f) => (f.stats.neighbours, f.stats.checks),
            BenchFlock::Sim(s) => (s.stats.neighbours, s.stats.checks),
            BenchFlock::Simple(g) => (g.neighbours, 0),
        }
    }

    /// Mean neighbours per boid in the last step.
    pub fn mean_neighbours(&self) -> f64 {
        self.totals().0 as f64 / self.len().max(1) as f64
    }

    /// Mean distance checks per boid in the last step.
    pub fn checks_per_boid(&self) -> f64 {
        self.totals().1 as f64 / self.len().max(1) as f64
    }
}
