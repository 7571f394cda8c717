//! Whispers (German whispers by default): neighbours along the line differ by at least
//! `difference` (default 5; Dutch whispers are 4).
//!
//! Encoding: per edge, the support encoding of |a − b| ≥ k (`pairs::relation`), 2N clauses.
//! `restrict` removes digits that have no partner at all (5 on a 9×9 German line).

use super::cell_lists::{path, values};
use super::Rule;
use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A whispers line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Whispers {
    /// The cells in order along the line.
    pub cells: Vec<Cell>,
    /// The least difference between neighbours on the line (default 5).
    #[serde(default = "five")]
    pub difference: usize,
}

fn five() -> usize {
    5
}

impl Rule for Whispers {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        path(shape, &self.cells, 1)?;
        let n = shape.value_count();
        if self.difference == 0 || self.difference >= n {
            return Err(format!(
                "difference {} is not in 1..{}: digits 1..{n} cannot meet it",
                self.difference,
                n - 1
            ));
        }
        Ok(())
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        if self.cells.len() < 2 {
            return;
        }
        let (n, k) = (shape.value_count(), self.difference);
        // digits d with no e in 1..=N and |d-e| ≥ k
        let lonely: Mask = (1..=n)
            .filter(|&d| d <= k && d + k > n)
            .fold(0, |m, d| m | Digit::new(d).bit());
        for c in &self.cells {
            cands[c.position(shape.cols())] &= !lonely;
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        let k = self.difference;
        for w in self.cells.windows(2) {
            // x(a,d) -> OR x(b,e) with |d-e| ≥ k, and from b's side
            pairs::relation(enc, w[0], w[1], |i, j| i.abs_diff(j) >= k);
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        for (i, w) in vs.windows(2).enumerate() {
            if w[0].abs_diff(w[1]) < self.difference {
                return Err(format!(
                    "{} = {} and {} = {} differ by less than {}",
                    self.cells[i],
                    w[0],
                    self.cells[i + 1],
                    w[1],
                    self.difference
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(cells: &[(usize, usize)], difference: usize) -> Vec<Constraint> {
        let cells = cells.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        vec![Constraint::Whispers(Whispers { cells, difference })]
    }

    #[test]
    fn counts_match_brute_force() {
        let line = [(1, 1), (1, 2), (2, 3)];
        counts_agree_46(&rule(&line, 2), &rule(&line, 3));
        let long = [(1, 1), (2, 2), (3, 3), (4, 4)];
        counts_agree_46(&rule(&long, 2), &rule(&long, 5));
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = rule(&[(1, 1), (1, 2), (2, 3)], 2);
        assert_count(EMPTY4, r.clone(), 72);
        assert_checker(&r, "1324241331424231", "1234341221434321");
    }

    #[test]
    fn impossible_differences_are_errors() {
        // the default 5 cannot work on a 4x4
        let c: Constraint =
            serde_json::from_str(r#"{"type": "whispers", "cells": ["r1c1", "r1c2"]}"#).unwrap();
        assert!(invalid(&c, 4).contains("difference 5"));
        assert!(invalid(&rule(&[(1, 1)], 0)[0], 4).contains("difference 0"));
    }

    #[test]
    fn serde() {
        let c = round_trip(
            r#"{"type": "whispers", "cells": ["r1c1", "r1c2", "r2c3"], "difference": 2}"#,
        );
        assert_eq!(c, rule(&[(1, 1), (1, 2), (2, 3)], 2).remove(0));
        assert_eq!(
            round_trip(r#"{"type": "whispers", "cells": ["r1c1", "r1c2"]}"#),
            rule(&[(1, 1), (1, 2)], 5).remove(0)
        );
    }

    /// A whispers loop (as in published X/V-whispers puzzles) holds on each step.
    #[test]
    fn a_loop_visits_a_cell_twice() {
        let looped = rule(&[(1, 2), (1, 3), (2, 3), (2, 2), (1, 2)], 2);
        counts_agree_46(&looped, &looped);
    }
}
