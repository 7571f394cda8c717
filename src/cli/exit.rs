//! Exit codes, documented in the README. Usage errors exit 2, reported by clap itself. When a
//! batch has several outcomes, the first in this order wins: error, no solution, several
//! solutions, timeout (an answer found says more than an answer not found).

/// Every puzzle solved (and, for `check` and `solve --unique`, unique).
pub const SUCCESS: u8 = 0;
/// An error: unreadable input, an invalid puzzle, a failed verification, a bad model.
pub const ERROR: u8 = 1;
/// Some puzzle has no solution.
pub const NO_SOLUTION: u8 = 3;
/// Some puzzle has several solutions (`check`, `solve --unique`, a satisfiable uniqueness
/// query in `decode`).
pub const MULTIPLE: u8 = 4;
/// Some puzzle ran out of its `--timeout` budget, so its answer is unknown.
pub const TIMEOUT: u8 = 5;

/// The worst outcome seen so far in a batch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    error: bool,
    none: bool,
    multiple: bool,
    timeout: bool,
}

impl Outcome {
    /// Records an error.
    pub fn error(&mut self) {
        self.error = true;
    }
    /// Records a puzzle without solution.
    pub fn none(&mut self) {
        self.none = true;
    }
    /// Records a puzzle with several solutions.
    pub fn multiple(&mut self) {
        self.multiple = true;
    }
    /// Records a puzzle that ran out of time.
    pub fn timeout(&mut self) {
        self.timeout = true;
    }
    /// The exit code.
    pub fn code(self) -> u8 {
        if self.error {
            ERROR
        } else if self.none {
            NO_SOLUTION
        } else if self.multiple {
            MULTIPLE
        } else if self.timeout {
            TIMEOUT
        } else {
            SUCCESS
        }
    }
}
