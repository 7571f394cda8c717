//! ISS's clues outside the grid, as satdoku rules.
//!
//! - `LittleKiller~SUM~CELL`: the diagonal that starts at CELL on the edge and runs into the
//!   grid — from column 1 (rows 1..N-1) down-right, from column N (rows 2..N-1) up-left,
//!   from row 1 (columns 2..N) down-left, from row N (columns 2..N-1) up-right (ISS's
//!   table of diagonals; other cells start none). Digits may repeat.
//! - `Sandwich~SUM~R3` / `~C3`: the row or column (symmetric, so the side does not matter).
//! - `XSum|Skyscraper|HiddenSkyscraper|NumberedRoom~R3~FWD~BACK`: FWD is the clue seen from
//!   the left of row 3 (the top of a column), BACK from the right (the bottom); either may
//!   be empty. satdoku names the clue's place outside the grid (`r3c0`, `r3c10`, …; on an
//!   R×C rectangle after row 3 is column C+1 and below a column row R+1).

use super::args::{bad, cell, number};
use super::error::{At, IssError};
use super::tokens::Item;
use crate::geometry::{Cell, Shape};
use crate::rules::clue::OutsideClue;
use crate::rules::*;

/// The diagonal ISS names by its first cell, or `None` when no diagonal starts there.
pub fn little_killer_cells(start: Cell, n: usize) -> Option<Vec<Cell>> {
    let (r, c) = (start.r(), start.c());
    let dir: (isize, isize) = if c == 0 && r + 2 <= n {
        (1, 1)
    } else if c == n - 1 && r >= 1 && r + 2 <= n {
        (-1, -1)
    } else if r == 0 && c >= 1 {
        (1, -1)
    } else if r == n - 1 && c >= 1 && c + 2 <= n {
        (-1, 1)
    } else {
        return None;
    };
    let mut cells = vec![start];
    let mut at = start;
    while let Some(next) = at.offset(dir.0, dir.1, n) {
        cells.push(next);
        at = next;
    }
    (cells.len() > 1).then_some(cells)
}

/// `FullRank~R3~FWD~BACK`: the ranks of the row or column read forward (from the left or
/// top) and backward; either may be empty. ISS writes one item per line and its tie option
/// once (`FullRankTies`); the reader gathers them into one `full-rank` rule.
pub fn rank_clues(item: &Item, n: usize) -> Result<Vec<full_rank::RankClue>, IssError> {
    let (at, a) = (&item.at, &item.args);
    let mut out = Vec::new();
    for (k, forward) in [(1, true), (2, false)] {
        let Some(text) = a.get(k).filter(|t| !t.is_empty()) else {
            continue;
        };
        let rank = number(at, Some(text), "rank")?;
        // full rank stands on square grids only
        let clue = line_clue(at, a.first(), (n, n), forward)?;
        out.push(full_rank::RankClue { clue, rank });
    }
    Ok(out)
}

/// The rules of one outside-clue item. `shape` sets the lengths of the rows and columns (`R3` on a 4×6 grid: the clue after it
/// is column 7; `C3`: row 5); little killers read the side N.
pub fn outside(item: &Item, shape: &Shape) -> Result<Vec<Constraint>, IssError> {
    let n = shape.size();
    let (rows, cols) = (shape.rows(), shape.cols());
    let at = &item.at;
    let a = &item.args;
    match at.name.as_str() {
        "LittleKiller" => {
            if !shape.is_square() {
                // ISS names a diagonal by its first cell from a table written for N×N grids;
                // which cells start one, and where, on a rectangle is not known here
                return Err(IssError::Unsupported {
                    at: at.clone(),
                    why: format!(
                        "a little killer named by its first cell on a {rows}x{cols} grid (ISS's \
                         table of diagonals is read for square grids; native JSON lists the \
                         diagonal's cells)"
                    ),
                });
            }
            let sum = number(at, a.first(), "sum")?;
            let start = cell(at, a.get(1).map_or("", String::as_str), n)?;
            let cells = little_killer_cells(start, n)
                .ok_or_else(|| bad(at, format!("no little killer diagonal starts at {start}")))?;
            Ok(vec![Constraint::LittleKiller(
                little_killer::LittleKiller { cells, sum },
            )])
        }
        "Sandwich" => {
            let sum = number(at, a.first(), "sum")?;
            let clue = line_clue(at, a.get(1), (rows, cols), true)?;
            Ok(vec![Constraint::Sandwich(sandwich::Sandwich { clue, sum })])
        }
        name => {
            let mut out = Vec::new();
            for (k, forward) in [(1, true), (2, false)] {
                let Some(text) = a.get(k).filter(|t| !t.is_empty()) else {
                    continue;
                };
                let value = number(at, Some(text), "clue")?;
                let clue = line_clue(at, a.first(), (rows, cols), forward)?;
                out.push(match name {
                    "XSum" => Constraint::XSum(x_sum::XSum { clue, sum: value }),
                    "Skyscraper" => {
                        Constraint::Skyscraper(skyscraper::Skyscraper { clue, count: value })
                    }
                    "HiddenSkyscraper" => {
                        Constraint::HiddenSkyscraper(hidden_skyscraper::HiddenSkyscraper {
                            clue,
                            value,
                        })
                    }
                    "NumberedRoom" => {
                        Constraint::NumberedRoom(numbered_room::NumberedRoom { clue, value })
                    }
                    other => unreachable!("not an outside clue: {other}"),
                });
            }
            if a.len() > 3 {
                return Err(bad(at, "expected ROWCOL~FORWARD~BACKWARD"));
            }
            Ok(out)
        }
    }
}

/// `R3` / `C3` as the place of a clue before (`forward`) or after the row or column.
fn line_clue(
    at: &At,
    text: Option<&String>,
    (rows, cols): (usize, usize),
    forward: bool,
) -> Result<OutsideClue, IssError> {
    let text = text.map_or("", String::as_str);
    let (kind, index) = text.split_at(text.len().min(1));
    let (count, across) = match kind {
        "R" | "r" => (rows, cols),
        "C" | "c" => (cols, rows),
        _ => return Err(bad(at, format!("{text:?} is not a row or column"))),
    };
    let i: usize = index
        .parse()
        .ok()
        .filter(|i| (1..=count).contains(i))
        .ok_or_else(|| {
            bad(
                at,
                format!("{text:?} is not a row (R1..R{rows}) or column (C1..C{cols})"),
            )
        })?;
    // before the line (0) or after its last cell
    let edge = if forward { 0 } else { across + 1 };
    Ok(match kind {
        "R" | "r" => OutsideClue::new(i, edge),
        _ => OutsideClue::new(edge, i),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn little_killer_diagonals_follow_iss() {
        let d = |r, c| little_killer_cells(Cell::new(r, c), 9).map(|v| (v.len(), v[1]));
        assert_eq!(d(1, 1), Some((9, Cell::new(2, 2))));
        assert_eq!(d(3, 1), Some((7, Cell::new(4, 2))));
        assert_eq!(d(3, 9), Some((3, Cell::new(2, 8))));
        assert_eq!(d(1, 9), Some((9, Cell::new(2, 8))));
        assert_eq!(d(1, 4), Some((4, Cell::new(2, 3))));
        assert_eq!(d(9, 4), Some((6, Cell::new(8, 5))));
        assert_eq!(d(9, 1), None);
        assert_eq!(d(9, 9), None);
        assert_eq!(d(5, 5), None);
    }
}
