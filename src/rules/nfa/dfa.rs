//! A machine's sets of states as numbers, with each set's moves worked out once.
//!
//! The layered diagram of a line (`Nfa::layers`) steps every live set of states of every
//! position on every candidate digit. As sorted vectors, each step sorted and deduplicated the
//! targets and each layer hashed whole vectors to merge equal sets: on "Sums and Differences"
//! (two state-machine lines) building the diagrams took a fifth of the puzzle's time,
//! and a puzzle builds them several times (candidate restriction to a fixpoint, encoding, the
//! search's propagator). Here a set is interned once as a number; its move on a digit, and
//! across a boundary, is computed the first time it is asked and then looked up. For
//! state-machine lines the interning is kept per thread for the last machines seen, keyed by
//! the whole machine (transitions, boundary moves, accepting states) compared in full, so two
//! machines never share an entry; a regex line ([`crate::rules::regex`]) interns its sets
//! for one diagram at a time.

use super::{Nfa, Tables};
use crate::cell::Mask;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

/// Not yet computed.
const UNKNOWN: u32 = u32::MAX;
/// The number of the empty set (every run failed).
pub(crate) const EMPTY: u32 = 0;
/// Machines kept per thread; the oldest entries go past it (all at once: a batch of many
/// different machines simply starts afresh).
const KEPT: usize = 32;
/// Sets interned per thread over all kept machines before the cache starts afresh (each
/// costs its states and one number per digit).
const MAX_INTERNED: usize = 2_000_000;

/// What the interning depends on: the moves and the accepting states (not the cells, the
/// boundaries' places or the start states, which the callers apply).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    transitions: Vec<(u32, Vec<usize>, u32)>,
    break_moves: Vec<(u32, u32)>,
    accept: Vec<u32>,
}

/// What a machine does to a sorted set of its states.
pub(crate) trait Moves {
    /// The set after reading the digit bit `bit`.
    fn step(&self, set: &[u32], bit: Mask) -> Vec<u32>;
    /// The set after a segment boundary (none by default: every run fails).
    fn cross(&self, _set: &[u32]) -> Vec<u32> {
        Vec::new()
    }
    /// Whether the set holds an accepting state.
    fn accepts(&self, set: &[u32]) -> bool;
    /// Digits 0..width can move (one past the highest digit any move reads).
    fn width(&self) -> usize;
}

/// A state machine's moves, as its tables hold them.
pub(super) struct Machine {
    tables: Tables,
    width: usize,
    accept: HashSet<u32>,
}

impl Moves for Machine {
    fn step(&self, set: &[u32], bit: Mask) -> Vec<u32> {
        self.tables.step(set, bit)
    }
    fn cross(&self, set: &[u32]) -> Vec<u32> {
        self.tables.cross(set)
    }
    fn accepts(&self, set: &[u32]) -> bool {
        set.iter().any(|s| self.accept.contains(s))
    }
    fn width(&self) -> usize {
        self.width
    }
}

impl Machine {
    fn of(nfa: &Nfa) -> Machine {
        let tables = nfa.tables();
        let width = tables
            .moves
            .iter()
            .flatten()
            .map(|&(m, _)| (Mask::BITS - m.leading_zeros()) as usize)
            .max()
            .unwrap_or(0);
        Machine {
            tables,
            width,
            accept: nfa.accept.iter().copied().collect(),
        }
    }
}

/// The interned sets of states of one machine.
pub(crate) struct Dfa<M> {
    moves: M,
    width: usize,
    ids: FxHashMap<Vec<u32>, u32>,
    sets: Vec<Vec<u32>>,
    /// Per set and digit index, the set after reading it ([`UNKNOWN`] until asked).
    next: Vec<u32>,
    /// Per set, the set after a boundary ([`UNKNOWN`] until asked).
    cross: Vec<u32>,
    accepting: Vec<bool>,
}

impl<M: Moves> Dfa<M> {
    /// No set interned but the empty one (number [`EMPTY`]).
    pub(crate) fn new(moves: M) -> Dfa<M> {
        let mut dfa = Dfa {
            width: moves.width(),
            moves,
            ids: FxHashMap::default(),
            sets: Vec::new(),
            next: Vec::new(),
            cross: Vec::new(),
            accepting: Vec::new(),
        };
        let empty = dfa.intern(Vec::new());
        debug_assert_eq!(empty, EMPTY);
        dfa
    }

    /// The number of the sorted set `set`, interned if new.
    pub(crate) fn intern(&mut self, set: Vec<u32>) -> u32 {
        if let Some(&id) = self.ids.get(&set) {
            return id;
        }
        let id = self.sets.len() as u32;
        self.accepting.push(self.moves.accepts(&set));
        self.next.extend(std::iter::repeat_n(UNKNOWN, self.width));
        self.cross.push(UNKNOWN);
        self.ids.insert(set.clone(), id);
        self.sets.push(set);
        id
    }

    /// The set after reading the digit of 0-based index `d` from set `id`.
    pub(crate) fn step(&mut self, id: u32, d: usize) -> u32 {
        if d >= self.width {
            return EMPTY;
        }
        let slot = id as usize * self.width + d;
        if self.next[slot] == UNKNOWN {
            let set = self.moves.step(&self.sets[id as usize], 1 << d);
            self.next[slot] = self.intern(set);
        }
        self.next[slot]
    }

    /// The set after a segment boundary from set `id`.
    pub(crate) fn cross(&mut self, id: u32) -> u32 {
        let slot = id as usize;
        if self.cross[slot] == UNKNOWN {
            let set = self.moves.cross(&self.sets[slot]);
            self.cross[slot] = self.intern(set);
        }
        self.cross[slot]
    }

    /// Whether set `id` holds an accepting state.
    pub(crate) fn accepts(&self, id: u32) -> bool {
        self.accepting[id as usize]
    }

    fn interned(&self) -> usize {
        self.sets.len()
    }
}

thread_local! {
    static KEPT_DFAS: RefCell<FxHashMap<Key, Rc<RefCell<Dfa<Machine>>>>> = RefCell::default();
}

/// The interned sets of `nfa`'s machine, shared with earlier calls for the same machine on
/// this thread.
pub(super) fn of(nfa: &Nfa) -> Rc<RefCell<Dfa<Machine>>> {
    let key = Key {
        transitions: nfa.transitions.clone(),
        break_moves: nfa.break_moves.clone(),
        accept: nfa.accept.clone(),
    };
    KEPT_DFAS.with(|k| {
        let mut kept = k.borrow_mut();
        if let Some(d) = kept.get(&key) {
            return Rc::clone(d);
        }
        let total: usize = kept
            .values()
            .map(|d| d.try_borrow().map_or(0, |d| d.interned()))
            .sum();
        if kept.len() >= KEPT || total >= MAX_INTERNED {
            kept.clear();
        }
        let d = Rc::new(RefCell::new(Dfa::new(Machine::of(nfa))));
        kept.insert(key, Rc::clone(&d));
        d
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;

    fn machine(accept: Vec<u32>) -> Nfa {
        Nfa {
            cells: vec![Cell::new(1, 1), Cell::new(1, 2)],
            breaks: Vec::new(),
            start: vec![0],
            accept,
            // 0 -1-> 1, 1 -2,3-> 0, 0 -2-> 0
            transitions: vec![(0, vec![1], 1), (1, vec![2, 3], 0), (0, vec![2], 0)],
            break_moves: Vec::new(),
            reads_region: Vec::new(),
        }
    }

    #[test]
    fn sets_are_stepped_as_the_tables_step_them_and_machines_never_share() {
        let (a, b) = (machine(vec![1]), machine(vec![0]));
        let (da, db) = (of(&a), of(&b));
        assert!(
            !Rc::ptr_eq(&da, &db),
            "a different accepting set is another machine"
        );
        assert!(
            Rc::ptr_eq(&da, &of(&machine(vec![1]))),
            "the same machine is shared"
        );
        let mut d = da.borrow_mut();
        let start = d.intern(vec![0]);
        let one = d.step(start, 0);
        assert_eq!(d.sets[one as usize], vec![1]);
        assert!(d.accepts(one) && !d.accepts(start));
        // from {1} on 2 back to {0}, on 1 nowhere; digits past the machine's lead nowhere
        assert_eq!(d.step(one, 1), start);
        assert_eq!(d.step(one, 0), EMPTY);
        assert_eq!(d.step(start, 20), EMPTY);
        // asked again: the same numbers, from the table
        assert_eq!(d.step(start, 0), one);
        drop(d);
        let mut e = db.borrow_mut();
        let start = e.intern(vec![0]);
        assert!(e.accepts(start));
    }
}
