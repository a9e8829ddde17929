//! The simulation: agents, behaviours, the fixed-timestep clock and the two-phase update.
//!
//! `advance(frame_seconds)` feeds an accumulator and runs whole fixed steps of [`DT`], so a
//! trajectory depends only on the seed, the scenario and the number of steps, never on the display's
//! refresh rate. `step()` computes every agent's force from one snapshot, then moves everyone.

use super::agent::Agent;
use super::fast::{FastFlock, FastParams};
use super::flock::{FlockRules, FlockSums};
use super::grid::{naive_for_each_neighbour, Grid, QueryReport};
use super::leader::{self, FollowerState, LeaderState};
use super::path::{self, Follow, PathState};
use super::queue::{self, QueueState};
use super::rng::{seeded, Rng};
use super::scenario::{self, Agents, Behaviour, Engine, NeighbourQuery, Scenario};
use super::steer::{flee, seek, steer_towards, truncate, wander, Controller, Trace, WanderParams};
use super::world::{integrate, World};
use glam::Vec2;
use serde_json::Value;

/// The fixed step: 1/60 s.
pub const DT: f32 = 1.0 / 60.0;
/// The same step in f64, for the clock's accumulator (`DT as f64` is not exactly 1/60).
pub const STEP_SECONDS: f64 = 1.0 / 60.0;
/// The longest frame the clock accepts (a tab that was hidden resumes without a jump).
pub const MAX_FRAME: f64 = 0.25;

/// Per-agent state beyond the kinematics.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Aux {
    pub wander_angle: f32,
    /// What the agent is doing this step (`TAG_*`), for tinting.
    pub tag: u8,
    /// Path following: the current waypoint index (`path_waypoints`).
    pub wp: u32,
    /// Path following: the direction along the path, +1 or −1 (0 counts as +1); ping-pong flips it.
    pub wp_dir: i8,
    /// Path tube: the segment the agent followed last step (breaks ties at shared vertices).
    pub seg: u32,
}

pub const TAG_NONE: u8 = 0;
pub const TAG_FLEEING: u8 = 1;
pub const TAG_AVOIDING: u8 = 2;
pub const TAG_FEEDING: u8 = 3;
/// Follower arriving at its behind point / slot; path follower arriving at the end.
pub const TAG_ARRIVING: u8 = 4;
/// Follower inside the forbidden zone ahead of the leader, evading.
pub const TAG_EVADING: u8 = 5;
/// Queue: somebody is in the front cone, the desired speed is scaled down.
pub const TAG_BRAKING: u8 = 6;
/// The follow-leader leader.
pub const TAG_LEADER: u8 = 7;
/// Path tube: the prediction left the tube, the agent seeks back.
pub const TAG_OUTSIDE: u8 = 8;

/// What the last step measured.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepStats {
    /// Distance checks made by the neighbour queries.
    pub checks: u64,
    /// Sum over agents of neighbours within perception.
    pub neighbours: u64,
}

pub struct Sim {
    pub scenario: Scenario,
    pub world: World,
    pub agents: Vec<Agent>,
    pub aux: Vec<Aux>,
    pub obstacles: Vec<(Vec2, f32)>,
    pub food: Vec<Vec2>,
    /// The pointer in world coordinates while it is over the canvas (the bandada "player").
    pub pointer: Option<Vec2>,
    /// The highlighted agent.
    pub selected: Option<usize>,
    pub time: f64,
    pub steps: u64,
    pub stats: StepStats,
    pub eaten: u64,
    /// Follow leader: the leader's heading and target, the formation slots.
    pub leader: LeaderState,
    /// Queue: throughput and overlaps.
    pub queue: QueueState,
    /// Path following: the live (editable) waypoints.
    pub path: PathState,
    acc: f64,
    rng: Rng,
    rules: FlockRules,
    grid: Grid,
    pos: Vec<Vec2>,
    forces: Vec<Vec2>,
    /// Neighbour grid of the follow-leader and queue behaviours (radius: `lqp_radius`).
    nb: Grid,
    /// The fast engine (`scenario.engine == "fast"`); `agents` mirrors its state after every step.
    fast: Option<Box<FastFlock>>,
    /// `agents` changed outside the fast engine: reload it before the next step.
    fast_dirty: bool,
    /// `agents` lags the fast engine (steps taken by [`Sim::advance_deferred`]): it is written back
    /// by [`Sim::sync_agents`], which every method here that reads or changes `agents` calls first.
    agents_behind: bool,
}

impl Sim {
    pub fn new(scenario: Scenario) -> Result<Sim, String> {
        scenario.validate()?;
        let world = world_of(&scenario);
        let mut sim = Sim {
            world,
            agents: Vec::new(),
            aux: Vec::new(),
            obstacles: Vec::new(),
            food: Vec::new(),
            pointer: None,
            selected: scenario.selected,
            time: 0.0,
            steps: 0,
            stats: StepStats::default(),
            eaten: 0,
            leader: LeaderState::default(),
            queue: QueueState::default(),
            path: PathState::default(),
            acc: 0.0,
            rng: seeded(scenario.seed),
            rules: FlockRules::default(),
            grid: Grid::new(),
            pos: Vec::new(),
            forces: Vec::new(),
            nb: Grid::new(),
            fast: None,
            fast_dirty: true,
            agents_behind: false,
            scenario,
        };
        sim.reset();
        Ok(sim)
    }

    /// Parse, validate and build in one go.
    pub fn from_json(text: &str) -> Result<Sim, String> {
        Sim::new(scenario::parse(text)?)
    }

    /// Back to the scenario's initial state with its seed.
    pub fn reset(&mut self) {
        self.agents_behind = false;
        self.rng = seeded(self.scenario.seed);
        self.world = world_of(&self.scenario);
        self.rules = rules_of(&self.scenario);
        self.agents.clear();
        self.aux.clear();
        let m = &self.scenario.motion;
        match &self.scenario.agents {
            Agents::List(list) => {
                for a in list {
                    // Hand-placed agents outside the world are brought inside like spawned ones: the
                    // grid and the nearest-image delta assume positions inside the world.
                    let mut agent = Agent::new(a.position.into(), a.velocity.into(), m.max_speed, m.max_force);
                    self.world.apply_edges(&mut agent);
                    self.agents.push(agent);
                }
            }
            Agents::Spawn(s) => {
                let n = s.count;
                self.spawn(n);
            }
        }
        self.aux.resize(self.agents.len(), Aux::default());
        for a in &mut self.aux {
            a.wander_angle = 0.0;
        }
        self.obstacles = self.scenario.obstacles.iter().map(|o| (Vec2::from(o.center), o.radius)).collect();
        self.food = self.scenario.food.iter().map(|&f| Vec2::from(f)).collect();
        self.selected = self.scenario.selected;
        self.time = 0.0;
        self.steps = 0;
        self.acc = 0.0;
        self.eaten = 0;
        self.leader.reset(&self.agents, leader::find(&self.scenario));
        self.queue.reset();
        self.path.reset(&self.scenario);
        self.fast_dirty = true;
        self.measure_flock();
    }

    /// What the first step's flocking query will measure, from the current positions, so that the
    /// readout is right before the first step (side-effect free for the trajectory).
    fn measure_flock(&mut self) {
        self.stats = StepStats::default();
        // (The fast engine's readout comes with its first step: a full grid query here would cost
        // a noticeable pause at 100 000 agents on every `set`.)
        if !self.rules.any() || self.scenario.engine == Engine::Fast {
            return;
        }
        self.pos.clear();
        self.pos.extend(self.agents.iter().map(|a| a.position));
        let r = self.rules.radius();
        let use_grid = self.scenario.neighbours == NeighbourQuery::Grid;
        if use_grid {
            self.grid.rebuild(&self.world, r, self.pos.iter().copied());
        }
        for i in 0..self.agents.len() {
            let mut sums = FlockSums::default();
            let (rules, agents) = (&self.rules, &self.agents);
            let visit = |j: usize, d: Vec2, d2: f32| sums.add(rules, d, d2, agents[j].velocity);
            let checks = if use_grid {
                self.grid.for_each_neighbour(&self.world, &self.pos, i, r, visit)
            } else {
                naive_for_each_neighbour(&self.world, &self.pos, i, r, visit)
            };
            self.stats.checks += checks as u64;
            self.stats.neighbours += sums.n_align.max(sums.n_coh).max(sums.n_sep) as u64;
        }
    }

    /// Add `n` agents in the spawn area with random headings (seeded).
    fn spawn(&mut self, n: usize) {
        let m = self.scenario.motion.clone();
        let (area, speed) = match &self.scenario.agents {
            Agents::Spawn(s) => (s.area, s.speed),
            Agents::List(_) => (None, None),
        };
        let [x0, y0, x1, y1] = area.unwrap_or([0.0, 0.0, self.world.width, self.world.height]);
        let speed = speed.unwrap_or(m.max_speed).min(m.max_speed);
        self.agents.reserve(n);
        for _ in 0..n {
            let p = Vec2::new(x0 + self.rng.f32() * (x1 - x0), y0 + self.rng.f32() * (y1 - y0));
            let ang = self.rng.f32() * core::f32::consts::TAU;
            let v = Vec2::new(libm::cosf(ang), libm::sinf(ang)) * speed;
            let mut a = Agent::new(p, v, m.max_speed, m.max_force);
            self.world.apply_edges(&mut a);
            self.agents.push(a);
        }
        self.aux.resize(self.agents.len(), Aux::default());
    }

    pub fn rules(&self) -> &FlockRules {
        &self.rules
    }

    /// Feed real elapsed time; runs the whole fixed steps it covers. Returns the steps taken.
    pub fn advance(&mut self, frame_seconds: f64) -> u32 {
        let n = self.advance_deferred(frame_seconds);
        self.sync_agents();
        n
    }

    /// [`Sim::advance`] for a frame loop: with the fast engine, `agents` is not written back after
    /// each step (a scattered copy of every agent, ~10 % of a 100 000-boid step in Chromium) but
    /// when something needs it: [`Sim::sync_agents`], which this type's own methods call first.
    /// Readers of `sim.agents` from outside (the renderer's overlays, `state_json`, `metrics`) must
    /// call it themselves; [`Sim::fast_slices`] is always current.
    pub fn advance_deferred(&mut self, frame_seconds: f64) -> u32 {
        let f = if frame_seconds.is_finite() { frame_seconds.clamp(0.0, MAX_FRAME) } else { 0.0 };
        self.acc += f;
        let dt = STEP_SECONDS;
        let mut n = 0;
        // A tiny tolerance so that e.g. 144 frames of 1/144 s make exactly 60 steps.
        while self.acc + 1e-9 >= dt {
            self.acc -= dt;
            if self.scenario.engine == Engine::Fast {
                self.step_fast(false);
            } else {
                self.step();
            }
            n += 1;
        }
        if self.acc < 0.0 {
            self.acc = 0.0;
        }
        n
    }

    /// One fixed step: all forces from one snapshot, then move everyone.
    pub fn step(&mut self) {
        if self.scenario.engine == Engine::Fast {
            self.step_fast(true);
            return;
        }
        let n = self.agents.len();
        self.pos.clear();
        self.pos.extend(self.agents.iter().map(|a| a.position));
        let use_grid = self.scenario.neighbours == NeighbourQuery::Grid;
        if self.rules.any() && use_grid {
            self.grid.rebuild(&self.world, self.rules.radius(), self.pos.iter().copied());
        }
        self.forces.clear();
        self.forces.resize(n, Vec2::ZERO);
        let use_nb = self.lqp_pre_forces();
        let mut stats = StepStats::default();
        {
            let ctx = Ctx {
                sc: &self.scenario,
                world: &self.world,
                agents: &self.agents,
                pos: &self.pos,
                grid: if use_grid { Some(&self.grid) } else { None },
                rules: &self.rules,
                pointer: self.pointer,
                obstacles: &self.obstacles,
                food: &self.food,
                nb: if use_nb { Some(&self.nb) } else { None },
                leader: &self.leader,
                path: &self.path.waypoints,
            };
            for i in 0..n {
                let mut ctl = Controller::new(None);
                let (checks, neigh) = ctx.force(i, &mut self.aux[i], &mut self.rng, &mut ctl);
                stats.checks += checks as u64;
                stats.neighbours += neigh as u64;
                self.forces[i] = ctl.result(self.agents[i].max_force);
            }
        }
        if let Some(q) = queue::find(&self.scenario) {
            let nb = if use_nb { Some(&self.nb) } else { None };
            self.queue.record_overlaps(queue::count_overlaps(&self.world, &self.pos, nb, q.body_radius));
        }
        let min_speed = self.scenario.motion.min_speed;
        for (a, f) in self.agents.iter_mut().zip(&self.forces) {
            integrate(a, *f, DT, min_speed);
            self.world.apply_edges(a);
        }
        self.post_move();
        self.lqp_post_move();
        self.stats = stats;
        self.time = (self.steps + 1) as f64 * STEP_SECONDS;
        self.steps += 1;
    }

    /// Before the force pass (steering-iv behaviours): the neighbour grid for follow-leader and queue
    /// on this step's snapshot, and the formation slots. Returns whether the grid was built.
    fn lqp_pre_forces(&mut self) -> bool {
        let r = lqp_radius(&self.scenario);
        let built = r > 0.0;
        if built {
            self.nb.rebuild(&self.world, r, self.pos.iter().copied());
        }
        if let Some(fl) = leader::find(&self.scenario) {
            self.leader.pre_step(&self.world, &self.agents, fl);
        }
        built
    }

    /// After the move (steering-iv behaviours): the leader's last valid heading and rest timer; queue
    /// agents at the goal reappear at the left.
    fn lqp_post_move(&mut self) {
        if let Some(fl) = leader::find(&self.scenario) {
            self.leader.post_move(&self.agents, fl, DT);
        }
        if let Some(q) = queue::find(&self.scenario) {
            let now = self.time + DT as f64;
            self.queue.respawn(&self.world, &mut self.agents, q, &mut self.rng, now);
        }
    }

    fn post_move(&mut self) {
        if self.food.is_empty() {
            return;
        }
        let eat = self.scenario.behaviours.iter().find_map(|b| match b {
            Behaviour::SeekFood(s) if s.enabled => Some(s.eat_radius),
            _ => None,
        });
        if let Some(r) = eat {
            let world = self.world;
            let agents = &self.agents;
            let before = self.food.len();
            self.food.retain(|&f| !agents.iter().any(|a| world.distance_squared(a.position, f) < r * r));
            self.eaten += (before - self.food.len()) as u64;
        }
    }

    /// Recompute agent `i`'s force from the current state and record each contribution.
    pub fn trace(&self, i: usize, trace: &mut Trace) -> Vec2 {
        let mut pos = Vec::with_capacity(self.agents.len());
        pos.extend(self.agents.iter().map(|a| a.position));
        let mut grid = Grid::new();
        let use_grid = self.scenario.neighbours == NeighbourQuery::Grid;
        if use_grid && self.rules.any() {
            grid.rebuild(&self.world, self.rules.radius(), pos.iter().copied());
        }
        let r = lqp_radius(&self.scenario);
        let mut nb = Grid::new();
        if r > 0.0 {
            nb.rebuild(&self.world, r, pos.iter().copied());
        }
        let ctx = Ctx {
            sc: &self.scenario,
            world: &self.world,
            agents: &self.agents,
            pos: &pos,
            grid: if use_grid { Some(&grid) } else { None },
            rules: &self.rules,
            pointer: self.pointer,
            obstacles: &self.obstacles,
            food: &self.food,
            nb: if r > 0.0 { Some(&nb) } else { None },
            leader: &self.leader,
            path: &self.path.waypoints,
        };
        // A throwaway RNG and aux copy: tracing must not disturb the trajectory.
        let mut rng = self.rng.clone();
        let mut aux = self.aux[i];
        let mut ctl = Controller::new(Some(trace));
        ctx.force(i, &mut aux, &mut rng, &mut ctl);
        ctl.result(self.agents[i].max_force)
    }

    /// The spatial-hash query of agent `i` against the current positions.
    pub fn query_report(&self, i: usize, grid: &mut Grid, pos: &mut Vec<Vec2>, out: &mut QueryReport) {
        pos.clear();
        pos.extend(self.agents.iter().map(|a| a.position));
        let r = self.perception();
        grid.rebuild(&self.world, r, pos.iter().copied());
        grid.report(&self.world, pos, i, r, out);
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

    /// Set any scenario parameter by path (`"separation.weight"`, `"perception"`,
    /// `"motion.max_speed"`, `"agents.count"`, `"world.edges"`, `"behaviours[1].weight"` …). The new
    /// scenario is validated like a parsed one; on error nothing changes.
    pub fn set(&mut self, path: &str, value: Value) -> Result<(), String> {
        self.sync_agents();
        let value = match value {
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(f64::NAN);
                if !x.is_finite() {
                    return Err(format!("{path}: must be a finite number"));
                }
                // Numbers from JS are all f64: a whole number must still fit integer fields (counts).
                if n.is_f64() && x == x.trunc() && x.abs() < 9.0e15 {
                    Value::from(x as i64)
                } else {
                    Value::Number(n)
                }
            }
            v => v,
        };
        let mut doc = self.scenario_value()?;
        let pointers = resolve(&doc, path)?;
        for p in &pointers {
            if let Some(slot) = doc.pointer_mut(p) {
                *slot = value.clone();
            }
        }
        let next = scenario::from_value(doc).map_err(|e| {
            if e.starts_with(&format!("{path}: ")) {
                e
            } else {
                scenario::clip(format!("{path}: {e}"))
            }
        })?;
        self.apply(next);
        Ok(())
    }

    /// The current value of a parameter path (what `set` would change; the first match).
    pub fn get_value(&self, path: &str) -> Result<Value, String> {
        let doc = self.scenario_value()?;
        let pointers = resolve(&doc, path)?;
        pointers.first().and_then(|p| doc.pointer(p)).cloned().ok_or_else(|| format!("{path}: unknown parameter"))
    }

    /// The scenario as a JSON value, through its text: the scenario is serialised one way only
    /// (to text, as `state_json` shows it; a second serialiser into `Value` cost the wasm module
    /// ~4 KB gzipped), and f32 fields keep their short form (3.2, not 3.200000047683716).
    /// The text is read back through the same path-tracking reader as `scenario::parse` (which
    /// already reads `Value`s: a behaviour's keys): a plain `serde_json::from_str` compiled a second
    /// JSON-to-`Value` reader into the wasm module (1.0 KB gzipped).
    fn scenario_value(&self) -> Result<Value, String> {
        let text = serde_json::to_string(&self.scenario).map_err(|e| e.to_string())?;
        scenario::read_text(&text)
    }

    /// Polarisation and last step's distance checks: cheap enough for every frame.
    pub fn metrics_light(&self) -> (f32, u64) {
        let mut sum = Vec2::ZERO;
        let mut moving = 0;
        for a in &self.agents {
            let s = a.velocity.length();
            if s > 1e-6 {
                sum += a.velocity / s;
                moving += 1;
            }
        }
        let pol = if moving > 0 { (sum / moving as f32).length() } else { 0.0 };
        (pol, self.stats.checks)
    }

    /// Set a numeric parameter (the slider route); NaN and infinities are refused with a message.
    pub fn set_number(&mut self, path: &str, value: f64) -> Result<(), String> {
        if !value.is_finite() {
            return Err(format!("{path}: must be a finite number, got {value}"));
        }
        self.set(path, Value::from(value))
    }

    /// Take a new, validated scenario while keeping the running state where it still makes sense.
    fn apply(&mut self, next: Scenario) {
        let old = std::mem::replace(&mut self.scenario, next);
        self.fast_dirty = true;
        let sc = &self.scenario;
        if old.seed != sc.seed || matches!(sc.agents, Agents::List(_)) && old.agents != sc.agents {
            self.reset();
            return;
        }
        self.world = world_of(sc);
        self.rules = rules_of(sc);
        let m = sc.motion.clone();
        for a in &mut self.agents {
            a.max_speed = m.max_speed;
            a.max_force = m.max_force;
            // A lowered max_speed holds at once, not only after the next step.
            a.velocity = truncate(a.velocity, m.max_speed);
            self.world.apply_edges(a);
        }
        let want = sc.agents.count();
        if want < self.agents.len() {
            self.agents.truncate(want);
            self.aux.truncate(want);
        } else if want > self.agents.len() {
            self.spawn(want - self.agents.len());
        }
        if old.selected != self.scenario.selected {
            // `set("selected", i)` picks that agent now, not at the next reset.
            self.selected = self.scenario.selected;
        }
        if self.selected.is_some_and(|s| s >= self.agents.len()) {
            self.selected = None;
        }
        self.measure_flock();
    }

    /// The fast engine's step (`scenario.engine == "fast"`): the same rules and integration as the
    /// grid path, summed in cell order; `agents` is written back afterwards.
    fn step_fast(&mut self, write_back: bool) {
        let params = FastParams {
            rules: self.rules,
            max_speed: self.scenario.motion.max_speed,
            max_force: self.scenario.motion.max_force,
            min_speed: self.scenario.motion.min_speed,
            dt: DT,
        };
        let fast = self.fast.get_or_insert_with(Default::default);
        if self.fast_dirty {
            fast.load(&self.world, params, &self.agents);
            self.fast_dirty = false;
        }
        fast.step();
        if write_back {
            fast.store(&mut self.agents);
        }
        self.agents_behind = !write_back;
        self.stats = StepStats { checks: fast.stats.checks, neighbours: fast.stats.neighbours };
        self.time = (self.steps + 1) as f64 * STEP_SECONDS;
        self.steps += 1;
    }

    /// Give back the memory the simulation holds — agents, neighbour grids, the fast engine, scratch
    /// buffers — for a viewer that is destroyed while its JS handle still waits for the garbage
    /// collector (wasm memory never shrinks, and a 100 000-boid viewer holds megabytes). The
    /// simulation is left with no agents; it stays safe to call, and `reset()` rebuilds it.
    pub fn release(&mut self) {
        self.agents_behind = false;
        self.agents = Vec::new();
        self.aux = Vec::new();
        self.obstacles = Vec::new();
        self.food = Vec::new();
        self.pos = Vec::new();
        self.forces = Vec::new();
        self.grid = Grid::new();
        self.nb = Grid::new();
        self.fast = None;
        self.fast_dirty = true;
        self.leader = LeaderState::default();
        self.queue = QueueState::default();
        self.path = PathState::default();
        self.selected = None;
        self.pointer = None;
    }

    /// Call after changing `agents` directly while the fast engine runs (it keeps its own sorted
    /// copy and reloads it before the next step). `reset`, `set` and friends do this themselves.
    pub fn agents_changed(&mut self) {
        self.fast_dirty = true;
    }

    /// Write the fast engine's state back into `agents` if [`Sim::advance_deferred`] left it behind
    /// (a no-op otherwise).
    pub fn sync_agents(&mut self) {
        if !std::mem::take(&mut self.agents_behind) {
            return;
        }
        if let Some(f) = self.fast.as_deref() {
            f.store(&mut self.agents);
        }
    }

    /// Whether `agents` lags the fast engine (see [`Sim::advance_deferred`]).
    pub fn agents_behind(&self) -> bool {
        self.agents_behind
    }

    /// The fast engine's positions and headings in its cell order, when it runs and `agents` is a
    /// copy of its state (after a step, before anything changed `agents`): for drawing in memory
    /// order = spatial order, which keeps a frame's pixel writes close together.
    #[allow(clippy::type_complexity)]
    pub fn fast_slices(&self) -> Option<((&[f32], &[f32]), (&[f32], &[f32]))> {
        let fast = self.fast.as_deref().filter(|f| !self.fast_dirty && f.len() == self.agents.len())?;
        Some((fast.positions(), fast.headings()))
    }

    /// True when the shell should draw the agents as a pixel buffer ([`super::raster::Raster`])
    /// instead of one draw-list shape each (the renderer then leaves them out of the list).
    pub fn raster_agents(&self) -> bool {
        self.scenario.engine == Engine::Fast
    }

    /// A new seed: re-spawn from it.
    pub fn reseed(&mut self, seed: u64) {
        self.scenario.seed = seed;
        self.reset();
    }

    pub fn add_obstacle(&mut self, c: Vec2, r: f32) {
        if self.obstacles.len() < scenario::MAX_LIST && c.is_finite() && r.is_finite() && r > 0.0 {
            self.obstacles.push((c, r));
        }
    }

    pub fn add_food(&mut self, p: Vec2) {
        if self.food.len() < scenario::MAX_LIST && p.is_finite() {
            self.food.push(p);
        }
    }

    /// The agent nearest to `p` within `max_dist`, if any.
    pub fn agent_at(&self, p: Vec2, max_dist: f32) -> Option<usize> {
        let mut best = None;
        let mut best_d2 = max_dist * max_dist;
        for (i, a) in self.agents.iter().enumerate() {
            let d2 = self.world.distance_squared(a.position, p);
            if d2 <= best_d2 {
                best_d2 = d2;
                best = Some(i);
            }
        }
        best
    }
}

fn world_of(sc: &Scenario) -> World {
    let mut w = World::new(sc.world.width, sc.world.height, sc.world.edges);
    w.margin = sc.world.margin;
    w
}

/// The neighbour radius the follow-leader and queue behaviours need (0: neither is present).
fn lqp_radius(sc: &Scenario) -> f32 {
    let mut r: f32 = 0.0;
    for b in &sc.behaviours {
        match b {
            Behaviour::FollowLeader(f) => r = r.max(f.sep_radius),
            Behaviour::Queue(q) => r = r.max(q.query_radius()),
            _ => {}
        }
    }
    r
}

fn rules_of(sc: &Scenario) -> FlockRules {
    let mut r = FlockRules::default();
    for b in &sc.behaviours {
        match b {
            Behaviour::Separation(s) if r.separation.is_none() => r.separation = Some((s.weight, s.sep_dist)),
            Behaviour::Alignment(s) if r.alignment.is_none() => r.alignment = Some((s.weight, s.perception)),
            Behaviour::Cohesion(s) if r.cohesion.is_none() => r.cohesion = Some((s.weight, s.perception)),
            _ => {}
        }
    }
    r
}

/// JSON pointers that a parameter path names.
fn resolve(doc: &Value, path: &str) -> Result<Vec<String>, String> {
    let unknown = || format!("{path}: unknown parameter");
    if path.is_empty() || path.len() > 200 {
        return Err("set: the parameter path must be 1 to 200 characters".into());
    }
    let behaviours = doc.get("behaviours").and_then(Value::as_array).cloned().unwrap_or_default();
    // behaviours[i].field
    if let Some(rest) = path.strip_prefix("behaviours[") {
        // Char patterns only: a `&str` pattern links core's two-way string searcher.
        let (idx, field) = rest.split_once(']').ok_or_else(unknown)?;
        let field = field.strip_prefix('.').ok_or_else(unknown)?;
        let i: usize = idx.parse().map_err(|_| unknown())?;
        let b = behaviours.get(i).ok_or_else(|| format!("{path}: there is no behaviour {i}"))?;
        if field == "type" || b.get(field).is_none() {
            return Err(unknown());
        }
        return Ok(vec![format!("/behaviours/{i}/{field}")]);
    }
    let segs: Vec<&str> = path.split('.').collect();
    // <behaviour kind>.field, for every behaviour of that kind
    if segs.len() == 2 {
        let hits: Vec<String> = behaviours
            .iter()
            .enumerate()
            .filter(|(_, b)| b.get("type").and_then(Value::as_str) == Some(segs[0]))
            .filter(|(_, b)| segs[1] != "type" && b.get(segs[1]).is_some())
            .map(|(i, _)| format!("/behaviours/{i}/{}", segs[1]))
            .collect();
        if !hits.is_empty() {
            return Ok(hits);
        }
    }
    // A bare field name shared by behaviours, e.g. "perception" or "sep_dist".
    if segs.len() == 1 && doc.get(path).is_none() {
        let hits: Vec<String> = behaviours
            .iter()
            .enumerate()
            .filter(|(_, b)| path != "type" && b.get(path).is_some())
            .map(|(i, _)| format!("/behaviours/{i}/{path}"))
            .collect();
        if !hits.is_empty() {
            return Ok(hits);
        }
        return Err(unknown());
    }
    // A top-level path: "motion.max_speed", "world.edges", "agents.count", "seed".
    const SETTABLE: &[&str] = &[
        "seed",
        "motion",
        "world",
        "agents",
        "neighbours",
        "agent_size",
        "hud",
        "selected",
        "click",
        "path",
        "engine",
    ];
    if !SETTABLE.contains(&segs[0]) {
        return Err(unknown());
    }
    let mut ptr = String::new();
    let mut cur = doc;
    for s in &segs {
        cur = cur.get(*s).ok_or_else(unknown)?;
        ptr.push('/');
        ptr.push_str(s);
    }
    if cur.is_object() || cur.is_array() {
        return Err(format!("{path}: names a group, not a parameter"));
    }
    Ok(vec![ptr])
}

/// Everything a force computation reads (the snapshot of the two-phase update).
struct Ctx<'a> {
    sc: &'a Scenario,
    world: &'a World,
    agents: &'a [Agent],
    pos: &'a [Vec2],
    grid: Option<&'a Grid>,
    rules: &'a FlockRules,
    pointer: Option<Vec2>,
    obstacles: &'a [(Vec2, f32)],
    food: &'a [Vec2],
    /// Neighbour grid of follow-leader / queue on `pos` (`None`: naive scans).
    nb: Option<&'a Grid>,
    leader: &'a LeaderState,
    /// The live path.
    path: &'a [Vec2],
}

impl Ctx<'_> {
    /// Agent `i`'s steering into `ctl`. Returns (distance checks, neighbours within perception).
    fn force(&self, i: usize, aux: &mut Aux, rng: &mut Rng, ctl: &mut Controller) -> (u32, u32) {
        let a = &self.agents[i];
        let mut checks = 0;
        let mut neighbours = 0;
        aux.tag = TAG_NONE;
        if self.rules.any() {
            let mut sums = FlockSums::default();
            let rules = self.rules;
            let agents = self.agents;
            let r = rules.radius();
            let mut visit = |j: usize, d: Vec2, d2: f32| sums.add(rules, d, d2, agents[j].velocity);
            checks = match self.grid {
                Some(g) => g.for_each_neighbour(self.world, self.pos, i, r, &mut visit),
                None => naive_for_each_neighbour(self.world, self.pos, i, r, &mut visit),
            };
            neighbours = sums.n_align.max(sums.n_coh).max(sums.n_sep);
            sums.apply(rules, a, ctl);
        }
        for b in &self.sc.behaviours {
            match b {
                Behaviour::Wander(w) => {
                    let p = WanderParams { radius: w.radius, distance: w.distance, jitter: w.jitter };
                    let (f, _) = wander(a, &mut aux.wander_angle, &p, rng);
                    ctl.add("wander", w.weight, f);
                }
                Behaviour::FleePointer(fp) if fp.enabled => {
                    if let Some(p) = self.pointer {
                        let d2 = self.world.distance_squared(a.position, p);
                        if d2 < fp.radius * fp.radius {
                            let threat = a.position + self.world.delta(a.position, p);
                            ctl.add("flee", fp.weight, flee(a, threat));
                            aux.tag = TAG_FLEEING;
                        }
                    }
                }
                Behaviour::AvoidObstacles(ao) if ao.enabled => {
                    // Steer away from the nearest obstacle whose (radius + look_ahead) we are inside.
                    let mut best: Option<(f32, Vec2)> = None;
                    for &(c, r) in self.obstacles {
                        let d = self.world.delta(c, a.position);
                        let dist = d.length();
                        let reach = r + ao.look_ahead;
                        if dist < reach {
                            let urgency = 1.0 - (dist - r).max(0.0) / ao.look_ahead.max(1e-3);
                            if best.is_none_or(|(u, _)| urgency > u) {
                                best = Some((urgency, d));
                            }
                        }
                    }
                    if let Some((urgency, away)) = best {
                        ctl.add("avoid", ao.weight * urgency.clamp(0.0, 1.0), steer_towards(away, a));
                        aux.tag = TAG_AVOIDING;
                    }
                }
                Behaviour::SeekFood(sf) if sf.enabled => {
                    let mut best: Option<(f32, Vec2)> = None;
                    for &f in self.food {
                        let d2 = self.world.distance_squared(a.position, f);
                        if d2 < sf.radius * sf.radius && best.is_none_or(|(b, _)| d2 < b) {
                            best = Some((d2, f));
                        }
                    }
                    if let Some((_, f)) = best {
                        let target = a.position + self.world.delta(a.position, f);
                        ctl.add("food", sf.weight, seek(a, target));
                        if aux.tag == TAG_NONE {
                            aux.tag = TAG_FEEDING;
                        }
                    }
                }
                Behaviour::FollowLeader(fl) if fl.leader < self.agents.len() => {
                    if i == fl.leader {
                        leader::leader_force(self.world, a, self.leader, fl, &mut aux.wander_angle, rng, ctl);
                        aux.tag = TAG_LEADER;
                    } else {
                        let s =
                            leader::follower_force(self.world, self.agents, self.pos, self.nb, self.leader, fl, i, ctl);
                        aux.tag = match s {
                            FollowerState::Evading => TAG_EVADING,
                            FollowerState::Arriving => TAG_ARRIVING,
                        };
                    }
                }
                Behaviour::Queue(q) => {
                    let brake = queue::queue_force(self.world, self.agents, self.pos, self.nb, q, i, ctl);
                    if brake < 1.0 {
                        aux.tag = TAG_BRAKING;
                    }
                }
                Behaviour::PathWaypoints(pw) => {
                    let f = path::waypoints_force(a, aux, self.path, path::mode_of(self.sc), pw, ctl);
                    if f == Follow::Arriving {
                        aux.tag = TAG_ARRIVING;
                    }
                }
                Behaviour::PathTube(pt) => match path::tube_force(a, aux, self.path, path::mode_of(self.sc), pt, ctl) {
                    Follow::Correcting => aux.tag = TAG_OUTSIDE,
                    Follow::Arriving => aux.tag = TAG_ARRIVING,
                    _ => {}
                },
                _ => {}
            }
        }
        let edge = self.world.edge_force(a);
        if edge != Vec2::ZERO {
            ctl.add("edges", 2.0, edge);
        }
        (checks, neighbours)
    }
}

/// Live measures of the flock, as `state().metrics` reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    pub checks: u64,
    pub naive_checks: u64,
    pub mean_neighbours: f32,
    /// |mean of unit velocities|: 1 when everyone moves in parallel.
    pub polarisation: f32,
    /// Mean distance to the nearest other agent (exact; `None` with fewer than 2 agents).
    pub mean_nearest: Option<f32>,
    /// Mean distance to the local centroid (neighbours within perception), over agents with neighbours.
    pub mean_centroid_distance: Option<f32>,
}

impl Sim {
    pub fn metrics(&self) -> Metrics {
        let n = self.agents.len();
        let mut sum = Vec2::ZERO;
        let mut moving = 0;
        for a in &self.agents {
            let s = a.velocity.length();
            if s > 1e-6 {
                sum += a.velocity / s;
                moving += 1;
            }
        }
        let polarisation = if moving > 0 { (sum / moving as f32).length() } else { 0.0 };
        let (mean_nearest, mean_centroid_distance) = self.spacing();
        Metrics {
            checks: self.stats.checks,
            naive_checks: (n as u64) * (n.saturating_sub(1) as u64),
            mean_neighbours: if n > 0 { self.stats.neighbours as f32 / n as f32 } else { 0.0 },
            polarisation,
            mean_nearest,
            mean_centroid_distance,
        }
    }

    /// Exact mean nearest-neighbour distance and mean distance to the local centroid, computed with a
    /// grid whose rings grow until the nearest agent is certainly found.
    fn spacing(&self) -> (Option<f32>, Option<f32>) {
        let n = self.agents.len();
        if n < 2 {
            return (None, None);
        }
        let pos: Vec<Vec2> = self.agents.iter().map(|a| a.position).collect();
        let r = self.perception();
        let mut grid = Grid::new();
        grid.rebuild(&self.world, r, pos.iter().copied());
        let mut nearest_sum = 0.0f64;
        let mut cen_sum = 0.0f64;
        let mut cen_n = 0usize;
        for i in 0..n {
            let mut best = f32::INFINITY;
            let mut c = Vec2::ZERO;
            let mut k = 0u32;
            grid.for_each_neighbour(&self.world, &pos, i, r, |_, d, d2| {
                best = best.min(d2);
                c += d;
                k += 1;
            });
            if k > 0 {
                cen_sum += (c / k as f32).length() as f64;
                cen_n += 1;
            }
            if !best.is_finite() {
                // Nobody within perception: search rings of cells outward (a full scan per isolated
                // agent made `state()` O(n²) on sparse flocks: 4·10¹⁰ checks for 200 000 agents).
                best = grid.nearest(&self.world, &pos, i).0.unwrap_or(f32::INFINITY);
            }
            nearest_sum += (best.sqrt()) as f64;
        }
        let cen = if cen_n > 0 { Some((cen_sum / cen_n as f64) as f32) } else { None };
        (Some((nearest_sum / n as f64) as f32), cen)
    }

    /// `state()` as JSON: time, steps, agents, metrics (and what the scenario adds). Numbers that
    /// are f32 in the core appear with their shortest decimal form (a weight of 3.2 reads 3.2, not
    /// 3.200000047683716), identically natively and in wasm.
    pub fn state_json(&self) -> Value {
        let m = self.metrics();
        let p = vec2v;
        let agents: Vec<Value> =
            self.agents.iter().map(|a| obj(vec![("position", p(a.position)), ("velocity", p(a.velocity))])).collect();
        let opt = |x: Option<f32>| x.map_or(Value::Null, f32v);
        let mut metrics = obj(vec![
            ("checks", m.checks.into()),
            ("naive_checks", m.naive_checks.into()),
            ("mean_neighbours", f32v(m.mean_neighbours)),
            ("polarisation", f32v(m.polarisation)),
            ("mean_nearest", opt(m.mean_nearest)),
            ("mean_centroid_distance", opt(m.mean_centroid_distance)),
        ]);
        if !self.food.is_empty() || self.eaten > 0 {
            metrics["food_eaten"] = self.eaten.into();
        }
        // Through text, so that the scenario's f32 fields keep their short form.
        let scenario = self.scenario_value().unwrap_or(Value::Null);
        let mut state = obj(vec![
            ("time", self.time.into()),
            ("steps", self.steps.into()),
            ("seed", self.scenario.seed.into()),
            ("selected", self.selected.into()),
            ("agents", agents.into()),
            (
                "obstacles",
                self.obstacles.iter().map(|&(c, r)| obj(vec![("center", p(c)), ("radius", f32v(r))])).collect(),
            ),
            ("food", self.food.iter().map(|&f| p(f)).collect()),
            ("metrics", metrics),
            ("scenario", scenario),
        ]);
        self.leader_state_json(&mut state);
        self.queue_state_json(&mut state);
        self.path_state_json(&mut state);
        state
    }
}

/// A JSON object from its entries. (`json!({…})` with computed values went through
/// `serde_json::to_value`: a second serialiser, into `Value`, in the wasm module.)
pub(crate) fn obj(entries: Vec<(&str, Value)>) -> Value {
    // Inserted one by one: collecting into the map sorts the entries first (a stable sort in the
    // wasm module for this alone).
    let mut m = serde_json::Map::new();
    for (k, v) in entries {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

/// `[x, y]` in the shortest decimal form.
pub(crate) fn vec2v(v: Vec2) -> Value {
    Value::Array(vec![f32v(v.x), f32v(v.y)])
}

/// An f32 as a JSON number with its shortest round-trip decimal form.
pub fn f32v(x: f32) -> Value {
    if !x.is_finite() {
        return Value::Null;
    }
    // serde_json writes an f32 as the shortest decimal that reads back as the same f32, and reads
    // that text back as a JSON number itself: no second float printer or parser (core's `{}` and
    // `str::parse::<f64>`, ~5 KB gzipped with their tables) in the wasm module.
    serde_json::to_string(&x).ok().and_then(|t| t.parse::<serde_json::Number>().ok()).map_or(Value::Null, Value::Number)
}

/// Pointer input in world coordinates, as the shell forwards it (mouse and touch alike).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pointer {
    Down(Vec2),
    Move(Vec2),
    Up(Vec2),
    /// The pointer left the canvas.
    Leave,
    DoubleClick(Vec2),
}

/// Distance within which a click picks an agent or a handle, world units.
pub const PICK_RADIUS: f32 = 14.0;

impl Sim {
    /// Handle pointer input according to the scenario's `interaction`. Returns true if the state
    /// changed in a way worth redrawing while paused.
    pub fn pointer_event(&mut self, ev: Pointer, dragging: bool) -> bool {
        self.sync_agents();
        use super::scenario::Interaction;
        // A NaN or infinite point (a bad conversion upstream) is ignored: stored as the pointer it
        // was drawn as a circle at infinity.
        if let Pointer::Down(p) | Pointer::Move(p) | Pointer::Up(p) | Pointer::DoubleClick(p) = ev {
            if !p.is_finite() {
                return false;
            }
        }
        match (self.scenario.interaction, ev) {
            (_, Pointer::Leave) => {
                self.pointer = None;
                true
            }
            (Interaction::Select, Pointer::Down(p)) => {
                self.selected = self.agent_at(p, PICK_RADIUS);
                true
            }
            (Interaction::ChooseSelf, Pointer::Down(p)) => {
                if let Some(i) = self.agent_at(p, f32::INFINITY) {
                    self.selected = Some(i);
                }
                true
            }
            (Interaction::ChooseSelf, Pointer::Move(p)) if dragging => {
                if let Some(i) = self.agent_at(p, f32::INFINITY) {
                    self.selected = Some(i);
                }
                true
            }
            (Interaction::Playground, Pointer::Move(p)) => {
                self.pointer = Some(p);
                false
            }
            (Interaction::Playground, Pointer::Down(p)) => {
                self.pointer = Some(p);
                match self.scenario.click {
                    super::scenario::ClickAction::Food => self.add_food(p),
                    super::scenario::ClickAction::Obstacle => self.add_obstacle(p, 18.0),
                }
                true
            }
            (Interaction::Waypoints, ev) => self.waypoints_pointer(ev, dragging),
            (Interaction::Leader, Pointer::Down(p)) => {
                self.leader.set_target(p);
                true
            }
            (Interaction::Leader, Pointer::Move(p)) if dragging => {
                self.leader.set_target(p);
                true
            }
            _ => false,
        }
    }

    /// The Delete key: remove what is selected, if the scenario has removable things (a waypoint).
    pub fn delete_selected(&mut self) -> bool {
        self.sync_agents();
        if self.scenario.interaction == super::scenario::Interaction::Waypoints {
            if let Some(k) = self.path.selected {
                return self.remove_waypoint(k);
            }
        }
        false
    }
}

// `Sim::add_waypoint` lives in `path.rs` with the other path-editing methods.
