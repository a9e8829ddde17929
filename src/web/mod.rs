//! The thin web shell (wasm32 only): DOM events → core calls, the core's draw list → Canvas 2D.
//!
//! JS API (see README): `mount(canvas, scenario)` → `Viewer`, `autoMount()`.

/// The bench page's exports (`www/bench.html`): only with `--features bench` (they cost ~7 KB
/// gzipped in the gallery's module, which does not use them).
#[cfg(feature = "bench")]
mod bench;
mod clock;
mod failure;
mod headless;
mod history;
mod inspector;
mod lifecycle;
mod paint;
mod params;
mod share;
mod still;
mod theme;
mod viewer;
mod words;

use crate::lang::Lang;
use crate::sim::input::Input;
use crate::sim::text::short64;
use crate::sim::{scenario, Sim};
use viewer::{Inner, Options, Shared, Slot};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement};

pub use failure::refuse;
use failure::{failed, show_error};
pub use viewer::panic_boundary;
pub use words::add_words;

/// A mounted visualisation. Keep it to control the viewer; `destroy()` releases everything.
#[wasm_bindgen]
pub struct Viewer {
    inner: Shared,
}

fn js_err(msg: impl AsRef<str>) -> JsValue {
    js_sys::Error::new(msg.as_ref()).into()
}

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `String(value)`: an exception as its text ("TypeError: …"), for messages.
    #[wasm_bindgen(js_name = String)]
    fn js_string(value: &JsValue) -> String;
}

/// A JS exception (or any value) as text for a message. Not `{:?}`: wasm-bindgen's `Debug` for
/// `JsValue` brings its `debugString` into the glue and the module (docs/performance.md, "Payload").
pub(crate) fn js_text(value: &JsValue) -> String {
    js_string(value)
}

/// Turn the `scenario` argument (built-in name, scenario object, or JSON text) into a scenario.
fn scenario_from(arg: &JsValue) -> Result<scenario::Scenario, String> {
    if let Some(s) = arg.as_string() {
        let t = s.trim();
        if t.starts_with('{') {
            return scenario::parse(t);
        }
        return match crate::scenarios::builtin(t) {
            Some(text) => scenario::parse(text).map_err(|e| format!("built-in scenario `{t}`: {e}")),
            None if crate::scenarios::is_builtin(t) => Err(format!(
                "built-in scenario `{t}` is not loaded yet: mount through www/boot.js (it fetches \
                 scenarios/{t}.json), or give its text first with registerScenario(\"{t}\", text)"
            )),
            None => Err(format!(
                "unknown scenario `{t}`: use one of {} or give a scenario object / JSON text",
                crate::sim::text::names(&crate::scenarios::names().collect::<Vec<_>>())
            )),
        };
    }
    if arg.is_object() {
        let text = js_sys::JSON::stringify(arg)
            .map_err(|_| "scenario: the object cannot be turned into JSON (does it contain cycles?)".to_string())?;
        return scenario::parse(&String::from(text));
    }
    Err("scenario: give a built-in name, a scenario object or JSON text".into())
}

/// Give the text of a built-in scenario (`scenarios/<name>.json`) to a module built without them
/// (the page's: www/boot.js does this for each canvas before it mounts). Throws for a name that is
/// not a built-in; a second text for a name is ignored.
#[wasm_bindgen(js_name = registerScenario)]
pub fn register_scenario(name: &str, text: &str) -> Result<(), JsValue> {
    crate::scenarios::register(name, text).map_err(js_err)
}

/// The built-in scenario `mount(canvas, scenario)` would need and does not have yet: its name, or
/// `undefined` (a scenario object or text, an unknown name, or a built-in already there).
#[wasm_bindgen(js_name = missingScenario)]
pub fn missing_scenario(scenario: &JsValue) -> Option<String> {
    let name = scenario.as_string()?;
    let name = name.trim();
    (crate::scenarios::is_builtin(name) && crate::scenarios::builtin(name).is_none()).then(|| name.to_string())
}

/// A words template (`lang::K`) with its `{name}` holes filled (a hole with no value stays as it
/// is). One pass over the bytes: `str::replace` with a text pattern links core's substring
/// searcher into the module (docs/performance.md, "Payload").
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    // '{' and '}' are ASCII: never inside a character of several bytes.
    while let Some(i) = rest.bytes().position(|b| b == b'{') {
        let hole = rest[i + 1..].bytes().position(|b| b == b'}').map(|j| &rest[i + 1..i + 1 + j]);
        match hole.and_then(|k| values.iter().find(|(name, _)| *name == k)) {
            Some((k, v)) => {
                out.push_str(&rest[..i]);
                out.push_str(v);
                rest = &rest[i + k.len() + 2..];
            }
            None => {
                out.push_str(&rest[..=i]);
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn mount_with(
    canvas: HtmlCanvasElement,
    scenario: &JsValue,
    opts: Options,
    seed: Option<u64>,
) -> Result<Viewer, String> {
    let _g = viewer::Guard::mounting(&canvas);
    let mounted = scenario_from(scenario)?;
    let text = serde_json::to_string(&mounted).map_err(|e| e.to_string())?;
    // data-set, data-seed, data-step, or this canvas's link in the URL (`share.rs`).
    let share::Start { scenario, link, step, notice } = share::start(&canvas, mounted, seed)?;
    let sim = Sim::new(scenario)?;
    let mut opts = opts;
    opts.autoplay &= step.is_none();
    let mut inner =
        Inner::new(canvas, sim, &opts).map_err(|e| format!("could not build the viewer: {}", js_text(&e)))?;
    inner.begin(text, link, step, notice);
    let shared: Shared = Slot::new(inner);
    viewer::attach(&shared).map_err(|e| {
        viewer::destroy(&shared);
        format!("could not attach listeners: {}", js_text(&e))
    })?;
    viewer::start(&shared, opts.autoplay);
    lifecycle::register(&shared);
    shared.h.flush_changes(); // a link's parameters, when its step was reached at once
    Ok(Viewer { inner: shared })
}

/// Mount a visualisation on `canvas`. `scenario` is a built-in name, a scenario object or JSON text.
/// Throws an `Error` with a readable message (also shown on the canvas, beside it, and reported as
/// a `steerlab:error` event) when it cannot. A canvas that already has a viewer is refused with an
/// `Error` and left as it is (its viewer keeps running): `viewerFor(canvas)` returns that viewer.
/// On success the canvas gets a `steerlab:mounted` event (`detail.viewer`) before this returns.
/// Mounting forces no style or layout: the theme and the canvas size are read, and the first frame
/// drawn, in the next animation frame before it is painted (`render()` draws at once).
#[wasm_bindgen]
pub fn mount(canvas: HtmlCanvasElement, scenario: JsValue) -> Result<Viewer, JsValue> {
    if lifecycle::find(&canvas).is_some() {
        return Err(js_err(
            "mount: this canvas already has a viewer; use viewerFor(canvas) to get it, or call its destroy() before mounting again",
        ));
    }
    lifecycle::clear_failed(&canvas);
    let opts = options_from(&canvas);
    let seed = canvas.get_attribute("data-seed").and_then(|s| s.trim().parse::<u64>().ok());
    match mount_with(canvas.clone(), &scenario, opts, seed) {
        Ok(v) => {
            let detail = params::object(&[("viewer", JsValue::from(Viewer { inner: v.inner.clone() }))]);
            params::emit(&canvas, "steerlab:mounted", &detail);
            // `data-chart` (any value but "false"): the chart shown from the start (on a phone,
            // folded in the menu: under the canvas it would take more than the screen).
            let phone = web_sys::window().is_some_and(|w| viewer::phone(&w));
            if !phone && canvas.get_attribute("data-chart").is_some_and(|c| c != "false") {
                if let Ok(mut i) = v.inner.enter() {
                    i.set_chart(true);
                }
            }
            Ok(v)
        }
        Err(e) => {
            failed(&canvas, &e);
            Err(js_err(e))
        }
    }
}

fn options_from(canvas: &HtmlCanvasElement) -> Options {
    let attr = |k: &str| canvas.get_attribute(k);
    let tag = lang_of(canvas);
    Options {
        autoplay: attr("data-autoplay").is_none_or(|v| v != "false"),
        lang: Lang::from_tag(&tag),
        tag,
        controls: viewer::controls::Parts::parse(attr("data-controls").as_deref()),
        inspector: attr("data-inspector").is_some_and(|v| v == "true"),
        title: attr("data-title").is_some_and(|v| v == "true"),
    }
}

/// A canvas's language, a BCP 47 tag as the page writes it (as www/boot.js's `langOf` reads it):
/// its `data-lang`, else the closest `lang` attribute (the document's included), else English.
fn lang_of(canvas: &HtmlCanvasElement) -> String {
    let tag = canvas
        .get_attribute("data-lang")
        .filter(|l| !l.trim().is_empty())
        .or_else(|| canvas.closest("[lang]").ok().flatten().and_then(|e| e.get_attribute("lang")))
        .unwrap_or_default();
    if tag.trim().is_empty() {
        "en".into()
    } else {
        tag.trim().into()
    }
}

/// Mount every `<canvas data-scenario="…">` on the page that is not mounted yet. A canvas that fails
/// shows its message; the others are mounted regardless. Returns the viewers.
#[wasm_bindgen(js_name = autoMount)]
pub fn auto_mount() -> js_sys::Array {
    let out = js_sys::Array::new();
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return out };
    let Ok(list) = doc.query_selector_all("canvas[data-scenario]") else { return out };
    for k in 0..list.length() {
        let Some(node) = list.item(k) else { continue };
        let Ok(canvas) = node.dyn_into::<HtmlCanvasElement>() else { continue };
        if canvas.has_attribute("data-steerlab-mounted") || lifecycle::find(&canvas).is_some() {
            continue;
        }
        let name = canvas.get_attribute("data-scenario").unwrap_or_default();
        // `data-scenario-json="#id"`: scenario JSON text from a <script type="application/json">.
        let arg = match canvas.get_attribute("data-scenario-json") {
            Some(id) => doc
                .get_element_by_id(id.trim_start_matches('#'))
                .and_then(|e| e.text_content())
                .map(JsValue::from)
                .unwrap_or(JsValue::from(name)),
            None => JsValue::from(name),
        };
        let _ = canvas.set_attribute("data-steerlab-mounted", "");
        if let Ok(v) = mount(canvas, arg) {
            out.push(&JsValue::from(v));
        }
    }
    out
}

/// Check a scenario (a built-in name, a scenario object or JSON text) without mounting it: `null`
/// when it is valid, else the message `mount` would throw: every mistake, one a line
/// (`behaviours[1].perception: must be > 0, got -3`). The playground validates as the author
/// types with it.
#[wasm_bindgen]
pub fn validate(scenario: JsValue) -> JsValue {
    // `null`, not `undefined` (what an `Option` becomes), as the types and the README say.
    scenario_from(&scenario).err().map_or(JsValue::NULL, JsValue::from)
}

/// How many viewers are mounted and not destroyed on this page (parked ones included).
#[wasm_bindgen(js_name = liveViewers)]
pub fn live_viewers() -> usize {
    lifecycle::live_count()
}

/// The viewer mounted on `canvas`, if any (for the `<steer-lab>` element and for authors).
#[wasm_bindgen(js_name = viewerFor)]
pub fn viewer_for(canvas: &HtmlCanvasElement) -> Option<Viewer> {
    lifecycle::find(canvas).map(|inner| Viewer { inner })
}

#[wasm_bindgen]
impl Viewer {
    fn live(&self) -> Result<viewer::Entered<'_>, JsValue> {
        // (the viewer's state, borrowed: callbacks cannot run while an API call holds it)
        self.inner.enter().map_err(js_err)
    }

    pub fn play(&self) -> Result<(), JsValue> {
        self.live()?.play();
        Ok(())
    }

    pub fn pause(&self) -> Result<(), JsValue> {
        self.live()?.pause();
        Ok(())
    }

    #[wasm_bindgen(getter)]
    pub fn playing(&self) -> bool {
        !self.inner.h.destroyed() && self.inner.peek().is_some_and(|i| i.playing())
    }

    /// Advance `n` fixed steps without drawing.
    pub fn step(&self, n: Option<u32>) -> Result<(), JsValue> {
        let n = n.unwrap_or(1).min(1_000_000);
        self.live()?.step(n);
        // (A logged change the steps replayed, reported: `Inner::follow_replay`.)
        self.inner.h.flush_changes();
        Ok(())
    }

    /// Draw the current state once.
    pub fn render(&self) -> Result<(), JsValue> {
        self.live()?.draw();
        Ok(())
    }

    /// Back to the scenario's initial state, same seed.
    pub fn reset(&self) -> Result<(), JsValue> {
        self.live()?.reset();
        Ok(())
    }

    /// `{ time, steps, agents: [{position, velocity}], metrics, … }`.
    pub fn state(&self) -> Result<JsValue, JsValue> {
        let i = self.live()?;
        let text = serde_json::to_string(&i.sim.state_json()).map_err(|e| js_err(e.to_string()))?;
        js_sys::JSON::parse(&text)
    }

    /// The numbers behind the selected agent's next step (`null` when no agent is selected):
    /// `{ agent, step, position, velocity, max_speed, max_force, terms: [{ rule, weight,
    /// neighbours?, sum?, mean?, desired?, steer, weighted, … }], total, checked? }`.
    pub fn explain(&self) -> Result<JsValue, JsValue> {
        let i = self.live()?;
        let text = serde_json::to_string(&i.sim.explain_json()).map_err(|e| js_err(e.to_string()))?;
        js_sys::JSON::parse(&text)
    }

    /// The scene as a description needs it (`sim::describe`, numbers and keys): `{ agents, groups,
    /// flock: [[size, place, heading]], polarisation, roles: [[key, count, place, heading]],
    /// selected, cursor? }`; `v.describe()` (www/describe.js) says it in the reader's language.
    pub fn scene(&self) -> Result<JsValue, JsValue> {
        js_sys::JSON::parse(&self.live()?.scene_json())
    }

    /// Set any scenario parameter by path (`"separation.weight"`); a bad path or value throws.
    pub fn set(&self, path: &str, value: JsValue) -> Result<(), JsValue> {
        let v = if let Some(x) = value.as_f64() {
            if !x.is_finite() {
                return Err(js_err(format!("{path}: must be a finite number, got {}", short64(x))));
            }
            serde_json::Number::from_f64(x).map(serde_json::Value::Number).unwrap_or(serde_json::Value::Null)
        } else if let Some(b) = value.as_bool() {
            serde_json::Value::Bool(b)
        } else if let Some(s) = value.as_string() {
            serde_json::Value::String(s)
        } else {
            return Err(js_err(format!("{path}: give a number, a boolean or a string")));
        };
        let mut i = self.live()?;
        let before = params::get(&i.sim, path).ok();
        i.act(Input::Set(Box::new((path.to_string(), v)))).map_err(js_err)?;
        i.sync_controls();
        if !i.playing() {
            i.draw();
        }
        let after = params::get(&i.sim, path).ok();
        if !matches!((&before, &after), (Some(b), Some(a)) if params::same(b, a)) {
            i.queue_change(path, "api");
        }
        drop(i);
        self.inner.h.flush_changes();
        Ok(())
    }

    /// The value of a parameter by path (`"separation.weight"`), as `set` resolves it; a bad path
    /// throws the message `set` gives.
    pub fn get(&self, path: &str) -> Result<JsValue, JsValue> {
        let i = self.live()?;
        params::get(&i.sim, path).map(|v| params::to_js(&v)).map_err(js_err)
    }

    /// The theme in use, `"light"` or `"dark"` (from `data-theme`, else the page's colours).
    #[wasm_bindgen(getter)]
    pub fn theme(&self) -> String {
        let dark = match self.inner.enter() {
            Ok(mut i) => {
                i.ensure_theme();
                i.dark()
            }
            Err(_) => self.inner.peek().is_some_and(|i| i.dark()),
        };
        (if dark { "dark" } else { "light" }).to_string()
    }

    /// Read `data-theme`, the page's colours and the `--sl-*` variables again and repaint (the
    /// viewer does this itself when the reader's scheme or the page's root attributes change).
    #[wasm_bindgen(js_name = refreshTheme)]
    pub fn refresh_theme(&self) -> Result<(), JsValue> {
        self.live()?.retheme();
        Ok(())
    }

    /// Whether the inspector is open (the selected agent's pseudocode and values under the canvas).
    #[wasm_bindgen(getter)]
    pub fn inspector(&self) -> bool {
        self.inner.peek().is_some_and(|i| i.inspector_open())
    }

    /// Open or close the inspector (as its button in the bar does; `data-inspector="true"` opens
    /// it at mount). Opening with no agent selected selects one.
    #[wasm_bindgen(setter)]
    pub fn set_inspector(&self, on: bool) -> Result<(), JsValue> {
        self.live()?.set_inspector(on);
        Ok(())
    }

    /// A still of the current frame, drawn from the canvas's draw list with its colours and
    /// language: `still("svg")` returns the SVG document (the one `cargo run --example still`
    /// writes for the same state natively); `still("png", scale)` returns a promise of a PNG
    /// `Blob`, `scale` (default 1) times the still's size (the world's, at most 1280 px a side).
    pub fn still(&self, kind: &str, scale: Option<f64>) -> Result<JsValue, JsValue> {
        let mut i = self.live()?;
        match kind {
            "svg" => Ok(JsValue::from_str(&still::svg(i.still_parts()))),
            "png" => still::png(i.still_parts(), scale.unwrap_or(1.0)).map(JsValue::from).map_err(js_err),
            other => Err(js_err(format!("still: the kind is \"svg\" or \"png\", got {other:?}"))),
        }
    }

    /// Show or hide the chart of the scenario's measures under the canvas (`data-chart` shows it
    /// at mount); without an argument, only tells. Returns whether it is shown. The drawing loads
    /// on first use (`www/chart.js`, through `www/boot.js`).
    pub fn chart(&self, on: Option<bool>) -> Result<bool, JsValue> {
        let mut i = self.live()?;
        if let Some(on) = on {
            i.set_chart(on);
        }
        Ok(i.chart_on())
    }

    /// The scenario's measures over time, sampled as the history records steps, and every
    /// parameter change: `{ measures, every, step, time, values: { <measure>: [...] }, marks:
    /// [{ step, path, from, to, label }], cursor, start, end, lang, chart }` (README, "The chart").
    pub fn series(&self) -> Result<JsValue, JsValue> {
        js_sys::JSON::parse(&self.live()?.series_text())
    }

    /// For `www/chart.js`: the painter that draws the chart into stills while it is shown
    /// (`{ height(width, series), svg(width, series), paint(ctx, y, width, scale, series) }`; `null`
    /// removes it).
    #[wasm_bindgen(setter, js_name = chartPainter)]
    pub fn set_chart_painter(&self, p: JsValue) -> Result<(), JsValue> {
        self.live()?.set_chart_painter(p);
        Ok(())
    }

    /// Add a waypoint at world coordinates (path scenarios).
    #[wasm_bindgen(js_name = addWaypoint)]
    pub fn add_waypoint(&self, x: f64, y: f64) -> Result<(), JsValue> {
        if !(x.is_finite() && y.is_finite()) {
            return Err(js_err("addWaypoint: x and y must be finite numbers"));
        }
        let mut i = self.live()?;
        i.act(Input::AddWaypoint(glam::Vec2::new(x as f32, y as f32))).map_err(js_err)?;
        if !i.playing() {
            i.draw();
        }
        Ok(())
    }

    /// Go to a step of the history, backwards or forwards (clamped to `history().start` ..
    /// `history().end`); returns the step reached. The state is the one the viewer had there.
    pub fn seek(&self, step: f64) -> Result<f64, JsValue> {
        if !step.is_finite() || step < 0.0 {
            return Err(js_err(format!("seek: step must be a whole number ≥ 0, got {}", short64(step))));
        }
        let mut i = self.live()?;
        let t = i.seek(step.min(1e15) as u64, "seek");
        drop(i);
        self.inner.h.flush_changes();
        Ok(t as f64)
    }

    /// `{ step, start, end, inputs, snapshots, bytes, every, restoring }`: where the viewer is in
    /// its history, what it holds and whether a link's step is still being reached.
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let i = self.live()?;
        let h = &i.tl.hist;
        let (snaps, bytes, every) = h.memory();
        let n = |x: u64| JsValue::from_f64(x as f64);
        Ok(params::object(&[
            ("step", n(i.sim.steps)),
            ("start", n(h.start())),
            ("end", n(h.end())),
            ("inputs", n(h.log().len() as u64)),
            ("snapshots", n(snaps as u64)),
            ("bytes", n(bytes as u64)),
            ("every", n(every)),
            ("restoring", JsValue::from_bool(i.tl.target.is_some())),
        ]))
    }

    /// A URL fragment (`#sl.<canvas id or index>=1~flock~…`) that restores this viewer at this
    /// step, bit for bit: its scenario, seed, parameters and every input so far. With `set`
    /// (`data-set`'s JSON text: `{"path": value}`), the link is to the start instead (step 0, no
    /// inputs), with those parameters over the ones this history started with (a challenge's
    /// solution: www/challenge.js).
    pub fn link(&self, set: Option<String>) -> Result<String, JsValue> {
        self.live()?.link(set.as_deref()).map_err(js_err)
    }

    /// Call `hook(step)` after each new state this viewer shows (a frame of the page's clock that
    /// stepped, `step`, `seek`, `reset`, a change while paused, a redraw), once the viewer is free
    /// again: the page's scripts follow a figure with it rather than polling every frame (a
    /// challenge checks its condition, a chart redraws). Nothing is called while the figure rests.
    #[wasm_bindgen(js_name = onStep)]
    pub fn on_step(&self, hook: js_sys::Function) {
        self.inner.h.hook(hook, true);
    }

    /// Remove a hook `onStep` added.
    #[wasm_bindgen(js_name = offStep)]
    pub fn off_step(&self, hook: js_sys::Function) {
        self.inner.h.hook(hook, false);
    }

    /// An HTML snippet that mounts this scenario with its current parameters (and, when paused,
    /// at this step): the canvas with `data-set` / `data-step`, the stylesheet and boot.js tags.
    #[wasm_bindgen(js_name = embedCode)]
    pub fn embed_code(&self) -> Result<String, JsValue> {
        self.live()?.embed_code().map_err(js_err)
    }

    /// Remove listeners, cancel the frame loop, disconnect observers and restore the canvas.
    pub fn destroy(&self) {
        lifecycle::destroy(&self.inner);
    }

    /// Whether this viewer stopped after an internal error (a panic caught at its boundary).
    #[wasm_bindgen(getter)]
    pub fn failed(&self) -> bool {
        self.inner.h.failed()
    }

    /// Fault-injection builds only (`--features fault-injection`, used by the tests): panic inside
    /// this viewer, `"now"` in this call or `"frame"` in its next frame.
    #[cfg(feature = "fault-injection")]
    #[wasm_bindgen(js_name = injectFault)]
    pub fn inject_fault(&self, when: &str) -> Result<(), JsValue> {
        let mut i = self.live()?;
        if when == "frame" {
            i.fault_next_frame = true;
            return Ok(());
        }
        panic!("injected fault (fault-injection build)");
    }

    /// Frames drawn by the loop so far (for tests and the bench page).
    #[wasm_bindgen(getter)]
    pub fn frames(&self) -> u32 {
        self.inner.peek().map_or(0, |i| i.frames())
    }

    /// Whether a requestAnimationFrame callback is pending (one frame in flight at most).
    #[wasm_bindgen(getter, js_name = frameInFlight)]
    pub fn frame_in_flight(&self) -> bool {
        self.inner.h.frame_in_flight()
    }

    /// Listeners and observers currently registered by this viewer.
    #[wasm_bindgen(getter, js_name = listenerCount)]
    pub fn listener_count(&self) -> usize {
        self.inner.h.listener_count()
    }

    /// The canvas this viewer is mounted on.
    #[wasm_bindgen(getter)]
    pub fn canvas(&self) -> Option<HtmlElement> {
        Some(self.inner.h.canvas().clone().unchecked_into())
    }
}
