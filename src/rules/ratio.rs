//! Ratio (black kropki dot): one cell's digit is `value` times the other's (default 2).
//!
//! Encoding: the support encoding of a = v·b ∨ b = v·a (`pairs::relation`):
//! `x(a,d) -> x(b,v·d) ∨ x(b,d/v)` and the same from b, 2N clauses.

use super::families::dot;
use crate::geometry::Cell;
use serde::{Deserialize, Serialize};

/// A ratio dot between two cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratio {
    /// The two cells (usually orthogonal neighbours; any two distinct cells work).
    pub cells: [Cell; 2],
    /// The ratio (default 2).
    #[serde(default = "two")]
    pub value: usize,
}

fn two() -> usize {
    2
}

impl dot::Relation for Ratio {
    fn holds(&self, i: usize, j: usize) -> bool {
        i == self.value.saturating_mul(j) || j == self.value.saturating_mul(i)
    }
    fn is(&self) -> String {
        format!("are in ratio {}", self.value)
    }
    fn is_not(&self) -> String {
        format!("are not in ratio {}", self.value)
    }
}

// x(a,d) -> x(b,v·d) ∨ x(b,d/v), and from b's side
dot::rule!(Ratio);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(a: (usize, usize), b: (usize, usize), value: usize) -> Vec<Constraint> {
        vec![Constraint::Ratio(Ratio {
            cells: cell_pair(a, b),
            value,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule((1, 1), (2, 1), 2));
        counts_agree(&rule((2, 2), (2, 3), 3));
        counts_agree(&rule((1, 1), (4, 4), 1));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule((1, 1), (2, 1), 2), 96);
        assert_checker(
            &rule((1, 1), (2, 1), 2),
            "1324241331424231",
            "1234341221434321",
        );
    }

    #[test]
    fn impossible_values_are_errors() {
        assert!(invalid(&rule((1, 1), (1, 2), 5)[0], 4).contains("ratio 5"));
        assert!(invalid(&rule((1, 1), (1, 2), 0)[0], 4).contains("ratio 0"));
        assert!(invalid(&rule((1, 1), (1, 2), usize::MAX)[0], 4).contains("in ratio"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "ratio", "cells": ["r1c1", "r2c1"]}"#),
            rule((1, 1), (2, 1), 2).remove(0)
        );
        assert_eq!(
            round_trip(r#"{"type": "ratio", "cells": ["r2c2", "r2c3"], "value": 3}"#),
            rule((2, 2), (2, 3), 3).remove(0)
        );
    }
}
