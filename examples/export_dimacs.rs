//! Write the CNF of a puzzle as DIMACS on stdout, for any SAT solver.
//!
//! ```text
//! cargo run --example export_dimacs > puzzle.cnf
//! cargo run --example export_dimacs -- "...4..3.....3.2." > small.cnf
//! ```
//!
//! Variable `(r-1)·N² + (c-1)·N + d` says that cell r,c holds digit d. The givens and what
//! naked and hidden singles deduce from them are constants, so their variables do not occur
//! in the clauses (use `Simplify::None` for the textbook formula with unit clauses).

use satdoku::format::dimacs::write_formula;
use satdoku::{parse_one, Error, Formula, Simplify};
use std::io::Write;

/// AI Escargot (Arto Inkala, 2006), used when no puzzle is given.
pub const DEFAULT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

/// Writes the CNF of the puzzle on `line` into `out`; returns (variables, clauses).
pub fn export(line: &str, out: impl Write) -> Result<(usize, usize), Error> {
    let puzzle = parse_one(line)?;
    let formula = Formula::new(&puzzle, Simplify::Singles);
    let header = vec![
        format!("puzzle: {line}"),
        format!(
            "{} cells decided before encoding; x(r,c,d) = (r-1)*{} + (c-1)*{} + d",
            formula.decided(),
            puzzle.size() * puzzle.size(),
            puzzle.size()
        ),
    ];
    write_formula(&formula, &[], &header, out).map_err(|e| Error::Limit(e.to_string()))
}

fn main() {
    let line = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT.to_string());
    match export(&line, std::io::stdout().lock()) {
        Ok((vars, clauses)) => eprintln!("wrote {vars} variables, {clauses} clauses"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
