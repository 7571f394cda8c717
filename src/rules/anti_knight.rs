//! Anti-knight: two cells a chess knight's move apart never hold the same digit.
//!
//! Encoding: each such pair is a size-2 all-different group (`x(a,d) -> !x(b,d)`), returned
//! from `distinct_groups` so the simplifier also removes candidates along knight moves. Pairs
//! inside one region are left out: the region already keeps them apart.

use super::families::moves;
use super::Rule;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The anti-knight rule (no fields).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AntiKnight {}

/// The four knight moves that reach forward (the other four are their reverses).
const MOVES: [(isize, isize); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];

impl Rule for AntiKnight {
    fn validate(&self, _shape: &Shape) -> Result<(), String> {
        Ok(())
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        moves::distinct_groups(shape, &MOVES)
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        moves::check(shape, grid, &MOVES, "a knight's move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule() -> Vec<Constraint> {
        vec![Constraint::AntiKnight(AntiKnight {})]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule());
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(), 24);
        // r1c1 = r2c3 = 1: a knight's move apart.
        assert_checker(&rule(), "1234432134122143", "1234341221434321");
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "anti-knight"}"#),
            Constraint::AntiKnight(AntiKnight {})
        );
    }
}
