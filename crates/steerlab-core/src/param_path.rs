//! Parameters by path (`cohesion.weight`, `behaviours[2].radius`, `world.edges`): where a path
//! points in a scenario's JSON, and a value as `set` takes it. Plain JSON: no simulation here.

use serde_json::Value;

/// The scenario's parameters as they are now ([`Sim::params`]), read by path like `get_value`.
pub struct Params(pub(crate) Value);

impl Params {
    /// The value at `path` (the first match, as [`Sim::get_value`]).
    pub fn get(&self, path: &str) -> Result<Value, String> {
        let pointers = resolve(&self.0, path)?;
        pointers.first().and_then(|p| at(&self.0, p)).cloned().ok_or_else(|| format!("{path}: unknown parameter"))
    }
}

/// The value a pointer of [`resolve`]'s names (`/behaviours/1/weight`). Its keys are the
/// scenario's field names, with no `~` or `/` to unescape: this is `Value::pointer` without the
/// unescaping, whose `str::replace` (twice, with the substring searcher's iteration) cost the
/// module 1 KB gzipped (docs/performance.md, "Room to grow").
pub(crate) fn at<'a>(doc: &'a Value, pointer: &str) -> Option<&'a Value> {
    pointer.split('/').skip(1).try_fold(doc, |v, key| match v {
        Value::Object(m) => m.get(key),
        Value::Array(a) => a.get(key.parse::<usize>().ok()?),
        _ => None,
    })
}

/// [`at`], to change the value.
pub(crate) fn at_mut<'a>(doc: &'a mut Value, pointer: &str) -> Option<&'a mut Value> {
    pointer.split('/').skip(1).try_fold(doc, |v, key| match v {
        Value::Object(m) => m.get_mut(key),
        Value::Array(a) => a.get_mut(key.parse::<usize>().ok()?),
        _ => None,
    })
}

/// A value as `set` takes it: numbers must be finite, and a whole f64 (every number from JS) is
/// made an integer so that it fits integer fields (counts). The history logs this form.
pub(crate) fn normalise(path: &str, value: Value) -> Result<Value, String> {
    Ok(match value {
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            if !x.is_finite() {
                return Err(format!("{path}: must be a finite number"));
            }
            if n.is_f64() && x == x.trunc() && x.abs() < 9.0e15 {
                Value::from(x as i64)
            } else {
                Value::Number(n)
            }
        }
        v => v,
    })
}

/// A JSON pointer as a parameter path: `/behaviours/1/weight` → `behaviours[1].weight`.
pub(crate) fn tidy(pointer: &str) -> String {
    let mut out = String::new();
    for (k, seg) in pointer.trim_start_matches('/').split('/').enumerate() {
        if k == 1 && pointer.starts_with("/behaviours/") {
            out.push('[');
            out.push_str(seg);
            out.push(']');
        } else {
            if k > 0 {
                out.push('.');
            }
            out.push_str(seg);
        }
    }
    out
}

/// JSON pointers that a parameter path names.
pub(crate) fn resolve(doc: &Value, path: &str) -> Result<Vec<String>, String> {
    let unknown = || format!("{path}: unknown parameter");
    if path.is_empty() || path.len() > 200 {
        return Err("set: the parameter path must be 1 to 200 characters".into());
    }
    let behaviours = doc.get("behaviours").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    // behaviours[i].field
    if let Some(rest) = path.strip_prefix("behaviours[") {
        // Char patterns only: a `&str` pattern links core's two-way string searcher.
        let (idx, field) = rest.split_once(']').ok_or_else(unknown)?;
        let field = field.strip_prefix('.').ok_or_else(unknown)?;
        let i: usize = idx.parse().map_err(|_| unknown())?;
        let b = behaviours.get(i).ok_or_else(|| format!("{path}: there is no behaviour {i}"))?;
        if field == "type" || b.get(field).is_none() {
            return Err(unknown());
        }
        return Ok(vec![format!("/behaviours/{i}/{field}")]);
    }
    // <behaviour kind>.field, for every behaviour of that kind; or a bare field name shared by
    // behaviours, e.g. "perception" or "sep_dist". (Loops, not iterator chains collected into
    // vectors: each chain was a copy of `collect`'s code, 2 KB in all.)
    let (kind, field) = match path.split_once('.') {
        Some((k, f)) => (Some(k), f),
        None => (None, path),
    };
    let dots = path.bytes().filter(|&b| b == b'.').count();
    if dots == 1 || (dots == 0 && doc.get(path).is_none()) {
        let mut hits = Vec::new();
        for (i, b) in behaviours.iter().enumerate() {
            let of_kind = kind.is_none_or(|k| b.get("type").and_then(Value::as_str) == Some(k));
            if of_kind && field != "type" && b.get(field).is_some() {
                hits.push(format!("/behaviours/{i}/{field}"));
            }
        }
        if !hits.is_empty() {
            return Ok(hits);
        }
        if dots == 0 {
            return Err(unknown());
        }
    }
    // A top-level path: "motion.max_speed", "world.edges", "agents.count", "seed".
    const SETTABLE: &[&str] = &[
        "seed",
        "motion",
        "world",
        "agents",
        "neighbours",
        "agent_size",
        "hud",
        "selected",
        "click",
        "path",
        "engine",
    ];
    if !SETTABLE.contains(&kind.unwrap_or(path)) {
        return Err(unknown());
    }
    let mut ptr = String::new();
    let mut cur = doc;
    for s in path.split('.') {
        cur = cur.get(s).ok_or_else(unknown)?;
        ptr.push('/');
        ptr.push_str(s);
    }
    if cur.is_object() || cur.is_array() {
        return Err(format!("{path}: names a group, not a parameter"));
    }
    Ok(vec![ptr])
}

#[cfg(test)]
mod tests {
    use super::{at, resolve};
    use serde_json::json;

    /// Every form of a path and the pointers it names; `at` finds what they point to.
    #[test]
    fn paths_name_their_pointers() {
        let doc = json!({
            "seed": 1, "world": {"width": 400, "edges": "wrap"}, "motion": {"max_speed": 2},
            "behaviours": [
                {"type": "seek", "weight": 1, "radius": 5},
                {"type": "flee", "weight": 2},
                {"type": "seek", "weight": 3},
            ],
        });
        let ok = |p: &str| resolve(&doc, p).unwrap();
        assert_eq!(ok("seek.weight"), ["/behaviours/0/weight", "/behaviours/2/weight"]);
        assert_eq!(ok("weight"), ["/behaviours/0/weight", "/behaviours/1/weight", "/behaviours/2/weight"]);
        assert_eq!(ok("radius"), ["/behaviours/0/radius"]);
        assert_eq!(ok("behaviours[1].weight"), ["/behaviours/1/weight"]);
        assert_eq!(ok("world.edges"), ["/world/edges"]);
        assert_eq!(ok("seed"), ["/seed"]);
        let err = |p: &str| resolve(&doc, p).unwrap_err();
        assert_eq!(err("seek.type"), "seek.type: unknown parameter");
        assert_eq!(err("type"), "type: unknown parameter");
        assert_eq!(err("flee.radius"), "flee.radius: unknown parameter");
        assert_eq!(err("world"), "world: names a group, not a parameter");
        assert_eq!(err("world.width.x"), "world.width.x: unknown parameter");
        assert_eq!(err("behaviours[3].weight"), "behaviours[3].weight: there is no behaviour 3");
        assert_eq!(at(&doc, "/behaviours/2/weight"), Some(&json!(3)));
        assert_eq!(at(&doc, "/world/edges"), Some(&json!("wrap")));
        assert_eq!(at(&doc, "/behaviours/x/weight"), None);
    }
}
