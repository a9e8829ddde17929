//! The inspector's pseudocode as data: for one term of an agent's [`Explain`](super::report::Explain),
//! the lines its behaviour writes ([`Behave::pseudo`](super::behaviours::Behave::pseudo)) — code as
//! the tutorials write it, or a word key for a line with words (a comment, a description) — each
//! with the agent's value at this step and the key of `explain()` it shows on the canvas. The core
//! holds no words: the shell writes the keys in the reader's language (`lang::pseudo`).

use super::steer::{Contribution, Note};
use super::text::Fixed;
use glam::Vec2;

/// A line's text: code, or a word key (`pseudo.<behaviour>.<line>`) for a line with words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    Code(&'static str),
    Key(&'static str),
}

/// The value shown beside a line: a number, vector or index as text, or a word (a word key,
/// `word.yes`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    Text(String),
    Word(&'static str),
}

/// One line of pseudocode and the agent's value for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub code: Code,
    /// The value at this step (empty text: the line only explains).
    pub value: Shown,
    /// What the line shows on the canvas: a key of `explain()`, or "" for nothing.
    pub key: &'static str,
}

/// The limited steering force of a rule that seeks a desired velocity.
pub const LIMIT: &str = "force = limit(desired - velocity, max_force)";

/// A number as the panel shows it: more decimals for small numbers (separation's sums are ~0.05).
pub fn num(x: f32) -> String {
    fixed(x, decimals(x.abs()))
}

/// A number rounded as [`num`] rounds it, without trailing zeros: a weight of 1.5 reads `1.5`,
/// 2 reads `2`, weight × urgency 0.015967011 reads `0.016`.
pub fn short(x: f32) -> String {
    let mut s = num(x);
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    s
}

/// The decimals for numbers up to `a` in size.
fn decimals(a: f32) -> u32 {
    if a >= 100.0 {
        1
    } else if a >= 1.0 {
        2
    } else {
        3
    }
}

/// `x` with `d` decimals (1 to 3); -0.000 reads as 0.000.
fn fixed(x: f32, d: u32) -> String {
    let zero = (x.abs() as f64 * [1.0, 10.0, 100.0, 1000.0][d as usize]).round() == 0.0;
    Fixed(if zero { 0.0 } else { x as f64 }, d).to_string()
}

/// `(x, y)`, both with the decimals of the larger: `(15.61, 0.98)`, `(-0.087, 0.015)`.
pub fn vec(v: Vec2) -> String {
    let d = decimals(v.x.abs().max(v.y.abs()));
    format!("({}, {})", fixed(v.x, d), fixed(v.y, d))
}

/// `(x, y) · |length|`.
pub fn vlen(v: Vec2) -> String {
    format!("{} · |{}|", vec(v), num(v.length()))
}

/// The lines of one term, as a behaviour writes them.
pub struct Lines<'a> {
    pub t: &'a Contribution,
    pub lines: Vec<Line>,
}

impl<'a> Lines<'a> {
    pub fn new(t: &'a Contribution) -> Self {
        Lines { t, lines: Vec::new() }
    }
    /// A line of code with a value shown as text.
    pub fn add(&mut self, code: &'static str, value: String, key: &'static str) {
        self.lines.push(Line { code: Code::Code(code), value: Shown::Text(value), key });
    }
    /// A line with words (word key `text`).
    pub fn words(&mut self, text: &'static str, value: Shown, key: &'static str) {
        self.lines.push(Line { code: Code::Key(text), value, key });
    }
    /// A line of code with a value that is a word (word key).
    pub fn add_word(&mut self, code: &'static str, value: Shown, key: &'static str) {
        self.lines.push(Line { code: Code::Code(code), value, key });
    }
    /// What the term noted under `k`.
    pub fn note(&self, k: &str) -> Option<Note> {
        self.t.detail.notes.iter().find(|(n, _)| *n == k).map(|&(_, v)| v)
    }
    /// The point noted under `k`, if any, on a line of its own.
    pub fn point(&mut self, code: &'static str, k: &'static str) {
        if let Some(Note::Point(p)) = self.note(k) {
            self.add(code, vec(p), k);
        }
    }
    pub fn yes(b: bool) -> Shown {
        Shown::Word(if b { "word.yes" } else { "word.no" })
    }
    /// `#k`, or "none".
    pub fn index(i: Option<usize>) -> Shown {
        match i {
            Some(k) => Shown::Text(format!("#{k}")),
            None => Shown::Word("word.none"),
        }
    }
    pub fn desired(&mut self, code: &'static str) {
        self.desired_as(Code::Code(code));
    }
    /// [`Lines::desired`] with a line that has words (word key `text`).
    pub fn desired_words(&mut self, text: &'static str) {
        self.desired_as(Code::Key(text));
    }
    fn desired_as(&mut self, code: Code) {
        if let Some(d) = self.t.detail.desired {
            self.lines.push(Line { code, value: Shown::Text(vlen(d)), key: "desired" });
        }
    }
    /// `force = …` (the rule's force, limited), its weight `w` and `w * force` (weighted).
    pub fn force(&mut self, code: &'static str) {
        self.force_as(Code::Code(code));
    }
    /// [`Lines::force`] with a `force = …` line that has words (word key `text`).
    pub fn force_words(&mut self, text: &'static str) {
        self.force_as(Code::Key(text));
    }
    fn force_as(&mut self, code: Code) {
        self.force_weighted(code, "pseudo.weight");
    }
    /// [`Lines::force`] for a term whose weight is not the rule's weight alone: `weight` is the
    /// word key of the `w` line that says what it is (avoid_obstacles: weight × urgency).
    pub fn force_with_weight(&mut self, code: &'static str, weight: &'static str) {
        self.force_weighted(Code::Code(code), weight);
    }
    fn force_weighted(&mut self, code: Code, weight: &'static str) {
        let c = self.t;
        self.lines.push(Line { code, value: Shown::Text(vlen(c.raw)), key: "steer" });
        self.words(weight, Shown::Text(short(c.weight)), "");
        self.add("w * force", vlen(c.raw * c.weight), "weighted");
    }
    /// The neighbours that counted, on a line with words (word key `text`).
    pub fn count(&mut self, text: &'static str) -> u32 {
        let n = self.t.detail.neighbours.unwrap_or(0);
        self.words(text, Shown::Text(n.to_string()), "neighbours");
        n
    }
    /// The line of a rule that added nothing this step (word key `text`).
    pub fn nothing(&mut self, text: &'static str) {
        self.words(text, Shown::Text(vec(Vec2::ZERO)), "");
    }
    /// A term without pseudocode of its own: what it noted, and its force.
    pub fn noted(&mut self) {
        self.desired("desired");
        for &(k, v) in &self.t.detail.notes {
            let shown = match v {
                Note::Point(p) => Shown::Text(vec(p)),
                Note::Num(x) => Shown::Text(num(x)),
                Note::Int(i) => Shown::Text(i.to_string()),
                Note::Flag(f) => Self::yes(f),
                Note::Index(i) => match i {
                    Some(i) => Shown::Text(format!("#{i}")),
                    None => Shown::Text("—".into()),
                },
                Note::Word(w) => Shown::Text(w.to_string()),
            };
            self.add_word(k, shown, k);
        }
        self.force("force");
    }
    /// The world's edges (`Edges::Steer`: the engine's own term, also a leader's).
    pub fn edges(&mut self) {
        self.desired("desired = normalize(world.center - self.position) * max_speed");
        self.force(LIMIT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_with_decimals_for_their_size() {
        assert_eq!(num(0.05234), "0.052");
        assert_eq!(num(-12.345), "-12.35");
        assert_eq!(num(192.0), "192.0");
        assert_eq!(num(-0.0001), "0.000");
        // Weights: rounded, trailing zeros dropped.
        assert_eq!(short(0.015967011), "0.016");
        assert_eq!(short(1.5), "1.5");
        assert_eq!(short(2.0), "2");
        assert_eq!(short(0.6), "0.6");
        assert_eq!(short(-0.0001), "0");
        // A vector's two numbers with the decimals of the larger.
        assert_eq!(vec(Vec2::new(1.0, -0.5)), "(1.00, -0.50)");
        assert_eq!(vec(Vec2::new(-39.55, 0.36)), "(-39.55, 0.36)");
        assert_eq!(vec(Vec2::new(0.0871, -0.015)), "(0.087, -0.015)");
        assert_eq!(vec(Vec2::new(406.74, -0.004)), "(406.7, 0.0)");
    }
}
