//! Rules on rectangular grids (R rows × C columns, R ≠ C).
//!
//! A rule whose meaning needs a square grid — the main diagonals, a box or row indexed by a
//! digit, a clue outside the grid read as the side N — is refused on a rectangle with a
//! clear message, never guessed. The rules listed in [`ON_RECTANGLES`] have been read for
//! rectangles: their meaning is about their own cells (cages, lines, dots, moves) or about
//! rows and columns of any length, and their validation, encoding and checker take the
//! rows and columns from the shape. Every other rule is refused on a rectangle.

use super::Constraint;
use crate::geometry::Shape;

/// Rules that keep their meaning, validation, encoding and checker on a rectangle.
pub const ON_RECTANGLES: &[&str] = &[
    "killer",
    "extra-region",
    "thermometer",
    "whispers",
    "renban",
    "greater-than",
    "anti-knight",
    "anti-king",
];

/// `Ok` if `c` can stand on `shape`: always on a square grid; on a rectangle only the rules
/// of [`ON_RECTANGLES`]. `Err` says why not.
pub fn on_shape(c: &Constraint, shape: &Shape) -> Result<(), String> {
    let kind = c.kind();
    if shape.is_square() || ON_RECTANGLES.contains(&kind) {
        return Ok(());
    }
    Err(format!(
        "the rule {kind} is not supported on a rectangular grid ({}x{}, rows x columns): its \
         meaning or its encoding assumes a square grid",
        shape.rows(),
        shape.cols()
    ))
}
