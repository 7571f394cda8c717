//! Tests of the native JSON format.

use super::*;

fn read(text: &str) -> Result<Document, Error> {
    from_str(text)
}

const KILLER: &str = r#"{
    "satdoku": 1, "title": "t", "author": "a", "rules": "r", "source": "s", "license": "l",
    "size": 4,
    "givens": ["1...", "....", "....", "...4"],
    "constraints": [
        {"type": "killer", "cells": ["r1c2", "r1c3"], "sum": 5},
        {"type": "thermometer", "cells": ["r4c1", "r3c1", "r2c1"]}
    ]
}"#;

#[test]
fn reads_and_round_trips() {
    let d = read(KILLER).unwrap();
    assert_eq!(d.puzzle.title.as_deref(), Some("t"));
    assert_eq!(d.meta.license.as_deref(), Some("l"));
    assert_eq!(d.puzzle.constraints().len(), 2);
    let pretty = to_string_pretty(&d).unwrap();
    assert_eq!(read(&pretty).unwrap(), d, "{pretty}");
    let line = to_string_line(&d).unwrap();
    assert!(!line.contains('\n'));
    assert_eq!(read(&line).unwrap(), d);
}

#[test]
fn every_type_name_matches_the_enum() {
    // Each name of the table deserializes through the enum's own serde tag too.
    for name in CONSTRAINT_TYPES {
        let v = serde_json::json!({ "type": name });
        if let Err(e) = serde_json::from_value::<Constraint>(v) {
            assert!(!e.to_string().contains("unknown variant"), "{name}: {e}");
        }
    }
}

#[test]
fn errors_name_the_path() {
    let bad_type = KILLER.replace("\"thermometer\"", "\"thermo\"");
    let e = read(&bad_type).unwrap_err().to_string();
    assert!(
        e.starts_with("constraints[1].type: unknown constraint type \"thermo\""),
        "{e}"
    );
    let bad_cell = KILLER.replace("\"r1c3\"", "\"x1\"");
    let e = read(&bad_cell).unwrap_err().to_string();
    assert!(e.starts_with("constraints[0].cells[1]:"), "{e}");
    let unknown = KILLER.replace("\"size\"", "\"colour\": 1, \"size\"");
    let e = read(&unknown).unwrap_err().to_string();
    assert!(e.contains("unknown field `colour`"), "{e}");
    let outside = KILLER.replace("\"r1c3\"", "\"r5c3\"");
    let e = read(&outside).unwrap_err().to_string();
    assert!(e.starts_with("constraints[0] (killer):"), "{e}");
    let sum = KILLER.replace("\"sum\": 5", "\"sum\": 50");
    let e = read(&sum).unwrap_err().to_string();
    assert!(e.starts_with("constraints[0] (killer):"), "{e}");
    let e = read("{\"satdoku\": 1, \"size\": 4,")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 1"), "{e}");
}

#[test]
fn jigsaw_regions_round_trip() {
    let text = r#"{"satdoku": 1, "size": 4,
        "regions": ["AABB", "AABB", "CCDD", "CDDC"], "givens": "1..............."}"#;
    let d = read(text).unwrap();
    assert!(d.puzzle.shape().is_jigsaw());
    let back = read(&to_string_pretty(&d).unwrap()).unwrap();
    assert_eq!(back, d);
    let bad = text.replace("CDDC", "CCDC");
    let e = read(&bad).unwrap_err().to_string();
    assert!(e.starts_with("regions: bad regions: region"), "{e}");
}

/// Every constraint example of docs/FORMAT.md reads, validates on a 9×9, and survives
/// writing and reading back (pretty and one-line).
#[test]
fn every_documented_constraint_round_trips() {
    let doc = include_str!("../../../docs/FORMAT.md");
    let examples: Vec<&str> = doc.lines().filter(|l| l.starts_with("{\"type\"")).collect();
    assert_eq!(examples.len(), CONSTRAINT_TYPES.len());
    let mut seen = std::collections::BTreeSet::new();
    for ex in examples {
        // same-region and the region clues are about a chaos construction's regions;
        // a doppelganger holds on the values 0..N only
        let chaos_kinds = [
            "\"same-region\"",
            "\"different-regions\"",
            "\"chaos-arrow\"",
            "\"chaos-count\"",
            "\"distinct-regions\"",
        ];
        let chaos = if chaos_kinds.iter().any(|k| ex.contains(k)) {
            ", \"chaos\": true"
        } else if ex.contains("\"doppelganger\"") {
            ", \"values\": \"0-9\""
        } else {
            ""
        };
        let text = format!("{{\"satdoku\": 1, \"size\": 9{chaos}, \"constraints\": [{ex}]}}");
        let d = read(&text).unwrap_or_else(|e| panic!("{ex}: {e}"));
        seen.insert(crate::rules::Constraint::kind(&d.puzzle.constraints()[0]));
        assert_eq!(read(&to_string_pretty(&d).unwrap()).unwrap(), d, "{ex}");
        assert_eq!(read(&to_string_line(&d).unwrap()).unwrap(), d, "{ex}");
    }
    assert_eq!(seen.len(), CONSTRAINT_TYPES.len());
}

#[test]
fn duplicate_keys_are_refused() {
    let twice = KILLER.replace("\"sum\": 5", "\"sum\": 5, \"sum\": 7");
    let e = read(&twice).unwrap_err().to_string();
    assert!(
        e.starts_with("constraints[0].sum: duplicate key \"sum\""),
        "{e}"
    );
    let twice = KILLER.replace(
        "\"size\": 4,",
        "\"size\": 4, \"constraints\": [{\"type\": \"anti-king\"}],",
    );
    let e = read(&twice).unwrap_err().to_string();
    assert!(e.starts_with("constraints: duplicate key"), "{e}");
}

#[test]
fn grid_errors_name_the_cell_and_the_type_in_words() {
    let bad = KILLER.replace("\"...4\"]", "\"..94\"]");
    let e = read(&bad).unwrap_err().to_string();
    assert!(e.starts_with("givens[3]: column 3: r4c3:"), "{e}");
    let bad = KILLER.replace("[\"1...\", \"....\", \"....\", \"...4\"]", "5");
    let e = read(&bad).unwrap_err().to_string();
    assert!(!e.contains("untagged") && !e.contains("GridText"), "{e}");
    assert!(
        e.contains("a string of cells, or an array of one string per row"),
        "{e}"
    );
}

#[test]
fn echoed_input_is_cut_short() {
    let long = "z".repeat(5000);
    for text in [
        KILLER.replace("\"size\"", &format!("\"{long}\": 1, \"size\"")),
        KILLER.replace("\"thermometer\"", &format!("\"{long}\"")),
        KILLER.replace("\"sum\": 5", &format!("\"sum\": \"{long}\"")),
        KILLER.replace("\"r1c3\"", &format!("\"{long}\"")),
        KILLER.replace("\"...4\"", &format!("\"{long}\"")),
    ] {
        let e = read(&text).unwrap_err().to_string();
        // the list of known types is the only long part (it grows with the rules)
        assert!(e.len() < 600 + CONSTRAINT_TYPES.join(", ").len(), "{e}");
    }
}

#[test]
fn sizes_below_four_are_refused() {
    for n in [1, 2, 3] {
        let e = read(&format!("{{\"satdoku\": 1, \"size\": {n}}}"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("size: grid size"), "{e}");
        assert!(e.contains("4..=64"), "{e}");
    }
}

proptest::proptest! {
    /// Random givens (a subset of a valid grid), box shapes and free text round-trip.
    #[test]
    fn random_documents_round_trip(
        mask in proptest::collection::vec(proptest::bool::ANY, 36),
        tall in proptest::bool::ANY,
        title in proptest::option::of(".{0,12}"),
        rules in proptest::option::of("[a-z \"\\\\é\n]{0,20}"),
    ) {
        // A 6×6 grid valid for both 2×3 and 3×2 boxes.
        let full = "123456456123231564564231312645645312";
        let text: String = full
            .chars()
            .zip(&mask)
            .map(|(c, &keep)| if keep { c } else { '.' })
            .collect();
        let (r, c) = if tall { (3, 2) } else { (2, 3) };
        let shape = Shape::with_box(6, r, c).unwrap();
        let grid = crate::format::text::parse_grid(&text, 6, &Symbols::standard()).unwrap();
        if let Ok(mut p) = Puzzle::new(shape, grid, Vec::new()) {
            p.title = title;
            let doc = Document { puzzle: p, meta: Meta { rules, ..Meta::default() }, solution: None };
            proptest::prop_assert_eq!(&read(&to_string_pretty(&doc).unwrap()).unwrap(), &doc);
            proptest::prop_assert_eq!(&read(&to_string_line(&doc).unwrap()).unwrap(), &doc);
        }
    }
}

/// `"values"`: givens and solution written as values (`0` a digit), rules as written, and
/// the same document back.
#[test]
fn value_sets_read_and_round_trip() {
    let text = r#"{
        "satdoku": 1, "size": 4, "values": "0-3",
        "givens": ["0...", "..2.", "....", "...3"],
        "solution": ["0132", "3120", "1203", "2013"],
        "constraints": [{"type": "killer", "cells": ["r1c2", "r1c3"], "sum": 4}]
    }"#;
    let d = read(text).unwrap();
    let shape = d.puzzle.shape();
    assert_eq!(shape.values().to_string(), "0-3");
    // value 0 is digit index 0, value 2 index 2
    let given = |r, c| d.puzzle.givens().get(crate::geometry::Cell::new(r, c));
    assert_eq!(given(1, 1).map(Digit::index), Some(0));
    assert_eq!(given(2, 3).map(Digit::index), Some(2));
    // the killer as written, and about indices (4 + 2 cells)
    let written = serde_json::to_string(&d.puzzle.written_constraints()[0]).unwrap();
    assert!(written.contains("\"sum\":4"), "{written}");
    let lowered = serde_json::to_string(&d.puzzle.constraints()[0]).unwrap();
    assert!(lowered.contains("\"sum\":6"), "{lowered}");
    let pretty = to_string_pretty(&d).unwrap();
    assert!(pretty.contains("\"values\": \"0-3\""), "{pretty}");
    assert!(pretty.contains("\"0...\""), "{pretty}");
    assert!(pretty.contains("\"sum\":4"), "{pretty}");
    assert_eq!(read(&pretty).unwrap(), d, "{pretty}");
    assert_eq!(read(&to_string_line(&d).unwrap()).unwrap(), d);
    // a 6×6 with values 1-9 writes nothing special but "values"
    let six = read(r#"{"satdoku": 1, "size": 6, "values": "9", "givens": "9.............................7....."}"#)
        .unwrap();
    assert_eq!(six.puzzle.shape().value_count(), 9);
    assert_eq!(read(&to_string_pretty(&six).unwrap()).unwrap(), six);
    // errors name the field
    for (bad, needle) in [
        (r#""values": "0-2""#, "values: values 0-2 do not fit"),
        (r#""values": "x""#, "values: cannot read values \"x\""),
        (r#""values": 9"#, "values: invalid type"),
        (
            r#""values": "0-3", "givens": "4...............""#,
            "givens: column 1: '4' is not one of the values 0-3",
        ),
    ] {
        let e = read(&format!(r#"{{"satdoku": 1, "size": 4, {bad}}}"#))
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{bad}: {e}");
    }
}
