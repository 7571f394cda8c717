//! The shared bodies of rule families whose members differ only by data: a move list
//! (anti-king, anti-knight), an axis (row and column indexers), a comparison (minimum and
//! maximum) or a relation between two digits (difference, ratio and sum dots). Each rule file
//! keeps its words and its tests and declares itself from its family's data — a set of cells
//! with [`cell_set_rule!`] and a value of [`OnCells`] (indexers, extremes, unary rules), the
//! other families with their own `rule!` macro — which writes the payload and the
//! [`Rule`](super::Rule) impl: a twin is a few lines.
//! Unary rules (odd, even) share [`unary`]; rising lines (thermometers) share [`rising`] and
//! lines of three classes (modular, entropic) share [`classes`]; lines judged by their ends
//! (between, lockout) share [`ends`]; negative constraints (non-consecutive, negative XV and
//! ratio) share [`negative`].

pub mod all_different;
pub mod classes;
pub mod dot;
pub mod ends;
pub mod extreme;
pub mod indexer;
pub mod moves;
pub mod negative;
pub mod rising;
pub mod unary;

use crate::cnf::Encoder;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;

/// The body of a rule whose payload is a set of cells (an indexer axis, a local extreme's
/// comparison, a unary property): [`cell_set_rule!`] declares the rule from a value of it.
pub trait OnCells {
    /// Removes the candidates of `cells` that the rule forbids on its own (default: none).
    fn restrict(&self, _shape: &Shape, _cells: &[Cell], _cands: &mut [Mask]) {}
    /// Writes the rule's clauses on `cells`.
    fn encode(&self, enc: &mut Encoder, cells: &[Cell]);
    /// Errors on the first of `cells` that breaks the rule.
    fn check(&self, shape: &Shape, grid: &Grid, cells: &[Cell]) -> Result<(), String>;
}

/// Declares a rule whose payload is a set of distinct cells (`cells_rule!`; `$cells`
/// documents them, `$what` names them in messages) and whose body is `$body`, a value of
/// [`OnCells`]: `cell_set_rule! { /// doc  Name, "the cells", "the odd cells", Unary { … } }`.
macro_rules! cell_set_rule {
    ($(#[$doc:meta])* $name:ident, $cells:literal, $what:literal, $body:expr) => {
        $crate::rules::cells_rule! { $(#[$doc])* $name, $cells }

        impl $crate::rules::Rule for $name {
            fn validate(&self, shape: &$crate::geometry::Shape) -> Result<(), String> {
                $crate::rules::cell_lists::cell_set(shape, &self.cells, $what)
            }
            fn restrict(
                &self,
                shape: &$crate::geometry::Shape,
                cands: &mut [$crate::geometry::Mask],
            ) {
                $crate::rules::families::OnCells::restrict(&$body, shape, &self.cells, cands);
            }
            fn encode(&self, enc: &mut $crate::cnf::Encoder) {
                $crate::rules::families::OnCells::encode(&$body, enc, &self.cells);
            }
            fn check(
                &self,
                shape: &$crate::geometry::Shape,
                grid: &$crate::grid::Grid,
            ) -> Result<(), String> {
                $crate::rules::families::OnCells::check(&$body, shape, grid, &self.cells)
            }
        }
    };
}
pub(crate) use cell_set_rule;
