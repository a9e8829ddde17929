//! The scenario format's JSON Schema (`scenarios/scenario.schema.json`) and reference
//! (`docs/reference/scenario-format.md`), generated from the code: the structure, defaults and descriptions
//! from the Rust types (schemars), the ranges by probing the validator itself (so they are never
//! written twice). Test code only — the wasm module carries none of it:
//!
//! ```sh
//! cargo test -p steerlab-core --lib schema                          # fails if either file is stale
//! STEERLAB_WRITE_SCHEMA=1 cargo test -p steerlab-core --lib schema  # rewrites them
//! ```
//!
//! `-p steerlab-core` matters: from the repository's root, `cargo test --lib schema` alone runs
//! the root crate's library, where a guard (`schema_and_code_are_written_by_the_core_crate` in
//! `src/lib.rs`) fails when `STEERLAB_WRITE_SCHEMA` is set, rather than write nothing and pass.
#![cfg(test)]

use super::behaviours::KINDS;
use super::scenario::{self, MAX_AGENTS};
use serde_json::{json, Map, Value};
use std::fmt::Write;

const SCHEMA_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/scenario.schema.json");
const DOC_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/reference/scenario-format.md");

/// A scenario that parses, with one behaviour of `kind` and what it needs (a path, the fields it
/// requires, a leader among several agents).
fn base_with(kind: &str) -> Value {
    let b = super::behaviours::example(kind);
    json!({
        "name": "probe",
        "world": {"width": 400, "height": 300},
        "agents": {"count": 4},
        "behaviours": [b],
        "path": {"waypoints": [[10, 10], [200, 200], [300, 50]]}
    })
}

fn accepts(doc: &Value) -> bool {
    scenario::parse(&doc.to_string()).is_ok()
}

/// The range of the number at `pointer` in `doc`, found by asking the validator: `minimum` or
/// `exclusiveMinimum`, and `maximum` (the caps the core uses).
fn probe(doc: &Value, pointer: &str, integer: bool) -> Map<String, Value> {
    let ok = |v: Value| {
        let mut d = doc.clone();
        *d.pointer_mut(pointer).unwrap_or_else(|| panic!("{pointer}")) = v;
        accepts(&d)
    };
    let mut r = Map::new();
    if integer {
        if !ok(json!(0)) && ok(json!(1)) {
            r.insert("minimum".into(), json!(1));
        }
    } else if !ok(json!(-1.0)) {
        if ok(json!(0.0)) {
            r.insert("minimum".into(), json!(0));
        } else if ok(json!(1e-6)) {
            r.insert("exclusiveMinimum".into(), json!(0));
        }
    } else if !ok(json!(-2e12)) {
        r.insert("minimum".into(), json!(-1e12));
    }
    let caps: &[f64] = if integer { &[MAX_AGENTS as f64] } else { &[1e3, 1e5, 1e6, 1e9, 1e12] };
    for &c in caps {
        let (at, above) = if integer { (json!(c as u64), json!(c as u64 + 1)) } else { (json!(c), json!(c * 1.5)) };
        if ok(at) && !ok(above) {
            r.insert("maximum".into(), if integer { json!(c as u64) } else { json!(c) });
            break;
        }
    }
    r
}

/// Numbers whose range depends on another field (not a fixed range): described in words.
const CROSS_FIELD: &[&str] = &["/motion/min_speed", "/behaviours/0/leader"];

/// Add the probed ranges to the numeric properties of `props` (a struct's properties in the
/// schema, found at `pointer` in `doc`).
fn add_ranges(props: &mut Map<String, Value>, doc: &Value, pointer: &str) {
    for (name, p) in props.iter_mut() {
        let t = p.get("type").cloned().unwrap_or(Value::Null);
        let integer = t == "integer";
        if !(integer || t == "number") {
            continue;
        }
        let at = format!("{pointer}/{name}");
        if CROSS_FIELD.contains(&at.as_str()) || at == "/seed" {
            continue;
        }
        let mut d = doc.clone();
        if d.pointer(&at).is_none() {
            // Absent (a default): put the default in so the pointer exists.
            let parent = d.pointer_mut(pointer).unwrap();
            parent[name] = p.get("default").cloned().unwrap_or(json!(1));
        }
        for (k, v) in probe(&d, &at, integer) {
            p[k] = v;
        }
    }
}

/// The schema: schemars' output, then ranges, `$id`, title, and the behaviours' common fields
/// described.
pub fn schema() -> Value {
    let mut s = serde_json::to_value(schemars::schema_for!(scenario::Scenario)).unwrap();
    tidy_floats(&mut s);
    s["$id"] = json!("https://steerlab.invalid/scenario.schema.json");
    s["title"] = json!("steerlab scenario");
    s["description"] = json!(
        "One visualisation: the world, the agents, the behaviours they run, what the canvas shows and which controls it offers. Generated from the Rust types by `cargo test -p steerlab-core --lib schema`. Reference: reference/scenario-format.md in the package (docs/reference/ in the repository; reference/scenario-format.html on the site); what a message means: reference/errors.md."
    );
    // Top-level numbers, on a base with the first registered behaviour.
    let base = base_with(KINDS[0]);
    for (def, pointer) in [("WorldSpec", "/world"), ("Motion", "/motion"), ("SpawnSpec", "/agents")] {
        let props = s["$defs"][def]["properties"].as_object_mut().unwrap();
        let mut d = base.clone();
        if d.pointer(pointer).is_none() {
            d[&pointer[1..]] = json!({});
        }
        add_ranges(props, &d, pointer);
    }
    let top = s["properties"].as_object_mut().unwrap();
    add_ranges(top, &base, "");
    // Each behaviour's numbers, on a scenario with that behaviour.
    let variants = s["$defs"]["Behaviour"]["oneOf"].as_array_mut().unwrap();
    for v in variants.iter_mut() {
        let kind = v["properties"]["type"]["const"].as_str().unwrap().to_string();
        let props = v["properties"].as_object_mut().unwrap();
        add_ranges(props, &base_with(&kind), "/behaviours/0");
        for (name, p) in props.iter_mut() {
            if p.get("description").is_none() {
                let d = match name.as_str() {
                    "weight" => "How much this behaviour counts: its force is multiplied by the weight before the forces are summed.",
                    "enabled" => "`false` switches the behaviour off (a toggle for the reader).",
                    "type" => "The behaviour.",
                    _ => continue,
                };
                p["description"] = json!(d);
            }
        }
    }
    s
}

/// The schema as the file carries it, for editors and validators (Ajv with its defaults for
/// draft 2020-12, VS Code): no non-standard `format` (schemars' `float`, `uint` …), a relative
/// `$id` (the file's own address wherever it is served), and no `oneOf`/`anyOf` whose every branch
/// reports an error: behaviours are told apart by `type` (if/then), lists of words are `enum`s,
/// and optional objects are if/then on the value's type. One mistake, one error naming its field.
/// The reference page is written from `schema()` itself.
pub fn for_editors(mut s: Value) -> Value {
    fn strip_formats(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("format");
                m.values_mut().for_each(strip_formats);
            }
            Value::Array(a) => a.iter_mut().for_each(strip_formats),
            _ => {}
        }
    }
    /// `oneOf` of string constants (each with its description) → one `enum`, the descriptions in words.
    fn words(d: &mut Value) {
        let Some(one) = d.get("oneOf").and_then(Value::as_array) else { return };
        if !one.iter().all(|b| b.get("const").is_some() || b.get("enum").is_some()) {
            return;
        }
        let vs = variants(one);
        let described: Vec<String> =
            vs.iter().filter(|(_, t)| !t.is_empty()).map(|(c, t)| format!("`{c}`: {t}")).collect();
        let m = d.as_object_mut().unwrap();
        m.remove("oneOf");
        m.insert("type".into(), json!("string"));
        m.insert("enum".into(), json!(vs.iter().map(|(c, _)| c.as_str()).collect::<Vec<_>>()));
        if !described.is_empty() {
            let before = m.get("description").and_then(Value::as_str).map(|t| format!("{t} ")).unwrap_or_default();
            m.insert("description".into(), json!(format!("{before}{}", described.join(" "))));
        }
    }
    /// `anyOf: [{$ref: X}, {type: null}]` → if it is an object then X (written out: Ajv reports an
    /// error inside a `$ref` it calls, not inlines, twice), else null.
    fn optional_objects(v: &mut Value, defs: &Map<String, Value>) {
        match v {
            Value::Object(m) => {
                let pair = m.get("anyOf").and_then(Value::as_array).filter(|a| a.len() == 2).cloned();
                if let Some(a) = pair {
                    if let (Some(r), true) = (a[0].get("$ref"), a[1] == json!({"type": "null"})) {
                        m.remove("anyOf");
                        m.insert("if".into(), json!({"type": "object"}));
                        let name = r.as_str().unwrap_or("").trim_start_matches("#/$defs/");
                        m.insert("then".into(), defs.get(name).cloned().unwrap_or_else(|| json!({"$ref": r})));
                        m.insert("else".into(), json!({"type": "null"}));
                    }
                }
                m.values_mut().for_each(|x| optional_objects(x, defs));
            }
            Value::Array(a) => a.iter_mut().for_each(|x| optional_objects(x, defs)),
            _ => {}
        }
    }
    strip_formats(&mut s);
    let paths = param_paths(&s);
    s["$id"] = json!("scenario.schema.json");
    // A control's parameter: one of the paths a behaviour or the format has (`separation.weight`,
    // `perception`, `motion.max_speed`), or `behaviours[i].<field>`; whether the scenario has
    // that behaviour only `validate()` knows.
    let param = &mut s["$defs"]["Control"]["properties"]["param"];
    param["if"] = json!({"pattern": "^behaviours\\["});
    param["then"] = json!({"pattern": "^behaviours\\[[0-9]+\\]\\.[a-z_]+$"});
    param["else"] = json!({"enum": paths});
    let defs = s["$defs"].as_object_mut().unwrap();
    for d in defs.values_mut() {
        words(d);
    }
    // Agents: an object (spawned) or a list (hand-placed).
    if let Some(any) = defs["Agents"].as_object_mut().unwrap().remove("anyOf") {
        let a = defs["Agents"].as_object_mut().unwrap();
        a.insert("if".into(), json!({"type": "object"}));
        a.insert("then".into(), any[0].clone());
        a.insert("else".into(), any[1].clone());
    }
    // Behaviours: the `type` picks the one schema that applies.
    let b = defs["Behaviour"].as_object_mut().unwrap();
    let one = b.remove("oneOf").and_then(|v| v.as_array().cloned()).unwrap_or_default();
    let kinds: Vec<Value> = one.iter().map(|v| v["properties"]["type"]["const"].clone()).collect();
    b.insert("type".into(), json!("object"));
    b.insert("required".into(), json!(["type"]));
    b.insert("properties".into(), json!({"type": {"enum": kinds, "description": "The behaviour."}}));
    let cases: Vec<Value> = one
        .into_iter()
        .map(|v| json!({"if": {"properties": {"type": {"const": v["properties"]["type"]["const"]}}, "required": ["type"]}, "then": v}))
        .collect();
    b.insert("allOf".into(), Value::Array(cases));
    let defs = s["$defs"].as_object().cloned().unwrap_or_default();
    optional_objects(&mut s, &defs);
    keys_first(&mut s);
    s
}

/// Ajv checks `required` before `additionalProperties`, so a misspelt required field (`raduis`)
/// was reported as the missing one (`must have required property 'radius'`), not by its name.
/// The known names are checked first, in an `allOf` of their own: the first error then names the
/// key as written. (The full properties stay where they were, for editors' completions.)
fn keys_first(v: &mut Value) {
    match v {
        Value::Object(m) => {
            let closed = m.get("additionalProperties") == Some(&json!(false))
                && m.get("required").and_then(Value::as_array).is_some_and(|r| !r.is_empty());
            if let (true, Some(props)) = (closed, m.get("properties").and_then(Value::as_object)) {
                let names: Map<String, Value> = props.keys().map(|k| (k.clone(), json!(true))).collect();
                m.remove("additionalProperties");
                let first = json!({"properties": names, "additionalProperties": false});
                match m.get_mut("allOf").and_then(Value::as_array_mut) {
                    Some(all) => all.insert(0, first),
                    None => {
                        m.insert("allOf".into(), json!([first]));
                    }
                }
            }
            m.values_mut().for_each(keys_first);
        }
        Value::Array(a) => a.iter_mut().for_each(keys_first),
        _ => {}
    }
}

/// Every parameter path a control can name (`set`'s paths, README "The JS API"): each behaviour's
/// `<type>.<field>`, the fields of behaviours alone (`perception`), and the format's own
/// (`motion.max_speed`, `seed` …); only fields that hold one number, boolean or word.
pub fn param_paths(s: &Value) -> Vec<String> {
    let scalar = |p: &Value| {
        let t = p.get("type").cloned().unwrap_or(Value::Null);
        let ts: Vec<&str> = match &t {
            Value::String(t) => vec![t.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).filter(|t| *t != "null").collect(),
            _ => vec![],
        };
        let word = p.get("$ref").and_then(Value::as_str).is_some_and(|r| {
            let d = &s["$defs"][r.trim_start_matches("#/$defs/")];
            d.get("enum").is_some()
                || d.get("oneOf").is_some_and(|o| {
                    o.as_array().is_some_and(|o| o.iter().all(|b| b.get("const").is_some() || b.get("enum").is_some()))
                })
        });
        word || (ts.len() == 1 && ["number", "integer", "boolean", "string"].contains(&ts[0]))
    };
    let mut out = Vec::new();
    // (Not `engine`: a standard scenario does not write it, so `set` finds nothing there.)
    for name in ["seed", "neighbours", "agent_size", "hud", "selected", "click"] {
        out.push(name.to_string());
    }
    for (group, def) in [("world", "WorldSpec"), ("motion", "Motion"), ("agents", "SpawnSpec"), ("path", "PathSpec")] {
        for (k, p) in s["$defs"][def]["properties"].as_object().into_iter().flatten() {
            if scalar(p) {
                out.push(format!("{group}.{k}"));
            }
        }
    }
    let mut alone: Vec<String> = Vec::new();
    let variants = s["$defs"]["Behaviour"]["oneOf"].as_array().cloned().unwrap_or_default();
    for v in &variants {
        let kind = v["properties"]["type"]["const"].as_str().unwrap_or("");
        for (k, p) in v["properties"].as_object().into_iter().flatten() {
            if k != "type" && scalar(p) {
                out.push(format!("{kind}.{k}"));
                if !alone.contains(k) {
                    alone.push(k.clone());
                }
            }
        }
    }
    alone.sort();
    out.extend(alone);
    out
}

/// Numbers as they are written in the code: an `f32` default (`0.6`) is `0.6000000238418579` as an
/// `f64`; written back with the shortest decimal of the `f32`.
fn tidy_floats(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_f64() => {
            let x = n.as_f64().unwrap_or(0.0);
            let f = x as f32;
            if f as f64 == x && x.fract() != 0.0 {
                if let Ok(short) = format!("{f}").parse::<f64>() {
                    *v = json!(short);
                }
            }
        }
        Value::Object(m) => m.values_mut().for_each(tidy_floats),
        Value::Array(a) => a.iter_mut().for_each(tidy_floats),
        _ => {}
    }
}

/// The values of an enum written as `oneOf` (a `const` with its description, or an `enum` list of
/// the undocumented ones), with their descriptions.
fn variants(one: &[Value]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for v in one {
        let desc = v.get("description").and_then(Value::as_str).unwrap_or("").replace('\n', " ");
        if let Some(c) = v.get("const").and_then(Value::as_str) {
            out.push((c.to_string(), desc));
        } else if let Some(e) = v.get("enum").and_then(Value::as_array) {
            out.extend(e.iter().filter_map(Value::as_str).map(|c| (c.to_string(), desc.clone())));
        }
    }
    out
}

/// `type` of a schema value, for the reference's tables.
fn type_of(p: &Value, defs: &Value) -> String {
    if let Some(r) = p.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/$defs/");
        let d = &defs[name];
        if let Some(e) = d.get("enum").and_then(Value::as_array) {
            return e.iter().map(|x| format!("`{}`", x.as_str().unwrap_or("?"))).collect::<Vec<_>>().join(" \\| ");
        }
        if let Some(one) = d.get("oneOf").and_then(Value::as_array) {
            let consts = variants(one);
            if !consts.is_empty() {
                return consts.iter().map(|(c, _)| format!("`{c}`")).collect::<Vec<_>>().join(" \\| ");
            }
        }
        if d.get("anyOf").is_some() {
            return type_of(d, defs);
        }
        return format!("[{name}](#{})", name.to_lowercase());
    }
    if let Some(any) = p.get("anyOf").and_then(Value::as_array) {
        let parts: Vec<String> =
            any.iter().filter(|x| x.get("type") != Some(&json!("null"))).map(|x| type_of(x, defs)).collect();
        return parts.join(" or ");
    }
    match p.get("type") {
        Some(Value::String(t)) if t == "array" => {
            let item = p.get("items").map(|i| type_of(i, defs)).unwrap_or_default();
            match (p.get("minItems"), p.get("maxItems")) {
                (Some(a), Some(b)) if a == b => format!("[{item} × {a}]"),
                _ => format!("list of {item}"),
            }
        }
        Some(Value::String(t)) if t == "object" && p.get("additionalProperties").is_some_and(Value::is_object) => {
            format!("object of {}", type_of(&p["additionalProperties"], defs))
        }
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => ts.iter().filter(|t| *t != "null").map(|t| t.as_str().unwrap_or("?")).collect(),
        _ => "value".into(),
    }
}

fn range_of(p: &Value) -> String {
    let mut parts = Vec::new();
    if let Some(m) = p.get("exclusiveMinimum") {
        parts.push(format!("> {m}"));
    }
    if let Some(m) = p.get("minimum") {
        parts.push(format!("≥ {m}"));
    }
    if let Some(m) = p.get("maximum") {
        parts.push(format!("≤ {}", short(m)));
    }
    parts.join(", ")
}

fn short(v: &Value) -> String {
    match v.as_f64() {
        Some(x) if x >= 1e5 && x == x.trunc() => format!("{x:e}").replace("e", "e"),
        _ => v.to_string(),
    }
}

fn default_of(p: &Value) -> String {
    match p.get("default") {
        Some(Value::Number(n)) => {
            let x = n.as_f64().unwrap_or(0.0);
            if x == x.trunc() && x.abs() < 1e15 {
                format!("{}", x as i64)
            } else {
                format!("{}", (x as f32))
            }
        }
        Some(Value::Null) | None => String::new(),
        Some(Value::Array(a)) if a.iter().all(|x| x.as_f64() == Some(0.0)) => {
            format!("[{}]", vec!["0"; a.len()].join(", "))
        }
        Some(v) => v.to_string(),
    }
}

fn table(out: &mut String, props: &Map<String, Value>, required: &[Value], defs: &Value) {
    out.push_str("| field | type | default | range | meaning |\n| --- | --- | --- | --- | --- |\n");
    for (name, p) in props {
        if name == "type" {
            continue;
        }
        let req = required.iter().any(|r| r == name);
        let default = if req { "required".to_string() } else { default_of(p) };
        let desc = p.get("description").and_then(Value::as_str).unwrap_or("").replace('\n', " ");
        let _ = writeln!(out, "| `{name}` | {} | {default} | {} | {desc} |", type_of(p, defs), range_of(p));
    }
    out.push('\n');
}

/// The reference page.
pub fn reference(s: &Value) -> String {
    let defs = &s["$defs"];
    let mut out = String::new();
    out.push_str("# The scenario format\n\n");
    out.push_str(
        "Generated from the code by `STEERLAB_WRITE_SCHEMA=1 cargo test -p steerlab-core --lib schema` (a test fails when this page or \
         `scenarios/scenario.schema.json` is stale): the fields, types, defaults and descriptions come from the Rust \
         types, the ranges from asking the validator. Units: world units (the tutorials' canvas pixels) and seconds.\n\n\
         A scenario is a JSON object; the built-in ones are in `scenarios/` and start with \
         `\"$schema\": \"./scenario.schema.json\"`, so an editor that knows JSON Schema checks and completes them. \
         Unknown fields are errors, and every error names its field: `behaviours[1].perception: must be > 0, got -3`. \
         `validate()` and `mount()` name every mistake of a scenario at once, one a line; what each message (and what \
         Ajv or an editor says) means: [errors.md](errors.md).\n\n",
    );
    out.push_str("## Top level\n\n");
    table(&mut out, s["properties"].as_object().unwrap(), s["required"].as_array().unwrap(), defs);
    for (name, title) in [
        ("WorldSpec", "world"),
        ("Motion", "motion"),
        ("SpawnSpec", "agents (spawned)"),
        ("AgentSpec", "agents (hand-placed, a list of these)"),
        ("Obstacle", "obstacles"),
        ("PathSpec", "path"),
        ("Control", "controls"),
    ] {
        let d = &defs[name];
        let _ = writeln!(out, "## `{title}` <a id=\"{}\"></a>\n", name.to_lowercase());
        if let Some(desc) = d.get("description").and_then(Value::as_str) {
            let _ = writeln!(out, "{desc}\n");
        }
        let empty = vec![];
        table(
            &mut out,
            d["properties"].as_object().unwrap(),
            d.get("required").and_then(Value::as_array).unwrap_or(&empty),
            defs,
        );
    }
    for (name, title) in [
        ("Edges", "Edges (`world.edges`)"),
        ("PathMode", "Path modes (`path.mode`)"),
        ("Overlay", "Overlays (`overlays`)"),
        ("Interaction", "Interactions (`interaction`)"),
        ("ClickAction", "What a click places (`click`)"),
        ("ControlKind", "Control kinds (`controls[].kind`)"),
        ("Engine", "Engines (`engine`)"),
        ("NeighbourQuery", "Neighbour queries (`neighbours`)"),
    ] {
        let _ = writeln!(out, "## {title}\n");
        let d = &defs[name];
        if let Some(one) = d.get("oneOf").and_then(Value::as_array) {
            for (c, desc) in variants(one) {
                if desc.is_empty() {
                    let _ = writeln!(out, "- `{c}`");
                } else {
                    let _ = writeln!(out, "- `{c}`: {desc}");
                }
            }
        } else if let Some(e) = d.get("enum").and_then(Value::as_array) {
            let items: Vec<String> = e.iter().map(|x| format!("`{}`", x.as_str().unwrap_or("?"))).collect();
            let _ = writeln!(out, "{}", items.join(", "));
        }
        out.push('\n');
    }
    out.push_str("## Behaviours <a id=\"behaviour\"></a>\n\n");
    out.push_str(
        "Each entry of `behaviours` is `{\"type\": \"…\", …parameters}`. The flocking rules (separation, alignment, \
         cohesion) share one neighbour pass, so each may appear once; other behaviours may repeat. Every behaviour's \
         force is multiplied by its `weight`; the sum is limited to `motion.max_force`.\n\n",
    );
    for v in defs["Behaviour"]["oneOf"].as_array().unwrap() {
        let kind = v["properties"]["type"]["const"].as_str().unwrap();
        let _ = writeln!(out, "### `{kind}`\n");
        if let Some(desc) = v.get("description").and_then(Value::as_str) {
            let _ = writeln!(out, "{}\n", desc.replace('\n', " "));
        }
        let empty = vec![];
        table(
            &mut out,
            v["properties"].as_object().unwrap(),
            v.get("required").and_then(Value::as_array).unwrap_or(&empty),
            defs,
        );
    }
    out.push_str("## Parameter paths (`set`, `get`, `controls[].param`)\n\n");
    out.push_str(
        "`v.set(path, value)` changes one parameter; the new scenario is validated like a parsed one, and a refused \
         value leaves everything as it was and throws the message. Paths:\n\n\
         - `<behaviour type>.<field>` — that field of every behaviour of that type: `separation.weight`, \
           `follow_leader.variant`;\n\
         - `behaviours[i].<field>` — one behaviour by index;\n\
         - `<field>` alone — that field of every behaviour that has it: `perception`, `sep_dist`;\n\
         - the top-level groups: `seed`, `motion.<field>`, `world.<field>`, `agents.count`, `agents.speed`, \
           `neighbours`, `agent_size`, `hud`, `selected`, `click`, `path.mode`, `engine`.\n\n\
         Every behaviour path, by type:\n\n",
    );
    for v in defs["Behaviour"]["oneOf"].as_array().unwrap() {
        let kind = v["properties"]["type"]["const"].as_str().unwrap();
        let fields: Vec<String> = v["properties"]
            .as_object()
            .unwrap()
            .keys()
            .filter(|k| *k != "type")
            .map(|k| format!("`{kind}.{k}`"))
            .collect();
        let _ = writeln!(out, "- {}", fields.join(", "));
    }
    out.push_str("\n## Data attributes of `<canvas data-scenario>`\n\n");
    out.push_str(
        "| attribute | meaning |\n| --- | --- |\n\
         | `data-scenario` | a built-in name (one of: NAMES), or scenario JSON text |\n\
         | `data-scenario-json=\"#id\"` | read the scenario from `<script type=\"application/json\" id=\"id\">` |\n\
         | `data-seed` | overrides the scenario's `seed` |\n\
         | `data-autoplay=\"false\"` | start paused |\n\
         | `data-lang=\"pt-BR\"` | the viewer's language, a BCP 47 tag (else the nearest `lang` attribute, the page's included): its words and the scenario's texts fall back `pt-BR` → `pt` → `en` |\n\
         | `data-controls=\"false\"` | no buttons or sliders |\n\
         | `data-theme=\"light\\|dark\\|auto\"` | the palette (auto: the page's own background, then the system's scheme) |\n\
         | `data-title=\"true\"` | show the scenario's title above the canvas, in the canvas's language (`title`'s `{\"pt\": …}` on a `pt-BR` page) |\n\
         | `data-poster=\"eager\"` | load the canvas's poster (a built-in's first frame, `posters/posters.css`) with the page rather than when it comes near the viewport |\n\
         | `data-inspector=\"true\"` | show the inspector (the selected agent's numbers beside the pseudocode; on a phone it starts closed) |\n\
         | `data-lifecycle=\"manual\"` | the page destroys the viewer itself (no automatic destroy when the canvas leaves the document) |\n\n",
    );
    let names: Vec<String> = crate::scenarios::names().map(|n| format!("`{n}`")).collect();
    out.replace("NAMES", &names.join(", "))
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap();
    s.push('\n');
    s
}

fn check_file(path: &str, want: &str) {
    if std::env::var_os("STEERLAB_WRITE_SCHEMA").is_some() {
        std::fs::write(path, want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(have == want, "{path} is stale (it is generated from the scenario types and the validator): regenerate it with `STEERLAB_WRITE_SCHEMA=1 cargo test -p steerlab-core --lib schema`");
}

#[test]
fn the_schema_file_is_current() {
    check_file(SCHEMA_FILE, &pretty(&for_editors(schema())));
}

#[test]
fn the_reference_is_current() {
    check_file(DOC_FILE, &reference(&schema()));
}

#[test]
fn every_builtin_scenario_names_the_schema() {
    for (name, text) in crate::scenarios::BUILTIN {
        let v: Value = serde_json::from_str(text).unwrap();
        assert_eq!(v["$schema"], "./scenario.schema.json", "{name}");
    }
}

#[test]
fn the_probed_ranges_are_the_validators() {
    let s = schema();
    let sep = s["$defs"]["Behaviour"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["properties"]["type"]["const"] == "separation")
        .unwrap();
    assert_eq!(sep["properties"]["sep_dist"]["exclusiveMinimum"], 0);
    assert_eq!(sep["properties"]["weight"]["minimum"], 0);
    assert_eq!(sep["properties"]["weight"]["maximum"], 1e6);
    assert_eq!(s["$defs"]["WorldSpec"]["properties"]["width"]["maximum"], 1e5);
    assert_eq!(s["$defs"]["SpawnSpec"]["properties"]["count"]["minimum"], 1);
    assert_eq!(s["$defs"]["SpawnSpec"]["properties"]["count"]["maximum"], MAX_AGENTS as u64);
    // Every behaviour is in the schema.
    let kinds: Vec<&str> = s["$defs"]["Behaviour"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["properties"]["type"]["const"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, KINDS);
}

/// The schema's parameter paths (`controls[].param`) are the paths `set` takes: each resolves on a
/// scenario with its behaviour (the field given where it has no default), to one value.
#[test]
fn the_schema_knows_the_parameter_paths_set_takes() {
    use crate::param_path::Params;
    let s = schema();
    let paths = param_paths(&s);
    let has = |kind: &str, field: &str| {
        s["$defs"]["Behaviour"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["properties"]["type"]["const"] == kind && v["properties"].get(field).is_some())
    };
    assert!(paths.iter().any(|p| p == "separation.weight") && paths.iter().any(|p| p == "perception"));
    assert!(!paths.iter().any(|p| p == "cohesion.wieght" || p == "path.waypoints" || p == "separation.type"));
    let mut missing = Vec::new();
    for p in &paths {
        let (head, field) = p.split_once('.').unwrap_or(("", p));
        let kind = if KINDS.contains(&head) {
            head
        } else {
            KINDS
                .iter()
                .copied()
                .find(|k| base_with(k)["behaviours"][0].get(field).is_some() || has(k, field))
                .unwrap_or(KINDS[0])
        };
        let mut doc = base_with(kind);
        // Optional fields without a default (`selected`, `agents.speed`) are written for the probe.
        doc["selected"] = json!(1);
        doc["agents"]["speed"] = json!(10);
        if KINDS.contains(&head) && doc["behaviours"][0].get(field).is_none() {
            let d = scenario::parse(&doc.to_string()).map(|sc| serde_json::to_value(&sc).unwrap()).unwrap();
            doc = d;
        }
        let sc = scenario::parse(&doc.to_string()).unwrap_or_else(|e| panic!("{p}: {e}"));
        let params = Params(serde_json::to_value(&sc).unwrap());
        match params.get(p) {
            Ok(v) if !v.is_object() && !v.is_array() => {}
            other => missing.push(format!("{p}: {other:?}")),
        }
    }
    assert!(missing.is_empty(), "paths of the schema that set does not take:\n{}", missing.join("\n"));
}
