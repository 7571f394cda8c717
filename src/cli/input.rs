//! Input sources: files, stdin, or a puzzle written on the command line. Each yields
//! records one at a time, so memory stays flat however long the input.

use satdoku::format::text::{TextOptions, TextReader};
use satdoku::{Error, Grid, Puzzle};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;

/// One puzzle to work on, with where it came from.
pub struct Record {
    /// File name, `-` for stdin, or `<argument>`.
    pub source: Arc<str>,
    /// 1-based line of the puzzle's start.
    pub line: usize,
    /// The puzzle or why it could not be read.
    pub puzzle: Result<Puzzle, Error>,
    /// A solution stated beside the puzzle (CSV), to compare with.
    pub expected: Option<Grid>,
}

impl Record {
    /// `file:line`, for messages.
    pub fn location(&self) -> String {
        format!("{}:{}", self.source, self.line)
    }
}

/// Where puzzles come from.
pub enum Source {
    /// A file path, or `-` for stdin.
    Path(String),
    /// A puzzle given inline as an argument.
    Inline(String),
}

/// Turns the positional arguments into sources. With none, stdin is read when it is not a
/// terminal.
pub fn sources(args: &[String]) -> anyhow::Result<Vec<Source>> {
    use std::io::IsTerminal;
    if args.is_empty() {
        if io::stdin().is_terminal() {
            anyhow::bail!(
                "no input: give puzzle files (or - for stdin), or a puzzle as an argument"
            );
        }
        return Ok(vec![Source::Path("-".into())]);
    }
    Ok(args
        .iter()
        .map(|a| {
            if a != "-" && !Path::new(a).exists() && looks_inline(a) {
                Source::Inline(a.clone())
            } else {
                Source::Path(a.clone())
            }
        })
        .collect())
}

/// Whether an argument that is not a file is meant as a puzzle itself.
fn looks_inline(arg: &str) -> bool {
    arg.chars().count() >= 16
        && !arg.contains('/')
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " .-_*,|".contains(c))
}

/// Reads every record of every source in order, calling `each` on each; stops early when
/// `each` returns `Ok(false)`.
pub fn for_each_record(
    sources: &[Source],
    opts: &TextOptions,
    mut each: impl FnMut(Record) -> anyhow::Result<bool>,
) -> anyhow::Result<()> {
    for source in sources {
        let (name, reader): (Arc<str>, Box<dyn BufRead>) = match source {
            Source::Inline(text) => (
                "<argument>".into(),
                Box::new(io::Cursor::new(text.clone().into_bytes())),
            ),
            Source::Path(p) if p == "-" => ("-".into(), Box::new(BufReader::new(io::stdin()))),
            Source::Path(p) => match File::open(p) {
                Ok(f) => (
                    p.as_str().into(),
                    Box::new(BufReader::with_capacity(1 << 16, f)),
                ),
                Err(e) => {
                    let rec = Record {
                        source: p.as_str().into(),
                        line: 0,
                        puzzle: Err(Error::Limit(format!("cannot open: {e}"))),
                        expected: None,
                    };
                    if !each(rec)? {
                        return Ok(());
                    }
                    continue;
                }
            },
        };
        if !read_source(name, reader, opts, &mut each)? {
            return Ok(());
        }
    }
    Ok(())
}

fn read_source(
    name: Arc<str>,
    mut reader: Box<dyn BufRead>,
    opts: &TextOptions,
    each: &mut dyn FnMut(Record) -> anyhow::Result<bool>,
) -> anyhow::Result<bool> {
    let head = reader.fill_buf()?;
    if head.iter().take(8192).any(|&b| b == 0) {
        let rec = Record {
            source: name,
            line: 1,
            puzzle: Err(Error::Limit(
                "binary data, not puzzle text (skipped)".into(),
            )),
            expected: None,
        };
        return each(rec);
    }
    let first = head.iter().find(|b| !b.is_ascii_whitespace()).copied();
    if let Some(b'{') | Some(b'[') = first {
        let mut text = String::new();
        reader
            .take(crate::cli::MAX_JSON as u64 + 1)
            .read_to_string(&mut text)?;
        let puzzle = if text.len() > crate::cli::MAX_JSON {
            Err(Error::Limit(format!(
                "JSON input larger than {} bytes",
                crate::cli::MAX_JSON
            )))
        } else {
            Err(Error::Limit(
                "JSON puzzles (native and f-puzzles) are not supported by this build".into(),
            ))
        };
        return each(Record {
            source: name,
            line: 1,
            puzzle,
            expected: None,
        });
    }
    let mut any = false;
    for rec in TextReader::new(reader, opts.clone()) {
        let rec = rec?;
        any = true;
        let go_on = each(Record {
            source: name.clone(),
            line: rec.line,
            puzzle: rec.puzzle,
            expected: rec.expected,
        })?;
        if !go_on {
            return Ok(false);
        }
    }
    if !any {
        return each(Record {
            source: name,
            line: 0,
            puzzle: Err(Error::Limit(
                "no puzzle in this input (empty, or only comments)".into(),
            )),
            expected: None,
        });
    }
    Ok(true)
}
