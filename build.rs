//! Turns the reference words file (`words/en.json`) into typed keys (`$OUT_DIR/keys.rs`, included
//! by `src/lang/words.rs`): `lang::K`, one variant per key the module shows (`ui.play` →
//! `K::UiPlay`), and the keys' names. No text of any language goes into the module: the texts are
//! given at run time (`addWords`, www/words.js). The build fails when a key is not lowercase ASCII,
//! digits, '.' and '_', or a words file is not one flat JSON object of texts.
//!
//! Native builds (tests, the posters) also get every shipped language's file (`SHIPPED`), which
//! they register when they first need words; the wasm module never does.

use std::fmt::Write;
use std::{env, fs, path::Path};

/// Keys the module does not name: the pages' scripts' (`page.*`), the chart's and the meanings'
/// (`chart.*`, `meaning.*`), read by www/words.js only; the pages' layout's (`site.*`), read when
/// the pages are made (`cargo xtask pages`); the built-in scenarios' texts (`scenario.*`), which
/// the scenarios name (`{"words": "scenario.flock.title"}`) and the module looks up by name.
const JS_ONLY: [&str; 9] =
    ["page.", "chart.", "meaning.", "code.", "measure.", "param.", "describe.", "site.", "scenario."];

fn read(path: &Path) -> serde_json::Map<String, serde_json::Value> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let serde_json::Value::Object(map) = v else { panic!("{}: not a JSON object", path.display()) };
    for (k, v) in &map {
        assert!(
            !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._".contains(&b)),
            "{}: a key is lowercase ASCII, digits, '.' and '_': {k:?}",
            path.display()
        );
        assert!(v.is_string(), "{}: {k}: a text (a JSON string), got {v}", path.display());
    }
    map
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

/// A language tag's file name (`en`, `pt`, `pt-BR`), not the schema's or the reference's.
fn is_tag(stem: &str) -> bool {
    let mut parts = stem.split('-');
    let primary = parts.next().unwrap_or("");
    (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

fn main() {
    println!("cargo:rerun-if-changed=words");
    let dir = Path::new("words");
    let en = read(&dir.join("en.json"));
    let mut keys: Vec<&String> = en.keys().filter(|k| !JS_ONLY.iter().any(|p| k.starts_with(p))).collect();
    keys.sort();

    let mut s = String::new();
    s.push_str("/// A key of the words the module shows (one per key of `words/en.json` but `page.*`, `chart.*`,\n");
    s.push_str("/// `meaning.*`).\n");
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

    // The shipped languages' files, for native builds only (English first).
    let mut files: Vec<_> = fs::read_dir(dir).expect("words/").map(|e| e.unwrap().path()).collect();
    files.retain(|p| {
        p.extension().is_some_and(|e| e == "json") && p.file_stem().and_then(|s| s.to_str()).is_some_and(is_tag)
    });
    files.sort_by_key(|p| (p.file_stem() != Some("en".as_ref()), p.clone()));
    let root = env::var("CARGO_MANIFEST_DIR").unwrap();
    let mut shipped = Vec::new();
    for p in &files {
        println!("cargo:rerun-if-changed={}", p.display());
        read(p);
        let tag = p.file_stem().unwrap().to_str().unwrap();
        shipped.push(format!("({tag:?}, include_str!({:?}))", Path::new(&root).join(p).display().to_string()));
    }
    s.push_str("/// The shipped languages' words files (`words/<tag>.json`), English first: native builds only.\n");
    s.push_str("#[cfg(not(target_arch = \"wasm32\"))]\n");
    let _ = writeln!(s, "pub const SHIPPED: [(&str, &str); {}] = [{}];", shipped.len(), shipped.join(", "));
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("keys.rs");
    fs::write(out, s).unwrap();
}
