//! Equal sums (ISS "EqualSum"): the listed segments of cells all have the same sum.
//!
//! JSON: `{"type": "equal-sums", "segments": [["r1c1", "r1c2"], ["r3c3"]]}` (at least two
//! non-empty segments, no cell twice).
//!
//! CNF: each segment a layered sum restricted to the sums every segment can reach, its
//! final states tied to the first segment's ([`EqualSums`]).

use super::cell_lists::{sum, value_cells};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::EqualSums as Sums;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// Segments with equal sums.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EqualSums {
    /// The segments.
    pub segments: Vec<Vec<Cell>>,
}

impl Rule for EqualSums {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if self.segments.len() < 2 || self.segments.iter().any(Vec::is_empty) {
            return Err("equal sums need at least two non-empty segments".into());
        }
        value_cells(shape, &self.segments.concat())
    }
    fn diagram(&self, _shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        Some(Box::new(Sums::build(&self.segments, None, cands)))
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let first = sum(grid, &self.segments[0]);
        for s in &self.segments[1..] {
            let this = sum(grid, s);
            if this != first {
                return Err(format!(
                    "the segment at {} sums to {this}, the one at {} to {first}",
                    s[0], self.segments[0][0]
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

    fn on(segments: &[&[(usize, usize)]]) -> Vec<Constraint> {
        let segments = segments.iter().map(|s| cells(s)).collect();
        vec![Constraint::EqualSums(EqualSums { segments })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[&[(1, 1), (1, 2)], &[(3, 3)]]));
        counts_agree(&on(&[
            &[(1, 1), (2, 1)],
            &[(1, 3), (2, 4), (3, 4)],
            &[(4, 2)],
        ]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c1 + r1c2 against r3c3: FOUR 1 + 2 = 3 (r3c3 = 4: broken); 2143/4321/1234…: 3, 3
        let r = on(&[&[(1, 1), (1, 2)], &[(3, 3)]]);
        assert_checker(&r, "2143432112343412", FOUR);
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "equal-sums", "segments": [["r1c1", "r1c2"], ["r3c3"]]}"#);
        assert!(invalid(&on(&[&[(1, 1)]])[0], 4).contains("two non-empty"));
        assert!(invalid(&on(&[&[(1, 1)], &[(1, 1)]])[0], 4).contains("twice"));
    }
}
