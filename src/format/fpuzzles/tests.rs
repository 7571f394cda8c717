//! Tests of the f-puzzles import and export.

use super::*;
use crate::rules::{Constraint, Rule};
use serde_json::json;

fn import(v: Value) -> Result<Import, Error> {
    import_value(&v)
}

fn empty_grid(n: usize) -> Value {
    json!(vec![vec![json!({}); n]; n])
}

#[test]
fn givens_only_regions_and_traps() {
    let mut g = empty_grid(4);
    g[0][0] = json!({"value": 1, "given": true});
    g[0][1] = json!({"value": 2});
    let i = import(json!({"size": 4, "grid": g, "title": "T", "author": "A"})).unwrap();
    let p = &i.document.puzzle;
    assert_eq!(p.givens().filled_count(), 1);
    assert_eq!(p.title.as_deref(), Some("T"));
    assert_eq!(i.warnings.len(), 1, "{:?}", i.warnings);
}

#[test]
fn dots_exempt_pairs_from_negative_rules() {
    let v = json!({"size": 4, "grid": empty_grid(4), "nonconsecutive": true,
        "negative": ["ratio", "xv"],
        "difference": [{"cells": ["R1C1", "R1C2"]}],
        "ratio": [{"cells": ["R2C1", "R2C2"], "value": "3"}],
        "xv": [{"cells": ["R3C1", "R3C2"], "value": "V"}]});
    let i = import(v).unwrap();
    let cs = i.document.puzzle.constraints();
    let nc = cs.iter().find_map(|c| match c {
        Constraint::NonConsecutive(x) => Some(x),
        _ => None,
    });
    assert_eq!(nc.unwrap().except.len(), 2);
    let nr = cs.iter().find_map(|c| match c {
        Constraint::NegativeRatio(x) => Some(x),
        _ => None,
    });
    assert_eq!(nr.unwrap().ratios, vec![3]);
    let nx = cs.iter().find_map(|c| match c {
        Constraint::NegativeXv(x) => Some(x),
        _ => None,
    });
    assert_eq!(nx.unwrap().except.len(), 1);
}

#[test]
fn little_killer_walks_to_the_edge() {
    let v = json!({"size": 4, "grid": empty_grid(4),
        "littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "10"}]});
    let i = import(v).unwrap();
    match &i.document.puzzle.constraints()[0] {
        Constraint::LittleKiller(k) => assert_eq!(k.cells.len(), 3),
        c => panic!("{c:?}"),
    }
}

#[test]
fn unsupported_keys_are_refused() {
    let v = json!({"size": 4, "grid": empty_grid(4), "fog": [1], "killercage": []});
    let e = import(v).unwrap_err().to_string();
    assert!(e.contains("unsupported key(s): fog"), "{e}");
}

#[test]
fn payloads_urls_and_ids_decode() {
    let v = json!({"size": 4, "grid": empty_grid(4), "thermometer": [{"lines": [["R1C1", "R1C2"], ["R2C1", "R3C1"]]}]});
    let payload = compress(&v);
    for text in [
        payload.clone(),
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!("fpuzzles{payload}"),
        payload.replace('+', " "),
    ] {
        let i = import_text(&text).unwrap();
        assert_eq!(i.document.puzzle.constraints().len(), 2);
        assert!(i
            .document
            .puzzle
            .constraints()
            .iter()
            .all(|c| c.kind() == "thermometer"));
    }
}

#[test]
fn export_then_import_keeps_the_rules() {
    let v = json!({"size": 4, "grid": empty_grid(4),
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
        "arrow": [{"cells": ["R4C4"], "lines": [["R4C4", "R3C3", "R2C2"]]}],
        "littlekillersum": [{"cell": "R5C2", "direction": "UR", "value": "5"}],
        "odd": [{"cell": "R2C4"}]});
    let a = import(v).unwrap();
    let b = import(export(&a.document).unwrap().value).unwrap();
    assert_eq!(
        a.document.puzzle.constraints(),
        b.document.puzzle.constraints()
    );
}

#[test]
fn rules_text_without_rule_keys_warns_unless_classic() {
    let classic =
        json!({"size": 4, "grid": empty_grid(4), "ruleset": "Normal sudoku rules apply."});
    assert!(import(classic).unwrap().warnings.is_empty());
    let other = json!({"size": 4, "grid": empty_grid(4),
        "ruleset": "Normal sudoku rules apply. Digits on grey lines sum to 10. Shaded cells are even."});
    assert_eq!(import(other).unwrap().warnings.len(), 1);
}
