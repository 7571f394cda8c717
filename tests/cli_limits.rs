//! Bounds and hostile input at the command line: thread and size limits, `--timeout`, a
//! batch that survives unreadable inputs, byte order marks, JSON lines read per record,
//! closed pipes. (Files and `decode` answers: `cli_files.rs`.)
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 none, 4 multiple, 5 timeout.

mod common;

use common::{satdoku, write_file, FOUR, FOUR_SOL};
use predicates::prelude::*;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::Stdio;

const NONE4: &str = "123....4........";
const EMPTY4: &str = "................";

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn native4(givens: &str) -> String {
    format!(r#"{{"satdoku":1,"size":4,"givens":"{givens}"}}"#)
}

// --- threads, sizes, counts -------------------------------------------------------------

#[test]
fn threads_above_the_cap_or_zero_are_usage_errors() {
    for j in ["0", "257", "10000"] {
        satdoku()
            .args(["check", "-q", "-j", j, FOUR])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("--threads"));
    }
    satdoku()
        .args(["check", "-q", "-f", "line", "-j", "256", FOUR])
        .assert()
        .code(0)
        .stdout(format!("unique {FOUR_SOL}\n"));
}

#[test]
fn generate_refuses_sizes_below_4_and_huge_attempts_or_counts() {
    for n in ["1", "2", "3", "65"] {
        satdoku()
            .args(["generate", "--size", n, "--seed", "1"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("--size"));
    }
    satdoku()
        .args([
            "generate",
            "--size",
            "4",
            "--seed",
            "1",
            "--givens-max",
            "0",
        ])
        .arg("--attempts")
        .arg(u64::MAX.to_string())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--attempts"));
    satdoku()
        .args([
            "generate", "--size", "4", "--seed", "1", "--count", "1000001",
        ])
        .assert()
        .code(2)
        .stdout("");
    satdoku()
        .args(["generate", "--size", "4", "--seed", "1", "-q", "-f", "line"])
        .assert()
        .code(0)
        .stdout(predicate::str::is_match("^[1-4.]{16}\n$").unwrap());
}

#[test]
fn grids_below_4x4_are_refused_from_every_format() {
    let json = r#"{"satdoku":1,"size":2,"givens":"...."}"#;
    let fpuzzles = r#"{"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]}"#;
    for input in [json, fpuzzles] {
        satdoku()
            .args(["check", "-f", "line", "-q"])
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout(predicate::str::contains("sizes 4..=64"));
    }
    satdoku()
        .args([
            "check", "-f", "line", "-q", "--box", "1x3", "--layout", "line",
        ])
        .write_stdin("1........\n")
        .assert()
        .code(1)
        .stdout("invalid -:1: 9 cells would be a 3x3 grid; sizes 4..=64 are read from text\n");
}

// --- --timeout ----------------------------------------------------------------------------

#[test]
fn timeout_stops_one_puzzle_and_the_batch_goes_on() {
    // Counting the solutions of an empty 9x9 up to 10^8 takes hours; the budget stops it.
    let empty9 = ".".repeat(81);
    let out = satdoku()
        .args([
            "count",
            "--limit",
            "100000000",
            "--timeout",
            "1",
            "-f",
            "json",
        ])
        .arg(&empty9)
        .arg(FOUR)
        .assert()
        .code(5)
        .stderr(predicate::str::contains("1 counted, 0 invalid, 1 timeout"))
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["status"], "timeout");
    assert!(lines[0]["error"].as_str().unwrap().contains("time budget"));
    assert_eq!(lines[1]["status"], "counted");
    assert_eq!(lines[1]["count"], 1);
}

#[test]
fn timeout_in_line_and_pretty_output_and_its_exit_code_rank() {
    let empty9 = ".".repeat(81);
    let args = ["count", "--limit", "100000000", "--timeout", "0.5", "-q"];
    satdoku()
        .args(args)
        .args(["-f", "line", &empty9, FOUR])
        .assert()
        .code(5)
        .stdout("timeout\n1\n")
        .stderr(predicate::str::contains("<argument>:1: timeout"));
    satdoku()
        .args(args)
        .args(["-f", "pretty", &empty9])
        .assert()
        .code(5)
        .stdout(predicate::str::starts_with("<argument>:1: timeout ("));
    // An error outranks a timeout.
    satdoku()
        .args(args)
        .args(["-f", "line", &empty9, "12"])
        .assert()
        .code(1)
        .stdout("timeout\n");
    // A definite answer outranks an unknown one: no solution (3) beats timeout (5).
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(
        dir.path(),
        "p.txt",
        format!("{}\n{NONE4}\n", ".".repeat(625)),
    );
    satdoku()
        .args(["candidates", "--timeout", "0.5", "-q", "-f", "line"])
        .arg(&file)
        .assert()
        .code(3)
        .stdout("timeout\nnone\n");
    // Without a budget nothing changes.
    satdoku()
        .args(["check", "--timeout", "60", "-q", "-f", "line", FOUR])
        .assert()
        .code(0)
        .stdout(format!("unique {FOUR_SOL}\n"));
}

#[test]
fn timeout_values_are_checked() {
    satdoku()
        .args(["check", "--timeout", "1", "--minimal", FOUR])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--timeout cannot be used with"));
    for t in ["0", "-1", "abc", "1e7", "nan"] {
        satdoku()
            .args(["check", &format!("--timeout={t}"), FOUR])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--timeout"));
    }
}

#[test]
fn timeout_stops_candidates_on_an_empty_25x25() {
    let empty25 = ".".repeat(625);
    let out = satdoku()
        .args(["candidates", "--timeout", "1", "-f", "json"])
        .arg(&empty25)
        .arg(FOUR)
        .assert()
        .code(5)
        .stderr(predicate::str::contains("1 timeout"))
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(&out);
    assert_eq!(lines[0]["status"], "timeout");
    assert_eq!(lines[1]["status"], "unique");
}

#[test]
fn timeout_stops_generate_and_the_next_puzzle_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let layouts = write_file(
        dir.path(),
        "l.txt",
        format!("{}\n{EMPTY4}\n", ".".repeat(625)),
    );
    let out = satdoku()
        .args(["generate", "--seed", "1", "--timeout", "1", "-f", "json"])
        .arg(&layouts)
        .assert()
        .code(5)
        .stderr(predicate::str::contains("puzzle 1: timeout"))
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["status"], "timeout");
    assert_eq!(lines[1]["status"], "generated");
    assert_eq!(lines[1]["size"], 4);
}

// --- a batch survives anything ------------------------------------------------------------

#[test]
fn unreadable_inputs_are_located_records_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let good = write_file(dir.path(), "good.txt", format!("{FOUR}\n"));
    let bad = write_file(dir.path(), "bad.json", b"{\"size\": \xff}\n");
    let folder = dir.path().join("somedir");
    std::fs::create_dir(&folder).unwrap();
    for j in ["1", "2"] {
        let out = satdoku()
            .args(["check", "-f", "line", "-j", j])
            .arg(&good)
            .arg(&folder)
            .arg(&bad)
            .arg(&good)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(
                "4 puzzles: 2 unique, 0 multiple, 0 none, 2 invalid",
            ))
            .get_output()
            .stdout
            .clone();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{out}");
        assert_eq!(lines[0], format!("unique {FOUR_SOL}"));
        assert!(
            lines[1].starts_with("invalid ") && lines[1].contains("somedir: cannot read"),
            "{out}"
        );
        assert!(
            lines[2].contains("bad.json:1") && lines[2].contains("not valid UTF-8"),
            "{out}"
        );
        assert_eq!(lines[3], format!("unique {FOUR_SOL}"));
    }
}

#[test]
fn a_bad_json_line_is_one_invalid_record_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "{}\nnot json\n{}\n{{\"satdoku\":1,\n{}\n",
        native4(FOUR),
        native4(NONE4),
        native4(FOUR)
    );
    let file = write_file(dir.path(), "lines.json", text);
    let out = satdoku()
        .args(["check", "-f", "json"])
        .arg(&file)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "5 puzzles: 2 unique, 0 multiple, 1 none, 2 invalid",
        ))
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(&out);
    let status: Vec<&str> = lines
        .iter()
        .map(|l| l["status"].as_str().unwrap())
        .collect();
    assert_eq!(status, ["unique", "invalid", "none", "invalid", "unique"]);
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{}:2:", file.display())));
    assert_eq!(lines[3]["line"], 4);
    assert_eq!(lines[4]["line"], 5);
}

#[test]
fn the_json_size_limit_applies_per_json_line() {
    // Two records of 9 MB each (padded with spaces inside the object): 18 MB in all, more
    // than the 16 MiB limit of one document, but each line is within it.
    let pad = " ".repeat(9 << 20);
    let line = format!(r#"{{"satdoku":1,{pad}"size":4,"givens":"{FOUR}"}}"#);
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(dir.path(), "big.json", format!("{line}\n{line}\n"));
    satdoku()
        .args(["check", "-f", "line"])
        .arg(&file)
        .assert()
        .code(0)
        .stdout(format!("unique {FOUR_SOL}\nunique {FOUR_SOL}\n"));
    // One pretty-printed document over the limit is still refused, in bounded memory.
    let doc = format!("{{\n\"satdoku\":1,\n{pad}{pad}\"size\":4,\"givens\":\"{FOUR}\"}}\n");
    let file = write_file(dir.path(), "doc.json", doc);
    satdoku()
        .args(["check", "-f", "line"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("larger than 16777216 bytes"));
}

#[test]
fn a_byte_order_mark_is_skipped_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let bom = "\u{feff}";
    let text = write_file(dir.path(), "t.txt", format!("{bom}{FOUR}\n"));
    let json = write_file(dir.path(), "n.json", format!("{bom}{}\n", native4(FOUR)));
    let pretty = write_file(
        dir.path(),
        "p.json",
        format!("{bom}{{\n  \"satdoku\": 1,\n  \"size\": 4,\n  \"givens\": \"{FOUR}\"\n}}\n"),
    );
    for f in [&text, &json, &pretty] {
        satdoku()
            .args(["check", "-q", "-f", "line"])
            .arg(f)
            .assert()
            .code(0)
            .stdout(format!("unique {FOUR_SOL}\n"));
    }
    satdoku()
        .args(["check", "-q", "-f", "line"])
        .write_stdin(format!("{bom}{FOUR}\n"))
        .assert()
        .code(0)
        .stdout(format!("unique {FOUR_SOL}\n"));
}

// --- closed pipes -------------------------------------------------------------------------

/// Runs satdoku with `args`, reads one line of its output and closes the pipe; returns the
/// exit code and stderr.
fn close_early(args: &[&str], input: &Path) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(args)
        .arg(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (child.wait().unwrap().code(), err)
}

#[test]
fn json_output_into_a_closed_pipe_ends_quietly() {
    // Enough output to overflow any pipe buffer after the reader has gone.
    let dir = tempfile::tempdir().unwrap();
    let many = write_file(dir.path(), "many.txt", format!("{FOUR}\n").repeat(3000));
    let empties = write_file(dir.path(), "e.txt", format!("{EMPTY4}\n").repeat(100));
    let runs: [(&[&str], &Path); 6] = [
        (
            &["check", "-f", "json", "-j", "1", "--layout", "line"],
            &many,
        ),
        (
            &["check", "-f", "json", "-j", "2", "--layout", "line"],
            &many,
        ),
        (&["solve", "-f", "json", "--layout", "line"], &many),
        (
            &["count", "-f", "json", "--all", "--layout", "line"],
            &empties,
        ),
        (&["convert", "--layout", "line"], &many),
        (&["candidates", "-f", "json", "--layout", "line"], &many),
    ];
    for (args, input) in runs {
        let (code, err) = close_early(args, input);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(
            !err.contains("Broken pipe") && !err.contains("error"),
            "{args:?}: {err}"
        );
    }
}
