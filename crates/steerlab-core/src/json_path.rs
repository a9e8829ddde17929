//! Reading a typed scenario out of a `serde_json::Value` while keeping the field path of the place
//! that failed (`world.width: invalid type: string "wide", expected f32`).
//!
//! Not `serde_path_to_error`: wrapping serde_json's reader compiles every derived reader twice
//! (9.5 KB gzipped of the module: docs/performance.md, "Payload"). This deserialiser is the only
//! one the derived readers are compiled against, and notes the path itself: a key or an index is
//! pushed before its value is read and popped after, so after an error the stack names the
//! innermost place.
//!
//! Numbers, strings, options and unit enums are read as serde_json's `&Value` reader reads them;
//! a struct is read from an object only (serde_json also took an array of its fields in order).

use glam::Vec2;
use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    self, DeserializeSeed, Deserializer, Error as _, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};
use serde::Deserialize;
use serde_json::Value;
use std::cell::RefCell;
use std::fmt;
use std::fmt::Write;

/// One step of a field path: an object key or an array index (also what `scenario::read_text`
/// notes while it reads the text).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Seg {
    Key(String),
    Index(usize),
}

/// A reading's state ([`read_all`]).
#[derive(Default)]
struct Reading {
    /// Where the reader is. Kept here rather than in the deserialiser so that a value read in two
    /// steps (a behaviour: its keys first, then the struct its `type` names, through [`nested`])
    /// still has its whole path (`behaviours[0].radius: unknown field`).
    path: Vec<Seg>,
    /// The wrong types met by this reading: each is noted, with its path, and read as an empty
    /// value (0, "", false, an empty list or object) so that the reading goes on.
    found: Vec<(String, String)>,
    /// Places this reading passes over: each stopped an earlier reading (an unknown field, an
    /// unknown name, a missing field) and is already noted.
    skip: Vec<Vec<Seg>>,
    /// The message of the last [`Error`] made (the error itself carries nothing: see there).
    msg: String,
}

thread_local! {
    // (A const initialiser: a lazy one links the thread-local's lazy storage.)
    static READING: RefCell<Reading> =
        const { RefCell::new(Reading { path: Vec::new(), found: Vec::new(), skip: Vec::new(), msg: String::new() }) };
}

fn push(seg: Seg) {
    READING.with(|r| r.borrow_mut().path.push(seg));
}

fn pop() {
    READING.with(|r| r.borrow_mut().path.pop());
}

/// The path as `serde_path_to_error` wrote it: `behaviours[0].type`, `world.width`; "" for the
/// document itself.
pub(crate) fn path_string(path: &[Seg]) -> String {
    let mut s = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => {
                let _ = write!(s, "[{i}]");
            }
        }
    }
    s
}

/// Read a `T` from `value`; on error, the path of the first mistake and the message.
#[cfg(test)]
pub(crate) fn from_value<'a, T: de::Deserialize<'a>>(value: &'a Value) -> Result<T, (String, String)> {
    match read_all(value, 0) {
        (Some(t), found, _) if found.is_empty() => Ok(t),
        (_, mut found, _) => Err(found.swap_remove(0)),
    }
}

/// Read a `T` from `value` and note every mistake on the way (`passes` readings at most), each as its
/// path and the reason, in the document's order (keys alphabetical). A wrong type is noted and
/// read as an empty value, so the reading goes on; a mistake that stops a reading (an unknown
/// field or name, a missing field) is noted and its place skipped by the next reading, until one
/// gets through or the document itself fails. Returns the value (when a reading got through), the
/// mistakes, and whether a list entry was skipped (the value then lacks it).
pub(crate) fn read_all<'a, T: de::Deserialize<'a>>(
    value: &'a Value,
    passes: usize,
) -> (Option<T>, Vec<(String, String)>, bool) {
    let mut all = Vec::new();
    let mut entry_skipped = false;
    let mut first = true;
    // Each reading skips one more place, or ends.
    loop {
        begin(first);
        first = false;
        match T::deserialize(At(value)) {
            Ok(t) => {
                settle(None, &mut all, passes, &mut entry_skipped);
                return (Some(t), all, entry_skipped);
            }
            Err(Error(())) => {
                if !settle(Some(()), &mut all, passes, &mut entry_skipped) {
                    return (None, all, entry_skipped);
                }
            }
        }
    }
}

/// A reading starts at the document (the first forgets the places skipped before).
#[inline(never)]
fn begin(first: bool) {
    READING.with(|r| {
        let mut r = r.borrow_mut();
        r.path.clear();
        r.found.clear();
        if first {
            r.skip.clear();
        }
    })
}

/// After a reading: its mistakes onto `all` (each place once), and the place of the one that
/// stopped it (`stopped`) to skip next time. False when there is no next time: the document
/// itself failed, the place was skipped already, or `passes` readings were made.
#[inline(never)]
fn settle(stopped: Option<()>, all: &mut Vec<(String, String)>, passes: usize, entry_skipped: &mut bool) -> bool {
    READING.with(|r| {
        let r = &mut *r.borrow_mut();
        let at = std::mem::take(&mut r.path);
        let mut found = std::mem::take(&mut r.found);
        if stopped.is_some() {
            let e = std::mem::take(&mut r.msg);
            // A key skipped for its own mistake leaves its field missing: not another one.
            let echo =
                e.starts_with("missing field") && r.skip.iter().any(|q| q.len() == at.len() + 1 && q.starts_with(&at));
            if !echo {
                found.push((path_string(&at), e));
            }
        }
        for f in found {
            if !all.iter().any(|(p, _)| *p == f.0) {
                all.push(f);
            }
        }
        if at.is_empty() || r.skip.len() >= passes || r.skip.contains(&at) {
            return false;
        }
        *entry_skipped |= matches!(at.last(), Some(Seg::Index(_)));
        r.skip.push(at);
        true
    })
}

/// Whether the key or index `seg` under the current path is a place to pass over ([`read_all`]).
/// (Not generic, and not inlined: every struct's and list's reader calls it.)
#[inline(never)]
fn skipped(key: Option<&str>, index: usize) -> bool {
    READING.with(|r| {
        let r = r.borrow();
        let p = &r.path;
        r.skip.iter().any(|q| {
            q.len() == p.len() + 1
                && q.starts_with(p)
                && match (&q[p.len()], key) {
                    (Seg::Key(k), Some(key)) => k == key,
                    (Seg::Index(i), None) => *i == index,
                    _ => false,
                }
        })
    })
}

/// Note a wrong type at the current path (`Reading::found`).
#[inline(never)]
fn note_wrong(v: &Value, exp: &dyn de::Expected) {
    let _ = Error::invalid_type(unexpected(v), exp);
    READING.with(|r| {
        let r = &mut *r.borrow_mut();
        let e = std::mem::take(&mut r.msg);
        r.found.push((path_string(&r.path), e));
    });
}

/// Read a `T` from `value` inside a [`from_value`] (the path goes on from where that reader is).
pub(crate) fn nested<'a, T: de::Deserialize<'a>>(value: &'a Value) -> Result<T, Error> {
    T::deserialize(At(value))
}

/// The reader's error: a message for people, worded as serde_json's own reader words it.
///
/// The message itself waits in the reading's state (`Reading::msg`: the last error made, which
/// is the one a reader returns) and the error carries nothing: every derived reader then passes
/// a one-word `Result` on instead of a `String` and has no message to drop on its error paths.
///
/// Not `serde_json::Error`: its `invalid_type` prints serde's `Unexpected`, whose float arm links
/// core's float printer (`flt2dec`, with `f32::clamp`'s panic message the last users of it in the
/// module); this one describes the unexpected value itself, floats through serde_json's printer.
#[derive(Debug)]
pub struct Error(());

/// An error with this message (`Reading::msg`).
#[inline(never)]
fn error(msg: String) -> Error {
    READING.with(|r| r.borrow_mut().msg = msg);
    Error(())
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        READING.with(|r| f.write_str(&r.borrow().msg))
    }
}

impl std::error::Error for Error {}

/// Every constructor is `#[inline(never)]`: serde's defaults (`missing_field`, `duplicate_field`,
/// `unknown_field`, …) and `custom`'s `to_string` were otherwise inlined at each field of each
/// derived reader. The wording is serde's own: the field and variant lists through
/// `serde::de::value::Error`, which keeps serde's default texts.
impl de::Error for Error {
    #[inline(never)]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        error(msg.to_string())
    }
    #[inline(never)]
    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        error(format!("invalid type: {}, expected {exp}", describe(&unexp)))
    }
    #[inline(never)]
    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        error(format!("invalid value: {}, expected {exp}", describe(&unexp)))
    }
    #[inline(never)]
    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        error(format!("invalid length {len}, expected {exp}"))
    }
    #[inline(never)]
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        error(de::value::Error::unknown_variant(variant, expected).to_string())
    }
    #[inline(never)]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        error(de::value::Error::unknown_field(field, expected).to_string())
    }
    #[inline(never)]
    fn missing_field(field: &'static str) -> Self {
        error(format!("missing field `{field}`"))
    }
    #[inline(never)]
    fn duplicate_field(field: &'static str) -> Self {
        error(format!("duplicate field `{field}`"))
    }
}

/// What serde_json's reader says of an unexpected value (`string "wide"`, `floating point `1.5``).
fn describe(u: &Unexpected<'_>) -> String {
    match *u {
        Unexpected::Bool(b) => format!("boolean `{b}`"),
        Unexpected::Unsigned(n) => format!("integer `{n}`"),
        Unexpected::Signed(n) => format!("integer `{n}`"),
        Unexpected::Float(x) => match serde_json::Number::from_f64(x) {
            Some(n) if n.to_string().contains(['.', 'e']) => format!("floating point `{n}`"),
            Some(n) => format!("floating point `{n}.0`"),
            None => "floating point".into(),
        },
        Unexpected::Char(c) => format!("character `{c}`"),
        Unexpected::Str(s) => format!("string {s:?}"),
        Unexpected::Unit => "null".into(),
        Unexpected::Seq => "sequence".into(),
        Unexpected::Map => "map".into(),
        Unexpected::Other(o) => o.into(),
        _ => "value".into(),
    }
}

struct At<'a>(&'a Value);

fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

impl<'a> At<'a> {
    fn wrong<V: Visitor<'a>>(&self, visitor: &V) -> Error {
        de::Error::invalid_type(unexpected(self.0), visitor)
    }
    /// A number (integers as integers, like serde_json's own reader); nothing else is offered to
    /// the visitor, so its other `visit_*` methods are not compiled for it. Another type is noted
    /// and read as 0 (one call of each `visit_*`: the noted case takes the same path).
    fn number<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let zero = serde_json::Number::from(0u8);
        let n = match self.0 {
            Value::Number(n) => n,
            v => {
                note_wrong(v, &visitor);
                &zero
            }
        };
        match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => visitor.visit_u64(u),
            (None, Some(i)) => visitor.visit_i64(i),
            _ => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
        }
    }
    fn string<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let s = match self.0 {
            Value::String(s) => s,
            v => {
                note_wrong(v, &visitor);
                ""
            }
        };
        visitor.visit_borrowed_str(s)
    }
    fn seq<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let items: &[Value] = match self.0 {
            Value::Array(items) => items,
            v => {
                note_wrong(v, &visitor);
                &[]
            }
        };
        // As serde_json's own reader: a fixed-size array (`[x, y]`) with elements left over is
        // an error, not silently cut.
        let mut seq = Items { iter: items.iter(), index: 0 };
        let v = visitor.visit_seq(&mut seq)?;
        if seq.iter.len() == 0 {
            Ok(v)
        } else {
            Err(de::Error::invalid_length(items.len(), &"fewer elements in array"))
        }
    }
    fn map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let iter = match self.0 {
            Value::Object(map) => Some(map.iter()),
            v => {
                note_wrong(v, &visitor);
                None
            }
        };
        visitor.visit_map(Entries { iter, value: None })
    }
}

macro_rules! typed {
    ($how:ident: $($f:ident)*) => {
        $(fn $f<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
            self.$how(visitor)
        })*
    };
}

impl<'a> Deserializer<'a> for At<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(_) => self.number(visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(_) => self.seq(visitor),
            Value::Object(_) => self.map(visitor),
        }
    }

    typed!(number: deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_u8
        deserialize_u16 deserialize_u32 deserialize_u64 deserialize_f32 deserialize_f64);
    typed!(string: deserialize_str deserialize_string deserialize_identifier deserialize_char);
    typed!(seq: deserialize_seq deserialize_bytes deserialize_byte_buf);
    typed!(map: deserialize_map);

    fn deserialize_bool<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let b = match self.0 {
            Value::Bool(b) => *b,
            v => {
                note_wrong(v, &visitor);
                false
            }
        };
        visitor.visit_bool(b)
    }

    fn deserialize_unit<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'a>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.seq(visitor)
    }

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    /// Objects only: a derived reader's `visit_seq` is then never compiled.
    fn deserialize_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.map(visitor)
    }

    /// Unit variants, written as strings (`"edges": "wrap"`).
    fn deserialize_enum<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_enum(BorrowedStrDeserializer::new(s)),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

struct Items<'a> {
    iter: std::slice::Iter<'a, Value>,
    index: usize,
}

impl<'a> Items<'a> {
    /// The next entry not skipped ([`read_all`]), its index on the path. (Not generic: one copy
    /// for every list's reader.) A skipped entry keeps its index: the ones after it are named as
    /// written.
    #[inline(never)]
    fn next_item(&mut self) -> Option<&'a Value> {
        loop {
            let value = self.iter.next()?;
            let i = self.index;
            self.index += 1;
            if !skipped(None, i) {
                push(Seg::Index(i));
                return Some(value);
            }
        }
    }
}

impl<'a> SeqAccess<'a> for Items<'a> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'a>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let Some(value) = self.next_item() else { return Ok(None) };
        let v = seed.deserialize(At(value))?;
        pop();
        Ok(Some(v))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct Entries<'a> {
    /// `None`: an empty object (read in place of a value of the wrong type).
    iter: Option<serde_json::map::Iter<'a>>,
    value: Option<&'a Value>,
}

impl<'a> Entries<'a> {
    /// The next key and value not skipped ([`read_all`]). (Not generic: one copy for every
    /// struct's reader.)
    /// The key goes on the path before it is read: `unknown field` names it (`world.depth`).
    #[inline(never)]
    fn next_entry(&mut self) -> Option<&'a str> {
        loop {
            let (key, value) = self.iter.as_mut()?.next()?;
            if !skipped(Some(key), 0) {
                self.value = Some(value);
                push(Seg::Key(key.clone()));
                return Some(key);
            }
        }
    }

    /// The value of the key just read. (Not generic either.)
    #[inline(never)]
    fn take_value(&mut self) -> Result<&'a Value, Error> {
        self.value.take().ok_or_else(|| error("value is missing".into()))
    }
}

impl<'a> MapAccess<'a> for Entries<'a> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some(key) = self.next_entry() else { return Ok(None) };
        let k = seed.deserialize(key.into_deserializer())?;
        Ok(Some(k))
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let value = self.take_value()?;
        let v = seed.deserialize(At(value))?;
        pop();
        Ok(v)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.as_ref().map_or(0, |i| i.len()))
    }
}

// The strict reader: a JSON value read with its place noted for messages.
/// A JSON value read from text, like `serde_json::Value`'s own reader, except that a key written twice
/// in one object is noted ([`take_duplicate`]: `behaviours[0]: duplicate field `weight``), as
/// the derived readers said when they read the text directly.
pub(crate) struct Strict(pub serde_json::Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor { path: None, step: None })
    }
}

/// Reads a [`Strict`] value and, when it is given a path, notes on it where it is: as a seed, its
/// `step` (the key or index of the value it reads) goes on the path when the value itself starts
/// (after the `:` or `,` before it, so a missing colon is the object's error) and comes off once
/// the value was read; after a syntax error the path names the innermost place (`world: trailing
/// comma at line 1 column 37`), as `serde_path_to_error` did. One visitor type for both uses: the
/// text reader is compiled for it once.
pub(crate) struct StrictVisitor<'p> {
    pub(crate) path: Option<&'p RefCell<Vec<Seg>>>,
    pub(crate) step: Option<Seg>,
}

impl<'de> DeserializeSeed<'de> for StrictVisitor<'_> {
    type Value = Strict;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Strict, D::Error> {
        let (path, step) = (self.path, self.step);
        let noted = match (path, step) {
            (Some(p), Some(step)) => {
                p.borrow_mut().push(step);
                true
            }
            _ => false,
        };
        let v = d.deserialize_any(StrictVisitor { path, step: None })?;
        if noted {
            path.map(|p| p.borrow_mut().pop());
        }
        Ok(v)
    }
}

thread_local! {
    /// The first key written twice in one object by the text being read ([`take_duplicate`]).
    static DUPLICATE: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

/// A key written twice: noted (the first one in the text) and the reading goes on. Not an error
/// of the text reader's: `serde_json::Error::custom` links serde_json's `make_error`, which
/// looks for ` at line ` with core's substring searcher (3.3 KB of code before wasm-opt); the
/// message is made by [`take_duplicate`]'s caller instead (without the line and column).
#[inline(never)]
fn note_duplicate(path: Option<&RefCell<Vec<Seg>>>, key: &str) {
    DUPLICATE.with(|d| {
        let mut d = d.borrow_mut();
        if d.is_none() {
            let at = path.map(|p| path_string(&p.borrow())).unwrap_or_default();
            *d = Some((at, format!("duplicate field `{key}`")));
        }
    });
}

/// The first key written twice since the last call, as its object's path and the reason
/// (`behaviours[0]`, ``duplicate field `weight` ``).
pub(crate) fn take_duplicate() -> Option<(String, String)> {
    DUPLICATE.with(|d| d.borrow_mut().take())
}

impl<'de> Visitor<'de> for StrictVisitor<'_> {
    type Value = Strict;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(Value::Number(v.into())))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(Value::Number(v.into())))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        // The text reader gives finite numbers only ("number out of range" otherwise).
        Ok(Strict(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Value::String(v.to_owned())))
    }
    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(Value::String(v)))
    }
    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(v)) =
            seq.next_element_seed(StrictVisitor { path: self.path, step: Some(Seg::Index(items.len())) })?
        {
            items.push(v);
        }
        Ok(Strict(Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut m = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let step = self.path.map(|_| Seg::Key(key.clone()));
            let Strict(v) = map.next_value_seed(StrictVisitor { path: self.path, step })?;
            if m.contains_key(&key) {
                note_duplicate(self.path, &key);
            } else {
                m.insert(key, v);
            }
        }
        Ok(Strict(Value::Object(m)))
    }
}

// JSON helpers: the numbers steerlab reports, as JSON values.

/// A JSON object from its entries. (`json!({…})` with computed values went through
/// `serde_json::to_value`: a second serialiser, into `Value`, in the wasm module.)
pub fn obj(entries: Vec<(&str, Value)>) -> Value {
    // Inserted one by one: collecting into the map sorts the entries first (a stable sort in the
    // wasm module for this alone).
    let mut m = serde_json::Map::new();
    for (k, v) in entries {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

/// `[x, y]` in the shortest decimal form.
pub fn vec2v(v: Vec2) -> Value {
    Value::Array(vec![f32v(v.x), f32v(v.y)])
}

/// An f32 as a JSON number with its shortest round-trip decimal form.
pub fn f32v(x: f32) -> Value {
    if !x.is_finite() {
        return Value::Null;
    }
    // serde_json writes an f32 as the shortest decimal that reads back as the same f32, and reads
    // that text back as a JSON number itself: no second float printer or parser (core's `{}` and
    // `str::parse::<f64>`, whose table of powers of five alone is 10.4 KB) in the wasm module.
    serde_json::to_string(&x).ok().and_then(|t| t.parse::<serde_json::Number>().ok()).map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    /// A key written twice is named with its object's path, before a later syntax error, and is
    /// not left over for the next text.
    #[test]
    fn a_key_written_twice_is_named_by_its_object() {
        let read = crate::scenario::read_text;
        assert_eq!(read(r#"{"world": {"width": 1, "width": 2}}"#).unwrap_err(), "world: duplicate field `width`");
        assert_eq!(read(r#"{"a": [{"b": 1}, {"c": 1, "c": 2}], "d": [1,]}"#).unwrap_err(), "a[1]: duplicate field `c`");
        assert!(read(r#"{"name": 1, "name": 2}"#).unwrap_err().ends_with(": duplicate field `name`"));
        assert_eq!(read(r#"{"world": {"width": 1}}"#).unwrap(), json!({"world": {"width": 1}}));
        assert_eq!(read(r#"{"d": [1,]}"#).unwrap_err(), "d: trailing comma at line 1 column 10");
    }

    /// The reader's own error words a wrong value as serde_json's reader does (floats included,
    /// printed without core's float printer).
    #[test]
    fn messages_as_serde_json_words_them() {
        fn both<T: for<'a> Deserialize<'a> + std::fmt::Debug>(v: Value) {
            let ours = from_value::<T>(&v).unwrap_err().1.to_string();
            let theirs = serde_json::from_value::<T>(v.clone()).unwrap_err().to_string();
            assert_eq!(ours, theirs, "{v}");
        }
        both::<u32>(json!(1.5));
        both::<u32>(json!(-2.0e-7));
        both::<u32>(json!(1e300));
        both::<u32>(json!(3.0));
        both::<bool>(json!(3));
        both::<bool>(json!(-3));
        both::<String>(json!(null));
        both::<String>(json!(true));
        both::<f32>(json!("wi\"de"));
        both::<Vec<u8>>(json!({"a": 1}));
        both::<u8>(json!(300));
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        width: f32,
        #[serde(default)]
        tag: Option<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Mode {
        Wrap,
        Bounce,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        inner: Inner,
        items: Vec<Inner>,
        mode: Mode,
        count: usize,
    }

    fn err(v: Value) -> String {
        let (path, e) = from_value::<Outer>(&v).unwrap_err();
        format!("{path}: {e}")
    }

    fn good() -> Value {
        json!({"inner": {"width": 3}, "items": [{"width": 1.5, "tag": "a"}, {"width": 2}], "mode": "bounce", "count": 4})
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let v = good();
        let ours: Outer = from_value(&v).unwrap();
        assert_eq!(ours, Outer::deserialize(&v).unwrap());
        assert_eq!(ours.items[0].tag.as_deref(), Some("a"));
        assert_eq!(ours.mode, Mode::Bounce);
    }

    #[test]
    fn errors_name_the_innermost_place() {
        let mut v = good();
        v["inner"]["width"] = json!("wide");
        assert_eq!(err(v), "inner.width: invalid type: string \"wide\", expected f32");
        let mut v = good();
        v["items"][1]["depth"] = json!(3);
        assert!(err(v).starts_with("items[1].depth: unknown field `depth`"));
        let mut v = good();
        v["items"][1] = json!({});
        assert_eq!(err(v), "items[1]: missing field `width`");
        let mut v = good();
        v["mode"] = json!("mirror");
        assert!(err(v).starts_with("mode: unknown variant `mirror`"));
        let mut v = good();
        v["count"] = json!(1.5);
        assert_eq!(err(v), "count: invalid type: floating point `1.5`, expected usize");
        let mut v = good();
        v["inner"] = json!([3]);
        assert!(err(v).starts_with("inner: invalid type: sequence"));
        let mut v = good();
        v["mode"] = json!(2);
        assert!(err(v).starts_with("mode: invalid type: integer `2`"));
        assert_eq!(err(json!([])), ": invalid type: sequence, expected struct Outer");
    }

    #[test]
    fn the_path_is_unwound_after_each_value() {
        // An error after several good entries names only its own place.
        let mut v = good();
        v["count"] = json!(-1);
        assert_eq!(err(v), "count: invalid value: integer `-1`, expected usize");
        assert_eq!(path_string(&[Seg::Key("a".into()), Seg::Index(2), Seg::Key("b".into())]), "a[2].b");
    }
}
