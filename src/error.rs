//! Typed errors of the library. Each says what is wrong and where.

use crate::cell::{Cell, Digit, MAX_SIZE};
use thiserror::Error;

/// Everything the library can report as an error.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A side length outside the supported sizes (4..=MAX_SIZE for puzzle files).
    #[error("grid size {0} is not supported (sizes 4..={MAX_SIZE})")]
    Size(usize),
    /// Box dimensions that do not tile the grid.
    #[error("boxes of {box_rows}x{box_cols} do not tile a {size}x{size} grid (rows x columns must be {size})")]
    BoxShape {
        /// Side length.
        size: usize,
        /// Rows per box.
        box_rows: usize,
        /// Columns per box.
        box_cols: usize,
    },
    /// A box shape that is not `RxC` (the CLI's `--box`, the native JSON `"box"`).
    #[error("cannot read box shape {0:?}: expected ROWSxCOLS, e.g. 2x3")]
    BoxSpec(String),
    /// A value set that is not `MIN-MAX` or `MAX` (JSON `"values"`, `--values`).
    #[error("cannot read values {0:?}: expected MIN-MAX (e.g. 0-8) or MAX (e.g. 9 for 1-9), at most {MAX_SIZE} values")]
    ValueSpec(String),
    /// Fewer values than a house has cells, or more than 64.
    #[error("values {values} do not fit a grid of side {size}: a house needs at least {size} values (at most {MAX_SIZE})")]
    ValueCount {
        /// The value set, `MIN-MAX`.
        values: String,
        /// Side length.
        size: usize,
    },
    /// Regions of the wrong sizes.
    #[error("bad regions: {0}")]
    Regions(String),
    /// A grid shape that cannot be stated: rows or columns out of range, or a rule, format
    /// or command that needs a square grid given a rectangle.
    #[error("bad grid shape: {0}")]
    GridShape(String),
    /// A puzzle text that cannot be read.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A given digit larger than N.
    #[error("{cell}: digit {digit} is out of range for a {size}x{size} grid")]
    DigitRange {
        /// Where.
        cell: Cell,
        /// The digit as written.
        digit: usize,
        /// Side length.
        size: usize,
    },
    /// Two givens that break a rule before any solving: the puzzle is invalid.
    #[error("{first} and {second} both hold {digit} in {group}")]
    Conflict {
        /// First cell.
        first: Cell,
        /// Second cell.
        second: Cell,
        /// The repeated digit.
        digit: Digit,
        /// Which house or constraint ("row 1", "box 3", "killer cage 2").
        group: String,
    },
    /// A constraint that is malformed for this grid.
    #[error("constraint {index} ({kind}): {message}")]
    Constraint {
        /// 0-based position in the puzzle's constraint list.
        index: usize,
        /// The constraint's type name.
        kind: String,
        /// What is wrong.
        message: String,
    },
    /// A puzzle file (native JSON, f-puzzles) that cannot be read: where (a JSON path such
    /// as `constraints[3].type`) and what is wrong.
    #[error("{0}")]
    Format(String),
    /// A puzzle too large for the configured bounds, or a time budget spent.
    #[error("{0}")]
    Limit(String),
    /// Reading or writing failed (a file that cannot be opened, a failed write), or the
    /// input holds no puzzle text (binary data, nothing but comments).
    #[error("{0}")]
    Io(String),
    /// Input that cannot be used (unreadable, not text, empty, bad option values).
    #[error("{0}")]
    Input(String),
    /// A grid decoded from a model that breaks the puzzle's rules: an encoding bug or a
    /// wrong model. Never printed as a solution.
    #[error("solution failed verification: {0}")]
    Verification(String),
    /// A SAT solver result that cannot be read or does not fit the puzzle.
    #[error("{0}")]
    Model(String),
    /// The embedded solver failed.
    #[error("SAT solver error: {0}")]
    Solver(String),
}

/// A located problem in puzzle text.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    /// 1-based line in the input.
    pub line: usize,
    /// 1-based column (in characters), when one position is to blame.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    /// An error at `line` (1-based), optionally at `column` (1-based).
    pub fn new(line: usize, column: Option<usize>, message: impl Into<String>) -> ParseError {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }
}

/// Characters of an input value echoed in a message, at most.
pub const EXCERPT_CHARS: usize = 60;

/// An input value as it may be quoted in a message: at most [`EXCERPT_CHARS`] characters,
/// then `…` when it was longer. A hostile 300 MB token never fills a terminal.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A message from a parser (serde's, say) with every quoted span (between \` or `"`) cut to
/// [`excerpt`] length: the message's own words stay, echoed input is bounded.
pub fn clip_quoted(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len().min(512));
    let mut rest = msg;
    while let Some(open) = rest.find(['`', '"']) {
        let q = rest[open..].chars().next().expect("found");
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        match after.find(q) {
            Some(close) => {
                out.push_str(&excerpt(&after[..close]));
                out.push(q);
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&excerpt(after));
                return out;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_bounded() {
        assert_eq!(excerpt("R1C1"), "R1C1");
        let long = "é".repeat(100);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 1);
        assert!(e.ends_with('…'));
        assert_eq!(
            excerpt(&"x".repeat(EXCERPT_CHARS)),
            "x".repeat(EXCERPT_CHARS)
        );
    }
}
