//! Issue 7, in a real browser: a panic inside one viewer is caught at its boundary. That canvas
//! shows the error and stops; the other viewers keep running, new viewers can still be mounted,
//! and destroying the failed viewer still releases everything it registered.
//!
//! Needs the `fault-injection` feature (`Viewer.injectFault`); scripts/test.sh passes it.
#![cfg(target_arch = "wasm32")]

use js_sys::{Function, Reflect};
use steerlab::web::{live_viewers, mount, Viewer};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/page.rs"]
mod page;
use page::{canvas, counters, get, install_counters, sleep, yield_now};

/// Call a method of a viewer through JS, as a page would: a trap comes back as a JS exception.
fn call(v: &JsValue, method: &str, arg: impl Into<JsValue>) -> Result<JsValue, JsValue> {
    let f: Function = Reflect::get(v, &JsValue::from_str(method)).unwrap().dyn_into().unwrap();
    f.call1(v, &arg.into())
}

fn time(v: &Viewer) -> f64 {
    get(&v.state().unwrap(), &["time"]).as_f64().unwrap()
}

/// A canvas kept in the viewport (the harness's log grows above the page's end, and a viewer
/// out of sight pauses its frame loop).
fn pinned() -> web_sys::HtmlCanvasElement {
    let c = canvas();
    c.set_attribute("style", "position: fixed; top: 0; left: 0; width: 320px").unwrap();
    c
}

/// The error text shown next to a failed canvas (role=alert), if any.
fn alert_text(c: &web_sys::HtmlCanvasElement) -> Option<String> {
    let next = c.next_element_sibling()?;
    next.class_list().contains("steerlab-error").then(|| next.text_content().unwrap_or_default())
}

async fn check_boundary(when: &str) {
    yield_now().await;
    // wasm-bindgen-test installs its own panic hook after the module's start function ran; put
    // steerlab's boundary back on top of it, after the harness's hook. Once: after a panic
    // (nothing unwinds) std counts the thread as panicking for good and refuses to change hooks.
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let harness = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            harness(info);
            steerlab::web::panic_boundary(info);
        }));
    });
    install_counters();
    let before = counters();
    let base = live_viewers();
    let (ca, cb) = (pinned(), pinned());
    let a: JsValue = mount(ca.clone(), JsValue::from_str("flock")).unwrap().into();
    let b = mount(cb.clone(), JsValue::from_str("queue")).unwrap();
    assert_eq!(live_viewers(), base + 2);
    assert_eq!(get(&a, &["failed"]).as_bool(), Some(false));

    match when {
        "now" => {
            let r = call(&a, "injectFault", "now");
            let err = r.expect_err("the panic must reach JS as an exception");
            assert!(err.is_instance_of::<js_sys::WebAssembly::RuntimeError>(), "a trap: {err:?}");
        }
        _ => {
            call(&a, "injectFault", "frame").unwrap();
            // The next frame of `a` panics inside its requestAnimationFrame callback.
            for _ in 0..50 {
                sleep(20).await;
                if get(&a, &["failed"]).as_bool() == Some(true) {
                    break;
                }
            }
        }
    }

    // `a` stopped, says why, on the canvas's alert and through the API.
    assert_eq!(get(&a, &["failed"]).as_bool(), Some(true));
    let shown = alert_text(&ca).expect("the failed canvas shows an alert");
    assert!(shown.contains("internal error") && shown.contains("injected fault"), "{shown}");
    let err = call(&a, "step", 1).expect_err("a failed viewer refuses calls");
    let msg = get(&err, &["message"]).as_string().unwrap();
    assert!(msg.contains("stopped after an internal error"), "{msg}");
    assert_eq!(get(&a, &["frameInFlight"]).as_bool(), Some(false), "no frame requested for a failed viewer");

    // `b` was not touched: API calls work and its own frame loop keeps drawing.
    let t0 = time(&b);
    b.step(Some(30)).unwrap();
    assert!(time(&b) > t0);
    let f0 = b.frames();
    sleep(300).await;
    assert!(b.frames() > f0, "b keeps drawing frames: {} then {}", f0, b.frames());
    assert!(alert_text(&cb).is_none(), "b shows no error");

    // The module still mounts new viewers.
    let cc = pinned();
    let c = mount(cc.clone(), JsValue::from_str("separation")).unwrap();
    c.step(Some(10)).unwrap();
    assert!(time(&c) > 0.0);

    // Destroying the failed viewer releases everything it registered (page-side counters).
    call(&a, "destroy", JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&a, &["listenerCount"]).as_f64(), Some(0.0));
    b.destroy();
    c.destroy();
    assert_eq!(live_viewers(), base);
    sleep(50).await;
    assert_eq!(counters(), before, "listeners, frames, observers back to where they were");
    for el in [ca, cb, cc] {
        if let Some(n) = el.next_element_sibling() {
            n.remove();
        }
        el.remove();
    }
}

#[wasm_bindgen_test]
async fn a_panic_in_an_api_call_stops_only_that_viewer() {
    check_boundary("now").await;
}

#[wasm_bindgen_test]
async fn a_panic_in_a_frame_stops_only_that_viewer() {
    check_boundary("frame").await;
}
