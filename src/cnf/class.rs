//! Digit classes: a literal m(c,S) = "the digit of cell c is in the set S", and "these cells
//! take their digits from different classes" (entropic and modular lines).
//!
//! m(c,S) is defined both ways: `x(c,d) -> m(c,S)` for d in S, and
//! `m(c,S) -> OR { x(c,d) : d in S }`. It folds to a constant when every candidate of c is in
//! S (true) or none is (false).

use super::card::{at_least_one, at_most_one};
use super::{Encoder, Term};
use crate::geometry::{digits, Cell, Mask};

/// "`cell` holds a digit of `set`", defined by its clauses.
pub fn member(enc: &mut Encoder, cell: Cell, set: Mask) -> Term {
    let cands = enc.candidates(cell);
    let inside = cands & set;
    if inside == 0 {
        return Term::False;
    }
    if inside == cands {
        return Term::True;
    }
    let m = Term::Lit(enc.new_lit());
    let mut terms = vec![!m];
    for d in digits(inside) {
        let x = enc.x(cell, d);
        // x(c,d) -> m(c,S)
        enc.implies(x, m);
        terms.push(x);
    }
    // m(c,S) -> OR x(c,d), d in S
    enc.clause(terms);
    m
}

/// The digit class of each cell, as member literals: `classes[k]` is class k's set.
pub fn memberships(enc: &mut Encoder, cells: &[Cell], classes: &[Mask]) -> Vec<Vec<Term>> {
    cells
        .iter()
        .map(|&c| classes.iter().map(|&s| member(enc, c, s)).collect())
        .collect()
}

/// The cells whose memberships are given take digits from pairwise different classes
/// (`m[a][k] -> !m[b][k]`); when there are exactly as many cells as classes, each class is
/// used (`m[a][k] ∨ m[b][k] ∨ …`).
pub fn different_classes(enc: &mut Encoder, members: &[&[Term]]) {
    let Some(first) = members.first() else {
        return;
    };
    let classes = first.len();
    for k in 0..classes {
        let terms: Vec<Term> = members.iter().map(|m| m[k]).collect();
        // m(a,k) -> !m(b,k)
        at_most_one(enc, &terms);
        if members.len() == classes {
            // as many cells as classes: class k appears
            at_least_one(enc, &terms);
        }
    }
}
