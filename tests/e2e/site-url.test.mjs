// Language links for a site with a known address (scripts/hooks/site-url.mjs, run by the build
// when STEERLAB_SITE_URL is set): on a copy of the built dist/, every page's hreflang links become
// absolute URLs under the address, each names a page that exists in the build, the pairs point
// at each other (the English page's Spanish link leads to a page whose English link leads back),
// every page has a canonical link to itself, and a second run with another address moves them all.
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DIST } from "./helpers.mjs";
import { siteUrl } from "../../scripts/hooks/site-url.mjs";

function pages(dir, base = dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) pages(p, base, out);
    else if (name.endsWith(".html")) out.push(p);
  }
  return out;
}

const links = (html) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g)].map((m) => ({ lang: m[1], href: m[2] }));
const canonical = (html) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

function check(dir, site) {
  const fileOf = (url) => {
    assert.ok(url.startsWith(site), `${url} is under ${site}`);
    const rel = url.slice(site.length);
    return join(dir, rel === "" || rel.endsWith("/") ? `${rel}index.html` : rel);
  };
  let linked = 0;
  for (const file of pages(dir)) {
    const html = readFileSync(file, "utf8");
    const ls = links(html);
    if (!ls.length) continue;
    linked++;
    const self = canonical(html);
    assert.ok(self, `${file}: a canonical link`);
    assert.equal(fileOf(self), file, `${file}: the canonical link names the page itself`);
    for (const { lang, href } of ls) {
      assert.match(href, /^https?:\/\//, `${file}: ${lang} link is absolute`);
      const target = fileOf(href);
      assert.ok(existsSync(target), `${file}: the ${lang} link ${href} names a page of the build`);
      // The other language's page links back to this one under this page's language.
      const back = links(readFileSync(target, "utf8"));
      const mine = ls.find((l) => l.href === self)?.lang;
      if (mine && lang !== "x-default") {
        assert.ok(back.some((l) => l.lang === mine && l.href === self), `${href} links back to ${self} as ${mine}`);
      }
    }
  }
  return linked;
}

test("site-url.mjs makes every page's language links absolute, existing and reciprocal", () => {
  const dir = mkdtempSync(join(tmpdir(), "steerlab-site-"));
  try {
    for (const name of readdirSync(DIST)) {
      if (name.endsWith(".html") || statSync(join(DIST, name)).isDirectory()) cpSync(join(DIST, name), join(dir, name), { recursive: true });
    }
    const before = pages(dir).filter((f) => links(readFileSync(f, "utf8")).length).length;
    assert.ok(before >= 10, `the build has pages in two languages (${before} with hreflang links)`);
    siteUrl(dir, "https://example.org/steerlab/");
    assert.equal(check(dir, "https://example.org/steerlab/"), before);
    // Moved to another address: every link follows.
    siteUrl(dir, "http://127.0.0.1:8123/");
    assert.equal(check(dir, "http://127.0.0.1:8123/"), before);
    const all = pages(dir).map((f) => readFileSync(f, "utf8")).join("\n");
    assert.ok(!all.includes("example.org"), "no link is left under the old address");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
