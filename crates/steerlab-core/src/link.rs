//! Links to an exact moment: a history ([`super::history::History`]) as short text for a URL
//! fragment, and back. A link names the scenario (it never carries one: the page must show the
//! same scenario, checked by name and fingerprint), the seed, the parameters the history started
//! with (as paths, like `data-set`), the logged inputs and the step. Opening it starts the
//! scenario with those parameters and replays the inputs up to the step: the same state, bit for
//! bit, on any machine (the core is deterministic, natively and in wasm).
//!
//! Format, version 1 (one canvas; `~` separates the fields):
//!
//! ```text
//! 1~<name>~<fingerprint>~<seed>~<step>[~<item>]…
//! ```
//!
//! - `name`: the scenario's `name`; `fingerprint`: base 36 of FNV-1a over the scenario's JSON
//!   without its texts, controls, overlays and seed ([`fingerprint`]): a scenario that changed in
//!   anything that steers refuses links made for the old one;
//! - an item that starts with a letter is a starting parameter, `path:value`
//!   (`separation.weight:0.5`);
//! - an item that starts with digits is an input, that many steps after the previous input (the
//!   first: after step 0), then a code: `s<path>:<value>` a `set` (an empty path repeats the
//!   previous set's), `d` `m` `u` `c` `<x>,<y>` pointer down, move, up, double-click (capitals
//!   while dragging), `l` the pointer left, `x` the Delete key, `w<x>,<y>` `addWaypoint`,
//!   `p<x>,<y>,<r>` a pick (the agent nearest to x, y within r is selected).
//!
//! Values are JSON (`0.5`, `true`, `[1,2]`), or a bare word for a string (`food`); numbers are
//! their shortest decimal form when that reads back to the same bits, else `!` and the bits in
//! hexadecimal. Anything but letters, digits and `-._,[]!` is percent-encoded. A page carries one
//! link per canvas: `#sl.<canvas id or index>=<link>&sl.<…>=<…>`.

use super::history::{Entry, History};
use super::input::Input;
use super::params::with_sets;
use super::pointer::Pointer;
use super::scenario::{self, Agents, Scenario};
use super::text::{short32, short64};
use super::Sim;
use glam::Vec2;
use serde_json::Value;

/// The format's version (the first field).
pub const VERSION: &str = "1";
/// The furthest step a link may name (46 hours at 60 steps a second).
pub const MAX_STEP: u64 = 10_000_000;

/// A history as a link names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub name: String,
    /// [`fingerprint`]'s text.
    pub fingerprint: String,
    pub seed: u64,
    /// The starting parameters, as `data-set` gives them.
    pub sets: Vec<(String, Value)>,
    pub log: Vec<Entry>,
    pub step: u64,
}

impl History {
    /// The link to the simulation's current step. `mounted` is the scenario as the page gave it
    /// (before `data-set`, a seed or any `set`).
    pub fn link(&self, sim: &Sim, mounted: &Scenario) -> Result<Link, String> {
        let (base, pointer) = self.base()?;
        let mut log = Vec::new();
        // The pointer outlives a reset: where it was when this history began.
        if let Some(p) = pointer {
            log.push(Entry { step: 0, input: Input::Pointer(Pointer::Move(p), false) });
        }
        log.extend(self.log().iter().take_while(|e| e.step <= sim.steps).cloned());
        Ok(Link {
            name: mounted.name.clone(),
            fingerprint: fingerprint(mounted),
            seed: base.seed,
            sets: diff(mounted, &base)?,
            log,
            step: sim.steps,
        })
    }
}

impl Link {
    /// The link as text (see the module's note).
    pub fn encode(&self) -> String {
        let mut out = format!("{VERSION}~{}~{}~{}~{}", esc(&self.name), self.fingerprint, self.seed, self.step);
        for (path, v) in &self.sets {
            out.push('~');
            out.push_str(&esc(path));
            out.push(':');
            out.push_str(&value_text(v));
        }
        let (mut at, mut last_path) = (0u64, "");
        // (A reset or a new seed starts a new history: never in a log, and a link cannot say them.)
        for e in self.log.iter().filter(|e| !matches!(e.input, Input::Reseed(_) | Input::Reset)) {
            out.push('~');
            out.push_str(&(e.step - at).to_string());
            at = e.step;
            let xy = |p: Vec2| format!("{},{}", num32(p.x), num32(p.y));
            match &e.input {
                Input::Set(b) => {
                    out.push('s');
                    if b.0 != last_path {
                        out.push_str(&esc(&b.0));
                    }
                    last_path = &b.0;
                    out.push(':');
                    out.push_str(&value_text(&b.1));
                }
                Input::Pointer(ev, drag) => {
                    let (c, p) = match *ev {
                        Pointer::Down(p) => ('d', Some(p)),
                        Pointer::Move(p) => ('m', Some(p)),
                        Pointer::Up(p) => ('u', Some(p)),
                        Pointer::DoubleClick(p) => ('c', Some(p)),
                        Pointer::Leave => ('l', None),
                    };
                    out.push(if *drag { c.to_ascii_uppercase() } else { c });
                    if let Some(p) = p {
                        out.push_str(&xy(p));
                    }
                }
                Input::Delete => out.push('x'),
                Input::AddWaypoint(p) => {
                    out.push('w');
                    out.push_str(&xy(*p));
                }
                Input::Pick(p, r) => {
                    out.push('p');
                    out.push_str(&xy(*p));
                    out.push(',');
                    out.push_str(&num32(*r));
                }
                Input::Reseed(_) | Input::Reset => {}
            }
        }
        out
    }

    /// Read a link; the message says what is wrong (`link: …`).
    pub fn decode(text: &str) -> Result<Link, String> {
        let mut f = text.split('~');
        let version = f.next().unwrap_or_default();
        if version != VERSION {
            return Err(if !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) {
                format!(
                    "link: made by another version of steerlab (format {version}); this page reads format {VERSION}"
                )
            } else {
                "link: not a steerlab link (it should start with 1~)".into()
            });
        }
        let (Some(name), Some(fingerprint), Some(seed), Some(step)) = (f.next(), f.next(), f.next(), f.next()) else {
            return Err("link: cut short (it needs 1~name~fingerprint~seed~step)".into());
        };
        let (Ok(seed), Ok(step)) = (seed.parse::<u64>(), step.parse::<u64>()) else {
            return Err(format!(
                "link: the seed and the step must be whole numbers, got `{}` and `{}`",
                clip(seed),
                clip(step)
            ));
        };
        if step > MAX_STEP {
            return Err(format!("link: the step must be at most {MAX_STEP}, got {step}"));
        }
        let name = unesc(name).map_err(|e| format!("link: {e}"))?;
        let mut link =
            Link { name, fingerprint: fingerprint.to_string(), seed, sets: Vec::new(), log: Vec::new(), step };
        let (mut at, mut last_path) = (0u64, String::new());
        for (k, item) in f.enumerate() {
            let here = |e: &str| format!("link: item {} (`{}`): {e}", k + 1, clip(item));
            let digits = item.bytes().take_while(u8::is_ascii_digit).count();
            let (delta, rest) = item.split_at(digits);
            let mut chars = rest.chars();
            let code = chars.next().unwrap_or(' ');
            let args = chars.as_str();
            // A starting parameter (`path:value`), before any input.
            if digits == 0 {
                let set = rest.split_once(':').filter(|_| link.log.is_empty());
                let (p, v) = set.ok_or_else(|| here("expected path:value, before the inputs"))?;
                link.sets.push((unesc(p).map_err(|e| here(&e))?, value_of(v).map_err(|e| here(&e))?));
                continue;
            }
            at = delta
                .parse::<u64>()
                .ok()
                .and_then(|d| at.checked_add(d))
                .filter(|&s| s <= step)
                .ok_or_else(|| here("after the link's step"))?;
            let input = match code {
                's' => {
                    let (p, v) = args.split_once(':').ok_or_else(|| here("expected s<path>:<value>"))?;
                    if !p.is_empty() {
                        last_path = unesc(p).map_err(|e| here(&e))?;
                    }
                    if last_path.is_empty() {
                        return Err(here("a set without a path"));
                    }
                    Input::Set(Box::new((last_path.clone(), value_of(v).map_err(|e| here(&e))?)))
                }
                'x' => Input::Delete,
                'l' | 'L' => Input::Pointer(Pointer::Leave, code == 'L'),
                'p' => {
                    let (xy, r) = args.rsplit_once(',').ok_or_else(|| here("expected p<x>,<y>,<r>"))?;
                    Input::Pick(point(xy).map_err(|e| here(&e))?, coord(r).map_err(|e| here(&e))?)
                }
                _ => {
                    let p = point(args).map_err(|e| here(&e))?;
                    let ev = match code.to_ascii_lowercase() {
                        'w' => {
                            link.log.push(Entry { step: at, input: Input::AddWaypoint(p) });
                            continue;
                        }
                        'd' => Pointer::Down(p),
                        'm' => Pointer::Move(p),
                        'u' => Pointer::Up(p),
                        'c' => Pointer::DoubleClick(p),
                        _ => return Err(here("unknown input")),
                    };
                    Input::Pointer(ev, code.is_ascii_uppercase())
                }
            };
            link.log.push(Entry { step: at, input });
        }
        Ok(link)
    }

    /// The scenario the link starts from, for a canvas that shows `mounted` (as the page gave it):
    /// the same scenario (name and fingerprint), the link's seed and starting parameters. Every
    /// `set` of the log is checked here, in order, against the scenario it will meet.
    pub fn start(&self, mounted: &Scenario) -> Result<Scenario, String> {
        if self.name != mounted.name {
            return Err(format!(
                "link: made for the scenario `{}`, but this canvas shows `{}`",
                clip(&self.name),
                mounted.name
            ));
        }
        if self.fingerprint != fingerprint(mounted) {
            return Err(format!(
                "link: made for another version of the `{}` scenario (it changed since the link was made)",
                mounted.name
            ));
        }
        let mut first = with_sets(mounted, &self.sets).map_err(|e| format!("link: {e}"))?;
        first.seed = self.seed;
        let mut now: Option<Scenario> = None;
        for e in &self.log {
            let sc = now.as_ref().unwrap_or(&first);
            match &e.input {
                Input::Set(b) => {
                    let next = with_sets(sc, std::slice::from_ref(b)).map_err(|e| format!("link: {e}"))?;
                    if matches!(next.agents, Agents::List(_)) && next.agents != sc.agents {
                        return Err(format!("link: {}: would restart the simulation", b.0));
                    }
                    now = Some(next);
                }
                Input::AddWaypoint(_) if sc.path.is_none() => {
                    return Err(format!("link: addWaypoint: scenario `{}` has no path", sc.name))
                }
                _ => {}
            }
        }
        Ok(first)
    }
}

/// The scenario's fingerprint, in base 36: FNV-1a over its JSON without what never steers
/// (title, caption, controls, overlays, HUD, the agent selected at the start) and without its seed
/// (links carry their own).
pub fn fingerprint(sc: &Scenario) -> String {
    const SKIP: [&str; 11] = [
        "$schema",
        "seed",
        "hud",
        "title",
        "title_es",
        "caption",
        "caption_es",
        "controls",
        "overlays",
        "overlays_off",
        "selected",
    ];
    let mut h = 0x811c_9dc5u32;
    if let Ok(Value::Object(m)) = doc(sc) {
        for (k, v) in m.iter().filter(|(k, _)| !SKIP.contains(&k.as_str())) {
            let text = serde_json::to_string(v).unwrap_or_default();
            for b in k.bytes().chain([b':']).chain(text.bytes()).chain([b',']) {
                h = (h ^ b as u32).wrapping_mul(0x0100_0193);
            }
        }
    }
    base36(h)
}

/// The parameters that turn `from` into `to` (the seed aside), as `data-set` paths: `kind.field`
/// when the scenario has one behaviour of that kind, else `behaviours[i].field`; top-level fields
/// as `motion.max_speed`. An error when they differ in something no parameter sets.
pub fn diff(from: &Scenario, to: &Scenario) -> Result<Vec<(String, Value)>, String> {
    let (a, b) = (doc(from)?, doc(to)?);
    let mut out = Vec::new();
    let none = Vec::new();
    let (ba, bb) = (
        a.get("behaviours").and_then(Value::as_array).unwrap_or(&none),
        b.get("behaviours").and_then(Value::as_array).unwrap_or(&none),
    );
    if ba.len() != bb.len() {
        return Err("the behaviours differ (no parameter adds or removes one)".into());
    }
    // (behaviour, field, value) of every change.
    let mut changed: Vec<(usize, &str, &Value)> = Vec::new();
    for (i, (x, y)) in ba.iter().zip(bb).enumerate() {
        let Some(y) = y.as_object() else { continue };
        for (k, v) in y {
            if !same(x.get(k), Some(v)) {
                if k == "type" {
                    return Err(format!("behaviours[{i}].type differs (no parameter changes it)"));
                }
                changed.push((i, k, v));
            }
        }
    }
    for (i, k, v) in changed {
        let kind = to.behaviours[i].kind();
        let path = if to.behaviours.iter().filter(|x| x.kind() == kind).count() == 1 {
            format!("{kind}.{k}")
        } else {
            format!("behaviours[{i}].{k}")
        };
        out.push((path, tidy(v)));
    }
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        for k in union(a, b).filter(|k| *k != "behaviours" && *k != "seed") {
            leaves(k, a.get(k), b.get(k), &mut out)?;
        }
    }
    Ok(out)
}

/// The keys of `a`, then those of `b` that `a` lacks.
fn union<'a>(
    a: &'a serde_json::Map<String, Value>,
    b: &'a serde_json::Map<String, Value>,
) -> impl Iterator<Item = &'a str> {
    a.keys().chain(b.keys().filter(|k| !a.contains_key(k.as_str()))).map(String::as_str)
}

/// Whether two values are the same JSON (by their text: `Value`'s own comparison would link the
/// map comparison into the module).
fn same(x: Option<&Value>, y: Option<&Value>) -> bool {
    let t = |v: Option<&Value>| v.map(|v| serde_json::to_string(v).unwrap_or_default());
    t(x) == t(y)
}

/// Differing leaves under `path` (objects are walked; arrays and other values are leaves).
fn leaves(path: &str, x: Option<&Value>, y: Option<&Value>, out: &mut Vec<(String, Value)>) -> Result<(), String> {
    if same(x, y) {
        return Ok(());
    }
    if let (Some(Value::Object(x)), Some(Value::Object(y))) = (x, y) {
        for k in union(x, y) {
            leaves(&format!("{path}.{k}"), x.get(k), y.get(k), out)?;
        }
        return Ok(());
    }
    if matches!(x, Some(Value::Array(_))) || matches!(y, Some(Value::Array(_))) {
        return Err(format!("{path} differs (no parameter sets it)"));
    }
    out.push((path.to_string(), y.map_or(Value::Null, tidy)));
    Ok(())
}

/// A value as `set` takes it: `70`, not the `70.0` an f32 field writes.
fn tidy(v: &Value) -> Value {
    super::param_path::normalise("", v.clone()).unwrap_or(Value::Null)
}

/// The scenario as a JSON value (the same text `set` reads).
fn doc(sc: &Scenario) -> Result<Value, String> {
    scenario::read_text(&serde_json::to_string(sc).map_err(|e| e.to_string())?)
}

/// `data-set`'s text: `{"separation.weight": 0.5, …}` → the parameters in order. The message
/// names the field.
pub fn parse_sets(text: &str) -> Result<Vec<(String, Value)>, String> {
    match scenario::read_text(text).map_err(|e| format!("data-set: {e}"))? {
        Value::Object(m) => Ok(m.into_iter().collect()),
        _ => Err("data-set: must be a JSON object {\"path\": value, …}".into()),
    }
}

/// `data-set`'s text for these parameters.
pub fn sets_text(sets: &[(String, Value)]) -> String {
    let mut m = serde_json::Map::new();
    for (k, v) in sets {
        m.insert(k.clone(), v.clone());
    }
    serde_json::to_string(&Value::Object(m)).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------
// Tokens

fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

fn base36(mut x: u32) -> String {
    let mut d = String::new();
    loop {
        d.insert(0, char::from(b"0123456789abcdefghijklmnopqrstuvwxyz"[(x % 36) as usize]));
        x /= 36;
        if x == 0 {
            return d;
        }
    }
}

/// Hexadecimal digits (the bits after `!`).
fn hex(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    s.chars().try_fold(0u64, |acc, c| Some(acc << 4 | c.to_digit(16)? as u64))
}

/// Percent-encode all but letters, digits and `-._,[]!`.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._,[]!".contains(&b) {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(b"0123456789ABCDEF"[(b >> 4) as usize]));
            out.push(char::from(b"0123456789ABCDEF"[(b & 15) as usize]));
        }
    }
    out
}

/// Undo [`esc`] (any `%XX`).
pub fn unesc(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut k = 0;
    while k < b.len() {
        if b[k] == b'%' {
            let hex = s.get(k + 1..k + 3).and_then(|h| u8::from_str_radix(h, 16).ok());
            out.push(hex.ok_or_else(|| format!("bad escape in `{}`", clip(s)))?);
            k += 3;
        } else {
            out.push(b[k]);
            k += 1;
        }
    }
    String::from_utf8(out).map_err(|_| format!("not UTF-8: `{}`", clip(s)))
}

/// A number token: the short form when it reads back to the same bits, else `!` + hex bits.
fn num32(x: f32) -> String {
    let s = short32(x);
    if read_num(&s).is_some_and(|y| y as f32 == x && (y as f32).is_sign_negative() == x.is_sign_negative()) {
        s
    } else {
        format!("!{:x}", x.to_bits())
    }
}

fn read_num(s: &str) -> Option<f64> {
    scenario::read_text(s).ok()?.as_f64()
}

fn point(args: &str) -> Result<Vec2, String> {
    let (x, y) = args.split_once(',').ok_or_else(|| format!("expected x,y, got `{}`", clip(args)))?;
    Ok(Vec2::new(coord(x)?, coord(y)?))
}

/// One finite number of an input (`num32`'s text).
fn coord(t: &str) -> Result<f32, String> {
    let x = match t.strip_prefix('!') {
        Some(h) => hex(h).filter(|&b| b <= u32::MAX as u64).map(|b| f32::from_bits(b as u32)),
        None => read_num(t).map(|x| x as f32),
    };
    x.filter(|x| x.is_finite()).ok_or_else(|| format!("not a number: `{}`", clip(t)))
}

/// A value token (see the module's note).
fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) if scenario::read_text(s).is_err() && !s.is_empty() && !s.starts_with('!') => esc(s),
        Value::Number(n) if n.is_f64() => {
            let x = n.as_f64().unwrap_or(0.0);
            let s = short64(x);
            if read_num(&s).is_some_and(|y| y.to_bits() == x.to_bits()) {
                s
            } else {
                format!("!{:x}", x.to_bits())
            }
        }
        _ => esc(&serde_json::to_string(v).unwrap_or_default()),
    }
}

fn value_of(t: &str) -> Result<Value, String> {
    if let Some(h) = t.strip_prefix('!') {
        let x = hex(h).map(f64::from_bits).filter(|x| x.is_finite());
        return x
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| format!("bad number `{}`", clip(t)));
    }
    let s = unesc(t)?;
    Ok(scenario::read_text(&s).unwrap_or(Value::String(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back() {
        for s in ["flock", "path-waypoints", "a b/c~d:é", ""] {
            assert_eq!(unesc(&esc(s)).unwrap(), s);
        }
        assert_eq!(esc("behaviours[1].weight"), "behaviours[1].weight");
        for x in [0.0f32, -0.0, 123.45, 1e-7, 3.4e38, 1e-45, 0.1, -7.25] {
            let t = num32(x);
            let back = point(&format!("{t},{t}")).unwrap();
            assert_eq!(back.x.to_bits(), x.to_bits(), "{x} → {t}");
        }
        assert_eq!(num32(123.45), "123.45");
        for v in [serde_json::json!(0.55), serde_json::json!(2), serde_json::json!(-3), serde_json::json!(true)] {
            assert_eq!(value_of(&value_text(&v)).unwrap(), v);
        }
        assert_eq!(value_text(&serde_json::json!("food")), "food");
        assert_eq!(value_of(&value_text(&serde_json::json!("true"))).unwrap(), serde_json::json!("true"));
        assert_eq!(value_of(&value_text(&serde_json::json!([1.5, 2]))).unwrap(), serde_json::json!([1.5, 2]));
        assert_eq!(base36(0), "0");
        assert_eq!(u32::from_str_radix(&base36(u32::MAX), 36).unwrap(), u32::MAX);
        assert_eq!(hex("ff"), Some(255));
        assert_eq!(hex("x"), None);
    }
}
