//! The report model every checking command fills and every printer reads: what was asked
//! ([`Task`]), what one puzzle gave ([`Answer`], [`Done`]) and the running totals ([`Tally`]).
//! It sits below both the batch driver and the printers, so neither depends on the other.

use super::exit::Outcome;
use satdoku::{Error, Grid, Puzzle, Stats, Verdict};
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
    pub result: Result<Answer, Error>,
    /// Search figures.
    pub stats: Option<Stats>,
    /// Why there is no solution, when simplification alone shows it.
    pub reason: Option<String>,
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
    pub fn error_text(&self, e: &Error) -> String {
        match e {
            Error::Parse(p) => match p.column {
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
