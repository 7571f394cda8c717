//! f-puzzles JSON to a native puzzle: the grid (givens, regions, given pencil marks), every
//! rule key through its builder (`keys.rs`), then cosmetics, texts and the stated solution.
//! Every entry is read or refused with its JSON path.

use super::build::{Build, Rules};
use super::{
    digit_list, entry, err, flag, items, number, shown, Ctx, Import, COSMETIC, FLAGS, IGNORED,
    LINE_KEYS, SEMANTIC,
};
use crate::error::{excerpt, Error};
use crate::format::json::{normalize_regions, Document, Meta};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::*;
use serde_json::Value;

/// Imports a decompressed f-puzzles JSON value.
pub fn import_value(value: &Value) -> Result<Import, Error> {
    let map = value.as_object().ok_or_else(|| {
        err(format!(
            "the puzzle must be a JSON object, found {}",
            shown(value)
        ))
    })?;
    let mut unsupported: Vec<String> = map
        .keys()
        .map(String::as_str)
        .filter(|k| {
            !IGNORED.contains(k)
                && !COSMETIC.contains(k)
                && !LINE_KEYS.contains(k)
                && !SEMANTIC.contains(k)
                && !FLAGS.contains(k)
        })
        .map(excerpt)
        .collect();
    unsupported.sort_unstable();
    if !unsupported.is_empty() {
        return Err(err(format!(
            "unsupported key(s): {} (satdoku cannot enforce these rules)",
            unsupported.join(", ")
        )));
    }
    let n = number(map.get("size"), "size")?.ok_or_else(|| err("size: missing"))?;
    crate::format::check_size(n).map_err(|e| err(format!("size: {e}")))?;
    let ctx = Ctx { n };
    let mut warnings = Vec::new();
    let mut rules = Rules::default();

    // Grid: givens, regions, given pencil marks.
    let rows = match map.get("grid") {
        Some(Value::Array(rows)) => rows,
        other => {
            return Err(err(format!(
                "grid: expected an array of rows, found {}",
                shown(other.unwrap_or(&Value::Null))
            )))
        }
    };
    if rows.len() != n {
        return Err(err(format!("grid: {} rows, expected {n}", rows.len())));
    }
    let base = Shape::new(n)?;
    let mut givens = Grid::empty(n);
    let mut regions: Vec<Option<u16>> = base.regions().to_vec();
    let mut custom_regions = false;
    let mut entered = 0;
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|a| a.len() == n)
            .ok_or_else(|| err(format!("grid[{r}]: expected an array of {n} cells")))?;
        for (c, cell) in row.iter().enumerate() {
            let path = format!("grid[{r}][{c}]");
            let obj = entry(cell, &path)?;
            let here = Cell::from_index(r, c);
            let given = flag(obj, "given", &format!("{path}.given"))?;
            if let Some(v) = number(obj.get("value"), &format!("{path}.value"))? {
                if v > n {
                    return Err(err(format!(
                        "{path}.value: {v} is out of range for a {n}x{n} grid"
                    )));
                }
                if v != 0 && given {
                    givens.set(here, Some(Digit::new(v)));
                } else if v != 0 {
                    entered += 1;
                }
            }
            if let Some(reg) = obj.get("region") {
                custom_regions = true;
                regions[r * n + c] = match reg {
                    Value::Null => None,
                    v => Some(
                        number(Some(v), &format!("{path}.region"))?
                            .filter(|&x| x < 4096)
                            .ok_or_else(|| err(format!("{path}.region: bad region")))?
                            as u16,
                    ),
                };
            }
            let marks_path = format!("{path}.givenPencilMarks");
            let digits = digit_list(obj.get("givenPencilMarks"), &marks_path)?;
            if !digits.is_empty() {
                rules.push(
                    marks_path,
                    Constraint::PencilMarks(pencil_marks::PencilMarks { cell: here, digits }),
                );
            }
        }
    }
    if entered > 0 {
        warnings.push(format!(
            "{entered} digit(s) entered without \"given\": true are not clues and are ignored"
        ));
    }
    let shape = if custom_regions {
        Shape::with_regions(n, normalize_regions(&regions))
            .map_err(|e| err(format!("grid regions: {e}")))?
    } else {
        base
    };

    // Every rule key, one builder each (keys.rs).
    let mut build = Build::new(map, ctx, rules);
    super::keys::run(&mut build)?;
    let rules = build.rules;

    let unknown = super::unknown_fields(map);
    if let Some(e) = unknown.refused {
        return Err(err(format!(
            "{e} (a field of a cell or a rule that is not read could change the rule: \
             refused rather than ignored)"
        )));
    }
    if let Some(w) = unknown.cosmetic {
        warnings.push(format!("{w} (in drawings; not read)"));
    }

    // Cosmetics: warn about drawings that are not a rule's picture.
    for key in COSMETIC {
        let loose = items(map, key)?
            .iter()
            // `fromConstraint` (Rangsk's userscript) and `isLLConstraint` (lockout lines)
            // tag drawings of a rule key.
            .filter(|e| {
                e.get("fromConstraint").is_none()
                    && !(e.get("isLLConstraint").and_then(Value::as_bool) == Some(true)
                        && map.contains_key("lockout"))
            })
            .count();
        if loose > 0 {
            warnings.push(format!(
                "{loose} cosmetic \"{key}\" item(s) not tied to a rule: any rule they draw \
                 (see the rules text) is not enforced"
            ));
        }
    }
    let text = |key: &str| -> Result<Option<String>, Error> {
        match map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone()).filter(|s| !s.trim().is_empty())),
            Some(v) => Err(err(format!("{key}: expected a string, found {}", shown(v)))),
        }
    };
    let ruleset = text("ruleset")?;
    let only_classic_words = ruleset.as_deref().is_some_and(|r| {
        let r = r.trim().to_ascii_lowercase();
        r.len() <= 160 && r.starts_with("normal") && r.matches('.').count() <= 2
    });
    if rules.constraints.is_empty() && !custom_regions && ruleset.is_some() && !only_classic_words {
        warnings.push(
            "the rules text describes rules but the puzzle has no rule keys: only classic rules are enforced"
                .into(),
        );
    }

    // A rule's own validation names the entry it came from: `thermometer[0].lines[1]`.
    let Rules { constraints, paths } = rules;
    let located = |e: Error| match e {
        Error::Constraint {
            index,
            kind,
            message,
        } => err(format!(
            "{} ({kind}): {message}",
            paths.get(index).map_or("?", String::as_str)
        )),
        e => e,
    };
    let mut puzzle = Puzzle::new(shape, givens, constraints).map_err(located)?;
    puzzle.title = text("title")?;
    puzzle.author = text("author")?;
    let solution = stated_solution(map.get("solution"), n)?;
    Ok(Import {
        document: Document {
            puzzle,
            meta: Meta {
                rules: ruleset,
                source: None,
                license: None,
                ignored: Vec::new(),
            },
            solution,
        },
        warnings,
    })
}

/// The author's solution (`solution`: N² entries, each a digit or `"."`/`null`/`0` for a
/// cell left open). It is not a rule but a claim: the CLI compares it with the solution it
/// finds, so a puzzle that does not match its stated solution is reported, never passed.
fn stated_solution(value: Option<&Value>, n: usize) -> Result<Option<Grid>, Error> {
    let entries = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(a)) if a.len() == n * n => a,
        Some(Value::Array(a)) => {
            return Err(err(format!(
                "solution: expected {} entries (one per cell), found {}",
                n * n,
                a.len()
            )))
        }
        Some(v) => {
            return Err(err(format!(
                "solution: expected an array, found {}",
                shown(v)
            )))
        }
    };
    let mut cells = Vec::with_capacity(n * n);
    for (i, v) in entries.iter().enumerate() {
        let open = matches!(v, Value::Null) || v.as_str() == Some(".") || v.as_u64() == Some(0);
        let digit = if open {
            None
        } else {
            match number(Some(v), &format!("solution[{i}]"))? {
                Some(d) if (1..=n).contains(&d) => Some(Digit::new(d)),
                _ => {
                    return Err(err(format!(
                        "solution[{i}] ({}): expected a digit from 1 to {n} or \".\", found {}",
                        Cell::from_position(i, n),
                        shown(v)
                    )))
                }
            }
        };
        cells.push(digit);
    }
    Ok(Grid::from_cells(n, cells).filter(|g| g.filled_count() > 0))
}
