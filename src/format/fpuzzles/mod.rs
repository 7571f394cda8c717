//! f-puzzles import and export (see `docs/FORMAT.md` and the f-puzzles notes it cites).
//!
//! Import accepts the decompressed JSON, the lz-string base64 payload, a full
//! `https://www.f-puzzles.com/?load=…` URL, and SudokuPad's `fpuzzles<payload>` id. Every
//! semantic key becomes native constraints; cosmetic keys (`line`, `cage`, `text`, `circle`,
//! `rectangle`) are not rules and only produce warnings when they are not drawings of a rule
//! (`fromConstraint`); UI keys are ignored; any other key is refused.
//!
//! Traps handled (from the f-puzzles code): only `given: true` values are clues; `region`
//! absent means the default box, an explicit `null` means no region; any kropki dot exempts
//! its pair from non-consecutive and from the negative ratio rule, X/V and sum marks from the
//! negative XV rule; the negative ratio uses the ratio values present (default 2);
//! minimum/maximum cells compare only with neighbours outside the set; little killer cells
//! are walked from the clue to the edge; each polyline of `lines` is its own constraint;
//! values are strings.
//!
//! Nothing is ignored silently: a flag that is not `true`/`false`, a rule entry that is not an
//! object or lacks its cells or lines, a key written twice — each is refused with its JSON
//! path (`thermometer[1]: …`). Files: `import.rs` (the grid and the driver), `keys.rs` (one
//! builder per rule key, in one list; `build.rs` their shared state and helpers), `export.rs` (rules to keys, saying what f-puzzles
//! cannot carry).

mod build;
mod export;
mod import;
mod keys;
#[cfg(test)]
mod tests;

pub use export::{compress, export, Export};
pub use import::import_value;

use super::json::Document;
use super::lzstring;
use crate::error::{excerpt, Error};
use crate::geometry::Cell;
use crate::rules::clue::OutsideClue;
use serde_json::{Map, Value};

/// An imported puzzle and what the importer could not turn into rules.
#[derive(Clone, Debug)]
pub struct Import {
    /// The puzzle, its rules text (`ruleset`) and metadata.
    pub document: Document,
    /// Things the solver does not enforce (cosmetic drawings without a rule behind them).
    pub warnings: Vec<String>,
}

/// Keys of the user interface or the f-puzzles solver (and those read by name elsewhere:
/// `title`, `author`, `ruleset`, `size`, `grid`, `solution`): not rule keys.
const IGNORED: &[&str] = &[
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "successMessage",
    "solution",
    "title",
    "author",
    "ruleset",
    "size",
    "grid",
];
/// Drawings without rule semantics.
const COSMETIC: &[&str] = &["line", "cage", "text", "circle", "rectangle"];
/// Line rules: each polyline of `lines` is one constraint.
const LINE_KEYS: &[&str] = &[
    "thermometer",
    "slowthermometer",
    "palindrome",
    "betweenline",
    "lockout",
    "renban",
    "whispers",
    "regionsumline",
    "entropicline",
    "modularline",
    "nabner",
    "doublearrow",
    "zipperline",
];
/// Rules switched on by a boolean flag (`true`, `false` or absent).
const FLAGS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
];
/// Rule arrays other than lines.
const SEMANTIC: &[&str] = &[
    "negative",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "sum",
    "odd",
    "even",
    "minimum",
    "maximum",
    "extraregion",
    "clone",
    "quadruple",
    "rowindexer",
    "columnindexer",
    "boxindexer",
];

fn err(msg: impl Into<String>) -> Error {
    Error::Format(format!("f-puzzles: {}", msg.into()))
}

/// Decodes a payload, URL or `fpuzzles…` id to the f-puzzles JSON text.
pub fn decode_payload(text: &str) -> Result<String, Error> {
    let mut s = text.trim().to_string();
    if s.starts_with("http://") || s.starts_with("https://") || s.contains("?load=") {
        let start = s.find("load=").ok_or_else(|| {
            err("the URL has no load= parameter (short ?id= links need a browser)")
        })?;
        let rest = &s[start + 5..];
        let end = rest.find(['&', '#']).unwrap_or(rest.len());
        s = percent_decode(&rest[..end]);
    }
    if let Some(p) = s.strip_prefix("fpuzzles") {
        s = p.to_string();
    }
    // A `+` read back from a URL query may have become a space; SudokuPad writes `\` as the
    // 65th alphabet character (`=` in lz-string's base64).
    let s: String = s
        .chars()
        .filter(|c| *c != '\n' && *c != '\r')
        .map(|c| match c {
            ' ' => '+',
            '\\' => '=',
            c => c,
        })
        .collect();
    // The limit applies while decompressing: a few KB can describe gigabytes of text.
    let wide = lzstring::decompress_base64(&s, super::MAX_JSON)
        .map_err(|e| err(lzstring::describe(&e)))?;
    if wide.is_empty() {
        return Err(err(
            "not an lz-string base64 payload (it decompresses to nothing)",
        ));
    }
    let text =
        String::from_utf16(&wide).map_err(|_| err("the payload decompresses to invalid text"))?;
    if text.len() > super::MAX_JSON {
        return Err(err(lzstring::describe(&lzstring::LzError::TooLong(
            super::MAX_JSON,
        ))));
    }
    Ok(text)
}

/// Decodes `%XX` escapes of a link, never slicing inside a character (SudokuPad decodes an id only when that makes it shorter, which is
/// the same as decoding whenever an escape is present). A `+` stays a `+`: lz-string's
/// base64 uses it.
pub(crate) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if let Some(v) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a line of text is an f-puzzles URL, id or payload (rather than a grid).
pub fn looks_like_payload(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("http://")
        || t.starts_with("https://")
        || t.starts_with("fpuzzles")
        || (t.starts_with("N4Ig") && t.len() > 40)
}

/// Whether a JSON object looks like an f-puzzles puzzle (`size` and `grid`).
pub fn is_fpuzzles(map: &Map<String, Value>) -> bool {
    map.contains_key("grid") && map.contains_key("size") && !map.contains_key("satdoku")
}

/// Imports an f-puzzles payload, URL, id or JSON text.
pub fn import_text(text: &str) -> Result<Import, Error> {
    let t = text.trim();
    let json_text = if t.starts_with('{') {
        t.to_string()
    } else {
        decode_payload(t)?
    };
    if json_text.len() > super::MAX_JSON {
        return Err(err(format!(
            "the JSON is larger than {} MiB",
            super::MAX_JSON >> 20
        )));
    }
    let value = super::strict::parse(&json_text).map_err(|e| err(e.to_string()))?;
    import_value(&value)
}

/// A JSON value as quoted in messages: its JSON text, at most 60 characters.
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Array(_) => format!("the array {}", excerpt(&v.to_string())),
        Value::Object(_) => format!("the object {}", excerpt(&v.to_string())),
        v => excerpt(&v.to_string()),
    }
}

/// Parses `R3C5` (1-based; 0 and N+1 allowed for outside clues) into (row, col).
fn rc(v: &Value, path: &str) -> Result<(usize, usize), Error> {
    let s = v.as_str().ok_or_else(|| {
        err(format!(
            "{path}: expected a cell name like \"R1C1\", found {}",
            shown(v)
        ))
    })?;
    let up = s.trim().to_ascii_uppercase();
    let parsed = up
        .strip_prefix('R')
        .and_then(|r| r.split_once('C'))
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
    parsed.ok_or_else(|| {
        err(format!(
            "{path}: bad cell {:?} (expected a name like \"R1C1\")",
            excerpt(s)
        ))
    })
}

/// An entry of a rule array: it must be an object.
fn entry<'a>(e: &'a Value, path: &str) -> Result<&'a Map<String, Value>, Error> {
    e.as_object()
        .ok_or_else(|| err(format!("{path}: expected an object, found {}", shown(e))))
}

/// A field every entry of its array needs (`cells`, `lines`, `cell`, `direction`).
fn required<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Value, Error> {
    match obj.get(key) {
        None | Some(Value::Null) => Err(err(format!("{path}: missing \"{key}\""))),
        Some(v) => Ok(v),
    }
}

struct Ctx {
    n: usize,
}

impl Ctx {
    fn cell(&self, v: &Value, path: &str) -> Result<Cell, Error> {
        let (r, c) = rc(v, path)?;
        if !(1..=self.n).contains(&r) || !(1..=self.n).contains(&c) {
            return Err(err(format!(
                "{path}: cell R{r}C{c} is outside the {n}x{n} grid",
                n = self.n
            )));
        }
        Ok(Cell::new(r, c))
    }
    /// The cells of `obj[key]`, which must be an array of cell names.
    fn cells_of(
        &self,
        obj: &Map<String, Value>,
        key: &str,
        path: &str,
    ) -> Result<Vec<Cell>, Error> {
        let path = format!("{path}.{key}");
        match obj.get(key) {
            None | Some(Value::Null) => Err(err(format!("{path}: missing"))),
            Some(v) => self.cells(v, &path),
        }
    }
    fn cells(&self, v: &Value, path: &str) -> Result<Vec<Cell>, Error> {
        let arr = v.as_array().ok_or_else(|| {
            err(format!(
                "{path}: expected an array of cells, found {}",
                shown(v)
            ))
        })?;
        arr.iter()
            .enumerate()
            .map(|(i, c)| self.cell(c, &format!("{path}[{i}]")))
            .collect()
    }
    /// The polylines of a line entry's `lines`: a non-empty array of arrays of cells.
    fn lines(&self, obj: &Map<String, Value>, path: &str) -> Result<Vec<Vec<Cell>>, Error> {
        let path = format!("{path}.lines");
        let lines = match obj.get("lines") {
            None | Some(Value::Null) => return Err(err(format!("{path}: missing"))),
            Some(Value::Array(a)) if a.is_empty() => {
                return Err(err(format!("{path}: no lines (an empty rule)")))
            }
            Some(Value::Array(a)) => a,
            Some(v) => {
                return Err(err(format!(
                    "{path}: expected an array of lines, found {}",
                    shown(v)
                )))
            }
        };
        lines
            .iter()
            .enumerate()
            .map(|(k, line)| self.cells(line, &format!("{path}[{k}]")))
            .collect()
    }
    fn outside(&self, v: &Value, path: &str) -> Result<OutsideClue, Error> {
        let (r, c) = rc(v, path)?;
        let clue = OutsideClue::new(r, c);
        clue.validate(self.n)
            .map_err(|m| err(format!("{path}: {m}")))?;
        Ok(clue)
    }
}

/// A whole number written as a string or a number (f-puzzles writes strings); `None` when
/// absent or empty.
fn number(v: Option<&Value>, path: &str) -> Result<Option<usize>, Error> {
    let whole = |x: f64| (x >= 0.0 && x.fract() == 0.0 && x < 1e15).then_some(x as usize);
    let found = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => match n
            .as_u64()
            .map(|x| x as usize)
            .or_else(|| n.as_f64().and_then(whole))
        {
            Some(x) => return Ok(Some(x)),
            None => n.to_string(),
        },
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => match s.trim().parse::<usize>() {
            Ok(x) => return Ok(Some(x)),
            Err(_) => format!("{:?}", excerpt(s)),
        },
        Some(other) => shown(other),
    };
    Err(err(format!(
        "{path}: expected a whole number (0 or more), found {found}"
    )))
}

fn items<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(v) => Err(err(format!("{key}: expected an array, found {}", shown(v)))),
    }
}

/// An array of digits at `path` (a cell's `givenPencilMarks`, a quadruple's `values`):
/// absent or `null` is empty; every entry must be a whole number.
fn digit_list(value: Option<&Value>, path: &str) -> Result<Vec<usize>, Error> {
    let list = match value {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(a)) => a,
        Some(v) => {
            let found = shown(v);
            return Err(err(format!(
                "{path}: expected an array of digits, found {found}"
            )));
        }
    };
    list.iter()
        .enumerate()
        .map(|(i, m)| {
            number(Some(m), &format!("{path}[{i}]"))?
                .ok_or_else(|| err(format!("{path}[{i}]: empty")))
        })
        .collect()
}

/// A boolean flag (`antiknight`, `given`, …): `true`, `false`, or absent/`null` (off).
///
/// Anything else is refused: the f-puzzles apps disagree on such values (the web app tests
/// JavaScript truthiness, so `"false"`, `0.5` and `[]` would all switch a rule on; the C#
/// solver reads JSON booleans), so no reading of them is safe.
fn flag(map: &Map<String, Value>, key: &str, path: &str) -> Result<bool, Error> {
    match map.get(key) {
        None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(false),
        Some(Value::Bool(true)) => Ok(true),
        Some(v) => Err(err(format!(
            "{path}: expected true or false, found {} (f-puzzles apps read other values \
             differently, so satdoku does not guess)",
            shown(v)
        ))),
    }
}

fn pair(a: Cell, b: Cell) -> [Cell; 2] {
    if (a.r(), a.c()) <= (b.r(), b.c()) {
        [a, b]
    } else {
        [b, a]
    }
}

/// The cells of a little killer diagonal: from `clue` (1-based; outside the grid, or inside
/// it) one step at a time in direction `step` to the edge. A clue outside starts one step in.
fn diagonal_from(n: usize, (r, c): (usize, usize), (dr, dc): (isize, isize)) -> Vec<Cell> {
    let inside =
        |r: isize, c: isize| (1..=n as isize).contains(&r) && (1..=n as isize).contains(&c);
    let (mut r, mut c) = (r as isize, c as isize);
    if !inside(r, c) {
        r += dr;
        c += dc;
    }
    let mut cells = Vec::new();
    while inside(r, c) {
        cells.push(Cell::new(r as usize, c as usize));
        r += dr;
        c += dc;
    }
    cells
}

/// Fields a grid cell may hold: read (`value`, `given`, `region`, `givenPencilMarks`) or the
/// solver's and the interface's (marks, colours).
const CELL_FIELDS: &[&str] = &[
    "value",
    "given",
    "region",
    "givenPencilMarks",
    "centerPencilMarks",
    "cornerPencilMarks",
    "c",
    "cArray",
    "parity",
    "highlight",
];
/// Fields a rule or drawing entry may hold: read, or its drawing (colours, sizes, tags).
const ENTRY_FIELDS: &[&str] = &[
    "cells",
    "cell",
    "lines",
    "value",
    "values",
    "direction",
    "cloneCells",
    "outlineC",
    "fontC",
    "baseC",
    "width",
    "height",
    "angle",
    "size",
    "fromConstraint",
    "isNewConstraint",
    "isLLConstraint",
    "c",
    "cArray",
];

/// Fields satdoku does not know, by where they stand: in grid cells and rule entries
/// (`refused`: a typo such as `"vlaue"` on a cage would drop its sum, so the puzzle is refused
/// rather than solved with a weaker rule) and in cosmetic drawings (`cosmetic`: a warning).
/// Each list holds at most 5 paths and the total.
pub(super) struct Unknown {
    pub(super) refused: Option<String>,
    pub(super) cosmetic: Option<String>,
}

pub(super) fn unknown_fields(map: &Map<String, Value>) -> Unknown {
    let mut refused: Vec<String> = Vec::new();
    let mut cosmetic: Vec<String> = Vec::new();
    let note = |found: &mut Vec<String>, obj: &Map<String, Value>, known: &[&str], path: &str| {
        for k in obj.keys().filter(|k| !known.contains(&k.as_str())) {
            found.push(format!("{path}.{}", excerpt(k)));
        }
    };
    if let Some(Value::Array(rows)) = map.get("grid") {
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
                if let Some(o) = cell.as_object() {
                    note(&mut refused, o, CELL_FIELDS, &format!("grid[{r}][{c}]"));
                }
            }
        }
    }
    for (key, v) in map {
        let Value::Array(entries) = v else { continue };
        if key == "negative" || IGNORED.contains(&key.as_str()) {
            continue;
        }
        let found = if COSMETIC.contains(&key.as_str()) {
            &mut cosmetic
        } else {
            &mut refused
        };
        for (i, e) in entries.iter().enumerate() {
            if let Some(o) = e.as_object() {
                note(found, o, ENTRY_FIELDS, &format!("{key}[{i}]"));
            }
        }
    }
    let list = |found: Vec<String>| {
        let total = found.len();
        (total > 0).then(|| {
            let shown: Vec<&str> = found.iter().take(5).map(String::as_str).collect();
            format!(
                "{total} field(s) satdoku does not know: {}{}",
                shown.join(", "),
                if total > 5 { ", …" } else { "" }
            )
        })
    };
    Unknown {
        refused: list(refused),
        cosmetic: list(cosmetic),
    }
}
