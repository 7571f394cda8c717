//! Extra region: the listed cells hold different digits. A region of N cells holds every
//! digit once (a full house).
//!
//! Encoding: returned as a house when it has N cells (exactly-one per digit; hidden singles
//! in the simplifier), else as an all-different group (`x(a,d) -> !x(b,d)`).

use super::cell_lists::{at_most, value_cell_set};
use super::families::all_different;
use super::Rule;
use crate::geometry::{Cell, Shape};
use crate::grid::check_distinct;
use crate::grid::Grid;

super::cells_rule! {
    /// An extra region.
    ExtraRegion, "The region's cells (at most N)."
}

impl Rule for ExtraRegion {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        value_cell_set(shape, &self.cells, "the region")?;
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("the region has {len} cells; with digits 1..{n} at most {n} can differ")
        })
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::houses(shape, &self.cells)
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::groups(shape, &self.cells)
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        check_distinct(grid, self.cells.iter().copied(), "the extra region")
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&ExtraRegion::on(&[(1, 1), (2, 2), (3, 3)]));
        counts_agree(&ExtraRegion::on(&[(1, 2), (2, 1), (3, 4), (4, 3)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, ExtraRegion::on(&[(1, 1), (2, 2), (3, 3)]), 144);
        let full = ExtraRegion::on(&[(1, 2), (2, 1), (3, 4), (4, 3)]);
        assert_eq!(count(&puzzle(EMPTY4, full.clone()), 1000), 48);
        let p = puzzle(EMPTY4, full);
        assert!(p.verify(&grid("1234341221434321")).is_err());
        assert!(p.verify(&grid("1234341243212143")).is_ok());
    }

    #[test]
    fn bad_regions_are_errors() {
        assert!(invalid(&ExtraRegion::on(&[(1, 1), (1, 1)])[0], 4).contains("r1c1 appears twice"));
        assert!(invalid(&ExtraRegion::on(&[(1, 1), (5, 1)])[0], 4).contains("r5c1 is outside"));
        assert!(invalid(
            &ExtraRegion::on(&[(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)])[0],
            4
        )
        .contains("5 cells"));
        assert!(invalid(&ExtraRegion::on(&[])[0], 4).contains("no cells"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "extra-region", "cells": ["r1c1", "r2c2"]}"#),
            ExtraRegion::on(&[(1, 1), (2, 2)]).remove(0)
        );
        rejects(r#"{"type": "extra-region"}"#, "missing field");
    }
}
