//! Reading any puzzle source: one stream of bytes (a file, stdin, an argument) turned into
//! located records, whatever its format — text lines or blocks (with CSV columns), native or
//! f-puzzles or SudokuPad SCL JSON (one document, or JSON lines), or lines of f-puzzles and
//! SudokuPad links, ids and payloads.
//!
//! The format is told from the first bytes: a byte order mark is skipped; NUL bytes make the
//! input binary (one invalid record); `{` or `[` start JSON; a link or payload on the first
//! line starts payload lines; anything else is text. Every record carries its place; a bad
//! record is an invalid record and reading goes on, and memory stays bounded by
//! [`MAX_JSON`](crate::format::MAX_JSON) per record whatever the input's length.

use crate::error::{Error, ParseError};
use crate::format::fpuzzles;
use crate::format::json::{self as native, Document, Meta};
use crate::format::lines::read_bounded_line;
use crate::format::link;
use crate::format::strict::StrictValue;
use crate::format::sudokupad::{self, Meanings};
use crate::format::text::{TextOptions, TextReader};
use crate::geometry::Values;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use serde_json::Value;
use std::io::{self, BufRead, Read};
use std::sync::Arc;

/// One puzzle read, with where it came from.
pub struct Record {
    /// File name, `-` for stdin, or `<argument>`.
    pub source: Arc<str>,
    /// 1-based line of the puzzle's start (0: the source as a whole).
    pub line: usize,
    /// The puzzle or why it could not be read.
    pub puzzle: Result<Puzzle, Error>,
    /// A solution stated beside the puzzle (CSV column, JSON `solution`), to compare with.
    pub expected: Option<Grid>,
    /// Rules text, source and license of a JSON puzzle.
    pub meta: Meta,
    /// What an f-puzzles import could not carry over (said, not refused), for the reader to
    /// show with the record's place.
    pub warnings: Vec<String>,
}

impl Record {
    /// `source:line`, for messages.
    pub fn location(&self) -> String {
        format!("{}:{}", self.source, self.line)
    }
}

/// A record that is only an error.
pub fn invalid(source: &Arc<str>, line: usize, error: Error) -> Record {
    Record {
        source: source.clone(),
        line,
        puzzle: Err(error),
        expected: None,
        meta: Meta::default(),
        warnings: Vec::new(),
    }
}

/// Reading a source failed (an I/O error) after `line` lines: the caller reports it as one
/// invalid record and goes on with the next source.
#[derive(Debug)]
pub struct ReadError {
    /// Lines read before the failure.
    pub line: usize,
    /// What failed.
    pub error: io::Error,
}

/// Whether to go on (`Ok(true)`), stop because `each` said so (`Ok(false)`), or why reading
/// failed.
type Flow = Result<bool, ReadError>;

/// The UTF-8 byte order mark some editors write at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads every record of one source named `name`, in order, calling `each` on each; stops
/// early when `each` returns `false` (then returns `Ok(false)`).
pub fn read_records(
    name: Arc<str>,
    reader: &mut dyn BufRead,
    opts: &TextOptions,
    each: &mut dyn FnMut(Record) -> bool,
) -> Flow {
    let read_err = |error| ReadError { line: 0, error };
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
        return Ok(each(rec));
    }
    let first = head.iter().find(|b| !b.is_ascii_whitespace()).copied();
    if let Some(b'{') | Some(b'[') = first {
        return read_json(name, reader, &opts.sudokupad, each);
    }
    let head_text = String::from_utf8_lossy(&head[..head.len().min(4096)]).into_owned();
    let first_line = head_text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    if link::looks_like_link(first_line) {
        return read_payload_lines(name, reader, &opts.sudokupad, each);
    }
    let mut any = false;
    let mut last_line = 0;
    for rec in TextReader::new(reader, opts.clone()) {
        let rec = rec.map_err(|error| ReadError {
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
            warnings: Vec::new(),
        });
        if !go_on {
            return Ok(false);
        }
    }
    if !any {
        return Ok(each(invalid(
            &name,
            0,
            Error::Io("no puzzle in this input (empty, or only comments)".into()),
        )));
    }
    Ok(true)
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
/// [`MAX_JSON`]: crate::format::MAX_JSON
fn read_json(
    name: Arc<str>,
    mut reader: &mut dyn BufRead,
    meanings: &Meanings,
    each: &mut dyn FnMut(Record) -> bool,
) -> Flow {
    use crate::format::MAX_JSON;
    let mut head: Vec<(Vec<u8>, bool)> = Vec::new(); // (line, too long)
    let mut line_no = 0;
    let read = |line_no: usize| {
        move |error| ReadError {
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
            return Ok(each(invalid(&name, 1, e)));
        }
        return match String::from_utf8(text) {
            Ok(text) => read_json_document(name, &text, meanings, each),
            Err(e) => {
                let bytes = e.as_bytes();
                let at = e.utf8_error().valid_up_to();
                let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                let error = Error::Parse(ParseError::new(line, None, "not valid UTF-8 text"));
                Ok(each(invalid(&name, line, error)))
            }
        };
    }
    let mut number = 0;
    let mut next_line = |reader: &mut dyn BufRead| -> Result<Option<(Vec<u8>, bool)>, ReadError> {
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
                Ok(StrictValue(v)) => json_records(&name, line, v, meanings),
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
            if !each(rec) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The records of one JSON value: each element of an array, or the value itself.
fn json_records(name: &Arc<str>, line: usize, value: Value, meanings: &Meanings) -> Vec<Record> {
    match value {
        Value::Array(items) => items
            .into_iter()
            .map(|v| json_record(name, line, v, meanings))
            .collect(),
        v => vec![json_record(name, line, v, meanings)],
    }
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
/// `fpuzzles` / `fpuzzles_lzstring` / `sudokupad` / `iss` (like the shared CC BY collection
/// and tests/iss/examples.jsonl) with an optional
/// `solution`. Warnings go to stderr.
fn json_record(name: &Arc<str>, line: usize, value: Value, meanings: &Meanings) -> Record {
    let mut expected = None;
    let mut warnings = Vec::new();
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
        } else if sudokupad::is_scl(map) {
            (sudokupad::import_value(map, meanings)?, None)
        } else if let Some(Value::String(text)) = map.get("sudokupad") {
            (link::import(text, meanings)?, Some(map))
        } else if let Some(Value::String(text)) = map.get("iss") {
            (crate::format::iss::import_text(text)?, Some(map))
        } else if let Some(inner) = map.get("fpuzzles").filter(|v| v.is_object()) {
            (fpuzzles::import_value(inner)?, Some(map))
        } else if let Some(Value::String(payload)) = map.get("fpuzzles_lzstring") {
            (fpuzzles::import_text(payload)?, Some(map))
        } else {
            return Err(Error::Format(
                "not a puzzle: expected \"satdoku\" (native), \"size\" and \"grid\" (f-puzzles), \"cells\" (SudokuPad SCL), or \"fpuzzles\" / \"fpuzzles_lzstring\" / \"sudokupad\" / \"iss\" (a link or ISS string)".into(),
            ));
        };
        warnings = import.warnings;
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
                let (rows, n) = (doc.puzzle.shape().rows(), doc.puzzle.shape().cols());
                let values = doc.puzzle.shape().values();
                let grid = solution_grid(sol, (rows, n), values).ok_or_else(|| {
                    Error::Format(format!(
                        "solution: not a full {rows}x{n} grid of the values {values}"
                    ))
                })?;
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
            warnings,
        },
        Err(e) => Record {
            warnings,
            ..invalid(name, line, e)
        },
    }
}

/// A solution written as digits (a string, or an array of numbers), row-major.
fn solution_grid(v: &Value, (rows, n): (usize, usize), values: Values) -> Option<Grid> {
    // Written in the puzzle's values: one character each when every value is one decimal
    // digit (`0-8`, `1-9`), numbers otherwise.
    let written: Vec<i64> = match v {
        Value::String(s) if values.min >= 0 && values.max() <= 9 => s
            .chars()
            .map(|c| c.to_digit(10).map(i64::from))
            .collect::<Option<_>>()?,
        Value::String(s) => s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?,
        Value::Array(a) => a.iter().map(Value::as_i64).collect::<Option<_>>()?,
        _ => return None,
    };
    if written.len() != rows * n {
        return None;
    }
    let cells = written
        .into_iter()
        .map(|v| values.digit(v).map(Some))
        .collect::<Option<Vec<_>>>()?;
    Grid::from_cells_rect(rows, n, cells)
}

/// Reads a JSON document: one value (a puzzle or an array of puzzles), or several.
fn read_json_document(
    name: Arc<str>,
    text: &str,
    meanings: &Meanings,
    each: &mut dyn FnMut(Record) -> bool,
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
            Ok(StrictValue(v)) => json_records(&name, line, v, meanings),
            Err(e) => {
                let error = ParseError::new(
                    e.line(),
                    Some(e.column()),
                    format!("malformed JSON: {}", json_error_text(&e)),
                );
                each(invalid(&name, e.line(), Error::Parse(error)));
                return Ok(true);
            }
        };
        for rec in records {
            if !each(rec) {
                return Ok(false);
            }
        }
    }
}

/// Reads lines of links, ids or payloads (f-puzzles or SudokuPad, told by `format::link`;
/// `#` comments and blank lines skipped), each up to [`MAX_JSON`](crate::format::MAX_JSON) bytes; a bad line is one
/// `invalid` record.
fn read_payload_lines(
    name: Arc<str>,
    mut reader: &mut dyn BufRead,
    meanings: &Meanings,
    each: &mut dyn FnMut(Record) -> bool,
) -> Flow {
    let mut buf = Vec::new();
    let mut line = 0;
    loop {
        let got = read_bounded_line(&mut reader, crate::format::MAX_JSON, &mut buf)
            .map_err(|error| ReadError { line, error })?;
        let Some(long) = got else {
            return Ok(true);
        };
        line += 1;
        let text = match std::str::from_utf8(&buf) {
            _ if long => Err(format!(
                "line longer than {} bytes; not a puzzle (skipped)",
                crate::format::MAX_JSON
            )),
            Ok(t) => Ok(t.trim()),
            Err(_) => Err("not valid UTF-8 text".to_string()),
        };
        let rec = match text {
            Ok(t) if t.is_empty() || t.starts_with('#') => continue,
            Err(e) => invalid(&name, line, Error::Input(e)),
            Ok(t) => match link::import(t, meanings) {
                Ok(import) => Record {
                    source: name.clone(),
                    line,
                    puzzle: Ok(import.document.puzzle),
                    expected: import.document.solution,
                    meta: import.document.meta,
                    warnings: import.warnings,
                },
                Err(e) => invalid(&name, line, e),
            },
        };
        if !each(rec) {
            return Ok(false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record of `bytes`, as (line, puzzle size or error text).
    fn read(bytes: &[u8]) -> Vec<(usize, Result<usize, String>)> {
        let mut out = Vec::new();
        let mut reader = io::Cursor::new(bytes.to_vec());
        let go_on = read_records("t".into(), &mut reader, &TextOptions::default(), &mut |r| {
            out.push((
                r.line,
                r.puzzle.map(|p| p.size()).map_err(|e| e.to_string()),
            ));
            true
        })
        .unwrap();
        assert!(go_on);
        out
    }

    #[test]
    fn each_format_is_told_from_its_first_bytes() {
        let four = "...4..3.....3.2.";
        // Text, after a byte order mark.
        assert_eq!(read(format!("\u{feff}{four}\n").as_bytes()), [(1, Ok(4))]);
        // Native JSON lines: a bad line is one invalid record, the next line is read.
        let json = format!(
            "{{\"satdoku\":1,\"size\":4,\"givens\":\"{four}\"}}\n{{oops\n{{\"satdoku\":1,\"size\":4,\"givens\":\"{four}\"}}\n"
        );
        let got = read(json.as_bytes());
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], (1, Ok(4)));
        assert!(
            matches!(&got[1], (2, Err(e)) if e.contains("malformed JSON")),
            "{got:?}"
        );
        assert_eq!(got[2], (3, Ok(4)));
        // Binary data and an input without puzzles: one located invalid record each.
        assert!(matches!(&read(b"\0\0\0")[..], [(1, Err(e))] if e.contains("binary")));
        assert!(
            matches!(&read(b"# only a comment\n")[..], [(0, Err(e))] if e.contains("no puzzle"))
        );
    }

    #[test]
    fn each_can_stop_the_reading() {
        let mut seen = 0;
        let mut reader = io::Cursor::new(b"...4..3.....3.2.\n...4..3.....3.2.\n".to_vec());
        let go_on = read_records(
            "t".into(),
            &mut reader,
            &TextOptions::default(),
            &mut |_| {
                seen += 1;
                false
            },
        )
        .unwrap();
        assert!(!go_on);
        assert_eq!(seen, 1);
    }
}
