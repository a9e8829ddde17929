//! A small, deterministic workload for instruction counting (`scripts/bench/bench.sh` runs it under
//! valgrind's callgrind) and a quick native timing in thread CPU time:
//! `cargo run --release --example bench_step -- [n] [steps] [fast|sim-fast|grid|naive] [simd|avx2|narrow|scalar]`
//! (`simd`: the widest vectors the CPU has, AVX-512F or AVX2 natively; `avx2`: no AVX-512).

#[path = "../benches/cputime.rs"]
#[allow(dead_code)]
mod cputime;

use steerlab::sim::fast::Kernel;
use steerlab_workload::{flock_world, BenchFlock};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let steps: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let engine = args.next().unwrap_or_else(|| "fast".into());
    let kernel = args.next();
    let (world, agents) = flock_world(n, 1);
    let mut f = BenchFlock::new(&engine, world, agents);
    if let (BenchFlock::Fast(ff), Some(k)) = (&mut f, kernel.as_deref()) {
        ff.kernel = if k == "scalar" { Kernel::Scalar } else { Kernel::Simd };
        ff.narrow = k == "narrow";
        ff.no_avx512 = k == "avx2";
    }
    let wall = std::time::Instant::now();
    let t = cputime::thread_cpu();
    for _ in 0..steps {
        f.step();
    }
    let el = (cputime::thread_cpu() - t).as_secs_f64();
    let wall = wall.elapsed().as_secs_f64();
    println!(
        "{engine} n={n} steps={steps}: {:.1} ns/boid/step (thread CPU), {:.3} ms/step (thread CPU), wall {:.3} ms/step, mean neighbours {:.1}, checks/boid {:.1}",
        el * 1e9 / (n * steps) as f64,
        el * 1e3 / steps as f64,
        wall * 1e3 / steps as f64,
        f.mean_neighbours(),
        f.checks_per_boid()
    );
}
