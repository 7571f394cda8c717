//! The shipped corpus: every file under `puzzles/` states what `satdoku check` must say about
//! it, and this test holds the binary to it.
//!
//! Expectations are comment lines in the file itself:
//!
//! - `# expect: unique|multiple|none|invalid` — the outcome of every puzzle that follows (until
//!   the next `# expect:` line);
//! - `# solution: <line>` — the solution of the next puzzle;
//! - `# error: <text>` — text the error message of the next puzzle must contain;
//! - `# args: <options>` — reading options the whole file needs, given to `satdoku check`
//!   before it (e.g. `--grid 6x8` for rectangles in text), split at spaces.
//!
//! Files that cannot carry comments (binary, empty, CSV) are listed in `puzzles/expect.txt` as
//! `path: outcome [| error text]`, which then applies to every record of the file. JSON puzzle
//! files (`puzzles/variants/`, bad inputs in `puzzles/invalid/`) are listed there too; a JSON
//! file's own `"solution"` is then the solution satdoku must print. README and markdown files,
//! `expect.txt` itself and scripts (`.py`) are skipped. A file without any expectation fails
//! the test, so a new file cannot slip in untested.
//!
//! Files under `puzzles/big/` (unique puzzles whose check takes seconds) are held to less in
//! this test: every puzzle there must be expected unique with a stated solution, which must
//! fit its givens and rules. The ignored test `big_puzzles_have_their_stated_outcome` runs
//! the check itself (`cargo test --release --test corpus -- --ignored`).

use assert_cmd::Command;
use satdoku::{parse_one, parse_one_with, Digit, Grid, Puzzle, TextOptions};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const ROOT: &str = "puzzles";

/// Files under `puzzles/big/` (relative path prefix): puzzles whose check takes seconds.
const BIG: &str = "big/";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Unique,
    Multiple,
    None,
    Invalid,
}

impl Outcome {
    fn parse(s: &str) -> Option<Outcome> {
        match s.trim() {
            "unique" => Some(Outcome::Unique),
            "multiple" => Some(Outcome::Multiple),
            "none" => Some(Outcome::None),
            "invalid" => Some(Outcome::Invalid),
            _ => None,
        }
    }
    fn status(self) -> &'static str {
        match self {
            Outcome::Unique => "unique",
            Outcome::Multiple => "multiple",
            Outcome::None => "none",
            Outcome::Invalid => "invalid",
        }
    }
}

/// What one file promises.
#[derive(Debug, Default)]
struct FileExpect {
    /// Directives by the 1-based line they stand on, in order.
    directives: Vec<(usize, Directive)>,
    /// From `expect.txt`: applies to every record.
    whole: Option<(Outcome, Option<String>)>,
}

#[derive(Clone, Debug)]
enum Directive {
    Expect(Outcome),
    Solution(String),
    Error(String),
    Args(Vec<String>),
}

/// What one record of the file must be.
#[derive(Debug)]
struct RecordExpect {
    outcome: Outcome,
    solution: Option<String>,
    error: Option<String>,
}

impl FileExpect {
    fn is_empty(&self) -> bool {
        self.whole.is_none()
            && !self
                .directives
                .iter()
                .any(|(_, d)| matches!(d, Directive::Expect(_)))
    }

    /// The expectations for records starting at `lines` (in order).
    fn for_records(&self, lines: &[usize]) -> Result<Vec<RecordExpect>, String> {
        if let Some((outcome, error)) = &self.whole {
            return Ok(lines
                .iter()
                .map(|_| RecordExpect {
                    outcome: *outcome,
                    solution: None,
                    error: error.clone(),
                })
                .collect());
        }
        let mut out = Vec::new();
        let mut outcome: Option<Outcome> = None;
        let mut solution: Option<String> = None;
        let mut error: Option<String> = None;
        let mut next = 0;
        for &line in lines {
            while next < self.directives.len() && self.directives[next].0 < line.max(1) {
                match &self.directives[next].1 {
                    Directive::Expect(o) => outcome = Some(*o),
                    Directive::Solution(s) => solution = Some(s.clone()),
                    Directive::Error(e) => error = Some(e.clone()),
                    Directive::Args(_) => {}
                }
                next += 1;
            }
            let Some(o) = outcome else {
                return Err(format!(
                    "the puzzle at line {line} has no `# expect:` line before it"
                ));
            };
            out.push(RecordExpect {
                outcome: o,
                solution: solution.take(),
                error: error.take(),
            });
        }
        Ok(out)
    }
}

fn read_expect_txt() -> BTreeMap<String, (Outcome, Option<String>)> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("expect.txt"))
        .expect("puzzles/expect.txt is readable");
    let mut map = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (path, rest) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("expect.txt line {}: no `path:` in {line:?}", i + 1));
        let (outcome, error) = match rest.split_once('|') {
            Some((o, e)) => (o, Some(e.trim().to_string())),
            None => (rest, None),
        };
        let outcome = Outcome::parse(outcome)
            .unwrap_or_else(|| panic!("expect.txt line {}: unknown outcome {outcome:?}", i + 1));
        let old = map.insert(path.trim().to_string(), (outcome, error));
        assert!(old.is_none(), "expect.txt lists {path} twice");
    }
    map
}

fn read_directives(bytes: &[u8]) -> Result<Vec<(usize, Directive)>, String> {
    // A file that is not text can only get its expectation from expect.txt.
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let Some(comment) = raw.trim().strip_prefix('#') else {
            continue;
        };
        let comment = comment.trim();
        let (key, value) = match comment.split_once(':') {
            Some((k, v)) => (k.trim(), v.trim()),
            None => continue,
        };
        let d = match key {
            "expect" => Directive::Expect(
                Outcome::parse(value)
                    .ok_or_else(|| format!("line {}: unknown outcome {value:?}", i + 1))?,
            ),
            "solution" => Directive::Solution(value.to_string()),
            "error" => Directive::Error(value.to_string()),
            "args" => Directive::Args(value.split_whitespace().map(String::from).collect()),
            _ => continue,
        };
        out.push((i + 1, d));
    }
    Ok(out)
}

/// How the corpus reads a printed puzzle back: the options of the file's `# args:` that
/// change reading (`--grid RxC`).
fn text_options(args: &[String]) -> TextOptions {
    let mut opts = TextOptions::default();
    if let Some(i) = args.iter().position(|a| a == "--grid") {
        let dims = args
            .get(i + 1)
            .and_then(|g| satdoku::geometry::parse_rxc(g));
        opts.dims = Some(dims.expect("# args: --grid RxC"));
    }
    opts
}

/// The `"solution"` of a native JSON puzzle file (rows joined), if it states one.
fn json_solution(path: &Path, bytes: &[u8]) -> Option<String> {
    if path.extension()? != "json" {
        return None;
    }
    let v: Value = serde_json::from_slice(bytes).ok()?;
    match v.get("solution")? {
        Value::String(s) => Some(s.clone()),
        Value::Array(rows) => Some(rows.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

fn skipped(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy().to_lowercase();
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    name == "expect.txt" || name.starts_with("readme") || ext == "md" || ext == "py"
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if !skipped(&p) {
            out.push(p);
        }
    }
}

fn exit_code(outcomes: &[Outcome]) -> i32 {
    if outcomes.contains(&Outcome::Invalid) {
        1
    } else if outcomes.contains(&Outcome::None) {
        3
    } else if outcomes.contains(&Outcome::Multiple) {
        4
    } else {
        0
    }
}

/// The grid of a line printed by satdoku (digits as characters, or numbers separated by
/// spaces), read without any rule so irregular regions read back too.
fn grid(line: &str) -> Grid {
    let tokens: Vec<String> = if line.contains(' ') {
        line.split_whitespace().map(str::to_string).collect()
    } else {
        line.chars().map(String::from).collect()
    };
    let n = (tokens.len() as f64).sqrt() as usize;
    let cells = tokens
        .iter()
        .map(|t| match t.as_str() {
            "." => None,
            t => Some(Digit::new(
                t.parse::<usize>()
                    .ok()
                    .or_else(|| {
                        let c = t.chars().next()?;
                        c.is_ascii_uppercase()
                            .then(|| c as usize - 'A' as usize + 10)
                    })
                    .unwrap_or_else(|| panic!("cannot read back {line:?}")),
            )),
        })
        .collect();
    Grid::from_cells(n, cells).unwrap_or_else(|| panic!("cannot read back {line:?}"))
}

/// A printed grid of `p`: as [`grid`], or written in the puzzle's values when its cells hold
/// others than 1..N (`"values": "0-8"`).
fn grid_of(p: &Puzzle, line: &str) -> Grid {
    if p.shape().has_standard_values() && p.shape().is_square() {
        return grid(line);
    }
    let symbols = satdoku::Symbols::standard().for_shape(p.shape());
    let (rows, cols) = (p.shape().rows(), p.shape().cols());
    satdoku::format::text::parse_grid_dims(line, rows, cols, &symbols)
        .unwrap_or_else(|e| panic!("cannot read back {line:?}: {e}"))
}

/// `grid` with a chaos construction's found regions, as a record writes them (`AAB…`, one
/// letter per cell), when it has some.
fn with_regions(mut grid: Grid, regions: &Value) -> Grid {
    if let Some(letters) = regions.as_str() {
        let symbols = satdoku::format::text::FOUND_REGION_SYMBOLS;
        let ids = letters
            .chars()
            .map(|ch| symbols.chars().position(|s| s == ch).unwrap() as u16)
            .collect();
        grid.set_regions(Some(ids));
    }
    grid
}

/// Checks one JSON record against its expectation; returns the problems.
fn check_record(
    rec: &Value,
    want: &RecordExpect,
    file_puzzle: Option<&Puzzle>,
    opts: &TextOptions,
) -> Vec<String> {
    let mut problems = Vec::new();
    let line = rec["line"].as_u64().unwrap_or(0);
    let status = rec["status"].as_str().unwrap_or("?");
    let mut fail = |m: String| problems.push(format!("line {line}: {m}"));
    if status != want.outcome.status() {
        fail(format!(
            "status {status:?}, expected {:?} (record: {rec})",
            want.outcome.status()
        ));
        return problems;
    }
    let puzzle = match file_puzzle {
        Some(p) => Some(p.clone()),
        None => rec["puzzle"].as_str().map(|p| {
            parse_one_with(p, opts)
                .unwrap_or_else(|e| panic!("the printed puzzle {p:?} does not parse: {e}"))
        }),
    };
    match want.outcome {
        Outcome::Unique => {
            let sol = rec["solution"].as_str().unwrap_or("");
            if let Some(expected) = &want.solution {
                if sol != expected {
                    fail(format!("solution {sol}, expected {expected}"));
                }
            }
            if let Some(p) = &puzzle {
                if let Err(e) = p.verify(&with_regions(grid_of(p, sol), &rec["regions"])) {
                    fail(format!("the printed solution fails verification: {e}"));
                }
            }
        }
        Outcome::Multiple => {
            let sols: Vec<&str> = rec["solutions"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if sols.len() != 2 || sols[0] == sols[1] {
                fail(format!("expected two different solutions, got {sols:?}"));
            } else if let Some(p) = &puzzle {
                let regions = &rec["solutions_regions"];
                let (a, b) = (
                    with_regions(grid_of(p, sols[0]), &regions[0]),
                    with_regions(grid_of(p, sols[1]), &regions[1]),
                );
                for g in [&a, &b] {
                    if let Err(e) = p.verify(g) {
                        fail(format!("a printed solution fails verification: {e}"));
                    }
                }
                let differ: Vec<String> = a.diff(&b).iter().map(|c| c.to_string()).collect();
                if rec["differ"] != serde_json::json!(differ) {
                    fail(format!(
                        "differ {} but the solutions differ in {differ:?}",
                        rec["differ"]
                    ));
                }
            }
            if let Some(expected) = &want.solution {
                if !sols.contains(&expected.as_str()) {
                    fail(format!("solution {expected} is not among {sols:?}"));
                }
            }
        }
        Outcome::None => {
            if rec.get("solution").is_some() {
                fail(format!("a puzzle without solution printed one: {rec}"));
            }
        }
        Outcome::Invalid => {
            let error = rec["error"].as_str().unwrap_or("");
            if error.is_empty() {
                fail(format!("invalid without an error message: {rec}"));
            }
        }
    }
    if let Some(text) = &want.error {
        let error = rec["error"].as_str().unwrap_or("");
        if !error.contains(text.as_str()) {
            fail(format!("error {error:?} does not contain {text:?}"));
        }
    }
    problems
}

#[test]
fn every_shipped_puzzle_has_its_stated_outcome() {
    let listed = read_expect_txt();
    let mut files = Vec::new();
    walk(Path::new(ROOT), &mut files);
    assert!(
        files.len() >= 10,
        "puzzles/ holds only {} files",
        files.len()
    );
    let mut problems: Vec<String> = Vec::new();
    let mut seen_listed = Vec::new();
    let mut records = 0;
    for path in &files {
        let rel = path
            .strip_prefix(ROOT)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let bytes = std::fs::read(path).unwrap();
        let mut expect = FileExpect {
            directives: match read_directives(&bytes) {
                Ok(d) => d,
                Err(e) => {
                    problems.push(format!("{rel}: {e}"));
                    continue;
                }
            },
            whole: None,
        };
        let json_solution = json_solution(path, &bytes);
        // A native JSON file is verified against its own rules, not just the grid's.
        let file_puzzle = std::str::from_utf8(&bytes)
            .ok()
            .filter(|_| json_solution.is_some())
            .and_then(|t| satdoku::format::json::from_str(t).ok())
            .map(|d| d.puzzle);
        if let Some(w) = listed.get(&rel) {
            seen_listed.push(rel.clone());
            if !expect.is_empty() {
                problems.push(format!(
                    "{rel}: has `# expect:` lines and an entry in expect.txt; keep one"
                ));
                continue;
            }
            expect.whole = Some(w.clone());
        }
        if expect.is_empty() {
            problems.push(format!(
                "{rel}: no expected outcome: add a `# expect:` line, or list it in puzzles/expect.txt"
            ));
            continue;
        }
        if rel.starts_with(BIG) {
            // Seconds of search each: here only their stated solutions are verified;
            // `big_puzzles_have_their_stated_outcome` (ignored) runs the check.
            let (found, p) = verify_big(&rel, &bytes, &expect);
            records += found;
            problems.extend(p);
            continue;
        }
        let file_args: Vec<String> = expect
            .directives
            .iter()
            .filter_map(|(_, d)| match d {
                Directive::Args(a) => Some(a.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        let out = Command::cargo_bin("satdoku")
            .unwrap()
            .args(["check", "-f", "json", "-j", "1", "-q"])
            .args(&file_args)
            .arg(path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let recs: Vec<Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{rel}: {e}: {l}")))
            .collect();
        if recs.is_empty() {
            problems.push(format!("{rel}: satdoku printed no record"));
            continue;
        }
        records += recs.len();
        let lines: Vec<usize> = recs
            .iter()
            .map(|r| r["line"].as_u64().unwrap() as usize)
            .collect();
        let wants = match expect.for_records(&lines) {
            Ok(mut w) => {
                if let (Some(sol), [one]) = (&json_solution, &mut w[..]) {
                    one.solution = Some(sol.clone());
                }
                w
            }
            Err(e) => {
                problems.push(format!("{rel}: {e}"));
                continue;
            }
        };
        for (rec, want) in recs.iter().zip(&wants) {
            problems.extend(
                check_record(rec, want, file_puzzle.as_ref(), &text_options(&file_args))
                    .into_iter()
                    .map(|p| format!("{rel}:{p}")),
            );
        }
        let outcomes: Vec<Outcome> = wants.iter().map(|w| w.outcome).collect();
        let code = exit_code(&outcomes);
        if out.status.code() != Some(code) {
            problems.push(format!(
                "{rel}: exit status {:?}, expected {code}; stderr: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        // Every invalid record is also reported on stderr, located.
        let stderr = String::from_utf8_lossy(&out.stderr);
        for rec in &recs {
            if let Some(e) = rec["error"].as_str() {
                if !stderr.contains(e) {
                    problems.push(format!("{rel}: error {e:?} is not on stderr: {stderr}"));
                }
            }
        }
    }
    for path in listed.keys() {
        if !seen_listed.contains(path) {
            problems.push(format!("expect.txt lists {path}, which is not in puzzles/"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problem(s) in the corpus ({} files, {records} records):\n{}",
        problems.len(),
        files.len(),
        problems.join("\n")
    );
    eprintln!("corpus: {} files, {records} records checked", files.len());
}

/// The puzzle lines of a text file (1-based line, text): every line that is not blank and not
/// a comment.
fn puzzle_lines(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// The cheap part for a file of `puzzles/big/`: each puzzle is expected unique with a stated
/// solution, which fits its givens and every rule (no search). Returns (records, problems).
fn verify_big(rel: &str, bytes: &[u8], expect: &FileExpect) -> (usize, Vec<String>) {
    let text = std::str::from_utf8(bytes).expect("big puzzle files are text");
    let lines = puzzle_lines(text);
    let at: Vec<usize> = lines.iter().map(|(n, _)| *n).collect();
    let wants = match expect.for_records(&at) {
        Ok(w) => w,
        Err(e) => return (0, vec![format!("{rel}: {e}")]),
    };
    let mut problems = Vec::new();
    for ((n, line), want) in lines.iter().zip(&wants) {
        let Some(sol) = want.solution.as_deref() else {
            problems.push(format!("{rel}:{n}: a big puzzle needs `# solution:`"));
            continue;
        };
        if want.outcome != Outcome::Unique {
            problems.push(format!("{rel}:{n}: big puzzles are expected unique"));
            continue;
        }
        let puzzle = parse_one(line).unwrap_or_else(|e| panic!("{rel}:{n}: {e}"));
        if let Err(e) = puzzle.verify(&grid(sol)) {
            problems.push(format!("{rel}:{n}: the stated solution does not fit: {e}"));
        }
    }
    (lines.len(), problems)
}

/// The files of `puzzles/big/`, checked by the binary: `cargo test --release --test corpus --
/// --ignored` (seconds of search per puzzle, so not in every run).
#[test]
#[ignore]
fn big_puzzles_have_their_stated_outcome() {
    let mut files = Vec::new();
    walk(&Path::new(ROOT).join(BIG), &mut files);
    assert!(!files.is_empty());
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let expect = FileExpect {
            directives: read_directives(text.as_bytes()).unwrap(),
            whole: None,
        };
        let lines = puzzle_lines(&text);
        let at: Vec<usize> = lines.iter().map(|(n, _)| *n).collect();
        let wants = expect.for_records(&at).unwrap();
        let out = Command::cargo_bin("satdoku")
            .unwrap()
            .args(["check", "-f", "line", "-j", "1", "-q"])
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let stdout = String::from_utf8(out.stdout).unwrap();
        let got: Vec<&str> = stdout.lines().collect();
        assert_eq!(got.len(), wants.len(), "{}", path.display());
        for (g, w) in got.iter().zip(&wants) {
            let want = format!("unique {}", w.solution.as_deref().unwrap());
            assert_eq!(*g, want, "{}", path.display());
        }
    }
}
