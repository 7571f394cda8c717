//! ISS's clues about a chaos construction's regions, as satdoku rules about the found
//! regions. ISS names the region of each grid cell by a hidden "chaos region cell" `CCk`
//! (k = 1 … N², the k-th cell in reading order), whose value is that cell's region; satdoku
//! states the same clues about the cells and their found regions (ISS's meaning from its
//! js/sudoku_constraint.js descriptions and its solver's chaos handlers, read for meaning):
//!
//! - `ChaosArrow~CONTROL~OFFSET~CCa~CCb…~-~CCa~CCc…` (arms separated by `-`, all starting at
//!   one region cell): the control's digit is the run length along the arms in the start
//!   cell's region, the start counted once (OFFSET 0 or empty) or not at all (1) —
//!   `chaos-arrow`. Without arms (`ChaosArrow~R1C1`, `ChaosArrow~R1C1~0`) the arms go from
//!   the control cell left, right, up and down to the grid's edges.
//! - `ChaosCount~CONTROL~OFFSET~CCa~CCb…`: the control's digit is how many of the region
//!   cells share the first one's region, the first counted (OFFSET 0) or not (1) —
//!   `chaos-count`. Without cells, the control cell and its (up to 8) neighbours, the control
//!   cell first.
//! - `CountDistinct~CONTROL~CCa~CCb…`: the control's digit is the number of distinct values
//!   of the region cells, which is the number of different regions the cells lie in —
//!   `distinct-regions`.
//! - `SameValues~k~CCa~CCb…` with one cell per set: the cells share a region — `same-region`.
//!
//! ISS refuses arm or counted cells that are grid cells (its builder wants region cells
//! there), a control cell that is a region cell, and arms that do not share their first
//! cell; satdoku refuses them too, with the reason, and so it does an offset other than 0
//! or 1 and a `CountDistinct` mixing grid and region cells.

use super::args::{bad, cell};
use super::error::{At, IssError};
use crate::geometry::{Cell, Shape};
use crate::rules::{chaos_arrow, chaos_count, distinct_regions, Constraint};

/// `CCk` as the k-th cell in reading order; `None` when `text` is no region cell name.
/// Errors when it is one but the puzzle is no chaos construction, or k is past R·C.
pub fn region_cell(at: &At, text: &str, shape: &Shape) -> Result<Option<Cell>, IssError> {
    let Some(k) = text.strip_prefix("CC") else {
        return Ok(None);
    };
    let (cols, cells) = (shape.cols(), shape.rows() * shape.cols());
    if !shape.is_chaos() {
        return Err(IssError::Unsupported {
            at: at.clone(),
            why: format!(
                "{text:?} is a chaos region cell, and the puzzle is no chaos construction (ISS \
                 needs ChaosConstruction for region cells too)"
            ),
        });
    }
    match k.parse::<usize>() {
        Ok(k) if (1..=cells).contains(&k) => Ok(Some(Cell::from_position(k - 1, cols))),
        _ => Err(bad(
            at,
            format!(
                "{:?} is not a chaos region cell (CC1 … CC{})",
                crate::error::excerpt(text),
                cells
            ),
        )),
    }
}

/// Every argument as a region cell (`what` names them in the error).
pub fn region_cells(
    at: &At,
    args: &[String],
    shape: &Shape,
    what: &str,
) -> Result<Vec<Cell>, IssError> {
    args.iter()
        .map(|x| match region_cell(at, x, shape)? {
            Some(c) => Ok(c),
            None => Err(IssError::Unsupported {
                at: at.clone(),
                why: format!(
                    "{what} must be chaos region cells (CCk), and {:?} is not one (ISS refuses \
                     grid cells there too)",
                    crate::error::excerpt(x)
                ),
            }),
        })
        .collect()
}

/// The control cell: a grid cell (a region cell holds a region, not a digit).
fn control(at: &At, text: Option<&String>, shape: &Shape) -> Result<Cell, IssError> {
    let text = text.ok_or_else(|| bad(at, "missing control cell"))?;
    if region_cell(at, text, shape)?.is_some() {
        return Err(bad(
            at,
            format!("the control cell {text:?} is a region cell; it must be a grid cell"),
        ));
    }
    cell(at, text, shape.size())
}

/// ISS's offset argument: absent, empty or `0` counts the first cell, `1` leaves it out.
fn offset(at: &At, text: Option<&String>) -> Result<bool, IssError> {
    match text.map(|t| t.trim()) {
        None | Some("") | Some("0") => Ok(false),
        Some("1") => Ok(true),
        Some(other) => Err(bad(
            at,
            format!(
                "offset {:?}: expected 0 (count the first cell) or 1 (leave it out)",
                crate::error::excerpt(other)
            ),
        )),
    }
}

/// The cells from `from` stepping by (dr, dc) to the grid's edge, `from` first.
fn ray(from: Cell, (dr, dc): (isize, isize), shape: &Shape) -> Vec<Cell> {
    let mut out = vec![from];
    let (mut r, mut c) = (from.r() as isize, from.c() as isize);
    loop {
        r += dr;
        c += dc;
        if r < 0 || c < 0 || r >= shape.rows() as isize || c >= shape.cols() as isize {
            return out;
        }
        out.push(Cell::from_index(r as usize, c as usize));
    }
}

/// `ChaosArrow` as a `chaos-arrow`.
pub fn arrow(at: &At, a: &[String], shape: &Shape) -> Result<Vec<Constraint>, IssError> {
    let cell = control(at, a.first(), shape)?;
    let exclude_start = offset(at, a.get(1))?;
    let rest = a.get(2..).unwrap_or(&[]);
    let arms = if rest.is_empty() {
        // ISS: the four ways from the control cell (left, right, up, down) to the edges
        [(0, -1), (0, 1), (-1, 0), (1, 0)]
            .into_iter()
            .map(|d| ray(cell, d, shape))
            .collect()
    } else {
        let mut arms = Vec::new();
        for (i, arm) in rest.split(|x| x == "-").enumerate() {
            if arm.is_empty() {
                return Err(bad(at, format!("arm {} has no cells", i + 1)));
            }
            arms.push(region_cells(at, arm, shape, "arm cells")?);
        }
        arms
    };
    if let Some((i, arm)) = arms.iter().enumerate().find(|(_, x)| x[0] != arms[0][0]) {
        return Err(bad(
            at,
            format!(
                "arm {} starts at {}, not at {} (ISS's arms share their first cell)",
                i + 1,
                arm[0],
                arms[0][0]
            ),
        ));
    }
    Ok(vec![Constraint::ChaosArrow(chaos_arrow::ChaosArrow {
        cell,
        arms,
        exclude_start,
    })])
}

/// `ChaosCount` as a `chaos-count`.
pub fn count(at: &At, a: &[String], shape: &Shape) -> Result<Vec<Constraint>, IssError> {
    let (rows, cols) = (shape.rows() as isize, shape.cols() as isize);
    let cell = control(at, a.first(), shape)?;
    let exclude_first = offset(at, a.get(1))?;
    let rest = a.get(2..).unwrap_or(&[]);
    let cells = if rest.is_empty() {
        // ISS: the control cell, then its neighbours inside the grid
        let (r, c) = (cell.r() as isize, cell.c() as isize);
        [
            (0, 0),
            (-1, 0),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (-1, 1),
            (1, -1),
            (1, 1),
        ]
        .into_iter()
        .map(|(dr, dc)| (r + dr, c + dc))
        .filter(|&(r, c)| r >= 0 && c >= 0 && r < rows && c < cols)
        .map(|(r, c)| Cell::from_index(r as usize, c as usize))
        .collect()
    } else {
        region_cells(at, rest, shape, "counted cells")?
    };
    Ok(vec![Constraint::ChaosCount(chaos_count::ChaosCount {
        cell,
        cells,
        exclude_first,
    })])
}

/// `CountDistinct` whose counted cells are region cells, as a `distinct-regions`.
pub fn distinct_regions(at: &At, a: &[String], shape: &Shape) -> Result<Vec<Constraint>, IssError> {
    let cell = control(at, a.first(), shape)?;
    let rest = a.get(1..).unwrap_or(&[]);
    if rest.is_empty() {
        return Err(bad(at, "no counted cells"));
    }
    let cells = region_cells(
        at,
        rest,
        shape,
        "counted cells of a CountDistinct over region cells (it counts regions, or digits with grid cells only)",
    )?;
    Ok(vec![Constraint::DistinctRegions(
        distinct_regions::DistinctRegions { cell, cells },
    )])
}

#[cfg(test)]
mod tests {
    use crate::format::iss::parse;
    use crate::geometry::Cell;
    use crate::rules::Constraint;

    const CHAOS4: &str = ".Shape~4x4.ChaosConstruction.NoBoxes";

    fn rules(items: &str) -> Vec<Constraint> {
        parse(&format!("{CHAOS4}{items}"))
            .unwrap_or_else(|e| panic!("{items}: {e}"))
            .document
            .puzzle
            .constraints()
            .to_vec()
    }

    fn refusal(items: &str) -> String {
        parse(&format!("{CHAOS4}{items}"))
            .expect_err(items)
            .to_string()
    }

    fn at(r: usize, c: usize) -> Cell {
        Cell::new(r, c)
    }

    #[test]
    fn arrows_with_arms_and_without() {
        match &rules(".ChaosArrow~R1C1~1~CC6~CC7~-~CC6~CC10")[..] {
            [Constraint::ChaosArrow(a)] => {
                assert_eq!(a.cell, at(1, 1));
                assert_eq!(
                    a.arms,
                    vec![vec![at(2, 2), at(2, 3)], vec![at(2, 2), at(3, 2)]]
                );
                assert!(a.exclude_start);
            }
            other => panic!("{other:?}"),
        }
        // no arms: left, right, up and down from the control cell to the edges
        for items in [
            ".ChaosArrow~R2C3",
            ".ChaosArrow~R2C3~0",
            ".ChaosArrow~R2C3~",
        ] {
            match &rules(items)[..] {
                [Constraint::ChaosArrow(a)] => {
                    assert_eq!(
                        a.arms,
                        vec![
                            vec![at(2, 3), at(2, 2), at(2, 1)],
                            vec![at(2, 3), at(2, 4)],
                            vec![at(2, 3), at(1, 3)],
                            vec![at(2, 3), at(3, 3), at(4, 3)],
                        ],
                        "{items}"
                    );
                    assert!(!a.exclude_start);
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn counts_with_cells_and_without() {
        match &rules(".ChaosCount~R1C1~0~CC6~CC1~CC2")[..] {
            [Constraint::ChaosCount(c)] => {
                assert_eq!(c.cells, vec![at(2, 2), at(1, 1), at(1, 2)]);
                assert!(!c.exclude_first);
            }
            other => panic!("{other:?}"),
        }
        // no cells: the control cell, then its neighbours inside the grid
        match &rules(".ChaosCount~R1C4~1")[..] {
            [Constraint::ChaosCount(c)] => {
                assert_eq!(c.cells, vec![at(1, 4), at(2, 4), at(1, 3), at(2, 3)]);
                assert!(c.exclude_first);
            }
            other => panic!("{other:?}"),
        }
        match &rules(".CountDistinct~R4C4~CC1~CC16")[..] {
            [Constraint::DistinctRegions(d)] => {
                assert_eq!(
                    (d.cell, d.cells.clone()),
                    (at(4, 4), vec![at(1, 1), at(4, 4)])
                );
            }
            other => panic!("{other:?}"),
        }
        // over grid cells it stays a count of digits
        assert_eq!(
            rules(".CountDistinct~R4C4~R1C1~R1C2")[0].kind(),
            "count-distinct"
        );
        // AllDifferent over region cells: the cells lie in different regions
        match &rules(".AllDifferent~CC1~CC6~CC16")[..] {
            [Constraint::DifferentRegions(d)] => {
                assert_eq!(d.cells, vec![at(1, 1), at(2, 2), at(4, 4)]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(rules(".AllDifferent~R1C1~R2C2")[0].kind(), "extra-region");
    }

    #[test]
    fn what_cannot_be_stated_is_refused_with_its_item() {
        for (items, needle) in [
            (".ChaosArrow~R1C1~0~CC1~R1C2", "must be chaos region cells"),
            (
                ".ChaosArrow~R1C1~0~CC1~CC2~-~CC5",
                "arm 2 starts at r2c1, not at r1c1",
            ),
            (".ChaosArrow~R1C1~0~CC1~-~-~CC1", "arm 2 has no cells"),
            (".ChaosArrow~R1C1~2", "offset \"2\""),
            (
                ".ChaosArrow~CC1~0~CC1~CC2",
                "control cell \"CC1\" is a region cell",
            ),
            (
                ".ChaosCount~R1C1~0~CC17",
                "not a chaos region cell (CC1 … CC16)",
            ),
            (".ChaosCount~R1C1~0~R1C2", "must be chaos region cells"),
            (".CountDistinct~R1C1~CC1~R1C2", "must be chaos region cells"),
            (
                ".CountDistinct~CC1~CC2",
                "control cell \"CC1\" is a region cell",
            ),
            (".ChaosCount~R1C1~0~CC1~CC1", "appears twice"),
            (".AllDifferent~CC1~R1C2", "must be chaos region cells"),
        ] {
            let e = refusal(items);
            assert!(e.contains("ISS item 4"), "{items}: {e}");
            assert!(e.contains(needle), "{items}: {e}");
        }
        // region cells need a chaos construction
        let e = parse(".Shape~4x4.ChaosCount~R1C1~0~CC1")
            .unwrap_err()
            .to_string();
        assert!(e.contains("no chaos construction"), "{e}");
        let e = parse(".Shape~4x4.ChaosArrow~R1C1").unwrap_err().to_string();
        assert!(e.contains("chaos construction"), "{e}");
    }
}
