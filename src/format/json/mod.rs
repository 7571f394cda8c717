//! The native JSON puzzle format (`"satdoku": 1`), specified in `docs/FORMAT.md`.
//!
//! ```json
//! {
//!   "satdoku": 1,
//!   "title": "A tiny killer",
//!   "size": 4,
//!   "givens": ["1...", "....", "....", "...4"],
//!   "constraints": [{ "type": "killer", "cells": ["r1c2", "r1c3"], "sum": 5 }]
//! }
//! ```
//!
//! Reading reports the JSON path of a problem (`constraints[3].type`,
//! `constraints[0].cells[2]`), then the rule's own validation message. Writing produces the
//! same document back ([`to_string_pretty`] then [`from_str`] is the identity).

use super::text::{parse_cells_dims, Symbols};
use crate::error::{excerpt, Error};
use crate::geometry::{default_box, parse_box, Digit, Shape, Values};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
/// Every constraint type name, from the rule registry.
pub use crate::rules::CONSTRAINT_TYPES;
use crate::rules::*;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The format version written in `"satdoku"`.
pub const VERSION: u64 = 1;

/// Characters naming regions in `"regions"` rows, in the order written; `.` is no region.
pub const REGION_SYMBOLS: &str =
    "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#$%&*+=?!<>~^";

/// Descriptive fields beside a puzzle that the solver does not use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The rules in words.
    pub rules: Option<String>,
    /// Where the puzzle comes from (a URL, a collection).
    pub source: Option<String>,
    /// Its license (e.g. CC BY 4.0).
    pub license: Option<String>,
    /// Drawn elements of a SudokuPad puzzle left out on request (`--ignore-unmapped`, or
    /// said to be `ignore`), each with its location: the puzzle read is weaker than the one
    /// drawn, and every result about it says so. Never written to a file.
    pub ignored: Vec<String>,
}

/// A puzzle file: the puzzle, its description, and optionally its stated solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// The puzzle (with `title` and `author`).
    pub puzzle: Puzzle,
    /// Rules text, source, license.
    pub meta: Meta,
    /// The solution stated in the file (`"solution"`), checked by the CLI.
    pub solution: Option<Grid>,
}

impl Document {
    /// A document holding only `puzzle`.
    pub fn new(puzzle: Puzzle) -> Document {
        Document {
            puzzle,
            meta: Meta::default(),
            solution: None,
        }
    }
}

/// Grid text: one line, or one string per row.
#[derive(Serialize)]
#[serde(untagged)]
enum GridText {
    Line(String),
    Rows(Vec<String>),
}

/// Read by hand so a wrong type says what is expected in words (serde's untagged enums
/// would say "did not match any variant of untagged enum GridText").
impl<'de> Deserialize<'de> for GridText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = GridText;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string of cells, or an array of one string per row")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<GridText, E> {
                Ok(GridText::Line(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<GridText, A::Error> {
                let mut rows = Vec::new();
                while let Some(r) = seq.next_element::<String>()? {
                    rows.push(r);
                }
                Ok(GridText::Rows(rows))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    satdoku: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    license: Option<String>,
    /// The side of a square grid; a rectangle gives `rows` and `cols` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    size: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rows: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cols: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    values: Option<String>,
    #[serde(rename = "box", default, skip_serializing_if = "Option::is_none")]
    box_shape: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    regions: Option<Vec<String>>,
    /// Chaos construction: N regions to find (without `box` or `regions`, the only regions).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    chaos: bool,
    /// A raw grid (ISS `~Raw`): no rows, columns or regions that differ; only the rules.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    raw: bool,
    /// Extra cells outside the grid (ISS `Var`), named as rows below it (`r10c1` on a 9×9).
    #[serde(default, skip_serializing_if = "is_zero")]
    extra: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    givens: Option<GridText>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<GridText>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    constraints: Vec<Value>,
}

/// Reads a constraint's body by its `type`, for each rule of the registry.
macro_rules! kinds {
    ($($(#[$doc:meta])* $name:literal => $var:ident($m:ident::$ty:ident),)*) => {
        fn constraint_from(
            kind: &str,
            body: Value,
        ) -> Option<Result<Constraint, serde_path_to_error::Error<serde_json::Error>>> {
            match kind {
                $($name => Some(serde_path_to_error::deserialize::<_, $m::$ty>(body).map(Constraint::$var)),)*
                _ => None,
            }
        }
    };
}

crate::rules::registry!(kinds);

fn format_err(path: &str, msg: impl std::fmt::Display) -> Error {
    if path.is_empty() || path == "." {
        Error::Format(msg.to_string())
    } else {
        Error::Format(format!("{path}: {msg}"))
    }
}

/// Reads one constraint object; `index` names it in errors.
pub fn constraint_from_value(index: usize, value: Value) -> Result<Constraint, Error> {
    let here = format!("constraints[{index}]");
    let Value::Object(mut map) = value else {
        return Err(format_err(
            &here,
            "a constraint must be an object with a \"type\"",
        ));
    };
    let kind = match map.remove("type") {
        Some(Value::String(s)) => s,
        Some(_) => return Err(format_err(&format!("{here}.type"), "must be a string")),
        None => return Err(format_err(&here, "missing \"type\"")),
    };
    match constraint_from(&kind, Value::Object(map)) {
        Some(Ok(c)) => Ok(c),
        Some(Err(e)) => {
            let path = excerpt(&e.path().to_string());
            let at = if path == "." || path.is_empty() {
                here
            } else {
                format!("{here}.{path}")
            };
            let inner = crate::error::clip_quoted(&e.inner().to_string());
            Err(format_err(&at, format!("{inner} ({})", excerpt(&kind))))
        }
        None => Err(format_err(
            &format!("{here}.type"),
            format!(
                "unknown constraint type {:?}; known types: {}",
                excerpt(&kind),
                CONSTRAINT_TYPES.join(", ")
            ),
        )),
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Reads the givens or solution field: one string of N² cells, or N row strings; the cells
/// are read by the text reader (`format::text::parse_cells`), so the same symbols work.
/// With extra cells, the field may go on past the grid with them, in rows of C cells (the
/// last one shorter), as they are named (`r10c1` …); left out, they are empty.
fn read_grid(text: &GridText, shape: &Shape, field: &str) -> Result<Grid, Error> {
    let (rows_n, n) = (shape.rows(), shape.cols());
    let extra = shape.extra();
    let extra_rows = extra.div_ceil(n);
    let with_extra = match text {
        GridText::Line(s) => {
            extra > 0
                && parse_cells_dims(s, 0, rows_n * n, (rows_n, n), &symbols_of(shape)).is_err()
        }
        GridText::Rows(rows) => extra > 0 && rows.len() == rows_n + extra_rows,
    };
    if with_extra {
        return read_grid_extra(text, shape, field);
    }
    let symbols = symbols_of(shape);
    // A parse error names its line and column; here the field (and row) is the place.
    let located = |path: String, e: Error| match e {
        Error::Parse(p) => match p.column {
            Some(c) => format_err(&path, format!("column {c}: {}", p.message)),
            None => format_err(&path, p.message),
        },
        e => format_err(&path, e),
    };
    let cells = match text {
        GridText::Line(s) => parse_cells_dims(s, 0, rows_n * n, (rows_n, n), &symbols)
            .map_err(|e| located(field.to_string(), e))?,
        GridText::Rows(rows) => {
            if rows.len() != rows_n {
                return Err(format_err(
                    field,
                    format!("{} rows, expected {rows_n}", rows.len()),
                ));
            }
            let mut all = Vec::with_capacity(rows_n * n);
            for (i, r) in rows.iter().enumerate() {
                let row = parse_cells_dims(r, i * n, n, (rows_n, n), &symbols)
                    .map_err(|e| located(format!("{field}[{i}]"), e))?;
                all.extend(row);
            }
            all
        }
    };
    Grid::from_cells_rect(rows_n, n, cells)
        .map(|g| g.with_extra(extra))
        .ok_or_else(|| format_err(field, format!("expected {} cells", rows_n * n)))
}

/// [`read_grid`] of a field that states the extra cells too.
fn read_grid_extra(text: &GridText, shape: &Shape, field: &str) -> Result<Grid, Error> {
    let (rows_n, n, total) = (shape.rows(), shape.cols(), shape.cell_count());
    // the extra cells as rows below the grid's, for the reader's bounds
    let dims = (rows_n + shape.extra().div_ceil(n), n);
    let symbols = symbols_of(shape);
    let cells = match text {
        GridText::Line(s) => {
            parse_cells_dims(s, 0, total, dims, &symbols).map_err(|e| format_err(field, e))?
        }
        GridText::Rows(rows) => {
            let mut all = Vec::with_capacity(total);
            for (i, r) in rows.iter().enumerate() {
                let len = n.min(total - i * n);
                let row = parse_cells_dims(r, i * n, len, dims, &symbols)
                    .map_err(|e| format_err(&format!("{field}[{i}]"), e))?;
                all.extend(row);
            }
            all
        }
    };
    Grid::from_cells_extra(rows_n, n, cells)
        .filter(|g| g.fits(shape))
        .ok_or_else(|| format_err(field, format!("expected {total} cells")))
}

/// The symbols of a grid of `shape`: digits as before on values 1..=N, else as values.
fn symbols_of(shape: &Shape) -> Symbols {
    if shape.has_standard_values() {
        Symbols::standard()
    } else {
        Symbols::standard().with_values(shape.values())
    }
}

fn read_regions(rows: &[String], rows_n: usize, n: usize) -> Result<Vec<Option<u16>>, Error> {
    if rows.len() != rows_n {
        return Err(format_err(
            "regions",
            format!("{} rows, expected {rows_n}", rows.len()),
        ));
    }
    let mut names: Vec<char> = Vec::new();
    let mut out = Vec::with_capacity(n * n);
    for (i, row) in rows.iter().enumerate() {
        let chars: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != n {
            return Err(format_err(
                &format!("regions[{i}]"),
                format!(
                    "{} characters, expected {n} (one region name per cell)",
                    chars.len()
                ),
            ));
        }
        for c in chars {
            if c == '.' {
                out.push(None);
                continue;
            }
            let id = match names.iter().position(|&x| x == c) {
                Some(id) => id,
                None => {
                    names.push(c);
                    names.len() - 1
                }
            };
            out.push(Some(id as u16));
        }
    }
    Ok(out)
}

/// Renumbers region ids by first appearance in reading order (the form `"regions"` reads).
pub fn normalize_regions(regions: &[Option<u16>]) -> Vec<Option<u16>> {
    let mut seen: Vec<u16> = Vec::new();
    regions
        .iter()
        .map(|r| {
            r.map(|id| match seen.iter().position(|&x| x == id) {
                Some(i) => i as u16,
                None => {
                    seen.push(id);
                    (seen.len() - 1) as u16
                }
            })
        })
        .collect()
}

fn json_err(e: serde_path_to_error::Error<serde_json::Error>) -> Error {
    // The path holds the input's own keys (an unknown field's name): keep it short.
    let path = excerpt(&e.path().to_string());
    let inner = e.into_inner();
    // serde quotes the input it could not use (a field name, a string): keep it short.
    let msg = crate::error::clip_quoted(&if inner.line() > 0 {
        format!(
            "{} (line {}, column {})",
            strip_position(&inner.to_string()),
            inner.line(),
            inner.column()
        )
    } else {
        inner.to_string()
    });
    format_err(&path, msg)
}

fn strip_position(msg: &str) -> &str {
    match msg.rfind(" at line ") {
        Some(i) => &msg[..i],
        None => msg,
    }
}

/// Reads a native JSON puzzle from text (a key written twice in one object is refused).
pub fn from_str(text: &str) -> Result<Document, Error> {
    from_value(super::strict::parse(text)?)
}

/// Reads a native JSON puzzle from a parsed JSON value.
pub fn from_value(value: Value) -> Result<Document, Error> {
    let file: File = serde_path_to_error::deserialize(value).map_err(json_err)?;
    from_file(file)
}

fn from_file(file: File) -> Result<Document, Error> {
    if file.satdoku != VERSION {
        return Err(format_err(
            "satdoku",
            format!(
                "format version {} is not supported (this build reads version {VERSION})",
                file.satdoku
            ),
        ));
    }
    let (rows, n) = match (file.size, file.rows, file.cols) {
        (Some(n), None, None) => {
            super::check_size(n).map_err(|e| format_err("size", e))?;
            (n, n)
        }
        (None, Some(r), Some(c)) => {
            crate::geometry::check_dims(r, c).map_err(|e| format_err("rows", e))?;
            if r.max(c) < super::MIN_SIZE {
                return Err(format_err("rows", Error::Size(r.max(c))));
            }
            (r, c)
        }
        (Some(_), _, _) => {
            return Err(format_err(
                "size",
                "give either \"size\" (a square grid) or \"rows\" and \"cols\", not both",
            ))
        }
        (None, _, _) => {
            return Err(format_err(
                "size",
                "missing \"size\" (a square grid) or \"rows\" and \"cols\" (a rectangle)",
            ))
        }
    };
    let square = rows == n;
    let shape = match (&file.box_shape, &file.regions) {
        (Some(_), Some(_)) => {
            return Err(format_err(
                "box",
                "give either \"box\" or \"regions\", not both",
            ))
        }
        (Some(b), None) => {
            let (r, c) = parse_box(b).map_err(|e| format_err("box", e))?;
            if square && r * c == n {
                Shape::with_box(n, r, c).map_err(|e| format_err("box", e))?
            } else {
                // a rectangle's boxes, or boxes of another size than the side (3x3 boxes
                // of 9 cells on a 6x6 grid holding 9 values)
                Shape::rect_with_box(rows, n, r, c).map_err(|e| format_err("box", e))?
            }
        }
        (None, Some(lines)) if square && file.values.is_none() => {
            Shape::with_regions(n, read_regions(lines, n, n)?)
                .map_err(|e| format_err("regions", e))?
        }
        (None, Some(lines)) => Shape::rect_with_regions(rows, n, read_regions(lines, rows, n)?)
            .map_err(|e| format_err("regions", e))?,
        // a chaos construction without stated regions: its found regions are the only ones
        (None, None) if file.chaos || file.raw => {
            Shape::rect_with_regions(rows, n, vec![None; rows * n])
                .map_err(|e| format_err("size", e))?
        }
        (None, None) => Shape::rect(rows, n).map_err(|e| format_err("size", e))?,
    };
    let shape = if file.raw {
        shape.with_raw().map_err(|e| format_err("raw", e))?
    } else {
        shape
    };
    let shape = match &file.values {
        Some(v) => {
            let values = Values::parse(v).map_err(|e| format_err("values", e))?;
            shape
                .with_values(values)
                .map_err(|e| format_err("values", e))?
        }
        None => shape,
    };
    let shape = if file.chaos {
        shape.with_chaos().map_err(|e| format_err("chaos", e))?
    } else {
        shape
    };
    let shape = shape
        .with_extra(file.extra)
        .map_err(|e| format_err("extra", e))?;
    let givens = match &file.givens {
        Some(g) => read_grid(g, &shape, "givens")?,
        None => Grid::for_shape(&shape),
    };
    let solution = match &file.solution {
        Some(g) => {
            let s = read_grid(g, &shape, "solution")?;
            if !s.is_full() {
                return Err(format_err("solution", "the solution has empty cells"));
            }
            Some(s)
        }
        None => None,
    };
    let constraints = file
        .constraints
        .into_iter()
        .enumerate()
        .map(|(i, v)| constraint_from_value(i, v))
        .collect::<Result<Vec<_>, _>>()?;
    let mut puzzle = Puzzle::new(shape, givens, constraints).map_err(|e| match e {
        Error::Constraint {
            index,
            kind,
            message,
        } => Error::Format(format!("constraints[{index}] ({kind}): {message}")),
        e => e,
    })?;
    puzzle.title = file.title;
    puzzle.author = file.author;
    Ok(Document {
        puzzle,
        meta: Meta {
            rules: file.rules,
            source: file.source,
            license: file.license,
            ignored: Vec::new(),
        },
        solution,
    })
}

/// The boxes a file without `"box"` gets on `shape`'s grid: [`default_box`] on a square,
/// [`crate::geometry::rect_box`] on a rectangle (`None`: no boxes).
fn default_boxes(shape: &Shape) -> Option<(usize, usize)> {
    if shape.is_square() {
        Some(default_box(shape.side()))
    } else {
        crate::geometry::rect_box(shape.rows(), shape.cols(), shape.side())
    }
}

fn grid_rows(g: &Grid, shape: &Shape) -> GridText {
    let n = g.cols();
    if !shape.has_standard_values() {
        let symbols = symbols_of(shape);
        let count = shape.value_count();
        let single = symbols.single_char(count);
        return GridText::Rows(
            g.cells()
                .chunks(n)
                .map(|row| {
                    let cells: Vec<String> = row
                        .iter()
                        .map(|d| d.map_or(".".into(), |d| symbols.symbol(d, count)))
                        .collect();
                    cells.join(if single { "" } else { " " })
                })
                .collect(),
        );
    }
    let single = g.size() <= 35;
    let sym = |d: Option<Digit>| match d {
        None => ".".to_string(),
        Some(d) if single => {
            let v = d.get();
            if v <= 9 {
                v.to_string()
            } else {
                ((b'A' + (v - 10) as u8) as char).to_string()
            }
        }
        Some(d) => d.get().to_string(),
    };
    GridText::Rows(
        g.cells()
            .chunks(n)
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&d| sym(d)).collect();
                cells.join(if single { "" } else { " " })
            })
            .collect(),
    )
}

fn to_file(doc: &Document) -> Result<File, Error> {
    let p = &doc.puzzle;
    let shape = p.shape();
    let n = shape.cols();
    let no_regions = shape.regions().iter().all(Option::is_none);
    let (box_shape, regions) = if (shape.is_chaos() || shape.is_raw()) && no_regions {
        // `"chaos": true` alone: no stated regions; a raw grid has none
        (None, None)
    } else if shape.is_chaos() && !shape.is_jigsaw() {
        // boxes beside the chaos regions are written out (chaos alone means none)
        (
            Some(format!("{}x{}", shape.box_rows(), shape.box_cols())),
            None,
        )
    } else if shape.is_jigsaw() {
        let symbols: Vec<char> = REGION_SYMBOLS.chars().collect();
        let ids = normalize_regions(shape.regions());
        let mut rows = Vec::with_capacity(shape.rows());
        for row in ids.chunks(n) {
            let mut s = String::with_capacity(n);
            for r in row {
                match r {
                    None => s.push('.'),
                    Some(id) => s.push(*symbols.get(*id as usize).ok_or_else(|| {
                        Error::Format(format!(
                            "more than {} regions cannot be written",
                            symbols.len()
                        ))
                    })?),
                }
            }
            rows.push(s);
        }
        (None, Some(rows))
    } else if Some((shape.box_rows(), shape.box_cols())) != default_boxes(shape) {
        (
            Some(format!("{}x{}", shape.box_rows(), shape.box_cols())),
            None,
        )
    } else {
        (None, None)
    };
    let constraints = p
        .written_constraints()
        .iter()
        .map(|c| serde_json::to_value(c).map_err(|e| Error::Format(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(File {
        satdoku: VERSION,
        title: p.title.clone(),
        author: p.author.clone(),
        rules: doc.meta.rules.clone(),
        source: doc.meta.source.clone(),
        license: doc.meta.license.clone(),
        size: shape.is_square().then_some(n),
        rows: (!shape.is_square()).then_some(shape.rows()),
        cols: (!shape.is_square()).then_some(n),
        values: (!shape.values().is_standard(shape.side())).then(|| shape.values().to_string()),
        box_shape,
        regions,
        chaos: shape.is_chaos(),
        raw: shape.is_raw(),
        extra: shape.extra(),
        givens: Some(grid_rows(p.givens(), shape)),
        solution: doc.solution.as_ref().map(|g| grid_rows(g, shape)),
        constraints,
    })
}

/// Writes a document as pretty JSON, one constraint per line.
pub fn to_string_pretty(doc: &Document) -> Result<String, Error> {
    let file = to_file(doc)?;
    let mut value = serde_json::to_value(&file).map_err(|e| Error::Format(e.to_string()))?;
    // serde_json's pretty printer puts every array item on its own line; keep rows and
    // constraints one per line instead, which reads far better.
    let constraints = match &mut value {
        Value::Object(m) => m.remove("constraints"),
        _ => None,
    };
    let Value::Object(map) = value else {
        unreachable!()
    };
    let mut out = String::from("{\n");
    let mut fields: Vec<String> = Vec::new();
    for (k, v) in &map {
        let key = serde_json::to_string(k).expect("string");
        let val = match v {
            Value::Array(items) if items.iter().all(Value::is_string) => {
                let inner: Vec<String> = items
                    .iter()
                    .map(|i| format!("    {}", serde_json::to_string(i).expect("json")))
                    .collect();
                format!("[\n{}\n  ]", inner.join(",\n"))
            }
            v => serde_json::to_string(v).expect("json"),
        };
        fields.push(format!("  {key}: {val}"));
    }
    if let Some(Value::Array(items)) = constraints {
        let inner: Vec<String> = items
            .iter()
            .map(|i| format!("    {}", serde_json::to_string(i).expect("json")))
            .collect();
        fields.push(format!("  \"constraints\": [\n{}\n  ]", inner.join(",\n")));
    }
    out.push_str(&fields.join(",\n"));
    out.push_str("\n}\n");
    Ok(out)
}

/// Writes a document as one line of JSON (for JSONL files and DIMACS headers).
pub fn to_string_line(doc: &Document) -> Result<String, Error> {
    let file = to_file(doc)?;
    serde_json::to_string(&file).map_err(|e| Error::Format(e.to_string()))
}

/// Whether a JSON object looks like a native puzzle (it has `"satdoku"`).
pub fn is_native(map: &Map<String, Value>) -> bool {
    map.contains_key("satdoku")
}

#[cfg(test)]
mod tests;
