//! Behaviours plug into the core through one interface, [`Behave`], one file each.
//!
//! A behaviour file owns its parameters (the struct a scenario's `{"type": …}` object is read into,
//! with its defaults and its validation), its state (per scenario: [`Behave::State`]; per agent:
//! [`Behave::PerAgent`]), its force for one agent from a read-only [`ForceCtx`], its hooks before
//! the force pass and after the move, its pointer handling, its overlays (into the draw list), its
//! readout (numbers, [`Readout`]; the shell writes the words) and its additions to `state()`, and its
//! tests. It never sees the engine (`Sim`): everything it reads comes through the contexts here.
//!
//! The behaviours are listed once, in the `registry!` invocation at the end of this file: one line
//! per behaviour. The macro generates the scenario's [`Behaviour`] enum (read from and written as
//! `{"type": "…", …}`), the matching [`State`] enum, and the dispatch from the engine, renderer and
//! reports to each behaviour — a `match`, no vtables. See `docs/adding-a-behaviour.md`.

use super::agent::Agent;
use super::check::Check;
use super::draw::Overlays;
use super::draw::{DrawList, Style};
use super::flock::FlockSums;
use super::grid::{naive_for_each_neighbour, Grid};
use super::path::PathMode;
use super::pointer::Pointer;
use super::pseudo::Lines;
use super::rng::Rng;
use super::scene::Scene;
use super::setup::Setup;
use super::steer::{Contribution, Controller};
use super::world::World;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

pub mod alignment;
pub mod arrive;
pub mod avoid_obstacles;
pub mod chase;
pub mod cohesion;
pub mod containment;
pub mod evade;
pub mod flee;
pub mod flee_pointer;
pub mod flow_field;
pub mod follow_leader;
pub mod obstacle_avoidance;
pub mod path_tube;
pub mod path_waypoints;
pub mod pursuit;
pub mod queue;
pub mod seek;
pub mod seek_food;
pub mod separation;
pub mod wander;

/// One of the three flocking rules, which share one neighbour pass (`sim::flock`): its weight and
/// its radius (`sep_dist` or `perception`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FlockRule {
    Separation { weight: f32, radius: f32 },
    Alignment { weight: f32, radius: f32 },
    Cohesion { weight: f32, radius: f32 },
}

/// How a behaviour tints the agent it steers this step (the renderer draws the agent in that style).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tint {
    /// Leave the tint as the behaviours before it set it.
    #[default]
    Keep,
    /// This style, whatever came before.
    Set(Style),
    /// This style unless a behaviour before it set one.
    IfNone(Style),
}

impl Tint {
    /// Fold this tint into the agent's current one.
    #[inline]
    pub fn onto(self, cur: Option<Style>) -> Option<Style> {
        match self {
            Tint::Keep => cur,
            Tint::Set(s) => Some(s),
            Tint::IfNone(s) => cur.or(Some(s)),
        }
    }
}

/// Where in the frame an overlay goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// Under everything the scene draws (obstacles, food, the path).
    Floor,
    /// Over the scene, under the agents.
    Under,
    /// Over the agents.
    Over,
}

/// What a behaviour reads while it computes one agent's force: the step's snapshot. All agents'
/// forces come from the same snapshot (the two-phase update), so nothing here changes during the
/// force pass.
pub struct ForceCtx<'a> {
    pub world: &'a World,
    /// Every agent as it was at the start of the step.
    pub agents: &'a [Agent],
    /// Their positions (what the neighbour grid was built on).
    pub pos: &'a [Vec2],
    /// The neighbour grid on `pos`, with cells of the largest [`Behave::neighbour_radius`] of the
    /// scenario (`None`: no behaviour asked for one; queries scan everyone).
    pub nb: Option<&'a Grid>,
    /// The pointer in world coordinates while it is over the canvas.
    pub pointer: Option<Vec2>,
    /// Obstacles, food and the path.
    pub scene: &'a Scene,
    pub setup: Setup<'a>,
    /// Simulated seconds at the start of the step.
    pub time: f64,
}

impl ForceCtx<'_> {
    /// Visit every other agent within `r` of agent `i` (`visit(j, offset, offset²)`, nearest image
    /// in a wrapping world). Uses the neighbour grid when `r` fits in its cells. Returns the number
    /// of distance checks.
    #[inline]
    pub fn neighbours(&self, i: usize, r: f32, visit: impl FnMut(usize, Vec2, f32)) -> u32 {
        match self.nb {
            Some(g) => g.for_each_neighbour(self.world, self.pos, i, r, visit),
            None => naive_for_each_neighbour(self.world, self.pos, i, r, visit),
        }
    }
}

/// One agent's turn in the force pass: who it is, the flocking rules' shared sums for it, the
/// random numbers (drawn in agent order, behaviour order), the controller its forces go into, and
/// its tint.
pub struct AgentStep<'x, 't> {
    pub i: usize,
    pub agent: &'x Agent,
    /// The shared neighbour pass of separation, alignment and cohesion for this agent (all zero
    /// when the scenario has none of them).
    pub flock: &'x FlockSums,
    pub rng: &'x mut Rng,
    pub ctl: &'x mut Controller<'t>,
    /// The agent's tint so far this step (behaviours fold theirs in with [`AgentStep::tint`]).
    pub tint: Option<Style>,
}

impl AgentStep<'_, '_> {
    /// Tint the agent (see [`Tint`]).
    #[inline]
    pub fn tint(&mut self, t: Tint) {
        self.tint = t.onto(self.tint);
    }
}

/// What a behaviour may change after everyone moved.
pub struct MoveCtx<'a> {
    pub world: &'a World,
    pub agents: &'a mut [Agent],
    pub scene: &'a mut Scene,
    pub rng: &'a mut Rng,
    /// Simulated seconds at the end of the step.
    pub now: f64,
    pub dt: f32,
}

/// What overlays, readouts and reports read: the simulation as it is now, read-only.
pub struct View<'a> {
    pub world: &'a World,
    pub agents: &'a [Agent],
    /// Each agent's tint from its last step.
    pub tints: &'a [Option<Style>],
    pub scene: &'a Scene,
    pub setup: Setup<'a>,
    /// The scenario's behaviours (their parameters).
    pub behaviours: &'a [Behaviour],
    pub pointer: Option<Vec2>,
    pub selected: Option<usize>,
    pub time: f64,
    pub steps: u64,
}

impl View<'_> {
    /// Every other agent within `r` of agent `i` (`f(j, offset, offset²)`), by a plain scan: for
    /// the overlays of one selected agent.
    pub fn each_within(&self, i: usize, r: f32, mut f: impl FnMut(usize, Vec2, f32)) {
        let p = self.agents[i].position;
        for (j, b) in self.agents.iter().enumerate() {
            if j == i {
                continue;
            }
            let d = self.world.delta(p, b.position);
            let d2 = d.length_squared();
            if d2 < r * r {
                f(j, d, d2);
            }
        }
    }
}

/// What a behaviour's description of its lesson reads ([`Behave::describe`]): the simulation as
/// it is, and what the described scene measures once for all its behaviours (`describe.rs`).
pub struct Tell<'a, 'v> {
    pub v: &'a View<'v>,
    /// Each agent's distance to its nearest other agent (empty for a flock too big to measure on
    /// request, or fewer than 2 agents).
    pub nearest: &'a [f32],
    /// Every group's size (agents linked by chains of neighbours within perception), in no order
    /// (empty as `nearest`).
    pub groups: &'a [u32],
    /// The length an agent is drawn at (px): two agents closer than `describe::OVERLAP` of it overlap.
    pub agent_size: f32,
    /// Where the moving agents head together (a direction code of `describe.rs`: 0 right, 2 up …;
    /// 8 none moves, 9 every which way) and how much (the polarisation, 0–1).
    pub heading: u8,
    pub polarisation: f32,
}

/// Where the inspector draws one line's highlight ([`Behave::highlight`]): the selected agent `i`
/// at `p`, the simulation as it is, and the draw list (each shape a halo under an accent stroke).
pub struct Highlight<'a, 'v> {
    pub v: &'a View<'v>,
    pub i: usize,
    pub p: Vec2,
    pub list: &'a mut DrawList,
}

impl Highlight<'_, '_> {
    pub fn arrow(&mut self, from: Vec2, to: Vec2) {
        self.list.arrow(Style::HighlightHalo, from, to);
        self.list.arrow(Style::Highlight, from, to);
    }
    pub fn line(&mut self, a: Vec2, b: Vec2) {
        self.list.line(Style::HighlightHalo, a, b);
        self.list.line(Style::Highlight, a, b);
    }
    pub fn ring(&mut self, c: Vec2, r: f32) {
        self.list.circle(Style::HighlightHalo, c, r);
        self.list.circle(Style::Highlight, c, r);
    }
    /// The radius `r` around the agent and a line to each other agent within it (but `skip`;
    /// coincident ones only with `coincident`).
    pub fn neighbours(&mut self, r: f32, skip: Option<usize>, coincident: bool) {
        if r <= 0.0 {
            return;
        }
        let p = self.p;
        self.ring(p, r);
        let (v, i) = (self.v, self.i);
        v.each_within(i, r, |j, off, d2| {
            if (d2 > 0.0 || coincident) && Some(j) != skip {
                self.line(p, p + off);
            }
        });
    }
}

/// A behaviour's facts of its lesson for the described scene ([`Behave::describe`]): `values[k]`
/// under the k-th key of `keys` (separated by spaces; `key:d` for `d` decimals, else a whole
/// number), NaN where it is not known, 1 and 0 for truths. One string and a list of numbers: the
/// readout's list of keyed values, built item by item, cost the module 2 KB more here.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// The behaviour's `type` (`describe.<kind>.*` in the words files).
    pub kind: &'static str,
    pub keys: &'static str,
    pub values: Vec<f32>,
}

impl Facts {
    /// Its keys with their decimals, and the values.
    pub fn items(&self) -> impl Iterator<Item = (&'static str, u8, f32)> + '_ {
        self.keys.split(' ').zip(&self.values).map(|(k, &v)| match k.split_once(':') {
            Some((k, d)) => (k, d.as_bytes()[0] - b'0', v),
            None => (k, 0, v),
        })
    }

    /// The value under `key` (not NaN).
    pub fn get(&self, key: &str) -> Option<f32> {
        self.items().find(|i| i.0 == key).map(|i| i.2).filter(|v| !v.is_nan())
    }
}

/// Measures by id (`None`: not defined now, e.g. no agent), see [`Behave::measures`].
pub type Measures = Vec<(&'static str, Option<f32>)>;

/// A readout: numbers under stable keys, in the order they are read. The shell turns it into a line
/// of text in the reader's language (`src/lang.rs`, with the words of `words/<tag>.json`); tests read the numbers.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Readout {
    /// Which line this is (`"queue"`, `"follow_leader"`, `"flock"` …): the shell's template.
    pub kind: &'static str,
    pub items: Vec<(&'static str, Val)>,
}

/// A number (or word) in a readout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val {
    Int(i64),
    /// A measure shown with this many decimals.
    Num(f64, u8),
    /// An identifier the shell may translate (`"loop"`, `"v"`, `"on"`).
    Word(&'static str),
    Bool(bool),
    /// Not measured yet, or not defined (shown as "—").
    None,
}

impl Readout {
    pub fn new(kind: &'static str) -> Self {
        Readout { kind, items: Vec::new() }
    }
    pub fn with(mut self, key: &'static str, v: Val) -> Self {
        self.items.push((key, v));
        self
    }
    /// The value under `key`.
    pub fn get(&self, key: &str) -> Option<Val> {
        self.items.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }
    /// The number under `key` as f64 (`Int` and `Num`).
    pub fn num(&self, key: &str) -> Option<f64> {
        match self.get(key)? {
            Val::Int(n) => Some(n as f64),
            Val::Num(x, _) => Some(x),
            _ => None,
        }
    }
}

/// A behaviour's own state: its per-scenario state and one [`Behave::PerAgent`] per agent.
#[derive(Clone, Debug, Default)]
pub struct Inst<B: Behave> {
    pub state: B::State,
    pub agents: Vec<B::PerAgent>,
}

/// The interface of a behaviour. Only [`Behave::KIND`], [`Behave::weight`] and [`Behave::force`]
/// are required; every hook has a default that does nothing.
pub trait Behave: Clone + PartialEq + fmt::Debug + Serialize + Sized {
    /// The `type` in scenario JSON and the first segment of its parameter paths
    /// (`"separation.weight"`).
    const KIND: &'static str;
    /// State kept between steps for the whole scenario.
    type State: Clone + Default + fmt::Debug;
    /// State kept between steps for each agent (reset to `Default` for new agents).
    type PerAgent: Clone + Copy + Default + fmt::Debug + PartialEq;

    /// The weight its force is multiplied by in the controller.
    fn weight(&self) -> f32;

    /// Rules that parsing cannot express. Messages start with `c.path` (`behaviours[2]`), then
    /// the field (`behaviours[2].radius: must be > 0, got -3`). `c`'s checks note a mistake and go
    /// on (every mistake is read at once: `check::collect`); an `Err` returned is noted too.
    fn validate(&self, _c: &Check, _sc: &Setup) -> Result<(), String> {
        Ok(())
    }

    /// Separation, alignment and cohesion say which flocking rule they are: they share one
    /// neighbour pass, and the fast engine runs exactly these.
    fn flock_rule(&self) -> Option<FlockRule> {
        None
    }

    /// Whether the force draws random numbers (`a.rng`). Tracing one agent replays these
    /// behaviours for the agents before it, so that it sees the random numbers the step will give
    /// it (they are drawn in agent order).
    fn draws_random(&self) -> bool {
        false
    }

    /// The radius of neighbour queries the force makes through [`ForceCtx::neighbours`] (0: none).
    /// The engine builds one grid with the largest radius of the scenario.
    fn neighbour_radius(&self) -> f32 {
        0.0
    }

    /// Back to the initial state (the agents are already spawned; per-agent state is default).
    fn reset(&self, _inst: &mut Inst<Self>, _agents: &[Agent]) {}

    /// Before the force pass, on the step's snapshot.
    fn pre_forces(&self, _inst: &mut Inst<Self>, _ctx: &ForceCtx) {}

    /// Agent `a.i`'s steering: add forces to `a.ctl` (`a.ctl.add(rule, weight, force)`), tint the
    /// agent. `me` is this agent's own state.
    fn force(&self, st: &Self::State, me: &mut Self::PerAgent, ctx: &ForceCtx, a: &mut AgentStep);

    /// After everyone moved.
    fn post_move(&self, _inst: &mut Inst<Self>, _m: &mut MoveCtx) {}

    /// Pointer input when the scenario's `interaction` hands the pointer to behaviours
    /// (`"leader"`). True if something changed that is worth redrawing while paused.
    fn pointer(&self, _inst: &mut Inst<Self>, _ev: Pointer, _dragging: bool) -> bool {
        false
    }

    /// Waypoint `k` of the path was removed (`n` are left; `mode` is the path's): fix indices into
    /// the path.
    fn waypoint_removed(&self, _inst: &mut Inst<Self>, _k: usize, _n: usize, _mode: PathMode) {}

    /// Overlays into the draw list, for one layer of the frame.
    fn draw(&self, _inst: &Inst<Self>, _v: &View, _layer: Layer, _list: &mut DrawList) {}

    /// Overlays for the selected agent `i`, when the user's overlay toggles ask for them.
    fn draw_selected(&self, _inst: &Inst<Self>, _v: &View, _i: usize, _ov: Overlays, _list: &mut DrawList) {}

    /// The readout line under the canvas (the first behaviour that has one gives it).
    fn readout(&self, _inst: &Inst<Self>, _v: &View) -> Option<Readout> {
        None
    }

    /// What the described scene tells of its lesson (`v.scene().facts`, computed on request, never
    /// while playing): numbers and words' keys under stable keys, put into sentences by the page
    /// (`describe.<kind>.*` in the words files, www/describe.js). `None` (the default): its
    /// readout's numbers tell it.
    fn describe(&self, _inst: &Inst<Self>, _t: &Tell) -> Option<Facts> {
        None
    }

    /// Additions to `state()` (metrics and the behaviour's own keys).
    fn report(&self, _inst: &Inst<Self>, _v: &View, _state: &mut Value) {}

    /// The scenario's measures over time (`v.series()`, the chart), by id: each is also a key of
    /// `state().metrics` with the same number. Cheap: read once per recorded step. None of its
    /// own: the flock's (`Sim::measures`).
    fn measures(&self, _inst: &Inst<Self>, _v: &View, _out: &mut Measures) {}

    /// The inspector's lines for term `t`, which this behaviour added to the controller: its
    /// pseudocode with the agent's values (words are word keys, `pseudo.<type>.…`). The default
    /// shows what the term noted, and its force.
    fn pseudo(&self, _t: &Contribution, p: &mut Lines) {
        p.noted()
    }

    /// The style of the force overlay's arrows and legend row for term `rule` it added.
    fn style(&self, _rule: &str) -> Style {
        Style::ForceOther
    }

    /// The inspector's highlight for `key` of term `t` it added, where the shared ones (the desired
    /// velocity, the force, a noted point or agent or obstacle) do not fit: true if it drew it.
    fn highlight(&self, _t: &Contribution, _key: &str, _h: &mut Highlight) -> bool {
        false
    }

    /// An agent the inspector does not start on (a leader: its steering is not the lesson).
    fn not_inspected_first(&self) -> Option<usize> {
        None
    }

    /// The fields a scenario must give it besides `type`, as JSON object members
    /// (`"goal": [300, 100]`): what the schema's and the tests' probes add.
    const REQUIRED: &'static str = "";
}

/// Typed access to one behaviour in a scenario or a simulation (generated for every behaviour).
pub trait Registered: Behave {
    /// `b` if it is this behaviour.
    fn params(b: &Behaviour) -> Option<&Self>;
    /// `s` if it is this behaviour's state.
    fn inst(s: &State) -> Option<&Inst<Self>>;
    fn inst_mut(s: &mut State) -> Option<&mut Inst<Self>>;
    /// The first behaviour of this kind in a scenario's list.
    fn first(list: &[Behaviour]) -> Option<&Self> {
        list.iter().find_map(Self::params)
    }
}

mod dispatch;
mod read;
mod shared;
pub use shared::*;

/// `fn name() -> f32 { value }` for serde defaults.
macro_rules! defaults {
    ($($f:ident = $v:expr;)*) => { $(fn $f() -> f32 { $v })* };
}
pub(crate) use defaults;

pub(crate) fn d_true() -> bool {
    true
}

// ---------------------------------------------------------------------------------------------
// The registry (the macro: dispatch.rs; reading a behaviour object: read.rs)

use dispatch::registry;

registry! {
    Separation(separation::Separation),
    Alignment(alignment::Alignment),
    Cohesion(cohesion::Cohesion),
    Wander(wander::Wander),
    FleePointer(flee_pointer::FleePointer),
    AvoidObstacles(avoid_obstacles::AvoidObstacles),
    SeekFood(seek_food::SeekFood),
    FollowLeader(follow_leader::FollowLeader),
    Queue(queue::Queue),
    PathWaypoints(path_waypoints::PathWaypoints),
    PathTube(path_tube::PathTube),
    Seek(seek::Seek),
    Flee(flee::Flee),
    Arrive(arrive::Arrive),
    Pursuit(pursuit::Pursuit),
    Evade(evade::Evade),
    ObstacleAvoidance(obstacle_avoidance::ObstacleAvoidance),
    Containment(containment::Containment),
    FlowField(flow_field::FlowField),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_its_serde_tag() {
        for &k in KINDS {
            let b: Behaviour = serde_json::from_value(serde_json::json!({ "type": k, "goal": [1, 2] }))
                .or_else(|_| serde_json::from_value(serde_json::json!({ "type": k })))
                .unwrap_or_else(|e| panic!("{k}: {e}"));
            assert_eq!(b.kind(), k);
            assert_eq!(serde_json::to_value(&b).unwrap()["type"], k);
        }
    }

    /// A step tints each agent as its behaviours say, in order: flee sets red (Evading) and food,
    /// which only fills an empty tint, leaves it; without the pointer, food's green stays.
    #[test]
    fn a_step_tints_the_agents_in_behaviour_order() {
        use super::testing::{hand_agents, sim_with};
        let sc = r#"[{"type": "flee_pointer", "radius": 90}, {"type": "seek_food", "radius": 120}]"#;
        let mut s = sim_with(sc, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), r#""food": [[150, 100]]"#);
        s.pointer = Some(glam::Vec2::new(120.0, 100.0));
        s.step();
        assert_eq!(s.tint(0), Some(Style::Evading));
        s.pointer = None;
        s.step();
        assert_eq!(s.tint(0), Some(Style::Arriving));
    }

    /// Coincident agents are pushed apart in opposite directions (`tie_dir(i, j) = −tie_dir(j, i)`,
    /// unit length), and each form of `separate` pushes them apart rather than leaving them.
    #[test]
    fn coincident_agents_are_pushed_apart() {
        use super::testing::{hand_agents, sim_with};
        for (i, j) in [(0, 1), (3, 7), (10, 2)] {
            let (a, b) = (tie_dir(i, j), tie_dir(j, i));
            assert!((a + b).length() < 1e-6 && (a.length() - 1.0).abs() < 1e-5, "{a} {b}");
        }
        for form in [SepForm::Flocking, SepForm::Unity, SepForm::Push] {
            let s = sim_with("[]", &hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((100.0, 100.0), (0.0, 0.0))]), "");
            let (f0, n0, _) = s.with_force_ctx(|ctx| separate(ctx, 0, None, 20.0, form)).unwrap();
            let (f1, _, _) = s.with_force_ctx(|ctx| separate(ctx, 1, None, 20.0, form)).unwrap();
            assert_eq!(n0, 1);
            assert!(f0.length() > 1.0 && (f0 + f1).length() < 1e-3 * f0.length(), "{form:?}: {f0} {f1}");
            assert!(f0.dot(tie_dir(0, 1)) > 0.0, "{form:?}: along the tie direction");
            // Nobody within the radius: nothing.
            let far = sim_with("[]", &hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((130.0, 100.0), (0.0, 0.0))]), "");
            assert!(far.with_force_ctx(|ctx| separate(ctx, 0, None, 20.0, form)).is_none());
            // The skipped agent (the leader) does not count.
            assert!(s.with_force_ctx(|ctx| separate(ctx, 0, Some(1), 20.0, form)).is_none());
        }
    }

    #[test]
    fn readouts_keep_their_numbers_by_key() {
        let r = Readout::new("x").with("a", Val::Int(3)).with("b", Val::Num(2.5, 1)).with("c", Val::Word("loop"));
        assert_eq!(r.get("b"), Some(Val::Num(2.5, 1)));
        assert_eq!(r.num("a"), Some(3.0));
        assert_eq!(r.num("b"), Some(2.5));
        assert_eq!(r.num("c"), None);
        assert_eq!(r.get("z"), None);
        assert_eq!(r.items.len(), 3);
    }

    /// The overlay helper visits exactly the other agents within the radius, with their offsets.
    #[test]
    fn each_within_visits_the_neighbours_within_the_radius() {
        use super::testing::{hand_agents, sim_with};
        let s = sim_with(
            "[]",
            &hand_agents(&[
                ((100.0, 100.0), (0.0, 0.0)),
                ((110.0, 100.0), (0.0, 0.0)),
                ((100.0, 130.0), (0.0, 0.0)),
                ((390.0, 100.0), (0.0, 0.0)),
            ]),
            "",
        );
        let mut seen = Vec::new();
        s.with_view(|v| v.each_within(0, 25.0, |j, d, d2| seen.push((j, d, d2))));
        assert_eq!(seen, vec![(1, glam::Vec2::new(10.0, 0.0), 100.0)]);
        // Agent 2 exactly 30 px away is not within 30 (the radius is exclusive).
        let mut seen = Vec::new();
        s.with_view(|v| v.each_within(0, 30.0, |j, _, _| seen.push(j)));
        assert_eq!(seen, vec![1]);
        let mut seen = Vec::new();
        // Across the seam of the 400-wide world, agent 3 at x = 390 is 110 px to the left of
        // x = 100 (the nearest image, not 290 px to the right): outside 25, inside 120.
        s.with_view(|v| v.each_within(0, 120.0, |j, d, _| seen.push((j, d))));
        assert_eq!(
            seen,
            vec![(1, glam::Vec2::new(10.0, 0.0)), (2, glam::Vec2::new(0.0, 30.0)), (3, glam::Vec2::new(-110.0, 0.0))]
        );
    }

    /// Every behaviour checks its numbers: a weight of −1 is refused with the field named, and so is
    /// −1 for each of its other numeric parameters that must not be negative (each behaviour's
    /// `validate`, through the scenario's).
    #[test]
    fn every_behaviour_refuses_negative_parameters_by_name() {
        for &kind in KINDS {
            let b = example(kind);
            let doc = |b: &serde_json::Value| {
                serde_json::json!({"name": "t", "world": {"width": 400, "height": 400}, "agents": {"count": 4},
                                   "behaviours": [b], "path": {"waypoints": [[10, 10], [200, 200], [300, 50]]}})
                .to_string()
            };
            let full = serde_json::to_value(
                crate::scenario::parse(&doc(&b)).unwrap_or_else(|e| panic!("{kind}: {e}")).behaviours[0].clone(),
            )
            .unwrap();
            let mut refused = 0;
            for (field, v) in full.as_object().unwrap() {
                if !v.is_number() || field == "leader" || field == "quarry" || field == "hunter" || field == "agent" {
                    continue;
                }
                let mut bad = full.clone();
                bad[field] = serde_json::json!(-1.0);
                match crate::scenario::parse(&doc(&bad)) {
                    Err(e) => {
                        assert!(e.starts_with(&format!("behaviours[0].{field}: ")), "{kind}.{field}: {e}");
                        refused += 1;
                    }
                    Ok(_) => assert!(field != "weight", "{kind}: a negative weight was accepted"),
                }
            }
            assert!(refused >= 1, "{kind}: no parameter refused −1");
        }
    }

    /// Every behaviour's `weight` (what `Behave::weight` reports) is capped at 1e6 = MAX_WEIGHT, so
    /// that weight × force stays finite: 1e6 is accepted, 2e6 refused by name.
    #[test]
    fn every_behaviour_caps_its_weight() {
        for &kind in KINDS {
            let doc = |w: f64| {
                let mut b = example(kind);
                b["weight"] = serde_json::json!(w);
                serde_json::json!({"name": "t", "world": {"width": 400, "height": 400}, "agents": {"count": 4},
                                   "behaviours": [b], "path": {"waypoints": [[10, 10], [200, 200], [300, 50]]}})
                .to_string()
            };
            assert!(crate::scenario::parse(&doc(1e6)).is_ok(), "{kind}: a weight of 1e6 was refused");
            let e = crate::scenario::parse(&doc(2e6)).err().unwrap_or_else(|| panic!("{kind}: 2e6 accepted"));
            assert!(e.starts_with("behaviours[0].weight: must be <= 1000000, got 2000000"), "{kind}: {e}");
        }
    }

    /// Steering I's three arrows for an agent at (100, 100) moving (30, 40) that wants (80, 0), at
    /// 0.6 s: the velocity to (118, 124); the desired velocity to (148, 100); the steer (50, −40)
    /// (|·| = 64 < 192) from the velocity's tip (118, 124) to (148, 100). With max_force 32 the
    /// steer is truncated to (25, −20): from (118, 124) to (133, 112).
    #[test]
    fn draw_steering_by_hand() {
        use super::testing::{assert_drawn, hand_agents, items, sim_with, D};
        let agents = hand_agents(&[((100.0, 100.0), (30.0, 40.0))]);
        let (p, tip) = (Vec2::new(100.0, 100.0), Vec2::new(118.0, 124.0));
        for (motion, end) in
            [("", Vec2::new(148.0, 100.0)), (r#""motion": {"max_force": 32}"#, Vec2::new(133.0, 112.0))]
        {
            let s = sim_with("[]", &agents, motion);
            let mut list = DrawList::new();
            s.with_view(|v| draw_steering(&mut list, &v.agents[0], Vec2::new(80.0, 0.0)));
            assert_drawn(
                &items(&list),
                &[
                    (Style::SteerVelocity, D::Arrow(p, tip)),
                    (Style::DesiredVelocity, D::Arrow(p, Vec2::new(148.0, 100.0))),
                    (Style::SteerForce, D::Arrow(tip, end)),
                ],
            );
        }
    }

    /// The flocking form of `separate` weighs each neighbour by 1/d: agent 0 at rest at (100, 100)
    /// with neighbours 5 px to its left and 15 px below sums (1, 0)/5 + (0, −1)/15 = (0.2, −0.0667),
    /// so it steers at full speed along (0.9487, −0.3162): (75.89, −25.30) (under max_force).
    #[test]
    fn the_flocking_separation_weighs_by_the_inverse_distance() {
        use super::testing::{hand_agents, sim_with};
        let agents =
            hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((95.0, 100.0), (0.0, 0.0)), ((100.0, 115.0), (0.0, 0.0))]);
        let s = sim_with("[]", &agents, "");
        let (f, n, sum) = s.with_force_ctx(|ctx| separate(ctx, 0, None, 20.0, SepForm::Flocking)).unwrap();
        assert_eq!(n, 2);
        assert!((sum - Vec2::new(0.2, -1.0 / 15.0)).length() < 1e-6, "{sum}");
        let want = Vec2::new(3.0, -1.0) / 10f32.sqrt() * 80.0;
        assert!((f - want).length() < 1e-3, "{f} vs {want}");
    }

    /// Half a pixel away a neighbour pushes with (−1, 0)/0.5 = (−2, 0), more than 1 in a component:
    /// the mean over the one neighbour is still (−2, 0), and agent 0 at rest steers at full speed
    /// away, (−80, 0).
    #[test]
    fn a_very_near_neighbour_pushes_at_full_speed() {
        use super::testing::{hand_agents, sim_with};
        let s = sim_with("[]", &hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((100.5, 100.0), (0.0, 0.0))]), "");
        let (f, n, sum) = s.with_force_ctx(|ctx| separate(ctx, 0, None, 20.0, SepForm::Flocking)).unwrap();
        assert_eq!((n, sum), (1, Vec2::new(-2.0, 0.0)));
        assert!((f - Vec2::new(-80.0, 0.0)).length() < 1e-4, "{f}");
    }

    /// tie_dir by hand, with A = 0x9E37_79B9_7F4A_7C15 and B = 0xC2B2_AE3D_27D4_EB4F:
    /// - (0, 1): h = 0·A ^ 1·B = 0xC2B2_AE3D_27D4_EB4F; its top 24 bits 0xC2B2AE = 12759726 are
    ///   12759726/2²⁴ = 0.76054 of a turn, 273.794°: (cos, sin) = (0.06617, −0.99781);
    /// - (2, 5): 2·A = 0x3C6E_F372_FE94_F82A, 5·B = 0xCD7D_6731_C728_988B (mod 2⁶⁴), h = their xor
    ///   0xF113_9443_39BC_60A1, top 0xF11394 = 15799188 → 0.94170 of a turn, 339.014°:
    ///   (0.93367, −0.35814).
    ///
    /// The lower index first gives that direction, the other order its opposite.
    #[test]
    fn tie_dir_by_hand() {
        for ((i, j), want) in [((0, 1), Vec2::new(0.06617, -0.99781)), ((2, 5), Vec2::new(0.93367, -0.35814))] {
            assert!((tie_dir(i, j) - want).length() < 2e-5, "{i} {j}: {}", tie_dir(i, j));
            assert!((tie_dir(j, i) + want).length() < 2e-5, "{j} {i}: {}", tie_dir(j, i));
        }
    }

    /// Two agents exactly TIE_DIST = 0.001 px apart (x = 0 and x = 0.001) count as coincident: the
    /// push is along `tie_dir`, not along their offset (−1, 0), with the flocking form's full
    /// desired speed 80.
    #[test]
    fn agents_tie_dist_apart_count_as_coincident() {
        use super::testing::{hand_agents, sim_with};
        let s = sim_with("[]", &hand_agents(&[((0.0, 100.0), (0.0, 0.0)), ((0.001, 100.0), (0.0, 0.0))]), "");
        let d = s.with_view(|v| v.world.delta(v.agents[0].position, v.agents[1].position));
        assert_eq!(d.length(), TIE_DIST, "the case needs the distance to be exactly TIE_DIST");
        let (f, _, _) = s.with_force_ctx(|ctx| separate(ctx, 0, None, 20.0, SepForm::Flocking)).unwrap();
        assert!((f - tie_dir(0, 1) * 80.0).length() < 1e-3, "{f} vs {}", tie_dir(0, 1) * 80.0);
    }

    /// Behaviours that do not handle the pointer change nothing: with `"interaction": "pointer"`, a
    /// move without dragging over seek and separation is not worth a redraw (seek only follows
    /// drags), a click is (seek's target moves).
    #[test]
    fn a_behaviour_without_pointer_handling_ignores_the_pointer() {
        use super::testing::{hand_agents, sim_with};
        use crate::pointer::Pointer;
        let sc = r#"[{"type": "separation"}, {"type": "seek", "target": [200, 200]}]"#;
        let mut s = sim_with(sc, &hand_agents(&[((100.0, 100.0), (0.0, 0.0))]), r#""interaction": "pointer""#);
        assert!(!s.pointer_event(Pointer::Move(Vec2::new(50.0, 50.0)), false));
        assert!(s.pointer_event(Pointer::Down(Vec2::new(50.0, 50.0)), false));
    }

    /// The readout is the first behaviour's that has one: separation has none, so a flock of
    /// separation alone reads as the flock (kind "flock", its agents), and separation then seek as
    /// seek.
    #[test]
    fn the_readout_is_the_first_behaviours_that_has_one() {
        use super::testing::{hand_agents, sim_with};
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0)), ((300.0, 100.0), (0.0, 0.0))]);
        let r = sim_with(r#"[{"type": "separation"}]"#, &agents, "").readout();
        assert_eq!((r.kind, r.get("agents")), ("flock", Some(Val::Int(2))));
        let r = sim_with(r#"[{"type": "separation"}, {"type": "seek"}]"#, &agents, "").readout();
        assert_eq!(r.kind, "seek");
    }

    /// Without a behaviour that queries neighbours no neighbour grid is built (queries scan
    /// everyone); queue's queries get one.
    #[test]
    fn a_neighbour_grid_only_for_behaviours_that_query_neighbours() {
        use super::testing::{hand_agents, sim_with};
        let agents = hand_agents(&[((100.0, 100.0), (0.0, 0.0))]);
        for (sc, grid) in [
            (r#"[{"type": "separation"}, {"type": "seek"}, {"type": "wander"}]"#, false),
            (r#"[{"type": "queue", "goal": [300, 100]}]"#, true),
        ] {
            assert_eq!(sim_with(sc, &agents, "").with_force_ctx(|ctx| ctx.nb.is_some()), grid, "{sc}");
        }
    }

    /// A behaviour that is not an object is refused with what was expected: serde's "invalid
    /// type" message ends with the visitor's `expecting`, `a behaviour object {"type": …}`.
    #[test]
    fn a_behaviour_must_be_an_object() {
        let doc =
            r#"{"name": "t", "world": {"width": 400, "height": 400}, "agents": {"count": 1}, "behaviours": ["seek"]}"#;
        let e = crate::scenario::parse(doc).unwrap_err();
        assert_eq!(e, r#"behaviours[0]: invalid type: string "seek", expected a behaviour object {"type": …}"#);
    }

    #[test]
    fn tints_fold_like_the_old_tags() {
        // Later behaviours override; `IfNone` only fills an empty tint (seek_food after flee).
        assert_eq!(Tint::Set(Style::Evading).onto(None), Some(Style::Evading));
        assert_eq!(Tint::IfNone(Style::Arriving).onto(Some(Style::Evading)), Some(Style::Evading));
        assert_eq!(Tint::IfNone(Style::Arriving).onto(None), Some(Style::Arriving));
        assert_eq!(Tint::Keep.onto(Some(Style::Braking)), Some(Style::Braking));
        assert_eq!(Tint::Set(Style::Braking).onto(Some(Style::Evading)), Some(Style::Braking));
    }
}

/// Helpers for the behaviours' own tests: a small world with hand-placed agents, and the force the
/// next step applies to one of them.
#[cfg(test)]
pub(crate) mod testing {
    use super::Layer;
    use crate::draw::Overlay;
    use crate::draw::Overlays;
    use crate::draw::{DrawList, Shape, Style};
    use crate::Sim;
    use glam::Vec2;

    /// ((x, y), (vx, vy)).
    pub type Placed = ((f32, f32), (f32, f32));

    /// `[{"position": [x, y], "velocity": [vx, vy]}, …]`.
    pub fn hand_agents(list: &[Placed]) -> String {
        let items: Vec<String> = list
            .iter()
            .map(|((x, y), (vx, vy))| format!(r#"{{"position": [{x}, {y}], "velocity": [{vx}, {vy}]}}"#))
            .collect();
        format!("[{}]", items.join(", "))
    }

    /// A 400×400 wrapping world (max_speed 80, max_force 192) with these behaviours and agents,
    /// plus `extra` top-level fields (`"obstacles": […]`, `"path": {…}`).
    pub fn sim_in(behaviours: &str, agents: &str, extra: &str, world: &str) -> Sim {
        let extra = if extra.is_empty() { String::new() } else { format!(", {extra}") };
        let text = format!(
            r#"{{"name": "t", "world": {world}, "seed": 1, "agents": {agents}, "behaviours": {behaviours}{extra}}}"#
        );
        Sim::from_json(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    pub fn sim_with(behaviours: &str, agents: &str, extra: &str) -> Sim {
        sim_in(behaviours, agents, extra, r#"{"width": 400, "height": 400, "edges": "wrap"}"#)
    }

    /// The force the next step applies to agent `i` (after the final truncation to max_force).
    pub fn force_of(behaviours: &str, agents: &str, i: usize) -> Vec2 {
        sim_with(behaviours, agents, "").force_on(i)
    }

    pub fn force_of_in(behaviours: &str, agents: &str, i: usize, world: &str) -> Vec2 {
        sim_in(behaviours, agents, "", world).force_on(i)
    }

    pub fn force_with_scene(behaviours: &str, agents: &str, i: usize, extra: &str) -> Vec2 {
        sim_with(behaviours, agents, extra).force_on(i)
    }

    pub fn force_with_pointer(behaviours: &str, agents: &str, i: usize, pointer: Vec2) -> Vec2 {
        let mut s = sim_with(behaviours, agents, "");
        s.pointer = Some(pointer);
        s.force_on(i)
    }

    /// A drawn shape with its points and text read out of the list, to compare by value.
    #[derive(Clone, Debug, PartialEq)]
    pub enum D {
        Agent(Vec2, Vec2, f32),
        Circle(Vec2, f32),
        Disc(Vec2, f32),
        Rect(Vec2, Vec2),
        Line(Vec2, Vec2),
        Arrow(Vec2, Vec2),
        Poly(Vec<Vec2>, bool),
        Text(Vec2, String),
    }

    /// The list's commands in order, as (style, shape).
    pub fn items(list: &DrawList) -> Vec<(Style, D)> {
        list.cmds
            .iter()
            .map(|c| {
                let d = match c.shape {
                    Shape::Agent { pos, dir, size } => D::Agent(pos, dir, size),
                    Shape::Circle { c, r } => D::Circle(c, r),
                    Shape::Disc { c, r } => D::Disc(c, r),
                    Shape::Rect { min, max } => D::Rect(min, max),
                    Shape::Line { a, b } => D::Line(a, b),
                    Shape::Arrow { from, to } => D::Arrow(from, to),
                    Shape::Polyline { start, len, closed } => D::Poly(list.points_of(start, len).to_vec(), closed),
                    Shape::Text { at, start, len, .. } => D::Text(at, list.text_of(start, len).to_string()),
                };
                (c.style, d)
            })
            .collect()
    }

    /// What the scenario's behaviours draw into `layer` (nothing else of the frame).
    pub fn drawn(s: &Sim, layer: Layer) -> Vec<(Style, D)> {
        let mut list = DrawList::new();
        s.with_view(|v| {
            for (b, st) in v.behaviours.iter().zip(s.states()) {
                b.draw(st, v, layer, &mut list);
            }
        });
        items(&list)
    }

    /// What the behaviours draw for the selected agent `i` with these overlays on.
    pub fn drawn_selected(s: &Sim, i: usize, ov: &[Overlay]) -> Vec<(Style, D)> {
        let mut list = DrawList::new();
        s.with_view(|v| {
            for (b, st) in v.behaviours.iter().zip(s.states()) {
                b.draw_selected(st, v, i, Overlays::from_list(ov), &mut list);
            }
        });
        items(&list)
    }

    /// Every overlay switch but `off`.
    pub fn all_but(off: Overlay) -> Vec<Overlay> {
        Overlays::ALL.iter().copied().filter(|&o| o != off).collect()
    }

    fn numbers(d: &D) -> (u8, Vec<f32>, String) {
        let v = |p: &Vec2| [p.x, p.y];
        match d {
            D::Agent(p, q, r) => (0, [v(p).as_slice(), &v(q), &[*r]].concat(), String::new()),
            D::Circle(p, r) => (1, [v(p).as_slice(), &[*r]].concat(), String::new()),
            D::Disc(p, r) => (2, [v(p).as_slice(), &[*r]].concat(), String::new()),
            D::Rect(p, q) => (3, [v(p), v(q)].concat(), String::new()),
            D::Line(p, q) => (4, [v(p), v(q)].concat(), String::new()),
            D::Arrow(p, q) => (5, [v(p), v(q)].concat(), String::new()),
            D::Poly(ps, closed) => (6 + *closed as u8, ps.iter().flat_map(v).collect(), String::new()),
            D::Text(p, t) => (8, v(p).to_vec(), t.clone()),
        }
    }

    /// `got` is `want`, shape by shape in order: the same styles and kinds of shape, the same
    /// number of points, every coordinate within 1e-3 (relative beyond 1).
    #[track_caller]
    pub fn assert_drawn(got: &[(Style, D)], want: &[(Style, D)]) {
        let same = got.len() == want.len()
            && got.iter().zip(want).all(|((gs, gd), (ws, wd))| {
                let ((gk, gn, gt), (wk, wn, wt)) = (numbers(gd), numbers(wd));
                gs == ws
                    && gk == wk
                    && gt == wt
                    && gn.len() == wn.len()
                    && gn.iter().zip(&wn).all(|(a, b)| (a - b).abs() <= 1e-3 * b.abs().max(1.0))
            });
        assert!(same, "drawn:\n{got:#?}\nwanted:\n{want:#?}");
    }

    /// draw_steering's three arrows for an agent at `p` moving at `vel` with `desired`, worked out
    /// by its definition (STEER_SCALE 0.6): the velocity from `p`, the desired velocity from `p`,
    /// and `desired − vel` from the velocity's tip (the cases here keep it under max_force 192, so
    /// it is not truncated).
    pub fn steering(p: Vec2, vel: Vec2, desired: Vec2) -> [(Style, D); 3] {
        assert!((desired - vel).length() <= 192.0, "a case that truncates the steer: work it out by hand");
        let tip = p + vel * 0.6;
        [
            (Style::SteerVelocity, D::Arrow(p, tip)),
            (Style::DesiredVelocity, D::Arrow(p, p + desired * 0.6)),
            (Style::SteerForce, D::Arrow(tip, tip + (desired - vel) * 0.6)),
        ]
    }
}
