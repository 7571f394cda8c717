//! Distinct regions (chaos construction; ISS "CountDistinct" over chaos region cells): the
//! digit in the control cell is how many different found regions the listed cells lie in.
//! Only for a chaos construction ([`Shape::is_chaos`]), whose regions are unknowns.
//!
//! JSON: `{"type": "distinct-regions", "cell": "r5c1", "cells": ["r5c1", "r4c1", …]}`
//! (`cells`: at least one, none twice; the control cell may be one of them).
//!
//! CNF, over the region variables g(c,k) of [`crate::cnf::chaos`]: u(k) = "some listed cell
//! is in region k", both ways: `g(c,k) -> u(k)` for every listed c, `u(k) -> ∨_c g(c,k)`; a
//! layered diagram counts the true u(k) (one layer per region) and ties the count to the
//! control's digit, `count t <-> x(control, t)` (`chaos_count::digit_counts`;
//! a count of 0 cannot happen, as the cells lie in some region).

use super::cell_lists::{cell_set, inside};
use super::chaos_count::{digit_counts, found_regions, need_chaos};
use super::Rule;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A distinct-regions clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DistinctRegions {
    /// The control cell, whose digit is the count.
    pub cell: Cell,
    /// The cells whose regions are counted.
    pub cells: Vec<Cell>,
}

impl Rule for DistinctRegions {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        need_chaos(shape, "distinct-regions")?;
        inside(shape, self.cell)?;
        cell_set(shape, &self.cells, "the counted cells")
    }
    fn encode(&self, enc: &mut Encoder) {
        let n = enc.shape().chaos_regions();
        let mut used = Vec::with_capacity(n);
        for k in 0..n {
            let u = Term::Lit(enc.new_lit());
            let gs: Vec<Term> = self
                .cells
                .iter()
                .map(|&c| Term::Lit(enc.region(c, k)))
                .collect();
            for &g in &gs {
                // g(c,k) -> u(k)
                enc.implies(g, u);
            }
            // u(k) -> ∨_c g(c,k)
            enc.clause(std::iter::once(!u).chain(gs));
            used.push(u);
        }
        digit_counts(enc, self.cell, 0, &used);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let regions = found_regions(grid)?;
        let n = grid.cols();
        let mut ids: Vec<u16> = self.cells.iter().map(|c| regions[c.position(n)]).collect();
        ids.sort_unstable();
        ids.dedup();
        // the control holds the count as a value, as `control_is_count` states it
        let got = grid.digit(self.cell).get() as i64 + shape.values().offset();
        if got == ids.len() as i64 {
            Ok(())
        } else {
            Err(format!(
                "{} holds {got}, but the counted cells lie in {} different regions",
                self.cell,
                ids.len()
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chaos_count::chaos_testing::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(cell: (usize, usize), list: &[(usize, usize)]) -> Constraint {
        Constraint::DistinctRegions(DistinctRegions {
            cell: Cell::new(cell.0, cell.1),
            cells: cells(list),
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // the 3×3 around r2c2 (The Fountain's clues)
        let around = [
            (2, 2),
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 3),
            (3, 3),
            (3, 2),
            (3, 1),
            (2, 1),
        ];
        agree("1..............2", &rule((2, 2), &around));
        agree("1..............2", &rule((2, 3), &[(1, 1), (2, 2)]));
        agree(
            "..3.............",
            &rule((4, 1), &[(1, 4), (2, 4), (3, 3), (4, 3)]),
        );
        agree(
            "1..............2",
            &rule((3, 3), &[(1, 1), (2, 2), (3, 3), (4, 4)]),
        );
    }

    #[test]
    fn the_checker_reads_the_found_regions() {
        let p = chaos_puzzle(
            "................",
            vec![rule((1, 3), &[(1, 1), (2, 2), (3, 3)])],
        );
        let mut g = grid("3412214312344321");
        // rows: three regions, r1c3 holds 1
        g.set_regions(Some((0..16).map(|i| (i / 4) as u16).collect()));
        let e = p.verify(&g).unwrap_err().to_string();
        assert!(e.contains("holds 1, but the counted cells lie in 3"), "{e}");
        // 2×2 boxes: r1c1, r2c2 in one, r3c3 in another: 2
        g.set_regions(Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        let e = p.verify(&g).unwrap_err().to_string();
        assert!(e.contains("lie in 2"), "{e}");
        let p = chaos_puzzle(
            "................",
            vec![rule((3, 2), &[(1, 1), (2, 2), (3, 3)])],
        );
        assert!(p.verify(&g).is_ok());
    }

    #[test]
    fn it_needs_a_chaos_construction_and_cells() {
        let e = invalid(&rule((1, 1), &[(1, 2)]), 4);
        assert!(e.contains("chaos construction"), "{e}");
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        assert!(rule((1, 1), &[])
            .validate(&shape)
            .unwrap_err()
            .contains("no cells"));
        assert!(rule((1, 1), &[(2, 2), (2, 2)])
            .validate(&shape)
            .unwrap_err()
            .contains("twice"));
    }

    #[test]
    fn serde() {
        let c = round_trip(
            r#"{"type": "distinct-regions", "cell": "r1c1", "cells": ["r1c1", "r2c2"]}"#,
        );
        assert_eq!(c, rule((1, 1), &[(1, 1), (2, 2)]));
        rejects(
            r#"{"type": "distinct-regions", "cells": ["r1c1"]}"#,
            "missing field",
        );
    }
}
