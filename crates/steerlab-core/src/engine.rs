//! The simulation: agents, the behaviours' state, the scene, the fixed-timestep clock and the
//! two-phase update.
//!
//! `advance(frame_seconds)` feeds an accumulator and runs whole fixed steps of [`DT`], so a
//! trajectory depends only on the seed, the scenario and the number of steps, never on the display's
//! refresh rate. `step()` computes every agent's force from one snapshot, then moves everyone.
//!
//! `Sim` is split by job: this file holds the state, the clock and the steppers (standard: every
//! behaviour through [`Behaviour`]'s dispatch; fast: the flocking kernel of `sim::fast`);
//! `params.rs` sets and reads parameters by path, `input.rs` handles the pointer and editing,
//! `report.rs` measures and writes `state()`. Behaviours never see `Sim`.

use super::agent::Agent;
use super::behaviours::{AgentStep, Behaviour, FlockRule, ForceCtx, Inst, MoveCtx, Registered, State, View};
use super::draw::Style;
use super::fast::FastFlock;
use super::flock::{FlockRules, FlockSums};
use super::grid::Grid;
use super::rng::{seeded, Rng};
use super::scenario::{self, Agents, NeighbourQuery, Scenario, ScenarioError};
use super::scene::Scene;
use super::steer::{Controller, Trace};
use super::world::{integrate, wrap_delta, World};
use crate::num::clamp;
use glam::Vec2;
use std::cell::{Cell, Ref, RefCell};

/// The fixed step: 1/60 s.
pub const DT: f32 = 1.0 / 60.0;
/// The same step in f64, for the clock's accumulator (`DT as f64` is not exactly 1/60).
pub const STEP_SECONDS: f64 = 1.0 / 60.0;
/// The longest frame the clock accepts (a tab that was hidden resumes without a jump).
pub const MAX_FRAME: f64 = 0.25;

pub use super::pointer::{Pointer, PICK_RADIUS};

/// What the last step measured.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepStats {
    /// Distance checks made by the flocking rules' neighbour queries.
    pub checks: u64,
    /// Sum over agents of neighbours within perception.
    pub neighbours: u64,
}

pub struct Sim {
    pub(crate) scenario: Scenario,
    pub(crate) world: World,
    /// The agents; behind a `RefCell` so that [`Sim::agents`] can bring them up to date from the
    /// fast engine through `&self` (see [`Sim::advance_deferred`]).
    pub(super) agents: RefCell<Vec<Agent>>,
    /// Each agent's tint from its last step (`None`: the plain agent style).
    pub(crate) tints: Vec<Option<Style>>,
    /// One state per behaviour of the scenario, in the same order.
    pub(crate) states: Vec<State>,
    pub(crate) scene: Scene,
    /// The pointer in world coordinates while it is over the canvas (the bandada "player").
    pub pointer: Option<Vec2>,
    /// The highlighted agent.
    pub selected: Option<usize>,
    pub time: f64,
    pub steps: u64,
    pub stats: StepStats,
    pub(super) acc: f64,
    pub(crate) rng: Rng,
    pub(crate) rules: FlockRules,
    pub(super) standard: Standard,
    pub(crate) fast: Fast,
}

/// Scratch of the standard stepper: the step's snapshot, its neighbour grids and forces.
#[derive(Default)]
pub(super) struct Standard {
    pos: Vec<Vec2>,
    pub(super) forces: Vec<Vec2>,
    /// The flocking rules' grid (cells of the rules' largest radius).
    grid: Grid,
    /// The behaviours' neighbour grid (cells of their largest `neighbour_radius`).
    nb: Grid,
}

/// The fast engine (`scenario.engine == "fast"`) and its copy of the flock.
#[derive(Default)]
pub(crate) struct Fast {
    pub(super) engine: Option<Box<FastFlock>>,
    /// `agents` changed outside the engine: reload it before the next step.
    pub(super) dirty: bool,
    /// `agents` lags the engine (steps taken by [`Sim::advance_deferred`]).
    pub(super) behind: Cell<bool>,
}

impl Sim {
    /// A simulation of `scenario`, or its mistakes (each with its field path).
    pub fn new(scenario: Scenario) -> Result<Sim, ScenarioError> {
        scenario.validate().map_err(ScenarioError::from)?;
        let world = world_of(&scenario);
        let mut sim = Sim {
            world,
            agents: RefCell::new(Vec::new()),
            tints: Vec::new(),
            states: Vec::new(),
            scene: Scene::default(),
            pointer: None,
            selected: scenario.selected,
            time: 0.0,
            steps: 0,
            stats: StepStats::default(),
            acc: 0.0,
            rng: seeded(scenario.seed),
            rules: FlockRules::default(),
            standard: Standard::default(),
            fast: Fast { dirty: true, ..Fast::default() },
            scenario,
        };
        sim.reset();
        Ok(sim)
    }

    /// Parse, validate and build in one go. A refused scenario's [`ScenarioError`] lists every
    /// mistake with its field path; its text is the message the page shows.
    pub fn from_json(text: &str) -> Result<Sim, ScenarioError> {
        Sim::new(scenario::parse(text).map_err(ScenarioError::from)?)
    }

    // -----------------------------------------------------------------------------------------
    // Reading the state

    /// The agents, always current (with the fast engine, brought up to date first if the frame
    /// loop left them behind).
    pub fn agents(&self) -> Ref<'_, [Agent]> {
        self.sync_agents_ref();
        Ref::map(self.agents.borrow(), |v| v.as_slice())
    }

    /// The agents, to change them directly (tests, benchmarks): the fast engine reloads them
    /// before its next step, and the behaviours' per-agent state follows their number.
    pub fn agents_mut(&mut self) -> &mut Vec<Agent> {
        self.sync_agents_ref();
        self.fast.dirty = true;
        self.agents.get_mut()
    }

    /// How many agents there are (without bringing them up to date).
    pub fn agent_count(&self) -> usize {
        if self.fast.behind.get() {
            if let Some(f) = &self.fast.engine {
                return f.len();
            }
        }
        self.agents.borrow().len()
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    /// Obstacles, food and the live path.
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// Agent `i`'s tint from its last step.
    pub fn tint(&self, i: usize) -> Option<Style> {
        self.tints.get(i).copied().flatten()
    }

    /// The state of the first behaviour of kind `B` (its per-scenario state and per-agent states).
    pub fn behaviour<B: Registered>(&self) -> Option<&Inst<B>> {
        self.states.iter().find_map(B::inst)
    }

    /// The same, to change it (tests; the pointer and `set` are the usual ways).
    pub fn behaviour_mut<B: Registered>(&mut self) -> Option<&mut Inst<B>> {
        self.states.iter_mut().find_map(B::inst_mut)
    }

    /// Every behaviour's state, parallel to `scenario().behaviours`.
    pub fn states(&self) -> &[State] {
        &self.states
    }

    /// The flocking rules (the first separation, alignment and cohesion of the scenario).
    pub fn rules(&self) -> &FlockRules {
        &self.rules
    }

    /// The perception radius (the query radius of the flocking rules; 48 if there are none).
    pub fn perception(&self) -> f32 {
        let r = self.rules.radius();
        if r > 0.0 {
            r
        } else {
            48.0
        }
    }

    /// Run `f` on a read-only view of the current state (what overlays, readouts and reports read).
    pub fn with_view<R>(&self, f: impl FnOnce(&View) -> R) -> R {
        let agents = self.agents();
        let v = View {
            world: &self.world,
            agents: &agents,
            tints: &self.tints,
            scene: &self.scene,
            setup: self.scenario.setup(),
            behaviours: &self.scenario.behaviours,
            pointer: self.pointer,
            selected: self.selected,
            time: self.time,
            steps: self.steps,
        };
        f(&v)
    }

    // -----------------------------------------------------------------------------------------
    // Reset and spawn

    /// Back to the scenario's initial state with its seed.
    pub fn reset(&mut self) {
        self.fast.behind.set(false);
        self.rng = seeded(self.scenario.seed);
        self.world = world_of(&self.scenario);
        self.rules = rules_of(&self.scenario);
        self.agents.get_mut().clear();
        let m = &self.scenario.motion;
        match &self.scenario.agents {
            Agents::List(list) => {
                let agents = self.agents.get_mut();
                for a in list {
                    // Hand-placed agents outside the world are brought inside like spawned ones: the
                    // grid and the nearest-image delta assume positions inside the world.
                    let mut agent = Agent::new(a.position.into(), a.velocity.into(), m.max_speed, m.max_force);
                    self.world.apply_edges(&mut agent);
                    agents.push(agent);
                }
            }
            Agents::Spawn(s) => {
                let n = s.count;
                self.spawn(n);
            }
        }
        let n = self.agents.get_mut().len();
        self.tints.clear();
        self.tints.resize(n, None);
        self.states = self.scenario.behaviours.iter().map(|b| b.new_state(n)).collect();
        let agents = self.agents.get_mut();
        for (b, s) in self.scenario.behaviours.iter().zip(&mut self.states) {
            b.reset(s, agents);
        }
        self.scenario.reset_scene(&mut self.scene);
        self.selected = self.scenario.selected;
        self.time = 0.0;
        self.steps = 0;
        self.acc = 0.0;
        self.fast.dirty = true;
        self.measure_flock();
    }

    /// Add `n` agents in the spawn area with random headings (seeded).
    pub(crate) fn spawn(&mut self, n: usize) {
        let m = self.scenario.motion.clone();
        let (area, speed) = match &self.scenario.agents {
            Agents::Spawn(s) => (s.area, s.speed),
            Agents::List(_) => (None, None),
        };
        let [x0, y0, x1, y1] = area.unwrap_or([0.0, 0.0, self.world.width, self.world.height]);
        let speed = speed.unwrap_or(m.max_speed).min(m.max_speed);
        let agents = self.agents.get_mut();
        agents.reserve(n);
        for _ in 0..n {
            let p = Vec2::new(x0 + self.rng.f32() * (x1 - x0), y0 + self.rng.f32() * (y1 - y0));
            let ang = self.rng.f32() * core::f32::consts::TAU;
            let v = Vec2::new(libm::cosf(ang), libm::sinf(ang)) * speed;
            let mut a = Agent::new(p, v, m.max_speed, m.max_force);
            self.world.apply_edges(&mut a);
            agents.push(a);
        }
        self.fit_to_agents();
    }

    /// Tints and the behaviours' per-agent state follow the number of agents.
    pub(crate) fn fit_to_agents(&mut self) {
        let n = self.agents.get_mut().len();
        if self.tints.len() != n {
            self.tints.resize(n, None);
        }
        for s in &mut self.states {
            if s.agent_count() != n {
                s.resize(n);
            }
        }
    }

    /// What the first step's flocking query will measure, from the current positions, so that the
    /// readout is right before the first step (side-effect free for the trajectory).
    pub(crate) fn measure_flock(&mut self) {
        self.stats = StepStats::default();
        // (The fast engine's readout comes with its first step: a full grid query here would cost
        // a noticeable pause at 100 000 agents on every `set`.)
        if !self.rules.any() || self.scenario.engine.is_fast() {
            return;
        }
        let agents = self.agents.get_mut();
        let st = &mut self.standard;
        st.pos.clear();
        st.pos.extend(agents.iter().map(|a| a.position));
        let r = self.rules.radius();
        flock_grid(&mut st.grid, &self.world, r, self.scenario.neighbours, &st.pos);
        for i in 0..agents.len() {
            let (c, n) = flock_sums(&self.world, &self.rules, r, agents, &st.pos, &st.grid, i).1;
            self.stats.checks += c as u64;
            self.stats.neighbours += n as u64;
        }
    }

    // -----------------------------------------------------------------------------------------
    // The clock and the steppers

    /// Feed real elapsed time; runs the whole fixed steps it covers. Returns the steps taken.
    pub fn advance(&mut self, frame_seconds: f64) -> u32 {
        let n = self.advance_deferred(frame_seconds);
        self.sync_agents();
        n
    }

    /// [`Sim::advance`] for a frame loop: with the fast engine, the agents are not copied back
    /// after each step (a scattered copy of every agent, ~10 % of a 100 000-boid step in Chromium)
    /// but when something reads them ([`Sim::agents`] does it); [`Sim::fast_slices`] is always
    /// current.
    pub fn advance_deferred(&mut self, frame_seconds: f64) -> u32 {
        let n = self.due_steps(frame_seconds);
        for _ in 0..n {
            self.step_deferred();
        }
        n
    }

    /// The clock alone: feed real elapsed time and take from the accumulator the whole fixed
    /// steps it covers, without running them (the history runs them one by one).
    pub fn due_steps(&mut self, frame_seconds: f64) -> u32 {
        let f = if frame_seconds.is_finite() { clamp(frame_seconds, 0.0, MAX_FRAME) } else { 0.0 };
        self.acc += f;
        let dt = STEP_SECONDS;
        let mut n = 0;
        // A tiny tolerance so that e.g. 144 frames of 1/144 s make exactly 60 steps.
        while self.acc + 1e-9 >= dt {
            self.acc -= dt;
            n += 1;
        }
        if self.acc < 0.0 {
            self.acc = 0.0;
        }
        n
    }

    /// One step as the frame loop takes it: with the fast engine the agents are copied back when
    /// next read (see [`Sim::advance_deferred`]).
    pub fn step_deferred(&mut self) {
        if self.scenario.engine.is_fast() {
            self.step_fast(false);
        } else {
            self.step();
        }
    }

    /// One fixed step: all forces from one snapshot, then move everyone.
    pub fn step(&mut self) {
        if self.scenario.engine.is_fast() {
            self.step_fast(true);
            return;
        }
        self.fit_to_agents();
        let Sim { scenario, world, agents, tints, states, scene, pointer, rng, rules, standard: st, .. } = self;
        let agents = agents.get_mut();
        let n = agents.len();
        st.pos.clear();
        st.pos.extend(agents.iter().map(|a| a.position));
        let flocking = rules.any();
        let radius = if flocking { rules.radius() } else { 0.0 };
        if flocking {
            flock_grid(&mut st.grid, world, radius, scenario.neighbours, &st.pos);
        }
        st.forces.clear();
        st.forces.resize(n, Vec2::ZERO);
        let nb_radius = neighbour_radius(scenario);
        if nb_radius > 0.0 {
            st.nb.rebuild(world, nb_radius, st.pos.iter().copied());
        }
        let mut stats = StepStats::default();
        {
            let ctx = ForceCtx {
                world,
                agents,
                pos: &st.pos,
                nb: (nb_radius > 0.0).then_some(&st.nb),
                pointer: *pointer,
                scene,
                setup: scenario.setup(),
                time: self.time,
            };
            for (b, s) in scenario.behaviours.iter().zip(states.iter_mut()) {
                b.pre_forces(s, &ctx);
            }
            for i in 0..n {
                let (sums, (checks, neighbours)) = if flocking {
                    flock_sums(world, rules, radius, agents, &st.pos, &st.grid, i)
                } else {
                    (FlockSums::default(), (0, 0))
                };
                stats.checks += checks as u64;
                stats.neighbours += neighbours as u64;
                let mut ctl = Controller::new(None);
                let mut a = AgentStep { i, agent: &agents[i], flock: &sums, rng, ctl: &mut ctl, tint: None };
                for (b, s) in scenario.behaviours.iter().zip(states.iter_mut()) {
                    b.force(s, &ctx, &mut a);
                }
                tints[i] = a.tint;
                add_edge_force(world, &agents[i], &mut ctl);
                st.forces[i] = ctl.result(agents[i].max_force);
            }
        }
        let min_speed = scenario.motion.min_speed;
        for (a, f) in agents.iter_mut().zip(&st.forces) {
            integrate(a, *f, DT, min_speed);
            world.apply_edges(a);
        }
        let mut m = MoveCtx { world, agents, scene, rng, now: self.time + DT as f64, dt: DT };
        for (b, s) in scenario.behaviours.iter().zip(states.iter_mut()) {
            b.post_move(s, &mut m);
        }
        self.stats = stats;
        self.time = (self.steps + 1) as f64 * STEP_SECONDS;
        self.steps += 1;
    }

    /// The fast engine's step (`scenario.engine == "fast"`): the same rules and integration as the
    /// grid path, summed in cell order; the agents are written back when `write_back` (else when
    /// next read).
    fn step_fast(&mut self, write_back: bool) {
        let params = self.fast_params();
        self.sync_agents();
        let fast = self.fast.engine.get_or_insert_with(Default::default);
        if self.fast.dirty {
            fast.load(&self.world, params, self.agents.get_mut());
            self.fast.dirty = false;
        }
        fast.step();
        if write_back {
            fast.store(self.agents.get_mut());
        }
        self.fast.behind.set(!write_back);
        self.stats = StepStats { checks: fast.stats.checks, neighbours: fast.stats.neighbours };
        self.time = (self.steps + 1) as f64 * STEP_SECONDS;
        self.steps += 1;
    }

    /// Bring the agents up to date with the fast engine (a no-op otherwise).
    pub fn sync_agents(&mut self) {
        self.sync_agents_ref();
    }

    fn sync_agents_ref(&self) {
        if !self.fast.behind.replace(false) {
            return;
        }
        if let Some(f) = self.fast.engine.as_deref() {
            f.store(&mut self.agents.borrow_mut());
        }
    }

    /// Whether the agents lag the fast engine (see [`Sim::advance_deferred`]).
    pub fn agents_behind(&self) -> bool {
        self.fast.behind.get()
    }

    /// Call after changing the agents directly while the fast engine runs (it keeps its own sorted
    /// copy and reloads it before the next step). [`Sim::agents_mut`] does this itself.
    pub fn agents_changed(&mut self) {
        self.fast.dirty = true;
    }

    /// The fast engine's positions and headings in its cell order, when it runs and holds the
    /// current state: for drawing in memory order = spatial order, which keeps a frame's pixel
    /// writes close together.
    #[allow(clippy::type_complexity)]
    pub fn fast_slices(&self) -> Option<((&[f32], &[f32]), (&[f32], &[f32]))> {
        let fast = self.fast.engine.as_deref().filter(|f| !self.fast.dirty && f.len() == self.agent_count())?;
        Some((fast.positions(), fast.headings()))
    }

    /// True when the shell should draw the agents as a pixel buffer ([`super::raster::Raster`])
    /// instead of one draw-list shape each (the renderer then leaves them out of the list).
    pub fn raster_agents(&self) -> bool {
        self.scenario.engine.is_fast()
    }

    /// A new seed: re-spawn from it.
    pub fn reseed(&mut self, seed: u64) {
        self.scenario.seed = seed;
        self.reset();
    }

    /// Give back the memory the simulation holds — agents, the behaviours' state, neighbour grids,
    /// the fast engine, scratch buffers — for a viewer that is destroyed while its JS handle still
    /// waits for the garbage collector (wasm memory never shrinks, and a 100 000-boid viewer holds
    /// megabytes). The simulation is left with no agents; it stays safe to call, and `reset()`
    /// rebuilds it.
    pub fn release(&mut self) {
        self.fast.behind.set(false);
        *self.agents.get_mut() = Vec::new();
        self.tints = Vec::new();
        self.states = Vec::new();
        self.scene = Scene::default();
        self.standard = Standard::default();
        self.fast = Fast { dirty: true, ..Fast::default() };
        self.selected = None;
        self.pointer = None;
    }

    // -----------------------------------------------------------------------------------------
    // One agent's force, as the next step computes it

    /// Build the force pass's context on the current state (the grids the next step would build)
    /// and run `f` with it: for tracing one agent, and for tests.
    pub fn with_force_ctx<R>(&self, f: impl FnOnce(&ForceCtx) -> R) -> R {
        let agents = self.agents();
        let pos: Vec<Vec2> = agents.iter().map(|a| a.position).collect();
        let r = neighbour_radius(&self.scenario);
        let mut nb = Grid::new();
        if r > 0.0 {
            nb.rebuild(&self.world, r, pos.iter().copied());
        }
        let ctx = ForceCtx {
            world: &self.world,
            agents: &agents,
            pos: &pos,
            nb: (r > 0.0).then_some(&nb),
            pointer: self.pointer,
            scene: &self.scene,
            setup: self.scenario.setup(),
            time: self.time,
        };
        f(&ctx)
    }

    /// Recompute agent `i`'s force from the current state exactly as the next step will (the
    /// behaviours' pre-force hooks run on a copy of their state, with a copy of the random
    /// numbers) and record each contribution. Nothing of the simulation changes.
    pub fn trace(&self, i: usize, trace: &mut Trace) -> Vec2 {
        self.trace_checked(i, trace).0
    }

    /// [`Sim::trace`], and the distance checks of the agent's flocking query (`None` without
    /// flocking rules).
    pub(crate) fn trace_checked(&self, i: usize, trace: &mut Trace) -> (Vec2, Option<u32>) {
        let agents = self.agents();
        if i >= agents.len() {
            trace.items.clear();
            return (Vec2::ZERO, None);
        }
        let pos: Vec<Vec2> = agents.iter().map(|a| a.position).collect();
        let (sums, checked) = if self.rules.any() {
            let r = self.rules.radius();
            let mut grid = Grid::new();
            flock_grid(&mut grid, &self.world, r, self.scenario.neighbours, &pos);
            let (s, (c, _)) = flock_sums(&self.world, &self.rules, r, &agents, &pos, &grid, i);
            (s, Some(c))
        } else {
            (FlockSums::default(), None)
        };
        let mut states = self.states.clone();
        let mut rng = self.rng.clone();
        drop(agents);
        self.with_force_ctx(|ctx| {
            for (b, s) in self.scenario.behaviours.iter().zip(states.iter_mut()) {
                b.pre_forces(s, ctx);
            }
            // Random numbers are drawn in agent order: replay the draws of the agents before `i`
            // (their forces are thrown away) so that `i` sees the numbers the step will give it.
            if self.scenario.behaviours.iter().any(Behaviour::draws_random) {
                let zero = FlockSums::default();
                for j in 0..i {
                    let mut ctl = Controller::new(None);
                    let agent = ctx.agents[j];
                    let mut a =
                        AgentStep { i: j, agent: &agent, flock: &zero, rng: &mut rng, ctl: &mut ctl, tint: None };
                    for (b, s) in self.scenario.behaviours.iter().zip(&states) {
                        if b.draws_random() {
                            b.force_dry(s, ctx, &mut a);
                        }
                    }
                }
            }
            let mut ctl = Controller::new(Some(trace));
            let agent = ctx.agents[i];
            let mut a = AgentStep { i, agent: &agent, flock: &sums, rng: &mut rng, ctl: &mut ctl, tint: None };
            for (k, (b, s)) in self.scenario.behaviours.iter().zip(&states).enumerate() {
                b.force_dry(s, ctx, &mut a);
                a.ctl.claim(k);
            }
            add_edge_force(&self.world, &agent, &mut ctl);
            (ctl.result(agent.max_force), checked)
        })
    }

    /// The force the last step applied to each agent (standard engine; empty before the first
    /// step, after a change of the agents, and with the fast engine).
    pub fn last_forces(&self) -> &[Vec2] {
        let f = &self.standard.forces;
        if self.steps > 0 && f.len() == self.agent_count() && !self.raster_agents() {
            f
        } else {
            &[]
        }
    }

    /// The force the next step applies to agent `i` (after the final truncation to `max_force`).
    pub fn force_on(&self, i: usize) -> Vec2 {
        self.trace(i, &mut Trace::default())
    }
}

/// The flocking rules' neighbour grid: cells of the rules' radius `r`, or, for the naive query,
/// one cell (everyone a candidate, in agent order).
fn flock_grid(grid: &mut Grid, world: &World, r: f32, query: NeighbourQuery, pos: &[Vec2]) {
    let cell = if query == NeighbourQuery::Grid { r } else { f32::INFINITY };
    grid.rebuild(world, cell, pos.iter().copied());
}

/// The flocking rules' shared neighbour pass for agent `i` within `r` (`rules.radius()`): the
/// sums, and (distance checks, neighbours within perception).
///
/// [`Grid::for_each_neighbour`] fused with [`FlockSums::add`]: the same cells in the same order,
/// the same items in cell order, the same float expressions in the same order (so the same bits),
/// with the per-neighbour work hoisted: the rules' squared radii (an absent rule's is −∞, which no
/// `d2` is below), the half sizes of [`World::delta`] (+∞ when the world does not wrap: no
/// difference is beyond them), no call per candidate, the sums in registers, and the columns of a
/// row that are adjacent in memory scanned as one run. The naive query is the grid of one cell
/// ([`flock_grid`]). `tests::the_fused_pass_is_the_query_and_add_bit_for_bit` holds it to that.
fn flock_sums(
    world: &World,
    rules: &FlockRules,
    r: f32,
    agents: &[Agent],
    pos: &[Vec2],
    g: &Grid,
    i: usize,
) -> (FlockSums, (u32, u32)) {
    let mut sums = FlockSums::default();
    let (starts, items) = g.cells();
    let sq = |rule: Option<(f32, f32)>| rule.map_or(f32::NEG_INFINITY, |(_, r)| r * r);
    let k = Pass {
        p: pos[i],
        me: i as u32,
        r2: r * r,
        sq: [sq(rules.separation), sq(rules.alignment), sq(rules.cohesion)],
        size: world.size(),
        half: if world.wraps() { world.size() * 0.5 } else { Vec2::INFINITY },
    };
    let block = g.block(k.p);
    let cols = &block.cols[..block.ncols];
    let mut checks = 0u32;
    for &row in &block.rows[..block.nrows] {
        let row = &starts[row * g.cols..];
        let mut c = 0;
        while c < cols.len() {
            // A run of columns c, c + 1, … is one contiguous range of `items`, in the same order.
            let first = cols[c];
            let mut last = first;
            c += 1;
            while c < cols.len() && cols[c] == last + 1 {
                last += 1;
                c += 1;
            }
            let run = &items[row[first] as usize..row[last + 1] as usize];
            k.scan(pos, run, agents, &mut sums);
            checks += run.len() as u32;
        }
    }
    // Every candidate but the agent itself, which is always in its own cell.
    let checks = checks - 1;
    let neighbours = sums.n_align.max(sums.n_coh).max(sums.n_sep);
    (sums, (checks, neighbours))
}

/// The per-candidate work of [`flock_sums`].
struct Pass {
    p: Vec2,
    /// The agent itself (not a candidate).
    me: u32,
    r2: f32,
    /// The squared radii of separation, alignment and cohesion.
    sq: [f32; 3],
    size: Vec2,
    half: Vec2,
}

impl Pass {
    /// The candidates `items`, in order.
    #[inline(never)]
    fn scan(&self, pos: &[Vec2], items: &[u32], agents: &[Agent], out: &mut FlockSums) {
        let [sep2, ali2, coh2] = self.sq;
        let (p, half, size, r2, me) = (self.p, self.half, self.size, self.r2, self.me);
        // In locals: the sums stay in registers.
        let (mut sx, mut sy, mut ax, mut ay, mut cx, mut cy) =
            (out.sep.x, out.sep.y, out.align.x, out.align.y, out.coh.x, out.coh.y);
        let (mut ns, mut na, mut nc) = (out.n_sep, out.n_align, out.n_coh);
        for &j in items {
            let q = pos[j as usize];
            // World::delta, behind one test for the usual case (no axis beyond half the world,
            // where wrap_delta's two comparisons are both false; NaN fails both ways alike).
            let mut dx = q.x - p.x;
            let mut dy = q.y - p.y;
            if dx.abs() > half.x || dy.abs() > half.y {
                dx = wrap_delta(dx, size.x);
                dy = wrap_delta(dy, size.y);
            }
            // `d.length_squared()` and, below, `sep -= d * (1.0 / d2)`, `align += v`, `coh += d`,
            // written per axis (the same operations in the same order).
            let d2 = dx * dx + dy * dy;
            // The agent itself is no neighbour (tested only here: whatever its `d2`, it counts
            // for nothing unless within the radius).
            if d2 < r2 && j != me {
                // FlockSums::add, inline.
                if d2 < sep2 && d2 > 0.0 {
                    let k = 1.0 / d2;
                    sx -= dx * k;
                    sy -= dy * k;
                    ns += 1;
                }
                if d2 < ali2 {
                    let v = agents[j as usize].velocity;
                    ax += v.x;
                    ay += v.y;
                    na += 1;
                }
                if d2 < coh2 {
                    cx += dx;
                    cy += dy;
                    nc += 1;
                }
            }
        }
        *out = FlockSums {
            sep: Vec2::new(sx, sy),
            n_sep: ns,
            align: Vec2::new(ax, ay),
            n_align: na,
            coh: Vec2::new(cx, cy),
            n_coh: nc,
        };
    }
}

/// The world's edge push (`steer_to_center`), weight 2, after the behaviours.
#[inline]
fn add_edge_force(world: &World, a: &Agent, ctl: &mut Controller) {
    let edge = world.edge_force(a);
    if edge != Vec2::ZERO {
        ctl.add("edges", 2.0, edge);
        ctl.explain(|d| d.desired = Some(super::steer::desired_towards(world.center() - a.position, a)));
    }
}

pub(crate) fn world_of(sc: &Scenario) -> World {
    let mut w = World::new(sc.world.width, sc.world.height, sc.world.edges);
    w.margin = sc.world.margin;
    w
}

/// The radius of the behaviours' neighbour grid: the largest they ask for (0: none).
fn neighbour_radius(sc: &Scenario) -> f32 {
    sc.behaviours.iter().map(Behaviour::neighbour_radius).fold(0.0, f32::max)
}

/// The first separation, alignment and cohesion of the scenario (validation allows one of each).
pub(crate) fn rules_of(sc: &Scenario) -> FlockRules {
    let mut r = FlockRules::default();
    for b in &sc.behaviours {
        match b.flock_rule() {
            Some(FlockRule::Separation { weight, radius }) if r.separation.is_none() => {
                r.separation = Some((weight, radius))
            }
            Some(FlockRule::Alignment { weight, radius }) if r.alignment.is_none() => {
                r.alignment = Some((weight, radius))
            }
            Some(FlockRule::Cohesion { weight, radius }) if r.cohesion.is_none() => r.cohesion = Some((weight, radius)),
            _ => {}
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::naive_for_each_neighbour;
    use crate::world::Edges;

    fn bits(s: &FlockSums) -> [u32; 9] {
        let f = |v: Vec2| [v.x.to_bits(), v.y.to_bits()];
        let ([a, b], [c, d], [e, g]) = (f(s.sep), f(s.align), f(s.coh));
        [a, b, s.n_sep, c, d, s.n_align, e, g, s.n_coh]
    }

    /// The fused pass is the generic query feeding `FlockSums::add`, bit for bit: the same
    /// neighbours summed in the same order with the same expressions (grid: cells in the block's
    /// order, items in cell order; naive: agent order), the same distance checks, wrapping or
    /// walled, with 1 to 3 cells on an axis and more, absent rules, a separation radius beyond the
    /// others, agents on top of each other (d² = 0) and exactly at the radius.
    #[test]
    fn the_fused_pass_is_the_query_and_add_bit_for_bit() {
        let mut rng = crate::rng::seeded(3);
        let rules_list = [
            FlockRules { separation: Some((1.5, 22.0)), alignment: Some((1.0, 48.0)), cohesion: Some((1.0, 48.0)) },
            FlockRules { separation: Some((1.5, 60.0)), alignment: None, cohesion: Some((1.0, 30.0)) },
            FlockRules { separation: None, alignment: Some((1.0, 35.0)), cohesion: None },
            FlockRules { separation: Some((2.0, 25.0)), alignment: Some((1.0, 25.0)), cohesion: None },
        ];
        for (w, h, edges) in [
            (640.0, 400.0, Edges::Wrap),
            (640.0, 400.0, Edges::Bounce),
            (100.0, 90.0, Edges::Wrap),
            (130.0, 40.0, Edges::SteerToCenter),
        ] {
            let world = World::new(w, h, edges);
            let mut pos: Vec<Vec2> = (0..90).map(|_| Vec2::new(rng.f32() * w, rng.f32() * h)).collect();
            // Two on top of each other, one exactly 22 away, and a clump across the seam.
            pos[1] = pos[0];
            pos[2] = pos[0] + Vec2::new(22.0, 0.0);
            for (k, p) in pos.iter_mut().skip(3).take(12).enumerate() {
                *p = Vec2::new((w - 3.0 + k as f32 * 0.7) % w, (h - 5.0 + k as f32 * 0.9) % h);
            }
            let agents: Vec<Agent> = pos
                .iter()
                .map(|&p| Agent::new(p, Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 80.0, 100.0, 200.0))
                .collect();
            for rules in &rules_list {
                let r = rules.radius();
                for query in [NeighbourQuery::Grid, NeighbourQuery::Naive] {
                    let mut g = Grid::new();
                    flock_grid(&mut g, &world, r, query, &pos);
                    let mut reference = Grid::new();
                    reference.rebuild(&world, r, pos.iter().copied());
                    for i in 0..pos.len() {
                        let (got, (checks, _)) = flock_sums(&world, rules, r, &agents, &pos, &g, i);
                        let mut want = FlockSums::default();
                        let add = |j: usize, d: Vec2, d2: f32| want.add(rules, d, d2, agents[j].velocity);
                        let want_checks = match query {
                            NeighbourQuery::Grid => reference.for_each_neighbour(&world, &pos, i, r, add),
                            NeighbourQuery::Naive => naive_for_each_neighbour(&world, &pos, i, r, add),
                        };
                        assert_eq!(bits(&got), bits(&want), "agent {i}, {w}×{h} {edges:?}, {query:?}, {rules:?}");
                        assert_eq!(checks, want_checks);
                    }
                }
            }
        }
    }
}
