//! A killer sudoku built in code: cages as constraints, uniqueness checked, the puzzle written
//! in satdoku's native JSON, and how the count falls as cages are added.
//!
//! ```text
//! cargo run --example variant_killer
//! ```

use satdoku::format::json::{self, Document};
use satdoku::rules::{killer::Killer, Constraint};
use satdoku::{check, count, Cell, Error, Grid, Puzzle, Shape, Verdict};

/// The cages of the 4×4 killer in `puzzles/examples/killer-4x4.json`: (cells, sum).
pub const CAGES: &[(&[(usize, usize)], usize)] = &[
    (&[(1, 1), (1, 2)], 3),
    (&[(1, 3), (1, 4)], 7),
    (&[(2, 1), (3, 1)], 5),
    (&[(2, 2), (2, 3)], 5),
    (&[(2, 4), (3, 4)], 5),
    (&[(3, 2), (4, 2)], 4),
    (&[(3, 3), (4, 3)], 6),
    (&[(4, 1)], 4),
    (&[(4, 4)], 1),
];

/// The killer puzzle with its first `cages` cages.
pub fn puzzle(cages: usize) -> Result<Puzzle, Error> {
    let constraints = CAGES[..cages]
        .iter()
        .map(|(cells, sum)| {
            Constraint::Killer(Killer {
                cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
                sum: Some(*sum),
            })
        })
        .collect();
    let mut p = Puzzle::new(Shape::new(4)?, Grid::empty(4), constraints)?;
    p.title = Some("Killer 4x4".into());
    Ok(p)
}

/// What satdoku says about the puzzle with its first `cages` cages.
pub fn report(cages: usize) -> Result<String, Error> {
    let p = puzzle(cages)?;
    Ok(match check(&p)? {
        Verdict::Unique(g) => format!(
            "{cages} cages: unique {}",
            satdoku::format::text::Line::new(&g, &satdoku::Symbols::standard())
        ),
        Verdict::Multiple(..) => format!("{cages} cages: {} solutions", count(&p, 1000)?.found),
        Verdict::None => format!("{cages} cages: no solution"),
    })
}

fn main() -> Result<(), Error> {
    // Each cage added narrows the solutions down: 12, 6, 2, then 1 with six cages.
    for cages in 3..=CAGES.len() {
        println!("{}", report(cages)?);
    }
    print!(
        "{}",
        json::to_string_pretty(&Document::new(puzzle(CAGES.len())?))?
    );
    Ok(())
}
