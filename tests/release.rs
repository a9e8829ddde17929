//! A release from one source (issue 60): Cargo.toml's `version` is what scripts/hooks/version.mjs
//! writes into `steerlab.version` and manifest.json and scripts/package.sh into package.json
//! (tests/e2e/bundle.test.mjs checks those in the built package). Here, what is written by hand:
//! CHANGELOG.md's newest release is that version, dated, with [Unreleased] empty (Keep a
//! Changelog), and the reference and the types quote it. `cargo xtask release <version> <date>`
//! puts them in agreement; each failure names the file, what it says and that command. Between
//! releases Cargo.toml says `<next>-dev` (`cargo xtask release 0.3.0-dev`) and [Unreleased] takes
//! the entries.

use std::fs;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn version() -> String {
    let cargo = read("Cargo.toml");
    let line = cargo.lines().find(|l| l.starts_with("version = \"")).expect("Cargo.toml: a version");
    line["version = \"".len()..line.len() - 1].to_string()
}

const FIX: &str = "`cargo xtask release <version> <date>` puts them in agreement";

#[test]
fn the_changelog_s_newest_release_is_cargo_s_version_and_unreleased_is_empty() {
    let v = version();
    let text = read("CHANGELOG.md");
    let heads: Vec<&str> = text.lines().filter(|l| l.starts_with("## [")).collect();
    assert_eq!(heads.first().copied(), Some("## [Unreleased]"), "CHANGELOG.md: [Unreleased] comes first");
    if v.contains('-') {
        // Between releases (`0.3.0-dev`): [Unreleased] takes the entries, and no release has this name.
        let base = v.split('-').next().unwrap();
        assert!(
            !heads.iter().any(|h| h.starts_with(&format!("## [{base}]"))),
            "CHANGELOG.md has a release {base}, Cargo.toml says {v}: a released version has no -dev ({FIX})"
        );
        return;
    }
    let newest = heads.get(1).copied().unwrap_or("none");
    let want = format!("## [{v}] - ");
    assert!(
        newest.starts_with(&want) && newest.len() == want.len() + 10,
        "CHANGELOG.md's newest release is `{newest}`, Cargo.toml says {v}: a section `## [{v}] - YYYY-MM-DD` is missing ({FIX})"
    );
    let start = text.find("## [Unreleased]").unwrap() + "## [Unreleased]".len();
    let end = start + text[start..].find("\n## [").unwrap();
    let entries: Vec<&str> = text[start..end].lines().filter(|l| l.starts_with("- ")).collect();
    assert!(
        entries.is_empty(),
        "CHANGELOG.md: [Unreleased] holds {} entries at release {v} (the first: `{}`): move them into [{v}] ({FIX}, e.g. `cargo xtask release {v} {}`)",
        entries.len(),
        entries.first().unwrap_or(&""),
        &newest[newest.len() - 10..]
    );
}

#[test]
fn the_reference_and_the_types_quote_cargo_s_version() {
    let v = version();
    if v.contains('-') {
        return; // (between releases the reference quotes the last release)
    }
    let mut wrong = Vec::new();
    for rel in ["docs/reference/api.md", "pkg/steerlab.d.ts", "pkg/www/boot.d.ts"] {
        for (n, line) in read(rel).lines().enumerate() {
            if !line.contains("version") {
                continue;
            }
            for quoted in line.split('"').skip(1).step_by(2) {
                let semver = quoted.split('.').count() == 3
                    && quoted.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
                if semver && quoted != v {
                    wrong.push(format!("{rel}:{}: \"{quoted}\"", n + 1));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "Cargo.toml says {v}, but {} ({FIX})", wrong.join(", "));
}

#[test]
fn the_loader_s_version_is_written_at_build_time() {
    // scripts/hooks/version.mjs replaces this placeholder with Cargo.toml's version: none in the source.
    assert!(
        read("www/boot.js").contains("export const version = \"0.0.0-dev\";"),
        "www/boot.js: `version` is the placeholder \"0.0.0-dev\""
    );
}

#[test]
fn the_examples_install_this_version_s_archive() {
    let v = version();
    let want = format!("steerlab-{v}.tgz");
    let mut wrong = Vec::new();
    for entry in fs::read_dir(root().join("examples")).unwrap() {
        let dir = entry.unwrap().path();
        for file in ["package.json", "package-lock.json"] {
            let Ok(text) = fs::read_to_string(dir.join(file)) else { continue };
            for (n, line) in text.lines().enumerate() {
                if let Some(i) = line.find("dist-pkg/steerlab-") {
                    if !line[i..].starts_with(&format!("dist-pkg/{want}")) {
                        wrong.push(format!("{}/{file}:{}", dir.file_name().unwrap().to_string_lossy(), n + 1));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "examples/{} name another archive than {want} ({FIX})", wrong.join(", examples/"));
}
