//! The raster agent layer alone, for instruction counts and a quick native timing:
//! `cargo run --release --example bench_step_draw -- [n] [frames] [list|sorted|soa]`.
//! `list`: `Sim`-style agents in spawn order (what `Raster::draw_sim` gets from the stress
//! scenario); `sorted`: the same agents in the fast engine's cell order; `soa`: the fast engine's
//! own slices (`FastFlock::positions`/`headings`). The canvas is 1280×720 with the world of n
//! boids fitted to it, as on the bench page.

#[path = "../benches/cputime.rs"]
#[allow(dead_code)]
mod cputime;

use steerlab::sim::fast::FastFlock;
use steerlab::sim::raster::{Raster, RasterStyle, RasterView};
use steerlab_workload::{flock_world, params};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let frames: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let mode = args.next().unwrap_or_else(|| "list".into());
    let (world, mut agents) = flock_world(n, 1);
    let mut fast = FastFlock::new();
    fast.load(&world, params(), &agents);
    if mode == "sorted" {
        let ids = fast.ids().to_vec();
        agents = ids.iter().map(|&i| agents[i as usize]).collect();
    }
    let (w, h) = (1280u32, 720u32);
    let s = (w as f32 / world.width).min(h as f32 / world.height);
    let view = RasterView {
        width: w,
        height: h,
        scale: s,
        ox: (w as f32 - world.width * s) * 0.5,
        oy: (h as f32 - world.height * s) * 0.5,
    };
    let style = RasterStyle::default();
    let mut r = Raster::new();
    let draw = |r: &mut Raster| {
        r.begin(w, h, style.background);
        if mode == "soa" {
            r.agents(fast.positions(), fast.headings(), 12.0, &view, &style);
        } else {
            r.agent_list(&agents, 12.0, &view, &style);
        }
    };
    draw(&mut r);
    let t = cputime::thread_cpu();
    for _ in 0..frames {
        draw(&mut r);
    }
    let el = (cputime::thread_cpu() - t).as_secs_f64();
    let lit = r.bytes().chunks_exact(4).filter(|p| p != &style.background).count();
    println!(
        "raster {mode} n={n} frames={frames}: {:.1} ns/boid/frame, {:.3} ms/frame (thread CPU), {lit} pixels lit",
        el * 1e9 / (n * frames) as f64,
        el * 1e3 / frames as f64
    );
}
