//! Interactive Sudoku Solver strings and links through the binary: a constraint string as an
//! argument and on stdin, a `?q=` link, `convert` to native JSON, and refusals (an unknown
//! constraint, one satdoku cannot state, an unsupported shape) with their place and exit
//! code.

mod common;

use common::satdoku;
use predicates::prelude::*;

/// ISS's "Anti-knights move" example (data/collections.js, MIT; source
/// https://www.youtube.com/watch?v=mTdhTfAhOI8) and the solution ISS states.
const ANTI_KNIGHT: &str = ".AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3";
const ANTI_KNIGHT_SOL: &str =
    "536241897978536241421879635613485972789623514245917368357198426892764153164352789";

#[test]
fn an_iss_string_is_checked_from_an_argument_and_stdin() {
    satdoku()
        .args(["check", "-f", "line", ANTI_KNIGHT])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "unique {ANTI_KNIGHT_SOL}"
        )));
    satdoku()
        .args(["check", "-f", "line", "-"])
        .write_stdin(format!("# an ISS string\n{ANTI_KNIGHT}\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "unique {ANTI_KNIGHT_SOL}"
        )));
}

#[test]
fn an_iss_link_is_checked() {
    let q = ANTI_KNIGHT.replace('~', "%7E");
    let link = format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={q}");
    satdoku()
        .args(["check", "-f", "line", &link])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "unique {ANTI_KNIGHT_SOL}"
        )));
}

#[test]
fn an_iss_string_converts_to_native_json() {
    let out = satdoku()
        .args([
            "convert",
            "--to",
            "native",
            ".Cage~10~R1C1~R1C2.Diagonal~1.~R9C9_5",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("\"killer\"") && text.contains("\"diagonal\""),
        "{text}"
    );
}

#[test]
fn refusals_name_the_constraint_and_its_place() {
    satdoku()
        .args(["check", ".AntiKnight.Frobnicate~1~R1C1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 2 (Frobnicate): unknown ISS constraint type \"Frobnicate\"",
        ));
    satdoku()
        .args(["check", ".~R1C1_5.ConnectedValues~VA~1_2"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 2 (ConnectedValues): satdoku cannot state this ISS constraint",
        ));
    // A look-and-say clue that no row can meet (two 3s in one row): read, no solution.
    satdoku()
        .args(["check", ".~R1C1_5.LookAndSay~23~R1C1~R1C2~R1C3"])
        .assert()
        .code(3)
        .stdout("none\n");
    satdoku()
        .args(["check", ".Shape~9x9~1-8.~R1C1_1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 1 (Shape): unsupported grid shape \"9x9~1-8\"",
        ));
    satdoku()
        .args(["check", ".Shape~9x9~1-9~Hex"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "unsupported grid shape \"9x9~1-9~Hex\"",
        ));
    // a raw grid is read; a rule that reads whole rows is refused there by name
    satdoku()
        .args(["check", ".Shape~9x9~1-9~Raw.Sandwich~3~R1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 2 (Sandwich): sandwich: the rule sandwich is not read on a raw grid",
        ));
    // a rectangle is read (ISS's conventions); a rule that needs a square is refused by name
    satdoku()
        .args(["check", ".Shape~6x8.Diagonal~1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 2 (Diagonal): diagonal: the rule diagonal is not supported on a rectangular grid (6x8",
        ));
}

/// ISS's "0-indexed: Classic sudoku" (data/collections.js, EXAMPLE_ZERO_INDEXED, MIT): the
/// values 0..8, read as satdoku's value set `0-8`, printed as values.
const ZERO_CLASSIC: &str = ".Shape~9x9~0-8.~R1C1_4~R1C2_2~R1C5_6~R2C1_5~R2C4_0~R2C5_8~R2C6_4~R3C2_8~R3C3_7~R3C8_5~R4C1_7~R4C5_5~R4C9_2~R5C1_3~R5C4_7~R5C6_2~R5C9_0~R6C1_6~R6C5_1~R6C9_5~R7C2_5~R7C7_1~R7C8_7~R8C4_3~R8C5_0~R8C6_8~R8C9_4~R9C5_7~R9C8_6~R9C9_8";

#[test]
fn an_iss_string_with_the_values_0_to_8_is_solved_in_its_values() {
    satdoku()
        .args(["check", "-f", "line", ZERO_CLASSIC])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "unique 423567801561084237087231456748650312315742680602813745850426173176308524234175068",
        ));
    // The same puzzle on both engines, and as native JSON with its value set.
    satdoku()
        .args(["check", "-f", "line", "--engine", "cadical", ZERO_CLASSIC])
        .assert()
        .success()
        .stdout(predicate::str::contains("unique 4235678015"));
    satdoku()
        .args(["convert", "--to", "native", ZERO_CLASSIC])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"values\": \"0-8\""));
}

#[test]
fn a_records_solution_is_read_in_the_puzzles_values() {
    let sol = "423567801561084237087231456748650312315742680602813745850426173176308524234175068";
    let record = format!("{{\"iss\": \"{ZERO_CLASSIC}\", \"solution\": \"{sol}\"}}\n");
    satdoku()
        .args(["check", "-f", "line", "-"])
        .write_stdin(record)
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("unique {sol}")));
    // The same grid written as 1..9 is not a grid of the values 0-8.
    let shifted: String = sol
        .chars()
        .map(|c| char::from_digit(c.to_digit(10).unwrap() + 1, 10).unwrap())
        .collect();
    let record = format!("{{\"iss\": \"{ZERO_CLASSIC}\", \"solution\": \"{shifted}\"}}\n");
    satdoku()
        .args(["check", "-f", "line", "-"])
        .write_stdin(record)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "solution: not a full 9x9 grid of the values 0-8",
        ));
}

/// A doppelganger with 28 givens, taken from ISS's solution of its "Doppelganger" example
/// (values 0-9 on a 9x9): ISS finds it unique with the same solution.
const DOPPELGANGER: &str = ".Shape~9x9~0-9.Doppelganger.~R1C5_3~R1C7_4~R1C8_7~R1C9_0~R2C1_4~R2C3_3~R2C4_7~R2C6_9~R3C2_6~R4C1_0~R4C4_4~R4C8_8~R4C9_5~R5C1_5~R5C6_6~R6C2_7~R6C6_3~R6C8_6~R7C2_8~R7C5_6~R7C6_2~R7C7_1~R8C2_2~R8C5_8~R8C6_7~R8C8_0~R9C1_1~R9C4_0";

#[test]
fn a_doppelganger_is_unique_as_in_iss() {
    for engine in ["varisat", "cadical"] {
        satdoku()
            .args(["check", "-f", "line", "--engine", engine, DOPPELGANGER])
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "unique 259638470403729618761540293096471385512806749874253061980362154325187906147095832",
            ));
    }
    satdoku()
        .args(["convert", "--to", "native", DOPPELGANGER])
        .assert()
        .success()
        .stdout(predicate::str::contains("{\"type\":\"doppelganger\"}"))
        .stdout(predicate::str::contains("\"values\": \"0-9\""));
    // ISS's extra cells naming the missing digits: read as extra cells, after the grid's
    // (DGB, DGC, DGR: boxes, rows, columns); the hidden DGZ holds 0, as in ISS
    satdoku()
        .args(["check", ".Shape~9x9~0-9.Doppelganger.Whisper~4~DGR3~DGR4"])
        .assert()
        .code(4)
        .stdout(predicate::str::starts_with("multiple "))
        .stdout(predicate::str::contains("+"));
    satdoku()
        .args([
            "check",
            "-f",
            "line",
            ".Shape~9x9~0-9.Doppelganger.Whisper~4~DGZ~DGR4",
        ])
        .assert()
        .code(4)
        // 27 missing digits, then DGZ's 0
        .stdout(predicate::str::is_match(r"^multiple \d{81}\+\d{27}0 ").unwrap());
    // without a Doppelganger item, no such cell
    satdoku()
        .args(["check", ".Shape~9x9~0-9.Whisper~4~DGZ~DGR4"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 2 (Whisper): satdoku cannot state this ISS constraint: \"DGZ\" is one of ISS's Doppelganger extra cells",
        ));
}

/// Checks `iss` on varisat and `auto`: unique with `solution`, every cell decided before the
/// formula is written, and `marker` (how the search ended) in the record.
fn decided_before_search(iss: &str, solution: &str, marker: &str) {
    for engine in ["varisat", "auto"] {
        satdoku()
            .args(["check", "-f", "json", "--stats", "--engine", engine, iss])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!(
                "\"solution\":\"{solution}\""
            )))
            .stdout(predicate::str::contains(marker))
            .stdout(predicate::str::contains("\"decided\":81"));
    }
}

/// ISS's "Long sums 3" (data/example_puzzles.js, MIT): a pill arrow of two digits with a
/// 32-cell line and no givens. ISS decides it by propagation alone; satdoku's sums, run at
/// the root before the formula is written, decide it too: no search at all.
#[test]
fn a_puzzle_the_sums_decide_needs_no_search() {
    let long_sums_3 = ".PillArrow~2~R1C9~R1C8~R1C7~R1C6~R1C5~R2C4~R2C3~R2C2~R2C1~R3C1~R4C1~R4C2~R5C2~R5C1~R6C1~R6C2~R7C2~R7C1~R8C1~R8C2~R8C3~R7C3~R7C4~R6C4~R6C3~R5C3~R5C4~R5C5~R6C5~R7C5~R7C6~R6C6~R6C7~R6C8.";
    let solution =
        "765432198432198765198765432219876543543219876876543219654321987321987654987654321";
    decided_before_search(long_sums_3, solution, "\"search\":\"simplification\"");
}

/// ISS's "Long sums 2" (data/example_puzzles.js, MIT): a two-digit pill with a 32-cell line
/// through eight boxes. Read box by box the line sums to at least 98, the pill's largest
/// value; read with its column 7 first, only to 97. The root pass tries both readings, and
/// with the pill's digits fixed the rest follows before search (ISS: 27 backtracks).
#[test]
fn a_long_line_is_read_by_its_boxes_at_the_root() {
    let long_sums_2 = ".PillArrow~2~R6C5~R5C5~R4C5~R4C4~R5C4~R5C3~R5C2~R6C2~R6C3~R7C3~R7C4~R8C4~R9C4~R9C5~R8C5~R7C5~R7C6~R8C6~R8C7~R7C7~R6C7~R5C7~R5C8~R4C8~R4C9~R3C9~R2C9~R2C8~R3C8~R3C7~R2C7~R2C6~R3C6~R3C5.DisjointSets.";
    let solution =
        "123465987965873421478921635859316742634297518712584396591638274386742159247159863";
    decided_before_search(long_sums_2, solution, "\"sat_calls\":0");
}
