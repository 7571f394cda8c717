//! # satdoku — Sudoku of any size, and its variants, as SAT
//!
//! A puzzle becomes CNF (one variable per cell and digit, the extended encoding, variant
//! rules adding their clauses), the embedded [varisat](https://docs.rs/varisat) solver solves
//! it, the model becomes a grid, and every grid is re-checked by a plain rule checker before
//! it is returned. Uniqueness is proved by blocking the found solution and solving again.
//!
//! ```
//! use satdoku::{check, parse_one, Verdict};
//!
//! let puzzle = parse_one(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )?;
//! match check(&puzzle)? {
//!     Verdict::Unique(solution) => assert!(solution.is_full()),
//!     Verdict::Multiple(a, b) => println!("differs in {:?}", a.diff(&b)),
//!     Verdict::None => println!("no solution"),
//! }
//! # Ok::<(), satdoku::Error>(())
//! ```
//!
//! Solve semantics are in the names: [`check`] answers unique / multiple / none,
//! [`some_solution`] returns any solution, [`count`] counts up to a cap you choose.
//! [`Formula`] is the simplified CNF of a puzzle, written into the solver or as DIMACS by
//! the same code ([`format::dimacs::write_formula`]).

#![warn(missing_docs)]

pub mod candidates;
pub mod cell;
pub mod chaos;
pub mod cnf;
pub mod connected;
pub mod diagrams;
pub mod engine;
pub mod error;
pub mod format;
pub mod formula;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod groups;
pub mod linear;
pub mod marks;
pub mod proof;
pub mod puzzle;
pub mod render;
pub mod report;
pub mod rules;
pub mod simplify;
pub mod solve;
pub mod sums;

pub use error::{Error, ParseError};
pub use format::text::{parse_one, parse_one_with, Symbols, TextOptions};
pub use geometry::{Cell, Digit, Shape};
pub use grid::Grid;
pub use puzzle::Puzzle;
pub use solve::{
    check, count, count_with, some_solution, Count, Formula, Session, Simplify, Stats, Verdict,
};
