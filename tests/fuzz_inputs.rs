//! Issue 7: fuzzing of the scenario parser (`steerlab::sim::scenario::parse` / `from_value`) and of
//! `Sim::set(path, value)` / `Sim::set_number`, with proptest (cargo-fuzz needs a nightly toolchain
//! this machine cannot fetch).
//!
//! The contract: always `Ok`, or an `Err` that is readable — non-empty, at most a few hundred
//! characters, of the form `<field path>: <what is wrong>` (or `scenario: …` for the document as a
//! whole; for `set`, the path given). Never a panic, never a hang: input is bounded before it is
//! parsed and counts and lists are capped. A refused `set` changes nothing; an accepted one leaves a
//! scenario that validates and a simulation that steps with finite values.
//!
//! Classes of bad input tried (each named where it is generated):
//!  A. arbitrary bytes (lossy UTF-8) and arbitrary Unicode text, bare and inside `{ … }`;
//!  B. truncated documents (every builtin cut at a random point);
//!  C. random text spliced into a builtin (insert / delete / replace a span / duplicate a span);
//!  D. leaf values replaced by values of other types and extreme numbers (±1e39 beyond f32, 1e300,
//!     −0, subnormals, 2⁶⁴ for integers, negative counts, floats for integers, strings, null,
//!     arrays, objects, HTML);
//!  E. keys removed, renamed (typos, random Unicode), unknown keys added, duplicated keys;
//!  F. structure changed: a value wrapped in an array or object, a container replaced by a scalar,
//!     arrays grown past their caps (behaviours > 64, obstacles / food > 10 000, controls > 64);
//!  G. size and count caps: 2 MB texts (valid, invalid, deeply nested) refused before parsing,
//!     nesting deeper than the JSON reader's limit, counts above 200 000 and beyond u64;
//!  H. `set` paths: random Unicode, over-long, malformed `behaviours[…]` indices (negative, huge,
//!     not a number, unclosed), JSON-pointer characters, group names, the scenario's real paths;
//!  I. `set` values: arbitrary JSON values (nested), extreme numbers, wrong types;
//!  J. `set_number` with any f64 (NaN, ±inf, subnormals, −0, ±f64::MAX) on every real path.

mod support;
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
#[path = "support/prop.rs"]
mod prop_setup;
use prop_setup::env_u64;
use serde_json::{json, Map, Value};
use std::cell::Cell;
use steerlab::scenarios::BUILTIN;
use steerlab::sim::scenario::{self, MAX_JSON_BYTES};
use steerlab::sim::Sim;

/// Cases per property (the soak raises it).
fn cases() -> u32 {
    env_u64("STEERLAB_FUZZ_CASES", 2000) as u32
}

fn runner(cases: u32, salt: u64) -> TestRunner {
    prop_setup::runner(cases, 0xf022_1ab5, salt, 4000)
}

fn run<S: Strategy>(
    what: &str,
    cases: u32,
    salt: u64,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let tried = Cell::new(0u32);
    let result = runner(cases, salt).run(&strategy, |v| {
        tried.set(tried.get() + 1);
        test(v)
    });
    if let Err(e) = result {
        panic!(
            "{what}: {e}\n(replay with STEERLAB_PROP_SEED={})",
            std::env::var("STEERLAB_PROP_SEED").unwrap_or_else(|_| "<default>".into())
        );
    }
    println!("{what}: {} inputs", tried.get());
}

// ---------------------------------------------------------------------------------------------
// What a readable error is

/// The longest message we accept: it is shown on the canvas and in the console.
const MAX_MESSAGE: usize = 400;

fn is_path(p: &str) -> bool {
    !p.is_empty()
        && p.split('.').all(|seg| {
            let name = seg.split('[').next().unwrap_or("");
            let idx_ok = seg[name.len()..]
                .split_terminator(']')
                .all(|i| i.strip_prefix('[').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())));
            (name.is_empty() && seg.starts_with('[')
                || name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$') && !name.is_empty())
                && idx_ok
        })
}

/// One mistake a line (at most `MAX_MISTAKES`, then `… and N more`), each readable.
fn readable_parse_error(msg: &str) -> Result<(), TestCaseError> {
    let lines: Vec<&str> = msg.lines().collect();
    prop_assert!(!lines.is_empty() && lines.len() <= scenario::MAX_MISTAKES + 1, "{} lines: `{}`", lines.len(), msg);
    for (k, e) in lines.iter().enumerate() {
        if k == scenario::MAX_MISTAKES {
            prop_assert!(e.starts_with("… and ") && e.ends_with(" more"), "the line after the last mistake: `{}`", e);
        } else {
            readable_mistake(e)?;
        }
    }
    Ok(())
}

/// `<field path>: <what is wrong>`, non-empty on both sides, and short.
fn readable_mistake(e: &str) -> Result<(), TestCaseError> {
    let (path, why) = e.split_once(": ").ok_or_else(|| TestCaseError::fail(format!("no `path: reason` in `{e}`")))?;
    // An unknown key is named in the path as it was written (any text), and again in the reason.
    let unknown_key = e.contains(": unknown field `");
    let long_path = path.ends_with('…') && is_path(path.trim_end_matches('…'));
    prop_assert!(
        path == "scenario" || is_path(path) || unknown_key || long_path,
        "`{}` does not start with a field path: `{}`",
        path,
        e
    );
    prop_assert!(!why.trim().is_empty(), "empty reason in `{}`", e);
    prop_assert!(
        e.chars().count() <= MAX_MESSAGE,
        "message of {} chars: `{}…`",
        e.chars().count(),
        e.chars().take(120).collect::<String>()
    );
    Ok(())
}

fn readable_set_error(path: &str, e: &str) -> Result<(), TestCaseError> {
    prop_assert!(!e.trim().is_empty());
    prop_assert!(e.chars().count() <= MAX_MESSAGE + 200, "message of {} chars", e.chars().count());
    // It names the path it was given (or says the path itself is malformed).
    // (A value that is itself an object can fail inside: `click.food: invalid type …`.)
    let names_path = e
        .strip_prefix(path)
        .is_some_and(|rest| rest.starts_with(": ") || rest.starts_with('.') || rest.starts_with('['));
    prop_assert!(names_path || e.starts_with("set: the parameter path"), "`{}` does not name the path `{}`", e, path);
    Ok(())
}

/// An accepted scenario: it validates, builds and steps with finite values.
fn accepted_runs(sc: scenario::Scenario) -> Result<(), TestCaseError> {
    prop_assert!(sc.validate().is_ok());
    let mut sim = Sim::new(sc).map_err(|e| TestCaseError::fail(format!("parse accepted but Sim::new refused: {e}")))?;
    if sim.agents().len() <= 5_000 {
        for _ in 0..3 {
            sim.step();
        }
    }
    prop_assert!(sim.agents().iter().all(|a| a.position.is_finite() && a.velocity.is_finite()));
    prop_assert!(serde_json::to_string(&sim.state_json()).is_ok());
    Ok(())
}

/// `parse` must return; `Ok` must run, `Err` must read well.
fn parse_contract(text: &str) -> Result<bool, TestCaseError> {
    match scenario::parse(text) {
        Ok(sc) => {
            accepted_runs(sc)?;
            Ok(true)
        }
        Err(e) => {
            readable_parse_error(&e)?;
            Ok(false)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Generators

/// Field names of the format, so random objects often hit real fields.
const KEYS: &[&str] = &[
    "name",
    "title",
    "caption",
    "world",
    "width",
    "height",
    "edges",
    "margin",
    "seed",
    "motion",
    "max_speed",
    "max_force",
    "min_speed",
    "agents",
    "count",
    "area",
    "speed",
    "position",
    "velocity",
    "behaviours",
    "type",
    "weight",
    "sep_dist",
    "perception",
    "radius",
    "distance",
    "jitter",
    "enabled",
    "look_ahead",
    "eat_radius",
    "obstacles",
    "center",
    "food",
    "neighbours",
    "overlays",
    "controls",
    "param",
    "label",
    "kind",
    "min",
    "max",
    "step",
    "options",
    "selected",
    "interaction",
    "click",
    "agent_size",
    "hud",
];

const WORDS: &[&str] = &[
    "wrap",
    "bounce",
    "steer_to_center",
    "grid",
    "naive",
    "separation",
    "alignment",
    "cohesion",
    "wander",
    "flee_pointer",
    "avoid_obstacles",
    "seek_food",
    "slider",
    "toggle",
    "select",
    "playground",
    "choose_self",
    "food",
    "obstacle",
    "perception",
    "<img src=x onerror=alert(1)>",
    "",
    "\u{0}",
    "\u{feff}",
    "NaN",
    "Infinity",
];

/// Class D: numbers at and beyond every limit.
fn extreme_number() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(json!(1e39)),
        Just(json!(-1e39)),
        Just(json!(3.4028236e38)),
        Just(json!(1e300)),
        Just(json!(-1e300)),
        Just(json!(-0.0)),
        Just(json!(1e-46)),
        Just(json!(5e-324)),
        Just(json!(18446744073709551615u64)),
        Just(json!(18446744073709551616.0)),
        Just(json!(-1)),
        Just(json!(i64::MIN)),
        Just(json!(200_001)),
        Just(json!(1e9)),
        Just(json!(0.5)),
        any::<i64>().prop_map(|i| json!(i)),
        any::<f64>().prop_filter_map("JSON has no NaN/inf", |f| serde_json::Number::from_f64(f).map(Value::Number)),
        (-1000.0f64..1000.0).prop_map(|f| json!(f)),
    ]
    .boxed()
}

fn key() -> BoxedStrategy<String> {
    prop_oneof![4 => prop::sample::select(KEYS).prop_map(str::to_string), 1 => ".{0,12}", 1 => "[a-z_]{1,12}"].boxed()
}

fn leaf() -> BoxedStrategy<Value> {
    prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::Bool),
        4 => extreme_number(),
        2 => prop::sample::select(WORDS).prop_map(|s| json!(s)),
        1 => ".{0,40}".prop_map(Value::String),
    ]
    .boxed()
}

/// Class I: arbitrary JSON values, nested a few levels.
fn any_json() -> BoxedStrategy<Value> {
    leaf()
        .prop_recursive(4, 40, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::vec((key(), inner), 0..5)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
            ]
        })
        .boxed()
}

/// Every JSON pointer inside `v` (containers and leaves), root excluded.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                out.push(p.clone());
                pointers(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let p = format!("{at}/{i}");
                out.push(p.clone());
                pointers(x, p, out);
            }
        }
        _ => {}
    }
}

fn parent_and_last(ptr: &str) -> (&str, String) {
    let (parent, last) = ptr.rsplit_once('/').unwrap();
    (parent, last.replace("~1", "/").replace("~0", "~"))
}

#[derive(Clone, Debug)]
enum Mutation {
    /// D: a value replaced.
    Replace(Value),
    /// E: a key removed (or an array element).
    Remove,
    /// E: a key renamed.
    Rename(String),
    /// E: an unknown key added next to this one.
    AddKey(String, Value),
    /// F: wrapped in an array / an object.
    WrapArray,
    WrapObject(String),
    /// F: an array element repeated until the array is this long.
    Grow(usize),
}

fn mutation() -> BoxedStrategy<Mutation> {
    prop_oneof![
        6 => any_json().prop_map(Mutation::Replace),
        4 => extreme_number().prop_map(Mutation::Replace),
        2 => Just(Mutation::Remove),
        2 => prop_oneof![key(), key().prop_map(|k| format!("{k}s")), key().prop_map(|k| k.to_uppercase())].prop_map(Mutation::Rename),
        1 => (key(), any_json()).prop_map(|(k, v)| Mutation::AddKey(k, v)),
        1 => Just(Mutation::WrapArray),
        1 => key().prop_map(Mutation::WrapObject),
        1 => prop_oneof![Just(65usize), Just(10_001), 2usize..70].prop_map(Mutation::Grow),
    ]
    .boxed()
}

/// Apply `m` at the `idx`-th pointer of `doc`. Returns a description.
fn mutate(doc: &mut Value, idx: prop::sample::Index, m: &Mutation) -> String {
    let mut ptrs = Vec::new();
    pointers(doc, String::new(), &mut ptrs);
    let ptr = ptrs[idx.index(ptrs.len())].clone();
    let (parent, last) = parent_and_last(&ptr);
    let parent = parent.to_string();
    match m {
        Mutation::Replace(v) => *doc.pointer_mut(&ptr).unwrap() = v.clone(),
        Mutation::Remove => match doc.pointer_mut(&parent).unwrap() {
            Value::Object(o) => drop(o.remove(&last)),
            Value::Array(a) => drop(a.remove(last.parse::<usize>().unwrap())),
            _ => unreachable!(),
        },
        Mutation::Rename(k) => {
            if let Value::Object(o) = doc.pointer_mut(&parent).unwrap() {
                let v = o.remove(&last).unwrap();
                o.insert(k.clone(), v);
            }
        }
        Mutation::AddKey(k, v) => {
            if let Value::Object(o) = doc.pointer_mut(&parent).unwrap() {
                o.insert(k.clone(), v.clone());
            }
        }
        Mutation::WrapArray => {
            let slot = doc.pointer_mut(&ptr).unwrap();
            *slot = json!([slot.take()]);
        }
        Mutation::WrapObject(k) => {
            let slot = doc.pointer_mut(&ptr).unwrap();
            let v = slot.take();
            *slot = json!({ k.as_str(): v });
        }
        Mutation::Grow(n) => {
            // Grow the nearest enclosing array (or this one).
            let target = if doc.pointer(&ptr).is_some_and(Value::is_array) { ptr.clone() } else { parent.clone() };
            if let Some(Value::Array(a)) = doc.pointer_mut(&target) {
                if let Some(first) = a.first().cloned() {
                    while a.len() < *n {
                        a.push(first.clone());
                    }
                }
            }
        }
    }
    format!("{m:?} at {ptr}")
}

/// The built-in scenarios, with the 100 000-boid stress test cut to 2 000 boids: the fuzzing is
/// about the inputs, and building a 100k flock for every case would take minutes in a debug build.
static SMALL_BUILTIN: std::sync::LazyLock<Vec<(&'static str, &'static str)>> = std::sync::LazyLock::new(|| {
    BUILTIN
        .iter()
        .map(|&(n, t)| (n, &*Box::leak(t.replace("\"count\": 20000", "\"count\": 2000").into_boxed_str())))
        .collect()
});

/// A built-in scenario's text, the stress test cut down as in [`SMALL_BUILTIN`].
fn small(name: &str) -> &'static str {
    SMALL_BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).unwrap_or_else(|| panic!("no built-in {name}"))
}

fn builtin() -> impl Strategy<Value = (&'static str, &'static str)> {
    prop::sample::select(SMALL_BUILTIN.clone())
}

/// The char boundary at or before `i`.
fn boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

// ---------------------------------------------------------------------------------------------
// Properties: the parser

#[test]
fn class_a_arbitrary_bytes_and_text() {
    let input = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..600).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        ".{0,300}",
        ".{0,300}".prop_map(|s| format!("{{{s}}}")),
        prop::collection::vec(
            prop::sample::select(vec![
                "{",
                "}",
                "[",
                "]",
                ":",
                ",",
                "\"name\"",
                "\"world\"",
                "1e999",
                "-",
                "\"",
                "\\u",
                "null",
                "\"agents\"",
                " "
            ]),
            0..80
        )
        .prop_map(|v| format!("{{{}", v.concat())),
    ];
    run("A: arbitrary bytes and text", cases(), 1, input, |text| parse_contract(&text).map(|_| ()));
}

#[test]
fn class_b_c_truncated_and_spliced_builtins() {
    #[derive(Clone, Debug)]
    enum Splice {
        Truncate,
        Insert(String),
        Delete(usize),
        Replace(usize, String),
        Duplicate(usize),
    }
    let splice = prop_oneof![
        Just(Splice::Truncate),
        prop_oneof![
            ".{1,8}",
            prop::sample::select(WORDS).prop_map(str::to_string),
            Just("\"".to_string()),
            Just("}".into()),
            Just(",".into()),
            Just("\\".into())
        ]
        .prop_map(Splice::Insert),
        (1usize..40).prop_map(Splice::Delete),
        ((1usize..12), ".{0,6}").prop_map(|(n, s)| Splice::Replace(n, s)),
        (1usize..200).prop_map(Splice::Duplicate),
    ];
    let accepted = Cell::new(0u32);
    run(
        "B/C: truncated and spliced builtins",
        cases(),
        2,
        (builtin(), any::<prop::sample::Index>(), splice),
        |((_, text), at, sp)| {
            let i = boundary(text, at.index(text.len() + 1));
            let end = |n: usize| boundary(text, i + n);
            let t = match &sp {
                Splice::Truncate => text[..i].to_string(),
                Splice::Insert(s) => format!("{}{s}{}", &text[..i], &text[i..]),
                Splice::Delete(n) => format!("{}{}", &text[..i], &text[end(*n)..]),
                Splice::Replace(n, s) => format!("{}{s}{}", &text[..i], &text[end(*n)..]),
                Splice::Duplicate(n) => format!("{}{}", &text[..end(*n)], &text[i..]),
            };
            if parse_contract(&t)? {
                accepted.set(accepted.get() + 1);
            }
            Ok(())
        },
    );
    println!("  ({} still parsed: whitespace and string-content edits)", accepted.get());
}

#[test]
fn class_d_e_f_mutated_builtins() {
    let outcome = Cell::new((0u32, 0u32));
    run(
        "D/E/F: mutated builtins (values, keys, structure)",
        cases() * 2,
        3,
        (builtin(), prop::collection::vec((any::<prop::sample::Index>(), mutation()), 1..4)),
        |((name, text), muts)| {
            let mut doc: Value = serde_json::from_str(text).unwrap();
            let mut what = Vec::new();
            for (idx, m) in &muts {
                what.push(mutate(&mut doc, *idx, m));
            }
            let t = doc.to_string();
            // Through the text (scenario files, JSON text given to mount) …
            let by_text = scenario::parse(&t);
            // … and the value (the JS-object route) agree, unless the text is over the size cap.
            if t.len() <= MAX_JSON_BYTES {
                let by_value = scenario::from_value(doc.clone());
                prop_assert_eq!(
                    by_text.is_ok(),
                    by_value.is_ok(),
                    "{}: {:?}: text {:?} value {:?}",
                    name,
                    what,
                    by_text,
                    by_value
                );
            }
            let ok = parse_contract(&t).map_err(|e| TestCaseError::fail(format!("{name}: {what:?}: {e}")))?;
            let (a, b) = outcome.get();
            outcome.set(if ok { (a + 1, b) } else { (a, b + 1) });
            Ok(())
        },
    );
    let (ok, err) = outcome.get();
    println!("  accepted {ok}, refused {err}");
    assert!(err > ok / 4, "the mutations should mostly produce bad scenarios ({ok} accepted, {err} refused)");
}

#[test]
fn class_e_duplicate_keys_are_refused() {
    for (name, text) in BUILTIN {
        // `"name": …` twice.
        let t = text.replacen('{', &format!("{{\"name\": \"{name}\", "), 1);
        let e = scenario::parse(&t).unwrap_err();
        assert!(e.contains("duplicate field `name`"), "{name}: {e}");
        readable_parse_error(&e).unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// Class G: size and count caps

#[test]
fn class_g_a_2_mb_text_is_refused_before_it_is_parsed() {
    let two_mb = 2 << 20;
    let valid_but_big = {
        let mut v: Value = serde_json::from_str(steerlab::scenarios::builtin("flock").unwrap()).unwrap();
        v["caption"] = json!("x".repeat(two_mb));
        v.to_string()
    };
    let texts = [
        ("valid scenario with a 2 MB caption", valid_but_big),
        // Broken at the second byte: if it were parsed, the message would be a syntax error.
        ("2 MB of garbage after `{`", format!("{{{}", "\u{1}".repeat(two_mb))),
        // 2 MB of nesting: if it were parsed, the reader's recursion limit would speak.
        ("2 MB of `[`", format!("{{\"name\": {}", "[".repeat(two_mb))),
    ];
    for (what, t) in texts {
        assert!(t.len() > two_mb);
        let e = scenario::parse(&t).unwrap_err();
        assert_eq!(
            e,
            format!("scenario: {} bytes is too large (at most {MAX_JSON_BYTES} bytes)", t.len()),
            "{what}: the size check must come first"
        );
    }
    // The boundary: exactly MAX_JSON_BYTES is parsed, one byte more is not.
    let base = steerlab::scenarios::builtin("flock").unwrap();
    let pad = MAX_JSON_BYTES - base.len();
    let exact = format!("{base}{}", " ".repeat(pad));
    assert_eq!(exact.len(), MAX_JSON_BYTES);
    assert!(scenario::parse(&exact).is_ok());
    let over = format!("{exact} ");
    assert!(scenario::parse(&over).unwrap_err().contains("is too large"));
}

#[test]
fn class_g_deep_nesting_and_huge_counts_and_lists_are_capped() {
    let flock = |patch: &dyn Fn(&mut Value)| {
        let mut v: Value = serde_json::from_str(steerlab::scenarios::builtin("flock").unwrap()).unwrap();
        patch(&mut v);
        v.to_string()
    };
    // Nesting deeper than the JSON reader's limit (128): an error with the field, no stack overflow.
    // (A behaviour is buffered whole before its `type` is read, so nesting inside one goes deep.)
    let deep = format!(
        "{{\"name\": \"d\", \"world\": {{\"width\": 9, \"height\": 9}}, \"agents\": {{\"count\": 1}}, \"behaviours\": [{{\"type\": \"wander\", \"x\": {}1{}}}]}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let e = scenario::parse(&deep).unwrap_err();
    assert!(e.starts_with("behaviours[0].x[0][0]") && e.contains("…: recursion limit exceeded"), "{e}");
    readable_parse_error(&e).unwrap();
    let obstacle = json!({"center": [1, 1], "radius": 1});
    let cases: Vec<(String, &str)> = vec![
        (flock(&|v| v["agents"] = json!({"count": 200_001})), "agents.count: must be at most 200000, got 200001"),
        (flock(&|v| v["agents"] = json!({"count": 18446744073709551615u64})), "agents.count: must be at most 200000"),
        (flock(&|v| v["agents"] = json!({"count": 1e20})), "agents.count: invalid type: number"),
        (flock(&|v| v["agents"] = json!({"count": -1})), "agents.count: invalid value: integer `-1`"),
        (flock(&|v| v["seed"] = json!(-1)), "seed: invalid value: integer `-1`"),
        (flock(&|v| v["behaviours"] = json!(vec![json!({"type": "wander"}); 65])), "behaviours: at most 64, got 65"),
        (flock(&|v| v["obstacles"] = json!(vec![obstacle.clone(); 10_001])), "obstacles: at most 10000, got 10001"),
        (flock(&|v| v["food"] = json!(vec![json!([1, 2]); 10_001])), "food: at most 10000, got 10001"),
        (
            flock(&|v| {
                v["controls"] = json!(vec![json!({"param": "perception", "label": "p", "min": 1, "max": 2}); 65])
            }),
            "controls: at most 64, got 65",
        ),
        (
            flock(&|v| {
                v["controls"] =
                    json!([{"param": "world.edges", "label": "e", "kind": "select", "options": vec!["wrap"; 65]}])
            }),
            "controls[0].options: at most 64, got 65",
        ),
        (flock(&|v| v["world"]["width"] = json!(1e39)), "world.width: must be a finite number, got inf"),
        (flock(&|v| v["world"]["width"] = json!(f64::MAX)), "world.width: must be a finite number, got inf"),
    ];
    for (text, expected) in cases {
        let e = scenario::parse(&text).unwrap_err();
        assert!(e.starts_with(expected), "expected `{expected}`, got `{e}`");
        readable_parse_error(&e).unwrap();
    }
    // A number token beyond f64: the reader's own message, with the field.
    let t = steerlab::scenarios::builtin("flock").unwrap().replacen("\"width\": 640", "\"width\": 1e999", 1);
    let e = scenario::parse(&t).unwrap_err();
    assert!(e.starts_with("world.width: number out of range"), "{e}");
    // At the caps it still works: 200 000 agents are built (in a large world: a dense flock of
    // 200 000 in 640 × 400 costs ~17 000 distance checks per agent and step, by nature).
    let sim = Sim::from_json(&flock(&|v| {
        v["agents"] = json!({"count": 200_000});
        v["world"] = json!({"width": 100_000, "height": 100_000});
    }))
    .unwrap();
    assert_eq!(sim.agents().len(), 200_000);
}

#[test]
fn class_g_messages_are_short_even_when_the_input_is_long() {
    // serde's "invalid type" error quotes the offending string: a 500 kB string must not become a
    // 500 kB message on the canvas.
    let mut v: Value = serde_json::from_str(steerlab::scenarios::builtin("flock").unwrap()).unwrap();
    v["world"]["width"] = json!("w".repeat(500_000));
    let e = scenario::parse(&v.to_string()).unwrap_err();
    assert!(e.starts_with("world.width: invalid type: string \"www"), "{e:.80}");
    assert!(e.chars().count() <= MAX_MESSAGE, "{} chars", e.chars().count());
    let e = scenario::from_value(v).unwrap_err();
    assert!(e.chars().count() <= MAX_MESSAGE, "{} chars", e.chars().count());
    let mut sim = support::builtin_sim("flock");
    let e = sim.set("separation.weight", json!("w".repeat(500_000))).unwrap_err();
    assert!(e.starts_with("separation.weight: ") && e.chars().count() <= MAX_MESSAGE, "{e:.80}");
}

// ---------------------------------------------------------------------------------------------
// Properties: `set` and `set_number`

/// The paths a scenario really has: its controls', `kind.field`, `behaviours[i].field`, bare
/// shared fields and top-level groups' leaves.
fn real_paths(sim: &Sim) -> Vec<String> {
    let doc = serde_json::to_value(sim.scenario()).unwrap();
    let mut out: Vec<String> = sim.scenario().controls.iter().map(|c| c.param.clone()).collect();
    if let Some(bs) = doc["behaviours"].as_array() {
        for (i, b) in bs.iter().enumerate() {
            for k in b.as_object().unwrap().keys() {
                out.push(format!("behaviours[{i}].{k}"));
                out.push(format!("{}.{k}", b["type"].as_str().unwrap()));
                out.push(k.clone());
            }
        }
    }
    for g in ["motion", "world", "agents"] {
        if let Some(o) = doc[g].as_object() {
            out.extend(o.keys().map(|k| format!("{g}.{k}")));
        }
    }
    out.extend(
        [
            "seed",
            "neighbours",
            "agent_size",
            "hud",
            "selected",
            "click",
            "world",
            "motion",
            "agents",
            "name",
            "caption",
            "engine",
        ]
        .map(String::from),
    );
    out
}

/// Class H: paths — real ones, near misses and junk.
fn path_for(real: Vec<String>) -> BoxedStrategy<String> {
    let real2 = real.clone();
    prop_oneof![
        4 => prop::sample::select(real.clone()),
        2 => (prop::sample::select(real2), prop_oneof![Just(".x"), Just("."), Just("[0]"), Just(" "), Just("s"), Just("/weight"), Just("~1")])
            .prop_map(|(p, s)| format!("{p}{s}")),
        2 => prop_oneof![
                Just("behaviours[".to_string()),
                Just("behaviours[]".to_string()),
                Just("behaviours[0]".to_string()),
                Just("behaviours[0].".to_string()),
                Just("behaviours[0].type".to_string()),
                Just("behaviours[-1].weight".to_string()),
                Just("behaviours[99999999999999999999999].weight".to_string()),
                Just("behaviours[1e3].weight".to_string()),
                Just("behaviours[0]].weight".to_string()),
                Just("behaviours[0].weight.x".to_string()),
                Just(".".to_string()),
                Just("..".to_string()),
                Just("".to_string()),
                Just("/world/width".to_string()),
                Just("world..width".to_string()),
                Just("agents.0".to_string()),
                Just("x".repeat(201)),
                Just(format!("{}.weight", "separation".repeat(30))),
            ],
        2 => ".{0,30}",
        1 => "[a-z_]{1,10}(\\.[a-z_]{1,10}){0,3}",
    ]
    .boxed()
}

fn set_strategy() -> impl Strategy<Value = (&'static str, String, Value)> {
    builtin().prop_flat_map(|(name, text)| {
        let sim = Sim::from_json(text).unwrap();
        (Just(name), path_for(real_paths(&sim)), prop_oneof![3 => any_json(), 3 => extreme_number(), 1 => leaf()])
    })
}

/// `set` or `set_number` on a fresh builtin sim: Ok leaves a valid scenario that steps; Err names
/// the path and changes nothing.
fn set_contract(
    name: &str,
    path: &str,
    r: Result<(), String>,
    sim: &mut Sim,
    before: &scenario::Scenario,
) -> Result<bool, TestCaseError> {
    match r {
        Ok(()) => {
            prop_assert!(sim.scenario().validate().is_ok(), "{}: set({}) left an invalid scenario", name, path);
            prop_assert_eq!(sim.agents().len(), sim.scenario().agents.count());
            if sim.agents().len() <= 5_000 {
                for _ in 0..2 {
                    sim.step();
                }
            }
            prop_assert!(sim.agents().iter().all(|a| a.position.is_finite() && a.velocity.is_finite()));
            Ok(true)
        }
        Err(e) => {
            readable_set_error(path, &e).map_err(|f| TestCaseError::fail(format!("{name}: {f}")))?;
            prop_assert!(sim.scenario() == before, "{}: refused `{}` but changed the scenario", name, e);
            Ok(false)
        }
    }
}

#[test]
fn class_h_i_set_with_arbitrary_paths_and_values() {
    let oks = Cell::new(0u32);
    run("H/I: set(path, value)", cases() * 2, 4, set_strategy(), |(name, path, value)| {
        let mut sim = Sim::from_json(small(name)).unwrap();
        let before = sim.scenario().clone();
        let r = sim.set(&path, value.clone());
        if set_contract(name, &path, r, &mut sim, &before)
            .map_err(|e| TestCaseError::fail(format!("set({path:?}, {value}): {e}")))?
        {
            oks.set(oks.get() + 1);
        }
        Ok(())
    });
    println!("  {} accepted", oks.get());
    assert!(oks.get() > 0, "some generated set calls must be valid");
}

#[test]
fn class_j_set_number_with_any_f64() {
    let number = prop_oneof![
        3 => any::<f64>(),
        2 => prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY), Just(-0.0), Just(5e-324), Just(f64::MAX), Just(f64::MIN), Just(9.0e15), Just(1.0e16), Just(3.5e38), Just(1e39)],
        3 => -10.0f64..2000.0,
        2 => (0i32..300).prop_map(f64::from),
    ];
    let strategy = builtin().prop_flat_map(move |(name, text)| {
        let sim = Sim::from_json(text).unwrap();
        (Just(name), prop::sample::select(real_paths(&sim)), number.clone())
    });
    let oks = Cell::new(0u32);
    run("J: set_number(path, f64)", cases() * 2, 5, strategy, |(name, path, x)| {
        let mut sim = Sim::from_json(small(name)).unwrap();
        let before = sim.scenario().clone();
        let r = sim.set_number(&path, x);
        if !x.is_finite() {
            prop_assert!(r.is_err(), "{} accepted {}", path, x);
        }
        if set_contract(name, &path, r, &mut sim, &before)
            .map_err(|e| TestCaseError::fail(format!("set_number({path:?}, {x}): {e}")))?
        {
            oks.set(oks.get() + 1);
        }
        Ok(())
    });
    println!("  {} accepted", oks.get());
    assert!(oks.get() > 0);
}

/// Found: a syntax error before any key was read came out as `?: key must be a string at line 1
/// column 2`; `?` names nothing, so the document is named instead.
#[test]
fn syntax_errors_name_the_scenario_or_the_field() {
    assert_eq!(scenario::parse("{¡}").unwrap_err(), "scenario: key must be a string at line 1 column 2");
    assert_eq!(scenario::parse("{\"name\"{").unwrap_err(), "scenario: expected `:` at line 1 column 8");
    let e = scenario::parse("{\"name\": \"x\", \"world\": {\"width\": 1,}}").unwrap_err();
    assert!(e.starts_with("world: trailing comma"), "{e}");
}

/// Found: a slider step of -7.4e-309 (a subnormal) was written out in full: a 402-character message.
#[test]
fn validation_messages_write_extreme_numbers_short() {
    let mut v: Value = serde_json::from_str(steerlab::scenarios::builtin("alignment").unwrap()).unwrap();
    v["controls"][0]["step"] = json!(-7.43326836177333e-309);
    let e = scenario::parse(&v.to_string()).unwrap_err();
    assert_eq!(e, "controls[0]: a slider needs min < max and step > 0, got min 10 max 150 step -7.43326836177333e-309");
    v["controls"][0]["step"] = json!(-1e300);
    let e = scenario::parse(&v.to_string()).unwrap_err();
    assert!(e.ends_with("step -1e300"), "{e}");
}

/// Found: `set("selected", i)` changed the scenario but not the highlighted agent (until a reset).
#[test]
fn set_selected_selects_now() {
    let mut sim = support::builtin_sim("alignment");
    assert_eq!(sim.selected, Some(0));
    sim.set("selected", json!(5)).unwrap();
    assert_eq!(sim.selected, Some(5));
    sim.set("selected", Value::Null).unwrap();
    assert_eq!(sim.selected, None);
}

/// Found: `set` with an integral float (what JS numbers and the shell's sliders send:
/// `Number::from_f64(150.0)`) was refused for integer fields — "agents.count: invalid type:
/// floating point `150.0`, expected usize" — so the playground's Agents slider did nothing.
#[test]
fn set_accepts_integral_floats_for_integer_fields() {
    let mut sim = support::builtin_sim("bandada");
    let float = |x: f64| Value::Number(serde_json::Number::from_f64(x).unwrap());
    sim.set("agents.count", float(150.0)).unwrap();
    assert_eq!(sim.agents().len(), 150);
    sim.set("seed", float(3.0)).unwrap();
    assert_eq!(sim.scenario().seed, 3);
    let mut alignment = support::builtin_sim("alignment");
    alignment.set("selected", float(2.0)).unwrap();
    assert_eq!(alignment.selected, Some(2));
    // A fractional count is still refused, naming the field.
    let e = sim.set("agents.count", float(150.5)).unwrap_err();
    assert!(e.starts_with("agents.count: invalid type: number `150.5`, expected a whole number"), "{e}");
}
