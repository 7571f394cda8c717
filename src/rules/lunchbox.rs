//! Lunchbox (ISS "Lunchbox"): the cells hold different digits, and the digits between the
//! smallest and the largest of them (in the listed order) add up to the sum. A lunchbox
//! of 0 has its smallest and largest digits side by side.
//!
//! On a grid of other values (`0-8`) the extremes are the smallest and largest *values* and
//! the sum adds values, as ISS reads it; the values must be at least 0 (the reading below
//! adds them as they come).
//!
//! JSON: `{"type": "lunchbox", "cells": ["r1c1", …], "sum": 10}` (cells in order, e.g. a
//! row from left to right; at most N). Whether the cells are drawn as a cage or a line, the
//! order is the listed one.
//!
//! CNF: the cells are an all-different group (a house if N cells), and a layered diagram
//! reads them in order with state (smallest, largest, which came last, sum strictly between
//! them, sum after the later one, and how many cells each of those two sums has): a new
//! smallest (or largest) makes the between-sum the cells since the other extreme. Sums are
//! capped at the clue + 1 (anything above fails alike). The line ends with the between-sum
//! equal to the clue, and made of as many *different* digits strictly between the extremes
//! as it has cells (the counts are for this: the diagram reads one cell at a time and does
//! not know the cells differ, so without them 8 + 8 + 8 would pass for 24 between 1 and
//! 9). The same holds at every cell for the extremes so far, for the between-sum, the sum
//! after and both together; states that fail it are not made (Extreme Lunchbox: 0.27× the
//! CPU, BENCHMARKS.md). Clauses as in
//! [`crate::cnf::sum::mdd`]. A lunchbox of N cells holds 1 and N, so it is a sandwich and
//! gets the sandwich's crust-distance clauses too (`sandwich::crust_distances`).

use super::cell_lists::{at_most, cell_set, distinct_sums, values_of};
use super::diagram::Diagram;
use super::families::all_different;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::{check_distinct, Grid};
use serde::{Deserialize, Serialize};

/// A lunchbox.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lunchbox {
    /// The cells in order.
    pub cells: Vec<Cell>,
    /// The sum between the smallest and the largest digit.
    pub sum: usize,
}

/// Which extreme is the later one so far (both at one cell after the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Later {
    Same,
    Low,
    High,
}

/// The diagram state after some cells: (smallest, largest, later, between, after, cells
/// between, cells after).
type State = Option<(usize, usize, Later, usize, usize, usize, usize)>;

/// Whether `k` different digits strictly between `lo` and `hi` can add up to `sum`.
fn fits(lo: usize, hi: usize, k: usize, sum: usize) -> bool {
    match distinct_sums(k, lo + 1, hi.saturating_sub(1)) {
        Some((least, most)) => (least..=most).contains(&sum),
        None => false,
    }
}

/// The next state after digit `d` (`None` for a repeated extreme: the digits differ).
/// `floor` and `top` are the smallest and largest candidate of any of the cells: once the
/// smallest is `floor` and the largest `top`, no later digit is a new extreme, so which
/// came last and the sum after it are never read again and are forgotten (fewer states).
/// A state whose between-sum or after-sum no set of that many different digits strictly
/// between the extremes makes is not made (the diagram alone does not know they differ).
fn step(state: State, d: usize, cap: usize, floor: usize, top: usize) -> Option<State> {
    let Some((lo, hi, later, between, after, nb, na)) = state else {
        return Some(Some((d, d, Later::Same, 0, 0, 0, 0)));
    };
    if lo == floor && hi == top {
        // final extremes, checked when they became so: only a repeat of one can fail
        return (d != lo && d != hi).then_some(state);
    }
    let next = if d < lo {
        // new smallest: between it and the largest lie the cells since the largest
        let (b, k) = match later {
            Later::Low => (between + lo + after, nb + 1 + na),
            _ => (after, na),
        };
        (d, hi, Later::Low, b, 0, k, 0)
    } else if d > hi {
        let (b, k) = match later {
            Later::High => (between + hi + after, nb + 1 + na),
            _ => (after, na),
        };
        (lo, d, Later::High, b, 0, k, 0)
    } else if d == lo || d == hi {
        return None;
    } else {
        (lo, hi, later, between, after + d, nb, na + 1)
    };
    let (lo, hi, later, b, a, nb, na) = next;
    // The cells between the extremes and those after the later one hold different digits
    // strictly between them already now (later extremes only widen the range): each sum,
    // and the two together, must be some sum of that many such digits. A sum at the cap
    // stands for any larger one and is not checked.
    let exact = |s: usize| s < cap;
    if (exact(b) && !fits(lo, hi, nb, b))
        || (exact(a) && !fits(lo, hi, na, a))
        || (exact(a + b) && !fits(lo, hi, nb + na, a + b))
    {
        return None;
    }
    if lo == floor && hi == top {
        // both extremes final: the between-sum is final too (and checked just above)
        return Some(Some((lo, hi, Later::Same, b.min(cap), 0, 0, 0)));
    }
    Some(Some((lo, hi, later, b.min(cap), a.min(cap), nb, na)))
}

impl Rule for Lunchbox {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the lunchbox")?;
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("a lunchbox of {len} cells needs more than the digits 1..{n}")
        })?;
        if self.cells.len() < 2 {
            return Err("a lunchbox needs at least 2 cells".into());
        }
        if shape.values().min < 0 {
            return Err(format!(
                "a lunchbox adds values of at least 0; the smallest value here is {}",
                shape.values().min
            ));
        }
        Ok(())
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::houses(shape, &self.cells)
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::groups(shape, &self.cells)
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let (target, cap) = (self.sum, self.sum + 1);
        let all = self.cells.iter().fold(0, |m, &c| m | cands(c));
        // the state holds values (validation keeps them at least 0): bit i is the value
        // i + the smallest
        let lo = shape.values().min as usize;
        let (floor, top) = (
            all.trailing_zeros() as usize + lo,
            63 - all.leading_zeros() as usize + lo,
        );
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            None,
            move |_, &s: &State, d| step(s, d.index() + lo, cap, floor, top),
            // every state made passed `fits`, so an exact between-sum is one of different
            // digits between the extremes
            |s| matches!(s, Some((_, _, _, b, _, _, _)) if *b == target),
        )))
    }
    fn encode(&self, enc: &mut Encoder) {
        if let Some(diagram) = self.diagram(enc.shape(), &|c| enc.candidates(c)) {
            diagram.encode(enc);
        }
        if self.cells.len() == enc.shape().value_count() && enc.shape().value_count() >= 2 {
            // N different digits hold 1 and N: the smallest and largest are the crusts of a
            // sandwich, and the diagram (cell by cell) does not know the filling differs
            super::sandwich::crust_distances(enc, &self.cells, self.sum);
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        check_distinct(grid, self.cells.iter().copied(), "the lunchbox")
            .map_err(|e| e.to_string())?;
        let vs = values_of(shape, grid, &self.cells);
        let at = |v: i64| vs.iter().position(|&x| x == v).unwrap();
        let (lo, hi) = (at(*vs.iter().min().unwrap()), at(*vs.iter().max().unwrap()));
        let s: i64 = vs[lo.min(hi) + 1..lo.max(hi)].iter().sum();
        if s == self.sum as i64 {
            Ok(())
        } else {
            Err(format!(
                "the lunchbox at {} holds {s} between its smallest and largest values, not {}",
                self.cells[0], self.sum
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(rc: &[(usize, usize)], sum: usize) -> Vec<Constraint> {
        vec![Constraint::Lunchbox(Lunchbox {
            cells: cells(rc),
            sum,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[(1, 1), (1, 2), (1, 3), (1, 4)], 5));
        counts_agree(&on(&[(1, 1), (1, 2), (1, 3), (1, 4)], 0));
        counts_agree(&on(&[(1, 1), (2, 2), (3, 3)], 2));
        counts_agree_6x6(on(&[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)], 7));
        counts_agree_6x6(on(&[(2, 1), (3, 2), (4, 3), (5, 4)], 3));
        // full rows: once 1 and 6 are both seen the state forgets the sum after them
        counts_agree_6x6(on(&[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)], 0));
        counts_agree_6x6(on(&[(3, 6), (3, 5), (3, 4), (3, 3), (3, 2), (3, 1)], 10));
    }

    #[test]
    fn fits_knows_the_sums_of_different_digits_between_the_extremes() {
        assert!(fits(1, 9, 0, 0));
        assert!(!fits(1, 9, 0, 1));
        assert!(fits(1, 9, 3, 21)); // 8 + 7 + 6
        assert!(!fits(1, 9, 3, 22));
        assert!(fits(1, 9, 3, 9)); // 2 + 3 + 4
        assert!(!fits(1, 9, 3, 8));
        assert!(fits(3, 6, 2, 9)); // 4 + 5
        assert!(!fits(3, 6, 3, 9)); // only 4 and 5 lie between 3 and 6
        assert!(!fits(4, 5, 1, 4));
    }

    #[test]
    fn the_rule_is_enforced() {
        // row 1 of FOUR: 1 2 3 4, between 1 and 4: 5
        let r = on(&[(1, 1), (1, 2), (1, 3), (1, 4)], 5);
        assert_checker(&r, FOUR, "2143341212344321");
    }

    #[test]
    fn too_few_and_too_many_cells_are_refused() {
        assert!(invalid(&on(&[(1, 1)], 0)[0], 4).contains("at least 2"));
        let five = on(&[(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)], 0);
        assert!(invalid(&five[0], 4).contains("5 cells"));
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "lunchbox", "cells": ["r1c1", "r1c2", "r1c3"], "sum": 0}"#);
    }
}
