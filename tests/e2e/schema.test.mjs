// The scenario format's JSON Schema (scenarios/scenario.schema.json, generated from the Rust types
// by `cargo test -p steerlab-core --lib schema`) and the parser agree: every built-in scenario and a corpus of good
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

// Ajv as an author's editor or build runs it: its defaults for the schema's draft (2020-12: strict
// mode, formats checked, first error only), with whatever it logs kept.
function ajvWithDefaults() {
  const logged = [];
  const logger = { log: (...a) => logged.push(a.join(" ")), warn: (...a) => logged.push(a.join(" ")), error: (...a) => logged.push(a.join(" ")) };
  const ajv = new Ajv2020({ logger });
  return { validate: ajv.compile(schema), logged };
}
// Where an Ajv error points: the instance path and the property it names (unknown or missing).
const named = (e) => `${e.instancePath}/${e.params?.additionalProperty ?? e.params?.missingProperty ?? ""}`;

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

// [name, scenario, expected verdict of both, the field a refusal names] — one per kind of mistake
// an author makes.
const corpus = [
  // (Two agents: the flock's selected agent, 2, goes with its 120.)
  ["hand-placed agents", with_(flock, (d) => ((d.agents = [{ position: [10, 10] }, { position: [20, 20], velocity: [1, 0] }]), (d.selected = 1))), true],
  ["a path and waypoints", with_(flock, (d) => {
    d.behaviours = [{ type: "path_waypoints" }];
    d.controls = [];
    d.path = { waypoints: [[1, 1], [50, 50]], mode: "ping_pong" };
  }), true],
  ["unknown field", with_(flock, (d) => (d.colour = "red")), false, "colour"],
  ["unknown behaviour field", with_(flock, (d) => (d.behaviours[0].raduis = 3)), false, "raduis"],
  ["unknown behaviour type", with_(flock, (d) => d.behaviours.push({ type: "teleport" })), false, "type"],
  ["missing world", with_(flock, (d) => delete d.world), false, "world"],
  ["missing name", with_(flock, (d) => delete d.name), false, "name"],
  ["width as text", with_(flock, (d) => (d.world.width = "wide")), false, "width"],
  ["negative width", with_(flock, (d) => (d.world.width = -5)), false, "width"],
  ["zero width", with_(flock, (d) => (d.world.width = 0)), false, "width"],
  ["world too large", with_(flock, (d) => (d.world.width = 2e5)), false, "width"],
  ["bad edges", with_(flock, (d) => (d.world.edges = "mirror")), false, "edges"],
  ["zero agents", with_(flock, (d) => (d.agents.count = 0)), false, "count"],
  ["too many agents", with_(flock, (d) => (d.agents.count = 200001)), false, "count"],
  ["fractional count", with_(flock, (d) => (d.agents.count = 2.5)), false, "count"],
  ["negative weight", with_(flock, (d) => (d.behaviours[0].weight = -1)), false, "weight"],
  ["huge weight", with_(flock, (d) => (d.behaviours[0].weight = 2e6)), false, "weight"],
  ["zero sep_dist", with_(flock, (d) => (d.behaviours[0].sep_dist = 0)), false, "sep_dist"],
  ["zero max_force is allowed", with_(flock, (d) => (d.motion = { max_force: 0 })), true],
  ["zero max_speed", with_(flock, (d) => (d.motion = { max_speed: 0 })), false, "max_speed"],
  ["negative margin", with_(flock, (d) => (d.world.margin = -1)), false, "margin"],
  ["agent_size 0", with_(flock, (d) => (d.agent_size = 0)), false, "agent_size"],
  ["bad overlay", with_(flock, (d) => (d.overlays = ["vectors"])), false, "overlays"],
  ["bad control kind", with_(flock, (d) => (d.controls[0].kind = "knob")), false, "kind"],
  ["queue without goal", with_(queue, (d) => delete d.behaviours[0].goal), false, "goal"],
  ["queue goal of three numbers", with_(queue, (d) => (d.behaviours[0].goal = [1, 2, 3])), false, "goal"],
  ["bad sep_form", with_(queue, (d) => (d.behaviours[0].sep_form = "shove")), false, "sep_form"],
  ["separation weight zero", with_(flock, (d) => (d.behaviours[0].weight = 0)), true],
  ["a hand-placed agent with a typo", with_(flock, (d) => (d.agents = [{ position: [10, 10] }, { position: [20, 20], velocty: [1, 0] }])), false, "velocty"],
  ["bad path mode", with_(flock, (d) => {
    d.behaviours = [{ type: "path_waypoints" }];
    d.controls = [];
    d.path = { waypoints: [[1, 1], [50, 50]], mode: "zigzag" };
  }), false, "mode"],
  ["bad follow_leader variant", with_(flock, (d) => (d.behaviours = [{ type: "follow_leader", variant: "sideways" }])), false, "variant"],
  ["a wander field on separation", with_(flock, (d) => (d.behaviours[0].jitter = 1)), false, "jitter"],
  // Issue 47: a misspelt key is named wherever it is, and a control's parameter is checked by the
  // schema too (the paths `set` takes: editors complete them).
  ["a control naming a misspelt parameter", with_(flock, (d) => (d.controls[0].param = "cohesion.wieght")), false, "param"],
  ["a control naming behaviours[i] badly", with_(flock, (d) => (d.controls[0].param = "behaviours[0]weight")), false, "param"],
  ["a misspelt key in world", with_(flock, (d) => (d.world.widht = 3)), false, "widht"],
  ["a misspelt key in motion", with_(flock, (d) => (d.motion = { max_sped: 3 })), false, "max_sped"],
  ["a misspelt key in agents", with_(flock, (d) => (d.agents.cuont = 3)), false, "cuont"],
  ["a misspelt key in a control", with_(flock, (d) => (d.controls[0].lable = "x")), false, "lable"],
  ["a misspelt key in an obstacle", with_(flock, (d) => (d.obstacles = [{ center: [1, 1], raduis: 3 }])), false, "raduis"],
  ["a misspelt key in the path", with_(flock, (d) => (d.path = { waypionts: [[1, 1]] })), false, "waypionts"],
  ["a misspelt key in a queue", with_(queue, (d) => (d.behaviours[0].door_intreval = 1)), false, "door_intreval"],
];

// Accepted by the schema, refused by the parser: rules across fields.
const crossField = [
  ["min_speed above max_speed", with_(flock, (d) => (d.motion = { max_speed: 50, min_speed: 60 }))],
  ["a second cohesion", with_(flock, (d) => d.behaviours.push({ type: "cohesion" }))],
  ["path follower without a path", with_(flock, (d) => (d.behaviours = [{ type: "path_tube" }]))],
  ["selected beyond the agents", with_(flock, (d) => (d.selected = 500))],
  ["spawn area upside down", with_(flock, (d) => (d.agents.area = [100, 100, 50, 50]))],
  ["a control naming a parameter of a behaviour the scenario lacks", with_(flock, (d) => (d.controls[0].param = "wander.radius"))],
  ["a control naming a behaviour index the scenario lacks", with_(flock, (d) => (d.controls[0].param = "behaviours[9].weight"))],
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

test("Ajv with its defaults compiles the schema with no error and no warning; every built-in names it and passes it", () => {
  const { validate, logged } = ajvWithDefaults();
  assert.deepEqual(logged, [], "Ajv logs nothing");
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.equal(schema.$id, "scenario.schema.json", "a relative identity: the file's own address where it is served");
  const formats = JSON.stringify(schema).match(/"format":/g) ?? [];
  assert.deepEqual(formats, [], "no format keyword (schemars' float, uint … are not standard)");
  for (const [file, doc] of builtins) {
    assert.equal(doc.$schema, "./scenario.schema.json", file);
    assert.ok(validate(doc), `${file}: ${JSON.stringify(validate.errors)}`);
  }
  // The site serves the schema beside the built-ins (index.html copies scenarios/ into dist/).
  assert.ok(fs.existsSync(path.join(ROOT, "dist", "scenarios", "scenario.schema.json")), "dist/scenarios/scenario.schema.json");
});

test("the schema and the parser agree on every case of the corpus; one mistake, one error naming its field", async () => {
  const { validate } = ajvWithDefaults();
  const disagreements = [];
  for (const [name, doc, want, field] of [...builtins.map(([f, d]) => [f, d, true]), ...corpus]) {
    const bySchema = validate(doc);
    const errors = validate.errors ?? [];
    const message = await parserVerdict(doc);
    const byParser = message === null;
    if (bySchema !== want || byParser !== want) {
      disagreements.push(`${name}: expected ${want}, schema ${bySchema}, parser ${byParser} (${message})`);
    }
    if (!want) {
      if (errors.length !== 1) disagreements.push(`${name}: ${errors.length} Ajv errors: ${JSON.stringify(errors)}`);
      else if (!named(errors[0]).split("/").includes(field)) disagreements.push(`${name}: Ajv's error does not name ${field}: ${JSON.stringify(errors[0])}`);
      if (typeof message === "string" && !message.includes(field)) disagreements.push(`${name}: the parser's message does not name ${field}: ${message}`);
    }
  }
  assert.deepEqual(disagreements, []);
});

test("rules across fields: the schema lets them through, the parser refuses with a message naming the field", async () => {
  const { validate } = ajvWithDefaults();
  for (const [name, doc] of crossField) {
    assert.ok(validate(doc), `${name}: the schema should accept it (${JSON.stringify(validate.errors)})`);
    const message = await parserVerdict(doc);
    assert.ok(typeof message === "string" && /^[a-z_$\[\]0-9.]+: /.test(message), `${name}: ${message}`);
  }
});

// Issue 47, item 3: every mistake at once. The example — a weight as a string, a misspelt
// parameter, an unknown behaviour — gets three lines from validate(), each `path: reason`; Ajv with
// its defaults stops at the first, and with `allErrors: true` names the three places too (the docs
// show both: docs/reference/errors.md).
test("validate() names every mistake at once, one a line; Ajv with allErrors names the same places", async () => {
  const three = with_(flock, (d) => {
    d.behaviours[0].weight = "2";
    d.behaviours[1].percepton = 40;
    d.behaviours.push({ type: "teleport" });
  });
  const message = await parserVerdict(three);
  const lines = message.split("\n");
  assert.equal(lines.length, 3, message);
  assert.match(lines[0], /^behaviours\[0\]\.weight: invalid type: string "2", expected a number/);
  assert.match(lines[1], /^behaviours\[1\]\.percepton: unknown field `percepton`/);
  assert.match(lines[2], /^behaviours\[3\]\.type: unknown value `teleport`/);
  // A built-in's name and an object give the same lines as the text.
  assert.equal(await page.evaluate((d) => window.steerlab.validate(d), three), message);
  const { validate } = ajvWithDefaults();
  assert.equal(validate(three), false);
  assert.equal(validate.errors.length, 1, "Ajv's defaults: the first mistake only");
  const all = new Ajv2020({ allErrors: true }).compile(schema);
  all(three);
  const places = new Set(all.errors.map((e) => named(e)));
  for (const p of ["/behaviours/0/weight/", "/behaviours/1/percepton", "/behaviours/3/type/"]) {
    assert.ok(places.has(p), `Ajv (allErrors) names ${p}: ${[...places].join(", ")}`);
  }
  // Past twenty mistakes, how many more.
  const many = with_(flock, (d) => {
    for (let k = 0; k < 25; k++) d[`extra_${k}`] = k;
  });
  const manyLines = (await parserVerdict(many)).split("\n");
  assert.equal(manyLines.length, 21);
  assert.equal(manyLines[20], "… and 5 more");
});
