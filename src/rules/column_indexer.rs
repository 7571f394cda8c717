//! Column indexer: a listed cell in row r, column c holding digit v says where c goes in its
//! row: the cell in column v of row r holds c. Written as f-puzzles does: digit v at (r,c)
//! ⇒ (r,v) holds c. (The classic "1-5-9" puzzles put column indexers in columns 1, 5, 9.)
//!
//! Encoding: for each listed cell (r,c) and digit v, `x((r,c),v) -> x((r,v),c)`: N binary
//! clauses per cell.

use super::families::{cell_set_rule, indexer::Axis};

cell_set_rule! {
    /// Column-indexing cells.
    ColumnIndexer, "The indexing cells.", "the column indexer", Axis::Column
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&ColumnIndexer::on(&[(1, 2), (3, 1)]));
        counts_agree(&ColumnIndexer::on(&[(2, 3), (4, 1), (4, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, ColumnIndexer::on(&[(1, 2), (3, 1)]), 74);
        // r3c1 = 2 but r3c2 = 3, not 1
        assert_checker(
            &ColumnIndexer::on(&[(1, 2), (3, 1)]),
            "1234341221434321",
            "1234341223414123",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "column-indexer", "cells": ["r1c2", "r3c1"]}"#),
            ColumnIndexer::on(&[(1, 2), (3, 1)]).remove(0)
        );
    }
}
