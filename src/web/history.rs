//! The viewer's side of rewinding (`sim::history`): its [`Timeline`] — the history, the scenario
//! as the page gave it, the step a link or `data-step` still has to reach — and the scrub bar
//! under the canvas: a range input (keyboard: arrows, Page Up/Down, Home/End) and the step and
//! time it stands at.

use crate::lang::{Lang, K};
use crate::sim::history::History;
use crate::sim::Sim;
use glam::Vec2;
use web_sys::{Element, HtmlElement, HtmlInputElement};

/// How long a frame spends reaching a link's step (ms); the page stays responsive meanwhile.
pub const CATCH_UP_MS: f64 = 12.0;

pub struct Timeline {
    pub hist: History,
    /// The scenario as the page gave it (before `data-set`, a seed, a link or any `set`), as JSON
    /// text: links and embed code are written against it.
    pub mounted: String,
    /// A link's or `data-step`'s step, still to be reached (a few steps each frame).
    pub target: Option<u64>,
    /// The parameters before a link's inputs were replayed (`Sim::params`).
    pub before_link: Option<crate::sim::param_path::Params>,
    scrub: Option<(HtmlInputElement, HtmlElement)>,
    /// What the scrub bar shows: (step, start, end, restoring).
    shown: (u64, u64, u64, bool),
    /// The text period (`paint::text_period`) the bar was last written in while playing.
    shown_period: Option<u64>,
    /// Fine mode: the steps the bar covers (around the step it was centred on), else `None`
    /// (the whole history).
    window: Option<(u64, u64)>,
    /// The bar's range as last written.
    shown_range: (u64, u64),
}

/// Steps on each side of the centre in fine mode: 121 steps over the bar (2–3 px a step on a
/// phone), so a finger can stop on any one of them.
pub const FINE_HALF: u64 = 60;

impl Timeline {
    /// The history from the simulation's state now, and the scrub bar's range and label (the
    /// viewer's template's `[data-scrub]` and `.steerlab-scrub-label`) when the viewer has one.
    pub fn new(sim: &Sim, scrub: Option<(HtmlInputElement, HtmlElement)>) -> Timeline {
        Timeline {
            hist: History::new(sim),
            mounted: String::new(),
            target: None,
            before_link: None,
            scrub,
            shown: (u64::MAX, 0, 0, false),
            shown_period: None,
            window: None,
            shown_range: (u64::MAX, u64::MAX),
        }
    }

    /// Bring the scrub bar in line with the simulation (only what changed is written). `t` is
    /// performance.now()'s clock (the frame's timestamp); `playing`: once per text period (500 ms,
    /// `paint::text_period`), like the readout (five DOM writes a frame per canvas made the page
    /// restyle and relayout on every frame).
    pub fn show(&mut self, sim: &Sim, lang: Lang, t: f64, playing: bool) {
        let Some((range, label)) = &self.scrub else { return };
        let now = (sim.steps, self.hist.start(), self.hist.end(), self.target.is_some());
        let period = super::paint::text_period(t);
        if now == self.shown || (playing && self.shown_period == Some(period)) {
            return;
        }
        self.shown_period = Some(period);
        let (step, start, end, restoring) = now;
        // Fine mode: the window around the step, moved when the step leaves it (playing, a step).
        if let Some((lo, hi)) = self.window {
            if step < lo || step > hi || lo < start {
                self.window = Some(fine_window(step, start, end));
            }
        }
        let (lo, hi) = self.window.map_or((start, end), |(lo, hi)| (lo.max(start), hi.min(end)));
        // (Each attribute only when it changes: the end moves at every period, the start rarely.)
        if lo != self.shown_range.0 {
            range.set_min(&lo.to_string());
        }
        if hi != self.shown_range.1 {
            range.set_max(&hi.to_string());
        }
        self.shown_range = (lo, hi);
        range.set_value(&step.to_string());
        let n = |k: u64| lang.int(k as i64);
        let text = if restoring {
            let end = n(self.target.unwrap_or(end));
            crate::web::fill(lang.text(K::UiTimelineRestoring), &[("step", &n(step)), ("end", &end)])
        } else {
            let time = lang.num(sim.time, 2);
            crate::web::fill(lang.text(K::UiTimelineAt), &[("step", &n(step)), ("end", &n(end)), ("time", &time)])
        };
        crate::web::viewer::set_text(label, &text);
        let _ = range.set_attribute("aria-valuetext", &text);
        self.shown = now;
    }

    /// Write the scrub bar's text again at the next `show` (its language has new words).
    pub fn reword(&mut self) {
        self.shown = (u64::MAX, 0, 0, false);
        self.shown_period = None;
    }

    pub fn fine(&self) -> bool {
        self.window.is_some()
    }

    /// Fine mode on (centred on the step now) or off; the bar is written by the next `show`.
    pub fn set_fine(&mut self, on: bool, sim: &Sim) {
        self.window = on.then(|| fine_window(sim.steps, self.hist.start(), self.hist.end()));
        self.shown = (u64::MAX, 0, 0, false);
    }

    /// The scrub bar was let go: in fine mode, centre its window on the step it stopped at.
    pub fn recentre(&mut self, sim: &Sim) {
        if self.window.is_some() {
            self.set_fine(true, sim);
        }
    }

    /// Step towards [`Timeline::target`] for at most `ms` (measured with `now`); true when it
    /// is reached (or there is none).
    pub fn catch_up(&mut self, sim: &mut Sim, ms: f64, now: impl Fn() -> f64) -> bool {
        let Some(t) = self.target else { return true };
        let t0 = now();
        while sim.steps < t && now() - t0 < ms {
            for _ in 0..8 {
                if sim.steps < t {
                    self.hist.step(sim, true);
                }
            }
        }
        if sim.steps >= t {
            self.target = None;
        }
        self.target.is_none()
    }
}

/// The fine mode's window around `step`, within the history `start..=end`.
fn fine_window(step: u64, start: u64, end: u64) -> (u64, u64) {
    let lo = step.saturating_sub(FINE_HALF).max(start);
    let hi = (lo + 2 * FINE_HALF).min(end.max(step));
    (hi.saturating_sub(2 * FINE_HALF).max(start).min(lo), hi)
}

/// Whether `el` is a scrub bar.
pub fn is_scrub(el: &Element) -> bool {
    el.has_attribute("data-scrub")
}

/// A pointer position in world units, to the hundredth: the log and links write it short
/// (`123.45`), and a hundredth of a world unit is far below a pixel.
pub fn quantise(p: Vec2) -> Vec2 {
    let q = |x: f32| ((x as f64 * 100.0).round() / 100.0) as f32;
    Vec2::new(q(p.x), q(p.y))
}
