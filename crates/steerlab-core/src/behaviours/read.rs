//! The scenario's behaviour objects read by hand (not serde's derive): see [`Behaviour`]'s `Deserialize`.

use super::{read_kind, Behaviour, Kind};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

/// serde's derive for an internally tagged enum buffers the object into its private `Content` and
/// reads each behaviour from that: a whole second deserialiser (5.3 KB gzipped in the wasm module).
/// Here the object's other keys are read into a `serde_json::Map` (through the caller's
/// deserialiser), and the behaviour is read from that map by `json_path::nested`, which goes on
/// with the caller's field path (`behaviours[0].radius: unknown field `radius`, expected …`).
impl<'de> Deserialize<'de> for Behaviour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Behaviour;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(r#"a behaviour object {"type": …}"#)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Behaviour, A::Error> {
                let mut kind = None;
                let mut rest = serde_json::Map::new();
                while let Some(key) = map.next_key::<String>()? {
                    if key == "type" {
                        if kind.is_some() {
                            return Err(de::Error::duplicate_field("type"));
                        }
                        kind = Some(map.next_value::<Kind>()?);
                    } else {
                        // (A plain `Value`: the text's own reader, `Strict`, has already
                        // refused a key written twice; `Value`'s reader is in the module anyway.)
                        let value: Value = map.next_value()?;
                        if rest.contains_key(&key) {
                            return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                        }
                        rest.insert(key, value);
                    }
                }
                let kind = kind.ok_or_else(|| de::Error::missing_field("type"))?;
                // The other keys are read by the same path-noting reader as the rest of the
                // scenario (`json_path::nested`), so a behaviour's field errors name the field
                // (`behaviours[0].radius: unknown field`) and its numbers share that reader's code.
                read_kind(kind, &Value::Object(rest)).map_err(de::Error::custom)
            }
        }
        d.deserialize_map(V)
    }
}
