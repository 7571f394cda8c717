//! Maximum: each listed cell is greater than every orthogonal neighbour that is not itself
//! listed (a local largest).
//!
//! f-puzzles trap: two adjacent cells of the same set are not compared with each other
//! (confirmed on the puzzle "Fortress"); `cells` is therefore the whole set, one constraint.
//!
//! Encoding: for each listed cell a and unlisted neighbour b, the support encoding of
//! a > b (`pairs::relation`): `x(a,d) -> OR { x(b,e) : d > e }` and the same from b.

use super::families::{cell_set_rule, extreme::Extreme};

cell_set_rule! {
    /// The set of maximum cells.
    Maximum, "Every maximum cell of the puzzle.", "the maximum cells",
    Extreme { holds: |i, j| i > j, than: "greater than" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Maximum::on(&[(2, 2), (2, 3)]));
        counts_agree(&Maximum::on(&[(1, 1), (3, 3), (3, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, Maximum::on(&[(2, 2), (2, 3)]), 12);
        assert_checker(
            &Maximum::on(&[(2, 2), (2, 3)]),
            "1324243142133142",
            "1234341221434321",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "maximum", "cells": ["r2c2", "r2c3"]}"#),
            Maximum::on(&[(2, 2), (2, 3)]).remove(0)
        );
    }
}
