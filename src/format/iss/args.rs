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
/// `TOKEN`, then `row,col` (0-based) and the cell's place in ISS's layout of its group
/// (`group,index,columns,count`). A control character, which no ISS name holds.
const TOKEN: char = '\u{1}';

/// Where ISS lays out an extra cell, which decides which cells touch it (ISS's
/// `js/cell_geometry.js`, `CellGraph`, read for meaning): each group's cells in rows of
/// `columns` (a `Var` of size RxC has C; the doppelganger's box cells one per box of a band;
/// every other group the grid's columns), the group's `index`-th cell (0-based). A cell of
/// one group never touches a cell of another group or of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The group (any number that tells groups apart).
    pub group: usize,
    /// The cell's place in its group, 0-based.
    pub index: usize,
    /// How many cells a row of the group's layout holds (at least 1).
    pub columns: usize,
    /// How many cells the group has.
    pub count: usize,
}

/// The argument naming extra cell `cell`, laid out at `layout` (what [`cell`] and
/// [`placed`] read back).
pub fn extra_token(cell: Cell, layout: Layout) -> String {
    format!(
        "{TOKEN}{},{},{},{},{},{}",
        cell.r(),
        cell.c(),
        layout.group,
        layout.index,
        layout.columns,
        layout.count
    )
}

/// The cell a rewritten argument names and its layout (`None` when it is not one).
fn extra_cell_of(text: &str) -> Option<(Cell, Layout)> {
    let mut parts = text.strip_prefix(TOKEN)?.split(',').map(|p| p.parse().ok());
    let mut next = || parts.next().flatten();
    let (r, c) = (next()?, next()?);
    let layout = Layout {
        group: next()?,
        index: next()?,
        columns: next()?.max(1),
        count: next()?,
    };
    Some((Cell::from_index(r, c), layout))
}

/// Starts an argument that names a whole group of extra cells (ISS `ConnectedValues~VA~…`,
/// rewritten by `vars::rewrite`): `GROUP`, the group's columns, then each cell's token,
/// separated by `;` (which no token holds).
const GROUP: char = '\u{2}';

/// The argument naming a group of extra cells laid out in rows of `columns`, its cells'
/// tokens ([`extra_token`]) in order.
pub fn group_token(columns: usize, cells: &[String]) -> String {
    format!("{GROUP}{columns};{}", cells.join(";"))
}

/// The cells and columns of a group argument ([`group_token`]), `None` for any other.
pub fn group_of(at: &At, text: &str, n: usize) -> Option<Result<(Vec<Cell>, usize), IssError>> {
    let mut parts = text.strip_prefix(GROUP)?.split(';');
    let columns = parts.next()?.parse().ok()?;
    Some(
        parts
            .map(|t| cell(at, t, n))
            .collect::<Result<Vec<_>, _>>()
            .map(|cells| (cells, columns)),
    )
}

/// A cell as ISS draws it: on the grid, or at its place among its group's extra cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The cell.
    pub cell: Cell,
    /// Its layout when it is an extra cell.
    pub layout: Option<Layout>,
}

impl Placed {
    /// (drawing, row, column): the grid is drawing 0, extra group g drawing g + 1.
    fn at(self) -> (usize, usize, usize) {
        match self.layout {
            None => (0, self.cell.r(), self.cell.c()),
            Some(l) => (l.group + 1, l.index / l.columns, l.index % l.columns),
        }
    }
    /// Whether ISS's cell graph has an edge between the two cells (one step left, right, up
    /// or down in the same drawing).
    pub fn touches(self, other: Placed) -> bool {
        let (g, r, c) = self.at();
        let (h, s, d) = other.at();
        g == h && r.abs_diff(s) + c.abs_diff(d) == 1
    }
    /// Whether `next` is one step right, down, or down and right of this cell in the same
    /// drawing (ISS's test that a pill reads in order).
    pub fn reads_on_to(self, next: Placed) -> bool {
        let (g, r, c) = self.at();
        let (h, s, d) = next.at();
        g == h
            && matches!(
                (s.wrapping_sub(r), d.wrapping_sub(c)),
                (0, 1) | (1, 0) | (1, 1)
            )
    }
}

/// A cell of an `n`×`n` grid or an extra cell, with where ISS draws it.
pub fn placed(at: &At, text: &str, n: usize) -> Result<Placed, IssError> {
    if let Some((cell, layout)) = extra_cell_of(text) {
        return Ok(Placed {
            cell,
            layout: Some(layout),
        });
    }
    Ok(Placed {
        cell: cell(at, text, n)?,
        layout: None,
    })
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
    if let Some((extra, _)) = extra_cell_of(text) {
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
                    "{:?} is one of ISS's Doppelganger extra cells: satdoku reads them (DGR, \
                     DGC, DGB, DGZ) beside a top-level Doppelganger",
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

/// The pairs of listed cells that touch in ISS's cell graph ([`Placed::touches`]), as ISS
/// forms them for dots, XV marks and greater-than signs: each cell with every later listed
/// cell beside it (a cell listed twice pairs once).
pub fn adjacent_pairs(cells: &[Placed]) -> Vec<[Cell; 2]> {
    let mut distinct: Vec<Placed> = Vec::new();
    for &c in cells {
        if !distinct.contains(&c) {
            distinct.push(c);
        }
    }
    let mut pairs = Vec::new();
    for (i, &a) in distinct.iter().enumerate() {
        for &b in &distinct[i + 1..] {
            if a.touches(b) {
                pairs.push([a.cell, b.cell]);
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
            Cell::new(1, 2),
        ];
        let p: Vec<Placed> = c
            .iter()
            .map(|&cell| Placed { cell, layout: None })
            .collect();
        // the second r1c2 pairs no more
        assert_eq!(adjacent_pairs(&p), vec![[c[0], c[1]], [c[1], c[2]]]);
    }

    #[test]
    fn extra_cells_touch_in_their_groups_layout_only() {
        // a group of 2x3 cells (VA1..VA6) after a 4x4 grid, and one more group
        let grid = Cell::new(4, 1);
        let mut p: Vec<Placed> = (0..6)
            .map(|index| {
                let layout = Layout {
                    group: 3,
                    index,
                    columns: 3,
                    count: 6,
                };
                let cell = Cell::from_position(16 + index, 4);
                placed(&at(), &extra_token(cell, layout), 4).unwrap()
            })
            .collect();
        // satdoku names extra cells in rows of the grid's 4 columns (VA5 is r6c1); ISS lays
        // the group out in rows of 3 (VA5 below VA2), and that decides what touches
        assert_eq!(p[4].cell, Cell::new(6, 1));
        assert!(p[0].touches(p[1]) && p[0].touches(p[3]) && p[4].touches(p[1]));
        // VA3 ends the first row of three: VA4 starts the next
        assert!(!p[2].touches(p[3]));
        assert!(p[0].reads_on_to(p[4]) && p[2].reads_on_to(p[5]) && !p[2].reads_on_to(p[3]));
        // the same places in another group, or a grid cell, touch nothing of this one
        let other = Placed {
            layout: Some(Layout {
                group: 4,
                ..p[1].layout.unwrap()
            }),
            ..p[1]
        };
        assert!(!p[0].touches(other));
        let g = placed(&at(), "R4C1", 4).unwrap();
        assert_eq!(g.cell, grid);
        assert!(p.iter().all(|&x| !x.touches(g)));
        p.push(g);
        let pairs = adjacent_pairs(&p);
        assert_eq!(pairs.len(), 7, "{pairs:?}");
        // the token reads back as the cell for every other reader
        let token = extra_token(p[5].cell, p[5].layout.unwrap());
        assert_eq!(cell(&at(), &token, 4).unwrap(), p[5].cell);
    }
}
