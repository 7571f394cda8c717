//! Files and solver answers at the command line: `decode` refuses answers that contradict
//! themselves and streams huge ones; `-o` and `check --proof` follow symlinks and never replace
//! a device; a signal removes the temporary output file.
//!
//! Exit codes: 0 ok, 1 error, 2 usage; 130 after a signal while writing a file.

mod common;

use common::{satdoku, write_file, FOUR, FOUR_SOL};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

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
    // up to two minutes: on a loaded machine building the formula alone takes tens of seconds
    for _ in 0..2400 {
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
