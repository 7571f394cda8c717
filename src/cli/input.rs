//! Input sources: files, stdin, or a puzzle written on the command line. Each yields
//! records one at a time, so memory stays flat however long the input.

use satdoku::format::fpuzzles;
use satdoku::format::json::{self as native, Document, Meta};
use satdoku::format::strict::StrictValue;
use satdoku::format::text::{TextOptions, TextReader};
use satdoku::{Error, Grid, Puzzle};
use serde_json::Value;
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
    /// A solution stated beside the puzzle (CSV column, JSON `solution`), to compare with.
    pub expected: Option<Grid>,
    /// Rules text, source and license of a JSON puzzle (for `convert`).
    pub meta: Meta,
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

/// Whether an argument that is not a file is meant as a puzzle itself (a grid line, a JSON
/// object, or an f-puzzles URL, id or payload).
fn looks_inline(arg: &str) -> bool {
    if fpuzzles::looks_like_payload(arg) || arg.trim_start().starts_with('{') {
        return true;
    }
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
                        meta: Meta::default(),
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
            meta: Meta::default(),
        };
        return each(rec);
    }
    let first = head.iter().find(|b| !b.is_ascii_whitespace()).copied();
    if let Some(b'{') | Some(b'[') = first {
        let mut text = String::new();
        reader
            .take(crate::cli::MAX_JSON as u64 + 1)
            .read_to_string(&mut text)?;
        if text.len() > crate::cli::MAX_JSON {
            return each(Record {
                source: name,
                line: 1,
                puzzle: Err(Error::Limit(format!(
                    "JSON input larger than {} bytes",
                    crate::cli::MAX_JSON
                ))),
                expected: None,
                meta: Meta::default(),
            });
        }
        return read_json(name, &text, each);
    }
    let head_text = String::from_utf8_lossy(&head[..head.len().min(4096)]).into_owned();
    let first_line = head_text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    if fpuzzles::looks_like_payload(first_line) {
        return read_payload_lines(name, reader, each);
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
            meta: Meta::default(),
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
            meta: Meta::default(),
        });
    }
    Ok(true)
}

/// A record from one JSON value: a native puzzle, an f-puzzles puzzle, or a record holding
/// `fpuzzles` / `fpuzzles_lzstring` (like the shared CC BY collection) with an optional
/// `solution`. Warnings go to stderr.
fn json_record(name: &Arc<str>, line: usize, value: Value) -> Record {
    let mut expected = None;
    let result = (|| -> Result<Document, Error> {
        let Value::Object(map) = &value else {
            return Err(Error::Format(
                "a puzzle must be a JSON object (native with \"satdoku\", or f-puzzles with \"size\" and \"grid\")".into(),
            ));
        };
        if native::is_native(map) {
            let doc = native::from_value(value.clone())?;
            expected = doc.solution.clone();
            return Ok(doc);
        }
        let (import, wrapper) = if fpuzzles::is_fpuzzles(map) {
            (fpuzzles::import_value(&value)?, None)
        } else if let Some(inner) = map.get("fpuzzles").filter(|v| v.is_object()) {
            (fpuzzles::import_value(inner)?, Some(map))
        } else if let Some(Value::String(payload)) = map.get("fpuzzles_lzstring") {
            (fpuzzles::import_text(payload)?, Some(map))
        } else {
            return Err(Error::Format(
                "not a puzzle: expected \"satdoku\" (native), \"size\" and \"grid\" (f-puzzles), or \"fpuzzles\" / \"fpuzzles_lzstring\"".into(),
            ));
        };
        let loc = format!("{name}:{line}");
        for w in &import.warnings {
            eprintln!("satdoku: {loc}: warning: {w}");
        }
        let mut doc = import.document;
        if let Some(w) = wrapper {
            let text = |k: &str| w.get(k).and_then(Value::as_str).map(str::to_string);
            if doc.puzzle.title.is_none() {
                doc.puzzle.title = text("title");
            }
            if doc.puzzle.author.is_none() {
                doc.puzzle.author = text("author");
            }
            doc.meta.license = text("license");
            doc.meta.source = text("source");
            if let Some(sol) = w.get("solution") {
                let n = doc.puzzle.size();
                let grid = solution_grid(sol, n)
                    .ok_or_else(|| Error::Format(format!("solution: not a full {n}x{n} grid")))?;
                doc.solution = Some(grid);
            }
        }
        expected = doc.solution.clone();
        Ok(doc)
    })();
    match result {
        Ok(doc) => Record {
            source: name.clone(),
            line,
            puzzle: Ok(doc.puzzle),
            expected,
            meta: doc.meta,
        },
        Err(e) => Record {
            source: name.clone(),
            line,
            puzzle: Err(e),
            expected: None,
            meta: Meta::default(),
        },
    }
}

/// A solution written as digits (a string, or an array of numbers), row-major.
fn solution_grid(v: &Value, n: usize) -> Option<Grid> {
    let values: Vec<usize> = match v {
        Value::String(s) if n <= 9 => s
            .chars()
            .map(|c| c.to_digit(10).map(|d| d as usize))
            .collect::<Option<_>>()?,
        Value::String(s) => s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?,
        Value::Array(a) => a
            .iter()
            .map(|x| x.as_u64().map(|d| d as usize))
            .collect::<Option<_>>()?,
        _ => return None,
    };
    if values.len() != n * n || values.iter().any(|&d| d == 0 || d > n) {
        return None;
    }
    Grid::from_cells(
        n,
        values
            .into_iter()
            .map(|d| Some(satdoku::Digit::new(d)))
            .collect(),
    )
}

/// Reads a JSON file: one value (a puzzle or an array of puzzles) or JSON lines.
fn read_json(
    name: Arc<str>,
    text: &str,
    each: &mut dyn FnMut(Record) -> anyhow::Result<bool>,
) -> anyhow::Result<bool> {
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    // StrictValue: a key written twice in one object is an error, not last-wins.
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<StrictValue>();
    loop {
        let start = stream.byte_offset();
        let start = start + text[start..].len() - text[start..].trim_start().len();
        let Some(item) = stream.next() else {
            return Ok(true);
        };
        let line = line_of(start);
        let records: Vec<Record> = match item {
            Ok(StrictValue(Value::Array(items))) => items
                .into_iter()
                .map(|v| json_record(&name, line, v))
                .collect(),
            Ok(StrictValue(v)) => vec![json_record(&name, line, v)],
            Err(e) => {
                let rec = Record {
                    source: name.clone(),
                    line: e.line(),
                    puzzle: Err(Error::Format(format!("malformed JSON: {e}"))),
                    expected: None,
                    meta: Meta::default(),
                };
                each(rec)?;
                return Ok(true);
            }
        };
        for rec in records {
            if !each(rec)? {
                return Ok(false);
            }
        }
    }
}

/// Reads lines of f-puzzles URLs, `fpuzzles…` ids or payloads (`#` comments and blank lines
/// skipped).
fn read_payload_lines(
    name: Arc<str>,
    reader: Box<dyn BufRead>,
    each: &mut dyn FnMut(Record) -> anyhow::Result<bool>,
) -> anyhow::Result<bool> {
    for (i, line) in reader.lines().enumerate() {
        let line = line?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let rec = match fpuzzles::import_text(t) {
            Ok(import) => {
                for w in &import.warnings {
                    eprintln!("satdoku: {name}:{}: warning: {w}", i + 1);
                }
                Record {
                    source: name.clone(),
                    line: i + 1,
                    puzzle: Ok(import.document.puzzle),
                    expected: None,
                    meta: import.document.meta,
                }
            }
            Err(e) => Record {
                source: name.clone(),
                line: i + 1,
                puzzle: Err(e),
                expected: None,
                meta: Meta::default(),
            },
        };
        if !each(rec)? {
            return Ok(false);
        }
    }
    Ok(true)
}
