//! f-puzzles keys to native rules. Every entry is read or refused with its JSON path.

use super::{
    digit_list, entry, err, flag, items, number, pair, required, shown, Ctx, Import, COSMETIC,
    FLAGS, IGNORED, LINE_KEYS, SEMANTIC,
};
use crate::error::{excerpt, Error};
use crate::format::json::{normalize_regions, Document, Meta};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::*;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// The rules read so far, each with the JSON path it came from (for error messages).
#[derive(Default)]
struct Rules {
    constraints: Vec<Constraint>,
    paths: Vec<String>,
}

impl Rules {
    fn push(&mut self, path: impl Into<String>, c: Constraint) {
        self.constraints.push(c);
        self.paths.push(path.into());
    }
}

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

    // Global rules.
    let (pos, neg) = (
        flag(map, "diagonal+", "diagonal+")?,
        flag(map, "diagonal-", "diagonal-")?,
    );
    if pos || neg {
        let path = if pos { "diagonal+" } else { "diagonal-" };
        rules.push(
            path,
            Constraint::Diagonal(diagonal::Diagonal {
                positive: pos,
                negative: neg,
            }),
        );
    }
    if flag(map, "antiknight", "antiknight")? {
        rules.push(
            "antiknight",
            Constraint::AntiKnight(anti_knight::AntiKnight {}),
        );
    }
    if flag(map, "antiking", "antiking")? {
        rules.push("antiking", Constraint::AntiKing(anti_king::AntiKing {}));
    }
    if flag(map, "disjointgroups", "disjointgroups")? {
        rules.push(
            "disjointgroups",
            Constraint::DisjointGroups(disjoint_groups::DisjointGroups {}),
        );
    }
    let nonconsecutive = flag(map, "nonconsecutive", "nonconsecutive")?;

    // Dots and marks between two cells.
    let mut kropki: BTreeSet<[Cell; 2]> = BTreeSet::new();
    let mut xv_marked: BTreeSet<[Cell; 2]> = BTreeSet::new();
    let mut ratio_values: BTreeSet<usize> = BTreeSet::new();
    let two_cells = |obj: &Map<String, Value>, path: &str| -> Result<[Cell; 2], Error> {
        match ctx.cells_of(obj, "cells", path)?[..] {
            [a, b] => Ok([a, b]),
            _ => Err(err(format!("{path}.cells: expected two cells"))),
        }
    };
    for (i, e) in items(map, "difference")?.iter().enumerate() {
        let path = format!("difference[{i}]");
        let obj = entry(e, &path)?;
        let cells = two_cells(obj, &path)?;
        kropki.insert(pair(cells[0], cells[1]));
        let value = number(obj.get("value"), &format!("{path}.value"))?.unwrap_or(1);
        rules.push(
            path,
            Constraint::Difference(difference::Difference { cells, value }),
        );
    }
    for (i, e) in items(map, "ratio")?.iter().enumerate() {
        let path = format!("ratio[{i}]");
        let obj = entry(e, &path)?;
        let cells = two_cells(obj, &path)?;
        kropki.insert(pair(cells[0], cells[1]));
        let value = number(obj.get("value"), &format!("{path}.value"))?.unwrap_or(2);
        ratio_values.insert(value);
        rules.push(path, Constraint::Ratio(ratio::Ratio { cells, value }));
    }
    for (i, e) in items(map, "xv")?.iter().enumerate() {
        let path = format!("xv[{i}]");
        let obj = entry(e, &path)?;
        let cells = two_cells(obj, &path)?;
        let value = obj.get("value").unwrap_or(&Value::Null);
        let letter = match value.as_str().map(str::trim) {
            Some("X") | Some("x") => xv::XvLetter::X,
            Some("V") | Some("v") => xv::XvLetter::V,
            _ => {
                return Err(err(format!(
                    "{path}.value: expected \"X\" or \"V\", found {}",
                    shown(value)
                )))
            }
        };
        xv_marked.insert(pair(cells[0], cells[1]));
        rules.push(
            path,
            Constraint::Xv(xv::Xv {
                cells,
                value: letter,
            }),
        );
    }
    for (i, e) in items(map, "sum")?.iter().enumerate() {
        let path = format!("sum[{i}]");
        let obj = entry(e, &path)?;
        let cells = two_cells(obj, &path)?;
        // A sum mark exempts its pair from the negative XV rule even without a value.
        xv_marked.insert(pair(cells[0], cells[1]));
        if let Some(sum) = number(obj.get("value"), &format!("{path}.value"))? {
            rules.push(path, Constraint::SumDot(sum_dot::SumDot { cells, sum }));
        }
    }
    if nonconsecutive {
        rules.push(
            "nonconsecutive",
            Constraint::NonConsecutive(non_consecutive::NonConsecutive {
                except: kropki.iter().copied().collect(),
            }),
        );
    }
    for (i, v) in items(map, "negative")?.iter().enumerate() {
        let path = format!("negative[{i}]");
        match v.as_str() {
            Some("ratio") => rules.push(
                path,
                Constraint::NegativeRatio(negative_ratio::NegativeRatio {
                    ratios: if ratio_values.is_empty() {
                        vec![2]
                    } else {
                        ratio_values.iter().copied().collect()
                    },
                    except: kropki.iter().copied().collect(),
                }),
            ),
            Some("xv") => rules.push(
                path,
                Constraint::NegativeXv(negative_xv::NegativeXv {
                    except: xv_marked.iter().copied().collect(),
                }),
            ),
            _ => {
                return Err(err(format!(
                "{path}: unsupported negative constraint {} (satdoku knows \"ratio\" and \"xv\")",
                shown(v)
            )))
            }
        }
    }

    // Cells and cages.
    // Single-cell markers gathered into one constraint per kind (min/max compare against
    // neighbours outside their own set, so the set must stay whole).
    type Make = fn(Vec<Cell>) -> Constraint;
    let markers: [(&str, Make); 4] = [
        ("odd", |cells| Constraint::Odd(odd::Odd { cells })),
        ("even", |cells| Constraint::Even(even::Even { cells })),
        ("minimum", |cells| {
            Constraint::Minimum(minimum::Minimum { cells })
        }),
        ("maximum", |cells| {
            Constraint::Maximum(maximum::Maximum { cells })
        }),
    ];
    for (key, make) in markers {
        let cells = items(map, key)?
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let path = format!("{key}[{i}]");
                let obj = entry(e, &path)?;
                ctx.cell(required(obj, "cell", &path)?, &format!("{path}.cell"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !cells.is_empty() {
            rules.push(key, make(cells));
        }
    }
    for (i, e) in items(map, "killercage")?.iter().enumerate() {
        let path = format!("killercage[{i}]");
        let obj = entry(e, &path)?;
        let cells = ctx.cells_of(obj, "cells", &path)?;
        let sum = number(obj.get("value"), &format!("{path}.value"))?;
        rules.push(path, Constraint::Killer(killer::Killer { cells, sum }));
    }
    for (i, e) in items(map, "extraregion")?.iter().enumerate() {
        let path = format!("extraregion[{i}]");
        let cells = ctx.cells_of(entry(e, &path)?, "cells", &path)?;
        rules.push(
            path,
            Constraint::ExtraRegion(extra_region::ExtraRegion { cells }),
        );
    }
    for (i, e) in items(map, "clone")?.iter().enumerate() {
        let path = format!("clone[{i}]");
        let obj = entry(e, &path)?;
        let cells = ctx.cells_of(obj, "cells", &path)?;
        let clones = ctx.cells_of(obj, "cloneCells", &path)?;
        rules.push(path, Constraint::Clone(clone::Clones { cells, clones }));
    }
    for (i, e) in items(map, "quadruple")?.iter().enumerate() {
        let path = format!("quadruple[{i}]");
        let obj = entry(e, &path)?;
        let cells = ctx.cells_of(obj, "cells", &path)?;
        let values = required(obj, "values", &path)?;
        // an empty list (or null) is refused by the rule's validation, with this path
        let digits = digit_list(Some(values), &format!("{path}.values"))?;
        rules.push(
            path,
            Constraint::Quadruple(quadruple::Quadruple { cells, digits }),
        );
    }
    for key in ["rowindexer", "columnindexer", "boxindexer"] {
        for (i, e) in items(map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let cells = ctx.cells_of(entry(e, &path)?, "cells", &path)?;
            let c = match key {
                "rowindexer" => Constraint::RowIndexer(row_indexer::RowIndexer { cells }),
                "columnindexer" => {
                    Constraint::ColumnIndexer(column_indexer::ColumnIndexer { cells })
                }
                _ => Constraint::BoxIndexer(box_indexer::BoxIndexer { cells }),
            };
            rules.push(path, c);
        }
    }

    // Clues outside the grid. The clue's place is read (and checked) even when its value is
    // empty; a clue without a value is an unclued drawing and adds no rule.
    for (i, e) in items(map, "littlekillersum")?.iter().enumerate() {
        let path = format!("littlekillersum[{i}]");
        let obj = entry(e, &path)?;
        let (r, c) = super::rc(required(obj, "cell", &path)?, &format!("{path}.cell"))?;
        let direction = required(obj, "direction", &path)?;
        let (dr, dc) = match direction.as_str() {
            Some("UL") => (-1, -1),
            Some("UR") => (-1, 1),
            Some("DL") => (1, -1),
            Some("DR") => (1, 1),
            _ => {
                return Err(err(format!(
                    "{path}.direction: expected \"UL\", \"UR\", \"DL\" or \"DR\", found {}",
                    shown(direction)
                )))
            }
        };
        if r > n + 1 || c > n + 1 {
            return Err(err(format!(
                "{path}.cell: R{r}C{c} is neither in the {n}x{n} grid nor beside it"
            )));
        }
        let cells = super::diagonal_from(n, (r, c), (dr, dc));
        if cells.is_empty() {
            return Err(err(format!("{path}: the diagonal does not enter the grid")));
        }
        if let Some(sum) = number(obj.get("value"), &format!("{path}.value"))? {
            rules.push(
                path,
                Constraint::LittleKiller(little_killer::LittleKiller { cells, sum }),
            );
        }
    }
    for key in ["sandwichsum", "xsum", "skyscraper"] {
        for (i, e) in items(map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let obj = entry(e, &path)?;
            let clue = ctx.outside(required(obj, "cell", &path)?, &format!("{path}.cell"))?;
            let Some(v) = number(obj.get("value"), &format!("{path}.value"))? else {
                continue;
            };
            let c = match key {
                "sandwichsum" => Constraint::Sandwich(sandwich::Sandwich { clue, sum: v }),
                "xsum" => Constraint::XSum(x_sum::XSum { clue, sum: v }),
                _ => Constraint::Skyscraper(skyscraper::Skyscraper { clue, count: v }),
            };
            rules.push(path, c);
        }
    }

    // Arrows: one per line, the line's first cell (in the circle) excluded.
    for (i, e) in items(map, "arrow")?.iter().enumerate() {
        let path = format!("arrow[{i}]");
        let obj = entry(e, &path)?;
        let circle = ctx.cells_of(obj, "cells", &path)?;
        for (k, cells) in ctx.lines(obj, &path)?.into_iter().enumerate() {
            let line: Vec<Cell> = cells.into_iter().skip(1).collect();
            rules.push(
                format!("{path}.lines[{k}]"),
                Constraint::Arrow(arrow::Arrow {
                    circle: circle.clone(),
                    line,
                }),
            );
        }
    }

    // Lines.
    for key in LINE_KEYS {
        for (i, e) in items(map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let obj = entry(e, &path)?;
            let lines = ctx.lines(obj, &path)?;
            let difference = if *key == "whispers" {
                number(obj.get("value"), &format!("{path}.value"))?.unwrap_or(5)
            } else {
                0
            };
            for (k, cells) in lines.into_iter().enumerate() {
                let c = match *key {
                    "thermometer" => Constraint::Thermometer(thermometer::Thermometer { cells }),
                    "slowthermometer" => {
                        Constraint::SlowThermometer(slow_thermometer::SlowThermometer { cells })
                    }
                    "palindrome" => Constraint::Palindrome(palindrome::Palindrome { cells }),
                    "betweenline" => Constraint::BetweenLine(between_line::BetweenLine { cells }),
                    "lockout" => Constraint::Lockout(lockout::Lockout { cells }),
                    "renban" => Constraint::Renban(renban::Renban { cells }),
                    "whispers" => Constraint::Whispers(whispers::Whispers { cells, difference }),
                    "regionsumline" => {
                        Constraint::RegionSumLine(region_sum_line::RegionSumLine { cells })
                    }
                    "entropicline" => {
                        Constraint::EntropicLine(entropic_line::EntropicLine { cells })
                    }
                    "modularline" => {
                        Constraint::ModularLine(modular_line::ModularLine { cells, modulus: 3 })
                    }
                    "nabner" => Constraint::Nabner(nabner::Nabner { cells }),
                    "doublearrow" => Constraint::DoubleArrow(double_arrow::DoubleArrow { cells }),
                    "zipperline" => Constraint::ZipperLine(zipper_line::ZipperLine { cells }),
                    other => unreachable!("LINE_KEYS holds only the keys above, not {other}"),
                };
                rules.push(format!("{path}.lines[{k}]"), c);
            }
        }
    }

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
