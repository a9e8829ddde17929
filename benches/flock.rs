//! Issue 6 benchmarks (thread CPU time, so other processes on the machine do not inflate them):
//! ns per boid per step of the fast engine at 1k, 10k, 100k and 1M boids (fixed density, ~20
//! neighbours within perception 48), the standard grid engine and the naive O(n²) engine where
//! feasible, and all three at 10k boids on a 1920×1080 torus.
//!
//! Every measured run starts from the same uniform spawn and steps at most `EPOCH` steps before it
//! is restored (flocks form and density rises over time, so an unbounded run would drift).
//!
//! `cargo bench --bench flock` (or `scripts/bench/bench.sh`); `-- <filter>` picks groups.

#[path = "cputime.rs"]
mod cputime;

use cputime::ThreadCpu;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput};
use std::time::Duration;
use steerlab::sim::world::{Edges, World};
use steerlab_workload::{spawn, world_for, BenchFlock};

/// Steps from the pristine state before it is restored.
const EPOCH: u64 = 60;

fn run(c: &mut Criterion<ThreadCpu>, group: &str, engine: &str, n: usize, world: World, samples: usize) {
    let agents = spawn(&world, n, 1);
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(n as u64));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(samples);
    g.warm_up_time(Duration::from_millis(if n >= 100_000 { 300 } else { 500 }));
    g.measurement_time(Duration::from_secs(if n >= 1_000_000 { 8 } else { 3 }));
    g.bench_function(BenchmarkId::new(engine, n), |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0;
            while done < iters {
                let mut f = BenchFlock::new(engine, world, agents.clone());
                let k = (iters - done).min(EPOCH);
                let t = cputime::thread_cpu();
                for _ in 0..k {
                    f.step();
                }
                total += cputime::thread_cpu() - t;
                done += k;
            }
            total
        })
    });
    g.finish();
}

fn density(c: &mut Criterion<ThreadCpu>) {
    for &n in &[1_000usize, 10_000, 100_000, 1_000_000] {
        let world = world_for(n);
        run(c, "step_fixed_density", "fast", n, world, 10);
        if n <= 100_000 {
            run(c, "step_fixed_density", "grid", n, world, 10);
        }
        if n == 100_000 {
            // Through `Sim` (the stress scenario's path: the engine plus the write-back of `agents`)
            // and the straightforward scalar grid of the reference figures.
            run(c, "step_fixed_density", "sim-fast", n, world, 10);
            run(c, "step_fixed_density", "simple", n, world, 10);
        }
        if n <= 10_000 {
            run(c, "step_fixed_density", "naive", n, world, 10);
        }
    }
}

fn hd(c: &mut Criterion<ThreadCpu>) {
    let world = World::new(1920.0, 1080.0, Edges::Wrap);
    for engine in ["fast", "grid", "naive"] {
        run(c, "step_10k_1920x1080", engine, 10_000, world, 10);
    }
}

/// The raster agent layer: 10k and 100k agents (the stress scenario's world fitted to the canvas)
/// into a 1280×720 RGBA buffer, background fill included.
fn raster(c: &mut Criterion<ThreadCpu>) {
    use steerlab::sim::raster::{Raster, RasterStyle, RasterView};
    let mut g = c.benchmark_group("raster_1280x720");
    g.sample_size(20);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(2));
    for &n in &[10_000usize, 100_000] {
        let world = world_for(100_000);
        let agents = spawn(&world, n, 1);
        let s = (1280.0 / world.width).min(720.0 / world.height);
        let view = RasterView { width: 1280, height: 720, scale: s, ox: 0.0, oy: 0.0 };
        let style = RasterStyle::default();
        let mut r = Raster::new();
        g.throughput(Throughput::Elements(n as u64));
        g.bench_function(BenchmarkId::new("agents", n), |b| {
            b.iter(|| {
                r.begin(1280, 720, style.background);
                r.agent_list(&agents, 12.0, &view, &style);
                std::hint::black_box(r.bytes().len())
            })
        });
    }
    g.finish();
}

fn config() -> Criterion<ThreadCpu> {
    Criterion::default().with_measurement(ThreadCpu).without_plots()
}

criterion_group! { name = benches; config = config(); targets = density, hd, raster }
criterion_main!(benches);
