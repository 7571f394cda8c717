//! Rules on grids whose cells hold other values than 1..=N ([`Values`]): `0-8` on a 9×9, or
//! more values than a house has cells (`1-9` on a 6×6).
//!
//! Inside the solver a cell holds a digit index (`Digit::get()` is 1 for the smallest
//! value); the value is `index + offset` with `offset = min - 1`. [`to_index_space`] turns a
//! rule as written (about values) into the same rule about indices, once, when the puzzle
//! is built: every encoder, the simplifier, the sum propagator and the checker then work on
//! indices unchanged.
//!
//! - Rules about equality, order and differences mean the same on indices (a thermometer
//!   rises in values exactly when it rises in indices; `|a - b|` is the same; a
//!   skyscraper sees the same towers; rows rank the same): kept as they are.
//! - Sums with a constant total shift once: `Σ (idx_i + offset) = T` ⇔
//!   `Σ idx_i = T - offset·k` over k cells (killer, little killer, sum dot, an X or V, which
//!   becomes a sum dot of the shifted total); a weighted sum by `offset·Σ w_i`.
//! - An arrow, `Σ line values = circle value` (a pill read as a decimal number), becomes a
//!   weighted sum with a constant over indices: `Σ idx_line − Σ 10^e_j·idx_pill_j =
//!   offset·(Σ 10^e_j − k)`.
//! - A double arrow (ends = the values between) is a weighted sum over indices, `idx_a +
//!   idx_z − Σ idx_between = offset·(k − 2)`; a zipper line of even length keeps its meaning
//!   (each pair's sum moves by 2·offset), one of odd length becomes a weighted sum per pair,
//!   `idx_a + idx_b − idx_centre = −offset`.
//! - A ratio dot becomes the table of index pairs whose values have that ratio (a
//!   `relation`); negative XV and negative ratios (unmarked neighbours avoid those sums and
//!   ratios) become one such table per unmarked pair of orthogonal neighbours (an `and` of
//!   relations).
//! - Equal sums over segments of different lengths (equal-sums, a region-sum line outside a
//!   chaos construction) become weighted sums, the first segment against each other one:
//!   `Σ_A idx − Σ_B idx = offset·(|B| − |A|)`; segments all as long are kept.
//! - A skyscraper counts the same on values from 1 up; with a 0 (no skyscraper, as ISS
//!   reads it) it is an `or`: a 0 in front and one tower more seen over indices, or
//!   another value in front and the same count.
//! - Rules that name values (pencil marks, quadruples, a hidden skyscraper's height, a
//!   look-and-say count, connected values, contain-at-least) name their indices instead.
//! - An `or` or `and` is restated branch by branch (each rule of it as above).
//! - Odd and even swap when the offset is odd (value parity = index parity + offset).
//! - An equality cage (as many even as odd values, as many from the lower half of the
//!   values as from the upper half, the middle value out — ISS computes them over its value
//!   range) is the same cage over indices: the halves are the same positions, and an odd
//!   offset swaps every cell's parity, which keeps "as many even as odd".
//! - Rules whose values name positions, count cells or add up along a line in a way no
//!   restatement on indices keeps ([`READ_VALUES`]) read the values themselves, from the
//!   shape's offset, in their encoders and checkers alike, with ISS's meaning (ISS keeps
//!   its values in the same way, as an offset applied inside each handler):
//!   - a regex's characters name values (`0` is the value 0 on 0-8);
//!   - a sum line adds values along segments of varying length;
//!   - an X-sum's first value X counts X cells (a 0 counts none and never holds), and the
//!     clue adds values;
//!   - a sandwich's crusts are the lowest and highest values, and a lunchbox's extremes
//!     the smallest and largest values; both add the values between;
//!   - a rellik cage's combinations add values (a 0 adds nothing);
//!   - a counting circle's value v is how many circles hold it (a value below 1 is in
//!     none, as ISS reads a 0);
//!   - a count-distinct's control holds a count: its value (0 on 0-8 never holds, one
//!     value at least is counted; ISS's `CountDistinct` reads its control so);
//!   - a numbered room's first value, a value indexing line's second value and an
//!     indexer's value name a position 1..L of the line (a 0 names none); an indexer sends
//!     its own row or column number as a value, and a number that is no value of the set
//!     (9 on 0-8) cannot be sent.
//!
//!   Those that add values refuse negative values.
//! - Every other rule's meaning depends on the values in a way this build neither restates
//!   on indices nor reads (a value used as a count or as a place in a box, the thirds or
//!   halves of 1..N): it is refused with the value set named, never guessed.
//! - Values a rule names in a table: the values an `nfa` transition reads and those of a
//!   `relation`'s allowed pairs become their digit indices.
//!
//! With more values than a house has cells (1-9 on a 6×6 or a 7×7, as ISS's `Shape~6x6~9`),
//! the rules of [`MANY_VALUES`] are kept: their encoders and checkers take the number of
//! values V from the shape, not the side, and lines from the rows and columns. What each
//! means there:
//! - a renban is consecutive different values (6 cells of 1-9: 2-7, say), a thermometer,
//!   whisper, greater-than, difference or ratio dot, X or V, sum dot, weighted sum, arrow,
//!   double arrow and killer cage (its sum over different values, any V) the same as on
//!   1..N;
//! - a skyscraper's tallest building is the largest value in its line, not V, and at most
//!   as many towers as cells are seen;
//! - a numbered room's first cell names a position of the line, so it holds 1..L (ISS's
//!   indexing handler keeps it there);
//! - global entropy splits the values 1..V in thirds, Dutch flatmates take ⌈V/2⌉, 1 and V,
//!   counting circles count any value, a count-distinct's control up to V distinct values;
//!   a regex or an automaton reads the values;
//! - pencil marks and quadruples name values up to V;
//! - a lunchbox's extremes are the smallest and largest values in its cells (not 1 and V),
//!   and it adds the values between them, from 0 too;
//! - a lockout's ends differ by ⌊V/2⌋ or the stated difference, a modular line's windows
//!   hold different remainders, an entropic line the thirds of 1..V, an equality cage the
//!   halves of 1..V; odd, even, equal sums, region sums, sum lines, rellik cages, value
//!   indexing (a K past the line's end never holds) and look-and-say as on 1..N;
//! - a sandwich beside a row that need not hold the lowest and highest values is a lunchbox
//!   of the row, and an X-sum's first value past the row's length never holds (as ISS
//!   reads both).
//!
//! The order-only ones among them (`ORDER_ONLY`) keep their meaning for any values; the
//! others are read with values from 1 (values and digit indices the same) and refused with
//! other values. Every other rule is refused on such grids.

use super::{Constraint, Rule};
use crate::geometry::{Cell, Shape, Values};

/// Rules whose meaning depends only on equality, order and differences of the values, and
/// whose encoders and checkers work for any number of values.
const ANY_COUNT: &[&str] = &[
    "diagonal",
    "anti-knight",
    "anti-king",
    "disjoint-groups",
    "extra-region",
    "killer",
    "same-region",
    "different-regions",
];

/// Rules whose meaning depends only on equality, order and differences of the values:
/// the same on indices.
const ORDER_ONLY: &[&str] = &[
    "non-consecutive",
    "difference",
    "minimum",
    "maximum",
    "clone",
    "thermometer",
    "slow-thermometer",
    "palindrome",
    "between-line",
    "renban",
    "whispers",
    "nabner",
    "greater-than",
    "full-rank",
    "same-values",
    "lockout",
    "modular-line",
];

/// Rules whose encoders and checkers read the values themselves (digit index + the shape's
/// offset, [`crate::geometry::Values::offset`]): a value names a position, is a count, or is
/// added along a line in a way no restatement on indices keeps. Kept as written.
pub const READ_VALUES: &[&str] = &[
    "count-distinct",
    "regex",
    "sum-line",
    "x-sum",
    "sandwich",
    "lunchbox",
    "rellik-cage",
    "counting-circles",
    "numbered-room",
    "value-indexing",
    "column-indexer",
    "row-indexer",
];

/// Rules of [`MANY_VALUES`] whose restatement on indices (a total shifted by the offset, or
/// values named by their indices) holds for any number of values and lands on rules read
/// for any number of values (weighted sums, sum dots, pencil marks, quadruples): read so
/// with more values than a row holds from any first value (0-9 on a 6×6).
const SHIFT_MANY: &[&str] = &[
    "odd",
    "even",
    "equality-cage",
    "equal-sums",
    "region-sum-line",
    "look-and-say",
    "negative-xv",
    "negative-ratio",
    "double-arrow",
    "zipper-line",
    "weighted-sum",
    "sum-dot",
    "xv",
    "arrow",
    "pencil-marks",
    "quadruple",
    "nfa",
    "relation",
    "contain-at-least",
];
/// Rules read for grids holding more values than a row has cells (see the module docs),
/// each counted against brute force on such a grid (the tests below).
pub const MANY_VALUES: &[&str] = &[
    "little-killer",
    "ratio",
    "difference",
    "xv",
    "sum-dot",
    "weighted-sum",
    "arrow",
    "double-arrow",
    "renban",
    "whispers",
    "thermometer",
    "greater-than",
    "quadruple",
    "pencil-marks",
    "skyscraper",
    "numbered-room",
    "global-entropy",
    "counting-circles",
    "dutch-flatmates",
    "nfa",
    "regex",
    "same-values",
    "relation",
    "connected-values",
    "contain-at-least",
    "lunchbox",
    "count-distinct",
    "zipper-line",
    "anti-taxicab",
    "global-mod",
    "palindrome",
    "between-line",
    "slow-thermometer",
    "clone",
    "nabner",
    "non-consecutive",
    "minimum",
    "maximum",
    "negative-xv",
    "negative-ratio",
    "lockout",
    "modular-line",
    "entropic-line",
    "odd",
    "even",
    "equality-cage",
    "equal-sums",
    "region-sum-line",
    "sum-line",
    "rellik-cage",
    "value-indexing",
    "look-and-say",
    "x-sum",
    "sandwich",
];

/// The rule `c` as written about the values of `shape` (JSON, f-puzzles), restated about
/// digit indices 1..=count: itself on the standard values 1..=N; else see the module docs.
/// `Err` says why the rule means nothing (or something this build cannot state) with these
/// values.
pub fn to_index_space(c: &Constraint, shape: &Shape) -> Result<Constraint, String> {
    let values = shape.values();
    if values.is_standard(shape.size()) {
        return Ok(c.clone());
    }
    let kind = c.kind();
    if let Constraint::Doppelganger(_) = c {
        // defined on the values 0..N only (its validation refuses any other set), where the
        // value v is the index v: its clauses and checker name indices
        return Ok(c.clone());
    }
    // a combination: each of its rules restated (an `or` of givens, ISS's `Or` of `~R1C8_0`)
    let each = |of: &[Constraint]| -> Result<Vec<Constraint>, String> {
        of.iter()
            .enumerate()
            .map(|(i, r)| {
                to_index_space(r, shape).map_err(|e| format!("of[{i}] ({}): {e}", r.kind()))
            })
            .collect()
    };
    match c {
        Constraint::Or(o) => return Ok(Constraint::Or(super::or::Or { of: each(&o.of)? })),
        Constraint::And(a) => return Ok(Constraint::And(super::or::And { of: each(&a.of)? })),
        _ => {}
    }
    // more values than the longer side (see MANY_VALUES)
    let many = shape.value_count() != shape.side();
    let read_many = MANY_VALUES.contains(&kind);
    if ANY_COUNT.contains(&kind) || ((!many || read_many) && ORDER_ONLY.contains(&kind)) {
        return match c {
            Constraint::Killer(k) => {
                // the cage's sum over different values, shifted to indices
                let mut k = k.clone();
                if let Some(s) = k.sum {
                    k.sum = Some(shift(s, k.cells.len(), values)?);
                }
                Ok(Constraint::Killer(k))
            }
            _ => Ok(c.clone()),
        };
    }
    if many && read_many {
        if let Constraint::LittleKiller(l) = c {
            // a sum along a diagonal: each cell's value is its index plus the offset
            let mut l = l.clone();
            l.sum = shift(l.sum, l.cells.len(), values)?;
            return Ok(Constraint::LittleKiller(l));
        }
        if values.min == 1 {
            // values 1..=V are the digit indices
            return Ok(c.clone());
        }
        if SHIFT_MANY.contains(&kind) {
            // a sum shifted by the offset, or values named by their indices: the same
            // restatement as on N values, into rules read for any number of values
            if let Some(r) = restate(c, shape)? {
                return Ok(r);
            }
        }
    }
    // rules that read the values themselves, from the shape (their validation refuses the
    // value sets they cannot read, such as negative values for sums)
    if READ_VALUES.contains(&kind) && (!many || read_many) {
        return Ok(c.clone());
    }
    if !many {
        if let Some(r) = restate(c, shape)? {
            return Ok(r);
        }
    }
    let why = if many && read_many {
        format!(
            "is read with {} values on a {}x{} grid (more values than a row holds) only for \
             values from 1",
            values.count,
            shape.rows(),
            shape.cols()
        )
    } else if many {
        format!(
            "is not supported with {} values on a {}x{} grid (more values than a row holds)",
            values.count,
            shape.rows(),
            shape.cols()
        )
    } else {
        "depends on the values in a way this build does not restate on other value sets \
         (a value used as a count or as a place in a box, the thirds or halves of 1..N)"
            .to_string()
    };
    Err(format!(
        "the rule {kind} {why}; the values here are {values}"
    ))
}

/// The rule `c` about values restated about indices when the value set has as many values
/// as the side (see the module docs); `None` when this build has no restatement for it.
fn restate(c: &Constraint, shape: &Shape) -> Result<Option<Constraint>, String> {
    use super::{relation, sum_dot, weighted_sum};
    let values = shape.values();
    let off = values.offset();
    // the index pairs (i, j) whose values satisfy `ok`
    let table = |ok: &dyn Fn(i64, i64) -> bool| -> Vec<[usize; 2]> {
        let k = values.count;
        (1..=k)
            .flat_map(|i| (1..=k).map(move |j| [i, j]))
            .filter(|&[i, j]| ok(i as i64 + off, j as i64 + off))
            .collect()
    };
    // unmarked orthogonal neighbours whose values must not satisfy `bad`: one relation each
    let negative = |except: &[[Cell; 2]], bad: &dyn Fn(i64, i64) -> bool| -> Constraint {
        let allowed = table(&|a, b| !bad(a, b));
        // the pairs of the rows and columns as they are (C and R cells on a rectangle)
        let of = super::cell_lists::unmarked_orthogonal_pairs(shape, except)
            .into_iter()
            .map(|(a, b)| {
                Constraint::Relation(relation::Relation {
                    cells: vec![a, b],
                    allowed: allowed.clone(),
                    pairs: relation::Pairs::Consecutive,
                })
            })
            .collect();
        Constraint::And(super::or::And { of })
    };
    // equal value sums over disjoint segments: Σ_A idx − Σ_B idx = off·(|B| − |A|) for
    // the first segment A and each other B (the segments themselves when all are as long)
    let equal_sums = |segments: &[Vec<Cell>]| -> Option<Constraint> {
        let first = segments.first()?;
        if segments.iter().all(|s| s.len() == first.len()) {
            return None;
        }
        let of = segments[1..]
            .iter()
            .map(|b| {
                let mut cells = first.clone();
                cells.extend(b.iter().copied());
                let mut weights = vec![1i64; first.len()];
                weights.extend(std::iter::repeat_n(-1i64, b.len()));
                Constraint::WeightedSum(weighted_sum::WeightedSum {
                    cells,
                    weights: Some(weights),
                    sum: off * (b.len() as i64 - first.len() as i64),
                })
            })
            .collect();
        Some(Constraint::And(super::or::And { of }))
    };
    let index = |v: usize, what: &str| -> Result<usize, String> {
        values
            .digit(v as i64)
            .map(|d| d.get())
            .ok_or_else(|| format!("{what} {v} is not one of the values {values}"))
    };
    // listed values, each as its digit index
    let indices = |vs: &[usize], what: &str| -> Result<Vec<usize>, String> {
        vs.iter().map(|&v| index(v, what)).collect()
    };
    // the rule's form, when its restatement is another rule that would not check it
    if matches!(
        c,
        Constraint::NegativeXv(_)
            | Constraint::NegativeRatio(_)
            | Constraint::EqualSums(_)
            | Constraint::RegionSumLine(_)
            | Constraint::Skyscraper(_)
    ) {
        c.validate(shape)?;
    }
    Ok(Some(match c {
        Constraint::LittleKiller(l) => {
            let mut l = l.clone();
            l.sum = shift(l.sum, l.cells.len(), values)?;
            Constraint::LittleKiller(l)
        }
        Constraint::SumDot(d) => {
            let mut d = d.clone();
            d.sum = shift(d.sum, 2, values)?;
            Constraint::SumDot(d)
        }
        Constraint::Xv(x) => Constraint::SumDot(sum_dot::SumDot {
            cells: x.cells,
            sum: shift(x.value.sum(), 2, values)?,
        }),
        Constraint::WeightedSum(w) => {
            let mut w = w.clone();
            let total: i64 = w
                .weights
                .as_ref()
                .map_or(w.cells.len() as i64, |ws| ws.iter().sum());
            w.sum -= off * total;
            Constraint::WeightedSum(w)
        }
        Constraint::Arrow(a) => {
            a.validate_form(shape)?;
            if a.circle.len() > 1 && values.max() > 9 {
                return Err(format!(
                    "an arrow's pill reads its values as decimal digits, and the values here \
                     ({values}) go past 9"
                ));
            }
            // Σ (idx_i + off) = Σ_j 10^e_j (idx_pj + off)
            //   ⇔ Σ idx_i − Σ_j 10^e_j idx_pj = off·(Σ_j 10^e_j − k)
            let m = a.circle.len();
            let place: Vec<i64> = (0..m).map(|j| 10i64.pow((m - 1 - j) as u32)).collect();
            let mut weights = vec![1i64; a.line.len()];
            weights.extend(place.iter().map(|p| -p));
            let mut cells = a.line.clone();
            cells.extend(a.circle.iter().copied());
            Constraint::WeightedSum(weighted_sum::WeightedSum {
                cells,
                weights: Some(weights),
                sum: off * (place.iter().sum::<i64>() - a.line.len() as i64),
            })
        }
        Constraint::DoubleArrow(d) => {
            // its form only: the bound on the cells between (ends at most 2·V) is about
            // indices 1..V, and values from 0 let more cells between hold 0
            super::cell_lists::line_ok(shape, &d.cells, 3)?;
            // (idx_a + off) + (idx_z + off) = Σ (idx_m + off) over the k cells between
            //   ⇔ idx_a + idx_z − Σ idx_m = off·(k − 2)
            let k = d.cells.len().saturating_sub(2);
            let weights: Vec<i64> = (0..d.cells.len())
                .map(|i| {
                    if i == 0 || i + 1 == d.cells.len() {
                        1
                    } else {
                        -1
                    }
                })
                .collect();
            Constraint::WeightedSum(weighted_sum::WeightedSum {
                cells: d.cells.clone(),
                weights: Some(weights),
                sum: off * (k as i64 - 2),
            })
        }
        Constraint::ZipperLine(z) if z.cells.len() % 2 == 0 => {
            // pairs of two cells with equal sums: each sum moves by 2·off, so the same rule
            z.validate(shape)?;
            c.clone()
        }
        Constraint::ZipperLine(z) => {
            z.validate(shape)?;
            // each pair equally far from the centre m adds up to it:
            // (idx_a + off) + (idx_b + off) = idx_m + off ⇔ idx_a + idx_b − idx_m = −off
            let (h, cells) = (z.cells.len() / 2, &z.cells);
            let of = (0..h)
                .map(|i| {
                    Constraint::WeightedSum(weighted_sum::WeightedSum {
                        cells: vec![cells[i], cells[cells.len() - 1 - i], cells[h]],
                        weights: Some(vec![1, 1, -1]),
                        sum: -off,
                    })
                })
                .collect();
            Constraint::And(super::or::And { of })
        }
        Constraint::Ratio(r) => {
            // the index pairs whose values are in the ratio, either way round
            let q = r.value as i64;
            Constraint::Relation(relation::Relation {
                cells: r.cells.to_vec(),
                allowed: table(&|a, b| a == q * b || b == q * a),
                pairs: relation::Pairs::Consecutive,
            })
        }
        Constraint::NegativeXv(x) => negative(&x.except, &|a, b| a + b == 5 || a + b == 10),
        Constraint::NegativeRatio(r) => {
            let ratios: Vec<i64> = r.ratios.iter().map(|&q| q as i64).collect();
            negative(&r.except, &|a, b| {
                ratios.iter().any(|&q| a == q * b || b == q * a)
            })
        }
        Constraint::EqualSums(e) => match equal_sums(&e.segments) {
            Some(r) => r,
            None => c.clone(),
        },
        Constraint::RegionSumLine(l) if !shape.is_chaos() => match equal_sums(&l.segments(shape)) {
            Some(r) => r,
            None => c.clone(),
        },
        Constraint::Odd(o) if off % 2 != 0 => Constraint::Even(super::even::Even {
            cells: o.cells.clone(),
        }),
        Constraint::Even(e) if off % 2 != 0 => Constraint::Odd(super::odd::Odd {
            cells: e.cells.clone(),
        }),
        Constraint::Odd(_) | Constraint::Even(_) => c.clone(),
        Constraint::EqualityCage(_) => c.clone(),
        Constraint::PencilMarks(p) => {
            let mut p = p.clone();
            p.digits = indices(&p.digits, "the pencil mark")?;
            Constraint::PencilMarks(p)
        }
        Constraint::Quadruple(q) => {
            let mut q = q.clone();
            q.digits = indices(&q.digits, "the quadruple's digit")?;
            Constraint::Quadruple(q)
        }
        Constraint::Skyscraper(_) if values.min >= 1 => c.clone(),
        Constraint::Skyscraper(sky) if values.min == 0 => {
            // ISS: a 0 is no skyscraper. Only a 0 in front is ever seen when counting
            // indices (index 1), so: front 0 and one more seen, or front not 0 and as many.
            let line = sky.clue.line_in(shape.rows(), shape.cols());
            let Some(&front) = line.first() else {
                return Ok(Some(c.clone()));
            };
            let mut more = sky.clone();
            more.count += 1;
            let marks = |digits: Vec<usize>| {
                Constraint::PencilMarks(super::pencil_marks::PencilMarks {
                    cell: front,
                    digits,
                })
            };
            Constraint::Or(super::or::Or {
                of: vec![
                    Constraint::And(super::or::And {
                        of: vec![marks(vec![1]), Constraint::Skyscraper(more)],
                    }),
                    Constraint::And(super::or::And {
                        of: vec![marks((2..=values.count).collect()), c.clone()],
                    }),
                ],
            })
        }
        Constraint::HiddenSkyscraper(h) => {
            let mut h = h.clone();
            h.value = index(h.value, "the hidden skyscraper's height")?;
            Constraint::HiddenSkyscraper(h)
        }
        Constraint::Nfa(m) => {
            // each value a transition reads becomes its digit index
            let mut m = m.clone();
            for (from, vs, to) in &mut m.transitions {
                for v in vs.iter_mut() {
                    *v = index(*v, &format!("nfa: transition {from} -> {to} reads"))?;
                }
            }
            Constraint::Nfa(m)
        }
        Constraint::Relation(r) => {
            // each value of an allowed pair becomes its digit index
            let mut r = r.clone();
            for pair in &mut r.allowed {
                for v in pair.iter_mut() {
                    *v = index(*v, "relation: the value")?;
                }
            }
            Constraint::Relation(r)
        }
        Constraint::ContainAtLeast(c) => {
            let mut c = c.clone();
            c.values = indices(&c.values, "contain-at-least: the value")?;
            Constraint::ContainAtLeast(c)
        }
        Constraint::ConnectedValues(cv) => {
            let mut cv = cv.clone();
            cv.values = indices(&cv.values, "connected values: the value")?;
            Constraint::ConnectedValues(cv)
        }
        Constraint::LookAndSay(l) => {
            // each counted value becomes its digit index
            let mut l = l.clone();
            for p in &mut l.counts {
                p[1] = index(p[1], "look-and-say counts")?;
            }
            Constraint::LookAndSay(l)
        }
        _ => return Ok(None),
    }))
}

/// The total of `cells` indices whose values total `sum`: `sum - offset·cells`.
fn shift(sum: usize, cells: usize, values: Values) -> Result<usize, String> {
    let total = sum as i64 - values.offset() * cells as i64;
    usize::try_from(total).map_err(|_| {
        format!(
            "no {cells} values of {values} add up to {sum} (the smallest total is {})",
            values.min * cells as i64
        )
    })
}

#[cfg(test)]
mod tests;
