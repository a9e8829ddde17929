//! Page-side helpers for the browser tests (wasm-bindgen-test in headless Chromium).
#![allow(dead_code)]

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

/// The shipped words files (what www/boot.js fetches and gives the module on a page).
pub const WORDS: [(&str, &str); 4] = [
    ("en", include_str!("../../words/en.json")),
    ("es", include_str!("../../words/es.json")),
    ("fr", include_str!("../../words/fr.json")),
    ("pt", include_str!("../../words/pt.json")),
];

/// Words for the module as www/boot.js gives them (`addWords(tag, data)`: no number format, then
/// keys and texts joined with NUL), from a words file's text.
pub fn words_data(json: &str, wrap: impl Fn(&str) -> String) -> String {
    let words: std::collections::BTreeMap<String, String> = serde_json::from_str(json).unwrap();
    let mut data = String::new();
    for (k, v) in &words {
        data.push('\0');
        data.push_str(k);
        data.push('\0');
        data.push_str(&wrap(v));
    }
    data
}

/// Give the module the shipped words (once; a page's boot.js does this before it mounts).
pub fn words() {
    static DONE: std::sync::Once = std::sync::Once::new();
    DONE.call_once(|| {
        for (tag, json) in WORDS {
            steerlab::web::add_words(tag, &words_data(json, str::to_string));
        }
    });
}

/// A canvas in the page (320 px wide), the module given its words.
pub fn canvas() -> web_sys::HtmlCanvasElement {
    words();
    let doc = web_sys::window().unwrap().document().unwrap();
    let c: web_sys::HtmlCanvasElement = doc.create_element("canvas").unwrap().dyn_into().unwrap();
    c.set_attribute("style", "width: 320px").unwrap();
    doc.body().unwrap().append_child(&c).unwrap();
    c
}

pub fn get(v: &JsValue, path: &[&str]) -> JsValue {
    let mut cur = v.clone();
    for k in path {
        cur = js_sys::Reflect::get(&cur, &JsValue::from_str(k)).unwrap();
    }
    cur
}

/// Counts, from the page's side, listeners added minus removed, animation frames pending and
/// observers observing — independent of the viewer's own bookkeeping.
pub fn install_counters() {
    js_sys::Function::new_no_args(
        r#"
        if (window.__sl) return;
        const c = window.__sl = { listeners: 0, frames: 0, observing: 0 };
        const P = EventTarget.prototype, add = P.addEventListener, rem = P.removeEventListener;
        const live = new Set();
        P.addEventListener = function (t, f, o) { const k = [this, t, f]; if (![...live].some(x => x[0] === this && x[1] === t && x[2] === f)) { live.add(k); c.listeners++; } return add.call(this, t, f, o); };
        P.removeEventListener = function (t, f, o) { for (const x of live) if (x[0] === this && x[1] === t && x[2] === f) { live.delete(x); c.listeners--; } return rem.call(this, t, f, o); };
        const raf = window.requestAnimationFrame.bind(window), caf = window.cancelAnimationFrame.bind(window);
        const pending = new Set();
        window.requestAnimationFrame = (f) => { const id = raf((t) => { pending.delete(id); c.frames = pending.size; f(t); }); pending.add(id); c.frames = pending.size; return id; };
        window.cancelAnimationFrame = (id) => { pending.delete(id); c.frames = pending.size; return caf(id); };
        for (const O of [ResizeObserver, IntersectionObserver]) {
          const obs = O.prototype.observe, dis = O.prototype.disconnect;
          O.prototype.observe = function (...a) { if (!this.__n) { this.__n = 1; c.observing++; } return obs.apply(this, a); };
          O.prototype.disconnect = function () { if (this.__n) { this.__n = 0; c.observing--; } return dis.call(this); };
        }
        "#,
    )
    .call0(&JsValue::NULL)
    .unwrap();
}

pub fn counters() -> (f64, f64, f64) {
    let c = get(&web_sys::window().unwrap().into(), &["__sl"]);
    let n = |k| get(&c, &[k]).as_f64().unwrap();
    (n("listeners"), n("frames"), n("observing"))
}

/// Resolves in a later task of the page's event loop: every browser test starts with it (and the
/// long ones yield again between their parts), so the wasm-bindgen-test runner, which runs the
/// synchronous tests of a binary in one task, never holds the page's main thread for a whole
/// suite and ChromeDriver's reads of the output get their turn.
pub async fn yield_now() {
    sleep(0).await
}

/// Resolve after `ms` milliseconds (frames and observers run meanwhile).
pub async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}
