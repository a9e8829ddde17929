// Issue 60, item 3: the authors' command, as an author runs it. The packed archive
// (scripts/package.sh) is installed into an empty folder with npm, offline; `npx steerlab validate`
// runs on a Hugo site (examples/hugo, the recipe's shortcodes) with a good post, a post whose
// challenge its solution cannot meet, and a scenario file with three mistakes: every mistake is
// named once with its file, line and field, near misses are suggested, the good challenge is proved
// solvable by running its solution headless, and the exit status serves CI (0, 1, 2).
// `npx steerlab words` checks a words file.
//
//   node --test tests/e2e/validate.test.mjs   (needs dist/ from scripts/build.sh, and npm)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, packArchive } from "./helpers.mjs";

const VERSION = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
const TGZ = path.join(ROOT, "dist-pkg", `steerlab-${VERSION}.tgz`);
// Offline: the archive has no dependencies to fetch (react is an optional peer).
const ENV = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false", npm_config_offline: "true" };

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-validate-"));
const site = path.join(tmp, "site");

const BROKEN = `{
  "$schema": "../steerlab/scenarios/scenario.schema.json",
  "name": "broken",
  "world": { "width": 640, "height": 360, "edges": "wrapp" },
  "agents": { "count": 30 },
  "behaviours": [
    { "type": "separation", "weight": 1.5 },
    { "type": "alignment", "wieght": 1, "perception": -3 }
  ],
  "controls": [
    { "param": "alignment.weight", "label": "Alignment", "min": 0, "max": 4 }
  ]
}
`;

// The post: polarisation ≥ 0.9 asked, a solution that leaves it far below.
const UNSOLVABLE = `---
title: Not quite
---

Her own flock, with a challenge.

{{< steerlab src="scenarios/mine.json" id="mine" seed="3" >}}

{{< challenge for="mine" condition=\`{"measure": "polarisation", ">=": 0.9, "for": 2}\` solution=\`{"alignment.weight": 0}\` >}}
Make my flock fly as one.
{{< /challenge >}}

{{< steerlab "flok" >}}
`;

function npx(args, cwd = tmp) {
  const r = spawnSync("npx", ["--no-install", "steerlab", ...args], { cwd, env: ENV, encoding: "utf8", maxBuffer: 16 << 20 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

before(() => {
  packArchive();
  // The author's empty folder, the archive installed into it (npm writes package.json).
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", TGZ], { cwd: tmp, env: ENV, encoding: "utf8" });
  assert.equal(r.status, 0, `npm install ${TGZ} (offline):\n${r.stdout}\n${r.stderr}`);
  // Her Hugo site: the example's good post and scenario, her post and her broken scenario.
  fs.cpSync(path.join(ROOT, "examples", "hugo"), site, { recursive: true, filter: (f) => !/\/(public|resources|static\/steerlab)(\/|$)/.test(f) });
  fs.writeFileSync(path.join(site, "static", "scenarios", "broken.json"), BROKEN);
  fs.writeFileSync(path.join(site, "content", "posts", "not-quite.md"), UNSOLVABLE);
  // The package in static/ as the recipe says: the walk leaves it out (its own files are no post).
  fs.cpSync(path.join(tmp, "node_modules", "steerlab"), path.join(site, "static", "steerlab"), { recursive: true });
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

test("npx steerlab validate on the site: every mistake once with its place, near misses, the unsolvable challenge named; exit 1", () => {
  const t0 = Date.now();
  const r = npx(["validate", "site"]);
  console.log(`# validate site: ${Date.now() - t0} ms\n${r.out.replace(/^/gm, "#   ")}`);
  assert.equal(r.status, 1, `exit 1 for mistakes:\n${r.out}\n${r.err}`);
  const lines = r.out.trim().split("\n");
  const mistakes = lines.filter((l) => /^site\/[^:]+:\d+: /.test(l) && !/: solvable \(/.test(l));
  // The scenario's three mistakes, each at its line, all at once; the near miss suggested.
  assert.deepEqual(
    mistakes.filter((l) => l.startsWith("site/static/scenarios/broken.json")),
    [
      "site/static/scenarios/broken.json:4: world.edges: unknown value `wrapp`, did you mean `wrap`?",
      "site/static/scenarios/broken.json:8: behaviours[1].wieght: unknown field `wieght`, did you mean `weight`?",
      "site/static/scenarios/broken.json:8: behaviours[1].perception: must be > 0, got -3",
    ],
    r.out,
  );
  // Her post: the solution does not meet the condition (with what it reached), and a misspelt built-in.
  const post = mistakes.filter((l) => l.startsWith("site/content/posts/not-quite.md"));
  assert.equal(post.length, 2, r.out);
  assert.match(post[0], /^site\/content\/posts\/not-quite\.md:9: data-solution: does not meet data-challenge: it never held for 2 s in \d+ s of simulation: polarisation stayed between [\d.]+ and 0\.[0-8]\d* where ≥ 0\.9 was asked$/);
  assert.equal(post[1], 'site/content/posts/not-quite.md:13: data-scenario: unknown scenario "flok", did you mean "flock"?');
  // Nothing else is a mistake: not the good post, not the package's own files in static/steerlab/.
  assert.equal(mistakes.length, 5, r.out);
  assert.ok(lines.some((l) => /^site\/content\/posts\/flocks\.md:18: data-challenge: solvable \(its data-solution meets it at [\d.]+ s\)$/.test(l)), r.out);
  assert.match(lines.at(-1), /^steerlab validate: \d+ files \(2 scenarios\), 5 mistakes in 2 files, 1 challenge proved solvable$/);
});

test("the good post alone passes (exit 0); a challenge's three mistakes come at once; usage errors exit 2", () => {
  const good = npx(["validate", "site/content/posts/flocks.md"]);
  assert.equal(good.status, 0, good.out + good.err);
  assert.match(good.out, /no mistakes, 1 challenge proved solvable/);

  fs.writeFileSync(path.join(tmp, "three.html"), `<!doctype html><p>A page by hand.</p>
<canvas id="f" data-scenario="flock" data-set='{"alignment.weight": 0.2}'></canvas>
<div data-challenge='{"measure": "polarisaton", ">=": "0.9", "hold": 2}' data-solution='{"alignment.weight": 3}'><p>Three mistakes.</p></div>
`);
  const three = npx(["validate", "three.html"]);
  assert.equal(three.status, 1);
  assert.deepEqual(three.out.trim().split("\n").slice(0, -1), [
    'three.html:3: data-challenge: hold: unknown field (expected one of "all", "any", "measure", "param", ">=", "<=", ">", "<", "==", "for", "after", "within")',
    'three.html:3: data-challenge: >=: must be a number, got "0.9"',
    'three.html:3: data-challenge: measure: "polarisaton" is not a measure of this figure, did you mean "polarisation"?',
  ]);

  for (const args of [["validate"], ["validate", "no-such-folder"], ["frobnicate"], ["validate", "--nope", "site"]]) {
    const r = npx(args);
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.out}${r.err}`);
    assert.match(r.err, /^steerlab: .+\nusage: steerlab validate/, args.join(" "));
  }
  const v = npx(["--version"]);
  assert.equal(v.out.trim(), VERSION);
});

test("npx steerlab words: a words file checked against English", () => {
  fs.writeFileSync(path.join(tmp, "it.json"), JSON.stringify({ "ui.play_name": "Avvia", "ui.nonsense": "x" }));
  const r = npx(["words", "it.json"]);
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /^it\.json: 1 of \d+ keys\n/);
  assert.match(r.out, /not keys of English \(left unused\): ui\.nonsense/);
  const en = npx(["words", path.join("node_modules", "steerlab", "words", "pt.json")]);
  assert.equal(en.status, 0, en.out);
  assert.match(en.out, /keys, ok\n/);
});

test("Eleventy's shortcodes (Nunjucks) are read too: its example passes; with a solution that cannot meet it, the line of the challenge", () => {
  const eleventy = path.join(tmp, "eleventy");
  fs.cpSync(path.join(ROOT, "examples", "eleventy"), eleventy, { recursive: true, filter: (f) => !/\/(node_modules|_site)(\/|$)/.test(f) });
  const good = npx(["validate", "eleventy"]);
  assert.equal(good.status, 0, good.out + good.err);
  assert.match(good.out, /^eleventy\/posts\/flocks\.md:20: data-challenge: solvable \(its data-solution meets it at [\d.]+ s\)$/m);
  assert.match(good.out, /no mistakes, 1 challenge proved solvable\n$/);
  const post = path.join(eleventy, "posts", "flocks.md");
  fs.writeFileSync(post, fs.readFileSync(post, "utf8").replace(`solution='{"alignment.weight": 3}'`, `solution='{"alignment.weight": 0.1}'`));
  const bad = npx(["validate", "eleventy/posts"]);
  assert.equal(bad.status, 1, bad.out);
  assert.match(bad.out, /^eleventy\/posts\/flocks\.md:20: data-solution: does not meet data-challenge: it never held for 2 s in 62 s of simulation: polarisation stayed between /m);
});

