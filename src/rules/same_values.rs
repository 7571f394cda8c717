//! Same values (ISS "SameValues", "Same Value Sets"): the sets of cells hold the same
//! digits, counting repeats (the same multiset). ISS writes the sets as one cell list cut
//! into equal parts; satdoku lists the sets.
//!
//! JSON: `{"type": "same-values", "sets": [["r1c1", "r1c2"], ["r3c3", "r4c4"]]}` (at least
//! two sets of equal size, no cell twice in a set; two sets may share cells, as a row and a
//! box do in ISS's "RegionSameValues", read as this rule over the largest houses).
//!
//! CNF: when every set lies in one row, column or region (its digits differ, so each digit
//! is in it at most once, and the same multiset is the same set — ISS's "RegionSameValues"),
//! one variable per digit, `p(d)`: "d is in the common set", with `x(c,d) -> p(d)` for every
//! cell of every set and `p(d) -> x(c₁,d) ∨ … ∨ x(cₖ,d)` per set. Otherwise, per digit d and
//! each set after the first, a layered diagram reading the first set then that set, counting
//! d up in the first and down in the other, ending at 0 (clauses as in
//! [`crate::cnf::sum::mdd`]). On ISS's Con-Set-Cutive (18 houses of 6 cells on a 6×6 holding
//! 1..9) the diagrams took 148k clauses, the set variables about 1k.

use super::cell_lists::{cells_ok, values};
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

/// Whether the cells of `set` must differ by the grid alone: all in one row, one column or
/// one stated region (not on a chaos construction, whose regions are unknowns).
fn distinct_by_shape(shape: &Shape, set: &[Cell]) -> bool {
    let Some(&first) = set.first() else {
        return true;
    };
    set.iter().all(|c| c.r() == first.r())
        || set.iter().all(|c| c.c() == first.c())
        || (shape.region_of(first).is_some()
            && !shape.is_chaos()
            && set
                .iter()
                .all(|&c| shape.region_of(c) == shape.region_of(first)))
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
        self.sets.iter().try_for_each(|s| cells_ok(shape, s))
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
        let masks = enc.candidates.to_vec();
        let cols = enc.shape().cols();
        for mdd in self.diagrams(enc.value_count(), &|c| masks[c.position(cols)]) {
            mdd.encode(enc);
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
