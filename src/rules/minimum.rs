//! Minimum: each listed cell is less than every orthogonal neighbour that is not itself
//! listed (a local smallest).
//!
//! f-puzzles trap: two adjacent cells of the same set are not compared with each other
//! (confirmed on the puzzle "Fortress"); `cells` is therefore the whole set, one constraint.
//!
//! Encoding: for each listed cell a and unlisted neighbour b, the support encoding of
//! a < b (`pairs::relation`): `x(a,d) -> OR { x(b,e) : d < e }` and the same from b.

use super::families::{cell_set_rule, extreme::Extreme};

cell_set_rule! {
    /// The set of minimum cells.
    Minimum, "Every minimum cell of the puzzle.", "the minimum cells",
    Extreme { holds: |i, j| i < j, than: "less than" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Minimum::on(&[(2, 2)]));
        counts_agree(&Minimum::on(&[(2, 2), (2, 3)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, Minimum::on(&[(2, 2)]), 78);
        assert_checker(
            &Minimum::on(&[(2, 2)]),
            "1324423124133142",
            "1234341221434321",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "minimum", "cells": ["r2c2"]}"#),
            Minimum::on(&[(2, 2)]).remove(0)
        );
    }
}
