#!/usr/bin/env node
// The longest stretch of work the browser test suites (`cargo test --target
// wasm32-unknown-unknown --test …`, scripts/test.sh's wasm section) give one thread of the test
// page: ChromeDriver reads the runner's output on the page's main thread, so a task there that
// outlasts the driver's request timeout fails the run whatever the tests say.
//
//   node scripts/dev/wasm-stretch.mjs                  # web, viewer and panic_boundary
//   node scripts/dev/wasm-stretch.mjs web viewer       # some of them
//   node scripts/dev/wasm-stretch.mjs path/to/web-….wasm   # a test binary built before (another revision)
//
// For each test binary: builds it (the features scripts/test.sh passes), serves it with
// wasm-bindgen-test-runner in its interactive mode (NO_HEADLESS, a random 127.0.0.1 port), opens
// the page in Debian's Chromium with a trace running, waits for "test result:", and prints the
// result line and, per thread of the page's renderer (the page's main thread, the dedicated
// worker's), the longest task and how many tasks took over 1 s and over 5 s. Tracing slows the
// page a little; read the figures as an upper bound. Not part of the test command.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../../tests/e2e/helpers.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FEATURES = "fault-injection";
const names = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const tests = names.length ? names : ["web", "viewer", "panic_boundary"];

/** The wasm file of each test target, built if needed. */
function build(targets) {
  if (!targets.length) return new Map();
  const args = ["test", "--target", "wasm32-unknown-unknown", "--features", FEATURES, "--no-run", "--message-format=json"];
  for (const t of targets) args.push("--test", t);
  const r = spawnSync("cargo", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 256 << 20, stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`cargo ${args.join(" ")} failed (${r.status})`);
  const out = new Map();
  for (const line of r.stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const m = JSON.parse(line);
    if (m.reason === "compiler-artifact" && m.executable && m.target.kind.includes("test")) out.set(m.target.name, m.executable);
  }
  return out;
}

/** wasm-bindgen-test-runner serving `wasm` (interactive mode); resolves to { url, child }. */
function serve(wasm) {
  const env = {
    ...process.env,
    NO_HEADLESS: "1",
    WASM_BINDGEN_TEST_ADDRESS: "127.0.0.1:0",
  };
  const child = spawn("wasm-bindgen-test-runner", [wasm], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (d) => {
      text += d;
      const m = text.match(/available at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve({ url: m[1], child });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`wasm-bindgen-test-runner exited (${code}):\n${text}`)));
  });
}

async function measure(browser, name, wasm) {
  const { url, child } = await serve(wasm);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
    const t0 = Date.now();
    await page.goto(url);
    // Polled like the runner does: a read of #output by a script in the page.
    await page.waitForFunction(() => (document.querySelector("#output")?.textContent ?? "").includes("test result:"), null, {
      timeout: 600_000,
      polling: 200,
    });
    const wall = (Date.now() - t0) / 1000;
    const output = await page.evaluate(() => document.querySelector("#output").textContent);
    const done = new Promise((res) => cdp.once("Tracing.tracingComplete", res));
    await cdp.send("Tracing.end");
    await done;
    await context.close();
    const origin = new URL(url).origin;
    const pids = new Set(events.filter((e) => String(e.args?.data?.url ?? e.args?.data?.frame ?? "").startsWith(origin)).map((e) => e.pid));
    const threads = new Map(
      events.filter((e) => e.name === "thread_name" && pids.has(e.pid)).map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
    );
    const byThread = new Map();
    for (const e of events) {
      if (e.ph !== "X" || e.name !== "RunTask") continue;
      const t = threads.get(`${e.pid}:${e.tid}`);
      if (!t || !/CrRendererMain|Worker/.test(t)) continue;
      const s = byThread.get(t) ?? { longest: 0, over1: 0, over5: 0, tasks: 0 };
      const ms = e.dur / 1000;
      s.longest = Math.max(s.longest, ms);
      s.over1 += ms > 1000;
      s.over5 += ms > 5000;
      s.tasks++;
      byThread.set(t, s);
    }
    const result = output.split("\n").find((l) => l.includes("test result:")) ?? "(no result line)";
    console.log(`${name}: ${result.trim()} (page open ${wall.toFixed(1)} s)`);
    for (const [t, s] of byThread) {
      console.log(
        `  ${t.padEnd(24)} longest task ${(s.longest / 1000).toFixed(2)} s; tasks over 1 s: ${s.over1}, over 5 s: ${s.over5} (of ${s.tasks})`,
      );
    }
    if (!result.includes("test result: ok")) console.log(output);
    return result.includes("test result: ok");
  } finally {
    child.kill();
  }
}

const wasms = build(tests.filter((t) => !t.endsWith(".wasm")));
for (const t of tests.filter((t) => t.endsWith(".wasm"))) wasms.set(t, path.resolve(t));
const browser = await launchBrowser();
let ok = true;
try {
  for (const t of tests) {
    if (!wasms.has(t)) throw new Error(`no test binary for ${t} (is it a wasm test target?)`);
    ok = (await measure(browser, t, wasms.get(t))) && ok;
  }
} finally {
  await browser.close();
}
process.exit(ok ? 0 : 1);
