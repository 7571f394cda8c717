//! Different regions (chaos construction): no two of the listed cells lie in one of the
//! regions the solver finds (ISS `AllDifferent` over chaos region cells, whose values are the
//! regions' ids). Only for a chaos construction ([`Shape::is_chaos`]), whose regions are
//! unknowns; the digits are not constrained by it.
//!
//! JSON: `{"type": "different-regions", "cells": ["r1c1", "r5c5", "r9c9"]}` (two to K cells,
//! K the number of regions, none twice).
//!
//! CNF, over the region variables g(c,k) of [`crate::cnf::chaos`]: for every region k and
//! every two listed cells a, b: `g(a,k) -> !g(b,k)` (at most one listed cell per region).

use super::cell_lists::{at_most, cell_set};
use super::Rule;
use crate::cnf::{Encoder, Term};
use crate::geometry::Shape;
use crate::grid::Grid;

super::cells_rule! {
    /// Cells in pairwise different found regions of a chaos construction.
    DifferentRegions, "The cells (at least two, at most one per region), each in a different region of the chaos construction."
}

impl Rule for DifferentRegions {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if !shape.is_chaos() {
            return Err(
                "different-regions is about the regions of a chaos construction (\"chaos\": true)"
                    .into(),
            );
        }
        cell_set(shape, &self.cells, "the cells")?;
        if self.cells.len() < 2 {
            return Err("different-regions needs at least two cells".into());
        }
        let k = shape.chaos_regions();
        at_most(&self.cells, k, |len| {
            format!("{len} cells cannot lie in different regions: there are {k}")
        })
    }
    fn encode(&self, enc: &mut Encoder) {
        for k in 0..enc.shape().chaos_regions() {
            for (i, &a) in self.cells.iter().enumerate() {
                for &b in &self.cells[i + 1..] {
                    let (ga, gb) = (Term::Lit(enc.region(a, k)), Term::Lit(enc.region(b, k)));
                    // g(a,k) -> !g(b,k)
                    enc.clause([!ga, !gb]);
                }
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let n = grid.cols();
        let Some(regions) = grid.regions() else {
            return Err("the grid has no found regions".into());
        };
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                if regions[a.position(n)] == regions[b.position(n)] {
                    return Err(format!("{a} and {b} are in one region"));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::rules::testing::*;

    /// Solutions of a 4×4 chaos construction with the rule, and how many of all its
    /// solutions have `cells` in pairwise different regions — found without the rule, by
    /// their regions.
    fn counts(givens: &str, cells: &[(usize, usize)]) -> (usize, usize) {
        let list: Vec<Cell> = cells.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        let (sat, kept, _) = chaos_counts(givens, DifferentRegions::on(cells), |g| {
            let r = g.regions().unwrap();
            let mut ids: Vec<u16> = list.iter().map(|c| r[c.position(4)]).collect();
            ids.sort_unstable();
            ids.dedup();
            ids.len() == list.len()
        });
        (sat, kept)
    }

    #[test]
    fn counts_match_the_regions_of_all_solutions() {
        for (givens, cells) in [
            ("1..............2", vec![(1, 1), (1, 2)]),
            ("1..............2", vec![(1, 1), (2, 2), (3, 3)]),
            ("................", vec![(1, 1), (1, 3), (3, 1), (3, 3)]),
            ("..3.............", vec![(2, 2), (2, 3)]),
        ] {
            let (sat, brute) = counts(givens, &cells);
            assert_eq!(sat, brute, "{givens} {cells:?}");
            assert!(sat > 0, "{givens} {cells:?}");
        }
    }

    #[test]
    fn the_checker_reads_the_found_regions() {
        let p = chaos_puzzle("................", DifferentRegions::on(&[(1, 1), (2, 2)]));
        let mut g = grid("1234341221434321");
        // 2×2 boxes as regions: r1c1 and r2c2 together
        g.set_regions(Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        let e = p.verify(&g).unwrap_err().to_string();
        assert!(e.contains("in one region"), "{e}");
        // rows as regions: apart
        g.set_regions(Some((0..16).map(|i| (i / 4) as u16).collect()));
        assert!(p.verify(&g).is_ok());
    }

    #[test]
    fn it_needs_a_chaos_construction_and_room() {
        let e = invalid(&DifferentRegions::on(&[(1, 1), (2, 2)])[0], 4);
        assert!(e.contains("chaos construction"), "{e}");
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        let five = &DifferentRegions::on(&[(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)])[0];
        let e = five.validate(&shape).unwrap_err();
        assert!(e.contains("there are 4"), "{e}");
        let one = &DifferentRegions::on(&[(1, 1)])[0];
        assert!(one.validate(&shape).unwrap_err().contains("at least two"));
    }
}
