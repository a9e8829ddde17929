//! History: rewind and scrub. A viewer's [`History`] keeps the inputs that changed its simulation
//! (the log: each [`Input`] with the step it came at) and periodic [`Snapshot`]s, so that
//! [`History::seek`] can go to any step it has seen, backwards or forwards, and land on the state
//! the simulation had there, bit for bit: restore the nearest snapshot at or before the step, then
//! step and replay the log up to it. The core is deterministic, so that is the same state as
//! `reset()` and replaying the whole log.
//!
//! The timeline. An input logged at step `k` was applied while the simulation stood at step `k`
//! (after the step from `k − 1`); "the state at step `k`" is the state after every input logged at
//! `k`. A snapshot of step `k` is taken right after the step that reached `k`, before its inputs.
//! Stepping forward from a step before the newest replays the logged inputs at their steps (the
//! recorded future); acting there (an input that changes something) discards that future, like an
//! editor's undo. An input that restarts the simulation (reset, a new seed, a `set` of the seed or
//! of a list of agents) starts a new history at step 0: its *base* is the scenario it restarted
//! with.
//!
//! Memory. Snapshots are taken every `every` steps (30 at first) and counted in bytes; over the
//! budget (16 MiB), the history thins out (every other snapshot goes and `every` doubles) as long
//! as replaying `every` steps stays within [`MAX_REPLAY`] agent-steps (a seek then costs at most
//! that), and past that the oldest snapshots go (the history then starts later than step 0:
//! [`History::start`]). A default scenario (~100 agents) holds hours before it thins; the stress
//! scenario, 20 000 boids at ~560 KB a snapshot, keeps its last ~28 snapshots.

use super::agent::Agent;
use super::behaviours::State;
use super::draw::Style;
use super::engine::{rules_of, world_of, Sim, StepStats};
use super::fast::FastParams;
use super::input::{Input, Outcome};
use super::param_path::Params;
use super::rng::Rng;
use super::scenario::{self, Scenario};
use super::scene::Scene;
use super::series::Series;
use glam::Vec2;
use std::rc::Rc;

/// Snapshot memory per history, bytes.
pub const BUDGET: usize = 16 << 20;
/// Snapshot interval at first, steps.
pub const FIRST_EVERY: u64 = 30;
/// The most agent-steps a seek replays (the snapshot interval times the agents never exceeds it
/// once the history thins; the standard engine's agent-steps count [`STANDARD_COST`] each).
/// Measured in Chromium: see the README's "Rewind and scrub".
pub const MAX_REPLAY: u64 = 500_000;
/// What an agent-step of the standard engine costs against one of the fast engine's.
pub const STANDARD_COST: u64 = 8;

/// Everything `Sim` needs to resume bit-identically from a step (see [`Sim::snapshot`]).
#[derive(Clone)]
pub struct Snapshot {
    /// The scenario as JSON text (shared by the snapshots of the same parameters; text, not a
    /// copy of `Scenario`, whose clone cost the wasm module more than reading the text back).
    scenario: Rc<str>,
    /// The agents (empty when `fast` holds them).
    agents: Vec<Agent>,
    /// The fast engine's arrays in its slot order ([`super::fast::FastFlock::slots`]) when it
    /// holds the current state: its cell order is part of the trajectory.
    fast: Vec<u32>,
    tints: Vec<Option<Style>>,
    states: Vec<State>,
    scene: Scene,
    pointer: Option<Vec2>,
    selected: Option<usize>,
    time: f64,
    steps: u64,
    stats: StepStats,
    rng: Rng,
    forces: Vec<Vec2>,
}

impl Snapshot {
    /// The step it was taken at.
    pub fn step(&self) -> u64 {
        self.steps
    }

    /// Its size in bytes (an estimate: the arrays it holds, not the allocator's overhead).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let states: usize = self.states.iter().map(State::bytes).sum();
        size_of::<Snapshot>()
            + self.agents.len() * size_of::<Agent>()
            + self.fast.len() * 4
            + self.tints.len() * size_of::<Option<Style>>()
            + states
            + self.scene.obstacles.len() * 12
            + (self.scene.food.len() + self.scene.path.waypoints.len() + self.forces.len()) * 8
    }
}

impl Sim {
    /// The state as a [`Snapshot`]. `scenario`, when given, must be the simulation's scenario as
    /// [`Sim::scenario_text`] writes it (the history shares one copy between the snapshots of the
    /// same parameters).
    pub fn snapshot(&self, scenario: Option<Rc<str>>) -> Snapshot {
        let scenario = scenario.unwrap_or_else(|| self.scenario_text());
        let live = self.fast.engine.as_deref().filter(|f| !self.fast.dirty && f.len() == self.agent_count());
        let mut fast = Vec::new();
        let agents = match live {
            Some(f) => {
                f.slots(&mut fast);
                Vec::new()
            }
            None => self.agents().to_vec(),
        };
        Snapshot {
            scenario,
            agents,
            fast,
            tints: self.tints.clone(),
            states: self.states.clone(),
            scene: self.scene.clone(),
            pointer: self.pointer,
            selected: self.selected,
            time: self.time,
            steps: self.steps,
            stats: self.stats,
            rng: self.rng.clone(),
            forces: self.standard.forces.clone(),
        }
    }

    /// Resume from a [`Snapshot`]: afterwards the simulation steps exactly as it did from there.
    pub fn restore(&mut self, s: &Snapshot) {
        // The text was written from a valid scenario: it reads back as the same scenario.
        if let Ok(sc) = scenario::parse(&s.scenario) {
            self.scenario = sc;
        }
        self.world = world_of(&self.scenario);
        self.rules = rules_of(&self.scenario);
        self.tints.clone_from(&s.tints);
        self.states.clone_from(&s.states);
        self.scene.clone_from(&s.scene);
        self.pointer = s.pointer;
        self.selected = s.selected;
        self.time = s.time;
        self.steps = s.steps;
        self.stats = s.stats;
        self.rng = s.rng.clone();
        self.standard.forces.clone_from(&s.forces);
        self.acc = 0.0;
        if s.fast.is_empty() {
            self.agents.get_mut().clone_from(&s.agents);
            self.fast.dirty = true;
            self.fast.behind.set(false);
        } else {
            let params = self.fast_params();
            let world = self.world;
            self.fast.engine.get_or_insert_with(Default::default).load_slots(&world, params, &s.fast);
            let n = s.fast.len() / 7;
            // The agents follow from the engine when next read (every one is written then).
            let agents = self.agents.get_mut();
            agents.clear();
            agents.resize(n, Agent::new(Vec2::ZERO, Vec2::ZERO, 0.0, 0.0));
            self.fast.dirty = false;
            self.fast.behind.set(true);
        }
    }

    /// The scenario as JSON text (what snapshots keep).
    pub fn scenario_text(&self) -> Rc<str> {
        serde_json::to_string(&self.scenario).unwrap_or_default().into()
    }

    /// The fast engine's parameters from the scenario.
    pub(crate) fn fast_params(&self) -> FastParams {
        let m = &self.scenario.motion;
        FastParams {
            rules: self.rules,
            max_speed: m.max_speed,
            max_force: m.max_force,
            min_speed: m.min_speed,
            dt: super::engine::DT,
        }
    }

    /// What one step costs in agent-steps of the fast engine (for [`MAX_REPLAY`]).
    fn step_cost(&self) -> u64 {
        let n = self.agent_count().max(1) as u64;
        if self.scenario.engine.is_fast() {
            n
        } else {
            n * STANDARD_COST
        }
    }
}

/// The value a `set` input's path has in `sim` now (`None` for other inputs).
#[inline(never)]
fn set_value(sim: &Sim, input: &Input) -> Option<serde_json::Value> {
    match input {
        Input::Set(b) => sim.get_value(&b.0).ok(),
        _ => None,
    }
}

/// An input and the step it came at.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub step: u64,
    pub input: Input,
}

/// A viewer's input log and snapshots (see the module's note).
pub struct History {
    log: Vec<Entry>,
    /// Ascending by step; the first is where the history starts.
    snaps: Vec<Snapshot>,
    /// The newest step reached: the log holds the inputs up to it.
    end: u64,
    every: u64,
    bytes: usize,
    budget: usize,
    /// The scenario this history began with (after the input that restarted it) and the
    /// pointer then (it outlives a reset).
    base: Rc<str>,
    base_pointer: Option<Vec2>,
    /// The simulation's scenario as text for the next snapshots (`None` after a `set`).
    current: Option<Rc<str>>,
    /// The measures over time and the parameter changes (`v.series()`, the chart): sampled as
    /// new steps are reached, cut with the log's future.
    series: Series,
    /// The parameters before the first `set` that stepping replayed from the log (the recorded
    /// future after a seek back, a link's inputs), until [`History::take_replayed`]: what the
    /// controls showed, so that the viewer can show and report what changed.
    replayed: Option<Params>,
}

impl History {
    /// A history that begins at the simulation's current state.
    pub fn new(sim: &Sim) -> History {
        History::with_budget(sim, BUDGET)
    }

    /// The same with another snapshot budget (tests).
    pub fn with_budget(sim: &Sim, budget: usize) -> History {
        let first = sim.snapshot(None);
        History {
            log: Vec::new(),
            end: first.steps,
            every: FIRST_EVERY,
            bytes: first.bytes(),
            budget,
            base: first.scenario.clone(),
            base_pointer: sim.pointer,
            current: Some(first.scenario.clone()),
            snaps: vec![first],
            series: Series::new(sim),
            replayed: None,
        }
    }

    /// The measures over time and the parameter changes.
    pub fn series(&self) -> &Series {
        &self.series
    }

    /// The first step [`History::seek`] can reach (0 unless the oldest snapshots had to go).
    pub fn start(&self) -> u64 {
        self.snaps.first().map_or(0, |s| s.steps)
    }

    /// The newest step reached.
    pub fn end(&self) -> u64 {
        self.end
    }

    /// The logged inputs, in order.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The scenario the history began with, and the pointer then.
    pub fn base(&self) -> Result<(Scenario, Option<Vec2>), String> {
        Ok((scenario::parse(&self.base)?, self.base_pointer))
    }

    /// Snapshots held, their bytes, and the interval between them (steps).
    pub fn memory(&self) -> (usize, usize, u64) {
        (self.snaps.len(), self.bytes, self.every)
    }

    /// Apply an input through [`Sim::act`] and log it when it changed something. At a step before
    /// the newest, that discards the log's future first.
    pub fn act(&mut self, sim: &mut Sim, input: Input) -> Result<Outcome, String> {
        let input = match input {
            Input::Set(b) => {
                let (path, value) = *b;
                let value = super::param_path::normalise(&path, value)?;
                Input::Set(Box::new((path, value)))
            }
            other => other,
        };
        let before = set_value(sim, &input);
        let out = sim.act(&input)?;
        if matches!(input, Input::Set(_)) {
            self.current = None;
        }
        if out.reset {
            self.restart(sim);
            // The change that restarted it is the new history's first mark.
            self.mark(sim, sim.steps, &input, before);
        } else if out.changed {
            let k = sim.steps;
            self.forget_after(k);
            self.mark(sim, k, &input, before);
            self.log.push(Entry { step: k, input });
        }
        Ok(out)
    }

    /// A `set` that changed a parameter from `before`, marked on the series at step `k`.
    #[inline(never)]
    fn mark(&mut self, sim: &Sim, k: u64, input: &Input, before: Option<serde_json::Value>) {
        if let (Input::Set(b), Some(from), Some(to)) = (input, before, set_value(sim, input)) {
            self.series.mark(k, &b.0, from, to);
        }
    }

    /// Drop everything after step `k` (the future a new input replaces).
    fn forget_after(&mut self, k: u64) {
        if self.end <= k {
            return;
        }
        self.series.forget_after(k);
        let keep = self.log.partition_point(|e| e.step <= k);
        self.log.truncate(keep);
        while self.snaps.len() > 1 && self.snaps.last().is_some_and(|s| s.steps > k) {
            if let Some(s) = self.snaps.pop() {
                self.bytes -= s.bytes();
            }
        }
        self.end = k;
    }

    /// A new history from the simulation's current state (it just restarted at step 0).
    pub fn restart(&mut self, sim: &Sim) {
        *self = History::with_budget(sim, self.budget);
    }

    /// Give back the snapshots' memory (the viewer is destroyed).
    pub fn release(&mut self) {
        self.log = Vec::new();
        self.snaps = Vec::new();
        self.bytes = 0;
    }

    /// One step forward: at a step before the newest, the logged inputs of the step reached are
    /// replayed. `deferred`: as the frame loop steps ([`Sim::step_deferred`]).
    pub fn step(&mut self, sim: &mut Sim, deferred: bool) {
        if deferred {
            sim.step_deferred();
        } else {
            sim.step();
        }
        let k = sim.steps;
        // A large flock takes snapshots more often, so that a seek never replays more than
        // MAX_REPLAY agent-steps (at 100 000 boids: every 6 steps).
        let cost = sim.step_cost();
        self.every = self.every.min((MAX_REPLAY / cost).max(1));
        if k.is_multiple_of(self.every) && self.snaps.last().is_none_or(|s| s.steps < k) {
            let sc = self.current.get_or_insert_with(|| sim.scenario_text()).clone();
            self.keep(sim.snapshot(Some(sc)), cost);
        }
        // Sampled once, when first reached (a link's steps too); not when a seek steps again.
        self.series.record(sim);
        if k <= self.end {
            self.replay_at(sim, k);
        } else {
            self.end = k;
        }
    }

    /// Feed real time (the frame loop): the whole steps it covers, through [`History::step`].
    pub fn advance(&mut self, sim: &mut Sim, frame_seconds: f64) -> u32 {
        let n = sim.due_steps(frame_seconds);
        for _ in 0..n {
            self.step(sim, true);
        }
        n
    }

    /// The logged inputs of step `k`, applied again. They were accepted when they came, and the
    /// simulation is in the same state, so they are accepted again (a link's, checked when it
    /// was read, likewise).
    fn replay_at(&mut self, sim: &mut Sim, k: u64) {
        let from = self.log.partition_point(|e| e.step < k);
        let to = from + self.log[from..].iter().take_while(|e| e.step == k).count();
        for i in from..to {
            let input = self.log[i].input.clone();
            if matches!(input, Input::Set(_)) && self.replayed.is_none() {
                self.replayed = Some(sim.params().unwrap_or(Params(serde_json::Value::Null)));
            }
            let before = set_value(sim, &input);
            let _ = sim.act(&input);
            if matches!(input, Input::Set(_)) {
                self.current = None;
                // A link's inputs are marked as they are replayed (the same step's mark is kept once).
                self.mark(sim, k, &input, before);
            }
        }
    }

    /// The parameters as they were before stepping replayed a logged `set` (since the last call),
    /// if it did.
    pub fn take_replayed(&mut self) -> Option<Params> {
        self.replayed.take()
    }

    /// Go to `step` (clamped to [`History::start`] ..= [`History::end`]); returns the step
    /// reached. The state is the one the simulation had at that step.
    pub fn seek(&mut self, sim: &mut Sim, step: u64) -> u64 {
        let t = step.clamp(self.start(), self.end);
        let at = self.snaps.partition_point(|s| s.steps <= t).saturating_sub(1);
        let Some(snap) = self.snaps.get(at) else { return sim.steps };
        // Stepping on from where the simulation stands is the same, and shorter when it is nearer.
        if !(snap.steps..=t).contains(&sim.steps) {
            sim.restore(snap);
            self.current = Some(snap.scenario.clone());
            self.replay_at(sim, snap.steps);
        }
        while sim.steps < t {
            self.step(sim, true);
        }
        t
    }

    /// Replace the log by `log` (a link's; ascending steps) and make `end` the newest step: the
    /// simulation, at this history's start, then reaches `end` by stepping (all at once with
    /// [`History::seek`], or a few steps at a time with [`History::step`]).
    /// The inputs logged at the simulation's current step are applied at once.
    pub fn set_future(&mut self, sim: &mut Sim, log: Vec<Entry>, end: u64) {
        self.log = log;
        self.end = end.max(sim.steps);
        self.replay_at(sim, sim.steps);
    }

    /// Keep a snapshot within the budget: thin out while a seek stays within [`MAX_REPLAY`],
    /// else let the oldest go. At least the newest snapshot stays.
    fn keep(&mut self, s: Snapshot, cost: u64) {
        self.bytes += s.bytes();
        self.snaps.push(s);
        while self.bytes > self.budget && self.snaps.len() > 1 {
            if self.every * 2 * cost <= MAX_REPLAY {
                self.every *= 2;
                let (every, first) = (self.every, self.snaps[0].steps);
                let mut freed = 0;
                self.snaps.retain(|s| {
                    let keep = s.steps == first || s.steps.is_multiple_of(every);
                    if !keep {
                        freed += s.bytes();
                    }
                    keep
                });
                self.bytes -= freed;
            } else {
                let s = self.snaps.remove(0);
                self.bytes -= s.bytes();
            }
        }
    }
}
