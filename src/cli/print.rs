//! Printing results: pretty grids, one line per puzzle, or JSON lines. Problems are also
//! reported on stderr with their location.

use super::report::{Answer, Done, Tally, Task};
use super::Format;
use satdoku::format::text::{region_line, Line, Pretty, Symbols};
use satdoku::report::{CnfSize, PuzzleRecord, SearchStats, Status};
use satdoku::{Cell, Grid, Shape, Verdict};
use std::io::{self, BufWriter, Stdout, Write};

/// A spinner on stderr with `message` and the time so far, for long work on one puzzle.
/// Callers show it only when stderr is a terminal and `-q` is not given.
pub fn spinner(message: String) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .expect("valid template"),
    );
    bar.set_message(message);
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Writes results to stdout in one format.
pub struct Printer {
    out: BufWriter<Stdout>,
    format: Format,
    symbols: Symbols,
    /// `symbols` for the puzzle being printed (its values).
    shaped: Symbols,
    stats: bool,
    task: Task,
    progress: Option<indicatif::ProgressBar>,
    /// `check --minimal`: say whether each unique puzzle is minimal.
    minimal: bool,
    /// `check --redundant`: list the givens each unique puzzle does not need.
    redundant: bool,
}

impl Printer {
    /// A printer for `task`'s results.
    pub fn new(
        format: Format,
        symbols: Symbols,
        stats: bool,
        task: Task,
        progress: bool,
    ) -> Printer {
        let progress = progress.then(|| {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} {human_pos} puzzles, {per_sec}, {elapsed} {msg}",
                )
                .expect("valid template"),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            bar
        });
        Printer {
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            format,
            shaped: symbols.clone(),
            symbols,
            stats,
            task,
            progress,
            minimal: false,
            redundant: false,
        }
    }

    /// Also prints what `check --minimal` / `--redundant` found ([`Done::extras`]).
    pub fn show_extras(mut self, minimal: bool, redundant: bool) -> Printer {
        self.minimal = minimal;
        self.redundant = redundant;
        self
    }

    /// The line format's words for the extras: ` minimal` or ` not-minimal`, then
    /// ` redundant:r1c1,…` — empty when none were found or asked for.
    fn extras_words(&self, done: &Done) -> String {
        let Some(r) = &done.extras.redundant else {
            return String::new();
        };
        let mut words = String::new();
        if self.minimal {
            words.push_str(if r.is_empty() {
                " minimal"
            } else {
                " not-minimal"
            });
        }
        if self.redundant {
            words.push_str(&format!(" redundant:{}", cells(r).join(",")));
        }
        words
    }

    /// The pretty format's lines for the extras (after the grid).
    fn extras_lines(&mut self, done: &Done, givens: usize) -> io::Result<()> {
        let Some(r) = &done.extras.redundant else {
            return Ok(());
        };
        if self.minimal {
            if r.is_empty() {
                writeln!(
                    self.out,
                    "minimal: every one of the {givens} givens is needed"
                )?;
            } else {
                writeln!(
                    self.out,
                    "not minimal: {} of the {givens} givens can be removed (each on its own)",
                    r.len()
                )?;
            }
        }
        if self.redundant {
            writeln!(
                self.out,
                "redundant givens ({}): {}",
                r.len(),
                cells(r).join(" ")
            )?;
        }
        Ok(())
    }

    /// The progress line, for workers to report into (a handle to the same line).
    pub fn progress_bar(&self) -> Option<indicatif::ProgressBar> {
        self.progress.clone()
    }

    fn line(&self, g: &Grid) -> String {
        Line::new(g, &self.shaped).to_string()
    }

    /// The line of plain output: the digits, then for a chaos construction `/` and the
    /// found regions' letters.
    fn line_full(&self, g: &Grid) -> String {
        match g.regions() {
            Some(r) => format!("{}/{}", self.line(g), region_line(r)),
            None => self.line(g),
        }
    }

    fn grid(&mut self, g: &Grid, shape: &Shape) -> io::Result<()> {
        let s = Pretty::new(g, shape, &self.shaped).to_string();
        self.out.write_all(s.as_bytes())
    }

    /// Prints one result and counts it.
    pub fn print(&mut self, done: &Done, tally: &mut Tally) -> anyhow::Result<()> {
        tally.puzzles += 1;
        self.shaped = match &done.puzzle {
            Some(p) => self.symbols.for_shape(p.shape()),
            None => self.symbols.clone(),
        };
        if let Some(bar) = &self.progress {
            bar.inc(1);
            bar.set_message("");
        }
        if let Some(s) = &done.stats {
            tally.search += s.time;
        }
        match &done.result {
            Err(e) => {
                tally.invalid += 1;
                tally.outcome.error();
                // `check` prints the message on stdout as its `invalid` line; when that is
                // the terminal, the same message on stderr would show it twice.
                use std::io::IsTerminal;
                let on_stdout = matches!(self.task, Task::Check) && self.format != Format::Json;
                if !(on_stdout && io::stdout().is_terminal() && io::stderr().is_terminal()) {
                    self.note(&format!("satdoku: {}", done.error_text(e)));
                }
            }
            Ok(Answer::Verdict(v)) => match v {
                Verdict::Unique(_) => tally.unique += 1,
                Verdict::Multiple(..) => {
                    tally.multiple += 1;
                    if matches!(self.task, Task::Check | Task::Solve { unique: true }) {
                        tally.outcome.multiple();
                    }
                }
                Verdict::None => {
                    tally.none += 1;
                    tally.outcome.none();
                }
            },
            Ok(Answer::Count { .. }) => {}
            Ok(Answer::Timeout(why)) => {
                tally.timeout += 1;
                tally.outcome.timeout();
                self.note(&format!("satdoku: {}: timeout ({why})", done.location()));
            }
        }
        match self.format {
            Format::Json => self.json(done)?,
            Format::Line => self.plain(done, false)?,
            Format::Pretty => self.plain(done, true)?,
        }
        Ok(())
    }

    fn plain(&mut self, done: &Done, pretty: bool) -> anyhow::Result<()> {
        let loc = done.location();
        let Some(puzzle) = &done.puzzle else {
            if matches!(self.task, Task::Check) {
                let e = done.result.as_ref().err().map(|e| done.error_text(e));
                writeln!(self.out, "invalid {}", e.unwrap_or_default())?;
            }
            return Ok(());
        };
        let shape = puzzle.shape().clone();
        let answer = match &done.result {
            Ok(a) => a,
            Err(e) => {
                if matches!(self.task, Task::Check) {
                    writeln!(self.out, "invalid {}", done.error_text(e))?;
                }
                return Ok(());
            }
        };
        let reason = done
            .reason
            .as_ref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        match (self.task, answer) {
            (Task::Solve { .. }, Answer::Timeout(_)) => {} // said on stderr
            (_, Answer::Timeout(why)) if pretty => writeln!(self.out, "{loc}: timeout ({why})\n")?,
            (_, Answer::Timeout(_)) => writeln!(self.out, "timeout")?,
            (Task::Solve { unique }, Answer::Verdict(v)) => match v {
                Verdict::Unique(g) => self.solution(&loc, g, &shape, pretty, "")?,
                Verdict::Multiple(a, b) => {
                    let n = a.diff(b).len();
                    if unique {
                        self.note(&format!("satdoku: {loc}: several solutions (they differ in {n} cells); none printed (--unique)"));
                    } else {
                        self.note(&format!("satdoku: {loc}: several solutions; printed one (use `satdoku check` to see two)"));
                        self.solution(&loc, a, &shape, pretty, " (one of several)")?;
                    }
                }
                Verdict::None => self.note(&format!("satdoku: {loc}: no solution{reason}")),
            },
            (Task::Check, Answer::Verdict(v)) => match v {
                Verdict::Unique(g) if pretty => {
                    writeln!(self.out, "{loc}: unique")?;
                    self.grid(g, &shape)?;
                    self.extras_lines(done, puzzle.givens().filled_count())?;
                    writeln!(self.out)?;
                }
                Verdict::Unique(g) => {
                    let extras = self.extras_words(done);
                    writeln!(self.out, "unique {}{extras}", self.line_full(g))?
                }
                Verdict::Multiple(a, b) => {
                    let diff = cells(&a.diff(b));
                    if pretty {
                        writeln!(
                            self.out,
                            "{loc}: multiple — two solutions differ in {}: {}",
                            diff.len(),
                            diff.join(" ")
                        )?;
                        self.grid(a, &shape)?;
                        self.grid(b, &shape)?;
                        writeln!(self.out)?;
                    } else {
                        writeln!(
                            self.out,
                            "multiple {} {} {}",
                            self.line_full(a),
                            self.line_full(b),
                            diff.join(",")
                        )?;
                    }
                }
                Verdict::None if pretty => writeln!(self.out, "{loc}: none{reason}\n")?,
                Verdict::None => writeln!(self.out, "none")?,
            },
            (
                Task::Count { .. },
                Answer::Count {
                    found,
                    capped,
                    solutions,
                },
            ) => {
                for g in solutions {
                    if pretty {
                        self.grid(g, &shape)?;
                    } else {
                        writeln!(self.out, "{}", self.line_full(g))?;
                    }
                }
                let n = if *capped {
                    format!("more than {found}")
                } else {
                    found.to_string()
                };
                if pretty {
                    let note = if *capped {
                        " (limit reached; raise --limit)"
                    } else {
                        ""
                    };
                    writeln!(
                        self.out,
                        "{loc}: {n} solution{}{note}\n",
                        if *found == 1 && !capped { "" } else { "s" }
                    )?;
                } else {
                    writeln!(self.out, "{n}")?;
                }
            }
            _ => unreachable!("answer kind follows the task"),
        }
        Ok(())
    }

    fn solution(
        &mut self,
        loc: &str,
        g: &Grid,
        shape: &Shape,
        pretty: bool,
        note: &str,
    ) -> io::Result<()> {
        if pretty {
            writeln!(self.out, "{loc}: solved{note}")?;
            self.grid(g, shape)?;
            writeln!(self.out)
        } else {
            writeln!(self.out, "{}", self.line_full(g))
        }
    }

    fn json(&mut self, done: &Done) -> anyhow::Result<()> {
        let mut o = PuzzleRecord::new(&done.source, done.line, Status::Invalid);
        if let Some(p) = &done.puzzle {
            o.puzzle = Some(self.line(p.givens()));
            o.size = Some(p.size());
            o.dims = satdoku::report::rect_dims(p.shape());
        }
        if !done.ignored.is_empty() {
            // The verdict below is about the puzzle without these drawn elements.
            o.ignored = Some(done.ignored.clone());
        }
        match &done.result {
            Err(e) => o.error = Some(done.error_text(e)),
            Ok(Answer::Verdict(v)) => match v {
                Verdict::Unique(g) => {
                    o.status = if matches!(self.task, Task::Solve { .. }) {
                        Status::Solved
                    } else {
                        Status::Unique
                    };
                    o.unique = Some(true);
                    o.solution = Some(self.line(g));
                    o.regions = g.regions().map(region_line);
                }
                Verdict::Multiple(a, b) => {
                    o.status = Status::Multiple;
                    o.unique = Some(false);
                    if !matches!(self.task, Task::Solve { unique: true }) {
                        o.solution = Some(self.line(a));
                        o.regions = a.regions().map(region_line);
                    }
                    o.solutions = Some(vec![self.line(a), self.line(b)]);
                    o.solutions_regions = a
                        .regions()
                        .zip(b.regions())
                        .map(|(x, y)| vec![region_line(x), region_line(y)]);
                    o.differ = Some(cells(&a.diff(b)));
                }
                Verdict::None => {
                    o.status = Status::None;
                    o.reason.clone_from(&done.reason);
                }
            },
            Ok(Answer::Timeout(why)) => {
                o.status = Status::Timeout;
                o.error = Some(format!("{}: {why}", done.location()));
            }
            Ok(Answer::Count {
                found,
                capped,
                solutions,
            }) => {
                o.status = Status::Counted;
                o.count = Some(*found);
                o.capped = Some(*capped);
                if !solutions.is_empty() {
                    o.solutions = Some(solutions.iter().map(|g| self.line(g)).collect());
                    o.solutions_regions = solutions
                        .iter()
                        .map(|g| g.regions().map(region_line))
                        .collect();
                }
            }
        }
        if let Some(r) = &done.extras.redundant {
            if self.minimal {
                o.minimal = Some(r.is_empty());
            }
            if self.redundant {
                o.redundant = Some(cells(r));
            }
        }
        o.certificate.clone_from(&done.extras.proof);
        if let Some(s) = &done.stats {
            o.time_us = Some(s.time.as_micros() as u64);
            o.cnf = Some(CnfSize {
                vars: s.vars,
                clauses: s.clauses,
            });
            if self.stats {
                o.stats = Some(SearchStats {
                    decided: s.decided,
                    open_vars: s.open_vars,
                    sat_calls: s.sat_calls,
                    engine: s.engine.map(|e| e.name()),
                    search: if s.sat_calls > 0 && s.open_vars > 0 {
                        "sat"
                    } else if s.probed > 0 {
                        "probing"
                    } else {
                        "simplification"
                    },
                });
            }
        }
        serde_json::to_writer(&mut self.out, &o)?;
        self.out.write_all(b"\n")?;
        Ok(())
    }

    /// A message on stderr, kept clear of the progress bar.
    fn note(&self, msg: &str) {
        match &self.progress {
            Some(bar) => bar.suspend(|| eprintln!("{msg}")),
            None => eprintln!("{msg}"),
        }
    }

    /// Flushes stdout.
    pub fn finish(&mut self) -> anyhow::Result<()> {
        if let Some(bar) = self.progress.take() {
            bar.finish_and_clear();
        }
        self.out.flush()?;
        Ok(())
    }
}

/// Cells as `r1c2` words.
fn cells(list: &[Cell]) -> Vec<String> {
    list.iter().map(|c| c.to_string()).collect()
}
