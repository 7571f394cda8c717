//! Chaos count (chaos construction; ISS "ChaosCount"): the digit in the control cell is how
//! many of the listed cells lie in the same found region as the first listed cell — the
//! first listed cell counted too, unless `exclude_first`. Only for a chaos construction
//! ([`Shape::is_chaos`]), whose regions are unknowns. The control cell may be one of the
//! listed cells (ISS's usual clue counts the control cell's own 3×3 neighbourhood, the
//! control cell first).
//!
//! JSON: `{"type": "chaos-count", "cell": "r2c2", "cells": ["r2c2", "r1c1", "r1c2", …],
//! "exclude_first": false}` (`cells`: at least one, none twice; `exclude_first` optional,
//! default false).
//!
//! CNF, over the region variables g(c,k) of [`crate::cnf::chaos`] (one region per cell):
//! for each listed cell c after the first f, e(c) = "c is in f's region", both ways:
//! `e ∧ g(f,k) -> g(c,k)`, `e ∧ g(c,k) -> g(f,k)`, `g(f,k) ∧ g(c,k) -> e` for every k
//! (`Encoder::shared_region`). A layered diagram counts the true e(c) (one layer per cell), and its
//! final state "the count is s" is tied to the control: `count s <-> x(control, b + s)`, b
//! = 1 (the first cell itself) or 0 with `exclude_first`; a count whose total is no digit
//! is forbidden (`digit_counts`).

use super::cell_lists::{cell_set, inside};
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A chaos count clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChaosCount {
    /// The control cell, whose digit is the count.
    pub cell: Cell,
    /// The counted cells; the first one's region is the one counted.
    pub cells: Vec<Cell>,
    /// The first listed cell is not counted itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exclude_first: bool,
}

/// Errors unless the shape is a chaos construction (for the rules about its regions, named
/// `what`).
pub(crate) fn need_chaos(shape: &Shape, what: &str) -> Result<(), String> {
    if shape.is_chaos() {
        Ok(())
    } else {
        Err(format!(
            "{what} is about the regions of a chaos construction (\"chaos\": true)"
        ))
    }
}

/// The digit of `control` is `base` plus how many of `terms` are true: a layered diagram
/// counts them (states past the largest digit dropped), and its final state s is tied to the
/// control, `count s <-> x(control, base + s)`; a total that is no digit (0, or past N) is
/// forbidden, and so is every digit no count reaches.
pub(crate) fn digit_counts(enc: &mut Encoder, control: Cell, base: usize, terms: &[Term]) {
    digit_counts_at_most(enc, control, base, terms, terms.len());
}

/// [`digit_counts`] where at most `most` of `terms` can be true in any solution (a bound the
/// caller proved): the diagram drops the states past it, so it also says "at most `most`".
pub(crate) fn digit_counts_at_most(
    enc: &mut Encoder,
    control: Cell,
    base: usize,
    terms: &[Term],
    most: usize,
) {
    let n = enc.value_count();
    let count = Mdd::build_layers(
        vec![0b11; terms.len()],
        0usize,
        |_, &k, ch| {
            let next = k + ch.index();
            (base + next <= n && next <= most).then_some(next)
        },
        |_| true,
    );
    let finals = count.finals().to_vec();
    let ends = count.encode_bits(enc, terms);
    // a total of 0 is no digit; every digit no total reaches is ruled out
    let ends: Vec<(usize, Term)> = finals.iter().map(|&s| base + s).zip(ends).collect();
    super::count_distinct::control_is_count(enc, control, &ends);
}

/// The found regions of a full grid, or why there are none.
pub(crate) fn found_regions(grid: &Grid) -> Result<&[u16], String> {
    grid.regions()
        .ok_or_else(|| "the grid has no found regions".to_string())
}

impl ChaosCount {
    /// The count the control cell's digit must equal, read from the found `regions` of a
    /// grid of `n` columns.
    fn counted(&self, regions: &[u16], n: usize) -> usize {
        let first = regions[self.cells[0].position(n)];
        let same = self
            .cells
            .iter()
            .filter(|c| regions[c.position(n)] == first)
            .count();
        same - usize::from(self.exclude_first)
    }
}

impl Rule for ChaosCount {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        need_chaos(shape, "chaos-count")?;
        inside(shape, self.cell)?;
        cell_set(shape, &self.cells, "the counted cells")
    }
    fn encode(&self, enc: &mut Encoder) {
        let first = self.cells[0];
        let terms: Vec<Term> = self.cells[1..]
            .iter()
            .map(|&c| enc.shared_region(first, c))
            .collect();
        digit_counts(enc, self.cell, usize::from(!self.exclude_first), &terms);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let regions = found_regions(grid)?;
        let want = self.counted(regions, grid.cols());
        // the control holds the count as a value, as `control_is_count` states it
        let got = grid.digit(self.cell).get() as i64 + shape.values().offset();
        if got == want as i64 {
            Ok(())
        } else {
            Err(format!(
                "{} holds {got}, but {want} of the counted cells{} are in the region of {}",
                self.cell,
                if self.exclude_first {
                    " (the first left out)"
                } else {
                    ""
                },
                self.cells[0]
            ))
        }
    }
}

/// Brute-force counts for the rules about a chaos construction's regions (tests).
#[cfg(test)]
pub(crate) mod chaos_testing {
    use crate::rules::testing::*;
    use crate::rules::{Constraint, Rule};

    /// (SAT count with `rule`, how many solutions of the bare chaos construction the rule's
    /// own checker accepts, how many solutions the bare one has). The second is counted
    /// from the (digits, regions) solutions without the rule — enumerated by the chaos
    /// construction, itself counted against a plain search in `cnf::chaos` — through the
    /// checker alone: nothing is shared with the rule's clauses.
    pub fn counts(givens: &str, rule: &Constraint) -> (usize, usize, usize) {
        let shape = chaos_puzzle(givens, Vec::new()).shape().clone();
        chaos_counts(givens, vec![rule.clone()], |g| {
            rule.check(&shape, g).is_ok()
        })
    }

    /// The SAT count with `rule` is the brute-force one, and the rule removes some
    /// solutions but not all (so the test can fail both ways).
    pub fn agree(givens: &str, rule: &Constraint) {
        let (sat, brute, all) = counts(givens, rule);
        assert_eq!(sat, brute, "{givens} {rule:?}");
        assert!(
            0 < brute && brute < all,
            "{givens} {rule:?}: {brute} of {all}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::chaos_testing::*;
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(cell: (usize, usize), cells: &[(usize, usize)], exclude_first: bool) -> Constraint {
        Constraint::ChaosCount(ChaosCount {
            cell: Cell::new(cell.0, cell.1),
            cells: crate::rules::testing::cells(cells),
            exclude_first,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // the 3×3 around r2c2, r2c2 first (ISS's default clue)
        let around = [
            (2, 2),
            (1, 2),
            (3, 2),
            (2, 1),
            (2, 3),
            (1, 1),
            (1, 3),
            (3, 1),
            (3, 3),
        ];
        agree("1..............2", &rule((2, 2), &around, false));
        agree("1..............2", &rule((2, 2), &around, true));
        // a control cell away from the counted ones
        agree(
            "1..............2",
            &rule((4, 1), &[(1, 4), (2, 4), (3, 3)], false),
        );
        agree(
            "..3.............",
            &rule((1, 1), &[(3, 3), (3, 4), (4, 4)], true),
        );
        // a lone counted cell: the count is 1 (or 0, never a digit)
        let (sat, brute, all) = counts("1..............2", &rule((2, 3), &[(3, 3)], false));
        assert_eq!(sat, brute);
        assert!(brute > 0 && brute < all);
        let (sat, brute, _) = counts("1..............2", &rule((2, 3), &[(3, 3)], true));
        assert_eq!((sat, brute), (0, 0));
    }

    #[test]
    fn the_checker_reads_the_found_regions() {
        let p = chaos_puzzle(
            "................",
            vec![rule((1, 1), &[(1, 1), (1, 2), (2, 1)], false)],
        );
        let mut g = grid("3412214312344321");
        // rows as regions: r1c1 and r1c2 together, r2c1 apart: 2, but r1c1 holds 3
        g.set_regions(Some((0..16).map(|i| (i / 4) as u16).collect()));
        let e = p.verify(&g).unwrap_err().to_string();
        assert!(e.contains("holds 3, but 2"), "{e}");
        // 2×2 boxes as regions: all three together
        g.set_regions(Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        assert!(p.verify(&g).is_ok());
    }

    #[test]
    fn it_needs_a_chaos_construction_and_cells() {
        let e = invalid(&rule((1, 1), &[(1, 1), (1, 2)], false), 4);
        assert!(e.contains("chaos construction"), "{e}");
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        let bad = |r: Constraint| {
            r.validate(&shape)
                .expect_err("the rule should be refused")
                .to_string()
        };
        assert!(bad(rule((1, 1), &[], false)).contains("no cells"));
        assert!(bad(rule((1, 1), &[(1, 2), (1, 2)], false)).contains("twice"));
        assert!(bad(rule((5, 1), &[(1, 2)], false)).contains("outside"));
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "chaos-count", "cell": "r1c1", "cells": ["r1c1", "r1c2"]}"#);
        let c = round_trip(
            r#"{"type": "chaos-count", "cell": "r1c1", "cells": ["r2c2"], "exclude_first": true}"#,
        );
        assert_eq!(c, rule((1, 1), &[(2, 2)], true));
        rejects(
            r#"{"type": "chaos-count", "cell": "r1c1"}"#,
            "missing field",
        );
    }
}
