//! The rules parsing cannot express (finite numbers, positive radii, caps, rules across fields),
//! each failed one named by its field path.

use super::{
    read_text, Agents, ControlKind, NeighbourQuery, Scenario, MAX_AGENTS, MAX_AGENT_SIZE, MAX_CONTROLS, MAX_FORCE,
    MAX_SPEED, MAX_WEIGHT, MAX_WORLD,
};
use crate::behaviours::FlockRule;
use crate::check::{collect, fail, fmt_f64, fmt_num, Check, MAX_LIST};
use crate::param_path::Params;
use crate::text::list32;
use crate::world::Edges;

impl Scenario {
    /// Rules that parsing cannot express: finite numbers, positive radii and speeds, caps. The
    /// first mistake ([`Scenario::mistakes`] has them all).
    pub fn validate(&self) -> Result<(), String> {
        self.mistakes().into_iter().next().map_or(Ok(()), Err)
    }

    /// Every mistake [`Scenario::validate`] finds, in order, each named by its field path.
    pub fn mistakes(&self) -> Vec<String> {
        collect(|| self.checks())
    }

    /// The rules, each mistake noted through [`fail`] (a [`Check`]'s too) for [`collect`].
    fn checks(&self) -> Result<(), String> {
        for (k, t) in self.overlays_off.iter().enumerate() {
            if !self.behaviours.iter().any(|b| b.kind() == t) {
                let have: Vec<&str> = self.behaviours.iter().map(|b| b.kind()).collect();
                fail(format!(
                    "overlays_off[{k}]: \"{}\" is not the type of a behaviour of this scenario (its behaviours: {})",
                    t.chars().take(40).collect::<String>(),
                    if have.is_empty() { "none".to_string() } else { crate::text::names(&have) }
                ))?;
            }
        }
        let w = Check { path: "world" };
        w.positive("width", self.world.width)?;
        w.positive("height", self.world.height)?;
        w.at_most("width", self.world.width, MAX_WORLD)?;
        w.at_most("height", self.world.height, MAX_WORLD)?;
        w.non_negative("margin", self.world.margin)?;

        let m = Check { path: "motion" };
        m.positive("max_speed", self.motion.max_speed)?;
        m.at_most("max_speed", self.motion.max_speed, MAX_SPEED)?;
        m.non_negative("max_force", self.motion.max_force)?;
        m.at_most("max_force", self.motion.max_force, MAX_FORCE)?;
        m.non_negative("min_speed", self.motion.min_speed)?;
        if self.motion.min_speed > self.motion.max_speed {
            fail(format!(
                "motion.min_speed: must be <= motion.max_speed ({}), got {}",
                fmt_num(self.motion.max_speed),
                fmt_num(self.motion.min_speed)
            ))?;
        }
        Check { path: "" }.positive("agent_size", self.agent_size)?;
        // The selected agent is drawn 1.4× larger: f32::MAX overflowed to an infinite size.
        Check { path: "" }.at_most("agent_size", self.agent_size, MAX_AGENT_SIZE)?;

        match &self.agents {
            Agents::Spawn(s) => {
                if s.count == 0 {
                    fail("agents.count: must be at least 1, got 0".into())?;
                }
                if s.count > MAX_AGENTS {
                    fail(format!("agents.count: must be at most {MAX_AGENTS}, got {}", s.count))?;
                }
                let c = Check { path: "agents" };
                if let Some(a) = s.area {
                    for (k, v) in a.iter().enumerate() {
                        c.finite(&format!("area[{k}]"), *v)?;
                    }
                    if a[2] < a[0] || a[3] < a[1] {
                        fail(format!(
                            "agents.area: must be [x0, y0, x1, y1] with x0 <= x1 and y0 <= y1, got {}",
                            list32(&a)
                        ))?;
                    }
                }
                if let Some(v) = s.speed {
                    c.non_negative("speed", v)?;
                }
            }
            Agents::List(l) => {
                if l.is_empty() {
                    fail("agents: the list must name at least one agent".into())?;
                }
                if l.len() > MAX_AGENTS {
                    fail(format!("agents: at most {MAX_AGENTS} agents, got {}", l.len()))?;
                }
                for (i, a) in l.iter().enumerate() {
                    let p = format!("agents[{i}]");
                    let c = Check { path: &p };
                    c.point("position", a.position)?;
                    c.point("velocity", a.velocity)?;
                }
            }
        }

        if self.behaviours.len() > 64 {
            fail(format!("behaviours: at most 64, got {}", self.behaviours.len()))?;
        }
        let mut flock_seen: [Option<usize>; 3] = [None; 3];
        for (i, b) in self.behaviours.iter().enumerate() {
            let p = format!("behaviours[{i}]");
            b.validate(&Check { path: &p }, &self.setup()).or_else(fail)?;
            // The flocking rules share one neighbour pass: each may appear once.
            let slot = match b.flock_rule() {
                Some(FlockRule::Separation { .. }) => Some(0),
                Some(FlockRule::Alignment { .. }) => Some(1),
                Some(FlockRule::Cohesion { .. }) => Some(2),
                None => None,
            };
            if let Some(k) = slot {
                if let Some(first) = flock_seen[k] {
                    fail(format!(
                        "{p}: a second `{}` (the first is behaviours[{first}]); the flocking rules share one neighbour pass, so list each at most once",
                        b.kind()
                    ))?;
                }
                flock_seen[k] = Some(i);
            }
        }
        // Every behaviour's `weight` (`Behaviour::weight` matches them all, so new behaviours are
        // covered): weight × force must stay finite in f32, or the weighted sum overflows and the
        // force is lost.
        for (i, b) in self.behaviours.iter().enumerate() {
            Check { path: &format!("behaviours[{i}]") }.at_most("weight", b.weight(), MAX_WEIGHT)?;
        }
        if self.obstacles.len() > MAX_LIST {
            fail(format!("obstacles: at most {MAX_LIST}, got {}", self.obstacles.len()))?;
        }
        for (i, o) in self.obstacles.iter().enumerate() {
            let p = format!("obstacles[{i}]");
            let c = Check { path: &p };
            c.point("center", o.center)?;
            c.positive("radius", o.radius)?;
        }
        if self.food.len() > MAX_LIST {
            fail(format!("food: at most {MAX_LIST}, got {}", self.food.len()))?;
        }
        for (i, f) in self.food.iter().enumerate() {
            Check { path: "food" }.point(&format!("[{i}]"), *f)?;
        }
        crate::path::validate_path(self.path.as_ref()).or_else(fail)?;
        if self.engine.is_fast() {
            if self.world.edges != Edges::Wrap {
                let got = serde_json::to_string(&self.world.edges).unwrap_or_default();
                fail(format!("world.edges: the fast engine needs \"wrap\", got {got}"))?;
            }
            if self.neighbours != NeighbourQuery::Grid {
                fail("neighbours: the fast engine has its own grid; use \"grid\", got \"naive\"".into())?;
            }
            for (i, b) in self.behaviours.iter().enumerate() {
                if b.flock_rule().is_none() {
                    fail(format!(
                        "behaviours[{i}]: the fast engine runs only separation, alignment and cohesion, got {}",
                        b.kind()
                    ))?;
                }
            }
        }
        if let Some(s) = self.selected {
            if s >= self.agents.count() {
                fail(format!("selected: no agent {s} (there are {})", self.agents.count()))?;
            }
        }
        // Each control is a row of DOM elements: a scenario must not be able to ask for 40 000.
        if self.controls.len() > MAX_CONTROLS {
            fail(format!("controls: at most {MAX_CONTROLS}, got {}", self.controls.len()))?;
        }
        for (i, c) in self.controls.iter().enumerate() {
            let p = format!("controls[{i}]");
            if c.options.len() > MAX_CONTROLS {
                fail(format!("{p}.options: at most {MAX_CONTROLS}, got {}", c.options.len()))?;
            }
            if !(c.min.is_finite() && c.max.is_finite() && c.step.is_finite()) {
                fail(format!("{p}: min, max and step must be finite numbers"))?;
            }
            if c.kind == ControlKind::Slider && (c.max <= c.min || c.step <= 0.0) {
                fail(format!(
                    "{p}: a slider needs min < max and step > 0, got min {} max {} step {}",
                    fmt_f64(c.min),
                    fmt_f64(c.max),
                    fmt_f64(c.step)
                ))?;
            }
            if c.kind == ControlKind::Select && c.options.is_empty() {
                fail(format!("{p}.options: a select needs at least one option"))?;
            }
            for (field, n) in [("option_labels", c.option_labels.len()), ("option_labels_es", c.option_labels_es.len())]
            {
                if n != 0 && n != c.options.len() {
                    fail(format!("{p}.{field}: one label per option ({} options), got {n}", c.options.len()))?;
                }
            }
        }
        check_controls(self).or_else(fail)
    }
}

/// Every control names an existing parameter of the kind it edits (a slider a number, a toggle a
/// boolean, a select a string). A missing one fails with the message `set` gives for that path,
/// after the control's place: `controls[1].param: cohesion.wieght: unknown parameter`. Part of the
/// scenario's validation, so `mount`, `validate` and the parser agree.
fn check_controls(sc: &Scenario) -> Result<(), String> {
    if sc.controls.is_empty() {
        return Ok(());
    }
    let text = serde_json::to_string(sc).map_err(|e| e.to_string())?;
    let doc = Params(read_text(&text)?);
    for (k, c) in sc.controls.iter().enumerate() {
        let v = doc.get(&c.param).map_err(|e| format!("controls[{k}].param: {e}"))?;
        let (ok, want) = match c.kind {
            ControlKind::Slider => (v.is_number(), "a number (slider)"),
            ControlKind::Toggle => (v.is_boolean(), "true or false (toggle)"),
            ControlKind::Select => (v.is_string(), "a string (select)"),
        };
        if !ok {
            return Err(format!("controls[{k}].param: `{}` is not {want}", c.param));
        }
    }
    Ok(())
}
