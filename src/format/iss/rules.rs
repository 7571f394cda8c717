//! One ISS constraint item (not a shape item, not a top-level given) as satdoku rules, with
//! ISS's meaning (its js/sudoku_constraint.js descriptions and solver handlers, read for
//! meaning). Each arm says which satdoku rule states it; names satdoku cannot state are
//! refused with the reason.

use super::args::{adjacent_pairs, bad, cells, number, placed, value_id, Placed};
use super::error::{At, IssError};
use super::tokens::Item;
use crate::geometry::{Cell, Shape};
use crate::rules::*;

/// Every argument as a cell with where ISS draws it.
fn placed_cells(at: &At, args: &[String], n: usize) -> Result<Vec<Placed>, IssError> {
    if args.is_empty() {
        return Err(bad(at, "no cells"));
    }
    args.iter().map(|a| placed(at, a, n)).collect()
}

/// The relation of each listed cell and the next whose values (a, b) satisfy `allowed`: how
/// ISS's binary rules (whispers, dots, XV, greater-than) hold on extra cells, where satdoku
/// draws no line or mark. A relation lists values ≥ 0: an allowed pair with a negative value
/// is refused, never dropped.
fn table(
    at: &At,
    shape: &Shape,
    cells: Vec<Cell>,
    allowed: impl Fn(i64, i64) -> bool,
) -> Result<Constraint, IssError> {
    let values = shape.values();
    let all = values.min..=values.max();
    let allowed = all
        .clone()
        .flat_map(|a| all.clone().map(move |b| (a, b)))
        .filter(|&(a, b)| allowed(a, b))
        .map(|(a, b)| Some([usize::try_from(a).ok()?, usize::try_from(b).ok()?]))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            bad(
                at,
                format!(
                    "on extra cells with values {values}: a relation lists values of 0 or more"
                ),
            )
        })?;
    Ok(Constraint::Relation(relation::Relation {
        cells,
        allowed,
        pairs: relation::Pairs::Consecutive,
    }))
}

/// Why satdoku refuses each ISS constraint it cannot state.
fn unsupported(name: &str) -> Option<&'static str> {
    Some(match name {
        "Var" => "extra cells are declared at the top level of the string, not inside Or or And",
        _ => return None,
    })
}

/// The rules one item states. `in_or`: the item is a branch of an `Or` (givens become
/// pencil marks there; ISS does not merge them).
pub fn leaf(
    item: &Item,
    shape: &Shape,
    warnings: &mut Vec<String>,
) -> Result<Vec<Constraint>, IssError> {
    let n = shape.size();
    let at = &item.at;
    let a = &item.args;
    let no_args = || -> Result<(), IssError> {
        if a.is_empty() {
            Ok(())
        } else {
            Err(bad(at, "takes no arguments"))
        }
    };
    let one = |c: Constraint| Ok(vec![c]);
    let line = || cells(at, a, n);
    let tail = || cells(at, a.get(1..).unwrap_or(&[]), n);
    if let Some(why) = unsupported(&at.name) {
        return Err(IssError::Unsupported {
            at: at.clone(),
            why: why.into(),
        });
    }
    match at.name.as_str() {
        "Given" => {
            // In an Or branch: each value id is one pencil-mark rule.
            a.iter()
                .map(|v| {
                    let (cell, digits) = value_id(at, v, n, shape.values())?;
                    Ok(Constraint::PencilMarks(pencil_marks::PencilMarks {
                        cell,
                        digits: super::args::as_values(at, &digits, shape.values())?,
                    }))
                })
                .collect()
        }
        "Doppelganger" => no_args().and(one(Constraint::Doppelganger(
            doppelganger::Doppelganger::default(),
        ))),
        "AntiKnight" => no_args().and(one(Constraint::AntiKnight(anti_knight::AntiKnight {}))),
        "AntiKing" => no_args().and(one(Constraint::AntiKing(anti_king::AntiKing {}))),
        "AntiTaxicab" => no_args().and(one(Constraint::AntiTaxicab(anti_taxicab::AntiTaxicab {}))),
        "AntiConsecutive" => no_args().and(one(Constraint::NonConsecutive(
            non_consecutive::NonConsecutive { except: Vec::new() },
        ))),
        "DisjointSets" => no_args().and(one(Constraint::DisjointGroups(
            disjoint_groups::DisjointGroups {},
        ))),
        "GlobalEntropy" => no_args().and(one(Constraint::GlobalEntropy(
            global_windows::GlobalEntropy {},
        ))),
        "GlobalMod" => no_args().and(one(Constraint::GlobalMod(global_windows::GlobalMod {}))),
        "DutchFlatmates" => no_args().and(one(Constraint::DutchFlatmates(
            dutch_flatmates::DutchFlatmates {},
        ))),
        "Windoku" => {
            no_args()?;
            if !shape.is_square() {
                // the windows below are laid out on an N×N grid with its boxes' shape
                return Err(IssError::Unsupported {
                    at: at.clone(),
                    why: format!(
                        "windoku on a {}x{} grid (ISS's windows are read for square grids)",
                        shape.rows(),
                        shape.cols()
                    ),
                });
            }
            if shape.values().count != n {
                return Err(IssError::Unsupported {
                    at: at.clone(),
                    why: format!(
                        "windoku with {} values on a {n}x{n} grid (read with N values only)",
                        shape.values().count
                    ),
                });
            }
            // ISS's windows: boxes of the grid's box size (h rows by w columns, h the
            // largest divisor of N up to its square root), one cell in from the top left
            // and one cell apart, as many as fit inside the grid.
            let Some(h) = (2..=n).rev().find(|&h| h * h <= n && n % h == 0) else {
                warnings.push(format!(
                    "{at}: a {n}x{n} grid has no boxes, so ISS's windoku states nothing here"
                ));
                return Ok(Vec::new());
            };
            let w = n / h;
            let mut windows = Vec::new();
            for top in (1..n).step_by(h + 1).take_while(|&t| t + h < n) {
                for left in (1..n).step_by(w + 1).take_while(|&l| l + w < n) {
                    let cells = (0..n)
                        .map(|k| Cell::from_index(top + k / w, left + k % w))
                        .collect();
                    windows.push(Constraint::ExtraRegion(extra_region::ExtraRegion { cells }));
                }
            }
            Ok(windows)
        }
        "Diagonal" => {
            let d = a.first().map(String::as_str);
            let (positive, negative) = match d {
                Some("1") => (true, false),
                Some("-1") => (false, true),
                _ => return Err(bad(at, "expected Diagonal~1 (/) or Diagonal~-1 (\\)")),
            };
            one(Constraint::Diagonal(diagonal::Diagonal {
                positive,
                negative,
            }))
        }
        "Thermo" => one(Constraint::Thermometer(thermometer::Thermometer {
            cells: line()?,
        })),
        "Renban" => one(Constraint::Renban(renban::Renban { cells: line()? })),
        "Entropic" => one(Constraint::EntropicLine(entropic_line::EntropicLine {
            cells: line()?,
        })),
        "RegionSumLine" => one(Constraint::RegionSumLine(region_sum_line::RegionSumLine {
            cells: line()?,
        })),
        "Between" => one(Constraint::BetweenLine(between_line::BetweenLine {
            cells: line()?,
        })),
        "Palindrome" => one(Constraint::Palindrome(palindrome::Palindrome {
            cells: line()?,
        })),
        "Zipper" => one(Constraint::ZipperLine(zipper_line::ZipperLine {
            cells: line()?,
        })),
        "DoubleArrow" => one(Constraint::DoubleArrow(double_arrow::DoubleArrow {
            cells: line()?,
        })),
        "ValueIndexing" => one(Constraint::ValueIndexing(value_indexing::ValueIndexing {
            cells: line()?,
        })),
        "GreaterThan" => {
            let placed = placed_cells(at, a, n)?;
            if placed.iter().all(|p| p.layout.is_none()) {
                return one(Constraint::GreaterThan(greater_than::GreaterThan {
                    cells: line()?,
                }));
            }
            // on extra cells: ISS's pairs over its layout of them, each "first > second"
            let pairs = adjacent_pairs(&placed);
            if pairs.is_empty() {
                return Err(bad(at, "no two listed cells are side by side"));
            }
            pairs
                .into_iter()
                .map(|p| table(at, shape, p.to_vec(), |a, b| a > b))
                .collect()
        }
        "CountingCircles" => one(Constraint::CountingCircles(
            counting_circles::CountingCircles { cells: line()? },
        )),
        "ChaosArrow" => super::chaos::arrow(at, a, shape),
        "ChaosCount" => super::chaos::count(at, a, shape),
        "CountDistinct" if a.iter().skip(1).any(|x| x.starts_with("CC")) => {
            super::chaos::distinct_regions(at, a, shape)
        }
        "CountDistinct" => one(Constraint::CountDistinct(count_distinct::CountDistinct {
            cells: line()?,
        })),
        "EqualityCage" => one(Constraint::EqualityCage(equality_cage::EqualityCage {
            cells: line()?,
        })),
        "AllDifferent" if a.iter().any(|x| x.starts_with("CC")) => {
            // ISS's chaos region cells (CCk: the region id of cell k in reading order):
            // different ids are different regions
            let cells = super::chaos::region_cells(
                at,
                a,
                shape,
                "the cells of an AllDifferent over region cells",
            )?;
            one(Constraint::DifferentRegions(
                different_regions::DifferentRegions { cells },
            ))
        }
        "AllDifferent" => one(Constraint::ExtraRegion(extra_region::ExtraRegion {
            cells: line()?,
        })),
        "Whisper" => {
            // ISS: a first argument that is not a number is a cell (difference 5).
            let (difference, cells) = match a.first().map(|t| t.parse::<usize>()) {
                Some(Ok(d)) => (d, tail()?),
                _ => (5, line()?),
            };
            if cells.iter().any(|&c| shape.is_extra(c)) {
                // on extra cells (ISS's doppelganger cells, `Var`): no line to draw, the
                // same relation of each cell and the next, as a table of values
                // (one relation per pair: a line may close on its first cell)
                return cells
                    .windows(2)
                    .map(|p| {
                        table(at, shape, p.to_vec(), |a, b| {
                            a.abs_diff(b) >= difference as u64
                        })
                    })
                    .collect();
            }
            one(Constraint::Whispers(whispers::Whispers {
                cells,
                difference,
            }))
        }
        "Modular" => {
            let modulus = number(at, a.first(), "modulus")?;
            one(Constraint::ModularLine(modular_line::ModularLine {
                cells: tail()?,
                modulus,
            }))
        }
        "Lockout" => {
            // ISS states the ends' least difference; its ends are also an exclusion pair
            // (never equal), so a difference of 0 reads as 1
            let diff = number(at, a.first(), "minimum difference")?.max(1);
            let half = shape.value_count() / 2;
            one(Constraint::Lockout(lockout::Lockout {
                cells: tail()?,
                difference: (diff != half).then_some(diff),
            }))
        }
        "Regex" => regex_lines(at, a, n),
        "SumLine" => {
            // ISS: a last argument LOOP makes the line a loop (its last cell is followed by
            // its first)
            let sum = number(at, a.first(), "sum")?;
            let is_loop = a.last().is_some_and(|l| l == "LOOP");
            let end = a.len() - usize::from(is_loop);
            one(Constraint::SumLine(sum_line::SumLine {
                cells: cells(at, a.get(1..end).unwrap_or(&[]), n)?,
                sum,
                is_loop,
            }))
        }
        "Arrow" => {
            // ISS's arrow is a sum (the first cell equals the sum of the others), whatever
            // the cells' places: drawn as an arrow when each cell touches the next, else
            // stated as that sum (ISS lists a loop of cells rotated to put each in the circle).
            let all = line()?;
            let drawn = all.iter().all(|&c| shape.contains(c));
            if drawn && all.windows(2).all(|w| w[0].is_king_neighbour(w[1])) {
                one(Constraint::Arrow(arrow::Arrow {
                    circle: vec![all[0]],
                    line: all[1..].to_vec(),
                }))
            } else {
                let weights = (0..all.len())
                    .map(|i| if i == 0 { -1 } else { 1 })
                    .collect();
                one(Constraint::WeightedSum(weighted_sum::WeightedSum {
                    cells: all,
                    weights: Some(weights),
                    sum: 0,
                }))
            }
        }
        "PillArrow" => {
            // ISS reads the pill's cells in reading order, whatever order they are listed in.
            let k = number(at, a.first(), "pill size")?;
            let all = tail()?;
            if !(2..=3).contains(&k) || all.len() <= k {
                return Err(bad(at, "a pill of 2 or 3 cells, then the line"));
            }
            let mut pill = placed_cells(at, &a[1..=k], n)?;
            pill.sort_by_key(|p| p.cell.position(n));
            // ISS: sorted, each pill cell is one step right, down, or down and right of the
            // one before, else the reading order would be ambiguous
            if !pill.windows(2).all(|w| w[0].reads_on_to(w[1])) {
                return Err(bad(
                    at,
                    "the pill's cells, sorted, must each be right of, below, or right of and \
                     below the one before (ISS's reading order)",
                ));
            }
            let circle: Vec<Cell> = pill.iter().map(|p| p.cell).collect();
            one(Constraint::Arrow(arrow::Arrow {
                circle,
                line: all[k..].to_vec(),
            }))
        }
        "Cage" => {
            // An empty sum or 0: no sum, only different digits.
            let sum = match a.first().map(|s| s.trim()) {
                Some("") | Some("0") => None,
                _ => Some(number(at, a.first(), "sum")?),
            };
            let cells = tail()?;
            let distinct = first_appearances(&cells);
            if distinct.len() == cells.len() {
                return one(Constraint::Killer(killer::Killer { cells, sum }));
            }
            // ISS: a cell listed twice is one cell of the all-different cage, counted as
            // often as listed in the sum (ISS's sum merges repeats into coefficients)
            let mut out = vec![Constraint::Killer(killer::Killer {
                cells: distinct,
                sum: None,
            })];
            if let Some(sum) = sum {
                out.extend(merged_sum(at, &cells, &vec![1; cells.len()], sum as i64)?);
            }
            Ok(out)
        }
        "RellikCage" => {
            let sum = number(at, a.first(), "sum")?;
            one(Constraint::RellikCage(rellik_cage::RellikCage {
                cells: tail()?,
                sum,
            }))
        }
        "Lunchbox" => {
            let sum = number(at, a.first(), "sum")?;
            one(Constraint::Lunchbox(lunchbox::Lunchbox {
                cells: tail()?,
                sum,
            }))
        }
        "Sum" => sum(at, a, shape),
        "LookAndSay" => look_and_say(at, a, shape),
        "ContainExact" => contain_exact(at, a, shape, true),
        "ContainAtLeast" => contain_exact(at, a, shape, false),
        "ConnectedValues" => connected_values(at, a, shape),
        "Pair" | "PairX" | "Binary" | "BinaryX" => super::pairs::relations(at, a, shape, warnings),
        "NFA" => super::nfa::rules(at, a, shape, warnings),
        "WhiteDot" | "BlackDot" | "X" | "V" => {
            let pairs = adjacent_pairs(&placed_cells(at, a, n)?);
            if pairs.is_empty() {
                return Err(bad(at, "no two listed cells are side by side"));
            }
            pairs
                .into_iter()
                .map(|cells| {
                    Ok(match at.name.as_str() {
                        // on extra cells: ISS's relation of the two values, as a table
                        name if cells.iter().any(|&c| shape.is_extra(c)) => {
                            table(at, shape, cells.to_vec(), |a, b| match name {
                                "WhiteDot" => a.abs_diff(b) == 1,
                                "BlackDot" => a == 2 * b || b == 2 * a,
                                "X" => a + b == 10,
                                _ => a + b == 5,
                            })?
                        }
                        "WhiteDot" => {
                            Constraint::Difference(difference::Difference { cells, value: 1 })
                        }
                        "BlackDot" => Constraint::Ratio(ratio::Ratio { cells, value: 2 }),
                        "X" => Constraint::Xv(xv::Xv {
                            cells,
                            value: xv::XvLetter::X,
                        }),
                        _ => Constraint::Xv(xv::Xv {
                            cells,
                            value: xv::XvLetter::V,
                        }),
                    })
                })
                .collect()
        }
        "Quad" => {
            let corner = super::args::cell(at, a.first().map_or("", String::as_str), n)?;
            let (r, c) = (corner.r(), corner.c());
            if r + 1 >= n || c + 1 >= n {
                return Err(bad(
                    at,
                    format!("no 2x2 square has its top left at {corner}"),
                ));
            }
            let cells = vec![
                corner,
                Cell::from_index(r, c + 1),
                Cell::from_index(r + 1, c),
                Cell::from_index(r + 1, c + 1),
            ];
            let digits = a[1..]
                .iter()
                .map(|v| number(at, Some(v), "digit"))
                .collect::<Result<Vec<_>, _>>()?;
            one(Constraint::Quadruple(quadruple::Quadruple {
                cells,
                digits,
            }))
        }
        "SameValues" if a.iter().skip(1).any(|x| x.starts_with("CC")) => {
            // ISS's chaos region cells (CCk: the region id of cell k in reading order): one
            // cell per set is "these cells share a region"
            let sets = number(at, a.first(), "number of sets")?;
            let cells = super::chaos::region_cells(
                at,
                &a[1..],
                shape,
                "the cells of a SameValues over region cells",
            )?;
            if sets != cells.len() {
                return Err(IssError::Unsupported {
                    at: at.clone(),
                    why: "equal multisets of region ids over sets of several region cells have no satdoku rule (one cell per set: same-region)".into(),
                });
            }
            one(Constraint::SameRegion(same_region::SameRegion { cells }))
        }
        "SameValues" => {
            let sets = number(at, a.first(), "number of sets")?;
            let all = tail()?;
            if sets < 2 || all.len() % sets != 0 {
                return Err(bad(
                    at,
                    format!("{} cells do not split into {sets} sets", all.len()),
                ));
            }
            let size = all.len() / sets;
            let sets = all.chunks(size).map(<[Cell]>::to_vec).collect();
            one(Constraint::SameValues(same_values::SameValues { sets }))
        }
        "EqualSum" => {
            let segments = a
                .split(|x| x == "-")
                .map(|seg| cells(at, seg, n))
                .collect::<Result<Vec<_>, _>>()?;
            let all = segments.concat();
            if first_appearances(&all).len() == all.len() {
                return one(Constraint::EqualSums(equal_sums::EqualSums { segments }));
            }
            // a cell in two segments (or twice in one), as ISS reads it: each segment's sum
            // counts its cells as often as listed, and every segment's sum equals the
            // first's: Σ_first − Σ_other = 0, repeats merged into weights
            let Some((first, rest)) = segments.split_first() else {
                return Err(bad(at, "no segments"));
            };
            let mut out = Vec::new();
            for other in rest {
                let cells: Vec<Cell> = first.iter().chain(other).copied().collect();
                let weights: Vec<i64> = std::iter::repeat_n(1, first.len())
                    .chain(std::iter::repeat_n(-1, other.len()))
                    .collect();
                out.extend(merged_sum(at, &cells, &weights, 0)?);
            }
            Ok(out)
        }
        "Indexing" => {
            let cells = tail()?;
            match a.first().map(String::as_str) {
                Some("C") => one(Constraint::ColumnIndexer(column_indexer::ColumnIndexer {
                    cells,
                })),
                Some("R") => one(Constraint::RowIndexer(row_indexer::RowIndexer { cells })),
                _ => Err(bad(at, "expected Indexing~C (column) or Indexing~R (row)")),
            }
        }
        "RegionSameValues" => {
            // ISS: the largest of the rows, columns, boxes and jigsaw pieces all hold the
            // same set of values; a house's values differ, so the same set is the same
            // multiset: one same-values rule over them
            no_args()?;
            let houses = shape.houses();
            let max = houses.iter().map(Vec::len).max().unwrap_or(0);
            let sets: Vec<Vec<Cell>> = houses.into_iter().filter(|h| h.len() == max).collect();
            if max == shape.value_count() || sets.len() < 2 {
                warnings.push(format!(
                    "{at}: the largest houses ({} of {max} cells, {} values) cannot hold \
                     different sets of values; nothing to state",
                    sets.len(),
                    shape.value_count()
                ));
                return Ok(Vec::new());
            }
            one(Constraint::SameValues(same_values::SameValues { sets }))
        }
        "LittleKiller" | "Sandwich" | "XSum" | "Skyscraper" | "HiddenSkyscraper"
        | "NumberedRoom" => super::clues::outside(item, shape),
        "SearchPriority" => {
            // A hint for ISS's search order: it changes no solution.
            warnings.push(format!(
                "{at}: a search-order hint for ISS's solver, not a rule (not read)"
            ));
            Ok(Vec::new())
        }
        "StrictKropki" | "StrictXV" | "FullRank" | "FullRankTies" | "Shape" | "NoBoxes"
        | "Jigsaw" | "RegionSize" | "ChaosConstruction" => Err(IssError::Unsupported {
            at: at.clone(),
            why: "a whole-grid setting inside .Or/.And (satdoku reads it at the top level only)"
                .into(),
        }),
        name if super::names::is_iss_name(name) => Err(IssError::Unsupported {
            at: at.clone(),
            why: "not read by satdoku".into(),
        }),
        _ => Err(IssError::Unknown { at: at.clone() }),
    }
}

/// ISS `Sum~S~cells` (digits may repeat; `S_=_w1_w2…` weights each cell). Unit weights along
/// a diagonal are a little killer and over cells that all see each other a killer cage (the
/// rules setters know, drawn as such); every other sum is a `weighted-sum`.
fn sum(at: &At, a: &[String], shape: &Shape) -> Result<Vec<Constraint>, IssError> {
    let n = shape.size();
    let head = a.first().ok_or_else(|| bad(at, "missing sum"))?;
    let mut parts = head.split('_');
    let whole = |t: &str, what: &str| {
        t.trim()
            .parse::<i64>()
            .map_err(|_| bad(at, format!("{what}: {t:?} is not a whole number")))
    };
    let total = whole(parts.next().unwrap_or(""), "sum")?;
    let weights: Option<Vec<i64>> = match parts.next() {
        None => None,
        Some("=") => Some(
            parts
                .map(|w| whole(w, "weight"))
                .collect::<Result<_, _>>()?,
        ),
        Some(other) => {
            return Err(bad(
                at,
                format!("{head:?}: expected `=` after the sum, found {other:?}"),
            ))
        }
    };
    let cells = cells(at, &a[1..], n)?;
    if let Some(w) = &weights {
        if w.len() != cells.len() {
            return Err(bad(
                at,
                format!("{} weights for {} cells", w.len(), cells.len()),
            ));
        }
    }
    if first_appearances(&cells).len() != cells.len() {
        // ISS: a cell listed twice counts twice (its weights add up)
        let w = weights.unwrap_or_else(|| vec![1; cells.len()]);
        return merged_sum(at, &cells, &w, total);
    }
    let unit = weights.as_ref().is_none_or(|w| w.iter().all(|&x| x == 1));
    let plain_total = usize::try_from(total).ok().filter(|_| unit);
    let step = |p: Cell, q: Cell| {
        (
            q.r() as isize - p.r() as isize,
            q.c() as isize - p.c() as isize,
        )
    };
    let diagonal = cells.len() >= 2 && {
        let d = step(cells[0], cells[1]);
        d.0.abs() == 1 && d.1.abs() == 1 && cells.windows(2).all(|w| step(w[0], w[1]) == d)
    };
    // a killer cage only where the grid itself makes the cells differ (never on a raw grid:
    // there `Sum~4~R1C1~R1C2` holds 2 + 2, which a cage would lose)
    let distinct = cells
        .iter()
        .enumerate()
        .all(|(i, &p)| cells[i + 1..].iter().all(|&q| shape.must_differ(p, q)));
    match plain_total {
        Some(sum) if diagonal => Ok(vec![Constraint::LittleKiller(
            little_killer::LittleKiller { cells, sum },
        )]),
        Some(sum) if distinct => Ok(vec![Constraint::Killer(killer::Killer {
            cells,
            sum: Some(sum),
        })]),
        _ => Ok(vec![Constraint::WeightedSum(weighted_sum::WeightedSum {
            cells,
            weights: weights.filter(|_| !unit),
            sum: total,
        })]),
    }
}

/// The cells in order of first appearance, each once.
fn first_appearances(cells: &[Cell]) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::with_capacity(cells.len());
    for &c in cells {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// `Σ w_i·digit(c_i) = total` with cells that may repeat, as one `weighted-sum` over
/// distinct cells: a cell's weights add up (in order of first appearance), cells whose
/// weights cancel are left out. Nothing when every weight cancels and the total is 0 (the
/// sum always holds); refused when every weight cancels and the total is not 0.
fn merged_sum(
    at: &At,
    cells: &[Cell],
    weights: &[i64],
    total: i64,
) -> Result<Vec<Constraint>, IssError> {
    let mut terms: Vec<(Cell, i64)> = Vec::new();
    for (&c, &w) in cells.iter().zip(weights) {
        match terms.iter_mut().find(|(d, _)| *d == c) {
            Some((_, x)) => *x += w,
            None => terms.push((c, w)),
        }
    }
    terms.retain(|&(_, w)| w != 0);
    if terms.is_empty() {
        return if total == 0 {
            Ok(Vec::new())
        } else {
            Err(bad(
                at,
                format!("the cells' weights cancel out, so the sum is 0, never {total}"),
            ))
        };
    }
    let unit = terms.iter().all(|&(_, w)| w == 1);
    Ok(vec![Constraint::WeightedSum(weighted_sum::WeightedSum {
        cells: terms.iter().map(|&(c, _)| c).collect(),
        weights: (!unit).then(|| terms.iter().map(|&(_, w)| w).collect()),
        sum: total,
    })])
}

/// ISS `Regex~PATTERN~cells…`: the pattern in URL-safe base64 (ISS's links; an older form is
/// percent-encoded, told by a `%` or `.` as ISS tells it); an empty argument starts another
/// line with the same pattern. Each line is one `regex` rule, whose own parser refuses
/// syntax satdoku does not read.
fn regex_lines(at: &At, a: &[String], n: usize) -> Result<Vec<Constraint>, IssError> {
    use base64::Engine as _;
    let token = a.first().ok_or_else(|| bad(at, "missing pattern"))?;
    let pattern = if token.contains('%') || token.contains('.') {
        crate::format::fpuzzles::percent_decode(token)
    } else {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(token.trim_end_matches('='))
            .map_err(|e| bad(at, format!("pattern {token:?} is not base64: {e}")))?;
        String::from_utf8(bytes)
            .map_err(|_| bad(at, format!("pattern {token:?} is not UTF-8 text")))?
    };
    let lines: Vec<Constraint> = a[1..]
        .split(|x| x.is_empty())
        .filter(|line| !line.is_empty())
        .map(|line| {
            Ok(Constraint::Regex(regex::Regex {
                cells: cells(at, line, n)?,
                pattern: pattern.clone(),
            }))
        })
        .collect::<Result<_, IssError>>()?;
    if lines.is_empty() {
        return Err(bad(at, "no cells"));
    }
    Ok(lines)
}

/// ISS's `V_V_…` list of values (`0_0_2`), each one of the grid's values (none negative).
fn value_list(at: &At, list: &str, shape: &Shape) -> Result<Vec<usize>, IssError> {
    let values = shape.values();
    list.split('_')
        .map(|v| {
            v.trim()
                .parse::<i64>()
                .ok()
                .filter(|&x| values.digit(x).is_some() && x >= 0)
                .map(|x| x as usize)
                .ok_or_else(|| {
                    bad(
                        at,
                        format!(
                            "values {list:?}: {v:?} is not one of the grid's values ({values})"
                        ),
                    )
                })
        })
        .collect()
}

/// ISS `ContainExact~V_V_…~cells…`: the cells hold each listed value exactly as many times
/// as it is listed (`0_0_2`: two 0s and one 2; other values free), which is a look-and-say
/// cage counting each listed value; `ContainAtLeast` (`exact` false): at least as many
/// times, a `contain-at-least` set. A value the grid does not hold is refused.
fn contain_exact(
    at: &At,
    a: &[String],
    shape: &Shape,
    exact: bool,
) -> Result<Vec<Constraint>, IssError> {
    let list = a.first().ok_or_else(|| bad(at, "missing values"))?;
    let listed = value_list(at, list, shape)?;
    let mut counts: Vec<[usize; 2]> = Vec::new();
    for &value in &listed {
        match counts.iter_mut().find(|p| p[1] == value) {
            Some(p) => p[0] += 1,
            None => counts.push([1, value]),
        }
    }
    let cells = cells(at, &a[1..], shape.size())?;
    Ok(vec![if exact {
        Constraint::LookAndSay(look_and_say::LookAndSay { cells, counts })
    } else {
        Constraint::ContainAtLeast(contain_at_least::ContainAtLeast {
            cells,
            values: listed,
        })
    }])
}

/// ISS `ConnectedValues~GROUP~V_V_…[~SIZE]`: the grid's cells holding any of the values are
/// one connected region (of SIZE cells when given). GROUP names a group of ISS's extra
/// cells (`Var`): connected values among them are not read (refused unless GROUP is empty,
/// the grid).
fn connected_values(at: &At, a: &[String], shape: &Shape) -> Result<Vec<Constraint>, IssError> {
    if a.len() < 2 || a.len() > 3 {
        return Err(bad(at, "expected ConnectedValues~GROUP~VALUES[~SIZE]"));
    }
    // a group of extra cells (rewritten by `vars::rewrite`), laid out as ISS lays it out
    let (cells, columns) = match super::args::group_of(at, &a[0], shape.size()) {
        Some(group) => {
            let (cells, columns) = group?;
            (cells, Some(columns))
        }
        None if a[0].is_empty() => (Vec::new(), None),
        None => {
            return Err(IssError::Unsupported {
                at: at.clone(),
                why: format!(
                    "the cell group {:?} is not a group of extra cells this string declares \
                     (Var, or the doppelganger's DGR, DGC, DGB): satdoku reads connected values \
                     over the grid or such a group",
                    crate::error::excerpt(&a[0])
                ),
            })
        }
    };
    let list = value_list(at, &a[1], shape)?;
    let size = match a.get(2).map(|s| s.trim()).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(s.parse::<usize>().ok().filter(|&k| k > 0).ok_or_else(|| {
            bad(
                at,
                format!("size {s:?}: expected a positive number of cells"),
            )
        })?),
    };
    Ok(vec![Constraint::ConnectedValues(
        connected_values::ConnectedValues {
            values: list,
            size,
            cells,
            columns,
        },
    )])
}

/// ISS `LookAndSay~CLUE~cells…`: CLUE is (count, value) pairs of single figures (`1617`:
/// one 6, one 7), the values as the grid writes them. A count of 0 of a value the grid does
/// not hold says nothing and is left out (an identical pair written twice is read once);
/// a count above 0 of such a value is refused.
fn look_and_say(at: &At, a: &[String], shape: &Shape) -> Result<Vec<Constraint>, IssError> {
    let clue = a.first().ok_or_else(|| bad(at, "missing clue"))?;
    let figures: Vec<u32> = clue.chars().filter_map(|c| c.to_digit(10)).collect();
    if figures.is_empty() || figures.len() % 2 != 0 || figures.len() != clue.chars().count() {
        return Err(bad(
            at,
            format!("clue {clue:?}: expected (count, value) pairs of figures, as 1617"),
        ));
    }
    let values = shape.values();
    let mut counts: Vec<[usize; 2]> = Vec::new();
    for p in figures.chunks(2) {
        let (k, v) = (p[0] as usize, p[1] as usize);
        if values.digit(v as i64).is_none() {
            if k > 0 {
                return Err(bad(
                    at,
                    format!("clue {clue:?} counts {k} of the value {v}, which the grid ({values}) does not hold"),
                ));
            }
            continue;
        }
        if !counts.contains(&[k, v]) {
            counts.push([k, v]);
        }
    }
    Ok(vec![Constraint::LookAndSay(look_and_say::LookAndSay {
        cells: cells(at, &a[1..], shape.size())?,
        counts,
    })])
}
