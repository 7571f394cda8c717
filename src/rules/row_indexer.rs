//! Row indexer: a listed cell in column c holding digit v says where c's digit goes in its
//! column: the cell in row v of column c holds this cell's row number. Written as
//! f-puzzles does: digit v at (r,c) ⇒ (v,c) holds r.
//!
//! Encoding: for each listed cell (r,c) and digit v, `x((r,c),v) -> x((v,c),r)`: N binary
//! clauses per cell.

use super::cell_lists::cell_set;
use super::families::indexer::{self, Axis};
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// Row-indexing cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowIndexer {
    /// The indexing cells.
    pub cells: Vec<Cell>,
}

impl Rule for RowIndexer {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the row indexer")
    }
    fn encode(&self, enc: &mut Encoder) {
        indexer::encode(enc, &self.cells, Axis::Row);
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        indexer::check(grid, &self.cells, Axis::Row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(cells: &[(usize, usize)]) -> Vec<Constraint> {
        let cells = cells.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        vec![Constraint::RowIndexer(RowIndexer { cells })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(&[(1, 1), (2, 1)]));
        counts_agree(&rule(&[(1, 3), (3, 2), (4, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_eq!(count(&puzzle(EMPTY4, vec![]), 1000), 288);
        assert_eq!(count(&puzzle(EMPTY4, rule(&[(1, 1), (2, 1)])), 1000), 120);
        let p = puzzle(EMPTY4, rule(&[(1, 1), (2, 1)]));
        // r2c1 = 3 but r3c1 = 4, not 2
        assert!(p.verify(&grid("1234341241232341")).is_err());
        assert!(p.verify(&grid("1234341221434321")).is_ok());
    }

    #[test]
    fn serde() {
        let c = round_trip(r#"{"type": "row-indexer", "cells": ["r1c1", "r2c1"]}"#);
        assert_eq!(c, rule(&[(1, 1), (2, 1)]).remove(0));
        rejects(
            r#"{"type": "row-indexer", "cells": [], "column": 1}"#,
            "unknown field",
        );
    }
}
