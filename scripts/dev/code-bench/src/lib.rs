//! steerlab-core's `Sim` in wasm, for Node (scripts/dev/code-bench.mjs): `alloc(n)` a buffer for
//! scenario text, `load(ptr, n)` builds the simulation (1, or 0 if refused), `step(k)` takes `k`
//! fixed steps, `agent(i, k)` reads agent `i`'s x, y, vx or vy (k = 0..3) to check the run.

use std::cell::RefCell;
use steerlab_core::Sim;

thread_local! {
    static SIM: RefCell<Option<Sim>> = const { RefCell::new(None) };
}

#[no_mangle]
pub extern "C" fn alloc(n: usize) -> *mut u8 {
    let mut v = vec![0u8; n];
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// # Safety
/// `ptr` is a buffer of `n` bytes from `alloc(n)`, holding UTF-8 text.
#[no_mangle]
pub unsafe extern "C" fn load(ptr: *mut u8, n: usize) -> i32 {
    let bytes = unsafe { Vec::from_raw_parts(ptr, n, n) };
    let Ok(text) = String::from_utf8(bytes) else { return 0 };
    let sim = Sim::from_json(&text).ok();
    let ok = sim.is_some();
    SIM.with(|s| *s.borrow_mut() = sim);
    ok as i32
}

#[no_mangle]
pub extern "C" fn step(k: u32) {
    SIM.with(|s| {
        if let Some(sim) = s.borrow_mut().as_mut() {
            for _ in 0..k {
                sim.step();
            }
        }
    });
}

#[no_mangle]
pub extern "C" fn agent(i: usize, k: u32) -> f32 {
    SIM.with(|s| {
        let s = s.borrow();
        let Some(sim) = s.as_ref() else { return f32::NAN };
        let agents = sim.agents();
        let Some(a) = agents.get(i) else { return f32::NAN };
        [a.position.x, a.position.y, a.velocity.x, a.velocity.y][k as usize & 3]
    })
}
