//! Row indexer: a listed cell in column c holding digit v says where c's digit goes in its
//! column: the cell in row v of column c holds this cell's row number. Written as
//! f-puzzles does: digit v at (r,c) ⇒ (v,c) holds r.
//!
//! Encoding: for each listed cell (r,c) and digit v, `x((r,c),v) -> x((v,c),r)`: N binary
//! clauses per cell.

use super::families::{cell_set_rule, indexer::Axis};

cell_set_rule! {
    /// Row-indexing cells.
    RowIndexer, "The indexing cells.", "the row indexer", Axis::Row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&RowIndexer::on(&[(1, 1), (2, 1)]));
        counts_agree(&RowIndexer::on(&[(1, 3), (3, 2), (4, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, RowIndexer::on(&[(1, 1), (2, 1)]), 120);
        // r2c1 = 3 but r3c1 = 4, not 2
        assert_checker(
            &RowIndexer::on(&[(1, 1), (2, 1)]),
            "1234341221434321",
            "1234341241232341",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "row-indexer", "cells": ["r1c1", "r2c1"]}"#),
            RowIndexer::on(&[(1, 1), (2, 1)]).remove(0)
        );
    }
}
