//! `satdoku check --proof DIR`, `--minimal`, `--redundant`: uniqueness with a certificate a
//! third party can check, and the givens a unique puzzle does not need.
//!
//! Runs in input order on one thread; plain `check` (without these flags) stays in the
//! parallel batch driver.

use super::exit::Outcome;
use super::files::{rename_target, Temp};
use super::input::{self, Record};
use super::{Format, InputArgs, RunArgs};
use clap::{Args, ValueEnum};
use satdoku::format::text::{Line, Pretty, Symbols};
use satdoku::generate::redundant_givens;
use satdoku::proof::{certify, verify_varisat, Certified, Claim, ProofFormat};
use satdoku::{check, Cell, Grid, Puzzle, Verdict};
use serde_json::{json, Map, Value};
use std::fs;
use std::io::{self, BufWriter, Write};
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

struct Ctx<'a> {
    extra: &'a CheckExtra,
    format: Format,
    symbols: Symbols,
    out: BufWriter<io::StdoutLock<'static>>,
    outcome: Outcome,
    tally: [usize; 4], // unique, multiple, none, invalid
}

/// Runs `check` with the extras; returns the exit code.
pub fn run(input: &InputArgs, run: &RunArgs, extra: &CheckExtra) -> anyhow::Result<u8> {
    let opts = input.text_options()?;
    let sources = input::sources(&input.files)?;
    if let Some(dir) = &extra.proof {
        fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let mut ctx = Ctx {
        extra,
        format: run.format(),
        symbols: opts.symbols.clone(),
        out: BufWriter::new(io::stdout().lock()),
        outcome: Outcome::default(),
        tally: [0; 4],
    };
    let start = Instant::now();
    // One record of look-ahead: proof files get numbered names only when there are several.
    let mut pending: Option<(usize, Record)> = None;
    let mut index = 0;
    let result = input::for_each_record(&sources, &opts, |rec| {
        index += 1;
        if let Some((i, prev)) = pending.replace((index, rec)) {
            one(&mut ctx, i, &prev, true)?;
        }
        Ok(true)
    })
    .and_then(|()| {
        if let Some((i, prev)) = pending.take() {
            one(&mut ctx, i, &prev, i > 1)?;
        }
        Ok(ctx.out.flush()?)
    });
    match result {
        Err(e) if super::is_broken_pipe(&e) => return Ok(ctx.outcome.code()),
        r => r?,
    }
    if !run.quiet {
        let [u, m, n, i] = ctx.tally;
        eprintln!(
            "satdoku check: {} puzzle{}: {u} unique, {m} multiple, {n} none, {i} invalid; {:.3} s",
            u + m + n + i,
            if u + m + n + i == 1 { "" } else { "s" },
            start.elapsed().as_secs_f64()
        );
    }
    Ok(ctx.outcome.code())
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

fn one(ctx: &mut Ctx, index: usize, rec: &Record, numbered: bool) -> anyhow::Result<()> {
    let loc = rec.location();
    let puzzle = match &rec.puzzle {
        Ok(p) => p,
        Err(e) => {
            invalid(ctx, rec, &format!("{loc}: {e}"))?;
            return Ok(());
        }
    };
    match decide(ctx, index, numbered, puzzle) {
        Ok((Verdict::Unique(found), _))
            if rec
                .expected
                .as_ref()
                .is_some_and(|e| !found.disagreements(e).is_empty()) =>
        {
            let cells = found.disagreements(rec.expected.as_ref().expect("checked"));
            let e = satdoku::Error::Mismatch {
                count: cells.len(),
                first: cells[0],
            };
            let text = format!("{loc}: {e}");
            invalid(ctx, rec, &text)
        }
        Ok((verdict, extras)) => print(ctx, rec, puzzle, &verdict, extras),
        Err(e) => invalid(ctx, rec, &format!("{loc}: {e}")),
    }
}

/// What the extras found for one puzzle.
#[derive(Default)]
struct Extras {
    redundant: Option<Vec<Cell>>,
    proof: Option<Value>,
}

fn decide(
    ctx: &Ctx,
    index: usize,
    numbered: bool,
    puzzle: &Puzzle,
) -> anyhow::Result<(Verdict, Extras)> {
    let mut extras = Extras::default();
    let verdict = match &ctx.extra.proof {
        None => check(puzzle)?,
        Some(dir) => {
            let format = match ctx.extra.proof_format {
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
            let mut info = json!({
                "format": format.extension(),
                "query": f.query.display().to_string(),
                "proof": f.proof.display().to_string(),
                "vars": cert.vars,
                "clauses": cert.clauses,
                "proof_bytes": cert.proof_bytes,
                "proof_time_us": cert.time.as_micros() as u64,
                "verified": verified,
            });
            match cert.claim {
                Claim::Unique(g) => {
                    let line = Line::new(&g, &ctx.symbols).to_string();
                    fs::write(&f.solution, format!("{line}\n"))?;
                    info["solution"] = json!(f.solution.display().to_string());
                    info["claim"] = json!("unique");
                    extras.proof = Some(info);
                    Verdict::Unique(g)
                }
                Claim::NoSolution => {
                    info["claim"] = json!("no solution");
                    extras.proof = Some(info);
                    Verdict::None
                }
            }
        }
    };
    if ctx.extra.minimal || ctx.extra.redundant {
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

fn invalid(ctx: &mut Ctx, rec: &Record, text: &str) -> anyhow::Result<()> {
    ctx.tally[3] += 1;
    ctx.outcome.error();
    eprintln!("satdoku: {text}");
    match ctx.format {
        Format::Json => {
            let o = json!({"source": &*rec.source, "line": rec.line, "status": "invalid", "error": text});
            writeln!(ctx.out, "{o}")?;
        }
        _ => writeln!(ctx.out, "invalid {text}")?,
    }
    Ok(())
}

fn print(
    ctx: &mut Ctx,
    rec: &Record,
    puzzle: &Puzzle,
    verdict: &Verdict,
    extras: Extras,
) -> anyhow::Result<()> {
    let loc = rec.location();
    let line = |g: &Grid| Line::new(g, &ctx.symbols).to_string();
    let cells = |v: &[Cell]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    match verdict {
        Verdict::Unique(_) => ctx.tally[0] += 1,
        Verdict::Multiple(..) => {
            ctx.tally[1] += 1;
            ctx.outcome.multiple();
        }
        Verdict::None => {
            ctx.tally[2] += 1;
            ctx.outcome.none();
        }
    }
    if let Some(p) = &extras.proof {
        if ctx.format != Format::Json {
            let verified = if p["verified"] == json!(true) {
                ", verified with varisat's checker"
            } else {
                ""
            };
            eprintln!(
                "satdoku: {loc}: wrote {} and {} ({} bytes of proof{verified})",
                p["query"].as_str().unwrap_or_default(),
                p["proof"].as_str().unwrap_or_default(),
                p["proof_bytes"]
            );
        }
    }
    match ctx.format {
        Format::Json => {
            let mut o = Map::new();
            o.insert("source".into(), json!(&*rec.source));
            o.insert("line".into(), json!(rec.line));
            o.insert("puzzle".into(), json!(line(puzzle.givens())));
            o.insert("size".into(), json!(puzzle.size()));
            match verdict {
                Verdict::Unique(g) => {
                    o.insert("status".into(), json!("unique"));
                    o.insert("unique".into(), json!(true));
                    o.insert("solution".into(), json!(line(g)));
                }
                Verdict::Multiple(a, b) => {
                    o.insert("status".into(), json!("multiple"));
                    o.insert("unique".into(), json!(false));
                    o.insert("solutions".into(), json!([line(a), line(b)]));
                    o.insert("differ".into(), json!(cells(&a.diff(b))));
                }
                Verdict::None => {
                    o.insert("status".into(), json!("none"));
                }
            }
            if let Some(r) = &extras.redundant {
                if ctx.extra.minimal {
                    o.insert("minimal".into(), json!(r.is_empty()));
                }
                if ctx.extra.redundant {
                    o.insert("redundant".into(), json!(cells(r)));
                }
            }
            if let Some(p) = extras.proof {
                o.insert("certificate".into(), p);
            }
            writeln!(ctx.out, "{}", Value::Object(o))?;
        }
        Format::Line => {
            match verdict {
                Verdict::Unique(g) => write!(ctx.out, "unique {}", line(g))?,
                Verdict::Multiple(a, b) => write!(
                    ctx.out,
                    "multiple {} {} {}",
                    line(a),
                    line(b),
                    cells(&a.diff(b)).join(",")
                )?,
                Verdict::None => write!(ctx.out, "none")?,
            }
            if let Some(r) = &extras.redundant {
                if ctx.extra.minimal {
                    let word = if r.is_empty() {
                        "minimal"
                    } else {
                        "not-minimal"
                    };
                    write!(ctx.out, " {word}")?;
                }
                if ctx.extra.redundant {
                    write!(ctx.out, " redundant:{}", cells(r).join(","))?;
                }
            }
            writeln!(ctx.out)?;
        }
        Format::Pretty => {
            match verdict {
                Verdict::Unique(g) => {
                    writeln!(ctx.out, "{loc}: unique")?;
                    write!(ctx.out, "{}", Pretty::new(g, puzzle.shape(), &ctx.symbols))?;
                }
                Verdict::Multiple(a, b) => {
                    let d = cells(&a.diff(b));
                    writeln!(
                        ctx.out,
                        "{loc}: multiple — two solutions differ in {}: {}",
                        d.len(),
                        d.join(" ")
                    )?;
                    write!(ctx.out, "{}", Pretty::new(a, puzzle.shape(), &ctx.symbols))?;
                    write!(ctx.out, "{}", Pretty::new(b, puzzle.shape(), &ctx.symbols))?;
                }
                Verdict::None => writeln!(ctx.out, "{loc}: none")?,
            }
            if let Some(r) = &extras.redundant {
                let givens = puzzle.givens().filled_count();
                if ctx.extra.minimal {
                    if r.is_empty() {
                        writeln!(
                            ctx.out,
                            "minimal: every one of the {givens} givens is needed"
                        )?;
                    } else {
                        writeln!(
                            ctx.out,
                            "not minimal: {} of the {givens} givens can be removed (each on its own)",
                            r.len()
                        )?;
                    }
                }
                if ctx.extra.redundant {
                    writeln!(
                        ctx.out,
                        "redundant givens ({}): {}",
                        r.len(),
                        cells(r).join(" ")
                    )?;
                }
            }
            writeln!(ctx.out)?;
        }
    }
    Ok(())
}
