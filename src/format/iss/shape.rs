//! The grid an ISS string describes — `Shape`, `NoBoxes`, `Jigsaw`, `RegionSize` — as a
//! satdoku [`Shape`]. All of the shape handling is [`grid_shape`], so that new shapes
//! (rectangles, value ranges, chaos construction) are added in one place.
//!
//! satdoku states R×C grids, square or rectangular (each side up to 16 here, ISS's largest;
//! the longer side at least 4), holding max(R, C) values 1..max(R, C) by default (ISS's
//! rule: a 6×8 grid holds 1..8) or another range of at least that many (`9x9~0-8`,
//! `6x6~9`: satdoku's value sets). Regions hold `RegionSize~k` cells (default: max(R, C)),
//! at most as many as there are values. The boxes are ISS's (satdoku's
//! [`rect_box`](crate::geometry::rect_box)): the most square factorisation of k that tiles
//! the grid (`6x8` → 2×4, `6x6` with `RegionSize~9` → 3×3, a square N → satdoku's
//! [`default_box`](crate::geometry::default_box)), none when none tiles it (`9x8`, a prime
//! N); no boxes with `NoBoxes`; jigsaw regions of k cells (the regions when there are no
//! boxes; beside boxes, extra regions); and a chaos construction (`ChaosConstruction`, square
//! grids: N regions found while solving, beside any of those); raw grids (`~Raw`: no rows,
//! columns or regions that differ, satdoku's [`Shape::with_raw`]). Refused: chaos
//! constructions on rectangles or with regions of another size than N, raw grids with
//! jigsaw regions or chaos.

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

/// The rows, the columns, the values and whether the grid is raw, as the `Shape` item
/// states them (9, 9, 1..9 and not raw without one).
pub fn side(items: &ShapeItems) -> Result<(usize, usize, Values, bool), IssError> {
    let Some(item) = &items.shape else {
        return Ok((9, 9, Values::standard(9), false));
    };
    let spec = item.args.join("~");
    let refuse = |why: &str| IssError::Shape {
        at: item.at.clone(),
        spec: spec.clone(),
        why: why.to_string(),
    };
    let (dims, range, kind) = match &item.args[..] {
        [] => return Ok((9, 9, Values::standard(9), false)),
        [d] => (d.as_str(), "", ""),
        [d, r] => (d.as_str(), r.as_str(), ""),
        [d, r, k] => (d.as_str(), r.as_str(), k.as_str()),
        _ => return Err(refuse("expected ROWSxCOLS[~VALUES[~TYPE]]")),
    };
    let (rows, cols) = dims
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(|| refuse("expected ROWSxCOLS, e.g. 9x9"))?;
    // ISS: a grid of R rows and C columns holds max(R, C) values by default
    let n = rows.max(cols);
    if !(1..=16).contains(&rows.min(cols)) || !(crate::format::MIN_SIZE..=16).contains(&n) {
        return Err(refuse(
            "satdoku reads ISS grids of 1 to 16 rows and columns, the longer side at least 4",
        ));
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
    // ISS: a raw grid has no rows, columns or boxes that must differ (its rules say
    // everything)
    if !(kind.is_empty() || kind == "Sudoku" || kind == "Raw") {
        return Err(refuse(&format!(
            "grid type {kind:?}: satdoku grids are sudoku grids or raw ones"
        )));
    }
    Ok((rows, cols, values, kind == "Raw"))
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

/// The satdoku shape for a grid of `rows` × `cols`, and the rules it adds (jigsaw regions
/// kept beside boxes become extra regions).
pub fn grid_shape(
    items: &ShapeItems,
    (rows, cols): (usize, usize),
    values: Values,
    raw: bool,
) -> Result<(Shape, Vec<(Constraint, At)>), IssError> {
    let n = rows.max(cols);
    let cells = rows * cols;
    let valued = |shape: Shape| {
        let shape = shape.with_values(values).map_err(|e| IssError::Shape {
            at: shape_at(items),
            spec: format!("{rows}x{cols}~{values}"),
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
    if raw {
        // no regions: jigsaw pieces and chaos have nothing to stand on (RegionSize and
        // NoBoxes say nothing more)
        if let Some(item) = items.jigsaw.first() {
            return Err(bad(&item.at, "a raw grid has no regions".into()));
        }
        let shape = Shape::rect_with_regions(rows, cols, vec![None; cells])
            .and_then(Shape::with_raw)
            .map_err(|e| IssError::Shape {
                at: shape_at(items),
                spec: format!("{rows}x{cols}~Raw"),
                why: e.to_string(),
            })?;
        return Ok((valued(shape)?, Vec::new()));
    }
    // ISS: regions (boxes, jigsaw pieces) hold `RegionSize` cells, by default max(R, C)
    let k = match &items.region_size {
        None => n,
        Some(item) => {
            let k: Option<usize> = match &item.args[..] {
                [a] => a.trim().parse().ok(),
                _ => None,
            };
            match k {
                Some(k) if (1..=values.count).contains(&k) && k <= cells => k,
                _ => {
                    return Err(IssError::Shape {
                        at: item.at.clone(),
                        spec: item.args.join("~"),
                        why: format!(
                            "expected RegionSize~K, K a region's cell count from 1 to the {} \
                             values",
                            values.count
                        ),
                    })
                }
            }
        }
    };
    // Jigsaw regions: each layout character names a region of k cells; ISS lets one
    // character name cells of another count (cells in no region).
    let mut regions: Vec<Vec<usize>> = Vec::new();
    let mut jigsaw_at: Vec<At> = Vec::new();
    for item in &items.jigsaw {
        let layout = match &item.args[..] {
            [l] | [_, l] => l,
            _ => return Err(bad(&item.at, "expected Jigsaw~LAYOUT".into())),
        };
        let chars: Vec<char> = layout.chars().collect();
        if chars.len() != cells {
            return Err(bad(
                &item.at,
                format!("the layout has {} cells, expected {cells}", chars.len()),
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
            let members: Vec<usize> = (0..cells).filter(|&i| chars[i] == name).collect();
            if members.len() == k {
                regions.push(members);
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
    let boxes = Shape::rect_sized(rows, cols, k).map_err(|e| IssError::Shape {
        at: shape_at(items),
        spec: format!("{rows}x{cols}"),
        why: e.to_string(),
    })?;
    // ISS has no boxes when no box of k cells tiles the grid (a prime N, a 9x8 grid), as
    // with NoBoxes.
    let has_boxes = items.no_boxes.is_none() && crate::geometry::rect_box(rows, cols, k).is_some();
    if has_boxes {
        // Boxes stay; jigsaw regions beside them are extra all-different regions.
        let extra = regions
            .into_iter()
            .zip(jigsaw_at)
            .map(|(cells, at)| {
                let cells = cells
                    .into_iter()
                    .map(|i| Cell::from_position(i, cols))
                    .collect();
                (Constraint::ExtraRegion(ExtraRegion { cells }), at)
            })
            .collect();
        return Ok((valued(boxes)?, extra));
    }
    let mut per_cell: Vec<Option<u16>> = vec![None; cells];
    for (id, members) in regions.iter().enumerate() {
        for &i in members {
            if per_cell[i].is_some() {
                return Err(bad(
                    &jigsaw_at[id],
                    format!("{} is in two jigsaw regions", Cell::from_position(i, cols)),
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
    let shape =
        Shape::rect_with_sized_regions(rows, cols, k, per_cell).map_err(|e| IssError::Shape {
            at,
            spec: "Jigsaw".into(),
            why: e.to_string(),
        })?;
    Ok((valued(shape)?, Vec::new()))
}
