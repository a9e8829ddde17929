// Issue 35 items 3–5: challenges the simulation checks, and side-by-side views in lockstep.
//
// - Every chapter (en and es) has at least three challenges; each one's solution, set through the
//   API (`v.set`), completes it (`data-state="done"`, a `steerlab:challenge` event), and the canvas
//   as written does NOT complete it in the same simulated time. Headless: the canvas is paused and
//   stepped through the API, the challenge checked after every 6 steps (0.1 s).
// - Each solution's share link opens the canvas with the solution's parameters.
// - A malformed condition is refused naming its field, on the page, in the console and in the event.
// - A compare's two views equal two separate viewers with the same seed and parameters, number for
//   number, after stepping, playing and seeking.
// - challenge.js and compare.js load on first use only.
//
//   node --test tests/e2e/challenges.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab } from "./helpers.mjs";

const CHAPTERS = ["chapters/flocking.html", "chapters/leader-queue-path.html", "chapters/bandada.html"];
const PAGES = CHAPTERS.flatMap((c) => [`/${c}`, `/es/${c}`]);

// A page of malformed challenges (and one good one) next to one queue canvas.
const BAD = [
  ["not-json", "{measure: throughput}", /data-challenge: not JSON/],
  ["string-number", '{"all": [{"measure": "throughput", ">=": "2"}]}', /all\[0\]\.>=: must be a number, got "2"/],
  ["unknown-measure", '{"measure": "throughtput", ">=": 2}', /measure: "throughtput" is not a measure of this figure, did you mean "throughput"\?/],
  ["far-measure", '{"measure": "happiness", ">=": 2}', /measure: "happiness" is not a measure of this figure \(its measures: .*throughput/],
  // Every mistake at once (issue 60: three mistakes, only `hold` was named), one a line.
  ["three-mistakes", '{"measure": "throughtput", ">=": "2", "hold": 2}', /^data-challenge: hold: unknown field .*\ndata-challenge: >=: must be a number, got "2"\ndata-challenge: measure: "throughtput" is not a measure of this figure, did you mean "throughput"\?\ndata-solution: queue\.nope: unknown parameter$/, '{"queue.nope": 1}'],
  ["negative-for", '{"measure": "overlaps", "<=": 0, "for": -1}', /^data-challenge: for: must be a number of seconds ≥ 0, got -1/],
  ["two-ops", '{"measure": "overlaps", "<=": 0, ">=": 1}', /needs exactly one comparison/],
  ["nested-for", '{"any": [{"measure": "overlaps", "<=": 0, "for": 2}]}', /any\[0\]\.for: is allowed only at the top/],
  ["unknown-field", '{"measure": "overlaps", "<=": 0, "hold": 2}', /hold: unknown field/],
  ["bad-param", '{"param": "queue.brakes", "==": 1}', /param: .*brakes/],
  ["bad-solution", '{"measure": "overlaps", "<=": 0}', /data-solution: .*nope/, '{"queue.nope": 1}'],
];
const BAD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bad</title>
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/bad.js"></script>
<script type="module" src="/www/boot.js"></script></head><body>
<canvas id="q" data-scenario="queue" data-mount="eager"></canvas>
${BAD.map(([id, cond, , sol]) => `<div id="${id}" data-for="q" data-challenge='${cond}'${sol ? ` data-solution='${sol}'` : ""}><p>${id}</p></div>`).join("\n")}
<div id="good" data-challenge='{"measure": "overlaps", "<=": 0}'><p>good (no data-for: the canvas before it)</p></div>
</body></html>`;
const BAD_JS = `window.__events = [];
document.addEventListener("steerlab:challenge", (e) => window.__events.push({ id: e.target.id, state: e.detail.state, message: e.detail.message }));`;

let server, browser;
before(async () => {
  server = await serveDist({ extra: { "/bad.html": BAD_PAGE, "/bad.js": BAD_JS } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** In the page: run challenge `i` of the page headless from step 0 with `set` applied (after
 *  `setFirst` or not), stepping 6 at a time up to `seconds`; returns what was seen. */
function runInPage([i, withSolution, seconds]) {
  return (async () => {
    const { attach } = await import("/www/challenge.js");
    const el = document.querySelectorAll("[data-challenge]")[i];
    const canvas = document.getElementById(el.dataset.for);
    const v = window.steerlab.viewerFor(canvas);
    const ctl = attach(el);
    if (ctl.error) return { error: ctl.error };
    if (!ctl.viewer) ctl.connect();
    v.pause();
    // Back to the parameters as written (a previous run may have applied a solution).
    const solution = JSON.parse(el.dataset.solution);
    window.__written ??= new Map();
    if (!window.__written.has(canvas)) window.__written.set(canvas, new Map());
    const written = window.__written.get(canvas);
    for (const p of Object.keys(solution)) if (!written.has(p)) written.set(p, v.get(p));
    for (const [p, x] of written) v.set(p, x);
    if (withSolution) for (const [p, x] of Object.entries(solution)) v.set(p, x);
    v.reset();
    const events = [];
    const onEvent = (e) => events.push(e.detail.state);
    el.addEventListener("steerlab:challenge", onEvent);
    ctl.clear();
    let state = ctl.state;
    let time = 0;
    for (let k = 0; k < seconds * 60 && state !== "done" && state !== "late"; k += 6) {
      v.step(6);
      state = ctl.check();
      time = v.state().time;
    }
    el.removeEventListener("steerlab:challenge", onEvent);
    return { state, time, events, attr: el.getAttribute("data-state"), status: ctl.status.textContent, text: el.querySelector(".challenge-task")?.textContent };
  })();
}

for (const url of PAGES) {
  test(`${url}: at least three challenges; each solution completes its challenge through the API, the canvas as written does not`, async (t) => {
    const { context, page, problems } = await openPage(browser, server.url(url));
    t.after(() => context.close());
    await waitForSteerlab(page);
    const n = await page.evaluate(() => document.querySelectorAll("#challenges [data-challenge]").length);
    assert.ok(n >= 3, `${url} has ${n} challenges`);
    const info = await page.evaluate(() =>
      [...document.querySelectorAll("[data-challenge]")].map((el) => ({
        cond: JSON.parse(el.dataset.challenge),
        solution: el.dataset.solution,
        hint: !!el.querySelector(".challenge-hint"),
        canvas: !!document.getElementById(el.dataset.for),
      })),
    );
    for (let i = 0; i < n; i++) {
      const { cond, solution, hint, canvas } = info[i];
      assert.ok(solution && hint && canvas, `challenge ${i} has a solution, a hint and its canvas`);
      // Long enough for the solution with room to spare: 60 s, or just past `within`.
      const seconds = cond.within != null ? cond.within + 1 : 60;
      const without = await page.evaluate(runInPage, [i, false, seconds]);
      assert.equal(without.error, undefined, without.error);
      assert.notEqual(without.state, "done", `challenge ${i} (${without.text}) completed with the canvas as written at ${without.time} s`);
      assert.notEqual(without.attr, "done");
      assert.match(without.status, /\S/, "it says why not");
      const withSol = await page.evaluate(runInPage, [i, true, seconds]);
      assert.equal(withSol.state, "done", `challenge ${i} (${withSol.text}) with ${solution}: ${withSol.status} at ${withSol.time} s`);
      assert.equal(withSol.attr, "done");
      assert.deepEqual(withSol.events, ["done"], "one steerlab:challenge event, done");
      if (cond.for) assert.ok(withSol.time >= cond.for + (cond.after || 0) - 1e-6, "not before the hold");
    }
    // The challenges' words are the page's language.
    const words = await page.evaluate(() => [...document.querySelectorAll(".challenge-actions button")].map((b) => b.textContent));
    assert.ok(words.includes(url.startsWith("/es/") ? "Pista" : "Hint"), words.join(", "));
    assert.deepEqual(await allProblems(page, problems), []);
  });
}

test("a solution's share link opens its canvas with the solution's parameters, from step 0", async (t) => {
  for (const url of ["/chapters/leader-queue-path.html", "/es/chapters/flocking.html"]) {
    const { context, page, problems } = await openPage(browser, server.url(url));
    t.after(() => context.close());
    await waitForSteerlab(page);
    const links = await page.evaluate(async () => {
      const { attach } = await import("/www/challenge.js");
      return [...document.querySelectorAll("[data-challenge]")].map((el) => {
        const c = attach(el);
        if (!c.viewer) c.connect();
        return { href: el.querySelector(".challenge-solution").getAttribute("href"), solution: JSON.parse(el.dataset.solution), canvas: el.dataset.for };
      });
    });
    for (const { href, solution, canvas } of links) {
      assert.match(href, new RegExp(`#sl\\.${canvas}=1~`), href);
      const p2 = await context.newPage();
      await p2.goto(server.url(href));
      await waitForSteerlab(p2);
      const got = await p2.evaluate(
        ([id, paths]) => {
          const v = window.steerlab.viewerFor(document.getElementById(id));
          return { values: Object.fromEntries(paths.map((p) => [p, v.get(p)])), step: v.history().step };
        },
        [canvas, Object.keys(solution)],
      );
      assert.deepEqual(got.values, solution, href);
      assert.equal(got.step, 0);
      await p2.close();
    }
    assert.deepEqual(await allProblems(page, problems), []);
  }
});

test("a malformed challenge is refused naming its field: on the page, in the console and in the event", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/bad.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.waitForFunction((n) => window.__events.filter((e) => e.state === "error").length >= n, BAD.length, { timeout: 10_000 });
  const seen = await page.evaluate(() => ({
    events: window.__events,
    shown: Object.fromEntries([...document.querySelectorAll("[data-challenge]")].map((el) => [el.id, { state: el.dataset.state, alert: el.querySelector(".challenge-error[role=alert]")?.textContent ?? null }])),
  }));
  for (const [id, , re] of BAD) {
    const ev = seen.events.find((e) => e.id === id);
    assert.ok(ev, `${id}: an event`);
    assert.equal(ev.state, "error");
    assert.match(ev.message, re, id);
    assert.equal(seen.shown[id].state, "error");
    assert.ok(seen.shown[id].alert?.includes(ev.message), `${id}: the message is on the page`);
    assert.ok(problems.console.some((m) => m.includes(ev.message)), `${id}: the message is in the console`);
  }
  // The good one found the canvas before it and checks it.
  assert.notEqual(seen.shown.good.state, "error");
  assert.equal(seen.shown.good.alert, null);
  // The validator alone, as authors may call it.
  const msgs = await page.evaluate(async () => {
    const { validate } = await import("/www/challenge.js");
    return [validate({ all: [{ measure: "throughput", ">=": 2 }, { measure: "overlaps", "<=": 0 }], for: 5 }), validate({ all: [] }), validate([1])];
  });
  assert.equal(msgs[0], null);
  assert.match(msgs[1], /^all: must be a non-empty list/);
  assert.match(msgs[2], /^the condition: must be an object/);
  problems.console.length = 0;
  assert.deepEqual(await allProblems(page, problems), []);
});

test("a compare's two views equal two separate viewers with the same seed and parameters, number for number", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/flocking.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.evaluate(() => document.getElementById("c-flock-vs").scrollIntoView());
  await page.waitForFunction(() => !!document.getElementById("c-flock-vs-compare") && !!window.steerlab.viewerFor(document.getElementById("c-flock-vs-compare")), null, { timeout: 15_000 });
  // Played for a while by its own clock: the two views are at the same step.
  await page.waitForTimeout(700);
  const r = await page.evaluate(async () => {
    const { compareFor } = await import(performance.getEntriesByType("resource").map((e) => e.name).find((n) => new URL(n).pathname === "/www/compare.js"));
    const c = compareFor(document.getElementById("c-flock-vs"));
    const played = [c.a.history().step, c.b.history().step];
    c.pause();
    c.reset();
    // Uneven chunks, as frames would give them, then a seek back.
    for (const n of [1, 4, 2, 3, 30, 60, 200]) c.advance(n);
    const here = c.a.history().step;
    const at = { a: c.a.state().agents, b: c.b.state().agents };
    // Two separate viewers: the scenario as written, and with the change as data-set.
    const sep = (set) => {
      const canvas = document.createElement("canvas");
      if (set) canvas.setAttribute("data-set", set);
      canvas.setAttribute("data-autoplay", "false");
      document.body.append(canvas);
      const v = window.steerlab.mount(canvas, "flock");
      v.pause();
      return v;
    };
    const va = sep(null);
    const vb = sep(JSON.stringify({ "alignment.weight": 0 }));
    va.step(here);
    vb.step(here);
    const alone = { a: va.state().agents, b: vb.state().agents };
    const back = c.seek(120);
    const seeked = { a: c.a.state().agents, b: c.b.state().agents, sa: c.a.history().step, sb: c.b.history().step };
    va.reset();
    vb.reset();
    va.step(120);
    vb.step(120);
    const alone120 = { a: va.state().agents, b: vb.state().agents };
    const labels = [...document.querySelectorAll(".sl-compare-label")].map((l) => l.innerText);
    va.destroy();
    vb.destroy();
    return { played, here, at, alone, back, seeked, alone120, labels, wb: c.b.get("alignment.weight"), wa: c.a.get("alignment.weight") };
  });
  assert.ok(r.played[0] > 0, "it played");
  assert.equal(r.played[0], r.played[1], "lockstep while playing");
  assert.equal(r.here, 300);
  assert.deepEqual(r.at.a, r.alone.a, "as written = a separate viewer");
  assert.deepEqual(r.at.b, r.alone.b, "with the change = a separate viewer with it");
  assert.notDeepEqual(r.at.a, r.at.b, "the change changes the run");
  assert.equal(r.back, 120);
  assert.deepEqual([r.seeked.sa, r.seeked.sb], [120, 120]);
  assert.deepEqual(r.seeked.a, r.alone120.a);
  assert.deepEqual(r.seeked.b, r.alone120.b);
  assert.deepEqual([r.wa, r.wb], [1, 0]);
  assert.deepEqual(r.labels, ["Left: as written", "Right: alignment 0"]);
  // The shared bar drives both: play, then pause, by its button.
  await page.click(".sl-compare-play");
  await page.waitForTimeout(400);
  await page.click(".sl-compare-play");
  const steps = await page.evaluate(async () => {
    const c = (await import(performance.getEntriesByType("resource").map((e) => e.name).find((n) => new URL(n).pathname === "/www/compare.js"))).compareFor(document.getElementById("c-flock-vs"));
    return [c.playing, c.a.history().step, c.b.history().step];
  });
  assert.equal(steps[0], false);
  assert.ok(steps[1] > 120);
  assert.equal(steps[1], steps[2]);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("challenge.js and compare.js load on first use: not on the gallery, not at the top of a chapter", async (t) => {
  const seen = (page) => {
    const urls = [];
    page.on("request", (r) => urls.push(new URL(r.url()).pathname));
    return urls;
  };
  {
    const { context, page } = await openPage(browser, server.url("/"));
    t.after(() => context.close());
    const urls = seen(page);
    await waitForSteerlab(page);
    await page.waitForTimeout(500);
    assert.ok(!urls.some((u) => /challenge\.js|compare\.js/.test(u)), urls.join(" "));
  }
  const { context, page } = await openPage(browser, server.url("/chapters/bandada.html"), { waitUntil: "commit" });
  t.after(() => context.close());
  const urls = seen(page);
  await waitForSteerlab(page);
  await page.waitForTimeout(800);
  assert.ok(!urls.some((u) => u.endsWith("/www/challenge.js")), "challenge.js waits for the challenges");
  await page.evaluate(() => document.getElementById("challenges").scrollIntoView());
  await page.waitForFunction(() => document.querySelector("[data-challenge][data-state]"), null, { timeout: 10_000 });
  assert.ok(urls.some((u) => u.endsWith("/www/challenge.js")));
});

test("live, as a reader: Hint shows the hint, See a solution runs the canvas with it until the challenge is done, Start again puts it back as it started", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/leader-queue-path.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.evaluate(() => document.getElementById("c-ch-queue-2").scrollIntoView());
  const jam = page.locator("[data-challenge]").nth(1);
  await page.waitForFunction(() => document.querySelectorAll("[data-challenge]")[1].dataset.state === "trying", null, { timeout: 15_000 });
  const hint = jam.locator("p.challenge-hint");
  assert.equal(await hint.isVisible(), false);
  await jam.locator("button.challenge-btn-hint").click();
  assert.equal(await hint.isVisible(), true);
  assert.equal(await jam.locator("button.challenge-btn-hint").getAttribute("aria-expanded"), "true");
  // The solution (the brake off) from step 0, played by the viewer's own loop: done within ~10 s
  // of simulated time, announced once.
  await page.evaluate(() => {
    window.__done = [];
    document.addEventListener("steerlab:challenge", (e) => window.__done.push([e.detail.state, e.detail.time]));
  });
  await jam.locator(".challenge-solution").click();
  assert.equal(await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-ch-queue-2")).get("queue.braking")), false);
  await page.waitForFunction(() => document.querySelectorAll("[data-challenge]")[1].dataset.state === "done", null, { timeout: 60_000 });
  const done = await page.evaluate(() => window.__done);
  assert.equal(done.length, 1);
  assert.equal(done[0][0], "done");
  assert.ok(done[0][1] >= 2, `held 2 s first (done at ${done[0][1]} s)`);
  assert.match(await jam.locator(".challenge-live").textContent(), /Done/);
  // Start again: the canvas as the challenge found it (the brake on again), from its start, the
  // verdict cleared.
  await jam.locator("button.challenge-btn-reset").click();
  const after = await page.evaluate(() => {
    const v = window.steerlab.viewerFor(document.getElementById("c-ch-queue-2"));
    return { step: v.history().step, braking: v.get("queue.braking"), state: document.querySelectorAll("[data-challenge]")[1].dataset.state };
  });
  assert.ok(after.step < 30, `restarted (step ${after.step})`);
  assert.equal(after.braking, true);
  assert.notEqual(after.state, "done");
  assert.deepEqual(await allProblems(page, problems), []);
});

test("a compare removed from the page stops and lets both viewers go", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/flocking.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.evaluate(() => document.getElementById("c-flock-vs").scrollIntoView());
  // (A plain predicate: an async one returns a promise, truthy at once, and waits for nothing.)
  await page.waitForFunction(() => !!document.getElementById("c-flock-vs-compare") && !!window.steerlab.viewerFor(document.getElementById("c-flock-vs-compare")), null, { timeout: 15_000 });
  const before = await page.evaluate(() => [window.steerlab.viewerFor(document.getElementById("c-flock-vs")), window.steerlab.viewerFor(document.getElementById("c-flock-vs-compare"))].filter(Boolean).length);
  assert.equal(before, 2, "both views mounted");
  await page.evaluate(() => {
    window.__vs = [document.getElementById("c-flock-vs"), document.getElementById("c-flock-vs-compare")];
    document.querySelector(".sl-compare").closest("figure").remove();
  });
  await page.waitForTimeout(500);
  // (Counted per canvas: with the figure gone, canvases further down come near and mount.)
  const r = await page.evaluate(async () => {
    const c = (await import(performance.getEntriesByType("resource").map((e) => e.name).find((n) => new URL(n).pathname === "/www/compare.js"))).compareFor(window.__vs[0]);
    return { live: window.__vs.filter((e) => window.steerlab.viewerFor(e)).length, playing: c.playing, destroyed: c.destroyed === true };
  });
  assert.equal(r.live, 0, "both views destroyed");
  assert.equal(r.playing, false);
  assert.equal(r.destroyed, true);
  assert.deepEqual(await allProblems(page, problems), []);
});
