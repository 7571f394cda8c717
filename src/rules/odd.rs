//! Odd: each listed cell holds an odd digit.
//!
//! Encoding: `restrict` removes the even digits from the cells' candidates, and unit clauses
//! `!x(c,d)` for every even d say the same in the formula, so it is complete even without
//! simplification.

use super::families::{cell_set_rule, unary::Unary};

cell_set_rule! {
    /// Cells with odd digits.
    Odd, "The cells.", "the odd cells", Unary { allowed: |d| d % 2 == 1, property: "odd" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::solve::{Formula, Simplify};

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Odd::on(&[(1, 1), (2, 3)]));
        counts_agree(&Odd::on(&[(1, 1), (1, 2), (3, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, Odd::on(&[(1, 1), (2, 3)]), 96);
        assert_checker(
            &Odd::on(&[(1, 1), (2, 3)]),
            "1234341221434321",
            "1234342121434312",
        );
    }

    #[test]
    fn the_formula_is_complete_without_simplification() {
        let p = puzzle(EMPTY4, Odd::on(&[(1, 1), (2, 3)]));
        let mut list = crate::cnf::ClauseList::default();
        Formula::new(&p, Simplify::None).encode(&mut list);
        let units = list.clauses.iter().filter(|c| c.len() == 1).count();
        assert_eq!(
            units,
            2 * Odd::on(&[(1, 1), (2, 3)]).len() * [(1, 1), (2, 3)].len()
        );
        // solving the unsimplified formula finds exactly the grids the checker accepts
        assert_eq!(count_in_mode(&p, Simplify::None, 1000), 96);
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "odd", "cells": ["r1c1", "r2c3"]}"#),
            Odd::on(&[(1, 1), (2, 3)]).remove(0)
        );
    }
}
