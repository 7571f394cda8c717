//! Reading and writing puzzles and solutions: text lines and blocks, DIMACS and solver
//! output, JSON results, the native JSON puzzle format and f-puzzles import/export.

pub mod dimacs;
pub mod fpuzzles;
pub mod json;
pub mod text;
