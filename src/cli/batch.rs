//! The batch driver: reads records in order, works on chunks of them in parallel (one varisat
//! solver per puzzle, on the worker's thread), and prints results in input order. Memory is
//! bounded by the chunk size, not the input size.

use super::input::{self, Record};
use super::print::Printer;
use super::report::{self, Answer, Done, Tally, Task};
use super::{InputArgs, RunArgs};
use rayon::prelude::*;

use satdoku::solve::{check_session, Session, Simplify};
use satdoku::Error;
use std::time::Instant;

/// Most records handed to the workers at once.
const CHUNK: usize = 1024;

/// Records in the first chunk: the workers wait while the reader fills it, so the first
/// chunks are small and each next one twice as large, up to [`CHUNK`].
const FIRST_CHUNK: usize = 16;

/// How each puzzle is worked on: the task, its time budget, and the progress line (on a
/// terminal) that a long count reports into.
#[derive(Clone)]
struct Work {
    task: Task,
    timeout: super::TimeoutArg,
    progress: Option<indicatif::ProgressBar>,
}

fn process(rec: Record, work: &Work) -> Done {
    let task = work.task;
    let mut done = Done::at(rec.source, rec.line);
    done.ignored = rec.meta.ignored;
    let puzzle = match rec.puzzle {
        Ok(p) => p,
        Err(e) => {
            done.result = Err(e.into());
            return done;
        }
    };
    let engine = work.timeout.engine();
    let budget = engine.budget.clone();
    let mut session = Session::with_engine(&puzzle, Simplify::default(), &engine);
    done.reason = session.formula().contradiction();
    done.result = match task {
        Task::Solve { .. } | Task::Check => check_session(&mut session)
            .map_err(Into::into)
            .and_then(|v| report::against_stated(v, rec.expected.as_ref())),
        Task::Count { limit, all } => {
            count(&mut session, limit, all, work.progress.as_ref()).map_err(Into::into)
        }
    };
    if budget.is_spent() {
        if let Err(e) = &done.result {
            done.result = Ok(Answer::Timeout(e.to_string()));
        }
    }
    done.stats = Some(session.stats().clone());
    drop(session);
    done.puzzle = Some(puzzle);
    done
}

fn count(
    session: &mut Session,
    limit: usize,
    all: bool,
    progress: Option<&indicatif::ProgressBar>,
) -> Result<Answer, Error> {
    let mut solutions = Vec::new();
    let mut found = 0;
    while found < limit {
        match session.next_solution()? {
            Some(g) => {
                found += 1;
                if let Some(bar) = progress.filter(|_| found % 1000 == 0) {
                    bar.set_message(format!("(counting: {found} solutions so far)"));
                }
                if all {
                    solutions.push(g);
                }
            }
            None => {
                return Ok(Answer::Count {
                    found,
                    capped: false,
                    solutions,
                })
            }
        }
    }
    let capped = session.next_solution()?.is_some();
    Ok(Answer::Count {
        found,
        capped,
        solutions,
    })
}

/// Runs `task` over every input record; returns the exit code.
///
/// With one thread everything happens in order on this thread. With more, a reader thread
/// fills chunks, the worker pool solves each chunk in parallel, and a printer thread writes
/// the results in input order, so reading and printing overlap with solving.
pub fn run(input: &InputArgs, run: &RunArgs, task: Task) -> anyhow::Result<u8> {
    let super::Input { opts, sources } = input.open()?;
    // clap keeps -j within 1..=MAX_THREADS.
    let threads = run.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let mut work = Work {
        task,
        timeout: run.budget,
        progress: None,
    };
    let start = Instant::now();
    let progress = !run.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut printer = Printer::new(
        run.format(),
        opts.symbols.clone(),
        run.stats,
        task,
        progress,
    );
    work.progress = printer.progress_bar();
    let (tally, result) = if threads == 1 {
        let mut tally = Tally::default();
        let result = input::for_each_record(&sources, &opts, |rec| {
            printer.print(&process(rec, &work), &mut tally)?;
            Ok(true)
        })
        .and_then(|()| printer.finish());
        (tally, result)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        pipeline(&pool, sources, &opts, &work, printer)
    };
    match result {
        Err(e) if super::is_broken_pipe(&e) => return Ok(tally.outcome.code()),
        Err(e) => return Err(e),
        Ok(()) => {}
    }
    if !run.quiet {
        eprintln!("{}", tally.summary(task, start.elapsed()));
    }
    Ok(tally.outcome.code())
}

fn pipeline(
    pool: &rayon::ThreadPool,
    sources: Vec<input::Source>,
    opts: &satdoku::TextOptions,
    work: &Work,
    mut printer: Printer,
) -> (Tally, anyhow::Result<()>) {
    use std::sync::mpsc::sync_channel;
    std::thread::scope(|scope| {
        let (rec_tx, rec_rx) = sync_channel::<Vec<Record>>(2);
        let (done_tx, done_rx) = sync_channel::<Vec<Done>>(2);
        let reader = scope.spawn(move || -> anyhow::Result<()> {
            let mut size = FIRST_CHUNK;
            let mut chunk = Vec::with_capacity(size);
            input::for_each_record(&sources, opts, |rec| {
                chunk.push(rec);
                if chunk.len() >= size {
                    size = (2 * size).min(CHUNK);
                    let full = std::mem::replace(&mut chunk, Vec::with_capacity(size));
                    if rec_tx.send(full).is_err() {
                        return Ok(false); // the workers stopped (output closed)
                    }
                }
                Ok(true)
            })?;
            if !chunk.is_empty() {
                let _ = rec_tx.send(chunk);
            }
            Ok(())
        });
        let writer = scope.spawn(move || {
            let mut tally = Tally::default();
            let result = (|| -> anyhow::Result<()> {
                for results in done_rx {
                    for done in &results {
                        printer.print(done, &mut tally)?;
                    }
                }
                printer.finish()
            })();
            (tally, result)
        });
        for records in rec_rx {
            let results: Vec<Done> =
                pool.install(|| records.into_par_iter().map(|r| process(r, work)).collect());
            if done_tx.send(results).is_err() {
                break; // the printer stopped (broken pipe or write error)
            }
        }
        drop(done_tx);
        let (tally, printed) = writer.join().expect("printer thread");
        let read = reader.join().expect("reader thread");
        (tally, printed.and(read))
    })
}
