//! [`SumPropagator`]: the linear relations of a puzzle as an [`engine::Propagator`]
//! (lazy clause generation). It hears the cell literals' assignments, keeps each cell's
//! candidates with the trail (`sums::domain`), asks the relations touched since the last
//! call what they imply (`sums::reason`) and hands the implied literals out one at a
//! time; a reason clause is built only when the engine asks for it, from the candidates as
//! they stood when the literal was propagated.
//!
//! [`engine::Propagator`]: crate::engine::Propagator

use super::cliques::Cliques;
use super::domain::Domains;
use super::reason;
use super::relation::{Cite, Compiled, Found, Group};
use super::sets;
use super::{Layout, Linear};
use crate::engine::propagator::hand_over;
use crate::engine::{Lit, Propagator, Var};
use crate::geometry::Mask;
use crate::groups::Groups;
use std::collections::VecDeque;

/// No local number: the cell is in no relation.
const NONE: u32 = u32::MAX;

/// Why a literal was propagated: by which relation, read at which time, citing what.
#[derive(Clone, Copy, Debug)]
struct Reason {
    sum: u32,
    time: u64,
    cite: Cite,
}

/// The propagator of a puzzle's linear relations (module docs).
#[derive(Clone, Debug)]
pub struct SumPropagator {
    /// The number of values (digits 1..=values in the index space); cell literals are
    /// numbered `position · values + digit`.
    values: usize,
    /// Local number per row-major position, [`NONE`] for a cell in no relation.
    local_of: Vec<u32>,
    /// Row-major position per local cell.
    positions: Vec<usize>,
    /// The cells each local cell must differ from (row-major positions, sorted).
    peers: Vec<Vec<u16>>,
    dom: Domains,
    sums: Vec<Compiled>,
    /// The relations reading each local cell.
    watch: Vec<Vec<u32>>,
    dirty: Vec<bool>,
    queue: Vec<u32>,
    /// Literals found and not yet handed out, with the digits they stand for per cell.
    pending: VecDeque<Lit>,
    pending_out: Vec<Mask>,
    pending_in: Vec<Mask>,
    /// Per (local cell, digit, polarity): the reason of the literal last propagated there.
    reasons: Vec<Option<Reason>>,
    conflict: Option<Vec<Lit>>,
    found: Vec<Found>,
    /// Buffers of `sums::reason`, kept from one run to the next.
    scratch: reason::Scratch,
}

impl SumPropagator {
    /// The propagator of `sums` on an `n`×`n` grid holding 1..=n (see [`Self::with_layout`]).
    pub fn new(
        n: usize,
        groups: &Groups,
        cands: &[Mask],
        sums: &[Linear],
    ) -> Option<SumPropagator> {
        SumPropagator::with_layout(Layout::square(n), groups, cands, sums)
    }

    /// The propagator of `sums` on a grid laid out as `layout`, whose cells start with the
    /// candidates `cands` (row-major, after simplification), cells differing as `groups`
    /// says; `None` when there is no relation with a cell.
    pub fn with_layout(
        layout: Layout,
        groups: &Groups,
        cands: &[Mask],
        sums: &[Linear],
    ) -> Option<SumPropagator> {
        let Layout {
            cols,
            cells: grid_cells,
            values,
        } = layout;
        let mut local_of = vec![NONE; grid_cells];
        let mut positions = Vec::new();
        let mut compiled = Vec::new();
        let mut outsides = Vec::new();
        let mut local = |p: usize, positions: &mut Vec<usize>| -> Option<u32> {
            let slot = local_of.get_mut(p)?;
            if *slot == NONE {
                *slot = positions.len() as u32;
                positions.push(p);
            }
            Some(*slot)
        };
        for lin in sums
            .iter()
            .filter(|l| !l.terms.is_empty() && l.fits(values))
        {
            let mut terms: Vec<(u32, i64)> = Vec::new();
            for &(cell, w) in &lin.terms {
                if cell.c() >= cols {
                    return None;
                }
                terms.push((local(cell.position(cols), &mut positions)?, w));
            }
            let mut outside = Vec::new();
            for o in house_rest(cols, values, groups, lin) {
                outside.push(
                    o.into_iter()
                        .map(|p| local(p, &mut positions))
                        .collect::<Option<Vec<u32>>>()?,
                );
            }
            outsides.push(outside);
            compiled.push((terms, lin.lo, lin.hi));
        }
        if compiled.is_empty() {
            return None;
        }
        let peers: Vec<Vec<u16>> = positions
            .iter()
            .map(|&p| groups.peers(p).to_vec())
            .collect();
        let cliques = Cliques::new(groups, grid_cells);
        let split = |cells: &[u32]| -> Vec<Vec<u32>> {
            let at: Vec<usize> = cells
                .iter()
                .map(|&c| positions.get(c as usize).copied().unwrap_or(usize::MAX))
                .collect();
            cliques
                .split(groups, &at)
                .into_iter()
                .map(|g| {
                    g.into_iter()
                        .filter_map(|i| cells.get(i).copied())
                        .collect()
                })
                .collect()
        };
        let sums: Vec<Compiled> = compiled
            .into_iter()
            .zip(outsides)
            .map(|((terms, lo, hi), outside)| {
                let mut s = compile(values, &terms, lo, hi, &split);
                if s.sets.is_some() {
                    s.outside = outside;
                }
                s
            })
            .collect();
        let init: Vec<Mask> = positions
            .iter()
            .map(|&p| cands.get(p).copied().unwrap_or(0))
            .collect();
        let cells = positions.len();
        let mut watch = vec![Vec::new(); cells];
        for (k, s) in sums.iter().enumerate() {
            for c in s.cells().chain(s.outside.iter().flatten().copied()) {
                if let Some(w) = watch.get_mut(c as usize) {
                    w.push(k as u32);
                }
            }
        }
        let count = sums.len();
        Some(SumPropagator {
            values,
            local_of,
            positions,
            peers,
            dom: Domains::new(values, init),
            sums,
            watch,
            dirty: vec![true; count],
            queue: (0..count as u32).rev().collect(),
            pending: VecDeque::new(),
            pending_out: vec![0; cells],
            pending_in: vec![0; cells],
            reasons: vec![None; cells * values * 2],
            conflict: None,
            found: Vec::new(),
            scratch: reason::Scratch::default(),
        })
    }

    /// Number of relations.
    pub fn len(&self) -> usize {
        self.sums.len()
    }

    /// Whether there is no relation (never, for a built propagator).
    pub fn is_empty(&self) -> bool {
        self.sums.is_empty()
    }

    /// The formula literal "local cell `c` holds digit `d`" (0-based digit).
    fn lit(&self, c: u32, d: usize) -> Lit {
        let p = self.positions.get(c as usize).copied().unwrap_or(0);
        Var::from_index(p * self.values + d).positive()
    }

    /// The local cell and digit of a cell literal, if the propagator reads it.
    fn decode(&self, lit: Lit) -> Option<(u32, usize)> {
        let i = lit.index();
        let (p, d) = (i / self.values, i % self.values);
        let c = *self.local_of.get(p)?;
        (c != NONE && self.dom.init(c) & (1 << d) != 0).then_some((c, d))
    }

    fn reason_slot(&self, c: u32, d: usize, positive: bool) -> usize {
        (c as usize * self.values + d) * 2 + usize::from(positive)
    }

    fn touch(&mut self, c: u32) {
        if let Some(ws) = self.watch.get(c as usize) {
            for &k in ws {
                if let Some(flag) = self.dirty.get_mut(k as usize) {
                    if !*flag {
                        *flag = true;
                        self.queue.push(k);
                    }
                }
            }
        }
    }

    /// Whether local cells `a` and `b` must differ.
    fn differ(&self, a: u32, b: u32) -> bool {
        let Some(&pb) = self.positions.get(b as usize) else {
            return false;
        };
        self.peers
            .get(a as usize)
            .is_some_and(|ps| ps.binary_search(&(pb as u16)).is_ok())
    }

    /// The reason clause of relation `k` citing `cite`, read at time `t`, into `out`.
    fn clause(&self, k: usize, cite: Cite, t: u64, out: &mut Vec<Lit>) {
        let Some(s) = self.sums.get(k) else {
            return;
        };
        let dom = |c: u32| self.dom.at(c, t);
        reason::cited(s, cite, &dom, &mut |c, digits| {
            self.dom.cite(c, digits, t, out);
        });
    }

    /// What the relations would still find on the current candidates that is not already
    /// so: empty at every fixpoint of [`Propagator::propagate`] (a test checks it after
    /// every propagation of its searches).
    #[cfg(test)]
    pub(crate) fn stale(&self) -> Vec<(usize, Found)> {
        let mut out = Vec::new();
        for (k, s) in self.sums.iter().enumerate() {
            let mut found = Vec::new();
            let dom = |c: u32| self.dom.cur(c);
            reason::reason(s, &dom, &|a, b| self.differ(a, b), &mut found);
            for f in found {
                let done = match f {
                    Found::Conflict(_) => false,
                    Found::Remove(c, d, _) => self.dom.cur(c) & (1 << d) == 0,
                    Found::Place(c, d, _) => {
                        self.dom.fixed(c) & (1 << d) != 0 || self.dom.init(c) == 1 << d
                    }
                };
                if !done {
                    out.push((k, f));
                }
            }
        }
        out
    }

    /// Runs relation `k` on the current candidates; queues what it implies.
    fn run(&mut self, k: usize) {
        let Some(s) = self.sums.get(k) else {
            return;
        };
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let mut scratch = std::mem::take(&mut self.scratch);
        let dom = |c: u32| self.dom.cur(c);
        reason::reason_in(s, &dom, &|a, b| self.differ(a, b), &mut scratch, &mut found);
        self.scratch = scratch;
        let t = self.dom.now();
        for &f in &found {
            let (c, d, positive, cite) = match f {
                Found::Conflict(cite) => {
                    let mut clause = Vec::new();
                    self.clause(k, cite, t, &mut clause);
                    clause.sort_unstable();
                    clause.dedup();
                    self.conflict = Some(clause);
                    break;
                }
                Found::Remove(c, d, cite) => (c, d as usize, false, cite),
                Found::Place(c, d, cite) => (c, d as usize, true, cite),
            };
            let bit: Mask = 1 << d;
            let decided = self.dom.init(c).count_ones() <= 1;
            let false_now = if positive {
                self.dom.cur(c) & bit == 0
            } else {
                self.dom.fixed(c) & bit != 0
            };
            if decided || false_now {
                // A decided cell has no variable to propagate, and a literal already false
                // would only be refuted: either way its reason, all false, is a conflict
                // (with the literal itself when it is a variable).
                let mut clause = Vec::new();
                self.clause(k, cite, t, &mut clause);
                if !decided {
                    let x = self.lit(c, d);
                    clause.push(if positive { x } else { !x });
                }
                clause.sort_unstable();
                clause.dedup();
                self.conflict = Some(clause);
                break;
            }
            let (marks, done) = if positive {
                (&mut self.pending_in, self.dom.fixed(c) & bit != 0)
            } else {
                (&mut self.pending_out, self.dom.cur(c) & bit == 0)
            };
            let Some(mark) = marks.get_mut(c as usize) else {
                continue;
            };
            if done || *mark & bit != 0 {
                continue;
            }
            *mark |= bit;
            let slot = self.reason_slot(c, d, positive);
            if let Some(r) = self.reasons.get_mut(slot) {
                *r = Some(Reason {
                    sum: k as u32,
                    time: t,
                    cite,
                });
            }
            let x = self.lit(c, d);
            self.pending.push_back(if positive { x } else { !x });
        }
        self.found = found;
    }
}

/// Splits a relation's terms (local cell, weight) into exclusion groups (per weight, by
/// `split`: `sums::cliques`, house first) and finds its digit sets when it is an
/// all-different equation with weights 1. Weights all −1 are negated first, so an implied
/// sum written as `−Σ = −t` is read as a cage.
fn compile(
    n: usize,
    terms: &[(u32, i64)],
    lo: i64,
    hi: i64,
    split: &dyn Fn(&[u32]) -> Vec<Vec<u32>>,
) -> Compiled {
    let negate = terms.iter().all(|t| t.1 == -1);
    let (lo, hi) = if negate { (-hi, -lo) } else { (lo, hi) };
    let mut weights: Vec<i64> = Vec::new();
    for &(_, w) in terms {
        let w = if negate { -w } else { w };
        if !weights.contains(&w) {
            weights.push(w);
        }
    }
    let mut groups: Vec<Group> = Vec::new();
    for w in weights {
        let cells: Vec<u32> = terms
            .iter()
            .filter(|t| (if negate { -t.1 } else { t.1 }) == w)
            .map(|t| t.0)
            .collect();
        groups.extend(split(&cells).into_iter().map(|cells| Group { w, cells }));
    }
    let sets = match &groups[..] {
        [g] if g.w == 1 && lo == hi && g.cells.len() > 1 && g.cells.len() <= n => {
            sets::sets_of(n, g.cells.len(), lo)
        }
        _ => None,
    };
    Compiled {
        groups,
        lo,
        hi,
        sets,
        outside: Vec::new(),
        full: crate::geometry::full_mask(n),
    }
}

/// For an equation with weights all 1 or all −1: for each house of `values` cells (one that
/// holds every value) that holds every cell of `lin`, the house's other cells (row-major
/// positions on a grid of `cols` columns). Empty for any other relation.
fn house_rest(cols: usize, values: usize, groups: &Groups, lin: &Linear) -> Vec<Vec<usize>> {
    let w = lin.terms.first().map_or(0, |t| t.1);
    if lin.lo != lin.hi || w.abs() != 1 || lin.terms.iter().any(|t| t.1 != w) {
        return Vec::new();
    }
    let cells: Vec<usize> = lin.terms.iter().map(|t| t.0.position(cols)).collect();
    (0..groups.houses.len())
        .map(|i| groups.house_positions(i))
        .filter(|h| h.len() == values && cells.iter().all(|&p| h.contains(&(p as u16))))
        .map(|h| {
            h.iter()
                .map(|&p| p as usize)
                .filter(|p| !cells.contains(p))
                .collect()
        })
        .collect()
}

impl Propagator for SumPropagator {
    fn observed(&self) -> Vec<Var> {
        let mut out = Vec::new();
        for (c, &p) in self.positions.iter().enumerate() {
            let m = self.dom.init(c as u32);
            if m.count_ones() > 1 {
                out.extend(
                    crate::geometry::digits(m)
                        .map(|d| Var::from_index(p * self.values + d.index())),
                );
            }
        }
        out
    }

    fn assigned(&mut self, lits: &[Lit]) {
        for &lit in lits {
            let Some((c, d)) = self.decode(lit) else {
                continue;
            };
            let changed = if lit.is_positive() {
                self.dom.fix(c, d, lit)
            } else {
                self.dom.remove(c, d, lit)
            };
            self.dom.tick();
            if changed {
                self.touch(c);
            }
        }
    }

    fn new_level(&mut self) {
        self.dom.new_level();
    }

    fn backtrack(&mut self, level: usize) {
        let mut touched = Vec::new();
        self.dom.backtrack(level, |c| touched.push(c));
        for c in touched {
            self.touch(c);
        }
        self.pending.clear();
        self.pending_out.iter_mut().for_each(|m| *m = 0);
        self.pending_in.iter_mut().for_each(|m| *m = 0);
        self.conflict = None;
    }

    fn propagate(&mut self) -> Option<Lit> {
        loop {
            if self.conflict.is_some() {
                return None;
            }
            while let Some(lit) = self.pending.pop_front() {
                let Some((c, d)) = self.decode(lit) else {
                    continue;
                };
                let bit: Mask = 1 << d;
                let (marks, done) = if lit.is_positive() {
                    (&mut self.pending_in, self.dom.fixed(c) & bit != 0)
                } else {
                    (&mut self.pending_out, self.dom.cur(c) & bit == 0)
                };
                if let Some(m) = marks.get_mut(c as usize) {
                    *m &= !bit;
                }
                if !done {
                    return Some(lit);
                }
            }
            let k = self.queue.pop()?;
            if let Some(flag) = self.dirty.get_mut(k as usize) {
                *flag = false;
            }
            self.run(k as usize);
        }
    }

    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>) {
        reason.clear();
        reason.push(lit);
        let found = self.decode(lit).and_then(|(c, d)| {
            let slot = self.reason_slot(c, d, lit.is_positive());
            self.reasons.get(slot).copied().flatten()
        });
        let Some(r) = found else {
            // Never propagated here: only a tautology is sound (not reachable by design).
            reason.push(!lit);
            return;
        };
        let mut cited = Vec::new();
        self.clause(r.sum as usize, r.cite, r.time, &mut cited);
        cited.sort_unstable();
        cited.dedup();
        reason.extend(cited.into_iter().filter(|&l| l != lit));
    }

    fn conflict(&mut self, clause: &mut Vec<Lit>) -> bool {
        hand_over(&mut self.conflict, clause)
    }

    fn check_model(&mut self, value: &dyn Fn(Lit) -> bool) -> bool {
        'sums: for s in &self.sums {
            let mut total = 0i64;
            let mut held = Vec::new();
            for g in &s.groups {
                for &c in &g.cells {
                    let init = self.dom.init(c);
                    let d = crate::geometry::digits(init)
                        .find(|d| init.count_ones() == 1 || value(self.lit(c, d.index())));
                    let Some(d) = d else {
                        // no digit: the formula's cell clauses forbid it; nothing to judge
                        continue 'sums;
                    };
                    total += g.w * d.get() as i64;
                    if init.count_ones() > 1 {
                        held.push(self.lit(c, d.index()));
                    }
                }
            }
            if !(s.lo..=s.hi).contains(&total) {
                // these cells do not all hold these digits: ∨ ¬x(c, v_c)
                self.conflict = Some(held.into_iter().map(|l| !l).collect());
                return false;
            }
        }
        true
    }
}
