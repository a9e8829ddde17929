//! Builds a frame's draw list from the simulation: agents, then the overlays the scenario and the
//! user's toggles ask for. Scratch buffers live in the [`Renderer`] so a frame does not allocate once
//! they have grown.

use super::draw::{DrawList, Style};
use super::engine::{Sim, TAG_ARRIVING, TAG_AVOIDING, TAG_BRAKING, TAG_EVADING, TAG_FEEDING, TAG_FLEEING, TAG_LEADER};
use super::grid::{Grid, QueryReport};
use super::scenario::Overlay;
use super::steer::Trace;
use glam::Vec2;

/// Seconds of travel a force/velocity arrow represents (force 192 px/s² → 48 px).
pub const FORCE_SCALE: f32 = 0.25;
pub const VELOCITY_SCALE: f32 = 0.4;

/// A set of overlays (bit per [`Overlay`] variant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overlays(pub u32);

impl Overlays {
    pub const ALL: [Overlay; 9] = [
        Overlay::Perception,
        Overlay::SepDist,
        Overlay::Velocity,
        Overlay::Forces,
        Overlay::Grid,
        Overlay::SpatialHash,
        Overlay::Neighbours,
        Overlay::MeanHeading,
        Overlay::Centroid,
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

        if ov.has(Overlay::Grid) || ov.has(Overlay::SpatialHash) {
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
        } else {
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

/// "separation ×1.5 = 123" without allocating.
fn fmt_legend<'b>(buf: &'b mut [u8; 64], rule: &'b str, w: f32, mag: f32) -> &'b str {
    use std::io::Write;
    let mut cur = std::io::Cursor::new(&mut buf[..]);
    let _ = write!(cur, "{rule} ×{w:.2} → {mag:.0}");
    let n = cur.position() as usize;
    std::str::from_utf8(&buf[..n]).unwrap_or("")
}
