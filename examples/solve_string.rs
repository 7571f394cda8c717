//! Solve a puzzle written on one line and print the solution as a boxed grid.
//!
//! ```text
//! cargo run --example solve_string
//! cargo run --example solve_string -- "...4..3.....3.2."
//! ```
//!
//! Any size works: the cell count gives the side (16 cells for 4×4, 81 for 9×9, 256 for
//! 16×16), `.` or `0` is an empty cell, digits above 9 are letters.

use satdoku::format::text::{Pretty, Symbols};
use satdoku::{parse_one, some_solution, Error};

/// A 9×9 from the tdoku benchmark data, used when no puzzle is given.
pub const DEFAULT: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Some solution of the puzzle on `line`, as a boxed grid; or a note that there is none.
pub fn solve_to_text(line: &str) -> Result<String, Error> {
    let puzzle = parse_one(line)?;
    Ok(match some_solution(&puzzle)? {
        Some(solution) => Pretty::new(&solution, puzzle.shape(), &Symbols::standard()).to_string(),
        None => "no solution\n".to_string(),
    })
}

fn main() {
    let line = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT.to_string());
    match solve_to_text(&line) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
