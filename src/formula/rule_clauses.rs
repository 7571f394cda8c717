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

/// At most this many passes over the clauses per [`RuleClauses::propagate`] (each pass visits
/// the clauses not yet satisfied; a fixpoint usually takes two or three).
const PASSES: usize = 8;

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
    ends: Vec<usize>,
    /// Indices (into `ends`) of the clauses not yet satisfied at the root.
    live: Vec<usize>,
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
        let live = (0..flat.ends.len()).collect();
        Some(RuleClauses {
            values: shape.value_count(),
            cols: shape.cols(),
            start_var,
            end_var,
            lits: flat.lits,
            ends: flat.ends,
            live,
            aux: vec![None; end_var - start_var],
            guarded,
            sums,
            branch_sums,
        })
    }

    /// The cell variable with index `i` as (row-major position, digit bit), `None` for an
    /// auxiliary: the numbering of [`crate::cnf::decode_shape_var`], read here without the
    /// shape (position · values + digit index).
    fn cell_var(&self, i: usize) -> Option<(usize, Mask)> {
        (i < self.start_var).then(|| (i / self.values, 1 << (i % self.values)))
    }

    /// The value of `lit` under the candidates `cands` (a cell variable: false once its
    /// digit is gone, true once its cell is decided on it) and the fixed auxiliaries.
    fn value(&self, cands: &[Mask], lit: Lit) -> Option<bool> {
        let i = lit.index();
        let var = match self.cell_var(i) {
            Some((pos, bit)) => {
                let m = cands[pos];
                if m & bit == 0 {
                    Some(false)
                } else if m == bit {
                    Some(true)
                } else {
                    None
                }
            }
            None => self.aux.get(i - self.start_var).copied().flatten(),
        };
        var.map(|v| v == lit.is_positive())
    }

    fn clause(&self, k: usize) -> &[Lit] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.lits[start..self.ends[k]]
    }

    /// Clause `k` with the values known from `cands` and the fixed auxiliaries folded in:
    /// `false` when it is satisfied, else `true` with its open literals in `open` (emptied
    /// first; none left means that it is false).
    fn fold(&self, cands: &[Mask], k: usize, open: &mut Vec<Lit>) -> bool {
        open.clear();
        for &lit in self.clause(k) {
            match self.value(cands, lit) {
                Some(true) => return false,
                Some(false) => {}
                None => open.push(lit),
            }
        }
        true
    }

    /// Unit propagation of the clauses from `cands` at the root: a clause left with one open
    /// literal makes it true — a cell variable's digit placed (`x(c,d)`) or removed
    /// (`!x(c,d)`) in `cands`, an auxiliary fixed — until nothing more follows or
    /// [`PASSES`] passes. Returns how many candidates it removed, or, when a clause has every
    /// literal false (the puzzle has no solution), the cells whose variables it reads (none
    /// when it reads only auxiliaries).
    pub(crate) fn propagate(&mut self, cands: &mut [Mask]) -> Result<usize, Vec<Cell>> {
        let mut removed = 0;
        let mut open = Vec::new();
        for _ in 0..PASSES {
            let mut moved = false;
            let mut live = std::mem::take(&mut self.live);
            let mut keep = 0;
            for j in 0..live.len() {
                let k = live[j];
                if !self.fold(cands, k, &mut open) {
                    continue; // satisfied for good: no longer live
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
                        self.live = live;
                        return Err(cells);
                    }
                    [lit] => {
                        moved = true;
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
                            }
                            None => {
                                self.aux[lit.index() - self.start_var] = Some(lit.is_positive())
                            }
                        }
                        // now satisfied: dropped from the live clauses
                    }
                    _ => {
                        live[keep] = k;
                        keep += 1;
                    }
                }
            }
            live.truncate(keep);
            self.live = live;
            if !moved {
                break;
            }
        }
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
            if self.fold(cands, k, &mut open) {
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
