//! Reports: the live measures of the flock ([`Metrics`]), `state()` as JSON (with what each
//! behaviour adds), and the default readout line's numbers.

use super::behaviours::{Measures, Readout, Val};
use super::draw::Overlay;
use super::engine::Sim;
use super::grid::{Grid, QueryReport};
use super::steer::{Contribution, Note, Trace};
use crate::json_path::f32v;
use crate::json_path::obj;
use crate::json_path::vec2v;
use glam::Vec2;
use serde_json::Value;

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
    /// The smallest distance between two agents (`None` with fewer than 2 agents).
    pub min_nearest: Option<f32>,
    /// Groups: agents linked by chains of neighbours within perception (0 without agents).
    pub groups: u32,
}

/// Above this many agents (or on the fast engine) [`Sim::measures`] leaves out the spacing
/// (nearest neighbours, groups).
pub const BIG_FLOCK: u64 = 5000;

/// The spacing measures of [`Sim::spacing`].
pub(crate) struct Spacing {
    mean_nearest: Option<f32>,
    min_nearest: Option<f32>,
    mean_centroid_distance: Option<f32>,
    groups: u32,
    /// The union-find forest of the groups ([`root`] of an agent is its group's first member;
    /// empty with fewer than 2 agents): `describe` places and heads each group with it.
    pub(crate) parent: Vec<u32>,
    /// Each agent's distance to its nearest other agent (empty with fewer than 2 agents): the
    /// described scene's spacing, closest pair and overlaps.
    pub(crate) nearest: Vec<f32>,
}

impl Sim {
    pub fn metrics(&self) -> Metrics {
        let n = self.agent_count();
        let sp = self.spacing();
        Metrics {
            checks: self.stats.checks,
            naive_checks: (n as u64) * (n.saturating_sub(1) as u64),
            mean_neighbours: if n > 0 { self.stats.neighbours as f32 / n as f32 } else { 0.0 },
            polarisation: self.polarisation(),
            mean_nearest: sp.mean_nearest,
            mean_centroid_distance: sp.mean_centroid_distance,
            min_nearest: sp.min_nearest,
            groups: sp.groups,
        }
    }

    /// The scenario's measures over time (`v.series()`, the chart), each also a key of
    /// `state().metrics` with the same number: its behaviours' own ([`super::behaviours::Behave::measures`]),
    /// else the spatial hash's distance checks against n·(n−1) (a scenario with its chart or
    /// overlay), else the flock's (polarisation, nearest-neighbour distance mean and min, mean
    /// neighbours, groups; on the fast engine or over [`BIG_FLOCK`] agents polarisation, mean
    /// neighbours and distance checks). Computes [`Sim::metrics`] at most once.
    pub fn measures(&self, out: &mut Measures) {
        out.clear();
        self.with_view(|v| {
            for (b, s) in self.scenario.behaviours.iter().zip(&self.states) {
                b.measures(s, v, out);
            }
        });
        if !out.is_empty() {
            return;
        }
        let n = self.agent_count() as u64;
        let ov = &self.scenario.overlays;
        if ov.contains(&Overlay::SpatialHash) || ov.contains(&Overlay::Chart) {
            out.push(("checks", Some(self.stats.checks as f32)));
            out.push(("naive_checks", Some((n * n.saturating_sub(1)) as f32)));
            return;
        }
        if n > BIG_FLOCK || self.scenario.engine.is_fast() {
            // The fast engine or a large flock (the stress scenario): what costs one pass over
            // the agents, no more (the spacing's grid pass costs a frame or more at 100 000).
            out.push(("polarisation", Some(self.polarisation())));
            out.push(("mean_neighbours", Some(self.stats.neighbours as f32 / n as f32)));
            out.push(("checks", Some(self.stats.checks as f32)));
            return;
        }
        let m = self.metrics();
        out.push(("polarisation", Some(m.polarisation)));
        out.push(("mean_nearest", m.mean_nearest));
        out.push(("min_nearest", m.min_nearest));
        out.push(("mean_neighbours", Some(m.mean_neighbours)));
        out.push(("groups", Some(m.groups as f32)));
    }

    /// |mean of the moving agents' unit velocities|.
    pub fn polarisation(&self) -> f32 {
        let mut sum = Vec2::ZERO;
        let mut moving = 0;
        for a in self.agents().iter() {
            let s = crate::num::length(a.velocity);
            if s > 1e-6 {
                sum += a.velocity / s;
                moving += 1;
            }
        }
        if moving > 0 {
            (sum / moving as f32).length()
        } else {
            0.0
        }
    }

    /// Polarisation and last step's distance checks: cheap enough for every frame.
    pub fn metrics_light(&self) -> (f32, u64) {
        (self.polarisation(), self.stats.checks)
    }

    /// Exact mean nearest-neighbour distance and mean distance to the local centroid, computed with a
    /// grid whose rings grow until the nearest agent is certainly found.
    /// Groups too: the connected parts of the graph of pairs within perception (union-find over
    /// the pairs the same queries visit).
    pub(crate) fn spacing(&self) -> Spacing {
        let agents = self.agents();
        let n = agents.len();
        if n < 2 {
            return Spacing {
                mean_nearest: None,
                min_nearest: None,
                mean_centroid_distance: None,
                groups: n as u32,
                parent: Vec::new(),
                nearest: Vec::new(),
            };
        }
        let pos: Vec<Vec2> = agents.iter().map(|a| a.position).collect();
        let r = self.perception();
        let mut grid = Grid::new();
        grid.rebuild(&self.world, r, pos.iter().copied());
        let mut nearest_sum = 0.0f64;
        let mut min2 = f32::INFINITY;
        let mut cen_sum = 0.0f64;
        let mut cen_n = 0usize;
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let mut groups = n as u32;
        let mut nearest = Vec::with_capacity(n);
        for i in 0..n {
            let mut best = f32::INFINITY;
            let mut c = Vec2::ZERO;
            let mut k = 0u32;
            grid.for_each_neighbour(&self.world, &pos, i, r, |j, d, d2| {
                best = best.min(d2);
                c += d;
                k += 1;
                if j > i {
                    let (a, b) = (root(&mut parent, i as u32), root(&mut parent, j as u32));
                    if a != b {
                        parent[a.max(b) as usize] = a.min(b);
                        groups -= 1;
                    }
                }
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
            nearest.push(best.sqrt());
            min2 = min2.min(best);
        }
        let cen = if cen_n > 0 { Some((cen_sum / cen_n as f64) as f32) } else { None };
        Spacing {
            mean_nearest: Some((nearest_sum / n as f64) as f32),
            min_nearest: Some(min2.sqrt()).filter(|d| d.is_finite()),
            mean_centroid_distance: cen,
            groups,
            parent,
            nearest,
        }
    }

    /// The spatial-hash query of agent `i` against the current positions.
    pub fn query_report(&self, i: usize, grid: &mut Grid, pos: &mut Vec<Vec2>, out: &mut QueryReport) {
        pos.clear();
        pos.extend(self.agents().iter().map(|a| a.position));
        let r = self.perception();
        grid.rebuild(&self.world, r, pos.iter().copied());
        grid.report(&self.world, pos, i, r, out);
    }

    /// The readout line's numbers: the first behaviour of the scenario that has a readout gives
    /// it, else the flock's (agents, polarisation, mean neighbours, distance checks per step, and
    /// food eaten when there is food).
    pub fn readout(&self) -> Readout {
        let own =
            self.with_view(|v| self.scenario.behaviours.iter().zip(&self.states).find_map(|(b, s)| b.readout(s, v)));
        if let Some(r) = own {
            return r;
        }
        let n = self.agent_count();
        let mean_n = if n > 0 { self.stats.neighbours as f64 / n as f64 } else { 0.0 };
        let mut r = Readout::new("flock")
            .with("agents", Val::Int(n as i64))
            .with("polarisation", Val::Num(self.polarisation() as f64, 2))
            .with("mean_neighbours", Val::Num(mean_n, 1))
            .with("checks", Val::Int(self.stats.checks as i64));
        if !self.scene.food.is_empty() || self.scene.eaten > 0 {
            r = r.with("food_eaten", Val::Int(self.scene.eaten as i64));
        }
        r
    }

    /// `state()` as JSON: time, steps, agents, metrics (and what the scene and the behaviours
    /// add). Numbers that are f32 in the core appear with their shortest decimal form (a weight of
    /// 3.2 reads 3.2, not 3.200000047683716), identically natively and in wasm.
    pub fn state_json(&self) -> Value {
        let m = self.metrics();
        let p = vec2v;
        let opt = |x: Option<f32>| x.map_or(Value::Null, f32v);
        let mut metrics = obj(vec![
            ("checks", m.checks.into()),
            ("naive_checks", m.naive_checks.into()),
            ("mean_neighbours", f32v(m.mean_neighbours)),
            ("polarisation", f32v(m.polarisation)),
            ("mean_nearest", opt(m.mean_nearest)),
            ("mean_centroid_distance", opt(m.mean_centroid_distance)),
            ("min_nearest", opt(m.min_nearest)),
            ("groups", m.groups.into()),
        ]);
        let scene = &self.scene;
        if !scene.food.is_empty() || scene.eaten > 0 {
            metrics["food_eaten"] = scene.eaten.into();
        }
        // Through text, so that the scenario's f32 fields keep their short form.
        let scenario = self.scenario_value().unwrap_or(Value::Null);
        let forces = self.last_forces();
        let agents: Vec<Value> = self
            .agents()
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let mut e = obj(vec![("position", p(a.position)), ("velocity", p(a.velocity))]);
                if let Some(&f) = forces.get(i) {
                    e["force"] = p(f);
                }
                e
            })
            .collect();
        let mut state = obj(vec![
            ("time", self.time.into()),
            ("steps", self.steps.into()),
            ("seed", self.scenario.seed.into()),
            // The random generator's state now, as text (above 2^53): what an exported moment
            // carries on from (www/code/export.js).
            ("rng", self.rng.get_seed().to_string().into()),
            ("selected", self.selected.into()),
            ("agents", agents.into()),
            (
                "obstacles",
                scene.obstacles.iter().map(|&(c, r)| obj(vec![("center", p(c)), ("radius", f32v(r))])).collect(),
            ),
            ("food", scene.food.iter().map(|&f| p(f)).collect()),
            ("metrics", metrics),
            ("scenario", scenario),
        ]);
        if let Some(spec) = &self.scenario.path {
            state["waypoints"] = scene.path.waypoints.iter().map(|&w| vec2v(w)).collect();
            state["selected_waypoint"] = scene.path.selected.into();
            state["path_mode"] = spec.mode.name().into();
        }
        self.with_view(|v| {
            for (b, s) in self.scenario.behaviours.iter().zip(&self.states) {
                b.report(s, v, &mut state);
            }
        });
        // The behaviours' measures (`v.series()`) are metrics too, where a report has not
        // written them already (with the same number, in its own precision).
        let mut own = Measures::new();
        self.with_view(|v| {
            for (b, s) in self.scenario.behaviours.iter().zip(&self.states) {
                b.measures(s, v, &mut own);
            }
        });
        for (k, x) in own {
            if state["metrics"].get(k).is_none() {
                state["metrics"][k] = opt(x);
            }
        }
        state
    }
}

/// The numbers behind one agent's next step: every contribution with what it looked at, as the
/// tutorials' pseudocode names them, and the total. Computed by the code path that steps the
/// simulation ([`Sim::trace`]), so `total` is the force the next step applies.
#[derive(Clone, Debug, PartialEq)]
pub struct Explain {
    pub agent: usize,
    pub step: u64,
    pub position: Vec2,
    pub velocity: Vec2,
    pub max_speed: f32,
    pub max_force: f32,
    pub terms: Vec<Contribution>,
    /// After the final limit to `max_force`.
    pub total: Vec2,
    /// Distance checks of the agent's flocking neighbour query (`None` without flocking rules).
    pub checked: Option<u32>,
}

impl Sim {
    /// [`Explain`] for agent `i` (`None` if there is no such agent).
    pub fn explain(&self, i: usize) -> Option<Explain> {
        let a = *self.agents().get(i)?;
        let mut trace = Trace::default();
        let (total, checked) = self.trace_checked(i, &mut trace);
        Some(Explain {
            agent: i,
            step: self.steps,
            position: a.position,
            velocity: a.velocity,
            max_speed: a.max_speed,
            max_force: a.max_force,
            terms: trace.items,
            total,
            checked,
        })
    }

    /// `explain()` of the selected agent as JSON (`null` when none is selected).
    pub fn explain_json(&self) -> Value {
        let Some(e) = self.selected.and_then(|i| self.explain(i)) else {
            return Value::Null;
        };
        let terms: Vec<Value> = e.terms.iter().map(term_json).collect();
        let mut v = obj(vec![
            ("agent", e.agent.into()),
            ("step", e.step.into()),
            ("position", vec2v(e.position)),
            ("velocity", vec2v(e.velocity)),
            ("max_speed", f32v(e.max_speed)),
            ("max_force", f32v(e.max_force)),
            ("terms", terms.into()),
            ("total", vec2v(e.total)),
        ]);
        if let Some(c) = e.checked {
            v["checked"] = c.into();
        }
        v
    }
}

/// One term of `explain()`: `{rule, weight, neighbours?, sum?, mean?, desired?, steer, weighted, …}`.
fn term_json(c: &Contribution) -> Value {
    let d = &c.detail;
    let mut t = obj(vec![("rule", c.rule.into()), ("weight", f32v(c.weight))]);
    if let Some(n) = d.neighbours {
        t["neighbours"] = n.into();
    }
    for (k, v) in [("sum", d.sum), ("mean", d.mean), ("desired", d.desired)] {
        if let Some(v) = v {
            t[k] = vec2v(v);
        }
    }
    t["steer"] = vec2v(c.raw);
    t["weighted"] = vec2v(c.raw * c.weight);
    for &(k, n) in &d.notes {
        t[k] = match n {
            Note::Point(p) => vec2v(p),
            Note::Num(x) => f32v(x),
            Note::Int(i) => i.into(),
            Note::Flag(b) => b.into(),
            Note::Index(i) => i.into(),
            Note::Word(w) => w.into(),
        };
    }
    t
}

/// The root of `i` in a union-find forest (path halving).
pub(crate) fn root(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let p = parent[parent[i as usize] as usize];
        parent[i as usize] = p;
        i = p;
    }
    i
}

#[cfg(test)]
mod tests {
    use crate::behaviours::testing::{hand_agents, sim_with};

    /// Groups by hand, perception 30 in a 400 × 400 wrapping world: a chain 0–1–2 (25 px apart:
    /// 0 and 2 are 50 px apart, joined through 1), a pair 3–4, a pair across the wrapping edge
    /// (5 at x 395, 6 at x 10: 15 px apart) and a loner 7 (a group of its own): four groups.
    #[test]
    fn groups_by_hand() {
        let still = (0.0, 0.0);
        let agents = hand_agents(&[
            ((100.0, 100.0), still),
            ((125.0, 100.0), still),
            ((150.0, 100.0), still),
            ((100.0, 300.0), still),
            ((100.0, 320.0), still),
            ((395.0, 200.0), still),
            ((10.0, 200.0), still),
            ((250.0, 250.0), still),
        ]);
        let s = sim_with(r#"[{"type": "cohesion", "perception": 30}]"#, &agents, "");
        assert_eq!(s.metrics().groups, 4);
        assert_eq!(s.state_json()["metrics"]["groups"], 4);
        // Apart by 31 px, the chain breaks: 0 alone, 1–2 at 25 px still a pair.
        let agents = hand_agents(&[((100.0, 100.0), still), ((131.0, 100.0), still), ((156.0, 100.0), still)]);
        let s = sim_with(r#"[{"type": "cohesion", "perception": 30}]"#, &agents, "");
        assert_eq!(s.metrics().groups, 2);
    }
}
