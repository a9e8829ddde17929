//! The frame loop: the viewer asks the page's clock (`clock.rs`, one requestAnimationFrame loop
//! for every viewer) for the next frame while playing, on screen and visible; the steps that fit a
//! frame; the theme and the canvas's fit; drawing the draw list; the text around
//! the canvas (scrub bar, HUD, readout, inspector) once per text period.

use super::{set_text, Inner};
use crate::sim::raster::{RasterStyle, RasterView};
use crate::web::history as timeline;
use crate::web::paint::{self, View};
use crate::web::theme;
use wasm_bindgen::Clamped;
use web_sys::{ImageData, Window};

/// The page's clock (ms).
pub(super) fn now(w: &Window) -> f64 {
    // The page's `performance` object, fetched once (a frame reads the clock four times per canvas).
    thread_local!(static PERF: Option<web_sys::Performance> = web_sys::window().and_then(|w| w.performance()));
    PERF.with(|p| p.as_ref().map_or_else(|| w.performance().map_or(0.0, |p| p.now()), |p| p.now()))
}

impl Inner {
    /// Ask the page's clock for the next frame unless this viewer did or has nothing to show.
    pub(super) fn ensure_frame(&mut self) {
        let h = &self.h;
        if h.destroyed()
            || h.failed()
            || h.parked.get().is_some()
            || h.frame_in_flight()
            || !self.playing && self.tl.target.is_none()
            || !self.on_screen
            || self.document.hidden()
        {
            return;
        }
        h.frame.set(true);
        crate::web::clock::want();
    }

    /// The clock's frame (`ts`: its timestamp, the same for every viewer).
    pub(crate) fn frame(&mut self, ts: f64) {
        if self.tl.target.is_some() && !self.h.destroyed() {
            // A link or `data-step` being reached: a few steps a frame, then paused there.
            let w = self.window.clone();
            self.tl.catch_up(&mut self.sim, timeline::CATCH_UP_MS, || now(&w));
            self.link_reached();
            self.draw();
            self.ensure_frame();
            return;
        }
        if self.h.destroyed() || !self.playing {
            return;
        }
        self.hold_check(ts);
        #[cfg(feature = "fault-injection")]
        if std::mem::take(&mut self.fault_next_frame) {
            panic!("injected fault in a frame (fault-injection build)");
        }
        let dt = match self.last_ts {
            Some(prev) => crate::sim::num::clamp((ts - prev) / 1000.0, 0.0, crate::sim::engine::MAX_FRAME),
            None => 0.0,
        };
        self.last_ts = Some(ts);
        if dt > 0.0 {
            self.perf.fps = self.perf.fps * 0.9 + (1.0 / dt) * 0.1;
        }
        // No spiral of death: when steps are slow (the stress scenario at 100 000 boids on a slow
        // machine), catching up on a long frame with several steps makes the next frame longer
        // still. Take only the steps that fit in ~12 ms; the simulation then runs slower than
        // real time instead of dropping to a few frames per second. Each step is the same fixed
        // step, so results do not depend on this.
        let budget_steps = if self.perf.step_ms > 0.0 { (12.0 / self.perf.step_ms).floor().max(1.0) } else { 4.0 };
        let dt = dt.min(budget_steps * crate::sim::engine::STEP_SECONDS);
        let t0 = now(&self.window);
        // The fast engine's copy of the flock into `sim.agents` waits until something reads it
        // (overlays, the readout, `state()`); the agent layer draws from the engine itself.
        let steps = self.tl.hist.advance(&mut self.sim, dt);
        self.follow_replay();
        let t1 = now(&self.window);
        if steps > 0 {
            self.perf.step_ms = self.perf.step_ms * 0.9 + ((t1 - t0) / steps as f64) * 0.1;
        }
        // Only a frame that stepped has anything new to show: on a 120 or 144 Hz screen about every
        // other animation frame takes no step of 1/60 s, and drawing it again would cost a full
        // repaint of the same picture. (Input while playing shows at the next step.)
        if steps > 0 && self.view.scale != 0.0 {
            self.frames = self.frames.wrapping_add(1);
            self.frame_ts = Some(ts);
            self.draw();
            self.frame_ts = None;
        } else if self.view.scale != 0.0 {
            // The text still changes at the first frame of its period, as on every other canvas
            // of the page (each viewer's steps fall on slightly different frames): one layout of
            // the page's text per period, not one per canvas.
            self.show_text(t1, ts);
        }
        self.ensure_frame();
    }

    /// Read the theme from the page once, before the first draw (`retheme` reads it again).
    pub fn ensure_theme(&mut self) {
        if !self.themed {
            let t = theme::resolve(&self.window, &self.canvas, &self.root);
            self.dark = t.dark;
            self.palette = t.palette;
            self.inspector.mark(t.dark);
            self.themed = true;
        }
    }

    /// Fit the backing store, and draw unless the canvas already shows this frame at this size
    /// (the ResizeObserver's callback: its first call is the viewer's first draw).
    pub fn fit_and_draw(&mut self) {
        let (w, h, view) = (self.canvas.width(), self.canvas.height(), self.view);
        self.fit();
        if !self.drawn || w != self.canvas.width() || h != self.canvas.height() || view != self.view {
            self.draw();
        }
    }

    /// Backing store in device pixels for the canvas's CSS box; keeps the world's aspect.
    pub fn fit(&mut self) {
        let rect = self.canvas.get_bounding_client_rect();
        let dpr = self.window.device_pixel_ratio().max(0.5);
        let (w, h) = (rect.width().max(1.0), rect.height().max(1.0));
        // A figure 480 CSS px wide or more shows its menu's entries and its settings unfolded
        // (a desktop column); a narrower one (a phone) folds them (`steerlab.css`).
        let wide = !self.always_compact && w >= 480.0;
        if self.wide != Some(wide) {
            self.wide = Some(wide);
            let _ = self.root.class_list().toggle_with_force("steerlab-wide", wide);
        }
        let (bw, bh) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
        if self.canvas.width() != bw {
            self.canvas.set_width(bw);
            self.drawn = false;
        }
        if self.canvas.height() != bh {
            self.canvas.set_height(bh);
            self.drawn = false;
        }
        self.view = View::fit(self.sim.world().size(), w, h, dpr);
    }

    pub fn draw(&mut self) {
        let t0 = now(&self.window);
        let clock = self.frame_ts.unwrap_or(t0);
        self.ensure_theme();
        if self.view.scale == 0.0 {
            self.fit();
        }
        // Large flocks: the agents as one pixel buffer (one putImageData), vector overlays on top.
        let pixels = self.sim.raster_agents();
        if pixels {
            let (w, h) = (self.canvas.width(), self.canvas.height());
            let v = &self.view;
            let rv = RasterView::from_css(w, h, v.scale, v.ox, v.oy, v.dpr);
            let style = RasterStyle {
                background: self.palette.background_rgba,
                agent: self.palette.agent_rgba,
                by_heading: true,
            };
            let bytes = self.raster.draw_sim(&self.sim, &rv, &style);
            let n = (w as usize) * (h as usize) * 4;
            if let Ok(img) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&bytes[..n.min(bytes.len())]), w, h) {
                let _ = self.ctx.put_image_data(&img, 0.0, 0.0);
            }
        }
        // Agents at least `MIN_AGENT_PX` long on screen, whatever the canvas's size.
        let size = self.sim.scenario().agent_size as f64 * self.view.scale;
        self.painter.agent_k = paint::MIN_AGENT_PX / size.max(1e-6);
        self.renderer.build(&self.sim, self.overlays);
        self.inspector.decorate(&self.sim, &mut self.renderer.list);
        paint::paint(
            &self.ctx,
            &self.view,
            self.sim.world().size(),
            &self.renderer.list,
            &self.palette,
            !pixels,
            self.lang,
            &mut self.painter,
            false,
        );
        self.legend.show(
            &self.renderer.list,
            &self.view,
            &self.palette.core,
            self.lang,
            self.playing.then(|| paint::text_period(clock)),
        );
        let t1 = now(&self.window);
        self.perf.draw_ms = self.perf.draw_ms * 0.9 + (t1 - t0) * 0.1;
        self.drawn = true;
        // (The step hooks are told once the viewer is released: `Handles::flush_changes`.)
        self.h.shown.set(Some(self.sim.steps));
        self.show_text(t1, clock);
    }

    /// Words were added for this viewer's language: every word of the widget that is not marked
    /// with its key (those www/words.js writes again) — the canvas's name, the play button, the
    /// scrub bar, the readouts, the inspector's lines — and a frame (the legend, the labels).
    pub fn relabel(&mut self) {
        let lang = self.lang;
        if !super::dom::named_by_page(&self.h) {
            let _ = self.canvas.set_attribute("aria-label", &super::dom::canvas_label(&self.sim, lang));
        }
        self.write_words();
        self.set_playing_ui();
        self.inspector.reword();
        self.tl.reword();
        self.perf.metric_period = None;
        self.perf.hold_until = 0.0;
        self.draw();
    }

    /// The text around the canvas: the scrub bar, the readouts, the inspector (each once per text
    /// period while playing).
    pub(super) fn show_text(&mut self, t: f64, clock: f64) {
        self.tl.show(&self.sim, self.lang, clock, self.playing);
        self.update_live(t, clock);
        self.inspector.refresh(&self.sim, clock, self.playing);
    }

    /// The HUD, the readout under the canvas and the screen-reader summary. While playing, the
    /// HUD and the readout change once per text period (2 Hz, at the same frames in every viewer:
    /// `paint::text_period`); a paused canvas's draws (a step, a set) show at once.
    fn update_live(&mut self, t: f64, clock: f64) {
        let period = paint::text_period(clock);
        if self.playing && self.perf.metric_period == Some(period) || t < self.perf.hold_until {
            return;
        }
        self.perf.metric_period = Some(period);
        if let Some(h) = &self.hud_el {
            let txt = crate::lang::hud(
                self.lang,
                self.perf.fps,
                self.perf.step_ms,
                self.perf.draw_ms,
                self.sim.agent_count(),
            );
            set_text(h, &txt);
        }
        let r = self.renderer.readout(&self.sim, self.overlays);
        self.note_measures(&r);
        let text = crate::lang::readout(self.lang, &r);
        // (The text node's data changes in place: no node leaves or joins the page twice a
        // second, which the page's layout and the lifecycle's MutationObserver would each pay for.)
        // (Not into the live region: playing is quiet; what a reader's action changed is said
        // there by `www/describe.js`, and the readout is heard once, here.)
        set_text(&self.metric, &text);
    }
}
