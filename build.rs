//! Turns the per-language catalogs (`catalog/<tag>.txt`) into typed keys and tables
//! (`$OUT_DIR/catalog.rs`, included by `src/lang/catalog.rs`). The build fails when a language
//! lacks a key that English has, has one English lacks, or a line is not `key = text`.
//! With the `pseudo-lang` feature (tests only) a throw-away language `qps` is added: every English
//! text wrapped in ⟦ ⟧, so a test can tell catalog words from words written anywhere else.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::{env, fs, path::Path};

fn parse(tag: &str, text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((k, v)) = line.split_once(" = ") else {
            panic!("catalog/{tag}.txt:{}: expected `key = text`, got {line:?}", n + 1);
        };
        let k = k.trim();
        assert!(
            !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._".contains(&b)),
            "catalog/{tag}.txt:{}: a key is lowercase ASCII, digits, '.' and '_': {k:?}",
            n + 1
        );
        let v = v.replace("\\n", "\n");
        assert!(out.insert(k.to_string(), v).is_none(), "catalog/{tag}.txt:{}: {k} twice", n + 1);
    }
    out
}

fn variant(key: &str) -> String {
    key.split(['.', '_'])
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut c = p.chars();
            let first = c.next().unwrap();
            let mut s = String::new();
            if first.is_ascii_digit() {
                s.push('N');
            }
            s.push(first.to_ascii_uppercase());
            s.extend(c);
            s
        })
        .collect()
}

/// The pseudo-language: each text wrapped in ⟦ ⟧, its placeholders left as they are.
fn pseudo(text: &str) -> String {
    format!("⟦{text}⟧")
}

fn main() {
    println!("cargo:rerun-if-changed=catalog");
    let dir = Path::new("catalog");
    let mut langs: Vec<(String, BTreeMap<String, String>)> = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(dir).expect("catalog/").map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", p.display());
        let tag = p.file_stem().unwrap().to_str().unwrap().to_string();
        let text = fs::read_to_string(&p).unwrap();
        langs.push((tag.clone(), parse(&tag, &text)));
    }
    // English first: it is the fallback and the reference for the keys.
    let en = langs.iter().position(|(t, _)| t == "en").expect("catalog/en.txt");
    let first = langs.remove(en);
    langs.insert(0, first);
    let keys: Vec<String> = langs[0].1.keys().cloned().collect();
    for (tag, map) in &langs[1..] {
        let missing: Vec<_> = keys.iter().filter(|k| !map.contains_key(*k)).collect();
        let extra: Vec<_> = map.keys().filter(|k| !langs[0].1.contains_key(*k)).collect();
        assert!(missing.is_empty(), "catalog/{tag}.txt lacks {missing:?}");
        assert!(extra.is_empty(), "catalog/{tag}.txt has keys catalog/en.txt lacks: {extra:?}");
    }
    // The pages' scripts' words (`page.*`) are not the module's: tests/words.rs writes them to
    // www/words.js; the chart's and the meanings' (`chart.*`, `meaning.*`, loaded on first use)
    // to www/chart-words.js; the described scene's (`describe.*`, www/describe.js) to
    // www/describe-words.js.
    let js_only = |k: &str| ["page.", "chart.", "meaning.", "describe."].iter().any(|p| k.starts_with(p));
    let keys: Vec<String> = keys.into_iter().filter(|k| !js_only(k)).collect();
    if env::var_os("CARGO_FEATURE_PSEUDO_LANG").is_some() {
        let map = langs[0].1.iter().map(|(k, v)| (k.clone(), pseudo(v))).collect();
        langs.push(("qps".into(), map));
    }

    let mut s = String::new();
    s.push_str("/// A catalog key (one per `key = text` line of `catalog/en.txt`).\n");
    s.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n#[repr(u16)]\npub enum K {\n");
    for k in &keys {
        let _ = writeln!(s, "    /// `{k}`\n    {},", variant(k));
    }
    s.push_str("}\n\n/// Every key's name, sorted; `KEYS[k as usize]` is `k`'s.\n");
    let _ = writeln!(s, "pub const KEYS: [&str; {}] = {:?};", keys.len(), keys);
    s.push_str("/// Every key, in the order of [`KEYS`].\n");
    let _ = writeln!(
        s,
        "pub const ALL: [K; {}] = [{}];",
        keys.len(),
        keys.iter().map(|k| format!("K::{}", variant(k))).collect::<Vec<_>>().join(", ")
    );
    let tags: Vec<&str> = langs.iter().map(|(t, _)| t.as_str()).collect();
    let _ =
        writeln!(s, "/// The languages' tags, English first.\npub const TAGS: [&str; {}] = {:?};", tags.len(), tags);
    let _ = writeln!(s, "static TEXTS: [[&str; {}]; {}] = [", keys.len(), langs.len());
    for (_, map) in &langs {
        s.push_str("    [");
        for k in &keys {
            let _ = write!(s, "{:?}, ", map[k]);
        }
        s.push_str("],\n");
    }
    s.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("catalog.rs");
    fs::write(out, s).unwrap();
}
