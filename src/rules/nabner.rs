//! Nabner: the digits on the line are all different and no two of them are consecutive,
//! wherever they sit on the line (the opposite of renban).
//!
//! Encoding: the line is an all-different group; for every two cells a, b of the line,
//! forbidden pairs `x(a,d) -> !x(b,d-1) ∧ !x(b,d+1)` (`pairs::forbid`).

use super::cell_lists::{at_most, line, values};
use super::Rule;
use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::check_distinct;
use crate::grid::Grid;

super::cells_rule! {
    /// A nabner line.
    Nabner, "The cells in order along the line."
}

impl Rule for Nabner {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line(shape, &self.cells, 1)?;
        let n = shape.value_count();
        let most = n.div_ceil(2);
        at_most(&self.cells, most, |len| {
            format!("a nabner line of {len} cells needs that many non-consecutive digits; 1..{n} has only {most}")
        })
    }
    fn distinct_groups(&self, _shape: &Shape) -> Vec<Vec<Cell>> {
        vec![self.cells.clone()]
    }
    fn encode(&self, enc: &mut Encoder) {
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                // x(a,d) -> !x(b,d-1) ∧ !x(b,d+1)
                pairs::forbid(enc, a, b, |i, j| i.abs_diff(j) == 1);
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        check_distinct(grid, self.cells.iter().copied(), "the nabner line")
            .map_err(|e| e.to_string())?;
        let vs = values(grid, &self.cells);
        for i in 0..vs.len() {
            for j in i + 1..vs.len() {
                if vs[i].abs_diff(vs[j]) == 1 {
                    return Err(format!(
                        "{} = {} and {} = {} are consecutive on a nabner line",
                        self.cells[i], vs[i], self.cells[j], vs[j]
                    ));
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
        counts_agree(&Nabner::on(&[(1, 1), (2, 2)]));
        counts_agree(&Nabner::on(&[(2, 3), (3, 2)]));
        let six = Nabner::on(&[(1, 1), (2, 2), (3, 3)]);
        counts_agree_6x6(six);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = Nabner::on(&[(1, 1), (2, 2)]);
        assert_count(EMPTY4, r.clone(), 144);
        assert_checker(&r, "1234341221434321", "1324421324313142");
    }

    #[test]
    fn too_long_is_an_error() {
        assert!(invalid(&Nabner::on(&[(1, 1), (1, 2), (1, 3)])[0], 4).contains("3 cells"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "nabner", "cells": ["r1c1", "r2c2"]}"#),
            Nabner::on(&[(1, 1), (2, 2)]).remove(0)
        );
    }

    #[test]
    fn a_line_visiting_a_cell_twice_is_refused() {
        assert_refuses_revisit(Nabner::on);
    }
}
