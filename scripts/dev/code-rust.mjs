// The Rust exports (scripts/dev/code-equivalence.mjs): every program a module of one small cargo
// project (glam and libm from cargo's cache, offline), printing its agents at the asked steps as
// JSON lines, and counting its allocations (a counting global allocator) over 240 steps of the
// 1 000-agent flock after warm-up; and the steerlab-core variant, against the crate in this repository.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./code-run.mjs";

const ROWS = `fn rows(it: impl Iterator<Item = [f32; 4]>) -> String {
    let n = |x: f32| if x.is_finite() { format!("{x}") } else { "null".to_string() };
    let r: Vec<String> = it.map(|a| format!("[{}]", a.map(n).join(","))).collect();
    format!("[{}]", r.join(","))
}`;

const ALLOC = `struct Counting;
static ALLOCS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: std::alloc::Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        unsafe { std::alloc::System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: std::alloc::Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        unsafe { std::alloc::System.realloc(p, l, n) }
    }
}
#[global_allocator]
static GLOBAL: Counting = Counting;`;

function cargoRun(dir, deps, mods, calls) {
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "Cargo.toml"),
    `[package]\nname = "steerlab-code-check"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n${deps}\n\n[workspace]\n`,
  );
  fs.writeFileSync(path.join(dir, "src", "main.rs"), `${mods.join("\n")}\n\n${ROWS}\n\n${ALLOC}\n\nfn main() {\n${calls.join("\n")}\n}\n`);
  // The lockfile of this repository: the same glam and libm as the core's.
  fs.copyFileSync(path.join(ROOT, "Cargo.lock"), path.join(dir, "Cargo.lock"));
  return execFileSync("cargo", ["run", "--quiet", "--offline", "--release", "--manifest-path", path.join(dir, "Cargo.toml")], {
    cwd: dir,
    env: { ...process.env, CARGO_TARGET_DIR: path.join(ROOT, "target", "code-equivalence"), RUSTFLAGS: "-A warnings" },
    encoding: "utf8",
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

const stepCall = (k, make, agents, job) =>
  `    {\n        let mut w = ${make};\n        let mut parts = Vec::new();\n` +
  `        for s in 1..=${Math.max(...job.at)} {\n            w.step();\n            if [${job.at.join(", ")}].contains(&s) {\n` +
  `                parts.push(format!("\\"{s}\\": {}", rows(${agents}.iter().map(|a| [a.position.x, a.position.y, a.velocity.x, a.velocity.y]))));\n            }\n        }\n` +
  `        println!("{{\\"k\\": ${k}, \\"rows\\": {{{}}}}}", parts.join(", "));\n    }`;

function parse(out) {
  const rows = [];
  let alloc = null;
  for (const line of out.split("\n").filter(Boolean)) {
    const r = JSON.parse(line);
    if (r.allocations !== undefined) alloc = r;
    else rows[r.k] = r.rows;
  }
  return { rows, alloc };
}

export const rustAllocations = { last: null };

export async function runRust(list, tpl, write, tmp) {
  const dir = path.join(tmp, "rust");
  const mods = [];
  const calls = [];
  list.forEach((job, k) => {
    fs.mkdirSync(path.join(dir, "src"), { recursive: true });
    fs.writeFileSync(path.join(dir, "src", `s${k}.rs`), write(job.state, "rust", tpl, "en"));
    mods.push(`#[allow(dead_code, unused)]\n#[path = "s${k}.rs"]\nmod s${k};`);
    calls.push(stepCall(k, `s${k}::World::new()`, "w.agents", job));
  });
  const big = list.findIndex((job) => job.id === "bandada-1000");
  if (big >= 0) {
    calls.push(
      `    {\n        let mut w = s${big}::World::new();\n        for _ in 0..60 {\n            w.step();\n        }\n` +
        `        let before = ALLOCS.load(std::sync::atomic::Ordering::Relaxed);\n        for _ in 0..240 {\n            w.step();\n        }\n` +
        `        let n = ALLOCS.load(std::sync::atomic::Ordering::Relaxed) - before;\n        println!("{{\\"allocations\\": {n}, \\"steps\\": 240, \\"agents\\": {}}}", w.agents.len());\n    }`,
    );
  }
  const { rows, alloc } = parse(cargoRun(dir, 'glam = "0.34"\nlibm = "0.2"', mods, calls));
  rustAllocations.last = alloc;
  return rows;
}

export async function runRustCrate(list, write, tmp) {
  const dir = path.join(tmp, "rust-crate");
  const mods = [];
  const calls = [];
  // The crate variant runs the canvas's own simulation: the fixtures from step 0 (a moment is
  // hand-placed agents, which start again at step 0: not compared).
  const jobs = list.filter((job) => !job.mid);
  list.forEach((job, k) => {
    if (job.mid) return;
    fs.mkdirSync(path.join(dir, "src"), { recursive: true });
    fs.writeFileSync(path.join(dir, "src", `c${k}.rs`), write(job.state, "rust-crate", null, "en"));
    mods.push(`#[allow(dead_code, unused)]\nmod c${k} {\n    include!("c${k}.rs");\n}`);
    calls.push(stepCall(k, `c${k}::world()`, "w.agents()", job));
  });
  if (!jobs.length) return [];
  const dep = `steerlab-core = { path = ${JSON.stringify(path.join(ROOT, "crates/steerlab-core"))} }`;
  const { rows } = parse(cargoRun(dir, dep, mods, calls));
  return list.map((job, k) => (job.mid ? { skip: true } : rows[k]));
}

/** Clippy on exported Rust files (each a module of one crate, as a game's project would hold it):
 *  returns the warnings (0 is clean). `deps` the Cargo.toml dependencies. */
export function clippyRust(tmp, name, deps, texts) {
  const dir = path.join(tmp, `clippy-${name}`);
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "Cargo.toml"),
    `[package]\nname = "steerlab-clippy-${name}"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n${deps}\n\n[workspace]\n`,
  );
  texts.forEach((t, k) => fs.writeFileSync(path.join(dir, "src", `e${k}.rs`), t));
  // (Each export is a program: its own main, called so that nothing of it is unused.)
  fs.writeFileSync(path.join(dir, "src", "main.rs"), `${texts.map((t, k) => `mod e${k};`).join("\n")}\n\nfn main() {\n${texts.map((t, k) => `    e${k}::main();`).join("\n")}\n}\n`);
  for (let k = 0; k < texts.length; k++) {
    const f = path.join(dir, "src", `e${k}.rs`);
    fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace(/^fn main\(\) \{/m, "pub fn main() {"));
  }
  fs.copyFileSync(path.join(ROOT, "Cargo.lock"), path.join(dir, "Cargo.lock"));
  let out = "";
  try {
    execFileSync("cargo", ["clippy", "--quiet", "--offline", "--manifest-path", path.join(dir, "Cargo.toml"), "--", "-D", "warnings"], {
      cwd: dir,
      env: { ...process.env, CARGO_TARGET_DIR: path.join(ROOT, "target", "code-equivalence"), RUSTFLAGS: "-A warnings" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (e) {
    out = `${e.stdout ?? ""}${e.stderr ?? ""}`;
  }
  const problems = out.split("\n").filter((l) => /^(warning|error)(\[|:)/.test(l) && !/aborting due to|could not compile|generated \d+ warning/.test(l));
  return { problems: problems.length, first: problems.slice(0, 6), out };
}

/** A cargo project exported whole (`files`: path → text, one folder): built and run, its output. */
export function runCargoProject(tmp, files, patch = {}) {
  const dir = path.join(tmp, "cargo-project");
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [p, text] of Object.entries(files)) {
    const f = path.join(dir, p);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, Object.entries(patch).reduce((s, [a, b]) => s.replace(a, b), text));
  }
  const manifest = Object.keys(files).find((p) => p.endsWith("Cargo.toml"));
  const root = path.join(dir, path.dirname(manifest));
  fs.appendFileSync(path.join(root, "Cargo.toml"), "\n[workspace]\n");
  fs.copyFileSync(path.join(ROOT, "Cargo.lock"), path.join(root, "Cargo.lock"));
  return execFileSync("cargo", ["run", "--quiet", "--offline", "--release", "--manifest-path", path.join(root, "Cargo.toml")], {
    cwd: root,
    env: { ...process.env, CARGO_TARGET_DIR: path.join(ROOT, "target", "code-equivalence"), RUSTFLAGS: "-A warnings" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}
