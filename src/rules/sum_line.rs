//! Sum line (ISS "SumLine"): the line can be divided into segments, each summing to the
//! line's value. Read from the first cell, each segment is the shortest run that reaches
//! the value (digits are positive, so a run that reaches it must end there).
//!
//! JSON: `{"type": "sum-line", "cells": [...], "sum": 10}`. ISS also allows a loop (a line
//! ending where it starts, whose segments may wrap around); satdoku refuses a line that
//! visits a cell twice, so loops are refused, not misread.
//!
//! CNF: a layered diagram along the line whose state is the sum of the open segment: digit
//! d moves p to p + d, to 0 when p + d is the value, and nowhere above it; the line ends in
//! state 0. Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::{line, values};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Mask, Shape};
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
}

impl Rule for SumLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line(shape, &self.cells, 1)?;
        if self.sum == 0 {
            return Err("a sum line's sum must be at least 1".into());
        }
        Ok(())
    }
    fn diagram(&self, _shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let target = self.sum;
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            0usize,
            // p -d-> p + d, closing the segment (0) at the value; above it: rejected
            |_, &p, d| {
                let q = p + d.get();
                (q <= target).then_some(if q == target { 0 } else { q })
            },
            |&p| p == 0,
        )))
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let mut open = 0;
        for (&c, v) in self.cells.iter().zip(values(grid, &self.cells)) {
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
        })]
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
    }
}
