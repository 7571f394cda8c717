//! Sum dot: the two cells' digits add up to `sum` (f-puzzles `sum`, an XV with any total).
//!
//! Encoding: the support encoding of a + b = s (`pairs::relation`):
//! `x(a,d) -> x(b,s-d)` and the same from b, 2N clauses.

use super::families::dot;
use crate::geometry::Cell;
use serde::{Deserialize, Serialize};

/// A sum between two cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SumDot {
    /// The two cells (usually orthogonal neighbours; any two distinct cells work).
    pub cells: [Cell; 2],
    /// Their total.
    pub sum: usize,
}

impl dot::Relation for SumDot {
    fn holds(&self, i: usize, j: usize) -> bool {
        i + j == self.sum
    }
    fn is(&self) -> String {
        format!("sum to {}", self.sum)
    }
    fn is_not(&self) -> String {
        format!("do not sum to {}", self.sum)
    }
}

// x(a,d) -> x(b,s-d), and from b's side
dot::rule!(SumDot);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(a: (usize, usize), b: (usize, usize), sum: usize) -> Vec<Constraint> {
        vec![Constraint::SumDot(SumDot {
            cells: cell_pair(a, b),
            sum,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule((2, 2), (3, 2), 5));
        counts_agree(&rule((1, 1), (1, 2), 7));
        // equal digits allowed far apart: 2 + 2
        counts_agree(&rule((1, 1), (4, 4), 4));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule((2, 2), (3, 2), 5), 96);
        assert_checker(
            &rule((2, 2), (3, 2), 5),
            "1234341221434321",
            "1234341223414123",
        );
    }

    #[test]
    fn impossible_sums_are_errors() {
        assert!(invalid(&rule((1, 1), (1, 2), 9)[0], 4).contains("sum to 9"));
        assert!(invalid(&rule((1, 1), (1, 2), 1)[0], 4).contains("sum to 1"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "sum-dot", "cells": ["r2c2", "r3c2"], "sum": 5}"#),
            rule((2, 2), (3, 2), 5).remove(0)
        );
        rejects(
            r#"{"type": "sum-dot", "cells": ["r2c2", "r3c2"]}"#,
            "missing field",
        );
    }
}
