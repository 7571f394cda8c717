//! DIMACS CNF export and reading SAT solvers' answers.
//!
//! The export is written in two passes over the same encoder — one counting, one writing — so
//! the header is exact, memory stays flat, and the clauses are exactly those the embedded
//! solver gets ([`Formula::encode`]).

use crate::cnf::{ClauseCounter, ClauseSink};
use crate::engine::{Lit, Var};
use crate::error::Error;
use crate::solve::Formula;
use std::io::{self, Write};

mod header;
pub use header::{parse_simplify, simplify_name, Header, HeaderText, Query};

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
    read_answer_from(text.as_bytes(), MAX_ANSWER_VARS)
}

/// Most variables [`read_answer`] accepts in a model.
pub const MAX_ANSWER_VARS: usize = 1 << 26;

/// Longest word kept whole from a solver's output: a literal has at most 20 characters.
const MAX_WORD: usize = 64;

/// [`read_answer`] streaming from `input`: memory holds the values of at most `max_vars`
/// variables, never the text. Refused, with the line: two statuses that disagree, a variable
/// set both true and false, a word that is not a literal (quoted, at most 60 characters). A
/// UTF-8 byte order mark at the start is skipped.
pub fn read_answer_from(input: impl io::BufRead, max_vars: usize) -> Result<SolverAnswer, Error> {
    let mut lex = Lexer {
        input,
        line: 1,
        line_start: true,
    };
    let io_err = |e: io::Error| Error::Model(format!("cannot read the solver output: {e}"));
    if lex
        .input
        .fill_buf()
        .map_err(io_err)?
        .starts_with(b"\xEF\xBB\xBF")
    {
        lex.input.consume(3);
    }
    let name = |s: Option<bool>| match s {
        Some(true) => "SATISFIABLE",
        Some(false) => "UNSATISFIABLE",
        None => "UNKNOWN",
    };
    // The first status seen: its line, and SAT (true), UNSAT (false) or unknown (None).
    let mut status: Option<(usize, Option<bool>)> = None;
    let mut values: Vec<Option<bool>> = Vec::new();
    let mut saw_literals = false;
    // Whether the words of the current line are literals.
    let mut literals = false;
    while let Some(word) = lex.word().map_err(io_err)? {
        let at = |m: String| Error::Model(format!("solver output line {}: {m}", word.line));
        if word.binary {
            return Err(at("not readable text (binary data)".into()));
        }
        if word.first {
            literals = false;
            let said = match word.text.as_str() {
                "c" => {
                    lex.skip_line().map_err(io_err)?;
                    continue;
                }
                "v" | "V" => {
                    literals = true;
                    continue;
                }
                "s" => {
                    let Some(w) = lex.word().map_err(io_err)?.filter(|w| !w.first) else {
                        return Err(at("a status line without a status".into()));
                    };
                    match w.text.as_str() {
                        "SATISFIABLE" => Some(Some(true)),
                        "UNSATISFIABLE" => Some(Some(false)),
                        "UNKNOWN" | "INDETERMINATE" => Some(None),
                        _ => return Err(at(format!("unknown status \"{}\"", w.shown()))),
                    }
                }
                "SAT" | "SATISFIABLE" => Some(Some(true)),
                "UNSAT" | "UNSATISFIABLE" => Some(Some(false)),
                "INDET" | "UNKNOWN" => Some(None),
                // Not a status: a line of literals (minisat's model line has no `v`).
                _ => {
                    literals = true;
                    None
                }
            };
            if let Some(now) = said {
                if !lex.rest_is_blank().map_err(io_err)? {
                    return Err(at(format!("unexpected text after {}", name(now))));
                }
                match status {
                    None => status = Some((word.line, now)),
                    Some((_, before)) if before == now => {}
                    Some((line, before)) => {
                        return Err(at(format!(
                            "{} contradicts {} on line {line}",
                            name(now),
                            name(before)
                        )))
                    }
                }
                continue;
            }
        }
        if !literals {
            return Err(at(format!("unexpected \"{}\"", word.shown())));
        }
        let lit: i64 = match word.text.parse() {
            Ok(l) if !word.long => l,
            _ => return Err(at(format!("cannot read \"{}\" as a literal", word.shown()))),
        };
        saw_literals = true;
        if lit == 0 {
            continue;
        }
        let var = lit.unsigned_abs() as usize;
        if var > max_vars {
            return Err(at(format!(
                "variable {var} is out of range (at most {max_vars})"
            )));
        }
        let index = var - 1;
        if values.len() <= index {
            values.resize(index + 1, None);
        }
        match values[index] {
            Some(v) if v != (lit > 0) => {
                return Err(at(format!("variable {var} is set both true and false")))
            }
            _ => values[index] = Some(lit > 0),
        }
    }
    match (status, saw_literals) {
        (Some((_, Some(false))), _) => Ok(SolverAnswer::Unsat),
        (Some((_, Some(true))), true) => Ok(SolverAnswer::Sat(values)),
        (Some((_, Some(true))), false) => Err(Error::Model(
            "the solver says SATISFIABLE but printed no model (v lines)".into(),
        )),
        (Some((_, None)), _) => Ok(SolverAnswer::Unknown),
        (None, true) => Ok(SolverAnswer::Sat(values)),
        (None, false) => Err(Error::Model(
            "no SAT solver answer found (expected `s SATISFIABLE` with `v` lines, or minisat's SAT/UNSAT file)"
                .into(),
        )),
    }
}

/// Splits a solver's output into words, streaming, keeping count of lines.
struct Lexer<R> {
    input: R,
    /// The line of the next byte (1-based).
    line: usize,
    /// Whether no word has been read on the current line yet.
    line_start: bool,
}

/// One word of a solver's output.
struct Word {
    line: usize,
    /// Whether it is the first word on its line.
    first: bool,
    /// Its first [`MAX_WORD`] bytes.
    text: String,
    /// Whether it was longer.
    long: bool,
    /// Whether its bytes are not text (control characters, not UTF-8).
    binary: bool,
}

impl Word {
    /// The word for a message: at most 60 characters.
    fn shown(&self) -> String {
        let text = crate::error::excerpt(&self.text);
        if self.long && !text.ends_with('…') {
            format!("{text}…")
        } else {
            text
        }
    }
}

impl<R: io::BufRead> Lexer<R> {
    /// The next whitespace-separated word, `None` at the end.
    fn word(&mut self) -> io::Result<Option<Word>> {
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let blank = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
            let newlines = buf[..blank].iter().filter(|&&b| b == b'\n').count();
            if newlines > 0 {
                self.line += newlines;
                self.line_start = true;
            }
            let more = blank < buf.len();
            self.input.consume(blank);
            if more {
                break;
            }
        }
        let first = std::mem::replace(&mut self.line_start, false);
        let mut text = Vec::new();
        let mut long = false;
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let end = buf.iter().position(u8::is_ascii_whitespace);
            let take = end.unwrap_or(buf.len());
            let room = MAX_WORD.saturating_sub(text.len());
            long |= take > room;
            text.extend_from_slice(&buf[..take.min(room)]);
            self.input.consume(take);
            if end.is_some() {
                break;
            }
        }
        let binary = text.iter().any(|&b| b < 0x20 || b == 0x7f)
            || std::str::from_utf8(&text).is_err() && !long;
        Ok(Some(Word {
            line: self.line,
            first,
            text: String::from_utf8_lossy(&text).into_owned(),
            long,
            binary,
        }))
    }

    /// Skips the rest of the current line (a comment), in bounded memory.
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(());
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.input.consume(i);
                    return Ok(());
                }
                None => {
                    let n = buf.len();
                    self.input.consume(n);
                }
            }
        }
    }

    /// Whether the rest of the current line is blank (it is then skipped).
    fn rest_is_blank(&mut self) -> io::Result<bool> {
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(true);
            }
            let blank = buf
                .iter()
                .take_while(|&&b| b != b'\n' && b.is_ascii_whitespace())
                .count();
            let done = blank < buf.len();
            let ok = !done || buf[blank] == b'\n';
            self.input.consume(blank);
            if done {
                return Ok(ok);
            }
        }
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
    fn contradictions_are_refused_with_their_line() {
        let e = read_answer("s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 3") && e.contains("contradicts SATISFIABLE on line 1"),
            "{e}"
        );
        let e = read_answer("SAT\n1 -2 3 2 0\n").unwrap_err().to_string();
        assert!(
            e.contains("line 2") && e.contains("variable 2 is set both"),
            "{e}"
        );
        // Repeats that agree are fine.
        let a = read_answer("s SATISFIABLE\ns SATISFIABLE\nv 1 1 -2 0\n").unwrap();
        assert_eq!(a.value(Var::from_dimacs(1)), Some(true));
    }

    #[test]
    fn long_words_are_cut_in_messages_and_a_bom_is_skipped() {
        let long = "x".repeat(1 << 20);
        let e = read_answer(&format!("s SATISFIABLE\nv 1 {long} 0\n"))
            .unwrap_err()
            .to_string();
        assert!(
            e.len() < 200 && e.contains("…") && e.contains("line 2"),
            "{e}"
        );
        let a = read_answer("\u{feff}s SATISFIABLE\nv -1 0\n").unwrap();
        assert_eq!(a.value(Var::from_dimacs(1)), Some(false));
        let e = read_answer_from("v 5 0\n".as_bytes(), 4)
            .unwrap_err()
            .to_string();
        assert!(e.contains("out of range"), "{e}");
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
