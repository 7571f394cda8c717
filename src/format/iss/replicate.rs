//! ISS's `Replicate~TARGETS~ORIGIN … .End`: the items inside are a template, stated once
//! for each target cell, shifted by the target's row and column offsets from the origin
//! (`R1C1` when left out). The template itself is stated only where a target is the origin.
//!
//! TARGETS is a bit set of cell offsets from the origin in reading order (offset 0 is the
//! origin, offset 1 the cell after it, wrapping to the next row): URL-safe base64, six
//! offsets per character, the lowest bit first. A template cell shifted off the grid, a
//! target off the grid, and items ISS does not allow in a template (outside clues,
//! whole-grid rules, shapes, a `Replicate` inside a `Replicate`) are refused.
//!
//! The copies are read as the items they are: shifting rewrites each cell argument (and
//! the cell of each given), keeping the other arguments (sums, keys, names).

use super::args::{bad, cell, extra_token, placed, Layout};
use super::error::IssError;
use super::tokens::{Item, Node};
use crate::geometry::Cell;

/// The URL-safe base64 alphabet, in value order.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Items whose first argument is a key or pattern, never shifted.
const KEYED: &[&str] = &["NFA", "Pair", "PairX", "Binary", "BinaryX", "Regex"];

/// Items ISS allows in a template (its lines and sets, givens, pairwise tables, state
/// machines, and `Or` / `And`).
const ALLOWED: &[&str] = &[
    "AllDifferent",
    "Arrow",
    "Between",
    "BlackDot",
    "Cage",
    "ContainAtLeast",
    "ContainExact",
    "CountDistinct",
    "CountingCircles",
    "DoubleArrow",
    "Entropic",
    "EqualSum",
    "EqualityCage",
    "GreaterThan",
    "Indexing",
    "Lockout",
    "LookAndSay",
    "Lunchbox",
    "Modular",
    "Palindrome",
    "PillArrow",
    "Quad",
    "Regex",
    "RegionSumLine",
    "RellikCage",
    "Renban",
    "SameValues",
    "Sum",
    "SumLine",
    "Thermo",
    "V",
    "ValueIndexing",
    "Whisper",
    "WhiteDot",
    "X",
    "Zipper",
    "Given",
    "Pair",
    "PairX",
    "Binary",
    "BinaryX",
    "NFA",
    "Or",
    "And",
];

/// The copies of a `Replicate` group, in target order, each the template's items shifted.
///
/// The origin may be one of ISS's extra cells (`Var~L~~9x9`, origin `VL1`): then the targets
/// are cells of the origin's group (offsets past the origin's place in it), and the template's
/// cells are cells of that group too, shifted in the group's own rows and columns; a cell of
/// another group, or of the grid, is refused, as ISS refuses it ("All Replicate cells must be
/// in the same cell group").
pub fn expand(header: &Item, kids: &[Node], n: usize) -> Result<Vec<Node>, IssError> {
    let at = &header.at;
    let bits = header.args.first().map(String::as_str).unwrap_or("");
    let origin = placed(at, header.args.get(1).map_or("R1C1", String::as_str), n)?;
    if header.args.len() > 2 {
        return Err(bad(at, "expected the targets and the origin only"));
    }
    // the origin's place and its group's extent: (index, columns, count) in the group's
    // layout; the grid is a group of n×n in rows of n
    let (base, columns, count) = match origin.layout {
        Some(l) => (l.index, l.columns, l.count),
        None => (origin.cell.position(n), n, n * n),
    };
    let mut targets = Vec::new();
    for (k, ch) in bits.chars().enumerate() {
        let v = ALPHABET
            .iter()
            .position(|&a| char::from(a) == ch)
            .ok_or_else(|| {
                bad(
                    at,
                    format!("targets {bits:?}: {ch:?} is not URL-safe base64"),
                )
            })?;
        for b in (0..6).filter(|b| v >> b & 1 == 1) {
            let pos = base + k * 6 + b;
            if pos >= count {
                let past = match origin.layout {
                    Some(_) => "the origin's group of extra cells",
                    None => "the grid",
                };
                return Err(bad(
                    at,
                    format!("targets {bits:?}: offset {} is past {past}", k * 6 + b),
                ));
            }
            targets.push((pos / columns, pos % columns));
        }
    }
    let (or, oc) = (base / columns, base % columns);
    let mut out = Vec::new();
    for (tr, tc) in targets {
        let shift = |text: &str, item: &Item| -> Result<String, IssError> {
            let c = placed(&item.at, text, n)?;
            let same_group = match (c.layout, origin.layout) {
                (Some(a), Some(b)) => a.group == b.group,
                (None, None) => true,
                _ => false,
            };
            if !same_group {
                return Err(bad(
                    &item.at,
                    format!(
                        "{} is not in the origin's group of cells (ISS: all Replicate cells \
                         must be in the same cell group)",
                        crate::error::excerpt(text)
                    ),
                ));
            }
            let index = c.layout.map_or(c.cell.position(n), |l| l.index);
            let r = (index / columns + tr) as isize - or as isize;
            let col = (index % columns + tc) as isize - oc as isize;
            let moved = r * columns as isize + col;
            if r < 0 || col < 0 || col >= columns as isize || moved >= count as isize {
                return Err(bad(
                    &item.at,
                    match origin.layout {
                        None => format!(
                            "{text} shifted to the target {} leaves the grid",
                            super::args::cell_name(tr, tc)
                        ),
                        Some(_) => format!(
                            "an extra cell shifted to row {} column {} of its group leaves \
                             the group",
                            tr + 1,
                            tc + 1
                        ),
                    },
                ));
            }
            let moved = moved as usize;
            Ok(match c.layout {
                None => super::args::cell_name(moved / n, moved % n),
                Some(l) => extra_token(
                    Cell::from_position(c.cell.position(n) - l.index + moved, n),
                    Layout { index: moved, ..l },
                ),
            })
        };
        for kid in kids {
            out.push(shifted(kid, n, &shift)?);
        }
    }
    Ok(out)
}

/// `node` with every cell argument moved by `shift`.
fn shifted(
    node: &Node,
    n: usize,
    shift: &dyn Fn(&str, &Item) -> Result<String, IssError>,
) -> Result<Node, IssError> {
    let item = match node {
        Node::Leaf(item) => item,
        Node::Group(h, kids) => {
            if h.at.name == "Replicate" {
                return Err(IssError::Unsupported {
                    at: h.at.clone(),
                    why: "a Replicate inside a Replicate is not read".into(),
                });
            }
            let kids = kids
                .iter()
                .map(|k| shifted(k, n, shift))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Node::Group(h.clone(), kids));
        }
    };
    let name = item.at.name.as_str();
    if !ALLOWED.contains(&name) {
        return Err(IssError::Unsupported {
            at: item.at.clone(),
            why: format!("{name} inside a Replicate (ISS allows lines, sets, givens, tables and state machines there)"),
        });
    }
    let skip = usize::from(KEYED.contains(&name));
    let mut args = item.args.clone();
    for a in args.iter_mut().skip(skip) {
        if name == "Given" {
            let (c, rest) = a.split_once('_').unwrap_or((a.as_str(), ""));
            *a = format!("{}_{rest}", shift(c, item)?);
        } else if cell(&item.at, a, n).is_ok() {
            *a = shift(a, item)?;
        }
    }
    Ok(Node::Leaf(Item {
        at: item.at.clone(),
        args,
    }))
}

#[cfg(test)]
mod tests {
    use crate::format::iss::parse;
    use crate::rules::Constraint;

    fn rules(text: &str) -> Vec<Constraint> {
        parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .document
            .puzzle
            .constraints()
            .to_vec()
    }

    /// Targets `C` = bit 1 (the cell after the origin), `B` = bit 0 (the origin) and `AE` =
    /// bit 8 (eight cells on); the template is not stated at the origin unless bit 0 is set.
    #[test]
    fn copies_land_on_the_targets() {
        let rs = rules(".Replicate~C.Thermo~R1C1~R2C1.End");
        assert_eq!(rs.len(), 1);
        let Constraint::Thermometer(t) = &rs[0] else {
            panic!("{rs:?}")
        };
        assert_eq!(t.cells[0].to_string(), "r1c2");
        assert_eq!(t.cells[1].to_string(), "r2c2");
        let rs = rules(".Replicate~BE~R2C2.Cage~5~R2C2~R2C3.End");
        let cells: Vec<String> = rs
            .iter()
            .map(|c| match c {
                Constraint::Killer(k) => format!("{}{}", k.cells[0], k.cells[1]),
                other => panic!("{other:?}"),
            })
            .collect();
        // bits 0 (the origin) and 8 (r3c1: eight cells on from r2c2)
        assert_eq!(cells, ["r2c2r2c3", "r3c1r3c2"]);
        // a given in the template is shifted too; keys are not
        let rs = rules(".Replicate~C.~R1C1_3.Or.Cage~4~R1C1~R1C2.Cage~5~R1C1~R1C2.End.End");
        assert!(matches!(&rs[0], Constraint::Or(_)), "{rs:?}");
        let p = parse(".Replicate~C.~R1C1_3.End").unwrap().document.puzzle;
        let at = crate::geometry::Cell::new(1, 2);
        assert_eq!(p.givens().get(at).map(|d| d.get()), Some(3));
    }

    #[test]
    fn refusals() {
        let e = |t: &str| parse(t).unwrap_err().to_string();
        assert!(e(".Replicate~AE.Thermo~R1C1~R1C2.End").contains("leaves the grid"));
        assert!(e(".Replicate~B.AntiKnight.End").contains("AntiKnight inside a Replicate"));
        assert!(e(".Replicate~B.LittleKiller~5~R1C1.End").contains("inside a Replicate"));
        assert!(e(".Replicate~B.Replicate~B.End.End").contains("inside a Replicate"));
        assert!(e(".Replicate~________________.Cage~3~R1C1~R1C2.End").contains("past the grid"));
        assert!(e(".Replicate~*.Cage~3~R1C1~R1C2.End").contains("base64"));
        // an origin among extra cells: the template and the targets stay in its group
        let var = |t: &str| e(&format!(".Shape~4x4.Var~L~~2x2.Replicate~{t}.End"));
        assert!(var("D~VL1.Cage~3~VL1~R1C1").contains("not in the origin's group"));
        assert!(var("Q~VL1.Cage~3~VL1~VL3").contains("past the origin's group"));
        assert!(var("C~VL1.Cage~3~VL1~VL2").contains("leaves the group"));
    }

    /// ISS's "Nordschleife" and "Xin Yang" replicate a template over a `Var` group laid out
    /// as the grid (`Var~L~~9x9`, origin `VL1`): the copies move in the group's rows.
    #[test]
    fn copies_move_within_a_group_of_extra_cells() {
        // VL1..VL4 are r5c1..r5c4 after the 4×4 grid, laid out by ISS as 2×2: targets D =
        // bits 0 and 1 (VL1, VL2); the template's VL3 lies below VL1
        let rs = rules(".Shape~4x4.Var~L~~2x2.Replicate~D~VL1.Sum~3~VL1~VL3.~VL1_1_2.End");
        let cages: Vec<String> = rs
            .iter()
            .filter(|c| !matches!(c, Constraint::PencilMarks(_)))
            .map(|c| {
                let json = serde_json::to_value(c).unwrap();
                let cells = json["cells"].as_array().cloned().unwrap_or_default();
                cells.iter().filter_map(|v| v.as_str()).collect()
            })
            .collect();
        assert_eq!(cages, ["r5c1r5c3", "r5c2r5c4"]);
        let marks = rs
            .iter()
            .filter(|c| matches!(c, Constraint::PencilMarks(_)))
            .count();
        assert_eq!(marks, 2, "{rs:?}");
    }
}
