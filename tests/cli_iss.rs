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
        .args(["check", ".~R1C1_5.LookAndSay~23~R1C1~R1C2~R1C3"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 2 (LookAndSay): satdoku cannot state this ISS constraint",
        ));
    satdoku()
        .args(["check", ".Shape~9x9~0-8.~R1C1_0"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 1 (Shape): unsupported grid shape \"9x9~0-8\"",
        ));
    satdoku()
        .args(["check", ".Shape~6x8"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("unsupported grid shape \"6x8\""));
}
