//! The filling of a sandwich as a set of digits: for a line holding every value once (a
//! sandwich's row or column, a lunchbox of N cells), which digits lie between the crusts.
//!
//! Why: the sandwich's diagram reads the line cell by cell, with the sum so far, and does not
//! know that the filling's digits differ; the crusts' distances ([`crust_distances`])
//! tell it only how many cells the filling has. What ISS's sandwich handler reasons with is
//! the filling's digit *set*: for a sum of 18 on 9×9 the filling is one of {3,7,8}, {4,6,8},
//! {5,6,7}, {2,3,5,8}, {2,3,6,7}, {2,4,5,7}, {3,4,5,6}; an 8 outside the crusts leaves four,
//! a 2 inside two. This layer states it in CNF (with the line's house, the whole rule):
//!
//! - ladders over the line: `a(i)` "a crust (1 or N) among cells 0..=i", `b(i)` "both";
//!   cell i is inside exactly when `a(i-1) ∧ ¬b(i)`;
//! - per digit d strictly between the crusts, `in(d)` "d lies inside":
//!   `x(c_i,d) ∧ a(i-1) ∧ ¬b(i) -> in(d)`, `x(c_i,d) ∧ ¬a(i-1) -> ¬in(d)`,
//!   `x(c_i,d) ∧ b(i) -> ¬in(d)` (the line holds d once);
//! - one selector per set of digits whose values make the sum: `s(q) -> in(d)` for d in q,
//!   `s(q) -> ¬in(d)` for the others, at least one `s(q)`, and back:
//!   `in(d) -> OR {s(q) : d ∈ q}`, `¬in(d) -> OR {s(q) : d ∉ q}`;
//! - per filling length m, `z(m)` "the filling has m cells" (`s(q) -> z(|q|)`, `z(m) -> OR
//!   {s(q) : |q| = m}`), and `z(m) ∧ x(c_i,1) -> x(c_{i-m-1},N) ∨ x(c_{i+m+1},N)` (and with
//!   1 and N swapped): the set's size places the other crust.
//!
//! The sets are enumerated; past [`MAX_SETS`] (large grids, middle sums) the layer is left
//! out and the sandwich's diagram encodes the rule instead. X-sums use the same selectors
//! ([`choose_set`], [`sets_of_size`]) over their first X cells.

use crate::cnf::sum::distinct;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Mask};

/// Most digit sets stated; beyond, no set layer (module docs).
pub(crate) const MAX_SETS: usize = 96;

/// The sets of digit indices among `2..n` (1-based indices; index k has the value
/// `lo + k - 1`) whose values add up to `sum`, as masks; `None` past [`MAX_SETS`].
pub(crate) fn digit_sets(n: usize, lo: usize, sum: usize) -> Option<Vec<Mask>> {
    // indices 2..n: every digit but the crusts' 1 and n
    let inner: Mask = crate::geometry::full_mask(n) & !Digit::new(1).bit() & !Digit::new(n).bit();
    let mut sets = Vec::new();
    for k in 0..=n.saturating_sub(2) {
        if !sets_of_size(inner, k, lo, sum as i64, &mut sets) {
            return None;
        }
    }
    Some(sets)
}

/// Appends to `out` the sets of `k` digit indices of `avail` whose values (index k has the
/// value `lo + k - 1`) add up to `sum`; false once `out` would hold more than [`MAX_SETS`].
/// The enumeration is the killer cages' ([`distinct::digit_sets`], which cuts every branch
/// whose k smallest or largest digits left miss the sum): the values of k digits add up to
/// their indices' sum plus k·(lo − 1).
pub(crate) fn sets_of_size(
    avail: Mask,
    k: usize,
    lo: usize,
    sum: i64,
    out: &mut Vec<Mask>,
) -> bool {
    let Ok(index_sum) = usize::try_from(sum - k as i64 * (lo as i64 - 1)) else {
        return true; // below any k indices
    };
    match distinct::digit_sets(&vec![avail; k], index_sum, MAX_SETS - out.len()) {
        Some(found) => {
            out.extend(found);
            true
        }
        None => false,
    }
}

/// One selector per set of `sets` (masks of the digit indices of `inside`), whose
/// `(d, in(d))` say whether digit d is among the cells read: `s(q) -> in(d)` for d in q,
/// `s(q) -> ¬in(d)` for the others, at least one `s(q)`, and back `in(d) -> OR {s(q) :
/// d ∈ q}`, `¬in(d) -> OR {s(q) : d ∉ q}`. Returns the selectors.
pub(crate) fn choose_set(enc: &mut Encoder, inside: &[(usize, Term)], sets: &[Mask]) -> Vec<Term> {
    let sel: Vec<Term> = sets.iter().map(|_| Term::Lit(enc.new_lit())).collect();
    // s(q1) ∨ s(q2) ∨ …
    enc.clause(sel.iter().copied());
    for &(d, id) in inside {
        let holds: Vec<bool> = sets.iter().map(|q| q & Digit::new(d).bit() != 0).collect();
        for (&s, &h) in sel.iter().zip(&holds) {
            // s(q) -> in(d) for d in q, s(q) -> ¬in(d) otherwise
            enc.implies(s, if h { id } else { !id });
        }
        // in(d) -> OR {s(q) : d ∈ q}; ¬in(d) -> OR {s(q) : d ∉ q}
        let with = sel.iter().zip(&holds).filter(|(_, &h)| h).map(|(&s, _)| s);
        enc.clause(std::iter::once(!id).chain(with));
        let without = sel.iter().zip(&holds).filter(|(_, &h)| !h).map(|(&s, _)| s);
        enc.clause(std::iter::once(id).chain(without));
    }
    sel
}

/// For each filling length `k` (`0..=n-2` cells between the crusts), whether `k` distinct
/// values strictly between the crusts `lo` and `lo + n - 1` sum to `sum`.
pub(crate) fn filling_lengths(n: usize, lo: usize, sum: usize) -> Vec<bool> {
    let k_max = n.saturating_sub(2);
    // reach[k][s]: some k distinct values among those seen so far sum to s
    let mut reach = vec![vec![false; sum + 1]; k_max + 1];
    reach[0][0] = true;
    for d in lo + 1..lo + n.saturating_sub(1) {
        for k in (1..=k_max).rev() {
            for s in (d..=sum).rev() {
                if reach[k - 1][s - d] {
                    reach[k][s] = true;
                }
            }
        }
    }
    reach.iter().map(|r| r[sum]).collect()
}

/// The crusts' distance on `line`, N cells of different values whose values between the
/// lowest and the highest add up to `sum` (a sandwich, or a lunchbox of N cells): for two
/// cells whose distance leaves a filling length no set of distinct values reaches,
/// `x(a,1) -> ¬x(b,N)` (digit indices 1 and N; the values are at least 0).
pub(crate) fn crust_distances(enc: &mut Encoder, line: &[Cell], sum: usize) {
    let n = line.len();
    let lengths = filling_lengths(n, enc.shape().values().min as usize, sum);
    let (one, top) = (Digit::new(1), Digit::new(n));
    for (i, &a) in line.iter().enumerate() {
        for (j, &b) in line.iter().enumerate() {
            let between = i.abs_diff(j).saturating_sub(1);
            if i != j && !lengths.get(between).copied().unwrap_or(false) {
                // x(a,1) -> ¬x(b,N): no filling of that many distinct digits makes the sum
                enc.clause([!enc.x(a, one), !enc.x(b, top)]);
            }
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Tests set it to encode without the sets, as past [`MAX_SETS`].
    pub(crate) static NO_SETS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// States the filling's digit set of `line` (N cells holding the N values once, crusts
/// digit indices 1 and N) whose values between the crusts add up to `sum` (module docs);
/// with the line's houses this is the whole sandwich rule. Returns whether it did: not past
/// [`MAX_SETS`] sets, nor on values below 0.
pub(crate) fn encode(enc: &mut Encoder, line: &[Cell], sum: usize) -> bool {
    #[cfg(test)]
    if NO_SETS.with(|f| f.get()) {
        return false;
    }
    let n = line.len();
    let Ok(lo) = usize::try_from(enc.shape().values().min) else {
        return false; // negative values: a sandwich's sum is of values at least 0
    };
    let Some(sets) = digit_sets(n, lo, sum) else {
        return false;
    };
    let (one, top) = (Digit::new(1), Digit::new(n));
    let crust = |enc: &Encoder, i: usize| [enc.x(line[i], one), enc.x(line[i], top)];
    // a(i), b(i) for i in 0..n; index i + 1 in these vectors, index 0 the empty prefix
    let mut a = vec![Term::False];
    let mut b = vec![Term::False];
    for i in 0..n {
        let [x1, xn] = crust(enc, i);
        let (ai, bi) = (Term::Lit(enc.new_lit()), Term::Lit(enc.new_lit()));
        let (ap, bp) = (a[i], b[i]);
        // x(i,1) -> a(i); x(i,N) -> a(i); a(i-1) -> a(i); a(i) -> a(i-1) ∨ x(i,1) ∨ x(i,N)
        enc.implies(x1, ai);
        enc.implies(xn, ai);
        enc.implies(ap, ai);
        enc.clause([!ai, ap, x1, xn]);
        // a(i-1) ∧ x(i,1) -> b(i); a(i-1) ∧ x(i,N) -> b(i); b(i-1) -> b(i)
        enc.clause([!ap, !x1, bi]);
        enc.clause([!ap, !xn, bi]);
        enc.implies(bp, bi);
        // b(i) -> b(i-1) ∨ x(i,1) ∨ x(i,N); b(i) -> a(i-1)
        enc.clause([!bi, bp, x1, xn]);
        enc.implies(bi, ap);
        a.push(ai);
        b.push(bi);
    }
    // the line holds both crusts
    enc.clause([b[n]]);
    // in(d) per inner digit index d (2..n), kept at index d
    let mut inside = vec![Term::False; n + 1];
    for (d, slot) in inside.iter_mut().enumerate().take(n).skip(2) {
        let id = Term::Lit(enc.new_lit());
        for (i, &c) in line.iter().enumerate() {
            let x = enc.x(c, Digit::new(d));
            // x(c_i,d) ∧ a(i-1) ∧ ¬b(i) -> in(d)
            enc.clause([!x, !a[i], b[i + 1], id]);
            // x(c_i,d) ∧ ¬a(i-1) -> ¬in(d)
            enc.clause([!x, a[i], !id]);
            // x(c_i,d) ∧ b(i) -> ¬in(d)
            enc.clause([!x, !b[i + 1], !id]);
        }
        *slot = id;
    }
    let inside: Vec<(usize, Term)> = (2..n).map(|d| (d, inside[d])).collect();
    let sel = choose_set(enc, &inside, &sets);
    // z(m) per filling length m
    for m in 0..=n.saturating_sub(2) {
        let of_m: Vec<Term> = sets
            .iter()
            .zip(&sel)
            .filter(|(q, _)| q.count_ones() as usize == m)
            .map(|(_, &s)| s)
            .collect();
        if of_m.is_empty() {
            continue; // `crust_distances` already forbids this length
        }
        let z = Term::Lit(enc.new_lit());
        for &s in &of_m {
            // s(q) -> z(|q|)
            enc.implies(s, z);
        }
        // z(m) -> OR {s(q) : |q| = m}
        enc.clause(std::iter::once(!z).chain(of_m.iter().copied()));
        for i in 0..n {
            let [x1, xn] = crust(enc, i);
            let at = |enc: &Encoder, j: Option<usize>, d: Digit| {
                j.filter(|&j| j < n)
                    .map_or(Term::False, |j| enc.x(line[j], d))
            };
            let (left, right) = (i.checked_sub(m + 1), Some(i + m + 1));
            let (lt, rt) = (at(enc, left, top), at(enc, right, top));
            let (l1, r1) = (at(enc, left, one), at(enc, right, one));
            // z(m) ∧ x(c_i,1) -> x(c_{i-m-1},N) ∨ x(c_{i+m+1},N)
            enc.clause([!z, !x1, lt, rt]);
            // z(m) ∧ x(c_i,N) -> x(c_{i-m-1},1) ∨ x(c_{i+m+1},1)
            enc.clause([!z, !xn, l1, r1]);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sets as sorted lists of digit indices.
    fn lists(sets: &[Mask]) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = sets
            .iter()
            .map(|&q| crate::cell::digits(q).map(Digit::get).collect())
            .collect();
        out.sort();
        out
    }

    #[test]
    fn the_sets_of_eighteen_on_nine_by_nine() {
        let sets = digit_sets(9, 1, 18).unwrap();
        // digit indices are values here (lo = 1)
        let mut want: Vec<Vec<usize>> = vec![
            vec![2, 3, 5, 8],
            vec![2, 3, 6, 7],
            vec![2, 4, 5, 7],
            vec![3, 4, 5, 6],
            vec![3, 7, 8],
            vec![4, 6, 8],
            vec![5, 6, 7],
        ];
        want.sort();
        assert_eq!(lists(&sets), want);
    }

    #[test]
    fn values_from_zero_shift_the_sums() {
        // 0-8: the filling holds values 1..7 (indices 2..8, value = index - 1); 1 + 2 = 3
        let sets = digit_sets(9, 0, 3).unwrap();
        assert_eq!(lists(&sets), vec![vec![2, 3], vec![4]]);
        // a sum of 0 is the empty filling
        assert_eq!(
            lists(&digit_sets(9, 0, 0).unwrap()),
            vec![Vec::<usize>::new()]
        );
    }

    #[test]
    fn sets_of_a_size_are_found_and_dead_ends_cut() {
        // three of 1..=9 (values = indices) making 12: {1,2,9} {1,3,8} … {3,4,5}
        let nine: Mask = (1..=9).map(|d| Digit::new(d).bit()).sum();
        let mut out = Vec::new();
        assert!(sets_of_size(nine, 3, 1, 12, &mut out));
        assert_eq!(out.len(), 7);
        assert!(lists(&out)
            .iter()
            .all(|q| q.len() == 3 && q.iter().sum::<usize>() == 12));
        // 32 of 63 values whose sum no 32 reach: answered at once, not by 2^63 branches
        let all: Mask = (1..=63).map(|d| Digit::new(d).bit()).sum();
        let mut out = Vec::new();
        let most = (32..=63).sum::<usize>() as i64;
        assert!(sets_of_size(all, 32, 1, most + 1, &mut out));
        assert!(out.is_empty());
        let least = (1..=32).sum::<usize>() as i64;
        assert!(sets_of_size(all, 32, 1, least - 1, &mut out));
        assert!(out.is_empty());
        // well above the least: more sets than the cap
        assert!(!sets_of_size(all, 32, 1, least + 40, &mut out));
    }

    #[test]
    fn the_count_is_capped() {
        // 16×16, 60: far more than MAX_SETS subsets of 2..15
        assert!(digit_sets(16, 1, 60).is_none());
        // every sum on 9×9 stays under the cap
        assert!((0..=35).all(|s| digit_sets(9, 1, s).is_some()));
    }

    #[test]
    fn filling_lengths_are_those_of_distinct_digits() {
        // 9×9, 18: three digits of 2..8 (3 + 7 + 8, …) or four (2 + 3 + 5 + 8, …); two reach
        // at most 15 and five at least 20
        let l = filling_lengths(9, 1, 18);
        let ks: Vec<usize> = (0..l.len()).filter(|&k| l[k]).collect();
        assert_eq!(ks, vec![3, 4]);
        assert_eq!(
            filling_lengths(9, 1, 0),
            vec![true, false, false, false, false, false, false, false]
        );
        // 35 = 2 + … + 8: all seven
        assert!(filling_lengths(9, 1, 35)[7]);
        assert_eq!(filling_lengths(9, 1, 35).iter().filter(|&&b| b).count(), 1);
        // 4×4: the filling is a set of {2, 3}
        assert_eq!(filling_lengths(4, 1, 5), vec![false, false, true]);
        assert_eq!(filling_lengths(4, 1, 3), vec![false, true, false]);
    }
}
