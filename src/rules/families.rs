//! The shared bodies of rule families whose members differ only by data: a move list
//! (anti-king, anti-knight), an axis (row and column indexers), a comparison (minimum and
//! maximum) or a relation between two digits (difference, ratio and sum dots). Each rule file
//! keeps its words and its tests and declares itself with its family's `rule!` macro, which
//! writes the payload and the [`Rule`](super::Rule) impl from the data: a twin is a few lines.
//! Unary rules (odd, even) share [`unary`]; rising lines (thermometers) share [`rising`] and
//! lines of three classes (modular, entropic) share [`classes`].

use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// "No two cells one of these moves apart hold the same digit".
pub mod moves {
    use super::*;
    use crate::rules::cell_lists::move_pairs;

    /// Each pair of cells one of `moves` apart, as a size-2 all-different group
    /// (`x(a,d) -> !x(b,d)`); pairs inside one region are left out: the region already keeps
    /// them apart.
    pub fn distinct_groups(shape: &Shape, moves: &[(isize, isize)]) -> Vec<Vec<Cell>> {
        move_pairs(shape.size(), moves)
            .into_iter()
            .filter(|&(a, b)| {
                shape.region_of(a).is_none() || shape.region_of(a) != shape.region_of(b)
            })
            .map(|(a, b)| vec![a, b])
            .collect()
    }

    /// Errors on the first two cells one of `moves` apart with the same digit; `what` names
    /// the move ("a king's move").
    pub fn check(
        shape: &Shape,
        grid: &Grid,
        moves: &[(isize, isize)],
        what: &str,
    ) -> Result<(), String> {
        for (a, b) in move_pairs(shape.size(), moves) {
            if grid.digit(a) == grid.digit(b) {
                return Err(format!(
                    "{a} and {b}, {what} apart, both hold {}",
                    grid.digit(a)
                ));
            }
        }
        Ok(())
    }

    /// Declares a rule without fields (`{"type": …}`) that keeps cells `$moves` apart;
    /// `$what` names the move ("a king's move").
    macro_rules! rule {
        ($(#[$doc:meta])* $name:ident, $moves:expr, $what:literal) => {
            $(#[$doc])*
            #[derive(
                Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize,
            )]
            #[serde(deny_unknown_fields)]
            pub struct $name {}

            impl $crate::rules::Rule for $name {
                fn validate(&self, _shape: &$crate::geometry::Shape) -> Result<(), String> {
                    Ok(())
                }
                fn distinct_groups(
                    &self,
                    shape: &$crate::geometry::Shape,
                ) -> Vec<Vec<$crate::geometry::Cell>> {
                    $crate::rules::families::moves::distinct_groups(shape, &$moves)
                }
                fn check(
                    &self,
                    shape: &$crate::geometry::Shape,
                    grid: &$crate::grid::Grid,
                ) -> Result<(), String> {
                    $crate::rules::families::moves::check(shape, grid, &$moves, $what)
                }
            }
        };
    }
    pub(crate) use rule;
}

/// Indexers: digit v in a listed cell sends the cell's own row (or column) number to the
/// v-th cell of its column (or row).
pub mod indexer {
    use super::*;

    /// Which number a listed cell sends, and along which line.
    #[derive(Clone, Copy, Debug)]
    pub enum Axis {
        /// Row indexer: digit v at (r,c) ⇒ (v,c) holds r.
        Row,
        /// Column indexer: digit v at (r,c) ⇒ (r,v) holds c.
        Column,
    }

    impl Axis {
        /// The 0-based number the cell sends (its row or its column).
        fn own(self, cell: Cell) -> usize {
            match self {
                Axis::Row => cell.r(),
                Axis::Column => cell.c(),
            }
        }
        /// The cell that digit `v` (0-based) of `cell` points to.
        fn target(self, cell: Cell, v: usize) -> Cell {
            match self {
                Axis::Row => Cell::from_index(v, cell.c()),
                Axis::Column => Cell::from_index(cell.r(), v),
            }
        }
    }

    /// For each listed cell and digit v: `x(cell,v) -> x(target(v), own)`, N binary clauses
    /// per cell.
    pub fn encode(enc: &mut Encoder, cells: &[Cell], axis: Axis) {
        for &cell in cells {
            let own = Digit::from_index(axis.own(cell));
            for v in 0..enc.size() {
                // x(cell,v) -> x(target(v), own)
                enc.implies(
                    enc.x(cell, Digit::from_index(v)),
                    enc.x(axis.target(cell, v), own),
                );
            }
        }
    }

    /// Errors on the first listed cell whose target does not hold its number.
    pub fn check(grid: &Grid, cells: &[Cell], axis: Axis) -> Result<(), String> {
        for &cell in cells {
            let v = grid.digit(cell);
            let target = axis.target(cell, v.index());
            let got = grid.digit(target);
            let own = axis.own(cell) + 1;
            if got.get() != own {
                return Err(format!(
                    "{cell} = {v} indexes {target}, which holds {got} instead of {own}"
                ));
            }
        }
        Ok(())
    }

    /// Declares an indexer rule: its cells (`$what` names them in messages) send their
    /// number along `$axis`.
    macro_rules! rule {
        ($(#[$doc:meta])* $name:ident, $axis:expr, $what:literal) => {
            $crate::rules::cells_rule! { $(#[$doc])* $name, "The indexing cells." }

            impl $crate::rules::Rule for $name {
                fn validate(&self, shape: &$crate::geometry::Shape) -> Result<(), String> {
                    $crate::rules::cell_lists::cell_set(shape, &self.cells, $what)
                }
                fn encode(&self, enc: &mut $crate::cnf::Encoder) {
                    $crate::rules::families::indexer::encode(enc, &self.cells, $axis);
                }
                fn check(
                    &self,
                    _shape: &$crate::geometry::Shape,
                    grid: &$crate::grid::Grid,
                ) -> Result<(), String> {
                    $crate::rules::families::indexer::check(grid, &self.cells, $axis)
                }
            }
        };
    }
    pub(crate) use rule;
}

/// Local extremes: each listed cell compares with every orthogonal neighbour that is not
/// itself listed (minimum, maximum).
pub mod extreme {
    use super::*;
    use std::collections::HashSet;

    /// (listed cell, unlisted orthogonal neighbour) pairs.
    fn comparisons(cells: &[Cell], n: usize) -> Vec<(Cell, Cell)> {
        let set: HashSet<Cell> = cells.iter().copied().collect();
        let mut out = Vec::new();
        for &a in cells {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if let Some(b) = a.offset(dr, dc, n).filter(|b| !set.contains(b)) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// The support encoding of `holds(a, b)` for each comparison (`pairs::relation`).
    pub fn encode(enc: &mut Encoder, cells: &[Cell], holds: fn(usize, usize) -> bool) {
        for (a, b) in comparisons(cells, enc.size()) {
            // x(a,d) -> OR x(b,e) with holds(d,e), and from b's side
            pairs::relation(enc, a, b, holds);
        }
    }

    /// Errors on the first comparison that fails; `than` words the relation ("less than").
    pub fn check(
        shape: &Shape,
        grid: &Grid,
        cells: &[Cell],
        holds: fn(usize, usize) -> bool,
        than: &str,
    ) -> Result<(), String> {
        for (a, b) in comparisons(cells, shape.size()) {
            let (x, y) = (grid.digit(a), grid.digit(b));
            if !holds(x.get(), y.get()) {
                return Err(format!("{a} = {x} is not {than} its neighbour {b} = {y}"));
            }
        }
        Ok(())
    }

    /// Declares a local-extreme rule: each cell and each unlisted neighbour satisfy
    /// `$holds` (worded `$than`, "less than"); `$what` names the cells in messages.
    macro_rules! rule {
        ($(#[$doc:meta])* $name:ident, $cells:literal, $holds:expr, $what:literal, $than:literal) => {
            $crate::rules::cells_rule! { $(#[$doc])* $name, $cells }

            impl $crate::rules::Rule for $name {
                fn validate(&self, shape: &$crate::geometry::Shape) -> Result<(), String> {
                    $crate::rules::cell_lists::cell_set(shape, &self.cells, $what)
                }
                fn encode(&self, enc: &mut $crate::cnf::Encoder) {
                    // x(a,d) -> OR x(b,e) with holds(d,e), and from b's side
                    $crate::rules::families::extreme::encode(enc, &self.cells, $holds);
                }
                fn check(
                    &self,
                    shape: &$crate::geometry::Shape,
                    grid: &$crate::grid::Grid,
                ) -> Result<(), String> {
                    $crate::rules::families::extreme::check(shape, grid, &self.cells, $holds, $than)
                }
            }
        };
    }
    pub(crate) use rule;
}

/// Dots: a relation between the digits of two cells (difference, ratio, sum).
pub mod dot {
    use super::*;
    use crate::rules::cell_lists::{pair, some_pair};

    /// The pair is valid and some two digits satisfy `holds`; `is` words the relation
    /// ("differ by 1").
    pub fn validate(
        shape: &Shape,
        cells: [Cell; 2],
        holds: impl Fn(usize, usize) -> bool,
        is: &str,
    ) -> Result<(), String> {
        pair(shape, cells)?;
        let n = shape.size();
        if !some_pair(n, holds) {
            return Err(format!("no two digits 1..{n} {is}"));
        }
        Ok(())
    }

    /// The support encoding of `holds` (`pairs::relation`): `x(a,d) -> OR { x(b,e) :
    /// holds(d,e) }` and the same from b, 2N clauses.
    pub fn encode(enc: &mut Encoder, [a, b]: [Cell; 2], holds: impl Fn(usize, usize) -> bool) {
        pairs::relation(enc, a, b, holds);
    }

    /// Errors unless the two digits satisfy `holds`; `is_not` words the failure ("do not
    /// differ by 1").
    pub fn check(
        grid: &Grid,
        [a, b]: [Cell; 2],
        holds: impl Fn(usize, usize) -> bool,
        is_not: &str,
    ) -> Result<(), String> {
        let (x, y) = (grid.digit(a), grid.digit(b));
        if holds(x.get(), y.get()) {
            Ok(())
        } else {
            Err(format!("{a} = {x} and {b} = {y} {is_not}"))
        }
    }

    /// A dot's relation and its words; a payload with `cells: [Cell; 2]` that implements it
    /// becomes a rule with [`rule!`].
    pub trait Relation {
        /// Whether the first cell's digit `i` and the second's `j` satisfy the dot.
        fn holds(&self, i: usize, j: usize) -> bool;
        /// The relation in words, after "no two digits 1..N" ("differ by 1").
        fn is(&self) -> String;
        /// Its failure in words, after the two cells ("do not differ by 1").
        fn is_not(&self) -> String;
    }

    /// Implements [`Rule`](crate::rules::Rule) for a dot payload through its [`Relation`].
    macro_rules! rule {
        ($name:ident) => {
            use $crate::rules::families::dot::Relation as _;

            impl $crate::rules::Rule for $name {
                fn validate(&self, shape: &$crate::geometry::Shape) -> Result<(), String> {
                    let holds = |i, j| self.holds(i, j);
                    $crate::rules::families::dot::validate(shape, self.cells, holds, &self.is())
                }
                fn encode(&self, enc: &mut $crate::cnf::Encoder) {
                    // x(a,d) -> OR x(b,e) with holds(d,e), and from b's side
                    let holds = |i, j| self.holds(i, j);
                    $crate::rules::families::dot::encode(enc, self.cells, holds);
                }
                fn check(
                    &self,
                    _shape: &$crate::geometry::Shape,
                    grid: &$crate::grid::Grid,
                ) -> Result<(), String> {
                    let holds = |i, j| self.holds(i, j);
                    $crate::rules::families::dot::check(grid, self.cells, holds, &self.is_not())
                }
            }
        };
    }
    pub(crate) use rule;
}

/// Unary rules ("these cells hold only digits with property P": odd, even): the candidates,
/// clauses and check they share.
pub mod unary {
    use crate::cnf::Encoder;
    use crate::geometry::{Cell, Digit, Mask};
    use crate::grid::Grid;

    /// Removes from `cells` every digit 1..=n that `allowed` rejects.
    pub fn restrict(n: usize, cells: &[Cell], allowed: fn(usize) -> bool, cands: &mut [Mask]) {
        let keep: Mask = (1..=n)
            .filter(|&d| allowed(d))
            .fold(0, |m, d| m | Digit::new(d).bit());
        for c in cells {
            cands[c.position(n)] &= keep;
        }
    }

    /// `!x(c,d)` for every cell and every digit `allowed` rejects: complete without
    /// simplification.
    pub fn encode(enc: &mut Encoder, cells: &[Cell], allowed: fn(usize) -> bool) {
        let n = enc.size();
        for &c in cells {
            for d in (1..=n).filter(|&d| !allowed(d)) {
                // !x(c,d): d is not allowed here
                enc.clause([!enc.x(c, Digit::new(d))]);
            }
        }
    }

    /// Errors on the first cell whose digit `allowed` rejects; `what` names the property.
    pub fn check(
        grid: &Grid,
        cells: &[Cell],
        allowed: fn(usize) -> bool,
        what: &str,
    ) -> Result<(), String> {
        for &c in cells {
            let d = grid.digit(c);
            if !allowed(d.get()) {
                return Err(format!("{c} holds {d}, which is not {what}"));
            }
        }
        Ok(())
    }

    /// Declares a unary rule: its cells (`$what` names them in messages) hold only digits
    /// that `$allowed` keeps (worded `$property`, "odd").
    macro_rules! rule {
        ($(#[$doc:meta])* $name:ident, $allowed:expr, $what:literal, $property:literal) => {
            $crate::rules::cells_rule! { $(#[$doc])* $name, "The cells." }

            impl $crate::rules::Rule for $name {
                fn validate(&self, shape: &$crate::geometry::Shape) -> Result<(), String> {
                    $crate::rules::cell_lists::cell_set(shape, &self.cells, $what)
                }
                fn restrict(&self, shape: &$crate::geometry::Shape, cands: &mut [$crate::geometry::Mask]) {
                    $crate::rules::families::unary::restrict(
                        shape.size(),
                        &self.cells,
                        $allowed,
                        cands,
                    );
                }
                fn encode(&self, enc: &mut $crate::cnf::Encoder) {
                    // !x(c,d) for every digit d not allowed
                    $crate::rules::families::unary::encode(enc, &self.cells, $allowed);
                }
                fn check(
                    &self,
                    _shape: &$crate::geometry::Shape,
                    grid: &$crate::grid::Grid,
                ) -> Result<(), String> {
                    $crate::rules::families::unary::check(grid, &self.cells, $allowed, $property)
                }
            }
        };
    }
    pub(crate) use rule;
}

/// Lines that rise from the bulb: each digit at least `step` above the one before
/// (thermometer: 1, slow thermometer: 0).
pub mod rising {
    use super::*;
    use crate::cnf::order::{at_least, Ladder};
    use crate::rules::cell_lists::values;

    /// A ladder y(c,k) = "c ≥ k" per cell and, per edge a → b, `y(a,k) -> y(b,k+step)`:
    /// N clauses per edge, and unit propagation moves bounds both ways along the line.
    pub fn encode(enc: &mut Encoder, cells: &[Cell], step: isize) {
        let ladders: Vec<Ladder> = cells.iter().map(|&c| Ladder::new(enc, c)).collect();
        for w in ladders.windows(2) {
            // y(a,k) -> y(b,k+step): b ≥ a + step
            at_least(enc, &w[0], &w[1], step);
        }
    }

    /// Errors on the first edge a → b with b < a + step; `fails` words the failure ("is not
    /// below") and `line` names the line.
    pub fn check(
        grid: &Grid,
        cells: &[Cell],
        step: usize,
        fails: &str,
        line: &str,
    ) -> Result<(), String> {
        let vs = values(grid, cells);
        for (i, w) in vs.windows(2).enumerate() {
            if w[1] < w[0] + step {
                let (a, b) = (cells[i], cells[i + 1]);
                return Err(format!(
                    "{a} = {} {fails} {b} = {} on the {line}",
                    w[0], w[1]
                ));
            }
        }
        Ok(())
    }
}

/// Lines whose every three consecutive cells hold digits of three different classes
/// (modular line: the remainder modulo 3; entropic line: low, middle or high third).
pub mod classes {
    use super::*;
    use crate::cnf::class::{different_classes, memberships};
    use crate::geometry::Mask;
    use crate::rules::cell_lists::{values, windows};

    /// Membership terms t(c,k) ("c holds a digit of class k", `class` of a digit 1..=N being
    /// 0, 1 or 2) and, per window of three cells, different classes.
    pub fn encode(enc: &mut Encoder, cells: &[Cell], class: impl Fn(usize) -> usize) {
        let n = enc.size();
        let masks: Vec<Mask> = (0..3)
            .map(|k| {
                (1..=n)
                    .filter(|&d| class(d) == k)
                    .fold(0, |m, d| m | Digit::new(d).bit())
            })
            .collect();
        let members = memberships(enc, cells, &masks);
        for w in windows(cells.len(), 3) {
            let window: Vec<&[_]> = members[w].iter().map(Vec::as_slice).collect();
            // t(a,k) -> !t(b,k); three cells: t(a,k) ∨ t(b,k) ∨ t(c,k)
            different_classes(enc, &window);
        }
    }

    /// Errors on the first two cells of a window in the same class; `same` words it ("are
    /// equal modulo 3").
    pub fn check(
        grid: &Grid,
        cells: &[Cell],
        class: impl Fn(usize) -> usize,
        same: &str,
    ) -> Result<(), String> {
        let vs = values(grid, cells);
        for w in windows(vs.len(), 3) {
            for i in w.clone() {
                for j in i + 1..w.end {
                    if class(vs[i]) == class(vs[j]) {
                        let (a, b) = (cells[i], cells[j]);
                        return Err(format!("{a} = {} and {b} = {} {same}", vs[i], vs[j]));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Cell lists whose digits all differ (extra regions, renban lines): a list of N cells is a
/// house (it holds every digit once), a shorter one an all-different group.
pub mod all_different {
    use super::*;

    /// `cells` as a house if it has N cells.
    pub fn houses(shape: &Shape, cells: &[Cell]) -> Vec<Vec<Cell>> {
        if cells.len() == shape.size() {
            vec![cells.to_vec()]
        } else {
            Vec::new()
        }
    }

    /// `cells` as an all-different group if it has fewer than N cells.
    pub fn groups(shape: &Shape, cells: &[Cell]) -> Vec<Vec<Cell>> {
        if cells.len() < shape.size() {
            vec![cells.to_vec()]
        } else {
            Vec::new()
        }
    }
}
