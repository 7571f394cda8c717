//! Certified answers: a DIMACS query and a proof, checkable by a third party, that the query
//! is unsatisfiable.
//!
//! For a unique puzzle the query is the uniqueness query: the puzzle's CNF plus the clause
//! that forbids the solution found. UNSAT means no other solution exists. For a puzzle without
//! solution the query is the CNF alone.
//!
//! The CNF is the textbook one ([`Simplify::None`]: every cell variable present, the givens as
//! unit clauses), so the proof covers every deduction from the givens and nothing rests on
//! satdoku's own simplifier. What the proof cannot certify is that the CNF states the rules
//! correctly; the variable map x(r,c,d) = (r-1)N² + (c-1)N + d and the clauses are documented
//! in `docs/ENCODING.md`, and the query's comment header names the puzzle.
//!
//! The proof comes from a fresh varisat solver, whichever engine found the answer, that records it from its first clause: text
//! DRAT (for `drat-trim query.cnf proof.drat`, or any DRAT checker) or varisat's own format
//! (checked in-process by [`verify_varisat`], varisat's checker).

pub use crate::engine::{verify_varisat, ProofFormat};
use crate::error::Error;
use crate::format::dimacs::{write_formula, Header, Query};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve::{check, Formula, Simplify, Verdict};
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// What was certified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The puzzle has exactly this solution: the query (CNF + blocking clause) is UNSAT.
    Unique(Grid),
    /// The puzzle has no solution: its CNF is UNSAT.
    NoSolution,
}

/// A written certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// What the proof shows.
    pub claim: Claim,
    /// Variables in the query.
    pub vars: usize,
    /// Clauses in the query.
    pub clauses: usize,
    /// Bytes of proof written.
    pub proof_bytes: u64,
    /// Time to solve while writing the proof.
    pub time: Duration,
}

/// The result of [`certify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certified {
    /// Query and proof written.
    Done(Certificate),
    /// Several solutions: nothing to prove, nothing written.
    Multiple(Grid, Grid),
}

/// Counts bytes going through a writer.
struct Counting<W> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Decides `puzzle` and, when it is unique or has no solution, writes the query as DIMACS into
/// `query` and a proof that the query is UNSAT into `proof`. With several solutions nothing is
/// written.
pub fn certify(
    puzzle: &Puzzle,
    format: ProofFormat,
    query: impl Write,
    proof: impl Write,
) -> Result<Certified, Error> {
    let claim = match check(puzzle)? {
        Verdict::Unique(g) => Claim::Unique(g),
        Verdict::None => Claim::NoSolution,
        Verdict::Multiple(a, b) => return Ok(Certified::Multiple(a, b)),
    };
    let formula = Formula::new(puzzle, Simplify::None);
    let extra = match &claim {
        Claim::Unique(g) => vec![formula.blocking_clause(g)],
        Claim::NoSolution => vec![],
    };
    // The same header as `satdoku dimacs` writes, so `satdoku decode` reads the query.
    let mut header = Header {
        puzzle,
        simplify: Simplify::None,
        query: match &claim {
            Claim::Unique(g) => Query::Uniqueness(g.clone()),
            Claim::NoSolution => Query::Solve,
        },
    }
    .lines(&formula);
    if puzzle.shape().is_jigsaw() || !puzzle.constraints().is_empty() {
        let kinds: Vec<&str> = puzzle.constraints().iter().map(|c| c.kind()).collect();
        header.push(format!(
            "variant rules ({}): {}",
            kinds.len(),
            if kinds.is_empty() {
                "none besides the regions".to_string()
            } else {
                kinds.join(", ")
            }
        ));
    }
    header.push(
        match &claim {
            Claim::Unique(_) => {
                "the last clause forbids that solution: UNSAT means it is the only one"
            }
            Claim::NoSolution => "UNSAT means the puzzle has no solution",
        }
        .into(),
    );
    let (vars, clauses) =
        write_formula(&formula, &extra, &header, query).map_err(|e| Error::Io(e.to_string()))?;

    let start = Instant::now();
    let mut counting = Counting {
        inner: io::BufWriter::with_capacity(1 << 16, proof),
        bytes: 0,
    };
    let sat = crate::engine::solve_with_proof(&mut counting, format, |add| {
        formula.encode(&mut FnSink(add));
        for c in &extra {
            add(c);
        }
    })?;
    counting.flush().map_err(|e| Error::Io(e.to_string()))?;
    if sat {
        return Err(Error::Model(
            "the certificate query is satisfiable, though the search found it UNSAT".into(),
        ));
    }
    Ok(Certified::Done(Certificate {
        claim,
        vars,
        clauses,
        proof_bytes: counting.bytes,
        time: start.elapsed(),
    }))
}

/// A clause sink that hands each clause to a function.
struct FnSink<'a>(&'a mut dyn FnMut(&[crate::engine::Lit]));

impl crate::cnf::ClauseSink for FnSink<'_> {
    fn add_clause(&mut self, lits: &[crate::engine::Lit]) {
        (self.0)(lits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_one;

    fn run(p: &Puzzle, f: ProofFormat) -> (Certified, Vec<u8>, Vec<u8>) {
        let (mut q, mut pr) = (Vec::new(), Vec::new());
        let c = certify(p, f, &mut q, &mut pr).unwrap();
        (c, q, pr)
    }

    /// The claim of a certificate, if there is one.
    fn claim(c: &Certified) -> Option<&Claim> {
        match c {
            Certified::Done(c) => Some(&c.claim),
            _ => None,
        }
    }

    #[test]
    fn varisat_proof_of_uniqueness_checks() {
        let p = parse_one("...4..3.....3.2.").unwrap();
        let (c, q, pr) = run(&p, ProofFormat::Varisat);
        assert!(matches!(claim(&c), Some(Claim::Unique(_))));
        verify_varisat(&q[..], &pr[..]).unwrap();
        // The same proof does not prove the formula without its blocking clause.
        let text = String::from_utf8(q).unwrap();
        let cut: String = {
            let mut lines: Vec<&str> = text.lines().collect();
            lines.pop();
            let header = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
            let parts: Vec<&str> = lines[header].split_whitespace().collect();
            let n: usize = parts[3].parse().unwrap();
            let new_header = format!("p cnf {} {}", parts[2], n - 1);
            lines[header] = &new_header;
            lines.join("\n") + "\n"
        };
        assert!(verify_varisat(cut.as_bytes(), &pr[..]).is_err());
    }

    #[test]
    fn no_solution_is_certified_and_multiple_is_not() {
        let p = parse_one("123....4........").unwrap();
        let (c, q, pr) = run(&p, ProofFormat::Varisat);
        assert!(matches!(claim(&c), Some(Claim::NoSolution)));
        verify_varisat(&q[..], &pr[..]).unwrap();
        let p = parse_one("................").unwrap();
        let (c, q, pr) = run(&p, ProofFormat::Drat);
        assert!(matches!(c, Certified::Multiple(..)));
        assert!(q.is_empty() && pr.is_empty());
    }
}
