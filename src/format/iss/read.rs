//! From the items of an ISS string to a satdoku puzzle: the shape first, then top-level
//! givens (ISS intersects several givens of one cell), diagonals, strict kropki / XV (the
//! unmarked neighbours), `Or` / `And` groups, and every other item through
//! [`rules::leaf`](super::rules::leaf). Each rule keeps the item it came from, so a rule
//! that satdoku's validation refuses is named with its place in the string.

use super::args::{bad, value_id};
use super::error::{At, IssError};
use super::rules::leaf;
use super::shape::{grid_shape, side, ShapeItems};
use super::tokens::Node;
use crate::format::fpuzzles::Import;
use crate::format::json::{Document, Meta};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::*;
use std::collections::BTreeMap;

/// Whole-grid items read once (ISS keeps one of each).
const GLOBALS: &[&str] = &[
    "AntiKnight",
    "AntiKing",
    "AntiTaxicab",
    "AntiConsecutive",
    "DisjointSets",
    "GlobalEntropy",
    "GlobalMod",
    "DutchFlatmates",
    "Windoku",
];

/// What the top level gathers before it becomes rules.
#[derive(Default)]
struct Top {
    rules: Vec<(Constraint, At)>,
    givens: BTreeMap<Cell, (At, Vec<usize>)>,
    diagonal: Option<(At, bool, bool)>,
    strict_kropki: Option<At>,
    strict_xv: Option<At>,
    /// `FullRank` clues and `FullRankTies`: one `full-rank` rule for all of them.
    rank: Option<(At, full_rank::FullRank)>,
    globals: Vec<String>,
    warnings: Vec<String>,
}

/// Reads the puzzle the items state.
pub fn puzzle(nodes: &[Node]) -> Result<Import, IssError> {
    // ISS keeps the last clue of each place outside the grid ([`super::merge`])
    let mut warnings = Vec::new();
    let nodes = &super::merge::merge(nodes, &mut warnings);
    let mut items = ShapeItems::default();
    for node in nodes {
        if let Node::Leaf(item) = node {
            match item.at.name.as_str() {
                "Shape" if items.shape.is_none() => items.shape = Some(item.clone()),
                "NoBoxes" => items.no_boxes = Some(item.clone()),
                "Jigsaw" => items.jigsaw.push(item.clone()),
                "RegionSize" => items.region_size = Some(item.clone()),
                "ChaosConstruction" => items.chaos = Some(item.clone()),
                _ => {}
            }
        }
    }
    let (rows, cols, values, raw) = side(&items)?;
    let (shape, extra) = grid_shape(&items, (rows, cols), values, raw)?;
    // the extra cells (`Var`) after the grid's; their names become cells in every item
    let vars = super::vars::declare(nodes, &shape, &mut warnings)?;
    let shape = shape
        .with_extra(vars.count())
        .map_err(|e| IssError::Unsupported {
            at: nodes
                .iter()
                .find_map(|n| match n {
                    Node::Leaf(i) if i.at.name == "Var" => Some(i.at.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| super::error::At {
                    item: 1,
                    name: "Var".into(),
                }),
            why: e.to_string(),
        })?;
    let nodes = &super::vars::rewrite(nodes, &vars, &shape);
    let mut top = Top {
        rules: extra,
        warnings,
        ..Top::default()
    };
    for node in nodes {
        top_node(node, &shape, &mut top)?;
    }
    if let Some([rows, cols, boxes]) = vars.doppelganger(&shape) {
        // the doppelganger's own extra cells, named by some item: the rule fills them
        let rule = top.rules.iter_mut().find_map(|(c, at)| match c {
            Constraint::Doppelganger(d) => Some((d, at.clone())),
            _ => None,
        });
        // declared only beside a top-level Doppelganger item, which became this rule
        let Some((d, at)) = rule else {
            return Err(bad(
                &super::error::At {
                    item: 1,
                    name: "Doppelganger".into(),
                },
                "the doppelganger's cells are named but no doppelganger rule stands",
            ));
        };
        d.missing_rows = rows;
        d.missing_columns = cols;
        d.missing_boxes = boxes;
        // ISS fixes its hidden DGZ, and the box cells of a grid without boxes, to 0 (stated
        // as the Doppelganger item's own)
        for cell in vars.zeros(&shape) {
            let zero = pencil_marks::PencilMarks {
                cell,
                digits: vec![0],
            };
            top.rules.push((Constraint::PencilMarks(zero), at.clone()));
        }
    }
    finish(top, shape)
}

fn top_node(node: &Node, shape: &Shape, top: &mut Top) -> Result<(), IssError> {
    let n = shape.size();
    let item = match node {
        Node::Group(h, kids) if h.at.name == "Replicate" => {
            for k in super::replicate::expand(h, kids, n)? {
                top_node(&k, shape, top)?;
            }
            return Ok(());
        }
        Node::Group(h, kids) if h.at.name == "And" => {
            for k in kids {
                top_node(k, shape, top)?;
            }
            return Ok(());
        }
        Node::Group(..) => {
            let c = branch(node, shape, &mut top.warnings)?;
            let Node::Group(h, _) = node else {
                unreachable!()
            };
            top.rules.push((c, h.at.clone()));
            return Ok(());
        }
        Node::Leaf(item) => item,
    };
    let at = &item.at;
    match at.name.as_str() {
        "Shape" | "NoBoxes" | "Jigsaw" | "RegionSize" | "ChaosConstruction" | "Var" => {}
        "Given" => {
            for v in &item.args {
                let (cell, digits) = value_id(at, v, n, shape.values())?;
                top.givens
                    .entry(cell)
                    .and_modify(|(_, old)| old.retain(|d| digits.contains(d)))
                    .or_insert((at.clone(), digits));
            }
        }
        "Diagonal" => {
            for c in leaf(item, shape, &mut top.warnings)? {
                if let Constraint::Diagonal(d) = c {
                    let e = top.diagonal.get_or_insert((at.clone(), false, false));
                    e.1 |= d.positive;
                    e.2 |= d.negative;
                }
            }
        }
        "FullRank" => {
            let clues = super::clues::rank_clues(item, n)?;
            let rank = top
                .rank
                .get_or_insert_with(|| (at.clone(), Default::default()));
            rank.1.clues.extend(clues);
        }
        "FullRankTies" => {
            let ties = match item.args.first().map(String::as_str) {
                Some("none") => full_rank::Ties::None,
                Some("only-unclued") => full_rank::Ties::Unclued,
                Some("any") => full_rank::Ties::Any,
                other => {
                    return Err(bad(
                        at,
                        format!("{other:?}: expected none, only-unclued or any"),
                    ))
                }
            };
            top.rank
                .get_or_insert_with(|| (at.clone(), Default::default()))
                .1
                .ties = ties;
        }
        "StrictKropki" | "StrictXV" => {
            if !item.args.is_empty() {
                return Err(bad(at, "takes no arguments"));
            }
            let slot = if at.name == "StrictKropki" {
                &mut top.strict_kropki
            } else {
                &mut top.strict_xv
            };
            slot.get_or_insert(at.clone());
        }
        name if GLOBALS.contains(&name) => {
            if !top.globals.iter().any(|g| g == name) {
                top.globals.push(name.to_string());
                for c in leaf(item, shape, &mut top.warnings)? {
                    top.rules.push((c, at.clone()));
                }
            }
        }
        _ => {
            for c in leaf(item, shape, &mut top.warnings)? {
                top.rules.push((c, at.clone()));
            }
        }
    }
    Ok(())
}

/// One branch of an `Or` (or the `Or` / `And` itself) as one rule.
fn branch(node: &Node, shape: &Shape, warnings: &mut Vec<String>) -> Result<Constraint, IssError> {
    match node {
        Node::Leaf(item) => {
            let mut cs = leaf(item, shape, warnings)?;
            match cs.len() {
                0 => Err(bad(
                    &item.at,
                    "states no rule, so it cannot be a branch of an .Or",
                )),
                1 => Ok(cs.pop().expect("one")),
                _ => Ok(Constraint::And(or::And { of: cs })),
            }
        }
        Node::Group(h, kids) if h.at.name == "Replicate" => {
            let copies = super::replicate::expand(h, kids, shape.size())?;
            if copies.is_empty() {
                return Err(bad(
                    &h.at,
                    "states no rule (no targets or no items), so it cannot be a branch of an .Or",
                ));
            }
            let of = copies
                .iter()
                .map(|k| branch(k, shape, warnings))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Constraint::And(or::And { of }))
        }
        Node::Group(h, kids) => {
            let of = kids
                .iter()
                .map(|k| branch(k, shape, warnings))
                .collect::<Result<Vec<_>, _>>()?;
            match h.at.name.as_str() {
                "Or" => Ok(Constraint::Or(or::Or { of })),
                "And" => Ok(Constraint::And(or::And { of })),
                _ => Err(bad(&h.at, "an unknown group")),
            }
        }
    }
}

/// Marked pairs of the given kinds anywhere in the rules, and whether some sit inside an
/// `or` (where ISS calls strict marks ill-defined).
fn marked(rules: &[(Constraint, At)], kropki: bool) -> (Vec<[Cell; 2]>, bool) {
    fn walk(
        c: &Constraint,
        kropki: bool,
        nested: bool,
        out: &mut Vec<[Cell; 2]>,
        in_or: &mut bool,
    ) {
        let pair = match c {
            Constraint::Difference(d) if kropki => Some(d.cells),
            Constraint::Ratio(r) if kropki => Some(r.cells),
            Constraint::Xv(x) if !kropki => Some(x.cells),
            Constraint::Or(o) => {
                o.of.iter().for_each(|k| walk(k, kropki, true, out, in_or));
                None
            }
            Constraint::And(a) => {
                a.of.iter()
                    .for_each(|k| walk(k, kropki, nested, out, in_or));
                None
            }
            _ => None,
        };
        if let Some(p) = pair {
            if nested {
                *in_or = true;
            } else {
                let p = if p[0] <= p[1] { p } else { [p[1], p[0]] };
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    let (mut out, mut in_or) = (Vec::new(), false);
    for (c, _) in rules {
        walk(c, kropki, false, &mut out, &mut in_or);
    }
    (out, in_or)
}

fn finish(mut top: Top, shape: Shape) -> Result<Import, IssError> {
    if let Some((at, positive, negative)) = top.diagonal.take() {
        top.rules.push((
            Constraint::Diagonal(diagonal::Diagonal { positive, negative }),
            at,
        ));
    }
    if let Some((at, rank)) = top.rank.take() {
        top.rules.push((Constraint::FullRank(rank), at));
    }
    if let Some(at) = top.strict_kropki.take() {
        // ISS: unmarked neighbours are neither consecutive nor one double the other.
        let (except, in_or) = marked(&top.rules, true);
        if in_or {
            return Err(bad(
                &at,
                "ISS calls StrictKropki ill-defined with a dot inside an .Or",
            ));
        }
        top.rules.push((
            Constraint::NonConsecutive(non_consecutive::NonConsecutive {
                except: except.clone(),
            }),
            at.clone(),
        ));
        top.rules.push((
            Constraint::NegativeRatio(negative_ratio::NegativeRatio {
                ratios: vec![2],
                except,
            }),
            at,
        ));
    }
    if let Some(at) = top.strict_xv.take() {
        // ISS: unmarked neighbours sum to neither 5 nor 10.
        let (except, in_or) = marked(&top.rules, false);
        if in_or {
            return Err(bad(
                &at,
                "ISS calls StrictXV ill-defined with an X or V inside an .Or",
            ));
        }
        top.rules.push((
            Constraint::NegativeXv(negative_xv::NegativeXv { except }),
            at,
        ));
    }
    let mut givens = Grid::for_shape(&shape);
    for (cell, (at, digits)) in std::mem::take(&mut top.givens) {
        if !shape.holds(cell) {
            return Err(bad(
                &at,
                format!(
                    "{cell} is outside the {}x{} grid",
                    shape.rows(),
                    shape.cols()
                ),
            ));
        }
        match digits[..] {
            [] => return Err(bad(&at, format!("the givens of {cell} leave no digit"))),
            [d] => givens.set(cell, Some(Digit::new(d))),
            _ => top.rules.push((
                Constraint::PencilMarks(pencil_marks::PencilMarks {
                    cell,
                    digits: super::args::as_values(&at, &digits, shape.values())?,
                }),
                at,
            )),
        }
    }
    let (constraints, places): (Vec<_>, Vec<_>) = top.rules.into_iter().unzip();
    let puzzle = Puzzle::new(shape, givens, constraints).map_err(|e| match e {
        crate::Error::Constraint {
            index,
            kind,
            message,
        } => IssError::Puzzle {
            at: places.get(index).cloned().unwrap_or(At {
                item: 0,
                name: "?".into(),
            }),
            message: format!("{kind}: {message}"),
        },
        e => IssError::Puzzle {
            at: At {
                item: 0,
                name: "givens".into(),
            },
            message: e.to_string(),
        },
    })?;
    Ok(Import {
        document: Document {
            puzzle,
            meta: Meta::default(),
            solution: None,
        },
        warnings: top.warnings,
    })
}
