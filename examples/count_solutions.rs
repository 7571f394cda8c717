//! Count the solutions of empty grids, with a cap on the count.
//!
//! ```text
//! cargo run --example count_solutions
//! ```
//!
//! An empty 4×4 has 288 solutions; an empty 6×6 has 28,200,960, so its count stops at the cap.

use satdoku::{count, Count, Error, Grid, Puzzle, Shape};

/// Counts the solutions of an empty `n`×`n` grid (default boxes), up to `cap`.
pub fn count_empty(n: usize, cap: usize) -> Result<Count, Error> {
    let puzzle = Puzzle::classic(Shape::new(n)?, Grid::empty(n))?;
    count(&puzzle, cap)
}

/// "288 solutions", or "more than 100 solutions" when the cap was reached.
pub fn describe(c: &Count) -> String {
    if c.capped {
        format!("more than {} solutions (the cap)", c.found)
    } else {
        format!("{} solutions", c.found)
    }
}

fn main() -> Result<(), Error> {
    for (n, cap) in [(4, 1000), (6, 100)] {
        let c = count_empty(n, cap)?;
        println!("empty {n}x{n}, cap {cap}: {}", describe(&c));
    }
    Ok(())
}
