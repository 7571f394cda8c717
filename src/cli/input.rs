//! Input sources: files, stdin, or a puzzle written on the command line. Each yields
//! records one at a time, so memory stays flat however long the input.

use satdoku::format::fpuzzles;
use satdoku::format::json::{self as native, Document, Meta};
use satdoku::format::strict::StrictValue;
use satdoku::format::text::{TextOptions, TextReader};
use satdoku::{Error, Grid, ParseError, Puzzle};
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

/// Why reading one source stopped before its end.
enum Stop {
    /// `each` failed (the output closed, say): the whole run stops.
    Each(anyhow::Error),
    /// The source itself failed (a folder, a read error) after `line` lines: it becomes one
    /// `invalid` record and the next source is read.
    Read { line: usize, error: io::Error },
}

impl From<anyhow::Error> for Stop {
    fn from(e: anyhow::Error) -> Stop {
        Stop::Each(e)
    }
}

/// Whether to go on (`Ok(true)`), stop quietly (`Ok(false)`), or why reading stopped.
type Flow = Result<bool, Stop>;

/// A record that is only an error.
fn invalid(source: &Arc<str>, line: usize, error: Error) -> Record {
    Record {
        source: source.clone(),
        line,
        puzzle: Err(error),
        expected: None,
        meta: Meta::default(),
    }
}

/// The UTF-8 byte order mark some editors write at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

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
        match read_source(name.clone(), reader, opts, &mut each) {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            Err(Stop::Each(e)) => return Err(e),
            Err(Stop::Read { line, error }) => {
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

fn read_source(
    name: Arc<str>,
    mut reader: Box<dyn BufRead>,
    opts: &TextOptions,
    each: &mut dyn FnMut(Record) -> anyhow::Result<bool>,
) -> Flow {
    let read_err = |error| Stop::Read { line: 0, error };
    if reader.fill_buf().map_err(read_err)?.starts_with(BOM) {
        reader.consume(BOM.len());
    }
    let head = reader.fill_buf().map_err(read_err)?;
    if head.iter().take(8192).any(|&b| b == 0) {
        let rec = invalid(
            &name,
            1,
            Error::Io("binary data, not puzzle text (skipped)".into()),
        );
        return Ok(each(rec)?);
    }
    let first = head.iter().find(|b| !b.is_ascii_whitespace()).copied();
    if let Some(b'{') | Some(b'[') = first {
        return read_json(name, reader, each);
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
    let mut last_line = 0;
    for rec in TextReader::new(reader, opts.clone()) {
        let rec = rec.map_err(|error| Stop::Read {
            line: last_line,
            error,
        })?;
        any = true;
        last_line = rec.line;
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
        return Ok(each(invalid(
            &name,
            0,
            Error::Io("no puzzle in this input (empty, or only comments)".into()),
        ))?);
    }
    Ok(true)
}

/// Reads one line into `buf` (without its newline), keeping at most `max` bytes: `None` at
/// the end of input, else whether the line was longer than `max` (the rest is skipped, so
/// memory stays bounded).
fn read_bounded_line(
    reader: &mut dyn BufRead,
    max: usize,
    buf: &mut Vec<u8>,
) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        reader.consume(if done { take + 1 } else { take });
        if done {
            break;
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(any.then_some(too_long))
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Reads JSON: JSON lines (one record per line, each up to [`MAX_JSON`] bytes, a bad line
/// one `invalid` record) or one document (up to [`MAX_JSON`] bytes, maybe pretty-printed:
/// a puzzle, an array of puzzles, or several values).
///
/// The input is JSON lines when one of its first two non-blank lines is a whole JSON value on
/// its own — the first line of a pretty-printed document (`{`, `[`) never is.
///
/// [`MAX_JSON`]: crate::cli::MAX_JSON
fn read_json(
    name: Arc<str>,
    mut reader: Box<dyn BufRead>,
    each: &mut dyn FnMut(Record) -> anyhow::Result<bool>,
) -> Flow {
    use crate::cli::MAX_JSON;
    let mut head: Vec<(Vec<u8>, bool)> = Vec::new(); // (line, too long)
    let mut line_no = 0;
    let read = |line_no: usize| {
        move |error| Stop::Read {
            line: line_no,
            error,
        }
    };
    while head
        .iter()
        .filter(|(l, long)| *long || !is_blank(l))
        .count()
        < 2
    {
        let mut buf = Vec::new();
        match read_bounded_line(&mut reader, MAX_JSON, &mut buf).map_err(read(line_no))? {
            None => break,
            Some(long) => head.push((buf, long)),
        }
        line_no += 1;
    }
    let lines_mode = head
        .iter()
        .filter(|(l, long)| *long || !is_blank(l))
        .any(|(l, long)| !long && serde_json::from_slice::<serde::de::IgnoredAny>(l).is_ok());
    if !lines_mode {
        let mut text = Vec::new();
        for (l, long) in &head {
            if *long {
                text.resize(MAX_JSON + 1, b' ');
                break;
            }
            text.extend_from_slice(l);
            text.push(b'\n');
        }
        if text.len() <= MAX_JSON {
            let room = (MAX_JSON + 1 - text.len()) as u64;
            reader
                .take(room)
                .read_to_end(&mut text)
                .map_err(read(line_no))?;
        }
        if text.len() > MAX_JSON {
            let e = Error::Limit(format!(
                "JSON document larger than {MAX_JSON} bytes (JSON lines may hold up to {MAX_JSON} bytes per line)"
            ));
            return Ok(each(invalid(&name, 1, e))?);
        }
        return match String::from_utf8(text) {
            Ok(text) => read_json_document(name, &text, each),
            Err(e) => {
                let bytes = e.as_bytes();
                let at = e.utf8_error().valid_up_to();
                let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                let error = Error::Parse(ParseError::new(line, None, "not valid UTF-8 text"));
                Ok(each(invalid(&name, line, error))?)
            }
        };
    }
    let mut number = 0;
    let mut next_line = |reader: &mut dyn BufRead| -> Result<Option<(Vec<u8>, bool)>, Stop> {
        if number < head.len() {
            number += 1;
            return Ok(Some(std::mem::take(&mut head[number - 1])));
        }
        let mut buf = Vec::new();
        let got = read_bounded_line(reader, MAX_JSON, &mut buf).map_err(read(number))?;
        number += 1;
        Ok(got.map(|long| (buf, long)))
    };
    let mut line = 0;
    while let Some((text, long)) = next_line(&mut *reader)? {
        line += 1;
        if is_blank(&text) && !long {
            continue;
        }
        let records = if long {
            let e = Error::Limit(format!(
                "JSON line longer than {MAX_JSON} bytes; not a puzzle (skipped)"
            ));
            vec![invalid(&name, line, e)]
        } else {
            // StrictValue: a key written twice in one object is an error, not last-wins.
            match serde_json::from_slice::<StrictValue>(&text) {
                Ok(StrictValue(Value::Array(items))) => items
                    .into_iter()
                    .map(|v| json_record(&name, line, v))
                    .collect(),
                Ok(StrictValue(v)) => vec![json_record(&name, line, v)],
                Err(e) => {
                    let error = ParseError::new(
                        line,
                        Some(e.column()),
                        format!("malformed JSON: {}", json_error_text(&e)),
                    );
                    vec![invalid(&name, line, Error::Parse(error))]
                }
            }
        };
        for rec in records {
            if !each(rec)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// serde_json's message without its own " at line L column C" (the record says where).
fn json_error_text(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
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
                // Two stated solutions (the record's and the f-puzzles one) must agree.
                if let Some(cell) = doc
                    .solution
                    .as_ref()
                    .and_then(|s| grid.disagreements(s).first().copied())
                {
                    return Err(Error::Format(format!(
                        "solution: differs from the f-puzzles solution at {cell}"
                    )));
                }
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

/// Reads a JSON document: one value (a puzzle or an array of puzzles), or several.
fn read_json_document(
    name: Arc<str>,
    text: &str,
    each: &mut dyn FnMut(Record) -> anyhow::Result<bool>,
) -> Flow {
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
                let error = ParseError::new(
                    e.line(),
                    Some(e.column()),
                    format!("malformed JSON: {}", json_error_text(&e)),
                );
                each(invalid(&name, e.line(), Error::Parse(error)))?;
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
/// skipped), each up to [`MAX_JSON`](crate::cli::MAX_JSON) bytes; a bad line is one
/// `invalid` record.
fn read_payload_lines(
    name: Arc<str>,
    mut reader: Box<dyn BufRead>,
    each: &mut dyn FnMut(Record) -> anyhow::Result<bool>,
) -> Flow {
    let mut buf = Vec::new();
    let mut line = 0;
    loop {
        let got = read_bounded_line(&mut reader, crate::cli::MAX_JSON, &mut buf)
            .map_err(|error| Stop::Read { line, error })?;
        let Some(long) = got else {
            return Ok(true);
        };
        line += 1;
        let text = match std::str::from_utf8(&buf) {
            _ if long => Err(format!(
                "line longer than {} bytes; not a puzzle (skipped)",
                crate::cli::MAX_JSON
            )),
            Ok(t) => Ok(t.trim()),
            Err(_) => Err("not valid UTF-8 text".to_string()),
        };
        let rec = match text {
            Ok(t) if t.is_empty() || t.starts_with('#') => continue,
            Err(e) => invalid(&name, line, Error::Input(e)),
            Ok(t) => match fpuzzles::import_text(t) {
                Ok(import) => {
                    for w in &import.warnings {
                        eprintln!("satdoku: {name}:{line}: warning: {w}");
                    }
                    Record {
                        source: name.clone(),
                        line,
                        puzzle: Ok(import.document.puzzle),
                        expected: None,
                        meta: import.document.meta,
                    }
                }
                Err(e) => invalid(&name, line, e),
            },
        };
        if !each(rec)? {
            return Ok(false);
        }
    }
}
