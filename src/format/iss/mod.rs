//! The Interactive Sudoku Solver's puzzles (ISS, github.com/sigh/Interactive-Sudoku-Solver):
//! its plain constraint string (`.Shape~6x6.Cage~15~R1C1~R1C2.~R3C3_5…`) and its links
//! (`https://sigh.github.io/Interactive-Sudoku-Solver/?q=…`, the same string
//! percent-encoded), read into a satdoku puzzle.
//!
//! Every ISS constraint with a satdoku counterpart is read with ISS's meaning (the table in
//! docs/FORMAT.md, "ISS strings and links"); every other constraint, and every grid shape
//! satdoku cannot state, is refused with its name and its item number in the string — never
//! dropped. Only `SearchPriority` (an ordering hint for ISS's search) is left out, with a
//! warning. Written from ISS's documentation and source read for meaning; no ISS code.
//!
//! ISS's other text formats (short and long killer strings, plain grids, jigsaw layouts,
//! grids of numbers, pencil marks: [`text`]) are read into the same items first.
//!
//! Layout: [`text`] tells the text formats apart, [`tokens`] cuts the string into items,
//! [`shape`] reads the grid, [`rules`] maps one item, [`clues`] the clues outside the grid,
//! [`pairs`] the relation tables, [`chaos`] the clues about a chaos construction's regions, [`nfa`] the state machines, `vars` the extra cells (`Var`), `read` puts the puzzle together.

mod args;
pub mod chaos;
pub mod clues;
pub mod error;
mod merge;
mod names;
pub mod nfa;
pub mod pairs;
mod read;
pub mod replicate;
pub mod rules;
pub mod shape;
#[cfg(test)]
mod tests;
pub mod text;
pub mod tokens;
mod vars;

pub use error::{At, IssError};
pub use text::looks_like_iss_text;
pub use tokens::looks_like_iss;

use crate::format::fpuzzles::{percent_decode, Import};

/// Hosts and the path ISS is served from.
const ISS_PATH: &str = "interactive-sudoku-solver";

/// Reads an ISS puzzle text: a constraint string (whitespace ignored) or one of ISS's other
/// text formats ([`text`]), in parts separated by blank lines.
pub fn parse(text: &str) -> Result<Import, IssError> {
    let read = text::read(text)?;
    read::puzzle(&read.nodes).map_err(|e| read.locate(e))
}

/// Reads an ISS puzzle text (see [`parse`]) or link.
pub fn import_text(text: &str) -> Result<Import, crate::Error> {
    let t = text.trim();
    let string = match link_query(t) {
        Some(q) => q?,
        None => t.to_string(),
    };
    Ok(parse(&string)?)
}

/// Whether `text` is an ISS link (any host; the path names the solver).
pub fn is_iss_link(text: &str) -> bool {
    let lower = text.trim().to_ascii_lowercase();
    (lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("sigh.github.io"))
        && lower
            .split(['?', '#'])
            .next()
            .unwrap_or("")
            .contains(ISS_PATH)
}

/// The constraint string of an ISS link (its `q=` parameter, decoded as a browser's
/// `URLSearchParams` does: `+` is a space, then percent escapes), `None` when `text` is not
/// an ISS link.
pub fn link_query(text: &str) -> Option<Result<String, IssError>> {
    if !is_iss_link(text) {
        return None;
    }
    let query = text.split_once('?').map_or("", |(_, q)| q);
    let query = query.split('#').next().unwrap_or("");
    let q = query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == "q")
        .map(|(_, v)| percent_decode(&v.replace('+', " ")));
    Some(match q {
        Some(q) if !q.trim().is_empty() => Ok(q),
        _ => Err(IssError::Link(
            "the link has no q= parameter, so it carries no puzzle".into(),
        )),
    })
}
