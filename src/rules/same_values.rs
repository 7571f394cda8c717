//! Same values (ISS "SameValues", "Same Value Sets"): the sets of cells hold the same
//! digits, counting repeats (the same multiset). ISS writes the sets as one cell list cut
//! into equal parts; satdoku lists the sets.
//!
//! JSON: `{"type": "same-values", "sets": [["r1c1", "r1c2"], ["r3c3", "r4c4"]]}` (at least
//! two sets of equal size, no cell twice in a set; two sets may share cells, as a row and a
//! box do in ISS's "RegionSameValues", read as this rule over the largest houses).
//!
//! CNF: when the cells of every set must differ by the grid (rows, columns, regions: each digit
//! is in it at most once, and the same multiset is the same set — ISS's "RegionSameValues"),
//! one variable per digit, `p(d)`: "d is in the common set", with `x(c,d) -> p(d)` for every
//! cell of every set and `p(d) -> x(c₁,d) ∨ … ∨ x(cₖ,d)` per set. Otherwise, per digit d,
//! a sequential counter per set, `s(i,j)` ⟺ "at least j of the set's first i cells hold d"
//! (both directions), up to the fewest rows or columns a set has (d is once per row and
//! column at most), and the sets' final counts equal threshold by threshold. Before, a layered
//! diagram per digit and pair of sets counted d up in the first and down in the other: on
//! ISS's Con-Set-Cutive (18 houses of 6 cells on a 6×6 holding 1..9) it took 148k clauses
//! where the set variables take about 1k, and on Copycat (two lines of 15 cells) 41k where
//! the counters take 5k (874 → 174 ms). Simplification (`restrict`) still reads the diagrams.

use super::cell_lists::{value_cells, values};
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// Same value sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SameValues {
    /// The sets, each the same size.
    pub sets: Vec<Vec<Cell>>,
}

impl SameValues {
    /// The diagrams of every digit and every set after the first.
    fn diagrams(&self, n: usize, cands: &dyn Fn(Cell) -> Mask) -> Vec<Mdd<isize>> {
        let first = &self.sets[0];
        let mut out = Vec::new();
        for other in &self.sets[1..] {
            let cells: Vec<Cell> = first.iter().chain(other).copied().collect();
            for d in (0..n).map(Digit::from_index) {
                let len = first.len();
                out.push(Mdd::build(
                    &cells,
                    cands,
                    0isize,
                    // count d up in the first set, down in the other
                    |i, &k, e| Some(k + isize::from(e == d) * if i < len { 1 } else { -1 }),
                    |&k| k == 0,
                ));
            }
        }
        out
    }
}

/// Whether the cells of `set` must differ by the grid alone ([`Shape::must_differ`]).
fn distinct_by_shape(shape: &Shape, set: &[Cell]) -> bool {
    set.iter()
        .enumerate()
        .all(|(i, &a)| set[i + 1..].iter().all(|&b| shape.must_differ(a, b)))
}

/// How many different keys (rows, columns) the cells of `set` have.
fn distinct(set: &[Cell], key: impl Fn(&Cell) -> usize) -> usize {
    let mut keys: Vec<usize> = set.iter().map(key).collect();
    keys.sort_unstable();
    keys.dedup();
    keys.len()
}

impl Rule for SameValues {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if self.sets.len() < 2 {
            return Err("same values need at least two sets".into());
        }
        let len = self.sets[0].len();
        if len == 0 || self.sets.iter().any(|s| s.len() != len) {
            return Err("the sets of same values must be non-empty and of one size".into());
        }
        // a cell once per set; sets may overlap (the multisets are compared all the same)
        self.sets.iter().try_for_each(|s| value_cells(shape, s))
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        let cols = shape.cols();
        let masks = cands.to_vec();
        for mdd in self.diagrams(shape.value_count(), &|c| masks[c.position(cols)]) {
            mdd.restrict(cols, cands);
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        if self.sets.iter().all(|s| distinct_by_shape(enc.shape(), s)) {
            for d in (0..enc.value_count()).map(Digit::from_index) {
                let p = Term::from(enc.new_lit());
                for set in &self.sets {
                    let xs: Vec<Term> = set.iter().map(|&c| enc.x(c, d)).collect();
                    for &x in &xs {
                        // x(c,d) -> p(d)
                        enc.clause([!x, p]);
                    }
                    // p(d) -> x(c1,d) ∨ … ∨ x(ck,d)
                    enc.clause(xs.into_iter().chain([!p]));
                }
            }
            return;
        }
        // a digit is at most once in a row and in a column (not on a raw grid): no set
        // holds it more often than it has rows (or columns), and the sets hold it equally
        // often
        let raw = enc.shape().is_raw();
        let most = self
            .sets
            .iter()
            .map(|s| {
                if raw {
                    s.len()
                } else {
                    s.len()
                        .min(distinct(s, |c| c.r()))
                        .min(distinct(s, |c| c.c()))
                }
            })
            .min()
            .unwrap_or(0);
        for d in (0..enc.value_count()).map(Digit::from_index) {
            let mut first: Option<Vec<Term>> = None;
            for set in &self.sets {
                let xs: Vec<Term> = set.iter().map(|&c| enc.x(c, d)).collect();
                let at_least = crate::cnf::card::counts(enc, &xs, most);
                match &first {
                    None => first = Some(at_least),
                    Some(a) => {
                        for (&a, &b) in a.iter().zip(&at_least) {
                            // the first set holds d at least j times <-> this set does (either
                            // direction alone suffices, as the sets are of one size; both
                            // propagate sooner)
                            enc.clause([!a, b]);
                            enc.clause([a, !b]);
                        }
                    }
                }
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let sorted = |s: &[Cell]| {
            let mut v = values(grid, s);
            v.sort_unstable();
            v
        };
        let first = sorted(&self.sets[0]);
        for s in &self.sets[1..] {
            let other = sorted(s);
            if other != first {
                return Err(format!(
                    "the set at {} holds {other:?}, the set at {} {first:?}",
                    s[0], self.sets[0][0]
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(sets: &[&[(usize, usize)]]) -> Vec<Constraint> {
        let sets = sets.iter().map(|s| cells(s)).collect();
        vec![Constraint::SameValues(SameValues { sets })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[&[(1, 1), (1, 2)], &[(3, 3), (4, 4)]]));
        counts_agree_46(
            &on(&[&[(1, 1), (2, 1)], &[(1, 3), (2, 4)], &[(3, 2), (4, 2)]]),
            &on(&[&[(1, 1), (2, 1)], &[(1, 5), (2, 5)], &[(3, 2), (4, 2)]]),
        );
        counts_agree(&on(&[&[(1, 1)], &[(3, 2)]]));
        // lines whose digits may repeat: the counters
        counts_agree_46(
            &on(&[&[(1, 1), (2, 2), (3, 3)], &[(1, 4), (2, 3), (4, 1)]]),
            &on(&[
                &[(1, 1), (2, 3), (3, 5), (4, 1)],
                &[(6, 6), (5, 4), (4, 2), (3, 6)],
            ]),
        );
        // every set in one row, column or box: the set variables
        counts_agree_46(
            &on(&[&[(1, 1), (1, 2)], &[(3, 3), (4, 3)], &[(3, 1), (4, 2)]]),
            &on(&[
                &[(1, 1), (1, 2), (1, 3)],
                &[(2, 4), (3, 4), (4, 4)],
                &[(5, 1), (5, 3), (5, 6)],
            ]),
        );
        // sets sharing a cell: r1c2 in both
        counts_agree(&on(&[&[(1, 1), (1, 2)], &[(1, 2), (3, 3)]]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c1 against r3c2: FOUR holds 1 and 1, 4123/2341/1234/3412 holds 4 and 2
        let r = on(&[&[(1, 1)], &[(3, 2)]]);
        assert_checker(&r, FOUR, "4123234112343412");
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "same-values", "sets": [["r1c1", "r1c2"], ["r3c3", "r4c4"]]}"#);
        assert!(invalid(&on(&[&[(1, 1)]])[0], 4).contains("two sets"));
        assert!(invalid(&on(&[&[(1, 1)], &[(1, 2), (1, 3)]])[0], 4).contains("one size"));
        assert!(invalid(&on(&[&[(1, 1), (1, 1)], &[(1, 2), (1, 3)]])[0], 4).contains("twice"));
    }
}
