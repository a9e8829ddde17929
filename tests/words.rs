//! The words files (`words/<tag>.json`): one flat JSON object of `"key": "text"` per language,
//! keys sorted, one a line; English (`words/en.json`) is the reference. This test checks every
//! shipped file against it (the same keys, the same `{placeholders}`), that www/words.js ships
//! exactly these languages, that the pages' scripts ask for keys that exist (and every `page.*`
//! key is used), and writes what is generated from the files: the JSON Schema
//! (`words/words.schema.json`) and the reference (`docs/words.md`, from `words/context.json`,
//! which says where each key shows).
//!
//! After editing a words file or the context: `STEERLAB_WRITE_WORDS=1 cargo test --test words`
//! (it also sorts the files).
#![cfg(not(target_arch = "wasm32"))]

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SCRIPTS: [&str; 8] = [
    "www/chapter.js",
    "www/playground.js",
    "www/gpu/mount.js",
    "www/challenge.js",
    "www/compare.js",
    "www/code/dialog.js",
    "www/chart.js",
    "www/meaning.js",
];

fn write_mode() -> bool {
    std::env::var_os("STEERLAB_WRITE_WORDS").is_some()
}

/// A generated file: rewritten with STEERLAB_WRITE_WORDS, else it must equal `want`.
fn generated(rel: &str, want: &str) {
    let path = Path::new(ROOT).join(rel);
    if write_mode() {
        std::fs::write(&path, want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{rel} is stale: regenerate it with `STEERLAB_WRITE_WORDS=1 cargo test --test words`");
}

/// The shipped words files, English first: (tag, path).
fn files() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(Path::new(ROOT).join("words"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter_map(|p| {
            let stem = p.file_stem()?.to_str()?.to_string();
            steerlab::sim::text::is_lang_tag(&stem).then_some((stem, p))
        })
        .collect();
    out.sort_by_key(|(t, _)| (t != "en", t.clone()));
    out
}

fn read(path: &Path) -> Map<String, Value> {
    let text = std::fs::read_to_string(path).unwrap();
    match serde_json::from_str(&text) {
        Ok(Value::Object(m)) => m,
        other => panic!("{}: not one JSON object: {other:?}", path.display()),
    }
}

/// A words file's text: keys sorted, one a line, two spaces, as `JSON.stringify(words, null, 2)`.
fn text_of(words: &BTreeMap<String, String>) -> String {
    let mut s = String::from("{\n");
    for (k, (key, v)) in words.iter().enumerate() {
        let comma = if k + 1 < words.len() { "," } else { "" };
        s.push_str(&format!("  {}: {}{comma}\n", Value::from(key.as_str()), Value::from(v.as_str())));
    }
    s.push_str("}\n");
    s
}

fn strings(path: &Path) -> BTreeMap<String, String> {
    read(path)
        .into_iter()
        .map(|(k, v)| match v {
            Value::String(s) => (k, s),
            other => panic!("{}: {k}: a text (a JSON string), got {other}", path.display()),
        })
        .collect()
}

/// `{name}` holes of a text, sorted (`{clipped? (…)|}` → `clipped`).
fn holes(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .split('{')
        .skip(1)
        .filter_map(|p| p.split_once('}'))
        .map(|(h, _)| h.split(['?', ':', '~']).next().unwrap().to_string())
        .collect();
    v.sort();
    v
}

fn english() -> BTreeMap<String, String> {
    strings(&Path::new(ROOT).join("words/en.json"))
}

#[test]
fn every_shipped_language_has_every_key_with_english_placeholders() {
    let files = files();
    assert_eq!(files[0].0, "en", "words/en.json, the reference");
    let en = english();
    for (tag, path) in &files {
        let words = strings(path);
        let missing: Vec<_> = en.keys().filter(|k| !words.contains_key(*k)).collect();
        let extra: Vec<_> = words.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "words/{tag}.json lacks {missing:?}");
        assert!(extra.is_empty(), "words/{tag}.json has keys words/en.json lacks: {extra:?}");
        for (k, v) in &words {
            assert_eq!(holes(v), holes(&en[k]), "words/{tag}.json: {k}: the placeholders differ from English's");
            assert!(!v.trim().is_empty() || en[k].trim().is_empty(), "words/{tag}.json: {k} is empty");
        }
        // Sorted, one key a line (so that merges stay line-based).
        generated(&format!("words/{tag}.json"), &text_of(&words));
    }
}

/// www/boot.js ships exactly the languages of words/: a page fetches only files that exist.
#[test]
fn www_words_js_ships_the_languages_of_words() {
    let src = std::fs::read_to_string(Path::new(ROOT).join("www/boot.js")).unwrap();
    let line = src.lines().find(|l| l.starts_with("export const SHIPPED = [")).expect("SHIPPED in www/boot.js");
    let listed: Vec<String> = line
        .split('[')
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap()
        .split(',')
        .map(|t| t.trim().trim_matches('"').to_string())
        .collect();
    let shipped: Vec<String> = files().into_iter().map(|(t, _)| t).collect();
    let mut sorted = listed.clone();
    sorted.sort_by_key(|t| (t != "en", t.clone()));
    assert_eq!(sorted, shipped, "www/boot.js's SHIPPED and the words/<tag>.json files");
}

/// Every `t("…")` / `has("…")` of the scripts is a key of the words files, every `page.*` key is
/// used by a script, and no script keeps words of its own per language.
#[test]
fn the_scripts_ask_for_keys_of_the_words_files() {
    let en = english();
    let mut used = Vec::new();
    for script in SCRIPTS {
        let src = std::fs::read_to_string(Path::new(ROOT).join(script)).unwrap();
        assert!(src.contains("/words.js\""), "{script} imports its words from www/words.js");
        assert!(
            !src.contains("ES ?") && !src.contains("const ES") && !src.contains("const TEXT"),
            "{script} picks words by language itself"
        );
        for call in ["t(\"", "has(\""] {
            for (i, _) in src.match_indices(call) {
                if src[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let rest = &src[i + call.len()..];
                let key = &rest[..rest.find('"').unwrap()];
                assert!(en.contains_key(key), "{script}: {call}{key}\") is no key of words/en.json");
                used.push(key.to_string());
            }
        }
    }
    for k in en.keys().filter(|k| k.starts_with("page.")) {
        assert!(used.contains(k), "{k} is in the words files but no script uses it");
    }
    assert!(!Path::new(ROOT).join("www/chart-words.js").exists(), "one place for the words in JS: www/words.js");
    assert!(!Path::new(ROOT).join("catalog").exists(), "the words are words/<tag>.json now");
}
