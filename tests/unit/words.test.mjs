// www/words.js (and www/loader.js under it) in Node (no browser, no module): the language chain (the same as the core's:
// tests/support/lang-chains.json, tests/lang_chains.rs), the one template filler with its plural
// form, numbers through Intl.NumberFormat, and t() over the registry.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const { chain, fill, formatNumber, addWords, t, has } = await import(path.join(ROOT, "www/words.js"));

test("the language chain is the core's", () => {
  const { chains } = JSON.parse(fs.readFileSync(path.join(ROOT, "tests/support/lang-chains.json"), "utf8"));
  for (const [tag, want] of Object.entries(chains)) assert.deepEqual(chain(tag), want, tag);
});

test("fill: holes, numbers in the reader's locale, a hole with no value as written", () => {
  assert.equal(fill("step {n} of {end}", { n: 1234.5, end: "—" }, "en"), "step 1,234.5 of —");
  assert.equal(fill("paso {n}", { n: 1234.5 }, "es"), "paso 1234,5");
  assert.equal(fill("paso {n}", { n: 12345.5 }, "es"), "paso 12.345,5");
  assert.equal(fill("{a} y {b}", { a: 1.5 }, "es"), "1,5 y {b}", "a missing value stays as written");
  assert.equal(fill("{x}", { x: "{y}" }, "en"), "{y}", "a value is text, not a template");
});

test("fill: the plural form follows Intl.PluralRules in the reader's language", () => {
  const groups = "{n, plural, one {# group} other {# groups}}";
  assert.equal(fill(groups, { n: 1 }, "en"), "1 group");
  assert.equal(fill(groups, { n: 2 }, "en"), "2 groups");
  assert.equal(fill(groups, { n: 0 }, "en"), "0 groups");
  assert.equal(fill(groups, { n: 1500 }, "en"), "1,500 groups");
  const es = "ahora {n, plural, =0 {ningún grupo} one {# grupo} many {# de grupos} other {# grupos}} ({was})";
  assert.equal(fill(es, { n: 0, was: 3 }, "es"), "ahora ningún grupo (3)", "=0 first");
  assert.equal(fill(es, { n: 1, was: 3 }, "es"), "ahora 1 grupo (3)");
  assert.equal(fill(es, { n: 2.5, was: 3 }, "es"), "ahora 2,5 grupos (3)");
  assert.equal(fill(es, { n: 1e6, was: 3 }, "es"), "ahora 1.000.000 de grupos (3)", "Spanish's many");
  // A branch with a hole of its own; a category with no branch reads `other`.
  assert.equal(fill("{n, plural, one {# agent {place}} other {# agents {place}}}", { n: 1, place: "left" }, "fr"), "1 agent left");
  assert.equal(fill("{n, plural, other {# x}}", { n: 1 }, "en"), "1 x");
  assert.equal(fill("{n, plural, one {# x} other {# xs}}", {}, "en"), "{n, plural, one {# x} other {# xs}}");
});

test("formatNumber: Intl, Latin digits, up to 2 decimals or as many as asked", () => {
  assert.equal(formatNumber(1.5, "es"), "1,5");
  assert.equal(formatNumber(1.5, "en"), "1.5");
  assert.equal(formatNumber(0.125, "fr"), "0,13");
  assert.equal(formatNumber(2, "pt-BR", 1), "2,0");
  assert.equal(formatNumber(1234567, "ar"), "1,234,567", "Latin digits");
  assert.equal(formatNumber(NaN, "en"), "NaN");
});

test("t: words by key along the chain, filled; a key English lacks throws", () => {
  addWords("en", { "page.test.hello": "Hello {who}", "page.test.n": "{n, plural, one {# line} other {# lines}}" });
  addWords("pt", { "page.test.hello": "Olá {who}" });
  assert.equal(t("page.test.hello", "pt-BR", { who: "Ana" }), "Olá Ana");
  assert.equal(t("page.test.n", "pt-BR", { n: 1 }), "1 line");
  assert.equal(t("page.test.n", "en", { n: 3 }), "3 lines");
  assert.ok(has("page.test.hello", "pt") && !has("page.test.nope", "pt"));
  assert.throws(() => t("page.test.nope", "en"), /no words for page\.test\.nope/);
});
