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
const SCRIPTS: [&str; 10] = [
    "www/chapter.js",
    "www/pin.js",
    "www/playground.js",
    "www/gpu/mount.js",
    "www/challenge.js",
    "www/compare.js",
    "www/code/dialog.js",
    "www/chart.js",
    "www/meaning.js",
    "www/code/chapter.js",
];

fn write_mode() -> bool {
    std::env::var_os("STEERLAB_WRITE_WORDS").is_some()
}

/// A generated file: rewritten with STEERLAB_WRITE_WORDS, else it must equal `want`.
fn generated(rel: &str, want: &str) {
    let path = Path::new(ROOT).join(rel);
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if write_mode() {
        // (Only when it changes: the other tests read these files meanwhile.)
        if have != want {
            std::fs::write(&path, want).unwrap();
        }
        return;
    }
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
            // A language's file (`en`, `pt-BR`), not the schema's or the context's.
            let primary = stem.split('-').next().unwrap_or("");
            let tag = (2..=3).contains(&primary.len()) && steerlab::sim::text::is_lang_tag(&stem);
            tag.then_some((stem, p))
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

/// `{name}` holes of a text, sorted, each once (`{clipped? (…)|}` → `clipped`; a plural's, `{n,
/// plural, one {# group} other {# groups}}`, is `n` and the holes inside its branches, whatever
/// branches a language has: www/check-words.js reads them the same way). A caption's instructions
/// for the pointer, `{Tap|Click}` (`{touch|mouse}`, words of the language), are no hole.
fn holes(s: &str) -> Vec<String> {
    fn walk(s: &str, out: &mut Vec<String>) {
        let mut rest = s;
        while let Some(i) = rest.find('{') {
            let (mut depth, mut end) = (0, rest.len());
            for (k, c) in rest[i..].char_indices() {
                depth += (c == '{') as i32 - (c == '}') as i32;
                if c == '}' && depth == 0 {
                    end = i + k;
                    break;
                }
            }
            let body = &rest[i + 1..end.max(i + 1)];
            let name = body.split(['?', ':', '~', ',', '{', '}']).next().unwrap().trim_end();
            // (`{Tap|Click}`, a caption's instructions for the pointer, is no hole; nor is code's
            // `{ makeWorld }`.)
            if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.push(name.to_string());
            }
            if let Some(branches) = body.split_once(',').and_then(|(_, b)| b.trim_start().strip_prefix("plural")) {
                // Each branch's holes, not its words: `one {…}` → the text inside.
                let mut b = branches;
                while let Some(o) = b.find('{') {
                    let Some(c) = b[o..].find('}') else { break };
                    walk(&b[o + 1..o + c], out);
                    b = &b[o + c + 1..];
                }
            }
            rest = rest.get(end + 1..).unwrap_or("");
        }
    }
    let mut v = Vec::new();
    walk(s, &mut v);
    v.sort();
    v.dedup();
    v
}

/// How many `{touch|mouse}` instructions a text has (`{Tap|Click or drag}`).
fn pointer_forms(s: &str) -> usize {
    s.split('{')
        .skip(1)
        .filter(|p| p.split_once('}').is_some_and(|(h, _)| h.matches('|').count() == 1 && !h.contains('?')))
        .count()
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
            assert_eq!(
                pointer_forms(v),
                pointer_forms(&en[k]),
                "words/{tag}.json: {k}: a {{touch|mouse}} instruction for each of English's"
            );
            assert!(!v.trim().is_empty() || en[k].trim().is_empty(), "words/{tag}.json: {k} is empty");
        }
        // Sorted, one key a line (so that merges stay line-based).
        generated(&format!("words/{tag}.json"), &text_of(&words));
    }
}

/// The exporter's words (`code.*`: the Code dialog, the exported programs' comments, headers and
/// inspector tooltips), read from the words files through www/words.js by www/code/*.js (loaded
/// on first use). Its scripts call them `say("…")`, or `w("…")` with the reader's language bound
/// (a tooltip's key, `code.tip.<field>`, is built at run time: scripts/dev/code-equivalence.mjs
/// checks every exported field has one). Every key they ask for exists; every `code.*` key is used.
#[test]
fn the_exporter_asks_for_keys_of_the_words_files() {
    let en = english();
    let mut used = Vec::new();
    for script in [
        "www/code/export.js",
        "www/code/model.js",
        "www/code/dialog.js",
        "www/code/write-js.js",
        "www/code/write-unity.js",
        "www/code/write-rust.js",
        "www/code/write-godot.js",
    ] {
        let src = std::fs::read_to_string(Path::new(ROOT).join(script)).unwrap();
        used.extend(keys_asked(script, &src, &["say(\"", "w(\""], &en));
    }
    for k in en.keys().filter(|k| k.starts_with("code.")) {
        let built = ["code.tip.", "code.state.", "code.section.", "code.dialog."].iter().any(|p| k.starts_with(p));
        assert!(built || used.contains(k), "{k} is in the words files but no script of www/code/ uses it");
    }
}

/// The described scene's words (`describe.*`: www/describe.js, loaded on first use, reads them
/// through www/words.js); its keys are built at run time (`describe.place.<0–8>`,
/// `describe.dir.<0–9>`, `describe.role.<key>` for every key of the core's `describe::ROLES`).
#[test]
fn every_key_the_description_builds_has_words() {
    let en = english();
    let mut built: Vec<String> = (0..9).map(|k| format!("describe.place.{k}")).collect();
    built.extend((0..10).map(|k| format!("describe.dir.{k}")));
    built.extend(steerlab::sim::describe::ROLES.iter().map(|r| format!("describe.role.{}", r.1)));
    for k in built {
        assert!(en.contains_key(&k), "words/en.json lacks {k} (www/describe.js builds it)");
    }
    let src = std::fs::read_to_string(Path::new(ROOT).join("www/describe.js")).unwrap();
    assert!(src.contains("./words.js\""), "www/describe.js reads its words through www/words.js");
    // Each behaviour's lesson (`LESSONS` in www/describe.js): its clauses `describe.<kind>.<clause>`
    // and, for each fact it watches, `describe.<kind>.up.<key>` and `.down.<key>`; a behaviour
    // without an entry says its facts with `describe.<kind>` alone. Every key of the core's
    // behaviours is one or the other.
    let block = &src[src.find("export const LESSONS = {").expect("LESSONS in www/describe.js")..];
    let block = &block[..block.find("\n};").unwrap()];
    let mut entries = std::collections::BTreeMap::new();
    let mut kind = String::new();
    for line in block.lines().skip(1) {
        if let Some((k, _)) =
            line.strip_prefix("  ").and_then(|l| l.split_once(": {")).filter(|(k, _)| !k.starts_with(' '))
        {
            kind = k.to_string();
        }
        let e: &mut Vec<String> = entries.entry(kind.clone()).or_default();
        for part in line.split("[[\"").skip(1).chain(line.split("], [\"").skip(1)) {
            e.push(format!("describe.{kind}.{}", &part[..part.find('"').unwrap()]));
        }
        if let Some(w) = line.split("watch: {").nth(1) {
            for key in w[..w.find('}').unwrap()].split(',').map(|x| x.split(':').next().unwrap().trim()) {
                e.extend(["up", "down"].map(|d| format!("describe.{kind}.{d}.{key}")));
            }
        }
    }
    assert!(
        entries.len() >= 10 && entries.values().all(|e| e.len() >= 3),
        "LESSONS read from www/describe.js: {entries:?}"
    );
    for &kind in steerlab::sim::behaviours::KINDS {
        let keys = entries.get(kind).cloned().unwrap_or_else(|| vec![format!("describe.{kind}")]);
        for k in keys {
            assert!(en.contains_key(&k), "words/en.json lacks {k} (the described scene of {kind})");
        }
    }
    for k in (0..8).map(|k| format!("describe.way.{k}")) {
        assert!(en.contains_key(&k), "words/en.json lacks {k}");
    }
}

/// The names of the measures and parameters that challenges and compares put in prose
/// (`measure.<id>`, `param.<path>`: www/challenge.js, www/compare.js, loaded on first use), from
/// the words files. Their keys are built at run time: every measure a built-in scenario
/// reports in `state().metrics` (and `time`, `agents`) has a `measure.*` key, and every parameter
/// path a chapter's challenge or compare names has a `param.*` key.
#[test]
fn every_measure_and_named_parameter_has_words() {
    let words = &english();
    let mut missing = Vec::new();
    for name in steerlab::scenarios::names() {
        let s = steerlab::sim::Sim::from_json(steerlab::scenarios::builtin(name).unwrap()).unwrap();
        let st = s.state_json();
        for k in st["metrics"].as_object().unwrap().keys().map(String::as_str).chain(["time", "agents"]) {
            if !words.contains_key(&format!("measure.{k}")) {
                missing.push(format!("measure.{k} ({name})"));
            }
        }
    }
    // The parameters the chapters' challenges (`"param"`) and compares (`data-compare`) name.
    for tag in std::fs::read_dir(Path::new(ROOT).join("pages")).unwrap() {
        let dir = tag.unwrap().path().join("chapters");
        if !dir.is_dir() {
            continue;
        }
        let dir = dir.strip_prefix(ROOT).unwrap_or(&dir).display().to_string();
        for e in std::fs::read_dir(Path::new(ROOT).join(&dir)).unwrap() {
            let html = std::fs::read_to_string(e.unwrap().path()).unwrap();
            for attr in ["data-compare='", "data-challenge='"] {
                for part in html.split(attr).skip(1) {
                    let json: serde_json::Value = serde_json::from_str(&part[..part.find('\'').unwrap()]).unwrap();
                    let mut paths = Vec::new();
                    collect_params(&json, attr.starts_with("data-compare"), &mut paths);
                    for p in paths {
                        if !words.contains_key(&format!("param.{p}")) {
                            missing.push(format!("param.{p} ({dir})"));
                        }
                    }
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "names with no words in words/en.json: {missing:?}");
}

/// The parameter paths a compare's change (its keys) or a challenge's condition (`"param"`) names.
fn collect_params(v: &serde_json::Value, compare: bool, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) if compare => out.extend(m.keys().cloned()),
        serde_json::Value::Object(m) => {
            if let Some(p) = m.get("param").and_then(|p| p.as_str()) {
                out.push(p.to_string());
            }
            for x in m.values() {
                collect_params(x, false, out);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_params(x, false, out)),
        _ => {}
    }
}

/// www/loader.js ships exactly the languages of words/: a page fetches only files that exist.
#[test]
fn www_words_js_ships_the_languages_of_words() {
    let src = std::fs::read_to_string(Path::new(ROOT).join("www/loader.js")).unwrap();
    let line = src.lines().find(|l| l.starts_with("export const SHIPPED = [")).expect("SHIPPED in www/loader.js");
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
    assert_eq!(sorted, shipped, "www/loader.js's SHIPPED and the words/<tag>.json files");
}

/// Every `t("…")` / `has("…")` of the scripts is a key of the words files, every `page.*` key is
/// used by a script, and no script keeps words of its own per language.
#[test]
fn the_scripts_ask_for_keys_of_the_words_files() {
    let en = english();
    let mut used = Vec::new();
    for script in SCRIPTS {
        let src = std::fs::read_to_string(Path::new(ROOT).join(script)).unwrap();
        assert!(
            src.contains("/words.js\"") || src.contains("/loader.js\""),
            "{script} imports its words from www/words.js (or the registry's, www/loader.js)"
        );
        assert!(
            !src.contains("ES ?") && !src.contains("const ES") && !src.contains("const TEXT"),
            "{script} picks words by language itself"
        );
        used.extend(keys_asked(script, &src, &["t(\"", "has(\""], &en));
    }
    for k in en.keys().filter(|k| k.starts_with("page.")) {
        assert!(used.contains(k), "{k} is in the words files but no script uses it");
    }
    assert!(!Path::new(ROOT).join("www/chart-words.js").exists(), "one place for the words in JS: www/words.js");
    assert!(!Path::new(ROOT).join("catalog").exists(), "the words are words/<tag>.json now");
}

/// The viewer's markup (its template, the inspector's panel, the controls that name their figure)
/// names its words by key (`data-sl-text=…`, `data-sl-label=…`, written by `web::words::write`):
/// each is a key of English, and every mark of the template is there to be written.
#[test]
fn the_viewer_markup_names_keys_of_the_words_files() {
    let en = english();
    let mut marks = 0;
    for file in ["src/web/viewer/dom.rs", "src/web/inspector.rs"] {
        let src = std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap();
        for mark in ["data-sl-text=", "data-sl-label=", "\"data-sl-label\", \""] {
            for (i, _) in src.match_indices(mark) {
                let rest = src[i + mark.len()..].trim_start_matches('\'');
                let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.')).unwrap();
                let key = &rest[..end];
                assert!(en.contains_key(key), "{file}: {mark}{key} is no key of words/en.json");
                marks += 1;
            }
        }
        // (`("…", "ui.overlays_of")`: a mark set after cloning.)
        for (i, _) in src.match_indices("_of\")") {
            let start = src[..i].rfind('"').unwrap() + 1;
            let key = &src[start..i + 3];
            assert!(en.contains_key(key), "{file}: {key} is no key of words/en.json");
            assert!(en[key].contains("{title}"), "{key}: its text has a {{title}} hole");
        }
    }
    assert!(marks > 30, "the template's marks were found ({marks})");
}

/// The keys a script asks for with these calls (`t("`), each checked to be a key of English.
fn keys_asked(script: &str, src: &str, calls: &[&str], en: &BTreeMap<String, String>) -> Vec<String> {
    let mut used = Vec::new();
    for call in calls {
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
    used
}

/// `words/context.json` says where every key of English shows: the same keys, none empty.
fn context() -> BTreeMap<String, String> {
    let context = strings(&Path::new(ROOT).join("words/context.json"));
    let en = english();
    let missing: Vec<_> = en.keys().filter(|k| !context.contains_key(*k)).collect();
    let extra: Vec<_> = context.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(missing.is_empty(), "words/context.json lacks {missing:?}");
    assert!(extra.is_empty(), "words/context.json has keys words/en.json lacks: {extra:?}");
    assert!(context.values().all(|c| c.len() > 10), "words/context.json: every key's context");
    context
}

/// The JSON Schema of a words file (`words/words.schema.json`): every key English has, with its
/// context and English text as its description; no other key (but `$schema`).
#[test]
fn the_words_schema_is_written_from_english_and_the_context() {
    let (en, context) = (english(), context());
    let mut props = Map::new();
    props.insert(
        "$schema".into(),
        serde_json::json!({"type": "string", "description": "This schema (an editor then checks and completes the file); ignored."}),
    );
    for (k, v) in &en {
        let holes = holes(v);
        let mut d = format!("{} English: {}", context[k], Value::from(v.as_str()));
        if !holes.is_empty() {
            d.push_str(&format!(
                " Placeholders: {}.",
                holes.iter().map(|h| format!("{{{h}}}")).collect::<Vec<_>>().join(", ")
            ));
        }
        props.insert(k.clone(), serde_json::json!({"type": "string", "description": d}));
    }
    let schema = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "words.schema.json",
        "title": "steerlab words",
        "description": "One language's words for steerlab's figures: one flat object of \"key\": \"text\", the keys of words/en.json (the reference; a key left out shows the fallback language's text, then English's). Generated by tests/words.rs from words/en.json and words/context.json; docs/words.md explains the keys and the template language.",
        "type": "object",
        "properties": props,
        "additionalProperties": false
    });
    generated("words/words.schema.json", &(serde_json::to_string_pretty(&schema).unwrap() + "\n"));
}

/// The reference of the words (`docs/words.md`): the format, the template language, how to add a
/// language, and every key with its context, its placeholders and its English text.
#[test]
fn the_words_reference_is_written_from_english_and_the_context() {
    let (en, context) = (english(), context());
    let mut s = String::from(REFERENCE_HEAD);
    let mut group = "";
    for (k, v) in &en {
        let g = k.split('.').next().unwrap();
        if g != group {
            group = g;
            s.push_str(&format!("\n### `{g}.*`\n\n| key | where it shows | English |\n| --- | --- | --- |\n"));
        }
        let cell = |t: &str| t.replace('|', "\\|").replace('\n', " ");
        s.push_str(&format!("| `{k}` | {} | {} |\n", cell(&context[k]), cell(v)));
    }
    generated("docs/words.md", &s);
}

const REFERENCE_HEAD: &str = r#"# Words: the reference

Generated by `tests/words.rs` from `words/en.json` and `words/context.json` (`STEERLAB_WRITE_WORDS=1
cargo test --test words` after editing either; a test fails when this page is stale).

Every word a reader sees in a figure comes from a words file: `words/<tag>.json`, one flat JSON
object of `"key": "text"` per language, keys sorted, one a line. `words/en.json` is the reference
(every key); the shipped languages (`en`, `es`, `fr`, `pt`) have every key. The module holds no
text of any language: `www/loader.js` fetches the file a canvas needs (beside `www/`, as
`words/<tag>.json`, never synchronously) and gives the module the texts of the keys it shows; it
keeps the others (the pages' scripts'): each text is held once. `words/words.schema.json` is the files' JSON Schema;
`words/context.json` says where each key shows (the table below).

The built-in scenarios' texts are words too (`scenario.<name>.*`: title, caption, each control's
label, each option's label): a scenario names them (`"title": {"words": "scenario.flock.title"}`),
the module looks them up by name in the reader's language, so its posters, its figure and its
screen-reader names read the page's language. A caption's `{touch|mouse}` instructions
(`{Tap|Click} a boid`) are no placeholders: a translation writes both, in its words. An author's
own scenario keeps its texts by language (`{"en": "…", "pt": "…"}`, and the older `_es` fields).
The pages' layout's words (`site.*`: the language's name, the language switch's and the chapters'
bar's names, the footer's link) are read when the pages are made (docs/pages.md).

## Languages and fallbacks

A canvas's language is its `data-lang`, else the closest `lang` attribute (the page's included), a
BCP 47 tag. A language falls back as the web does (RFC 4647 lookup): `pt-BR` reads `pt-BR`'s
words, then `pt`'s, then English's — key by key, so a file may hold only the keys it changes. A key
name never reaches the screen. A language that is not shipped reads English for the keys it
lacks, and the console says once which.

Numbers in prose (readouts, the HUD, the legend, the inspector's values, the scrub bar, slider
values, the chart, challenge status) are written as the reader's locale writes them, through the
browser's `Intl.NumberFormat` (`1 234,5` in French, `1.234,5` in Portuguese); code and pseudocode
keep their notation (`1.5`).

## Adding or overriding a language, without a build

```js
import { addWords, ready } from "/steerlab/www/boot.js";
addWords("it", { "ui.play_name": "Avvia", "ui.pause_name": "Pausa" }); // before or after mounting
const steerlab = await ready;
steerlab.addWords("it", { "touch.settings": "Impostazioni" }); // figures on screen write their words again
await steerlab.loadWords("it", "/lang/it.json");                 // a hosted words file
console.log(await steerlab.checkWords(myWords));                 // { ok, missing, extra, placeholders, invalid }
```

or, in the page's `<head>`, a hosted file fetched when a canvas needs the language:

```html
<link rel="steerlab-words" hreflang="it" href="/lang/it.json">
```

Checking a file from the command line (the package's own tool, Node ≥ 20):

```sh
npx steerlab words it.json        # the package installed; or node package/bin/steerlab.mjs words it.json
```

It prints the keys the file lacks (English shows for them) and those English does not have, and
the texts whose placeholders differ from English's; it exits 1 on extra keys or wrong
placeholders. `addWords` fires `steerlab:words` on the document (`detail.tag`).

## Adding a language

A new language of steerlab and its site is one words file, the pages' content files and one line
in a list:

1. `words/<tag>.json` with every key: copy `words/en.json` and translate each text (where it
   shows: the tables below). It holds the widget's words, the built-in figures' texts
   (`scenario.*`) and the pages' layout's (`site.*`: the language's name in itself, the names of
   the language switch and the chapters' bar, the footer's link).
2. The pages' content files, `pages/<tag>/index.html` (the gallery), `chapters/flocking.html`,
   `chapters/leader-queue-path.html`, `chapters/bandada.html`, `playground.html` (and
   `embed.html`, the example article): copies of the English (or Spanish) ones, translated, with
   their figures, try buttons, challenges and code as they are. A page translated whole, in the
   older form, becomes its content file with `cargo xtask pages import <file.html> <tag> <page>`
   (docs/pages.md).
3. Its tag in `SHIPPED` (`www/loader.js`): the list of the languages steerlab ships.

The build then makes the pages under `/<tag>/`, names them in every page's language switch and
`hreflang` links, and draws the posters in the language (`posters/<tag>/`). The checks:
`cargo test --test words` (every key, English's placeholders, a `{touch|mouse}` instruction for
each of English's, the `SHIPPED` list), `cargo xtask pages check` (each page against the English
one: every figure with its attributes and poster, try button, challenge, comparison and code
listing, the same ids, and no sentence left in English; `cargo test -p xtask` runs it), `cargo test
--lib lang` and the browser's pseudo-language walks (every word shown comes from the words files).

## The module's side

The WebAssembly module holds the keys it shows (`lang::K`, from `words/en.json`), not their
texts; the `scenario.*` texts it is given it keeps by name, for the scenarios that name them.
`www/loader.js` gives it each language's texts through one export, `addWords(tag, data)`:
`data` is one string of fields joined with NUL (`"\0"`) — first how the language writes numbers
(decimal separator, grouping separator, `1` or `2` for the digits before the point from which
groups start less 3, minus sign, joined with U+0001, as the page's `Intl.NumberFormat` gives
them; empty to leave them), then keys and texts one after the other. The words that came before
the module (the page's file, fetched while it downloads) are given 150 keys a task, after one call
with no words that compiles the module's words code in a task of its own: on a slow phone a whole
file in one call made a long task. The number format is told once per language. A page that imports the
module itself (`steerlab.js`) without boot.js gives it a words file so:

```js
import init, { addWords, mount } from "/steerlab/steerlab.js";
await init();
const en = await (await fetch("/steerlab/words/en.json")).json();
addWords("en", ["", ...Object.entries(en).flat()].join("\0"));
```

## The template language

Texts are templates. In a readout, the legend, the HUD, the inspector's titles:

| form | meaning | example |
| --- | --- | --- |
| `{key}` | a value (a number written in the reader's locale, or a word) | `{agents} agents` |
| `{key:+}` | a whole number with its sign | `direction {direction:+}` → `direction +1` |
| `{key?yes\|no}` | a true/false value as one of two texts | `{braking_enabled?braking on\|braking off}` |
| `{key~}` | an identifier of the core as a word (`word.<id>`) | `({variant~})` → `(squad)` |
| `[text\|other]` | `text` when every value in it is known, else `other` | `[{distance} px\|—]` |

Elsewhere (the dialogs, the scrub bar) `{name}` holes are filled. The pages' scripts (`page.*`,
`chart.*`, `describe.*`, `code.*`) fill theirs with one formatter (`www/words.js`'s `fill`):
`{name}`, a number written in the reader's locale, and the plural form, whose branch follows the
number's plural category in the reader's language (`Intl.PluralRules`: `zero`, `one`, `two`,
`few`, `many`, `other`; `=0` for an exact number; `other` when the category has no branch), `#`
in it the number:

| form | example | 1 | 3 |
| --- | --- | --- | --- |
| `{n, plural, one {…} other {…}}` | `{n, plural, one {# group} other {# groups}}` | 1 group | 3 groups |

A translation writes the branches its language needs (Spanish and French `one`, `many`, `other`;
Polish `one`, `few`, `many`, `other`) and keeps the number's name. A hole with no value stays as it
is written. A translation keeps English's placeholders (the names inside `{…}`; `checkWords` and the tests say
when they differ) and may move them anywhere in the sentence. Symbols outside the texts (▶, ❚❚, ←,
→, ⋯, ⚙) are the widget's; `pseudo.*` lines are code with a comment: translate the comment after
`#` and the words, keep the identifiers.

## The keys
"#;
