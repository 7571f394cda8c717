//! ISS's extra cells (`Var~PREFIX~LABEL~SIZE`): cells outside the grid that any constraint
//! may name. A group of SIZE cells is named `V{PREFIX}{k}` (k = 1..SIZE), or `V{PREFIX}` when
//! SIZE is 1; SIZE is a count or `RxC` (rows of C cells, a display layout: the names are
//! the same); LABEL is ISS's display name only. ISS numbers the groups' cells after the grid
//! in the order of their prefixes, and so does satdoku: they become the shape's extra cells
//! ([`Shape::with_extra`]), the first group's first cell right after the grid's last.
//!
//! The items are read before any rule: every argument naming an extra cell (`VA2`, or the
//! cell of a given `VA2_3_5`) is rewritten into a token naming the cell's place
//! ([`super::args::extra_token`]), which [`super::args::cell`] reads back. A second `Var` of
//! one prefix replaces the first, as in ISS (with a warning); a `Var` inside `Or` or `And`
//! is refused.
//!
//! ISS's `Doppelganger` declares extra cells of its own, holding the digit each house
//! misses: `DGC1…DGCN` (rows: a column of cells beside the grid), `DGR1…` (columns),
//! `DGB1…` (boxes), and a hidden `DGZ` (always 0). When an item names one of them, satdoku
//! declares the three groups as extra cells too (first, as their prefixes sort before
//! `V…`), and `DGZ` after them when an item names it; the doppelganger rule ties each to its
//! house ([`crate::rules::doppelganger::Doppelganger`]'s `missing_*` cells). As in ISS,
//! `DGZ` holds 0, and so do the box cells of a grid without boxes ([`Vars::zeros`]).

use super::args::{bad, extra_token, group_token, Layout};
use super::error::IssError;
use super::tokens::{Item, Node};
use crate::geometry::{Cell, Shape};
use std::collections::BTreeMap;

/// The extra cells the `Var` items declare: name → index (0-based, in ISS's order) and
/// where ISS lays the cell out (which cells it touches).
#[derive(Debug, Default)]
pub struct Vars {
    names: BTreeMap<String, (usize, Layout)>,
    /// Each group's prefix as ISS names it (`VA`, `DGB`): its cells' names, in order.
    groups: BTreeMap<String, Vec<String>>,
    count: usize,
    /// The doppelganger's groups, when named: (first index, count) of rows, columns, boxes
    /// (no boxes on a grid without them).
    doppelganger: Option<[(usize, usize); 3]>,
    /// The extra cells ISS fixes to 0: its hidden `DGZ`, and the box cells of a doppelganger
    /// on a grid without boxes.
    zeros: Vec<usize>,
}

impl Vars {
    /// How many extra cells the items declare.
    pub fn count(&self) -> usize {
        self.count
    }
    /// The extra cells holding the digits the rows, columns and boxes miss, when the items
    /// name ISS's doppelganger cells.
    pub fn doppelganger(&self, shape: &Shape) -> Option<[Vec<Cell>; 3]> {
        let groups = self.doppelganger?;
        Some(groups.map(|(first, count)| {
            (first..first + count)
                .map(|k| shape.extra_cell(k))
                .collect()
        }))
    }

    /// The extra cells ISS fixes to 0 (its hidden `DGZ` when named, and a doppelganger's box
    /// cells on a grid without boxes).
    pub fn zeros(&self, shape: &Shape) -> Vec<Cell> {
        self.zeros.iter().map(|&k| shape.extra_cell(k)).collect()
    }
}

/// ISS's doppelganger groups, in the order their prefixes sort: boxes, columns, rows.
const DG_GROUPS: [&str; 3] = ["DGB", "DGC", "DGR"];

/// Whether an argument names ISS's hidden zero cell `DGZ` (or a given's cell `DGZ_0`).
fn names_zero_cell(arg: &str) -> bool {
    arg.split('_').next() == Some("DGZ")
}

/// Whether an argument names one of ISS's doppelganger cells (`DGR3`, `DGB12`; a given's
/// cell `DGR3_4`).
fn names_doppelganger_cell(arg: &str) -> bool {
    let name = arg.split('_').next().unwrap_or("");
    if name == "DGZ" {
        return true;
    }
    DG_GROUPS.iter().any(|g| {
        name.strip_prefix(g)
            .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Whether some item of `nodes` names a doppelganger cell.
fn any_doppelganger_cell(nodes: &[Node]) -> bool {
    any_item_arg(nodes, names_doppelganger_cell)
}

/// Whether some argument of some item of `nodes` (groups included) passes `test`.
fn any_item_arg(nodes: &[Node], test: fn(&str) -> bool) -> bool {
    nodes.iter().any(|n| match n {
        Node::Leaf(i) => i.args.iter().any(|a| test(a)),
        Node::Group(h, kids) => h.args.iter().any(|a| test(a)) || any_item_arg(kids, test),
    })
}

/// The largest number of extra cells one `Var` may declare (the shape bounds the total).
const MAX_GROUP: usize = 4096;

/// Reads the `Var` items of the top level (the last of each prefix wins), and the
/// doppelganger's cells of a grid of `shape` when an item names one.
pub fn declare(
    nodes: &[Node],
    shape: &Shape,
    warnings: &mut Vec<String>,
) -> Result<Vars, IssError> {
    let mut groups: BTreeMap<String, ((usize, Option<usize>), &Item)> = BTreeMap::new();
    for node in nodes {
        match node {
            Node::Leaf(item) if item.at.name == "Var" => {
                let (prefix, count) = group(item)?;
                if let Some((_, old)) = groups.insert(prefix.clone(), (count, item)) {
                    warnings.push(format!(
                        "{}: replaced by {} (ISS keeps the last Var of prefix {prefix})",
                        old.at, item.at
                    ));
                }
            }
            Node::Leaf(_) => {}
            Node::Group(head, kids) => refuse_nested(&head.at.name, kids)?,
        }
    }
    let mut vars = Vars::default();
    let dg = nodes
        .iter()
        .any(|n| matches!(n, Node::Leaf(i) if i.at.name == "Doppelganger"));
    if dg && any_doppelganger_cell(nodes) {
        // ISS: N rows, N columns, and the boxes of the grid's box size, declared whether or
        // not the grid has boxes (without boxes ISS fixes them to 0)
        let n = shape.size();
        let boxed = !shape.region_cells().is_empty();
        let dims = crate::geometry::rect_box(n, n, n);
        let boxes = match boxed {
            true => shape.region_cells().len(),
            false => dims.map_or(0, |(h, w)| h * w),
        };
        // laid out in rows of the grid's columns, the box cells in rows of a box's width
        let box_width = dims.map_or(n, |(_, w)| w);
        let mut at = [(0, 0); 3];
        for (group, (g, count)) in DG_GROUPS.into_iter().zip([boxes, n, n]).enumerate() {
            let first = vars.count;
            let columns = if g == "DGB" { box_width } else { shape.cols() };
            for k in 0..count {
                let layout = Layout {
                    group,
                    index: k,
                    columns,
                    count,
                };
                vars.names
                    .insert(format!("{g}{}", k + 1), (first + k, layout));
            }
            vars.groups.insert(
                g.to_string(),
                (1..=count).map(|k| format!("{g}{k}")).collect(),
            );
            if g == "DGB" && !boxed {
                vars.zeros.extend(first..first + count);
            }
            vars.count += count;
            // stored as rows, columns, boxes. ISS's names are the var cells' own layout:
            // `DGC` (a column of cells beside the grid) holds the rows' missing digits,
            // `DGR` (a row of cells) the columns' (js/solver/sudoku_builder.js, read for
            // meaning: row region i is all-different with DGC i)
            let slot = match g {
                "DGC" => 0,
                "DGR" => 1,
                _ => 2,
            };
            // box cells fixed to 0 (no boxes) are tied to no box
            let tied = if g == "DGB" && !boxed { 0 } else { count };
            at[slot] = (first, tied);
        }
        vars.doppelganger = Some(at);
        // ISS's hidden zero cell, sorted after `DGR`, declared when an item names it
        if any_item_arg(nodes, names_zero_cell) {
            let layout = Layout {
                group: DG_GROUPS.len(),
                index: 0,
                columns: shape.cols(),
                count: 1,
            };
            vars.names.insert("DGZ".into(), (vars.count, layout));
            vars.groups.insert("DGZ".into(), vec!["DGZ".into()]);
            vars.zeros.push(vars.count);
            vars.count += 1;
        }
    }
    for (group, (prefix, ((count, columns), _))) in groups.into_iter().enumerate() {
        let mut names = Vec::new();
        for k in 0..count {
            let name = match count {
                1 => format!("V{prefix}"),
                _ => format!("V{prefix}{}", k + 1),
            };
            names.push(name.clone());
            let layout = Layout {
                group: DG_GROUPS.len() + group,
                index: k,
                columns: columns.unwrap_or(shape.cols()),
                count,
            };
            vars.names.insert(name, (vars.count + k, layout));
        }
        vars.groups.insert(format!("V{prefix}"), names);
        vars.count += count;
    }
    Ok(vars)
}

/// A `Var` inside a group is refused: its cells would exist in one branch only.
fn refuse_nested(group: &str, kids: &[Node]) -> Result<(), IssError> {
    for kid in kids {
        match kid {
            Node::Leaf(item) if item.at.name == "Var" => {
                return Err(IssError::Unsupported {
                    at: item.at.clone(),
                    why: format!(
                        "extra cells declared inside {group}: satdoku reads Var at the top level"
                    ),
                })
            }
            Node::Leaf(_) => {}
            Node::Group(head, inner) => refuse_nested(&head.at.name, inner)?,
        }
    }
    Ok(())
}

/// The prefix, the cell count and the columns (of a size written RxC) of one `Var` item, as
/// ISS reads them.
fn group(item: &Item) -> Result<(String, (usize, Option<usize>)), IssError> {
    let at = &item.at;
    let prefix = item.args.first().map_or("", |s| s.trim());
    if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(bad(
            at,
            format!("Var prefix must be upper-case letters A-Z, got {prefix:?}"),
        ));
    }
    if item.args.len() > 3 {
        return Err(bad(at, "expected Var~PREFIX~LABEL~SIZE"));
    }
    // ISS: a count or RxC; anything else means one cell
    let size = item.args.get(2).map_or("", |s| s.trim());
    let number = |s: &str| -> Option<usize> {
        (!s.is_empty() && !s.starts_with('0') && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (count, columns) = match size.split_once('x') {
        Some((r, c)) => number(r)
            .zip(number(c))
            .map(|(r, c)| (r.saturating_mul(c), Some(c))),
        None => number(size).map(|k| (k, None)),
    }
    .unwrap_or((1, None));
    if count > MAX_GROUP {
        return Err(bad(
            at,
            format!("{count} extra cells: at most {MAX_GROUP} per Var"),
        ));
    }
    Ok((prefix.to_string(), (count, columns)))
}

/// The items with every argument naming an extra cell rewritten to its token ([`extra_token`])
/// in `shape` (which has the extra cells).
pub fn rewrite(nodes: &[Node], vars: &Vars, shape: &Shape) -> Vec<Node> {
    if vars.count == 0 {
        return nodes.to_vec();
    }
    nodes.iter().map(|n| rewrite_node(n, vars, shape)).collect()
}

fn rewrite_node(node: &Node, vars: &Vars, shape: &Shape) -> Node {
    match node {
        Node::Leaf(item) => Node::Leaf(rewrite_item(item, vars, shape)),
        Node::Group(head, kids) => Node::Group(
            rewrite_item(head, vars, shape),
            kids.iter().map(|k| rewrite_node(k, vars, shape)).collect(),
        ),
    }
}

fn rewrite_item(item: &Item, vars: &Vars, shape: &Shape) -> Item {
    if item.at.name == "Var" {
        return item.clone();
    }
    let token = |name: &str| -> Option<String> {
        let &(k, layout) = vars.names.get(name)?;
        Some(extra_token(shape.extra_cell(k), layout))
    };
    let mut args: Vec<String> = item
        .args
        .iter()
        .map(|a| {
            // a cell (`VA2`), or a given's cell and values (`VA2_3_5`)
            let (name, rest) = match a.find('_') {
                Some(i) if item.at.name == "Given" => a.split_at(i),
                _ => (a.as_str(), ""),
            };
            token(name).map_or_else(|| a.clone(), |t| t + rest)
        })
        .collect();
    // ISS's `ConnectedValues~GROUP~…` names a whole group of extra cells by its prefix
    if item.at.name == "ConnectedValues" {
        let group = item.args.first().and_then(|g| vars.groups.get(g.trim()));
        if let Some(names) = group {
            let tokens: Vec<String> = names.iter().filter_map(|n| token(n)).collect();
            let columns = names
                .first()
                .and_then(|n| vars.names.get(n))
                .map_or(shape.cols(), |(_, l)| l.columns);
            args[0] = group_token(columns, &tokens);
        }
    }
    Item {
        at: item.at.clone(),
        args,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::iss::tokens;

    fn nodes(text: &str) -> Vec<Node> {
        tokens::parse(text).unwrap()
    }

    fn four() -> Shape {
        Shape::new(4).unwrap()
    }

    #[test]
    fn doppelganger_cells_come_first_when_named() {
        let mut w = Vec::new();
        let n = nodes(".Doppelganger.Var~A~~1.Whisper~2~DGR1~DGC4~DGB2~VA");
        let vars = declare(&n, &four(), &mut w).unwrap();
        // boxes, columns, rows (4 each), then VA
        assert_eq!(vars.count(), 13);
        assert_eq!(vars.names["DGB1"].0, 0);
        assert_eq!(vars.names["DGC1"].0, 4);
        assert_eq!(vars.names["DGR1"].0, 8);
        assert_eq!(vars.names["VA"].0, 12);
        let shape = four().with_extra(13).unwrap();
        let [rows, cols, boxes] = vars.doppelganger(&shape).unwrap();
        // DGC holds the rows' missing digits, DGR the columns'
        assert_eq!(rows[3], shape.extra_cell(7));
        assert_eq!(cols[0], shape.extra_cell(8));
        assert_eq!(boxes[1], shape.extra_cell(1));
        // not named: no cells declared
        let vars = declare(&nodes(".Doppelganger.Var~A~~1"), &four(), &mut w).unwrap();
        assert_eq!(vars.count(), 1);
        assert!(vars.doppelganger(&shape).is_none());
    }

    #[test]
    fn groups_are_numbered_after_the_grid_in_prefix_order() {
        let mut w = Vec::new();
        let n = nodes(".Var~B~~2.Var~A~Label~1.Var~C~x~2x3");
        let vars = declare(&n, &four(), &mut w).unwrap();
        assert_eq!(vars.count(), 1 + 2 + 6);
        assert_eq!(vars.names["VA"].0, 0);
        assert_eq!(vars.names["VB1"].0, 1);
        assert_eq!(vars.names["VB2"].0, 2);
        assert_eq!(vars.names["VC6"].0, 8);
        assert!(w.is_empty());
        // a size ISS cannot read means one cell
        let vars = declare(&nodes(".Var~D~~x3"), &four(), &mut w).unwrap();
        assert_eq!(vars.names["VD"].0, 0);
    }

    #[test]
    fn the_last_var_of_a_prefix_wins_with_a_warning() {
        let mut w = Vec::new();
        let vars = declare(&nodes(".Var~A~~3.Var~A~~2"), &four(), &mut w).unwrap();
        assert_eq!(vars.count(), 2);
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("ISS item 1 (Var)"), "{w:?}");
    }

    #[test]
    fn bad_and_nested_vars_are_refused() {
        let mut w = Vec::new();
        let e = declare(&nodes(".Var~a~~2"), &four(), &mut w)
            .unwrap_err()
            .to_string();
        assert!(e.contains("upper-case"), "{e}");
        let e = declare(&nodes(".Or.Var~A~~2.End"), &four(), &mut w)
            .unwrap_err()
            .to_string();
        assert!(e.contains("inside Or"), "{e}");
    }

    #[test]
    fn names_and_givens_are_rewritten_to_the_extra_cells() {
        let mut w = Vec::new();
        let n = nodes(".Var~A~~2.Cage~3~VA1~VA2.~VA2_1_2.Cage~3~VAX~R1C1");
        let vars = declare(&n, &four(), &mut w).unwrap();
        let shape = four().with_extra(vars.count()).unwrap();
        let out = rewrite(&n, &vars, &shape);
        let Node::Leaf(cage) = &out[1] else { panic!() };
        let va = |index| Layout {
            group: 3,
            index,
            columns: 4,
            count: 2,
        };
        assert_eq!(cage.args[1], extra_token(Cell::new(5, 1), va(0)));
        assert_eq!(cage.args[2], extra_token(Cell::new(5, 2), va(1)));
        let Node::Leaf(given) = &out[2] else { panic!() };
        assert_eq!(given.args[0], extra_token(Cell::new(5, 2), va(1)) + "_1_2");
        // not a declared name: left as written
        let Node::Leaf(other) = &out[3] else { panic!() };
        assert_eq!(other.args[1], "VAX");
    }
}
