//! Thermometer: digits strictly increase along the line from the bulb (`cells[0]`).
//!
//! Encoding: order encoding (`cnf::order`): a ladder y(c,k) = "c ≥ k" per cell, and per edge
//! a → b the clauses `y(a,k) -> y(b,k+1)` for every k (b ≥ a + 1) — N clauses per edge, and
//! unit propagation moves bounds both ways along the whole thermometer. `restrict` also cuts
//! the obvious bounds: the cell i steps from the bulb is at least i+1, the one j steps from
//! the tip at most N−j.

use super::cell_lists::{at_most, line};
use super::families::rising;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{full_mask, Mask, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A thermometer, bulb first.
    Thermometer, "The cells from the bulb to the tip."
}

impl Rule for Thermometer {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line(shape, &self.cells, 1)?;
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("a thermometer of {len} cells cannot increase strictly with digits 1..{n}")
        })
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        let (n, len) = (shape.value_count(), self.cells.len());
        for (i, c) in self.cells.iter().enumerate() {
            // i+1 ≤ digit ≤ N-(len-1-i): digits with 0-based index i ..= N-len+i
            let low = full_mask(i);
            let high = !full_mask(n.saturating_sub(len - 1 - i));
            cands[c.position(shape.cols())] &= !(low | high);
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        // y(a,k) -> y(b,k+1): b > a
        rising::encode(enc, &self.cells, 1);
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        rising::check(grid, &self.cells, 1, "is not below", "thermometer")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Thermometer::on(&[(4, 1), (3, 2), (2, 3)]));
        counts_agree(&Thermometer::on(&[(1, 1), (2, 2), (2, 3), (1, 4)]));
        let mut two = Thermometer::on(&[(1, 2), (2, 2)]);
        two.extend(Thermometer::on(&[(3, 3), (2, 2)]));
        counts_agree(&two);
        // a 5-cell thermometer with an elbow on 6x6
        let long = Thermometer::on(&[(1, 1), (2, 2), (3, 3), (3, 4), (2, 5)]);
        counts_agree_6x6(long);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = Thermometer::on(&[(4, 1), (3, 2), (2, 3)]);
        assert_count(EMPTY4, r.clone(), 24);
        assert_checker(&r, "1423324143122134", "1234341221434321");
    }

    #[test]
    fn restrict_cuts_bounds() {
        let p = puzzle(EMPTY4, Thermometer::on(&[(1, 1), (2, 2), (3, 3)]));
        let cands = p.initial_candidates();
        assert_eq!(cands[Cell::new(1, 1).position(4)], 0b0011); // 1..2
        assert_eq!(cands[Cell::new(2, 2).position(4)], 0b0110); // 2..3
        assert_eq!(cands[Cell::new(3, 3).position(4)], 0b1100); // 3..4
    }

    #[test]
    fn bad_lines_are_errors() {
        let long = Thermometer::on(&[(1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]);
        assert!(invalid(&long[0], 4).contains("5 cells"));
        assert!(invalid(&Thermometer::on(&[(1, 1), (1, 3)])[0], 4).contains("r1c1 and r1c3"));
        assert!(invalid(&Thermometer::on(&[(1, 1), (1, 2), (1, 1)])[0], 4).contains("twice"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "thermometer", "cells": ["r4c1", "r3c2", "r2c3"]}"#),
            Thermometer::on(&[(4, 1), (3, 2), (2, 3)]).remove(0)
        );
    }

    #[test]
    fn a_line_visiting_a_cell_twice_is_refused() {
        assert_refuses_revisit(Thermometer::on);
    }
}
