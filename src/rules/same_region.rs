//! Same region (chaos construction): the listed cells lie in one of the regions the solver
//! finds. Only for a chaos construction ([`Shape::is_chaos`]), whose regions are unknowns;
//! its digits are not constrained beyond what one region implies (they differ).
//!
//! Encoding, over the region variables g(c,k) of [`crate::cnf::chaos`], for consecutive
//! listed cells a, b and every region k: `g(a,k) -> g(b,k)` and `g(b,k) -> g(a,k)` (with
//! exactly one region per cell this says a and b share their region). The digits differ
//! because a region's do; the rule also lists the cells as an all-different group so the
//! simplifier sees it.

use super::cell_lists::{at_most, cell_set};
use super::families::all_different;
use super::Rule;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// Cells in one found region of a chaos construction.
    SameRegion, "The cells (at least two, at most N), all in one region of the chaos construction."
}

impl Rule for SameRegion {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if !shape.is_chaos() {
            return Err(
                "same-region is about the regions of a chaos construction (\"chaos\": true)".into(),
            );
        }
        cell_set(shape, &self.cells, "the region")?;
        if self.cells.len() < 2 {
            return Err("same-region needs at least two cells".into());
        }
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("{len} cells cannot share a region of {n} cells")
        })
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        // cells of one region hold different digits
        all_different::groups(shape, &self.cells)
    }
    fn encode(&self, enc: &mut Encoder) {
        for pair in self.cells.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            for k in 0..enc.shape().chaos_regions() {
                let (ga, gb) = (Term::Lit(enc.region(a, k)), Term::Lit(enc.region(b, k)));
                // g(a,k) -> g(b,k); g(b,k) -> g(a,k)
                enc.implies(ga, gb);
                enc.implies(gb, ga);
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let n = grid.cols();
        let Some(regions) = grid.regions() else {
            return Err("the grid has no found regions".into());
        };
        let first = self.cells[0];
        for &c in &self.cells[1..] {
            if regions[c.position(n)] != regions[first.position(n)] {
                return Err(format!("{first} and {c} are in different regions"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    /// Solutions of a 4×4 chaos construction with the rule, and how many of all its
    /// solutions have `cells` in one region — found without the rule, by their regions.
    fn counts(givens: &str, cells: &[(usize, usize)]) -> (usize, usize) {
        let list: Vec<Cell> = cells.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        let (sat, kept, _) = chaos_counts(givens, SameRegion::on(cells), |g| {
            let r = g.regions().unwrap();
            list.iter()
                .all(|c| r[c.position(4)] == r[list[0].position(4)])
        });
        (sat, kept)
    }

    #[test]
    fn counts_match_the_regions_of_all_solutions() {
        for (givens, cells) in [
            ("1..............2", vec![(1, 1), (2, 2)]),
            ("1..............2", vec![(1, 3), (2, 3), (2, 4)]),
            // too far apart for one region of 4 cells: none
            ("1..............2", vec![(1, 4), (4, 1)]),
            ("................", vec![(1, 1), (1, 2), (2, 1)]),
            ("..3.............", vec![(3, 3), (4, 4)]),
        ] {
            let (sat, brute) = counts(givens, &cells);
            assert_eq!(sat, brute, "{givens} {cells:?}");
            let far = cells == [(1, 4), (4, 1)];
            assert_eq!(sat == 0, far, "{givens} {cells:?}: {sat}");
        }
    }

    #[test]
    fn the_checker_reads_the_found_regions() {
        let p = chaos_puzzle("................", SameRegion::on(&[(1, 1), (2, 2)]));
        let mut g = grid("1234341221434321");
        // rows as regions: r1c1 and r2c2 apart
        g.set_regions(Some((0..16).map(|i| (i / 4) as u16).collect()));
        assert!(p
            .verify(&g)
            .unwrap_err()
            .to_string()
            .contains("different regions"));
        // 2×2 boxes as regions: together
        g.set_regions(Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        assert!(p.verify(&g).is_ok());
    }

    #[test]
    fn it_needs_a_chaos_construction() {
        let e = invalid(&SameRegion::on(&[(1, 1), (2, 2)])[0], 4);
        assert!(e.contains("chaos"), "{e}");
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        let lone =
            crate::puzzle::Puzzle::new(shape, grid("................"), SameRegion::on(&[(1, 1)]));
        assert!(lone.unwrap_err().to_string().contains("at least two"));
    }

    #[test]
    fn it_keeps_its_meaning_on_any_values() {
        // regions are not values: the rule is the same on 0-3
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_values(crate::geometry::Values { min: 0, count: 4 })
            .unwrap()
            .with_chaos()
            .unwrap();
        let p = crate::puzzle::Puzzle::new(
            shape,
            grid("................"),
            SameRegion::on(&[(1, 1), (2, 2)]),
        );
        assert!(p.is_ok(), "{:?}", p.err());
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "same-region", "cells": ["r1c1", "r2c2"]}"#),
            SameRegion::on(&[(1, 1), (2, 2)]).remove(0)
        );
        rejects(r#"{"type": "same-region"}"#, "missing field");
    }
}
