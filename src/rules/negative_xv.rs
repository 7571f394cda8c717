//! Negative XV (all X and V given): orthogonal neighbours that are not listed in `except`
//! never sum to 5 or 10.
//!
//! f-puzzles trap: the exempt pairs are those with an X, a V or a sum dot — the importer
//! lists them in `except`.
//!
//! Encoding: for each unexempt orthogonal pair (a, b), forbidden pairs
//! `x(a,d) -> !x(b,5-d) ∧ !x(b,10-d)`.

use super::cell_lists::except_pairs;
use super::families::negative;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The negative-XV rule.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NegativeXv {
    /// Orthogonal pairs exempt from the rule (pairs with an X, V or sum).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<[Cell; 2]>,
}

fn forbidden(i: usize, j: usize) -> bool {
    i + j == 5 || i + j == 10
}

impl Rule for NegativeXv {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        except_pairs(shape, &self.except)
    }
    fn encode(&self, enc: &mut Encoder) {
        // x(a,d) -> !x(b,5-d) ∧ !x(b,10-d)
        negative::encode(enc, &self.except, forbidden);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let why = |x, y| format!("sum to {} without an X or V", x + y);
        negative::check(shape, grid, &self.except, forbidden, why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(except: Vec<[Cell; 2]>) -> Vec<Constraint> {
        vec![Constraint::NegativeXv(NegativeXv { except })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(vec![]));
        counts_agree(&rule(vec![[Cell::new(1, 1), Cell::new(1, 2)]]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(vec![]), 8);
        assert_checker(&rule(vec![]), "1243342143122134", "1234341221434321");
        // with r1c1+r1c2 exempt, the second grid is still fine, the first still is not
        let p = puzzle(EMPTY4, rule(vec![[Cell::new(1, 1), Cell::new(1, 2)]]));
        assert!(p.verify(&grid("1234341221434321")).is_err());
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "negative-xv"}"#),
            rule(vec![]).remove(0)
        );
        assert_eq!(
            round_trip(r#"{"type": "negative-xv", "except": [["r1c1", "r1c2"]]}"#),
            rule(vec![[Cell::new(1, 1), Cell::new(1, 2)]]).remove(0)
        );
    }
}
