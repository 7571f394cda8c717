//! `satdoku check --proof DIR`, `--minimal`, `--redundant`: uniqueness with a certificate a
//! third party can check, and the givens a unique puzzle does not need.
//!
//! Runs in input order on one thread; plain `check` (without these flags) stays in the
//! parallel batch driver.

use super::files::{rename_target, Temp};
use super::input::{self, Record};
use super::print::Printer;
use super::report::{self, Done, Extras, Tally, Task};
use super::{Format, InputArgs, RunArgs};
use clap::{Args, ValueEnum};
use satdoku::format::text::{Line, Symbols};
use satdoku::generate::redundant_givens;
use satdoku::proof::{certify, verify_varisat, Certified, Claim, ProofFormat};
use satdoku::report::CertificateRecord;
use satdoku::{Puzzle, Verdict};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Extra options of `satdoku check`.
#[derive(Args, Debug, Clone)]
pub struct CheckExtra {
    /// Certify: for each unique puzzle (or puzzle without solution) write into DIR the query
    /// (query.cnf), the solution (solution.txt) and a proof that the query is UNSAT
    /// (proof.drat or proof.varisat). With several puzzles the names start with the puzzle's
    /// number in the input: 1-query.cnf, 1-proof.drat, …
    #[arg(long, value_name = "DIR")]
    proof: Option<PathBuf>,
    /// Proof format: drat (text DRAT, for drat-trim) or varisat (varisat's own format,
    /// checked right away with varisat's checker).
    #[arg(long, value_enum, default_value_t = ProofFormatArg::Drat, value_name = "FORMAT", requires = "proof")]
    proof_format: ProofFormatArg,
    /// Say whether each unique puzzle is minimal (no given can be removed keeping it unique).
    #[arg(long)]
    minimal: bool,
    /// List the givens of each unique puzzle that can be removed (each on its own) keeping it
    /// unique.
    #[arg(long)]
    redundant: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ProofFormatArg {
    Drat,
    Varisat,
}

impl CheckExtra {
    /// Whether any extra is asked for (else plain `check` runs).
    pub fn any(&self) -> bool {
        self.proof.is_some() || self.minimal || self.redundant
    }
}

/// Runs `check` with the extras; returns the exit code.
///
/// Each record becomes a [`Done`] with its [`Extras`], printed and tallied by the same
/// [`Printer`] as plain `check`.
pub fn run(input: &InputArgs, run: &RunArgs, extra: &CheckExtra) -> anyhow::Result<u8> {
    let super::Input { opts, sources } = input.open()?;
    if let Some(dir) = &extra.proof {
        fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let format = run.format();
    let engine = run.engine();
    let mut printer = Printer::new(format, opts.symbols.clone(), false, Task::Check, false)
        .show_extras(extra.minimal, extra.redundant);
    let mut tally = Tally::default();
    let start = Instant::now();
    let symbols = &opts.symbols;
    let mut one = |index: usize, rec: Record, numbered: bool| -> anyhow::Result<()> {
        let done = one(extra, symbols, format, index, rec, numbered, &engine);
        printer.print(&done, &mut tally)
    };
    // One record of look-ahead: proof files get numbered names only when there are several.
    let mut pending: Option<(usize, Record)> = None;
    let mut index = 0;
    let result = input::for_each_record(&sources, &opts, |rec| {
        index += 1;
        if let Some((i, prev)) = pending.replace((index, rec)) {
            one(i, prev, true)?;
        }
        Ok(true)
    })
    .and_then(|()| match pending.take() {
        Some((i, prev)) => one(i, prev, i > 1),
        None => Ok(()),
    });
    let result = result.and_then(|()| printer.finish());
    match result {
        Err(e) if super::is_broken_pipe(&e) => return Ok(tally.outcome.code()),
        r => r?,
    }
    if !run.quiet {
        eprintln!("{}", tally.summary(Task::Check, start.elapsed()));
    }
    Ok(tally.outcome.code())
}

/// Paths of one puzzle's certificate files.
struct Files {
    query: PathBuf,
    proof: PathBuf,
    solution: PathBuf,
}

fn files(dir: &Path, index: usize, numbered: bool, format: ProofFormat) -> Files {
    let name = |base: &str| {
        if numbered {
            dir.join(format!("{index}-{base}"))
        } else {
            dir.join(base)
        }
    };
    Files {
        query: name("query.cnf"),
        proof: name(&format!("proof.{}", format.extension())),
        solution: name("solution.txt"),
    }
}

/// Decides one record with the extras asked for.
fn one(
    extra: &CheckExtra,
    symbols: &Symbols,
    format: Format,
    index: usize,
    rec: Record,
    numbered: bool,
    engine: &satdoku::engine::Engine,
) -> Done {
    let mut done = Done::at(rec.source.clone(), rec.line);
    done.ignored = rec.meta.ignored.clone();
    let loc = rec.location();
    let puzzle = match rec.puzzle {
        Ok(p) => p,
        Err(e) => {
            done.result = Err(e.into());
            return done;
        }
    };
    done.result = match decide(extra, symbols, index, numbered, &puzzle, engine) {
        Ok((verdict, extras)) => {
            let answer = report::against_stated(verdict, rec.expected.as_ref());
            if let (Ok(_), Some(p), true) = (&answer, &extras.proof, format != Format::Json) {
                let verified = if p.verified == Some(true) {
                    ", verified with varisat's checker"
                } else {
                    ""
                };
                eprintln!(
                    "satdoku: {loc}: wrote {} and {} ({} bytes of proof{verified})",
                    p.query, p.proof, p.proof_bytes
                );
            }
            done.extras = extras;
            answer
        }
        // Writing the certificate failed: this record is invalid, the batch goes on.
        Err(e) => Err(satdoku::Error::Input(e.to_string()).into()),
    };
    done.puzzle = Some(puzzle);
    done
}

fn decide(
    extra: &CheckExtra,
    symbols: &Symbols,
    index: usize,
    numbered: bool,
    puzzle: &Puzzle,
    engine: &satdoku::engine::Engine,
) -> anyhow::Result<(Verdict, Extras)> {
    let mut extras = Extras::default();
    let verdict = match &extra.proof {
        None => satdoku::solve::check_on(puzzle, engine)?,
        Some(dir) => {
            let format = match extra.proof_format {
                ProofFormatArg::Drat => ProofFormat::Drat,
                ProofFormatArg::Varisat => ProofFormat::Varisat,
            };
            let f = files(dir, index, numbered, format);
            // Temporary files until the certificate is complete; removed on failure or a
            // signal.
            let query_target = rename_target(&f.query)?;
            let proof_target = rename_target(&f.proof)?;
            let (query, query_file) = Temp::create(tmp(&query_target))?;
            let (proof, proof_file) = Temp::create(tmp(&proof_target))?;
            let cert = match certify(puzzle, format, query_file, proof_file)? {
                Certified::Done(c) => c,
                Certified::Multiple(a, b) => return Ok((Verdict::Multiple(a, b), extras)),
            };
            query.persist(&query_target)?;
            proof.persist(&proof_target)?;
            let verified = if format == ProofFormat::Varisat {
                verify_varisat(fs::File::open(&f.query)?, fs::File::open(&f.proof)?)?;
                Some(true)
            } else {
                None
            };
            let mut info = CertificateRecord {
                format: format.extension(),
                query: f.query.display().to_string(),
                proof: f.proof.display().to_string(),
                vars: cert.vars,
                clauses: cert.clauses,
                proof_bytes: cert.proof_bytes as u64,
                proof_time_us: cert.time.as_micros() as u64,
                verified,
                solution: None,
                claim: "unique",
            };
            match cert.claim {
                Claim::Unique(g) => {
                    let line = Line::new(&g, &symbols.for_shape(puzzle.shape())).to_string();
                    fs::write(&f.solution, format!("{line}\n"))?;
                    info.solution = Some(f.solution.display().to_string());
                    extras.proof = Some(info);
                    Verdict::Unique(g)
                }
                Claim::NoSolution => {
                    info.claim = "no solution";
                    extras.proof = Some(info);
                    Verdict::None
                }
            }
        }
    };
    if extra.minimal || extra.redundant {
        if let Verdict::Unique(sol) = &verdict {
            extras.redundant = Some(redundant_givens(puzzle, sol)?);
        }
    }
    Ok((verdict, extras))
}

fn tmp(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}
