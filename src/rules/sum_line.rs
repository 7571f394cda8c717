//! Sum line (ISS "SumLine"): the line can be divided into segments, each summing to the
//! line's value. Read from the first cell, each segment is the shortest run that reaches
//! the value (digits are positive, so a run that reaches it must end there).
//!
//! A loop (`"loop": true`, ISS's `LOOP`) is read around and around: the cells are listed
//! once, the last one followed by the first, and one segment may wrap from the end of the
//! list to its start. It holds when some start inside the loop divides it into segments
//! that each add up to the value: equivalently, when for some p0 in 0..value (the part of
//! the wrapping segment at the end of the list), reading the list from an open sum of p0
//! closes every segment and ends with p0 open again.
//!
//! JSON: `{"type": "sum-line", "cells": [...], "sum": 10}`, plus `"loop": true` for a loop
//! (listed without repeating its first cell; a loop's value is at most 128). Each cell once.
//!
//! On a grid of values from 0 (`0-8`) the segments add up values, not digit indices: a 0
//! adds nothing, so it belongs to the segment before it or after it alike, and reading
//! closes a segment as soon as it reaches the value (as ISS reads it: a line of zeros
//! only, which reaches no value, holds). Negative values are refused: a segment that
//! overshoots could come back down, and "the shortest run that reaches the value" would no
//! longer decide the division.
//!
//! CNF: a layered diagram along the line whose state is the sum of the open segment: digit
//! d moves p to p + d, to 0 when p + d is the value, and nowhere above it; the line ends in
//! state 0. For a loop the state is (the total read so far mod the value, the set of
//! starting sums p0 that have not overshot): with p0, the open sum is (p0 + total) mod value
//! and digit d keeps p0 alive when it does not exceed the value; the loop ends with the
//! total a multiple of the value and some p0 alive. Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::{line, values_of};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A sum line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SumLine {
    /// The cells in order along the line.
    pub cells: Vec<Cell>,
    /// What every segment sums to.
    pub sum: usize,
    /// The line is a loop: its last cell is followed by its first.
    #[serde(default, rename = "loop", skip_serializing_if = "std::ops::Not::not")]
    pub is_loop: bool,
}

/// Largest value of a loop (its states hold a set of open sums as bits).
const MAX_LOOP_SUM: usize = 128;

/// Whether `digits` divide into segments of `sum`, read from an open sum of `p0` and ending
/// with `p0` open (the checker's direct reading).
fn splits(digits: &[usize], sum: usize, p0: usize) -> bool {
    let mut open = p0;
    for &v in digits {
        open += v;
        if open > sum {
            return false;
        }
        if open == sum {
            open = 0;
        }
    }
    open == p0
}

impl Rule for SumLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line(shape, &self.cells, 1)?;
        if self.sum == 0 {
            return Err("a sum line's sum must be at least 1".into());
        }
        if shape.values().min < 0 {
            return Err(format!(
                "a sum line needs values of at least 0 (its segments are read while they \
                 grow); the smallest value here is {}",
                shape.values().min
            ));
        }
        if self.is_loop && self.sum > MAX_LOOP_SUM {
            return Err(format!(
                "a sum line loop's sum is at most {MAX_LOOP_SUM} (this one is {})",
                self.sum
            ));
        }
        Ok(())
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let target = self.sum;
        // the value a digit index stands for (validation keeps it ≥ 0)
        let lo = shape.values().min as usize;
        let value = move |d: Digit| d.index() + lo;
        if self.is_loop {
            let all: u128 = if target == 128 {
                u128::MAX
            } else {
                (1u128 << target) - 1
            };
            return Some(Box::new(Mdd::build(
                &self.cells,
                cands,
                (0usize, all),
                // (total mod value, live p0): p0's open sum (p0 + total) mod value may take
                // d when it stays within the value; none live: rejected
                move |_, &(t, live), d| {
                    let d = value(d);
                    let mut next = 0u128;
                    for p0 in (0..target).filter(|p| live >> p & 1 == 1) {
                        if (p0 + t) % target + d <= target {
                            next |= 1 << p0;
                        }
                    }
                    (next != 0).then_some(((t + d) % target, next))
                },
                |&(t, live)| t == 0 && live != 0,
            )));
        }
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            0usize,
            // p -d-> p + d, closing the segment (0) at the value; above it: rejected
            move |_, &p, d| {
                let q = p + value(d);
                (q <= target).then_some(if q == target { 0 } else { q })
            },
            |&p| p == 0,
        )))
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        // validation keeps the values at least 0
        let line: Vec<usize> = values_of(shape, grid, &self.cells)
            .into_iter()
            .map(|v| v as usize)
            .collect();
        if self.is_loop {
            let digits = line;
            return if (0..self.sum).any(|p0| splits(&digits, self.sum, p0)) {
                Ok(())
            } else {
                Err(format!(
                    "the sum line loop at {} does not divide into segments of {}",
                    self.cells[0], self.sum
                ))
            };
        }
        let mut open = 0;
        for (&c, v) in self.cells.iter().zip(line) {
            open += v;
            if open > self.sum {
                return Err(format!(
                    "the sum line's segment ending at {c} sums to {open}, over {}",
                    self.sum
                ));
            }
            if open == self.sum {
                open = 0;
            }
        }
        if open != 0 {
            return Err(format!(
                "the sum line at {} ends with a segment summing to {open}, not {}",
                self.cells[0], self.sum
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(rc: &[(usize, usize)], sum: usize) -> Vec<Constraint> {
        vec![Constraint::SumLine(SumLine {
            cells: cells(rc),
            sum,
            is_loop: false,
        })]
    }

    fn ring(rc: &[(usize, usize)], sum: usize) -> Vec<Constraint> {
        vec![Constraint::SumLine(SumLine {
            cells: cells(rc),
            sum,
            is_loop: true,
        })]
    }

    #[test]
    fn loops_match_brute_force() {
        let square = [(1, 1), (1, 2), (2, 2), (2, 1)];
        for sum in [5, 7, 10] {
            counts_agree(&ring(&square, sum));
        }
        counts_agree(&ring(&[(2, 2), (2, 3), (3, 3), (3, 2), (4, 2), (4, 1)], 6));
    }

    #[test]
    fn a_loop_may_wrap() {
        // 2 3 3 4 around, segments of 6: 4 + 2 wraps, 3 + 3; read as a line it fails
        assert!(!splits(&[2, 3, 3, 4], 6, 0));
        assert!(splits(&[2, 3, 3, 4], 6, 4));
        // FOUR: r1c3 r2c3 r2c2 r1c2 read 3 1 4 2: 1 + 4 and 2 + 3 (wrapping) make 5; as a
        // line (3 + 1 + 4 > 5) it does not hold. The other grid reads 3 1 4 1.
        let square = [(1, 3), (2, 3), (2, 2), (1, 2)];
        assert_checker(&ring(&square, 5), FOUR, "2134341212434321");
        assert!(on(&square, 5)[0]
            .check(&Shape::new(4).unwrap(), &grid(FOUR))
            .is_err());
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[(1, 1), (1, 2), (2, 3), (3, 3)], 5));
        counts_agree(&on(&[(1, 1), (2, 1), (3, 1)], 4));
        counts_agree(&on(&[(2, 2), (3, 3)], 3));
    }

    #[test]
    fn the_rule_is_enforced() {
        // 1 2 3 4 in a row: 1+2 = 3, then 3 alone
        let r = on(&[(1, 1), (1, 2), (1, 3)], 3);
        assert_checker(&r, "1234341221434321", "2143341212344321");
        assert!(count(&puzzle(EMPTY4, r), 300) > 0);
    }

    #[test]
    fn loops_and_zero_are_refused() {
        assert_refuses_revisit(|rc| on(rc, 5));
        assert!(invalid(&on(&[(1, 1)], 0)[0], 4).contains("at least 1"));
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "sum-line", "cells": ["r1c1", "r1c2"], "sum": 10}"#);
        round_trip(r#"{"type": "sum-line", "cells": ["r1c1", "r1c2"], "sum": 10, "loop": true}"#);
        assert!(invalid(&ring(&[(1, 1), (1, 2)], 129)[0], 4).contains("at most 128"));
    }
}
