//! `cargo xtask <command>` (the alias is in `.cargo/config.toml`): the project's own commands.
//!
//! - `cargo xtask new-behaviour <id>`: writes a compiling behaviour from `xtask/templates/` — its
//!   core file, its code templates, a scenario, its words in every language, the registry line and
//!   the test rows — then regenerates what is generated (schema, words, code templates, golden).
//!   `--no-regenerate` writes the files only. docs/adding-a-behaviour.md says what comes next.
//! - `cargo xtask pages`: the site's pages, from `pages/layout.html` and each page's content file
//!   in each language, into `target/pages/` (Trunk's pre_build hook runs it); `pages import
//!   <file.html> <tag> <page>` turns a whole page into its content file (docs/pages.md).
//! - `cargo xtask release <version> <date>`: the version in Cargo.toml (its one source) and where the
//!   reference quotes it, and CHANGELOG.md's [Unreleased] moved into `## [<version>] - <date>`
//!   (`tests/release.rs` checks that they agree); `cargo xtask release <next>-dev` after a release.

mod new_behaviour;
mod pages;
mod release;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask new-behaviour <id> [--no-regenerate]
  <id>: the behaviour's type in snake case (e.g. `interpose`, `hide_behind`)
       cargo xtask pages [--out DIR]
       cargo xtask pages import <file.html> <tag> <page>
       cargo xtask pages check
  <page>: index, embed, playground, chapters/flocking, chapters/leader-queue-path, chapters/bandada
       cargo xtask release <version> <date>   |   cargo xtask release <next>-dev
  e.g. `cargo xtask release 0.2.0 2026-12-07`: Cargo.toml, CHANGELOG.md, the reference, the examples;
  after a release, `cargo xtask release 0.3.0-dev` before [Unreleased] takes entries again";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The tree it runs in: `cargo run` gives the binary its manifest's folder at run time. Not only
    // `env!`: cargo does not rebuild a path package when its tree moves (a copy of the tree with a
    // shared target folder, as scripts/dev/new-behaviour-check.sh makes), so the compiled-in folder
    // can be another copy's.
    let manifest =
        std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    let root = manifest.join("..");
    let root = root.canonicalize().unwrap_or(root);
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["new-behaviour", id] => new_behaviour::run(&root, id, true),
        ["new-behaviour", id, "--no-regenerate"] | ["new-behaviour", "--no-regenerate", id] => {
            new_behaviour::run(&root, id, false)
        }
        ["pages"] => pages::build(&root, None),
        ["pages", "--out", dir] => pages::build(&root, Some(std::path::Path::new(dir))),
        ["pages", "import", file, tag, page] => pages::import(&root, std::path::Path::new(file), tag, page),
        ["pages", "check"] => pages::check(&root),
        ["release", version, date] => release::run(&root, version, Some(date)),
        ["release", version] => release::run(&root, version, None),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
