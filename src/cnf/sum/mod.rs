//! Sums over cell digits.
//!
//! - [`distinct_sum`]: all-different cells with a fixed sum (killer cages), one selector per
//!   allowed digit set ([`distinct`]).
//! - [`weighted_sum`]: `Σ w_i·v_i = total` where digits may repeat, with integer weights
//!   (an arrow's pill "1 2" reads 10·a + b) and a total that is a value, a set of values or
//!   another cell's digit. Encoded as layered prefix sums: an [`Mdd`] whose states are the
//!   partial sums, so equal partial sums share one node and states that cannot reach an
//!   allowed total (with the remaining cells' candidates) are never created.
//! - [`GroupedSum`]: the same layered sum read by house: summed cells that share a row,
//!   column or region form one layer whose value is their digit sum (one-hot over digit
//!   sets, [`grouped`]), so no partial sum counts a repeated digit in a house (arrows,
//!   double arrows, the parts of [`EqualSums::build_in`]).
//! - [`EqualSums`]: groups of cells that all have the same sum (zipper lines, region-sum
//!   lines), optionally equal to a centre cell's digit.
//! - [`implied`]: redundant sums that killer cages and house totals imply together
//!   ("innies and outies").
//!
//! # CNF shape of a weighted sum
//! Layer `i` holds s(i,v) = "the first `i` terms sum to `v`"; the clauses are those of
//! [`mdd`]: `s(i,v) ∧ x(c_i,d) -> s(i+1, v + w_i·d)`, `s(i+1,u) ∧ x(c_i,d) -> s(i, u - w_i·d)`,
//! node and digit supports, and at least one state per layer. A total that is a cell's digit
//! is the term `(cell, -1)` read first, with total 0.

pub mod distinct;
pub mod grouped;
pub mod implied;
pub mod mdd;

pub use distinct::{digit_sets, distinct_sum, selector_sum, SELECTOR_LIMIT};
pub use grouped::GroupedSum;
pub use mdd::{Layered, Mdd, Shortcut};

use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Digit, Mask, Shape};

/// The right-hand side of a weighted sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Total {
    /// The sum is this value.
    Value(i64),
    /// The sum is one of these values.
    OneOf(Vec<i64>),
    /// The sum is the digit in this cell (not one of the summed cells).
    DigitOf(Cell),
}

/// The layered prefix-sum diagram of `Σ w·digit(cell) = total` over `terms` (cells distinct),
/// reading the candidates from `cands`.
pub fn sum_mdd(terms: &[(Cell, i64)], total: &Total, cands: impl Fn(Cell) -> Mask) -> Mdd<i64> {
    let (all, allowed) = with_total(terms, total);
    let cells: Vec<Cell> = all.iter().map(|&(c, _)| c).collect();
    let masks: Vec<Mask> = cells.iter().map(|&c| cands(c)).collect();
    let mut mdd = prefix_sums(masks, |i, d| all[i].1 * d.get() as i64, &allowed);
    mdd.set_cells(&cells);
    mdd
}

/// `terms` with the total's cell read first (weight −1), and the sums allowed for them
/// (sorted, without repeats): `Σ = total` becomes `Σ ∈ allowed`.
fn with_total(terms: &[(Cell, i64)], total: &Total) -> (Vec<(Cell, i64)>, Vec<i64>) {
    let mut all: Vec<(Cell, i64)> = Vec::with_capacity(terms.len() + 1);
    let mut allowed: Vec<i64> = match total {
        Total::Value(v) => vec![*v],
        Total::OneOf(vs) => vs.clone(),
        Total::DigitOf(c) => {
            all.push((*c, -1));
            vec![0]
        }
    };
    all.extend_from_slice(terms);
    allowed.sort_unstable();
    allowed.dedup();
    (all, allowed)
}

/// The layered prefix sums of layers that each add `value(i, d)` for one choice `d` of
/// `masks[i]`, accepting the sums in `allowed` (sorted); a layer without choices, or no
/// allowed sum, gives the empty diagram.
fn prefix_sums(masks: Vec<Mask>, value: impl Fn(usize, Digit) -> i64, allowed: &[i64]) -> Mdd<i64> {
    let (Some(&lo), Some(&hi)) = (allowed.first(), allowed.last()) else {
        return Mdd::build_layers(masks, 0, |_, _, _| None, |_| false);
    };
    // rest[i] = (least, most) that layers i.. can add with their choices
    let mut rest: Vec<(i64, i64)> = vec![(0, 0); masks.len() + 1];
    for (i, &m) in masks.iter().enumerate().rev() {
        let (a, b) = digits(m)
            .map(|d| value(i, d))
            .fold((i64::MAX, i64::MIN), |(a, b), v| (a.min(v), b.max(v)));
        let (a, b) = if m == 0 { (0, 0) } else { (a, b) };
        rest[i] = (rest[i + 1].0 + a, rest[i + 1].1 + b);
    }
    Mdd::build_layers(
        masks,
        0i64,
        |i, &v, d| {
            // keep v + value only if the remaining layers can still bring it into [lo, hi]
            let u = v + value(i, d);
            let (least, most) = rest[i + 1];
            (u + least <= hi && u + most >= lo).then_some(u)
        },
        |v| allowed.binary_search(v).is_ok(),
    )
}

/// Encodes `Σ w·digit(cell) = total` over `terms` (cells distinct; digits may repeat).
pub fn weighted_sum(enc: &mut Encoder, terms: &[(Cell, i64)], total: &Total) {
    sum_mdd(terms, total, |c| enc.candidates(c)).encode(enc);
}

/// The sums the digits of `cells` can reach with candidates `cands`, ascending.
pub fn reachable_sums(cells: &[Cell], cands: impl Fn(Cell) -> Mask) -> Vec<i64> {
    let mut reach: Vec<bool> = vec![true];
    for &c in cells {
        let m = cands(c);
        let top = digits(m).last().map_or(0, Digit::get);
        let mut next = vec![false; reach.len() + top];
        for (s, _) in reach.iter().enumerate().filter(|(_, &r)| r) {
            for d in digits(m) {
                next[s + d.get()] = true;
            }
        }
        reach = next;
    }
    (0..reach.len() as i64)
        .filter(|&s| reach[s as usize])
        .collect()
}

/// Groups of cells ("parts") whose digit sums are all equal, and equal to the digit of a
/// centre cell if there is one.
///
/// Each part is a layered sum restricted to the sums every part (and the centre) can reach;
/// its final states (one per sum) are tied to the reference: the centre's digit variables,
/// or else the first part's final states, by `s_k(v) <-> ref(v)`.
#[derive(Clone, Debug)]
pub struct EqualSums {
    parts: Vec<GroupedSum>,
    centre: Option<Cell>,
    common: Vec<i64>,
}

impl EqualSums {
    /// Builds the diagrams of `parts` (cells distinct across all parts and the centre), each
    /// a plain layered sum read cell by cell.
    pub fn build(
        parts: &[Vec<Cell>],
        centre: Option<Cell>,
        cands: impl Fn(Cell) -> Mask,
    ) -> EqualSums {
        EqualSums::build_with(|_, _| false, parts, centre, cands)
    }

    /// [`EqualSums::build`] with each part a [`GroupedSum`] over the houses of `shape`: the
    /// cells of a part that share a row, column or region are read as one digit-set sum
    /// (a region-sum segment, inside one region, is a single one).
    pub fn build_in(
        shape: &Shape,
        parts: &[Vec<Cell>],
        centre: Option<Cell>,
        cands: impl Fn(Cell) -> Mask,
    ) -> EqualSums {
        EqualSums::build_with(|a, b| shape.must_differ(a, b), parts, centre, cands)
    }

    fn build_with(
        sees: impl Fn(Cell, Cell) -> bool,
        parts: &[Vec<Cell>],
        centre: Option<Cell>,
        cands: impl Fn(Cell) -> Mask,
    ) -> EqualSums {
        let mut common: Option<Vec<i64>> =
            centre.map(|c| digits(cands(c)).map(|d| d.get() as i64).collect());
        for p in parts {
            let r = reachable_sums(p, &cands);
            common = Some(match common {
                None => r,
                Some(c) => c
                    .into_iter()
                    .filter(|v| r.binary_search(v).is_ok())
                    .collect(),
            });
        }
        let common = common.unwrap_or_default();
        let total = Total::OneOf(common.clone());
        let parts = parts
            .iter()
            .map(|p| {
                let terms: Vec<(Cell, i64)> = p.iter().map(|&c| (c, 1)).collect();
                GroupedSum::build_with(&sees, &terms, &total, &cands)
            })
            .collect();
        EqualSums {
            parts,
            centre,
            common,
        }
    }

    /// The sums every part (and the centre) can reach.
    pub fn common(&self) -> &[i64] {
        &self.common
    }

    /// Removes digits that lie on no sum in [`EqualSums::common`] (sound, unary).
    pub fn restrict(&self, n: usize, cands: &mut [Mask]) {
        for p in &self.parts {
            p.restrict(n, cands);
        }
        if let Some(c) = self.centre {
            // `n` is the row stride here: any digit a mask can hold may be the centre's
            let keep = self
                .common
                .iter()
                .filter(|&&v| v >= 1 && v <= Mask::BITS as i64);
            cands[c.position(n)] &= keep.fold(0, |m, &v| m | Digit::new(v as usize).bit());
        }
    }

    /// Writes the clauses. Build with `|c| enc.candidates(c)`.
    pub fn encode(&self, enc: &mut Encoder) {
        if self.parts.len() + usize::from(self.centre.is_some()) < 2 {
            // one sum alone: nothing to compare
            return;
        }
        if self.common.is_empty() {
            // The parts can never have one sum: unsatisfiable.
            enc.clause([]);
            return;
        }
        let n = enc.value_count() as i64;
        let mut parts = self.parts.iter();
        let reference: Vec<(i64, Term)> = match self.centre {
            Some(c) => {
                for d in digits(enc.candidates(c)) {
                    if self.common.binary_search(&(d.get() as i64)).is_err() {
                        // ¬x(centre,d): no part can sum to d
                        enc.clause([!enc.x(c, d)]);
                    }
                }
                self.common
                    .iter()
                    .filter(|&&v| v >= 1 && v <= n)
                    .map(|&v| (v, enc.x(c, Digit::new(v as usize))))
                    .collect()
            }
            None => {
                let first = parts.next().expect("EqualSums needs a part or a centre");
                first
                    .finals()
                    .iter()
                    .copied()
                    .zip(first.encode(enc))
                    .collect()
            }
        };
        let find = |list: &[(i64, Term)], v: i64| {
            list.iter().find(|p| p.0 == v).map_or(Term::False, |p| p.1)
        };
        for p in parts {
            let finals: Vec<(i64, Term)> = p.finals().iter().copied().zip(p.encode(enc)).collect();
            for &v in &self.common {
                let (a, b) = (find(&reference, v), find(&finals, v));
                // ref(v) -> s_k(v);  s_k(v) -> ref(v)
                enc.clause([!a, b]);
                enc.clause([a, !b]);
            }
        }
    }
}

#[cfg(test)]
mod tests;
