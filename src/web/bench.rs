//! Exports for the browser bench page (`www/bench.html`, run by `scripts/bench/browser.mjs`):
//! the issue-6 workload on the fast engine (bare, or through `Sim` as the stress scenario runs it),
//! the raster agent layer, and the initial state so the page's JS grid starts from the same flock.
//!
//! The raster hands JS a pointer into wasm memory (`pixels_ptr`, `pixels_len`), so a frame is one
//! call into wasm to draw and one `putImageData` — no copy through JS.

use crate::sim::fast::{FastFlock, Kernel};
use crate::sim::raster::{Raster, RasterStyle, RasterView};
use crate::sim::world::{Edges, World};
use crate::sim::Sim;
use steerlab_workload as workload;
use wasm_bindgen::prelude::*;

/// The issue-6 flock in wasm: `n` boids at ~20 neighbours each (or in a given world).
#[wasm_bindgen]
pub struct BenchFlock {
    fast: Option<FastFlock>,
    sim: Option<Sim>,
    world: World,
    initial: Vec<f32>,
    raster: Raster,
    style: RasterStyle,
}

#[wasm_bindgen]
impl BenchFlock {
    /// `engine`: `"fast"` (the bare engine) or `"sim"` (`Sim` with `"engine": "fast"`, stepped
    /// through `advance_deferred` as the stress scenario's frame loop steps it). `width`/`height` 0: the fixed-density
    /// world of the native benchmarks.
    #[wasm_bindgen(constructor)]
    pub fn new(n: usize, engine: &str, width: f32, height: f32, seed: u64) -> Result<BenchFlock, JsError> {
        if n == 0 || n > 2_000_000 {
            return Err(JsError::new(&format!("n: must be 1 to 2000000, got {n}")));
        }
        let world =
            if width > 0.0 && height > 0.0 { World::new(width, height, Edges::Wrap) } else { workload::world_for(n) };
        let agents = workload::spawn(&world, n, seed);
        let mut initial = Vec::with_capacity(n * 4);
        for a in &agents {
            initial.extend_from_slice(&[a.position.x, a.position.y, a.velocity.x, a.velocity.y]);
        }
        let (fast, sim) = match engine {
            "fast" => {
                let mut f = FastFlock::new();
                f.load(&world, workload::params(), &agents);
                (Some(f), None)
            }
            "sim" => (None, Some(workload::sim_for(&world, &agents, "fast").map_err(|e| JsError::new(&e))?)),
            other => return Err(JsError::new(&format!("engine: expected fast or sim, got {other}"))),
        };
        Ok(BenchFlock { fast, sim, world, initial, raster: Raster::new(), style: RasterStyle::default() })
    }

    /// Use the 4-lane kernel (`true`) or the scalar one. Returns whether the 4-lane kernel is
    /// compiled with simd128 (otherwise it runs on plain arrays).
    pub fn set_simd(&mut self, on: bool) -> bool {
        let k = if on { Kernel::Simd } else { Kernel::Scalar };
        if let Some(f) = &mut self.fast {
            f.kernel = k;
        }
        cfg!(target_feature = "simd128")
    }

    /// `k` steps in one call.
    pub fn steps(&mut self, k: u32) {
        for _ in 0..k {
            match (&mut self.fast, &mut self.sim) {
                (Some(f), _) => f.step(),
                // As the gallery's frame loop steps it: `agents` written back only when read.
                (_, Some(s)) => {
                    s.advance_deferred(crate::sim::engine::STEP_SECONDS);
                }
                _ => {}
            }
        }
    }

    pub fn len(&self) -> usize {
        self.fast.as_ref().map_or_else(|| self.sim.as_ref().map_or(0, |s| s.agent_count()), |f| f.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Mean neighbours within perception per boid in the last step.
    pub fn mean_neighbours(&self) -> f64 {
        let total = match (&self.fast, &self.sim) {
            (Some(f), _) => f.stats.neighbours,
            (_, Some(s)) => s.stats.neighbours,
            _ => 0,
        };
        total as f64 / self.len().max(1) as f64
    }

    pub fn world_width(&self) -> f32 {
        self.world.width
    }

    pub fn world_height(&self) -> f32 {
        self.world.height
    }

    /// The spawn: x, y, vx, vy per boid (for the JS grid).
    pub fn initial_state(&self) -> Vec<f32> {
        self.initial.clone()
    }

    /// Draw the agent layer into the `width × height` RGBA buffer, the world fitted and centred.
    /// Returns the buffer's byte offset in wasm memory (`pixels_len` bytes).
    pub fn draw(&mut self, width: u32, height: u32) -> usize {
        let s = (width as f32 / self.world.width).min(height as f32 / self.world.height);
        let view = RasterView {
            width,
            height,
            scale: s,
            ox: (width as f32 - self.world.width * s) * 0.5,
            oy: (height as f32 - self.world.height * s) * 0.5,
        };
        self.raster.begin(width, height, self.style.background);
        match (&self.fast, &self.sim) {
            (Some(f), _) => self.raster.agents(f.positions(), f.headings(), 12.0, &view, &self.style),
            (_, Some(sim)) => match sim.fast_slices() {
                Some((pos, head)) => {
                    self.raster.agents(pos, head, sim.scenario().agent_size.max(12.0), &view, &self.style)
                }
                None => self.raster.agent_list(&sim.agents(), sim.scenario().agent_size.max(12.0), &view, &self.style),
            },
            _ => {}
        }
        self.raster.bytes().as_ptr() as usize
    }

    pub fn pixels_len(&self) -> usize {
        self.raster.bytes().len()
    }
}

/// A built-in scenario on the standard engine, stepped without drawing or history: the behaviour
/// dispatch's cost in the browser (`scripts/bench/ab-browser.mjs --what=scenario:<name>`).
#[wasm_bindgen]
pub struct BenchScenario {
    sim: Sim,
}

#[wasm_bindgen]
impl BenchScenario {
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str) -> Result<BenchScenario, JsError> {
        let text = crate::scenarios::builtin(name).ok_or_else(|| JsError::new(&format!("name: no built-in {name}")))?;
        Ok(BenchScenario { sim: Sim::from_json(text).map_err(|e| JsError::new(&e.to_string()))? })
    }

    /// `k` fixed steps.
    pub fn steps(&mut self, k: u32) {
        for _ in 0..k {
            self.sim.step();
        }
    }
}
