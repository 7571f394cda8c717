//! Tests of the f-puzzles import and export.

use super::*;
use crate::format::json::Document;
use crate::rules::Constraint;
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
    let b = import(export(&a.document).value).unwrap();
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

fn import_err(v: Value) -> String {
    match import(v) {
        Ok(i) => panic!(
            "accepted: {:?}",
            i.document
                .puzzle
                .constraints()
                .iter()
                .map(Constraint::kind)
                .collect::<Vec<_>>()
        ),
        Err(e) => e.to_string(),
    }
}

/// Every boolean key refuses values other than true, false and null, naming the key; the
/// refused values include JavaScript-truthy ones ("false", 1, [], {}) and falsy ones (0, "").
#[test]
fn flags_are_true_or_false() {
    let keys = [
        "antiknight",
        "antiking",
        "diagonal+",
        "diagonal-",
        "disjointgroups",
        "nonconsecutive",
    ];
    for key in keys {
        for bad in [
            json!(1),
            json!(0),
            json!("true"),
            json!("false"),
            json!(""),
            json!([1]),
            json!([]),
            json!({}),
        ] {
            let mut v = json!({"size": 4, "grid": empty_grid(4)});
            v[key] = bad.clone();
            let e = import_err(v);
            assert!(
                e.starts_with(&format!("f-puzzles: {key}: expected true or false")),
                "{key} = {bad}: {e}"
            );
        }
        for (ok, rules) in [(json!(true), 1), (json!(false), 0), (Value::Null, 0)] {
            let mut v = json!({"size": 4, "grid": empty_grid(4)});
            v[key] = ok;
            assert_eq!(
                import(v).unwrap().document.puzzle.constraints().len(),
                rules
            );
        }
    }
    // `given` too: a digit whose `given` is 1 is neither a clue nor silently dropped.
    let mut g = empty_grid(4);
    g[3][2] = json!({"value": 1, "given": 1});
    let e = import_err(json!({"size": 4, "grid": g}));
    assert!(
        e.contains("grid[3][2].given: expected true or false"),
        "{e}"
    );
}

/// Every rule array refuses entries that are not objects or lack their cells/lines/cell,
/// naming the entry's JSON path.
#[test]
fn malformed_entries_are_refused_in_every_rule_array() {
    let arrays: Vec<&str> = LINE_KEYS.iter().chain(SEMANTIC.iter()).copied().collect();
    assert_eq!(arrays.len(), 13 + 21);
    // A valid first entry, so the bad one is entry [1].
    let good = |key: &str| -> Value {
        match key {
            "negative" => json!("xv"),
            "odd" | "even" | "minimum" | "maximum" => json!({"cell": "R1C1"}),
            "littlekillersum" => json!({"cell": "R0C1", "direction": "DR", "value": "10"}),
            "sandwichsum" | "xsum" | "skyscraper" => json!({"cell": "R0C1", "value": "3"}),
            "arrow" => json!({"cells": ["R1C1"], "lines": [["R1C1", "R2C2"]]}),
            "difference" | "ratio" | "sum" => json!({"cells": ["R1C1", "R1C2"], "value": "3"}),
            "xv" => json!({"cells": ["R1C1", "R1C2"], "value": "V"}),
            "clone" => json!({"cells": ["R1C1"], "cloneCells": ["R3C3"]}),
            "quadruple" => json!({"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1]}),
            "killercage" | "extraregion" | "rowindexer" | "columnindexer" | "boxindexer" => {
                json!({"cells": ["R1C1", "R1C2"]})
            }
            _ => json!({"lines": [["R1C1", "R1C2", "R1C3"]]}),
        }
    };
    for key in arrays {
        let mut v = json!({"size": 6, "grid": empty_grid(6)});
        v[key] = json!([good(key)]);
        if key == "whispers" {
            v[key][0]["value"] = json!("2");
        }
        import(v.clone()).unwrap_or_else(|e| panic!("{key}: the good entry: {e}"));
        for bad in [
            json!(""),
            json!(5),
            json!(-1),
            Value::Null,
            json!({}),
            json!([]),
            json!(true),
            json!({"cells": ["R1C1", "R1C2"]}),
        ] {
            // For rules on cells, {"cells": …} is a complete entry.
            let complete = bad.get("cells").is_some()
                && [
                    "killercage",
                    "extraregion",
                    "rowindexer",
                    "columnindexer",
                    "boxindexer",
                    "difference",
                    "ratio",
                    "sum",
                ]
                .contains(&key);
            if complete {
                continue;
            }
            let mut v = v.clone();
            v[key].as_array_mut().unwrap().push(bad.clone());
            let e = import_err(v);
            assert!(
                e.starts_with(&format!("f-puzzles: {key}[1]")),
                "{key} + {bad}: {e}"
            );
        }
    }
    // Arrays themselves must be arrays.
    let e = import_err(json!({"size": 4, "grid": empty_grid(4), "thermometer": {"lines": []}}));
    assert!(e.contains("thermometer: expected an array"), "{e}");
}

/// Errors of a rule's own validation name the f-puzzles entry, not an internal index.
#[test]
fn rule_errors_name_the_entry() {
    let v = json!({"size": 4, "grid": empty_grid(4), "antiknight": true,
        "thermometer": [{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R2C1", "R2C2"], ["R3C1", "R3C3"]]}]});
    let e = import_err(v);
    assert!(
        e.starts_with("f-puzzles: thermometer[1].lines[1] (thermometer):"),
        "{e}"
    );
}

/// Messages never show Rust's debug forms and quote at most 60 characters of input.
#[test]
fn messages_are_plain_and_short() {
    let long = "Q".repeat(500);
    let cases = [
        json!({"size": 4, "grid": empty_grid(4), "xv": [{"cells": ["R1C1", "R1C2"], "value": "10"}]}),
        json!({"size": 4, "grid": empty_grid(4), "xv": [{"cells": ["R1C1", "R1C2"]}]}),
        json!({"size": 4, "grid": empty_grid(4), "killercage": [{"cells": ["R1C1"], "value": long.clone()}]}),
        json!({"size": 4, "grid": empty_grid(4), "killercage": [{"cells": [long.clone()]}]}),
        json!({"size": 4, "grid": empty_grid(4), "negative": [long.clone()]}),
        json!({"size": 4, "grid": empty_grid(4), long.clone(): true}),
        json!({"size": 4, "grid": empty_grid(4), "littlekillersum": [{"cell": "R0C1", "direction": long.clone(), "value": "3"}]}),
    ];
    for v in cases {
        let e = import_err(v);
        assert!(!e.contains("Some(") && !e.contains("None"), "{e}");
        assert!(e.chars().count() < 300, "{e}");
    }
    // A whole number written as 10.0 is the number 10.
    let v = json!({"size": 4, "grid": empty_grid(4), "killercage": [{"cells": ["R1C1", "R1C2"], "value": 7.0}]});
    assert!(import(v).is_ok());
    let v = json!({"size": 4, "grid": empty_grid(4), "killercage": [{"cells": ["R1C1", "R1C2"], "value": 7.5}]});
    assert!(import_err(v).contains("killercage[0].value: expected a whole number"));
}

/// Sizes 1 to 3 are refused, as in the text and native formats.
#[test]
fn tiny_sizes_are_refused() {
    for n in [0, 1, 2, 3, 65] {
        let e = import_err(json!({"size": n, "grid": empty_grid(n.min(4))}));
        assert!(e.contains("sizes 4..=64"), "{n}: {e}");
    }
}

/// A key written twice is refused with its path, in the JSON text and in payloads.
#[test]
fn duplicate_keys_are_refused() {
    let text = r#"{"size": 4, "antiknight": false, "grid": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]], "antiknight": true}"#;
    let e = import_text(text).unwrap_err().to_string();
    assert!(e.starts_with("f-puzzles: antiknight: duplicate key"), "{e}");
    let payload = lz_str::compress_to_base64(text);
    let e = import_text(&payload).unwrap_err().to_string();
    assert!(e.starts_with("f-puzzles: antiknight: duplicate key"), "{e}");
    let cage = text.replace(
        "\"antiknight\": true",
        r#""killercage": [{"cells": ["R1C1"], "value": "1", "value": "2"}]"#,
    );
    let e = import_text(&cage).unwrap_err().to_string();
    assert!(e.contains("killercage[0].value: duplicate key"), "{e}");
}

/// Writes an lz-string base64 payload whose text is `'a'` repeated 1 + 2 + … + `codes`
/// times: each code names the next free dictionary entry (`w + w[0]`), so the text grows
/// quadratically with the payload.
fn expanding_payload(codes: usize) -> String {
    let mut bits: Vec<bool> = Vec::new();
    let put = |value: usize, width: usize, bits: &mut Vec<bool>| {
        for i in 0..width {
            bits.push(value >> i & 1 == 1);
        }
    };
    put(0, 2, &mut bits); // an 8-bit literal
    put(b'a' as usize, 8, &mut bits);
    let (mut dict, mut width, mut enlarge) = (4usize, 3usize, 4usize);
    let grow = |enlarge: &mut usize, width: &mut usize| {
        *enlarge -= 1;
        if *enlarge == 0 {
            *enlarge = 1 << *width;
            *width += 1;
        }
    };
    for _ in 0..codes {
        put(dict, width, &mut bits);
        dict += 1;
        grow(&mut enlarge, &mut width);
    }
    put(2, width, &mut bits);
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    bits.chunks(6)
        .map(|c| {
            let v = c
                .iter()
                .enumerate()
                .fold(0, |v, (i, &b)| v | (usize::from(b) << (5 - i)));
            alphabet[v] as char
        })
        .collect()
}

#[test]
fn huge_payloads_stop_at_the_size_limit() {
    // Small: the generator is right (compare with lz-str).
    let small = expanding_payload(10);
    let text = String::from_utf16(&lz_str::decompress_from_base64(&small).unwrap()).unwrap();
    assert_eq!(text, "a".repeat(1 + (2..=11).sum::<usize>()));
    // ~60 KB of payload for about 10^9 characters: refused at 16 MiB, early.
    let big = expanding_payload(45_000);
    assert!(big.len() < 120_000);
    let e = import_text(&big).unwrap_err().to_string();
    assert!(e.contains("decompresses to more than 16 MiB"), "{e}");
}

/// The rules of a puzzle as sorted JSON texts (the export groups rules by key).
fn rule_texts(p: &crate::puzzle::Puzzle) -> Vec<String> {
    let mut v: Vec<String> = p
        .constraints()
        .iter()
        .map(|c| serde_json::to_string(c).unwrap())
        .collect();
    v.sort();
    v
}

/// native → f-puzzles → native: the same puzzle, or the loss is reported.
fn round_trip(doc: &Document, what: &str) -> Vec<String> {
    let out = export(doc);
    let back = import(out.value.clone()).unwrap_or_else(|e| panic!("{what}: {e}"));
    let (a, b) = (&doc.puzzle, &back.document.puzzle);
    assert_eq!(a.shape(), b.shape(), "{what}");
    assert_eq!(a.givens(), b.givens(), "{what}");
    assert_eq!(a.title, b.title, "{what}");
    assert_eq!(doc.meta.rules, back.document.meta.rules, "{what}");
    assert_eq!(doc.solution, back.document.solution, "{what}");
    if out.losses.is_empty() {
        assert_eq!(rule_texts(a), rule_texts(b), "{what}: {}", out.value);
    }
    out.losses
}

/// The rules f-puzzles has no key for: the export reports them as lost.
const NO_KEY: &[&str] = &[
    "or",
    "and",
    "sum-line",
    "lunchbox",
    "numbered-room",
    "hidden-skyscraper",
    "anti-taxicab",
    "global-entropy",
    "global-mod",
    "dutch-flatmates",
    "rellik-cage",
    "counting-circles",
    "same-values",
    "greater-than",
    "equal-sums",
    "value-indexing",
    "relation",
    "count-distinct",
    "equality-cage",
    "full-rank",
    "regex",
    "weighted-sum",
    "look-and-say",
    "connected-values",
    "contain-at-least",
    "nfa",
];

/// Every constraint example of docs/FORMAT.md survives the f-puzzles round trip, except
/// the exemption lists f-puzzles cannot write, which are reported.
#[test]
fn every_documented_example_round_trips_or_reports_its_loss() {
    let docs = include_str!("../../../docs/FORMAT.md");
    let examples: Vec<&str> = docs
        .lines()
        .filter(|l| l.starts_with("{\"type\""))
        .collect();
    assert_eq!(examples.len(), crate::format::json::CONSTRAINT_TYPES.len());
    for ex in examples {
        let chaos_kinds = [
            "same-region",
            "different-regions",
            "chaos-arrow",
            "chaos-count",
            "distinct-regions",
        ];
        if let Some(kind) = chaos_kinds
            .iter()
            .find(|k| ex.contains(&format!("\"{k}\"")))
        {
            // a chaos construction's rule: f-puzzles has no regions to find, said as losses
            let text = format!(
                "{{\"satdoku\": 1, \"size\": 9, \"chaos\": true, \"constraints\": [{ex}]}}"
            );
            let doc = crate::format::json::from_str(&text).unwrap();
            let losses = crate::format::fpuzzles::export(&doc).losses;
            assert!(
                losses.iter().any(|l| l.contains("chaos construction")),
                "{losses:?}"
            );
            assert!(losses.iter().any(|l| l.starts_with(kind)), "{losses:?}");
            continue;
        }
        if ex.contains("\"doppelganger\"") {
            // on the values 0..N, which f-puzzles cannot carry: its export reports the rule
            let text = format!(
                "{{\"satdoku\": 1, \"size\": 9, \"values\": \"0-9\", \"constraints\": [{ex}]}}"
            );
            let doc = crate::format::json::from_str(&text).unwrap();
            let losses = crate::format::fpuzzles::export(&doc).losses;
            assert!(
                losses
                    .iter()
                    .any(|l| l.starts_with("doppelganger: f-puzzles has no key")),
                "{losses:?}"
            );
            continue;
        }
        let text = format!("{{\"satdoku\": 1, \"size\": 9, \"constraints\": [{ex}]}}");
        let doc = crate::format::json::from_str(&text).unwrap();
        let losses = round_trip(&doc, ex);
        let kind = doc.puzzle.constraints()[0].kind();
        let exempt = ["non-consecutive", "negative-ratio", "negative-xv"].contains(&kind);
        let no_key = NO_KEY.contains(&kind);
        assert_eq!(!losses.is_empty(), exempt || no_key, "{ex}: {losses:?}");
        if exempt {
            assert!(losses[0].contains("exempt pairs"), "{losses:?}");
        }
        if no_key {
            assert_eq!(
                losses,
                [format!(
                    "{kind}: f-puzzles has no key for this rule; it is not exported"
                )]
            );
        }
    }
}

/// The shipped native puzzles round-trip (their stated solution too); only their source and
/// license are reported.
#[test]
fn shipped_puzzles_round_trip() {
    let mut seen = 0;
    for dir in ["puzzles/examples", "puzzles/variants"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for f in std::fs::read_dir(path).unwrap() {
            let f = f.unwrap().path();
            if f.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let text = std::fs::read_to_string(&f).unwrap();
            let doc = crate::format::json::from_str(&text).unwrap();
            let what = f.display().to_string();
            for loss in round_trip(&doc, &what) {
                assert!(loss.contains("has no f-puzzles field"), "{what}: {loss}");
            }
            seen += 1;
        }
    }
    assert!(seen >= 20, "{seen}");
}

/// What the export cannot carry is reported, one sentence each.
#[test]
fn lossy_exports_say_what_is_lost() {
    let losses = |ex: &str| -> Vec<String> {
        let text = format!("{{\"satdoku\": 1, \"size\": 9, \"constraints\": [{ex}]}}");
        export(&crate::format::json::from_str(&text).unwrap()).losses
    };
    // Exemptions that match the dots are carried by the dots.
    assert!(losses(r#"{"type": "non-consecutive", "except": [["r1c1", "r1c2"]]}, {"type": "difference", "cells": ["r1c2", "r1c1"]}"#).is_empty());
    assert_eq!(losses(r#"{"type": "non-consecutive", "except": []}, {"type": "ratio", "cells": ["r1c1", "r1c2"]}"#).len(), 1);
    assert_eq!(
        losses(r#"{"type": "negative-ratio", "ratios": [3]}"#).len(),
        1
    );
    assert!(losses(r#"{"type": "negative-ratio", "ratios": [3]}, {"type": "ratio", "cells": ["r1c1", "r1c2"], "value": 3}"#)
        .iter()
        .any(|l| l.contains("exempt pairs")));
    assert_eq!(
        losses(r#"{"type": "minimum", "cells": ["r1c1"]}, {"type": "minimum", "cells": ["r5c5"]}"#)
            .len(),
        1
    );
    assert_eq!(
        losses(r#"{"type": "little-killer", "cells": ["r2c2", "r3c3"], "sum": 5}"#).len(),
        1
    );
    // Two pencil-mark lists on one cell are written as their intersection.
    let text = r#"{"satdoku": 1, "size": 4, "constraints": [
        {"type": "pencil-marks", "cell": "r1c1", "digits": [1, 2]},
        {"type": "pencil-marks", "cell": "r1c1", "digits": [2, 3]}]}"#;
    let out = export(&crate::format::json::from_str(text).unwrap());
    assert!(out.losses.is_empty());
    assert_eq!(out.value["grid"][0][0]["givenPencilMarks"], json!([2]));
}

/// A whispers loop imports (it was refused as "r1c2 appears twice") and its count matches
/// brute force; a thermometer loop stays refused, naming its entry.
#[test]
fn a_whispers_loop_imports_and_counts_right() {
    let looped = json!([["R1C2", "R1C3", "R2C3", "R2C2", "R1C2"]]);
    let v =
        json!({"size": 4, "grid": empty_grid(4), "whispers": [{"lines": looped, "value": "2"}]});
    let p = import(v).unwrap().document.puzzle;
    let n = crate::rules::testing::assert_count_matches(&p, 300);
    assert!(n > 0 && n < 288, "{n}");
    let v = json!({"size": 4, "grid": empty_grid(4), "thermometer": [{"lines": looped}]});
    let e = import_err(v);
    assert!(
        e.starts_with("f-puzzles: thermometer[0].lines[0] (thermometer): r1c2 appears twice"),
        "{e}"
    );
}

/// Fields nobody reads are never dropped in silence: in a cell or a rule entry (a typo that
/// would weaken the rule) the puzzle is refused with their paths; in a drawing, a warning.
#[test]
fn unknown_fields_are_refused_or_named() {
    let mut g = empty_grid(4);
    g[1][2] = json!({"valu": 3, "given": true, "centerPencilMarks": [1]});
    let v = json!({"size": 4, "grid": g,
        "killercage": [{"cells": ["R1C1", "R1C2"], "vlaue": "3", "outlineC": "#000"}]});
    let e = import(v).unwrap_err().to_string();
    assert!(
        e.contains("2 field(s)")
            && e.contains("grid[1][2].valu")
            && e.contains("killercage[0].vlaue")
            && e.contains("refused"),
        "{e}"
    );
    let v = json!({"size": 4, "grid": empty_grid(4),
        "line": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#000", "shade": 2}]});
    let w = import(v).unwrap().warnings;
    assert!(
        w.iter()
            .any(|w| w.contains("line[0].shade") && w.contains("drawings")),
        "{w:?}"
    );
}

/// The author's `solution` is read (it is compared with the solution found), never ignored;
/// a malformed one is refused with its path.
#[test]
fn the_stated_solution_is_read_or_refused() {
    let sol: Vec<Value> = "1234341221434321"
        .chars()
        .map(|c| json!(c.to_digit(10).unwrap()))
        .collect();
    let i = import(json!({"size": 4, "grid": empty_grid(4), "solution": sol})).unwrap();
    let g = i.document.solution.expect("read");
    assert!(g.is_full());
    let mut partial = sol.clone();
    partial[5] = json!(".");
    partial[6] = Value::Null;
    let i = import(json!({"size": 4, "grid": empty_grid(4), "solution": partial})).unwrap();
    assert_eq!(i.document.solution.expect("read").filled_count(), 14);
    let e = import(json!({"size": 4, "grid": empty_grid(4), "solution": [1, 2]})).unwrap_err();
    assert!(
        e.to_string().contains("solution: expected 16 entries"),
        "{e}"
    );
    let mut bad = sol;
    bad[4] = json!(7);
    let e = import(json!({"size": 4, "grid": empty_grid(4), "solution": bad})).unwrap_err();
    assert!(e.to_string().contains("solution[4] (r2c1)"), "{e}");
    let e = import(json!({"size": 4, "grid": empty_grid(4), "solution": "1234"})).unwrap_err();
    assert!(e.to_string().contains("solution: expected an array"), "{e}");
}

#[test]
fn percent_decoding_never_slices_inside_a_character() {
    use super::percent_decode;
    assert_eq!(percent_decode("a%20b%2Bc"), "a b+c");
    // `%a` followed by a two-byte character: no escape, and no panic.
    assert_eq!(percent_decode("%aé"), "%aé");
    assert_eq!(percent_decode("%"), "%");
}
