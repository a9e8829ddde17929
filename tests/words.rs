//! The pages' scripts' words (`www/chapter.js`, `www/playground.js`) come from the same catalogs as
//! the widget's (`catalog/<tag>.txt`, the `page.*` keys, which build.rs leaves out of the module):
//! this test writes them into `www/words.js`, a module the scripts import (so the pages have their
//! words before the wasm loads), and fails when that file is stale, when a script asks for a key
//! no catalog has, or when a `page.*` key is not used.
//!
//! After editing a catalog: `STEERLAB_WRITE_WORDS=1 cargo test --test words`.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SCRIPTS: [&str; 6] = [
    "www/chapter.js",
    "www/playground.js",
    "www/gpu/mount.js",
    "www/challenge.js",
    "www/compare.js",
    "www/code/dialog.js",
];

/// Each language's `page.*` texts by key, English first (the catalog's format: `key = text`).
fn catalogs() -> Vec<(String, BTreeMap<String, String>)> {
    catalogs_of(&["page."])
}

/// The same for the keys with these prefixes.
fn catalogs_of(prefixes: &[&str]) -> Vec<(String, BTreeMap<String, String>)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(Path::new(ROOT).join("catalog"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    for p in files {
        let tag = p.file_stem().unwrap().to_str().unwrap().to_string();
        let mut words = BTreeMap::new();
        for line in std::fs::read_to_string(&p).unwrap().lines() {
            if let Some((k, v)) = line.split_once(" = ") {
                let k = k.trim();
                if prefixes.iter().any(|p| k.starts_with(p)) && !line.trim_start().starts_with('#') {
                    words.insert(k.to_string(), v.trim_end().replace("\\n", "\n"));
                }
            }
        }
        out.push((tag, words));
    }
    let en = out.iter().position(|(t, _)| t == "en").expect("catalog/en.txt");
    let first = out.remove(en);
    out.insert(0, first);
    out
}

fn module(langs: &[(String, BTreeMap<String, String>)]) -> String {
    module_of(langs, "The pages' scripts' words", "page.*", "page.*")
}

fn module_of(langs: &[(String, BTreeMap<String, String>)], what: &str, keys: &str, key: &str) -> String {
    let mut s = format!(
        "// {what}, one table per language: written from the {keys} keys of\n\
         // catalog/<tag>.txt by tests/words.rs. Do not edit: edit the catalogs, then run\n\
         // `STEERLAB_WRITE_WORDS=1 cargo test --test words`.\n\
         const WORDS = {{\n",
    );
    for (tag, words) in langs {
        s.push_str(&format!("  {tag}: {{\n"));
        for (k, v) in words {
            s.push_str(&format!("    {}: {},\n", serde_json::to_string(k).unwrap(), serde_json::to_string(v).unwrap()));
        }
        s.push_str("  },\n");
    }
    s.push_str(
        "};\n\n\
         /** The catalog of a language tag (`es-MX` → es), else English. */\n\
         function tableOf(lang) {\n  \
           const tag = String(lang || \"\").trim().toLowerCase().split(/[-_]/)[0];\n  \
           return Object.hasOwn(WORDS, tag) ? WORDS[tag] : WORDS.en;\n\
         }\n\n\
         /** The text of a `KEY` key in `lang` (by default the page's: the primary subtag of\n\
          *  <html lang>); a key no catalog has throws. Safe to import outside a browser. */\n\
         export function t(key, lang = globalThis.document?.documentElement.lang) {\n  \
           const table = tableOf(lang);\n  \
           if (!Object.hasOwn(table, key)) throw new Error(`steerlab: no words for ${key}`);\n  \
           return table[key];\n\
         }\n",
    );
    s.replace("KEY", key)
}

/// With `STEERLAB_WRITE_WORDS` set, write `want` to `file` (true: the caller stops there); else
/// fail when the file is not `want`.
fn write_or_check(file: &str, want: &str) -> bool {
    let path = Path::new(ROOT).join(file);
    if std::env::var_os("STEERLAB_WRITE_WORDS").is_some() {
        std::fs::write(&path, want).unwrap();
        return true;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{file} is stale: regenerate it with `STEERLAB_WRITE_WORDS=1 cargo test --test words`");
    false
}

#[test]
fn www_words_js_is_written_from_the_catalogs() {
    write_or_check("www/words.js", &module(&catalogs()));
}

/// The chart's and the meanings' words (`chart.*`, `meaning.*`: www/chart.js, www/meaning.js,
/// loaded on first use) in www/chart-words.js; the meanings' keys are built at run time
/// (`meaning.<measure>`, `meaning.<readout>.<item>`), so every measure and readout item a viewer
/// can show is checked to have one in tests/series.rs and tests/viewer.rs's readouts.
#[test]
fn www_chart_words_js_is_written_from_the_catalogs() {
    let langs = catalogs_of(&["chart.", "meaning."]);
    let want = module_of(&langs, "The chart's and the measures' meanings' words", "chart.* and meaning.*", "chart.* or meaning.*")
        .replace("export function t(", "export function has(key, lang = globalThis.document?.documentElement.lang) {\n  return Object.hasOwn(tableOf(lang), key);\n}\n\nexport function t(");
    if write_or_check("www/chart-words.js", &want) {
        return;
    }
    for script in ["www/chart.js", "www/meaning.js"] {
        let src = std::fs::read_to_string(Path::new(ROOT).join(script)).unwrap();
        assert!(src.contains("./chart-words.js\""), "{script} imports its words from www/chart-words.js");
        for (i, _) in src.match_indices("t(\"") {
            if src[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            let rest = &src[i + 3..];
            let key = &rest[..rest.find('"').unwrap()];
            assert!(langs[0].1.contains_key(key), "{script}: t({key:?}) is no key of catalog/*.txt");
        }
    }
}

/// The described scene's words (`describe.*`: www/describe.js, loaded on first use) in
/// www/describe-words.js; its keys are built at run time (`describe.place.<0–8>`,
/// `describe.dir.<0–9>`, `describe.role.<key>` for every key of the core's `describe::ROLES`).
#[test]
fn www_describe_words_js_is_written_from_the_catalogs() {
    let langs = catalogs_of(&["describe."]);
    let want = module_of(&langs, "The described scene's words", "describe.*", "describe.*");
    if write_or_check("www/describe-words.js", &want) {
        return;
    }
    let en = &langs[0].1;
    let mut built: Vec<String> = (0..9).map(|k| format!("describe.place.{k}")).collect();
    built.extend((0..10).map(|k| format!("describe.dir.{k}")));
    built.extend(steerlab::sim::describe::ROLES.iter().map(|r| format!("describe.role.{}", r.1)));
    for k in built {
        assert!(en.contains_key(&k), "catalog/en.txt lacks {k} (www/describe.js builds it)");
    }
    let src = std::fs::read_to_string(Path::new(ROOT).join("www/describe.js")).unwrap();
    assert!(src.contains("./describe-words.js\""), "www/describe.js imports its words from www/describe-words.js");
}

/// Every `t("…")` of the scripts is a key of the catalogs, every `page.*` key is used by a script,
/// and no script keeps words of its own per language.
#[test]
fn the_scripts_ask_for_catalog_keys_only() {
    let langs = catalogs();
    let keys: Vec<&String> = langs[0].1.keys().collect();
    assert!(!keys.is_empty());
    let mut used = Vec::new();
    for script in SCRIPTS {
        let src = std::fs::read_to_string(Path::new(ROOT).join(script)).unwrap();
        assert!(src.contains("/words.js\""), "{script} imports its words from www/words.js");
        assert!(
            !src.contains("ES ?") && !src.contains("const ES") && !src.contains("const TEXT"),
            "{script} picks words by language itself"
        );
        for (i, _) in src.match_indices("t(\"") {
            if src[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            let rest = &src[i + 3..];
            let key = &rest[..rest.find('"').unwrap()];
            assert!(keys.iter().any(|k| *k == key), "{script}: t({key:?}) is no key of catalog/*.txt");
            used.push(key.to_string());
        }
    }
    for k in keys {
        assert!(used.contains(k), "{k} is in the catalogs but no script uses it");
    }
}
