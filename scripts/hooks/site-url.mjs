#!/usr/bin/env node
// Absolute language links for a site whose address is known: every page's
// <link rel="alternate" hreflang="…" href="…"> becomes an absolute URL under the site's address,
// and each page gets a <link rel="canonical"> to itself. Search engines (and Lighthouse's SEO
// audit "Document has a valid hreflang") want absolute URLs there; the pages are written with
// relative ones because the address they will be served from is not known when they are written.
//
//   node scripts/hooks/site-url.mjs dist https://example.org/steerlab/
//
// scripts/build.sh runs it on the build when STEERLAB_SITE_URL is set (through Trunk's post-build
// hook, scripts/hooks/minify.sh):
//
//   STEERLAB_SITE_URL=https://example.org/steerlab/ scripts/build.sh
//
// A page's own URL is its path under the directory (`index.html` stands for its directory). Run it
// again with another address and the links change to that one (relative links are recognised
// by being resolved against the page's current canonical URL when there is one).
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export function rewrite(html, pageUrl) {
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html);
  const base = canonical ? canonical[1] : pageUrl;
  let out = html.replace(
    /<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g,
    (_, lang, href) => `<link rel="alternate" hreflang="${lang}" href="${relocate(href, base, pageUrl)}">`,
  );
  if (canonical) out = out.replace(canonical[0], `<link rel="canonical" href="${pageUrl}">`);
  else if (/<link rel="alternate" hreflang=/.test(out)) {
    out = out.replace(/(\n?[ \t]*)<link rel="alternate" hreflang=/, `$1<link rel="canonical" href="${pageUrl}">$1<link rel="alternate" hreflang=`);
  }
  return out;
}

// A link written relative to the page, or absolute under the page's previous address: the same
// page under the new address.
function relocate(href, oldBase, pageUrl) {
  const abs = new URL(href, oldBase);
  const rel = relative(new URL(".", oldBase).pathname, abs.pathname) + (abs.pathname.endsWith("/") ? "/" : "");
  return new URL(rel.replace(/^\/$/, "") || ".", new URL(".", pageUrl)).href;
}

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* htmlFiles(p);
    else if (name.endsWith(".html")) yield p;
  }
}

export function siteUrl(dir, site) {
  const root = new URL(site.endsWith("/") ? site : `${site}/`);
  let n = 0;
  for (const file of htmlFiles(dir)) {
    const path = relative(dir, file).split(sep).join("/").replace(/(^|\/)index\.html$/, "$1");
    const pageUrl = new URL(path, root).href;
    const html = readFileSync(file, "utf8");
    const out = rewrite(html, pageUrl);
    if (out !== html) {
      writeFileSync(file, out);
      n++;
    }
  }
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, site] = process.argv.slice(2);
  if (!dir || !site || !/^https?:\/\//.test(site)) {
    console.error("usage: site-url.mjs <dist directory> <https://site/address/>");
    process.exit(2);
  }
  console.log(`site-url.mjs: ${siteUrl(dir, site)} pages linked under ${site}`);
}
