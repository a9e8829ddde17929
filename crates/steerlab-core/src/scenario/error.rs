//! Why a scenario cannot be read or run, as a type: every mistake found, each with the path of
//! the field it is about (`world.width`, `behaviours[2].radius`; `scenario` for the document
//! itself) and the reason in words. Its text (`Display`) is the message the page shows, one
//! mistake a line, exactly as [`super::parse`] writes it.

use std::fmt;

/// One mistake of a scenario: the field's path and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The field's path as a scenario writes it: `world.width`, `behaviours[2].radius`,
    /// `controls[6].param`; `scenario` when the mistake is the document's own (not an object, too
    /// large, a syntax error before any field).
    pub path: String,
    /// What is wrong: `must be > 0, got -3`, `unknown field \`wieght\`` …
    pub reason: String,
}

/// The mistakes of a scenario that [`crate::Sim::from_json`] or [`crate::Sim::new`] refused (at
/// most [`super::MAX_MISTAKES`] of them, and how many more there were). It holds the message as the
/// parser wrote it (one mistake a line, `path: reason`) and reads the mistakes from it when asked:
/// code that only shows the message (steerlab's pages) carries no more than a `String`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    message: String,
}

impl ScenarioError {
    /// Every mistake listed, in the order they were found. A line without `path: ` is a mistake
    /// of the document itself (`scenario`).
    pub fn mistakes(&self) -> Vec<Mistake> {
        let mut out: Vec<Mistake> = self.message.lines().filter(|l| more(l).is_none()).map(mistake).collect();
        if out.is_empty() {
            out.push(mistake(&self.message));
        }
        out
    }

    /// How many more mistakes there were past the ones listed.
    pub fn more(&self) -> usize {
        self.message.lines().find_map(more).unwrap_or(0)
    }

    /// The first mistake's field path (`world.width`).
    pub fn path(&self) -> String {
        self.mistakes().swap_remove(0).path
    }
}

/// `… and N more`: N.
fn more(line: &str) -> Option<usize> {
    line.strip_prefix("… and ").and_then(|r| r.strip_suffix(" more")).and_then(|n| n.parse().ok())
}

/// `path: reason` (a path has no spaces: `behaviours[2].radius`); anything else is the document's.
fn mistake(line: &str) -> Mistake {
    match line.split_once(": ") {
        Some((p, r)) if !p.is_empty() && !p.contains(' ') => Mistake { path: p.to_string(), reason: r.to_string() },
        _ => Mistake { path: "scenario".to_string(), reason: line.to_string() },
    }
}

/// A message of the parser or the rules (`path: reason` a line, then `… and N more`).
impl From<String> for ScenarioError {
    fn from(message: String) -> ScenarioError {
        ScenarioError { message }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScenarioError {}

/// The message as text, where an error is shown as it is (the web shell's `js_err`).
impl AsRef<str> for ScenarioError {
    fn as_ref(&self) -> &str {
        &self.message
    }
}

/// The message, for code that passes errors on as text (the web shell's).
impl From<ScenarioError> for String {
    fn from(e: ScenarioError) -> String {
        e.message
    }
}

#[cfg(test)]
mod tests {
    use crate::Sim;

    #[test]
    fn mistakes_name_their_fields_and_read_as_the_message() {
        let text =
            r#"{"name": "x", "world": {"width": -1, "height": 400}, "behaviours": [{"type": "seek", "wieght": 1}]}"#;
        let message = crate::scenario::parse(text).unwrap_err();
        let e = Sim::from_json(text).err().expect("refused");
        assert_eq!(e.to_string(), message, "the text is the parser's message");
        assert_eq!(AsRef::<str>::as_ref(&e), message, "as the web shell shows it");
        let paths: Vec<String> = e.mistakes().into_iter().map(|m| m.path).collect();
        assert_eq!(paths, ["behaviours[0].wieght", "scenario"], "{message}");
        assert!(e.mistakes()[1].reason.contains("missing field `agents`"), "{e:?}");
        assert!(e.mistakes().iter().any(|m| m.reason.contains("wieght")), "{e:?}");
        assert_eq!(e.path(), paths[0]);
        assert_eq!(e.more(), 0);
        // The document's own mistake.
        let e = Sim::from_json("[1]").err().expect("refused");
        assert_eq!(e.path(), "scenario");
        assert!(e.mistakes()[0].reason.contains("JSON object"), "{e:?}");
        // A rule (the validation after reading) names its field too.
        let e = Sim::from_json(r#"{"name": "x", "world": {"width": -1, "height": 10}, "agents": {"count": 1}}"#)
            .err()
            .expect("refused");
        assert_eq!(e.path(), "world.width", "{e}");
        assert!(e.mistakes()[0].reason.starts_with("must be > 0"), "{e:?}");
    }

    #[test]
    fn more_mistakes_than_listed_are_counted() {
        let e = super::ScenarioError::from("a.b: one\nc: two\n… and 7 more".to_string());
        assert_eq!(e.mistakes().len(), 2);
        assert_eq!(e.more(), 7);
        assert_eq!(e.to_string(), "a.b: one\nc: two\n… and 7 more");
    }
}
