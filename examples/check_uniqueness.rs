//! Check whether puzzles have exactly one solution: unique, multiple (with the cells where
//! two solutions differ), or none.
//!
//! ```text
//! cargo run --example check_uniqueness
//! ```

use satdoku::format::text::{Line, Symbols};
use satdoku::{check, parse_one, Error, Verdict};

/// One puzzle of each kind.
pub const PUZZLES: &[&str] = &[
    // Unique: Arto Inkala's 2012 "world's hardest sudoku".
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    // Multiple: an empty 4×4.
    "................",
    // None: r1c9 sees 1-8 in its row and 9 in its column.
    "12345678.........9...............................................................",
];

/// The verdict on the puzzle on `line`, in words.
pub fn describe(line: &str) -> Result<String, Error> {
    let puzzle = parse_one(line)?;
    let symbols = Symbols::standard();
    Ok(match check(&puzzle)? {
        Verdict::Unique(solution) => format!("unique: {}", Line::new(&solution, &symbols)),
        Verdict::Multiple(a, b) => {
            let cells: Vec<String> = a.diff(&b).iter().map(|c| c.to_string()).collect();
            format!(
                "multiple: two solutions differ in {} cells: {}\n  {}\n  {}",
                cells.len(),
                cells.join(" "),
                Line::new(&a, &symbols),
                Line::new(&b, &symbols)
            )
        }
        Verdict::None => "none: no solution".to_string(),
    })
}

fn main() {
    for line in PUZZLES {
        println!("{line}");
        match describe(line) {
            Ok(text) => println!("  {text}"),
            Err(e) => println!("  invalid: {e}"),
        }
    }
}
