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

/// A relation given as a table, which may be loose (most pairs allowed, as ISS's "Nabner" or
/// "not consecutive" tables) or tight (few, as an odd/even thermometer step): every excluded
/// pair as `!x(a,i) ∨ !x(b,j)` ([`forbid`]), and from each side the support clause of each
/// digit that keeps at most a third of the values as partners. Those short support clauses
/// give unit propagation the arc consistency of a tight step (a chain of rising steps then
/// bounds its cells, as a thermometer does); a loose table's long support clauses were
/// measured to cost more search than they saved (BENCHMARKS.md, "Relations given by a
/// table"), so they are left out.
pub fn table(enc: &mut Encoder, a: Cell, b: Cell, allows: impl Fn(usize, usize) -> bool) {
    forbid(enc, a, b, |i, j| !allows(i, j));
    let most = (enc.value_count() / 3).max(1);
    short_supports(enc, a, b, &allows, most);
    short_supports(enc, b, a, &|j, i| allows(i, j), most);
}

/// The support clauses of [`relation`] for the digits of `a` with at most `most` partners.
fn short_supports(
    enc: &mut Encoder,
    a: Cell,
    b: Cell,
    rel: &dyn Fn(usize, usize) -> bool,
    most: usize,
) {
    let n = enc.value_count();
    for i in 1..=n {
        let xa = enc.x(a, Digit::new(i));
        let partners: Vec<usize> = (1..=n).filter(|&j| rel(i, j)).collect();
        if xa == Term::False || partners.len() > most {
            continue;
        }
        // x(a,i) -> OR_j x(b,j) with rel(i,j): i leaves a when its few partners leave b
        let terms = std::iter::once(!xa).chain(partners.iter().map(|&j| enc.x(b, Digit::new(j))));
        let terms: Vec<Term> = terms.collect();
        enc.clause(terms);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::{cell_var, ClauseList};
    use crate::geometry::Shape;

    /// A rising odd/even step on a 9×9 (b > a, parities differ): a digit with at most three
    /// partners gets its support clause, from either side; one with four does not.
    #[test]
    fn table_writes_the_short_support_clauses() {
        let shape = Shape::new(9).unwrap();
        let cands = vec![0x1ff; 81];
        let mut list = ClauseList::default();
        let (a, b) = (Cell::new(1, 1), Cell::new(1, 2));
        let step = |i: usize, j: usize| j > i && (i + j) % 2 == 1;
        table(&mut Encoder::new(&shape, &cands, &mut list), a, b, step);
        let x = |c: Cell, d: usize| cell_var(9, c, Digit::new(d)).positive();
        // x(a,6) -> x(b,7) ∨ x(b,9)
        assert!(list.clauses.contains(&vec![!x(a, 6), x(b, 7), x(b, 9)]));
        // x(a,8) -> x(b,9); 9 has no partner: !x(a,9)
        assert!(list.clauses.contains(&vec![!x(a, 8), x(b, 9)]));
        assert!(list.clauses.contains(&vec![!x(a, 9)]));
        // from b: x(b,4) -> x(a,1) ∨ x(a,3)
        assert!(list.clauses.contains(&vec![!x(b, 4), x(a, 1), x(a, 3)]));
        // 1 rises to 2, 4, 6 or 8: four partners, no support clause
        assert!(!list.clauses.iter().any(|c| c[0] == !x(a, 1) && c.len() > 2));
        // the excluded pairs are all there: (6, 8) for one
        assert!(list.clauses.contains(&vec![!x(a, 6), !x(b, 8)]));
    }
}
