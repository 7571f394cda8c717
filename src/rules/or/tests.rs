use super::*;
use crate::rules::testing::*;

fn read(json: &str) -> Constraint {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Two killers on the same cells, either sum: the union of both rules' solutions.
#[test]
fn either_killer_sum() {
    let or = read(
        r#"{"type":"or","of":[
            {"type":"killer","cells":["r1c1","r1c2"],"sum":3},
            {"type":"killer","cells":["r1c1","r1c2"],"sum":7}]}"#,
    );
    counts_agree(std::slice::from_ref(&or));
    let one = read(r#"{"type":"killer","cells":["r1c1","r1c2"],"sum":3}"#);
    let other = read(r#"{"type":"killer","cells":["r1c1","r1c2"],"sum":7}"#);
    let (a, b) = (
        count(&puzzle(EMPTY4, vec![one]), 300),
        count(&puzzle(EMPTY4, vec![other]), 300),
    );
    // the two sums never hold together: the `or` counts both
    assert_count(EMPTY4, vec![or], a + b);
}

/// Branches with houses (extra regions): each branch's all-different is guarded, never
/// handed to the simplifier as a house of the whole puzzle.
#[test]
fn either_diagonal_as_extra_regions() {
    let or = read(
        r#"{"type":"or","of":[
            {"type":"extra-region","cells":["r1c1","r2c2","r3c3","r4c4"]},
            {"type":"extra-region","cells":["r1c4","r2c3","r3c2","r4c1"]}]}"#,
    );
    counts_agree(std::slice::from_ref(&or));
    let x = read(r#"{"type":"diagonal","positive":true,"negative":false}"#);
    let y = read(r#"{"type":"diagonal","positive":false,"negative":true}"#);
    let both = count(&puzzle(EMPTY4, vec![x.clone(), y.clone()]), 300);
    let (a, b) = (
        count(&puzzle(EMPTY4, vec![x]), 300),
        count(&puzzle(EMPTY4, vec![y]), 300),
    );
    assert_count(EMPTY4, vec![or], a + b - both);
}

/// Branches that restrict candidates up front (parity): the restriction is never applied
/// to the whole puzzle, only the union of the branches' candidates.
#[test]
fn restricting_branches_stay_conditional() {
    let or = read(
        r#"{"type":"or","of":[
            {"type":"odd","cells":["r1c1"]},
            {"type":"even","cells":["r1c2"]}]}"#,
    );
    counts_agree(std::slice::from_ref(&or));
    let shape = Shape::new(4).unwrap();
    let full = crate::geometry::full_mask(4);
    let mut cands = vec![full; 16];
    or.restrict(&shape, &mut cands);
    assert_eq!(cands, vec![full; 16], "neither cell is restricted");
    let same_cell = read(
        r#"{"type":"or","of":[
            {"type":"pencil-marks","cell":"r1c1","digits":[1]},
            {"type":"pencil-marks","cell":"r1c1","digits":[2]}]}"#,
    );
    same_cell.restrict(&shape, &mut cands);
    assert_eq!(cands[0], 0b11, "the union of both branches");
    assert_count(EMPTY4, vec![same_cell], 144);
}

/// `and` inside `or`, and `or` inside `or`: every level checked against brute force.
#[test]
fn nested_and_and_or() {
    let nested = read(
        r#"{"type":"or","of":[
            {"type":"and","of":[
                {"type":"thermometer","cells":["r1c1","r1c2","r1c3"]},
                {"type":"renban","cells":["r2c1","r2c2"]}]},
            {"type":"or","of":[
                {"type":"xv","cells":["r1c1","r1c2"],"value":"V"},
                {"type":"difference","cells":["r2c1","r2c2"],"value":2}]}]}"#,
    );
    counts_agree(std::slice::from_ref(&nested));
    let and = read(
        r#"{"type":"and","of":[
            {"type":"thermometer","cells":["r1c1","r1c2","r1c3"]},
            {"type":"extra-region","cells":["r2c1","r3c2"]}]}"#,
    );
    counts_agree(std::slice::from_ref(&and));
}

/// Rules whose clauses come from a diagram (sandwich) or from cardinality (skyscraper),
/// and an `or` with a single branch (the rule itself).
#[test]
fn any_rule_can_be_a_branch() {
    let or = read(
        r#"{"type":"or","of":[
            {"type":"sandwich","clue":"r1c0","sum":5},
            {"type":"skyscraper","clue":"r0c1","count":3}]}"#,
    );
    counts_agree(std::slice::from_ref(&or));
    let single = read(r#"{"type":"or","of":[{"type":"sandwich","clue":"r1c0","sum":5}]}"#);
    let plain = read(r#"{"type":"sandwich","clue":"r1c0","sum":5}"#);
    let expected = count(&puzzle(EMPTY4, vec![plain]), 300);
    assert_count(EMPTY4, vec![single], expected);
}

#[test]
fn the_checker_checks_the_disjunction() {
    let or = read(
        r#"{"type":"or","of":[
            {"type":"odd","cells":["r1c1"]},
            {"type":"extra-region","cells":["r1c1","r2c2","r3c3","r4c4"]}]}"#,
    );
    // 1234/3412/2143/4321: r1c1 odd. 2143/4321/1234/3412: r1c1 even, diagonal 2,3,3,2.
    assert_checker(
        std::slice::from_ref(&or),
        "1234341221434321",
        "2143432112343412",
    );
    let e = or
        .check(&Shape::new(4).unwrap(), &grid("2143432112343412"))
        .unwrap_err();
    assert!(
        e.contains("of[0] (odd)") && e.contains("of[1] (extra-region)"),
        "{e}"
    );
}

#[test]
fn empty_and_invalid_branches_are_refused_by_name() {
    assert!(invalid(&read(r#"{"type":"or","of":[]}"#), 4).contains("at least one rule"));
    let bad = read(
        r#"{"type":"or","of":[{"type":"odd","cells":["r1c1"]},
            {"type":"and","of":[{"type":"killer","cells":["r9c9"],"sum":3}]}]}"#,
    );
    let e = invalid(&bad, 4);
    assert!(
        e.starts_with("of[1] (and): of[0] (killer): r9c9 is outside"),
        "{e}"
    );
}

/// A branch that can never hold (a cage sum out of reach, a hidden skyscraper of N inside
/// an `and`) is a false branch: the `or` counts as its other branches, against brute force.
fn never_or(n: usize) -> Constraint {
    // On a 4×4 and a 6×6 alike two different digits never sum to 20.
    read(&format!(
        r#"{{"type":"or","of":[
            {{"type":"killer","cells":["r1c1","r1c2"],"sum":20}},
            {{"type":"and","of":[
                {{"type":"odd","cells":["r2c2"]}},
                {{"type":"hidden-skyscraper","clue":"r0c1","value":{n}}}]}},
            {{"type":"thermometer","cells":["r1c1","r2c1","r3c1"]}}]}}"#
    ))
}

#[test]
fn branches_that_never_hold_are_false() {
    let (four, six) = (never_or(4), never_or(6));
    counts_agree_46(std::slice::from_ref(&four), std::slice::from_ref(&six));
    let thermo = read(r#"{"type":"thermometer","cells":["r1c1","r2c1","r3c1"]}"#);
    let alone = count(&puzzle(EMPTY4, vec![thermo]), 300);
    assert_count(EMPTY4, vec![four], alone);
    // A hidden skyscraper of 6 on a 4×4 is malformed (no digit 6): refused with its place.
    let e = invalid(&six, 4);
    assert!(
        e.starts_with("of[1] (and): of[1] (hidden-skyscraper): a hidden skyscraper's value"),
        "{e}"
    );
}

/// Which branch is false, and why, is what the checker says.
#[test]
fn the_checker_names_a_false_branch() {
    let or = read(
        r#"{"type":"or","of":[
            {"type":"killer","cells":["r1c1","r1c2"],"sum":20},
            {"type":"odd","cells":["r1c1"]}]}"#,
    );
    let shape = Shape::new(4).unwrap();
    assert!(or.never_holds(&shape).is_none());
    assert_checker(
        std::slice::from_ref(&or),
        "1234341221434321",
        "2143432112343412",
    );
    let e = or.check(&shape, &grid("2143432112343412")).unwrap_err();
    assert!(
        e.contains("of[0] (killer): can never hold: cage r1c1 r1c2: no 2 different digits"),
        "{e}"
    );
}

/// An `or` (or `and`) that can never hold is refused at the top of a puzzle, as such a rule
/// alone is; inside an `or` it is one more false branch.
#[test]
fn an_or_of_false_branches_never_holds() {
    let none = r#"{"type":"or","of":[
            {"type":"killer","cells":["r1c1","r1c2"],"sum":20},
            {"type":"killer","cells":["r1c1","r1c2"],"sum":2}]}"#;
    let e = invalid(&read(none), 4);
    assert!(
        e.starts_with("no rule of the `or` can hold: of[0] (killer): cage r1c1 r1c2")
            && e.contains("of[1] (killer)"),
        "{e}"
    );
    let and = read(
        r#"{"type":"and","of":[{"type":"odd","cells":["r1c1"]},
            {"type":"killer","cells":["r1c1","r1c2"],"sum":2}]}"#,
    );
    assert!(invalid(&and, 4).starts_with("of[1] (killer): cage r1c1 r1c2"));
    let nested = read(&format!(
        r#"{{"type":"or","of":[{none}, {{"type":"odd","cells":["r1c1"]}}]}}"#
    ));
    counts_agree(std::slice::from_ref(&nested));
    let odd = read(r#"{"type":"odd","cells":["r1c1"]}"#);
    let alone = count(&puzzle(EMPTY4, vec![odd]), 300);
    assert_count(EMPTY4, vec![nested], alone);
}

#[test]
fn serde() {
    let c = round_trip(r#"{"type": "or", "of": [{"type": "odd", "cells": ["r1c1"]}]}"#);
    assert_eq!(c.kind(), "or");
    round_trip(r#"{"type": "and", "of": [{"type": "anti-king"}]}"#);
    rejects(
        r#"{"type": "or", "of": [{"type": "odd", "cells": ["r1c1"], "colour": 1}]}"#,
        "colour",
    );
    rejects(r#"{"type": "or", "of": [{"type": "thermo"}]}"#, "thermo");
}
