//! Arrow: the digits on the arrow's line add up to the number in its circle. A circle of
//! several cells (a pill) reads as a decimal number, its cells in the order given: a pill
//! `["r1c1","r1c2"]` holding 1 and 2 is 12. Digits on the line may repeat.
//!
//! JSON: `{"type":"arrow","circle":["r1c1"],"line":["r1c2","r1c3"]}`, one line per
//! constraint. Traps: f-puzzles' `lines[k][0]` is the circle cell the line leaves from and is
//! not summed (here `line` starts at the first summed cell); pills are decimal, so they need
//! N ≤ 9.
//!
//! CNF: a layered prefix sum over groups ([`GroupedSum`]): line cells that share a row,
//! column or region are read together as one digit-set sum, since they cannot repeat a
//! digit. One circle cell: the total is that cell's digit (the cell is read first with
//! weight −1, total 0). A pill: the line with weights +1 and the pill's cells with −10^k,
//! total 0. Partial sums that cannot end at 0 with the remaining candidates are never
//! created, so a pill with a short line stays small.

use super::cell_lists::{cells_ok, describe, line_ok, sum, values};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::{GroupedSum, Total};
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// An arrow: a circle (or pill) and one line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrow {
    /// The circle's cells, most significant digit first.
    pub circle: Vec<Cell>,
    /// The line's cells from the circle outwards (the circle not included).
    pub line: Vec<Cell>,
}

impl Arrow {
    /// The arrow's form, whatever the cells hold: a circle and a line, in the grid, no cell
    /// twice, the line drawn cell to touching cell from beside the circle, a pill's cells
    /// touching (what a restatement on other values keeps, see [`super::values`]).
    pub(crate) fn validate_form(&self, shape: &Shape) -> Result<(), String> {
        if self.circle.is_empty() {
            return Err("the arrow has no circle".into());
        }
        if self.line.is_empty() {
            return Err("the arrow has no line".into());
        }
        let all: Vec<Cell> = self.circle.iter().chain(&self.line).copied().collect();
        cells_ok(shape, &all)?;
        line_ok(shape, &self.line, 1)?;
        if let Some(w) = self
            .circle
            .windows(2)
            .find(|w| !w[0].is_king_neighbour(w[1]))
        {
            return Err(format!("pill cells {} and {} do not touch", w[0], w[1]));
        }
        if !self
            .circle
            .iter()
            .any(|c| c.is_king_neighbour(self.line[0]))
        {
            return Err(format!(
                "the line starts at {}, which does not touch the circle",
                self.line[0]
            ));
        }
        Ok(())
    }
}

impl Rule for Arrow {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.value_count();
        self.validate_form(shape)?;
        let k = self.circle.len();
        if k > 1 && n > 9 {
            return Err(format!(
                "a pill of {k} cells reads its digits as a decimal number, which needs \
                 digits up to 9 (this grid has {n})"
            ));
        }
        // the smallest and largest pill values (11…1, NN…N) against the line's range
        let pill = |d: u128| (0..k).fold(0u128, |v, _| (v * 10 + d).min(u64::MAX as u128));
        let (lo, hi) = if k == 1 {
            (1, n as u128)
        } else {
            (pill(1), pill(n as u128))
        };
        let len = self.line.len() as u128;
        if lo > len * n as u128 || hi < len {
            return Err(format!(
                "the line of {len} cells sums to {len} to {}, the circle holds {lo} to {hi}",
                len * n as u128
            ));
        }
        Ok(())
    }

    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let mut terms: Vec<(Cell, i64)> = self.line.iter().map(|&c| (c, 1)).collect();
        let total = if let [circle] = self.circle[..] {
            Total::DigitOf(circle)
        } else {
            let mut place = 1;
            for &c in self.circle.iter().rev() {
                terms.push((c, -place));
                place *= 10;
            }
            Total::Value(0)
        };
        Some(Box::new(GroupedSum::build(shape, &terms, &total, cands)))
    }

    fn sums(&self, _shape: &Shape) -> Vec<crate::linear::Linear> {
        // Σ line − Σ 10^k·circle_k = 0, the circle read as a decimal number (one cell: its
        // digit); a pill too long for the weights stays with its clauses (no sum)
        let mut terms: Vec<(Cell, i64)> = self.line.iter().map(|&c| (c, 1)).collect();
        let mut place: i64 = 1;
        for &c in self.circle.iter().rev() {
            terms.push((c, -place));
            let Some(next) = place.checked_mul(10) else {
                return Vec::new();
            };
            place = next;
        }
        vec![crate::linear::Linear::equal(terms, 0)]
    }

    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        // the circle's digits as a decimal number (one cell: its digit, even above 9)
        let circle = values(grid, &self.circle).iter().fold(0u128, |v, &d| {
            v.saturating_mul(10).saturating_add(d as u128)
        });
        let line = sum(grid, &self.line) as u128;
        if circle == line {
            Ok(())
        } else {
            Err(format!(
                "arrow {} sums to {line}, the circle {} holds {circle}",
                describe(&self.line),
                describe(&self.circle)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn arrow(circle: &[(usize, usize)], line: &[(usize, usize)]) -> Constraint {
        let cells = |v: &[(usize, usize)]| v.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        Constraint::Arrow(Arrow {
            circle: cells(circle),
            line: cells(line),
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // 4×4: r1c4 = 4 = r2c3 + r3c4 = 1 + 3
        assert_rule(
            &arrow(&[(1, 4)], &[(2, 3), (3, 4)]),
            &["................", FOUR_GIVENS],
        );
        // 6×6: r2c3 = 6 = r3c3 + r4c4 + r5c5 = 1 + 2 + 3
        assert_rule(&arrow(&[(2, 3)], &[(3, 3), (4, 4), (5, 5)]), &[SIX_GIVENS]);
        // a pill: r1c1 r1c2 = 12 = r2c3 + r3c4 = 6 + 6
        assert_rule(&arrow(&[(1, 1), (1, 2)], &[(2, 3), (3, 4)]), &[SIX_GIVENS]);
        // line cells sharing a box or a row, read as one digit-set sum: r1c2 r2c3 with the
        // circle r1c1 in their box; a pill whose line runs r3c3 r4c3 r4c2 in one box
        assert_rule(&arrow(&[(1, 1)], &[(1, 2), (2, 3)]), &[SIX_GIVENS]);
        let line = [(2, 3), (3, 3), (4, 3), (4, 2)];
        assert_rule(&arrow(&[(1, 1), (1, 2)], &line), &[SIX_GIVENS]);
        assert_rule(&arrow(&[(1, 4)], &[(2, 3), (2, 4)]), &[FOUR_GIVENS]);
    }

    #[test]
    fn pills_read_in_circle_order() {
        let s = Shape::new(6).unwrap();
        // SIX: r1c1 r1c2 = 1 2, r2c3 + r3c4 = 12; the pill written backwards reads 21
        let fwd = arrow(&[(1, 1), (1, 2)], &[(2, 3), (3, 4)]);
        let back = arrow(&[(1, 2), (1, 1)], &[(2, 3), (3, 4)]);
        assert!(fwd.check(&s, &grid(SIX)).is_ok());
        assert!(back.check(&s, &grid(SIX)).unwrap_err().contains("holds 21"));
    }

    #[test]
    fn checker_and_validation() {
        // the pill 12 becomes 21 once 1 and 2 swap; the line stays 6 + 6
        let pill = arrow(&[(1, 1), (1, 2)], &[(2, 3), (3, 4)]);
        assert_checker(&[pill], SIX, SIX_SWAPPED);
        let line: Vec<(usize, usize)> = (2..=6).map(|c| (1, c)).collect();
        assert!(invalid(&arrow(&[(1, 1)], &line), 4).contains("outside"));
        let seven: Vec<(usize, usize)> = line.iter().copied().chain([(2, 6), (3, 6)]).collect();
        assert!(invalid(&arrow(&[(1, 1)], &seven), 6).contains("sums to 7 to 42"));
        assert!(invalid(&arrow(&[(1, 1)], &[(1, 3)]), 4).contains("does not touch the circle"));
        assert!(invalid(&arrow(&[(1, 1)], &[(1, 2), (1, 4)]), 4).contains("do not touch"));
        assert!(invalid(&arrow(&[(1, 1), (1, 3)], &[(1, 2)]), 6).contains("pill cells"));
        assert!(invalid(&arrow(&[(1, 1)], &[(1, 1)]), 6).contains("twice"));
        assert!(invalid(&arrow(&[(1, 1), (1, 2)], &[(2, 2)]), 10).contains("decimal"));
        assert!(
            invalid(&arrow(&[(1, 1), (1, 2)], &[(2, 2)]), 9).contains("the circle holds 11 to 99")
        );
        assert!(invalid(&arrow(&[], &[(2, 2)]), 9).contains("no circle"));
        assert!(invalid(&arrow(&[(1, 1)], &[]), 9).contains("no line"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"arrow","circle":["r1c1"],"line":["r1c2","r1c3"]}"#),
            arrow(&[(1, 1)], &[(1, 2), (1, 3)])
        );
    }
}
