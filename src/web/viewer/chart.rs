//! The chart under a canvas and the measures' meanings (issue 35), the viewer's side only: the
//! numbers (`v.series()`: the history's measures over time and its parameter changes, each mark
//! with its label in the reader's language), the switch (`v.chart(on)`, `data-chart`) and the
//! readout's "?" button. The drawing is not in the module: turning the chart on fires
//! `steerlab:chart` on the canvas, and `www/boot.js` then loads `www/chart.js` (on first use),
//! which draws from `v.series()` on a canvas of its own and gives the viewer a painter for stills
//! (`v.chartPainter`); the "?" button's popover is `www/meaning.js`, loaded when first pointed at,
//! focused or tapped.

use super::Inner;
use crate::lang::{Lang, K};
use crate::sim::behaviours::Readout;
use crate::sim::text::short64;
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlElement;

/// The chart's state in a viewer.
#[derive(Default)]
pub struct ChartState {
    on: bool,
    /// `www/chart.js`'s painter for stills (`{ height(w, s), svg(w, s), paint(ctx, y, w, scale, s) }`).
    painter: Option<crate::web::still::ChartPainter>,
    /// The readout's "?" button, and the measures it explains now (`data-measures`).
    meanings: Option<HtmlElement>,
    shown: String,
}

impl ChartState {
    pub fn with_button(meanings: Option<HtmlElement>) -> ChartState {
        ChartState { meanings, ..ChartState::default() }
    }
}

impl Inner {
    pub fn chart_on(&self) -> bool {
        self.chart.on
    }

    /// Show or hide the chart: the root's `steerlab-chart-on` class and a `steerlab:chart` event
    /// (detail `{ on }`) that `www/boot.js` answers by loading `www/chart.js`.
    pub fn set_chart(&mut self, on: bool) {
        if self.chart.on == on {
            return;
        }
        self.chart.on = on;
        let _ = self.root.class_list().toggle_with_force("steerlab-chart-on", on);
        if let Ok(Some(b)) = self.root.query_selector("[data-action=chart]") {
            let _ = b.set_attribute("aria-pressed", if on { "true" } else { "false" });
        }
        let detail = crate::web::params::object(&[("on", JsValue::from_bool(on))]);
        crate::web::params::emit(&self.canvas, "steerlab:chart", &detail);
    }

    pub fn set_chart_painter(&mut self, p: JsValue) {
        self.chart.painter = (p.is_object()).then(|| p.unchecked_into());
    }

    /// The painter of a still's chart, when the chart is shown, and the series it draws (given to
    /// it: the viewer is busy while it draws a still, so the painter cannot ask for it).
    #[inline(never)]
    pub fn chart_painter(&self) -> Option<(crate::web::still::ChartPainter, JsValue)> {
        let p = self.chart.painter.clone().filter(|_| self.chart.on)?;
        Some((p, js_sys::JSON::parse(&self.series_text()).ok()?))
    }

    /// `v.series()` as JSON text: the history's series with the viewer's step (`cursor`), the
    /// history's span (`start`, `end`), the language, and each mark's `label` ("alineación 1 → 0").
    /// (Not inlined: `v.series()` and stills both call it.)
    #[inline(never)]
    pub fn series_text(&self) -> String {
        let h = &self.tl.hist;
        let label = |m: &crate::sim::series::Mark| {
            Some(format!("{} {} → {}", self.param_name(&m.path), word(self.lang, &m.from), word(self.lang, &m.to)))
        };
        let tail = format!(
            ",\"cursor\":{},\"start\":{},\"end\":{},\"lang\":\"{}\",\"chart\":{}",
            self.sim.steps,
            h.start(),
            h.end(),
            self.lang.tag(),
            self.chart.on
        );
        h.series().json_text(&label, &tail)
    }

    /// A parameter's name for the reader: its control's label, else its behaviour's name (and the
    /// field, unless it is the weight), else the path.
    fn param_name(&self, path: &str) -> String {
        if let Some(c) = self.sim.scenario().controls.iter().find(|c| c.param == path) {
            return c.label_in(&self.lang).to_string();
        }
        let (head, field) = path.split_once('.').unwrap_or((path, ""));
        match self.lang.lookup_in("rule.", head) {
            Some(rule) if field.is_empty() || field == "weight" => rule.to_string(),
            Some(rule) => format!("{rule} {field}"),
            None => path.to_string(),
        }
    }

    /// The readout's measures onto its "?" button (only when they change).
    pub(super) fn note_measures(&mut self, r: &Readout) {
        let Some(b) = &self.chart.meanings else { return };
        let mut ids = String::new();
        for (k, _) in &r.items {
            if !ids.is_empty() {
                ids.push(' ');
            }
            ids.push_str(k);
        }
        if ids != self.chart.shown || b.get_attribute("data-readout").as_deref() != Some(r.kind) {
            let _ = b.set_attribute("data-readout", r.kind);
            let _ = b.set_attribute("data-measures", &ids);
            self.chart.shown = ids;
        }
    }
}

/// A parameter's value as a mark shows it: numbers short, yes / no, strings as they are.
fn word(lang: Lang, v: &Value) -> String {
    match v {
        Value::Number(n) => lang.localize(&short64(n.as_f64().unwrap_or(0.0))),
        Value::Bool(b) => lang.text(if *b { K::WordYes } else { K::WordNo }).to_string(),
        Value::String(s) => s.clone(),
        _ => "—".to_string(),
    }
}
