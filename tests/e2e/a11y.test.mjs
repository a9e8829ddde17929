// Issues 49 and 58: figures everyone can perceive. As a screen-reader user, a keyboard user and a
// colour-blind reader would meet them:
// - every canvas of every chapter is named (by its figure's title, no raw `{tap|click}` form) and
//   focusable before its module mounts it, and focusing it mounts it;
// - `v.describe()` says the whole scene and its one sentence, changes as the scene does, and the
//   canvas's accessible description (the AX tree, as a screen reader reads it) is that sentence;
// - merely playing is quiet: at most 3 live-region changes in 10 s of a chapter playing;
// - the keyboard cursor: arrows + Enter add a waypoint, in a few words (no coordinates); N selects
//   it, Delete removes it; G grabs an obstacle and the arrows move it (no second one);
// - the roles of a figure stay apart under simulated deuteranopia and protanopia (CDP
//   Emulation.setEmulatedVisionDeficiency), drawn by the viewer's own still;
// - axe-core finds no serious or critical violation on every page, both themes (the chapters in
//   both languages);
// - Share and Embed are modal dialogs: the focus goes in, Tab stays in, Escape gives it back;
// - sound: off by default, S turns a tone and the earcons on and off.
// (tests/e2e/a11y-speech.test.mjs and a11y-contrast.test.mjs check the rest of issue 58.)
//
//   node --test tests/e2e/a11y.test.mjs      (needs dist/ from scripts/build.sh)
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts, ARTIFACTS, DIST } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve("../../tools/node_modules/axe-core/axe.min.js"), "utf8");
const CHAPTERS = ["flocking", "leader-queue-path", "bandada"];
const urlOf = (lang, ch) => (lang === "es" ? `/es/chapters/${ch}.html` : `/chapters/${ch}.html`);

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
  ensureArtifacts();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The accessibility tree's node for `selector` (name, description, role) as a screen reader gets it. */
async function axNode(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  // By a handle on the element itself: a DOM node id (DOM.getDocument, DOM.querySelector) is
  // dropped when the page changes the tree between the calls (the loader names and wraps waiting
  // canvases), and the protocol then answers "Could not find node with given id".
  const { result } = await cdp.send("Runtime.evaluate", { expression: `document.querySelector(${JSON.stringify(selector)})` });
  assert.ok(result.objectId, `${selector}: no such element`);
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { objectId: result.objectId, fetchRelatives: false });
  await cdp.detach();
  const n = nodes[0];
  return { role: n.role?.value, name: n.name?.value ?? "", description: n.description?.value ?? "", ignored: n.ignored };
}

for (const lang of ["en", "es"]) {
  test(`${lang}: every canvas of every chapter is named and focusable before it mounts; focus mounts it`, async () => {
    for (const ch of CHAPTERS) {
      const { context, page } = await openPage(browser, server.url(urlOf(lang, ch)));
      // The module never comes: what a reader has while it loads (or on a slow line).
      await context.route(/\/steerlab_bg\.wasm(\?|$)/, (r) => r.abort());
      await page.reload();
      const ids = await page.$$eval("canvas[data-scenario]", (cs) => cs.map((c, i) => (c.id ||= `a11y-c${i}`)));
      assert.ok(ids.length >= 3, `${ch}: ${ids.length} canvases`);
      for (const id of ids) {
        const n = await axNode(page, `#${id}`);
        assert.ok(!n.ignored && n.name.trim().length > 3, `${lang} ${ch} #${id}: unnamed before mounting (${JSON.stringify(n)})`);
        // By its figure's title (the caption's <strong>), not the caption's words run together
        // (the flock read "tapclick a boid").
        const title = await page.$eval(`#${id}`, (c) => (c.closest("figure")?.querySelector("figcaption strong") ?? c.closest("[data-challenge]")?.querySelector(".challenge-task strong"))?.textContent.trim().replace(/[.:—–-]\s*$/, ""));
        // (A comparison's views are named by their labels: which side, what it runs.)
        const labelled = await page.$eval(`#${id}`, (c) => c.hasAttribute("aria-labelledby"));
        if (title && !labelled) assert.equal(n.name, title, `${lang} ${ch} #${id}`);
        assert.doesNotMatch(n.name, /tapclick|tocaclic|[{}|]/, `${lang} ${ch} #${id}: ${n.name}`);
        assert.equal(await page.$eval(`#${id}`, (c) => c.tabIndex), 0, `${ch} #${id} takes the focus`);
      }
      await context.close();
    }
    // With the module: the last canvas of a chapter is far down and waits; focusing it mounts it.
    const { context, page, problems } = await openPage(browser, server.url(urlOf(lang, "flocking")));
    await waitForSteerlab(page);
    const last = await page.$$eval("canvas[data-scenario]:not([data-compare])", (cs) => cs.at(-1).id);
    assert.equal(await page.evaluate((id) => !!window.steerlab.viewerFor && document.getElementById(id).hasAttribute("data-steerlab-mounted"), last), false, "the last canvas waits");
    await page.focus(`#${last}`);
    await page.waitForFunction((id) => document.getElementById(id).hasAttribute("data-steerlab-mounted"), last, { timeout: 10_000 });
    assert.deepEqual(await allProblems(page, problems), []);
    await context.close();
  });
}

test("describe() says the whole scene and its one sentence, changes as the scene does, and the canvas's description is that sentence", async () => {
  for (const lang of ["en", "es"]) {
    const { context, page, problems } = await openPage(browser, server.url(urlOf(lang, "flocking")));
    await waitForSteerlab(page);
    await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-flock")).pause());
    const a = await page.evaluate(async () => {
      const v = window.steerlab.viewerFor(document.getElementById("c-flock"));
      const d = await v.describe();
      return { text: d.text, summary: d.summary, facts: d.scene.facts.map((f) => f[0]) };
    });
    assert.match(a.text, lang === "es" ? /^120 agentes\. / : /^120 agents\. /, a.text);
    assert.deepEqual(a.facts, ["separation", "alignment", "cohesion"], "each behaviour tells its lesson");
    assert.match(a.summary, lang === "es" ? /^120 agentes: a \d+ px unos de otros/ : /^120 agents: spaced \d+ px apart/, a.summary);
    await page.focus("#c-flock");
    const before = await axNode(page, "#c-flock");
    assert.equal(before.description, a.summary, "the AX description is the one sentence");
    // Ten seconds later (600 steps): the scene has moved.
    const b = await page.evaluate(async () => {
      const v = window.steerlab.viewerFor(document.getElementById("c-flock"));
      v.step(600);
      v.render();
      return (await v.describe()).text;
    });
    assert.notEqual(a.text, b, "the description follows the scene");
    await page.keyboard.press("ArrowRight"); // a step from the keyboard: the description is written again
    await page.waitForTimeout(300);
    const after = await axNode(page, "#c-flock");
    assert.notEqual(after.description, before.description);
    const live = await page.$eval("#c-flock", (c) => c.closest(".steerlab").querySelector(".steerlab-live").textContent);
    assert.match(live, lang === "es" ? /^Paso \d+/ : /^Step \d+/, `one sentence after the step: ${live}`);
    assert.deepEqual(await allProblems(page, problems), []);
    await context.close();
  }
});

test("playing is quiet: at most 3 live-region changes in 10 s on a chapter", async () => {
  for (const ch of ["flocking", "leader-queue-path"]) {
    const { context, page } = await openPage(browser, server.url(urlOf("es", ch)));
    await waitForSteerlab(page);
    // The described scene loaded (a figure focused, then the focus left): playing must still be quiet.
    await page.evaluate(() => {
      const c = document.querySelector("canvas[data-scenario]:not([data-compare])");
      c.scrollIntoView();
      window.steerlab.viewerFor(c);
      c.focus();
    });
    await page.waitForTimeout(1000);
    await page.evaluate(() => document.activeElement.blur());
    await page.waitForTimeout(500);
    const changes = await page.evaluate(async () => {
      const live = (n) => {
        const e = n.nodeType === 1 ? n : n.parentElement;
        const r = e?.closest('[aria-live], [role="status"], [role="alert"], [role="log"], [role="timer"], [role="marquee"], output');
        if (!r) return null;
        const off = r.closest('[aria-live="off"]');
        return off && off === r ? null : r;
      };
      const seen = [];
      const mo = new MutationObserver((ms) => {
        for (const m of ms) {
          const r = live(m.target);
          if (r && !r.closest("[hidden]")) seen.push(`${r.className || r.tagName}: ${r.textContent.slice(0, 60)}`);
        }
      });
      mo.observe(document.body, { subtree: true, childList: true, characterData: true });
      await new Promise((r) => setTimeout(r, 10_000));
      mo.disconnect();
      return seen;
    });
    const playing = await page.$$eval("canvas.steerlab-canvas", (cs) => cs.filter((c) => window.steerlab.viewerFor(c)?.playing).length);
    assert.ok(playing >= 1, `${ch}: something plays (${playing})`);
    assert.ok(changes.length <= 3, `${ch}: ${changes.length} live-region changes in 10 s:\n${changes.join("\n")}`);
    await context.close();
  }
});

test("the keyboard cursor: arrows + Enter add a waypoint in a few words; N selects it, Delete removes it; G grabs and moves an obstacle", async () => {
  for (const lang of ["en", "es"]) {
    const { context, page, problems } = await openPage(browser, server.url(urlOf(lang, "leader-queue-path")));
    await waitForSteerlab(page);
    const id = await page.$eval('canvas[data-scenario="path-waypoints"]', (c) => c.id);
    const waypoints = () => page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).state().waypoints, id);
    await page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).pause(), id);
    const before = await waypoints();
    assert.ok(Array.isArray(before), `state() lists the waypoints: ${JSON.stringify(before)?.slice(0, 80)}`);
    await page.focus(`#${id}`);
    await page.keyboard.press("Enter"); // the cursor, in the centre
    const liveText = () => page.$eval(`#${id}`, (c) => c.closest(".steerlab").querySelector(".steerlab-live").textContent);
    await page.waitForFunction((id) => /Cursor/.test(document.getElementById(id).closest(".steerlab").querySelector(".steerlab-live").textContent), id);
    // Moves in a few words, and only when the place changes: no coordinate after every key.
    const said = [];
    for (const k of ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"]) {
      await page.$eval(`#${id}`, (c) => (c.closest(".steerlab").querySelector(".steerlab-live").textContent = ""));
      await page.keyboard.press(k);
      said.push(await liveText());
    }
    for (const w of said) {
      assert.doesNotMatch(w, /\(\d+, \d+\)/, `no coordinates: ${w}`);
      assert.ok(w.split(/\s+/).length <= 6, `a few words: ${w}`);
    }
    assert.ok(said.filter(Boolean).length < said.length, `silent while the place stays the same: ${JSON.stringify(said)}`);
    const world = await page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).state().scenario.world, id);
    const d = Math.min(world.width, world.height) / 40;
    await page.keyboard.press("Enter"); // a tap there: a waypoint
    const after = await waypoints();
    assert.equal(after.length, before.length + 1, `a waypoint more: ${before.length} → ${after.length}`);
    const [x, y] = after.at(-1);
    assert.ok(Math.abs(x - (world.width / 2 + 3 * d)) <= 1 && Math.abs(y - (world.height / 2 + 2 * d)) <= 1, `the waypoint (${x}, ${y}) is where the cursor was`);
    await page.screenshot({ path: path.join(ARTIFACTS, `a11y-cursor-${lang}.png`), clip: await page.$eval(`#${id}`, (c) => { const r = c.closest(".steerlab").getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: Math.min(r.height, 600) }; }) });
    // N goes to the objects in turn (selecting each waypoint); Delete removes the selected one.
    for (let k = 0; k < after.length; k++) await page.keyboard.press("n");
    await page.keyboard.press("Delete");
    assert.equal((await waypoints()).length, after.length - 1, "Delete removed the selected waypoint");
    await page.keyboard.press("Escape");
    assert.equal(await page.$$eval(".steerlab-cursor", (e) => e.length), 0, "Escape hides the cursor");
    assert.deepEqual(await allProblems(page, problems), []);
    await context.close();
  }
  // The playground: N goes to an obstacle, G holds it, arrows move it, G drops it — moved, not doubled.
  const { context, page, problems } = await openPage(browser, server.url(urlOf("en", "bandada")));
  await waitForSteerlab(page);
  const id = await page.$eval('canvas[data-scenario="bandada"]', (c) => c.id);
  const obstacles = () => page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).state().obstacles.map((o) => o.center), id);
  await page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).pause(), id);
  const was = await obstacles();
  assert.ok(was.length >= 1, "the bandada has obstacles");
  await page.focus(`#${id}`);
  const live = () => page.$eval(`#${id}`, (c) => c.closest(".steerlab").querySelector(".steerlab-live").textContent);
  const hear = (re, what) => page.waitForFunction(([id, re]) => new RegExp(re).test(document.getElementById(id).closest(".steerlab").querySelector(".steerlab-live").textContent), [id, re.source], { timeout: 15_000 }).catch(async () => assert.fail(`${what}: the figure said "${await live()}"`));
  // (As a reader does: N, then G once the obstacle has been named.)
  await page.keyboard.press("n");
  await hear(/^Obstacle 1/, "N");
  await page.keyboard.press("g");
  await hear(/Holding obstacle 1/, "G");
  for (let k = 0; k < 4; k++) await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("g");
  assert.match(await live(), /^Dropped/);
  const now = await obstacles();
  assert.equal(now.length, was.length, "moved, not another one placed");
  assert.ok(now[0][0] - was[0][0] > 100 && Math.abs(now[0][1] - was[0][1]) < 1, `obstacle 1 moved right: ${was[0]} → ${now[0]}`);
  assert.deepEqual(now.slice(1), was.slice(1));
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

// --- Not by colour alone -----------------------------------------------------------------------

/** sRGB bytes → CIELAB (D65). */
function lab([r, g, b]) {
  const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047), y = f(0.2126 * R + 0.7152 * G + 0.0722 * B), z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const deltaE = (a, b) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]));

test("the roles of a figure stay apart under simulated deuteranopia and protanopia", async () => {
  const { context, page } = await openPage(browser, server.url("/"));
  await waitForSteerlab(page);
  const cdp = await context.newCDPSession(page);
  // Each figure's roles, as its still draws them (the viewer's own SVG: one path per role).
  const FIGURES = { "follow-leader": 150, queue: 300, "spatial-hash": 1 };
  for (const [name, steps] of Object.entries(FIGURES)) {
    const swatches = await page.evaluate(
      ({ name, steps }) => {
        const c = document.createElement("canvas");
        c.style.width = "480px";
        document.body.prepend(c);
        const v = window.steerlab.mount(c, name);
        v.pause();
        v.step(steps);
        const svg = new DOMParser().parseFromString(v.still("svg"), "image/svg+xml").documentElement;
        v.destroy();
        c.remove();
        // Each path of triangles (an agent role) alone in an SVG of the still's size, on the canvas colour.
        const bg = svg.querySelector("rect")?.getAttribute("fill") ?? "#f8fafc";
        const box = document.createElement("div");
        box.id = "swatches";
        document.body.prepend(box);
        const out = [];
        const shown = new Set();
        for (const p of svg.querySelectorAll("path")) {
          const d = p.getAttribute("d") || "";
          const tris = (d.match(/Z/g) || []).length;
          if (tris < 1 || /A/.test(d) || (d.match(/L/g) || []).length !== 2 * tris) continue; // triangles only
          const look = ["fill", "stroke", "stroke-dasharray"].map((a) => p.getAttribute(a)).join();
          if (shown.has(look)) continue; // one swatch per role (a role's agents may come in several runs)
          shown.add(look);
          const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
          s.setAttribute("viewBox", svg.getAttribute("viewBox"));
          s.setAttribute("width", "240");
          s.style.background = bg;
          s.style.display = "block";
          s.id = `sw${out.length}`;
          s.append(p.cloneNode());
          box.append(s);
          out.push({ id: s.id, fill: p.getAttribute("fill") ?? "black", stroke: p.getAttribute("stroke"), dash: p.getAttribute("stroke-dasharray"), bg });
        }
        return out;
      },
      { name, steps },
    );
    assert.ok(swatches.length >= 2, `${name}: ${swatches.length} agent roles in the still`);
    for (const type of ["none", "deuteranopia", "protanopia"]) {
      await cdp.send("Emulation.setEmulatedVisionDeficiency", { type });
      // The colour each role shows as (its pixels' median, away from the background), as rendered.
      const seen = [];
      for (const sw of swatches) {
        const png = await page.locator(`#${sw.id}`).screenshot({ path: path.join(ARTIFACTS, `a11y-roles-${name}-${sw.id}-${type}.png`) });
        seen.push(await page.evaluate(async (bytes) => {
          // (From the bytes: a data: URL is no image source under the page's CSP.)
          const img = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: "image/png" }));
          const c = new OffscreenCanvas(img.width, img.height);
          const g = c.getContext("2d");
          g.drawImage(img, 0, 0);
          const px = g.getImageData(0, 0, img.width, img.height).data;
          const bg = [px[0], px[1], px[2]];
          const keep = [];
          for (let i = 0; i < px.length; i += 4) if (Math.abs(px[i] - bg[0]) + Math.abs(px[i + 1] - bg[1]) + Math.abs(px[i + 2] - bg[2]) > 60) keep.push([px[i], px[i + 1], px[i + 2]]);
          keep.sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]));
          return keep[keep.length >> 1] ?? bg;
        }, [...png]));
      }
      for (let i = 0; i < swatches.length; i++)
        for (let j = i + 1; j < swatches.length; j++) {
          const [a, b] = [swatches[i], swatches[j]];
          const shape = (s) => `${s.fill === "none"}/${!!s.stroke && s.stroke !== s.fill}/${!!s.dash}`;
          const de = deltaE(seen[i], seen[j]);
          assert.ok(shape(a) !== shape(b) || de >= 25, `${name} under ${type}: roles ${a.fill}/${a.stroke} and ${b.fill}/${b.stroke} share a shape and are ΔE ${de.toFixed(1)} apart`);
        }
    }
    await cdp.send("Emulation.setEmulatedVisionDeficiency", { type: "none" });
    await page.evaluate(() => document.getElementById("swatches")?.remove());
  }
  await context.close();
});

// --- axe-core ----------------------------------------------------------------------------------

/** Every page the site ships: each HTML file of dist/ (every language's, the reference's), but the
 *  posters (stills, checked by posters.test.mjs) and the benchmark's harness. */
const PAGES = fs
  .readdirSync(DIST, { recursive: true })
  .filter((f) => f.endsWith(".html") && !/^(\.|posters\/)/.test(f) && f !== "www/bench.html")
  .map((f) => "/" + f.replace(/(^|\/)index\.html$/, "$1"))
  .sort();

// Both themes at once (each page in its own context): a page mostly waits for its figures.
describe("axe-core", { concurrency: 2 }, () => ["light", "dark"].forEach((scheme) => {
  test(`axe-core: no serious or critical violation on every page, ${scheme}`, async () => {
    assert.ok(PAGES.length >= 30 && PAGES.includes("/pt/chapters/bandada.html"), `the pages: ${PAGES.join(" ")}`);
    const found = [];
    for (const url of PAGES) {
      const { context, page } = await openPage(browser, server.url(url), { colorScheme: scheme });
      await page.waitForFunction(() => window.steerlab?.mount || !document.querySelector("canvas[data-scenario], [data-steerlab]"), null, { timeout: 30_000 }).catch(() => {});
      await page.evaluate(() => window.steerlab && document.querySelectorAll("canvas[data-scenario]").forEach((c) => window.steerlab.viewerFor(c)));
      await page.waitForTimeout(1500);
      await page.evaluate(AXE);
      const v = await page.evaluate(async () => {
        const r = await window.axe.run(document, { resultTypes: ["violations"] });
        return r.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
      });
      found.push(...v.map((x) => `${url}: ${x}`));
      await context.close();
    }
    assert.deepEqual(found, [], scheme);
  });
}));

// --- Dialogs ------------------------------------------------------------------------------------

test("Share and Embed are modal dialogs: the focus goes in, Tab stays in, Escape and Close give it back; Code too gives it back", async () => {
  for (const scheme of ["light", "dark"]) {
    const { context, page, problems } = await openPage(browser, server.url(urlOf("en", "flocking")), { colorScheme: scheme });
    await waitForSteerlab(page);
    // The toolbar's focus ring, in this theme (an outline around the button, never a fill).
    await page.locator('#c-separation >> xpath=ancestor::div[contains(@class,"steerlab")][1] >> [data-action="play"]').focus();
    await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-separation")).describe()); // (its keys, loaded by the focus)
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute("data-action")), "step");
    await page.screenshot({ path: path.join(ARTIFACTS, `a11y-toolbar-${scheme}.png`), clip: await page.$eval("#c-separation", (c) => { const r = c.closest(".steerlab").querySelector(".steerlab-bar").getBoundingClientRect(); return { x: r.x - 8, y: r.y - 40, width: r.width + 16, height: r.height + 90 }; }) });
    for (const action of ["code", "share", "embed"]) {
      const button = `#c-separation >> xpath=ancestor::div[contains(@class,"steerlab")][1] >> [data-action="${action}"]`;
      const b = page.locator(button);
      await b.focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"], dialog'), null, { timeout: 10_000 });
      const inside = await page.evaluate(() => document.activeElement.closest('[role="dialog"], dialog').className);
      assert.match(inside, /steerlab-dialog/, `${action}: the focus is in the dialog`);
      if (action !== "code") {
        assert.equal(await page.evaluate(() => document.activeElement.closest("dialog").matches(":modal")), true, `${action}: modal`);
        // Tab goes round inside: the page behind is inert.
        for (let k = 0; k < 6; k++) {
          await page.keyboard.press("Tab");
          const still = await page.evaluate(() => !!document.activeElement?.closest("dialog") || document.activeElement === document.body);
          assert.ok(still, `${action}: Tab ${k + 1} left the dialog for ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
        }
        await page.screenshot({ path: path.join(ARTIFACTS, `a11y-dialog-${action}-${scheme}.png`) });
      }
      await page.keyboard.press("Escape");
      await page.waitForTimeout(150);
      const back = await page.evaluate(() => document.activeElement?.getAttribute("data-action"));
      assert.equal(back, action, `${action}: Escape gives the focus back to its button`);
    }
    // Close, by the keyboard, gives it back too.
    const share = page.locator('#c-separation >> xpath=ancestor::div[contains(@class,"steerlab")][1] >> [data-action="share"]');
    await share.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.closest("dialog"));
    await page.locator('dialog[open] [data-action="close"]').focus();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(150);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-action")), "share", "Close gives the focus back");
    assert.equal(await page.$$eval("dialog[open]", (d) => d.length), 0);
    assert.deepEqual(await allProblems(page, problems), []);
    await context.close();
  }
});

// --- Hearing the flock ----------------------------------------------------------------------------

test("sound: off by default and not loaded; S on a focused figure turns it on (pitch from the polarisation) and off", async () => {
  const { context, page, problems } = await openPage(browser, server.url(urlOf("en", "flocking")));
  const asked = [];
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  await waitForSteerlab(page);
  await page.evaluate(() => {
    const c = document.getElementById("c-flock");
    c.scrollIntoView();
    window.steerlab.viewerFor(c);
  });
  await page.focus("#c-flock");
  await page.waitForTimeout(800);
  assert.ok(!asked.some((p) => p.endsWith("/sound.js")), "no sound code before the reader asks");
  await page.keyboard.press("s");
  const live = () => page.$eval("#c-flock", (c) => c.closest(".steerlab").querySelector(".steerlab-live").textContent);
  await page.waitForFunction(() => /Sound on/.test(document.getElementById("c-flock").closest(".steerlab").querySelector(".steerlab-live").textContent));
  assert.match(await live(), /polarisation/);
  assert.ok(asked.some((p) => p.endsWith("/sound.js")), "loaded on first use");
  const { pitch, events } = await import("../../www/sound.js");
  assert.equal(pitch(0), 220);
  assert.equal(pitch(1), 880);
  // The earcons: the events of a lesson, from two readings of the facts.
  const at = (next, groups, braking, overlaps) => [["path_waypoints", { next }], ["cohesion", { groups }], ["queue", { braking, overlaps }]];
  assert.deepEqual(events(at(1, 3, 0, 0), at(2, 3, 0, 0)), ["waypoint"]);
  assert.deepEqual(events(at(1, 3, 0, 0), at(1, 2, 0, 0)), ["merge"]);
  assert.deepEqual(events(at(1, 3, 0, 0), at(1, 5, 3, 1)), ["split", "brake", "overlap"]);
  assert.deepEqual(events(at(1, 3, 4, 2), at(1, 3, 5, 1)), [], "a brake more is not news; fewer overlaps are not");
  assert.deepEqual(events(null, at(1, 3, 0, 0)), []);
  await page.keyboard.press("s");
  await page.waitForFunction(() => /Sound off/.test(document.getElementById("c-flock").closest(".steerlab").querySelector(".steerlab-live").textContent));
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});
