//! Reading an item's arguments: cells (`R1C1`, ISS's one-character row and column in base
//! 17: `1`–`9`, then `a`–`g` for 10–16), numbers, and `R3C4_5_6` value lists.

use super::error::{At, IssError};
use crate::geometry::{Cell, Values};

/// The error for `at` with `message`.
pub fn bad(at: &At, message: impl Into<String>) -> IssError {
    IssError::Bad {
        at: at.clone(),
        message: message.into(),
    }
}

/// The ISS name of the cell at 0-based `r`, `c`: `R1C1`, rows and columns past 9 as `A`–`G`.
pub fn cell_name(r: usize, c: usize) -> String {
    let ch = |i: usize| {
        if i < 9 {
            char::from(b'1' + i as u8)
        } else {
            char::from(b'A' + (i - 9) as u8)
        }
    };
    format!("R{}C{}", ch(r), ch(c))
}

/// A warning for each distinct label ISS gave a group of `what` (ISS names lines and cell
/// groups for its display; satdoku does not keep the names).
pub fn label_warnings<'a>(
    at: &At,
    labels: impl Iterator<Item = Option<&'a str>>,
    what: &str,
    warnings: &mut Vec<String>,
) {
    let mut names: Vec<&str> = labels.flatten().filter(|s| !s.is_empty()).collect();
    names.dedup();
    for name in names {
        warnings.push(format!(
            "{at}: the name {:?} is ISS's label for the {what} (not kept)",
            crate::format::fpuzzles::percent_decode(name)
        ));
    }
}

/// Starts an argument that names an extra cell (ISS `Var`, rewritten by `vars::rewrite`):
/// `TOKEN` then `row,col` (0-based). A control character, which no ISS name holds.
const TOKEN: char = '\u{1}';

/// The argument naming extra cell `cell` (what [`cell`] reads back).
pub fn extra_token(cell: Cell) -> String {
    format!("{TOKEN}{},{}", cell.r(), cell.c())
}

/// The cell a rewritten argument names (`None` when it is not one).
fn extra_cell_of(text: &str) -> Option<Cell> {
    let (r, c) = text.strip_prefix(TOKEN)?.split_once(',')?;
    Some(Cell::from_index(r.parse().ok()?, c.parse().ok()?))
}

/// One row or column character, 0-based.
fn coord(ch: char) -> Option<usize> {
    match ch.to_ascii_lowercase() {
        c @ '1'..='9' => Some(c as usize - '1' as usize),
        c @ 'a'..='g' => Some(c as usize - 'a' as usize + 9),
        _ => None,
    }
}

/// A cell of an `n`×`n` grid written `RxCy`.
pub fn cell(at: &At, text: &str, n: usize) -> Result<Cell, IssError> {
    if let Some(extra) = extra_cell_of(text) {
        // an extra cell's name, rewritten by `vars::rewrite` (the shape has it)
        return Ok(extra);
    }
    let ch: Vec<char> = text.chars().collect();
    let parsed = match ch[..] {
        [r, row, c, col] if r.eq_ignore_ascii_case(&'R') && c.eq_ignore_ascii_case(&'C') => {
            coord(row).zip(coord(col))
        }
        _ => None,
    };
    match parsed {
        Some((r, c)) if r < n && c < n => Ok(Cell::from_index(r, c)),
        Some(_) => Err(bad(
            at,
            format!("cell {text:?} is outside the {n}x{n} grid"),
        )),
        None if text.len() >= 3
            && text.get(..3).is_some_and(|p| {
                ["DGR", "DGC", "DGB", "DGZ"].contains(&p.to_ascii_uppercase().as_str())
            }) =>
        {
            Err(IssError::Unsupported {
                at: at.clone(),
                why: format!(
                    "{:?} is one of ISS's Doppelganger extra cells: satdoku reads the cells of \
                     rows, columns and boxes (DGR, DGC, DGB) beside a top-level Doppelganger, \
                     and not the hidden DGZ",
                    crate::error::excerpt(text)
                ),
            })
        }
        None => Err(bad(
            at,
            format!(
                "{:?} is not a cell (ISS writes R1C1 … R9C9, rows and columns 10-16 as A-G)",
                crate::error::excerpt(text)
            ),
        )),
    }
}

/// Every argument as a cell.
pub fn cells(at: &At, args: &[String], n: usize) -> Result<Vec<Cell>, IssError> {
    if args.is_empty() {
        return Err(bad(at, "no cells"));
    }
    args.iter().map(|a| cell(at, a, n)).collect()
}

/// A non-negative whole number (`what` names it in the error).
pub fn number(at: &At, text: Option<&String>, what: &str) -> Result<usize, IssError> {
    let text = text.ok_or_else(|| bad(at, format!("missing {what}")))?;
    text.trim().parse().map_err(|_| {
        bad(
            at,
            format!(
                "{what}: {:?} is not a whole number ≥ 0",
                crate::error::excerpt(text)
            ),
        )
    })
}

/// `R3C4_5_6`: a cell and its values, as digit indices of `values` (1 for the smallest
/// value: `0` of a `0-8` grid is index 1).
pub fn value_id(
    at: &At,
    text: &str,
    n: usize,
    values: Values,
) -> Result<(Cell, Vec<usize>), IssError> {
    let mut parts = text.split('_');
    let c = cell(at, parts.next().unwrap_or(""), n)?;
    let mut digits = Vec::new();
    for p in parts {
        let d = p
            .parse::<i64>()
            .ok()
            .and_then(|v| values.digit(v))
            .map(|d| d.get())
            .ok_or_else(|| bad(at, format!("{text:?}: {p:?} is not a value of {values}")))?;
        if !digits.contains(&d) {
            digits.push(d);
        }
    }
    if digits.is_empty() {
        return Err(bad(at, format!("{text:?}: no digit after the cell")));
    }
    Ok((c, digits))
}

/// Digit indices of `values` as the values they stand for (what a rule written about values,
/// such as pencil marks, lists); a negative value cannot be listed.
pub fn as_values(at: &At, digits: &[usize], values: Values) -> Result<Vec<usize>, IssError> {
    digits
        .iter()
        .map(|&d| {
            let v = values.value(crate::geometry::Digit::new(d));
            usize::try_from(v).map_err(|_| bad(at, format!("the value {v} cannot be listed")))
        })
        .collect()
}

/// The orthogonally adjacent pairs among `cells`, as ISS forms them for dots and XV marks:
/// each cell with every later listed cell beside it.
pub fn adjacent_pairs(cells: &[Cell]) -> Vec<[Cell; 2]> {
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if a.is_orthogonal_neighbour(b) && a != b {
                pairs.push([a, b]);
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> At {
        At {
            item: 1,
            name: "X".into(),
        }
    }

    #[test]
    fn cells_are_read_in_base_17() {
        assert_eq!(cell(&at(), "R1C9", 9).unwrap(), Cell::new(1, 9));
        assert_eq!(cell(&at(), "rgca", 16).unwrap(), Cell::new(16, 10));
        assert!(cell(&at(), "R1C9", 8)
            .unwrap_err()
            .to_string()
            .contains("outside"));
        assert!(cell(&at(), "R10C1", 16).is_err());
        assert_eq!(
            value_id(&at(), "R2C3_4_6", 9, Values::standard(9)).unwrap(),
            (Cell::new(2, 3), vec![4, 6])
        );
        assert!(value_id(&at(), "R2C3_0", 9, Values::standard(9)).is_err());
        assert!(value_id(&at(), "R2C3", 9, Values::standard(9)).is_err());
    }

    #[test]
    fn dots_pair_adjacent_cells_only() {
        let c = [
            Cell::new(1, 1),
            Cell::new(1, 2),
            Cell::new(2, 2),
            Cell::new(5, 5),
        ];
        assert_eq!(adjacent_pairs(&c), vec![[c[0], c[1]], [c[1], c[2]]]);
    }
}
