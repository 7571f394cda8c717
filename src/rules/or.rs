//! Rules combined: `or` (at least one of the listed rules holds) and `and` (all of them
//! hold; a branch of an `or` that is several rules at once).
//!
//! Encoding: one selector s(i) per branch of an `or`, `s(1) ∨ … ∨ s(k)`, and every clause C
//! of branch i written as `!s(i) ∨ C` (the encoder's guard, nested for an `or` inside a
//! branch). A branch says everything through guarded clauses, including what a rule
//! outside an `or` hands to the shared machinery: its houses and all-different groups
//! (`s(i) -> d somewhere in the house`, `s(i) -> !x(a,d) ∨ !x(b,d)`) and the candidates its
//! `restrict` removes (`s(i) -> !x(c,d)`). So an `or` has no houses or groups of its own,
//! and the simplifier never applies one branch's restriction unconditionally: an `or`
//! restricts a cell only to the union of what its branches leave. An `and` at the top level
//! is simply its rules.
//!
//! A branch that can never hold ([`Rule::never_holds`]: a cage sum its cells cannot reach,
//! a hidden skyscraper of N; an `and` with such a part, an `or` with only such branches) is
//! a false branch: it gets no selector and restricts nothing, and the checker reports it
//! false. A branch that is malformed (a cell outside the grid, a line that does not
//! connect) is refused, named by its place in `of`, as at the top of a puzzle. An `or`
//! whose every branch is false can never hold itself.
//!
//! The checker checks the same disjunction: a branch holds when it can hold at all, its
//! houses and groups hold distinct digits and its own checker accepts the grid.

use super::{Constraint, Rule};
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Mask, Shape};
use crate::grid::{check_distinct, Grid};
use serde::{Deserialize, Serialize};

/// At least one of the rules holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Or {
    /// The alternatives (any rules, `and` and `or` included).
    pub of: Vec<Constraint>,
}

/// All of the rules hold (a branch of an `or` made of several rules).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct And {
    /// The rules that hold together.
    pub of: Vec<Constraint>,
}

/// Validates the form of each rule of a combination (whether it can hold is
/// [`Rule::never_holds`]'s question), naming the failing one by its index and type.
fn validate_all(of: &[Constraint], shape: &Shape, what: &str) -> Result<(), String> {
    if of.is_empty() {
        return Err(format!("an `{what}` needs at least one rule in `of`"));
    }
    for (i, c) in of.iter().enumerate() {
        c.rule()
            .validate(shape)
            .map_err(|e| format!("of[{i}] ({}): {e}", c.kind()))?;
    }
    Ok(())
}

/// Why rule `i` of a combination can never hold, named by its place.
fn never(i: usize, c: &Constraint, shape: &Shape) -> Option<String> {
    c.never_holds(shape)
        .map(|why| format!("of[{i}] ({}): {why}", c.kind()))
}

/// The branches of an `or` that can hold.
fn live<'a>(of: &'a [Constraint], shape: &'a Shape) -> impl Iterator<Item = &'a Constraint> {
    of.iter().filter(|c| c.never_holds(shape).is_none())
}

/// Whether one branch holds on a full grid: it can hold at all, its houses and groups are
/// distinct, its checker accepts the grid.
fn holds(c: &Constraint, shape: &Shape, grid: &Grid) -> Result<(), String> {
    if let Some(why) = c.never_holds(shape) {
        return Err(format!("can never hold: {why}"));
    }
    for cells in c.houses(shape).into_iter().chain(c.distinct_groups(shape)) {
        check_distinct(grid, cells.iter().copied(), c.kind()).map_err(|e| e.to_string())?;
    }
    c.check(shape, grid)
}

/// Writes everything rule `c` says as clauses under the encoder's current guards: the
/// candidates its `restrict` removes (`after`: the encoder's candidates as `c` restricts
/// them), its houses and groups, and its own clauses.
fn encode_branch(c: &Constraint, after: &[Mask], enc: &mut Encoder) {
    let shape = enc.shape();
    let before: Vec<Mask> = enc.candidates.to_vec();
    for (pos, (&b, &a)) in before.iter().zip(after).enumerate() {
        for d in digits(b & !a) {
            // s -> !x(c,d): the branch's restriction, only when the branch is chosen
            enc.clause([!enc.x_at(pos, d)]);
        }
    }
    for house in c.houses(shape) {
        // a house of fewer cells than values (a disjoint group of a rectangle's few boxes)
        // holds different values only, as at the top of a puzzle
        if shape.covers(house.len()) {
            for d in (0..shape.value_count()).map(crate::geometry::Digit::from_index) {
                // s -> x(c1,d) ∨ … ∨ x(cV,d): each value somewhere in the house
                let xs: Vec<Term> = house.iter().map(|&cell| enc.x(cell, d)).collect();
                enc.clause(xs);
            }
        }
        distinct(enc, &house);
    }
    for group in c.distinct_groups(shape) {
        distinct(enc, &group);
    }
    // The rule's own clauses, called directly: never skipped in favour of machinery that
    // would enforce them unconditionally; a sum the propagator carries under this branch's
    // selector is the one exception (`encode_part`).
    encode_part(c, enc);
}

/// Writes rule `c` of a branch (the branch itself, or a part of an `and` branch) under the
/// current guards — unless a sum propagator carries its sums under the branch's selector
/// ([`Encoder::record_guarded`]; a killer cage keeps its clauses beside them, as at the top
/// of a puzzle, unless cages are carried too).
fn encode_part(c: &Constraint, enc: &mut Encoder) {
    let sums = c.sums(enc.shape());
    if let Some(skip) = enc.record_guarded(&sums) {
        let kept = matches!(c, Constraint::Killer(_)) && !enc.cages_carried();
        if skip && !kept {
            return;
        }
    }
    c.rule().encode(enc);
}

/// Whether any rule is an `or`, at the top or inside an `and`: where
/// [`crate::formula::Formula::sum_propagator`] asks an encoding for the sums under
/// branch selectors.
pub fn has_or(constraints: &[Constraint]) -> bool {
    constraints.iter().any(|c| match c {
        Constraint::Or(_) => true,
        Constraint::And(and) => has_or(&and.of),
        _ => false,
    })
}

/// The sums a propagator could carry under an `or` branch's selector: those of the rules
/// directly in a branch of an `or` at the top (or in an `and` at the top; or in an `and` that
/// is such a branch), as
/// [`Encoder::record_guarded`] would record them (whether a rule's sums fit is its
/// question). What [`crate::sums::propagator_pays`] weighs beside the top-level sums.
pub fn branch_sums(constraints: &[Constraint], shape: &Shape) -> Vec<crate::linear::Linear> {
    let mut out = Vec::new();
    for c in constraints {
        if let Constraint::And(and) = c {
            // an `and` at the top is its rules
            out.extend(branch_sums(&and.of, shape));
        }
        if let Constraint::Or(or) = c {
            for b in live(&or.of, shape) {
                match b {
                    Constraint::And(and) => {
                        for part in &and.of {
                            out.extend(part.sums(shape));
                        }
                    }
                    _ => out.extend(b.sums(shape)),
                }
            }
        }
    }
    out
}

/// `x(a,d) -> !x(b,d)` for every pair of `cells` and every digit (under the guards).
fn distinct(enc: &mut Encoder, cells: &[Cell]) {
    let n = enc.value_count();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            for d in (0..n).map(crate::geometry::Digit::from_index) {
                // x(a,d) -> !x(b,d)
                enc.clause([!enc.x(a, d), !enc.x(b, d)]);
            }
        }
    }
}

impl Rule for Or {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        validate_all(&self.of, shape, "or")
    }
    fn never_holds(&self, shape: &Shape) -> Option<String> {
        let why: Option<Vec<String>> = self
            .of
            .iter()
            .enumerate()
            .map(|(i, c)| never(i, c, shape))
            .collect();
        why.map(|w| format!("no rule of the `or` can hold: {}", w.join("; ")))
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        // Only what every branch that can hold removes: each cell keeps the union of their
        // masks (a false branch allows nothing).
        let mut union = vec![0; cands.len()];
        for c in live(&self.of, shape) {
            let mut mine = cands.to_vec();
            c.restrict(shape, &mut mine);
            for (u, m) in union.iter_mut().zip(mine) {
                *u |= m;
            }
        }
        for (c, u) in cands.iter_mut().zip(union) {
            *c &= u;
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        let branches: Vec<&Constraint> = live(&self.of, enc.shape()).collect();
        let selectors: Vec<_> = branches.iter().map(|_| enc.new_lit()).collect();
        // s(1) ∨ … ∨ s(k) over the branches that can hold: some branch is chosen
        enc.clause(selectors.iter().map(|&s| Term::Lit(s)));
        // x(c,d) -> ∨ { s(i) : branch i leaves d in c }: a digit that some branches rule out
        // selects one of the others (ISS's `Or` keeps the union of what its branches leave;
        // this is that union as clauses, so that a branch refuted prunes the digits only it
        // allowed, e.g. a chooser cell's value once the one branch that sets it fails)
        let shape = enc.shape();
        let before: Vec<Mask> = enc.candidates.to_vec();
        let left: Vec<Vec<Mask>> = branches
            .iter()
            .map(|c| {
                let mut mine = before.clone();
                c.restrict(shape, &mut mine);
                mine
            })
            .collect();
        for (pos, &b) in before.iter().enumerate() {
            if left.iter().all(|m| m[pos] == b) {
                continue;
            }
            for d in digits(b) {
                let allow: Vec<Term> = left
                    .iter()
                    .zip(&selectors)
                    .filter(|(m, _)| m[pos] & d.bit() != 0)
                    .map(|(_, &s)| Term::Lit(s))
                    .collect();
                if allow.len() < selectors.len() {
                    enc.clause(std::iter::once(!enc.x_at(pos, d)).chain(allow));
                }
            }
        }
        for ((c, &s), after) in branches.into_iter().zip(&selectors).zip(&left) {
            enc.push_guard(s);
            encode_branch(c, after, enc);
            enc.pop_guard();
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let mut why = Vec::new();
        for (i, c) in self.of.iter().enumerate() {
            match holds(c, shape, grid) {
                Ok(()) => return Ok(()),
                Err(e) => why.push(format!("of[{i}] ({}): {e}", c.kind())),
            }
        }
        Err(format!("no rule of the `or` holds: {}", why.join("; ")))
    }
}

impl Rule for And {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        validate_all(&self.of, shape, "and")
    }
    fn never_holds(&self, shape: &Shape) -> Option<String> {
        self.of
            .iter()
            .enumerate()
            .find_map(|(i, c)| never(i, c, shape))
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        self.of.iter().flat_map(|c| c.houses(shape)).collect()
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        self.of
            .iter()
            .flat_map(|c| c.distinct_groups(shape))
            .collect()
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        for c in &self.of {
            c.restrict(shape, cands);
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        for c in &self.of {
            // called directly, as in an `or` branch (see `encode_branch`)
            encode_part(c, enc);
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        for (i, c) in self.of.iter().enumerate() {
            holds(c, shape, grid).map_err(|e| format!("of[{i}] ({}): {e}", c.kind()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
