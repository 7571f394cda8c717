//! Modular line: any three consecutive cells on the line hold digits that are different
//! modulo 3 (one each of {3,6,9}, {1,4,7}, {2,5,8} on 9×9). A line shorter than three cells
//! has its cells in different classes. With `"modulus": m` (ISS "Modular", whose default is
//! 5): any m consecutive cells are different modulo m.
//!
//! Encoding: class literals t(c,k) = "c's digit ≡ k mod 3" (`cnf::class::member`, defined
//! both ways), then for every window of three cells `t(a,k) -> !t(b,k)` for each pair and
//! `t(a,k) ∨ t(b,k) ∨ t(c,k)` for each class. Another modulus: for every window of m cells,
//! each pair and digits d ≡ e (mod m), `x(a,d) -> !x(b,e)`.

use super::cell_lists::{path, values, windows};
use super::families::classes;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A modular line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModularLine {
    /// The cells in order along the line.
    pub cells: Vec<Cell>,
    /// The modulus and window length (3 unless given).
    #[serde(default = "three", skip_serializing_if = "is_three")]
    pub modulus: usize,
}

fn three() -> usize {
    3
}

fn is_three(m: &usize) -> bool {
    *m == 3
}

#[cfg(test)]
impl ModularLine {
    /// The mod-3 line on these 1-based (row, column) cells (tests).
    pub(crate) fn on(rc: &[(usize, usize)]) -> Vec<super::Constraint> {
        Self::with(rc, 3)
    }

    /// The line on these cells with modulus `m` (tests).
    pub(crate) fn with(rc: &[(usize, usize)], modulus: usize) -> Vec<super::Constraint> {
        let cells = crate::rules::testing::cells(rc);
        vec![super::Constraint::ModularLine(ModularLine {
            cells,
            modulus,
        })]
    }
}

impl Rule for ModularLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if self.modulus == 0 {
            return Err("a modular line's modulus must be at least 1".into());
        }
        path(shape, &self.cells, 1)
    }
    fn encode(&self, enc: &mut Encoder) {
        let m = self.modulus;
        if m == 3 {
            // t(a,k) -> !t(b,k) in every window of three, classes by remainder
            classes::encode(enc, &self.cells, |d| d % 3);
            return;
        }
        let n = enc.value_count();
        for w in windows(self.cells.len(), m) {
            let cells = &self.cells[w];
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    for d in 1..=n {
                        for e in (1..=n).filter(|e| e % m == d % m) {
                            // x(a,d) -> !x(b,e): same remainder in one window
                            enc.clause([!enc.x(a, Digit::new(d)), !enc.x(b, Digit::new(e))]);
                        }
                    }
                }
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let m = self.modulus;
        if m == 3 {
            return classes::check(grid, &self.cells, |d| d % 3, "are equal modulo 3");
        }
        let vs = values(grid, &self.cells);
        for w in windows(vs.len(), m) {
            for i in w.clone() {
                for j in i + 1..w.end {
                    if vs[i] % m == vs[j] % m {
                        return Err(format!(
                            "{} and {} hold {} and {}, equal modulo {m}",
                            self.cells[i], self.cells[j], vs[i], vs[j]
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

    /// Other moduli (ISS "Modular"): windows of m cells, different modulo m.
    #[test]
    fn other_moduli_match_brute_force() {
        counts_agree(&ModularLine::with(&[(1, 1), (1, 2), (2, 3), (3, 3)], 2));
        counts_agree(&ModularLine::with(&[(1, 1), (2, 2), (3, 3), (4, 4)], 4));
        counts_agree_6x6(ModularLine::with(
            &[(1, 1), (1, 2), (2, 3), (3, 3), (4, 4)],
            5,
        ));
        // mod 2 on a row of FOUR: 1 2 3 4 alternates; 2143/… : 2 1 4 3 alternates too, but
        // r1c1, r2c2 (2, 4) do not
        let r = ModularLine::with(&[(1, 1), (2, 2)], 2);
        assert_checker(&r, FOUR, "2143341212344321");
        assert!(invalid(&ModularLine::with(&[(1, 1)], 0)[0], 4).contains("at least 1"));
    }

    #[test]
    fn serde() {
        let c = round_trip(r#"{"type": "modular-line", "cells": ["r1c1", "r1c2"], "modulus": 5}"#);
        assert_eq!(c, ModularLine::with(&[(1, 1), (1, 2)], 5).remove(0));
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
