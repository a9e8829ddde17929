// The challenges' condition language (www/challenge-condition.js) without a browser:
// node --test tests/unit/
import test from "node:test";
import assert from "node:assert/strict";
import { challengeMistakes, closest, compare, tests, validate, why } from "../../www/challenge-condition.js";

test("validate names the field of every kind of mistake", () => {
  assert.equal(validate({ measure: "groups", "==": 1 }), null);
  assert.equal(validate({ all: [{ measure: "groups", "==": 1 }, { param: "perception", "<=": 40 }], for: 3 }), null);
  const cases = [
    [[], 'the condition: must be an object such as {"measure": "polarisation", ">=": 0.9}, got []'],
    [{ measure: "groups", "==": 1, bogus: 2 }, "bogus: unknown field"],
    [{ all: [{ measure: "groups", ">=": 1, for: 2 }] }, "all[0].for: is allowed only at the top of the condition"],
    [{ measure: "groups", ">=": 1, for: -1 }, "for: must be a number of seconds ≥ 0, got -1"],
    [{ measure: "groups", param: "x", ">=": 1 }, 'the condition: needs exactly one of "all", "any", "measure" or "param", got "measure" and "param"'],
    [{ any: [] }, "any: must be a non-empty list of conditions, got []"],
    [{ all: [{ measure: "a", ">=": 1 }], ">=": 2 }, `>=: a comparison belongs inside "all"'s conditions`],
    [{ measure: " ", ">=": 1 }, 'measure: must be a name such as "polarisation", got " "'],
    [{ measure: "a", ">=": 1, "<": 2 }, "the condition: needs exactly one comparison (>= <= > < ==), got 2"],
    [{ any: [{ measure: "a", ">=": "1" }] }, 'any[0].>=: must be a number, got "1"'],
  ];
  for (const [cond, want] of cases) {
    const got = validate(cond);
    assert.ok(got && got.startsWith(want), `${JSON.stringify(cond)}: ${got}`);
  }
});

test("a challenge's mistakes come all at once, each naming its attribute and field, near misses named", () => {
  // The author's three mistakes (issue 60): one was named at a time, `hold` first.
  const figure = { measures: ["polarisation", "groups"], get: (p) => { if (p !== "alignment.weight") throw new Error(`${p}: unknown parameter`); return 1; } };
  const r = challengeMistakes('{"measure": "polarisaton", ">=": "0.9", "hold": 2}', '{"alignment.wieght": 3}', figure);
  assert.deepEqual(r.mistakes, [
    'data-challenge: hold: unknown field (expected one of "all", "any", "measure", "param", ">=", "<=", ">", "<", "==", "for", "after", "within")',
    'data-challenge: >=: must be a number, got "0.9"',
    'data-challenge: measure: "polarisaton" is not a measure of this figure, did you mean "polarisation"?',
    "data-solution: alignment.wieght: unknown parameter",
  ]);
  assert.match(validate({ measure: "groups", "==": 1, fro: 2 }), /^fro: unknown field, did you mean "for"\?$/);
  assert.equal(validate({ all: [{ measure: "a" }, { param: "p", ">": "x" }], within: -1 }).split("\n").length, 3);
  assert.equal(closest("avoid_obstacle", ["seek", "avoid_obstacles"]), "avoid_obstacles");
  assert.equal(closest("teleport", ["seek", "flee"]), null);
  assert.deepEqual(challengeMistakes('{"measure": "groups", "==": 1}', null, figure).mistakes, []);
  assert.deepEqual(challengeMistakes("{oops", "[1]").mistakes.map((m) => m.split(":")[0]), ["data-challenge", "data-solution"]);
});

test("tests lists every measure and parameter test with its path", () => {
  const c = { all: [{ measure: "a", ">=": 1 }, { any: [{ param: "p", "<": 2 }, { measure: "b", "==": 3 }] }] };
  assert.deepEqual(
    tests(c).map(([t, path]) => [t.measure ?? t.param, path]),
    [["a", "all[0]"], ["p", "all[1].any[0]"], ["b", "all[1].any[1]"]],
  );
});

test("compare: each operator at its edge", () => {
  assert.ok(compare(2, ">=", 2) && !compare(1.999, ">=", 2));
  assert.ok(compare(2, "<=", 2) && !compare(2.001, "<=", 2));
  assert.ok(!compare(2, ">", 2) && compare(2.001, ">", 2));
  assert.ok(!compare(2, "<", 2) && compare(1.999, "<", 2));
  assert.ok(compare(2, "==", 2) && !compare(2.001, "==", 2));
});

// The reader's words, spelled out so that the sentences are visible.
const WORDS = { or: "or", noValue: "{measure} has no value yet", needs: "{measure} is {value}, needs {op} {target}" };
const read = (values) => ({
  value: (c) => values[c.measure ?? c.param],
  name: (c) => `«${c.measure ?? c.param}»`,
  num: (x) => x.toFixed(1),
  words: WORDS,
});

test("why: null when it holds, else the first failing test or every alternative", () => {
  const c = { all: [{ measure: "groups", "==": 1 }, { param: "perception", "<=": 40 }] };
  assert.equal(why(c, read({ groups: 1, perception: 40 })), null);
  assert.equal(why(c, read({ groups: 2, perception: 50 })), "«groups» is 2.0, needs 1.0");
  assert.equal(why(c, read({ groups: 1, perception: 50 })), "«perception» is 50.0, needs ≤ 40.0");
  const any = { any: [{ measure: "a", ">": 1 }, { measure: "b", "<": 0 }] };
  assert.equal(why(any, read({ a: 2, b: 5 })), null);
  assert.equal(why(any, read({ a: 1, b: 0 })), "«a» is 1.0, needs > 1.0 or «b» is 0.0, needs < 0.0");
  assert.equal(why({ measure: "x", ">=": 0 }, read({ x: NaN })), "«x» has no value yet");
  assert.equal(why({ measure: "x", ">=": 0 }, read({})), "«x» has no value yet");
});
