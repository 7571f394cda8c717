//! Modular line: any three consecutive cells on the line hold digits that are different
//! modulo 3 (one each of {3,6,9}, {1,4,7}, {2,5,8} on 9×9). A line shorter than three cells
//! has its cells in different classes.
//!
//! Encoding: class literals t(c,k) = "c's digit ≡ k mod 3" (`cnf::class::member`, defined
//! both ways), then for every window of three cells `t(a,k) -> !t(b,k)` for each pair and
//! `t(a,k) ∨ t(b,k) ∨ t(c,k)` for each class.

use super::cell_lists::{path, values, windows};
use super::Rule;
use crate::cnf::class::{different_classes, memberships};
use crate::cnf::Encoder;
use crate::geometry::{Digit, Mask, Shape};
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
        let n = enc.size();
        let classes: Vec<Mask> = (0..3)
            .map(|k| {
                (1..=n)
                    .filter(|&d| d % 3 == k)
                    .fold(0, |m, d| m | Digit::new(d).bit())
            })
            .collect();
        let members = memberships(enc, &self.cells, &classes);
        for w in windows(self.cells.len(), 3) {
            let window: Vec<&[_]> = members[w].iter().map(Vec::as_slice).collect();
            // t(a,k) -> !t(b,k); three cells: t(a,k) ∨ t(b,k) ∨ t(c,k)
            different_classes(enc, &window);
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        for w in windows(vs.len(), 3) {
            for i in w.clone() {
                for j in i + 1..w.end {
                    if vs[i] % 3 == vs[j] % 3 {
                        return Err(format!(
                            "{} = {} and {} = {} are equal modulo 3",
                            self.cells[i], vs[i], self.cells[j], vs[j]
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(rc: &[(usize, usize)]) -> Vec<Constraint> {
        vec![Constraint::ModularLine(ModularLine { cells: cells(rc) })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(&[(1, 1), (1, 2), (2, 3)]));
        counts_agree(&rule(&[(2, 2), (3, 3)]));
        counts_agree(&rule(&[(1, 1), (1, 2), (2, 3), (3, 3)]));
        let six = rule(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]);
        counts_agree_6x6(six);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = rule(&[(1, 1), (1, 2), (2, 3)]);
        assert_count(EMPTY4, r.clone(), 0);
        let p = puzzle(EMPTY4, r);
        assert!(p.verify(&grid("1234341221434321")).is_err());
    }

    #[test]
    fn the_rule_is_enforced_on_six_by_six() {
        // counts and grids cross-checked with shared/tools/fpuzzles_check.py
        let givens = "2.........4...2......4...2.........1";
        assert_eq!(count(&puzzle(givens, vec![]), 10_000), 1440);
        let p = puzzle(givens, rule(&[(1, 1), (1, 2), (2, 3)]));
        assert_eq!(count(&p, 10_000), 568);
        assert!(p
            .verify(&grid("214356365142432615156423621534543261"))
            .is_err());
        assert!(p
            .verify(&grid("245136163245412563536412321654654321"))
            .is_ok());
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "modular-line", "cells": ["r1c1", "r1c2", "r2c3"]}"#),
            rule(&[(1, 1), (1, 2), (2, 3)]).remove(0)
        );
    }

    /// A loop of three cells: every window of three consecutive cells still holds three
    /// classes (a loop of four cannot, and counts 0).
    #[test]
    fn a_loop_visits_a_cell_twice() {
        counts_agree(&rule(&[(1, 2), (1, 3), (2, 3), (1, 2)]));
        let four = puzzle(EMPTY4, rule(&[(1, 2), (1, 3), (2, 3), (2, 2), (1, 2)]));
        assert_eq!(crate::rules::testing::assert_count_matches(&four, 300), 0);
    }
}
