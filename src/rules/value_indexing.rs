//! Value indexing (ISS "ValueIndexing"): along the line, the second cell's digit K says how
//! many cells further on the first cell's digit appears again: cell K + 1 (0-based) holds
//! the first cell's digit. So K is at most the line's length − 2.
//!
//! On a grid of other values (`0-8`) K is the second cell's *value*, as ISS reads it: a K
//! below 1 names no cell (so the second cell never holds 0 there).
//!
//! JSON: `{"type": "value-indexing", "cells": ["r1c1", "r1c2", …]}` (at least 3 cells, in
//! order). A cell may be listed twice, as ISS allows (its examples index a row from its own
//! first cell: `VA1~R1C1~R1C1~R1C2~…`, the control cell also the line's first): each place
//! on the line reads its cell's value. The cells may be extra cells.
//!
//! CNF: `!x(c1,k)` for every k past the line's end (or below 1); for every k and digit d:
//! `x(c1,k) ∧ x(c0,d) -> x(c_{k+1},d)`.

use super::cell_lists::{held, values_of};
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Digit, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A value indexing line.
    ValueIndexing, "The cells in order: the value cell, the control cell, then the indexed cells."
}

impl Rule for ValueIndexing {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        // a cell may be named twice: each place reads its value
        self.cells.iter().try_for_each(|&c| held(shape, c))?;
        if self.cells.len() < 3 {
            return Err("a value indexing line needs at least 3 cells".into());
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        let n = enc.value_count();
        let off = enc.shape().values().offset();
        let (value, control) = (self.cells[0], self.cells[1]);
        for dk in (1..=n).map(Digit::new) {
            let xk = enc.x(control, dk);
            // the value K of the digit: cell K + 1 (0-based), for K ≥ 1
            let named = usize::try_from(dk.get() as i64 + off)
                .ok()
                .filter(|&k| k >= 1)
                .and_then(|k| self.cells.get(k + 1));
            let Some(&target) = named else {
                // !x(c1,k): the line has no cell k further on
                enc.clause([!xk]);
                continue;
            };
            for d in (0..n).map(Digit::from_index) {
                // x(c1,k) ∧ x(c0,d) -> x(c_{k+1},d)
                enc.clause([!xk, !enc.x(value, d), enc.x(target, d)]);
            }
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values_of(shape, grid, &self.cells);
        let at = usize::try_from(vs[1] + 1).ok().filter(|&i| i >= 2);
        match at.and_then(|i| vs.get(i).map(|&v| (i, v))) {
            Some((_, v)) if v == vs[0] => Ok(()),
            Some((i, v)) => Err(format!(
                "{} holds {}, so {} should hold {}, not {v}",
                self.cells[1], vs[1], self.cells[i], vs[0]
            )),
            None => Err(format!(
                "{} holds {}, which names no cell of the value indexing line",
                self.cells[1], vs[1]
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&ValueIndexing::on(&[
            (1, 1),
            (2, 1),
            (3, 1),
            (3, 2),
            (3, 3),
        ]));
        counts_agree(&ValueIndexing::on(&[(1, 1), (1, 2), (2, 3), (3, 3)]));
        // a cell listed twice: the control cell is also the first indexed cell
        counts_agree(&ValueIndexing::on(&[
            (3, 2),
            (1, 1),
            (1, 1),
            (1, 2),
            (1, 3),
        ]));
        counts_agree(&ValueIndexing::on(&[(1, 1), (2, 1), (1, 1), (3, 1)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c1, r1c2, r2c3, r3c3: FOUR holds 1, 2, 1, 4: K = 2 points at r3c3 = 4 ≠ 1;
        // 2143/4321/1234/3412 holds 2, 1, 2, …: K = 1 points at r2c3 = 2
        let r = ValueIndexing::on(&[(1, 1), (1, 2), (2, 3), (3, 3)]);
        assert_checker(&r, "2143432112343412", FOUR);
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "value-indexing", "cells": ["r1c1", "r1c2", "r1c3"]}"#);
        assert!(invalid(&ValueIndexing::on(&[(1, 1), (1, 2)])[0], 4).contains("at least 3"));
    }
}
