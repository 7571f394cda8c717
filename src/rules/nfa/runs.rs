//! The run encoding of a state machine whose sets of states are too many for the layered
//! diagram (more than [`super::MAX_SETS`] at some position: ISS's sum-splitting machines
//! reach that after a few cells). Instead of the set of states the machine can be in, it
//! states one run of it.
//!
//! A run is a sequence of steps: read a cell's digit, or cross a segment boundary. The states
//! *live* at step j are those reachable from a start state with the cells' candidates and
//! from which an accepting state is still reachable; a *move* (j, q, digits, q') goes from
//! live q to live q' at step j reading one of the digits (none at a boundary). Variables:
//! r(j,q) "the run is in q before step j", e(m) "the run takes move m". Clauses:
//!
//! - some run starts: `∨ r(0,q)` over the live start states;
//! - a move joins its ends and reads its digit: `e -> r(j,q)`, `e -> r(j+1,q')`,
//!   `e -> ∨_{d∈digits} x(c_j,d)`;
//! - a state goes on: `r(j,q) -> ∨ e` over its moves at step j (at the last layer only
//!   accepting states are live, so a run that gets there is accepted);
//! - a digit is read by some move: `x(c_j,d) -> ∨ e` over the moves of step j reading d.
//!
//! Sound: the run a solution's digits allow, with r and e true along it and false
//! elsewhere, satisfies every clause (the last one because the run reads d at step j).
//! Complete: from the true r(0,q) the "goes on" clauses give a path of true moves to the last
//! layer, each reading the cell's digit, ending in an accepting state — a run that accepts.
//! The size is the number of moves (at most [`MAX_MOVES`], refused past it), not the number
//! of sets of states.

use super::{Nfa, Tables};
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Mask};
use rustc_hash::FxHashMap;

/// Most moves the run encoding writes, over all steps, refused past it.
pub const MAX_MOVES: usize = 1_000_000;

/// A move of one step between live states: (from, digits read (none at a boundary), to).
type Move = (u32, Mask, u32);

/// The live moves of every step of a machine's runs.
pub struct Runs {
    /// The cell each step reads (`None`: a segment boundary).
    steps: Vec<Option<Cell>>,
    /// The live moves of each step.
    moves: Vec<Vec<Move>>,
    /// The live start states.
    first: Vec<u32>,
}

impl Runs {
    /// The live moves of `nfa`'s runs over the candidates `cands`, or the number of moves
    /// reached when it passes `bound` (counted before pruning, so within the bound the
    /// encoding is smaller still).
    pub fn build(
        nfa: &Nfa,
        t: &Tables,
        cands: &dyn Fn(Cell) -> Mask,
        bound: usize,
    ) -> Result<Runs, usize> {
        let mut steps = vec![None; nfa.boundaries_after(0)];
        for (i, &c) in nfa.cells.iter().enumerate() {
            steps.push(Some(c));
            steps.extend(std::iter::repeat_n(None, nfa.boundaries_after(i + 1)));
        }
        let k = t.moves.len();
        let mut live = vec![false; k];
        for &q in &nfa.start {
            live[q as usize] = true;
        }
        let first_live = live.clone();
        // forward: the moves out of every reachable state
        let mut moves: Vec<Vec<Move>> = Vec::with_capacity(steps.len());
        let mut count = 0;
        for &step in &steps {
            let mut out: FxHashMap<(u32, u32), Mask> = FxHashMap::default();
            for q in (0..k).filter(|&q| live[q]) {
                match step {
                    Some(c) => {
                        for &(mask, to) in &t.moves[q] {
                            let m = mask & cands(c);
                            if m != 0 {
                                *out.entry((q as u32, to)).or_default() |= m;
                            }
                        }
                    }
                    None => {
                        for &to in &t.breaks[q] {
                            out.entry((q as u32, to)).or_default();
                        }
                    }
                }
            }
            count += out.len();
            if count > bound {
                return Err(count);
            }
            live = vec![false; k];
            let mut list: Vec<Move> = out.into_iter().map(|((a, b), m)| (a, m, b)).collect();
            list.sort_unstable();
            for &(_, _, to) in &list {
                live[to as usize] = true;
            }
            moves.push(list);
        }
        // backward: keep what still reaches an accepting state
        let mut keep = vec![false; k];
        for &a in &nfa.accept {
            keep[a as usize] = live[a as usize];
        }
        for list in moves.iter_mut().rev() {
            list.retain(|&(_, _, to)| keep[to as usize]);
            keep = vec![false; k];
            for &(from, _, _) in list.iter() {
                keep[from as usize] = true;
            }
        }
        let first = (0..k)
            .filter(|&q| first_live[q] && keep[q])
            .map(|q| q as u32)
            .collect();
        Ok(Runs {
            steps,
            moves,
            first,
        })
    }

    /// Whether no run can be accepted.
    pub fn is_empty(&self) -> bool {
        self.first.is_empty()
    }

    /// Removes the digits no live move of a step reading the cell reads.
    pub fn restrict(&self, cols: usize, cands: &mut [Mask]) {
        for (step, list) in self.steps.iter().zip(&self.moves) {
            if let Some(c) = step {
                let read = list.iter().fold(0, |m, mv| m | mv.1);
                cands[c.position(cols)] &= read;
            }
        }
    }

    /// Writes the clauses (module docs).
    pub fn encode(&self, enc: &mut Encoder) {
        let mut r: Vec<FxHashMap<u32, Term>> = vec![FxHashMap::default(); self.moves.len() + 1];
        let mut state = |enc: &mut Encoder, j: usize, q: u32| -> Term {
            *r[j].entry(q).or_insert_with(|| Term::Lit(enc.new_lit()))
        };
        // some run starts (none live: the empty clause)
        let starts: Vec<Term> = self.first.iter().map(|&q| state(enc, 0, q)).collect();
        enc.clause(starts);
        for (j, list) in self.moves.iter().enumerate() {
            let mut out: FxHashMap<u32, Vec<Term>> = FxHashMap::default();
            let mut by_digit: FxHashMap<usize, Vec<Term>> = FxHashMap::default();
            for &(q, m, q2) in list {
                let e = Term::Lit(enc.new_lit());
                let (a, b) = (state(enc, j, q), state(enc, j + 1, q2));
                // e -> r(j,q); e -> r(j+1,q')
                enc.implies(e, a);
                enc.implies(e, b);
                if let Some(c) = self.steps[j] {
                    // e -> OR_{d in digits} x(c,d)
                    let mut clause = vec![!e];
                    for d in digits(m) {
                        clause.push(enc.x(c, d));
                        by_digit.entry(d.index()).or_default().push(e);
                    }
                    enc.clause(clause);
                }
                out.entry(q).or_default().push(e);
            }
            for (q, es) in out {
                // r(j,q) -> OR e over its moves (a state without any is never entered)
                let a = state(enc, j, q);
                enc.clause(std::iter::once(!a).chain(es));
            }
            if let Some(c) = self.steps[j] {
                for d in digits(enc.candidates(c)) {
                    // x(c,d) -> OR e over the moves of this step reading d
                    let es = by_digit.remove(&d.index()).unwrap_or_default();
                    enc.clause(std::iter::once(!enc.x(c, d)).chain(es));
                }
            }
        }
    }
}
