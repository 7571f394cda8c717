//! Chaos arrow (chaos construction; ISS "ChaosArrow"): the digit in the control cell is the
//! length of the run of cells, along one or more arms that all start at one cell, that stay
//! in that start cell's found region. Each arm is followed from its start, cell by cell in
//! its order, up to (not including) its first cell outside the start cell's region, or to its
//! end; the start cell is counted once for all arms (not at all with `exclude_start`), and
//! every other cell of each arm's run once per arm. Only for a chaos construction
//! ([`Shape::is_chaos`]), whose regions are unknowns. ISS's clue without arms points the four
//! ways from the control cell to the grid's edges (the ISS reader writes those four arms).
//!
//! JSON: `{"type": "chaos-arrow", "cell": "r1c1", "arms": [["r1c1", "r1c2", "r1c3"],
//! ["r1c1", "r2c1"]], "exclude_start": false}` (at least one arm, each starting at the same
//! cell, none visiting a cell twice; `exclude_start` optional, default false).
//!
//! CNF, over the region variables of [`crate::cnf::chaos`]: for the start s and each arm cell
//! c, e(c) = "c is in s's region" (`Encoder::shared_region`); along each arm
//! a_0 = s, a_1, …, the run variables r(j) = "a_1 … a_j are all in s's region":
//! `r(j) -> r(j-1)`, `r(j) -> e(a_j)`, `r(j-1) ∧ e(a_j) -> r(j)` (r(0) true); and, implied
//! but stated for propagation, the same step seen locally with p(j) = "a_{j-1} and a_j share
//! a region": `r(j) -> p(j)`, `r(j-1) ∧ p(j) -> r(j)`. The run
//! length is 1 + the number of true r(j) over all arms; a layered diagram counts them and
//! ties the total to the control's digit (`count t <-> x(control, b + t)`, b = 1, or 0 with
//! `exclude_start`; `chaos_count::digit_counts`).

use super::cell_lists::{cell_set, inside};
use super::chaos_count::{digit_counts, found_regions, need_chaos};
use super::Rule;
use crate::chaos::ArrowBudget;
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// A chaos arrow clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChaosArrow {
    /// The control cell, whose digit is the run length.
    pub cell: Cell,
    /// The arms, each a list of cells from the common start cell.
    pub arms: Vec<Vec<Cell>>,
    /// The start cell is not counted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exclude_start: bool,
}

impl ChaosArrow {
    /// The run length the control cell's digit must equal, from the found `regions` of an
    /// grid of `n` columns.
    fn run(&self, regions: &[u16], n: usize) -> usize {
        let start = regions[self.arms[0][0].position(n)];
        let beyond: usize = self
            .arms
            .iter()
            .map(|arm| {
                arm[1..]
                    .iter()
                    .take_while(|c| regions[c.position(n)] == start)
                    .count()
            })
            .sum();
        1 + beyond - usize::from(self.exclude_start)
    }

    /// The arrow's off-arm budget for [`crate::chaos::ChaosPropagator`] on a grid of
    /// `shape`, over the candidates `cands` (row-major, as the encoder reads them): the run
    /// of a control value v covers v cells, one more when the start is not counted.
    pub(crate) fn budget(&self, shape: &Shape, cands: &[Mask]) -> ArrowBudget {
        let cols = shape.cols();
        let on: HashSet<Cell> = self.arms.iter().flatten().copied().collect();
        let off = (0..shape.rows() * cols)
            .filter(|&p| !on.contains(&Cell::from_position(p, cols)))
            .map(|p| p as u16)
            .collect();
        let values = shape.values();
        // a value below 0 runs no cells: no run has that length, the clauses refute it
        let cells = |d: Digit| {
            usize::try_from(values.value(d))
                .map_or(usize::MAX, |v| v + usize::from(self.exclude_start))
        };
        let m = cands.get(self.cell.position(cols)).copied().unwrap_or(0);
        let (digits, given) = if m.count_ones() == 1 {
            (Vec::new(), digits(m).next().map(cells))
        } else {
            let lits = digits(m)
                .map(|d| {
                    (
                        crate::cnf::shape_var(shape, self.cell, d).positive(),
                        cells(d),
                    )
                })
                .collect();
            (lits, None)
        };
        ArrowBudget {
            start: self.arms[0][0].position(cols),
            off,
            digits,
            given,
        }
    }
}

impl Rule for ChaosArrow {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        need_chaos(shape, "chaos-arrow")?;
        inside(shape, self.cell)?;
        let Some(start) = self.arms.first().and_then(|a| a.first()).copied() else {
            return Err("a chaos arrow needs at least one arm, from its start cell".into());
        };
        for (i, arm) in self.arms.iter().enumerate() {
            cell_set(shape, arm, &format!("arm {}", i + 1))?;
            if arm[0] != start {
                return Err(format!(
                    "arm {} starts at {}, not at {start} (every arm starts at the same cell)",
                    i + 1,
                    arm[0]
                ));
            }
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        let start = self.arms[0][0];
        let mut same: HashMap<Cell, Term> = HashMap::new();
        let mut steps: HashMap<(Cell, Cell), Term> = HashMap::new();
        let mut runs = Vec::new();
        for arm in &self.arms {
            let mut prev = Term::True;
            let mut b = start;
            for &c in &arm[1..] {
                let e = match same.get(&c) {
                    Some(&e) => e,
                    None => {
                        let e = enc.shared_region(start, c);
                        same.insert(c, e);
                        e
                    }
                };
                let r = Term::Lit(enc.new_lit());
                // r(j) -> r(j-1); r(j) -> e(a_j); r(j-1) ∧ e(a_j) -> r(j)
                enc.implies(r, prev);
                enc.implies(r, e);
                enc.clause([!prev, !e, r]);
                // the same step seen locally, p = "a_{j-1} and a_j share a region" (implied,
                // for propagation): r(j) -> p; r(j-1) ∧ p -> r(j)
                let key = (b.min(c), b.max(c));
                let p = match steps.get(&key) {
                    Some(&p) => p,
                    None => {
                        let p = enc.shared_region(b, c);
                        steps.insert(key, p);
                        p
                    }
                };
                enc.implies(r, p);
                enc.clause([!prev, !p, r]);
                runs.push(r);
                prev = r;
                b = c;
            }
        }
        digit_counts(enc, self.cell, usize::from(!self.exclude_start), &runs);
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let regions = found_regions(grid)?;
        let want = self.run(regions, grid.cols());
        let got = grid.digit(self.cell).get();
        if got == want {
            Ok(())
        } else {
            Err(format!(
                "{} holds {got}, but the arms from {} run {want} cells{} in its region",
                self.cell,
                self.arms[0][0],
                if self.exclude_start {
                    " (the start left out)"
                } else {
                    ""
                }
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

    fn rule(cell: (usize, usize), arms: &[&[(usize, usize)]], exclude_start: bool) -> Constraint {
        Constraint::ChaosArrow(ChaosArrow {
            cell: Cell::new(cell.0, cell.1),
            arms: arms.iter().map(|a| cells(a)).collect(),
            exclude_start,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // one arm along row 1 from r1c1, controlled by r1c1 itself
        agree(
            "1..............2",
            &rule((1, 1), &[&[(1, 1), (1, 2), (1, 3), (1, 4)]], false),
        );
        // four arms from r2c2 to the edges (ISS's clue without arms)
        let four: [&[(usize, usize)]; 4] = [
            &[(2, 2), (2, 1)],
            &[(2, 2), (2, 3), (2, 4)],
            &[(2, 2), (1, 2)],
            &[(2, 2), (3, 2), (4, 2)],
        ];
        agree("1..............2", &rule((2, 2), &four, false));
        agree("1..............2", &rule((2, 2), &four, true));
        // a control cell away from the arms; an arm that is no straight line, and a
        // one-cell arm that adds nothing
        agree(
            "..3.............",
            &rule(
                (4, 4),
                &[&[(2, 3), (3, 3), (3, 2)], &[(2, 3)], &[(2, 3), (2, 4)]],
                false,
            ),
        );
        agree(
            "1..............2",
            &rule((1, 4), &[&[(3, 1), (3, 2), (3, 3), (3, 4)]], true),
        );
    }

    #[test]
    fn the_checker_reads_the_found_regions() {
        // from r1c2: left one cell, down three cells
        let arrow = rule(
            (1, 1),
            &[&[(1, 2), (1, 1)], &[(1, 2), (2, 2), (3, 2)]],
            false,
        );
        let p = chaos_puzzle("................", vec![arrow]);
        let mut g = grid("3412214312344321");
        // 2×2 boxes: r1c1 and r2c2 with r1c2, r3c2 apart: 3 cells, r1c1 holds 3
        g.set_regions(Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        assert_eq!(p.verify(&g).map_err(|e| e.to_string()), Ok(()));
        // rows: only r1c1 joins the start: 2 cells
        g.set_regions(Some((0..16).map(|i| (i / 4) as u16).collect()));
        let e = p.verify(&g).unwrap_err().to_string();
        assert!(e.contains("holds 3, but the arms from r1c2 run 2"), "{e}");
        // columns: the down arm runs to r3c2 (and past the run, r4c2 is not on the arm)
        g.set_regions(Some((0..16).map(|i| (i % 4) as u16).collect()));
        assert!(p.verify(&g).is_ok());
    }

    #[test]
    fn it_needs_a_chaos_construction_and_arms_from_one_cell() {
        let one = rule((1, 1), &[&[(1, 1), (1, 2)]], false);
        let e = invalid(&one, 4);
        assert!(e.contains("chaos construction"), "{e}");
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        let bad = |r: Constraint| r.validate(&shape).expect_err("refused").to_string();
        assert!(bad(rule((1, 1), &[], false)).contains("at least one arm"));
        assert!(bad(rule((1, 1), &[&[]], false)).contains("at least one arm"));
        assert!(bad(rule((1, 1), &[&[(1, 1)], &[]], false)).contains("arm 2 has no cells"));
        let apart = bad(rule((1, 1), &[&[(1, 1)], &[(1, 2), (1, 3)]], false));
        assert!(
            apart.contains("arm 2 starts at r1c2, not at r1c1"),
            "{apart}"
        );
        let twice = bad(rule((1, 1), &[&[(1, 1), (1, 2), (1, 1)]], false));
        assert!(twice.contains("twice in arm 1"), "{twice}");
    }

    #[test]
    fn serde() {
        let c = round_trip(
            r#"{"type": "chaos-arrow", "cell": "r1c1", "arms": [["r1c1", "r1c2"], ["r1c1", "r2c1"]]}"#,
        );
        assert_eq!(
            c,
            rule((1, 1), &[&[(1, 1), (1, 2)], &[(1, 1), (2, 1)]], false)
        );
        round_trip(
            r#"{"type": "chaos-arrow", "cell": "r1c1", "arms": [["r2c2"]], "exclude_start": true}"#,
        );
        rejects(
            r#"{"type": "chaos-arrow", "cell": "r1c1"}"#,
            "missing field",
        );
    }
}
