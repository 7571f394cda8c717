//! Plain-text puzzles: one puzzle per line, block grids, Kaggle-style CSV.
//!
//! Reading is lenient where formats differ and strict where a mistake would change the
//! puzzle: the size comes from the cell count (never padded or truncated), `#` comments are
//! never read as clues, and every problem names its line and column.
//!
//! - A line with N² cells is one puzzle; empty cells are `.` `0` `-` `_` `*` `x`.
//! - N consecutive lines of N cells are a block grid; `|`, `+`, spaces and lines of `-`/`=`
//!   are separators. Consecutive grids need no blank line between them.
//! - With grid dimensions (`--grid 6x8`, [`TextOptions::dims`]) a line of R·C cells, or R
//!   lines of C cells, is an R×C grid: rectangles are said this way.
//! - Digits are `1-9` then `A-Z` (case-insensitive, so 16×16 uses `1-9A-G`); numbers
//!   separated by spaces or commas (`16 . 3 12 …`) also work; `--symbols` names another
//!   alphabet, where `.` is the only empty cell.
//! - With a value set (`--values 0-8`, [`TextOptions::values`]) cells hold those values:
//!   `0-9` then `A-Z` for 10..=35 (numbers separated by spaces for others), `0` is a
//!   digit, and `.` `-` `_` `*` mark empty cells.
//! - A first line like `quizzes,solutions` makes the file CSV: column 1 is the puzzle,
//!   column 2 (optional) the expected solution.

mod cells;
mod print;
mod reader;
mod symbols;
#[cfg(test)]
mod tests;
mod tokens;

pub use cells::{
    parse_cells, parse_cells_at, parse_cells_dims, parse_grid, parse_grid_dims, parse_solution,
    parse_solution_for,
};
pub use print::{region_line, region_symbol, Line, Pretty, FOUND_REGION_SYMBOLS};
pub use reader::{TextReader, TextRecord};
pub use symbols::Symbols;

use crate::error::{Error, ParseError};
use crate::puzzle::Puzzle;

/// Longest line read as text; a longer one is skipped (in bounded memory) with an error.
pub const MAX_LINE: usize = 1 << 16;

/// How lines are grouped into puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Decide per line (see the module docs).
    #[default]
    Auto,
    /// Every content line is a whole puzzle.
    Line,
    /// Lines are rows of block grids.
    Block,
}

/// Options for reading text puzzles.
#[derive(Clone, Debug, Default)]
pub struct TextOptions {
    /// Box shape `(rows, cols)`; `None` for the default of the size.
    pub box_shape: Option<(usize, usize)>,
    /// The grid's rows and columns (`--grid 6x8`): a line of R·C cells, or a block of R rows
    /// of C cells, is an R×C grid (a rectangle when R ≠ C, holding max(R, C) values unless
    /// `values` says otherwise). `None`: a square whose side the cell count gives.
    pub dims: Option<(usize, usize)>,
    /// Digit symbols.
    pub symbols: Symbols,
    /// The values the cells hold (`--values 0-8`); `None` for 1..=N. With a value set,
    /// digits are read and written as values: `0` is a digit when the set holds it, and
    /// `.` (also `-` `_` `*`) marks an empty cell.
    pub values: Option<crate::geometry::Values>,
    /// Chaos construction (`--chaos`): the grid has no boxes (unless `box_shape` is set) and
    /// N connected regions to find, each holding every digit once.
    pub chaos: bool,
    /// Line or block grouping.
    pub layout: Layout,
    /// What SudokuPad drawings mean when the data does not say (SCL links and JSON).
    pub sudokupad: crate::format::sudokupad::meanings::Meanings,
}

/// Parses a single puzzle from a string (line or block layout, default symbols).
pub fn parse_one(text: &str) -> Result<Puzzle, Error> {
    parse_one_with(text, &TextOptions::default())
}

/// Parses a single puzzle from a string with options; errors if it holds none or several.
pub fn parse_one_with(text: &str, opts: &TextOptions) -> Result<Puzzle, Error> {
    let mut reader = TextReader::new(text.as_bytes(), opts.clone());
    let first = reader
        .next()
        .transpose()
        .map_err(|e| Error::Input(e.to_string()))?
        .ok_or_else(|| ParseError::new(1, None, "no puzzle in the input"))?;
    if let Some(Ok(r)) = reader.next() {
        return Err(ParseError::new(r.line, None, "more than one puzzle in the input").into());
    }
    first.puzzle
}
