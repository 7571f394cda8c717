//! Box indexer: a listed cell at position p of its region (positions 1..N, row-major within
//! the region) holding digit v says that the cell at position v of the same region holds p.
//!
//! Regions are the puzzle's own (jigsaw regions included); the cell's region must have as
//! many cells as there are values (N on a classic grid; on a rectangle, regions of
//! max(R, C) cells, such as the 2×4 boxes of a 6×8 grid), so that every digit names a
//! position.
//!
//! Encoding: for each listed cell and digit v, `x(cell,v) -> x(region[v],p)`: N binary
//! clauses per cell.

use super::cell_lists::cell_set;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// Box-indexing cells.
    BoxIndexer, "The indexing cells."
}

/// The cells of `cell`'s region in row-major order, and `cell`'s 0-based position there.
fn region_of(shape: &Shape, cell: Cell) -> Option<(Vec<Cell>, usize)> {
    let id = shape.region_of(cell)?;
    let region: Vec<Cell> = shape
        .cells()
        .filter(|&c| shape.region_of(c) == Some(id))
        .collect();
    let pos = region.iter().position(|&c| c == cell)?;
    Some((region, pos))
}

impl Rule for BoxIndexer {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if shape.is_chaos() {
            return Err("a box indexer reads positions in regions, and a chaos construction's regions are unknown: not supported".into());
        }
        cell_set(shape, &self.cells, "the box indexer")?;
        for &c in &self.cells {
            match region_of(shape, c) {
                None => return Err(format!("{c} is in no region")),
                // every digit names a position: as many cells as values
                Some((r, _)) if r.len() != shape.value_count() => {
                    return Err(format!(
                        "{c} is in a region of {} cells; a box indexer needs {} (one per value)",
                        r.len(),
                        shape.value_count()
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        let shape = enc.shape();
        for &cell in &self.cells {
            let Some((region, pos)) = region_of(shape, cell) else {
                continue; // validate() reports it
            };
            let p = Digit::from_index(pos);
            for (v, &target) in region.iter().enumerate() {
                // x(cell,v) -> x(region[v],p)
                enc.implies(enc.x(cell, Digit::from_index(v)), enc.x(target, p));
            }
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        for &cell in &self.cells {
            let (region, pos) = region_of(shape, cell).expect("validated");
            let v = grid.digit(cell);
            let target = region[v.index()];
            let got = grid.digit(target);
            if got.get() != pos + 1 {
                return Err(format!(
                    "{cell} = {v} indexes {target} in its region, which holds {got} instead of {}",
                    pos + 1
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
        counts_agree(&BoxIndexer::on(&[(2, 2)]));
        counts_agree(&BoxIndexer::on(&[(1, 1), (2, 4), (3, 2), (4, 3)]));
    }

    #[test]
    fn jigsaw_regions_are_indexed_row_major() {
        // 4x4 jigsaw: region 0 = r1c1-r1c3 + r2c1, region 1 = r1c4 + r2c2-r2c4, rows 3-4 boxes
        let regions: Vec<Option<u16>> = [0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
            .iter()
            .map(|&r| Some(r))
            .collect();
        let shape = Shape::with_regions(4, regions).unwrap();
        let c = BoxIndexer::on(&[(2, 1), (1, 4)]);
        let p = crate::puzzle::Puzzle::new(shape, Grid::empty(4), c).unwrap();
        crate::rules::testing::assert_count_matches(&p, 1000);
        // r2c1 is position 4 of region 0 (r1c1, r1c2, r1c3, r2c1)
        assert_eq!(region_of(p.shape(), Cell::new(2, 1)).unwrap().1, 3);
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, BoxIndexer::on(&[(2, 2)]), 144);
        // r2c2 = 2 indexes position 2 of box 1, r1c2 = 3 instead of 4
        assert_checker(
            &BoxIndexer::on(&[(2, 2)]),
            "1234341221434321",
            "1324421324313142",
        );
    }

    #[test]
    fn cells_outside_full_regions_are_errors() {
        let mut regions: Vec<Option<u16>> = Shape::new(4).unwrap().regions().to_vec();
        regions[0] = None;
        let shape = Shape::with_regions(4, regions).unwrap();
        let c = &BoxIndexer::on(&[(1, 1)])[0];
        use crate::rules::Rule;
        assert!(c
            .validate(&shape)
            .unwrap_err()
            .contains("r1c1 is in no region"));
        assert!(BoxIndexer::on(&[(1, 2)])[0]
            .validate(&shape)
            .unwrap_err()
            .contains("region of 3 cells"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "box-indexer", "cells": ["r2c2"]}"#),
            BoxIndexer::on(&[(2, 2)]).remove(0)
        );
    }
}
