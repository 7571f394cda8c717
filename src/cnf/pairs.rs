//! Binary relations between two cells, in the support encoding: for each digit `i` of `a`,
//! `x(a,i) -> OR { x(b,j) : rel(i,j) }`, and the same from `b`'s side. Unit propagation then
//! removes every digit that has no partner left (arc consistency), with 2N clauses instead of
//! the up to N² of forbidden pairs.

use super::{Encoder, Term};
use crate::geometry::{Cell, Digit};

/// Encodes `rel(digit of a, digit of b)` (digits 1-based in the closure).
pub fn relation(enc: &mut Encoder, a: Cell, b: Cell, rel: impl Fn(usize, usize) -> bool) {
    supports(enc, a, b, &rel);
    supports(enc, b, a, &|j, i| rel(i, j));
}

fn supports(enc: &mut Encoder, a: Cell, b: Cell, rel: &dyn Fn(usize, usize) -> bool) {
    let n = enc.value_count();
    let mut terms: Vec<Term> = Vec::with_capacity(n + 1);
    for i in 1..=n {
        let xa = enc.x(a, Digit::new(i));
        if xa == Term::False {
            continue;
        }
        terms.clear();
        // x(a,i) -> OR_j x(b,j) with rel(i,j)
        terms.push(!xa);
        terms.extend(
            (1..=n)
                .filter(|&j| rel(i, j))
                .map(|j| enc.x(b, Digit::new(j))),
        );
        enc.clause(terms.iter().copied());
    }
}

/// Forbids the pairs `forbid(i, j)` directly: `!x(a,i) ∨ !x(b,j)`. Better than
/// [`relation`] when only a few pairs are excluded (e.g. "not consecutive").
pub fn forbid(enc: &mut Encoder, a: Cell, b: Cell, forbid: impl Fn(usize, usize) -> bool) {
    let n = enc.value_count();
    for i in 1..=n {
        let xa = enc.x(a, Digit::new(i));
        if xa == Term::False {
            continue;
        }
        for j in (1..=n).filter(|&j| forbid(i, j)) {
            // x(a,i) -> !x(b,j)
            enc.clause([!xa, !enc.x(b, Digit::new(j))]);
        }
    }
}

/// `a` and `b` hold the same digit: `x(a,d) -> x(b,d)` and `x(b,d) -> x(a,d)`.
pub fn equal(enc: &mut Encoder, a: Cell, b: Cell) {
    if a == b {
        return;
    }
    let n = enc.value_count();
    for d in 1..=n {
        let (xa, xb) = (enc.x(a, Digit::new(d)), enc.x(b, Digit::new(d)));
        // x(a,d) -> x(b,d)
        enc.implies(xa, xb);
        // x(b,d) -> x(a,d)
        enc.implies(xb, xa);
    }
}
