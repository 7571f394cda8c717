//! "No two cells one of these moves apart hold the same digit".

use crate::geometry::{Cell, Shape};
use crate::grid::Grid;

/// Every pair of cells of the grid of `shape` (square or not) one of `moves` apart.
fn move_pairs(shape: &Shape, moves: &[(isize, isize)]) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    for a in shape.cells() {
        for &(dr, dc) in moves {
            if let Some(b) = shape.offset(a, dr, dc) {
                out.push((a, b));
            }
        }
    }
    out
}

/// Each pair of cells one of `moves` apart, as a size-2 all-different group
/// (`x(a,d) -> !x(b,d)`); pairs inside one region are left out: the region already keeps
/// them apart.
pub fn distinct_groups(shape: &Shape, moves: &[(isize, isize)]) -> Vec<Vec<Cell>> {
    move_pairs(shape, moves)
        .into_iter()
        .filter(|&(a, b)| shape.region_of(a).is_none() || shape.region_of(a) != shape.region_of(b))
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
    for (a, b) in move_pairs(shape, moves) {
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
