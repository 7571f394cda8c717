//! A linear relation over cell digits, `lo <= Σ w·digit(cell) <= hi`: what a rule whose
//! meaning is a sum hands over ([`crate::rules::Rule::sums`]) and the sum propagator
//! ([`crate::sums`]) reasons about. Its own module below both, so that rules and the
//! propagator depend on it and not on each other.

use crate::engine::Lit;
use crate::geometry::Cell;

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

/// A linear relation that binds only while its guard literal is true: a sum in a branch of
/// an `or`, `guard → lo <= Σ w·digit <= hi`, where `guard` is the branch's selector. The
/// sum propagator carries it as a half-reified relation: it prunes digits only once the
/// guard is true, and while the guard is open it refutes the guard when the sum is out of
/// reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guarded {
    /// The selector literal: the relation holds when it is true.
    pub guard: Lit,
    /// The relation.
    pub sum: Linear,
}
