//! The chapters' try buttons as the pages write them, and pressing them the way `www/chapter.js`
//! does: shared by `tests/try_buttons.rs` (every button's promise, after other buttons in random
//! orders) and its tools.

#![allow(dead_code)]

use serde_json::{Map, Value};
use steerlab::sim::Sim;

use super::support::builtin_sim as sim;

/// One `<button class="try">` of a chapter.
#[derive(Clone, Debug)]
pub struct Button {
    /// The page, e.g. `pages/es/chapters/bandada.html`.
    pub file: String,
    /// The `id` of its canvas (`data-for`) and that canvas's built-in scenario.
    pub canvas: String,
    pub scenario: String,
    /// The `id` of the `<section>` it stands in.
    pub section: String,
    /// Its `data-set`, as written.
    pub set: String,
    /// Its text, tags removed.
    pub label: String,
    /// `data-restart`: after its settings the figure starts again from its first step.
    pub restart: bool,
}

impl Button {
    pub fn settings(&self) -> Map<String, Value> {
        parse_set(&self.set)
    }
}

pub fn parse_set(set: &str) -> Map<String, Value> {
    if set.trim().is_empty() {
        return Map::new();
    }
    match serde_json::from_str(set) {
        Ok(Value::Object(m)) => m,
        other => panic!("data-set {set:?} is not a JSON object: {other:?}"),
    }
}

/// The chapters' content files (`pages/<tag>/chapters/`), in the order of the chapters.
pub const CHAPTERS: [&str; 3] = ["flocking.html", "leader-queue-path.html", "bandada.html"];

/// The languages of the pages (`pages/<tag>/` with a words file), English first.
pub fn languages() -> Vec<String> {
    let mut tags: Vec<String> = std::fs::read_dir("pages")
        .expect("pages/")
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|t| std::path::Path::new(&format!("words/{t}.json")).exists())
        .collect();
    tags.sort_by_key(|t| (t != "en", t.clone()));
    tags
}

/// The chapters' content files in every language (English first): `pages/es/chapters/bandada.html`.
pub fn pages() -> Vec<String> {
    let mut out = Vec::new();
    for tag in languages() {
        for c in CHAPTERS {
            let f = format!("pages/{tag}/chapters/{c}");
            if std::path::Path::new(&f).exists() {
                out.push(f);
            }
        }
    }
    out
}

fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in s.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every try button of a page, in the page's order.
pub fn page_buttons(file: &str) -> Vec<Button> {
    let html = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let canvas = |id: &str| -> String {
        let key = format!(r#"<canvas id="{id}" data-scenario=""#);
        let at = html.find(&key).unwrap_or_else(|| panic!("{file}: no canvas #{id}"));
        let v = &html[at + key.len()..];
        v[..v.find('"').unwrap()].to_string()
    };
    let mut out = Vec::new();
    let marker = r#"class="try" data-for=""#;
    let mut from = 0;
    while let Some(k) = html[from..].find(marker) {
        let at = from + k;
        from = at + marker.len();
        let part = &html[from..];
        let id = &part[..part.find('"').unwrap()];
        let set = &part[part.find("data-set='").expect("data-set") + 10..];
        let set = &set[..set.find('\'').unwrap()];
        let tag = &part[..part.find('>').unwrap()];
        let body = &part[part.find('>').unwrap() + 1..];
        let label = strip_tags(&body[..body.find("</button>").unwrap()]);
        let sec = html[..at].rfind("<section id=\"").map(|s| {
            let v = &html[s + 13..];
            v[..v.find('"').unwrap()].to_string()
        });
        out.push(Button {
            file: file.to_string(),
            canvas: id.to_string(),
            scenario: canvas(id),
            section: sec.unwrap_or_default(),
            set: set.to_string(),
            label,
            restart: tag.contains("data-restart"),
        });
    }
    out
}

pub fn all_buttons() -> Vec<Button> {
    pages().iter().flat_map(|f| page_buttons(f)).collect()
}

/// The parameters a button of this canvas may put back (`www/chapter.js`): every path the page's
/// try buttons for the canvas set, and every control of its scenario (the reader's sliders), with
/// their values as the figure started.
pub fn defaults(file_buttons: &[Button], canvas: &str, s: &Sim) -> Vec<(String, Value)> {
    let mut paths: Vec<String> = Vec::new();
    for b in file_buttons.iter().filter(|b| b.canvas == canvas) {
        for k in b.settings().keys() {
            if !paths.contains(k) {
                paths.push(k.clone());
            }
        }
    }
    for c in &s.scenario().controls {
        if !paths.contains(&c.param) {
            paths.push(c.param.clone());
        }
    }
    paths.into_iter().map(|p| (p.clone(), s.get_value(&p).unwrap_or_else(|e| panic!("{canvas}: {p}: {e}")))).collect()
}

/// How a press treats what came before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Each button puts back what other buttons (or the sliders) changed, then applies its own
    /// settings: the figure as it started plus this button (`www/chapter.js`).
    FromDefaults,
    /// Each button applies its settings on top of whatever is there (how the buttons worked before
    /// issue 45; kept to count the promises held then).
    OnTop,
}

/// Press a button (its settings as a map) on a running simulation.
pub fn press(s: &mut Sim, how: Press, defaults: &[(String, Value)], set: &Map<String, Value>) {
    if how == Press::FromDefaults {
        for (p, v) in defaults {
            if !set.contains_key(p) && !same(&s.get_value(p).unwrap(), v) {
                s.set(p, v.clone()).unwrap_or_else(|e| panic!("back to the default {p}: {e}"));
            }
        }
    }
    for (p, v) in set {
        if !same(&s.get_value(p).unwrap_or(Value::Null), v) {
            s.set(p, v.clone()).unwrap_or_else(|e| panic!("{p}: {e}"));
        }
    }
}

/// Two parameter values are the same (numbers compared as numbers).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// A small seeded generator for the orders (SplitMix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// What came before a button: other buttons of its section, each followed by some seconds.
#[derive(Clone, Debug, Default)]
pub struct Before {
    pub presses: Vec<(usize, u32)>,
}

impl Before {
    /// A random order of a random subset of `others` (indices into the section's buttons), each
    /// pressed for 1–6 s; may press one twice.
    pub fn random(rng: &mut Rng, others: &[usize]) -> Before {
        let mut pool = others.to_vec();
        let mut presses = Vec::new();
        let n = if pool.is_empty() { 0 } else { 1 + rng.below(pool.len().min(4)) };
        for _ in 0..n {
            let k = rng.below(pool.len());
            let b = if rng.below(5) == 0 { pool[k] } else { pool.swap_remove(k) };
            presses.push((b, 60 + rng.below(301) as u32));
            if pool.is_empty() {
                break;
            }
        }
        Before { presses }
    }

    pub fn describe(&self, section: &[Button]) -> String {
        if self.presses.is_empty() {
            return "pressed first".into();
        }
        self.presses
            .iter()
            .map(|&(b, steps)| format!("“{}” {} then {:.1} s", section[b].label, section[b].set, steps as f32 / 60.0))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The canvas's built-in scenario after `before` (the presses of the section's buttons), then
/// `set` pressed (and the figure started again from its first step with `restart`).
pub fn after(section: &[Button], how: Press, before: &Before, set: &str, restart: bool) -> Sim {
    let first = &section[0];
    let mut s = sim(&first.scenario);
    let page = page_buttons(&first.file);
    let defs = defaults(&page, &first.canvas, &s);
    for &(b, steps) in &before.presses {
        press(&mut s, how, &defs, &section[b].settings());
        if section[b].restart && how == Press::FromDefaults {
            s.reset();
        }
        for _ in 0..steps {
            s.step();
        }
    }
    press(&mut s, how, &defs, &parse_set(set));
    if restart && how == Press::FromDefaults {
        s.reset();
    }
    s
}

/// The sections of the pages: the buttons of one canvas in one `<section>`, in the page's order
/// (each page once, in English: every language's pages have the same buttons, checked elsewhere).
pub fn sections() -> Vec<Vec<Button>> {
    let mut out: Vec<Vec<Button>> = Vec::new();
    for f in pages().iter().filter(|f| f.starts_with("pages/en/")) {
        for b in page_buttons(f) {
            match out.iter_mut().find(|s| s[0].file == b.file && s[0].section == b.section && s[0].canvas == b.canvas) {
                Some(s) => s.push(b),
                None => out.push(vec![b]),
            }
        }
    }
    out
}
pub mod checks;
pub mod measures;
