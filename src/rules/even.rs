//! Even: each listed cell holds an even digit.
//!
//! Encoding: `restrict` removes the odd digits from the cells' candidates, and unit clauses
//! `!x(c,d)` for every odd d say the same in the formula, so it is complete even without
//! simplification.

use super::families::{cell_set_rule, unary::Unary};

cell_set_rule! {
    /// Cells with even digits.
    Even, "The cells.", "the even cells", Unary { allowed: |d| d % 2 == 0, property: "even" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::solve::{Formula, Simplify};

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Even::on(&[(1, 2)]));
        counts_agree(&Even::on(&[(1, 1), (1, 2), (3, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, Even::on(&[(1, 2)]), 144);
        assert_checker(&Even::on(&[(1, 2)]), "1234341221434321", "1324241331424231");
    }

    #[test]
    fn the_formula_is_complete_without_simplification() {
        let p = puzzle(EMPTY4, Even::on(&[(1, 2)]));
        let mut list = crate::cnf::ClauseList::default();
        Formula::new(&p, Simplify::None).encode(&mut list);
        let units = list.clauses.iter().filter(|c| c.len() == 1).count();
        assert_eq!(units, 2 * Even::on(&[(1, 2)]).len() * [(1, 2)].len());
        // solving the unsimplified formula finds exactly the grids the checker accepts
        assert_eq!(count_in_mode(&p, Simplify::None, 1000), 144);
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "even", "cells": ["r1c2"]}"#),
            Even::on(&[(1, 2)]).remove(0)
        );
    }
}
