//! Bounds and hostile input at the command line: thread and size limits, `--timeout`, a
//! batch that survives unreadable inputs, byte order marks, JSON lines read per record,
//! closed pipes, `-o` targets and `decode` answers that contradict themselves.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 none, 4 multiple, 5 timeout.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

const FOUR: &str = "...4..3.....3.2.";
const FOUR_SOL: &str = "2314413212433421";
const NONE4: &str = "123....4........";
const EMPTY4: &str = "................";

fn satdoku() -> Command {
    let mut c = Command::cargo_bin("satdoku").unwrap();
    // A generous bound: nothing here may hang (no timing is asserted below it).
    c.timeout(Duration::from_secs(60));
    c
}

fn write_file(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

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
        .stdout("invalid -:1: grid size 3 is not supported (sizes 4..=64)\n");
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

// --- decode -------------------------------------------------------------------------------

/// A 4x4 CNF (`dimacs -o`) and a solver model of it, from the known solution.
fn four_cnf_and_model(dir: &Path) -> (PathBuf, String) {
    let cnf = dir.join("four.cnf");
    satdoku()
        .args(["dimacs", "-o"])
        .arg(&cnf)
        .arg(FOUR)
        .assert()
        .code(0);
    let mut lits = Vec::new();
    for (i, ch) in FOUR_SOL.chars().enumerate() {
        let digit = ch.to_digit(10).unwrap() as usize;
        for d in 1..=4 {
            let var = (i * 4 + d) as i64;
            lits.push(if d == digit { var } else { -var }.to_string());
        }
    }
    (cnf, lits.join(" "))
}

#[test]
fn decode_refuses_contradictory_answers_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, model) = four_cnf_and_model(dir.path());
    let decode = |answer: String| {
        let mut c = satdoku();
        c.args(["decode", "-f", "line", "-p"])
            .arg(&cnf)
            .write_stdin(answer);
        c
    };
    decode(format!("s SATISFIABLE\nv {model} 0\n"))
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n"));
    decode(format!("s SATISFIABLE\nv {model} 0\ns UNSATISFIABLE\n"))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "line 3: UNSATISFIABLE contradicts SATISFIABLE on line 1",
        ));
    // Variable 1 is false in the model (r1c1 is 2); here it is also set true.
    decode(format!("s SATISFIABLE\nv {model}\nv 1 0\n"))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "line 3: variable 1 is set both true and false",
        ));
    decode(format!("\u{feff}s SATISFIABLE\nv {model} 0\n"))
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n"));
    // A CNF saved with a byte order mark still has its satdoku header.
    let text = std::fs::read_to_string(&cnf).unwrap();
    let bom_cnf = write_file(dir.path(), "bom.cnf", format!("\u{feff}{text}"));
    satdoku()
        .args(["decode", "-f", "line", "-p"])
        .arg(&bom_cnf)
        .write_stdin(format!("s SATISFIABLE\nv {model} 0\n"))
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n"));
}

#[test]
fn decode_streams_and_cuts_a_huge_bad_word() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, _) = four_cnf_and_model(dir.path());
    let answer = write_file(
        dir.path(),
        "answer.txt",
        format!("s SATISFIABLE\nv 1 {} 0\n", "9".repeat(4 << 20)),
    );
    let out = satdoku()
        .args(["decode", "-p"])
        .arg(&cnf)
        .arg(&answer)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("line 2: cannot read \""))
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(err.contains("9…\" as a literal"), "{err}");
    assert!(
        err.len() < 300,
        "the message does not echo the word: {} bytes",
        err.len()
    );
    // A long header value is quoted cut too.
    let text = std::fs::read_to_string(&cnf).unwrap();
    let long_box = format!("c box: {}", "9".repeat(100_000));
    let bad = write_file(
        dir.path(),
        "badbox.cnf",
        text.replace("c box: 2x2", &long_box),
    );
    let out = satdoku()
        .args(["decode", "-p"])
        .arg(&bad)
        .write_stdin("s UNSATISFIABLE\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the box line of the header"))
        .get_output()
        .stderr
        .clone();
    assert!(out.len() < 300, "{} bytes", out.len());
    // A variable beyond the formula's is refused, not stored.
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf)
        .write_stdin("s SATISFIABLE\nv 1000000000 0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "variable 1000000000 is out of range",
        ));
}

// --- -o -------------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn output_follows_symlinks_and_writes_devices_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let real = write_file(dir.path(), "real.cnf", "old\n");
    let link = dir.path().join("link.cnf");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    satdoku()
        .args(["dimacs", "-o"])
        .arg(&link)
        .arg(FOUR)
        .assert()
        .code(0);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(text.starts_with("c satdoku"), "{text}");
    satdoku()
        .args(["dimacs", "-o", "/dev/null", FOUR])
        .assert()
        .code(0)
        .stdout("");
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );
    let dangling = dir.path().join("dangling.cnf");
    std::os::unix::fs::symlink(dir.path().join("missing.cnf"), &dangling).unwrap();
    satdoku()
        .args(["dimacs", "-o"])
        .arg(&dangling)
        .arg(FOUR)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("a symlink to a missing file"));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

#[cfg(unix)]
#[test]
fn certificates_follow_symlinks_and_never_replace_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let certs = dir.path().join("certs");
    std::fs::create_dir(&certs).unwrap();
    let elsewhere = write_file(dir.path(), "q.cnf", "old\n");
    std::os::unix::fs::symlink(&elsewhere, certs.join("query.cnf")).unwrap();
    satdoku()
        .args(["check", "-q", "-f", "line", "--proof"])
        .arg(&certs)
        .arg(FOUR)
        .assert()
        .code(0);
    assert!(std::fs::symlink_metadata(certs.join("query.cnf"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&elsewhere)
        .unwrap()
        .starts_with("c "));
    std::fs::remove_file(certs.join("proof.drat")).unwrap();
    std::os::unix::fs::symlink("/dev/null", certs.join("proof.drat")).unwrap();
    satdoku()
        .args(["check", "-q", "-f", "line", "--proof"])
        .arg(&certs)
        .arg(FOUR)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a regular file"));
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );
}

#[cfg(unix)]
#[test]
fn a_signal_removes_the_temporary_output_file() {
    // The textbook CNF of an empty 64x64 takes seconds to write: stop it half way.
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "e64.txt", format!("{}\n", ".".repeat(4096)));
    let out = dir.path().join("out.cnf");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(["dimacs", "--simplify", "none", "-o"])
        .arg(&out)
        .arg(&input)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let temp = || {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .find(|n| n.ends_with(".tmp"))
    };
    let mut seen = None;
    for _ in 0..600 {
        seen = temp();
        if seen.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(seen.is_some(), "the temporary file never appeared");
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert_eq!(temp(), None, "the temporary file is gone");
    assert!(!out.exists());
}
