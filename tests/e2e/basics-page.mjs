// The gallery with the "Steering basics" section (issue 24) in it, before flocking, for the e2e
// tests and the screenshots. The section is kept in basics-section.{en,es}.html, the snippets the
// gallery (index.html) and its Spanish page take; until the gallery carries it, this builds the
// page from dist/index.html: the gallery's own head (styles, loader, CSP-clean), with the section
// inserted before `<section … id="flocking"`, and `lang="es"` for the Spanish one.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DIST } from "./helpers.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const BASICS = ["seek", "flee", "arrive", "pursuit", "evade", "wander", "obstacle-avoidance", "containment", "flow-field"];

/** The section's HTML in `lang` ("en" or "es"). */
export function basicsSection(lang = "en") {
  return fs.readFileSync(path.join(HERE, `basics-section.${lang}.html`), "utf8");
}

/** The built gallery with the section in `lang` before flocking (as it is, if it has it already). */
export function basicsGallery(lang = "en") {
  let html = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
  if (!html.includes('data-scenario="seek"')) {
    const at = html.indexOf('<section class="group" id="flocking"');
    if (at < 0) throw new Error("dist/index.html has no flocking section to put the basics before");
    const lineStart = html.lastIndexOf("\n", at) + 1;
    html = html.slice(0, lineStart) + basicsSection(lang) + "\n" + html.slice(lineStart);
  }
  if (lang === "es") html = html.replace('<html lang="en">', '<html lang="es">');
  return html;
}

/** serveDist's `extra` pages: /basics.html (English) and /basics-es.html (Spanish). */
export function basicsPages() {
  return { "/basics.html": basicsGallery("en"), "/basics-es.html": basicsGallery("es") };
}
