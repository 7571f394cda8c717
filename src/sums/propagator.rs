//! [`SumPropagator`]: the linear relations of a puzzle as an [`engine::Propagator`]
//! (lazy clause generation). It hears the cell literals' assignments, keeps each cell's
//! candidates with the trail (`sums::domain`), asks the relations touched since the last
//! call what they imply (`sums::reason`) and hands the implied literals out one at a
//! time; a reason clause is built only when the engine asks for it, from the candidates as
//! they stood when the literal was propagated.
//!
//! A relation may have a guard (a sum inside an `or` branch, `g → relation`,
//! [`Guarded`]): while `g` is false it says nothing; while `g` is open it prunes nothing but
//! propagates `¬g` when it cannot hold (the reason: its conflict, with `¬g`); once `g` is
//! true it propagates as any other, `¬g` added to each reason and conflict.
//!
//! [`engine::Propagator`]: crate::engine::Propagator

use super::cliques::Cliques;
use super::domain::Domains;
use super::reason;
use super::relation::{Cite, Compiled, Found, Group};
use super::sets;
use super::{Guarded, Layout, Linear};
use crate::engine::propagator::{explained, hand_over};
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
    /// Per relation: queued only to keep the queue's order — it was at its fixpoint when the
    /// search backtracked and none of its cells changed since, so it is skipped when popped.
    idle: Vec<bool>,
    /// Whether every relation is at its fixpoint on the current candidates (the last
    /// [`Propagator::propagate`] found nothing and no cell changed since).
    quiet: bool,
    /// `quiet` as it was when each open decision level above the root began.
    quiet_at: Vec<bool>,
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
    /// The guards' literals, by guard slot (relations inside `or` branches).
    guards: Vec<Lit>,
    /// Guard slot per variable index of a guard.
    guard_slot: rustc_hash::FxHashMap<usize, u32>,
    /// Per guard slot: 1 while its literal is true, -1 while false, 0 while open.
    guard_value: Vec<i8>,
    /// Guard slots assigned, in order, with the trail length at each decision level.
    guard_trail: Vec<u32>,
    guard_levels: Vec<usize>,
    /// The relations each guard binds.
    guard_watch: Vec<Vec<u32>>,
    /// Per guard slot: `¬g` is pending, and the reason it was propagated with.
    guard_pending: Vec<bool>,
    guard_reasons: Vec<Option<Reason>>,
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
        SumPropagator::with_guards(layout, groups, cands, sums, &[])
    }

    /// [`Self::with_layout`] with `guarded` relations too, each binding only while its
    /// guard literal is true (module docs). `None` when there is no relation with a cell, or
    /// when a guarded relation cannot be carried (a cell off the grid, a sum too large or
    /// with no term): the caller then writes every sum as clauses.
    pub fn with_guards(
        layout: Layout,
        groups: &Groups,
        cands: &[Mask],
        sums: &[Linear],
        guarded: &[Guarded],
    ) -> Option<SumPropagator> {
        SumPropagator::with_cover(layout, groups, cands, sums, guarded, false)
    }

    /// [`Self::with_guards`]; with `both`, each relation whose two house-first covers
    /// ([`Cliques::split_ties`]) differ is carried under each of them.
    pub(crate) fn with_cover(
        layout: Layout,
        groups: &Groups,
        cands: &[Mask],
        sums: &[Linear],
        guarded: &[Guarded],
        both: bool,
    ) -> Option<SumPropagator> {
        if guarded
            .iter()
            .any(|g| g.sum.terms.is_empty() || !g.sum.fits(layout.values))
        {
            return None;
        }
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
        let mut guards: Vec<Lit> = Vec::new();
        let mut guard_slot = rustc_hash::FxHashMap::default();
        let mut guard_of = Vec::new();
        let plain = sums
            .iter()
            .filter(|l| !l.terms.is_empty() && l.fits(values))
            .map(|l| (l, None));
        let under = guarded.iter().map(|g| (&g.sum, Some(g.guard)));
        for (lin, guard) in plain.chain(under) {
            let slot = match guard {
                None => None,
                Some(g) => {
                    let slot = *guard_slot.entry(g.index()).or_insert_with(|| {
                        guards.push(g);
                        guards.len() as u32 - 1
                    });
                    if guards.get(slot as usize) != Some(&g) {
                        // a selector and its negation as guards: never made by the encoder
                        return None;
                    }
                    Some(slot)
                }
            };
            guard_of.push(slot);
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
        let split_by = |cells: &[u32], to_last: bool| -> Vec<Vec<u32>> {
            let at: Vec<usize> = cells
                .iter()
                .map(|&c| positions.get(c as usize).copied().unwrap_or(usize::MAX))
                .collect();
            cliques
                .split_ties(groups, &at, to_last)
                .into_iter()
                .map(|g| {
                    g.into_iter()
                        .filter_map(|i| cells.get(i).copied())
                        .collect()
                })
                .collect()
        };
        let first = |cells: &[u32]| split_by(cells, false);
        let last = |cells: &[u32]| split_by(cells, true);
        let mut sums: Vec<Compiled> = Vec::new();
        for (((terms, lo, hi), outside), guard) in compiled.into_iter().zip(outsides).zip(guard_of)
        {
            let mut s = compile(values, &terms, lo, hi, &first);
            s.guard = guard;
            // At the root a relation may run under both covers: each bound is sound, and
            // where the covers differ one of them may be the tighter.
            let other = both
                .then(|| compile(values, &terms, lo, hi, &last))
                .filter(|t| t.groups != s.groups);
            if let Some(mut t) = other {
                if t.sets.is_some() {
                    t.outside = outside.clone();
                }
                t.guard = guard;
                sums.push(t);
            }
            if s.sets.is_some() {
                s.outside = outside;
            }
            sums.push(s);
        }
        let mut guard_watch = vec![Vec::new(); guards.len()];
        for (k, s) in sums.iter().enumerate() {
            if let Some(w) = s.guard.and_then(|g| guard_watch.get_mut(g as usize)) {
                w.push(k as u32);
            }
        }
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
            idle: vec![false; count],
            quiet: false,
            quiet_at: Vec::new(),
            pending: VecDeque::new(),
            pending_out: vec![0; cells],
            pending_in: vec![0; cells],
            reasons: vec![None; cells * values * 2],
            conflict: None,
            found: Vec::new(),
            scratch: reason::Scratch::default(),
            guard_value: vec![0; guards.len()],
            guard_pending: vec![false; guards.len()],
            guard_reasons: vec![None; guards.len()],
            guards,
            guard_slot,
            guard_trail: Vec::new(),
            guard_levels: Vec::new(),
            guard_watch,
        })
    }

    /// The guard slot of a literal over a guard's variable (none without guards: no lookup
    /// on the path every cell literal takes).
    fn guard_of(&self, lit: Lit) -> Option<u32> {
        if self.guards.is_empty() {
            return None;
        }
        self.guard_slot.get(&lit.index()).copied()
    }

    /// The state of a relation's guard `g`: 1 while true (or for no guard: the relation
    /// always holds), -1 while false (it says nothing), 0 while open.
    fn guard_state(&self, g: Option<u32>) -> i8 {
        g.and_then(|g| self.guard_value.get(g as usize).copied())
            .unwrap_or(1)
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

    /// Queues the relations reading local cell `c`.
    fn touch(&mut self, c: u32) {
        if let Some(ks) = self.watch.get(c as usize) {
            self.quiet = false;
            wake_idle(&mut self.dirty, &mut self.idle, &mut self.queue, ks);
        }
    }

    /// Queues the relations guard slot `g` binds.
    fn wake_guarded(&mut self, g: u32) {
        if let Some(ks) = self.guard_watch.get(g as usize) {
            self.quiet = false;
            wake_idle(&mut self.dirty, &mut self.idle, &mut self.queue, ks);
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
        if let Some(&g) = s.guard.and_then(|g| self.guards.get(g as usize)) {
            #[cfg(test)]
            if super::relation::MUTATE_GUARD.with(|f| f.get()) {
                return;
            }
            // g -> relation: the relation's consequences hold only while g does
            out.push(!g);
        }
    }

    /// What the relations would still find on the current candidates that is not already
    /// so: empty at every fixpoint of [`Propagator::propagate`] (a test checks it after
    /// every propagation of its searches).
    #[cfg(test)]
    pub(crate) fn stale(&self) -> Vec<(usize, Found)> {
        let mut out = Vec::new();
        for (k, s) in self.sums.iter().enumerate() {
            let state = self.guard_state(s.guard);
            if state < 0 {
                continue;
            }
            let mut found = Vec::new();
            let dom = |c: u32| self.dom.cur(c);
            reason::reason(s, &dom, &|a, b| self.differ(a, b), &mut found);
            for f in found {
                let done = match f {
                    Found::Conflict(_) => false,
                    // an open guard is refuted, not pruned under
                    _ if state == 0 => true,
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

    /// The relations without a guard run to a common fixpoint on the candidates `cands`
    /// (row-major, each within the starting candidates the propagator was built with), before
    /// any search (no trail, no reasons): what the propagator would find at decision level 0.
    /// Narrows `cands` and returns how many candidates it removed, or, when the relations
    /// cannot all hold on them, the cells of the relation where that showed (row-major
    /// positions, sorted).
    /// Every step is one the search takes too (`sums::reason`, whose removals and reasons
    /// the brute-force tests check), so no solution is lost.
    pub fn root_fixpoint(&self, cands: &mut [Mask]) -> Result<usize, Vec<usize>> {
        let mut cur: Vec<Mask> = self
            .positions
            .iter()
            .enumerate()
            .map(|(c, &p)| cands.get(p).copied().unwrap_or(0) & self.dom.init(c as u32))
            .collect();
        let mut dirty = vec![false; self.sums.len()];
        let mut queue: Vec<u32> = Vec::new();
        let all: Vec<u32> = (0..self.sums.len() as u32).rev().collect();
        wake(&mut dirty, &mut queue, &all);
        let mut found = Vec::new();
        let mut scratch = reason::Scratch::default();
        while let Some(k) = queue.pop() {
            dirty[k as usize] = false;
            // a relation inside an `or` binds only under its guard, open before search
            let Some(s) = self.sums.get(k as usize).filter(|s| s.guard.is_none()) else {
                continue;
            };
            found.clear();
            {
                let dom = |c: u32| cur.get(c as usize).copied().unwrap_or(0);
                reason::reason_in(s, &dom, &|a, b| self.differ(a, b), &mut scratch, &mut found);
            }
            // in row-major order, whichever cover the relation was read under
            let failed = || {
                let mut at: Vec<usize> = s
                    .cells()
                    .filter_map(|c| self.positions.get(c as usize).copied())
                    .collect();
                at.sort_unstable();
                at
            };
            for f in &found {
                let (c, keep) = match *f {
                    Found::Conflict(_) => return Err(failed()),
                    Found::Remove(c, d, _) => (c, !(1 << d)),
                    Found::Place(c, d, _) => (c, 1 << d),
                };
                let Some(slot) = cur.get_mut(c as usize) else {
                    continue;
                };
                let next = *slot & keep;
                if next == 0 {
                    return Err(failed());
                }
                if *slot != next {
                    *slot = next;
                    if let Some(ks) = self.watch.get(c as usize) {
                        wake(&mut dirty, &mut queue, ks);
                    }
                }
            }
        }
        let mut removed = 0;
        for (&p, &m) in self.positions.iter().zip(&cur) {
            if let Some(slot) = cands.get_mut(p) {
                removed += (*slot & !m).count_ones() as usize;
                *slot &= m;
            }
        }
        Ok(removed)
    }

    /// Runs relation `k` on the current candidates; queues what it implies.
    fn run(&mut self, k: usize) {
        let Some(s) = self.sums.get(k) else {
            return;
        };
        let guard = s.guard;
        let state = self.guard_state(guard);
        if state < 0 {
            // g is false: the relation need not hold
            return;
        }
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let mut scratch = std::mem::take(&mut self.scratch);
        let dom = |c: u32| self.dom.cur(c);
        reason::reason_in(s, &dom, &|a, b| self.differ(a, b), &mut scratch, &mut found);
        self.scratch = scratch;
        let t = self.dom.now();
        if let (Some(g), 0) = (guard, state) {
            // g is open: a relation that cannot hold refutes it (relation false -> !g); what
            // it would remove binds only once g is true
            let cite = found.iter().find_map(|f| match f {
                Found::Conflict(cite) => Some(*cite),
                _ => None,
            });
            if let (Some(cite), Some(pending)) = (cite, self.guard_pending.get_mut(g as usize)) {
                if !*pending {
                    *pending = true;
                    if let Some(r) = self.guard_reasons.get_mut(g as usize) {
                        *r = Some(Reason {
                            sum: k as u32,
                            time: t,
                            cite,
                        });
                    }
                    if let Some(&lit) = self.guards.get(g as usize) {
                        self.pending.push_back(!lit);
                    }
                }
            }
            self.found = found;
            return;
        }
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

/// [`wake`] in the search: a relation of `ks` already queued keeps its place but is no
/// longer `idle` (skipped when popped): it will run.
fn wake_idle(dirty: &mut [bool], idle: &mut [bool], queue: &mut Vec<u32>, ks: &[u32]) {
    for &k in ks {
        if let Some(i) = idle.get_mut(k as usize) {
            *i = false;
        }
    }
    wake(dirty, queue, ks);
}

/// Queues each relation of `ks` that is not queued (`dirty` marks the queued ones).
fn wake(dirty: &mut [bool], queue: &mut Vec<u32>, ks: &[u32]) {
    for &k in ks {
        if let Some(flag) = dirty.get_mut(k as usize) {
            if !*flag {
                *flag = true;
                queue.push(k);
            }
        }
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
        guard: None,
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
        let mut out = self.dom.observed(&self.positions);
        out.extend(self.guards.iter().map(|g| g.var()));
        out
    }

    fn assigned(&mut self, lits: &[Lit]) {
        for &lit in lits {
            if let Some(g) = self.guard_of(lit) {
                let Some(&guard) = self.guards.get(g as usize) else {
                    continue;
                };
                let true_now = lit == guard;
                if let Some(v) = self.guard_value.get_mut(g as usize) {
                    if *v != 0 {
                        continue;
                    }
                    *v = if true_now { 1 } else { -1 };
                    self.guard_trail.push(g);
                }
                if true_now {
                    // the relations it binds start to prune
                    self.wake_guarded(g);
                }
                continue;
            }
            let Some((c, d)) = self.decode(lit) else {
                continue;
            };
            if self.dom.assign(c, d, lit) {
                self.touch(c);
            }
        }
    }

    fn new_level(&mut self) {
        self.dom.new_level();
        self.quiet_at.push(self.quiet);
        self.guard_levels.push(self.guard_trail.len());
    }

    fn backtrack(&mut self, level: usize) {
        let mut touched = Vec::new();
        // whether the level gone back to was at the fixpoint when the next one began (as it
        // is in a CDCL search, which decides only when nothing is left to propagate)
        let settled = self.quiet_at.get(level).copied();
        self.quiet_at.truncate(level);
        self.dom.backtrack(level, |c| touched.push(c));
        for c in touched {
            self.touch(c);
        }
        if settled == Some(true) {
            // The cells are as they were at that fixpoint: no queued relation can find
            // anything until one of its cells changes. They stay queued, in the same order,
            // so that the search is the same with or without this shortcut, and are skipped
            // when popped. (Re-running them was 60 % of all runs on MATHEMAGIC #04, and none
            // found anything.)
            self.quiet = true;
            for &k in &self.queue {
                if let Some(i) = self.idle.get_mut(k as usize) {
                    *i = true;
                }
            }
        }
        while self.guard_levels.len() > level {
            let mark = self.guard_levels.pop().unwrap_or(0);
            while self.guard_trail.len() > mark {
                let Some(g) = self.guard_trail.pop() else {
                    break;
                };
                if let Some(v) = self.guard_value.get_mut(g as usize) {
                    *v = 0;
                }
                // a relation whose guard is open again may refute it once more
                self.wake_guarded(g);
            }
        }
        if !self.guards.is_empty() {
            self.guard_pending.iter_mut().for_each(|p| *p = false);
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
                if let Some(g) = self.guard_of(lit) {
                    // !g, unless it is already true
                    if let Some(p) = self.guard_pending.get_mut(g as usize) {
                        *p = false;
                    }
                    if self.guard_value.get(g as usize).copied() == Some(0) {
                        return Some(lit);
                    }
                    continue;
                }
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
            let Some(k) = self.queue.pop() else {
                self.quiet = true;
                return None;
            };
            if let Some(flag) = self.dirty.get_mut(k as usize) {
                *flag = false;
            }
            if let Some(i) = self.idle.get_mut(k as usize).filter(|i| **i) {
                *i = false;
                continue;
            }
            self.run(k as usize);
        }
    }

    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>) {
        let found = match self.guard_of(lit) {
            Some(g) => self.guard_reasons.get(g as usize).copied().flatten(),
            None => self.decode(lit).and_then(|(c, d)| {
                let slot = self.reason_slot(c, d, lit.is_positive());
                self.reasons.get(slot).copied().flatten()
            }),
        };
        let Some(r) = found else {
            // Never propagated here: only a tautology is sound (not reachable by design).
            *reason = vec![lit, !lit];
            return;
        };
        let mut cited = Vec::new();
        self.clause(r.sum as usize, r.cite, r.time, &mut cited);
        explained(lit, cited, reason);
    }

    fn conflict(&mut self, clause: &mut Vec<Lit>) -> bool {
        hand_over(&mut self.conflict, clause)
    }

    fn check_model(&mut self, value: &dyn Fn(Lit) -> bool) -> bool {
        'sums: for s in &self.sums {
            let guard = s.guard.and_then(|g| self.guards.get(g as usize)).copied();
            if guard.is_some_and(|g| !value(g)) {
                // g false: the relation need not hold
                continue;
            }
            let mut total = 0i64;
            // the true literals the clause denies: g, then each cell's digit
            let mut held: Vec<Lit> = guard.into_iter().collect();
            for g in &s.groups {
                for &c in &g.cells {
                    let Some((d, open)) = self.dom.in_model(c, |d| value(self.lit(c, d))) else {
                        // no digit: the formula's cell clauses forbid it; nothing to judge
                        continue 'sums;
                    };
                    total += g.w * d.get() as i64;
                    if open {
                        held.push(self.lit(c, d.index()));
                    }
                }
            }
            if !(s.lo..=s.hi).contains(&total) {
                // g -> these cells do not all hold these digits: ¬g ∨ ∨ ¬x(c, v_c)
                self.conflict = Some(held.into_iter().map(|l| !l).collect());
                return false;
            }
        }
        true
    }
}
