//! Zero allocation per step and per frame after warm-up: the fast engine (bare and through `Sim`)
//! and the raster agent layer, counted with a global allocator wrapper. Only the measuring thread's
//! allocations count (the test harness's own threads allocate now and then).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use steerlab::sim::fast::{FastFlock, Kernel};
use steerlab::sim::raster::{Raster, RasterStyle, RasterView};
use steerlab_workload as workload;

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Set while this thread measures (const-initialised: reading it never allocates).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn note() {
    if COUNTING.with(|c| c.get()) {
        ALLOCS.fetch_add(1, Ordering::SeqCst);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        note();
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        note();
        System.realloc(p, l, n)
    }
}

#[global_allocator]
static A: Counting = Counting;

fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCS.load(Ordering::SeqCst);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCS.load(Ordering::SeqCst) - before
}

#[test]
fn steps_and_frames_allocate_nothing_after_warm_up() {
    let (world, agents) = workload::flock_world(3_000, 3);
    for kernel in [Kernel::Simd, Kernel::Scalar] {
        let mut f = FastFlock::new();
        f.kernel = kernel;
        f.load(&world, workload::params(), &agents);
        f.step();
        assert_eq!(allocations(|| (0..30).for_each(|_| f.step())), 0, "{kernel:?}");
    }

    let mut sim = workload::sim_for(&world, &agents, "fast").unwrap();
    sim.step();
    sim.step();
    assert_eq!(allocations(|| (0..30).for_each(|_| sim.step())), 0, "Sim with the fast engine");
    // A changed weight reaches the engine without allocating per step afterwards.
    sim.set_number("cohesion.weight", 2.0).unwrap();
    sim.step();
    assert_eq!(allocations(|| (0..5).for_each(|_| sim.step())), 0, "after set");

    let mut r = Raster::new();
    let view = RasterView { width: 800, height: 450, scale: 800.0 / world.width, ox: 0.0, oy: 0.0 };
    let style = RasterStyle::default();
    r.draw_sim(&sim, &view, &style);
    let frames = allocations(|| {
        for _ in 0..10 {
            sim.step();
            let bytes = r.draw_sim(&sim, &view, &style);
            assert_eq!(bytes.len(), 800 * 450 * 4);
        }
    });
    assert_eq!(frames, 0, "raster frames");
}
