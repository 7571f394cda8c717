//! Reading input at the command line: stdin, several files, inline puzzles, line endings,
//! box shapes, symbols, CSV solutions, bad lines, binary and empty input, pipes, threads.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

mod common;

use common::*;
use predicates::prelude::*;
use satdoku::format::text::TextOptions;
use satdoku::{parse_one, parse_one_with, Puzzle};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

#[test]
fn stdin_is_read_with_dash_and_without_arguments() {
    let input = std::fs::read_to_string("puzzles/classic/9x9-seeds.txt").unwrap();
    let expected = format!("{SEED_SOL}\n{INKALA_SOL}\n");
    let two: String = input.lines().take(6).map(|l| format!("{l}\n")).collect();
    satdoku()
        .args(["solve", "-q", "-"])
        .write_stdin(two.clone())
        .assert()
        .code(0)
        .stdout(expected.clone());
    satdoku()
        .args(["solve", "-q"])
        .write_stdin(two)
        .assert()
        .code(0)
        .stdout(expected);
    // Locations name stdin as `-`.
    satdoku()
        .args(["check", "-q", "-f", "json"])
        .write_stdin(format!("\n{FOUR}\n"))
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("\"line\":2,")
                .and(predicate::str::contains("\"source\":\"-\"")),
        );
}

#[test]
fn several_files_are_read_in_order() {
    let out = satdoku()
        .args([
            "solve",
            "-q",
            "puzzles/classic/6x6.txt",
            "puzzles/classic/4x4.txt",
            "-",
            "puzzles/classic/9x9-seeds.txt",
        ])
        .write_stdin(format!("{EASY}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_of(&out),
        format!(
            "{SIX_SOL}\n{FOUR_SOL}\n{EASY_SOL}\n{SEED_SOL}\n{INKALA_SOL}\n\
             162857493534129678789643521475312986913586742628794135356478219241935867897261354\n\
             {EASY_SOL}\n"
        )
    );
}

#[test]
fn an_inline_puzzle_argument_is_read_as_a_puzzle() {
    satdoku()
        .args(["solve", "-q", SEED, FOUR])
        .assert()
        .code(0)
        .stdout(format!("{SEED_SOL}\n{FOUR_SOL}\n"));
    // Spaces and separators are allowed in an inline puzzle.
    satdoku()
        .args(["solve", "-q", "...4 ..3. .... 3.2."])
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n"));
    // A missing file that does not look like a puzzle is a missing file.
    satdoku()
        .args(["solve", "-q", "no/such/file.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no/such/file.txt: cannot open"));
}

#[test]
fn crlf_line_endings_read_as_usual() {
    // A block grid and a line puzzle with Windows line endings, comments included.
    let mut text = String::from("# a 4x4 block grid\r\n");
    for r in 0..4 {
        text.push_str(&FOUR[r * 4..r * 4 + 4]);
        text.push_str("\r\n");
    }
    text.push_str("\r\n");
    text.push_str(SEED);
    text.push_str(" # and a line puzzle\r\n");
    satdoku()
        .args(["solve", "-q"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n{SEED_SOL}\n"));
    satdoku()
        .args(["solve", "-q", "puzzles/classic/crlf.txt"])
        .assert()
        .code(0)
        .stdout(format!("{SEED_SOL}\n"));
}

#[test]
fn box_shapes_follow_the_box_option() {
    satdoku()
        .args(["solve", "-q", "--box", "2x3", SIX])
        .assert()
        .code(0)
        .stdout(format!("{SIX_SOL}\n"));
    // 3x2 boxes make another puzzle, with another solution valid for those boxes.
    let out = satdoku()
        .args(["solve", "-q", "--box", "3x2", SIX])
        .output()
        .unwrap();
    let sol = stdout_of(&out);
    let sol = sol.trim();
    assert_ne!(sol, SIX_SOL);
    let opts = TextOptions {
        box_shape: Some((3, 2)),
        ..TextOptions::default()
    };
    let p: Puzzle = parse_one_with(SIX, &opts).unwrap();
    assert_eq!(p.shape().box_rows(), 3);
    p.verify(parse_one_with(sol, &opts).unwrap().givens())
        .unwrap();
    // … and not for the default 2x3 boxes.
    let sol_grid = parse_one_with(sol, &opts).unwrap().givens().clone();
    assert!(parse_one(SIX).unwrap().verify(&sol_grid).is_err());
    // A box that does not fit the grid is an error for that puzzle.
    satdoku()
        .args(["solve", "--box", "3x3", FOUR])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "<argument>:1: --box 3x3 is for 9x9 grids, but this puzzle has 16 cells (4x4)",
        ));
    satdoku()
        .args(["check", "--box", "3x3", "-f", "json", FOUR])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"status\":\"invalid\""));
    satdoku()
        .args(["solve", "--box", "two", FOUR])
        .assert()
        .code(2) // a usage error, caught when the command line is read
        .stderr(predicate::str::contains("cannot read box shape \"two\""));
}

#[test]
fn custom_symbols_read_and_print_a_hex_16x16() {
    let text = std::fs::read_to_string("puzzles/classic/16x16.txt").unwrap();
    let solution = text
        .lines()
        .find_map(|l| l.strip_prefix("# solution: "))
        .unwrap()
        .trim();
    let puzzle = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap()
        .trim();
    // 1-9A-G become 0-9A-F.
    let hex = |s: &str| -> String {
        s.chars()
            .map(|c| match "123456789ABCDEFG".find(c) {
                Some(i) => "0123456789ABCDEF".as_bytes()[i] as char,
                None => c,
            })
            .collect()
    };
    let (hp, hs) = (hex(puzzle), hex(solution));
    assert!(hp.contains('0'));
    satdoku()
        .args(["solve", "-q", "--symbols", "0123456789ABCDEF", &hp])
        .assert()
        .code(0)
        .stdout(format!("{hs}\n"));
    // Pretty and JSON use the same alphabet.
    let out = satdoku()
        .args([
            "check",
            "-q",
            "-f",
            "json",
            "--symbols",
            "0123456789ABCDEF",
            &hp,
        ])
        .output()
        .unwrap();
    let r = &json_lines(&out)[0];
    assert_eq!(r["puzzle"], hp.as_str());
    assert_eq!(r["solution"], hs.as_str());
    // A symbol outside the alphabet is located.
    let bad = format!("G{}", &hp[1..]);
    satdoku()
        .args(["solve", "--symbols", "0123456789ABCDEF", &bad])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<argument>:1:1:"));
    // A bad alphabet is an error before any puzzle.
    satdoku()
        .args(["solve", "--symbols", "0012", FOUR])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("appears twice"));
}

#[test]
fn csv_solutions_are_compared_with_the_ones_found() {
    let quiz = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    let sol = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
    // Digits 1 and 2 swapped: a valid grid, but another one.
    let other: String = sol
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    let text = format!("quizzes,solutions\r\n{quiz},{sol}\r\n{quiz},{other}\r\n{quiz}\r\n");
    let out = satdoku()
        .args(["check", "-q"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_of(&out),
        format!(
            "unique {sol}\n\
             invalid -:3: unique, but the solution differs from the one stated beside the \
             puzzle in 18 cells, first r1c6\n\
             unique {sol}\n"
        )
    );
}

#[test]
fn a_batch_goes_on_past_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let unknown = format!("{}?{}", &SEED[..4], &SEED[5..]);
    let lines = [
        SEED.to_string(),               // 1: good
        unknown,                        // 2: unknown symbol at column 5
        INKALA.to_string(),             // 3: good
        SEED[..9].to_string(),          // 4: a truncated line (9 cells)
        EASY.to_string(),               // 5: good
        FOUR.to_string(),               // 6: good
        SEED[..80].to_string(),         // 7: 80 cells
        MULTI.to_string(),              // 8: good (several solutions)
        "1..5............".to_string(), // 9: digit out of range at column 4
        SEED.to_string(),               // 10: good
    ];
    let f = write_file(dir.path(), "batch.txt", &(lines.join("\n") + "\n"));
    let name = f.display().to_string();
    let out = satdoku().arg("solve").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let solved: Vec<&str> = stdout.lines().collect();
    assert_eq!(solved.len(), 6, "every good puzzle is solved:\n{stdout}");
    assert_eq!(solved[0], SEED_SOL);
    assert_eq!(solved[1], INKALA_SOL);
    assert_eq!(solved[2], EASY_SOL);
    assert_eq!(solved[3], FOUR_SOL);
    assert_solves(MULTI, solved[4]);
    assert_eq!(solved[5], SEED_SOL);
    let err = stderr_of(&out);
    for located in [
        format!("satdoku: {name}:2:5: unknown symbol '?'"),
        format!("satdoku: {name}:4"),
        format!("satdoku: {name}:7: 80 cells"),
        format!("satdoku: {name}:9:4: r1c4: \"5\" is digit 5, out of range for a 4x4 grid"),
    ] {
        assert!(err.contains(&located), "{located:?} not in:\n{err}");
    }
    assert!(
        err.contains("satdoku solve: 10 puzzles: 5 unique, 1 multiple, 0 none, 4 invalid"),
        "{err}"
    );
}

#[test]
fn a_short_row_in_a_block_grid_does_not_cost_the_next_grid() {
    // Two 4x4 block grids; the first has a short row.
    let text = "1..4\n..3\n....\n3.2.\n\n...4\n..3.\n....\n3.2.\n";
    let out = satdoku()
        .args(["solve", "-q"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_of(&out), format!("{FOUR_SOL}\n"));
    let err = stderr_of(&out);
    assert!(
        err.contains("-:2: 3 cells in this row of the block grid begun at line 1; expected 4"),
        "{err}"
    );
}

#[test]
fn binary_garbage_is_an_error_not_a_crash() {
    satdoku()
        .args(["check", "puzzles/invalid/binary-garbage.bin"])
        .assert()
        .code(1)
        .stdout("invalid puzzles/invalid/binary-garbage.bin:1: binary data, not puzzle text (skipped)\n")
        .stderr(predicate::str::contains("binary data").and(predicate::str::contains("panicked").not()));
    // Binary bytes on stdin.
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 256) as u8).collect();
    satdoku()
        .args(["solve"])
        .write_stdin(bytes)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("binary data"));
    // Invalid UTF-8 (no NUL) after a good puzzle: located, and the next puzzle is solved.
    let mut text = format!("{FOUR}\n").into_bytes();
    text.extend_from_slice(b"..\xff\xfe..\n");
    text.extend_from_slice(format!("{SEED}\n").as_bytes());
    satdoku()
        .args(["solve", "-q"])
        .write_stdin(text)
        .assert()
        .code(1)
        .stdout(format!("{FOUR_SOL}\n{SEED_SOL}\n"))
        .stderr(predicate::str::contains("-:2:3: not valid UTF-8 text"));
}

#[test]
fn empty_input_is_an_error() {
    for input in ["", "\n\n", "# only a comment\n"] {
        satdoku()
            .args(["check"])
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout("invalid -: no puzzle in this input (empty, or only comments)\n")
            .stderr(predicate::str::contains("-: no puzzle in this input"));
    }
    satdoku()
        .args(["solve", "puzzles/invalid/empty.txt"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "puzzles/invalid/empty.txt: no puzzle in this input",
        ));
    // An empty file among good ones: the others are solved.
    satdoku()
        .args(["solve", "-q", "puzzles/invalid/empty.txt", FOUR])
        .assert()
        .code(1)
        .stdout(format!("{FOUR_SOL}\n"));
}

#[test]
fn a_100_mb_line_is_a_clear_error_in_bounded_time() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        let block = vec![b'1'; 1 << 20];
        for _ in 0..100 {
            f.write_all(&block).unwrap();
        }
        writeln!(f).unwrap();
        writeln!(f, "{SEED}").unwrap();
    }
    let start = Instant::now();
    let out = satdoku().arg("solve").arg(&path).output().unwrap();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(60), "took {took:?}");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_of(&out), format!("{SEED_SOL}\n"));
    let err = stderr_of(&out);
    assert!(
        err.contains(&format!(
            "{}:1: line is longer than 65536 bytes; not a puzzle (skipped)",
            path.display()
        )),
        "{err}"
    );
    assert!(err.len() < 4096, "the error does not echo the line");
}

#[test]
fn broken_pipe_ends_quietly_without_a_panic() {
    // `count --all` on empty 4x4s prints 289 lines per puzzle; 100 of them overflow any pipe
    // buffer, so the reader's early close is seen by the writer.
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "empties.txt", format!("{EMPTY4}\n").repeat(100));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(["count", "--all", "--layout", "line"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.len(), 17, "{first:?}");
    // The reader is gone.
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(
        status.code(),
        Some(0),
        "not a signal or a failure: {status:?}; {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn thread_count_does_not_change_the_output() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("puzzles/classic")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10);
    let dir = tempfile::tempdir().unwrap();
    let big = Path::new("../shared/puzzles/classic/17_clue.txt");
    if big.exists() {
        let text = std::fs::read_to_string(big).unwrap();
        let head: String = text.lines().take(2000).map(|l| format!("{l}\n")).collect();
        files.push(write_file(dir.path(), "17_clue_2000.txt", &head));
    } else {
        eprintln!(
            "note: {} is missing; threads compared on puzzles/classic only",
            big.display()
        );
    }
    // `check` prints what `solve` does and more (both solutions of a multiple puzzle); the
    // 25x25 puzzles make each run take a while in a dev build, so one command is enough.
    let run = |threads: &str| {
        satdoku()
            .args(["check", "-q", "-f", "line", "-j", threads])
            .args(&files)
            .output()
            .unwrap()
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one.status.code(), two.status.code());
    let lines = String::from_utf8_lossy(&one.stdout).lines().count();
    assert!(lines >= 15, "{lines} results");
    assert!(one.stdout == two.stdout, "-j 1 and -j 2 differ");
    satdoku()
        .args(["solve", "-j", "0", FOUR])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0 is not in 1..=256"));
}

#[test]
fn serg_multi_solution_puzzles_are_all_multiple() {
    let path = Path::new("../shared/puzzles/classic/serg_benchmark_multi.txt");
    if !path.exists() {
        eprintln!("note: {} is missing; test skipped", path.display());
        return;
    }
    let text = std::fs::read_to_string(path).unwrap();
    let head: String = text.lines().take(200).map(|l| format!("{l}\n")).collect();
    let out = satdoku()
        .args(["check", "-q"])
        .write_stdin(head)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 200);
    for (i, l) in lines.iter().enumerate() {
        assert!(l.starts_with("multiple "), "puzzle {}: {l}", i + 1);
    }
}
