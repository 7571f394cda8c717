//! The propagator of one [`Connection`] (module docs of [`crate::connected`]).

use super::Connection;
use crate::engine::propagator::hand_over;
use crate::engine::{Lit, Propagator, Var};
use crate::marks::{boundary, Marks};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;
use std::rc::Rc;

#[cfg(test)]
thread_local! {
    /// Mutation switch for the soundness tests: every cut forgets its last boundary literal.
    pub(super) static MUTATE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The propagator of one [`Connection`] (module docs).
#[derive(Clone, Debug)]
pub struct ConnectedPropagator {
    touching: Vec<Vec<u32>>,
    members: Vec<Vec<Lit>>,
    always: Vec<bool>,
    size: Option<usize>,
    /// Per observed variable: (cell, index in its member list). (FxHash: looked up for
    /// every assignment the engine reports.)
    of_var: FxHashMap<usize, (u32, u32)>,
    /// Per cell, a member literal now true.
    held: Vec<Option<Lit>>,
    /// Per cell, how many of its member literals are now false.
    falses: Vec<u32>,
    /// Per cell and member: 1 true, -1 false, 0 open.
    val: Vec<Vec<i8>>,
    /// Observed literals assigned, in order; `levels[i]`: the trail's length when level i+1
    /// began.
    trail: Vec<Lit>,
    levels: Vec<usize>,
    dirty: bool,
    pending: VecDeque<Lit>,
    /// Literal codes in `pending`.
    queued: FxHashSet<usize>,
    /// Per literal code: the cut that forced it last (the reason without the literal). Kept
    /// across backtracks: the engine may ask for the reason of a literal propagated at a
    /// level it did not undo.
    reasons: FxHashMap<usize, Rc<Vec<Lit>>>,
    conflict: Option<Vec<Lit>>,
    /// Scratch: component per cell, marks for boundaries, distances of [`Self::reach`].
    comp: Vec<u32>,
    dist: Vec<u32>,
    marks: Marks,
    /// Scratch of [`Self::doors`]: the cells some piece took, and those of the current one.
    taken: Marks,
    current: Marks,
}

/// No component.
const NONE: u32 = u32::MAX;

impl ConnectedPropagator {
    /// The propagator of `c`.
    pub fn new(c: Connection) -> ConnectedPropagator {
        let m = c.members.len();
        let mut of_var = FxHashMap::default();
        for (cell, ms) in c.members.iter().enumerate() {
            for (i, l) in ms.iter().enumerate() {
                of_var.insert(l.index(), (cell as u32, i as u32));
            }
        }
        ConnectedPropagator {
            touching: c
                .touching
                .iter()
                .map(|t| t.iter().map(|&j| j as u32).collect())
                .collect(),
            val: c.members.iter().map(|ms| vec![0; ms.len()]).collect(),
            members: c.members,
            always: c.always,
            size: c.size,
            of_var,
            held: vec![None; m],
            falses: vec![0; m],
            trail: Vec::new(),
            levels: Vec::new(),
            dirty: true,
            pending: VecDeque::new(),
            queued: FxHashSet::default(),
            reasons: FxHashMap::default(),
            conflict: None,
            comp: vec![NONE; m],
            dist: vec![u32::MAX; m],
            marks: Marks::new(m),
            taken: Marks::new(m),
            current: Marks::new(m),
        }
    }

    /// Whether the candidates it started from already break the connection (no search
    /// needed: the clauses say so).
    pub fn refuted(&mut self) -> bool {
        self.analyse();
        let refuted = self.conflict.is_some();
        self.pending.clear();
        self.queued.clear();
        self.reasons.clear();
        self.conflict = None;
        self.dirty = true;
        refuted
    }

    /// Whether cell `c` is in now.
    fn is_in(&self, c: usize) -> bool {
        self.always[c] || self.held[c].is_some()
    }

    /// Whether cell `c` is out now (never in, or every member literal false).
    fn is_out(&self, c: usize) -> bool {
        !self.always[c] && self.falses[c] as usize == self.members[c].len()
    }

    /// `¬in(c)` for a cell in: the negation of its true member literal (none when always in).
    fn not_in(&self, c: usize, out: &mut Vec<Lit>) {
        if !self.always[c] {
            if let Some(l) = self.held[c] {
                out.push(!l);
            }
        }
    }

    /// `in(b)` for every cell b next to the component `cells` and outside it: their member
    /// literals (all false when `cells` is a component of the cells not out).
    fn boundary(&mut self, cells: &[u32], out: &mut Vec<Lit>) {
        #[cfg(test)]
        let start = out.len();
        let members = &self.members;
        boundary(&self.touching, cells, &mut self.marks, |b| {
            out.extend(members[b].iter().copied());
        });
        #[cfg(test)]
        if MUTATE.with(|f| f.get()) && out.len() > start {
            out.pop();
        }
    }

    /// The components of the cells not out, each with a cell in it, if any.
    fn components(&mut self) -> Vec<(Vec<u32>, Option<u32>)> {
        let mut out = Vec::new();
        self.comp.iter_mut().for_each(|c| *c = NONE);
        for start in 0..self.comp.len() {
            if self.comp[start] != NONE || self.is_out(start) {
                continue;
            }
            let id = out.len() as u32;
            self.comp[start] = id;
            let mut cells = vec![start as u32];
            let mut member = None;
            let mut i = 0;
            while let Some(&p) = cells.get(i) {
                if member.is_none() && self.is_in(p as usize) {
                    member = Some(p);
                }
                for j in 0..self.touching[p as usize].len() {
                    let q = self.touching[p as usize][j] as usize;
                    if self.comp[q] == NONE && !self.is_out(q) {
                        self.comp[q] = id;
                        cells.push(q as u32);
                    }
                }
                i += 1;
            }
            out.push((cells, member));
        }
        out
    }

    /// Queues every open member literal of the cells of `cells` false, forced by `cut`.
    fn exclude(&mut self, cells: &[u32], cut: &Rc<Vec<Lit>>) {
        for &c in cells {
            let c = c as usize;
            for (i, &l) in self.members[c].iter().enumerate() {
                if self.val[c][i] == 0 {
                    let lit = !l;
                    if self.queued.insert(lit.code()) {
                        self.reasons.insert(lit.code(), Rc::clone(cut));
                        self.pending.push_back(lit);
                    }
                }
            }
        }
    }

    /// The distance bound, for a region of `size` cells whose cells in all lie in the
    /// component `cells` (larger than `size`): with f cells in, let dist(r) be the fewest
    /// cells not yet in on a path from one of them, p₀, to r through cells not out. A region
    /// holding the f cells and r holds at least f + dist(r) cells, so r with
    /// f + dist(r) > size is out, and such a cell in is a conflict. The clause names the f
    /// cells and the out cells next to the ball B = {dist ≤ size − f}:
    /// `∨_{p in} ¬in(p) ∨ ∨_{b∈∂B} in(b) ∨ ¬in(r)` — a path from p₀ out of B crosses one of
    /// them or a cell at distance size − f + 1, whatever else is assigned.
    fn reach(&mut self, cells: &[u32], size: usize) {
        let core: Vec<u32> = cells
            .iter()
            .copied()
            .filter(|&c| self.is_in(c as usize))
            .collect();
        let Some(&p0) = core.first() else {
            return;
        };
        // more cells in than the size: the counter's clauses refute it
        let Some(budget) = size.checked_sub(core.len()) else {
            return;
        };
        let budget = budget as u32;
        for &r in cells {
            self.dist[r as usize] = u32::MAX;
        }
        // 0-1 breadth-first: entering a cell in costs nothing, an open cell one
        self.dist[p0 as usize] = 0;
        let mut bfs = VecDeque::from([p0]);
        while let Some(p) = bfs.pop_front() {
            let d = self.dist[p as usize];
            for i in 0..self.touching[p as usize].len() {
                let q = self.touching[p as usize][i];
                if self.is_out(q as usize) {
                    continue;
                }
                let inside = self.is_in(q as usize);
                let nd = d + u32::from(!inside);
                if nd > budget || nd >= self.dist[q as usize] {
                    continue;
                }
                self.dist[q as usize] = nd;
                if inside {
                    bfs.push_front(q);
                } else {
                    bfs.push_back(q);
                }
            }
        }
        if cells.iter().all(|&r| self.dist[r as usize] <= budget) {
            return;
        }
        let mut cut = Vec::new();
        for &p in &core {
            self.not_in(p as usize, &mut cut);
        }
        self.marks.clear();
        for &r in cells {
            if self.dist[r as usize] <= budget {
                self.marks.set(r as usize);
            }
        }
        #[cfg(test)]
        let start = cut.len();
        for &r in cells {
            if self.dist[r as usize] > budget {
                continue;
            }
            for i in 0..self.touching[r as usize].len() {
                let b = self.touching[r as usize][i] as usize;
                if !self.marks.is_set(b) && self.is_out(b) {
                    self.marks.set(b);
                    cut.extend(self.members[b].iter().copied());
                }
            }
        }
        #[cfg(test)]
        if MUTATE.with(|f| f.get()) && cut.len() > start {
            cut.pop();
        }
        if core.iter().any(|&p| self.dist[p as usize] > budget) {
            // ∨_{p in} ¬in(p) ∨ ∨_{b∈∂B} in(b): the cells in are too far apart
            self.conflict = Some(cut);
            return;
        }
        let far: Vec<u32> = cells
            .iter()
            .copied()
            .filter(|&r| self.dist[r as usize] > budget)
            .collect();
        // ∧_{p in} in(p) ∧ ∧_{b∈∂B} ¬in(b) -> ¬x(r,v): r is too far from p₀
        self.exclude(&far, &Rc::new(cut));
    }

    /// Single doors: a piece P of cells in (joined orthogonally, in the component `cells`)
    /// that must grow — fewer cells than the size, or a cell in outside it — can only grow
    /// through a cell next to it that is not out; when there is one such cell and one of its
    /// member literals is still open, that literal is true. A cut of P:
    /// `¬in(p) ∨ ∨_{b∈∂P} in(b)` (with a size) or `¬in(p) ∨ ¬in(q) ∨ ∨_{b∈∂P} in(b)` (q in,
    /// outside P), every literal false but the door's.
    fn doors(&mut self, cells: &[u32]) {
        // only a cell with one member literal open can be a door that forces one
        let one_open =
            |c: usize| !self.is_in(c) && self.members[c].len() - self.falses[c] as usize == 1;
        if !cells.iter().any(|&c| one_open(c as usize)) {
            return;
        }
        let total = cells.iter().filter(|&&c| self.is_in(c as usize)).count();
        self.taken.clear();
        for &start in cells {
            if self.taken.is_set(start as usize) || !self.is_in(start as usize) {
                continue;
            }
            // the piece holding `start`: the cells in joined to it
            self.current.clear();
            let mut piece = vec![start];
            self.taken.set(start as usize);
            self.current.set(start as usize);
            let mut i = 0;
            while let Some(&p) = piece.get(i) {
                for j in 0..self.touching[p as usize].len() {
                    let q = self.touching[p as usize][j] as usize;
                    if self.is_in(q) && self.taken.set(q) {
                        self.current.set(q);
                        piece.push(q as u32);
                    }
                }
                i += 1;
            }
            let small = self.size.is_some_and(|s| piece.len() < s);
            if !small && piece.len() == total {
                continue;
            }
            let mut door = None;
            let mut single = true;
            for &p in &piece {
                for &q in &self.touching[p as usize] {
                    if !self.is_out(q as usize) && !self.is_in(q as usize) && door != Some(q) {
                        single &= door.is_none();
                        door = Some(q);
                    }
                }
            }
            let (Some(door), true) = (door, single) else {
                continue;
            };
            let d = door as usize;
            let mut open = self.members[d]
                .iter()
                .zip(&self.val[d])
                .filter(|&(_, &v)| v == 0)
                .map(|(&l, _)| l);
            let (Some(lit), None) = (open.next(), open.next()) else {
                continue;
            };
            let mut cut = Vec::new();
            self.not_in(start as usize, &mut cut);
            if !small {
                let q = cells
                    .iter()
                    .copied()
                    .find(|&c| self.is_in(c as usize) && !self.current.is_set(c as usize));
                if let Some(q) = q {
                    self.not_in(q as usize, &mut cut);
                }
            }
            self.boundary(&piece, &mut cut);
            cut.retain(|&l| l != lit);
            // in(p) ∧ ∧_{b∈∂P, b≠door} ¬in(b) -> x(door,v): P can only grow there
            if self.queued.insert(lit.code()) {
                self.reasons.insert(lit.code(), Rc::new(cut));
                self.pending.push_back(lit);
            }
        }
    }

    /// What the current assignment implies (module docs).
    fn analyse(&mut self) {
        self.dirty = false;
        let comps = self.components();
        let holding: Vec<usize> = (0..comps.len()).filter(|&i| comps[i].1.is_some()).collect();
        if let [first, second, ..] = holding[..] {
            // ¬in(p) ∨ ¬in(q) ∨ ∨_{b∈∂C} in(b): p and q are on two sides of a cut
            let (cells, p) = (&comps[first].0, comps[first].1.unwrap_or(0));
            let q = comps[second].1.unwrap_or(0);
            let mut clause = Vec::new();
            self.not_in(p as usize, &mut clause);
            self.not_in(q as usize, &mut clause);
            let cells = cells.clone();
            self.boundary(&cells, &mut clause);
            self.conflict = Some(clause);
            return;
        }
        if let [only] = holding[..] {
            let (cells, p) = (comps[only].0.clone(), comps[only].1.unwrap_or(0));
            let mut cut = Vec::new();
            self.not_in(p as usize, &mut cut);
            self.boundary(&cells, &mut cut);
            if self.size.is_some_and(|s| cells.len() < s) {
                // ¬in(p) ∨ ∨_{b∈∂C} in(b): the region would stay inside C, too small
                self.conflict = Some(cut);
                return;
            }
            let cut = Rc::new(cut);
            for (i, (others, _)) in comps.iter().enumerate() {
                if i != only {
                    // in(p) ∧ ∧_{b∈∂C} ¬in(b) -> ¬x(r,v) for r outside C
                    self.exclude(others, &cut);
                }
            }
            if let Some(s) = self.size.filter(|&s| cells.len() > s) {
                self.reach(&cells, s);
            }
            if self.conflict.is_none() {
                self.doors(&cells);
            }
            return;
        }
        if let Some(s) = self.size {
            for (cells, _) in &comps {
                if cells.len() < s {
                    // ∧_{b∈∂D} ¬in(b) -> ¬x(r,v) for r in D: a region in D is too small
                    let mut cut = Vec::new();
                    self.boundary(cells, &mut cut);
                    self.exclude(cells, &Rc::new(cut));
                }
            }
        }
    }
}

impl Propagator for ConnectedPropagator {
    fn observed(&self) -> Vec<Var> {
        self.members.iter().flatten().map(|l| l.var()).collect()
    }

    fn assigned(&mut self, lits: &[Lit]) {
        for &lit in lits {
            let Some(&(c, i)) = self.of_var.get(&lit.index()) else {
                continue;
            };
            let (c, i) = (c as usize, i as usize);
            if self.val[c][i] != 0 {
                continue;
            }
            let member = self.members[c][i];
            if lit == member {
                self.val[c][i] = 1;
                if self.held[c].is_none() {
                    self.held[c] = Some(member);
                }
            } else {
                self.val[c][i] = -1;
                self.falses[c] += 1;
            }
            self.trail.push(lit);
            self.dirty = true;
        }
    }

    fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    fn backtrack(&mut self, level: usize) {
        while self.levels.len() > level {
            let mark = self.levels.pop().unwrap_or(0);
            while self.trail.len() > mark {
                let Some(lit) = self.trail.pop() else {
                    break;
                };
                let Some(&(c, i)) = self.of_var.get(&lit.index()) else {
                    continue;
                };
                let (c, i) = (c as usize, i as usize);
                if self.val[c][i] > 0 {
                    if self.held[c] == Some(lit) {
                        // another member still true (the cell clauses forbid it) keeps it in
                        self.held[c] = self.members[c]
                            .iter()
                            .zip(&self.val[c])
                            .find(|&(&l, &v)| v > 0 && l != lit)
                            .map(|(&l, _)| l);
                    }
                } else {
                    self.falses[c] -= 1;
                }
                self.val[c][i] = 0;
            }
        }
        self.pending.clear();
        self.queued.clear();
        self.conflict = None;
        self.dirty = true;
    }

    fn propagate(&mut self) -> Option<Lit> {
        loop {
            if self.conflict.is_some() {
                return None;
            }
            while let Some(lit) = self.pending.pop_front() {
                self.queued.remove(&lit.code());
                let Some(&(c, i)) = self.of_var.get(&lit.index()) else {
                    continue;
                };
                match self.val[c as usize][i as usize] {
                    0 => return Some(lit),
                    // already false: nothing to say; true: the cut is violated
                    v if (v > 0) == lit.is_positive() => continue,
                    _ => {
                        let mut clause: Vec<Lit> = self
                            .reasons
                            .get(&lit.code())
                            .map_or_else(Vec::new, |r| r.to_vec());
                        clause.push(lit);
                        self.conflict = Some(clause);
                        return None;
                    }
                }
            }
            if !self.dirty {
                return None;
            }
            self.analyse();
        }
    }

    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>) {
        reason.clear();
        reason.push(lit);
        match self.reasons.get(&lit.code()) {
            Some(cut) => reason.extend(cut.iter().copied().filter(|&l| l != lit)),
            // never propagated here: only a tautology is sound (not reachable by design)
            None => reason.push(!lit),
        }
    }

    fn conflict(&mut self, clause: &mut Vec<Lit>) -> bool {
        hand_over(&mut self.conflict, clause)
    }

    fn check_model(&mut self, value: &dyn Fn(Lit) -> bool) -> bool {
        let m = self.members.len();
        let held: Vec<Option<Lit>> = self
            .members
            .iter()
            .map(|ms| ms.iter().copied().find(|&l| value(l)))
            .collect();
        let inside = |c: usize| self.always[c] || held[c].is_some();
        let Some(first) = (0..m).find(|&c| inside(c)) else {
            return true; // the CNF says some cell is in
        };
        let mut seen = vec![false; m];
        seen[first] = true;
        let mut reached = vec![first as u32];
        let mut i = 0;
        while let Some(&p) = reached.get(i) {
            for &q in &self.touching[p as usize] {
                let q = q as usize;
                if !seen[q] && inside(q) {
                    seen[q] = true;
                    reached.push(q as u32);
                }
            }
            i += 1;
        }
        let Some(apart) = (0..m).find(|&c| inside(c) && !seen[c]) else {
            return true;
        };
        // ¬in(first) ∨ ¬in(apart) ∨ ∨_{b∈∂R} in(b): R, the cells in reached from the first,
        // is walled off by cells out
        let mut clause = Vec::new();
        for c in [first, apart] {
            if let (false, Some(l)) = (self.always[c], held[c]) {
                clause.push(!l);
            }
        }
        self.boundary(&reached, &mut clause);
        self.conflict = Some(clause);
        false
    }
}
