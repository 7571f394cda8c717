//! DIMACS CNF export and reading SAT solvers' answers.
//!
//! The export is written in two passes over the same encoder — one counting, one writing — so
//! the header is exact, memory stays flat, and the clauses are exactly those the embedded
//! solver gets ([`Formula::encode`]).

use crate::cnf::{ClauseCounter, ClauseSink};
use crate::error::Error;
use crate::solve::Formula;
use std::io::{self, Write};
use varisat::{Lit, Var};

/// Writes clauses as DIMACS lines (`1 -2 3 0`).
pub struct DimacsWriter<W: Write> {
    out: W,
    error: Option<io::Error>,
    line: String,
}

impl<W: Write> DimacsWriter<W> {
    /// A writer into `out`.
    pub fn new(out: W) -> DimacsWriter<W> {
        DimacsWriter {
            out,
            error: None,
            line: String::new(),
        }
    }
    /// The first write error, if any, else the underlying writer.
    pub fn finish(self) -> io::Result<W> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }
}

impl<W: Write> ClauseSink for DimacsWriter<W> {
    fn add_clause(&mut self, lits: &[Lit]) {
        if self.error.is_some() {
            return;
        }
        use std::fmt::Write as _;
        self.line.clear();
        for l in lits {
            let _ = write!(self.line, "{} ", l.to_dimacs());
        }
        self.line.push_str("0\n");
        if let Err(e) = self.out.write_all(self.line.as_bytes()) {
            self.error = Some(e);
        }
    }
}

/// Writes `formula` (plus `extra` clauses, e.g. a blocking clause) as DIMACS, with the
/// comment lines in `header` first. Returns (variables, clauses) as in the `p cnf` line; the
/// variable count is the largest variable used.
pub fn write_formula(
    formula: &Formula,
    extra: &[Vec<Lit>],
    header: &[String],
    out: impl Write,
) -> io::Result<(usize, usize)> {
    let mut counter = ClauseCounter::default();
    formula.encode(&mut counter);
    // The `p cnf` line names the largest variable used, as solvers expect; the numbering
    // itself stays the fixed cell-variable formula of the header.
    let vars = extra
        .iter()
        .flatten()
        .map(|l| l.index() + 1)
        .fold(counter.max_var, usize::max);
    let clauses = counter.clauses + extra.len();
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    for line in header {
        for part in line.lines() {
            writeln!(out, "c {part}")?;
        }
    }
    writeln!(out, "p cnf {vars} {clauses}")?;
    let mut writer = DimacsWriter::new(out);
    formula.encode(&mut writer);
    for clause in extra {
        writer.add_clause(clause);
    }
    writer.finish()?.flush()?;
    Ok((vars, clauses))
}

/// What an external SAT solver answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverAnswer {
    /// Satisfiable, with the values the solver printed (index = variable index).
    Sat(Vec<Option<bool>>),
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up (`s UNKNOWN`, minisat's `INDET`).
    Unknown,
}

impl SolverAnswer {
    /// The value of `var` in a satisfiable answer.
    pub fn value(&self, var: Var) -> Option<bool> {
        match self {
            SolverAnswer::Sat(v) => v.get(var.index()).copied().flatten(),
            _ => None,
        }
    }
}

/// Reads a SAT solver's output: SAT-competition style (`s SATISFIABLE` and `v … 0` lines, as
/// cadical, kissat and picosat print) or minisat's result file (`SAT` then the literals).
pub fn read_answer(text: &str) -> Result<SolverAnswer, Error> {
    let mut status: Option<bool> = None;
    let mut unknown = false;
    let mut values: Vec<Option<bool>> = Vec::new();
    let mut saw_literals = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = |m: String| Error::Model(format!("solver output line {}: {m}", i + 1));
        let (tag, rest) = match line.split_once(char::is_whitespace) {
            Some((t, r)) => (t, r.trim()),
            None => (line, ""),
        };
        let literals = match tag {
            "" | "c" => continue,
            "s" => {
                match rest {
                    "SATISFIABLE" => status = Some(true),
                    "UNSATISFIABLE" => status = Some(false),
                    "UNKNOWN" | "INDETERMINATE" => unknown = true,
                    _ => return Err(at(format!("unknown status {rest:?}"))),
                }
                continue;
            }
            "SAT" | "SATISFIABLE" if rest.is_empty() => {
                status = Some(true);
                continue;
            }
            "UNSAT" | "UNSATISFIABLE" if rest.is_empty() => {
                status = Some(false);
                continue;
            }
            "INDET" | "UNKNOWN" if rest.is_empty() => {
                unknown = true;
                continue;
            }
            "v" | "V" => rest,
            _ => line,
        };
        for word in literals.split_whitespace() {
            let lit: isize = word
                .parse()
                .map_err(|_| at(format!("cannot read {word:?} as a literal")))?;
            saw_literals = true;
            if lit == 0 {
                continue;
            }
            let index = lit.unsigned_abs() - 1;
            if index >= 1 << 26 {
                return Err(at(format!(
                    "variable {} is out of range",
                    lit.unsigned_abs()
                )));
            }
            if values.len() <= index {
                values.resize(index + 1, None);
            }
            values[index] = Some(lit > 0);
        }
    }
    match (status, unknown, saw_literals) {
        (Some(false), _, _) => Ok(SolverAnswer::Unsat),
        (Some(true), _, true) => Ok(SolverAnswer::Sat(values)),
        (Some(true), _, false) => Err(Error::Model(
            "the solver says SATISFIABLE but printed no model (v lines)".into(),
        )),
        (None, true, _) => Ok(SolverAnswer::Unknown),
        (None, false, true) => Ok(SolverAnswer::Sat(values)),
        (None, false, false) => Err(Error::Model(
            "no SAT solver answer found (expected `s SATISFIABLE` with `v` lines, or minisat's SAT/UNSAT file)"
                .into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_competition_and_minisat_outputs() {
        let comp = "c cadical\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        let a = read_answer(comp).unwrap();
        assert_eq!(a.value(Var::from_dimacs(2)), Some(false));
        assert_eq!(a.value(Var::from_dimacs(3)), Some(true));
        assert_eq!(a.value(Var::from_dimacs(4)), None);
        assert_eq!(
            read_answer("SAT\n-1 2 0\n")
                .unwrap()
                .value(Var::from_dimacs(2)),
            Some(true)
        );
        assert_eq!(read_answer("UNSAT\n").unwrap(), SolverAnswer::Unsat);
        assert_eq!(
            read_answer("s UNSATISFIABLE\n").unwrap(),
            SolverAnswer::Unsat
        );
        assert_eq!(read_answer("INDET\n").unwrap(), SolverAnswer::Unknown);
    }

    #[test]
    fn garbage_is_a_located_error() {
        let e = read_answer("s SATISFIABLE\nv 1 two 0\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2") && e.contains("\"two\""), "{e}");
        assert!(read_answer("").is_err());
        assert!(read_answer("s SATISFIABLE\n").is_err());
    }
}
