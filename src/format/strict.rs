//! Reading JSON text into a [`Value`] that refuses a key written twice in one object.
//!
//! `serde_json`'s own `Value` keeps the last of two equal keys, so `"sum": 5, "sum": 7` or a
//! second `"constraints"` would drop a rule without a word. Every JSON text the library reads
//! (native puzzles, f-puzzles JSON, decompressed payloads) goes through [`parse`]; a stream of
//! values (JSON lines) can use [`StrictValue`] as the item type.

use crate::error::{excerpt, Error};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Number, Value};
use std::fmt;

/// Parses one JSON text (nothing but whitespace after it), refusing duplicate keys with the
/// JSON path of the second occurrence: `constraints[0].sum: duplicate key "sum" (line 3,
/// column 20)`.
pub fn parse(text: &str) -> Result<Value, Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Node(String::new()).deserialize(&mut de).map_err(located)?;
    de.end().map_err(located)?;
    Ok(value)
}

/// A JSON value read with duplicate keys refused (for `serde_json::StreamDeserializer`).
#[derive(Debug, Clone, PartialEq)]
pub struct StrictValue(pub Value);

impl<'de> Deserialize<'de> for StrictValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Node(String::new()).deserialize(d).map(StrictValue)
    }
}

/// A serde_json error as one sentence: the message, then its line and column.
pub fn located(e: serde_json::Error) -> Error {
    let msg = e.to_string();
    let msg = match msg.rfind(" at line ") {
        Some(i) => &msg[..i],
        None => &msg,
    };
    if e.line() > 0 {
        Error::Format(format!(
            "{} (line {}, column {})",
            msg,
            e.line(),
            e.column()
        ))
    } else {
        Error::Format(msg.to_string())
    }
}

/// Reads the value at `path` (empty at the root).
struct Node(String);

impl Node {
    fn child_key(&self, key: &str) -> String {
        let plain = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_+-".contains(c));
        let key = if plain {
            key.to_string()
        } else {
            format!("{:?}", excerpt(key))
        };
        if self.0.is_empty() {
            key
        } else {
            format!("{}.{key}", self.0)
        }
    }
}

impl<'de> DeserializeSeed<'de> for Node {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(Node(format!("{}[{}]", self.0, items.len())))? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = self.child_key(&key);
            if out.contains_key(&key) {
                return Err(de::Error::custom(format_args!(
                    "{path}: duplicate key {:?} (a JSON object names each key once)",
                    excerpt(&key)
                )));
            }
            let value = map.next_value_seed(Node(path))?;
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_serde_json_reads() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true, {"b": {}}], "c+": {"d": []}}"#;
        assert_eq!(
            parse(text).unwrap(),
            serde_json::from_str::<Value>(text).unwrap()
        );
    }

    #[test]
    fn duplicate_keys_name_the_second_occurrence() {
        let e = parse(r#"{"size": 4, "size": 5}"#).unwrap_err().to_string();
        assert!(e.starts_with("size: duplicate key \"size\""), "{e}");
        assert!(e.contains("line 1, column"), "{e}");
        let e = parse(
            r#"{"constraints": [{"type": "killer"},
               {"type": "killer", "sum": 5, "sum": 7}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("constraints[1].sum: duplicate key \"sum\""),
            "{e}"
        );
        assert!(e.contains("line 2"), "{e}");
        let e = parse(r#"{"grid": [[{"value": 1, "value": 2}]]}"#)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("grid[0][0].value: duplicate key"), "{e}");
        // Equal keys in different objects are fine.
        assert!(parse(r#"{"a": {"x": 1}, "b": {"x": 1}}"#).is_ok());
    }

    #[test]
    fn trailing_text_and_streams() {
        assert!(parse("{} {}").is_err());
        let items: Vec<_> = serde_json::Deserializer::from_str("{\"a\":1}\n{\"a\":1,\"a\":2}")
            .into_iter::<StrictValue>()
            .collect();
        assert!(items[0].is_ok());
        let e = items[1].as_ref().unwrap_err().to_string();
        assert!(e.contains("a: duplicate key"), "{e}");
    }
}
