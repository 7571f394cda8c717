//! Distinct-aware weighted sums: the summed cells that share a row, column or region cannot
//! repeat a digit, so they are read together as one term whose value is their digit sum.
//!
//! [`GroupedSum`] splits the terms of `Σ w·digit(cell) = total` into groups of cells with
//! the same weight that pairwise share a house (a little-killer diagonal's cells in one box,
//! an arrow's cells in one row), and builds the layered prefix sum of [`super::sum_mdd`] over
//! the groups instead of the cells: layer `i` adds `w·Σ group i`. A group's sum is a one-hot
//! choice among the digit sums of the sets of distinct digits its cells can hold, so the
//! partial sums never count a repeat inside a house, and unit propagation knows that two
//! cells of one box on a diagonal cannot both be 1.
//!
//! # CNF shape of a group
//! With the digit sets `D_1 … D_m` that fit the cells (as for a killer cage,
//! [`super::digit_sets`]) and whose sum is live in the diagram, a selector `S_j` per set and
//! a term g(v) per live group sum v:
//! - `S_1 ∨ … ∨ S_m`; `S_j -> OR_c x(c,d)` for each `d` of `D_j`;
//! - `x(c,d) -> OR { S_j : d ∈ D_j }` (`¬x(c,d)` for a digit in no set; nothing for a digit
//!   in every set, which gets `OR_c x(c,d)` instead);
//! - `S_j -> g(ΣD_j)` and `g(v) -> OR { S_j : ΣD_j = v }` (g(v) is `S_j` itself when one set
//!   has sum v, true when all do).
//!
//! The cells of a group are all-different by the house clauses, so exactly one selector and
//! one g(v) hold in every model: the g(v) are one-hot, as the diagram's inputs must be
//! ([`Mdd::encode_with`]). A group of one cell is the cell's own digits, weighted.

use super::distinct::{selector_clauses, Implied};
use super::{digit_sets, prefix_sums, with_total, Mdd, Total, SELECTOR_LIMIT};
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Digit, Mask, Shape};

/// One layer of a [`GroupedSum`]: a single cell, or cells that must differ.
#[derive(Clone, Debug)]
enum Layer {
    /// A cell and its weight; choice `d` is the digit `d`.
    One(Cell, i64),
    /// All-different cells of one weight, read as their digit sum.
    Group(Group),
}

/// Cells that pairwise share a house and have the same weight.
#[derive(Clone, Debug)]
struct Group {
    cells: Vec<Cell>,
    weight: i64,
    /// The sets of `cells.len()` distinct digits that fit the cells' candidates.
    sets: Vec<Mask>,
    /// Index into `sums` of each set's digit sum.
    sum_of: Vec<usize>,
    /// The digit sums of the sets, ascending, without repeats: choice `k` is `sums[k]`.
    sums: Vec<i64>,
}

/// `Σ w·digit(cell) = total` as a layered prefix sum over groups of all-different cells
/// (module docs).
#[derive(Clone, Debug)]
pub struct GroupedSum {
    layers: Vec<Layer>,
    mdd: Mdd<i64>,
}

/// `C(n, k)`, saturating at `u64::MAX`.
fn binomial(n: usize, k: usize) -> u64 {
    (0..k.min(n.saturating_sub(k))).fold(1u64, |acc, i| {
        acc.saturating_mul((n - i) as u64) / (i as u64 + 1)
    })
}

impl GroupedSum {
    /// Groups the terms (cells distinct) by house and builds the diagram with the candidates
    /// `cands`. Build with `|c| enc.candidates(c)` to encode.
    pub fn build(
        shape: &Shape,
        terms: &[(Cell, i64)],
        total: &Total,
        cands: impl Fn(Cell) -> Mask,
    ) -> GroupedSum {
        GroupedSum::build_with(|a, b| shape.must_differ(a, b), terms, total, cands)
    }

    /// [`GroupedSum::build`] where `sees(a, b)` says whether cells `a` and `b` must differ
    /// (never: the plain layered sum of [`super::sum_mdd`], cell by cell).
    pub(super) fn build_with(
        sees: impl Fn(Cell, Cell) -> bool,
        terms: &[(Cell, i64)],
        total: &Total,
        cands: impl Fn(Cell) -> Mask,
    ) -> GroupedSum {
        let (all, allowed) = with_total(terms, total);
        // Greedy: each open cell joins the first group of its weight whose cells it all sees,
        // while the group's digit sets stay few (at most SELECTOR_LIMIT k-subsets of the
        // candidates, at most 64 distinct sums: one choice bit each).
        let mut parts: Vec<(Vec<Cell>, i64, Mask)> = Vec::new();
        for &(cell, w) in &all {
            let m = cands(cell);
            let fits = |(cells, weight, union): &(Vec<Cell>, i64, Mask)| {
                let (u, k) = ((union | m).count_ones() as usize, cells.len() + 1);
                *weight == w
                    && m.count_ones() > 1
                    && cands(cells[0]).count_ones() > 1
                    && cells.iter().all(|&c| sees(c, cell))
                    && binomial(u, k) <= SELECTOR_LIMIT as u64
                    && k * (u - k.min(u)) < 64
            };
            match parts.iter_mut().find(|p| fits(p)) {
                Some(p) => {
                    p.0.push(cell);
                    p.2 |= m;
                }
                None => parts.push((vec![cell], w, m)),
            }
        }
        let layers: Vec<Layer> = parts
            .into_iter()
            .map(|(cells, weight, _)| match cells[..] {
                [c] => Layer::One(c, weight),
                _ => Layer::Group(Group::new(cells, weight, &cands)),
            })
            .collect();
        let masks: Vec<Mask> = layers
            .iter()
            .map(|l| match l {
                Layer::One(c, _) => cands(*c),
                Layer::Group(g) => g.sum_of.iter().fold(0, |m, &k| m | 1 << k),
            })
            .collect();
        let mdd = prefix_sums(
            masks,
            |i, d| match &layers[i] {
                Layer::One(_, w) => w * d.get() as i64,
                Layer::Group(g) => g.weight * g.sums[d.index()],
            },
            &allowed,
        );
        GroupedSum { layers, mdd }
    }

    /// The live totals (for a [`Total::DigitOf`], 0).
    pub fn finals(&self) -> &[i64] {
        self.mdd.finals()
    }

    /// Removes from `cands` (row-major, side `n`) every digit on no accepted reading: a
    /// cell's digit is kept if it lies in a set of live sum that the group's cells can hold
    /// with the cell taking it.
    pub fn restrict(&self, n: usize, cands: &mut [Mask]) {
        for (i, layer) in self.layers.iter().enumerate() {
            let live = self.mdd.supported(i);
            match layer {
                Layer::One(c, _) => cands[c.position(n)] &= live,
                Layer::Group(g) => {
                    let masks: Vec<Mask> = g.cells.iter().map(|c| cands[c.position(n)]).collect();
                    let mut keep: Vec<Mask> = vec![0; g.cells.len()];
                    for (&set, &k) in g.sets.iter().zip(&g.sum_of) {
                        if live & (1 << k) != 0 {
                            for (kept, got) in keep.iter_mut().zip(placements(&masks, set)) {
                                *kept |= got;
                            }
                        }
                    }
                    for (c, kept) in g.cells.iter().zip(keep) {
                        cands[c.position(n)] &= kept;
                    }
                }
            }
        }
    }

    /// Writes the clauses and returns the terms of the final states, parallel to
    /// [`GroupedSum::finals`]. Empty diagram: the empty clause.
    pub fn encode(&self, enc: &mut Encoder) -> Vec<Term> {
        if self.mdd.is_empty() {
            return self.mdd.encode_with(enc, |_, _, _| Term::False);
        }
        let inputs: Vec<Vec<Term>> = self
            .layers
            .iter()
            .enumerate()
            .map(|(i, l)| match l {
                Layer::One(..) => Vec::new(),
                Layer::Group(g) => g.encode(enc, self.mdd.supported(i)),
            })
            .collect();
        self.mdd
            .encode_with(enc, |enc, i, d| match &self.layers[i] {
                Layer::One(c, _) => enc.x(*c, d),
                Layer::Group(_) => inputs[i][d.index()],
            })
    }
}

impl Group {
    fn new(cells: Vec<Cell>, weight: i64, cands: impl Fn(Cell) -> Mask) -> Group {
        let masks: Vec<Mask> = cells.iter().map(|&c| cands(c)).collect();
        let union = masks.iter().fold(0, |m, &c| m | c);
        let k = cells.len();
        let ds: Vec<usize> = digits(union).map(Digit::get).collect();
        let lo: usize = ds.iter().take(k).sum();
        let hi: usize = ds.iter().rev().take(k).sum();
        let (mut sets, mut sum_of, mut sums) = (Vec::new(), Vec::new(), Vec::new());
        for s in lo..=hi {
            // at most C(|union|, k) <= SELECTOR_LIMIT sets in all (GroupedSum::build)
            let found = digit_sets(&masks, s, SELECTOR_LIMIT).expect("few digit sets");
            if !found.is_empty() {
                sum_of.extend(std::iter::repeat_n(sums.len(), found.len()));
                sets.extend(found);
                sums.push(s as i64);
            }
        }
        Group {
            cells,
            weight,
            sets,
            sum_of,
            sums,
        }
    }

    /// The clauses of the module docs for the sets whose sum is in `live` (choice bits);
    /// returns g(v) per choice (false for a dead one).
    fn encode(&self, enc: &mut Encoder, live: Mask) -> Vec<Term> {
        let sets: Vec<(Mask, usize)> = self
            .sets
            .iter()
            .copied()
            .zip(self.sum_of.iter().copied())
            .filter(|&(_, k)| live & (1 << k) != 0)
            .collect();
        let masks: Vec<Mask> = sets.iter().map(|&(set, _)| set).collect();
        let implied = Implied {
            cell_support: true,
            forced_digits: false,
        };
        let sel = selector_clauses(enc, &self.cells, &masks, implied);
        let mut g: Vec<Term> = vec![Term::False; self.sums.len()];
        for (k, gk) in g.iter_mut().enumerate() {
            let members: Vec<Term> = sets
                .iter()
                .zip(&sel)
                .filter(|((_, s), _)| *s == k)
                .map(|(_, &t)| t)
                .collect();
            *gk = match members[..] {
                [] => Term::False,
                [t] => t,
                _ if members.len() == sets.len() => Term::True,
                _ => {
                    let v = Term::Lit(enc.new_lit());
                    for &t in &members {
                        // S_j -> g(v)
                        enc.clause([!t, v]);
                    }
                    // g(v) -> OR { S_j : ΣD_j = v }
                    let mut c = vec![!v];
                    c.extend(members);
                    enc.clause(c);
                    v
                }
            };
        }
        g
    }
}

/// Per cell, the digits it takes in some placement of the distinct digits of `set` on cells
/// with candidates `masks` (one digit each, every digit used).
fn placements(masks: &[Mask], set: Mask) -> Vec<Mask> {
    // reach[i]: the digit sets the first i cells can use, as a sorted list
    let mut reach: Vec<Vec<Mask>> = vec![vec![0]];
    for &m in masks {
        let mut next: Vec<Mask> = Vec::new();
        for &used in reach.last().expect("a layer") {
            for d in digits(m & set & !used) {
                next.push(used | d.bit());
            }
        }
        next.sort_unstable();
        next.dedup();
        reach.push(next);
    }
    // backward: a used set is live if it extends to `set`
    let mut live: Vec<Mask> = vec![set];
    let mut out: Vec<Mask> = vec![0; masks.len()];
    for (i, &m) in masks.iter().enumerate().rev() {
        let mut prev: Vec<Mask> = Vec::new();
        for &used in &reach[i] {
            for d in digits(m & set & !used) {
                if live.binary_search(&(used | d.bit())).is_ok() {
                    out[i] |= d.bit();
                    prev.push(used);
                }
            }
        }
        prev.sort_unstable();
        prev.dedup();
        live = prev;
    }
    out
}
