//! Difference (white kropki dot): the two cells' digits differ by exactly `value`
//! (default 1: consecutive).
//!
//! Encoding: the support encoding of the relation |a − b| = v (`pairs::relation`):
//! `x(a,d) -> x(b,d-v) ∨ x(b,d+v)` and the same from b, 2N clauses; unit propagation keeps
//! both cells arc consistent.

use super::families::dot;
use crate::geometry::Cell;
use serde::{Deserialize, Serialize};

/// A difference dot between two cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Difference {
    /// The two cells (usually orthogonal neighbours; any two distinct cells work).
    pub cells: [Cell; 2],
    /// The difference (default 1).
    #[serde(default = "one")]
    pub value: usize,
}

fn one() -> usize {
    1
}

impl dot::Relation for Difference {
    fn holds(&self, i: usize, j: usize) -> bool {
        i.abs_diff(j) == self.value
    }
    fn is(&self) -> String {
        format!("differ by {}", self.value)
    }
    fn is_not(&self) -> String {
        format!("do not differ by {}", self.value)
    }
}

// x(a,d) -> x(b,d-v) ∨ x(b,d+v), and from b's side
dot::rule!(Difference);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(a: (usize, usize), b: (usize, usize), value: usize) -> Vec<Constraint> {
        vec![Constraint::Difference(Difference {
            cells: cell_pair(a, b),
            value,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule((1, 1), (1, 2), 1));
        counts_agree(&rule((1, 1), (1, 2), 2));
        // not adjacent, different boxes: equal digits allowed by the rule with value 0
        counts_agree(&rule((1, 1), (4, 4), 0));
        let mut both = rule((2, 2), (2, 3), 1);
        both.extend(rule((2, 3), (3, 3), 3));
        counts_agree(&both);
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule((1, 1), (1, 2), 1), 144);
        assert_eq!(count(&puzzle(EMPTY4, rule((1, 1), (1, 2), 2)), 1000), 96);
        let p = puzzle(EMPTY4, rule((1, 1), (1, 2), 1));
        assert!(p.verify(&grid("1324241331424231")).is_err());
        assert!(p.verify(&grid("1234341221434321")).is_ok());
    }

    #[test]
    fn impossible_values_are_errors() {
        assert!(invalid(&rule((1, 1), (1, 2), 4)[0], 4).contains("differ by 4"));
        assert!(invalid(&rule((1, 1), (1, 1), 1)[0], 4).contains("r1c1 twice"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "difference", "cells": ["r1c1", "r1c2"]}"#),
            rule((1, 1), (1, 2), 1).remove(0)
        );
        assert_eq!(
            round_trip(r#"{"type": "difference", "cells": ["r1c1", "r2c1"], "value": 3}"#),
            rule((1, 1), (2, 1), 3).remove(0)
        );
        rejects(
            r#"{"type": "difference", "cells": ["r1c1", "r1c2", "r1c3"]}"#,
            "length",
        );
    }
}
