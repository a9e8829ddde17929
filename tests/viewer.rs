//! Issue 3, in a real browser (wasm-bindgen-test in headless Chromium): the viewer's lifecycle.
#![cfg(target_arch = "wasm32")]

use steerlab::web::{live_viewers, mount};
use wasm_bindgen::JsValue;
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
