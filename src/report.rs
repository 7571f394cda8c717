//! The records satdoku reports, one per puzzle: the status words and the fields of each
//! command's JSON lines (`-f json`), defined once as typed structs that serialize in the
//! documented key order (README, "Output formats"). The command line fills them; a library
//! user can fill and print the same records, or read them back with any JSON reader.
//!
//! Optional fields are left out of the JSON when absent, never written as `null`.

use serde::Serialize;

/// The status word of a record: the first word of a `-f line` answer and the `status` of a
/// JSON record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// `solve` found a solution and it is the only one.
    Solved,
    /// Exactly one solution.
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution.
    None,
    /// `count` finished (up to its cap).
    Counted,
    /// The input could not be read or breaks its own rules; `error` says where and why.
    /// (The default: a record is invalid until something answers it.)
    #[default]
    Invalid,
    /// The time budget ran out: the answer is unknown.
    Timeout,
    /// `generate` made a puzzle.
    Generated,
}

impl Status {
    /// The word as printed.
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Counted => "counted",
            Status::Invalid => "invalid",
            Status::Timeout => "timeout",
            Status::Generated => "generated",
        }
    }
}

/// Variables and clauses of a formula as handed to the engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CnfSize {
    /// Variables in the numbering (N³ cell variables plus auxiliaries).
    pub vars: usize,
    /// Clauses.
    pub clauses: usize,
}

/// How a `solve`/`check` record's answer was found (`--stats`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchStats {
    /// Cells decided before search.
    pub decided: usize,
    /// Cell variables left open.
    pub open_vars: usize,
    /// Calls to the SAT engine.
    pub sat_calls: usize,
    /// `sat`, `probing` or `simplification`: what settled the answer.
    pub search: &'static str,
    /// The SAT solver that searched last (`varisat` or `cadical`), when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<&'static str>,
}

/// `[rows, columns]` of a rectangular grid, for the records' `dims`; `None` on a square one.
pub fn rect_dims(shape: &crate::geometry::Shape) -> Option<[usize; 2]> {
    (!shape.is_square()).then(|| [shape.rows(), shape.cols()])
}

/// One record of `solve`, `check` and `count`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PuzzleRecord {
    /// File name, `-` for stdin, or `<argument>`.
    pub source: String,
    /// 1-based line of the puzzle's start (0: the source as a whole).
    pub line: usize,
    /// The givens as one line, when the puzzle could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Side length, when the puzzle could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Rows and columns of a rectangular grid (`size` is then the longer side); absent on
    /// a square one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dims: Option<[usize; 2]>,
    /// Drawn elements of the input that were ignored at the user's request (SudokuPad): the
    /// answer is about the puzzle without them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignored: Option<Vec<String>>,
    /// The status word.
    pub status: Status,
    /// What went wrong, located (`invalid`, `timeout`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the solution is unique (`solved`, `unique`, `multiple`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// A solution, as one line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// A chaos construction's found regions beside `solution`: one letter per cell in
    /// reading order, `A` for the region of r1c1, then `B`, … by first appearance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regions: Option<String>,
    /// Solutions counted (`counted`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// Whether the count hit its cap (`counted`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capped: Option<bool>,
    /// Two solutions (`multiple`), or every one counted (`count --all`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
    /// A chaos construction's found regions of each of `solutions`, in the same order (as
    /// `regions`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions_regions: Option<Vec<String>>,
    /// The cells where the two solutions differ (`multiple`), as `r1c2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differ: Option<Vec<String>>,
    /// Why there is no solution, when simplification alone shows it (`none`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `check --minimal`: no given can be removed keeping the puzzle unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal: Option<bool>,
    /// `check --redundant`: the givens that can each be removed keeping it unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redundant: Option<Vec<String>>,
    /// `check --proof`: the certificate written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateRecord>,
    /// Time spent building and solving, in microseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_us: Option<u64>,
    /// The formula's size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cnf: Option<CnfSize>,
    /// How the answer was found (`--stats`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<SearchStats>,
}

impl PuzzleRecord {
    /// A record at `source:line` with `status` and nothing else yet.
    pub fn new(source: &str, line: usize, status: Status) -> PuzzleRecord {
        PuzzleRecord {
            source: source.to_string(),
            line,
            status,
            ..Default::default()
        }
    }
}

/// The certificate of `check --proof` (README, "Certified uniqueness").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CertificateRecord {
    /// `drat` or `varisat`.
    pub format: &'static str,
    /// The DIMACS query's path.
    pub query: String,
    /// The proof's path.
    pub proof: String,
    /// Variables of the query.
    pub vars: usize,
    /// Clauses of the query.
    pub clauses: usize,
    /// Bytes of proof.
    pub proof_bytes: u64,
    /// Time to write the proof, in microseconds.
    pub proof_time_us: u64,
    /// `true` when satdoku checked the proof itself (varisat format); `null` for a DRAT
    /// proof, left to an external checker.
    pub verified: Option<bool>,
    /// The solution file's path (`unique`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// `unique` or `no solution`.
    pub claim: &'static str,
}

/// Solve figures of `candidates`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CandidatesStats {
    /// Cells decided before search.
    pub decided: usize,
    /// Calls to the SAT engine.
    pub sat_calls: usize,
    /// Time, in microseconds.
    pub time_us: u64,
}

/// One record of `candidates`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CandidatesRecord {
    /// File name, `-` for stdin, or `<argument>`.
    pub source: String,
    /// 1-based line of the puzzle's start.
    pub line: usize,
    /// The givens as one line, when the puzzle could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Side length, when the puzzle could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Rows and columns of a rectangular grid (`size` is then the longer side); absent on
    /// a square one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dims: Option<[usize; 2]>,
    /// Drawn elements ignored at the user's request (as in [`PuzzleRecord::ignored`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignored: Option<Vec<String>>,
    /// `unique`, `multiple`, `none`, `invalid` or `timeout`.
    pub status: Status,
    /// What went wrong, located.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Per row, per cell, the digits that appear in some solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<Vec<Vec<usize>>>>,
    /// The solution, when it is unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// `--counts`: per row, per cell, per digit, the solutions that use it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<Vec<Vec<usize>>>>,
    /// `--counts`: solutions seen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions_counted: Option<usize>,
    /// `--counts`: whether the limit was reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capped: Option<bool>,
    /// Solve figures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<CandidatesStats>,
}

impl CandidatesRecord {
    /// A record at `source:line` with `status` and nothing else yet.
    pub fn new(source: &str, line: usize, status: Status) -> CandidatesRecord {
        CandidatesRecord {
            source: source.to_string(),
            line,
            status,
            ..Default::default()
        }
    }
}

/// How hard a generated puzzle is for satdoku (an effort signal, not a human grade).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Effort {
    /// Cells that simplification (singles, locked candidates, probing) decides.
    pub decided_by_simplification: usize,
    /// Whether simplification alone solves it.
    pub simplification_solves: bool,
    /// SAT calls of its uniqueness check.
    pub check_sat_calls: usize,
}

/// One record of `generate`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GenerateRecord {
    /// The layout it was made on (`file:line`, or the size).
    pub layout: String,
    /// 1-based index among the puzzles of that layout.
    pub index: u64,
    /// `generated` or `timeout`.
    pub status: Status,
    /// The seed that reproduces it.
    pub seed: u64,
    /// What went wrong (`timeout`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Side length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Rows and columns of a rectangular grid (`size` is then the longer side); absent on
    /// a square one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dims: Option<[usize; 2]>,
    /// The puzzle as one line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Its number of givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub givens: Option<usize>,
    /// Whether no given can be removed keeping it unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal: Option<bool>,
    /// `singles` or `full` when made with `--solvable-by`: simplification at that level
    /// solves it without search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solvable_by: Option<String>,
    /// Its solution as one line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The symmetry of its givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<String>,
    /// Attempts made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempts: Option<usize>,
    /// SAT calls made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sat_calls: Option<usize>,
    /// Time, in microseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_us: Option<u64>,
    /// How hard it is for satdoku.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effort: Option<Effort>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_keep_the_documented_key_order_and_leave_absent_fields_out() {
        let mut r = PuzzleRecord::new("a.txt", 3, Status::Multiple);
        r.unique = Some(false);
        r.solution = Some("12".into());
        r.solutions = Some(vec!["12".into(), "21".into()]);
        r.differ = Some(vec!["r1c1".into()]);
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"source":"a.txt","line":3,"status":"multiple","unique":false,"solution":"12","solutions":["12","21"],"differ":["r1c1"]}"#
        );
        let mut c = PuzzleRecord::new("-", 1, Status::Counted);
        c.count = Some(2);
        c.capped = Some(false);
        c.solutions = Some(vec!["12".into(), "21".into()]);
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"source":"-","line":1,"status":"counted","count":2,"capped":false,"solutions":["12","21"]}"#
        );
        for s in [
            Status::Solved,
            Status::None,
            Status::Timeout,
            Status::Generated,
        ] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.word());
        }
    }
}
