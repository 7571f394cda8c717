//! The ISS reader end to end on short strings: what each constraint becomes, and every
//! refusal with its place.

use super::*;
use crate::rules::Constraint;

fn kinds(text: &str) -> Vec<&'static str> {
    parse(text)
        .unwrap()
        .document
        .puzzle
        .constraints()
        .iter()
        .map(Constraint::kind)
        .collect()
}

fn refusal(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn givens_and_pencil_marks() {
    let doc = parse(".~R1C1_5~R2C2_1_2.~R2C2_2_3").unwrap().document;
    let p = &doc.puzzle;
    assert_eq!(p.size(), 9);
    assert_eq!(
        p.givens()
            .get(crate::geometry::Cell::new(1, 1))
            .unwrap()
            .get(),
        5
    );
    // Two givens of one cell intersect (ISS merges them): {1,2} ∩ {2,3} = 2.
    assert_eq!(
        p.givens()
            .get(crate::geometry::Cell::new(2, 2))
            .unwrap()
            .get(),
        2
    );
    assert!(p.constraints().is_empty());
    assert_eq!(kinds(".~R1C1_5_6"), ["pencil-marks"]);
}

#[test]
fn each_family_maps_to_its_rule() {
    assert_eq!(
        kinds(".Cage~10~R1C1~R1C2.Cage~~R2C1~R2C2.Thermo~R3C1~R3C2~R3C3.Whisper~R5C1~R5C2.Whisper~3~R6C1~R6C2"),
        ["killer", "killer", "thermometer", "whispers", "whispers"]
    );
    assert_eq!(
        kinds(".WhiteDot~R1C1~R1C2~R2C2.BlackDot~R4C4~R4C5.X~R6C6~R6C7.V~R7C7~R8C7"),
        ["difference", "difference", "ratio", "xv", "xv"]
    );
    assert_eq!(
        kinds(".LittleKiller~20~R1C4.Sandwich~0~R3.XSum~C2~15~.Skyscraper~R1~3~2"),
        [
            "little-killer",
            "sandwich",
            "x-sum",
            "skyscraper",
            "skyscraper"
        ]
    );
    assert_eq!(
        kinds(".AntiKnight.AntiKnight.Diagonal~1.Diagonal~-1.StrictKropki.WhiteDot~R1C1~R1C2"),
        [
            "anti-knight",
            "difference",
            "diagonal",
            "non-consecutive",
            "negative-ratio"
        ]
    );
    assert_eq!(kinds(".Or.~R1C1_1.~R1C2_1.End"), ["or"]);
    assert_eq!(kinds(".Or.X~R1C1~R1C2~R2C2.V~R5C5~R5C6.End"), ["or"]);
}

#[test]
fn outside_clues_name_their_side() {
    let doc = parse(".XSum~R2~~15.NumberedRoom~C3~4~").unwrap().document;
    let text = crate::format::json::to_string_line(&doc).unwrap();
    assert!(text.contains(r#""clue":"r2c10""#), "{text}");
    assert!(text.contains(r#""clue":"r0c3""#), "{text}");
}

#[test]
fn pills_read_in_reading_order() {
    let doc = parse(".PillArrow~2~R1C2~R1C1~R2C1~R3C1").unwrap().document;
    let Constraint::Arrow(a) = &doc.puzzle.constraints()[0] else {
        panic!()
    };
    assert_eq!(
        a.circle,
        [
            crate::geometry::Cell::new(1, 1),
            crate::geometry::Cell::new(1, 2)
        ]
    );
    assert_eq!(a.line.len(), 2);
}

#[test]
fn shapes() {
    assert_eq!(
        parse(".Shape~6x6.~R1C1_6").unwrap().document.puzzle.size(),
        6
    );
    assert_eq!(
        parse(".Shape~16x16~1-16").unwrap().document.puzzle.size(),
        16
    );
    let jig = format!(".Shape~4x4.Jigsaw~{}.NoBoxes", "1112122234443334");
    assert!(parse(&jig).unwrap().document.puzzle.shape().is_jigsaw());
    // A prime side has no boxes in ISS: a jigsaw there gives the regions.
    let seven = format!(
        ".Shape~7x7.Jigsaw~{}",
        "1112222111122233334443334444556667755666775556777"
    );
    assert!(parse(&seven).unwrap().document.puzzle.shape().is_jigsaw());
    // Value sets: `0-8` holds 0..8 (index 1 is the value 0), `~9` on a 6x6 holds 1..9.
    let zero = parse(".Shape~9x9~0-8.~R1C1_0~R1C2_8")
        .unwrap()
        .document
        .puzzle;
    assert_eq!(zero.shape().values().to_string(), "0-8");
    let given = |p: &crate::puzzle::Puzzle, c| p.givens().get(c).map(|d| d.get());
    assert_eq!(given(&zero, crate::geometry::Cell::new(1, 1)), Some(1));
    assert_eq!(given(&zero, crate::geometry::Cell::new(1, 2)), Some(9));
    let wide = parse(".Shape~6x6~9.~R1C1_9").unwrap().document.puzzle;
    assert_eq!(wide.shape().value_count(), 9);
    let e = refusal(".Shape~9x9~0-8.~R1C1_9");
    assert!(e.contains("\"9\" is not a value of 0-8"), "{e}");
    let e = refusal(".Shape~9x9~1-8");
    assert!(
        e.contains("ISS item 1 (Shape)") && e.contains("8 values"),
        "{e}"
    );
    // Rectangles: max(R, C) values, ISS's boxes (2x4 on a 6x8; none on a 9x8)
    let rect = parse(".Shape~6x8.~R6C8_8").unwrap().document.puzzle;
    let s = rect.shape();
    assert_eq!((s.rows(), s.cols(), s.value_count()), (6, 8, 8));
    assert_eq!((s.box_rows(), s.box_cols()), (2, 4));
    let tall = parse(".Shape~9x8~0-8").unwrap().document.puzzle;
    assert!(tall.shape().regions().iter().all(Option::is_none));
    let e = refusal(".Shape~6x8.~R7C1_1");
    assert!(e.contains("outside the 6x8 grid"), "{e}");
    let e = refusal(".Shape~6x8.Diagonal~1");
    assert!(e.contains("rectangular grid"), "{e}");
    // a sandwich beside a row of 8 cells holds its crusts 1 and 8; a column of 6 need not,
    // and reads as a lunchbox (ISS's reading), still a sandwich clue
    for text in [".Shape~6x8.Sandwich~5~R2", ".Shape~6x8.Sandwich~5~C2"] {
        let p = parse(text).unwrap().document.puzzle;
        assert_eq!(p.constraints()[0].kind(), "sandwich");
    }
    // ISS names a little killer by its first cell from a table for square grids
    let e = refusal(".Shape~6x8.LittleKiller~10~R1C1");
    assert!(e.contains("little killer named by its first cell"), "{e}");
    let e = refusal(".Shape~6x8.Windoku");
    assert!(e.contains("windoku on a 6x8 grid"), "{e}");
    // chaos on a rectangle: min(R, C) regions of max(R, C) cells; not with more values
    let p = parse(".Shape~6x8.ChaosConstruction")
        .unwrap()
        .document
        .puzzle;
    assert_eq!(p.shape().chaos_regions(), 6);
    assert!(refusal(".Shape~6x6~9.ChaosConstruction").contains("as many values"));
    // RegionSize: boxes of that many cells (3x3 on a 6x6 holding 1..9), at most the values
    let nine = parse(".Shape~6x6~9.RegionSize~9").unwrap().document.puzzle;
    assert_eq!((nine.shape().box_rows(), nine.shape().box_cols()), (3, 3));
    assert_eq!(nine.shape().region_size(), 9);
    assert!(refusal(".Shape~6x6.RegionSize~9").contains("RegionSize"));
    assert!(refusal(".RegionSize~x").contains("RegionSize"));
    assert!(refusal(".Shape~9x9~1-9~Hex").contains("grid type"));
}

#[test]
fn refusals_name_the_item() {
    let e = refusal(".~R1C1_5.Or.Var~A~~1.~R1C2_3.End");
    assert!(
        e.contains("ISS item 3 (Var)") && e.contains("inside Or"),
        "{e}"
    );
    let e = refusal(".Var~A~~2.Thermo~VA1~R1C1");
    assert!(
        e.contains("ISS item 2 (Thermo)") && e.contains("r10c1 is an extra cell"),
        "{e}"
    );
    let e = refusal(".AntiKnight.Frobnicate~3");
    assert!(
        e.contains("ISS item 2") && e.contains("unknown ISS constraint type \"Frobnicate\""),
        "{e}"
    );
    let e = refusal(".Cage~99~R1C1~R1C2");
    assert!(
        e.contains("ISS item 1 (Cage)") && e.contains("killer"),
        "{e}"
    );
    let e = refusal(".Thermo~R1C1~R1CX");
    assert!(
        e.contains("ISS item 1 (Thermo)") && e.contains("not a cell"),
        "{e}"
    );
    assert!(refusal(".SumLine~10~LOOP").contains("no cells"));
    assert!(refusal(".Sum~10_=_1_2_3~R1C1~R1C2").contains("3 weights for 2 cells"));
    assert!(refusal(".Or.StrictXV.End").contains("whole-grid"));
    assert!(refusal(".StrictXV.Or.X~R1C1~R1C2.V~R1C1~R1C2.End").contains("ill-defined"));
    assert!(refusal(".~R1C1_1.~R1C1_2").contains("leave no digit"));
}

#[test]
fn sums_become_cages_or_little_killers() {
    assert_eq!(kinds(".Sum~10~R1C1~R1C2~R2C1"), ["killer"]);
    assert_eq!(kinds(".Sum~10~R1C1~R2C2~R3C3~R4C4"), ["little-killer"]);
}

#[test]
fn links_decode_their_query() {
    let link =
        "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Cage%7E10%7ER1C1%7ER1C2.%7ER9C9_5";
    assert_eq!(
        link_query(link).unwrap().unwrap(),
        ".Cage~10~R1C1~R1C2.~R9C9_5"
    );
    let imp = import_text(link).unwrap();
    assert_eq!(imp.document.puzzle.constraints().len(), 1);
    assert!(
        link_query("https://sigh.github.io/Interactive-Sudoku-Solver/")
            .unwrap()
            .is_err()
    );
    assert!(link_query("https://f-puzzles.com/?load=x").is_none());
}

#[test]
fn sums_become_little_killers_cages_or_weighted_sums() {
    assert_eq!(kinds(".Sum~10~R1C1~R2C2~R3C3"), ["little-killer"]);
    assert_eq!(kinds(".Sum~10~R1C1~R1C2~R2C1"), ["killer"]);
    assert_eq!(kinds(".Sum~10~R1C1~R5C5~R1C5"), ["weighted-sum"]);
    assert_eq!(kinds(".Sum~-1_=_1_-1~R1C1~R1C2"), ["weighted-sum"]);
    let e = refusal(".Sum~7_=_1~R1C1~R2C2");
    assert!(e.contains("1 weights for 2 cells"), "{e}");
    let e = refusal(".Sum~x~R1C1");
    assert!(e.contains("is not a whole number"), "{e}");
    // a raw grid's rows do not make cells differ: a sum along a row is no cage (2 + 2 = 4
    // holds there), and on a chaos grid the kept boxes do
    assert_eq!(
        kinds(".Shape~4x4~1-4~Raw.Sum~4~R1C1~R1C2"),
        ["weighted-sum"]
    );
    assert_eq!(
        kinds(".Shape~4x4~1-4~Raw.Sum~4~R1C1~R2C2"),
        ["little-killer"]
    );
    assert_eq!(kinds(".Sum~4~R1C1~R1C2"), ["killer"]);
}

#[test]
fn a_jigsaw_layout_written_twice_is_read_once() {
    // as ISS reads it; before, satdoku refused r1c1 "in two jigsaw regions"
    let layout = ".Shape~4x4.Jigsaw~0011001122332233";
    let once = parse(layout).unwrap().document.puzzle;
    let twice = parse(&format!("{layout}{layout}")).unwrap().document.puzzle;
    assert_eq!(once, twice);
}

#[test]
fn a_raw_grids_rows_imply_no_sums() {
    // found by benches/iss_differential.py: the implied sums ("set theory") took column 3
    // of a raw grid to add up to 1 + 2 + 3 + 4 and left no solution; r4c4 = 1, the first
    // cage 1 + {2, 3, 4}, the second {2, 4} is one
    let p = parse(".Shape~4x4~1-4~Raw.Cage~10~R4C4~R4C3~R3C3~R3C2.Cage~6~R2C3~R1C3.~R4C4_1")
        .unwrap()
        .document
        .puzzle;
    // the other nine cells are free: 6 orders of {2, 3, 4} · 2 of {2, 4} · 4^9
    assert_eq!(crate::rules::testing::count(&p, 20), 20);
}

#[test]
fn a_sum_on_a_raw_grid_keeps_repeated_digits() {
    // R1C1 + R1C2 = 4 on a raw 1×4 holding 1-4: (1,3) (2,2) (3,1), the other two cells free
    let p = parse(".Shape~1x4~1-4~Raw.Sum~4~R1C1~R1C2")
        .unwrap()
        .document
        .puzzle;
    assert_eq!(crate::rules::testing::count(&p, 1000), 3 * 16);
    assert_eq!(
        crate::rules::testing::count(&p, 1000),
        crate::rules::testing::brute_force_count(&p, 1000)
    );
}

#[test]
fn regex_patterns_are_base64_and_lines_split_on_empty_arguments() {
    // MTIz = "123"; two lines with the same pattern.
    assert_eq!(
        kinds(".Regex~MTIz~R1C1~R1C2~R1C3~~R2C1~R2C2~R2C3"),
        ["regex", "regex"]
    );
    let p = parse(".Regex~MTIz~R1C1~R1C2~R1C3").unwrap().document.puzzle;
    let Constraint::Regex(r) = &p.constraints()[0] else {
        panic!("not a regex")
    };
    assert_eq!(r.pattern, "123");
    // ISS's older percent-encoded form.
    let p = parse(".Regex~1%7C2~R1C1").unwrap().document.puzzle;
    let Constraint::Regex(r) = &p.constraints()[0] else {
        panic!("not a regex")
    };
    assert_eq!(r.pattern, "1|2");
    assert!(refusal(".Regex~!!~R1C1").contains("is not base64"));
    // The regex rule's own parser refuses what it does not read, with the item.
    let e = refusal(".Regex~XjE~R1C1"); // "^1": anchors are not read
    assert!(e.contains("ISS item 1 (Regex)"), "{e}");
}

#[test]
fn full_rank_clues_and_ties_become_one_rule() {
    let p = parse(".FullRank~R1~3~.FullRank~C2~~7.FullRankTies~none")
        .unwrap()
        .document
        .puzzle;
    let [Constraint::FullRank(r)] = p.constraints() else {
        panic!("{:?}", p.constraints())
    };
    assert_eq!(r.clues.len(), 2);
    assert_eq!(r.ties, crate::rules::full_rank::Ties::None);
    assert_eq!(r.clues[0].rank, 3);
    assert_eq!((r.clues[1].clue.row, r.clues[1].clue.col), (10, 2));
    assert!(refusal(".FullRankTies~some").contains("expected none, only-unclued or any"));
    assert!(refusal(".Or.FullRank~R1~3.End").contains("top level"));
}

/// ISS's arrow is a sum whatever its cells' places: cells that touch in turn are an arrow,
/// others the same sum (circle weighted −1, total 0).
#[test]
fn arrows_through_cells_apart_are_their_sum() {
    assert_eq!(kinds(".Arrow~R1C1~R1C2~R2C3"), ["arrow"]);
    let doc = parse(".Arrow~R2C3~R2C1~R1C2~R1C3").unwrap().document;
    match doc.puzzle.constraints() {
        [Constraint::WeightedSum(w)] => {
            assert_eq!(w.weights.as_deref(), Some(&[-1, 1, 1, 1][..]));
            assert_eq!(w.sum, 0);
        }
        other => panic!("{other:?}"),
    }
    assert!(refusal(".Arrow~R1C1~R1C1").contains("twice"));
}

/// Inside an `Or`, a branch that can never hold (ISS: false) is read; a malformed one is
/// refused with its place, and an impossible cage outside an `Or` still is.
#[test]
fn or_branches_that_never_hold_are_read_as_false() {
    assert_eq!(
        kinds(".Or.Cage~3~R1C1~R1C2~R1C3.Lunchbox~3~R1C1~R1C2~R1C3.End"),
        ["or"]
    );
    assert_eq!(
        kinds(
            ".Or.And.HiddenSkyscraper~R9~~9.HiddenSkyscraper~C9~~9.End.HiddenSkyscraper~R9~~1.End"
        ),
        ["or"]
    );
    // a cage listing r1c2 twice is read as ISS reads it (all different, r1c2 counted twice)
    assert_eq!(
        kinds(".Or.Cage~3~R1C1~R1C2~R1C3.Cage~10~R1C1~R1C2~R1C2.End"),
        ["or"]
    );
    let e = refusal(".Or.Cage~3~R1C1~R1C2~R1C3.Thermo~R1C1~R1C2~R1C1.End");
    assert!(
        e.contains("ISS item 1 (Or)") && e.contains("of[1] (thermometer): r1c1 appears twice"),
        "{e}"
    );
    let e = refusal(".Or.Cage~3~R1C1~R1C2~R1C3.Cage~30~R1C1~R1C2.End");
    assert!(e.contains("no rule of the `or` can hold"), "{e}");
    let e = refusal(".Cage~3~R1C1~R1C2~R1C3");
    assert!(
        e.contains("ISS item 1 (Cage)") && e.contains("no 3 different digits"),
        "{e}"
    );
    assert!(refusal(".Or.Cage~3~R1C1~R10C2.End").contains("R10C2"));
}

/// `LookAndSay~1617~cells`: (count, value) pairs; a 0-count of a value the grid lacks says
/// nothing; on a value set the values are as written (`0` on `0-8`).
#[test]
fn look_and_say_clues_are_count_value_pairs() {
    let counts = |text: &str| match parse(text).unwrap().document.puzzle.written_constraints() {
        [Constraint::LookAndSay(l)] => l.counts.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(counts(".LookAndSay~1617~R1C1~R1C2"), [[1, 6], [1, 7]]);
    assert_eq!(counts(".LookAndSay~0017~R1C1~R1C2"), [[1, 7]]);
    assert_eq!(counts(".LookAndSay~1717~R1C1~R1C2"), [[1, 7]]);
    assert_eq!(counts(".Shape~9x9~0-8.LookAndSay~10~R1C1~R1C2"), [[1, 0]]);
    assert!(refusal(".LookAndSay~161~R1C1").contains("pairs"));
    assert!(refusal(".LookAndSay~1a~R1C1").contains("pairs"));
    assert!(refusal(".LookAndSay~10~R1C1").contains("value 0"));
    assert!(refusal(".LookAndSay~1617").contains("no cells"));
    assert!(refusal(".LookAndSay~1617~R1C1").contains("more than the 1 cells"));
    assert!(refusal(".LookAndSay~1606~R1C1~R1C2").contains("counted twice"));
}

/// A `LOOP` sum line is a loop: the count through the reader is the brute-force count of
/// its meaning (segments may wrap from the last cell to the first).
#[test]
fn sum_line_loops_are_read_as_loops() {
    let import = crate::format::iss::parse(".Shape~4x4.SumLine~5~R1C3~R2C3~R2C2~R1C2~LOOP")
        .unwrap_or_else(|e| panic!("{e}"));
    let p = import.document.puzzle;
    match &p.constraints()[0] {
        Constraint::SumLine(l) => assert!(l.is_loop && l.cells.len() == 4),
        other => panic!("{other:?}"),
    }
    crate::rules::testing::assert_count_matches(&p, 300);
}

/// An ISS NFA key through the reader: its lines count as the automaton says (a 4×4 with
/// "odd, even, odd, …" written as a packed key: 2 states, state 0 accepting; 0 -1,3-> 1,
/// 1 -2,4-> 0; header 01 0000 0011 1 0 1, then masks 0101 (1 bit target 1 each) and 1010).
#[test]
fn nfa_keys_solve_as_their_automata() {
    // bits: 01 0000 0011 1 0 1 | 0101 1 1 | 1010 0 0 → pad to bytes
    let bits = "0100000011101010111101000";
    let mut bytes = Vec::new();
    for chunk in bits.as_bytes().chunks(8) {
        let mut b = 0u8;
        for (i, &c) in chunk.iter().enumerate() {
            b |= u8::from(c == b'1') << (7 - i);
        }
        bytes.push(b);
    }
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut all: Vec<bool> = Vec::new();
    for b in &bytes {
        all.extend((0..8).rev().map(|i| b >> i & 1 == 1));
    }
    let key: String = all
        .chunks(6)
        .map(|c| {
            let v = (0..6).fold(0, |a, i| a << 1 | usize::from(c.get(i) == Some(&true)));
            char::from(alphabet[v])
        })
        .collect();
    let text = format!(".Shape~4x4.NFA~{key}~_odd%20even~R1C1~R2C1~R3C1~R4C1~~R2C3~R2C4");
    let import = crate::format::iss::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let p = import.document.puzzle;
    assert_eq!(p.constraints().len(), 2);
    match &p.constraints()[1] {
        Constraint::Nfa(m) => {
            assert_eq!(m.accept, vec![0]);
            assert_eq!(m.transitions, vec![(0, vec![1, 3], 1), (1, vec![2, 4], 0)]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(import.warnings.len(), 1, "{:?}", import.warnings);
    crate::rules::testing::assert_count_matches(&p, 300);
    // on the values 0-3 the key's symbols are the values 0 …: the rule states them, and
    // solving reads them back as indices (the same puzzle, shifted by one)
    let zero = text.replace(".Shape~4x4.", ".Shape~4x4~0-3.");
    let p0 = crate::format::iss::parse(&zero).unwrap().document.puzzle;
    match &p0.written_constraints()[1] {
        Constraint::Nfa(m) => {
            assert_eq!(m.transitions, vec![(0, vec![0, 2], 1), (1, vec![1, 3], 0)])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(p0.constraints()[1], p.constraints()[1]);
    // the same automaton on a 3-cell line accepts nothing (odd length ends in state 1)
    let odd = format!(".Shape~4x4.NFA~{key}~R1C1~R2C1~R3C1");
    let e = crate::format::iss::parse(&odd).unwrap_err().to_string();
    assert!(e.contains("accepts no line of 3 digits"), "{e}");
}

/// Windoku's windows: 3×3 at rows and columns 2 and 6 on 9×9, 4×4 at 2, 7 and 12 on
/// 16×16, 2×3 (two rows, three columns) at r2c2 only on 6×6; none on a 5×5 (no boxes).
#[test]
fn windoku_windows_follow_the_box_size() {
    let corners = |text: &str| -> Vec<(String, usize)> {
        parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .document
            .puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::ExtraRegion(r) => {
                    let top = r.cells.iter().min_by_key(|c| (c.r(), c.c()))?;
                    Some((top.to_string(), r.cells.len()))
                }
                _ => None,
            })
            .collect()
    };
    let nine: Vec<String> = corners(".Windoku").into_iter().map(|c| c.0).collect();
    assert_eq!(nine, ["r2c2", "r2c6", "r6c2", "r6c6"]);
    let sixteen = corners(".Shape~16x16.Windoku");
    assert_eq!(sixteen.len(), 9);
    assert!(sixteen.iter().all(|c| c.1 == 16));
    assert_eq!(sixteen[1].0, "r2c7");
    assert_eq!(sixteen[8].0, "r12c12");
    let six = parse(".Shape~6x6.Windoku").unwrap().document.puzzle;
    let Constraint::ExtraRegion(w) = &six.constraints()[0] else {
        panic!()
    };
    let mut cells: Vec<String> = w.cells.iter().map(|c| c.to_string()).collect();
    cells.sort();
    assert_eq!(cells, ["r2c2", "r2c3", "r2c4", "r3c2", "r3c3", "r3c4"]);
    let five = parse(".Shape~5x5.Windoku").unwrap();
    assert!(five.document.puzzle.constraints().is_empty());
    assert!(five.warnings[0].contains("no boxes"), "{:?}", five.warnings);
}

#[test]
fn region_same_values_and_clues_on_rectangles() {
    // 6×6 holding 1-9 with 2×3 boxes: the 18 houses of 6 cells hold one set of values
    let doc = parse(".Shape~6x6~9.RegionSize~6.RegionSameValues")
        .unwrap()
        .document;
    match doc.puzzle.constraints() {
        [Constraint::SameValues(s)] => {
            assert_eq!(s.sets.len(), 18);
            assert!(s.sets.iter().all(|h| h.len() == 6));
        }
        other => panic!("{other:?}"),
    }
    // on a 9×9 every house holds every value: nothing to state, said in a warning
    let import = parse(".RegionSameValues").unwrap();
    assert!(import.document.puzzle.constraints().is_empty());
    assert!(
        import.warnings[0].contains("nothing to state"),
        "{:?}",
        import.warnings
    );
    // a 4×6 grid: after row 2 is column 7, below column 3 is row 5
    let doc = parse(".Shape~4x6.Skyscraper~R2~~3.Skyscraper~C3~~2")
        .unwrap()
        .document;
    let text = crate::format::json::to_string_line(&doc).unwrap();
    assert!(text.contains(r#""clue":"r2c7""#), "{text}");
    assert!(text.contains(r#""clue":"r5c3""#), "{text}");
    assert!(refusal(".Shape~4x6.Skyscraper~R5~1~").contains("R1..R4"));
}

#[test]
fn doppelganger_counts_as_iss() {
    // ISS counts 768 grids for `.Shape~4x4~0-4.Doppelganger`, 17280 without boxes and 375
    // with these givens on a 6x6 (ISS headless, all solutions; BENCHMARKS.md)
    let count = |text: &str| {
        let p = parse(text).unwrap().document.puzzle;
        crate::solve::count(&p, 100_000).unwrap().found
    };
    assert_eq!(kinds(".Shape~4x4~0-4.Doppelganger"), ["doppelganger"]);
    assert_eq!(count(".Shape~4x4~0-4.Doppelganger"), 768);
    assert_eq!(count(".Shape~4x4~0-4.Doppelganger.NoBoxes"), 17280);
    assert_eq!(
        count(
            ".Shape~6x6~0-6.Doppelganger.~R1C1_0~R1C2_1~R2C4_0~R3C3_2~R4C6_5~R5C2_3~R6C5_4~R2C2_6"
        ),
        375
    );
    assert!(refusal(".Doppelganger").contains("values 0-9"));
    assert!(refusal(".Shape~9x9~0-8.Doppelganger").contains("values 0-9"));
    assert!(refusal(".Doppelganger~1").contains("no arguments"));
    // ISS's extra cells holding each house's missing digit, named by other constraints:
    // the counts ISS gives (ISS headless, all solutions, 2026-11-27)
    assert_eq!(
        count(".Shape~4x4~0-4.Doppelganger.Whisper~2~DGR1~DGR2"),
        384
    );
    assert_eq!(
        count(".Shape~4x4~0-4.Doppelganger.Whisper~2~DGC1~DGB3"),
        384
    );
    assert_eq!(
        count(".Shape~4x4~0-4.Doppelganger.NoBoxes.Whisper~3~DGR1~DGC4"),
        2160
    );
    // ISS's hidden zero cell, and the box cells of a grid without boxes, hold 0
    assert_eq!(count(".Shape~4x4~0-4.Doppelganger.Whisper~2~DGZ~DGC1"), 576);
    assert_eq!(
        count(".Shape~4x4~0-4.Doppelganger.NoBoxes.Whisper~3~DGB1~DGR1"),
        8640
    );
    assert_eq!(
        count(".Shape~4x4~0-4.Doppelganger.NoBoxes.Whisper~3~DGZ~DGR1~DGB4"),
        8640
    );
    // without a Doppelganger item they are no cells at all
    let e = refusal(".Shape~9x9~0-9.Whisper~4~DGZ~DGC3");
    assert!(
        e.contains("ISS item 2 (Whisper)") && e.contains("Doppelganger extra cells"),
        "{e}"
    );
}

#[test]
fn cells_listed_twice_count_twice_in_sums() {
    use crate::rules::{killer::Killer, weighted_sum::WeightedSum};
    let rules = |text: &str| parse(text).unwrap().document.puzzle.constraints().to_vec();
    let c = |s: &str| s.parse::<crate::geometry::Cell>().unwrap();
    // a cage listing r1c3 twice: different digits over its 3 cells, r1c3 counted twice
    assert_eq!(
        rules(".Cage~20~R1C1~R1C2~R1C3~R1C3"),
        [
            Constraint::Killer(Killer {
                cells: vec![c("r1c1"), c("r1c2"), c("r1c3")],
                sum: None
            }),
            Constraint::WeightedSum(WeightedSum {
                cells: vec![c("r1c1"), c("r1c2"), c("r1c3")],
                weights: Some(vec![1, 1, 2]),
                sum: 20
            })
        ]
    );
    // a cage of 0 (no sum) listing a cell twice is all different over its cells
    assert_eq!(kinds(".Cage~0~R1C1~R1C2~R1C1"), ["killer"]);
    // a sum listing cells twice: their weights add up, cancelled cells drop out
    assert_eq!(
        rules(".Sum~3_=_1_1_-1_2~R1C1~R2C2~R1C1~R3C3"),
        [Constraint::WeightedSum(WeightedSum {
            cells: vec![c("r2c2"), c("r3c3")],
            weights: Some(vec![1, 2]),
            sum: 3
        })]
    );
    assert!(refusal(".Sum~3_=_1_-1~R1C1~R1C1").contains("never 3"));
    assert!(rules(".Sum~0_=_1_-1~R1C1~R1C1").is_empty());
    // equal sums sharing a cell: the first segment against each other, r1c1 cancelled
    assert_eq!(
        rules(".EqualSum~R1C1~R1C2~-~R1C1~R2C1~-~R3C3"),
        [
            Constraint::WeightedSum(WeightedSum {
                cells: vec![c("r1c2"), c("r2c1")],
                weights: Some(vec![1, -1]),
                sum: 0
            }),
            Constraint::WeightedSum(WeightedSum {
                cells: vec![c("r1c1"), c("r1c2"), c("r3c3")],
                weights: Some(vec![1, 1, -1]),
                sum: 0
            })
        ]
    );
    // and the meaning holds: a cage of 2 cells with r1c1 listed twice, sum 2·a + b = 4 on a
    // 4x4 leaves (a, b) = (1, 2) only
    let p = parse(".Shape~4x4.Cage~4~R1C1~R1C2~R1C1")
        .unwrap()
        .document
        .puzzle;
    let g = crate::solve::some_solution(&p).unwrap().unwrap();
    let at = |s: &str| g.digit(c(s)).get();
    assert_eq!((at("r1c1"), at("r1c2")), (1, 2));
}

#[test]
fn raw_grids_let_rows_repeat_and_contain_exact_counts_values() {
    // a raw 4x4 holding 0-3: each row holds two 0s and two 3s, the columns anything
    let rows: String = (1..=4)
        .map(|r| format!(".ContainExact~0_3_0_3~R{r}C1~R{r}C2~R{r}C3~R{r}C4"))
        .collect();
    let p = parse(&format!(
        ".Shape~4x4~0-3~Raw{rows}.~R1C1_3~R1C2_3~R2C1_3~R3C3_3"
    ))
    .unwrap()
    .document
    .puzzle;
    assert!(p.shape().is_raw());
    match &p.written_constraints()[0] {
        Constraint::LookAndSay(l) => assert_eq!(l.counts, [[2, 0], [2, 3]]),
        other => panic!("{other:?}"),
    }
    // row 1 is 3 3 0 0; row 2 has its other 3 in one of 3 columns, row 3 too; row 4 any
    // 2 of 4 columns: 3 · 3 · 6
    assert_eq!(crate::solve::count(&p, 100).unwrap().found, 54);
    let e = refusal(".Shape~4x4~0-3~Raw.ContainExact~0_7~R1C1~R1C2");
    assert!(
        e.contains("\"7\" is not one of the grid's values (0-3)"),
        "{e}"
    );
    let e = refusal(".Shape~4x4~0-3~Raw.Jigsaw~0000111122223333");
    assert!(e.contains("a raw grid has no regions"), "{e}");
    let e = refusal(".Shape~4x4~1-4~Raw.Sandwich~3~R1");
    assert!(e.contains("not read on a raw grid"), "{e}");
}

#[test]
fn connected_values_read_the_grid_and_refuse_extra_cell_groups() {
    let p = parse(".Shape~4x4.ConnectedValues~~1_2_3~12")
        .unwrap()
        .document
        .puzzle;
    match &p.written_constraints()[0] {
        Constraint::ConnectedValues(c) => {
            assert_eq!((c.values.as_slice(), c.size), (&[1, 2, 3][..], Some(12)))
        }
        other => panic!("{other:?}"),
    }
    // everything but a 4x4's 4s is one region in some of its solutions
    assert!(crate::solve::count(&p, 5).unwrap().found > 0);
    // on values 0-3 the value 0 is the first digit index
    let zero = parse(".Shape~4x4~0-3.ConnectedValues~~0_1_2")
        .unwrap()
        .document
        .puzzle;
    match &zero.constraints()[0] {
        Constraint::ConnectedValues(c) => assert_eq!(c.values, [1, 2, 3]),
        other => panic!("{other:?}"),
    }
    let e = refusal(".ConnectedValues~VA~1_2");
    assert!(
        e.contains("ISS item 1 (ConnectedValues)") && e.contains("not a group of extra cells"),
        "{e}"
    );
    // over a group of extra cells, laid out as ISS lays it out (counts from ISS headless,
    // all solutions, 2026-11-28): the grid's diagonal copied into VA1..VA4
    let count = |text: &str| {
        let p = parse(text).unwrap().document.puzzle;
        crate::solve::count(&p, 100_000).unwrap().found
    };
    let tied = |size: &str, cells: &[&str]| {
        let ties: String = cells
            .iter()
            .enumerate()
            .map(|(k, c)| format!(".Sum~0_=_1_-1~VA{}~{c}", k + 1))
            .collect();
        format!(".Shape~4x4.Var~A~~{size}{ties}")
    };
    let diagonal = ["R1C1", "R2C2", "R3C3", "R4C4"];
    // a 2x2 block, then a line of four (the grid's columns)
    assert_eq!(
        count(&(tied("2x2", &diagonal) + ".ConnectedValues~VA~1_2")),
        216
    );
    assert_eq!(
        count(&(tied("4", &diagonal) + ".ConnectedValues~VA~1_2")),
        152
    );
    let six = ["R1C1", "R2C2", "R3C3", "R4C4", "R1C2", "R2C1"];
    assert_eq!(
        count(&(tied("2x3", &six) + ".ConnectedValues~VA~2_3~3")),
        128
    );
    // free extra cells: 34 ways for the 1s of a line of three to connect
    assert_eq!(count(".Shape~4x4.Var~A~~3.ConnectedValues~VA~1"), 288 * 34);
    let e = refusal(".ConnectedValues~~1_10");
    assert!(
        e.contains("\"10\" is not one of the grid's values (1-9)"),
        "{e}"
    );
    let e = refusal(".ConnectedValues~~1~0");
    assert!(e.contains("positive number"), "{e}");
}

#[test]
fn signs_and_dots_on_extra_cells_follow_iss_layout() {
    // ISS lays a group of extra cells out in rows of its declared columns (2x2 here), or of
    // the grid's columns; only cells side by side there are paired. Counts from ISS
    // headless (all solutions, 2026-11-28): 288 grids times the extra cells' choices.
    let count = |text: &str| {
        let p = parse(text).unwrap().document.puzzle;
        crate::solve::count(&p, 100_000).unwrap().found
    };
    // VA1 > VA2, VA1 > VA3, VA2 > VA4, VA3 > VA4 (VA2 and VA3 lie diagonally): 6 choices
    assert_eq!(
        count(".Shape~4x4.Var~A~~2x2.GreaterThan~VA1~VA2~VA3~VA4"),
        1728
    );
    // a group of 3 in a row of the grid's 4 columns: VA1 + VA2 = 5, |VA2 - VA3| = 1
    assert_eq!(
        count(".Shape~4x4.Var~A~~3.V~VA1~VA2.WhiteDot~VA2~VA3"),
        1728
    );
    assert_eq!(
        count(".Shape~4x4.Var~A~~2x2.BlackDot~VA1~VA3.WhiteDot~VA3~VA4"),
        6912
    );
    // the doppelganger's box cells in rows of a box's width: DGB4 > DGB3, DGB4 > DGB2
    assert_eq!(
        count(".Shape~4x4~0-4.Doppelganger.GreaterThan~DGB4~DGB3~DGB2"),
        256
    );
    // cells apart in ISS's layout pair nothing, as ISS refuses
    for text in [
        ".Shape~4x4.Var~A~~2x2.WhiteDot~VA2~VA3",
        ".Shape~4x4.Var~A~~2x2.Var~B~~2.GreaterThan~VA2~VB1",
    ] {
        assert!(refusal(text).contains("side by side"), "{text}");
    }
    // a pill's cells must read in order once sorted (ISS refuses the rest)
    assert!(refusal(".Shape~4x4.PillArrow~2~R1C2~R2C1~R3C3").contains("reading order"));
    assert!(parse(".PillArrow~2~R2C2~R1C1~R3C3~R4C4").is_ok());
}

#[test]
fn lockouts_keep_their_stated_difference() {
    let lockout = |text: &str| {
        let doc = parse(text).unwrap().document;
        match &doc.puzzle.constraints()[0] {
            Constraint::Lockout(l) => l.difference,
            c => panic!("{c:?}"),
        }
    };
    // half the values is the default (4 of 1-9, also on a 6×6 holding 1-9)
    assert_eq!(lockout(".Lockout~4~R1C1~R1C2~R1C3"), None);
    assert_eq!(lockout(".Shape~6x6~9.Lockout~4~R1C1~R1C2~R1C3"), None);
    assert_eq!(lockout(".Shape~6x6.Lockout~4~R1C1~R1C2~R1C3"), Some(4));
    assert_eq!(lockout(".Lockout~6~R1C1~R1C2~R1C3"), Some(6));
    // ISS's ends never hold the same value: a difference of 0 is one of 1
    assert_eq!(lockout(".Lockout~0~R1C1~R1C2~R1C3"), Some(1));
}
