//! Native rules to f-puzzles keys. What f-puzzles cannot carry is said, never dropped
//! silently: [`Export::losses`] lists it, and the caller warns or refuses.

use super::{diagonal_from, pair};
use crate::format::json::Document;
use crate::geometry::{default_box, Cell};
use crate::rules::*;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// An exported puzzle and what the f-puzzles JSON does not say.
#[derive(Clone, Debug, PartialEq)]
pub struct Export {
    /// The f-puzzles JSON.
    pub value: Value,
    /// Each part of the puzzle the JSON cannot carry, in words (empty: the export is
    /// lossless, importing it gives the same rules back).
    pub losses: Vec<String>,
}

fn name(c: Cell) -> String {
    format!("R{}C{}", c.r() + 1, c.c() + 1)
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| name(c)).collect()
}

fn push(out: &mut Map<String, Value>, key: &str, item: Value) {
    if let Value::Array(a) = out.entry(key).or_insert_with(|| json!([])) {
        a.push(item);
    }
}

fn pairs(list: &[[Cell; 2]]) -> BTreeSet<[Cell; 2]> {
    list.iter().map(|&[a, b]| pair(a, b)).collect()
}

/// The pairs f-puzzles exempts from its negative rules, read from the puzzle's own marks
/// exactly as the importer reads them: (difference and ratio dots, X/V and sum marks, the
/// ratio values in use).
struct Marks {
    kropki: BTreeSet<[Cell; 2]>,
    xv: BTreeSet<[Cell; 2]>,
    ratios: Vec<usize>,
}

impl Marks {
    fn of(constraints: &[Constraint]) -> Marks {
        let mut m = Marks {
            kropki: BTreeSet::new(),
            xv: BTreeSet::new(),
            ratios: Vec::new(),
        };
        let mut ratios = BTreeSet::new();
        for c in constraints {
            match c {
                Constraint::Difference(d) => {
                    m.kropki.insert(pair(d.cells[0], d.cells[1]));
                }
                Constraint::Ratio(d) => {
                    m.kropki.insert(pair(d.cells[0], d.cells[1]));
                    ratios.insert(d.value);
                }
                Constraint::Xv(x) => {
                    m.xv.insert(pair(x.cells[0], x.cells[1]));
                }
                Constraint::SumDot(s) => {
                    m.xv.insert(pair(s.cells[0], s.cells[1]));
                }
                _ => {}
            }
        }
        m.ratios = if ratios.is_empty() {
            vec![2]
        } else {
            ratios.into_iter().collect()
        };
        m
    }
}

/// Exports a puzzle as f-puzzles JSON. f-puzzles has no exemption lists: the pairs exempt
/// from non-consecutive and the negative rules are the pairs its dots mark. A puzzle whose
/// lists differ from its dots, two minimum (or maximum) sets (f-puzzles has one), a little
/// killer that is not a whole diagonal, and the source and license are
/// reported in [`Export::losses`].
///
/// f-puzzles grids are square: a rectangular grid exports as an empty object whose one
/// loss says so (the CLI refuses it before exporting).
pub fn export(doc: &Document) -> Export {
    let p = &doc.puzzle;
    let n = p.size();
    let shape = p.shape();
    if shape.extra() > 0 {
        return Export {
            value: Value::Object(Map::new()),
            losses: vec![format!(
                "the whole puzzle: its {} extra cells (outside the grid) have no f-puzzles form \
                 (f-puzzles cells are the grid's)",
                shape.extra()
            )],
        };
    }
    if !shape.is_square() {
        return Export {
            value: Value::Object(Map::new()),
            losses: vec![format!(
                "the whole puzzle: a rectangular grid ({}x{}) has no f-puzzles form (f-puzzles \
                 grids are square)",
                shape.rows(),
                shape.cols()
            )],
        };
    }
    let mut losses = Vec::new();
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    if let Some(t) = &p.title {
        out.insert("title".into(), json!(t));
    }
    if let Some(a) = &p.author {
        out.insert("author".into(), json!(a));
    }
    if let Some(r) = &doc.meta.rules {
        out.insert("ruleset".into(), json!(r));
    }
    if let Some(sol) = &doc.solution {
        // f-puzzles' own `solution`: a digit per cell, "." where the stated solution is open.
        let cells: Vec<Value> = sol
            .cells()
            .iter()
            .map(|d| d.map_or_else(|| json!("."), |d| json!(d.get())))
            .collect();
        out.insert("solution".into(), Value::Array(cells));
    }
    for (field, present) in [
        ("source", doc.meta.source.is_some()),
        ("license", doc.meta.license.is_some()),
    ] {
        if present {
            losses.push(format!("the puzzle's {field} has no f-puzzles field"));
        }
    }
    if shape.is_chaos() {
        losses.push("chaos construction: f-puzzles has no regions to find".into());
    }
    if shape.is_raw() {
        losses.push("raw grid: f-puzzles rows and columns always hold different digits".into());
    }
    let default = !shape.is_jigsaw() && (shape.box_rows(), shape.box_cols()) == default_box(n);
    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = Cell::from_index(r, c);
            let mut o = Map::new();
            if let Some(d) = p.givens().get(cell) {
                o.insert("value".into(), json!(d.get()));
                o.insert("given".into(), json!(true));
            }
            if !default {
                o.insert(
                    "region".into(),
                    shape.region_of(cell).map_or(Value::Null, |x| json!(x)),
                );
            }
            row.push(Value::Object(o));
        }
        grid.push(Value::Array(row));
    }
    let marks = Marks::of(p.constraints());
    let mut negative: Vec<&str> = Vec::new();
    let mut pencil: BTreeMap<Cell, BTreeSet<usize>> = BTreeMap::new();
    let mut sets = [0usize; 2];
    // Every rule is matched by name: a new rule that is not exported is a compile error.
    for c in p.constraints() {
        match c {
            Constraint::Diagonal(d) => {
                if d.positive {
                    out.insert("diagonal+".into(), json!(true));
                }
                if d.negative {
                    out.insert("diagonal-".into(), json!(true));
                }
            }
            Constraint::AntiKnight(_) => {
                out.insert("antiknight".into(), json!(true));
            }
            Constraint::AntiKing(_) => {
                out.insert("antiking".into(), json!(true));
            }
            Constraint::DisjointGroups(_) => {
                out.insert("disjointgroups".into(), json!(true));
            }
            Constraint::NonConsecutive(x) => {
                if pairs(&x.except) != marks.kropki {
                    losses.push(kropki_loss("non-consecutive"));
                }
                out.insert("nonconsecutive".into(), json!(true));
            }
            Constraint::NegativeRatio(x) => {
                if pairs(&x.except) != marks.kropki {
                    losses.push(kropki_loss("negative-ratio"));
                }
                let ratios: BTreeSet<usize> = x.ratios.iter().copied().collect();
                if ratios.into_iter().collect::<Vec<_>>() != marks.ratios {
                    losses.push(format!(
                        "negative-ratio: ratios {:?} are not the ratio dots' values {:?} \
                         (f-puzzles forbids the values of the dots, 2 without dots)",
                        x.ratios, marks.ratios
                    ));
                }
                negative.push("ratio");
            }
            Constraint::NegativeXv(x) => {
                if pairs(&x.except) != marks.xv {
                    losses.push(
                        "negative-xv: its exempt pairs are not exactly the pairs of the X, V \
                         and sum marks (f-puzzles exempts the marked pairs)"
                            .into(),
                    );
                }
                negative.push("xv");
            }
            Constraint::ExtraRegion(r) => {
                push(&mut out, "extraregion", json!({"cells": names(&r.cells)}))
            }
            Constraint::SameRegion(_)
            | Constraint::DifferentRegions(_)
            | Constraint::ChaosArrow(_)
            | Constraint::ChaosCount(_)
            | Constraint::DistinctRegions(_) => {
                losses.push(format!("{}: f-puzzles has no regions to find", c.kind()))
            }
            Constraint::Difference(d) => push(
                &mut out,
                "difference",
                json!({"cells": names(&d.cells), "value": d.value.to_string()}),
            ),
            Constraint::Ratio(d) => push(
                &mut out,
                "ratio",
                json!({"cells": names(&d.cells), "value": d.value.to_string()}),
            ),
            Constraint::Xv(x) => push(
                &mut out,
                "xv",
                json!({"cells": names(&x.cells), "value": match x.value { xv::XvLetter::X => "X", xv::XvLetter::V => "V" }}),
            ),
            Constraint::SumDot(s) => push(
                &mut out,
                "sum",
                json!({"cells": names(&s.cells), "value": s.sum.to_string()}),
            ),
            Constraint::Odd(o) => {
                for &c in &o.cells {
                    push(&mut out, "odd", json!({"cell": name(c)}));
                }
            }
            Constraint::Even(o) => {
                for &c in &o.cells {
                    push(&mut out, "even", json!({"cell": name(c)}));
                }
            }
            Constraint::Minimum(o) => {
                sets[0] += 1;
                for &c in &o.cells {
                    push(&mut out, "minimum", json!({"cell": name(c)}));
                }
            }
            Constraint::Maximum(o) => {
                sets[1] += 1;
                for &c in &o.cells {
                    push(&mut out, "maximum", json!({"cell": name(c)}));
                }
            }
            Constraint::PencilMarks(m) => {
                // Two lists on one cell mean their intersection: write that.
                let digits: BTreeSet<usize> = m.digits.iter().copied().collect();
                pencil
                    .entry(m.cell)
                    .and_modify(|d| d.retain(|x| digits.contains(x)))
                    .or_insert(digits);
            }
            Constraint::Clone(k) => push(
                &mut out,
                "clone",
                json!({"cells": names(&k.cells), "cloneCells": names(&k.clones)}),
            ),
            Constraint::Quadruple(q) => push(
                &mut out,
                "quadruple",
                json!({"cells": names(&q.cells), "values": q.digits}),
            ),
            Constraint::RowIndexer(x) => {
                push(&mut out, "rowindexer", json!({"cells": names(&x.cells)}))
            }
            Constraint::ColumnIndexer(x) => {
                push(&mut out, "columnindexer", json!({"cells": names(&x.cells)}))
            }
            Constraint::BoxIndexer(x) => {
                push(&mut out, "boxindexer", json!({"cells": names(&x.cells)}))
            }
            Constraint::Killer(k) => {
                let mut o = json!({"cells": names(&k.cells)});
                if let Some(s) = k.sum {
                    o["value"] = json!(s.to_string());
                }
                push(&mut out, "killercage", o)
            }
            Constraint::LittleKiller(k) => {
                let (item, whole) = little_killer(n, k);
                if !whole {
                    losses.push(format!(
                        "little-killer {}: f-puzzles clues a whole diagonal, to the edge; \
                         these cells are only part of one",
                        crate::rules::cell_lists::describe(&k.cells)
                    ));
                }
                push(&mut out, "littlekillersum", item)
            }
            Constraint::Sandwich(s) => push(
                &mut out,
                "sandwichsum",
                json!({"cell": format!("R{}C{}", s.clue.row, s.clue.col), "value": s.sum.to_string()}),
            ),
            Constraint::XSum(s) => push(
                &mut out,
                "xsum",
                json!({"cell": format!("R{}C{}", s.clue.row, s.clue.col), "value": s.sum.to_string()}),
            ),
            Constraint::Skyscraper(s) => push(
                &mut out,
                "skyscraper",
                json!({"cell": format!("R{}C{}", s.clue.row, s.clue.col), "value": s.count.to_string()}),
            ),
            Constraint::Arrow(a) => {
                // The line leaves the circle from a circle cell touching its first cell; the
                // importer drops that first cell again.
                let start = a
                    .circle
                    .iter()
                    .copied()
                    .find(|c| c.is_king_neighbour(a.line[0]))
                    .unwrap_or(a.circle[0]);
                let mut line = vec![name(start)];
                line.extend(names(&a.line));
                push(
                    &mut out,
                    "arrow",
                    json!({"cells": names(&a.circle), "lines": [line]}),
                )
            }
            Constraint::Whispers(w) => push(
                &mut out,
                "whispers",
                json!({"lines": [names(&w.cells)], "value": w.difference.to_string()}),
            ),
            Constraint::Thermometer(x) => line(&mut out, "thermometer", &x.cells),
            Constraint::SlowThermometer(x) => line(&mut out, "slowthermometer", &x.cells),
            Constraint::Palindrome(x) => line(&mut out, "palindrome", &x.cells),
            Constraint::BetweenLine(x) => line(&mut out, "betweenline", &x.cells),
            Constraint::Lockout(x) if x.gap(shape.value_count()) == shape.value_count() / 2 => {
                line(&mut out, "lockout", &x.cells)
            }
            Constraint::Lockout(x) => losses.push(format!(
                "lockout: f-puzzles' lockout ends differ by at least {}, not {}; it is not \
                 exported",
                shape.value_count() / 2,
                x.gap(shape.value_count())
            )),
            Constraint::Renban(x) => line(&mut out, "renban", &x.cells),
            Constraint::EntropicLine(x) => line(&mut out, "entropicline", &x.cells),
            Constraint::ModularLine(x) if x.modulus == 3 => line(&mut out, "modularline", &x.cells),
            Constraint::ModularLine(x) => losses.push(format!(
                "modular-line: f-puzzles' modular line is modulo 3, not {}; it is not exported",
                x.modulus
            )),
            Constraint::Nabner(x) => line(&mut out, "nabner", &x.cells),
            Constraint::DoubleArrow(x) => line(&mut out, "doublearrow", &x.cells),
            Constraint::RegionSumLine(x) => line(&mut out, "regionsumline", &x.cells),
            Constraint::ZipperLine(x) => line(&mut out, "zipperline", &x.cells),
            Constraint::Or(_)
            | Constraint::And(_)
            | Constraint::SumLine(_)
            | Constraint::Lunchbox(_)
            | Constraint::NumberedRoom(_)
            | Constraint::HiddenSkyscraper(_)
            | Constraint::AntiTaxicab(_)
            | Constraint::GlobalEntropy(_)
            | Constraint::GlobalMod(_)
            | Constraint::DutchFlatmates(_)
            | Constraint::RellikCage(_)
            | Constraint::CountingCircles(_)
            | Constraint::SameValues(_)
            | Constraint::GreaterThan(_)
            | Constraint::EqualSums(_)
            | Constraint::ValueIndexing(_)
            | Constraint::Relation(_)
            | Constraint::CountDistinct(_)
            | Constraint::EqualityCage(_)
            | Constraint::FullRank(_)
            | Constraint::Regex(_)
            | Constraint::WeightedSum(_)
            | Constraint::LookAndSay(_)
            | Constraint::ConnectedValues(_)
            | Constraint::ContainAtLeast(_)
            | Constraint::Nfa(_)
            | Constraint::Doppelganger(_) => losses.push(no_key(c)),
        }
    }
    for (key, count) in ["minimum", "maximum"].into_iter().zip(sets) {
        if count > 1 {
            losses.push(format!(
                "{count} separate {key} sets become one (f-puzzles has one {key} set, and a \
                 cell is compared only with neighbours outside its set)"
            ));
        }
    }
    for (cell, digits) in pencil {
        if let Value::Object(o) = &mut grid[cell.r()][cell.c()] {
            o.insert("givenPencilMarks".into(), json!(digits));
        }
    }
    if !negative.is_empty() {
        out.insert("negative".into(), json!(negative));
    }
    out.insert("grid".into(), json!(grid));
    Export {
        value: Value::Object(out),
        losses,
    }
}

/// A line rule: one entry with one polyline.
fn line(out: &mut Map<String, Value>, key: &str, cells: &[Cell]) {
    push(out, key, json!({"lines": [names(cells)]}));
}

/// A little killer's f-puzzles entry, and whether its cells are the whole diagonal the
/// importer walks from that clue (else the export changes the rule).
fn little_killer(n: usize, k: &little_killer::LittleKiller) -> (Value, bool) {
    let a = k.cells[0];
    let (r0, c0) = (a.r() as isize + 1, a.c() as isize + 1);
    let outside = |r: isize, c: isize| r < 1 || c < 1 || r > n as isize || c > n as isize;
    let (dr, dc) = match k.cells.get(1) {
        Some(b) => (
            b.r() as isize - a.r() as isize,
            b.c() as isize - a.c() as isize,
        ),
        // A single cell: a diagonal that leaves the grid on both sides.
        None => [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .find(|&(dr, dc)| outside(r0 - dr, c0 - dc) && outside(r0 + dr, c0 + dc))
            .unwrap_or((1, 1)),
    };
    let clue = (r0 - dr, c0 - dc);
    let dir = match (dr, dc) {
        (-1, -1) => "UL",
        (-1, 1) => "UR",
        (1, -1) => "DL",
        _ => "DR",
    };
    let whole = clue.0 >= 0
        && clue.1 >= 0
        && diagonal_from(n, (clue.0 as usize, clue.1 as usize), (dr, dc)) == k.cells;
    let item = json!({"cell": format!("R{}C{}", clue.0, clue.1), "direction": dir,
                      "value": k.sum.to_string(), "cells": names(&k.cells)});
    (item, whole)
}

/// The lz-string base64 payload of an f-puzzles JSON value.
pub fn compress(value: &Value) -> String {
    lz_str::compress_to_base64(value.to_string().as_str())
}

/// The loss of a rule f-puzzles has no key for (nor a convention setters use): said, and
/// the rule left out of the export.
fn no_key(c: &Constraint) -> String {
    format!(
        "{}: f-puzzles has no key for this rule; it is not exported",
        c.kind()
    )
}

/// The loss of a rule whose exemptions f-puzzles reads from the kropki dots.
fn kropki_loss(kind: &str) -> String {
    format!(
        "{kind}: its exempt pairs are not exactly the pairs of the difference and ratio dots \
         (f-puzzles exempts the dotted pairs)"
    )
}
