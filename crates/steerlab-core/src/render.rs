//! Builds a frame's draw list from the simulation: agents, then the overlays the scenario and the
//! user's toggles ask for. Scratch buffers live in the [`Renderer`] so a frame does not allocate once
//! they have grown.

use super::behaviours::{Layer, Readout, Val, View};
use super::draw::Overlay;
use super::draw::{DrawList, LegendRow, Style};
use super::engine::Sim;
use super::grid::{Grid, QueryReport};
use super::steer::Trace;
use crate::draw::Overlays;
use crate::draw::FORCE_SCALE;
use crate::draw::VELOCITY_SCALE;
use crate::num::clamp;
use glam::Vec2;

#[derive(Default)]
pub struct Renderer {
    pub list: DrawList,
    pub report: QueryReport,
    pub trace: Trace,
    grid: Grid,
    pos: Vec<Vec2>,
    /// Spatial-hash chart samples: (agent count, grid distance checks in a step), sorted by count.
    pub chart: Vec<(u32, u64)>,
    chart_step: u64,
}

impl Renderer {
    pub fn new() -> Self {
        Self::default()
    }

    /// Describe the current state of `sim` as a draw list.
    pub fn build(&mut self, sim: &Sim, ov: Overlays) -> &DrawList {
        self.list.clear();
        let n = sim.agent_count();
        // (No agents only after `Sim::release`: nothing to query.)
        if (ov.has(Overlay::Grid) || ov.has(Overlay::SpatialHash)) && n > 0 {
            sim.query_report(sim.selected.unwrap_or(0).min(n - 1), &mut self.grid, &mut self.pos, &mut self.report);
        }
        if ov.has(Overlay::SpatialHash) {
            let g = &self.grid;
            for &c in &self.report.cells {
                let (cx, cy) = (c % g.cols, c / g.cols);
                let min = Vec2::new(cx as f32 * g.cell.x, cy as f32 * g.cell.y);
                self.list.rect(Style::Cell, min, min + g.cell);
            }
        }
        if ov.has(Overlay::Grid) || ov.has(Overlay::SpatialHash) {
            let g = &self.grid;
            let world = sim.world();
            for k in 0..=g.cols {
                let x = k as f32 * g.cell.x;
                self.list.line(Style::Grid, Vec2::new(x, 0.0), Vec2::new(x, world.height));
            }
            for k in 0..=g.rows {
                let y = k as f32 * g.cell.y;
                self.list.line(Style::Grid, Vec2::new(0.0, y), Vec2::new(world.width, y));
            }
        }
        if ov.has(Overlay::Chart) {
            self.record_chart(sim);
            self.draw_chart(sim);
        }
        // With the agents drawn as pixels (`raster_agents`) and nothing else to draw, the agents are
        // not even read (with the fast engine that would copy them back from it every frame).
        let pixels_only = sim.raster_agents() && ov.0 == 0 && sim.selected.is_none();
        if pixels_only && sim.scene().obstacles.is_empty() && sim.scene().food.is_empty() {
            return &self.list;
        }
        sim.with_view(|v| self.frame(sim, v, ov));
        &self.list
    }

    /// The scene, the behaviours' layers, the agents and the selected agent's overlays.
    fn frame(&mut self, sim: &Sim, v: &View, ov: Overlays) {
        let sc = sim.scenario();
        let states = sim.states();
        let layer = |list: &mut DrawList, l: Layer| {
            for (b, s) in sc.behaviours.iter().zip(states) {
                if !sc.overlays_off.iter().any(|t| t == b.kind()) {
                    b.draw(s, v, l, list);
                }
            }
        };
        layer(&mut self.list, Layer::Floor);
        v.scene.draw(sc.path.as_ref(), &mut self.list);
        layer(&mut self.list, Layer::Under);

        let size = sc.agent_size;
        if ov.has(Overlay::SpatialHash) && !v.agents.is_empty() {
            let me = v.selected.unwrap_or(0).min(v.agents.len() - 1);
            // Mark checked agents with a scratch flag vector held in `pos` (x = 1 when checked).
            self.pos.clear();
            self.pos.resize(v.agents.len(), Vec2::ZERO);
            for &j in &self.report.checked {
                self.pos[j].x = 1.0;
            }
            for (i, a) in v.agents.iter().enumerate() {
                let style = if i == me {
                    continue;
                } else if self.pos[i].x > 0.0 {
                    Style::Checked
                } else {
                    Style::Other
                };
                self.list.agent(style, a.position, a.heading, size);
            }
            let a = &v.agents[me];
            self.list.circle(Style::Perception, a.position, sim.perception());
            self.list.agent(Style::SelfAgent, a.position, a.heading, size * 1.4);
        } else if !sim.raster_agents() {
            // (With `raster_agents()` the shell draws the agents as pixels, `sim::raster`.)
            for (i, a) in v.agents.iter().enumerate() {
                let style = v.tints.get(i).copied().flatten().unwrap_or(Style::Agent);
                let sz = if style == Style::Leader { size * 1.5 } else { size };
                if Some(i) != v.selected {
                    self.list.agent(style, a.position, a.heading, sz);
                }
            }
        }

        if ov.has(Overlay::Velocity) {
            for a in v.agents {
                self.list.arrow(Style::Velocity, a.position, a.position + a.velocity * VELOCITY_SCALE);
            }
        }
        layer(&mut self.list, Layer::Over);

        if !ov.has(Overlay::SpatialHash) {
            if let Some(i) = v.selected.filter(|&i| i < v.agents.len()) {
                self.selected_overlays(sim, v, i, ov);
            }
        }
    }

    /// Keep the latest measured grid checks per agent count (once per simulated step).
    fn record_chart(&mut self, sim: &Sim) {
        if sim.steps == 0 || sim.steps == self.chart_step || sim.stats.checks == 0 {
            return;
        }
        self.chart_step = sim.steps;
        let n = sim.agent_count() as u32;
        match self.chart.binary_search_by_key(&n, |&(k, _)| k) {
            Ok(k) => self.chart[k].1 = sim.stats.checks,
            Err(k) => {
                if self.chart.len() < 512 {
                    self.chart.insert(k, (n, sim.stats.checks));
                }
            }
        }
    }

    /// Checks per step against n: the naive curve n·(n−1) and the grid's measured points.
    fn draw_chart(&mut self, sim: &Sim) {
        let (w, h) = (sim.world().width, sim.world().height);
        let size = Vec2::new(clamp(w * 0.3, 120.0, 260.0), clamp(h * 0.28, 70.0, 150.0));
        let max = Vec2::new(w - 8.0, h - 8.0);
        let min = max - size;
        self.list.rect(Style::ChartFrame, min, max);
        let n_max = self.chart.last().map_or(0, |c| c.0).max(sim.agent_count() as u32).max(2) as f32;
        let y_max = n_max * (n_max - 1.0);
        let pad = Vec2::new(6.0, 16.0);
        let (x0, x1, y0, y1) = (min.x + pad.x, max.x - pad.x, max.y - 6.0, min.y + pad.y);
        let to = |n: f32, c: f32| Vec2::new(x0 + (x1 - x0) * n / n_max, y0 - (y0 - y1) * (c / y_max).min(1.0));
        self.list.polyline(
            Style::ChartNaive,
            (0..=24).map(|k| {
                let n = n_max * k as f32 / 24.0;
                to(n, n * (n - 1.0).max(0.0))
            }),
            false,
        );
        if !self.chart.is_empty() {
            let start = self.list.points.len();
            for &(n, c) in &self.chart {
                self.list.points.push(to(n as f32, c as f32));
            }
            let len = self.list.points.len() - start;
            self.list.push(
                Style::ChartGrid,
                super::draw::Shape::Polyline { start: start as u32, len: len as u32, closed: false },
            );
            for &(n, c) in &self.chart {
                self.list.disc(Style::ChartGrid, to(n as f32, c as f32), 1.8);
            }
        }
        // (Hidden on a canvas too small for it: the chart is sized in world units, text in pixels.)
        self.list.label_within(Style::Label, Vec2::new(min.x + 6.0, min.y + 8.0), CHART_TITLE, size.x - 12.0);
    }

    /// The readout line's numbers: with the spatial-hash overlay, the query of "self" against the
    /// whole flock's checks; else the simulation's own ([`Sim::readout`]).
    pub fn readout(&self, sim: &Sim, ov: Overlays) -> Readout {
        if ov.has(Overlay::SpatialHash) {
            let n = sim.agent_count() as u64;
            let naive = n * n.saturating_sub(1);
            let checks = sim.stats.checks;
            let ratio = if checks > 0 { naive as f64 / checks as f64 } else { 0.0 };
            return Readout::new("spatial_hash")
                .with("self_checks", Val::Int(self.report.checks as i64))
                .with("self_naive", Val::Int(n.saturating_sub(1) as i64))
                .with("checks", Val::Int(checks as i64))
                .with("naive", Val::Int(naive as i64))
                .with("ratio", Val::Num(ratio, 1));
        }
        sim.readout()
    }

    fn selected_overlays(&mut self, sim: &Sim, v: &View, i: usize, ov: Overlays) {
        let a = v.agents[i];
        let rules = *sim.rules();
        if ov.has(Overlay::Perception) {
            self.list.circle(Style::Perception, a.position, sim.perception());
        }
        if ov.has(Overlay::Neighbours) && rules.any() {
            let list = &mut self.list;
            v.each_within(i, rules.radius(), |_, d, _| list.line(Style::Neighbour, a.position, a.position + d));
        }
        let off = &sim.scenario().overlays_off;
        for (b, s) in v.behaviours.iter().zip(sim.states()) {
            if !off.iter().any(|t| t == b.kind()) {
                b.draw_selected(s, v, i, ov, &mut self.list);
            }
        }
        if ov.has(Overlay::Forces) {
            let total = sim.trace(i, &mut self.trace);
            for c in &self.trace.items {
                // (The behaviour that added the term chooses its style; the engine's edges are "other".)
                let by = c.by.and_then(|k| v.behaviours.get(k));
                let style = by.map_or(Style::ForceOther, |b| b.style(c.rule));
                // Raw force thin (Line), weighted force as an arrow (a rule that contributed nothing
                // this step has a legend row but no arrow).
                if c.raw != Vec2::ZERO {
                    self.list.line(style, a.position, a.position + c.raw * FORCE_SCALE);
                    self.list.arrow(style, a.position, a.position + c.raw * c.weight * FORCE_SCALE);
                }
                self.list.legend.push(LegendRow::Rule {
                    style,
                    rule: c.rule,
                    weight: c.weight,
                    magnitude: (c.raw * c.weight).length(),
                });
            }
            self.list.arrow(Style::ForceTotal, a.position, a.position + total * FORCE_SCALE);
            // (The terms' sum is what the controller truncates: when it is no longer than the total,
            // nothing was clipped and the legend does not say so.)
            let sum: Vec2 = self.trace.items.iter().map(|c| c.raw * c.weight).sum();
            let clipped = sum.length() > total.length() * 1.0001 + 1e-4;
            self.list.legend.push(LegendRow::Total { magnitude: total.length(), clipped });
        }
        // The selected agent in its own role's colour (a follower stays green or red), larger, in
        // the selection ring.
        let role = v.tints.get(i).copied().flatten().unwrap_or(Style::Agent);
        let size = sim.scenario().agent_size * if role == Style::Leader { 1.5 } else { 1.3 };
        self.list.circle(Style::Selected, a.position, size * 0.85);
        self.list.agent(role, a.position, a.heading, size);
    }
}

/// The chart's title, a catalog key the root crate translates where it paints (`lang::canvas_text`).
pub const CHART_TITLE: &str = "canvas.chart_title";
