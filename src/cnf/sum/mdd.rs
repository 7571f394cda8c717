//! Layered decision diagrams over cell digits (MDDs), the shared back end of every sum and
//! every "read the cells in order" rule.
//!
//! An [`Mdd`] reads cells `c_0 … c_{L-1}` in order. Layer `i` holds the states the reading can
//! be in after `i` cells; a step function maps (layer, state, digit) to the next state, or
//! rejects. Equal states are merged (a layered prefix sum keeps one node per partial sum, a
//! sandwich one node per (phase, partial sum)), so the diagram stays as wide as the number
//! of distinct states, not the number of digit sequences. Building keeps only *live* states:
//! reachable from the start with the cells' candidates, and able to reach an accepted state.
//!
//! # CNF shape
//!
//! One variable s(i,v) per live state ("after `i` cells the reading is in state `v`");
//! layer 0 is the constant true, and so is every layer with a single live state. A layer-1
//! state entered by one digit only is that digit's own variable (no auxiliary). With
//! x_i(d) = x(c_i, d) and edges v -d-> u between live states:
//!
//! - forward:  `s(i,v) ∧ x_i(d) -> s(i+1,u)`, or `s(i,v) -> ¬x_i(d)` when `d` leads nowhere;
//! - backward: `s(i+1,u) ∧ x_i(d) -> OR { s(i,v) : v -d-> u }` (`¬x_i(d)` if no such `v`);
//! - node support: `s(i+1,u) -> OR` of its predecessors, `s(i,v) -> OR` of its successors;
//! - digit support: `x_i(d) -> OR { s(i,v) : v has a live d-edge }` (`¬x_i(d)` if none);
//! - at least one state per layer.
//!
//! Soundness: the states along the path of a solution, and no others, satisfy every clause.
//! Exactness: from the true layer 0 the forward clauses force the path of any digit
//! assignment, and a path that ends outside the accepted states meets a binary `¬x` clause.
//! The backward clauses make each layer's true state unique under a full assignment, so the
//! final-state terms returned by [`Mdd::encode`] can stand for the outcome (e.g. "the sum is
//! v") in other clauses. Unit propagation removes digit `d` of cell `i` once every state with
//! a d-edge is false, a state once all its predecessors or all its successors are false, and,
//! when a state is known true, every digit whose edge from it (or into it) is gone.
//!
//! # References
//! I. Abío, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, "BDDs for Pseudo-Boolean
//! Constraints — Revisited", SAT 2011 (the node-variable encoding, here over one-hot digits).

use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Digit, Mask};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// An edge between live states of consecutive layers.
#[derive(Clone, Copy, Debug)]
struct Edge {
    from: u32,
    digit: Digit,
    to: u32,
}

/// A diagram's live states and edges without the states' values ([`Mdd::graph`]): layer `i`
/// reads `cells[i]`; `widths[i]` states per layer (`cells.len() + 1` layers, the last
/// holding only accepted states, all states empty when nothing is accepted); `edges[i]`
/// holds (state of layer `i`, digit, state of layer `i + 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layered {
    /// The cell each layer reads, distinct.
    pub cells: Vec<Cell>,
    /// Live states per layer.
    pub widths: Vec<usize>,
    /// Live edges from layer `i` to layer `i + 1`.
    pub edges: Vec<Vec<(u32, Digit, u32)>>,
    /// A pass that finds the same supported digits as the edges, faster, when the diagram
    /// has a shape a propagator knows; `None` by default.
    pub shortcut: Option<Shortcut>,
}

/// Diagram shapes whose supports a propagator computes without walking the edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// States (tallest digit so far, how many digits seen so far) from (0, 0), a digit seen
    /// when taller than the tallest, at most `count` seen and exactly `count` in the end: a
    /// skyscraper clue ([`crate::rules::skyscraper`]).
    Skyline {
        /// Digits seen in the end.
        count: usize,
    },
}

/// A layered MDD over the digits of a sequence of distinct cells. See the module docs.
#[derive(Clone, Debug)]
pub struct Mdd<S> {
    /// The cell each layer reads; empty for a diagram of [`Mdd::build_layers`].
    cells: Vec<Cell>,
    /// Choices of each layer: the candidates each cell had when the diagram was built.
    masks: Vec<Mask>,
    /// Live states per layer (`masks.len() + 1` layers); all empty when nothing is accepted.
    states: Vec<Vec<S>>,
    /// Live edges from layer `i` to layer `i + 1`.
    edges: Vec<Vec<Edge>>,
}

impl<S: Clone + Eq + Hash> Mdd<S> {
    /// Builds the diagram of `cells` read in order from `init`: `step(i, state, digit)` is the
    /// state after cell `i` holds `digit` (`None` rejects), `accept` judges the final state.
    /// Only the digits in `cands(cell)` are read.
    pub fn build(
        cells: &[Cell],
        cands: impl Fn(Cell) -> Mask,
        init: S,
        step: impl FnMut(usize, &S, Digit) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Mdd<S> {
        let masks: Vec<Mask> = cells.iter().map(|&c| cands(c)).collect();
        let mut mdd = Mdd::build_layers(masks, init, step, accept);
        mdd.set_cells(cells);
        mdd
    }

    /// Makes layer `i` of a diagram of [`Mdd::build_layers`] read cell `cells[i]` (choice
    /// `d` = digit `d`).
    pub fn set_cells(&mut self, cells: &[Cell]) {
        assert_eq!(cells.len(), self.masks.len(), "one cell per layer");
        self.cells = cells.to_vec();
    }

    /// [`Mdd::build`] over abstract layers: layer `i` reads one of the choices in `masks[i]`
    /// (choice `k` is passed to `step` as `Digit::from_index(k)`), whose terms are given at
    /// [`Mdd::encode_with`]. Such a diagram reads no cells: [`Mdd::restrict`] does nothing
    /// and [`Mdd::encode`] must not be used.
    pub fn build_layers(
        masks: Vec<Mask>,
        init: S,
        mut step: impl FnMut(usize, &S, Digit) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Mdd<S> {
        let mut states: Vec<Vec<S>> = vec![vec![init]];
        let mut edges: Vec<Vec<Edge>> = Vec::with_capacity(masks.len());
        for (i, &mask) in masks.iter().enumerate() {
            let mut index: FxHashMap<S, u32> = FxHashMap::default();
            let mut next: Vec<S> = Vec::new();
            let mut out: Vec<Edge> = Vec::new();
            for (from, s) in states[i].iter().enumerate() {
                for digit in digits(mask) {
                    let Some(t) = step(i, s, digit) else { continue };
                    let to = match index.get(&t) {
                        Some(&k) => k,
                        None => {
                            let k = next.len() as u32;
                            index.insert(t.clone(), k);
                            next.push(t);
                            k
                        }
                    };
                    out.push(Edge {
                        from: from as u32,
                        digit,
                        to,
                    });
                }
            }
            states.push(next);
            edges.push(out);
        }
        // Backward pass: a state is live if it is accepted (last layer) or has an edge to a
        // live state. Then keep the live states, renumbered, and the edges between them.
        let last = masks.len();
        let mut live: Vec<Vec<bool>> = states.iter().map(|l| vec![false; l.len()]).collect();
        live[last] = states[last].iter().map(&accept).collect();
        for i in (0..last).rev() {
            for e in &edges[i] {
                if live[i + 1][e.to as usize] {
                    live[i][e.from as usize] = true;
                }
            }
        }
        if !live[0][0] {
            live.iter_mut().for_each(|l| l.fill(false));
        }
        let ids: Vec<Vec<u32>> = live
            .iter()
            .map(|l| {
                let mut k = 0;
                l.iter()
                    .map(|&b| {
                        k += b as u32;
                        if b {
                            k - 1
                        } else {
                            u32::MAX
                        }
                    })
                    .collect()
            })
            .collect();
        for (i, layer) in edges.iter_mut().enumerate() {
            layer.retain(|e| live[i + 1][e.to as usize] && live[i][e.from as usize]);
            for e in layer.iter_mut() {
                e.from = ids[i][e.from as usize];
                e.to = ids[i + 1][e.to as usize];
            }
        }
        for (layer, l) in states.iter_mut().zip(&live) {
            let kept = std::mem::take(layer)
                .into_iter()
                .zip(l)
                .filter_map(|(s, &b)| b.then_some(s))
                .collect();
            *layer = kept;
        }
        Mdd {
            cells: Vec::new(),
            masks,
            states,
            edges,
        }
    }

    /// The diagram as a plain layered graph over its cells (states numbered per layer, no
    /// state values): what a propagator keeps to domain consistency during the search
    /// ([`crate::diagrams`]). A diagram of [`Mdd::build_layers`] has no cells and gives none.
    pub fn graph(&self) -> Option<Layered> {
        if self.cells.len() != self.masks.len() {
            return None;
        }
        Some(Layered {
            cells: self.cells.clone(),
            widths: self.states.iter().map(Vec::len).collect(),
            edges: self
                .edges
                .iter()
                .map(|l| l.iter().map(|e| (e.from, e.digit, e.to)).collect())
                .collect(),
            shortcut: None,
        })
    }

    /// Whether no digit sequence is accepted (the constraint alone is unsatisfiable).
    pub fn is_empty(&self) -> bool {
        self.states[0].is_empty()
    }

    /// The live final states (what an accepted reading can end in).
    pub fn finals(&self) -> &[S] {
        &self.states[self.masks.len()]
    }

    /// Number of live states over all layers.
    pub fn width(&self) -> usize {
        self.states.iter().map(Vec::len).sum()
    }

    /// Digits of cell `i` (choices of layer `i`) that lie on some accepted path.
    pub fn supported(&self, i: usize) -> Mask {
        self.edges[i].iter().fold(0, |m, e| m | e.digit.bit())
    }

    /// Removes from `cands` (row-major, side `n`) every digit that lies on no accepted path:
    /// the unary consequences of this constraint alone.
    pub fn restrict(&self, n: usize, cands: &mut [Mask]) {
        for (i, cell) in self.cells.iter().enumerate() {
            cands[cell.position(n)] &= self.supported(i);
        }
    }

    /// Writes the clauses (module docs) and returns the terms of the final states, parallel to
    /// [`Mdd::finals`]. Empty diagram: the empty clause. Build with `|c| enc.candidates(c)`.
    pub fn encode(&self, enc: &mut Encoder) -> Vec<Term> {
        debug_assert_eq!(
            self.cells.len(),
            self.masks.len(),
            "a diagram without cells"
        );
        for (&cell, &mask) in self.cells.iter().zip(&self.masks) {
            debug_assert_eq!(
                enc.candidates(cell) & !mask,
                0,
                "MDD of {cell} built with other candidates than the encoder's"
            );
        }
        let cells = &self.cells;
        self.encode_with(enc, |enc, i, d| enc.x(cells[i], d))
    }

    /// [`Mdd::encode`] with the term of choice `d` of layer `i` given by `input(enc, i, d)`;
    /// the choices of one layer must be one-hot (exactly one true in every model), as a
    /// cell's digits are.
    pub fn encode_with(
        &self,
        enc: &mut Encoder,
        input: impl Fn(&Encoder, usize, Digit) -> Term,
    ) -> Vec<Term> {
        if self.is_empty() {
            // No accepted reading: the formula is unsatisfiable.
            enc.clause([]);
            return Vec::new();
        }
        let mut terms: Vec<Term> = vec![Term::True];
        for i in 0..self.masks.len() {
            let next = self.layer_terms(enc, i, &input);
            self.encode_layer(enc, i, &terms, &next, &input);
            terms = next;
        }
        terms
    }

    /// [`Mdd::encode_with`] for a diagram of [`Mdd::build_layers`] whose layers choose
    /// between two outcomes (masks `0b11`): choice 1 of layer `i` is `bits[i]` true, choice 0
    /// is it false — one-hot, as `encode_with` requires. Counting diagrams over literals
    /// ("how many of these hold") are built this way.
    pub fn encode_bits(&self, enc: &mut Encoder, bits: &[Term]) -> Vec<Term> {
        self.encode_with(enc, |_, i, choice| {
            if choice.index() == 1 {
                bits[i]
            } else {
                !bits[i]
            }
        })
    }

    /// Terms of the states of layer `i + 1`.
    fn layer_terms(
        &self,
        enc: &mut Encoder,
        i: usize,
        input: &impl Fn(&Encoder, usize, Digit) -> Term,
    ) -> Vec<Term> {
        let count = self.states[i + 1].len();
        if count == 1 {
            return vec![Term::True];
        }
        if i == 0 {
            // From the single start state, a state entered by exactly one digit is that
            // digit: s(1,u) = x(c_0,d).
            let mut only: Vec<Option<Digit>> = vec![None; count];
            let mut many = vec![false; count];
            for e in &self.edges[0] {
                let u = e.to as usize;
                many[u] |= only[u].is_some();
                only[u] = Some(e.digit);
            }
            return (0..count)
                .map(|u| match only[u] {
                    Some(d) if !many[u] => input(enc, 0, d),
                    _ => Term::Lit(enc.new_lit()),
                })
                .collect();
        }
        (0..count).map(|_| Term::Lit(enc.new_lit())).collect()
    }

    /// Clauses between layer `i` (terms `s`) and layer `i + 1` (terms `t`).
    fn encode_layer(
        &self,
        enc: &mut Encoder,
        i: usize,
        s: &[Term],
        t: &[Term],
        input: &impl Fn(&Encoder, usize, Digit) -> Term,
    ) {
        let mask = self.masks[i];
        let x = |d: Digit| input(enc, i, d);
        let mut out: Vec<Vec<(Digit, u32)>> = vec![Vec::new(); s.len()];
        let mut inc: Vec<Vec<(Digit, u32)>> = vec![Vec::new(); t.len()];
        for e in &self.edges[i] {
            out[e.from as usize].push((e.digit, e.to));
            inc[e.to as usize].push((e.digit, e.from));
        }
        let mut clauses: Vec<Vec<Term>> = Vec::new();
        for (v, edges) in out.iter().enumerate() {
            for d in digits(mask) {
                match edges.iter().find(|&&(e, _)| e == d) {
                    // s(i,v) ∧ x_i(d) -> s(i+1,u)  (skipped when s(i+1,u) is x_i(d) itself)
                    Some(&(_, u)) if t[u as usize] != x(d) => {
                        clauses.push(vec![!s[v], !x(d), t[u as usize]])
                    }
                    Some(_) => {}
                    // s(i,v) -> ¬x_i(d): d leads nowhere from v
                    None => clauses.push(vec![!s[v], !x(d)]),
                }
            }
            // s(i,v) -> OR of its successors
            let mut succ: Vec<Term> = vec![!s[v]];
            succ.extend(distinct(edges.iter().map(|&(_, u)| t[u as usize])));
            clauses.push(succ);
        }
        for (u, edges) in inc.iter().enumerate() {
            for d in digits(mask) {
                // s(i+1,u) ∧ x_i(d) -> OR { s(i,v) : v -d-> u }
                let mut c = vec![!t[u], !x(d)];
                c.extend(
                    edges
                        .iter()
                        .filter(|&&(e, _)| e == d)
                        .map(|&(_, v)| s[v as usize]),
                );
                clauses.push(c);
            }
            // s(i+1,u) -> OR of its predecessors
            let mut pred: Vec<Term> = vec![!t[u]];
            pred.extend(distinct(edges.iter().map(|&(_, v)| s[v as usize])));
            clauses.push(pred);
        }
        for d in digits(mask) {
            // x_i(d) -> OR { s(i,v) : v has a live d-edge }
            // (a state has at most one edge per digit, so the sources are distinct)
            let mut c = vec![!x(d)];
            c.extend(
                self.edges[i]
                    .iter()
                    .filter(|e| e.digit == d)
                    .map(|e| s[e.from as usize]),
            );
            clauses.push(c);
        }
        if s.len() > 1 {
            // at least one state in layer i+1 (with one state in layer i, its successor
            // clause above says the same)
            clauses.push(t.to_vec());
        }
        for c in clauses {
            enc.clause(c);
        }
    }
}

/// The terms of `it` without repeats, in first-seen order.
fn distinct(it: impl Iterator<Item = Term>) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for t in it {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}
