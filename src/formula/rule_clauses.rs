//! The rules' clauses at the root: written once over the simplified candidates, unit
//! propagated there together with the houses' simplification, and replayed into the formula.
//!
//! Why: a rule's clauses often say more at decision level 0 than its [`Rule::restrict`] does
//! (a black dot's support clauses rule 5, 7 and 9 out of its cells; a skyscraper clue's
//! counter fixes the line's first ladder steps). Left in the formula, those consequences are
//! found by the engine's first propagation, where the houses' singles, locked candidates and
//! probing never see them, and each root unit costs the engine a pass over all its clauses
//! (varisat simplifies every clause at each new unit). Propagated here, a digit they rule out
//! becomes a removed candidate that the houses' simplification goes on from, and the clauses
//! handed over are the recorded ones with every known value folded in.
//!
//! Sound: every clause is one the formula would contain (implied by its rule), and unit
//! propagation only derives what the clauses imply; folding a known value into a clause
//! keeps its models.

use crate::cnf::{ClauseSink, Encoder};
use crate::engine::Lit;
use crate::geometry::{Cell, Mask};
use crate::groups::Groups;
use crate::puzzle::Puzzle;
use crate::rules::Rule;

/// The mark of an auxiliary in [`RuleClauses::decode`]'s packing.
const AUX: u32 = 1 << 31;

/// A sink that keeps every clause flat.
#[derive(Default)]
struct Flat {
    lits: Vec<Lit>,
    ends: Vec<usize>,
}

impl ClauseSink for Flat {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.lits.extend_from_slice(lits);
        self.ends.push(self.lits.len());
    }
}

/// The clauses of a puzzle's rules (each constraint's [`Rule::encode`] and the joint ones) as
/// an encoder wrote them with the sums carried as the sum propagator's default (`carry`)
/// carries them — the sums' own root reasoning is the sum propagator's
/// (`sums::root_narrower`), and a puzzle whose sums are long (ISS's "Rectangle Sums":
/// millions of clauses) would pay for them twice — with the auxiliary variables that root
/// propagation fixed.
#[derive(Clone, Debug)]
pub(crate) struct RuleClauses {
    /// Values per cell: the stride of the cell variables.
    values: usize,
    /// Columns: the stride of row-major positions.
    cols: usize,
    /// The first auxiliary variable of the recording and the next one after it.
    start_var: usize,
    end_var: usize,
    lits: Vec<Lit>,
    /// Per literal of `lits`, its variable decoded once ([`RuleClauses::decode`]): folding a
    /// clause then reads a candidate mask without dividing by the value count.
    dec: Vec<u32>,
    ends: Vec<usize>,
    /// Per slot (a cell's row-major position, then each auxiliary from `start_var`), the
    /// clauses that read it, `occ[occ_start[s]..occ_start[s + 1]]`: a change of a cell's
    /// candidates or an auxiliary's value revisits just those clauses.
    occ_start: Vec<u32>,
    occ: Vec<u32>,
    /// Per clause: satisfied at the root for good (candidates only narrow, fixed
    /// auxiliaries stay fixed), or used up as a unit.
    done: Vec<bool>,
    /// The candidates as the last [`RuleClauses::propagate`] left them: the next call
    /// revisits only the clauses of cells that changed since.
    seen: Option<Vec<Mask>>,
    /// Per auxiliary variable from `start_var`: its value, once propagation fixed it.
    aux: Vec<Option<bool>>,
    guarded: Vec<crate::linear::Guarded>,
    /// Whether a rule hands sums to the propagator (the recording then differs from what an
    /// encoding with nothing carried writes).
    sums: bool,
    /// Whether sums lie inside `or` branches.
    branch_sums: bool,
}

impl RuleClauses {
    /// Encodes the rules of `puzzle` over `cands` (a dry run: nothing reaches an engine).
    /// `None` for a chaos construction, whose own encoding defines terms the rules share.
    pub(crate) fn record(puzzle: &Puzzle, groups: &Groups, cands: &[Mask]) -> Option<Self> {
        let shape = puzzle.shape();
        if shape.is_chaos() {
            return None;
        }
        let mut flat = Flat::default();
        let branch_sums = !crate::rules::or::branch_sums(puzzle.constraints(), shape).is_empty();
        let sums = branch_sums
            || puzzle
                .constraints()
                .iter()
                .any(|c| !c.sums(shape).is_empty());
        let (start_var, end_var, guarded) = {
            let mut enc = Encoder::new(shape, cands, &mut flat);
            let start = enc.var_count();
            // as `Propagation::Carry` does (`Formula::sum_propagator`)
            enc.carry_sums(false);
            enc.carry_guarded_sums(true);
            for c in puzzle.constraints() {
                c.encode(&mut enc);
            }
            crate::rules::encode_joint(&mut enc, &groups.houses, puzzle.constraints());
            (start, enc.var_count(), enc.take_guarded())
        };
        debug_assert_eq!(start_var, shape.cell_count() * shape.value_count());
        let mut rc = RuleClauses {
            values: shape.value_count(),
            cols: shape.cols(),
            start_var,
            end_var,
            done: vec![false; flat.ends.len()],
            lits: flat.lits,
            dec: Vec::new(),
            ends: flat.ends,
            occ_start: Vec::new(),
            occ: Vec::new(),
            seen: None,
            aux: vec![None; end_var - start_var],
            guarded,
            sums,
            branch_sums,
        };
        rc.dec = rc.lits.iter().map(|l| rc.decode(l.index())).collect();
        rc.index();
        Some(rc)
    }

    /// The slot of variable index `i`: its cell's position, or the cell count + its
    /// auxiliary number (the cell variables come first, `values` per cell).
    fn slot(&self, i: usize) -> usize {
        match self.cell_var(i) {
            Some((pos, _)) => pos,
            None => self.start_var / self.values + (i - self.start_var),
        }
    }

    /// Builds the occurrence lists (`occ_start`, `occ`) over the cells' and the
    /// auxiliaries' slots, each clause once per slot it reads.
    fn index(&mut self) {
        let slots = self.start_var / self.values + (self.end_var - self.start_var);
        // (slot, clause) once per slot a clause reads (a clause over a cell's digits reads
        // it several times): `last` holds the last clause seen per slot
        let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(self.lits.len());
        let mut last = vec![u32::MAX; slots];
        for k in 0..self.ends.len() {
            for lit in self.clause(k) {
                let s = self.slot(lit.index());
                if last[s] != k as u32 {
                    last[s] = k as u32;
                    pairs.push((s as u32, k as u32));
                }
            }
        }
        let mut start = vec![0u32; slots + 1];
        for &(s, _) in &pairs {
            start[s as usize + 1] += 1;
        }
        for s in 0..slots {
            start[s + 1] += start[s];
        }
        let mut fill = start.clone();
        let mut occ = vec![0u32; pairs.len()];
        for &(s, k) in &pairs {
            occ[fill[s as usize] as usize] = k;
            fill[s as usize] += 1;
        }
        self.occ_start = start;
        self.occ = occ;
    }

    /// Queues the clauses that read `slot` (those not used up and not queued already).
    fn touch(&self, slot: usize, queue: &mut Vec<u32>, queued: &mut [bool]) {
        let (a, b) = (self.occ_start[slot], self.occ_start[slot + 1]);
        for &k in &self.occ[a as usize..b as usize] {
            if !self.done[k as usize] && !queued[k as usize] {
                queued[k as usize] = true;
                queue.push(k);
            }
        }
    }

    /// The cell variable with index `i` as (row-major position, digit bit), `None` for an
    /// auxiliary: the numbering of [`crate::cnf::decode_shape_var`], read here without the
    /// shape (position · values + digit index).
    fn cell_var(&self, i: usize) -> Option<(usize, Mask)> {
        (i < self.start_var).then(|| (i / self.values, 1 << (i % self.values)))
    }

    /// Variable index `i` packed for [`RuleClauses::value`]: a cell variable as its position
    /// · 64 + its digit's bit (values are at most 64), an auxiliary as [`AUX`] | its number
    /// from `start_var`.
    fn decode(&self, i: usize) -> u32 {
        match self.cell_var(i) {
            Some((pos, bit)) => (pos as u32) << 6 | bit.trailing_zeros(),
            None => AUX | (i - self.start_var) as u32,
        }
    }

    /// The value of the literal at `j` in `lits` under the candidates `cands` (a cell
    /// variable: false once its digit is gone, true once its cell is decided on it) and the
    /// fixed auxiliaries.
    fn value(&self, cands: &[Mask], j: usize) -> Option<bool> {
        let d = self.dec[j];
        let var = if d & AUX == 0 {
            let (m, bit) = (cands[(d >> 6) as usize], 1 << (d & 63));
            if m & bit == 0 {
                Some(false)
            } else if m == bit {
                Some(true)
            } else {
                None
            }
        } else {
            self.aux.get((d & !AUX) as usize).copied().flatten()
        };
        var.map(|v| v == self.lits[j].is_positive())
    }

    /// Where clause `k` begins in `lits`.
    fn start(&self, k: usize) -> usize {
        if k == 0 {
            0
        } else {
            self.ends[k - 1]
        }
    }

    fn clause(&self, k: usize) -> &[Lit] {
        &self.lits[self.start(k)..self.ends[k]]
    }

    /// Clause `k` with the values known from `cands` and the fixed auxiliaries folded in:
    /// `false` when it is satisfied, else `true` with its open literals in `open` (emptied
    /// first; none left means that it is false).
    fn fold(&self, cands: &[Mask], k: usize, open: &mut Vec<Lit>) -> bool {
        open.clear();
        for j in self.start(k)..self.ends[k] {
            match self.value(cands, j) {
                Some(true) => return false,
                Some(false) => {}
                None => open.push(self.lits[j]),
            }
        }
        true
    }

    /// Unit propagation of the clauses from `cands` at the root: a clause left with one open
    /// literal makes it true — a cell variable's digit placed (`x(c,d)`) or removed
    /// (`!x(c,d)`) in `cands`, an auxiliary fixed — until nothing more follows. The first
    /// call visits every clause; a later one only the clauses of cells whose candidates
    /// changed since the last (the houses' simplification in between), and then only those
    /// of what it changes itself: the work follows the changes, not the formula's size.
    /// Returns how many candidates it removed, or, when a clause has every literal false
    /// (the puzzle has no solution), the cells whose variables it reads (none when it reads
    /// only auxiliaries).
    pub(crate) fn propagate(&mut self, cands: &mut [Mask]) -> Result<usize, Vec<Cell>> {
        let mut queued = vec![false; self.ends.len()];
        let mut queue: Vec<u32> = Vec::new();
        match &self.seen {
            None => {
                queue.extend((0..self.ends.len() as u32).rev());
                queued.iter_mut().for_each(|q| *q = true);
            }
            Some(seen) => {
                for pos in (0..cands.len()).filter(|&p| seen[p] != cands[p]) {
                    self.touch(pos, &mut queue, &mut queued);
                }
            }
        }
        let mut removed = 0;
        let mut open = Vec::new();
        while let Some(k) = queue.pop() {
            let k = k as usize;
            queued[k] = false;
            if self.done[k] {
                continue;
            }
            if !self.fold(cands, k, &mut open) {
                self.done[k] = true; // satisfied for good
                continue;
            }
            match open[..] {
                [] => {
                    let mut cells: Vec<Cell> = self
                        .clause(k)
                        .iter()
                        .filter_map(|l| self.cell_var(l.index()))
                        .map(|(pos, _)| Cell::from_position(pos, self.cols))
                        .collect();
                    cells.sort_by_key(|c| (c.r(), c.c()));
                    cells.dedup();
                    return Err(cells);
                }
                [lit] => {
                    // now satisfied: used up
                    self.done[k] = true;
                    match self.cell_var(lit.index()) {
                        Some((pos, bit)) => {
                            let before = cands[pos];
                            // x(c,d) places d; !x(c,d) rules it out
                            cands[pos] = if lit.is_positive() {
                                before & bit
                            } else {
                                before & !bit
                            };
                            // never empty: an open literal's cell holds its digit and more
                            removed += (before & !cands[pos]).count_ones() as usize;
                            self.touch(pos, &mut queue, &mut queued);
                        }
                        None => {
                            self.aux[lit.index() - self.start_var] = Some(lit.is_positive());
                            let slot = self.slot(lit.index());
                            self.touch(slot, &mut queue, &mut queued);
                        }
                    }
                }
                _ => {}
            }
        }
        self.seen = Some(cands.to_vec());
        Ok(removed)
    }

    /// Writes the clauses into `enc` with every value known from `cands` and the fixed
    /// auxiliaries folded in (a satisfied clause dropped, false literals left out), and numbers
    /// on after the recording's variables; `enc` must be at the variable the recording began
    /// at. A fixed auxiliary is then in no clause, and nothing reads it from a model (grids
    /// come from the cell variables) — unless `guards_read`: a sum propagator carrying sums
    /// inside `or` branches reads their selectors, and a selector fixed at the root (the other
    /// branches cannot hold) is what tells it that the branch's sums bind, so each fixed
    /// auxiliary stays as a unit clause (without it the engine may set the selector false,
    /// and the checker refuses the grid). Returns the sums inside `or` branches the recording
    /// kept.
    pub(crate) fn replay(
        &self,
        enc: &mut Encoder,
        cands: &[Mask],
        guards_read: bool,
    ) -> Vec<crate::linear::Guarded> {
        debug_assert_eq!(enc.var_count(), self.start_var);
        let mut open = Vec::new();
        for k in 0..self.ends.len() {
            // a used-up clause is satisfied for good (`cands` only narrowed since)
            if !self.done[k] && self.fold(cands, k, &mut open) {
                enc.clause_lits(&open);
            }
        }
        if guards_read {
            for (j, v) in self.aux.iter().enumerate() {
                if let Some(v) = *v {
                    let var = crate::engine::Var::from_index(self.start_var + j);
                    enc.clause_lits(&[Lit::from_var(var, v)]);
                }
            }
        }
        enc.skip_to(self.end_var);
        self.guarded.clone()
    }

    /// Whether a formula encoded with these settings writes what was recorded: the sums
    /// carried as `carry` carries them (`sums`: killer cages keeping their clauses,
    /// `guarded`: sums inside `or` branches left out), unless the puzzle has no sum at all;
    /// and the encoder at the variable the recording began at.
    pub(crate) fn fits(&self, sums: Option<bool>, guarded: Option<bool>, next_var: usize) -> bool {
        let sums_alike =
            !self.sums || (sums == Some(false) && (!self.branch_sums || guarded == Some(true)));
        sums_alike && next_var == self.start_var
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Constraint;
    use proptest::prelude::*;

    /// An open 6×6 whose rules' clauses propagate at the root: skyscrapers (counters), a
    /// thermometer (order ladders), a black dot, a killer cage and a regex line.
    fn puzzle() -> Puzzle {
        let base = crate::parse_one(&".".repeat(36)).unwrap();
        let rules: Vec<Constraint> = [
            r#"{"type": "skyscraper", "clue": "r0c2", "count": 1}"#,
            r#"{"type": "skyscraper", "clue": "r3c0", "count": 4}"#,
            r#"{"type": "thermometer", "cells": ["r2c2", "r2c3", "r2c4", "r3c4"]}"#,
            r#"{"type": "ratio", "cells": ["r5c1", "r5c2"], "value": 2}"#,
            r#"{"type": "killer", "cells": ["r4c4", "r4c5", "r5c5"], "sum": 8}"#,
            r#"{"type": "regex", "cells": ["r6c1", "r6c2", "r6c3"], "pattern": "(12|3)+"}"#,
        ]
        .iter()
        .map(|j| serde_json::from_str(j).unwrap())
        .collect();
        Puzzle::new(base.shape().clone(), base.givens().clone(), rules).unwrap()
    }

    proptest! {
        /// A second propagation, after the candidates narrowed elsewhere (as the houses'
        /// reasoning narrows them between rounds), revisits only the changed cells' clauses
        /// and must still reach the fixpoint that one propagation from the start reaches
        /// (unit propagation is confluent): the same candidates, the same fixed auxiliaries,
        /// the same verdict.
        #[test]
        fn incremental_propagation_reaches_the_full_fixpoint(
            cuts in proptest::collection::vec((0usize..36, 1u64..64), 1..8),
        ) {
            let p = puzzle();
            let groups = p.groups();
            let start = p.initial_candidates();
            let mut once = RuleClauses::record(&p, &groups, &start).unwrap();
            let mut twice = RuleClauses::record(&p, &groups, &start).unwrap();
            let mut a = start.clone();
            prop_assert!(twice.propagate(&mut a).is_ok());
            let mut b = start.clone();
            for &(pos, cut) in &cuts {
                // cut the same digits from both, where that leaves the propagated cell a digit
                let cut = cut as Mask;
                if a[pos] & !cut != 0 {
                    a[pos] &= !cut;
                    b[pos] &= !cut;
                }
            }
            // b ⊇ a ⊇ the fixpoint from b (propagation only narrows, and narrower
            // candidates propagate to narrower ones), so both reach that fixpoint
            let inc = twice.propagate(&mut a);
            let full = once.propagate(&mut b);
            prop_assert_eq!(inc.is_ok(), full.is_ok());
            if inc.is_ok() {
                prop_assert_eq!(&a, &b);
                prop_assert_eq!(&twice.aux, &once.aux);
            }
        }
    }
}
