//! Issue 3, in a real browser (wasm-bindgen-test in headless Chromium): the viewer's lifecycle.
#![cfg(target_arch = "wasm32")]

use steerlab::web::{live_viewers, mount};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/page.rs"]
mod page;
use page::{canvas, counters, get, install_counters};

#[wasm_bindgen_test]
fn mount_destroy_200_times_leaves_nothing_running() {
    install_counters();
    let before = counters();
    let base = live_viewers();
    let doc = web_sys::window().unwrap().document().unwrap();
    let c = canvas();
    for k in 0..200 {
        let v = mount(c.clone(), JsValue::from_str(if k % 2 == 0 { "flock" } else { "spatial-hash" })).unwrap();
        assert!(v.playing());
        assert!(v.listener_count() > 0);
        assert!(v.frame_in_flight(), "a playing viewer has one frame requested");
        v.destroy();
        assert_eq!(v.listener_count(), 0, "cycle {k}: listeners left");
        assert!(!v.frame_in_flight(), "cycle {k}: frame loop left running");
        assert!(!v.playing());
        assert!(v.play().is_err(), "a destroyed viewer refuses to play");
    }
    assert_eq!(live_viewers(), base);
    let after = counters();
    assert_eq!(after, before, "listeners, pending frames, observers (page's count) before vs after 200 cycles");
    // The counters do count: one mounted viewer shows up in all three.
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    let during = counters();
    assert!(during.0 > before.0 && during.1 > before.1 && during.2 >= before.2 + 2.0, "{during:?} vs {before:?}");
    v.destroy();
    assert_eq!(counters(), before);
    // The canvas is back where it was, with no wrapper left behind.
    assert_eq!(doc.query_selector_all(".steerlab").unwrap().length(), 0);
    assert!(c.parent_element().is_some());
    c.remove();
}

#[wasm_bindgen_test]
fn set_and_state_round_trip() {
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    v.pause().unwrap();
    v.set("separation.weight", JsValue::from_f64(2.5)).unwrap();
    let st = v.state().unwrap();
    let behaviours = get(&st, &["scenario", "behaviours"]);
    let sep = js_sys::Reflect::get(&behaviours, &JsValue::from_f64(0.0)).unwrap();
    assert_eq!(get(&sep, &["weight"]).as_f64(), Some(2.5));
    // Bad path and NaN throw readable errors and change nothing.
    let e = v.set("separation.nope", JsValue::from_f64(1.0)).unwrap_err();
    assert!(get(&e, &["message"]).as_string().unwrap().contains("unknown parameter"));
    let e = v.set("perception", JsValue::from_f64(f64::NAN)).unwrap_err();
    assert!(get(&e, &["message"]).as_string().unwrap().contains("must be a finite number"));
    v.step(Some(5)).unwrap();
    assert_eq!(get(&v.state().unwrap(), &["steps"]).as_f64(), Some(5.0));
    v.destroy();
    c.remove();
}

#[wasm_bindgen_test]
fn reset_then_step_is_deterministic() {
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    v.pause().unwrap();
    let mut runs = Vec::new();
    for _ in 0..2 {
        v.reset().unwrap();
        v.step(Some(100)).unwrap();
        let agents = get(&v.state().unwrap(), &["agents"]);
        runs.push(js_sys::JSON::stringify(&agents).unwrap().as_string().unwrap());
    }
    assert_eq!(runs[0], runs[1]);
    v.destroy();
    c.remove();
}

#[wasm_bindgen_test]
fn a_broken_scenario_throws_and_draws_its_message() {
    let c = canvas();
    let e = mount(
        c.clone(),
        JsValue::from_str(r#"{"name": "x", "world": {"width": -1, "height": 10}, "agents": {"count": 3}}"#),
    )
    .err()
    .expect("must fail");
    let msg = get(&e, &["message"]).as_string().unwrap();
    assert_eq!(msg, "world.width: must be > 0, got -1");
    assert!(c.get_attribute("aria-label").unwrap().contains("world.width"));
    let next = c.next_element_sibling().unwrap();
    assert_eq!(next.text_content().unwrap(), msg);
    next.remove();
    c.remove();
}

/// The elements of `root` matching `sel`, as `HtmlElement`s.
fn all(root: &web_sys::Element, sel: &str) -> Vec<web_sys::HtmlElement> {
    let list = root.query_selector_all(sel).unwrap();
    (0..list.length()).map(|k| list.item(k).unwrap().dyn_into().unwrap()).collect()
}

fn steps(v: &steerlab::web::Viewer) -> f64 {
    get(&v.state().unwrap(), &["steps"]).as_f64().unwrap()
}

/// The bar is built from its table (`src/web/viewer/controls.rs`), in order, and every button and
/// overlay toggle in it does what it says; a toggle whose key is none of the table's is refused
/// with a message and turns nothing on.
#[wasm_bindgen_test]
fn every_button_and_overlay_toggle_of_the_bar_responds() {
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    v.pause().unwrap();
    let root = c.parent_element().unwrap();
    let button = |action: &str| root.query_selector(&format!(".steerlab-bar [data-action={action}]")).unwrap().unwrap();
    let click = |action: &str| button(action).dyn_into::<web_sys::HtmlElement>().unwrap().click();
    let actions: Vec<String> =
        all(&root, ".steerlab-bar [data-action]").iter().map(|b| b.get_attribute("data-action").unwrap()).collect();
    assert_eq!(actions, ["play", "step", "reset", "seed", "save", "share", "embed", "inspector"]);
    let labels: Vec<String> =
        all(&root, ".steerlab-bar [data-action]").iter().map(|b| b.text_content().unwrap()).collect();
    assert_eq!(
        labels,
        ["▶ Play", "Step →", "↺ Reset", "New seed", "Save image", "Share", "Embed", "Inspector"],
        "every button has its words"
    );

    click("play");
    assert!(v.playing());
    assert_eq!(button("play").get_attribute("aria-pressed").as_deref(), Some("true"));
    assert_eq!(button("play").text_content().as_deref(), Some("❚❚ Pause"));
    click("play");
    assert!(!v.playing());
    assert_eq!(button("play").get_attribute("aria-pressed").as_deref(), Some("false"));

    let before = steps(&v);
    click("step");
    assert_eq!(steps(&v), before + 1.0);
    click("reset");
    assert_eq!(steps(&v), 0.0);

    let seed = || get(&v.state().unwrap(), &["scenario", "seed"]).as_f64().unwrap();
    assert_eq!(seed(), 7.0);
    click("seed");
    assert_ne!(seed(), 7.0, "a new seed");

    // "Save image" downloads the SVG still through an `<a download>`: caught here.
    js_sys::eval(
        "window.__slClick = HTMLAnchorElement.prototype.click; \
         HTMLAnchorElement.prototype.click = function () { window.__slSaved = this.download; };",
    )
    .unwrap();
    click("save");
    js_sys::eval("HTMLAnchorElement.prototype.click = window.__slClick;").unwrap();
    let saved = get(&web_sys::window().unwrap().into(), &["__slSaved"]).as_string();
    assert_eq!(saved.as_deref(), Some("flock-step-0.svg"));

    for (action, title) in [("share", "Link to this moment"), ("embed", "Embed this canvas")] {
        click(action);
        let dialog = root.query_selector("dialog").unwrap().expect("a dialog");
        assert!(dialog.has_attribute("open"), "{action} opens its dialog");
        assert_eq!(dialog.get_attribute("aria-label").as_deref(), Some(title));
        let close: web_sys::HtmlElement =
            dialog.query_selector("[data-action=close]").unwrap().unwrap().dyn_into().unwrap();
        close.click();
        assert!(!dialog.has_attribute("open"), "Close closes it");
    }

    assert!(!v.inspector());
    click("inspector");
    assert!(v.inspector());
    assert_eq!(button("inspector").get_attribute("aria-expanded").as_deref(), Some("true"));
    let panel = button("inspector").get_attribute("aria-controls").unwrap();
    assert!(web_sys::window().unwrap().document().unwrap().get_element_by_id(&panel).is_some());
    click("inspector");
    assert!(!v.inspector());

    // Each overlay toggle changes the picture (the flock's selected boid shows its perception,
    // separation distance and forces at first), and back when unticked.
    let svg = || v.still("svg", None).unwrap().as_string().unwrap();
    let toggles = all(&root, ".steerlab-overlays input[data-overlay]");
    let keys: Vec<String> = toggles.iter().map(|t| t.get_attribute("data-overlay").unwrap()).collect();
    assert_eq!(keys, ["perception", "sep_dist", "velocity", "forces", "grid"]);
    let ticked: Vec<bool> =
        toggles.iter().map(|t| t.clone().dyn_into::<web_sys::HtmlInputElement>().unwrap().checked()).collect();
    assert_eq!(ticked, [true, true, false, true, false], "the scenario's overlays are ticked");
    let start = svg();
    for t in &toggles {
        let key = t.get_attribute("data-overlay").unwrap();
        t.click();
        assert_ne!(svg(), start, "{key}: ticking it changes the picture");
        t.click();
        assert_eq!(svg(), start, "{key}: and back");
    }
    // A key no toggle has (a mistyped one) turns nothing on: a message instead.
    let grid = &toggles[4];
    grid.set_attribute("data-overlay", "gird").unwrap();
    grid.click();
    assert_eq!(svg(), start, "an unknown overlay key changes nothing");
    let metric = root.query_selector(".steerlab-metric").unwrap().unwrap().text_content().unwrap();
    assert_eq!(metric, "unknown overlay toggle `gird`");
    v.destroy();
    c.remove();
}
