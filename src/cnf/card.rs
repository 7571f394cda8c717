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

/// At least `k` of `terms` are true.
///
/// Constant terms are folded first. When few subsets are involved, every set of m−k+1 open
/// terms gets a clause (one of them is true); otherwise a sequential counter (Sinz 2005)
/// over the negated terms says at most m−k of them are false: s(i,j) = "at least j of the
/// first i terms are false", `s(i-1,j) -> s(i,j)`, `!t_i ∧ s(i-1,j-1) -> s(i,j)`,
/// `!t_i ∧ s(i-1,m-k) -> false`.
pub fn at_least_k(enc: &mut Encoder, terms: &[Term], k: usize) {
    let already = terms.iter().filter(|&&t| t == Term::True).count();
    let Some(k) = k.checked_sub(already).filter(|&k| k > 0) else {
        return;
    };
    let open: Vec<Term> = terms
        .iter()
        .copied()
        .filter(|t| matches!(t, Term::Lit(_)))
        .collect();
    let m = open.len();
    if k > m {
        // not enough terms left: unsatisfiable
        enc.clause([]);
        return;
    }
    let r = m - k; // how many may be false
    if binomial(m, r + 1) <= 64 {
        // every set of r+1 terms holds a true one
        let mut pick: Vec<usize> = (0..=r).collect();
        loop {
            enc.clause(pick.iter().map(|&i| open[i]));
            // next combination of r+1 indices out of m
            let Some(i) = (0..=r).rev().find(|&i| pick[i] < m - (r + 1) + i) else {
                break;
            };
            pick[i] += 1;
            for j in i + 1..=r {
                pick[j] = pick[j - 1] + 1;
            }
        }
        return;
    }
    // s[j] for the prefix so far: "at least j of the terms seen are false", j in 1..=r
    let mut prev: Vec<Term> = vec![Term::False; r + 1];
    prev[0] = Term::True;
    for &t in &open {
        let f = !t; // "this term is false"
                    // f ∧ s(i-1,r) -> false
        enc.clause([!f, !prev[r]]);
        let mut cur: Vec<Term> = vec![Term::True; r + 1];
        for j in 1..=r {
            let s = Term::Lit(enc.new_lit());
            // s(i-1,j) -> s(i,j)
            enc.implies(prev[j], s);
            // f ∧ s(i-1,j-1) -> s(i,j)
            enc.clause([!f, !prev[j - 1], s]);
            cur[j] = s;
        }
        prev = cur;
    }
}

fn binomial(m: usize, k: usize) -> usize {
    let k = k.min(m - k);
    (0..k).fold(1usize, |b, i| b.saturating_mul(m - i) / (i + 1))
}

/// A sequential counter over `xs`, at most `most` of them true (a clause says so): returns
/// `t[j-1]` ⟺ "at least j of `xs` are true", for j = 1..=most (both directions, so two
/// counters can be equated, as `same-values` does). `s(i,j)`: at least j of the first i;
/// constant where it is known (j > i, or a constant term), so no variable is made for it.
pub fn counts(enc: &mut Encoder, xs: &[Term], most: usize) -> Vec<Term> {
    // s(0,0) true, s(0,j) false
    let mut prev: Vec<Term> = (0..=most).map(|j| Term::from(j == 0)).collect();
    for &x in xs {
        // never more than `most`: s(i-1,most) -> !x (the rows already say so; this says it
        // to the counter, which then propagates)
        enc.clause([!prev[most], !x]);
        let next: Vec<Term> = match x {
            Term::False => prev.clone(),
            Term::True => (0..=most)
                .map(|j| if j == 0 { Term::True } else { prev[j - 1] })
                .collect(),
            Term::Lit(_) => {
                let mut next = vec![Term::True];
                for j in 1..=most {
                    if prev[j - 1] == Term::False {
                        next.push(Term::False);
                        continue;
                    }
                    let s = Term::from(enc.new_lit());
                    // s(i-1,j) -> s(i,j);  s(i-1,j-1) ∧ x -> s(i,j)
                    enc.clause([!prev[j], s]);
                    enc.clause([!prev[j - 1], !x, s]);
                    // s(i,j) -> s(i-1,j) ∨ x;  s(i,j) -> s(i-1,j-1)
                    enc.clause([!s, prev[j], x]);
                    enc.clause([!s, prev[j - 1]]);
                    next.push(s);
                }
                next
            }
        };
        prev = next;
    }
    prev.split_off(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseList;
    use crate::cnf::ClauseSink;
    use crate::engine::{Engine, Lit};
    use crate::geometry::full_mask;

    /// For every assignment of `m` terms, whether the clauses allow it (auxiliaries
    /// existentially quantified: asked of the SAT solver under assumptions).
    fn allowed(m: usize, k: usize) -> Vec<bool> {
        let cands = vec![full_mask(1); 1];
        let mut list = ClauseList::default();
        let lits: Vec<Lit> = {
            let shape = crate::geometry::Shape::new(1).unwrap();
            let mut enc = Encoder::new(&shape, &cands, &mut list);
            let lits: Vec<Lit> = (0..m).map(|_| enc.new_lit()).collect();
            let terms: Vec<Term> = lits.iter().map(|&l| Term::Lit(l)).collect();
            at_least_k(&mut enc, &terms, k);
            lits
        };
        let mut solver = Engine::default().solver().unwrap();
        for c in &list.clauses {
            ClauseSink::add_clause(&mut solver, c);
        }
        (0..1usize << m)
            .map(|bits| {
                let assume: Vec<Lit> = (0..m)
                    .map(|i| {
                        if bits >> i & 1 == 1 {
                            lits[i]
                        } else {
                            !lits[i]
                        }
                    })
                    .collect();
                solver.assume(&assume);
                solver.solve().unwrap()
            })
            .collect()
    }

    #[test]
    fn at_least_k_is_exact_in_both_encodings() {
        // m = 4 uses subsets; m = 9, k = 5 (C(9,5) = 126 subsets) uses the counter.
        assert!(binomial(9, 5) > 64 && binomial(4, 3) <= 64);
        for (m, k) in [(4, 0), (4, 1), (4, 2), (4, 4), (4, 5), (9, 5), (9, 7)] {
            let got = allowed(m, k);
            for (bits, ok) in got.iter().enumerate() {
                assert_eq!(*ok, bits.count_ones() as usize >= k, "m={m} k={k} {bits:b}");
            }
        }
    }
}
