//! Reading and writing puzzles and solutions: text lines and blocks, DIMACS and solver
//! output, the native JSON puzzle format, f-puzzles import/export, SudokuPad links and SCL
//! (`link` tells which a link or payload is). (The CLI's JSON
//! results are written in `cli/`.)

pub mod dimacs;
pub mod fpuzzles;
pub mod iss;
pub mod json;
mod lines;
pub mod link;
pub mod lzstring;
pub mod source;
pub mod strict;
pub mod sudokupad;
pub mod text;

/// The largest JSON text read, in bytes (16 MiB): a whole file, one record, or the text a
/// compressed f-puzzles payload decompresses to.
pub const MAX_JSON: usize = 16 << 20;

/// The smallest grid side the puzzle formats read (text, native JSON, f-puzzles).
pub const MIN_SIZE: usize = 4;

/// Refuses a grid side outside `MIN_SIZE..=MAX_SIZE` (4 to 64), the one size rule of every
/// puzzle format.
pub fn check_size(n: usize) -> Result<(), crate::Error> {
    if (MIN_SIZE..=crate::geometry::MAX_SIZE).contains(&n) {
        Ok(())
    } else {
        Err(crate::Error::Size(n))
    }
}
