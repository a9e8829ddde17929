#!/usr/bin/env node
// steerlab's command for authors (Node ≥ 20), the package's `bin`:
//
//   npx steerlab validate <file or folder>…   scenarios (.json) and pages (.html, .md with the
//                                             recipes' shortcodes): every mistake at once, each as
//                                             file:line: field: reason; each challenge's
//                                             data-solution run headless to prove it solvable
//   npx steerlab words <words file>.json…     a words file checked against English
//   npx steerlab --version | --help
//
// Exit status, for CI: 0 nothing wrong, 1 mistakes, 2 a wrong command (usage).
import fs from "node:fs";

const args = process.argv.slice(2);
const USAGE = `usage: steerlab validate [--seconds N] <file or folder>…   check scenarios and pages, prove challenges solvable
       steerlab words <words file>.json…                  check a words file against English
       steerlab --version`;

async function main() {
  const [command, ...rest] = args;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === "--version" || command === "-v") {
    const at = ["../package.json", "../../Cargo.toml"].map((p) => new URL(p, import.meta.url)).find((u) => fs.existsSync(u));
    const text = fs.readFileSync(at, "utf8");
    console.log(at.pathname.endsWith(".json") ? JSON.parse(text).version : /^version = "([^"]+)"/m.exec(text)[1]);
    return 0;
  }
  if (command === "validate") {
    const { validate, UsageError } = await import("./validate.mjs");
    let seconds = 60;
    const paths = [];
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === "--seconds") {
        seconds = Number(rest[++i]);
        if (!(seconds > 0)) return usage(`--seconds: a number of seconds > 0, got ${rest[i]}`);
      } else if (rest[i].startsWith("-")) return usage(`unknown option ${rest[i]}`);
      else paths.push(rest[i]);
    }
    try {
      const r = await validate(paths, { seconds });
      return r.mistakes ? 1 : 0;
    } catch (err) {
      if (err instanceof UsageError) return usage(err.message);
      throw err;
    }
  }
  if (command === "words") {
    const { checkWordsFiles } = await import("./words.mjs");
    if (!rest.length) return usage("give a words file: steerlab words it.json");
    return checkWordsFiles(rest);
  }
  return usage(`unknown command "${command}"`);
}

function usage(message) {
  console.error(`steerlab: ${message}\n${USAGE}`);
  return 2;
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    console.error(`steerlab: ${err.stack ?? err}`);
    process.exitCode = 2;
  },
);
