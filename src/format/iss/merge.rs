//! ISS keeps one clue per place outside the grid: when a string states two clues of one kind
//! for the same place (`.Skyscraper~C5~3~.Skyscraper~C5~4~`: two clues above column 5), its
//! parser keeps the later one (js/sudoku_parser.js, `_mergeByUniqueness`, keyed by the clue's
//! `arrowId`; likewise a quadruple by its top-left cell, and the shape and each whole-grid
//! item by its name: `.Shape~6x6…Shape~4x4` is a 4×4 grid). satdoku reads such a string as ISS
//! does, and says so in a warning naming the item whose clue gives way — never silently, and
//! never by stating both (which could make a puzzle ISS solves have no solution).
//!
//! ISS merges the items of one level: the top level, or the items of an `And`; never the
//! branches of an `Or` (they are alternatives). `Replicate` copies are left as written.

use super::tokens::{Item, Node};

/// The clue kinds ISS reads with a line and a direction: `Kind~R3~FWD~BACK`.
const LINE_CLUES: &[&str] = &[
    "XSum",
    "Skyscraper",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
];

/// The items ISS keeps one of, the last (keyed by their type): the grid's shape and its
/// whole-grid rules.
const ONCE: &[&str] = &[
    "Shape",
    "NoBoxes",
    "RegionSize",
    "ChaosConstruction",
    "RegionSameValues",
    "StrictKropki",
    "StrictXV",
    "Windoku",
    "DisjointSets",
    "AntiKnight",
    "AntiKing",
    "AntiTaxicab",
    "AntiConsecutive",
    "Doppelganger",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
];

/// Where a clue stands: (kind, place, side), the side `1` forward, `-1` backward, `0` for a
/// clue that fills the whole item.
type Place = (String, String, i8);

/// The places an item's clues stand at, each with the argument that holds it (`None`: the
/// whole item).
fn places(item: &Item) -> Vec<(Place, Option<usize>)> {
    let name = item.at.name.as_str();
    // ISS keys on the text as written (`r1c1` and `R1C1` are two keys there)
    let arg = |k: usize| item.args.get(k).cloned();
    if LINE_CLUES.contains(&name) {
        let Some(id) = arg(0) else { return Vec::new() };
        return [(1usize, 1i8), (2, -1)]
            .into_iter()
            .filter(|&(k, _)| item.args.get(k).is_some_and(|t| !t.is_empty()))
            .map(|(k, side)| ((name.to_string(), id.clone(), side), Some(k)))
            .collect();
    }
    // `Sandwich~SUM~R3`, `LittleKiller~SUM~R1C4`: the place is the second argument;
    // `Quad~R1C1~…` (a quadruple): the top-left cell; a whole-grid item is its own place
    let at = match name {
        "Sandwich" | "LittleKiller" => arg(1),
        "Quad" => arg(0),
        // a jigsaw layout written twice is one (ISS keys each piece by its cells)
        "Jigsaw" => arg(0),
        _ if ONCE.contains(&name) => Some(String::new()),
        _ => None,
    };
    at.map(|id| vec![((name.to_string(), id, 0), None)])
        .unwrap_or_default()
}

/// The nodes with each clue that a later sibling's clue replaces taken out (its argument
/// emptied, or the item dropped when the clue was all of it), and a warning for each.
pub fn merge(nodes: &[Node], warnings: &mut Vec<String>) -> Vec<Node> {
    merge_level(nodes, true, warnings)
}

fn merge_level(nodes: &[Node], merged: bool, warnings: &mut Vec<String>) -> Vec<Node> {
    // children first: an `Or`'s branches are not merged with each other, an `And`'s are
    let mut out: Vec<Node> = nodes
        .iter()
        .map(|n| match n {
            Node::Group(h, kids) if h.at.name != "Replicate" => {
                Node::Group(h.clone(), merge_level(kids, h.at.name != "Or", warnings))
            }
            other => other.clone(),
        })
        .collect();
    if !merged {
        return out;
    }
    // from the last item back: a place already taken by a later clue drops this one
    // (place, the later item, what it says there)
    let mut taken: Vec<(Place, usize, String)> = Vec::new();
    let mut dropped = vec![false; out.len()];
    for i in (0..out.len()).rev() {
        let Node::Leaf(item) = &mut out[i] else {
            continue;
        };
        for (place, arg) in places(item) {
            let says = arg.map_or_else(|| item.args.join("~"), |k| item.args[k].clone());
            let Some((_, later, theirs)) = taken.iter().find(|(p, ..)| *p == place) else {
                taken.push((place, item.at.item, says));
                continue;
            };
            // the same clue twice changes nothing: no word about it
            if *theirs != says {
                let side = match place.2 {
                    1 => " (forward)",
                    -1 => " (backward)",
                    _ => "",
                };
                let what = if place.1.is_empty() {
                    String::new()
                } else {
                    format!(" at {}{side}", place.1)
                };
                warnings.push(format!(
                    "ISS item {} ({}): its clue{what} gives way to item {later}'s, as ISS keeps \
                     the last one",
                    item.at.item, item.at.name
                ));
            }
            match arg {
                Some(k) => item.args[k].clear(),
                None => dropped[i] = true,
            }
        }
    }
    out.into_iter()
        .zip(dropped)
        .filter_map(|(n, d)| (!d).then_some(n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::iss::tokens::parse;

    fn merged(text: &str) -> (Vec<Node>, Vec<String>) {
        let mut warnings = Vec::new();
        let nodes = merge(&parse(text).unwrap(), &mut warnings);
        (nodes, warnings)
    }

    fn args(n: &Node) -> Vec<String> {
        match n {
            Node::Leaf(i) => i.args.clone(),
            Node::Group(h, _) => h.args.clone(),
        }
    }

    #[test]
    fn the_later_clue_of_a_place_wins() {
        let (n, w) = merged(".Skyscraper~C5~3~2.Skyscraper~C5~4~");
        assert_eq!(args(&n[0]), ["C5", "", "2"]);
        assert_eq!(args(&n[1]), ["C5", "4", ""]);
        assert_eq!(w.len(), 1);
        assert!(
            w[0].contains("ISS item 1 (Skyscraper)") && w[0].contains("item 2"),
            "{w:?}"
        );
        // whole-item clues go
        let (n, w) = merged(".Sandwich~3~R2.Sandwich~0~R2.Sandwich~5~R3");
        assert_eq!(n.len(), 2);
        assert_eq!(args(&n[0]), ["0", "R2"]);
        assert_eq!(w.len(), 1);
        // the same clue twice: one kept, nothing to say
        let (n, w) = merged(".Sandwich~3~R2.AntiKnight.Sandwich~3~R2.AntiKnight");
        assert_eq!(n.len(), 2);
        assert!(w.is_empty(), "{w:?}");
        // the last shape
        let (n, w) = merged(".Shape~6x6.Cage~3~R1C1~R1C2.Shape~4x4");
        assert_eq!(n.len(), 2);
        assert_eq!(args(&n[1]), ["4x4"]);
        assert!(
            w[0].contains("ISS item 1 (Shape): its clue gives way to item 3"),
            "{w:?}"
        );
        // a quadruple by its corner
        let (n, w) = merged(".Quad~R1C1~1~2.Quad~R1C1~3.Quad~R2C2~3");
        assert_eq!(n.len(), 2);
        assert_eq!(args(&n[0]), ["R1C1", "3"]);
        assert_eq!(w.len(), 1);
        // a jigsaw layout twice
        let layout = ".Jigsaw~0000111122223333";
        let (n, w) = merged(&format!("{layout}.X~R1C1~R1C2{layout}"));
        assert_eq!(n.len(), 2);
        assert!(w.is_empty(), "{w:?}");
        // different kinds or places stay
        let (n, w) = merged(".XSum~C2~3~.Skyscraper~C2~3~.XSum~C3~3~.XSum~C2~~4");
        assert_eq!(n.len(), 4);
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn or_branches_are_alternatives() {
        let (n, w) = merged(".Or.Sandwich~3~R2.Sandwich~0~R2.End");
        let Node::Group(_, kids) = &n[0] else {
            panic!("a group")
        };
        assert_eq!(kids.len(), 2);
        assert!(w.is_empty());
        // an And inside merges its own items
        let (n, w) = merged(".Or.And.Sandwich~3~R2.Sandwich~0~R2.End.X~R1C1~R1C2.End");
        let Node::Group(_, kids) = &n[0] else {
            panic!("a group")
        };
        let Node::Group(_, inner) = &kids[0] else {
            panic!("an And")
        };
        assert_eq!(inner.len(), 1);
        assert_eq!(w.len(), 1);
    }
}
