//! Maximum: each listed cell is greater than every orthogonal neighbour that is not itself
//! listed (a local largest).
//!
//! f-puzzles trap: two adjacent cells of the same set are not compared with each other
//! (confirmed on the puzzle "Fortress"); `cells` is therefore the whole set, one constraint.
//!
//! Encoding: for each listed cell a and unlisted neighbour b, the support encoding of
//! a > b (`pairs::relation`): `x(a,d) -> OR { x(b,e) : d > e }` and the same from b.

use super::families::extreme;

extreme::rule! {
    /// The set of maximum cells.
    Maximum, "Every maximum cell of the puzzle.", |i, j| i > j, "the maximum cells",
    "greater than"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(rc: &[(usize, usize)]) -> Vec<Constraint> {
        vec![Constraint::Maximum(Maximum { cells: cells(rc) })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(&[(2, 2), (2, 3)]));
        counts_agree(&rule(&[(1, 1), (3, 3), (3, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(&[(2, 2), (2, 3)]), 12);
        assert_checker(
            &rule(&[(2, 2), (2, 3)]),
            "1324243142133142",
            "1234341221434321",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "maximum", "cells": ["r2c2", "r2c3"]}"#),
            rule(&[(2, 2), (2, 3)]).remove(0)
        );
    }
}
