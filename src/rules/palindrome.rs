//! Palindrome: the line reads the same from either end, `cells[i] = cells[len−1−i]`.
//!
//! Encoding: for each mirrored pair, `x(a,d) <-> x(b,d)` (`pairs::equal`), 2N binary clauses.

use super::cell_lists::{path, values};
use super::Rule;
use crate::cnf::{pairs, Encoder};
use crate::geometry::Shape;
use crate::grid::Grid;

super::cells_rule! {
    /// A palindrome line.
    Palindrome, "The cells in order along the line."
}

impl Palindrome {
    fn mirrored(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let len = self.cells.len();
        (0..len / 2).map(move |i| (i, len - 1 - i))
    }
}

impl Rule for Palindrome {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        path(shape, &self.cells, 1)
    }
    fn encode(&self, enc: &mut Encoder) {
        for (i, j) in self.mirrored() {
            // x(a,d) <-> x(b,d)
            pairs::equal(enc, self.cells[i], self.cells[j]);
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        for (i, j) in self.mirrored() {
            if vs[i] != vs[j] {
                return Err(format!(
                    "{} = {} but its mirror {} = {}",
                    self.cells[i], vs[i], self.cells[j], vs[j]
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Palindrome::on(&[(1, 1), (2, 2), (3, 3), (4, 4)]));
        counts_agree(&Palindrome::on(&[(1, 2), (2, 3), (3, 3), (4, 2), (4, 1)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = Palindrome::on(&[(1, 1), (2, 2), (3, 3), (4, 4)]);
        assert_count(EMPTY4, r.clone(), 24);
        assert_checker(&r, "1234341221434321", "1234341223414123");
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "palindrome", "cells": ["r1c1", "r2c2", "r3c3", "r4c4"]}"#),
            Palindrome::on(&[(1, 1), (2, 2), (3, 3), (4, 4)]).remove(0)
        );
    }

    /// Going back along the line revisits a cell; each mirrored pair still holds.
    #[test]
    fn a_line_may_visit_a_cell_twice() {
        counts_agree(&Palindrome::on(&[(1, 2), (2, 2), (3, 3), (4, 4), (3, 3)]));
    }
}
