//! All-different cells with a fixed sum (killer cages): one selector per allowed digit set.
//!
//! The digit sets are enumerated over the cells' current candidates: sets of `k` distinct
//! digits (`k` = number of cells) with the right sum that can be placed on the cells, each
//! cell taking one of its candidates (a perfect matching exists).
//!
//! # CNF shape
//! With sets `D_1 … D_m` and a selector `S_j` per set:
//! - `S_1 ∨ … ∨ S_m` (at least one set is used);
//! - `S_j -> OR_c x(c,d)` for each `d` in `D_j` (each digit of the set appears in the cage);
//! - `x(c,d) -> OR { S_j : d ∈ D_j }` (a digit is only used with a set that holds it) for a
//!   digit in some sets but not all (for a digit in every set it is `S_1 ∨ … ∨ S_m` again),
//!   and `¬x(c,d)` for a digit in no set;
//! - `OR_c x(c,d)` for a digit in every set (implied, but unit propagation uses it at once);
//! - forced digits: `OR_c x(c,d) ∨ OR { S_j : d ∉ D_j }` for a digit in some sets but not all
//!   (implied: once the sets without `d` are all false, the set left holds `d`; unit
//!   propagation sees it only with this clause, and then places a digit that has one cell
//!   left in the cage).
//!
//! With one set there are no selectors: its digits appear, all others are false. `k` digits
//! that each appear in `k` cells fill them one to one, so the encoding forces the cells
//! all-different by itself; callers still declare the cage a distinct group, so the
//! simplifier and the pairwise at-most-one clauses see it. No set: the empty clause.
//!
//! RESEARCH.md ("Sums"): on 100 random 9×9 killers this solved ~50× faster than a totalizer
//! or adder and ~3× faster than layered prefix sums. The number of sets grows fast on big
//! grids (C(16,8) = 12,870 for an 8-cell cage of 16×16), so past [`SELECTOR_LIMIT`] sets
//! [`distinct_sum`] uses the layered sum of [`super::weighted_sum`] instead, which relies on
//! the caller's all-different clauses.

use super::{weighted_sum, Total};
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Digit, Mask};

/// The most digit sets [`distinct_sum`] encodes with selectors.
pub const SELECTOR_LIMIT: usize = 256;

/// The sum of all-different `cells` is `sum`: selectors per digit set, or a layered sum when
/// there are more than [`SELECTOR_LIMIT`] sets. The cells must also be all-different by the
/// caller's clauses (a distinct group); the selector encoding implies it anyway.
pub fn distinct_sum(enc: &mut Encoder, cells: &[Cell], sum: usize) {
    distinct_sum_up_to(enc, cells, sum, SELECTOR_LIMIT);
}

/// [`distinct_sum`] with selectors for at most `limit` digit sets.
pub(super) fn distinct_sum_up_to(enc: &mut Encoder, cells: &[Cell], sum: usize, limit: usize) {
    let cands: Vec<Mask> = cells.iter().map(|&c| enc.candidates(c)).collect();
    match digit_sets(&cands, sum, limit) {
        Some(sets) => selector_sum(enc, cells, &sets),
        None => {
            let terms: Vec<(Cell, i64)> = cells.iter().map(|&c| (c, 1)).collect();
            weighted_sum(enc, &terms, &Total::Value(sum as i64));
        }
    }
}

/// The selector encoding (module docs) for the digit sets `sets` of `cells`, e.g. from
/// [`digit_sets`]. Each set must have as many digits as there are cells.
pub fn selector_sum(enc: &mut Encoder, cells: &[Cell], sets: &[Mask]) {
    if sets.is_empty() {
        // No set of distinct digits makes the sum: unsatisfiable.
        enc.clause([]);
        return;
    }
    let implied = Implied {
        cell_support: false,
        forced_digits: true,
    };
    selector_clauses(enc, cells, sets, implied);
}

/// Which implied clause families [`selector_clauses`] adds to the selector encoding.
#[derive(Clone, Copy, Debug)]
pub(super) struct Implied {
    /// `S_j -> OR_{d ∈ D_j} x(c,d)` for every cell: a placed digit rules out the sets without
    /// it (what a grouped sum needs to tell its layer's value early).
    pub cell_support: bool,
    /// `AND { ¬S_j : d ∉ D_j } -> OR_c x(c,d)`: once every set left holds d, d appears.
    pub forced_digits: bool,
}

/// The selector clauses (module docs) for the digit sets `sets` of `cells`, plus the
/// `implied` families; returns each set's selector (`Term::True` for a single set, none
/// for no set — the caller decides what no set means).
pub(super) fn selector_clauses(
    enc: &mut Encoder,
    cells: &[Cell],
    sets: &[Mask],
    implied: Implied,
) -> Vec<Term> {
    let any = sets.iter().fold(0, |m, &s| m | s);
    let every = sets.iter().fold(any, |m, &s| m & s);
    for &c in cells {
        for d in digits(enc.candidates(c) & !any) {
            // ¬x(c,d): d is in no set
            enc.clause([!enc.x(c, d)]);
        }
    }
    let appears =
        |enc: &Encoder, d: Digit| -> Vec<Term> { cells.iter().map(|&c| enc.x(c, d)).collect() };
    for d in digits(every) {
        // OR_c x(c,d): d is in every set
        let c = appears(enc, d);
        enc.clause(c);
    }
    if sets.len() <= 1 {
        return sets.iter().map(|_| Term::True).collect();
    }
    let sel: Vec<Term> = sets.iter().map(|_| Term::Lit(enc.new_lit())).collect();
    // S_1 ∨ … ∨ S_m
    enc.clause(sel.iter().copied());
    for (j, &set) in sets.iter().enumerate() {
        for d in digits(set & !every) {
            // S_j -> OR_c x(c,d)
            let mut c = vec![!sel[j]];
            c.extend(appears(enc, d));
            enc.clause(c);
        }
    }
    if implied.cell_support {
        for (&set, &s) in sets.iter().zip(&sel) {
            for &c in cells {
                // S_j -> OR_{d ∈ D_j} x(c,d)
                let mut clause = vec![!s];
                clause.extend(digits(set & enc.candidates(c)).map(|d| enc.x(c, d)));
                enc.clause(clause);
            }
        }
    }
    if implied.forced_digits {
        for d in digits(any & !every) {
            // AND { ¬S_j : d ∉ D_j } -> OR_c x(c,d): once every set left holds d, d appears
            // (implied by the clauses above, but only through resolution)
            let mut c = appears(enc, d);
            c.extend(
                sets.iter()
                    .zip(&sel)
                    .filter(|(&set, _)| set & d.bit() == 0)
                    .map(|(_, &s)| s),
            );
            enc.clause(c);
        }
    }
    for &c in cells {
        for d in digits(enc.candidates(c) & any & !every) {
            // x(c,d) -> OR { S_j : d ∈ D_j }
            let mut clause = vec![!enc.x(c, d)];
            clause.extend(
                sets.iter()
                    .zip(&sel)
                    .filter(|(&set, _)| set & d.bit() != 0)
                    .map(|(_, &s)| s),
            );
            enc.clause(clause);
        }
    }
    sel
}

/// The sets of `cands.len()` distinct digits summing to `sum` that fit cells with these
/// candidates (one digit per cell, from its candidates). `None` when more than `limit` sets
/// have the right sum (before the fit test), so the caller can choose another encoding.
pub fn digit_sets(cands: &[Mask], sum: usize, limit: usize) -> Option<Vec<Mask>> {
    let union = cands.iter().fold(0, |m, &c| m | c);
    let avail: Vec<usize> = digits(union).map(Digit::get).collect();
    let mut prefix = vec![0usize; avail.len() + 1];
    for (i, &d) in avail.iter().enumerate() {
        prefix[i + 1] = prefix[i] + d;
    }
    let mut found: Vec<Mask> = Vec::new();
    let ok = choose(&avail, &prefix, 0, cands.len(), sum, 0, limit, &mut found);
    if !ok {
        return None;
    }
    found.retain(|&set| fits(cands, set));
    Some(found)
}

/// Adds to `found` the `r`-subsets of `avail[start..]` summing to `rest`, on top of `mask`;
/// false once more than `limit` are found.
#[allow(clippy::too_many_arguments)]
fn choose(
    avail: &[usize],
    prefix: &[usize],
    start: usize,
    r: usize,
    rest: usize,
    mask: Mask,
    limit: usize,
    found: &mut Vec<Mask>,
) -> bool {
    if r == 0 {
        if rest == 0 {
            found.push(mask);
            return found.len() <= limit;
        }
        return true;
    }
    let len = avail.len();
    if len - start < r {
        return true;
    }
    // the r smallest and the r largest of what is left bound the reachable sums
    let min = prefix[start + r] - prefix[start];
    let max = prefix[len] - prefix[len - r];
    if rest < min || rest > max {
        return true;
    }
    for i in start..=len - r {
        let d = avail[i];
        if d > rest {
            break;
        }
        let bit = Digit::new(d).bit();
        if !choose(
            avail,
            prefix,
            i + 1,
            r - 1,
            rest - d,
            mask | bit,
            limit,
            found,
        ) {
            return false;
        }
    }
    true
}

/// Whether each cell can take a different digit of `set` from its candidates (a perfect
/// matching, by augmenting paths).
fn fits(cands: &[Mask], set: Mask) -> bool {
    fn augment(
        cell: usize,
        cands: &[Mask],
        set: Mask,
        seen: &mut Mask,
        owner: &mut [usize],
    ) -> bool {
        for d in digits(cands[cell] & set & !*seen) {
            *seen |= d.bit();
            let o = owner[d.index()];
            if o == usize::MAX || augment(o, cands, set, seen, owner) {
                owner[d.index()] = cell;
                return true;
            }
        }
        false
    }
    let mut owner = vec![usize::MAX; 64];
    (0..cands.len()).all(|cell| {
        let mut seen = 0;
        augment(cell, cands, set, &mut seen, &mut owner)
    })
}
