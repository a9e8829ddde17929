//! Builds a frame's draw list from the simulation: agents, then the overlays the scenario and the
//! user's toggles ask for. Scratch buffers live in the [`Renderer`] so a frame does not allocate once
//! they have grown.

use super::draw::{DrawList, Style};
use super::engine::{Sim, TAG_ARRIVING, TAG_AVOIDING, TAG_BRAKING, TAG_EVADING, TAG_FEEDING, TAG_FLEEING, TAG_LEADER};
use super::grid::{Grid, QueryReport};
use super::scenario::Overlay;
use super::steer::Trace;
use super::text::Fixed;
use glam::Vec2;

/// Seconds of travel a force/velocity arrow represents (force 192 px/s² → 48 px).
pub const FORCE_SCALE: f32 = 0.25;
pub const VELOCITY_SCALE: f32 = 0.4;

/// A set of overlays (bit per [`Overlay`] variant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overlays(pub u32);

impl Overlays {
    pub const ALL: [Overlay; 10] = [
        Overlay::Perception,
        Overlay::SepDist,
        Overlay::Velocity,
        Overlay::Forces,
        Overlay::Grid,
        Overlay::SpatialHash,
        Overlay::Neighbours,
        Overlay::MeanHeading,
        Overlay::Centroid,
        Overlay::Chart,
    ];
    fn bit(o: Overlay) -> u32 {
        1 << (Self::ALL.iter().position(|&x| x == o).unwrap_or(31) as u32)
    }
    pub fn from_list(list: &[Overlay]) -> Self {
        Overlays(list.iter().fold(0, |acc, &o| acc | Self::bit(o)))
    }
    pub fn has(&self, o: Overlay) -> bool {
        self.0 & Self::bit(o) != 0
    }
    pub fn set(&mut self, o: Overlay, on: bool) {
        if on {
            self.0 |= Self::bit(o);
        } else {
            self.0 &= !Self::bit(o);
        }
    }
}

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
        let size = sim.scenario.agent_size;
        let perception = sim.perception();

        // (No agents only after `Sim::release`: nothing to query.)
        if (ov.has(Overlay::Grid) || ov.has(Overlay::SpatialHash)) && !sim.agents.is_empty() {
            sim.query_report(
                sim.selected.unwrap_or(0).min(sim.agents.len().saturating_sub(1)),
                &mut self.grid,
                &mut self.pos,
                &mut self.report,
            );
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
            for k in 0..=g.cols {
                let x = k as f32 * g.cell.x;
                self.list.line(Style::Grid, Vec2::new(x, 0.0), Vec2::new(x, sim.world.height));
            }
            for k in 0..=g.rows {
                let y = k as f32 * g.cell.y;
                self.list.line(Style::Grid, Vec2::new(0.0, y), Vec2::new(sim.world.width, y));
            }
        }

        if ov.has(Overlay::Chart) {
            self.record_chart(sim);
            self.draw_chart(sim);
        }
        for &(c, r) in &sim.obstacles {
            self.list.disc(Style::Obstacle, c, r);
        }
        for &f in &sim.food {
            self.list.disc(Style::Food, f, 4.0);
        }
        // steering-iv: path and tube, queue goal, leader zones (under the agents).
        super::path::draw_under(&mut self.list, sim);
        super::queue::draw_under(&mut self.list, sim);
        super::leader::draw_under(&mut self.list, sim);

        // Agents.
        if ov.has(Overlay::SpatialHash) && !sim.agents.is_empty() {
            let me = sim.selected.unwrap_or(0).min(sim.agents.len() - 1);
            // Mark checked agents with a scratch flag vector held in `pos` (x = 1 when checked).
            self.pos.clear();
            self.pos.resize(sim.agents.len(), Vec2::ZERO);
            for &j in &self.report.checked {
                self.pos[j].x = 1.0;
            }
            for (i, a) in sim.agents.iter().enumerate() {
                let style = if i == me {
                    continue;
                } else if self.pos[i].x > 0.0 {
                    Style::Checked
                } else {
                    Style::Other
                };
                self.list.agent(style, a.position, a.heading, size);
            }
            let a = &sim.agents[me];
            self.list.circle(Style::Perception, a.position, perception);
            self.list.agent(Style::SelfAgent, a.position, a.heading, size * 1.4);
        } else if !sim.raster_agents() {
            // (With `raster_agents()` the shell draws the agents as pixels, `sim::raster`.)
            for (i, a) in sim.agents.iter().enumerate() {
                let style = match sim.aux[i].tag {
                    TAG_FLEEING => Style::Evading,
                    TAG_AVOIDING => Style::Braking,
                    TAG_FEEDING => Style::Arriving,
                    TAG_ARRIVING => Style::Arriving,
                    TAG_EVADING => Style::Evading,
                    TAG_BRAKING => Style::Braking,
                    TAG_LEADER => Style::Leader,
                    _ => Style::Agent,
                };
                let sz = if style == Style::Leader { size * 1.5 } else { size };
                if Some(i) != sim.selected {
                    self.list.agent(style, a.position, a.heading, sz);
                }
            }
        }

        // steering-iv: queue cones, tube prediction / projection / correction (over the agents).
        super::queue::draw_over(&mut self.list, sim);
        super::path::draw_over(&mut self.list, sim);

        if ov.has(Overlay::Velocity) {
            for a in &sim.agents {
                self.list.arrow(Style::Velocity, a.position, a.position + a.velocity * VELOCITY_SCALE);
            }
        }

        if let Some(p) = sim.pointer {
            if sim
                .scenario
                .behaviours
                .iter()
                .any(|b| matches!(b, super::scenario::Behaviour::FleePointer(f) if f.enabled))
            {
                self.list.circle(Style::Pointer, p, 10.0);
            }
        }

        if !ov.has(Overlay::SpatialHash) {
            if let Some(i) = sim.selected.filter(|&i| i < sim.agents.len()) {
                self.selected_overlays(sim, i, ov);
            }
        }
        &self.list
    }

    /// Keep the latest measured grid checks per agent count (once per simulated step).
    fn record_chart(&mut self, sim: &Sim) {
        if sim.steps == 0 || sim.steps == self.chart_step || sim.stats.checks == 0 {
            return;
        }
        self.chart_step = sim.steps;
        let n = sim.agents.len() as u32;
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
        let (w, h) = (sim.world.width, sim.world.height);
        let size = Vec2::new((w * 0.3).clamp(120.0, 260.0), (h * 0.28).clamp(70.0, 150.0));
        let max = Vec2::new(w - 8.0, h - 8.0);
        let min = max - size;
        self.list.rect(Style::ChartFrame, min, max);
        let n_max = self.chart.last().map_or(0, |c| c.0).max(sim.agents.len() as u32).max(2) as f32;
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
        self.list.label(Style::Label, Vec2::new(min.x + 6.0, min.y + 8.0), "checks per step vs n");
    }

    /// One line summarising the scenario's key metric, for the readout under the canvas.
    pub fn headline(&self, sim: &Sim, ov: Overlays, es: bool) -> String {
        let n = sim.agents.len() as u64;
        let naive = n * n.saturating_sub(1);
        if ov.has(Overlay::SpatialHash) {
            let ratio = if sim.stats.checks > 0 { naive as f64 / sim.stats.checks as f64 } else { 0.0 };
            let (me, flock, fewer) =
                if es { ("yo", "toda la bandada", "menos") } else { ("self", "whole flock", "fewer") };
            return format!(
                "{me}: {} distance checks (naive: {}) · {flock}: {} checks this step vs naive n·(n−1) = {} → {}× {fewer}",
                self.report.checks,
                n.saturating_sub(1),
                sim.stats.checks,
                naive,
                Fixed(ratio, 1)
            );
        }
        // steering-iv scenarios report their own measures.
        if let Some(h) = super::queue::headline(sim, es)
            .or_else(|| super::path::headline(sim, es))
            .or_else(|| super::leader::headline(sim, es))
        {
            return h;
        }
        let (pol, checks) = sim.metrics_light();
        let mean_n = if n > 0 { sim.stats.neighbours as f64 / n as f64 } else { 0.0 };
        let (pol, mean_n) = (Fixed(pol as f64, 2), Fixed(mean_n, 1));
        let mut s = if es {
            format!("{n} agentes · polarización {pol} · vecinos medios {mean_n} · {checks} comprobaciones/paso")
        } else {
            format!("{n} agents · polarisation {pol} · mean neighbours {mean_n} · {checks} distance checks/step")
        };
        if !sim.food.is_empty() || sim.eaten > 0 {
            s.push_str(&format!(" · {} {}", if es { "comida comida" } else { "food eaten" }, sim.eaten));
        }
        s
    }

    fn selected_overlays(&mut self, sim: &Sim, i: usize, ov: Overlays) {
        let a = sim.agents[i];
        let rules = *sim.rules();
        if ov.has(Overlay::Perception) {
            self.list.circle(Style::Perception, a.position, sim.perception());
        }
        if ov.has(Overlay::SepDist) {
            if let Some((_, sd)) = rules.separation {
                self.list.circle(Style::SepDist, a.position, sd);
            }
        }
        let need_neigh = ov.has(Overlay::Neighbours)
            || ov.has(Overlay::MeanHeading)
            || ov.has(Overlay::Centroid)
            || ov.has(Overlay::SepDist);
        if need_neigh && rules.any() {
            let r = rules.radius();
            let mut mean_v = Vec2::ZERO;
            let mut cen = Vec2::ZERO;
            let mut k = 0;
            for (j, b) in sim.agents.iter().enumerate() {
                if j == i {
                    continue;
                }
                let d = sim.world.delta(a.position, b.position);
                let d2 = d.length_squared();
                if d2 < r * r {
                    mean_v += b.velocity;
                    cen += d;
                    k += 1;
                    if ov.has(Overlay::Neighbours) {
                        self.list.line(Style::Neighbour, a.position, a.position + d);
                    }
                    if ov.has(Overlay::SepDist) {
                        if let Some((_, sd)) = rules.separation {
                            if d2 < sd * sd && d2 > 0.0 {
                                // The repulsion this neighbour contributes: normalize(self − n)/d, scaled for display.
                                let push = -d / d2 * 400.0;
                                self.list.arrow(
                                    Style::ForceSeparation,
                                    a.position,
                                    a.position + push.clamp_length_max(40.0),
                                );
                            }
                        }
                    }
                }
            }
            if k > 0 {
                if ov.has(Overlay::MeanHeading) {
                    let m = (mean_v / k as f32).normalize_or_zero() * 40.0;
                    self.list.arrow(Style::MeanHeading, a.position, a.position + m);
                }
                if ov.has(Overlay::Centroid) {
                    let c = a.position + cen / k as f32;
                    self.list.disc(Style::Centroid, c, 4.0);
                    self.list.line(Style::Centroid, a.position, c);
                }
            }
        }
        if ov.has(Overlay::Forces) {
            let total = sim.trace(i, &mut self.trace);
            let legend_x = 10.0;
            let mut legend_y = 16.0;
            let rows = self.trace.items.len() as f32 + 1.0;
            self.list.rect(Style::ChartFrame, Vec2::new(4.0, 6.0), Vec2::new(legend_x + 200.0, 12.0 + rows * 14.0));
            for k in 0..self.trace.items.len() {
                let c = self.trace.items[k];
                let style = match c.rule {
                    "separation" => Style::ForceSeparation,
                    "alignment" => Style::ForceAlignment,
                    "cohesion" => Style::ForceCohesion,
                    _ => Style::ForceOther,
                };
                // Raw force thin (Line), weighted force as an arrow.
                self.list.line(style, a.position, a.position + c.raw * FORCE_SCALE);
                self.list.arrow(style, a.position, a.position + c.raw * c.weight * FORCE_SCALE);
                self.list.line(style, Vec2::new(legend_x, legend_y), Vec2::new(legend_x + 14.0, legend_y));
                let mut buf = [0u8; 64];
                let text = fmt_legend(&mut buf, c.rule, c.weight, (c.raw * c.weight).length());
                self.list.label(Style::Label, Vec2::new(legend_x + 18.0, legend_y), text);
                legend_y += 14.0;
            }
            self.list.arrow(Style::ForceTotal, a.position, a.position + total * FORCE_SCALE);
            self.list.line(Style::ForceTotal, Vec2::new(legend_x, legend_y), Vec2::new(legend_x + 14.0, legend_y));
            self.list.label(Style::Label, Vec2::new(legend_x + 18.0, legend_y), "total (truncated to max_force)");
        }
        self.list.agent(Style::Selected, a.position, a.heading, sim.scenario.agent_size * 1.3);
    }
}

/// "separation ×1.5 = 123" without allocating. (Through `fmt::Write` on the buffer: `std::io`'s
/// `Cursor` linked std's I/O error texts into the wasm module.)
fn fmt_legend<'b>(buf: &'b mut [u8; 64], rule: &'b str, w: f32, mag: f32) -> &'b str {
    struct Buf<'a> {
        buf: &'a mut [u8],
        len: usize,
    }
    impl std::fmt::Write for Buf<'_> {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            let end = self.len + s.len();
            if end > self.buf.len() {
                return Err(std::fmt::Error);
            }
            self.buf[self.len..end].copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }
    let mut b = Buf { buf: &mut buf[..], len: 0 };
    let _ =
        std::fmt::Write::write_fmt(&mut b, format_args!("{rule} ×{} → {}", Fixed(w as f64, 2), Fixed(mag as f64, 0)));
    let n = b.len;
    std::str::from_utf8(&buf[..n]).unwrap_or("")
}
