//! Scenario text into a [`Scenario`], naming every mistake by its field path.

use super::{Scenario, MAX_JSON_BYTES};
use crate::json_path::{path_string, take_duplicate, Strict, StrictVisitor};
use serde::de::DeserializeSeed;
use std::cell::RefCell;

/// Parse scenario JSON text; errors name the field path (`behaviours[1]: unknown field ...`).
pub fn parse(text: &str) -> Result<Scenario, String> {
    if text.len() > MAX_JSON_BYTES {
        return Err(format!("scenario: {} bytes is too large (at most {} bytes)", text.len(), MAX_JSON_BYTES));
    }
    match text.trim_start().chars().next() {
        Some('{') => {}
        None => return Err("scenario: empty text (EOF while parsing): expected a JSON object".into()),
        Some(_) => return Err("scenario: must be a JSON object `{ \"name\": …, \"world\": … }`".into()),
    }
    // Two steps, both tracking the field path: the text into a JSON value (syntax errors: the
    // field and the line and column, `world: trailing comma at line 1 column 37`), then the value
    // into the typed scenario (`world.width: invalid type: string "wide", expected f32`, through
    // `json_path`, which notes the path itself). Reading the types straight from the text compiled
    // every struct's reader against the text parser (3.4 KB gzipped more wasm); this way the text
    // parser is compiled for `Value` only.
    let value = read_text(text)?;
    // Every mistake at once: the reader goes past the ones it can (a wrong type is read as an
    // empty value, an unknown field or behaviour is skipped), then the rules are checked on what it
    // read, unless it had to leave out a list entry (the rules would then name the entries after
    // it by the wrong index). A rule that names a field already named (read as 0) is left out.
    let (sc, found, entry_skipped) = crate::json_path::read_all::<Scenario>(&value, MAX_READINGS);
    let mut lines: Vec<String> = Vec::new();
    for (path, e) in &found {
        lines.push(clip(format!("{}: {}", tidy_path(path), for_people(e))));
    }
    if let (Some(sc), false) = (&sc, entry_skipped) {
        for m in sc.mistakes() {
            // (A byte search: `str::contains` with a `&str` links core's two-way searcher.)
            if !found.iter().any(|(p, _)| m.as_bytes().windows(p.len().max(1)).any(|w| w == p.as_bytes())) {
                lines.push(clip(m));
            }
        }
    }
    match sc {
        Some(sc) if lines.is_empty() => Ok(sc),
        _ => {
            // One a line, at most MAX_MISTAKES, then how many more.
            let mut msg = String::new();
            for (k, l) in lines.iter().enumerate() {
                if k == MAX_MISTAKES {
                    msg += &format!("\n… and {} more", lines.len() - k);
                    break;
                }
                if k > 0 {
                    msg.push('\n');
                }
                msg += l;
            }
            Err(msg)
        }
    }
}

/// The most mistakes a message lists; past it, how many more.
pub const MAX_MISTAKES: usize = 20;
/// The most readings of one text (each skips the place of a mistake that stopped the one
/// before; wrong types do not stop a reading): past it, the mistakes counted so far.
const MAX_READINGS: usize = 64;

/// Scenario text into a JSON value (keys once per object); errors start with the field path.
pub(crate) fn read_text(text: &str) -> Result<serde_json::Value, String> {
    let path = RefCell::new(Vec::new());
    let de = &mut serde_json::Deserializer::from_str(text);
    take_duplicate();
    let read = StrictVisitor { path: Some(&path), step: None }.deserialize(de);
    // A key written twice comes first: the reading went on past it.
    if let Some((at, reason)) = take_duplicate() {
        return Err(clip(format!("{}: {reason}", tidy_path(&at))));
    }
    read.map(|Strict(v)| v)
        .map_err(|e| clip(format!("{}: {}", tidy_path(&path_string(&path.borrow())), for_people(&e.to_string()))))
}

/// Build from an already-parsed JSON value (the `set` route), with the same messages and the same
/// checks as text (the size cap included), through `parse`; the text is short.
pub fn from_value(value: serde_json::Value) -> Result<Scenario, String> {
    if !value.is_object() {
        return Err("scenario: must be a JSON object `{ \"name\": …, \"world\": … }`".into());
    }
    parse(&serde_json::to_string(&value).map_err(|e| e.to_string())?)
}

/// Messages are shown on the canvas and in the console: serde quotes the offending input
/// ("invalid type: string \"…\"") and a 500 kB string made a 500 kB message. Cut long ones.
pub const MAX_MESSAGE_CHARS: usize = 300;

/// serde's reasons in the words of the JSON an author writes: no Rust type names (`f32`, `usize`,
/// `struct WorldSpec`, `variant`), JSON's names for the kinds of value (`object`, `list`).
pub(crate) fn for_people(reason: &str) -> String {
    // (pattern, words, whether a Rust name follows to drop: `struct WorldSpec`). Bytes and ASCII
    // only: `char` classes and `&str` searches would link Unicode tables and core's two-way
    // searcher into the module (2.6 KB gzipped when this was written with them).
    const WORDS: &[(&str, &str, bool)] = &[
        ("unknown variant", "unknown value", false),
        ("variant identifier", "a name", false),
        ("floating point", "number", false),
        ("unit value", "null", false),
        ("type: map", "type: object", false),
        ("type: sequence", "type: list", false),
        ("expected a sequence", "expected a list", false),
        ("expected f32", "expected a number", false),
        ("expected f64", "expected a number", false),
        // usize, u64 …; i32, i64 (no other serde reason says `expected u…` or `expected i…`).
        ("expected u", "expected a whole number, 0 or more", true),
        ("expected i", "expected a whole number", true),
        ("expected struct ", "expected an object", true),
        ("expected enum ", "expected a name", true),
    ];
    let word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    let b = reason.as_bytes();
    let mut out = String::with_capacity(reason.len() + 16);
    let (mut i, mut from) = (0, 0);
    while i < b.len() {
        let rest = &b[i..];
        let hit = WORDS
            .iter()
            .find(|(p, _, name)| rest.starts_with(p.as_bytes()) && (*name || !rest.get(p.len()).is_some_and(word)));
        match hit {
            // Patterns are ASCII, so `i` is on a character boundary.
            Some((p, words, name)) => {
                out.push_str(&reason[from..i]);
                out.push_str(words);
                i += p.len();
                if *name {
                    while b.get(i).is_some_and(word) {
                        i += 1;
                    }
                }
                from = i;
            }
            None => i += 1,
        }
    }
    out.push_str(&reason[from..]);
    out
}

/// The path as messages write it: the document itself is called `scenario`, and 128 levels of
/// nesting (`x[0][0]…`) are cut after 80 characters so that the reason still fits.
fn tidy_path(path: &str) -> String {
    if path.is_empty() {
        return "scenario".into();
    }
    match path.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &path[..i]),
        None => path.to_owned(),
    }
}

pub fn clip(msg: String) -> String {
    // One mistake a line: a control character the input put in a key (`"a\nb"`) is written as
    // its escape.
    let msg = if msg.bytes().any(|b| b < 0x20) {
        msg.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
    } else {
        msg
    };
    // A list of allowed values (the format's own words, a few hundred characters at most) is kept
    // whole; what comes before it, which quotes the input, is cut.
    // (Bytes, not `str::find`: a `&str` pattern links core's two-way searcher into the module.)
    const LIST: &[u8] = b", expected one of ";
    if let Some(at) = msg.as_bytes().windows(LIST.len()).position(|w| w == LIST) {
        let (head, tail) = msg.split_at(at);
        return format!("{}{tail}", clip(head.to_owned()));
    }
    match msg.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((i, _)) => format!("{} …", &msg[..i]),
        None => msg,
    }
}
