//! Double arrow: the two end cells of the line add up to the sum of the cells between them.
//! Digits may repeat.
//!
//! JSON: `{"type":"double-arrow","cells":["r1c1","r1c2","r2c3","r3c3"]}` — the whole line,
//! ends included, at least 3 cells (f-puzzles `doublearrow`, from the userscript).
//!
//! CNF: a layered prefix sum over groups ([`GroupedSum`]: inner cells that share a house are
//! read as one digit-set sum) with weight +1 on the ends and −1 inside, total 0; partial
//! sums that can no longer return to 0 are never created.

use super::cell_lists::{describe, line_ok, sum};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::{GroupedSum, Total};
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A double arrow line.
    DoubleArrow, "The line, end to end."
}

impl Rule for DoubleArrow {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line_ok(shape, &self.cells, 3)?;
        let (inner, n) = (self.cells.len() - 2, shape.value_count());
        if inner > 2 * n {
            return Err(format!(
                "{inner} cells inside sum to at least {inner}, the ends to at most {}",
                2 * n
            ));
        }
        Ok(())
    }

    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let last = self.cells.len() - 1;
        let terms: Vec<(Cell, i64)> = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, if i == 0 || i == last { 1 } else { -1 }))
            .collect();
        let sum = GroupedSum::build(shape, &terms, &Total::Value(0), cands);
        Some(Box::new(sum))
    }

    fn sums(&self, _shape: &Shape) -> Vec<crate::linear::Linear> {
        // ends − Σ cells between = 0
        let last = self.cells.len().saturating_sub(1);
        let terms = self.cells.iter().enumerate();
        let terms = terms.map(|(i, &c)| (c, if i == 0 || i == last { 1 } else { -1 }));
        vec![crate::linear::Linear::equal(terms, 0)]
    }

    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let last = self.cells.len() - 1;
        let ends = sum(grid, &[self.cells[0], self.cells[last]]);
        let inside = sum(grid, &self.cells[1..last]);
        if ends == inside {
            Ok(())
        } else {
            Err(format!(
                "double arrow {}: the ends sum to {ends}, the cells between to {inside}",
                describe(&self.cells)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        // 4×4: row 1, 1 + 4 = 2 + 3
        assert_rule(
            &DoubleArrow::one(&[(1, 1), (1, 2), (1, 3), (1, 4)]),
            &["................", FOUR_GIVENS],
        );
        // 6×6: 1 + 6 = 2 + 3 + 2 along r1c1 r1c2 r2c2 r3c1 r4c1
        let line = [(1, 1), (1, 2), (2, 2), (3, 1), (4, 1)];
        assert_rule(&DoubleArrow::one(&line), &[SIX_GIVENS]);
    }

    #[test]
    fn checker_and_validation() {
        // 1 + 6 = 2 + 3 + 2; swapped: 2 + 6 ≠ 1 + 3 + 1
        assert_checker(
            &[DoubleArrow::one(&[(1, 1), (1, 2), (2, 2), (3, 1), (4, 1)])],
            SIX,
            SIX_SWAPPED,
        );
        assert!(invalid(&DoubleArrow::one(&[(1, 1), (1, 2)]), 4).contains("at least 3"));
        assert!(invalid(&DoubleArrow::one(&[(1, 1), (1, 2), (3, 3)]), 4).contains("do not touch"));
        let long: Vec<(usize, usize)> = (1..=4)
            .map(|c| (1, c))
            .chain((1..=4).rev().map(|c| (2, c)))
            .collect();
        assert!(DoubleArrow::one(&long)
            .validate(&Shape::new(4).unwrap())
            .is_ok());
        let longer: Vec<(usize, usize)> = long
            .iter()
            .copied()
            .chain((1..=4).map(|c| (3, c)))
            .collect();
        assert!(invalid(&DoubleArrow::one(&longer), 4).contains("10 cells inside"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"double-arrow","cells":["r1c1","r1c2","r1c3"]}"#),
            DoubleArrow::one(&[(1, 1), (1, 2), (1, 3)])
        );
    }
}
