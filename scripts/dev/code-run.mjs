// Shared by scripts/dev/code-equivalence.mjs and its runners: the repository's root, running a
// command, and the targets' templates (www/code/templates/<key>.json).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** Run a command in the repository, its output shown; throws on a non-zero exit. */
export const sh = (cmd, argv, env = {}, opts = {}) =>
  execFileSync(cmd, argv, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env }, ...opts });

/** Whether a command is installed. */
export function has(cmd) {
  try {
    execFileSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Every target's templates by key, with what the packages add (templates/packages.json). */
export function loadTemplates() {
  const out = {};
  const read = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, `www/code/templates/${name}.json`), "utf8"));
  const pk = read("packages");
  for (const key of ["js", "rs", "cs", "gd"]) out[key] = { ...read(key), package: pk.package[key] ?? "", readme: pk.readme, defaults: pk.defaults };
  return out;
}

/** Agents as JSON rows `[x, y, vx, vy]`, parsed from a program's output line. */
export const rowsOf = (line) => JSON.parse(line);

/** TypeScript's strict check of `text` written as `dir/name` (tools/node_modules' tsc, as a Node
 *  project with JSON imports): `{ ok, first }`, the first error's line. */
export function typeCheck(dir, name, text) {
  fs.writeFileSync(path.join(dir, name), text);
  const tsc = path.join(ROOT, "tools/node_modules/typescript/bin/tsc");
  const args = ["--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--lib", "es2022,dom", "--resolveJsonModule", name];
  try {
    execFileSync(process.execPath, [tsc, ...args], { cwd: dir, stdio: "pipe" });
    return { ok: true, first: "" };
  } catch (e) {
    return { ok: false, first: String(e.stdout ?? e.message).split("\n")[0] };
  }
}
