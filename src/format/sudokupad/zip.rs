//! SudokuPad's "zipped" JSON, undone: SudokuPad shortens SCL JSON before compressing it by
//! renaming keys (`cells` → `ce`, at every depth), leaving keys unquoted, swapping `'` and
//! `"`, dropping empty arrays, writing empty cells `{}` as empty slots (`[,,]`), `t`/`f` for
//! booleans and colours as `#0`, `#F` or bare hex.
//!
//! The steps mirror SudokuPad's own unzip, so a text means here what it means there,
//! including its quirks (a bare six-digit value such as `123456` is read as a colour).

use serde_json::{Map, Value};

/// Short key → long key (SudokuPad's rename table, reversed).
const RENAMES: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Undoes the quote swap: a text holding no `"` had its quotes swapped (`\'` stands for a
/// quote inside a string).
fn unswap_quotes(text: &str) -> String {
    if text.contains('"') {
        return text.to_string();
    }
    text.replace("\\'", "\u{2019}")
        .replace('\'', "\"")
        .replace('\u{2019}', "'")
}

/// Whether `s` is six hex digits (a colour written bare).
fn is_hex6(s: &str) -> bool {
    s.len() == 6 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Turns zipped text into JSON text: keys quoted, empty slots filled, `t`/`f` and colour
/// shorthands expanded. Strings (`"…"`) are copied unchanged.
fn to_json_text(zipped: &str) -> String {
    let text = unswap_quotes(zipped);
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    // The last character outside a string that was not whitespace.
    let mut prev = ' ';
    while let Some(c) = text[i..].chars().next() {
        if c == '"' {
            // Copy the string as is (SudokuPad's splitter ends a string at the next quote).
            let end = text[i + 1..]
                .find('"')
                .map_or(text.len(), |e| i + 1 + e + 1);
            out.push_str(&text[i..end]);
            i = end;
            prev = '"';
            continue;
        }
        if matches!(prev, ',' | '{' | '[') {
            // An unquoted key: `{ce:` → `{"ce":`.
            let word_end = text[i..]
                .find(|ch: char| !ch.is_ascii_alphanumeric())
                .map_or(text.len(), |e| i + e);
            if word_end > i && text[word_end..].starts_with(':') {
                out.push('"');
                out.push_str(&text[i..word_end]);
                out.push_str("\":");
                i = word_end + 1;
                prev = ':';
                continue;
            }
            // An empty slot: `[,` `,,` `,]` → an empty object (`{}` stays itself).
            if matches!(c, ',' | ']' | '}') && !(prev == '{' && c == '}') {
                out.push_str("{}");
            }
        }
        if prev == ':' {
            // A value up to the next `,` `}` `]`: expand the shorthands.
            if let Some(end) = text[i..].find([',', '}', ']']).map(|e| i + e) {
                let long = match &text[i..end] {
                    "t" => Some("true".to_string()),
                    "f" => Some("false".to_string()),
                    "#0" => Some("\"#000000\"".to_string()),
                    "#F" => Some("\"#FFFFFF\"".to_string()),
                    v if is_hex6(v) => Some(format!("\"#{v}\"")),
                    _ => None,
                };
                if let Some(long) = long {
                    out.push_str(&long);
                    i = end;
                    prev = '"';
                    continue;
                }
            }
        }
        out.push(c);
        if !c.is_whitespace() {
            prev = c;
        }
        i += c.len_utf8();
    }
    out
}

/// Why a zipped text could not be read.
#[derive(Debug)]
pub enum UnzipError {
    /// Not JSON even after unzipping.
    Json,
    /// A short key and its long name both in one object.
    Collision(String),
}

/// Reads zipped SCL text into a JSON value with SudokuPad's long key names.
pub fn unzip(zipped: &str) -> Result<Value, UnzipError> {
    let json = to_json_text(zipped);
    let value = crate::format::strict::parse(&json).map_err(|_| UnzipError::Json)?;
    rename(value)
}

fn rename(value: Value) -> Result<Value, UnzipError> {
    Ok(match value {
        Value::Array(items) => {
            Value::Array(items.into_iter().map(rename).collect::<Result<_, _>>()?)
        }
        Value::Object(map) => {
            let mut out = Map::new();
            for (k, v) in map {
                let long = RENAMES
                    .iter()
                    .find(|(short, _)| *short == k)
                    .map_or(k.as_str(), |(_, long)| long)
                    .to_string();
                if out.contains_key(&long) {
                    return Err(UnzipError::Collision(crate::error::excerpt(&long)));
                }
                out.insert(long, rename(v)?);
            }
            Value::Object(out)
        }
        Value::String(s) if is_hex6(&s) => Value::String(format!("#{s}")),
        v => v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unzips_what_sudokupad_zips() {
        let zipped = "{ce:[[{v:5},,{}],[,,]],re:[[[0,0],[0,1]]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CFCFCF,th:21}],o:[{ct:[1,0.5],r:t,c1:#0,c2:#F,te:'It\\'s'}],ca:[{v:'title: Hi, there'}]}";
        let v = unzip(zipped).unwrap();
        assert_eq!(
            v,
            json!({
                "cells": [[{"value": 5}, {}, {}], [{}, {}, {}]],
                "regions": [[[0, 0], [0, 1]]],
                "lines": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]], "color": "#CFCFCF", "thickness": 21}],
                "overlays": [{"center": [1, 0.5], "rounded": true, "borderColor": "#000000", "backgroundColor": "#FFFFFF", "text": "It's"}],
                "cages": [{"value": "title: Hi, there"}]
            })
        );
    }

    #[test]
    fn plain_json_and_unicode_pass_through() {
        let v = unzip("{\"cells\":[[{}]],\"cages\":[{\"value\":\"rules: é — ✓\"}]}").unwrap();
        assert_eq!(v["cages"][0]["value"], "rules: é — ✓");
        assert!(unzip("{ce:[[{v:5}]],cells:[]}").is_err());
        assert!(unzip("{oops").is_err());
    }
}
