//! State-machine lines that read the found regions of a chaos construction: at the positions
//! `reads_region` lists, the automaton reads the number of the cell's region (1..K) instead
//! of its digit (ISS lets a machine read its chaos "region cells", `CC…`).
//!
//! Region numbers are a convention: satdoku numbers the found regions by their first cell in
//! reading order, ISS its own way, a setter not at all. So satdoku states such a line only
//! when the machine gives the same answer under every numbering, which validation checks:
//! for each swap of two neighbouring numbers (a, a+1) — together they make every permutation
//! — it walks the pairs (states after a line, states after the same line with a and a+1
//! swapped at the region positions) and requires both ends of every pair to accept alike.
//! A machine that compares region numbers only with each other ("still the start's region")
//! passes; one that reads a number as a quantity is refused with the swap that changes it.
//!
//! CNF: the layered diagram of the plain line ([`super::Nfa`]), whose choice at a region
//! position is the region variable g(c, number − 1) of [`crate::cnf::chaos`] instead of a
//! digit — one-hot per cell as a cell's digits are, which the diagram's clauses need.

use super::{Nfa, Tables, MAX_SETS};
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{full_mask, Cell, Mask, Shape};
use rustc_hash::FxHashSet;
use std::collections::HashSet;

impl Nfa {
    /// Whether the automaton reads a region number at position `i`.
    fn reads_region_at(&self, i: usize) -> bool {
        self.reads_region.binary_search(&i).is_ok()
    }

    /// Validation of a line that reads regions (module docs).
    pub(super) fn validate_regions(&self, shape: &Shape) -> Result<(), String> {
        if !shape.is_chaos() {
            return Err("reads_region: only a chaos construction has found regions to read".into());
        }
        let mut prev: Option<usize> = None;
        for &i in &self.reads_region {
            if i >= self.cells.len() || prev.is_some_and(|p| p >= i) {
                return Err(format!(
                    "reads_region lists increasing positions of the line's {} cells \
                     (0-based); {i} is not one",
                    self.cells.len()
                ));
            }
            prev = Some(i);
            if shape.is_extra(self.cells[i]) {
                return Err(format!(
                    "position {i} reads the region of {}, an extra cell, which is in no region",
                    self.cells[i]
                ));
            }
        }
        let (k, n) = (shape.chaos_regions(), shape.value_count());
        if k > n {
            return Err(format!(
                "the automaton would read region numbers 1..{k} over the digits 1..{n}"
            ));
        }
        // reading regions narrows the values at some positions: the sets of states are no
        // more than the plain line's
        if !self.sets_fit(n) {
            let sets = self.final_sets(n).err().unwrap_or_default();
            return Err(format!(
                "{sets} (a line that reads regions has no run encoding)"
            ));
        }
        // many lines share one machine and one pattern of region positions: the answer is
        // kept per thread, keyed by all but the cells (a 64-bit hash: a collision, odds about
        // 2^-64, could only take another machine's answer)
        thread_local! {
            static FREE: std::cell::RefCell<rustc_hash::FxHashMap<u64, Result<(), String>>> =
                std::cell::RefCell::default();
        }
        let key = {
            use std::hash::BuildHasher;
            let machine = (
                &self.start,
                &self.accept,
                &self.transitions,
                &self.break_moves,
            );
            let line = (&self.breaks, &self.reads_region, self.cells.len(), n, k);
            rustc_hash::FxBuildHasher.hash_one((machine, line))
        };
        if let Some(free) = FREE.with(|f| f.borrow().get(&key).cloned()) {
            return free;
        }
        let free = self.numbering_free(&self.tables(), n, k);
        FREE.with(|f| {
            let mut f = f.borrow_mut();
            // bounded: a long batch of different machines starts it afresh
            if f.len() >= 4096 {
                f.clear();
            }
            f.insert(key, free.clone());
        });
        free
    }

    /// Whether the machine accepts the same lines under every numbering of the `k` regions
    /// (module docs), digits 1..`n` elsewhere.
    fn numbering_free(&self, t: &Tables, n: usize, k: usize) -> Result<(), String> {
        let accept: HashSet<u32> = self.accept.iter().copied().collect();
        let accepts = |set: &[u32]| set.iter().any(|s| accept.contains(s));
        let start = self.start_set(t);
        for a in 1..k {
            let swap = |v: usize| match v {
                v if v == a => a + 1,
                v if v == a + 1 => a,
                v => v,
            };
            let mut layer: FxHashSet<(Vec<u32>, Vec<u32>)> =
                FxHashSet::from_iter([(start.clone(), start.clone())]);
            for i in 0..self.cells.len() {
                let region = self.reads_region_at(i);
                let mut next = FxHashSet::default();
                for (p, q) in &layer {
                    for v in 1..=if region { k } else { n } {
                        let w = if region { swap(v) } else { v };
                        let pair = (
                            self.advance(t, i, p, 1 << (v - 1)),
                            self.advance(t, i, q, 1 << (w - 1)),
                        );
                        if !pair.0.is_empty() || !pair.1.is_empty() {
                            next.insert(pair);
                        }
                    }
                }
                if next.len() > MAX_SETS {
                    return Err(format!(
                        "after {} cells the line's pairs of state sets pass {MAX_SETS}: too \
                         large to check that its answer does not depend on how the regions \
                         are numbered",
                        i + 1
                    ));
                }
                layer = next;
            }
            if layer.iter().any(|(p, q)| accepts(p) != accepts(q)) {
                return Err(format!(
                    "the automaton's answer depends on how the regions are numbered \
                     (swapping region numbers {a} and {} changes it); satdoku numbers the \
                     found regions its own way, so it cannot state this line",
                    a + 1
                ));
            }
        }
        Ok(())
    }

    /// The layered diagram of the line, all K region numbers at the region positions and
    /// `cands` elsewhere.
    fn region_mdd(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Mdd<u32> {
        let k = shape.chaos_regions();
        self.layers(
            (0..self.cells.len())
                .map(|i| {
                    if self.reads_region_at(i) {
                        full_mask(k)
                    } else {
                        cands(self.cells[i])
                    }
                })
                .collect(),
        )
    }

    /// Removes the digits no accepted line uses, at the positions that read digits.
    pub(super) fn restrict_regions(&self, shape: &Shape, cands: &mut [Mask]) {
        let cols = shape.cols();
        let seen = cands.to_vec();
        let mdd = self.region_mdd(shape, &|c| seen[c.position(cols)]);
        for (i, c) in self.cells.iter().enumerate() {
            if !self.reads_region_at(i) {
                cands[c.position(cols)] &= mdd.supported(i);
            }
        }
    }

    /// The diagram's clauses, reading g(c, number − 1) at the region positions.
    pub(super) fn encode_regions(&self, enc: &mut Encoder) {
        let mdd = self.region_mdd(enc.shape(), &|c| enc.candidates(c));
        mdd.encode_with(enc, |enc, i, d| {
            let c = self.cells[i];
            if self.reads_region_at(i) {
                Term::Lit(enc.region(c, d.index()))
            } else {
                enc.x(c, d)
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chaos_count::chaos_testing::agree;
    use crate::rules::testing::{cells, chaos_counts, chaos_puzzle};
    use crate::rules::{Constraint, Rule};

    /// A machine on `rc` reading regions at `regions` (tests).
    fn machine(
        rc: &[(usize, usize)],
        regions: &[usize],
        accept: &[u32],
        transitions: Vec<(u32, Vec<usize>, u32)>,
    ) -> Nfa {
        Nfa {
            cells: cells(rc),
            breaks: Vec::new(),
            start: vec![0],
            accept: accept.to_vec(),
            transitions,
            break_moves: Vec::new(),
            reads_region: regions.to_vec(),
        }
    }

    /// "The first and last cells are in one region, and the middle cell holds 1 or 2":
    /// region a (state a), digit (state 10 + a), region a again (state 20).
    fn same_region_around_a_small_digit(rc: &[(usize, usize)]) -> Nfa {
        let mut t = Vec::new();
        for a in 1..=4u32 {
            t.push((0, vec![a as usize], a));
            t.push((a, vec![1, 2], 10 + a));
            t.push((10 + a, vec![a as usize], 20));
        }
        machine(rc, &[0, 2], &[20], t)
    }

    #[test]
    fn counts_match_brute_force() {
        let rc = [(1, 1), (1, 2), (2, 2)];
        let rule = Constraint::Nfa(same_region_around_a_small_digit(&rc));
        agree("1..............2", &rule);
        // the same judged without the machine: the found regions and the digit directly
        let (sat, brute, all) = chaos_counts("1..............2", vec![rule], |g| {
            let regions = g.regions().expect("found regions");
            regions[0] == regions[5] && g.digit(crate::geometry::Cell::new(1, 2)).get() <= 2
        });
        assert_eq!(sat, brute);
        assert!(0 < brute && brute < all, "{brute} of {all}");
        // on a line that reads the same cell's region and digit
        let rc = [(2, 3), (2, 3), (3, 3)];
        agree(
            "..3.............",
            &Constraint::Nfa(same_region_around_a_small_digit(&rc)),
        );
    }

    #[test]
    fn a_machine_that_reads_a_region_number_as_a_quantity_is_refused() {
        let shape = chaos_puzzle("................", Vec::new()).shape().clone();
        // "the region of r1c1 is number 1": true of satdoku's numbering, not of every one
        let first = machine(&[(1, 1)], &[0], &[1], vec![(0, vec![1], 1)]);
        let e = first.validate(&shape).unwrap_err();
        assert!(e.contains("swapping region numbers 1 and 2"), "{e}");
        // "the first region is 3 and the second 4, or the first is 1 or 2"
        let order = machine(
            &[(1, 1), (4, 4)],
            &[0, 1],
            &[2],
            vec![
                (0, vec![3], 1),
                (1, vec![4], 2),
                (0, vec![1, 2], 3),
                (3, vec![1, 2, 3, 4], 2),
            ],
        );
        let e = order.validate(&shape).unwrap_err();
        assert!(e.contains("swapping region numbers 2 and 3"), "{e}");
        // off a chaos construction, out of order, past the line
        let ok = same_region_around_a_small_digit(&[(1, 1), (2, 2), (3, 3)]);
        assert_eq!(ok.validate(&shape), Ok(()));
        let plain = crate::geometry::Shape::new(4).unwrap();
        assert!(ok
            .validate(&plain)
            .unwrap_err()
            .contains("chaos construction"));
        let mut bad = ok.clone();
        bad.reads_region = vec![2, 0];
        assert!(bad.validate(&shape).unwrap_err().contains("0 is not one"));
        bad.reads_region = vec![0, 3];
        assert!(bad.validate(&shape).unwrap_err().contains("3 is not one"));
    }
}
