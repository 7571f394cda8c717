//! SCL (SudokuPad's JSON) to f-puzzles JSON: size, givens, regions, metadata, global flags
//! and cages here; drawn features in `draw.rs`. The f-puzzles importer then builds the rules,
//! so a rule read from SudokuPad is the same rule as read from f-puzzles.
//!
//! Every top-level key and every entry is read, refused with its location, or (for drawings
//! that are not a rule satdoku can recognise) listed as unmapped.

use super::build::{cell_list, list, rc, Build};
use super::draw;
use super::{err, Meanings, Rule};
use crate::error::{excerpt, Error};
use serde_json::{json, Map, Value};

/// Top-level keys that are not puzzle content: the app's display and housekeeping.
const HOUSEKEEPING: &[&str] = &[
    "id", "cellSize", "videos", "settings", "duration", "version",
];
/// Cell fields of a solver's progress or the display, not clues.
const CELL_MARKS: &[&str] = &[
    "pencilMarks",
    "pencilmarks",
    "centremarks",
    "centerMarks",
    "cornermarks",
    "candidates",
    "pen",
    "colour",
    "colours",
    "color",
    "highlight",
];
/// Metadata keys read (`rules` and `solution` feed the puzzle) or that carry no rule.
const META_KEYS: &[&str] = &[
    "title",
    "author",
    "rules",
    "solution",
    "msgcorrect",
    "msgincorrect",
    "source",
    "copyright",
    "license",
];

/// Translates an SCL puzzle into f-puzzles JSON. Returns the builder, holding the JSON and
/// what was not mapped.
pub(super) fn translate<'m>(
    map: &Map<String, Value>,
    meanings: &'m Meanings,
) -> Result<Build<'m>, Error> {
    for key in map.keys() {
        let known = HOUSEKEEPING.contains(&key.as_str())
            || [
                "cells",
                "regions",
                "cages",
                "lines",
                "arrows",
                "overlays",
                "underlays",
                "global",
                "metadata",
                "title",
                "author",
                "rules",
                "solution",
            ]
            .contains(&key.as_str());
        if !known && key != "foglight" && key != "fogofwar" {
            return Err(err(format!(
                "unknown key {:?} (satdoku cannot tell whether it is a rule)",
                excerpt(key)
            )));
        }
    }
    let rows = list(map, "cells")?;
    let n = rows.len();
    crate::format::check_size(n).map_err(|e| err(format!("cells: {e}")))?;
    let mut meta = Map::new();
    read_meta(map, &mut meta)?;
    let rules_text = meta_text(&meta, "rules");
    let mut b = Build {
        n,
        rules: rules_text.clone().unwrap_or_default().to_lowercase(),
        fp: Map::new(),
        origins: Vec::new(),
        unmapped: Vec::new(),
        ignored: Vec::new(),
        meanings,
        source: meta_text(&meta, "source"),
        license: meta_text(&meta, "license"),
    };
    b.fp.insert("size".into(), json!(n));
    for (k, fk) in [("title", "title"), ("author", "author")] {
        if let Some(t) = meta_text(&meta, k) {
            b.fp.insert(fk.into(), json!(t));
        }
    }
    if let Some(r) = rules_text {
        b.fp.insert("ruleset".into(), json!(r));
    }
    if let Some(s) = meta.get("solution") {
        b.fp.insert("solution".into(), solution(s, n)?);
    }
    for (k, v) in &meta {
        if !META_KEYS.contains(&k.as_str()) && v != &Value::Bool(false) {
            let shown = excerpt(&v.to_string());
            if ["antiknight", "antiking"].contains(&k.as_str()) && v == &Value::Bool(true) {
                b.fp.insert(k.clone(), json!(true));
            } else {
                b.unmapped(
                    &format!("metadata.{}", excerpt(k)),
                    format!("value {shown}"),
                );
            }
        }
    }
    let grid = grid(rows, n, map, &mut b)?;
    b.fp.insert("grid".into(), grid);
    read_global(map, &mut b)?;
    for key in ["foglight", "fogofwar"] {
        if map.get(key).is_some_and(|v| v != &Value::Null) {
            b.unmapped(key, "fog of war".into());
        }
    }
    read_cages(map, &mut b)?;
    draw::read_drawings(map, &mut b)?;
    Ok(b)
}

/// Metadata from a `metadata` object, top-level `title`/`author`/`rules`/`solution`, and
/// cages without cells whose value reads `key: text` (SudokuPad's older way).
fn read_meta(map: &Map<String, Value>, meta: &mut Map<String, Value>) -> Result<(), Error> {
    let mut put = |k: &str, v: Value| {
        let k = k.to_lowercase();
        match meta.get_mut(&k) {
            // Several `rules:` entries are several paragraphs.
            Some(Value::String(old)) if k == "rules" => {
                if let Some(t) = v.as_str() {
                    old.push('\n');
                    old.push_str(t);
                }
            }
            Some(_) => {}
            None => {
                meta.insert(k, v);
            }
        }
    };
    match map.get("metadata") {
        None | Some(Value::Null) => {}
        Some(Value::Object(m)) => {
            for (k, v) in m {
                put(k, v.clone());
            }
        }
        Some(v) => {
            return Err(err(format!(
                "metadata: expected an object, found {}",
                excerpt(&v.to_string())
            )))
        }
    }
    for k in ["title", "author", "rules", "solution"] {
        if let Some(v) = map.get(k) {
            put(k, v.clone());
        }
    }
    for c in list(map, "cages")? {
        if let Some((k, v)) = meta_cage(c) {
            put(&k, Value::String(v));
        }
    }
    Ok(())
}

/// `Some((key, text))` when cage `c` is metadata: no cells, value `key: text`.
pub(super) fn meta_cage(c: &Value) -> Option<(String, String)> {
    let obj = c.as_object()?;
    let no_cells = obj
        .get("cells")
        .is_none_or(|v| v.as_array().is_some_and(Vec::is_empty));
    let value = obj.get("value")?.as_str()?;
    let (k, v) = value.split_once(':')?;
    (no_cells && !k.is_empty() && !k.contains(' ')).then(|| (k.to_string(), v.trim().to_string()))
}

/// A metadata text (an array of texts is joined by lines).
fn meta_text(meta: &Map<String, Value>, key: &str) -> Option<String> {
    match meta.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Array(a) => Some(
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        _ => None,
    }
}

/// The stated solution (a text of N² digits, `.`/`?` for an open cell; comma-separated for
/// sizes above 9) as the f-puzzles `solution` array.
fn solution(v: &Value, n: usize) -> Result<Value, Error> {
    let s = v.as_str().ok_or_else(|| {
        err(format!(
            "metadata.solution: expected a text of digits, found {}",
            excerpt(&v.to_string())
        ))
    })?;
    let tokens: Vec<String> = if s.contains(',') {
        s.split(',').map(|t| t.trim().to_string()).collect()
    } else {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .map(String::from)
            .collect()
    };
    if tokens.len() != n * n {
        return Err(err(format!(
            "metadata.solution: {} entries, expected {} (one per cell)",
            tokens.len(),
            n * n
        )));
    }
    Ok(Value::Array(
        tokens
            .into_iter()
            .map(|t| match t.parse::<u64>() {
                Ok(d) => json!(d),
                Err(_) if t == "?" || t == "." || t.is_empty() => json!("."),
                Err(_) => json!(t),
            })
            .collect(),
    ))
}

/// The f-puzzles grid: givens and regions (no `regions` at all = no boxes). A cell field
/// satdoku does not know may be a clue: it is unmapped.
fn grid(rows: &[Value], n: usize, map: &Map<String, Value>, b: &mut Build) -> Result<Value, Error> {
    let mut region: Vec<Option<usize>> = vec![None; n * n];
    for (i, reg) in list(map, "regions")?.iter().enumerate() {
        for (r, c) in cell_list(reg, n, &format!("regions[{i}]"))? {
            if let Some(other) = region[r * n + c].replace(i) {
                return Err(err(format!(
                    "regions[{i}]: r{}c{} is already in regions[{other}]",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    let mut out = Vec::with_capacity(n);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|a| a.len() == n).ok_or_else(|| {
            err(format!(
                "cells[{r}]: expected a row of {n} cells (satdoku reads square grids)"
            ))
        })?;
        let mut fp_row = Vec::with_capacity(n);
        for (c, cell) in row.iter().enumerate() {
            let path = format!("cells[{r}][{c}]");
            let mut fc = Map::new();
            fc.insert(
                "region".into(),
                region[r * n + c].map_or(Value::Null, |x| json!(x)),
            );
            let obj = match cell {
                Value::Null => None,
                Value::Object(o) => Some(o),
                v => {
                    return Err(err(format!(
                        "{path}: expected a cell object, found {}",
                        excerpt(&v.to_string())
                    )))
                }
            };
            for (k, v) in obj.into_iter().flatten() {
                if k == "value" {
                    let d = match v {
                        Value::Number(x) => x.as_u64(),
                        Value::String(s) if s.trim().is_empty() => continue,
                        Value::String(s) => s.trim().parse::<u64>().ok(),
                        _ => None,
                    }
                    .filter(|d| (1..=n as u64).contains(d))
                    .ok_or_else(|| {
                        err(format!(
                            "{path}.value: expected a digit from 1 to {n}, found {}",
                            excerpt(&v.to_string())
                        ))
                    })?;
                    fc.insert("value".into(), json!(d));
                    fc.insert("given".into(), json!(true));
                } else if !CELL_MARKS.contains(&k.as_str()) {
                    b.unmapped(
                        &format!("{path}.{}", excerpt(k)),
                        format!("a cell field with {}", excerpt(&v.to_string())),
                    );
                }
            }
            fp_row.push(Value::Object(fc));
        }
        out.push(Value::Array(fp_row));
    }
    Ok(Value::Array(out))
}

/// `global`: a list of flags (`antiknight`, `antiking`, `nonconsecutive`, `disjoint`).
fn read_global(map: &Map<String, Value>, b: &mut Build) -> Result<(), Error> {
    for (i, g) in list(map, "global")?.iter().enumerate() {
        let key = match g.as_str().map(str::to_lowercase).as_deref() {
            Some("antiknight" | "anti-knight") => "antiknight",
            Some("antiking" | "anti-king") => "antiking",
            Some("nonconsecutive" | "non-consecutive") => "nonconsecutive",
            Some("disjoint" | "disjointgroups") => "disjointgroups",
            Some("diagonal+") => "diagonal+",
            Some("diagonal-") => "diagonal-",
            _ => {
                b.unmapped(
                    &format!("global[{i}]"),
                    format!("the flag {}", excerpt(&g.to_string())),
                );
                continue;
            }
        };
        b.fp.insert(key.into(), json!(true));
    }
    Ok(())
}

/// Whether the rules text says cages are killer cages (sums, no repeats): it says "killer",
/// or speaks of cages and sums, and does not allow repeats in cages.
fn says_killer(rules: &str) -> bool {
    let sums = rules.contains("killer")
        || (rules.contains("cage") && (rules.contains("sum") || rules.contains("add")));
    // "Digits may repeat in cages" unsays the no-repeat part: then the cages are not read.
    let repeats = rules
        .split(['.', ';', '\n'])
        .filter(|s| s.contains("cage"))
        .any(|s| s.contains("may repeat") || s.contains("can repeat"));
    sums && !repeats
}

/// Cages with cells: killer cages when the rules text says so (or the user does), the
/// hidden helper SudokuPad adds for cells in no region (no rule), else unmapped.
fn read_cages(map: &Map<String, Value>, b: &mut Build) -> Result<(), Error> {
    let killer = says_killer(&b.rules);
    for (i, c) in list(map, "cages")?.iter().enumerate() {
        let at = format!("cages[{i}]");
        if meta_cage(c).is_some() {
            continue;
        }
        let obj = c
            .as_object()
            .ok_or_else(|| err(format!("{at}: expected an object")))?;
        let cells = match obj.get("cells") {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => cell_list(v, b.n, &format!("{at}.cells"))?,
        };
        let value = obj.get("value").filter(|v| *v != &Value::Null);
        let value_text = value.map(|v| match v {
            Value::String(s) => s.clone(),
            v => v.to_string(),
        });
        if cells.is_empty() {
            if value_text.as_deref().is_some_and(|t| !t.trim().is_empty()) {
                b.unmapped(
                    &at,
                    format!("text {:?}", excerpt(&value_text.unwrap_or_default())),
                );
            }
            continue;
        }
        let names: Vec<Value> = cells.iter().map(|&(r, c)| json!(rc(r, c))).collect();
        let where_ = format!(
            "cage at {}",
            names[0].as_str().unwrap_or_default().to_lowercase()
        );
        let hidden_helper = obj.get("unique") == Some(&Value::Bool(false))
            && obj.get("hidden") == Some(&Value::Bool(true))
            && value.is_none();
        match b.told(&at) {
            Some(Rule::Ignore) => {
                b.ignored.push(format!("{at} ({where_})"));
                continue;
            }
            Some(Rule::Key(k)) if k == "killercage" || k == "extraregion" => {
                let mut e = json!({ "cells": names });
                if k == "killercage" {
                    if let Some(t) = &value_text {
                        e["value"] = json!(t);
                    }
                }
                let k = k.clone();
                b.add(&k, e, &at);
                continue;
            }
            Some(Rule::Key(k)) => {
                return Err(err(format!(
                    "{at}: a cage cannot be read as {k} (cages can be killercage, extraregion or ignore)"
                )))
            }
            None => {}
        }
        if hidden_helper {
            // SudokuPad's stand-in for f-puzzles cells in no region: no rule.
            continue;
        }
        let numeric = value_text
            .as_deref()
            .is_none_or(|t| t.trim().is_empty() || t.trim().parse::<u64>().is_ok());
        if killer && numeric && obj.get("unique") != Some(&Value::Bool(false)) {
            let mut e = json!({ "cells": names });
            if let Some(t) = value_text.filter(|t| !t.trim().is_empty()) {
                e["value"] = json!(t.trim());
            }
            b.add("killercage", e, &at);
        } else {
            let what = match &value_text {
                Some(t) => format!("{where_} with {:?}", excerpt(t)),
                None => where_,
            };
            let why = if killer {
                ""
            } else {
                "; the rules text does not say killer"
            };
            b.unmapped(&at, format!("{what}{why}"));
        }
    }
    Ok(())
}
