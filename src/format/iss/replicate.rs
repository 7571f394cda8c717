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

use super::args::{bad, cell};
use super::error::IssError;
use super::tokens::{Item, Node};

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
pub fn expand(header: &Item, kids: &[Node], n: usize) -> Result<Vec<Node>, IssError> {
    let at = &header.at;
    let bits = header.args.first().map(String::as_str).unwrap_or("");
    let origin = match header.args.get(1) {
        Some(o) => cell(at, o, n)?,
        None => cell(at, "R1C1", n)?,
    };
    if header.args.len() > 2 {
        return Err(bad(at, "expected the targets and the origin only"));
    }
    let base = origin.position(n);
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
            if pos >= n * n {
                return Err(bad(
                    at,
                    format!("targets {bits:?}: offset {} is past the grid", k * 6 + b),
                ));
            }
            targets.push((pos / n, pos % n));
        }
    }
    let (or, oc) = (origin.r(), origin.c());
    let mut out = Vec::new();
    for (tr, tc) in targets {
        let shift = |text: &str, item: &Item| -> Result<String, IssError> {
            let c = cell(&item.at, text, n)?;
            let r = (c.r() + tr) as isize - or as isize;
            let col = (c.c() + tc) as isize - oc as isize;
            if r < 0 || col < 0 || r >= n as isize || col >= n as isize {
                return Err(bad(
                    &item.at,
                    format!(
                        "{text} shifted to the target {} leaves the grid",
                        super::args::cell_name(tr, tc)
                    ),
                ));
            }
            Ok(super::args::cell_name(r as usize, col as usize))
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
    }
}
