//! `cargo xtask release <version> <date>`: a release from one source. Cargo.toml's `version` is
//! the one source (scripts/hooks/version.mjs writes it into `steerlab.version` and manifest.json,
//! scripts/package.sh into package.json); this command sets it, moves CHANGELOG.md's
//! [Unreleased] entries into the release's dated section (merged into the section when it is
//! there already: entries merged later land on top of each subsection) and writes the version
//! where the reference and the types quote it. `tests/release.rs` fails when any of them
//! disagrees, naming what and this command.

use std::fs;
use std::path::Path;

/// Where the reference and the types quote the version: the lines naming `version` in these files.
pub const QUOTED: &[&str] = &["docs/reference/api.md", "pkg/steerlab.d.ts", "pkg/www/boot.d.ts"];

pub fn run(root: &Path, version: &str, date: Option<&str>) -> Result<(), String> {
    if !is_version(version) {
        return Err(format!(
            "the version is MAJOR.MINOR.PATCH (e.g. 0.2.0), or one with -dev after a release, got `{version}`"
        ));
    }
    // A release is dated; the version between releases (`0.3.0-dev`) is not, and leaves the
    // changelog and the reference as they are (they quote the last release).
    let pre = version.contains('-');
    match (pre, date) {
        (false, None) => return Err(format!("a release is dated: cargo xtask release {version} YYYY-MM-DD")),
        (true, Some(_)) => return Err(format!("{version} is not a release: cargo xtask release {version} (no date)")),
        _ => {}
    }
    if let Some(date) = date {
        let d: Vec<&str> = date.split('-').collect();
        if !(d.len() == 3
            && d[0].len() == 4
            && d[1].len() == 2
            && d[2].len() == 2
            && date.bytes().all(|b| b.is_ascii_digit() || b == b'-'))
        {
            return Err(format!("the date is YYYY-MM-DD, got `{date}`"));
        }
    }
    let read = |rel: &str| fs::read_to_string(root.join(rel)).map_err(|e| format!("{rel}: {e}"));
    let write = |rel: &str, text: &str| fs::write(root.join(rel), text).map_err(|e| format!("{rel}: {e}"));

    // Cargo.toml: the package's version (the first `version = ` line).
    let cargo = read("Cargo.toml")?;
    let mut done = false;
    let cargo: String = cargo
        .split_inclusive('\n')
        .map(|l| {
            if !done && l.starts_with("version = \"") {
                done = true;
                format!("version = \"{version}\"\n")
            } else {
                l.to_string()
            }
        })
        .collect();
    write("Cargo.toml", &cargo)?;

    if let Some(date) = date {
        write("CHANGELOG.md", &changelog(&read("CHANGELOG.md")?, version, date)?)?;
    }

    for rel in QUOTED.iter().filter(|_| !pre) {
        let text = read(rel)?;
        let out: String = text
            .split_inclusive('\n')
            .map(|l| if l.contains("version") { requote(l, version) } else { l.to_string() })
            .collect();
        write(rel, &out)?;
    }
    // The examples install the archive by its name, which carries the version.
    let mut examples = Vec::new();
    for entry in fs::read_dir(root.join("examples")).map_err(|e| format!("examples/: {e}"))? {
        let dir = entry.map_err(|e| e.to_string())?.path();
        for file in ["package.json", "package-lock.json"] {
            let rel = format!("examples/{}/{file}", dir.file_name().unwrap_or_default().to_string_lossy());
            if dir.join(file).is_file() {
                write(&rel, &example(&read(&rel)?, version))?;
                examples.push(rel);
            }
        }
    }
    examples.sort();
    println!(
        "{version}{}: Cargo.toml, {}{}; Cargo.lock follows at the next cargo command",
        date.map_or(String::new(), |d| format!(" ({d})")),
        if pre { String::new() } else { format!("CHANGELOG.md, {}, ", QUOTED.join(", ")) },
        examples.join(", ")
    );
    Ok(())
}

/// An example's package.json or lockfile naming `steerlab-<version>.tgz` (and, in the lockfile,
/// the steerlab entry's version).
pub fn example(text: &str, version: &str) -> String {
    let mut out = String::new();
    let mut in_steerlab = false;
    for line in text.split_inclusive('\n') {
        let mut l = line.to_string();
        if let Some(i) = l.find("steerlab-") {
            if let Some(j) = l[i..].find(".tgz") {
                l = format!("{}steerlab-{version}{}", &l[..i], &l[i + j..]);
            }
        }
        if l.trim_start().starts_with("\"node_modules/") {
            in_steerlab = l.contains("\"node_modules/steerlab\"");
        }
        if in_steerlab && l.trim_start().starts_with("\"version\": ") {
            l = requote(&l, version);
        }
        out.push_str(&l);
    }
    out
}

/// `X.Y.Z`, or `X.Y.Z-<pre-release>` (`0.3.0-dev`).
pub fn is_version(v: &str) -> bool {
    let (base, pre) = v.split_once('-').unwrap_or((v, "x"));
    let p: Vec<&str> = base.split('.').collect();
    p.len() == 3
        && p.iter().all(|x| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()))
        && !pre.is_empty()
        && pre.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

/// `"X.Y.Z"` quoted in `line` replaced by `"<version>"`.
fn requote(line: &str, version: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find('"') {
        out.push_str(&rest[..=i]);
        rest = &rest[i + 1..];
        let end = rest.find('"').unwrap_or(0);
        let inner = &rest[..end];
        if end > 0 && is_version(inner) {
            out.push_str(version);
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// The sections of a changelog body: `### Added` → its lines.
fn subsections(body: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in body.lines() {
        if let Some(h) = line.strip_prefix("### ") {
            out.push((h.trim().to_string(), Vec::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(line.to_string());
        }
    }
    for (_, lines) in &mut out {
        while lines.first().is_some_and(|l| l.trim().is_empty()) {
            lines.remove(0);
        }
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
    }
    out.retain(|(_, l)| !l.is_empty());
    out
}

/// CHANGELOG.md with [Unreleased]'s entries in `## [version] - date` and [Unreleased] empty.
pub fn changelog(text: &str, version: &str, date: &str) -> Result<String, String> {
    let start = text.find("## [Unreleased]").ok_or("CHANGELOG.md has no `## [Unreleased]` section")?;
    let body_at = start + text[start..].find('\n').map_or(text.len() - start, |i| i + 1);
    let next = text[body_at..].find("\n## [").map_or(text.len(), |i| body_at + i + 1);
    let unreleased = subsections(&text[body_at..next]);
    let head = format!("## [{version}]");
    // The release's own section, when it is there already (a second run, or entries merged later).
    let (mut sections, rest_at) = if text[next..].starts_with(&head) {
        let b = next + text[next..].find('\n').map_or(text.len() - next, |i| i + 1);
        let e = text[b..].find("\n## [").map_or(text.len(), |i| b + i + 1);
        (subsections(&text[b..e]), e)
    } else {
        (Vec::new(), next)
    };
    for (h, lines) in unreleased.into_iter().rev() {
        match sections.iter_mut().find(|(x, _)| *x == h) {
            Some((_, have)) => {
                let mut all = lines;
                all.append(have);
                *have = all;
            }
            None => sections.insert(0, (h, lines)),
        }
    }
    // Keep a Changelog's order of the kinds of change.
    const ORDER: &[&str] = &["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];
    sections.sort_by_key(|(h, _)| ORDER.iter().position(|o| o == h).unwrap_or(ORDER.len()));
    let mut out = String::from(&text[..body_at]);
    out.push('\n');
    out.push_str(&format!("{head} - {date}\n"));
    for (h, lines) in &sections {
        out.push_str(&format!("\n### {h}\n\n"));
        for l in lines {
            out.push_str(l);
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&text[rest_at..]);
    Ok(out)
}
