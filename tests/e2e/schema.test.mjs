// The scenario format's JSON Schema (scenarios/scenario.schema.json, generated from the Rust types
// by `cargo test --lib schema`) and the parser agree: every built-in scenario and a corpus of good
// and bad variations get the same verdict from Ajv (JSON Schema 2020-12) and from steerlab's own
// `validate()` in Chromium. Rules across fields (min_speed ≤ max_speed, a leader among the agents,
// a path long enough for its follower, each flocking rule once …) cannot be written in JSON
// Schema: for those the schema accepts and the parser refuses, with a message, and the test checks
// exactly that.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { ROOT, serveDist, launchBrowser, openPage } from "./helpers.mjs";

const requireFromTools = createRequire(path.join(ROOT, "tools", "package.json"));
const Ajv2020 = requireFromTools("ajv/dist/2020").default;

const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "scenarios", "scenario.schema.json"), "utf8"));
const builtins = fs
  .readdirSync(path.join(ROOT, "scenarios"))
  .filter((f) => f.endsWith(".json") && !f.endsWith(".schema.json"))
  .map((f) => [f, JSON.parse(fs.readFileSync(path.join(ROOT, "scenarios", f), "utf8"))]);

const clone = (x) => JSON.parse(JSON.stringify(x));
const flock = builtins.find(([f]) => f === "flock.json")[1];
const queue = builtins.find(([f]) => f === "queue.json")[1];
const with_ = (base, patch) => {
  const d = clone(base);
  patch(d);
  return d;
};

// [name, scenario, expected verdict of both] — one per kind of mistake an author makes.
const corpus = [
  ["hand-placed agents", with_(flock, (d) => (d.agents = [{ position: [10, 10] }, { position: [20, 20], velocity: [1, 0] }])), true],
  ["a path and waypoints", with_(flock, (d) => {
    d.behaviours = [{ type: "path_waypoints" }];
    d.controls = [];
    d.path = { waypoints: [[1, 1], [50, 50]], mode: "ping_pong" };
  }), true],
  ["unknown field", with_(flock, (d) => (d.colour = "red")), false],
  ["unknown behaviour field", with_(flock, (d) => (d.behaviours[0].raduis = 3)), false],
  ["unknown behaviour type", with_(flock, (d) => d.behaviours.push({ type: "teleport" })), false],
  ["missing world", with_(flock, (d) => delete d.world), false],
  ["missing name", with_(flock, (d) => delete d.name), false],
  ["width as text", with_(flock, (d) => (d.world.width = "wide")), false],
  ["negative width", with_(flock, (d) => (d.world.width = -5)), false],
  ["zero width", with_(flock, (d) => (d.world.width = 0)), false],
  ["world too large", with_(flock, (d) => (d.world.width = 2e5)), false],
  ["bad edges", with_(flock, (d) => (d.world.edges = "mirror")), false],
  ["zero agents", with_(flock, (d) => (d.agents.count = 0)), false],
  ["too many agents", with_(flock, (d) => (d.agents.count = 200001)), false],
  ["fractional count", with_(flock, (d) => (d.agents.count = 2.5)), false],
  ["negative weight", with_(flock, (d) => (d.behaviours[0].weight = -1)), false],
  ["huge weight", with_(flock, (d) => (d.behaviours[0].weight = 2e6)), false],
  ["zero sep_dist", with_(flock, (d) => (d.behaviours[0].sep_dist = 0)), false],
  ["zero max_force is allowed", with_(flock, (d) => (d.motion = { max_force: 0 })), true],
  ["zero max_speed", with_(flock, (d) => (d.motion = { max_speed: 0 })), false],
  ["negative margin", with_(flock, (d) => (d.world.margin = -1)), false],
  ["agent_size 0", with_(flock, (d) => (d.agent_size = 0)), false],
  ["bad overlay", with_(flock, (d) => (d.overlays = ["vectors"])), false],
  ["bad control kind", with_(flock, (d) => (d.controls[0].kind = "knob")), false],
  ["queue without goal", with_(queue, (d) => delete d.behaviours[0].goal), false],
  ["queue goal of three numbers", with_(queue, (d) => (d.behaviours[0].goal = [1, 2, 3])), false],
  ["bad sep_form", with_(queue, (d) => (d.behaviours[0].sep_form = "shove")), false],
  ["separation weight zero", with_(flock, (d) => (d.behaviours[0].weight = 0)), true],
];

// Accepted by the schema, refused by the parser: rules across fields.
const crossField = [
  ["min_speed above max_speed", with_(flock, (d) => (d.motion = { max_speed: 50, min_speed: 60 }))],
  ["a second cohesion", with_(flock, (d) => d.behaviours.push({ type: "cohesion" }))],
  ["path follower without a path", with_(flock, (d) => (d.behaviours = [{ type: "path_tube" }]))],
  ["selected beyond the agents", with_(flock, (d) => (d.selected = 500))],
  ["spawn area upside down", with_(flock, (d) => (d.agents.area = [100, 100, 50, 50]))],
  ["a control naming a missing parameter", with_(flock, (d) => (d.controls[0].param = "cohesion.wieght"))],
];

let server, browser, page;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server.url("/")));
  await page.waitForFunction(() => window.steerlab && typeof window.steerlab.validate === "function", null, { timeout: 60000 });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const parserVerdict = (doc) => page.evaluate((text) => window.steerlab.validate(text), JSON.stringify(doc));

test("the schema compiles and every built-in scenario names it and passes it", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const validate = ajv.compile(schema);
  for (const [file, doc] of builtins) {
    assert.equal(doc.$schema, "./scenario.schema.json", file);
    assert.ok(validate(doc), `${file}: ${JSON.stringify(validate.errors)}`);
  }
});

test("the schema and the parser agree on every case of the corpus", async () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const validate = ajv.compile(schema);
  const disagreements = [];
  for (const [name, doc, want] of [...builtins.map(([f, d]) => [f, d, true]), ...corpus]) {
    const bySchema = validate(doc);
    const message = await parserVerdict(doc);
    const byParser = message === null || message === undefined;
    if (bySchema !== want || byParser !== want) {
      disagreements.push(`${name}: expected ${want}, schema ${bySchema}, parser ${byParser} (${message})`);
    }
  }
  assert.deepEqual(disagreements, []);
});

test("rules across fields: the schema lets them through, the parser refuses with a message naming the field", async () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const validate = ajv.compile(schema);
  for (const [name, doc] of crossField) {
    assert.ok(validate(doc), `${name}: the schema should accept it (${JSON.stringify(validate.errors)})`);
    const message = await parserVerdict(doc);
    assert.ok(typeof message === "string" && /^[a-z_$\[\]0-9.]+: /.test(message), `${name}: ${message}`);
  }
});
