//! Modular line: any three consecutive cells on the line hold digits that are different
//! modulo 3 (one each of {3,6,9}, {1,4,7}, {2,5,8} on 9×9). A line shorter than three cells
//! has its cells in different classes.
//!
//! Encoding: class literals t(c,k) = "c's digit ≡ k mod 3" (`cnf::class::member`, defined
//! both ways), then for every window of three cells `t(a,k) -> !t(b,k)` for each pair and
//! `t(a,k) ∨ t(b,k) ∨ t(c,k)` for each class.

use super::cell_lists::path;
use super::families::classes;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::Shape;
use crate::grid::Grid;

super::cells_rule! {
    /// A modular line.
    ModularLine, "The cells in order along the line."
}

impl Rule for ModularLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        path(shape, &self.cells, 1)
    }
    fn encode(&self, enc: &mut Encoder) {
        // t(a,k) -> !t(b,k) in every window of three, classes by remainder
        classes::encode(enc, &self.cells, |d| d % 3);
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        classes::check(grid, &self.cells, |d| d % 3, "are equal modulo 3")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&ModularLine::on(&[(1, 1), (1, 2), (2, 3)]));
        counts_agree(&ModularLine::on(&[(2, 2), (3, 3)]));
        counts_agree(&ModularLine::on(&[(1, 1), (1, 2), (2, 3), (3, 3)]));
        let six = ModularLine::on(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]);
        counts_agree_6x6(six);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = ModularLine::on(&[(1, 1), (1, 2), (2, 3)]);
        assert_count(EMPTY4, r.clone(), 0);
        let p = puzzle(EMPTY4, r);
        assert!(p.verify(&grid("1234341221434321")).is_err());
    }

    #[test]
    fn the_rule_is_enforced_on_six_by_six() {
        // counts and grids cross-checked with shared/tools/fpuzzles_check.py
        let six = ModularLine::on(&[(1, 1), (1, 2), (2, 3)]);
        assert_counts(
            "2.........4...2......4...2.........1",
            six.clone(),
            1440,
            568,
        );
        assert_checker(
            &six,
            "245136163245412563536412321654654321",
            "214356365142432615156423621534543261",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "modular-line", "cells": ["r1c1", "r1c2", "r2c3"]}"#),
            ModularLine::on(&[(1, 1), (1, 2), (2, 3)]).remove(0)
        );
    }

    /// A loop of three cells: every window of three consecutive cells still holds three
    /// classes (a loop of four cannot, and counts 0).
    #[test]
    fn a_loop_visits_a_cell_twice() {
        counts_agree(&ModularLine::on(&[(1, 2), (1, 3), (2, 3), (1, 2)]));
        let four = puzzle(
            EMPTY4,
            ModularLine::on(&[(1, 2), (1, 3), (2, 3), (2, 2), (1, 2)]),
        );
        assert_eq!(crate::rules::testing::assert_count_matches(&four, 300), 0);
    }
}
