//! State-machine line (ISS "NFA"): a nondeterministic finite automaton reads the digits of
//! the line in order and must end in an accepting state.
//!
//! The automaton is stated in full: its states are numbers `0, 1, 2, …` (below 4096); `start`
//! lists the states it may begin in, `accept` the states it may end in; each transition
//! `[from, [digits], to]` lets it move from `from` to `to` on reading one of the digits
//! (several transitions from one state on one digit: the machine may take any of them). A
//! line of several segments is written as one list of `cells` with `breaks`, the number of
//! cells read before each boundary (0 to the line's length, not decreasing: a number
//! listed twice is an empty segment, two boundaries in a row); at a boundary the automaton takes one of the
//! `break_moves` `[from, to]` (none from its state: that run fails). This is ISS's model,
//! where a boundary is one extra symbol read between segments.
//!
//! The line holds when some run of the automaton, starting in a start state, reads every
//! digit (and every boundary) and ends in an accepting state. On a chaos construction,
//! `reads_region` lists the positions where it reads the cell's found region number instead
//! (`regions.rs` beside this file: only a machine blind to how the regions are numbered).
//!
//! JSON: `{"type": "nfa", "cells": ["r1c1", "r1c2", "r1c3"], "start": [0], "accept": [1],
//! "transitions": [[0, [1, 2], 1], [1, [3], 0]]}` (plus `"breaks": [2]` and
//! `"break_moves": [[1, 0]]` for segments). Digits are values 1..N. Bounds, refused past them:
//! state numbers below 4096, and a line whose machine is in more than 20 000 distinct sets
//! of states at some position (with any digits) is encoded as one run of the machine
//! (`runs.rs` beside this file) within at most a million moves.
//!
//! CNF: the line is a layered automaton whose state at position i is the set of NFA states
//! reachable after the first i digits (and the boundaries among them); layer states are
//! merged when equal and kept only when they can still reach a set holding an accepting
//! state; clauses as in [`crate::cnf::sum::mdd`] (one literal per live state set and
//! position, each digit choice implying the next set). The sets are interned per machine
//! (`dfa.rs` beside this file). On an engine that hosts propagators the diagram can be
//! carried by [`crate::diagrams`] instead of these clauses ([`Rule::search_diagram`]).
//!
//! The checker runs the automaton on the digits directly from the transition list (the set
//! of states reachable so far), without the tables or the layered diagram.

use super::cell_lists::{held, values};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::{Layered, Mdd};
use crate::cnf::Encoder;
use crate::geometry::{full_mask, Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashSet};

pub(crate) mod dfa;
mod regions;
mod runs;

/// State numbers must be below this.
pub const MAX_STATES: usize = 4096;
/// Most distinct state sets at one position of the line.
const MAX_SETS: usize = 20_000;

/// A state-machine line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nfa {
    /// The cells in reading order (all segments, one after the other).
    pub cells: Vec<Cell>,
    /// Segment boundaries: after how many cells each one is read (0 to the line's length,
    /// not decreasing; a number twice is an empty segment). Empty: one segment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breaks: Vec<usize>,
    /// The states the automaton may start in.
    pub start: Vec<u32>,
    /// The accepting states.
    pub accept: Vec<u32>,
    /// Moves `(from, digits, to)`: from `from` to `to` on any of the digits.
    pub transitions: Vec<(u32, Vec<usize>, u32)>,
    /// Moves `(from, to)` taken at a segment boundary.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub break_moves: Vec<(u32, u32)>,
    /// Positions in `cells` (0-based, increasing) where the automaton reads the number of
    /// the cell's found region (1..K) instead of its digit: chaos constructions only, and
    /// only a machine whose answer does not depend on how the regions are numbered
    /// (`regions.rs` beside this file).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reads_region: Vec<usize>,
}

/// The automaton as tables: per state, its digit moves and its boundary moves.
struct Tables {
    moves: Vec<Vec<(Mask, u32)>>,
    breaks: Vec<Vec<u32>>,
}

impl Tables {
    /// The sorted set after reading digit bit `bit` from `set`.
    fn step(&self, set: &[u32], bit: Mask) -> Vec<u32> {
        // sized once: this runs for every set and digit of every layer, and a collected
        // iterator of unknown length grows by reallocating
        let mut out = Vec::with_capacity(set.len() + 4);
        for &s in set {
            let to = self.moves[s as usize].iter().filter(|(m, _)| m & bit != 0);
            out.extend(to.map(|&(_, t)| t));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The sorted set after a segment boundary from `set`.
    fn cross(&self, set: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = set
            .iter()
            .flat_map(|&s| self.breaks[s as usize].iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

impl Nfa {
    /// One more than the largest state number used.
    fn state_count(&self) -> usize {
        let ids = self
            .start
            .iter()
            .chain(&self.accept)
            .copied()
            .chain(self.transitions.iter().flat_map(|t| [t.0, t.2]))
            .chain(self.break_moves.iter().flat_map(|m| [m.0, m.1]));
        ids.max().map_or(0, |m| m as usize + 1)
    }

    fn tables(&self) -> Tables {
        let k = self.state_count();
        let mut t = Tables {
            moves: vec![Vec::new(); k],
            breaks: vec![Vec::new(); k],
        };
        for (from, ds, to) in &self.transitions {
            let mask = ds.iter().fold(0 as Mask, |m, &d| m | 1 << (d - 1));
            t.moves[*from as usize].push((mask, *to));
        }
        for &(from, to) in &self.break_moves {
            t.breaks[from as usize].push(to);
        }
        t
    }

    /// How many boundaries the automaton reads after the first `i` cells (breaks may repeat:
    /// an empty segment is two boundaries in a row).
    fn boundaries_after(&self, i: usize) -> usize {
        self.breaks.iter().filter(|&&b| b == i).count()
    }

    /// The sorted set after reading digit bit `bit` at position `i` from `set`, and the
    /// boundaries after it.
    fn advance(&self, t: &Tables, i: usize, set: &[u32], bit: Mask) -> Vec<u32> {
        let mut s = t.step(set, bit);
        for _ in 0..self.boundaries_after(i + 1) {
            s = t.cross(&s);
        }
        s
    }

    /// The layered diagram over the sets of states, reading at position i one of the
    /// choices of `masks[i]` (digits, or region numbers: `regions.rs`). States are the sets'
    /// numbers in the machine's interned table (`dfa.rs`).
    fn layers(&self, masks: Vec<Mask>) -> Mdd<u32> {
        let dfa = dfa::of(self);
        // boundaries read after each number of cells
        let crossings: Vec<usize> = (0..=self.cells.len())
            .map(|i| self.boundaries_after(i))
            .collect();
        let start = {
            let mut d = dfa.borrow_mut();
            let set: BTreeSet<u32> = self.start.iter().copied().collect();
            let mut id = d.intern(set.into_iter().collect());
            for _ in 0..crossings[0] {
                id = d.cross(id);
            }
            id
        };
        Mdd::build_layers(
            masks,
            start,
            // the set after one more choice (and the boundaries after it, if any); none left:
            // every run has failed
            |i, &id, d| {
                let mut dfa = dfa.borrow_mut();
                let mut s = dfa.step(id, d.index());
                for _ in 0..crossings[i + 1] {
                    s = dfa.cross(s);
                }
                (s != dfa::EMPTY).then_some(s)
            },
            |&id| dfa.borrow().accepts(id),
        )
    }

    /// The sorted set the automaton is in before the first cell: the start states, moved
    /// over the boundaries before it (a line beginning with an empty segment).
    fn start_set(&self, t: &Tables) -> Vec<u32> {
        let set: BTreeSet<u32> = self.start.iter().copied().collect();
        let mut set: Vec<u32> = set.into_iter().collect();
        for _ in 0..self.boundaries_after(0) {
            set = t.cross(&set);
        }
        set
    }

    /// The live moves of the machine's runs over `cands` (`runs.rs`: the encoding when its
    /// sets of states are too many), or the moves counted when they pass `bound`.
    fn runs(&self, cands: &dyn Fn(Cell) -> Mask, bound: usize) -> Result<runs::Runs, usize> {
        runs::Runs::build(self, &self.tables(), cands, bound)
    }

    /// Whether the layered diagram over sets of states stays within [`MAX_SETS`] (else the
    /// run encoding states the line).
    fn sets_fit(&self, n: usize) -> bool {
        self.sets_accept(n).is_some()
    }

    /// With the sets of states within [`MAX_SETS`], whether some line of digits ends in an
    /// accepting state; `None` when they are too many (the run encoding states the line).
    ///
    /// Asked by validation, `never_holds`, restriction and encoding alike, so the answer is
    /// kept per thread, keyed by the whole machine and `n` (a changed machine is another key).
    fn sets_accept(&self, n: usize) -> Option<bool> {
        use std::hash::BuildHasher;
        #[cfg(test)]
        if tests::RUNS_ONLY.with(|r| r.get()) {
            return None;
        }
        thread_local! {
            static FIT: std::cell::RefCell<rustc_hash::FxHashMap<(u64, usize), Option<bool>>> =
                std::cell::RefCell::default();
        }
        // a 64-bit key: a collision (odds about 2^-64) could only pick the other encoding,
        // and both are exact
        let key = (rustc_hash::FxBuildHasher.hash_one(self), n);
        if let Some(fit) = FIT.with(|f| f.borrow().get(&key).copied()) {
            return fit;
        }
        let accept: HashSet<u32> = self.accept.iter().copied().collect();
        let fit = self
            .final_sets(n)
            .ok()
            .map(|finals| finals.iter().any(|s| s.iter().any(|x| accept.contains(x))));
        FIT.with(|f| {
            let mut f = f.borrow_mut();
            // a bounded memo: a long batch of different machines starts it afresh
            if f.len() >= 4096 {
                f.clear();
            }
            f.insert(key, fit);
        });
        fit
    }

    /// The state sets reachable at the end of the line with any digits, or an error past
    /// [`MAX_SETS`] at some position.
    fn final_sets(&self, n: usize) -> Result<rustc_hash::FxHashSet<Vec<u32>>, String> {
        let t = self.tables();
        let step = |i: usize, set: &[u32], bit: Mask| self.advance(&t, i, set, bit);
        super::diagram::state_sets(self.start_set(&t), self.cells.len(), n, MAX_SETS, step).map_err(
            |i| {
                format!(
                    "after {i} cells the automaton is in more than {MAX_SETS} different \
                     sets of states (too large to encode)"
                )
            },
        )
    }
}

impl Rule for Nfa {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        // a cell may be read twice (ISS lists one twice to read its digit at two places)
        for &c in &self.cells {
            held(shape, c)?;
        }
        if self.cells.is_empty() {
            return Err("an nfa line has no cells".into());
        }
        let n = shape.value_count();
        if self.state_count() > MAX_STATES {
            return Err(format!(
                "state {} is past the limit (state numbers below {MAX_STATES})",
                self.state_count() - 1
            ));
        }
        for (k, (from, ds, to)) in self.transitions.iter().enumerate() {
            if let Some(d) = ds.iter().find(|&&d| !(1..=n).contains(&d)) {
                return Err(format!(
                    "transition {} ({from} -> {to}) reads {d}, not a digit 1..{n}",
                    k + 1
                ));
            }
        }
        let mut at = 0;
        for &b in &self.breaks {
            if b < at || b > self.cells.len() {
                return Err(format!(
                    "breaks must not decrease and must fall within the line of {} cells \
                     (after 0..{} cells); {b} does not",
                    self.cells.len(),
                    self.cells.len()
                ));
            }
            at = b;
        }
        if !self.reads_region.is_empty() {
            return self.validate_regions(shape);
        }
        if self.sets_fit(n) {
            return Ok(());
        }
        // too many sets of states: a run of the machine is encoded instead, within its own
        // bound
        self.runs(&|_| full_mask(n), runs::MAX_MOVES)
            .map(|_| ())
            .map_err(|moves| {
                let sets = self.final_sets(n).err().unwrap_or_default();
                format!(
                    "{sets}, and its runs take more than {} moves ({moves} counted; too large \
                     to encode either way)",
                    runs::MAX_MOVES
                )
            })
    }

    fn never_holds(&self, shape: &Shape) -> Option<String> {
        let n = shape.value_count();
        let Some(some) = self.sets_accept(n) else {
            let runs = self.runs(&|_| full_mask(n), runs::MAX_MOVES).ok()?;
            return runs.is_empty().then(|| {
                format!(
                    "the automaton accepts no line of {} digits",
                    self.cells.len()
                )
            });
        };
        (!some).then(|| {
            format!(
                "the automaton accepts no line of {} digits",
                self.cells.len()
            )
        })
    }

    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        // a machine reading regions has its own diagram (`regions.rs`)
        if !self.reads_region.is_empty() || !self.sets_fit(shape.value_count()) {
            return None;
        }
        let masks = self.cells.iter().map(|&c| cands(c)).collect();
        let mut mdd = self.layers(masks);
        mdd.set_cells(&self.cells);
        Some(Box::new(mdd))
    }

    /// The same diagram for a search that hosts propagators: one literal per live state set
    /// and position costs many clauses on a long line of a large machine ("Sums and
    /// Differences": 56.9k clauses for its two lines), where the diagram propagator keeps the
    /// line domain-consistent without them. Not for a machine reading regions, one past the
    /// bound on its sets of states (the run encoding states it), or a line reading a cell twice
    /// (a diagram's layers read distinct cells).
    fn search_diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Layered> {
        if !self.reads_region.is_empty() || !self.sets_fit(shape.value_count()) {
            return None;
        }
        if self.cells.iter().collect::<HashSet<_>>().len() != self.cells.len() {
            return None;
        }
        let masks = self.cells.iter().map(|&c| cands(c)).collect();
        let mut mdd = self.layers(masks);
        mdd.set_cells(&self.cells);
        mdd.graph()
    }

    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        if !self.reads_region.is_empty() {
            return self.restrict_regions(shape, cands);
        }
        if self.sets_fit(shape.value_count()) {
            return super::restrict_by_diagram(self, shape, cands);
        }
        let cols = shape.cols();
        let seen = cands.to_vec();
        if let Ok(runs) = self.runs(&|c| seen[c.position(cols)], usize::MAX) {
            runs.restrict(cols, cands);
        }
    }

    fn encode(&self, enc: &mut Encoder) {
        if !self.reads_region.is_empty() {
            return self.encode_regions(enc);
        }
        // the diagram whenever the sets of states fit (`diagram` is `None` exactly when not)
        if let Some(diagram) = self.diagram(enc.shape(), &|c| enc.candidates(c)) {
            return diagram.encode(enc);
        }
        // within its bound: validation counted the moves over every digit
        let runs = match self.runs(&|c| enc.candidates(c), usize::MAX) {
            Ok(runs) => runs,
            Err(_) => unreachable!("no bound was set"),
        };
        runs.encode(enc);
    }

    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let mut digits = values(grid, &self.cells);
        if !self.reads_region.is_empty() {
            // the found regions' numbers, 1..K (any numbering: validation checked that the
            // machine's answer does not depend on it)
            let regions = grid
                .regions()
                .ok_or_else(|| "the grid has no found regions".to_string())?;
            for &i in &self.reads_region {
                digits[i] = usize::from(regions[self.cells[i].position(grid.cols())]) + 1;
            }
        }
        let boundary = |now: HashSet<u32>| -> HashSet<u32> {
            self.break_moves
                .iter()
                .filter(|(from, _)| now.contains(from))
                .map(|&(_, to)| to)
                .collect()
        };
        let mut now: HashSet<u32> = self.start.iter().copied().collect();
        for _ in 0..self.boundaries_after(0) {
            now = boundary(now);
        }
        for (i, &d) in digits.iter().enumerate() {
            now = self
                .transitions
                .iter()
                .filter(|(from, ds, _)| now.contains(from) && ds.contains(&d))
                .map(|&(_, _, to)| to)
                .collect();
            for _ in 0..self.boundaries_after(i + 1) {
                now = boundary(now);
            }
        }
        if self.accept.iter().any(|a| now.contains(a)) {
            Ok(())
        } else {
            let text: Vec<String> = digits.iter().map(usize::to_string).collect();
            Err(format!(
                "the line at {} reads {}, which its automaton does not accept",
                self.cells[0],
                text.join(" ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    /// An automaton on `rc` from its parts (tests).
    fn nfa(rc: &[(usize, usize)], accept: &[u32], transitions: &[(u32, &[usize], u32)]) -> Nfa {
        Nfa {
            cells: cells(rc),
            breaks: Vec::new(),
            start: vec![0],
            accept: accept.to_vec(),
            transitions: transitions
                .iter()
                .map(|&(a, ds, b)| (a, ds.to_vec(), b))
                .collect(),
            break_moves: Vec::new(),
            reads_region: Vec::new(),
        }
    }

    /// "The digits alternate odd, even, …" and "ends in 3 or 4, after an even count of 1s
    /// and 2s": a DFA and a genuinely nondeterministic machine (state 0 guesses where the
    /// tail starts).
    fn machines(rc: &[(usize, usize)]) -> Vec<Nfa> {
        let alternate = nfa(rc, &[0, 1], &[(0, &[1, 3], 1), (1, &[2, 4], 0)]);
        let guess = nfa(
            rc,
            &[2],
            &[
                (0, &[1, 2], 1),
                (1, &[1, 2], 0),
                (0, &[1, 2, 3, 4], 3),
                (3, &[1, 2, 3, 4], 0),
                (0, &[3, 4], 2),
                (3, &[3], 2),
            ],
        );
        vec![alternate, guess]
    }

    thread_local! {
        /// Makes every machine of this thread use the run encoding (tests of it on lines
        /// whose sets of states are few).
        pub static RUNS_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    #[test]
    fn counts_match_brute_force() {
        counts_of_every_machine();
    }

    /// The same machines through the run encoding (`runs`): the same counts.
    #[test]
    fn run_encoding_counts_match_brute_force() {
        RUNS_ONLY.with(|r| r.set(true));
        counts_of_every_machine();
        RUNS_ONLY.with(|r| r.set(false));
    }

    fn counts_of_every_machine() {
        let line = [(1, 1), (1, 2), (2, 3), (3, 3)];
        for m in machines(&line) {
            counts_agree(&[Constraint::Nfa(m)]);
        }
        // two segments: after r1c1 r1c2 the machine must be in state 1 to cross, and
        // starts again from 0
        let mut seg = nfa(
            &[(1, 1), (1, 2), (3, 1), (4, 2)],
            &[2],
            &[(0, &[1, 2], 0), (0, &[3, 4], 1), (1, &[1, 2, 3, 4], 2)],
        );
        seg.breaks = vec![2];
        seg.break_moves = vec![(2, 0)];
        counts_agree(&[Constraint::Nfa(seg.clone())]);
        // empty segments (ISS `-` twice in a row, or at an end): boundaries read back to
        // back, before the first cell and after the last; a boundary moves 0 -> 1 -> 0 and
        // only state 0 accepts, so an odd number of them in a row fails
        let mut empty = seg.clone();
        empty.accept = vec![0, 2];
        empty.break_moves = vec![(0, 1), (1, 0), (2, 0)];
        for breaks in [
            vec![0, 0, 2],
            vec![2, 2, 2],
            vec![2, 4, 4],
            vec![0, 0, 2, 4],
        ] {
            empty.breaks = breaks;
            counts_agree(&[Constraint::Nfa(empty.clone())]);
        }
        // a cell read twice (ISS lists one twice to read its digit first and again in its
        // place): "r1c1 r1c2 r1c1 sum to an even number", which holds when r1c2 is even
        let twice = nfa(
            &[(1, 1), (1, 2), (1, 1)],
            &[0],
            &[
                (0, &[1, 3], 1),
                (0, &[2, 4], 0),
                (1, &[1, 3], 0),
                (1, &[2, 4], 1),
            ],
        );
        counts_agree(&[Constraint::Nfa(twice)]);
        let col = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)];
        let six = nfa(
            &col,
            &[1],
            &[(0, &[1, 2, 3], 0), (0, &[4, 5, 6], 1), (1, &[1, 6], 1)],
        );
        counts_agree_6x6(vec![Constraint::Nfa(six)]);
    }

    #[test]
    fn the_checker_runs_the_automaton() {
        // FOUR's row 1 reads 1 2 3 4: odd, even, odd, even
        let [alternate, guess] = <[Nfa; 2]>::try_from(machines(&[(1, 1), (1, 2), (1, 3)]))
            .unwrap_or_else(|_| unreachable!());
        let g = grid(FOUR);
        assert!(alternate.check(&Shape::new(4).unwrap(), &g).is_ok());
        // 1 2 3: an even count of 1s and 2s, then 3
        assert!(guess.check(&Shape::new(4).unwrap(), &g).is_ok());
        let [_, guess2] =
            <[Nfa; 2]>::try_from(machines(&[(1, 1), (1, 2)])).unwrap_or_else(|_| unreachable!());
        // 1 2 ends in 2: refused
        let e = guess2.check(&Shape::new(4).unwrap(), &g).unwrap_err();
        assert!(e.contains("reads 1 2"), "{e}");
        assert_checker(
            &[Constraint::Nfa(nfa(
                &[(1, 1), (1, 2)],
                &[1],
                // "starts with 1"
                &[(0, &[1], 1), (1, &[1, 2, 3, 4], 1)],
            ))],
            FOUR,
            "2143341212344321",
        );
    }

    #[test]
    fn serde_and_errors() {
        round_trip(
            r#"{"type": "nfa", "cells": ["r1c1", "r1c2", "r1c3"], "start": [0], "accept": [1],
               "transitions": [[0, [1, 2], 1], [1, [3], 0]], "breaks": [2], "break_moves": [[1, 1]]}"#,
        );
        let base = || nfa(&[(1, 1), (1, 2)], &[1], &[(0, &[1, 2], 1), (1, &[3], 1)]);
        let err = |n: Nfa| invalid(&Constraint::Nfa(n), 4);
        let mut bad = base();
        bad.transitions[1].1 = vec![5];
        assert!(err(bad).contains("reads 5, not a digit 1..4"));
        let mut bad = base();
        bad.accept = vec![MAX_STATES as u32];
        assert!(err(bad).contains("past the limit"));
        let mut bad = base();
        bad.breaks = vec![3];
        assert!(err(bad).contains("breaks must not decrease"));
        let mut bad = base();
        bad.breaks = vec![2, 1];
        assert!(err(bad).contains("breaks must not decrease"));
        let mut bad = base();
        bad.cells = cells(&[(1, 1), (5, 1)]);
        let e = err(bad);
        assert!(e.contains("r5c1"), "{e}");
        // accepts nothing of length 2: a rule that never holds
        let mut never = base();
        never.accept = vec![5];
        assert!(err(never).contains("accepts no line of 2 digits"));
        rejects(
            r#"{"type": "nfa", "cells": ["r1c1"], "start": [0], "accept": [1], "transitions": [], "moves": []}"#,
            "moves",
        );
    }

    /// Too many reachable state sets for the layered diagram: the run encoding states the
    /// line instead. "The 16th digit from the end is a 1" (state 0 loops and guesses a 1;
    /// state k counts k digits since): after i digits the machine can be in any of 2^i
    /// sets, past the diagram's bound after 15 cells, while its runs have at most 17 moves
    /// a step. Solved on a 16×16, the solution's first digit is the 1; past a bound on the
    /// moves the line is refused.
    #[test]
    fn too_many_sets_take_the_run_encoding() {
        let all: Vec<usize> = (1..=16).collect();
        let mut transitions = vec![(0, all.clone(), 0), (0, vec![1], 1)];
        for k in 1..16u32 {
            transitions.push((k, all.clone(), k + 1));
        }
        let long = Nfa {
            cells: (1..=16).map(|c| Cell::new(1, c)).collect(),
            breaks: Vec::new(),
            start: vec![0],
            accept: vec![16],
            transitions,
            break_moves: Vec::new(),
            reads_region: Vec::new(),
        };
        let shape = Shape::new(16).unwrap();
        assert!(long.final_sets(16).unwrap_err().contains("after 15 cells"));
        assert_eq!(long.validate(&shape), Ok(()));
        assert!(!long.sets_fit(16));
        let p = crate::puzzle::Puzzle::new(
            shape.clone(),
            Grid::empty(16),
            vec![Constraint::Nfa(long.clone())],
        )
        .unwrap();
        let grid = crate::solve::some_solution(&p)
            .unwrap()
            .expect("a solution");
        assert_eq!(grid.get(Cell::new(1, 1)).map(|d| d.get()), Some(1));
        assert!(long.check(&shape, &grid).is_ok());
        // the moves counted past a bound
        let moves = long.runs(&|_| full_mask(16), 100).err();
        assert!(moves.is_some_and(|m| m > 100), "{moves:?}");
    }
}
