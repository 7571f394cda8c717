//! Reading and writing puzzles and solutions: text lines and blocks, DIMACS and solver
//! output, JSON results.

pub mod dimacs;
pub mod text;
