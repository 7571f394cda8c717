//! Sums that propagate: the linear relations of a puzzle's digits, reasoned about inside the
//! CDCL search by a lazy-clause-generation propagator ([`SumPropagator`]) instead of (or
//! beside) their CNF encodings.
//!
//! A rule whose meaning is a linear relation of digits hands it over through
//! [`crate::rules::Rule::sums`] as [`Linear`] values: killer cages, little killers, arrows and
//! pills (weights 10^k), double arrows, region-sum and zipper lines (each segment or pair
//! minus the first, or minus the centre). [`puzzle_sums`] gathers them, adds the implied sums
//! of set theory (innies and outies of any size, [`crate::cnf::sum::implied`]) and
//! [`propagator()`] builds the propagator an engine attaches, or `None` when the puzzle has no
//! sum (classic throughput does not change). When a propagator carries the sums, the formula
//! leaves their clauses out: [`crate::cnf::Encoder::carry_sums`] (docs/ENCODING.md,
//! "The sum propagator").

mod domain;
pub mod propagator;
mod reason;
#[cfg(test)]
mod tests;

use crate::cnf::sum::implied::{self, Cage};
use crate::geometry::{Cell, Mask};
use crate::groups::Groups;
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, Rule};
pub use propagator::SumPropagator;

/// The largest `Σ |w|·N` a [`Linear`] may have: every partial sum the propagator forms then
/// stays far inside `i64` (no overflow, hence no panic, in code called from C).
pub const MAGNITUDE_LIMIT: i64 = 1 << 40;

/// A linear relation over cell digits: `lo <= Σ w·digit(cell) <= hi` (`lo == hi` for an
/// equation). Each cell appears once, with a non-zero weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linear {
    /// The cells and their weights, each cell once.
    pub terms: Vec<(Cell, i64)>,
    /// The smallest allowed value of the sum.
    pub lo: i64,
    /// The largest allowed value of the sum.
    pub hi: i64,
}

impl Linear {
    /// `Σ w·digit(cell) = total`; weights of a repeated cell are added, zero weights dropped.
    pub fn equal(terms: impl IntoIterator<Item = (Cell, i64)>, total: i64) -> Linear {
        Linear::between(terms, total, total)
    }

    /// `lo <= Σ w·digit(cell) <= hi`, merged as [`Linear::equal`].
    pub fn between(terms: impl IntoIterator<Item = (Cell, i64)>, lo: i64, hi: i64) -> Linear {
        let mut merged: Vec<(Cell, i64)> = Vec::new();
        for (cell, w) in terms {
            match merged.iter_mut().find(|t| t.0 == cell) {
                Some(t) => t.1 = t.1.saturating_add(w),
                None => merged.push((cell, w)),
            }
        }
        merged.retain(|t| t.1 != 0);
        Linear {
            terms: merged,
            lo,
            hi,
        }
    }

    /// Whether the digits `digit(cell)` satisfy the relation.
    pub fn holds(&self, digit: impl Fn(Cell) -> i64) -> bool {
        let s: i64 = self.terms.iter().map(|&(c, w)| w * digit(c)).sum();
        (self.lo..=self.hi).contains(&s)
    }

    /// Whether the propagator can take it on an `n`×`n` grid: weights and bounds small
    /// enough ([`MAGNITUDE_LIMIT`]) that no sum it forms overflows.
    pub fn fits(&self, n: usize) -> bool {
        let mut mag: i64 = 0;
        for &(_, w) in &self.terms {
            mag = mag.saturating_add(w.saturating_abs().saturating_mul(n as i64));
        }
        mag <= MAGNITUDE_LIMIT
            && self.lo.saturating_abs() <= MAGNITUDE_LIMIT
            && self.hi.saturating_abs() <= MAGNITUDE_LIMIT
    }
}

/// Every sum of `puzzle` for the propagator: the rules' own ([`Rule::sums`]) and the implied
/// sums of its killer cages over `groups.houses` and runs of rows and columns, with the
/// candidates `cands` (after simplification; decided cells fold into the totals). Empty when
/// no rule has a sum.
pub fn puzzle_sums(puzzle: &Puzzle, groups: &Groups, cands: &[Mask]) -> Vec<Linear> {
    let shape = puzzle.shape();
    let n = shape.size();
    let mut out: Vec<Linear> = Vec::new();
    for c in puzzle.constraints() {
        out.extend(c.sums(shape));
    }
    if out.is_empty() {
        return out;
    }
    let cages: Vec<Cage> = puzzle
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer(k) => Some((&k.cells[..], k.sum)),
            _ => None,
        })
        .collect();
    // Innies and outies of any size: the propagator reads them at O(terms) per change, where
    // the CNF could only afford them up to implied::MAX_CELLS cells (capping them at 0 or 9
    // cells measured slower on MATHEMAGIC #00–#03).
    for s in implied::implied_sums(shape, &groups.houses, &cages, cands, n * n) {
        let lin = Linear::equal(s.terms, s.total);
        if !out.contains(&lin) {
            out.push(lin);
        }
    }
    out.retain(|l| l.fits(n));
    out
}

/// The propagator an engine attaches for `puzzle`: its [`puzzle_sums`] over the candidates
/// `cands` (after simplification: the propagator's starting domains), with the all-different
/// structure `groups`; `None` when the puzzle has no sum.
pub fn propagator(
    puzzle: &Puzzle,
    groups: &Groups,
    cands: &[Mask],
) -> Option<Box<dyn crate::engine::Propagator>> {
    let sums = puzzle_sums(puzzle, groups, cands);
    SumPropagator::new(puzzle.size(), groups, cands, &sums)
        .map(|p| Box::new(p) as Box<dyn crate::engine::Propagator>)
}
