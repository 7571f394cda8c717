//! Skyscraper: the clue outside a row or column counts the digits visible from it, reading
//! into the grid — a digit is visible when it is larger than every digit before it.
//!
//! JSON: `{"type":"skyscraper","clue":"r0c3","count":3}` (clue cells as in f-puzzles: row or
//! column 0 or N+1). Trap: the direction matters, as for X-sums.
//!
//! CNF: a layered diagram along the line with states (tallest so far, visible so far); a
//! digit above the tallest raises both, any other leaves the state alone, so states merge
//! heavily (at most N · count per layer). Counts above the clue are never created.
//! Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::values;
use super::clue::OutsideClue;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A skyscraper clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skyscraper {
    /// The outside cell naming the row or column and the reading direction.
    pub clue: OutsideClue,
    /// How many digits are visible from the clue.
    pub count: usize,
}

impl Skyscraper {
    fn mdd(&self, n: usize, cands: impl Fn(Cell) -> Mask) -> Mdd<(usize, usize)> {
        let count = self.count;
        Mdd::build(
            &self.clue.line(n),
            cands,
            (0, 0),
            |_, &(top, seen), d| {
                if d.get() > top {
                    (seen < count).then_some((d.get(), seen + 1))
                } else {
                    Some((top, seen))
                }
            },
            |&(_, seen)| seen == count,
        )
    }
}

/// How many of `vs` are larger than all before them.
fn visible(vs: &[usize]) -> usize {
    let mut top = 0;
    vs.iter()
        .filter(|&&v| {
            let seen = v > top;
            top = top.max(v);
            seen
        })
        .count()
}

impl Rule for Skyscraper {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.size();
        self.clue.validate(n)?;
        if self.count == 0 || self.count > n {
            return Err(format!(
                "between 1 and {n} digits are visible, not {}",
                self.count
            ));
        }
        Ok(())
    }

    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        let n = shape.size();
        let mdd = self.mdd(n, |c| cands[c.position(n)]);
        mdd.restrict(n, cands);
    }

    fn encode(&self, enc: &mut Encoder) {
        let n = enc.size();
        self.mdd(n, |c| enc.candidates(c)).encode(enc);
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let seen = visible(&values(grid, &self.clue.line(shape.size())));
        if seen == self.count {
            Ok(())
        } else {
            Err(format!(
                "{seen} digits are visible from {}, not {}",
                self.clue, self.count
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn sky(r: usize, c: usize, count: usize) -> Constraint {
        Constraint::Skyscraper(Skyscraper {
            clue: OutsideClue::new(r, c),
            count,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // 4×4: column 1 (1 3 2 4) from above: 1, 3, 4
        assert_rule(&sky(0, 1, 3), &["................", FOUR_GIVENS]);
        // row 4 (4 3 2 1) from the right: 1, 2, 3, 4
        assert_rule(&sky(4, 5, 4), &["................"]);
        // 6×6: row 2 (4 3 6 1 2 5) from the left: 4, 6; from the right 5, 6
        assert_rule(&sky(2, 0, 2), &[SIX_GIVENS]);
        assert_rule(&sky(2, 7, 2), &[SIX_GIVENS]);
    }

    #[test]
    fn checker_and_validation() {
        assert_eq!(visible(&[2, 1, 3, 3, 5, 4]), 3);
        // row 1 from the left: 1 2 5 3 4 6 shows 1, 2, 5, 6; once 1 and 2 swap,
        // 2 1 5 3 4 6 shows 2, 5, 6
        assert_checker(&[sky(1, 0, 4)], SIX, SIX_SWAPPED);
        assert!(invalid(&sky(0, 1, 0), 6).contains("between 1 and 6"));
        assert!(invalid(&sky(0, 1, 7), 6).contains("between 1 and 6"));
        assert!(invalid(&sky(0, 7, 2), 6).contains("not outside"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"skyscraper","clue":"r0c3","count":3}"#),
            sky(0, 3, 3)
        );
    }
}
