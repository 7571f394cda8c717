//! Large collections: `check` is a stdin → stdout filter with no shared state, so GNU
//! parallel can cut a file into chunks, run one satdoku per chunk (on this machine or over
//! `--sshlogin` hosts) and, with `--keep-order`, put the answers back in input order. This
//! test pins that the result is byte for byte what one process prints (README, "Large
//! collections").

use std::path::Path;
use std::process::{Command, Stdio};

/// The 49,158-puzzle 17-clue set when `../shared` is beside the checkout.
const SET: &str = "../shared/puzzles/classic/17_clue.txt";

fn have_parallel() -> bool {
    Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn parallel_pipe_keep_order_is_byte_identical_to_one_process() {
    let set = Path::new(env!("CARGO_MANIFEST_DIR")).join(SET);
    if !set.exists() {
        eprintln!("skipped: {SET} is not there");
        return;
    }
    if !have_parallel() {
        // CI installs GNU parallel (.ci/run); there a missing one is a failure, not a skip.
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "GNU parallel is not installed (CI=true)"
        );
        eprintln!("skipped: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("satdoku");
    let bin = bin.to_str().expect("a UTF-8 path");
    let input = || std::fs::File::open(&set).unwrap();

    let one = Command::new(bin)
        .args(["check", "-q", "-j1", "-f", "line"])
        .stdin(input())
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(one.stdout.iter().filter(|&&b| b == b'\n').count(), 49_158);

    // Chunks of about 200 kB (~2,400 puzzles), two jobs at a time, answers in input order.
    let job = format!("{bin} check -q -j1 -f line");
    let many = Command::new("parallel")
        .args(["--pipe", "--keep-order", "--block", "200k", "-j2", &job])
        .stdin(input())
        .output()
        .unwrap();
    assert_eq!(
        many.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&many.stderr)
    );
    assert!(
        one.stdout == many.stdout,
        "parallel's output differs from one process's"
    );
}
