//! Tests of the SCL reader: each mapped feature against the same puzzle read from f-puzzles,
//! the zipped form, refusals and the user's meanings.

use super::*;
use crate::puzzle::Puzzle;
use serde_json::json;

/// The rules of a puzzle, order aside, to compare two readings.
fn rules(p: &Puzzle) -> Vec<String> {
    let mut v: Vec<String> = p.constraints().iter().map(|c| format!("{c:?}")).collect();
    v.sort();
    v
}

fn scl(v: &Value) -> Result<Import, Error> {
    import_value(v.as_object().expect("an object"), &Meanings::default())
}

/// Reads `fp` from f-puzzles and from the SCL drawn from it: same shape, givens and rules.
fn same_both_ways(fp: Value) {
    let direct = fpuzzles::import_value(&fp).expect("f-puzzles reads it");
    let written = scl_from_fpuzzles(&fp);
    assert!(written.losses.is_empty(), "{:?}", written.losses);
    let back = scl(&written.value).unwrap_or_else(|e| panic!("{e}\n{}", written.value));
    let (a, b) = (&direct.document.puzzle, &back.document.puzzle);
    assert_eq!(a.shape(), b.shape());
    assert_eq!(a.givens(), b.givens());
    assert_eq!(rules(a), rules(b), "{}", written.value);
    assert_eq!(direct.document.solution, back.document.solution);
}

/// An SCL `cells` of n×n empty cells.
fn empty(n: usize) -> Value {
    json!(vec![vec![json!({}); n]; n])
}

fn grid9() -> Value {
    let mut rows = vec![vec![json!({}); 9]; 9];
    rows[0][0] = json!({"value": 5, "given": true});
    json!(rows)
}

#[test]
fn every_mapped_feature_reads_as_from_fpuzzles() {
    let windows: Vec<Value> = [(1, 1), (1, 5), (5, 1), (5, 5)]
        .iter()
        .map(|&(r, c)| {
            let cells: Vec<String> = (0..9)
                .map(|k| format!("R{}C{}", r + 1 + k / 3, c + 1 + k % 3))
                .collect();
            json!({ "cells": cells })
        })
        .collect();
    let solution: Vec<usize> = (0..81).map(|i| (i * 3 + i / 9 + i / 27) % 9 + 1).collect();
    let cases = [
        json!({"thermometer": [{"lines": [["R1C1", "R2C2", "R2C3", "R2C4"]]}, {"lines": [["R9C9", "R8C9"]]}]}),
        json!({"arrow": [{"cells": ["R5C5"], "lines": [["R5C5", "R6C6", "R7C6"]]}, {"cells": ["R1C7", "R1C8"], "lines": [["R1C8", "R2C8", "R3C8"]]}]}),
        json!({"difference": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R3C3", "R4C3"], "value": "3"}], "ratio": [{"cells": ["R5C5", "R5C6"]}]}),
        json!({"xv": [{"cells": ["R2C2", "R2C3"], "value": "X"}, {"cells": ["R4C4", "R5C4"], "value": "V"}]}),
        json!({"littlekillersum": [{"cell": "R0C3", "direction": "DR", "value": "20"}, {"cell": "R10C5", "direction": "UL", "value": "12"}]}),
        json!({"sandwichsum": [{"cell": "R0C2", "value": "10"}, {"cell": "R4C0", "value": "0"}, {"cell": "R4C10", "value": "35"}]}),
        json!({"palindrome": [{"lines": [["R1C1", "R1C2", "R1C3", "R2C3"]]}]}),
        json!({"diagonal+": true, "diagonal-": true, "antiknight": true, "antiking": true, "nonconsecutive": true, "disjointgroups": true}),
        json!({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "7"}, {"cells": ["R9C9", "R8C9", "R9C8"]}]}),
        json!({ "extraregion": windows }),
        json!({"title": "T", "author": "A", "ruleset": "Normal sudoku rules apply.", "solution": solution}),
    ];
    for case in cases {
        let mut fp = case.as_object().unwrap().clone();
        fp.insert("size".into(), json!(9));
        fp.insert("grid".into(), grid9());
        same_both_ways(Value::Object(fp));
    }
}

#[test]
fn regions_as_drawn_and_none_means_no_boxes() {
    let mut jig = vec![vec![json!({}); 4]; 4];
    for (r, row) in jig.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            // Four rows as regions.
            *cell = json!({"region": r});
            let _ = c;
        }
    }
    same_both_ways(json!({"size": 4, "grid": jig}));
    let none = json!({ "cells": empty(4) });
    let p = scl(&none).unwrap().document.puzzle;
    assert!(p.shape().regions().iter().all(Option::is_none));
}

#[test]
fn zipped_scl_is_read_like_plain() {
    let zipped = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:4}]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],o:[{ct:[0.5,1],w:0.3,h:0.3,r:t,c1:#0,c2:#F,te:''}],ca:[{v:'title: Zip'},{v:'rules: Kropki.'}]}";
    let i = import_json_text(zipped, &Meanings::default()).unwrap();
    let p = &i.document.puzzle;
    assert_eq!(p.title.as_deref(), Some("Zip"));
    assert_eq!(p.givens().filled_count(), 2);
    assert!(format!("{:?}", p.constraints()).contains("Difference"));
    // The same, compressed, through a link.
    let link = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(zipped)
    );
    let j = crate::format::link::import(&link, &Meanings::default()).unwrap();
    assert_eq!(j.document.puzzle, i.document.puzzle);
}

fn with_line(color: &str, rules: &str) -> Value {
    json!({
        "cells": empty(9),
        "lines": [{"wayPoints": [[0.5, 0.5], [0.5, 2.5], [1.5, 3.5]], "color": color, "thickness": 10}],
        "cages": [{"value": format!("rules: {rules}")}],
    })
}

#[test]
fn unmapped_drawings_are_refused_then_mapped_or_ignored() {
    let v = with_line("#6ED078", "Green lines are German whispers.");
    let e = scl(&v).unwrap_err().to_string();
    assert!(
        e.contains("lines[0] (line #6ED078 from r1c1 to r2c4)"),
        "{e}"
    );
    assert!(e.contains("--line-rule"), "{e}");
    let map = v.as_object().unwrap();
    // By colour.
    let mut m = Meanings::default();
    m.add_line_color("6ed078=german whispers").unwrap();
    let p = import_value(map, &m).unwrap().document.puzzle;
    let text = format!("{:?}", p.constraints());
    assert!(text.contains("Whispers"), "{text}");
    assert!(text.contains("r1c3") || text.contains("R1C3") || text.contains("col: 3"));
    // By element.
    let mut m = Meanings::default();
    m.add_element("lines[0]=renban").unwrap();
    assert!(format!(
        "{:?}",
        import_value(map, &m).unwrap().document.puzzle.constraints()
    )
    .contains("Renban"));
    // Ignored on request: the warning names it.
    let m = Meanings {
        ignore_unmapped: true,
        ..Meanings::default()
    };
    let i = import_value(map, &m).unwrap();
    assert!(i.document.puzzle.constraints().is_empty());
    assert!(
        i.warnings.iter().any(|w| w.contains("lines[0]")),
        "{:?}",
        i.warnings
    );
    assert!(Rule::parse("sideways").is_err());
}

#[test]
fn cages_are_killer_only_when_the_rules_say_so() {
    let cage = |rules: &str| {
        json!({"cells": empty(4),
               "cages": [{"cells": [[0, 0], [0, 1]], "value": 3}, {"value": format!("rules: {rules}")}]})
    };
    assert!(scl(&cage("Killer sudoku.")).is_ok());
    let e = scl(&cage("Normal rules.")).unwrap_err().to_string();
    assert!(e.contains("does not say killer"), "{e}");
    let e = scl(&cage(
        "Digits in cages sum to the total. Digits may repeat in cages.",
    ))
    .unwrap_err();
    assert!(e.to_string().contains("cages[0]"), "{e}");
}

#[test]
fn bad_entries_are_refused_with_their_place() {
    for (v, want) in [
        (json!({"cells": [[{}]]}), "cells: grid size 1"),
        (
            json!({"cells": empty(4), "regions": [[[0, 9]]]}),
            "regions[0][0][1]",
        ),
        (
            json!({"cells": [[{"value": 7}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}),
            "cells[0][0].value",
        ),
        (
            json!({"cells": [[{"vlaue": 1}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}),
            "cells[0][0].vlaue (a cell field with 1)",
        ),
        (json!({"cells": empty(4), "thermos": []}), "unknown key"),
        (
            json!({"cells": empty(4), "lines": [{"wayPoints": [[0.5, "x"]]}]}),
            "lines[0].wayPoints[0]",
        ),
        (json!({"cells": empty(4), "global": ["fog"]}), "global[0]"),
        (
            json!({"cells": empty(4), "metadata": {"solution": "12"}}),
            "metadata.solution",
        ),
    ] {
        let e = scl(&v).unwrap_err().to_string();
        assert!(e.contains(want), "{want}: {e}");
    }
}

#[test]
fn scf_reads_givens_and_options() {
    // 81 cells: a 5, then 80 empty cells as codes of one digit and up to five zeros.
    let mut code = String::from("5");
    let mut left = 80;
    while left > 0 {
        let z = left.min(5);
        // digit 0 followed by z-1 zeros: value 10*(z-1), coded from '0'.
        let v = 10 * (z - 1) as u32;
        code.push(
            char::from_u32(
                v + if v > 35 {
                    61
                } else if v > 9 {
                    55
                } else {
                    48
                },
            )
            .unwrap(),
        );
        left -= z;
    }
    let i = import_scf(&format!("{code}*xta title*aan author")).unwrap();
    let p = &i.document.puzzle;
    assert_eq!(p.givens().filled_count(), 1);
    assert_eq!(p.title.as_deref(), Some("a title"));
    assert_eq!(p.author.as_deref(), Some("an author"));
    assert!(format!("{:?}", p.constraints()).contains("Diagonal"));
    assert!(import_scf("5").is_err());
}

#[test]
fn a_drawing_with_an_unknown_field_is_no_feature() {
    // A kropki dot, but turned by an angle satdoku does not read: unmapped, not a dot.
    let v = json!({
        "cells": empty(4),
        "overlays": [{"center": [0.5, 1.0], "width": 0.3, "height": 0.3, "rounded": true,
                      "borderColor": "#000000", "backgroundColor": "#FFFFFF", "angle": 45}],
        "lines": [{"wayPoints": [[0.5, 0.5], [1.5, 0.5]], "color": "#CFCFCF", "thickness": 21,
                   "dashArray": [2, 2]}],
    });
    let e = scl(&v).unwrap_err().to_string();
    assert!(
        e.contains("overlays[0]") && e.contains("unknown field(s) angle"),
        "{e}"
    );
    assert!(e.contains("lines[0]") && e.contains("dashArray"), "{e}");
}

#[test]
fn dots_of_other_sizes_count_when_the_rules_speak_of_dots() {
    // Sudoku Maker draws 0.33 black dots without a border, 0.34 white ones with one.
    let v = |rules: &str| {
        json!({
            "cells": empty(4),
            "overlays": [
                {"center": [1.0, 0.5], "width": 0.33, "height": 0.33, "rounded": true, "backgroundColor": "#000000"},
                {"center": [0.5, 2.0], "width": 0.34, "height": 0.34, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000", "thickness": 1},
            ],
            "metadata": {"rules": rules},
        })
    };
    let p = scl(&v("White dot: consecutive. Black dot: double."))
        .unwrap()
        .document
        .puzzle;
    let text = format!("{:?}", p.constraints());
    assert!(
        text.contains("Ratio") && text.contains("Difference"),
        "{text}"
    );
    let e = scl(&v("Normal sudoku rules.")).unwrap_err().to_string();
    assert!(
        e.contains("overlays[0]") && e.contains("overlays[1]"),
        "{e}"
    );
}
