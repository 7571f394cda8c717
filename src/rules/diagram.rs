//! Structures built over the candidates that a rule's `restrict` and `encode` both go
//! through — a layered diagram ([`Mdd`]), a grouped sum ([`GroupedSum`]) or equal sums
//! ([`EqualSums`]). A rule that returns one from [`Rule::diagram`](super::Rule::diagram)
//! gets `restrict` (build it from the grid's candidates, keep only the digits some path
//! through it uses) and `encode` (build it from the encoder's candidates, write its clauses)
//! from the trait's default methods (sandwich, X-sum, arrows, zipper and region-sum lines;
//! skyscrapers restrict through theirs and encode otherwise).

use crate::cnf::sum::{EqualSums, GroupedSum, Mdd};
use crate::cnf::Encoder;
use crate::geometry::Mask;
use rustc_hash::FxHashSet;
use std::hash::Hash;

/// A structure over the candidates that can prune them and write its clauses.
pub trait Diagram {
    /// Removes from `cands` every digit no path through the structure uses.
    fn restrict(&self, n: usize, cands: &mut [Mask]);
    /// Writes the structure's clauses.
    fn encode(&self, enc: &mut Encoder);
}

impl<S: Clone + Eq + Hash> Diagram for Mdd<S> {
    fn restrict(&self, n: usize, cands: &mut [Mask]) {
        Mdd::restrict(self, n, cands);
    }
    fn encode(&self, enc: &mut Encoder) {
        // the final states' terms serve callers that tie them to more; a rule does not
        Mdd::encode(self, enc);
    }
}

impl Diagram for GroupedSum {
    fn restrict(&self, n: usize, cands: &mut [Mask]) {
        GroupedSum::restrict(self, n, cands);
    }
    fn encode(&self, enc: &mut Encoder) {
        GroupedSum::encode(self, enc);
    }
}

impl Diagram for EqualSums {
    fn restrict(&self, n: usize, cands: &mut [Mask]) {
        EqualSums::restrict(self, n, cands);
    }
    fn encode(&self, enc: &mut Encoder) {
        EqualSums::encode(self, enc);
    }
}

/// The sets of automaton states reachable after each cell of a line of `len` cells, any of
/// the `n` digits in each, from the sorted set `start`: `step(i, set, bit)` is the set after
/// cell `i` holds the digit of `bit` (empty: no way on). Returns the sets after the last
/// cell, or `Err(i)` when more than `max` different sets are reachable after cell `i`
/// (1-based): the bound that keeps an automaton rule's diagram (regex, nfa) encodable.
pub fn state_sets(
    start: Vec<u32>,
    len: usize,
    n: usize,
    max: usize,
    step: impl Fn(usize, &[u32], Mask) -> Vec<u32>,
) -> Result<FxHashSet<Vec<u32>>, usize> {
    // FxHash: a long line's layers hold thousands of sets, hashed once per digit each
    let mut layer = FxHashSet::from_iter([start]);
    for i in 0..len {
        let mut next = FxHashSet::default();
        for set in &layer {
            for d in 0..n {
                let s = step(i, set, 1 << d);
                if !s.is_empty() {
                    next.insert(s);
                }
            }
        }
        if next.len() > max {
            return Err(i + 1);
        }
        layer = next;
    }
    Ok(layer)
}
