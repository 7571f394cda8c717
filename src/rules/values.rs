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
//!   rises in values exactly when it rises in indices; `|a - b|` is the same): kept as they
//!   are.
//! - Sums with a constant total shift once: `Σ (idx_i + offset) = T` ⇔
//!   `Σ idx_i = T - offset·k` over k cells.
//! - A look-and-say cage counts values: each becomes its digit index; so do the values an
//!   `nfa` transition reads and the values of a `relation`'s allowed pairs.
//! - `same-values` compares values for equality only: kept as it is.
//! - Every other rule's meaning depends on the values themselves (parity, ratios, a digit
//!   used as a count or position, the sum of "1 to N", fixed totals like X = 10, listed
//!   digits): it is refused with the value set named, never guessed.
//!
//! With more values than a house has cells, only rules whose encoders take the number of
//! values from the encoder (not the side length) are kept; the others are refused.

use super::Constraint;
use crate::geometry::{Shape, Values};

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
];

/// Rules whose meaning depends only on equality, order and differences of the values:
/// the same on indices when there are N values.
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
    "same-values",
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
    let many = !shape.houses_cover_values();
    if ANY_COUNT.contains(&kind) || (!many && ORDER_ONLY.contains(&kind)) {
        return match c {
            Constraint::Killer(k) => {
                let mut k = k.clone();
                if let Some(s) = k.sum {
                    if many {
                        // the sum encoders and the propagator take digits 1..=N: a cage
                        // without a sum (all different) is all this build states here
                        return Err(format!(
                            "the rule killer with a sum is not supported with {} values on a \
                             {n}x{n} grid (more values than a row holds); the values here are \
                             {values}",
                            values.count,
                            n = shape.size()
                        ));
                    }
                    k.sum = Some(shift(s, k.cells.len(), values)?);
                }
                Ok(Constraint::Killer(k))
            }
            _ => Ok(c.clone()),
        };
    }
    if !many {
        match c {
            Constraint::LittleKiller(l) => {
                let mut l = l.clone();
                l.sum = shift(l.sum, l.cells.len(), values)?;
                return Ok(Constraint::LittleKiller(l));
            }
            Constraint::SumDot(d) => {
                let mut d = d.clone();
                d.sum = shift(d.sum, 2, values)?;
                return Ok(Constraint::SumDot(d));
            }
            Constraint::Nfa(m) => {
                // each value a transition reads becomes its digit index
                let mut m = m.clone();
                for (from, vs, to) in &mut m.transitions {
                    for v in vs.iter_mut() {
                        *v = index(*v, values).ok_or_else(|| {
                            format!("nfa: transition {from} -> {to} reads {v}, not one of the values {values}")
                        })?;
                    }
                }
                return Ok(Constraint::Nfa(m));
            }
            Constraint::Relation(r) => {
                // each value of an allowed pair becomes its digit index
                let mut r = r.clone();
                for pair in &mut r.allowed {
                    for v in pair.iter_mut() {
                        *v = index(*v, values).ok_or_else(|| {
                            format!("relation: {v} is not one of the values {values}")
                        })?;
                    }
                }
                return Ok(Constraint::Relation(r));
            }
            Constraint::LookAndSay(l) => {
                // each counted value becomes its digit index
                let mut l = l.clone();
                for p in &mut l.counts {
                    p[1] = values
                        .digit(p[1] as i64)
                        .ok_or_else(|| {
                            format!(
                                "look-and-say counts {}, not one of the values {values}",
                                p[1]
                            )
                        })?
                        .get();
                }
                return Ok(Constraint::LookAndSay(l));
            }
            _ => {}
        }
    }
    let why = if many {
        format!(
            "is not supported with {} values on a {}x{} grid (more values than a row holds)",
            values.count,
            shape.size(),
            shape.size()
        )
    } else {
        "depends on the values themselves (parity, ratios, counts, positions or fixed totals), \
         which this build states for 1..N only"
            .to_string()
    };
    Err(format!(
        "the rule {kind} {why}; the values here are {values}"
    ))
}

/// The digit index 1..=count of `value`, if it is one of `values`.
fn index(value: usize, values: Values) -> Option<usize> {
    values.digit(value as i64).map(|d| d.get())
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
mod tests {
    use super::*;
    use crate::format::text::{parse_grid, Symbols};
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;
    use crate::rules::killer::Killer;
    use crate::rules::testing::*;

    fn shape(n: usize, v: &str) -> Shape {
        Shape::new(n)
            .unwrap()
            .with_values(Values::parse(v).unwrap())
            .unwrap()
    }

    /// A puzzle on `shape` from a text line written in its values, with `rules` as written.
    fn on(shape: Shape, text: &str, rules: Vec<Constraint>) -> Puzzle {
        let symbols = Symbols::standard().with_values(shape.values());
        let n = shape.size();
        let givens = parse_grid(text, n, &symbols).unwrap();
        Puzzle::new(shape, givens, rules).unwrap()
    }

    #[test]
    fn values_from_zero_count_like_brute_force() {
        // 4×4 with values 0-3: as many grids as the classic 4×4
        let p = on(shape(4, "0-3"), &".".repeat(16), vec![]);
        assert_eq!(assert_count_matches(&p, 1000), 288);
        complete_without_simplification(&on(shape(4, "0-3"), "0.........3.....", vec![]));
        // a cage of values 0 and 1 (sum 1), a thermometer from 0
        let rules: Vec<Constraint> = vec![
            serde_json::from_str(r#"{"type":"killer","cells":["r1c1","r1c2"],"sum":1}"#).unwrap(),
            serde_json::from_str(r#"{"type":"thermometer","cells":["r3c1","r3c2","r3c3"]}"#)
                .unwrap(),
        ];
        let p = on(shape(4, "0-3"), &".".repeat(16), rules.clone());
        let found = assert_count_matches(&p, 1000);
        assert!(found > 0 && found < 288, "{found}");
        complete_without_simplification(&p);
        // the same rules with values 5-8 mean other things: sum 1 is refused
        let e = Puzzle::new(shape(4, "5-8"), Grid::empty(4), rules).unwrap_err();
        assert!(e.to_string().contains("smallest total is 10"), "{e}");
    }

    #[test]
    fn more_values_than_cells_count_like_brute_force() {
        // 4×4 with values 1-6: every row, column and box all different, not covering 1-6
        let p = on(shape(4, "1-6"), "12..34..5.......", vec![]);
        let found = assert_count_matches(&p, 100_000);
        assert!(found > 288, "{found}");
        complete_without_simplification(&on(shape(4, "1-6"), "123434..5..6..2.", vec![]));
        // with a diagonal (all different too) and an anti-king
        let rules: Vec<Constraint> = vec![
            serde_json::from_str(r#"{"type":"diagonal","positive":true}"#).unwrap(),
            serde_json::from_str(r#"{"type":"anti-king"}"#).unwrap(),
        ];
        let p = on(shape(4, "1-6"), "12..34..5.......", rules);
        let with = assert_count_matches(&p, 100_000);
        assert!(with < found, "{with} {found}");
        // values 0-5 on a 4×4, one given 0
        let p = on(shape(4, "0-5"), "0....5..........", vec![]);
        assert_count_matches(&p, 100_000);
    }

    #[test]
    fn the_checker_reads_values() {
        let p = on(shape(4, "1-6"), &".".repeat(16), vec![]);
        let read = |t: &str| parse_grid(t, 4, &Symbols::standard().with_values(p.shape().values()));
        // box 3 (r3c2, r4c1) holds 5 twice, no row or column repeats
        let e = p
            .verify(&read("1234345645615123").unwrap())
            .unwrap_err()
            .to_string();
        assert!(e.contains("region") && e.contains('5'), "{e}");
        let good = read("1234345645616123").unwrap();
        p.verify(&good).unwrap();
        assert!(read("1234345645617123").is_err(), "7 is not a value");
        // a value outside the set
        let mut bad = good.clone();
        bad.set(Cell::new(1, 1), Some(Digit::new(7)));
        let e = p.verify(&bad).unwrap_err().to_string();
        assert!(e.contains("outside the values 1-6"), "{e}");
        // a repeat in a row of the 0-3 grid
        let p = on(shape(4, "0-3"), &".".repeat(16), vec![]);
        let read = |t: &str| parse_grid(t, 4, &Symbols::standard().with_values(p.shape().values()));
        p.verify(&read("0123230110323210").unwrap()).unwrap();
        let e = p
            .verify(&read("0103230110323210").unwrap())
            .unwrap_err()
            .to_string();
        assert!(e.contains("row 1"), "{e}");
    }

    #[test]
    fn killer_sums_shift_by_the_offset() {
        let k = |sum| {
            Constraint::Killer(Killer {
                cells: cells(&[(1, 1), (1, 2), (2, 1)]),
                sum: Some(sum),
            })
        };
        // values 0-3: indices are values + 1, three cells add 3
        assert_eq!(to_index_space(&k(3), &shape(4, "0-3")).unwrap(), k(6));
        // standard values: unchanged
        assert_eq!(to_index_space(&k(6), &shape(4, "1-4")).unwrap(), k(6));
        // values 2-5: indices are values - 1
        assert_eq!(to_index_space(&k(9), &shape(4, "2-5")).unwrap(), k(6));
        let e = to_index_space(&k(2), &shape(4, "2-5")).unwrap_err();
        assert!(e.contains("smallest total is 6"), "{e}");
    }

    #[test]
    fn rules_whose_meaning_needs_the_values_are_refused() {
        let odd: Constraint = serde_json::from_str(r#"{"type":"odd","cells":["r1c1"]}"#).unwrap();
        let e = to_index_space(&odd, &shape(4, "0-3")).unwrap_err();
        assert!(e.contains("odd") && e.contains("0-3"), "{e}");
        assert_eq!(to_index_space(&odd, &shape(4, "1-4")).unwrap(), odd);
        let thermo: Constraint =
            serde_json::from_str(r#"{"type":"thermometer","cells":["r1c1","r1c2"]}"#).unwrap();
        assert!(to_index_space(&thermo, &shape(4, "0-3")).is_ok());
        let e = to_index_space(&thermo, &shape(4, "1-6")).unwrap_err();
        assert!(e.contains("6 values on a 4x4"), "{e}");
        let cage = |sum| {
            Constraint::Killer(Killer {
                cells: cells(&[(1, 1), (1, 2)]),
                sum,
            })
        };
        assert!(to_index_space(&cage(None), &shape(4, "1-6")).is_ok());
        let e = to_index_space(&cage(Some(11)), &shape(4, "1-6")).unwrap_err();
        assert!(e.contains("killer with a sum"), "{e}");
    }
}
