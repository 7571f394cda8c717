//! CNF building: the variable map, clause sinks, and the [`Encoder`] that every rule writes
//! through.
//!
//! Variable layout (fixed, so a SAT user can read a model without satdoku): the cell variable
//! x(r,c,d) — "cell (r,c) holds digit d", all 1-based — is DIMACS variable
//! `(r-1)·N² + (c-1)·N + d`. Auxiliary variables of variant rules follow from N³ + 1 on.
//! (With a value set of V values the stride is V instead of N: `((r-1)·N + (c-1))·V + d`.)
//!
//! A chaos construction ([`Shape::is_chaos`]) has region variables right after the cell
//! variables (the extra cells' included): g(r,c,k) — "cell (r,c) is in region k", k = 1..N
//! — is DIMACS variable `(N² + E)·V + ((r-1)·N + (c-1))·N + k` with E extra cells
//! ([`region_var`]); auxiliaries follow them.
//!
//! Clauses are written through [`Encoder::clause`], which folds variables whose value is
//! already known (a cell decided by the givens and their consequences): a clause with a true
//! term is dropped, false terms are left out. So the solver, and the DIMACS export, get
//! exactly the simplified formula.

pub mod card;
pub mod chaos;
pub mod class;
pub mod classic;
pub mod order;
pub mod pairs;
pub mod sum;

use crate::engine::{Lit, Var};
use crate::geometry::{Cell, Digit, Mask, Shape};
use rustc_hash::FxHashMap as HashMap;

pub use crate::engine::ClauseSink;

/// The literals that make `grid` an engine's first guess
/// ([`crate::engine::Engine::solver_with_phase`]): each cell's digit true, its other digits
/// false.
pub fn grid_phase(grid: &crate::grid::Grid) -> Vec<Lit> {
    grid_phase_with(grid, grid.size())
}

/// [`grid_phase`] for a grid whose cells hold one of `values` values
/// ([`Shape::value_count`]).
pub fn grid_phase_with(grid: &crate::grid::Grid, values: usize) -> Vec<Lit> {
    let n = grid.cols();
    let mut lits = Vec::new();
    for (cell, d) in grid.filled() {
        for e in (0..values).map(Digit::from_index) {
            let x = cell_var_with(n, values, cell, e).positive();
            lits.push(if e == d { x } else { !x });
        }
    }
    lits
}

/// A sink that only counts clauses and literals (first pass of a streaming DIMACS export).
#[derive(Default, Debug, Clone, Copy)]
pub struct ClauseCounter {
    /// Clauses seen.
    pub clauses: usize,
    /// Literals seen.
    pub literals: usize,
    /// The largest variable seen (1-based, as in DIMACS; 0 when none).
    pub max_var: usize,
}

impl ClauseSink for ClauseCounter {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.clauses += 1;
        self.literals += lits.len();
        for l in lits {
            self.max_var = self.max_var.max(l.index() + 1);
        }
    }
}

/// A stored clause list, for tests that look at the clauses an encoding writes.
#[cfg(test)]
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClauseList {
    /// Every clause in order.
    pub clauses: Vec<Vec<Lit>>,
}

#[cfg(test)]
impl ClauseSink for ClauseList {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.clauses.push(lits.to_vec());
    }
}

/// A term of a clause before folding: a literal, or a constant known from simplification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Known true: a clause containing it is satisfied.
    True,
    /// Known false: left out of a clause.
    False,
    /// An open literal.
    Lit(Lit),
}

impl std::ops::Not for Term {
    type Output = Term;
    fn not(self) -> Term {
        match self {
            Term::True => Term::False,
            Term::False => Term::True,
            Term::Lit(l) => Term::Lit(!l),
        }
    }
}

impl From<Lit> for Term {
    fn from(l: Lit) -> Term {
        Term::Lit(l)
    }
}

impl From<bool> for Term {
    fn from(b: bool) -> Term {
        if b {
            Term::True
        } else {
            Term::False
        }
    }
}

/// The variable x(cell, digit) of an `n`×`n` grid with digits 1..=n.
pub fn cell_var(n: usize, cell: Cell, digit: Digit) -> Var {
    cell_var_with(n, n, cell, digit)
}

/// The variable x(cell, digit) of a grid of `n` columns (an `n`×`n` grid, or a rectangle
/// of `n` columns) whose cells hold one of `values` values: `position · values + index`.
pub fn cell_var_with(n: usize, values: usize, cell: Cell, digit: Digit) -> Var {
    Var::from_index(cell.position(n) * values + digit.index())
}

/// The variable x(cell, digit) of a grid of `shape`.
pub fn shape_var(shape: &Shape, cell: Cell, digit: Digit) -> Var {
    cell_var_with(shape.cols(), shape.value_count(), cell, digit)
}

/// The inverse of [`shape_var`]: the cell and digit of a cell variable of a grid of
/// `shape`, `None` for an auxiliary variable.
pub fn decode_shape_var(shape: &Shape, var: Var) -> Option<(Cell, Digit)> {
    let (cols, values) = (shape.cols(), shape.value_count());
    let i = var.index();
    (i < shape.cell_count() * values).then(|| {
        (
            Cell::from_position(i / values, cols),
            Digit::from_index(i % values),
        )
    })
}

/// The inverse of [`cell_var`]: the cell and digit of a cell variable, `None` for an
/// auxiliary variable.
pub fn decode_var(n: usize, var: Var) -> Option<(Cell, Digit)> {
    decode_var_with(n, n, var)
}

/// The inverse of [`cell_var_with`].
pub fn decode_var_with(n: usize, values: usize, var: Var) -> Option<(Cell, Digit)> {
    let i = var.index();
    (i < n * n * values).then(|| {
        (
            Cell::from_position(i / values, n),
            Digit::from_index(i % values),
        )
    })
}

/// The region variable g(cell, k) — "`cell` is in region k" (k = 0..K-1, K =
/// [`Shape::chaos_regions`]) — of a chaos construction of `shape`: `(R·C + E)·V +
/// position·K + k` (0-based, position row-major over the R×C grid), after the cell
/// variables, the E extra cells' included.
pub fn region_var(shape: &Shape, cell: Cell, k: usize) -> Var {
    let (cols, regions) = (shape.cols(), shape.chaos_regions());
    let base = shape.cell_count() * shape.value_count();
    Var::from_index(base + cell.position(cols) * regions + k)
}

/// The inverse of [`region_var`]: the cell and region (0-based) of a region variable of a
/// chaos construction, `None` for any other variable (or a shape that is not chaos).
pub fn decode_region_var(shape: &Shape, var: Var) -> Option<(Cell, usize)> {
    let (cols, regions) = (shape.cols(), shape.chaos_regions());
    let cells = shape.rows() * cols;
    let i = var
        .index()
        .checked_sub(shape.cell_count() * shape.value_count())?;
    (regions > 0 && i < cells * regions)
        .then(|| (Cell::from_position(i / regions, cols), i % regions))
}

/// Builds clauses for one puzzle into a sink, folding known cell values.
pub struct Encoder<'a> {
    /// The longer side ([`Shape::side`]): N of a square grid.
    n: usize,
    /// Columns: the stride of row-major positions.
    cols: usize,
    /// Values per cell: the stride of the cell variables.
    v: usize,
    pub(crate) candidates: &'a [Mask],
    next_var: usize,
    /// Selectors the current clauses are conditional on ([`Encoder::push_guard`]).
    guards: Vec<Lit>,
    sink: &'a mut dyn ClauseSink,
    buf: Vec<Lit>,
    clauses: usize,
    shape: &'a Shape,
    sums_carried: bool,
    cages_carried: bool,
    connected_carried: bool,
    /// Sums inside `or` branches: `Some(skip)` when a propagator carries them
    /// ([`Encoder::carry_guarded_sums`]), `skip` saying whether their clauses are left out.
    guarded_carried: Option<bool>,
    /// The guarded sums recorded so far ([`Encoder::record_guarded`]).
    guarded: Vec<crate::linear::Guarded>,
    /// The cells' shared "≥ k" ladders ([`Encoder::ladder`]), by row-major position.
    ladders: Vec<Option<order::Ladder>>,
    /// The shared "two cells share a found region" terms of a chaos construction, by
    /// row-major positions, lower first ([`Encoder::shared_region`]).
    same_region: HashMap<(usize, usize), Term>,
}

impl<'a> Encoder<'a> {
    /// An encoder for a grid of `shape` whose cells may hold the digits in `candidates`
    /// (row-major). A cell with one candidate is decided; its variables become constants.
    pub fn new(
        shape: &'a Shape,
        candidates: &'a [Mask],
        sink: &'a mut dyn ClauseSink,
    ) -> Encoder<'a> {
        let n = shape.side();
        let v = shape.value_count();
        let cells = shape.cell_count();
        debug_assert_eq!(candidates.len(), cells);
        Encoder {
            n,
            cols: shape.cols(),
            v,
            candidates,
            // a chaos construction's region variables come right after the cell variables
            // (extra cells included), one per grid cell and region
            next_var: cells * v + shape.rows() * shape.cols() * shape.chaos_regions(),
            guards: Vec::new(),
            sink,
            buf: Vec::new(),
            clauses: 0,
            shape,
            sums_carried: false,
            cages_carried: false,
            connected_carried: false,
            guarded_carried: None,
            guarded: Vec::new(),
            ladders: Vec::new(),
            same_region: HashMap::default(),
        }
    }

    /// The term "cells `a` and `b` share a found region" of a chaos construction (`True`
    /// when a is b), defined by [`chaos::define_same`] once and shared by every rule that
    /// asks outside an `or`: the construction's own neighbour terms, which carry "every cell
    /// has a neighbour in its region", are then the ones a chaos arrow's runs read. Under a
    /// guard the definition would be conditional, so a guarded caller gets a fresh term of
    /// its own.
    pub fn shared_region(&mut self, a: Cell, b: Cell) -> Term {
        if a == b {
            return Term::True;
        }
        let (p, q) = (self.shape.position(a), self.shape.position(b));
        let key = (p.min(q), p.max(q));
        if !self.guarded() {
            if let Some(&e) = self.same_region.get(&key) {
                return e;
            }
        }
        let e = Term::Lit(self.new_lit());
        chaos::define_same(self, a, b, e);
        if !self.guarded() {
            self.same_region.insert(key, e);
        }
        e
    }

    /// The "≥ k" ladder of `cell` ([`order::Ladder`]), made once and shared by every rule
    /// that asks outside an `or` (a skyscraper line and its reverse read the same cells: one
    /// ladder per cell instead of one per clue). Under a guard the ladder's channelling
    /// clauses would be conditional, so a guarded caller gets a fresh ladder of its own.
    pub fn ladder(&mut self, cell: Cell) -> order::Ladder {
        if self.guarded() {
            return order::Ladder::new(self, cell);
        }
        let pos = self.shape.position(cell);
        if self.ladders.len() <= pos {
            self.ladders.resize(pos + 1, None);
        }
        if let Some(l) = &self.ladders[pos] {
            return l.clone();
        }
        let l = order::Ladder::new(self, cell);
        self.ladders[pos] = Some(l.clone());
        l
    }

    /// Says that a sum propagator ([`crate::sums::propagator()`]) carries the puzzle's linear
    /// relations: from now on the rules that hand their sums to it
    /// ([`crate::rules::Rule::sums`]) write no clauses, nor do the implied sums of
    /// [`crate::rules::encode_joint`] — except killer cages, whose clauses stay unless
    /// `cages` (measured: the cage clauses with the propagator search faster than the
    /// propagator alone on the MATHEMAGIC killers; BENCHMARKS.md, "The sum propagator").
    /// Only for an engine that attaches the propagator.
    pub fn carry_sums(&mut self, cages: bool) {
        self.sums_carried = true;
        self.cages_carried = cages;
    }

    /// Says that a sum propagator also carries the sums of rules inside one `or` branch, each
    /// under its branch's selector ([`crate::linear::Guarded`]): from now on
    /// [`Encoder::record_guarded`] records them, and the rules' clauses are left out when
    /// `skip` (killer cages keep theirs unless [`Encoder::cages_carried`], as at the top).
    /// Only for an engine that attaches the propagator, built from what a first encoding
    /// recorded (the encoding is deterministic, so the selectors are the same variables).
    pub fn carry_guarded_sums(&mut self, skip: bool) {
        self.guarded_carried = Some(skip);
    }

    /// For a rule directly in a branch of an `or` (under exactly one guard; an `or` inside
    /// a branch keeps its clauses) whose meaning is `sums`, with guarded sums carried:
    /// records them under the branch's selector and returns `Some(skip)`, whether the rule's
    /// clauses may be left out. `None` (nothing recorded) otherwise, or when a sum has no
    /// term or is too large for the propagator ([`crate::linear::Linear::fits`]): then the
    /// rule writes its clauses.
    pub fn record_guarded(&mut self, sums: &[crate::linear::Linear]) -> Option<bool> {
        let skip = self.guarded_carried?;
        let [guard] = self.guards[..] else {
            return None;
        };
        if sums.is_empty() || sums.iter().any(|l| l.terms.is_empty() || !l.fits(self.v)) {
            return None;
        }
        self.guarded
            .extend(sums.iter().map(|s| crate::linear::Guarded {
                guard,
                sum: s.clone(),
            }));
        Some(skip)
    }

    /// The guarded sums recorded ([`Encoder::record_guarded`]), taken out.
    pub fn take_guarded(&mut self) -> Vec<crate::linear::Guarded> {
        std::mem::take(&mut self.guarded)
    }

    /// Says that connectivity propagators ([`crate::connected::ConnectedPropagator`]) carry
    /// the connectivity of the puzzle's connected-values rules: from now on those rules (at
    /// the top of the puzzle, not inside an `or`) write no reachability layers. Only for an
    /// engine that attaches the propagators.
    pub fn carry_connected(&mut self) {
        self.connected_carried = true;
    }

    /// Whether connectivity propagators carry the connected-values rules
    /// ([`Encoder::carry_connected`]).
    pub fn connected_carried(&self) -> bool {
        self.connected_carried
    }

    /// Whether killer cages' clauses are left out too ([`Encoder::carry_sums`]).
    pub fn cages_carried(&self) -> bool {
        self.cages_carried
    }

    /// Whether a sum propagator carries the linear relations ([`Encoder::carry_sums`]).
    pub fn sums_carried(&self) -> bool {
        self.sums_carried
    }

    /// The puzzle's shape (size, boxes, regions).
    pub fn shape(&self) -> &'a Shape {
        self.shape
    }

    /// Side length N of a square grid; on a rectangle the longer side ([`Shape::side`]).
    pub fn size(&self) -> usize {
        self.n
    }

    /// How many values a cell can hold (N unless the shape says more): digit indices are
    /// `0..value_count()`.
    pub fn value_count(&self) -> usize {
        self.v
    }

    /// Candidate digits of `cell`.
    pub fn candidates(&self, cell: Cell) -> Mask {
        self.candidates[cell.position(self.cols)]
    }

    /// "`cell` holds `digit`": a literal, or a constant when simplification decided it.
    pub fn x(&self, cell: Cell, digit: Digit) -> Term {
        self.x_at(cell.position(self.cols), digit)
    }

    /// [`Encoder::x`] for the cell at row-major position `pos`.
    #[inline]
    pub fn x_at(&self, pos: usize, digit: Digit) -> Term {
        let m = self.candidates[pos];
        if m & digit.bit() == 0 {
            Term::False
        } else if m == digit.bit() {
            Term::True
        } else {
            Term::Lit(Var::from_index(pos * self.v + digit.index()).positive())
        }
    }

    /// "`cell` is in region k" of a chaos construction ([`region_var`]; the shape must be
    /// chaos).
    pub fn region(&self, cell: Cell, k: usize) -> Lit {
        debug_assert!(k < self.shape.chaos_regions());
        region_var(self.shape, cell, k).positive()
    }

    /// A fresh auxiliary variable.
    pub fn new_lit(&mut self) -> Lit {
        let v = Var::from_index(self.next_var);
        self.next_var += 1;
        v.positive()
    }

    /// Number of variables so far (cell variables included).
    pub fn var_count(&self) -> usize {
        self.next_var
    }

    /// Clauses emitted so far (after folding).
    pub fn clause_count(&self) -> usize {
        self.clauses
    }

    /// Goes on numbering variables from `next` (after variables that clauses written
    /// elsewhere already use: `formula`'s replay of recorded rule clauses).
    pub(crate) fn skip_to(&mut self, next: usize) {
        self.next_var = self.next_var.max(next);
    }

    /// Adds the disjunction of `terms`, folded: dropped if a term is true, false terms left
    /// out (an all-false clause becomes the empty clause: the formula is unsatisfiable).
    /// Under guards ([`Encoder::push_guard`]) the clause is `!g1 ∨ … ∨ !gk ∨ terms`.
    pub fn clause(&mut self, terms: impl IntoIterator<Item = Term>) {
        self.buf.clear();
        for t in terms {
            match t {
                Term::True => return,
                Term::False => {}
                Term::Lit(l) => self.buf.push(l),
            }
        }
        // g1 ∧ … ∧ gk -> clause: the clause binds only when its branch is chosen
        self.buf.extend(self.guards.iter().map(|&g| !g));
        self.clauses += 1;
        self.sink.add_clause(&self.buf);
    }

    /// `a -> b`, i.e. `!a ∨ b`.
    pub fn implies(&mut self, a: Term, b: Term) {
        self.clause([!a, b]);
    }

    /// Adds a clause of plain literals (no folding needed), under the guards if any.
    pub fn clause_lits(&mut self, lits: &[Lit]) {
        if self.guards.is_empty() {
            self.clauses += 1;
            self.sink.add_clause(lits);
        } else {
            self.clause(lits.iter().map(|&l| Term::Lit(l)));
        }
    }

    /// Makes every clause written from now on conditional on `selector` (until
    /// [`Encoder::pop_guard`]): clause C becomes `!selector ∨ C`. Guards nest, for a rule
    /// combination (`or`) inside another. Auxiliary variables are not affected: a branch's
    /// definitions only bind when the branch is chosen.
    pub fn push_guard(&mut self, selector: Lit) {
        self.guards.push(selector);
    }

    /// Ends the innermost [`Encoder::push_guard`].
    pub fn pop_guard(&mut self) {
        self.guards.pop();
    }

    /// Whether clauses are written under a guard (inside a branch of an `or`).
    pub fn guarded(&self) -> bool {
        !self.guards.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_terms_are_shared_outside_an_or_only() {
        let shape = Shape::new(4).unwrap().with_chaos().unwrap();
        let cands = vec![crate::geometry::full_mask(4); 16];
        let mut list = ClauseList::default();
        let mut enc = Encoder::new(&shape, &cands, &mut list);
        crate::cnf::chaos::encode(&mut enc, true);
        let (a, b, c) = (Cell::new(1, 1), Cell::new(1, 2), Cell::new(3, 3));
        // the construction's own neighbour term, whichever way round it is asked for
        let e = enc.shared_region(a, b);
        let vars = enc.var_count();
        assert_eq!(enc.shared_region(b, a), e);
        assert_eq!(enc.var_count(), vars);
        assert_eq!(enc.shared_region(a, a), Term::True);
        // cells apart: one term, made on first use
        let f = enc.shared_region(a, c);
        assert_eq!(enc.var_count(), vars + 1);
        assert_eq!(enc.shared_region(c, a), f);
        // under a guard the definition is conditional: a term of its own, not kept
        let selector = enc.new_lit();
        enc.push_guard(selector);
        let g = enc.shared_region(a, b);
        assert_ne!(g, e);
        enc.pop_guard();
        assert_eq!(enc.shared_region(a, b), e);
    }

    #[test]
    fn cell_variables_follow_the_documented_formula() {
        let n = 9;
        // x(r2,c3,d4) = (2-1)*81 + (3-1)*9 + 4 = 103
        let v = cell_var(n, Cell::new(2, 3), Digit::new(4));
        assert_eq!(v.to_dimacs(), 103);
        assert_eq!(decode_var(n, v), Some((Cell::new(2, 3), Digit::new(4))));
        assert_eq!(decode_var(n, Var::from_index(729)), None);
    }

    #[test]
    fn folding_drops_satisfied_clauses_and_false_terms() {
        let cands = vec![0b01u64, 0b11, 0b11, 0b11];
        let mut list = ClauseList::default();
        let shape = Shape::new(2).unwrap();
        let mut enc = Encoder::new(&shape, &cands, &mut list);
        let a = Cell::from_index(0, 0);
        let b = Cell::from_index(0, 1);
        let one = Digit::new(1);
        let two = Digit::new(2);
        assert_eq!(enc.x(a, one), Term::True);
        assert_eq!(enc.x(a, two), Term::False);
        enc.clause([enc.x(a, one), enc.x(b, one)]); // satisfied: dropped
        enc.clause([enc.x(a, two), enc.x(b, two)]); // false term left out
        enc.clause([enc.x(a, two)]); // all false: empty clause
        assert_eq!(enc.clause_count(), 2);
        assert_eq!(list.clauses.len(), 2);
        assert_eq!(list.clauses[0].len(), 1);
        assert!(list.clauses[1].is_empty());
    }
}
