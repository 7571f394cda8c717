//! SudokuPad puzzles: SCL (`scl…`/`ctc…`, plain or zipped JSON), SCF (`scf…`, compact
//! classic) and the puzzles inside SudokuPad links (see `format::link`).
//!
//! An SCL puzzle says what is drawn, not what it means. It is translated into f-puzzles JSON
//! (`scl.rs`: size, givens, regions, metadata, global flags, cages; `draw.rs`: drawings that
//! SudokuPad itself recognises by colour and size) and read by the f-puzzles importer, so a
//! rule means the same from both sources. A drawing that maps to no rule is listed with its
//! location and the puzzle is refused — a dropped rule would make a wrong "unique" — unless
//! the caller said what it means ([`Meanings`]) or asked to read the weaker puzzle, and then
//! a warning names every ignored element.

mod build;
mod draw;
mod geom;
pub mod meanings;
mod scl;
#[cfg(test)]
mod tests;
mod words;
mod write;
mod zip;

pub use write::{scl_from_document, scl_from_fpuzzles, scl_link, Written};

use super::fpuzzles::{self, Import};
use super::lzstring;
use crate::error::Error;
pub use meanings::{Meanings, Rule, LINE_RULES};
use serde_json::{json, Map, Value};

fn err(msg: impl Into<String>) -> Error {
    Error::Format(format!("SudokuPad: {}", msg.into()))
}

/// Decompresses a SudokuPad payload (lz-string base64, `\` for the padding, `+` perhaps
/// read back as a space). A payload whose `//` a chat or browser collapsed into `/` is
/// repaired as SudokuPad does, by trying to double each single `/` (a bounded number of
/// tries). Errors say "not compressed" so that the caller can try the text as it is.
pub fn decompress(payload: &str) -> Result<String, Error> {
    let s: String = payload
        .chars()
        .filter(|c| !c.is_whitespace() || *c == ' ')
        .map(|c| match c {
            ' ' => '+',
            '\\' => '=',
            c => c,
        })
        .collect();
    let run = |s: &str| -> Result<String, lzstring::LzError> {
        let wide = lzstring::decompress_base64(s, super::MAX_JSON)?;
        let text = String::from_utf16(&wide).map_err(|_| lzstring::LzError::Corrupt)?;
        if text.is_empty() {
            return Err(lzstring::LzError::Corrupt);
        }
        Ok(text)
    };
    match run(&s) {
        Ok(t) => Ok(t),
        Err(e @ lzstring::LzError::TooLong(_)) => Err(err(lzstring::describe(&e))),
        Err(first) => {
            // Each try costs a decompression: few tries, and only for link-sized payloads.
            let tries = if s.len() <= 1 << 16 { 32 } else { 0 };
            let slashes: Vec<usize> = s.match_indices('/').map(|(i, _)| i).take(tries).collect();
            for i in slashes {
                let mut t = s.clone();
                t.insert(i, '/');
                if let Ok(text) = run(&t) {
                    if text.starts_with(['{', '[']) {
                        return Ok(text);
                    }
                }
            }
            Err(err(lzstring::describe(&first)))
        }
    }
}

/// Reads an SCL payload (after the `scl`/`ctc` prefix): compressed or not, plain or zipped
/// JSON.
pub fn import_scl(payload: &str, meanings: &Meanings) -> Result<Import, Error> {
    let text = if payload.trim_start().starts_with('{') {
        payload.to_string()
    } else {
        decompress(payload)?
    };
    import_json_text(&text, meanings)
}

/// Reads decompressed JSON text: plain JSON first, then SudokuPad's zipped form; f-puzzles
/// JSON (`size` and `grid`) goes to the f-puzzles reader.
pub fn import_json_text(text: &str, meanings: &Meanings) -> Result<Import, Error> {
    if text.len() > super::MAX_JSON {
        return Err(err(format!(
            "the JSON is larger than {} MiB",
            super::MAX_JSON >> 20
        )));
    }
    let value = match super::strict::parse(text) {
        Ok(v) => v,
        Err(plain) => zip::unzip(text).map_err(|e| match e {
            zip::UnzipError::Json => err(format!(
                "not SCL JSON, plain or zipped ({})",
                crate::error::clip_quoted(&plain.to_string())
            )),
            zip::UnzipError::Collision(k) => {
                err(format!("zipped JSON: the key {k:?} is written twice"))
            }
        })?,
    };
    match value.as_object() {
        Some(map) if fpuzzles::is_fpuzzles(map) => fpuzzles::import_value(&value),
        Some(map) => import_value(map, meanings),
        None => Err(err("the puzzle must be a JSON object")),
    }
}

/// Whether a JSON object looks like an SCL puzzle (`cells`, no f-puzzles `grid`).
pub fn is_scl(map: &Map<String, Value>) -> bool {
    map.contains_key("cells") && !map.contains_key("grid") && !map.contains_key("satdoku")
}

/// Imports an SCL puzzle (JSON with SudokuPad's long key names).
pub fn import_value(map: &Map<String, Value>, meanings: &Meanings) -> Result<Import, Error> {
    let b = scl::translate(map, meanings)?;
    if !b.unmapped.is_empty() && !meanings.ignore_unmapped {
        let total = b.unmapped.len();
        let shown: Vec<&str> = b.unmapped.iter().take(8).map(String::as_str).collect();
        return Err(err(format!(
            "{total} drawn element(s) satdoku cannot map to a rule: {}{}. Solving without \
             them would judge a weaker puzzle: say what they mean (--line-rule COLOUR=RULE, \
             --element ELEMENT=RULE) or read the puzzle without them (--ignore-unmapped)",
            shown.join("; "),
            if total > 8 { "; …" } else { "" }
        )));
    }
    let value = Value::Object(b.fp.clone());
    let mut import = fpuzzles::import_value(&value).map_err(|e| relocate(e, &b.origins))?;
    import.document.meta.source = b.source.clone();
    import.document.meta.license = b.license.clone();
    import.document.meta.ignored = b.ignored.iter().chain(&b.unmapped).cloned().collect();
    let mut warnings = Vec::new();
    for (what, list) in [
        ("ignored", &b.ignored),
        ("not mapped, ignored", &b.unmapped),
    ] {
        if !list.is_empty() {
            warnings.push(format!(
                "SudokuPad: {} element(s) {what} (the verdict is about the puzzle without \
                 them): {}",
                list.len(),
                list.join("; ")
            ));
        }
    }
    warnings.extend(words::absent_features(&b.rules, &b.fp, map));
    warnings.append(&mut import.warnings);
    import.warnings = warnings;
    Ok(import)
}

/// An f-puzzles error about the translated JSON, told in terms of the SCL element it came
/// from (`thermometer[0]` → `lines[3]`).
fn relocate(e: Error, origins: &[(String, String)]) -> Error {
    let text = e.to_string();
    let text = text.strip_prefix("f-puzzles: ").unwrap_or(&text);
    for (fp, scl) in origins {
        if let Some(rest) = text.strip_prefix(fp.as_str()) {
            return err(format!("{scl} (read as {fp}){rest}"));
        }
    }
    err(text.to_string())
}

/// Reads an SCF payload (after `scf`): 9×9 givens in SudokuPad's compact digit code, then
/// `*`-separated options (`w` windoku, `x` both diagonals, `t<title>`, `a<author>`; `**`
/// is a `*` inside a text).
pub fn import_scf(payload: &str) -> Result<Import, Error> {
    // SudokuPad uses the decompressed text only when decompressing works and does not shrink
    // the text by half; otherwise the payload is the text.
    let text = match decompress(payload) {
        Ok(t) if t.len() * 2 >= payload.len() => t,
        _ => payload.to_string(),
    };
    let (data, options) = text.split_once('*').unwrap_or((&text, ""));
    let mut digits = Vec::with_capacity(81);
    let mut rest_at = data.len();
    for (i, ch) in data.char_indices() {
        if digits.len() >= 81 {
            rest_at = i;
            break;
        }
        let v = match ch {
            '0'..='9' => ch as u32 - 48,
            'A'..='Z' => ch as u32 - 55,
            'a'..='z' => ch as u32 - 61,
            _ => return Err(err(format!("scf: character {:?} is not a digit code", ch))),
        };
        digits.push(v % 10);
        digits.extend(std::iter::repeat_n(0, (v / 10) as usize));
    }
    if digits.len() < 81 {
        return Err(err(format!("scf: {} cells, expected 81", digits.len())));
    }
    digits.truncate(81);
    let options = if text.contains('*') {
        options.to_string()
    } else {
        data[rest_at..].to_string()
    };
    let grid: Vec<Value> = digits
        .chunks(9)
        .map(|row| {
            Value::Array(
                row.iter()
                    .map(|&d| {
                        if d == 0 {
                            json!({})
                        } else {
                            json!({"value": d, "given": true})
                        }
                    })
                    .collect(),
            )
        })
        .collect();
    let mut fp = Map::new();
    fp.insert("size".into(), json!(9));
    fp.insert("grid".into(), Value::Array(grid));
    let chars: Vec<char> = options.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            'w' => {
                let windows: Vec<Value> = [(1, 1), (1, 5), (5, 1), (5, 5)]
                    .iter()
                    .map(|&(r, c)| {
                        let cells: Vec<Value> = (0..9)
                            .map(|k| json!(build::rc(r + k / 3, c + k % 3)))
                            .collect();
                        json!({ "cells": cells })
                    })
                    .collect();
                fp.insert("extraregion".into(), Value::Array(windows));
            }
            'x' => {
                fp.insert("diagonal+".into(), json!(true));
                fp.insert("diagonal-".into(), json!(true));
            }
            't' | 'a' => {
                let mut s = String::new();
                while i < chars.len() {
                    if chars[i] == '*' && chars.get(i + 1) == Some(&'*') {
                        s.push('*');
                        i += 2;
                    } else if chars[i] == '*' {
                        i += 1;
                        break;
                    } else {
                        s.push(chars[i]);
                        i += 1;
                    }
                }
                fp.insert(if c == 't' { "title" } else { "author" }.into(), json!(s));
            }
            '*' => {}
            other => return Err(err(format!("scf: unknown option {other:?}"))),
        }
    }
    fpuzzles::import_value(&Value::Object(fp))
}
