//! [`ChaosPropagator`]: the connectivity of a chaos construction's regions as an
//! [`engine::Propagator`] (module docs of [`crate::chaos`] for the cut clauses).
//!
//! It keeps the value of every g(p,k) with the trail, and when a region's variables change it
//! splits the cells not excluded from the region into orthogonally connected components:
//! - two components holding cells of the region: conflict;
//! - one component holding cells of the region: every open cell outside it is excluded, and
//!   if it has exactly N cells every open cell inside it joins the region (fewer than N:
//!   conflict);
//! - no cell of the region yet: the open cells of a component smaller than N are excluded.
//!
//! Each literal's reason is built when it is found and shared by the literals of one cut.
//!
//! [`engine::Propagator`]: crate::engine::Propagator

use crate::cnf::chaos::neighbours;
use crate::engine::propagator::hand_over;
use crate::engine::{Lit, Propagator, Var};
use crate::marks::{boundary, Marks};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::rc::Rc;

mod arrows;
pub use arrows::ArrowBudget;

/// No component.
const NONE: u32 = u32::MAX;

/// The propagator of a chaos construction's connectivity (module docs).
#[derive(Clone, Debug)]
pub struct ChaosPropagator {
    /// K, the number of regions: the stride of the slots.
    regions: usize,
    /// V, the cells of each region.
    size: usize,
    /// The index of variable g(0,0); g(p,k) is `base + p·K + k` ([`crate::cnf::region_var`]).
    base: usize,
    /// Orthogonal neighbours per row-major position.
    adj: Vec<Vec<u16>>,
    /// Per slot: 1 = true, -1 false, 0 open. Slots p·K+k hold g(p,k); after them, the
    /// control digits of the arrows ([`Self::with_arrows`]).
    val: Vec<i8>,
    /// R·C·K: the region slots.
    region_slots: usize,
    /// The slot of each control digit's variable (by index).
    control_slot: FxHashMap<usize, usize>,
    /// The chaos arrows' off-arm budgets (`arrows`), the arrows to wake per control slot
    /// (from `region_slots` on), and the arrows to read again.
    arrows: Vec<ArrowBudget>,
    control_arrows: Vec<Vec<u32>>,
    arrow_dirty: Vec<bool>,
    arrow_queue: Vec<u32>,
    /// Slots assigned, in order; `levels[i]`: the trail's length when level i+1 began.
    trail: Vec<u32>,
    levels: Vec<usize>,
    dirty: Vec<bool>,
    queue: Vec<u32>,
    /// Per region: queued only to keep the queue's order — at its fixpoint when the search
    /// backtracked, and unchanged since: skipped when popped (as in `sums::propagator`; the
    /// arrows, few, always run).
    idle: Vec<bool>,
    /// Whether everything is at its fixpoint (the last `propagate` found nothing, no slot
    /// changed since); per open level above the root, `quiet` when it began.
    quiet: bool,
    quiet_at: Vec<bool>,
    pending: VecDeque<Lit>,
    /// Per slot and polarity (`slot·2 + positive`): queued and not yet handed out.
    queued: Vec<bool>,
    /// Per slot and polarity: the cut that forced the literal last (the reason without it).
    reasons: Vec<Option<Rc<Vec<Lit>>>>,
    conflict: Option<Vec<Lit>>,
    /// Scratch: component per position, and a mark per position for boundaries.
    comp: Vec<u32>,
    marks: Marks,
    /// Scratch: per position, the distance of [`Self::reach`]; its 0-1 breadth-first queue.
    dist: Vec<u32>,
    bfs: VecDeque<u16>,
}

/// The components of the cells not excluded from one region.
struct Split {
    /// Per component: its cells.
    cells: Vec<Vec<u16>>,
    /// Per component: a cell of the region in it, if any.
    member: Vec<Option<u16>>,
}

impl ChaosPropagator {
    /// The propagator of a chaos construction on `rows`×`cols` cells split into regions of
    /// `size` cells each (so `rows·cols / size` of them, K), whose region variable g(p,k) is
    /// the variable of index `base + p·K + k`.
    pub fn new(rows: usize, cols: usize, size: usize, base: usize) -> Self {
        let cells = rows * cols;
        let regions = cells / size;
        debug_assert_eq!(cells, regions * size);
        ChaosPropagator {
            regions,
            size,
            base,
            adj: (0..cells)
                .map(|p| neighbours(rows, cols, p).map(|q| q as u16).collect())
                .collect(),
            val: vec![0; cells * regions],
            region_slots: cells * regions,
            control_slot: FxHashMap::default(),
            arrows: Vec::new(),
            control_arrows: Vec::new(),
            arrow_dirty: Vec::new(),
            arrow_queue: Vec::new(),
            trail: Vec::new(),
            levels: Vec::new(),
            dirty: vec![true; regions],
            queue: (0..regions as u32).rev().collect(),
            idle: vec![false; regions],
            quiet: false,
            quiet_at: Vec::new(),
            pending: VecDeque::new(),
            queued: vec![false; cells * regions * 2],
            reasons: vec![None; cells * regions * 2],
            conflict: None,
            comp: vec![NONE; cells],
            marks: Marks::new(cells),
            dist: vec![u32::MAX; cells],
            bfs: VecDeque::new(),
        }
    }

    /// The same propagator, also reading the off-arm budget of `arrows` (chaos arrows
    /// outside any `or`; [`ArrowBudget`]): it then observes their control digits too.
    pub fn with_arrows(mut self, arrows: Vec<ArrowBudget>) -> Self {
        for (a, arrow) in arrows.iter().enumerate() {
            for &(x, _) in &arrow.digits {
                let next = self.val.len();
                let slot = *self.control_slot.entry(x.index()).or_insert(next);
                if slot == next {
                    self.val.push(0);
                    self.control_arrows.push(Vec::new());
                }
                let wake = &mut self.control_arrows[slot - self.region_slots];
                if wake.last() != Some(&(a as u32)) {
                    wake.push(a as u32);
                }
            }
        }
        self.queued = vec![false; self.val.len() * 2];
        self.reasons = vec![None; self.val.len() * 2];
        self.arrow_dirty = vec![true; arrows.len()];
        self.arrow_queue = (0..arrows.len() as u32).rev().collect();
        self.arrows = arrows;
        self
    }

    /// Queues arrow `a` to be read again.
    fn wake_arrow(&mut self, a: usize) {
        self.quiet = false;
        if !self.arrow_dirty[a] {
            self.arrow_dirty[a] = true;
            self.arrow_queue.push(a as u32);
        }
    }

    /// Notes slot `slot`'s change: its region's components, and the arrows it can move.
    fn changed(&mut self, slot: usize) {
        if slot >= self.region_slots {
            for i in 0..self.control_arrows[slot - self.region_slots].len() {
                self.wake_arrow(self.control_arrows[slot - self.region_slots][i] as usize);
            }
            return;
        }
        let k = slot % self.regions;
        self.touch(k);
        if self.val[slot] > 0 {
            // a cell joined region k: the arrows whose start is in k
            for a in 0..self.arrows.len() {
                if self.val[self.arrows[a].start * self.regions + k] > 0 {
                    self.wake_arrow(a);
                }
            }
        }
    }

    /// The literal g(p,k).
    fn g(&self, p: usize, k: usize) -> Lit {
        region_lit(self.base, self.regions, p, k)
    }

    /// The slot of a literal this propagator reads: p·K+k for g(p,k), or a control
    /// digit's.
    fn slot(&self, lit: Lit) -> Option<usize> {
        match lit.index().checked_sub(self.base) {
            Some(i) if i < self.region_slots => Some(i),
            _ => self.control_slot.get(&lit.index()).copied(),
        }
    }

    fn touch(&mut self, k: usize) {
        self.quiet = false;
        if let Some(i) = self.idle.get_mut(k) {
            *i = false;
        }
        if let Some(flag) = self.dirty.get_mut(k) {
            if !*flag {
                *flag = true;
                self.queue.push(k as u32);
            }
        }
    }

    /// Splits the cells for which `open(p)` (not excluded from the region) into orthogonally
    /// connected components, noting a cell of the region (`inside(p)`) per component.
    fn split(&mut self, open: impl Fn(usize) -> bool, inside: impl Fn(usize) -> bool) -> Split {
        let mut out = Split {
            cells: Vec::new(),
            member: Vec::new(),
        };
        self.comp.iter_mut().for_each(|c| *c = NONE);
        for start in 0..self.comp.len() {
            if self.comp[start] != NONE || !open(start) {
                continue;
            }
            let id = out.cells.len() as u32;
            let mut cells = vec![start as u16];
            self.comp[start] = id;
            let mut member = None;
            let mut i = 0;
            while let Some(&p) = cells.get(i) {
                let p = p as usize;
                if member.is_none() && inside(p) {
                    member = Some(p as u16);
                }
                for &q in &self.adj[p] {
                    let q = q as usize;
                    if self.comp[q] == NONE && open(q) {
                        self.comp[q] = id;
                        cells.push(q as u16);
                    }
                }
                i += 1;
            }
            out.cells.push(cells);
            out.member.push(member);
        }
        out
    }

    /// The cut of component `cells` for region `k`: `g(b,k)` for every cell b next to it and
    /// outside it (all excluded from k, as the component is maximal).
    fn boundary(&mut self, cells: &[u16], k: usize, out: &mut Vec<Lit>) {
        let (base, regions) = (self.base, self.regions);
        boundary(&self.adj, cells, &mut self.marks, |b| {
            out.push(region_lit(base, regions, b, k));
        });
    }

    /// What the regions and arrows, each run afresh on the current assignment, would still
    /// find that is not already so (a literal not yet true, or a conflict): empty at every
    /// fixpoint of [`Propagator::propagate`] (a test checks it).
    #[cfg(test)]
    pub(crate) fn stale(&self) -> Vec<Lit> {
        let mut fresh = self.clone();
        fresh.pending.clear();
        fresh.queued.iter_mut().for_each(|q| *q = false);
        fresh.conflict = None;
        for k in 0..fresh.regions {
            fresh.run(k);
        }
        for a in 0..fresh.arrows.len() {
            fresh.run_arrow(a);
        }
        let mut out: Vec<Lit> = fresh.conflict.take().unwrap_or_default();
        out.extend(fresh.pending.iter().copied().filter(|&lit| {
            fresh
                .slot(lit)
                .is_some_and(|s| fresh.val[s] != if lit.is_positive() { 1 } else { -1 })
        }));
        out
    }

    /// Queues `lit` (of an open variable), forced by `cut`.
    fn queue_lit(&mut self, lit: Lit, cut: &Rc<Vec<Lit>>) {
        let Some(slot) = self.slot(lit) else {
            return;
        };
        let i = slot * 2 + usize::from(lit.is_positive());
        if self.queued[i] {
            return;
        }
        self.queued[i] = true;
        self.reasons[i] = Some(Rc::clone(cut));
        self.pending.push_back(lit);
    }

    /// Distance-bounded reachability, for region `k` whose cells all lie in the component
    /// `cells` (more than N cells not excluded from k). With f cells in k, the region takes
    /// at most N − f more. From p, one of them, let dist(r) be the least number of cells not
    /// yet in k on a path from p to r through cells not excluded from k: a region holding p
    /// and r holds the f cells and those, so r with f + dist(r) > N is not in k, and such a
    /// cell of k is a conflict. The clause names the f cells and the excluded cells next to
    /// the ball B = {dist ≤ N − f}: every path leaving B crosses one of those or a cell at
    /// distance N − f + 1, whatever else is assigned, so it holds in every solution:
    /// `∨_{p in k} ¬g(p,k) ∨ ∨_{b∈∂B} g(b,k) ∨ ¬g(r,k)`.
    fn reach(&mut self, k: usize, cells: &[u16]) {
        let n = self.regions;
        let core: Vec<u16> = cells
            .iter()
            .copied()
            .filter(|&r| self.val[r as usize * n + k] > 0)
            .collect();
        let Some(&p0) = core.first() else {
            return;
        };
        // More than V cells in k: the digits' clauses refute it.
        let Some(budget) = self.size.checked_sub(core.len()) else {
            return;
        };
        let budget = budget as u32;
        for &r in cells {
            self.dist[r as usize] = u32::MAX;
        }
        // 0-1 breadth-first: entering a cell of k costs nothing, an open cell one.
        self.dist[p0 as usize] = 0;
        self.bfs.clear();
        self.bfs.push_back(p0);
        while let Some(p) = self.bfs.pop_front() {
            let d = self.dist[p as usize];
            for i in 0..self.adj[p as usize].len() {
                let q = self.adj[p as usize][i];
                let v = self.val[q as usize * n + k];
                if v < 0 {
                    continue;
                }
                let nd = d + u32::from(v == 0);
                if nd > budget || nd >= self.dist[q as usize] {
                    continue;
                }
                self.dist[q as usize] = nd;
                if v > 0 {
                    self.bfs.push_front(q);
                } else {
                    self.bfs.push_back(q);
                }
            }
        }
        if cells.iter().all(|&r| self.dist[r as usize] <= budget) {
            return;
        }
        let mut cut: Vec<Lit> = core.iter().map(|&p| !self.g(p as usize, k)).collect();
        self.marks.clear();
        for &r in cells {
            if self.dist[r as usize] <= budget {
                self.marks.set(r as usize);
            }
        }
        for &r in cells {
            if self.dist[r as usize] > budget {
                continue;
            }
            for i in 0..self.adj[r as usize].len() {
                let b = self.adj[r as usize][i] as usize;
                if !self.marks.is_set(b) && self.val[b * n + k] < 0 {
                    self.marks.set(b);
                    cut.push(self.g(b, k));
                }
            }
        }
        if core.iter().any(|&p| self.dist[p as usize] > budget) {
            // ∨_{p in k} ¬g(p,k) ∨ ∨_{b∈∂B} g(b,k): the cells of k are too far apart
            self.conflict = Some(cut);
            return;
        }
        let cut = Rc::new(cut);
        for &r in cells {
            if self.dist[r as usize] > budget {
                // ∧_{p in k} g(p,k) ∧ ∧_{b∈∂B} ¬g(b,k) -> ¬g(r,k): r is too far from p
                let lit = !self.g(r as usize, k);
                self.queue_lit(lit, &cut);
            }
        }
    }

    /// Single doors: a piece C of region k (cells of k joined orthogonally, in the
    /// component `cells`) of fewer than N cells must grow, and can only through a cell next
    /// to it that is not excluded from k; when there is one such cell, it is in k. That is a
    /// cut of C: `¬g(p,k) ∨ ∨_{b∈∂C} g(b,k)` with every b but the door excluded.
    fn doors(&mut self, k: usize, cells: &[u16]) {
        let n = self.regions;
        self.marks.clear();
        for &start in cells {
            if self.val[start as usize * n + k] <= 0 || self.marks.is_set(start as usize) {
                continue;
            }
            // the piece holding `start`, by breadth-first search over cells of k
            let mut piece = vec![start];
            self.marks.set(start as usize);
            let mut i = 0;
            while let Some(&p) = piece.get(i) {
                for j in 0..self.adj[p as usize].len() {
                    let q = self.adj[p as usize][j];
                    if self.val[q as usize * n + k] > 0 && self.marks.set(q as usize) {
                        piece.push(q);
                    }
                }
                i += 1;
            }
            if piece.len() >= self.size {
                continue;
            }
            let mut door = None;
            let mut single = true;
            for &p in &piece {
                for &q in &self.adj[p as usize] {
                    if self.val[q as usize * n + k] == 0 && door != Some(q) {
                        single &= door.is_none();
                        door = Some(q);
                    }
                }
            }
            let (Some(door), true) = (door, single) else {
                continue;
            };
            let mut cut = vec![!self.g(start as usize, k)];
            self.boundary(&piece, k, &mut cut);
            // g(start,k) ∧ ∧_{b∈∂C, b≠door} ¬g(b,k) -> g(door,k): C can only grow there
            let lit = self.g(door as usize, k);
            cut.retain(|&l| l != lit);
            self.queue_lit(lit, &Rc::new(cut));
            // one door per reading (`boundary` took the marks); the door's assignment wakes
            // region k again
            return;
        }
    }

    /// Reads region `k`'s components; queues what they force, or notes a conflict.
    fn run(&mut self, k: usize) {
        let (n, region_size) = (self.regions, self.size);
        let val = std::mem::take(&mut self.val);
        let split = self.split(|p| val[p * n + k] >= 0, |p| val[p * n + k] > 0);
        self.val = val;
        let with: Vec<usize> = (0..split.cells.len())
            .filter(|&c| split.member[c].is_some())
            .collect();
        match with[..] {
            [] => {
                // ¬g(r,k) ∨ ∨_{b∈∂C} g(b,k) for an open r in a component C smaller than N
                for (c, cells) in split.cells.iter().enumerate() {
                    if cells.len() >= region_size {
                        continue;
                    }
                    let mut cut = Vec::new();
                    self.boundary(&split.cells[c], k, &mut cut);
                    let cut = Rc::new(cut);
                    for &r in cells {
                        let lit = !self.g(r as usize, k);
                        self.queue_lit(lit, &cut);
                    }
                }
            }
            [c] => {
                let p = split.member[c].unwrap_or(0) as usize;
                let mut cut = vec![!self.g(p, k)];
                self.boundary(&split.cells[c], k, &mut cut);
                let size = split.cells[c].len();
                if size < region_size {
                    // ¬g(p,k) ∨ ∨_{b∈∂C} g(b,k): the region cannot grow to N cells in C
                    self.conflict = Some(cut);
                    return;
                }
                let cut = Rc::new(cut);
                for (d, cells) in split.cells.iter().enumerate() {
                    if d == c {
                        continue;
                    }
                    for &r in cells {
                        // g(p,k) ∧ ∧_{b∈∂C} ¬g(b,k) -> ¬g(r,k): r is cut off from p
                        let lit = !self.g(r as usize, k);
                        self.queue_lit(lit, &cut);
                    }
                }
                if size > region_size {
                    self.reach(k, &split.cells[c]);
                    if self.conflict.is_none() {
                        self.doors(k, &split.cells[c]);
                    }
                } else {
                    for &r in &split.cells[c] {
                        if self.val[r as usize * n + k] == 0 {
                            // g(p,k) ∧ ∧_{b∈∂C} ¬g(b,k) -> g(r,k): the region is all of C
                            let lit = self.g(r as usize, k);
                            self.queue_lit(lit, &cut);
                        }
                    }
                }
            }
            [c, d, ..] => {
                // ¬g(p,k) ∨ ¬g(q,k) ∨ ∨_{b∈∂C} g(b,k): p and q in one region must cross ∂C;
                // the smaller component's cut
                let (c, d) = if split.cells[c].len() <= split.cells[d].len() {
                    (c, d)
                } else {
                    (d, c)
                };
                let p = split.member[c].unwrap_or(0) as usize;
                let q = split.member[d].unwrap_or(0) as usize;
                let mut cut = vec![!self.g(p, k), !self.g(q, k)];
                self.boundary(&split.cells[c], k, &mut cut);
                self.conflict = Some(cut);
            }
        }
    }
}

impl Propagator for ChaosPropagator {
    fn observed(&self) -> Vec<Var> {
        let mut vars: Vec<Var> = (0..self.region_slots)
            .map(|i| Var::from_index(self.base + i))
            .collect();
        // in a fixed order: the engine's search must not depend on a hash seed
        let mut controls: Vec<usize> = self.control_slot.keys().copied().collect();
        controls.sort_unstable();
        vars.extend(controls.into_iter().map(Var::from_index));
        vars
    }

    fn assigned(&mut self, lits: &[Lit]) {
        for &lit in lits {
            let Some(slot) = self.slot(lit) else {
                continue;
            };
            if self.val[slot] != 0 {
                continue;
            }
            self.val[slot] = if lit.is_positive() { 1 } else { -1 };
            self.trail.push(slot as u32);
            self.changed(slot);
        }
    }

    fn new_level(&mut self) {
        self.levels.push(self.trail.len());
        self.quiet_at.push(self.quiet);
    }

    fn backtrack(&mut self, level: usize) {
        // whether the level gone back to was at the fixpoint when the next one began
        let settled = self.quiet_at.get(level).copied() == Some(true);
        self.quiet_at.truncate(level);
        if level < self.levels.len() {
            let keep = self.levels[level];
            self.levels.truncate(level);
            while self.trail.len() > keep {
                let Some(slot) = self.trail.pop() else {
                    break;
                };
                self.val[slot as usize] = 0;
                if (slot as usize) < self.region_slots {
                    self.touch(slot as usize % self.regions);
                }
            }
        }
        // an arrow's queued literals are dropped below: read every arrow again
        for a in 0..self.arrows.len() {
            self.wake_arrow(a);
        }
        // what was queued and not handed out is found again from the regions it came from
        while let Some(lit) = self.pending.pop_front() {
            if let Some(slot) = self.slot(lit) {
                self.queued[slot * 2 + usize::from(lit.is_positive())] = false;
                if slot < self.region_slots {
                    self.touch(slot % self.regions);
                }
            }
        }
        self.conflict = None;
        if settled {
            // the slots are as they were at that fixpoint: the regions the backtrack queued
            // stay queued, in order (the same search), and are skipped when popped
            self.quiet = true;
            for &k in &self.queue {
                self.idle[k as usize] = true;
            }
        }
    }

    fn propagate(&mut self) -> Option<Lit> {
        loop {
            if self.conflict.is_some() {
                return None;
            }
            while let Some(lit) = self.pending.pop_front() {
                let Some(slot) = self.slot(lit) else {
                    continue;
                };
                let i = slot * 2 + usize::from(lit.is_positive());
                self.queued[i] = false;
                let now = self.val[slot];
                if now == 0 {
                    return Some(lit);
                }
                if (now > 0) != lit.is_positive() {
                    // assigned the other way since it was queued: its reason is all false
                    let mut clause = vec![lit];
                    if let Some(cut) = &self.reasons[i] {
                        clause.extend(cut.iter().copied());
                    }
                    self.conflict = Some(clause);
                    return None;
                }
            }
            if let Some(k) = self.queue.pop() {
                self.dirty[k as usize] = false;
                if !std::mem::take(&mut self.idle[k as usize]) {
                    self.run(k as usize);
                }
                continue;
            }
            let Some(a) = self.arrow_queue.pop() else {
                self.quiet = true;
                return None;
            };
            self.arrow_dirty[a as usize] = false;
            self.run_arrow(a as usize);
        }
    }

    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>) {
        reason.clear();
        reason.push(lit);
        let cut = self
            .slot(lit)
            .and_then(|s| self.reasons[s * 2 + usize::from(lit.is_positive())].as_ref());
        match cut {
            Some(cut) => reason.extend(cut.iter().copied()),
            // never propagated here: only a tautology is sound (not reachable by design)
            None => reason.push(!lit),
        }
    }

    fn conflict(&mut self, clause: &mut Vec<Lit>) -> bool {
        hand_over(&mut self.conflict, clause)
    }

    fn check_model(&mut self, value: &dyn Fn(Lit) -> bool) -> bool {
        for k in 0..self.regions {
            let inside: Vec<bool> = (0..self.adj.len()).map(|p| value(self.g(p, k))).collect();
            let split = self.split(|p| inside[p], |p| inside[p]);
            if let [c, d, ..] = split.member[..] {
                // two pieces of region k: ¬g(p,k) ∨ ¬g(q,k) ∨ ∨_{b∈∂C} g(b,k), all false
                let (p, q) = (c.unwrap_or(0) as usize, d.unwrap_or(0) as usize);
                let mut cut = vec![!self.g(p, k), !self.g(q, k)];
                self.boundary(&split.cells[0], k, &mut cut);
                self.conflict = Some(cut);
                return false;
            }
        }
        true
    }
}

/// g(p,k) of a propagator whose g(0,0) has index `base`, with `regions` regions.
fn region_lit(base: usize, regions: usize, p: usize, k: usize) -> Lit {
    Var::from_index(base + p * regions + k).positive()
}
