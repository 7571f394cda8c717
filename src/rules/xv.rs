//! XV: the two cells sum to 10 (an X) or to 5 (a V).
//!
//! Encoding: the support encoding of a + b = s (`pairs::relation`):
//! `x(a,d) -> x(b,s-d)` and the same from b, 2N clauses.

use super::families::dot;
use crate::geometry::Cell;
use serde::{Deserialize, Serialize};

/// The letter of an XV clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum XvLetter {
    /// Sum 10.
    #[serde(alias = "x")]
    X,
    /// Sum 5.
    #[serde(alias = "v")]
    V,
}

impl XvLetter {
    /// The sum the letter stands for.
    pub fn sum(self) -> usize {
        match self {
            XvLetter::X => 10,
            XvLetter::V => 5,
        }
    }
}

/// An X or V between two cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Xv {
    /// The two cells (usually orthogonal neighbours; any two distinct cells work).
    pub cells: [Cell; 2],
    /// `"X"` (sum 10) or `"V"` (sum 5).
    pub value: XvLetter,
}

impl dot::Relation for Xv {
    fn holds(&self, i: usize, j: usize) -> bool {
        i + j == self.value.sum()
    }
    fn is(&self) -> String {
        format!("sum to {} ({:?})", self.value.sum(), self.value)
    }
    fn is_not(&self) -> String {
        format!("do not sum to {}", self.value.sum())
    }
}

// x(a,d) -> x(b,s-d), and from b's side
dot::rule!(Xv);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(a: (usize, usize), b: (usize, usize), value: XvLetter) -> Vec<Constraint> {
        vec![Constraint::Xv(Xv {
            cells: cell_pair(a, b),
            value,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule((1, 1), (1, 2), XvLetter::V));
        let mut two = rule((2, 2), (3, 2), XvLetter::V);
        two.extend(rule((1, 4), (4, 1), XvLetter::V));
        counts_agree(&two);
        // X needs 6x6 or larger: 4 + 6
        crate::rules::testing::assert_count_matches(
            &six_by_six(rule((1, 1), (1, 2), XvLetter::X)),
            10_000,
        );
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule((1, 1), (1, 2), XvLetter::V), 96);
        assert_checker(
            &rule((1, 1), (1, 2), XvLetter::V),
            "1423231431424231",
            "1234341221434321",
        );
    }

    #[test]
    fn an_x_on_four_by_four_is_an_error() {
        assert!(invalid(&rule((1, 1), (1, 2), XvLetter::X)[0], 4).contains("sum to 10"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "xv", "cells": ["r1c1", "r1c2"], "value": "V"}"#),
            rule((1, 1), (1, 2), XvLetter::V).remove(0)
        );
        assert_eq!(
            round_trip(r#"{"type": "xv", "cells": ["r1c1", "r1c2"], "value": "x"}"#),
            rule((1, 1), (1, 2), XvLetter::X).remove(0)
        );
        rejects(
            r#"{"type": "xv", "cells": ["r1c1", "r1c2"], "value": "Y"}"#,
            "unknown variant",
        );
    }
}
