//! One builder per f-puzzles rule key, registered in [`BUILDERS`]: reading a new key is one
//! function and one entry. Builders run in the list's order (the order of the rules in the
//! imported puzzle); dots and marks come before `nonconsecutive` and `negative`, which
//! exempt the pairs they mark. Every entry is read or refused with its JSON path.

use super::build::Build;
use super::{digit_list, entry, err, flag, items, number, pair, required, shown};
use crate::error::Error;
use crate::geometry::Cell;
use crate::rules::*;
use serde_json::Value;

/// Runs every builder in order.
pub(super) fn run(b: &mut Build) -> Result<(), Error> {
    for (_, build) in BUILDERS {
        build(b)?;
    }
    Ok(())
}

/// A builder: reads its keys from the puzzle and pushes their rules.
pub(super) type Builder = fn(&mut Build) -> Result<(), Error>;

/// Every rule key (flags, rule arrays, lines) with its builder, in reading order.
pub(super) const BUILDERS: &[(&[&str], Builder)] = &[
    (&["diagonal+", "diagonal-"], diagonals),
    (&["antiknight"], |b| {
        b.flag_rule("antiknight", || {
            Constraint::AntiKnight(anti_knight::AntiKnight {})
        })
    }),
    (&["antiking"], |b| {
        b.flag_rule("antiking", || Constraint::AntiKing(anti_king::AntiKing {}))
    }),
    (&["disjointgroups"], |b| {
        b.flag_rule("disjointgroups", || {
            Constraint::DisjointGroups(disjoint_groups::DisjointGroups {})
        })
    }),
    (&["difference"], difference),
    (&["ratio"], ratio),
    (&["xv"], xv_marks),
    (&["sum"], sum_marks),
    (&["nonconsecutive"], nonconsecutive),
    (&["negative"], negative),
    (&["odd"], |b| {
        b.markers("odd", |cells| Constraint::Odd(odd::Odd { cells }))
    }),
    (&["even"], |b| {
        b.markers("even", |cells| Constraint::Even(even::Even { cells }))
    }),
    (&["minimum"], |b| {
        b.markers("minimum", |cells| {
            Constraint::Minimum(minimum::Minimum { cells })
        })
    }),
    (&["maximum"], |b| {
        b.markers("maximum", |cells| {
            Constraint::Maximum(maximum::Maximum { cells })
        })
    }),
    (&["killercage"], killer_cages),
    (&["extraregion"], |b| {
        b.cell_lists("extraregion", |cells| {
            Constraint::ExtraRegion(extra_region::ExtraRegion { cells })
        })
    }),
    (&["clone"], clones),
    (&["quadruple"], quadruples),
    (&["rowindexer"], |b| {
        b.cell_lists("rowindexer", |cells| {
            Constraint::RowIndexer(row_indexer::RowIndexer { cells })
        })
    }),
    (&["columnindexer"], |b| {
        b.cell_lists("columnindexer", |cells| {
            Constraint::ColumnIndexer(column_indexer::ColumnIndexer { cells })
        })
    }),
    (&["boxindexer"], |b| {
        b.cell_lists("boxindexer", |cells| {
            Constraint::BoxIndexer(box_indexer::BoxIndexer { cells })
        })
    }),
    (&["littlekillersum"], little_killers),
    (&["sandwichsum"], |b| {
        b.outside("sandwichsum", |clue, sum| {
            Constraint::Sandwich(sandwich::Sandwich { clue, sum })
        })
    }),
    (&["xsum"], |b| {
        b.outside("xsum", |clue, sum| {
            Constraint::XSum(x_sum::XSum { clue, sum })
        })
    }),
    (&["skyscraper"], |b| {
        b.outside("skyscraper", |clue, count| {
            Constraint::Skyscraper(skyscraper::Skyscraper { clue, count })
        })
    }),
    (&["arrow"], arrows),
    (&["thermometer"], |b| {
        b.lines("thermometer", 0, |cells, _| {
            Constraint::Thermometer(thermometer::Thermometer { cells })
        })
    }),
    (&["slowthermometer"], |b| {
        b.lines("slowthermometer", 0, |cells, _| {
            Constraint::SlowThermometer(slow_thermometer::SlowThermometer { cells })
        })
    }),
    (&["palindrome"], |b| {
        b.lines("palindrome", 0, |cells, _| {
            Constraint::Palindrome(palindrome::Palindrome { cells })
        })
    }),
    (&["betweenline"], |b| {
        b.lines("betweenline", 0, |cells, _| {
            Constraint::BetweenLine(between_line::BetweenLine { cells })
        })
    }),
    (&["lockout"], |b| {
        b.lines("lockout", 0, |cells, _| {
            Constraint::Lockout(lockout::Lockout {
                cells,
                difference: None,
            })
        })
    }),
    (&["renban"], |b| {
        b.lines("renban", 0, |cells, _| {
            Constraint::Renban(renban::Renban { cells })
        })
    }),
    (&["whispers"], |b| {
        b.lines("whispers", 5, |cells, difference| {
            Constraint::Whispers(whispers::Whispers { cells, difference })
        })
    }),
    (&["regionsumline"], |b| {
        b.lines("regionsumline", 0, |cells, _| {
            Constraint::RegionSumLine(region_sum_line::RegionSumLine { cells })
        })
    }),
    (&["entropicline"], |b| {
        b.lines("entropicline", 0, |cells, _| {
            Constraint::EntropicLine(entropic_line::EntropicLine { cells })
        })
    }),
    (&["modularline"], |b| {
        b.lines("modularline", 3, |cells, modulus| {
            Constraint::ModularLine(modular_line::ModularLine { cells, modulus })
        })
    }),
    (&["nabner"], |b| {
        b.lines("nabner", 0, |cells, _| {
            Constraint::Nabner(nabner::Nabner { cells })
        })
    }),
    (&["doublearrow"], |b| {
        b.lines("doublearrow", 0, |cells, _| {
            Constraint::DoubleArrow(double_arrow::DoubleArrow { cells })
        })
    }),
    (&["zipperline"], |b| {
        b.lines("zipperline", 0, |cells, _| {
            Constraint::ZipperLine(zipper_line::ZipperLine { cells })
        })
    }),
];

/// `diagonal+` and `diagonal-`: one rule for both.
fn diagonals(b: &mut Build) -> Result<(), Error> {
    let (pos, neg) = (
        flag(b.map, "diagonal+", "diagonal+")?,
        flag(b.map, "diagonal-", "diagonal-")?,
    );
    if pos || neg {
        let path = if pos { "diagonal+" } else { "diagonal-" };
        b.rules.push(
            path,
            Constraint::Diagonal(diagonal::Diagonal {
                positive: pos,
                negative: neg,
            }),
        );
    }
    Ok(())
}

/// White dots (difference, default 1).
fn difference(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "difference")?.iter().enumerate() {
        let path = format!("difference[{i}]");
        let obj = entry(e, &path)?;
        let cells = b.two_cells(obj, &path)?;
        b.kropki.insert(pair(cells[0], cells[1]));
        let value = number(obj.get("value"), &format!("{path}.value"))?.unwrap_or(1);
        b.rules.push(
            path,
            Constraint::Difference(difference::Difference { cells, value }),
        );
    }
    Ok(())
}

/// Black dots (ratio, default 2).
fn ratio(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "ratio")?.iter().enumerate() {
        let path = format!("ratio[{i}]");
        let obj = entry(e, &path)?;
        let cells = b.two_cells(obj, &path)?;
        b.kropki.insert(pair(cells[0], cells[1]));
        let value = number(obj.get("value"), &format!("{path}.value"))?.unwrap_or(2);
        b.ratio_values.insert(value);
        b.rules
            .push(path, Constraint::Ratio(ratio::Ratio { cells, value }));
    }
    Ok(())
}

/// X and V marks.
fn xv_marks(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "xv")?.iter().enumerate() {
        let path = format!("xv[{i}]");
        let obj = entry(e, &path)?;
        let cells = b.two_cells(obj, &path)?;
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
        b.xv_marked.insert(pair(cells[0], cells[1]));
        b.rules.push(
            path,
            Constraint::Xv(xv::Xv {
                cells,
                value: letter,
            }),
        );
    }
    Ok(())
}

/// Sum marks between two cells.
fn sum_marks(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "sum")?.iter().enumerate() {
        let path = format!("sum[{i}]");
        let obj = entry(e, &path)?;
        let cells = b.two_cells(obj, &path)?;
        // A sum mark exempts its pair from the negative XV rule even without a value.
        b.xv_marked.insert(pair(cells[0], cells[1]));
        if let Some(sum) = number(obj.get("value"), &format!("{path}.value"))? {
            b.rules
                .push(path, Constraint::SumDot(sum_dot::SumDot { cells, sum }));
        }
    }
    Ok(())
}

/// Non-consecutive neighbours, every kropki pair exempt.
fn nonconsecutive(b: &mut Build) -> Result<(), Error> {
    if flag(b.map, "nonconsecutive", "nonconsecutive")? {
        b.rules.push(
            "nonconsecutive",
            Constraint::NonConsecutive(non_consecutive::NonConsecutive {
                except: b.kropki.iter().copied().collect(),
            }),
        );
    }
    Ok(())
}

/// The negative constraints: ratio (the ratios present, default 2) and XV.
fn negative(b: &mut Build) -> Result<(), Error> {
    for (i, v) in items(b.map, "negative")?.iter().enumerate() {
        let path = format!("negative[{i}]");
        let c = match v.as_str() {
            Some("ratio") => Constraint::NegativeRatio(negative_ratio::NegativeRatio {
                ratios: if b.ratio_values.is_empty() {
                    vec![2]
                } else {
                    b.ratio_values.iter().copied().collect()
                },
                except: b.kropki.iter().copied().collect(),
            }),
            Some("xv") => Constraint::NegativeXv(negative_xv::NegativeXv {
                except: b.xv_marked.iter().copied().collect(),
            }),
            _ => {
                return Err(err(format!(
                "{path}: unsupported negative constraint {} (satdoku knows \"ratio\" and \"xv\")",
                shown(v)
            )))
            }
        };
        b.rules.push(path, c);
    }
    Ok(())
}

/// Killer cages (the sum optional).
fn killer_cages(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "killercage")?.iter().enumerate() {
        let path = format!("killercage[{i}]");
        let obj = entry(e, &path)?;
        let cells = b.ctx.cells_of(obj, "cells", &path)?;
        let sum = number(obj.get("value"), &format!("{path}.value"))?;
        b.rules
            .push(path, Constraint::Killer(killer::Killer { cells, sum }));
    }
    Ok(())
}

/// Clones: `cells` and `cloneCells`, position by position.
fn clones(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "clone")?.iter().enumerate() {
        let path = format!("clone[{i}]");
        let obj = entry(e, &path)?;
        let cells = b.ctx.cells_of(obj, "cells", &path)?;
        let clones = b.ctx.cells_of(obj, "cloneCells", &path)?;
        b.rules
            .push(path, Constraint::Clone(clone::Clones { cells, clones }));
    }
    Ok(())
}

/// Quadruples: cells and the digits among them.
fn quadruples(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "quadruple")?.iter().enumerate() {
        let path = format!("quadruple[{i}]");
        let obj = entry(e, &path)?;
        let cells = b.ctx.cells_of(obj, "cells", &path)?;
        let values = required(obj, "values", &path)?;
        // an empty list (or null) is refused by the rule's validation, with this path
        let digits = digit_list(Some(values), &format!("{path}.values"))?;
        b.rules.push(
            path,
            Constraint::Quadruple(quadruple::Quadruple { cells, digits }),
        );
    }
    Ok(())
}

/// Little killers: the diagonal walked from the clue to the edge.
fn little_killers(b: &mut Build) -> Result<(), Error> {
    let n = b.ctx.n;
    for (i, e) in items(b.map, "littlekillersum")?.iter().enumerate() {
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
            b.rules.push(
                path,
                Constraint::LittleKiller(little_killer::LittleKiller { cells, sum }),
            );
        }
    }
    Ok(())
}

/// Arrows: one per line, the line's first cell (in the circle) excluded.
fn arrows(b: &mut Build) -> Result<(), Error> {
    for (i, e) in items(b.map, "arrow")?.iter().enumerate() {
        let path = format!("arrow[{i}]");
        let obj = entry(e, &path)?;
        let circle = b.ctx.cells_of(obj, "cells", &path)?;
        for (k, cells) in b.ctx.lines(obj, &path)?.into_iter().enumerate() {
            let line: Vec<Cell> = cells.into_iter().skip(1).collect();
            b.rules.push(
                format!("{path}.lines[{k}]"),
                Constraint::Arrow(arrow::Arrow {
                    circle: circle.clone(),
                    line,
                }),
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{FLAGS, LINE_KEYS, SEMANTIC};
    use super::BUILDERS;

    /// Every rule key has exactly one builder, and every builder reads known keys.
    #[test]
    fn every_key_has_one_builder() {
        let mut built: Vec<&str> = BUILDERS
            .iter()
            .flat_map(|(k, _)| k.iter().copied())
            .collect();
        let mut known: Vec<&str> = FLAGS
            .iter()
            .chain(SEMANTIC)
            .chain(LINE_KEYS)
            .copied()
            .collect();
        built.sort_unstable();
        known.sort_unstable();
        assert_eq!(built, known);
    }
}
