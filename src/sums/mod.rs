//! Sums that propagate: the linear relations of a puzzle's digits, reasoned about inside the
//! CDCL search by a lazy-clause-generation propagator ([`SumPropagator`]) instead of (or
//! beside) their CNF encodings.
//!
//! A rule whose meaning is a linear relation of digits hands it over through
//! [`crate::rules::Rule::sums`] as [`Linear`] values: killer cages, little killers, arrows and
//! pills (weights 10^k), double arrows, region-sum and zipper lines (each segment or pair
//! minus the first, or minus the centre). [`puzzle_sums`] gathers them, adds the implied sums
//! of set theory (innies and outies of any size, [`crate::cnf::sum::implied`]) and
//! [`propagator()`] builds the propagator an engine attaches, or `None` when the puzzle has no
//! sum (classic throughput does not change). When a propagator carries the sums, the formula
//! leaves their clauses out: [`crate::cnf::Encoder::carry_sums`] (docs/ENCODING.md,
//! "The sum propagator").

mod cliques;
mod combine;
pub(crate) mod domain;
#[cfg(test)]
mod guarded_tests;
mod intersect;
pub mod propagator;
mod reason;
mod relation;
mod sets;
#[cfg(test)]
mod tests;

use crate::cnf::sum::implied::{self, Cage};
use crate::geometry::{Cell, Mask};
use crate::groups::Groups;
pub use crate::linear::{Guarded, Linear, MAGNITUDE_LIMIT};
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, Rule};
pub use propagator::SumPropagator;

/// How the propagator numbers a grid's cells and values: row-major positions over `cols`
/// columns, `cells` cells in all, digits 1..=`values` (the index space, where rules state
/// their sums whatever the grid's value set), cell literals `position · values + digit`
/// (as [`crate::cnf::shape_var`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Columns: the stride of row-major positions.
    pub cols: usize,
    /// Cells of the grid.
    pub cells: usize,
    /// Values a cell can hold.
    pub values: usize,
}

impl Layout {
    /// An `n`×`n` grid holding 1..=n.
    pub fn square(n: usize) -> Layout {
        Layout {
            cols: n,
            cells: n * n,
            values: n,
        }
    }

    /// The layout of a grid of `shape`.
    pub fn of(shape: &crate::geometry::Shape) -> Layout {
        Layout {
            cols: shape.cols(),
            cells: shape.cell_count(),
            values: shape.value_count(),
        }
    }
}

/// The cells of `lin` as sorted row-major positions on an `n`×`n` grid when it is a plain
/// equation `Σ cells = total` (every weight 1, one total, every cell on the grid): what
/// combined and intersection sums are made of. `Linear` merges a repeated cell into one
/// term of a larger weight, so the cells are distinct.
fn plain_cells(lin: &Linear, n: usize) -> Option<Vec<usize>> {
    if lin.lo != lin.hi || lin.terms.iter().any(|t| t.1 != 1) {
        return None;
    }
    let mut cells: Vec<usize> = lin.terms.iter().map(|t| t.0.position(n)).collect();
    cells.sort_unstable();
    cells.iter().all(|&p| p < n * n).then_some(cells)
}

/// A rule's sum over at least this many cells makes [`propagator_pays`] true.
pub const AUTO_LONG_SUM: usize = 16;

/// Whether [`crate::engine::EngineKind::Auto`] gives `puzzle` the sum propagator (on
/// CaDiCaL) rather than varisat: when the rules' sums ([`Rule::sums`]) cover more than two
/// thirds of its cells, or one of them has at least [`AUTO_LONG_SUM`] cells (a long arrow,
/// pill or sum line, whose clauses grow with every total its prefixes reach). Measured per
/// puzzle (BENCHMARKS.md, "Choosing the engine per puzzle"): the sum benchmarks that the
/// propagator wins cover 57 to 81 of 81 cells or hold a sum of 30 cells or more, while the
/// 136 shared variants (a few cages or arrows beside other rules: at most 56 cells, sums of at
/// most 6) and most of ISS's examples with a few sums run faster on varisat. Also when the
/// sums crossing a house make an intersection sum (docs/ENCODING.md): what they say together
/// only the propagator reads (ISS's "Hailstone - little killer", its sums over 52 cells:
/// 4.3 s on varisat, 1.3 s with the propagator).
pub fn propagator_pays(puzzle: &Puzzle) -> bool {
    propagator_pays_on(puzzle, &puzzle.groups(), &puzzle.initial_candidates())
}

/// [`propagator_pays`] with the puzzle's groups and candidates already built (as a
/// [`crate::formula::Formula`] holds them: `puzzle.groups()` and the candidates after
/// simplification), so that deciding builds neither again.
pub(crate) fn propagator_pays_on(puzzle: &Puzzle, groups: &Groups, cands: &[Mask]) -> bool {
    let shape = puzzle.shape();
    let mut covered = std::collections::HashSet::new();
    let mut all = Vec::new();
    for c in puzzle.constraints() {
        for lin in c.sums(shape) {
            if lin.terms.len() >= AUTO_LONG_SUM {
                return true;
            }
            covered.extend(lin.terms.iter().map(|t| t.0));
            all.push(lin);
        }
    }
    // Sums inside `or` branches, which the propagator carries under their selectors: a long
    // one, or sums over most of the grid, pay as well (ISS's "Rectangle Sums", 15 `or`s of
    // rectangle sums of up to 81 cells: millions of clauses as layered sums).
    for lin in crate::rules::or::branch_sums(puzzle.constraints(), shape) {
        if lin.terms.len() >= AUTO_LONG_SUM {
            return true;
        }
        covered.extend(lin.terms.iter().map(|t| t.0));
    }
    if 3 * covered.len() > 2 * shape.cell_count() {
        return true;
    }
    !all.is_empty()
        && (shape.houses_cover_values() || shape.houses_hold_side_values(cands))
        && !intersect::intersection_sums(shape.size(), groups, &all).is_empty()
}

/// Every sum of `puzzle` for the propagator: the rules' own ([`Rule::sums`]) and the implied
/// sums of its killer cages over `groups.houses` and runs of rows and columns, with the
/// candidates `cands` (after simplification; decided cells fold into the totals). Empty when
/// no rule has a sum.
pub fn puzzle_sums(puzzle: &Puzzle, groups: &Groups, cands: &[Mask]) -> Vec<Linear> {
    let shape = puzzle.shape();
    let n = shape.size();
    let mut out: Vec<Linear> = Vec::new();
    for c in puzzle.constraints() {
        out.extend(c.sums(shape));
    }
    if out.is_empty() {
        return out;
    }
    if !shape.houses_hold_side_values(cands) {
        // A rectangle, or more values than a row holds (and the grid's cells not kept to the
        // first N): houses have no known total, so no implied sums; and combining reads an
        // N×N grid of 1..N. The rules' own sums only.
        out.retain(|l| l.fits(shape.value_count()));
        return out;
    }
    // The areas of set theory read every equation with weights 1 as a cage: killer cages
    // first, then the other rules' (little killers, weighted sums of 1s); implied_sums skips
    // one that overlaps an earlier one.
    let unit = |l: &Linear| l.lo == l.hi && l.lo >= 0 && l.terms.iter().all(|t| t.1 == 1);
    let mut owned: Vec<(Vec<Cell>, usize)> = puzzle
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer(k) => k.sum.map(|s| (k.cells.clone(), s)),
            _ => None,
        })
        .collect();
    for l in out.iter().filter(|l| unit(l)) {
        let cells: Vec<Cell> = l.terms.iter().map(|t| t.0).collect();
        if !owned.iter().any(|o| o.0 == cells) {
            owned.push((cells, l.lo as usize));
        }
    }
    let cages: Vec<Cage> = owned.iter().map(|(c, s)| (&c[..], Some(*s))).collect();
    // What the sums crossing each house add outside it (sums::intersect), and unions of
    // related disjoint sums (sums::combine), both from the rules' own sums.
    let mut derived = intersect::intersection_sums(n, groups, &out);
    derived.extend(combine::combined(n, groups, &out));
    for lin in derived {
        if !out.contains(&lin) {
            out.push(lin);
        }
    }
    // Innies and outies of any size: the propagator reads them at O(terms) per change, where
    // the CNF could only afford them up to implied::MAX_CELLS cells (capping them at 0 or 9
    // cells measured slower on MATHEMAGIC #00–#03).
    for s in implied::implied_sums(shape, &groups.houses, &cages, cands, n * n) {
        let lin = Linear::equal(s.terms, s.total);
        if !out.contains(&lin) {
            out.push(lin);
        }
    }
    out.retain(|l| l.fits(n) && !whole_houses(n, groups, l));
    out
}

/// What narrows a puzzle's candidates by its sums before search ([`SumPropagator::root_fixpoint`]
/// over [`puzzle_sums`], the implied sums included, from the candidates `cands` after the
/// houses' simplification): the digits they rule out at the root, as the propagator would at
/// decision level 0, become constants of the formula, and the houses' simplification can go
/// on from them (ISS decides "Long sums 3" this way, with no search). `None` when the puzzle
/// has no sum.
pub(crate) fn root_narrower(
    puzzle: &Puzzle,
    groups: &Groups,
    cands: &[Mask],
) -> Option<SumPropagator> {
    let sums = puzzle_sums(puzzle, groups, cands);
    if sums.is_empty() {
        return None;
    }
    // Both covers at the root: they cost once, and the search's propagator keeps one cover
    // (carrying both there moved searches the wrong way: BENCHMARKS.md).
    SumPropagator::with_cover(Layout::of(puzzle.shape()), groups, cands, &sums, &[], true)
}

/// Whether `lin` says no more than the houses' all-different clauses: its cells, weights all
/// 1 (or all −1), are a disjoint union of whole houses and its total is theirs (each house of
/// digits 1..N sums to N(N+1)/2). Set theory yields such sums — a row with no cage, a band of
/// rows — and the propagator would wake them on every change of their cells for nothing.
/// Found greedily: a union it cannot split is kept (that costs time, never soundness).
fn whole_houses(n: usize, groups: &Groups, lin: &Linear) -> bool {
    let Some(&(_, w)) = lin.terms.first() else {
        return false;
    };
    if w.abs() != 1 || lin.lo != lin.hi || lin.terms.iter().any(|t| t.1 != w) {
        return false;
    }
    let mut left: std::collections::BTreeSet<u16> =
        lin.terms.iter().map(|t| t.0.position(n) as u16).collect();
    if left.len() % n != 0 {
        return false;
    }
    let houses = left.len() / n;
    for i in 0..groups.houses.len() {
        let h = groups.house_positions(i);
        if h.len() == n && h.iter().all(|p| left.contains(p)) {
            h.iter().for_each(|p| {
                left.remove(p);
            });
        }
    }
    let house_sum = (n * (n + 1) / 2) as i64;
    left.is_empty() && w * lin.lo == houses as i64 * house_sum
}

/// The propagator an engine attaches for `puzzle`: its [`puzzle_sums`] and the sums inside
/// `or` branches under their selectors (`guarded`, as the encoding recorded them:
/// [`crate::cnf::Encoder::record_guarded`]) over the candidates `cands` (after
/// simplification: the propagator's starting domains), with the all-different structure
/// `groups`; `None` when there is no sum at all.
pub fn propagator(
    puzzle: &Puzzle,
    groups: &Groups,
    cands: &[Mask],
    guarded: &[Guarded],
) -> Option<Box<dyn crate::engine::Propagator>> {
    let sums = puzzle_sums(puzzle, groups, cands);
    SumPropagator::with_guards(Layout::of(puzzle.shape()), groups, cands, &sums, guarded)
        .map(|p| Box::new(p) as Box<dyn crate::engine::Propagator>)
}
