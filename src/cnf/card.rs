//! Cardinality constraints over folded terms.
//!
//! At-most-one is pairwise: for the ≤ 64 terms of a sudoku house it gives the strongest unit
//! propagation (each true literal immediately falsifies its peers) and varisat handles binary
//! clauses specially, so the quadratic clause count is cheap in practice (see docs/ENCODING.md).

use super::{Encoder, Term};

/// At most one of `terms` is true: `!a ∨ !b` for every pair.
pub fn at_most_one(enc: &mut Encoder, terms: &[Term]) {
    let open: Vec<Term> = terms
        .iter()
        .copied()
        .filter(|t| *t != Term::False)
        .collect();
    for (i, &a) in open.iter().enumerate() {
        for &b in &open[i + 1..] {
            // a -> !b
            enc.clause([!a, !b]);
        }
    }
}

/// At least one of `terms` is true.
pub fn at_least_one(enc: &mut Encoder, terms: &[Term]) {
    enc.clause(terms.iter().copied());
}

/// Exactly one of `terms` is true.
pub fn exactly_one(enc: &mut Encoder, terms: &[Term]) {
    at_least_one(enc, terms);
    at_most_one(enc, terms);
}
