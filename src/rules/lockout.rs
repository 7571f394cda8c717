//! Lockout line: the two ends (diamonds) differ by at least ⌊V/2⌋ for V values (4 on 9×9;
//! V = max(R, C) on a rectangle, as ISS's minimum difference is read), and no digit inside
//! the line lies between the ends' digits or equals one of them.
//!
//! Encoding: the ends' difference is the support encoding of |a − b| ≥ ⌊N/2⌋
//! (`pairs::relation`). Order-encoding ladders (`cnf::order`) on the ends then forbid, for
//! each interior cell m and digit d, a ≤ d ≤ b and b ≤ d ≤ a:
//! `x(m,d) ∧ a ≤ d -> b < d` and `x(m,d) ∧ b ≤ d -> a < d`.

use super::cell_lists::path;
use super::families::ends;
use super::Rule;
use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A lockout line.
    Lockout, "The cells in order; the first and last are the ends (diamonds)."
}

impl Lockout {
    fn ends(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[self.cells.len() - 1])
    }
}

impl Rule for Lockout {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        path(shape, &self.cells, 2)
    }
    fn encode(&self, enc: &mut Encoder) {
        let gap = enc.value_count() / 2;
        let (a, b) = self.ends();
        // x(a,d) -> OR x(b,e) with |d-e| ≥ ⌊V/2⌋, and from b's side
        pairs::relation(enc, a, b, |i, j| i.abs_diff(j) >= gap);
        // the ends' ladders ya, yb
        ends::encode(enc, &self.cells, |ya, yb, k| {
            [
                // x(m,d) ∧ a ≤ d -> b < d
                [!ya.le(k), !yb.ge(k)],
                // x(m,d) ∧ b ≤ d -> a < d
                [!yb.le(k), !ya.ge(k)],
            ]
        });
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let (a, b) = self.ends();
        let (x, y) = (grid.digit(a).get(), grid.digit(b).get());
        let gap = shape.value_count() / 2;
        if x.abs_diff(y) < gap {
            return Err(format!(
                "the ends {a} = {x} and {b} = {y} differ by less than {gap}"
            ));
        }
        let outside = |lo, hi, v| !(lo..=hi).contains(&v);
        ends::check(grid, &self.cells, outside, "is locked out by")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Lockout::on(&[(2, 1), (3, 2), (2, 3)]));
        counts_agree(&Lockout::on(&[(1, 1), (1, 2)]));
        let long = Lockout::on(&[(1, 1), (2, 2), (3, 2), (4, 1)]);
        counts_agree(&long);
        let six = Lockout::on(&[(2, 1), (3, 2), (4, 3), (4, 4), (3, 5)]);
        counts_agree_6x6(six);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = Lockout::on(&[(2, 1), (3, 2), (2, 3)]);
        assert_count(EMPTY4, r.clone(), 12);
        assert_checker(&r, "1234432121433412", "1234341221434321");
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "lockout", "cells": ["r2c1", "r3c2", "r2c3"]}"#),
            Lockout::on(&[(2, 1), (3, 2), (2, 3)]).remove(0)
        );
    }

    /// The line may pass a cell twice; every interior visit is locked out.
    #[test]
    fn a_line_may_visit_a_cell_twice() {
        counts_agree(&Lockout::on(&[(1, 1), (2, 2), (3, 3), (2, 2), (2, 3)]));
    }
}
