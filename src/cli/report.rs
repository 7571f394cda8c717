//! The report model every checking command fills and every printer reads: what was asked
//! ([`Task`]), what one puzzle gave ([`Answer`], [`Done`]) and the running totals ([`Tally`]).
//! It sits below both the batch driver and the printers, so neither depends on the other.

use super::exit::Outcome;
use satdoku::{Cell, Error, Grid, Puzzle, Stats, Verdict};
use std::sync::Arc;
use std::time::Duration;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Task {
    /// Solve; with `unique`, several solutions are an error.
    Solve {
        /// Several solutions are an error.
        unique: bool,
    },
    /// Decide unique / multiple / none.
    Check,
    /// Count up to `limit`, keeping the solutions when `all`.
    Count {
        /// The cap.
        limit: usize,
        /// Keep every solution for printing.
        all: bool,
    },
}

/// Why a puzzle has no answer: an error of the library, or a finding only the CLI makes.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The library's error (invalid input, a failed verification, …).
    #[error(transparent)]
    Lib(#[from] Error),
    /// The puzzle is unique, but its solution is not the one stated beside it (CSV solution
    /// column, JSON `solution`): the stated solution or the puzzle is wrong.
    #[error("unique, but the solution differs from the one stated beside the puzzle in {count} cells, first {first}")]
    Mismatch {
        /// Cells that differ.
        count: usize,
        /// The first of them.
        first: Cell,
    },
}

/// The answer for one puzzle.
pub enum Answer {
    /// From `solve` and `check`.
    Verdict(Verdict),
    /// From `count`.
    Count {
        /// Solutions found, at most the limit.
        found: usize,
        /// Whether there are more than the limit.
        capped: bool,
        /// The solutions, when asked for.
        solutions: Vec<Grid>,
    },
    /// The time budget ran out: the answer is unknown.
    Timeout(String),
}

/// One finished record.
pub struct Done {
    /// Where the puzzle came from.
    pub source: Arc<str>,
    /// Its line.
    pub line: usize,
    /// The puzzle, when it could be read.
    pub puzzle: Option<Puzzle>,
    /// The answer or the error.
    pub result: Result<Answer, Failure>,
    /// Search figures.
    pub stats: Option<Stats>,
    /// Why there is no solution, when simplification alone shows it.
    pub reason: Option<String>,
    /// What `check --minimal/--redundant/--proof` found besides the verdict.
    pub extras: Extras,
    /// Drawn elements left out on request (SudokuPad): the verdict is about a weaker puzzle.
    pub ignored: Vec<String>,
}

/// What `check --minimal/--redundant/--proof` found for one puzzle besides its verdict.
#[derive(Default)]
pub struct Extras {
    /// The givens of a unique puzzle that can each be removed keeping it unique.
    pub redundant: Option<Vec<Cell>>,
    /// The certificate written (`--proof`).
    pub proof: Option<satdoku::report::CertificateRecord>,
}

impl Done {
    /// A record not worked on yet: its place, nothing else.
    pub fn at(source: Arc<str>, line: usize) -> Done {
        Done {
            source,
            line,
            puzzle: None,
            result: Err(Error::Input(String::new()).into()),
            stats: None,
            reason: None,
            extras: Extras::default(),
            ignored: Vec::new(),
        }
    }
}

/// A verdict held against the solution stated beside the puzzle (CSV column, JSON
/// `solution`): a unique solution that differs from it is an error naming the cells.
pub fn against_stated(verdict: Verdict, stated: Option<&Grid>) -> Result<Answer, Failure> {
    let cells = match (&verdict, stated) {
        (Verdict::Unique(found), Some(stated)) => found.disagreements(stated),
        _ => Vec::new(),
    };
    match cells.first() {
        Some(&first) => Err(Failure::Mismatch {
            count: cells.len(),
            first,
        }),
        None => Ok(Answer::Verdict(verdict)),
    }
}

impl Done {
    /// `file:line`.
    pub fn location(&self) -> String {
        if self.line == 0 {
            self.source.to_string()
        } else {
            format!("{}:{}", self.source, self.line)
        }
    }

    /// The error, located as `file:line[:column]: message`.
    pub fn error_text(&self, e: &Failure) -> String {
        match e {
            Failure::Lib(Error::Parse(p)) => match p.column {
                Some(c) => format!("{}:{}:{c}: {}", self.source, p.line, p.message),
                None => format!("{}:{}: {}", self.source, p.line, p.message),
            },
            e => format!("{}: {e}", self.location()),
        }
    }
}

/// Tallies for the summary line.
#[derive(Default)]
pub struct Tally {
    pub puzzles: usize,
    pub unique: usize,
    pub multiple: usize,
    pub none: usize,
    pub invalid: usize,
    pub timeout: usize,
    pub search: Duration,
    pub outcome: Outcome,
}

impl Tally {
    /// The summary line on stderr: counts by status, wall time and rate.
    pub fn summary(&self, task: Task, wall: Duration) -> String {
        let t = self;
        let what = match task {
            Task::Solve { .. } => "solve",
            Task::Check => "check",
            Task::Count { .. } => "count",
        };
        let counts = match task {
            Task::Count { .. } => format!(
                "{} counted, {} invalid",
                t.puzzles - t.invalid - t.timeout,
                t.invalid
            ),
            _ => format!(
                "{} unique, {} multiple, {} none, {} invalid",
                t.unique, t.multiple, t.none, t.invalid
            ),
        };
        self.summary_of(what, &counts, wall)
    }

    /// The summary line of command `what` with its `counts`: puzzles, timeouts, wall time
    /// and rate (every command's summary has this one form).
    pub fn summary_of(&self, what: &str, counts: &str, wall: Duration) -> String {
        let t = self;
        let secs = wall.as_secs_f64();
        let rate = if secs > 0.0 {
            t.puzzles as f64 / secs
        } else {
            0.0
        };
        let timeouts = if t.timeout > 0 {
            format!(", {} timeout", t.timeout)
        } else {
            String::new()
        };
        format!(
            "satdoku {what}: {} puzzle{}: {counts}{timeouts}; {:.3} s ({:.0} puzzles/s)",
            t.puzzles,
            if t.puzzles == 1 { "" } else { "s" },
            secs,
            rate
        )
    }
}
