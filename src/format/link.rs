//! The one place that tells what a link or payload is: an f-puzzles URL, any SudokuPad link
//! shape (`sudokupad.app/<id>`, `?puzzleid=<id>`, `/sudoku/<id>`, `sudokupad://puzzle/<id>`
//! on the hosts SudokuPad uses), or a bare id or payload (`scl…`, `ctc…`, `fpuzzles…`,
//! `fpuz…`, `scf…`, an lz-string payload), or an Interactive Sudoku Solver link
//! (`…/Interactive-Sudoku-Solver/?q=…`) or constraint string (`.Cage~10~R1C1~R1C2…`).
//!
//! Ids that SudokuPad keeps on its server (no known prefix, or an `fpuzzles` id of 20
//! characters or fewer) and f-puzzles' short `?id=` links are refused with a message saying
//! so: satdoku never goes on the network, and the puzzle is not in the link.

use crate::error::{excerpt, Error};
use crate::format::fpuzzles::{self, Import};
use crate::format::iss;
use crate::format::sudokupad::{self, Meanings};

/// What a link or payload carries, ready to decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payload {
    /// f-puzzles JSON as an lz-string base64 payload (from `?load=`, `fpuzzles…`, `fpuz…`).
    FPuzzles(String),
    /// SudokuPad's own JSON (`scl…`, `ctc…`), lz-string compressed, plain or "zipped".
    Scl(String),
    /// SudokuPad's compact classic format (`scf…`).
    Scf(String),
    /// A bare lz-string payload without a prefix: what it holds is told after decompressing.
    Compressed(String),
    /// An Interactive Sudoku Solver constraint string (from a link's `q=`, decoded, or
    /// written out).
    Iss(String),
}

/// SudokuPad's id prefixes, longest alias first (as SudokuPad matches them).
const PREFIXES: &[(&str, Kind)] = &[
    ("fpuzzles", Kind::FPuzzles),
    ("fpuz", Kind::FPuzzles),
    ("scl", Kind::Scl),
    ("ctc", Kind::Scl),
    ("scf", Kind::Scf),
];

#[derive(Clone, Copy, Debug)]
enum Kind {
    FPuzzles,
    Scl,
    Scf,
}

/// Hosts whose links carry a SudokuPad puzzle id (path prefix `sudoku/` allowed).
const SUDOKUPAD_HOSTS: &[&str] = &[
    "sudokupad.app",
    "beta.sudokupad.app",
    "www.sudokupad.app",
    "app.crackingthecryptic.com",
    "test.crackingthecryptic.com",
    "sudokupad.svencodes.com",
];

/// An `fpuzzles` id this long or shorter is a name on SudokuPad's server, not a payload.
const FPUZZLES_TINY_ID: usize = 20;

/// How to get a link that carries the puzzle, for the refusal of stored ids.
const STORED_HINT: &str = "satdoku does not go on the network; open the link in SudokuPad \
     and copy a link that carries the puzzle (the setter's f-puzzles or SCL link, or \
     f-puzzles' Export), or save its JSON to a file";

/// Whether a line of text is a link, id or payload rather than a grid: what the input
/// readers and the command line use to tell them apart.
pub fn looks_like_link(text: &str) -> bool {
    let t = text.trim();
    if iss::looks_like_iss(t) || iss::is_iss_link(t) || iss::looks_like_iss_text(t) {
        return true;
    }
    let lower = |p: &str| t.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p));
    if lower("http://") || lower("https://") || lower("sudokupad://") {
        return true;
    }
    if SUDOKUPAD_HOSTS
        .iter()
        .chain(["www.f-puzzles.com", "f-puzzles.com"].iter())
        .any(|h| t.starts_with(&format!("{h}/")) || t.starts_with(&format!("{h}?")))
    {
        return true;
    }
    if t.contains(char::is_whitespace) {
        return false;
    }
    // A bare id: a prefix, then base64 (maybe percent-encoded) or SCL written out as it is
    // (`scl{…}`) — so a file name such as `scl_test.txt` stays a file name.
    let payload = |rest: &str| {
        rest.starts_with('{')
            || (!rest.is_empty()
                && rest
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+/=\\%*-_$".contains(c)))
    };
    PREFIXES
        .iter()
        .any(|(p, _)| t.strip_prefix(p).is_some_and(payload))
        || (t.starts_with("N4Ig") && t.len() > 40)
}

fn stored(id: &str) -> Error {
    Error::Format(format!(
        "SudokuPad: the id {:?} names a puzzle stored on SudokuPad's server; the link does \
         not carry the puzzle itself ({STORED_HINT})",
        excerpt(id)
    ))
}

/// Tells what `text` (a URL, an id or a bare payload) carries.
pub fn classify(text: &str) -> Result<Payload, Error> {
    let t = text.trim();
    if let Some(q) = iss::link_query(t) {
        return Ok(Payload::Iss(q?));
    }
    if iss::looks_like_iss(t) || iss::looks_like_iss_text(t) {
        return Ok(Payload::Iss(t.to_string()));
    }
    match url_parts(t) {
        Some((host, path, query)) => classify_url(t, &host, &path, &query),
        None => classify_id(t),
    }
}

/// Splits `scheme://host/path?query#fragment` (the scheme optional for the known hosts).
/// `None` when `text` is not a URL.
fn url_parts(text: &str) -> Option<(String, String, String)> {
    let rest = match text.split_once("://") {
        Some((scheme, rest))
            if ["http", "https", "sudokupad"]
                .iter()
                .any(|s| s.eq_ignore_ascii_case(scheme)) =>
        {
            if scheme.eq_ignore_ascii_case("sudokupad") {
                // sudokupad://puzzle/<id>: the "host" is the word `puzzle`.
                let id = rest.strip_prefix("puzzle/").unwrap_or(rest);
                return Some(("sudokupad".into(), id.to_string(), String::new()));
            }
            rest
        }
        Some(_) => return None,
        None if looks_like_link(text) && text.contains(['/', '?']) && !text.starts_with("N4Ig") => {
            let host_end = text.find(['/', '?']).unwrap_or(text.len());
            let host = &text[..host_end];
            if !SUDOKUPAD_HOSTS.contains(&host) && !host.ends_with("f-puzzles.com") {
                return None;
            }
            text
        }
        None => return None,
    };
    let rest = rest.split('#').next().unwrap_or("");
    let (before, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (host, path) = before.split_once('/').unwrap_or((before, ""));
    Some((
        host.to_ascii_lowercase(),
        path.to_string(),
        query.to_string(),
    ))
}

/// The value of `key` in a URL query, percent-decoded.
fn query_value(query: &str, key: &str) -> Option<String> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| fpuzzles::percent_decode(v))
}

fn classify_url(text: &str, host: &str, path: &str, query: &str) -> Result<Payload, Error> {
    if host.ends_with("f-puzzles.com") {
        if let Some(load) = query_value(query, "load") {
            return Ok(Payload::FPuzzles(load));
        }
        if query_value(query, "id").is_some() {
            return Err(Error::Format(
                "f-puzzles: a short ?id= link names a puzzle stored by a link shortener; it \
                 does not carry the puzzle (satdoku does not go on the network: open it in a \
                 browser and copy the long ?load= link)"
                    .into(),
            ));
        }
        return Err(Error::Format(
            "f-puzzles: the URL has no load= parameter, so it carries no puzzle".into(),
        ));
    }
    if host == "sudokupad" || SUDOKUPAD_HOSTS.contains(&host) {
        // SudokuPad reads ?puzzleid= first, then the path (`/<id>` or `/sudoku/<id>`).
        let id = match query_value(query, "puzzleid") {
            Some(id) => id,
            None => {
                let p = path.strip_prefix("sudoku/").unwrap_or(path);
                let p = p.strip_prefix("puzzle/").unwrap_or(p);
                fpuzzles::percent_decode(p)
            }
        };
        if id.is_empty() {
            return Err(Error::Format(format!(
                "SudokuPad: the link {:?} names no puzzle (expected sudokupad.app/<id> or \
                 ?puzzleid=<id>)",
                excerpt(text)
            )));
        }
        return classify_id(&id);
    }
    Err(Error::Format(format!(
        "the link's host {:?} is not one satdoku reads (f-puzzles.com, sudokupad.app, \
         beta.sudokupad.app, app.crackingthecryptic.com)",
        excerpt(host)
    )))
}

/// Classifies an id or payload without a host.
fn classify_id(id: &str) -> Result<Payload, Error> {
    for (prefix, kind) in PREFIXES {
        let Some(rest) = id.strip_prefix(prefix) else {
            continue;
        };
        return match kind {
            Kind::FPuzzles if id.len() <= FPUZZLES_TINY_ID => Err(stored(id)),
            Kind::FPuzzles => Ok(Payload::FPuzzles(rest.to_string())),
            Kind::Scl if rest.is_empty() => Err(stored(id)),
            Kind::Scl => Ok(Payload::Scl(rest.to_string())),
            Kind::Scf => Ok(Payload::Scf(rest.to_string())),
        };
    }
    // A bare lz-string payload (f-puzzles JSON starts `N4Ig`, SCL JSON too): long and made of
    // base64 only; anything else without a prefix is a server id.
    let base64 = |c: char| c.is_ascii_alphanumeric() || "+/=\\-_$".contains(c);
    if id.len() > 40 && id.chars().all(base64) {
        return Ok(Payload::Compressed(id.to_string()));
    }
    Err(stored(id))
}

/// Reads the puzzle a link, id or payload carries (f-puzzles or SudokuPad), or says why
/// not. `meanings` says what SudokuPad drawings mean when the data does not.
pub fn import(text: &str, meanings: &Meanings) -> Result<Import, Error> {
    match classify(text)? {
        Payload::FPuzzles(p) => fpuzzles::import_text(&p),
        Payload::Scl(p) => sudokupad::import_scl(&p, meanings),
        Payload::Scf(p) => sudokupad::import_scf(&p),
        Payload::Compressed(p) => {
            let json = sudokupad::decompress(&p)?;
            sudokupad::import_json_text(&json, meanings)
        }
        Payload::Iss(q) => Ok(iss::parse(&q)?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2ADEAZSYEDKlgqrcqkDB8aNzxWXHVSqDG99yzNv3hTpJagA";

    fn fp() -> Payload {
        Payload::FPuzzles(P.to_string())
    }

    #[test]
    fn every_sudokupad_shape_finds_the_payload() {
        for link in [
            format!("https://sudokupad.app/fpuzzles{P}"),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{P}"),
            format!("https://beta.sudokupad.app/fpuz{P}"),
            format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{P}"),
            format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{P}"),
            format!("https://test.crackingthecryptic.com/sudoku/fpuzzles{P}?setting-nogrid=1"),
            format!("sudokupad://puzzle/fpuzzles{P}"),
            format!("sudokupad.app/fpuzzles{P}"),
            format!("fpuzzles{P}"),
            format!("https://www.f-puzzles.com/?load={P}"),
            format!("https://f-puzzles.com/?load={P}&x=1"),
        ] {
            assert_eq!(classify(&link).unwrap(), fp(), "{link}");
            assert!(looks_like_link(&link), "{link}");
        }
        assert_eq!(
            classify(&format!("https://sudokupad.app/scl{P}")).unwrap(),
            Payload::Scl(P.into())
        );
        assert_eq!(
            classify(&format!("ctc{P}")).unwrap(),
            Payload::Scl(P.into())
        );
        assert_eq!(classify("scf1234").unwrap(), Payload::Scf("1234".into()));
        assert_eq!(classify(P).unwrap(), Payload::Compressed(P.into()));
        // Percent escapes in the id are decoded.
        assert_eq!(
            classify("https://sudokupad.app/?puzzleid=scl%2BAB").unwrap(),
            Payload::Scl("+AB".into())
        );
    }

    #[test]
    fn stored_ids_are_refused_with_a_way_out() {
        for id in [
            "https://sudokupad.app/wsj7iunsg6",
            "https://sudokupad.app/gdc/loop-pack/entropic",
            "https://sudokupad.app/fpuzzlesabc123",
            "wsj7iunsg6x",
        ] {
            let e = classify(id).unwrap_err().to_string();
            assert!(e.contains("stored on SudokuPad's server"), "{id}: {e}");
            assert!(e.contains("network"), "{e}");
        }
        let e = classify("https://f-puzzles.com/?id=abc")
            .unwrap_err()
            .to_string();
        assert!(e.contains("?load="), "{e}");
        assert!(classify("https://example.com/x").is_err());
    }

    #[test]
    fn grids_are_not_links() {
        assert!(!looks_like_link(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
        ));
        assert!(!looks_like_link("puzzles.txt"));
        assert!(!looks_like_link("scl"));
        assert!(!looks_like_link("scl_test.txt"));
        assert!(!looks_like_link("é"));
        assert!(looks_like_link("scl{ce:[[,]]}"));
    }

    #[test]
    fn iss_strings_and_links_are_told() {
        let q = ".Cage~10~R1C1~R1C2";
        for text in [
            q.to_string(),
            format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={q}"),
            "https://sigh.github.io/Interactive-Sudoku-Solver/index.html?q=.Cage%7E10%7ER1C1%7ER1C2".to_string(),
        ] {
            assert!(looks_like_link(&text), "{text}");
            assert_eq!(classify(&text).unwrap(), Payload::Iss(q.into()), "{text}");
        }
        let e = import(
            "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Nope~1",
            &Meanings::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("unknown ISS constraint type \"Nope\""), "{e}");
    }
}
