//! Non-consecutive: orthogonally adjacent cells never hold consecutive digits (their
//! difference is not 1), except the pairs listed in `except`.
//!
//! f-puzzles trap: with `nonconsecutive` on, a pair marked by a kropki dot (`difference` or
//! `ratio`) is exempt — the importer lists those pairs in `except`.
//!
//! Encoding: for each unexempt orthogonal pair (a, b), forbidden pairs
//! `x(a,d) -> !x(b,d±1)`: 2(N−1) binary clauses per pair.

use super::cell_lists::except_pairs;
use super::families::negative;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The non-consecutive rule.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NonConsecutive {
    /// Orthogonal pairs that may hold consecutive digits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<[Cell; 2]>,
}

/// Whether two digits are consecutive.
fn consecutive(i: usize, j: usize) -> bool {
    i.abs_diff(j) == 1
}

impl Rule for NonConsecutive {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        except_pairs(shape, &self.except)
    }
    fn encode(&self, enc: &mut Encoder) {
        // x(a,d) -> !x(b,d-1) ∧ !x(b,d+1)
        negative::encode(enc, &self.except, consecutive);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let why = |_, _| "are consecutive".to_string();
        negative::check(shape, grid, &self.except, consecutive, why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(except: Vec<[Cell; 2]>) -> Vec<Constraint> {
        vec![Constraint::NonConsecutive(NonConsecutive { except })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(vec![]));
        counts_agree(&rule(vec![[Cell::new(1, 1), Cell::new(1, 2)]]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(vec![]), 0);
    }

    #[test]
    fn exempt_pairs_must_be_neighbours() {
        let c = rule(vec![[Cell::new(1, 1), Cell::new(2, 2)]]).remove(0);
        assert!(invalid(&c, 4).contains("r1c1, r2c2"));
    }

    #[test]
    fn the_rule_is_enforced_on_six_by_six() {
        // counts and grids cross-checked with shared/tools/fpuzzles_check.py
        let six = rule(vec![]);
        assert_counts("5.........5...6......6...1.........1", six.clone(), 5724, 1);
        assert_checker(
            &six,
            "531426264153426315153642315264642531",
            "521346364152136425245613612534453261",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "non-consecutive", "except": [["r1c1", "R1C2"]]}"#),
            rule(vec![[Cell::new(1, 1), Cell::new(1, 2)]]).remove(0)
        );
        round_trip(r#"{"type": "non-consecutive"}"#);
        rejects(
            r#"{"type": "non-consecutive", "except": [["r1c1"]]}"#,
            "length",
        );
        rejects(
            r#"{"type": "non-consecutive", "except": [["r1c1", "x"]]}"#,
            "\"x\"",
        );
    }
}
