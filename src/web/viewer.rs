//! One viewer = one canvas + its controls + its frame loop. It owns every closure it registers and
//! releases them all in `destroy()`: no `Closure::forget`, no listener left behind.
//!
//! This file holds the viewer's state and what JS and the page call on it; its jobs live beside
//! it, in the manner of eframe's web runner:
//! - `viewer/panic.rs`: the panic boundary (the hook, what the current call works for, stopping
//!   one viewer);
//! - `viewer/dom.rs`: the DOM around the canvas, built at mount and given back at destroy;
//! - `viewer/controls.rs`: the bar's buttons and overlay toggles, one table that builds them and
//!   runs them, and the scenario's sliders, toggles and selects;
//! - `viewer/events.rs`: the handlers, and attaching / detaching every listener and observer;
//! - `viewer/toolbar.rs`: the bar as one tab stop (an ARIA toolbar, a roving tabindex);
//! - `viewer/frame.rs`: the frame loop, theme and fit, drawing and the text around the canvas.

mod buttons;
mod chart;
pub mod controls;
mod dom;
mod events;
mod frame;
mod legend;
mod panic;
mod report;
mod toolbar;
mod touch;

pub(crate) use dom::phone;
pub use dom::set_text;
pub use events::attach;
pub use panic::{panic_boundary, Guard};

use super::history::Timeline;
use super::inspector::Inspector;
use super::paint::{self, Palette, View};
use super::params::{self, Change};
use crate::lang::{Lang, K};
use crate::sim::draw::Overlays;
use crate::sim::input::{Input, Outcome};
use crate::sim::link::Link;
use crate::sim::pointer::Pointer;
use crate::sim::raster::Raster;
use crate::sim::render::Renderer;
use crate::sim::Sim;
use frame::now;
use std::cell::{Cell, RefCell, RefMut};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Document, EventTarget, HtmlCanvasElement, HtmlElement, IntersectionObserver,
    ResizeObserver, Window,
};

pub struct Options {
    pub autoplay: bool,
    pub lang: Lang,
    /// The language's tag as the page writes it (`pt-BR`): the widget's `lang` attribute.
    pub tag: String,
    /// `data-controls`: which parts of the widget exist (`controls::Parts`).
    pub controls: controls::Parts,
    /// `data-inspector="true"`: the inspector open from the start.
    pub inspector: bool,
    /// `data-title="true"`: the scenario's title above the canvas.
    pub title: bool,
}

type Listener = (EventTarget, &'static str, Closure<dyn FnMut(web_sys::Event)>);
type Observer<O> = Option<(O, Closure<dyn FnMut(js_sys::Array)>)>;

/// The page-side resources of a viewer: its canvas, its DOM, every closure it registered and the
/// frame request. They live outside `Inner`'s `RefCell` so that `destroy()` and the panic boundary
/// reach them even when `Inner` is unusable: with `panic = "abort"` nothing unwinds, so a panic
/// inside a viewer leaves its `Inner` borrowed for good.
pub struct Handles {
    canvas: HtmlCanvasElement,
    root: HtmlElement,
    destroyed: Cell<bool>,
    /// Set by the panic hook: the viewer stopped after an internal error (the message).
    failure: RefCell<Option<String>>,
    /// The viewer asked the page's clock for the next frame (`clock.rs`: one loop for the page).
    frame: Cell<bool>,
    listeners: RefCell<Vec<Listener>>,
    resize: RefCell<Observer<ResizeObserver>>,
    intersect: RefCell<Observer<IntersectionObserver>>,
    /// The canvas's inline style before mounting (CSSOM text), to give back on destroy.
    orig_style: RefCell<Option<String>>,
    /// The canvas attributes mounting sets, with their values before (`None`: absent).
    orig_attrs: RefCell<Vec<(&'static str, Option<String>)>>,
    /// Since when (performance.now) the canvas has been out of the document (`lifecycle.rs`).
    parked: Cell<Option<f64>>,
    /// Parameter changes to report once the viewer's state is released (`params.rs`).
    pending: RefCell<Vec<Change>>,
    /// The inspector's panel (maybe in a page slot, outside `root`).
    inspector_panel: HtmlElement,
    /// The scenario's controls when the page gave them a place of their own (a
    /// `.steerlab-controls-slot`, outside `root`).
    slot_panel: Option<HtmlElement>,
    /// The step hooks (`Viewer::on_step`: a challenge, a chart), called with the step shown.
    hooks: RefCell<Vec<js_sys::Function>>,
    /// A new state was shown (drawn or stepped) since the hooks were last called: its step.
    shown: Cell<Option<u64>>,
}

/// One mounted viewer: its handles and its state. Shared by the exported handle, the live list and
/// (weakly) by its callbacks.
pub struct Slot {
    pub h: Rc<Handles>,
    cell: RefCell<Inner>,
}

pub type Shared = Rc<Slot>;

/// A viewer entered from JS: its state, borrowed, with the panic boundary marked. Leaving it
/// (dropping it) releases the state, then reports what the call changed: `steerlab:change` events
/// and the step hooks ([`Handles::flush_changes`]), which may call back into the viewer.
pub struct Entered<'a> {
    i: std::mem::ManuallyDrop<RefMut<'a, Inner>>,
    h: &'a Handles,
    _g: Guard,
}

impl std::ops::Deref for Entered<'_> {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.i
    }
}

impl std::ops::DerefMut for Entered<'_> {
    fn deref_mut(&mut self) -> &mut Inner {
        &mut self.i
    }
}

impl Drop for Entered<'_> {
    fn drop(&mut self) {
        // SAFETY: dropped once, here, and never used after.
        unsafe { std::mem::ManuallyDrop::drop(&mut self.i) };
        self.h.flush_changes();
    }
}

impl Slot {
    pub fn new(inner: Inner) -> Shared {
        Rc::new(Slot { h: inner.h.clone(), cell: RefCell::new(inner) })
    }

    /// Enter the viewer's state: fails when it was destroyed, stopped after an internal error, or
    /// is busy (a call re-entered from inside one of its own callbacks).
    pub fn enter(&self) -> Result<Entered<'_>, String> {
        if self.h.destroyed() {
            return Err("steerlab: this viewer was destroyed".to_string());
        }
        if let Some(f) = self.h.failure.borrow().as_ref() {
            return Err(format!("steerlab: this viewer stopped after an internal error ({f})"));
        }
        let g = Guard::viewer(&self.h);
        let i = self.cell.try_borrow_mut().map_err(|_| "steerlab: viewer is busy".to_string())?;
        Ok(Entered { i: std::mem::ManuallyDrop::new(i), h: &self.h, _g: g })
    }

    /// Read the state without entering (getters); `None` when busy or failed.
    pub fn peek(&self) -> Option<std::cell::Ref<'_, Inner>> {
        if self.h.failed() {
            return None;
        }
        self.cell.try_borrow().ok()
    }
}

impl Handles {
    pub fn canvas(&self) -> &HtmlCanvasElement {
        &self.canvas
    }
    pub fn destroyed(&self) -> bool {
        self.destroyed.get()
    }
    pub fn failed(&self) -> bool {
        self.failure.borrow().is_some()
    }
    /// Whether the viewer waits for the page's next frame (`clock.rs`).
    pub fn frame_in_flight(&self) -> bool {
        self.frame.get()
    }
    pub fn frame_wanted(&self) -> bool {
        self.frame.get()
    }
    /// The clock's frame came: whether this viewer asked for it (asking again is up to it).
    pub fn take_frame(&self) -> bool {
        self.frame.replace(false)
    }
    pub fn parked_since(&self) -> Option<f64> {
        self.parked.get()
    }
    pub fn listener_count(&self) -> usize {
        self.listeners.borrow().len()
            + usize::from(self.resize.borrow().is_some())
            + usize::from(self.intersect.borrow().is_some())
    }

    fn cancel_frame(&self) {
        self.frame.set(false);
    }
}

/// Everything a viewer holds; shared by the exported handle and its callbacks.
pub struct Inner {
    h: Rc<Handles>,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    window: Window,
    document: Document,
    root: HtmlElement,
    play_button: Option<HtmlElement>,
    live: HtmlElement,
    metric: HtmlElement,
    hud_el: Option<HtmlElement>,
    inspector: Inspector,
    pub sim: Sim,
    /// The history (rewind, scrub, links) and the scrub bar: `history.rs`.
    pub tl: Timeline,
    renderer: Renderer,
    raster: Raster,
    overlays: Overlays,
    lang: Lang,
    palette: Palette,
    /// Whether `palette` and `dark` were read from the page yet (at the first draw).
    themed: bool,
    /// Whether the canvas holds a picture (false until the first draw and after a resize clears it).
    drawn: bool,
    dark: bool,
    view: View,
    playing: bool,
    on_screen: bool,
    last_ts: Option<f64>,
    drag: Option<i32>,
    /// Touch on the canvas: what a finger is doing (`touch.rs`: one finger scrolls the page).
    touch: touch::Touch,
    /// The menu's and the settings' disclosures (`controls::Fold::MENU`, `SETTINGS`).
    folds: [Option<controls::Fold>; 2],
    /// Whether the figure shows its menu and settings unfolded (its canvas 480 CSS px wide or more).
    wide: Option<bool>,
    /// Whether the widget is compact at every width (`data-controls="compact"`).
    always_compact: bool,
    frames: u32,
    perf: Perf,
    /// The frame's canvas operations and their texts (`paint::Painter`).
    painter: paint::Painter,
    /// The force legend over the canvas (`viewer/legend.rs`).
    legend: legend::DomLegend,
    /// The animation frame's timestamp while a frame draws (every viewer's callbacks in one frame
    /// get the same one): the clock the text periods are read from.
    frame_ts: Option<f64>,
    /// The chart's switch and still painter, the readout's "?" button (`viewer/chart.rs`).
    chart: chart::ChartState,
    /// Test builds only: panic in the next frame (the panic boundary's check).
    #[cfg(feature = "fault-injection")]
    pub fault_next_frame: bool,
}

#[derive(Default, Clone, Copy)]
struct Perf {
    fps: f64,
    step_ms: f64,
    draw_ms: f64,
    /// The text period the readout was last written in.
    metric_period: Option<u64>,
    /// A message from `report` stays in the readout until then.
    hold_until: f64,
}

/// Remove listeners, cancel the frame, disconnect observers, restore the page, free the state.
/// Works on a viewer that stopped after an internal error too (its `Inner` may stay borrowed).
pub fn destroy(shared: &Shared) {
    let h = &shared.h;
    if h.destroyed.replace(true) {
        return;
    }
    events::detach(h);
    h.hooks.take();
    dom::restore(h);
    // Give the memory back now, not when the JS handle is collected (wasm memory never shrinks,
    // so a page that mounts and destroys without `free()` would otherwise keep growing).
    if let Ok(mut i) = shared.cell.try_borrow_mut() {
        i.playing = false;
        i.sim.release();
        i.tl.hist.release();
        i.renderer = Renderer::default();
        i.raster = Raster::default();
    }
}

/// Start state after mounting: playing unless asked not to or reduced motion. The first frame is
/// drawn by the ResizeObserver's first callback (or by whatever draws first: a step, a set).
pub fn start(shared: &Shared, autoplay: bool) {
    let mut i = shared.cell.borrow_mut();
    let reduced = i.window.match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches());
    if autoplay && !reduced {
        i.play();
    } else {
        i.set_playing_ui();
        let _ = i.root.class_list().add_1("steerlab-paused");
    }
}

/// The canvas left the document (`lifecycle.rs`): no frames until it comes back.
pub fn park(shared: &Shared, since: f64) {
    shared.h.parked.set(Some(since));
    shared.h.cancel_frame();
}

/// The canvas is back: resume where it was (a fresh frame clock, so no jump).
pub fn unpark(shared: &Shared) {
    shared.h.parked.set(None);
    if let Ok(mut i) = shared.enter() {
        i.last_ts = None;
        // Back in the document: draw from the next frame on (the intersection observer, which
        // reported it off screen when it left, corrects this if it came back out of view).
        i.on_screen = true;
        i.fit();
        i.retheme();
        i.ensure_frame();
    }
}

/// Re-theme a viewer from outside its callbacks (the page's colours changed).
pub fn retheme(shared: &Shared) {
    if shared.h.parked.get().is_none() {
        if let Ok(mut i) = shared.enter() {
            i.retheme();
        }
    }
}

/// What JS, the page and the handlers call on a viewer.
impl Inner {
    pub fn frames(&self) -> u32 {
        self.frames
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    pub fn play(&mut self) {
        self.playing = true;
        self.last_ts = None;
        self.set_playing_ui();
        self.ensure_frame();
    }

    pub fn pause(&mut self) {
        self.playing = false;
        self.h.cancel_frame();
        self.set_playing_ui();
        // The scrub bar and the inspector are written once per text period while playing: now the
        // step it stopped at, the one the canvas shows.
        let t = now(&self.window);
        self.tl.show(&self.sim, self.lang, t, false);
        self.inspector.refresh(&self.sim, t, false);
    }

    fn toggle_play(&mut self) {
        if self.playing {
            self.pause()
        } else {
            self.play()
        }
    }

    pub fn step(&mut self, n: u32) {
        for _ in 0..n {
            self.tl.hist.step(&mut self.sim, false);
        }
        self.h.shown.set(Some(self.sim.steps));
        self.follow_replay();
        self.inspector.refresh(&self.sim, now(&self.window), self.playing);
    }

    /// Stepping through the recorded future (after a seek back) replayed a logged change: the
    /// controls show the value the simulation now runs with, and each control's change is
    /// reported (`steerlab:change`, source `"replay"`). A link's inputs, replayed as its step is
    /// reached, are reported once it is reached, as `"link"` (`link_reached`).
    #[inline(never)]
    pub fn follow_replay(&mut self) {
        if self.tl.target.is_some() {
            return;
        }
        if let Some(before) = self.tl.hist.take_replayed() {
            self.sync_controls();
            params::changes_since(&self.sim, Some(before), "replay", &mut self.h.pending.borrow_mut());
        }
    }

    /// One step back (pauses): the state the viewer had one step ago, from the history.
    pub fn step_back(&mut self) {
        self.pause();
        self.seek(self.sim.steps.saturating_sub(1), "seek");
    }

    /// The scrub bar's fine mode: the bar covers the steps around this one, one step at a time.
    fn toggle_fine(&mut self) {
        let on = !self.tl.fine();
        self.tl.set_fine(on, &self.sim);
        if let Ok(Some(b)) = self.root.query_selector("[data-action=fine]") {
            let _ = b.set_attribute("aria-pressed", if on { "true" } else { "false" });
        }
        self.tl.show(&self.sim, self.lang, now(&self.window), false);
    }

    pub fn reset(&mut self) {
        // The agent an open inspector shows stays chosen (the same agents come back): a try
        // button that starts the figure again, Reset or R do not leave the reader's panel blank.
        let kept = self.sim.selected;
        let _ = self.act(Input::Reset);
        if self.inspector.is_open() && self.sim.selected.is_none() {
            self.sim.selected = kept.filter(|&i| i < self.sim.agent_count());
        }
        self.last_ts = None;
        self.draw();
    }

    /// Queue a `steerlab:change` for `path` with its value read back now.
    pub fn queue_change(&self, path: &str, source: &'static str) {
        if let Ok(value) = params::get(&self.sim, path) {
            self.h.pending.borrow_mut().push(Change { path: path.to_string(), value, source });
        }
    }

    /// Resolve the theme again (data-theme, the page's colours, `--sl-*`) and repaint.
    pub fn retheme(&mut self) {
        if !self.canvas.is_connected() {
            return;
        }
        self.themed = false;
        self.draw();
    }

    pub fn dark(&self) -> bool {
        self.dark
    }

    pub fn inspector_open(&self) -> bool {
        self.inspector.is_open()
    }

    /// Open or close the inspector (its toggle, `v.inspector = …`), and draw.
    pub fn set_inspector(&mut self, on: bool) {
        self.inspector.set_open(on, &mut self.sim);
        self.draw();
    }

    /// `v.scene()`: the core's description of this frame (`sim::describe`) as JSON text.
    pub fn scene_json(&mut self) -> String {
        self.renderer.build(&self.sim, self.overlays);
        serde_json::to_string(&self.sim.describe(&self.renderer.list).json()).unwrap_or_default()
    }

    /// What a still of the current frame is drawn from (`still.rs`).
    pub fn still_parts(&mut self) -> super::still::Parts<'_> {
        self.ensure_theme();
        let chart = self.chart_painter();
        super::still::Parts {
            sim: &self.sim,
            renderer: &mut self.renderer,
            overlays: self.overlays,
            palette: &self.palette,
            lang: self.lang,
            document: &self.document,
            chart,
        }
    }

    /// A problem the user caused (bad value): to the console, and visibly next to the controls.
    fn report(&mut self, msg: &str) {
        web_sys::console::error_1(&JsValue::from_str(&format!("steerlab: {msg}")));
        self.live.set_text_content(Some(msg));
        self.metric.set_text_content(Some(msg));
        self.perf.hold_until = now(&self.window) + 3000.0;
    }
}

/// History and sharing (`history.rs`, `share.rs`): every change to the simulation from outside
/// goes through [`Inner::act`], so that the history logs it.
impl Inner {
    /// Apply an input through the history.
    pub fn act(&mut self, input: Input) -> Result<Outcome, String> {
        self.tl.hist.act(&mut self.sim, input)
    }

    /// A pointer event through the history; true when worth a redraw.
    fn pointer(&mut self, ev: Pointer, dragging: bool) -> bool {
        self.act(Input::Pointer(ev, dragging)).is_ok_and(|o| o.redraw)
    }

    /// Go to a step of the history (clamped to it); the controls follow the parameters there, and
    /// each one the history replayed to another value is reported as a change from `source`.
    #[inline(never)]
    pub fn seek(&mut self, step: u64, source: &'static str) -> u64 {
        self.tl.target = None;
        let before = self.sim.params().ok();
        let t = self.tl.hist.seek(&mut self.sim, step);
        // (The seek's own replays are reported below, against the parameters before it.)
        self.tl.hist.take_replayed();
        self.last_ts = None;
        self.sync_controls();
        params::changes_since(&self.sim, before, source, &mut self.h.pending.borrow_mut());
        self.draw();
        t
    }

    /// How this viewer starts (`share::start`): the scenario as the page gave it, the link's
    /// inputs, the step to reach (paused there), a notice about a link that was not used.
    pub fn begin(&mut self, mounted: String, link: Option<Link>, step: Option<u64>, notice: Option<String>) {
        self.tl.mounted = mounted;
        if let Some(msg) = &notice {
            super::share::notice(&self.document, &self.root, &self.canvas, self.lang, msg);
        }
        if let Some(step) = step {
            self.tl.before_link = self.sim.params().ok();
            self.tl.hist.set_future(&mut self.sim, link.map(|l| l.log).unwrap_or_default(), step);
            self.tl.target = Some(step);
            let w = self.window.clone();
            self.tl.catch_up(&mut self.sim, 50.0, || now(&w));
            self.link_reached();
        }
        // The text around the canvas (scrub bar, readout, inspector) at mount, not at the first
        // draw a frame later: the widget takes its height once (issue 45: the page's text moves
        // once, or not at all where the page holds its place).
        let t = now(&self.window);
        self.show_text(t, t);
    }

    /// Once a link's step is reached: the controls show the parameters its inputs set, reported.
    fn link_reached(&mut self) {
        if self.tl.target.is_none() {
            // (Its replays are reported here, against the parameters before the link.)
            self.tl.hist.take_replayed();
            if let Some(before) = self.tl.before_link.take() {
                self.sync_controls();
                params::changes_since(&self.sim, Some(before), "link", &mut self.h.pending.borrow_mut());
            }
        }
    }

    /// `#sl.<key>=<link>` for this moment; with `set` (`data-set`'s form), for the start with
    /// those parameters.
    pub fn link(&self, set: Option<&str>) -> Result<String, String> {
        super::share::fragment(&self.canvas, &self.tl.hist, &self.sim, &self.tl.mounted, set)
    }

    /// The embed snippet for the current parameters (and this step when paused).
    pub fn embed_code(&self) -> Result<String, String> {
        let step = (!self.playing).then_some(self.sim.steps);
        super::share::embed_code(
            &self.tl.mounted,
            self.sim.scenario(),
            step,
            self.canvas.get_attribute("data-scenario-src"),
        )
    }

    fn share(&mut self) {
        // (A folded menu closes first, its toggle focused: the dialog gives the focus back there.)
        self.close_folds(true);
        let (title, note) = (self.lang.text(K::UiShareTitle), self.lang.text(K::UiShareNote));
        match self.link(None) {
            Ok(f) => {
                let url = super::share::url(&f);
                super::share::open_dialog(&self.root, self.lang, title, note, &url, true);
            }
            Err(e) => self.report(&e),
        }
    }

    /// "Code": `steerlab:code` on the canvas; www/boot.js opens the code view (www/code/), which
    /// reads `state()` once this handler has returned.
    fn code(&mut self) {
        params::emit(&self.canvas, "steerlab:code", &wasm_bindgen::JsValue::NULL);
    }

    fn embed(&mut self) {
        self.close_folds(true);
        // (A figure from a file: the snippet names that file, and the note says so.)
        let from_file = self.canvas.has_attribute("data-scenario-src");
        let note = self.lang.text(if from_file { K::UiEmbedNoteSrc } else { K::UiEmbedNote });
        let title = self.lang.text(K::UiEmbedTitle);
        match self.embed_code() {
            Ok(code) => super::share::open_dialog(&self.root, self.lang, title, note, &code, false),
            Err(e) => self.report(&e),
        }
    }
}
