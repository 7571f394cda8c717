//! The grid an ISS string describes — `Shape`, `NoBoxes`, `Jigsaw`, `RegionSize` — as a
//! satdoku [`Shape`]. All of the shape handling is [`grid_shape`], so that new shapes
//! (rectangles, value ranges, chaos construction) are added in one place.
//!
//! satdoku states square N×N grids (4 ≤ N ≤ 16 here, ISS's largest) holding the digits 1..N
//! or another range of at least N values (`9x9~0-8`, `6x6~9`: satdoku's value sets),
//! with ISS's default boxes (the most square r×c, r ≤ c: the same rule as satdoku's
//! [`default_box`](crate::geometry::default_box)), no boxes (`NoBoxes`, or a prime N, where
//! ISS finds no boxes), or jigsaw regions (the regions when there are no boxes; beside boxes,
//! extra regions), and a chaos construction (`ChaosConstruction`: N regions found while
//! solving, beside any of those). Refused:
//! rectangles (`6x8`), raw grids (`~Raw`), boxes of another size (`RegionSize`).

use super::error::{At, IssError};
use super::tokens::Item;
use crate::geometry::{Cell, Shape, Values};
use crate::rules::{extra_region::ExtraRegion, Constraint};

/// The shape items of a string, gathered (top level only).
#[derive(Default)]
pub struct ShapeItems {
    /// `Shape~…` (the first one; ISS reads only the first).
    pub shape: Option<Item>,
    /// `NoBoxes`.
    pub no_boxes: Option<Item>,
    /// `Jigsaw~…` items.
    pub jigsaw: Vec<Item>,
    /// `RegionSize~k`.
    pub region_size: Option<Item>,
    /// `ChaosConstruction`: N regions to find, beside any boxes or jigsaw regions.
    pub chaos: Option<Item>,
}

/// The side N and the values the `Shape` item states (9 and 1..9 without one).
pub fn side(items: &ShapeItems) -> Result<(usize, Values), IssError> {
    let Some(item) = &items.shape else {
        return Ok((9, Values::standard(9)));
    };
    let spec = item.args.join("~");
    let refuse = |why: &str| IssError::Shape {
        at: item.at.clone(),
        spec: spec.clone(),
        why: why.to_string(),
    };
    let (dims, range, kind) = match &item.args[..] {
        [] => return Ok((9, Values::standard(9))),
        [d] => (d.as_str(), "", ""),
        [d, r] => (d.as_str(), r.as_str(), ""),
        [d, r, k] => (d.as_str(), r.as_str(), k.as_str()),
        _ => return Err(refuse("expected ROWSxCOLS[~VALUES[~TYPE]]")),
    };
    let (rows, cols) = dims
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(|| refuse("expected ROWSxCOLS, e.g. 9x9"))?;
    if rows != cols {
        return Err(refuse("satdoku grids are square"));
    }
    let n = rows;
    if !(crate::format::MIN_SIZE..=16).contains(&n) {
        return Err(refuse("satdoku reads ISS grids of 4x4 to 16x16"));
    }
    // ISS: `~9` is the values 1..9, `~0-8` the values 0..8 (satdoku's value sets).
    let values = if range.is_empty() {
        Values::standard(n)
    } else {
        Values::parse(range).map_err(|e| refuse(&e.to_string()))?
    };
    if values.count < n {
        return Err(refuse(&format!(
            "{} values cannot fill the {n} cells of a row",
            values.count
        )));
    }
    if !(kind.is_empty() || kind == "Sudoku") {
        return Err(refuse(&format!(
            "grid type {kind:?}: satdoku grids have sudoku rows and columns"
        )));
    }
    Ok((n, values))
}

/// Where a shape error points: the `Shape` item, or item 0 when the string has none.
fn shape_at(items: &ShapeItems) -> At {
    items.shape.as_ref().map_or(
        At {
            item: 0,
            name: "Shape".into(),
        },
        |s| s.at.clone(),
    )
}

/// The satdoku shape for side `n`, and the rules it adds (jigsaw regions kept beside boxes
/// become extra regions).
pub fn grid_shape(
    items: &ShapeItems,
    n: usize,
    values: Values,
) -> Result<(Shape, Vec<(Constraint, At)>), IssError> {
    let valued = |shape: Shape| {
        let shape = shape.with_values(values).map_err(|e| IssError::Shape {
            at: shape_at(items),
            spec: format!("{n}x{n}~{values}"),
            why: e.to_string(),
        })?;
        match &items.chaos {
            // ISS: regions of as many cells as values, found while solving
            Some(item) => shape.with_chaos().map_err(|e| IssError::Shape {
                at: item.at.clone(),
                spec: "ChaosConstruction".into(),
                why: e.to_string(),
            }),
            None => Ok(shape),
        }
    };
    let bad = |at: &At, message: String| IssError::Bad {
        at: at.clone(),
        message,
    };
    if let Some(item) = &items.region_size {
        let k: Option<usize> = item.args.first().and_then(|a| a.parse().ok());
        if k != Some(n) {
            return Err(IssError::Shape {
                at: item.at.clone(),
                spec: item.args.join("~"),
                why: format!("regions of another size than {n} (satdoku regions hold every digit)"),
            });
        }
    }
    // Jigsaw regions: each layout character names a region of N cells; ISS lets one
    // character name cells of another count (cells in no region).
    let mut regions: Vec<Vec<usize>> = Vec::new();
    let mut jigsaw_at: Vec<At> = Vec::new();
    for item in &items.jigsaw {
        let layout = match &item.args[..] {
            [l] | [_, l] => l,
            _ => return Err(bad(&item.at, "expected Jigsaw~LAYOUT".into())),
        };
        let chars: Vec<char> = layout.chars().collect();
        if chars.len() != n * n {
            return Err(bad(
                &item.at,
                format!("the layout has {} cells, expected {}", chars.len(), n * n),
            ));
        }
        let mut names: Vec<char> = Vec::new();
        for &ch in &chars {
            if !names.contains(&ch) {
                names.push(ch);
            }
        }
        if names.len() == 1 {
            continue;
        }
        let mut other = false;
        for name in names {
            let cells: Vec<usize> = (0..n * n).filter(|&i| chars[i] == name).collect();
            if cells.len() == n {
                regions.push(cells);
                jigsaw_at.push(item.at.clone());
            } else if !other {
                other = true;
            } else {
                return Err(bad(
                    &item.at,
                    "regions of different sizes in the layout".into(),
                ));
            }
        }
    }
    let boxes = Shape::new(n).map_err(|e| IssError::Shape {
        at: shape_at(items),
        spec: format!("{n}x{n}"),
        why: e.to_string(),
    })?;
    // ISS has no boxes for a prime N (its box search finds none), as with NoBoxes.
    let has_boxes = items.no_boxes.is_none() && crate::geometry::default_box(n).0 > 1;
    if has_boxes {
        // Boxes stay; jigsaw regions beside them are extra all-different regions.
        let extra = regions
            .into_iter()
            .zip(jigsaw_at)
            .map(|(cells, at)| {
                let cells = cells
                    .into_iter()
                    .map(|i| Cell::from_position(i, n))
                    .collect();
                (Constraint::ExtraRegion(ExtraRegion { cells }), at)
            })
            .collect();
        return Ok((valued(boxes)?, extra));
    }
    let mut per_cell: Vec<Option<u16>> = vec![None; n * n];
    for (id, cells) in regions.iter().enumerate() {
        for &i in cells {
            if per_cell[i].is_some() {
                return Err(bad(
                    &jigsaw_at[id],
                    format!("{} is in two jigsaw regions", Cell::from_position(i, n)),
                ));
            }
            per_cell[i] = Some(id as u16);
        }
    }
    let at = jigsaw_at
        .first()
        .cloned()
        .or_else(|| items.no_boxes.as_ref().map(|i| i.at.clone()))
        .or_else(|| items.shape.as_ref().map(|i| i.at.clone()))
        .unwrap_or(At {
            item: 0,
            name: "Shape".into(),
        });
    let shape = Shape::with_regions(n, per_cell).map_err(|e| IssError::Shape {
        at,
        spec: "Jigsaw".into(),
        why: e.to_string(),
    })?;
    Ok((valued(shape)?, Vec::new()))
}
