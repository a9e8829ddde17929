//! `cargo xtask new-behaviour <id>`: a compiling behaviour from `xtask/templates/`.
//!
//! Every edit is prepared in memory first; nothing is written unless all the anchors were found,
//! so a refusal leaves the tree as it was.

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What marks a text that still needs its translation (words/*.json, scenarios' `*_es`, the code
/// templates' `//es` lines): a translator searches for it (`grep -rn ⟪translate⟫ words scenarios`).
pub const TO_TRANSLATE: &str = "⟪translate⟫ ";

const BEHAVIOUR: &str = include_str!("../templates/behaviour.rs");
const SCENARIO: &str = include_str!("../templates/scenario.json");
const CODE: [(&str, &str); 4] = [
    ("js", include_str!("../templates/code.js")),
    ("rs.txt", include_str!("../templates/code.rs.txt")),
    ("cs.txt", include_str!("../templates/code.cs.txt")),
    ("gd.txt", include_str!("../templates/code.gd.txt")),
];

/// Rust's keywords (an id is a module's name) and the names the registry itself uses.
const RESERVED: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "try",
    "gen",
    "union",
    "testing",
    "mod",
    "behaviour",
    "state",
    "registered",
];

/// The names one id gives: module and `type` (`hide_behind`), Rust type (`HideBehind`), scenario
/// (`hide-behind`), title (`Hide behind`).
#[derive(Debug)]
pub struct Names {
    pub id: String,
    pub ty: String,
    pub scenario: String,
    pub title: String,
}

/// Checks `id` and derives its names; the message says what a good id looks like.
pub fn names(id: &str) -> Result<Names, String> {
    let good = !id.is_empty()
        && id.len() <= 32
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !id.ends_with('_')
        && !id.contains("__");
    if !good {
        return Err(format!(
            "`{id}` is not a behaviour id: it must be snake case — lower-case ASCII letters, digits and single \
             underscores, starting with a letter, at most 32 characters (e.g. `interpose`, `hide_behind`)"
        ));
    }
    if RESERVED.contains(&id) {
        return Err(format!("`{id}` is a Rust keyword or a name the registry uses: choose another id"));
    }
    let ty: String = id
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect();
    let spaced = id.replace('_', " ");
    let title = spaced[..1].to_ascii_uppercase() + &spaced[1..];
    Ok(Names { id: id.to_string(), ty, scenario: id.replace('_', "-"), title })
}

fn fill(template: &str, n: &Names) -> String {
    template
        .replace("__ID__", &n.id)
        .replace("__TYPE__", &n.ty)
        .replace("__NAME__", &n.scenario)
        .replace("__TITLE__", &n.title)
}

/// The files to write: (path relative to the root, new text, whether it is new).
struct Plan {
    root: PathBuf,
    files: Vec<(String, String, bool)>,
}

impl Plan {
    fn read(&self, rel: &str) -> Result<String, String> {
        if let Some((_, t, _)) = self.files.iter().find(|(p, _, _)| p == rel) {
            return Ok(t.clone());
        }
        std::fs::read_to_string(self.root.join(rel)).map_err(|e| format!("{rel}: {e}"))
    }
    fn create(&mut self, rel: String, text: String) -> Result<(), String> {
        if self.root.join(&rel).exists() {
            return Err(format!("{rel} exists already"));
        }
        self.files.push((rel, text, true));
        Ok(())
    }
    fn edit(&mut self, rel: &str, f: impl FnOnce(String) -> Result<String, String>) -> Result<(), String> {
        let text = f(self.read(rel)?)
            .map_err(|e| format!("{rel}: {e} (has its layout changed? update xtask/src/new_behaviour.rs)"))?;
        self.files.retain(|(p, _, _)| p != rel);
        self.files.push((rel.to_string(), text, false));
        Ok(())
    }
}

/// Inserts `line` (with its newline) before the first line equal to `end` that follows the first
/// occurrence of `start`.
fn insert_before_end(text: &str, start: &str, end: &str, line: &str) -> Result<String, String> {
    let s = text.find(start).ok_or(format!("no `{}`", start.trim()))?;
    let e = s + text[s..].find(&format!("\n{end}\n")).ok_or(format!("no `{end}` after `{}`", start.trim()))? + 1;
    Ok(format!("{}{line}\n{}", &text[..e], &text[e..]))
}

/// Inserts `line` after the last line that starts with `prefix`.
fn insert_after_last(text: &str, prefix: &str, line: &str) -> Result<String, String> {
    let mut at = None;
    let mut pos = 0;
    for l in text.split_inclusive('\n') {
        pos += l.len();
        if l.starts_with(prefix) {
            at = Some(pos);
        }
    }
    let at = at.ok_or(format!("no line starting with `{prefix}`"))?;
    Ok(format!("{}{line}\n{}", &text[..at], &text[at..]))
}

/// A words file's text as tests/words.rs writes it: keys sorted, one a line, two spaces.
fn words_text(words: &BTreeMap<String, String>) -> String {
    serde_json::to_string_pretty(words).expect("JSON") + "\n"
}

fn words_of(text: &str, rel: &str) -> Result<BTreeMap<String, String>, String> {
    let m: Map<String, Value> = serde_json::from_str(text).map_err(|e| format!("{rel}: {e}"))?;
    Ok(m.into_iter().map(|(k, v)| (k, v.as_str().unwrap_or_default().to_string())).collect())
}

/// The words a new behaviour needs: (key, English, context).
fn new_words(n: &Names) -> Vec<(String, String, String)> {
    let id = &n.id;
    vec![
        (
            format!("rule.{id}"),
            n.title.to_lowercase(),
            format!(
                "The name of the steering term `{id}`: a row of the force legend (legend.rule), a block title in the \
                 inspector, a parameter's name in the chart's marks."
            ),
        ),
        (
            format!("readout.{id}"),
            "distance to the target {distance} px · speed {speed} px/s · steering force {steer} px/s²".into(),
            format!(
                "The readout line under a `{id}` canvas, rewritten twice a second while it plays: each {{…}} is a value \
                 (its name says which; see meaning.*). Numbers are written in the reader's locale."
            ),
        ),
        (
            format!("describe.{id}"),
            "{distance} px from the target at {speed} px/s".into(),
            format!(
                "The described scene's sentence for the {id} behaviour (www/describe.js, from its readout's numbers: \
                 distance, speed, steer); said when the figure takes the focus and on D."
            ),
        ),
        (
            format!("meaning.{id}.distance"),
            "Distance = |target − position|, in px.".into(),
            format!(
                "The meaning of the measure `distance` in the readout `{id}`, one sentence with its formula: shown in \
                 the popover of the readout's \"?\" button and of the chart's legend. Parameter names in code style \
                 (`slow_radius`, `perception`) stay as they are."
            ),
        ),
    ]
}

const CORE: &str = "crates/steerlab-core/src";

fn plan(root: &Path, n: &Names) -> Result<Plan, String> {
    let id = &n.id;
    let mut p = Plan { root: root.to_path_buf(), files: Vec::new() };
    let core_file = format!("{CORE}/behaviours/{id}.rs");
    let registry = p.read(&format!("{CORE}/behaviours/mod.rs"))?;
    if root.join(&core_file).exists() || registry.contains(&format!("pub mod {id};")) {
        return Err(format!("the behaviour `{id}` exists already ({core_file}): choose another id"));
    }
    if p.read("words/en.json")?.contains(&format!("\"rule.{id}\"")) {
        return Err(format!("words/en.json has `rule.{id}` already: a term `{id}` exists; choose another id"));
    }
    p.create(core_file, fill(BEHAVIOUR, n))?;
    for (ext, t) in CODE {
        p.create(format!("{CORE}/code/behaviours/{id}.{ext}"), fill(t, n))?;
    }
    p.create(format!("scenarios/{}.json", n.scenario), fill(SCENARIO, n))
        .map_err(|e| format!("{e}: a scenario `{}` exists; choose another id", n.scenario))?;

    // The registry: the module (in order) and the line.
    p.edit(&format!("{CORE}/behaviours/mod.rs"), |t| {
        let at = t
            .lines()
            .filter_map(|l| l.strip_prefix("pub mod ").and_then(|m| m.strip_suffix(';')))
            .find(|m| m > &id.as_str() && *m != "testing")
            .map(|m| format!("pub mod {m};\n"));
        let t = match at {
            Some(next) => t.replacen(&next, &format!("pub mod {id};\n{next}"), 1),
            None => insert_after_last(&t, "pub mod ", &format!("pub mod {id};"))?,
        };
        insert_before_end(&t, "\nregistry! {\n", "}", &format!("    {}({id}::{}),", n.ty, n.ty))
    })?;
    // The code templates, in the registry's order.
    p.edit(&format!("{CORE}/code.rs"), |t| {
        insert_before_end(
            &t,
            "pub const BEHAVIOURS: &[(&str, Templates)] = behaviours!(",
            ");",
            &format!("    \"{id}\""),
        )
    })?;
    // The built-in scenarios.
    p.edit(&format!("{CORE}/scenarios.rs"), |t| {
        let head = "pub const NAMES: [&str; ";
        let s = t.find(head).ok_or("no `NAMES`")? + head.len();
        let e = s + t[s..].find(']').ok_or("no `NAMES`")?;
        let count: usize = t[s..e].parse().map_err(|_| "`NAMES`' length is not a number")?;
        let t = format!("{}{}{}", &t[..s], count + 1, &t[e..]);
        let t = insert_before_end(&t, head, "];", &format!("    \"{}\",", n.scenario))?;
        insert_before_end(
            &t,
            "pub const BUILTIN: &[(&str, &str)] = &[",
            "];",
            &format!("    (\"{0}\", include_str!(\"../scenarios/{0}.json\")),", n.scenario),
        )
    })?;
    // The test rows: history's seek test, golden's trajectory (recorded after the build).
    p.edit("tests/history.rs", |t| {
        let t = insert_after_last(
            &t,
            "dual_test!(seek_lands_on_the_live_state_",
            &format!("dual_test!(seek_lands_on_the_live_state_{id}, {{ seek_everywhere(\"{}\") }});", n.scenario),
        )?;
        insert_before_end(&t, "let covered = [", "    ];", &format!("        \"{}\",", n.scenario))
    })?;
    p.edit("tests/golden.rs", |t| {
        insert_before_end(&t, "const GOLDEN: &[(&str, [u64; 4])] = &[", "];", &golden_line(&n.scenario, [0; 4]))
    })?;
    // The words, in every language (marked to translate but English) and their context.
    let words = new_words(n);
    let tags: Vec<String> = std::fs::read_dir(root.join("words"))
        .map_err(|e| format!("words/: {e}"))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".json").map(str::to_string))
        .filter(|t| t != "words.schema")
        .collect();
    for tag in tags {
        let rel = format!("words/{tag}.json");
        p.edit(&rel, |t| {
            let mut m = words_of(&t, &rel)?;
            for (key, en, ctx) in &words {
                let text = match tag.as_str() {
                    "en" => en.clone(),
                    "context" => ctx.clone(),
                    _ => format!("{TO_TRANSLATE}{en}"),
                };
                m.insert(key.clone(), text);
            }
            Ok(words_text(&m))
        })?;
    }
    Ok(p)
}

fn golden_line(name: &str, h: [u64; 4]) -> String {
    format!("    (\"{name}\", [{:#018x}, {:#018x}, {:#018x}, {:#018x}]),", h[0], h[1], h[2], h[3])
}

fn cargo(root: &Path, env: &[(&str, &str)], args: &[&str]) -> Result<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!(
        "    {} cargo {}",
        env.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" "),
        args.join(" ")
    );
    let out = Command::new(cargo)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root)
        .output()
        .map_err(|e| format!("cargo {}: {e}", args.join(" ")))?;
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    if !out.status.success() {
        return Err(format!("`cargo {}` failed:\n{stdout}\n{}", args.join(" "), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(stdout)
}

/// Rewrites what is generated from the sources, and records the new scenario's trajectory.
fn regenerate(root: &Path, n: &Names) -> Result<(), String> {
    cargo(root, &[], &["fmt"])?;
    cargo(root, &[("STEERLAB_WRITE_SCHEMA", "1")], &["test", "-p", "steerlab-core", "--lib", "schema"])?;
    cargo(
        root,
        &[("STEERLAB_WRITE_CODE", "1")],
        &["test", "-p", "steerlab-core", "--features", "code", "--lib", "code"],
    )?;
    cargo(root, &[("STEERLAB_WRITE_WORDS", "1")], &["test", "--test", "words"])?;
    let table =
        cargo(root, &[], &["test", "--test", "golden", "print_golden_table", "--", "--ignored", "--nocapture"])?;
    let prefix = format!("(\"{}\",", n.scenario);
    let line = table
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&prefix))
        .ok_or(format!("the golden table printed no line for {}:\n{table}", n.scenario))?;
    let rel = "tests/golden.rs";
    let text = std::fs::read_to_string(root.join(rel)).map_err(|e| format!("{rel}: {e}"))?;
    let text = text.replacen(golden_line(&n.scenario, [0; 4]).trim(), line, 1);
    std::fs::write(root.join(rel), text).map_err(|e| format!("{rel}: {e}"))?;
    Ok(())
}

pub fn run(root: &Path, id: &str, regen: bool) -> Result<(), String> {
    let n = names(id)?;
    let p = plan(root, &n)?;
    for (rel, text, new) in &p.files {
        let path = root.join(rel);
        std::fs::write(&path, text).map_err(|e| format!("{rel}: {e}"))?;
        println!("{} {rel}", if *new { "wrote " } else { "edited" });
    }
    if regen {
        println!("regenerating (schema, code templates, words, golden):");
        regenerate(root, &n)?;
        for rel in [
            "scenarios/scenario.schema.json",
            "docs/reference/scenario-format.md",
            "www/code/templates/*.json and www/code/states/*.json",
            "words/words.schema.json",
            "docs/words.md",
            "tests/golden.rs (the recorded trajectory)",
        ] {
            println!("regenerated {rel}");
        }
    }
    println!(
        "\nThe behaviour `{id}` seeks a fixed target. Next: write its force in {CORE}/behaviours/{id}.rs (and the \
         tests by hand), its code in {CORE}/code/behaviours/{id}.*, its words (search `{}` in words/ and \
         scenarios/{}.json), then `cargo test --workspace` (docs/adding-a-behaviour.md).",
        TO_TRANSLATE.trim(),
        n.scenario
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_snake_case_and_not_keywords() {
        let n = names("hide_behind").unwrap();
        assert_eq!(
            (n.ty.as_str(), n.scenario.as_str(), n.title.as_str()),
            ("HideBehind", "hide-behind", "Hide behind")
        );
        for bad in ["", "Hide", "hide-behind", "9lives", "hide__behind", "hide_", "_hide", "hide behind", "fn", "ünder"]
        {
            assert!(names(bad).is_err(), "{bad}");
        }
        assert!(names("fn").unwrap_err().contains("keyword"));
    }

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// Every anchor the generator edits at is where it expects (a layout change fails here, not
    /// in a contributor's hands), and an existing id is refused with its file named.
    #[test]
    fn the_plan_finds_every_anchor_and_refuses_an_existing_id() {
        let p = plan(&root(), &names("interpose_xtask_probe").unwrap()).unwrap();
        let registry = &p.files.iter().find(|(r, _, _)| r.ends_with("behaviours/mod.rs")).unwrap().1;
        assert!(registry.contains("    InterposeXtaskProbe(interpose_xtask_probe::InterposeXtaskProbe),\n}"));
        assert!(registry.contains("pub mod interpose_xtask_probe;\npub mod obstacle_avoidance;"));
        let scen = &p.files.iter().find(|(r, _, _)| r.ends_with("src/scenarios.rs")).unwrap().1;
        assert!(scen.contains("\"interpose-xtask-probe\",\n];"), "NAMES");
        assert!(scen.contains("include_str!(\"../scenarios/interpose-xtask-probe.json\")),\n];"), "BUILTIN");
        let es = &p.files.iter().find(|(r, _, _)| r == "words/es.json").unwrap().1;
        assert!(es.contains("\"rule.interpose_xtask_probe\": \"⟪translate⟫ interpose xtask probe\""));
        assert!(p.files.len() >= 16, "{}", p.files.len());
        // The words files come out as tests/words.rs writes them (no diff but the new keys).
        let en = std::fs::read_to_string(root().join("words/en.json")).unwrap();
        assert_eq!(words_text(&words_of(&en, "en").unwrap()), en);
        let e = plan(&root(), &names("seek").unwrap()).err().unwrap();
        assert!(e.contains("exists already") && e.contains("behaviours/seek.rs"), "{e}");
    }
}
