//! Helpers shared by the integration tests: the binary, puzzle constants, JSON lines, files,
//! and the rule for external tools that may be missing.
#![allow(dead_code)] // each test file uses some of them

use assert_cmd::Command;
use satdoku::{parse_one, Grid};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `puzzles/classic/4x4.txt` and its solution.
pub const FOUR: &str = "...4..3.....3.2.";
pub const FOUR_SOL: &str = "2314413212433421";

/// The binary, with a generous bound: nothing in these tests may hang (no timing is asserted
/// below it).
pub fn satdoku() -> Command {
    let mut c = Command::cargo_bin("satdoku").unwrap();
    c.timeout(Duration::from_secs(60));
    c
}

/// Writes `content` to `dir/name`.
pub fn write_file(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

/// Whether this run is CI's (`CI=true`, as CI services and `.ci/run` set it).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// An external tool (`what`) the test needs is missing: locally the test is skipped with a
/// note on stderr; under `CI=true` the run fails, so a CI that lost its install cannot pass
/// without checking anything.
pub fn missing_tool(what: &str) {
    assert!(
        !in_ci(),
        "{what} is missing and CI=true: install it (.ci/run does) — CI must not skip this test"
    );
    eprintln!("note: {what} is missing; test skipped");
}

pub const EMPTY4: &str = "................";
/// `puzzles/classic/6x6.txt` (boxes 2x3) and its solution.
pub const SIX: &str = "......43....12.4......3.....6.5....1";
pub const SIX_SOL: &str = "251643436215123456645132312564564321";
/// The first puzzle of `puzzles/classic/9x9-seeds.txt` and its solution.
pub const SEED: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub const SEED_SOL: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// Inkala 2012, the second seed.
pub const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
pub const INKALA_SOL: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// The Wikipedia example, decided by singles alone.
pub const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub const EASY_SOL: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A 9x9 with several solutions (the first of serg's benchmark set).
pub const MULTI: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
/// No solution, found only by search (Inkala 2012 with a 2 added at r1c2).
pub const NONE_SEARCH: &str =
    "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// No solution: r1c9 sees 1-8 in its row and 9 in its column.
pub const NONE_SINGLES: &str =
    "12345678.........9...............................................................";

pub fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The stdout lines of `cmd`, which must succeed (exit code 0).
pub fn success_lines(cmd: &mut Command) -> Vec<String> {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out)
        .expect("stdout is UTF-8")
        .lines()
        .map(String::from)
        .collect()
}

/// The stdout lines of `satdoku generate ARGS`, which must succeed.
pub fn generated(args: &[&str]) -> Vec<String> {
    success_lines(satdoku().arg("generate").args(args))
}

pub fn json_lines(out: &std::process::Output) -> Vec<Value> {
    json_values(stdout_of(out).as_bytes())
}

/// One JSON value per line of `bytes` (a command's stdout).
pub fn json_values(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

pub fn grid(line: &str) -> Grid {
    parse_one(line).unwrap().givens().clone()
}

/// Asserts that `solution` solves `puzzle` (both as printed lines, default boxes).
pub fn assert_solves(puzzle: &str, solution: &str) {
    let p = parse_one(puzzle).unwrap();
    let g = grid(solution);
    p.verify(&g)
        .unwrap_or_else(|e| panic!("{solution} does not solve {puzzle}: {e}"));
}

/// Figures of a text DRAT proof read by [`drat_outline`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DratOutline {
    /// Clauses added.
    pub added: usize,
    /// Clauses deleted.
    pub deleted: usize,
    /// Whether the empty clause is added.
    pub empty_clause: bool,
}

/// Reads a text DRAT proof and checks its form only (every line a `0`-terminated list of
/// nonzero literals within `vars`, optionally prefixed by `d`); it does not check the
/// inferences — that is a DRAT checker's job (`drat-trim query.cnf proof.drat`). A test
/// helper: the library writes DRAT proofs and leaves checking them to such tools.
pub fn drat_outline(proof: &str, vars: usize) -> Result<DratOutline, String> {
    let mut out = DratOutline::default();
    for (i, line) in proof.lines().enumerate() {
        let bad = |m: &str| format!("DRAT line {}: {m}", i + 1);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (delete, rest) = match line.strip_prefix('d') {
            Some(r) => (true, r),
            None => (false, line),
        };
        let mut lits: Vec<i64> = Vec::new();
        for tok in rest.split_whitespace() {
            lits.push(tok.parse().map_err(|_| bad("not a literal"))?);
        }
        if lits.pop() != Some(0) {
            return Err(bad("not terminated by 0"));
        }
        if lits
            .iter()
            .any(|&l| l == 0 || l.unsigned_abs() as usize > vars)
        {
            return Err(bad("literal out of range"));
        }
        if delete {
            out.deleted += 1;
        } else {
            out.added += 1;
            out.empty_clause |= lits.is_empty();
        }
    }
    Ok(out)
}

/// The number of variables on a DIMACS text's `p cnf` line.
pub fn dimacs_vars(cnf: &str) -> usize {
    cnf.lines()
        .find_map(|l| l.strip_prefix("p cnf "))
        .and_then(|p| p.split(' ').next())
        .unwrap()
        .parse()
        .unwrap()
}

/// A SAT solver's answer (`s SATISFIABLE`, one `v` line) for a grid whose cells, row-major,
/// hold the 1-based digit indices `indices`, under `x(cell, i) = cell·per_cell + i`; every
/// variable after the cells' (up to `vars`) is false.
pub fn cell_model(
    indices: impl IntoIterator<Item = usize>,
    per_cell: usize,
    vars: usize,
) -> String {
    let mut lits = Vec::new();
    let mut cells = 0;
    for (pos, index) in indices.into_iter().enumerate() {
        for i in 1..=per_cell {
            let var = (pos * per_cell + i) as i64;
            lits.push(if i == index { var } else { -var });
        }
        cells += 1;
    }
    for aux in cells * per_cell + 1..=vars {
        lits.push(-(aux as i64));
    }
    let text: Vec<String> = lits.iter().map(i64::to_string).collect();
    format!("s SATISFIABLE\nv {} 0\n", text.join(" "))
}

/// The library's seeded generator (`satdoku::generate::Rng`, splitmix64) with the picks the
/// fuzz and property tests make, so a seed-driven test tries the same cases every run and a
/// failure replays from its seed.
pub struct Rng(satdoku::generate::Rng);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(satdoku::generate::Rng::new(seed))
    }
    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.0.below(n)
        }
    }
    /// True with the given chance in percent.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    /// One of `items` (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    /// `v` in a random order (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        self.0.shuffle(v);
    }
    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        self.shuffle(&mut v);
        v
    }
}
