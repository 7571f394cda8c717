//! Disjoint groups: cells at the same position within their boxes hold different digits.
//! With N boxes of N cells, each position's group has N cells: a full house. On a
//! rectangle (R×C, boxes br×bc) a group has one cell of each of the R·C/(br·bc) boxes: a
//! house when that is the number of values, else its values differ only (six cells of a
//! 6×8 grid's 2×4 boxes, for 8 values). A rectangle whose regions are not boxes has no
//! positions within boxes; the rule is refused there (`shapes`).
//!
//! Positions come from the box layout (`box_rows` × `box_cols`), not from jigsaw regions —
//! as f-puzzles does, whose boxes ignore region overrides for this rule.
//!
//! Encoding: each group is a house (exactly-one per digit; all-different when it has fewer
//! cells than values), so the classic encoder and the simplifier's hidden singles cover it.

use super::Rule;
use crate::geometry::{Cell, Shape};
use crate::grid::check_distinct;
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The disjoint-groups rule (no fields).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisjointGroups {}

impl DisjointGroups {
    /// One group per position (i, j) in a box, each with one cell of every box (R/br · C/bc
    /// cells on a rectangle of R×C).
    fn groups(shape: &Shape) -> Vec<Vec<Cell>> {
        let (rows, cols) = (shape.rows(), shape.cols());
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let mut out = Vec::with_capacity(br * bc);
        for i in 0..br {
            for j in 0..bc {
                let mut g = Vec::with_capacity((rows / br) * (cols / bc));
                for r in (i..rows).step_by(br) {
                    for c in (j..cols).step_by(bc) {
                        g.push(Cell::from_index(r, c));
                    }
                }
                out.push(g);
            }
        }
        out
    }
}

impl Rule for DisjointGroups {
    fn validate(&self, _shape: &Shape) -> Result<(), String> {
        Ok(())
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        DisjointGroups::groups(shape)
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        for g in DisjointGroups::groups(shape) {
            let name = format!("the disjoint group of {}", g[0]);
            check_distinct(grid, g.into_iter(), &name).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule() -> Vec<Constraint> {
        vec![Constraint::DisjointGroups(DisjointGroups {})]
    }

    #[test]
    fn groups_are_houses_of_n_cells() {
        let s = Shape::new(6).unwrap();
        let g = DisjointGroups::groups(&s);
        assert_eq!(g.len(), 6);
        assert!(g.iter().all(|h| h.len() == 6));
        // position (2, 3) of every 2x3 box
        assert_eq!(g[5][0], Cell::new(2, 3));
        assert_eq!(g[5][5], Cell::new(6, 6));
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule());
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(), 168);
        assert_checker(&rule(), "1234341221434321", "1234342143122143");
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "disjoint-groups"}"#),
            rule().remove(0)
        );
    }
}
