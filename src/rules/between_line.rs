//! Between line: every digit strictly inside the line lies strictly between the digits of its
//! two ends (either end may be the larger). A line with no interior says nothing.
//!
//! Encoding: order-encoding ladders (`cnf::order`) on the two ends a, b only; for each
//! interior cell m and digit d, two clauses forbid d ≤ both ends and d ≥ both ends:
//! `x(m,d) ∧ y(a,d) -> !y(b,d)` and `x(m,d) ∧ !y(a,d+1) -> y(b,d+1)`.
//! `restrict` removes 1 and N from interior cells.

use super::cell_lists::path;
use super::families::ends;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Digit, Mask, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A between line.
    BetweenLine, "The cells in order; the first and last are the ends (circles)."
}

impl Rule for BetweenLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        path(shape, &self.cells, 2)
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        // the lowest and highest values, 1 and V, are never strictly between two digits;
        // positions are row-major over the C columns (fewer than the side on a tall grid)
        let n = shape.value_count();
        let one_and_n = Digit::new(1).bit() | Digit::new(n).bit();
        for &c in ends::interior(&self.cells) {
            cands[shape.position(c)] &= !one_and_n;
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        ends::encode(enc, &self.cells, |a, b, k| {
            [
                // x(m,d) ∧ a ≥ d -> b < d   (d is not ≤ both ends)
                [!a.ge(k), !b.ge(k)],
                // x(m,d) ∧ a ≤ d -> b > d   (d is not ≥ both ends)
                [!a.le(k), !b.le(k)],
            ]
        });
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let between = |lo, hi, v| lo < v && v < hi;
        ends::check(grid, &self.cells, between, "is not strictly between")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&BetweenLine::on(&[(1, 1), (1, 2), (2, 3), (1, 4)]));
        counts_agree(&BetweenLine::on(&[(4, 1), (3, 2), (2, 2)]));
        counts_agree(&BetweenLine::on(&[(1, 1), (2, 2)]));
        let long = BetweenLine::on(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
        counts_agree_6x6(long);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = BetweenLine::on(&[(1, 1), (1, 2), (2, 3), (1, 4)]);
        assert_count(EMPTY4, r.clone(), 48);
        assert_checker(&r, "1234342121434312", "1234341221434321");
    }

    #[test]
    fn a_line_needs_two_ends() {
        assert!(invalid(&BetweenLine::on(&[(1, 1)])[0], 4).contains("at least 2"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "between-line", "cells": ["r4c1", "r3c2", "r2c2"]}"#),
            BetweenLine::on(&[(4, 1), (3, 2), (2, 2)]).remove(0)
        );
    }

    /// The line may pass a cell twice; every interior visit is between the ends.
    #[test]
    fn a_line_may_visit_a_cell_twice() {
        counts_agree(&BetweenLine::on(&[
            (1, 1),
            (2, 2),
            (3, 3),
            (3, 2),
            (2, 2),
            (2, 3),
        ]));
    }
}
