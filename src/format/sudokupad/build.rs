//! The translation under way (SCL to f-puzzles JSON) and the readers of SCL values that
//! both `scl.rs` (grid, metadata, cages) and `draw.rs` (drawn features) use.

use super::{err, Meanings, Rule};
use crate::error::{excerpt, Error};
use serde_json::{Map, Value};

/// The translation under way: the f-puzzles JSON being built and what could not be mapped.
pub(super) struct Build<'m> {
    /// Grid side.
    pub n: usize,
    /// The rules text, lowercased, to tell what cages and some drawings mean.
    pub rules: String,
    /// The f-puzzles JSON built so far.
    pub fp: Map<String, Value>,
    /// f-puzzles entry (`thermometer[0]`) → the SCL element it came from, for messages.
    pub origins: Vec<(String, String)>,
    /// SCL elements not mapped to a rule, each with its location.
    pub unmapped: Vec<String>,
    /// Elements the user said to ignore.
    pub ignored: Vec<String>,
    /// What the user said drawings mean.
    pub meanings: &'m Meanings,
    /// The metadata's source and license, kept beside the puzzle.
    pub source: Option<String>,
    /// See `source`.
    pub license: Option<String>,
}

impl Build<'_> {
    /// Adds an f-puzzles entry under `key`, remembering the SCL element it came from.
    pub fn add(&mut self, key: &str, entry: Value, origin: &str) {
        let list = self
            .fp
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(a) = list {
            self.origins
                .push((format!("{key}[{}]", a.len()), origin.to_string()));
            a.push(entry);
        }
    }

    /// What the user said element `at` (`lines[3]`) means, if anything.
    pub fn told(&self, at: &str) -> Option<&Rule> {
        self.meanings
            .elements
            .iter()
            .find(|(e, _)| e == at)
            .map(|(_, r)| r)
    }

    /// An element not mapped to a rule (or ignored, when the user said so).
    pub fn unmapped(&mut self, at: &str, what: String) {
        let text = format!("{at} ({what})");
        if matches!(self.told(at), Some(Rule::Ignore)) {
            self.ignored.push(text);
        } else {
            self.unmapped.push(text);
        }
    }
}

/// `R{r+1}C{c+1}`, the f-puzzles name of 0-based cell (r, c).
pub(super) fn rc(r: usize, c: usize) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// A whole number in `0..limit` at `path`.
fn index(v: &Value, limit: usize, path: &str) -> Result<usize, Error> {
    v.as_f64()
        .filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x < limit as f64)
        .map(|x| x as usize)
        .ok_or_else(|| {
            err(format!(
                "{path}: expected a row or column from 0 to {}, found {}",
                limit - 1,
                excerpt(&v.to_string())
            ))
        })
}

/// A list of `[row, col]` cells (0-based) at `path`.
pub(super) fn cell_list(v: &Value, n: usize, path: &str) -> Result<Vec<(usize, usize)>, Error> {
    let list = v
        .as_array()
        .ok_or_else(|| err(format!("{path}: expected a list of [row, col] cells")))?;
    list.iter()
        .enumerate()
        .map(|(i, rc)| match rc.as_array().map(Vec::as_slice) {
            Some([r, c]) => Ok((
                index(r, n, &format!("{path}[{i}][0]"))?,
                index(c, n, &format!("{path}[{i}][1]"))?,
            )),
            _ => Err(err(format!(
                "{path}[{i}]: expected a cell [row, col], found {}",
                excerpt(&rc.to_string())
            ))),
        })
        .collect()
}

/// The list under `key`, or none; anything else is refused.
pub(super) fn list<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(v) => Err(err(format!(
            "{key}: expected a list, found {}",
            excerpt(&v.to_string())
        ))),
    }
}
