//! Input sources: files, stdin, or a puzzle written on the command line. Each yields
//! records one at a time, so memory stays flat however long the input.

use satdoku::format::link;
pub use satdoku::format::source::Record;
use satdoku::format::source::{invalid, read_records, ReadError};
use satdoku::format::text::TextOptions;
use satdoku::Error;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;

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

/// Whether an argument that is not a file is meant as a puzzle itself (a grid line, a JSON
/// object, or an f-puzzles or SudokuPad link, id or payload).
fn looks_inline(arg: &str) -> bool {
    if link::looks_like_link(arg) || arg.trim_start().starts_with('{') {
        return true;
    }
    arg.chars().count() >= 16
        && !arg.contains('/')
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " .-_*,|".contains(c))
}

/// Reads every record of every source in order, calling `each` on each; stops early when
/// `each` returns `Ok(false)`. A source that cannot be opened or read becomes one `invalid`
/// record naming it, and the next source is read: a batch loses nothing it could read.
pub fn for_each_record(
    sources: &[Source],
    opts: &TextOptions,
    mut each: impl FnMut(Record) -> anyhow::Result<bool>,
) -> anyhow::Result<()> {
    // One size rule for every format (text, native JSON, f-puzzles): 4x4 up to 64x64. The
    // library itself builds smaller grids (for tests of the encodings); the tool does not.
    let mut each = |mut rec: Record| {
        if let Ok(p) = &rec.puzzle {
            if p.size() < crate::cli::MIN_SIZE {
                rec.puzzle = Err(Error::Input(format!(
                    "grid size {} is not supported (sizes {}..={})",
                    p.size(),
                    crate::cli::MIN_SIZE,
                    satdoku::geometry::MAX_SIZE
                )));
                rec.expected = None;
            }
        }
        each(rec)
    };
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
                    let rec = invalid(
                        &p.as_str().into(),
                        0,
                        Error::Io(format!("cannot open: {e}")),
                    );
                    if !each(rec)? {
                        return Ok(());
                    }
                    continue;
                }
            },
        };
        // The format is the library's business; `each`'s own error (a closed output) stops
        // the run and is kept here.
        let mut failed = None;
        let mut reader = reader;
        let read = read_records(name.clone(), &mut *reader, opts, &mut |rec| {
            for w in &rec.warnings {
                eprintln!("satdoku: {}: warning: {w}", rec.location());
            }
            match each(rec) {
                Ok(go_on) => go_on,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        match read {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            Err(ReadError { line, error }) => {
                let what = if line == 0 {
                    format!("cannot read: {error}")
                } else {
                    format!("cannot read past line {line}: {error}")
                };
                if !each(invalid(&name, 0, Error::Input(what)))? {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}
