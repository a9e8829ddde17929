//! The viewer's controls. The bar's buttons and overlay toggles are each described once, in a
//! table that both builds them (`bar`) and runs them (`button`, `overlay`): a new button or toggle
//! is one row. The scenario's own controls (sliders, toggles, selects: `controls` in its JSON) are
//! built from the scenario (`panel`) and set its parameters through the history.

use super::dom::{el, fmt_value};
use super::Inner;
use crate::lang::{Lang, K};
use crate::sim::draw::{Overlay, Overlays};
use crate::sim::input::Input;
use crate::sim::scenario::ControlKind;
use crate::sim::text::short64;
use crate::sim::Sim;
use crate::web::params;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlSelectElement};

/// A button of the bar.
pub(super) struct Button {
    /// Its `data-action`.
    pub action: &'static str,
    /// Its label (`catalog/*.txt`).
    pub label: K,
    /// The ARIA state it reports (`"false"` at first; the viewer keeps it current).
    pub state: Option<&'static str>,
    /// What a click does.
    pub run: fn(&mut Inner),
}

/// The bar's buttons, in order.
pub(super) const BUTTONS: [Button; 9] = [
    // Its name says what it does now ("Pause" while playing): no aria-pressed, which read "❚❚ Pause, pressed".
    Button { action: "play", label: K::UiPlay, state: None, run: Inner::toggle_play },
    Button {
        action: "step",
        label: K::UiStep,
        state: None,
        run: |i| {
            i.step(1);
            i.draw();
        },
    },
    Button { action: "reset", label: K::UiReset, state: None, run: Inner::reset },
    Button { action: "seed", label: K::UiSeed, state: None, run: Inner::new_seed },
    Button { action: "save", label: K::UiSave, state: None, run: Inner::save_image },
    Button { action: "share", label: K::UiShare, state: None, run: Inner::share },
    Button { action: "embed", label: K::UiEmbed, state: None, run: Inner::embed },
    // The scenario as code (issue #36): the dialog is JS loaded on first use (www/code/dialog.js).
    Button { action: "code", label: K::UiCode, state: None, run: Inner::code },
    // Its `aria-controls` (the panel's id) is set by `Inspector::new`.
    Button { action: "inspector", label: K::UiInspector, state: Some("aria-expanded"), run: Inner::toggle_inspector },
];

/// An overlay toggle of the bar: the overlay, its `data-overlay` key and its label.
pub(super) struct Toggle {
    pub overlay: Overlay,
    pub key: &'static str,
    pub label: K,
}

/// The overlay toggles, in order (shown for scenarios with flocking rules).
pub(super) const TOGGLES: [Toggle; 5] = [
    Toggle { overlay: Overlay::Perception, key: "perception", label: K::UiOverlayPerception },
    Toggle { overlay: Overlay::SepDist, key: "sep_dist", label: K::UiOverlaySepDist },
    Toggle { overlay: Overlay::Velocity, key: "velocity", label: K::UiOverlayVelocity },
    Toggle { overlay: Overlay::Forces, key: "forces", label: K::UiOverlayForces },
    Toggle { overlay: Overlay::Grid, key: "grid", label: K::UiOverlayGrid },
];

/// The button with this `data-action`, if it is one of the bar's.
pub(super) fn button(action: &str) -> Option<&'static Button> {
    BUTTONS.iter().find(|b| b.action == action)
}

/// The overlay of the toggle with this `data-overlay` key; `None` for a key no toggle has.
pub(super) fn overlay(key: &str) -> Option<Overlay> {
    TOGGLES.iter().find(|t| t.key == key).map(|t| t.overlay)
}

/// The bar: the buttons, then (when `toggles` gives the overlays on at first) the overlay
/// toggles. Returns it and the play button.
pub(super) fn bar(
    doc: &Document,
    lang: Lang,
    toggles: Option<Overlays>,
) -> Result<(HtmlElement, Option<HtmlElement>), JsValue> {
    let bar = el(doc, "div", "steerlab-bar")?;
    let mut play = None;
    for b in &BUTTONS {
        let e = el(doc, "button", "steerlab-btn")?;
        e.set_attribute("type", "button")?;
        e.set_attribute("data-action", b.action)?;
        if let Some(state) = b.state {
            e.set_attribute(state, "false")?;
        }
        e.set_text_content(Some(lang.text(b.label)));
        if b.action == "play" {
            play = Some(e.clone());
        }
        bar.append_child(&e)?;
    }
    if let Some(on) = toggles {
        let group = el(doc, "span", "steerlab-overlays")?;
        group.set_attribute("role", "group")?;
        group.set_attribute("aria-label", lang.text(K::UiOverlays))?;
        for t in &TOGGLES {
            let lab = el(doc, "label", "steerlab-toggle")?;
            let cb: HtmlInputElement = doc.create_element("input")?.dyn_into()?;
            cb.set_type("checkbox");
            cb.set_checked(on.has(t.overlay));
            cb.set_attribute("data-overlay", t.key)?;
            lab.append_child(&cb)?;
            let span = el(doc, "span", "")?;
            span.set_text_content(Some(lang.text(t.label)));
            lab.append_child(&span)?;
            group.append_child(&lab)?;
        }
        bar.append_child(&group)?;
    }
    Ok((bar, play))
}

/// The scenario's controls (`None` when it has none): a labelled row each, with its input and an
/// `<output>` for a slider's value.
pub(super) fn panel(doc: &Document, lang: Lang, sim: &Sim) -> Result<Option<HtmlElement>, JsValue> {
    let sc = sim.scenario();
    if sc.controls.is_empty() {
        return Ok(None);
    }
    let params = sim.params().ok();
    let panel = el(doc, "div", "steerlab-controls")?;
    for (k, c) in sc.controls.iter().enumerate() {
        let row = el(doc, "label", "steerlab-control")?;
        let name = el(doc, "span", "steerlab-label")?;
        let text = c.label_in(lang.tag());
        name.set_text_content(Some(text));
        row.append_child(&name)?;
        let current = params.as_ref().and_then(|p| p.get(&c.param).ok());
        let out = el(doc, "output", "steerlab-value")?;
        out.set_attribute("data-for", &k.to_string())?;
        let input: Element = match c.kind {
            ControlKind::Slider => {
                let inp: HtmlInputElement = doc.create_element("input")?.dyn_into()?;
                inp.set_type("range");
                inp.set_min(&short64(c.min));
                inp.set_max(&short64(c.max));
                inp.set_step(&short64(c.step));
                if let Some(v) = current.as_ref().and_then(|v| v.as_f64()) {
                    inp.set_value(&short64(v));
                    out.set_text_content(Some(&fmt_value(v, c.step)));
                }
                inp.into()
            }
            ControlKind::Toggle => {
                let inp: HtmlInputElement = doc.create_element("input")?.dyn_into()?;
                inp.set_type("checkbox");
                inp.set_checked(current.as_ref().and_then(|v| v.as_bool()).unwrap_or(false));
                inp.into()
            }
            ControlKind::Select => {
                let sel: HtmlSelectElement = doc.create_element("select")?.dyn_into()?;
                let cur = current.as_ref().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
                for (j, o) in c.options.iter().enumerate() {
                    let opt = doc.create_element("option")?;
                    opt.set_attribute("value", o)?;
                    opt.set_text_content(Some(c.option_label(j, lang.tag())));
                    sel.append_child(&opt)?;
                }
                sel.set_value(&cur);
                sel.into()
            }
        };
        input.set_attribute("data-param", &c.param)?;
        input.set_attribute("data-control", &k.to_string())?;
        row.append_child(&input)?;
        row.append_child(&out)?;
        panel.append_child(&row)?;
    }
    Ok(Some(panel))
}

/// What the bar's buttons do (beyond play, reset, share and embed, in `viewer.rs`).
impl Inner {
    fn new_seed(&mut self) {
        let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
        let _ = self.act(Input::Reseed(seed));
        self.queue_change("seed", "control");
        self.draw();
    }

    fn save_image(&mut self) {
        if let Err(e) = crate::web::still::save(self.still_parts()) {
            self.report(&format!("save image: {e:?}"));
        }
    }

    fn toggle_inspector(&mut self) {
        let on = !self.inspector.is_open();
        self.set_inspector(on);
    }

    /// An overlay toggle changed.
    pub(super) fn on_overlay(&mut self, key: &str, on: bool) {
        let Some(o) = overlay(key) else {
            self.report(&format!("unknown overlay toggle `{key}`"));
            return;
        };
        self.overlays.set(o, on);
        if !self.playing {
            self.draw();
        }
    }

    /// One of the scenario's controls changed (`t` has its `data-param`): set the parameter and
    /// show its value.
    pub(super) fn on_control(&mut self, t: &Element, param: String) {
        let value = if let Some(i) = t.dyn_ref::<HtmlInputElement>() {
            if i.type_() == "checkbox" {
                serde_json::Value::Bool(i.checked())
            } else {
                let v = i.value_as_number();
                match serde_json::Number::from_f64(v) {
                    Some(n) => serde_json::Value::Number(n),
                    None => {
                        self.report(&format!("{param}: must be a finite number, got {v}"));
                        return;
                    }
                }
            }
        } else if let Some(s) = t.dyn_ref::<HtmlSelectElement>() {
            serde_json::Value::String(s.value())
        } else {
            return;
        };
        let shown = value.clone();
        match self.act(Input::Set(Box::new((param.clone(), value)))) {
            Ok(_) => {
                self.queue_change(&param, "control");
                if let Some(k) = t.get_attribute("data-control") {
                    if let Ok(Some(out)) = self.root.query_selector(&format!("output[data-for=\"{k}\"]")) {
                        let step =
                            self.sim.scenario().controls.get(k.parse::<usize>().unwrap_or(0)).map_or(0.01, |c| c.step);
                        let txt = match &shown {
                            serde_json::Value::Number(n) => fmt_value(n.as_f64().unwrap_or(0.0), step),
                            _ => String::new(),
                        };
                        out.set_text_content(Some(&txt));
                    }
                }
                if !self.playing {
                    self.draw();
                }
            }
            Err(e) => self.report(&e),
        }
    }

    /// Bring every control's displayed value in line with the scenario (after `set` from JS, a
    /// seek).
    pub fn sync_controls(&self) {
        let Ok(list) = self.root.query_selector_all("[data-param]") else { return };
        let Ok(params) = self.sim.params() else { return };
        for k in 0..list.length() {
            let Some(node) = list.item(k) else { continue };
            let Ok(e) = node.dyn_into::<Element>() else { continue };
            let Some(param) = e.get_attribute("data-param") else { continue };
            let Ok(v) = params.get(&param) else { continue };
            if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
                if i.type_() == "checkbox" {
                    i.set_checked(v.as_bool().unwrap_or(false));
                } else if let Some(x) = v.as_f64() {
                    i.set_value(&short64(x));
                    if let Some(c) = e.get_attribute("data-control") {
                        if let Ok(Some(out)) = self.root.query_selector(&format!("output[data-for=\"{c}\"]")) {
                            let step = params::control_step(&self.sim, c.parse::<usize>().unwrap_or(0));
                            out.set_text_content(Some(&fmt_value(x, step)));
                        }
                    }
                }
            } else if let Some(sel) = e.dyn_ref::<HtmlSelectElement>() {
                if let Some(t) = v.as_str() {
                    sel.set_value(t);
                }
            }
        }
    }

    /// The play button's label and accessible name after playing or pausing.
    pub(super) fn set_playing_ui(&self) {
        if let Some(b) = &self.play_button {
            let (text, name) = if self.playing { (K::UiPause, K::UiPauseName) } else { (K::UiPlay, K::UiPlayName) };
            b.set_text_content(Some(self.lang.text(text)));
            let _ = b.set_attribute("aria-label", self.lang.text(name));
        }
    }
}
