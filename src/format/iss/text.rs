//! ISS's other text formats, besides its constraint string: what its text box accepts and
//! tells apart by their shape (the list and order of ISS's js/sudoku_parser.js, read for
//! meaning; the readers are ours). Each is read into the items a constraint string would
//! state (`Shape`, `Given`, `Cage`, `Diagonal`, `Jigsaw`, `NoBoxes`), so the rest of the
//! ISS reader gives them ISS's meaning.
//!
//! Tried in ISS's order on the text without whitespace (a text of one character is none):
//!
//! 1. **Short killer** (81 characters, the "snarfable" killer format): each cell is a cage
//!    sum (`0`–`9`, `A`–`Z` for 10–35, `a`–`j` for 36–45) or an arrow to the next cell of
//!    its cage: `<` `>` `^` `v`, and `` ` `` `'` `,` `.` for up-left, up-right, down-left,
//!    down-right. Following the arrows from a cell reaches its cage's sum cell. At least one
//!    of `` <>^v`', `` must appear. A 9×9 grid. Refused: an arrow out of the grid or round
//!    the edge to the next row, arrows in a loop.
//! 2. **Long killer** (`3x3:d:k:…`, SudoCue's format): after `3x3:`, `d` (both diagonals)
//!    or nothing, then `k`, then 81 numbers `256·sum + cage id`, each followed by `:`; a
//!    cell with sum 0 is in no cage. Refused: another second field than `d` or nothing,
//!    another third than `k`, not 81 numbers, one cage id with two sums.
//! 3. **Jigsaw** (2·N² characters): a plain grid (4.) then a jigsaw layout (5.).
//! 4. **Jigsaw layout** (N² characters, exactly N different characters, each N times):
//!    each character names a region; no boxes, no givens.
//! 5. **Plain grid** (N² characters, an optional leading `=`): givens `1`–`9` up to 9×9,
//!    `A`–`Z` for 1, 2, … above; every other character must be one and the same (the empty
//!    cell). ISS reads a complete grid without repeats as a jigsaw layout (4. comes first).
//! 6. **Grid of numbers** (only digits, whitespace, `.` `|` `_` `-`): its N² numbers and
//!    `.`s in reading order, a number a given.
//! 7. **Pencil marks** (N³ characters of digits and `.`): N characters per cell, its digits
//!    the values it may hold. Refused: a cell with none.
//!
//! A text that is none of these is a constraint string. Like ISS, `#` comment lines are
//! skipped, and parts separated by a blank line are read each on its own and their
//! constraints joined (a `3x3::k:…` killer and `.AntiKnight` below it).

use super::error::{At, IssError};
use super::tokens::{self, Item, Node};
use std::collections::BTreeMap;

/// The items of a text, and where the items of the other text formats came from (for
/// errors found later, which name the item by its number).
#[derive(Default)]
pub struct Read {
    /// The items, numbered from 1 in order over all parts (a constraint string's `.End`s
    /// count, as in its own numbering).
    pub nodes: Vec<Node>,
    /// Item number -> the words that place it in the text.
    pub places: BTreeMap<usize, String>,
    /// How many item numbers are used.
    pub used: usize,
}

impl Read {
    /// `e` with the place of its item in the text, when the item came from a text format
    /// or a later part.
    pub fn locate(&self, e: IssError) -> IssError {
        match e.at().and_then(|at| self.places.get(&at.item)) {
            Some(place) => IssError::Text {
                format: place.clone(),
                message: e.to_string(),
            },
            None => e,
        }
    }
}

/// An error of `format` at a place.
fn err(format: &str, message: impl Into<String>) -> IssError {
    IssError::Text {
        format: format.into(),
        message: message.into(),
    }
}

/// The side of a square grid of `cells` cells (2 to 16, ISS's sizes past one cell).
fn side_of(cells: usize) -> Option<usize> {
    (2..=16).find(|n| n * n == cells)
}

/// Items being built, numbered from `first`.
struct Out {
    first: usize,
    read: Read,
}

impl Out {
    fn new(first: usize) -> Out {
        Out {
            first,
            read: Read::default(),
        }
    }
    fn push(&mut self, name: &str, args: Vec<String>, place: String) {
        let item = self.first + self.read.nodes.len();
        self.read.nodes.push(Node::Leaf(Item {
            at: At {
                item,
                name: name.into(),
            },
            args,
        }));
        self.read.places.insert(item, place);
        self.read.used = self.read.nodes.len();
    }
}

/// Reads an ISS text: comment lines dropped, each blank-line-separated part one of ISS's
/// text formats or a constraint string; items numbered in order over all parts.
pub fn read(text: &str) -> Result<Read, IssError> {
    let mut parts: Vec<String> = vec![String::new()];
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        if line.trim().is_empty() {
            parts.push(String::new());
        } else {
            let p = parts.last_mut().expect("one part at least");
            p.push_str(line);
            p.push('\n');
        }
    }
    parts.retain(|p| !p.trim().is_empty());
    if parts.is_empty() {
        return Err(IssError::NotIss);
    }
    let many = parts.len() > 1;
    let mut all = Read::default();
    for (i, part) in parts.iter().enumerate() {
        let first = all.used + 1;
        let one = match text_line(part, first)? {
            Some(r) => r,
            None => {
                let nodes = tokens::parse(part)?;
                let mut r = Read::default();
                renumber(&nodes, first - 1, &mut r.nodes);
                r.used = part.matches('.').count();
                r
            }
        };
        for k in first..first + one.used {
            let place = match one.places.get(&k) {
                Some(w) if many => format!("part {} of the text, {w}", i + 1),
                Some(w) => w.clone(),
                None if many => format!("part {} of the text", i + 1),
                None => continue,
            };
            all.places.insert(k, place);
        }
        all.nodes.extend(one.nodes);
        all.used += one.used;
    }
    Ok(all)
}

/// `nodes` with every item number raised by `by`.
fn renumber(nodes: &[Node], by: usize, out: &mut Vec<Node>) {
    for n in nodes {
        out.push(match n {
            Node::Leaf(i) => Node::Leaf(shifted(i, by)),
            Node::Group(h, kids) => {
                let mut k = Vec::new();
                renumber(kids, by, &mut k);
                Node::Group(shifted(h, by), k)
            }
        });
    }
}

fn shifted(i: &Item, by: usize) -> Item {
    let mut i = i.clone();
    i.at.item += by;
    i
}

/// One part in one of ISS's text formats (`None`: none of them, so a constraint string).
fn text_line(raw: &str, first: usize) -> Result<Option<Read>, IssError> {
    Ok(format_of(raw, first)?.map(|(_, r)| r))
}

/// Which of ISS's text formats `raw` is, and its items.
fn format_of(raw: &str, first: usize) -> Result<Option<(&'static str, Read)>, IssError> {
    let t: Vec<char> = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if t.len() <= 1 {
        return Ok(None);
    }
    let mut out = Out::new(first);
    let found = if let Some(rest) = t.strip_prefix(&['=']) {
        plain(rest, 1, &mut out).then_some(SOLUTION)
    } else if short_killer(&t, &mut out)? {
        Some(SHORT_KILLER)
    } else if long_killer(&t, &mut out)? {
        Some(LONG_KILLER)
    } else if jigsaw(&t, &mut out) {
        Some(JIGSAW)
    } else if layout(&t, 0, &mut out) {
        Some(LAYOUT)
    } else if plain(&t, 0, &mut out) {
        Some(PLAIN)
    } else if numbers(raw, &mut out) {
        Some(NUMBERS)
    } else if pencil_marks(&t, &mut out)? {
        Some(PENCIL)
    } else {
        None
    };
    Ok(found.map(|f| (f, out.read)))
}

const SOLUTION: &str = "ISS plain grid after =";
const JIGSAW: &str = "ISS jigsaw (givens, then layout)";

const SHORT_KILLER: &str = "ISS short killer string";

/// The step of a short-killer arrow, (rows, columns).
fn arrow(ch: char) -> Option<(isize, isize)> {
    Some(match ch {
        'v' => (1, 0),
        '^' => (-1, 0),
        '<' => (0, -1),
        '>' => (0, 1),
        '`' => (-1, -1),
        '\'' => (-1, 1),
        ',' => (1, -1),
        '.' => (1, 1),
        _ => return None,
    })
}

/// A short-killer cage sum character's sum.
fn killer_sum(ch: char) -> Option<u32> {
    match ch {
        '0'..='9' => Some(ch as u32 - '0' as u32),
        'A'..='Z' => Some(ch as u32 - 'A' as u32 + 10),
        'a'..='j' => Some(ch as u32 - 'a' as u32 + 36),
        _ => None,
    }
}

fn short_killer(t: &[char], out: &mut Out) -> Result<bool, IssError> {
    const N: usize = 9;
    if t.len() != N * N
        || !t.iter().any(|c| "<>^v`',".contains(*c))
        || !t
            .iter()
            .all(|&c| arrow(c).is_some() || killer_sum(c).is_some())
    {
        return Ok(false);
    }
    // The next cell of each cell's cage, or itself for a sum cell.
    let mut next = vec![0usize; N * N];
    for (i, &ch) in t.iter().enumerate() {
        let (r, c) = (i / N, i % N);
        next[i] = match arrow(ch) {
            None => i,
            Some((dr, dc)) => {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if !(0..N as isize).contains(&nr) || !(0..N as isize).contains(&nc) {
                    return Err(err(
                        SHORT_KILLER,
                        format!(
                            "character {} ({}): {ch:?} points out of the grid",
                            i + 1,
                            super::args::cell_name(r, c)
                        ),
                    ));
                }
                nr as usize * N + nc as usize
            }
        };
    }
    // Each cage: its sum cell, its sum and its cells, in the order first met.
    let mut cages: Vec<(usize, Vec<String>)> = Vec::new();
    for i in 0..N * N {
        let mut at = i;
        let mut steps = 0;
        while next[at] != at {
            at = next[at];
            steps += 1;
            if steps > N * N {
                return Err(err(
                    SHORT_KILLER,
                    format!(
                        "the arrows from {} (character {}) go round in a loop",
                        super::args::cell_name(i / N, i % N),
                        i + 1
                    ),
                ));
            }
        }
        let id = super::args::cell_name(i / N, i % N);
        match cages.iter_mut().find(|(root, _)| *root == at) {
            Some((_, cells)) => cells.push(id),
            None => cages.push((at, vec![id])),
        }
    }
    for (root, cells) in cages {
        let sum = killer_sum(t[root]).expect("a sum cell holds a sum");
        let place = format!(
            "{SHORT_KILLER}, the cage whose sum is at {} (character {})",
            super::args::cell_name(root / N, root % N),
            root + 1
        );
        let mut args = vec![sum.to_string()];
        args.extend(cells);
        out.push("Cage", args, place);
    }
    Ok(true)
}

const LONG_KILLER: &str = "ISS killer string 3x3:…:k:…";

fn long_killer(t: &[char], out: &mut Out) -> Result<bool, IssError> {
    const N: usize = 9;
    let text: String = t.iter().collect();
    let Some(rest) = text.strip_prefix("3x3:") else {
        return Ok(false);
    };
    let fields: Vec<&str> = rest.split(':').collect();
    match fields.first() {
        Some(&"d") | Some(&"") => {}
        Some(other) => {
            return Err(err(
                LONG_KILLER,
                format!(
                    "field 2 is {:?}: expected d (both diagonals) or nothing",
                    crate::error::excerpt(other)
                ),
            ))
        }
        None => unreachable!("split yields one field at least"),
    }
    if fields.get(1) != Some(&"k") {
        return Err(err(
            LONG_KILLER,
            "field 3 must be k (the killer form; ISS reads no other)",
        ));
    }
    let mut cells: Vec<&str> = fields[2..].to_vec();
    if cells.last() == Some(&"") {
        cells.pop();
    }
    if cells.len() != N * N {
        return Err(err(
            LONG_KILLER,
            format!(
                "{} cell fields after 3x3:…:k:, expected 81 (one per cell, each ending in :)",
                cells.len()
            ),
        ));
    }
    if fields[0] == "d" {
        out.push(
            "Diagonal",
            vec!["1".into()],
            format!("{LONG_KILLER}, field 2 (d)"),
        );
        out.push(
            "Diagonal",
            vec!["-1".into()],
            format!("{LONG_KILLER}, field 2 (d)"),
        );
    }
    // Cage id -> (sum, first cell, cells).
    let mut cages: Vec<(u32, u32, usize, Vec<String>)> = Vec::new();
    for (i, f) in cells.iter().enumerate() {
        let id = super::args::cell_name(i / N, i % N);
        let v: u32 = f.parse().map_err(|_| {
            err(
                LONG_KILLER,
                format!(
                    "field {} ({id}): {:?} is not a number 256·sum + cage",
                    i + 4,
                    crate::error::excerpt(f)
                ),
            )
        })?;
        let (sum, cage) = (v / 256, v % 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|c| c.0 == cage) {
            Some((_, s, first, list)) => {
                if *s != sum {
                    return Err(err(
                        LONG_KILLER,
                        format!(
                            "field {} ({id}): cage {cage} has the sum {sum} here and {s} at {}",
                            i + 4,
                            super::args::cell_name(*first / N, *first % N)
                        ),
                    ));
                }
                list.push(id);
            }
            None => cages.push((cage, sum, i, vec![id])),
        }
    }
    for (cage, sum, first, list) in cages {
        let mut args = vec![sum.to_string()];
        args.extend(list);
        out.push(
            "Cage",
            args,
            format!(
                "{LONG_KILLER}, cage {cage} (first at {})",
                super::args::cell_name(first / N, first % N)
            ),
        );
    }
    Ok(true)
}

fn jigsaw(t: &[char], out: &mut Out) -> bool {
    if t.len() % 2 != 0 {
        return false;
    }
    let half = t.len() / 2;
    if side_of(half).is_none() {
        return false;
    }
    let mut o = Out::new(out.first);
    let found = layout(&t[half..], half, &mut o) && plain(&t[..half], 0, &mut o);
    if found {
        // one Shape is enough (ISS reads the first)
        out.read = o.read;
    }
    found
}

const LAYOUT: &str = "ISS jigsaw layout";

/// A layout of N regions of N cells (`offset`: its first character's place in the text).
fn layout(t: &[char], offset: usize, out: &mut Out) -> bool {
    let Some(n) = side_of(t.len()) else {
        return false;
    };
    let mut names: Vec<(char, usize)> = Vec::new();
    for &c in t {
        match names.iter_mut().find(|(x, _)| *x == c) {
            Some((_, k)) => *k += 1,
            None => names.push((c, 1)),
        }
    }
    if names.len() != n || names.iter().any(|&(_, k)| k != n) {
        return false;
    }
    let place = format!("{LAYOUT} (characters {}-{})", offset + 1, offset + t.len());
    out.push("Shape", vec![format!("{n}x{n}")], place.clone());
    out.push("Jigsaw", vec![t.iter().collect()], place.clone());
    out.push("NoBoxes", vec![], place);
    true
}

const PLAIN: &str = "ISS plain grid";

/// A plain grid: givens, and one other character for empty cells.
fn plain(t: &[char], offset: usize, out: &mut Out) -> bool {
    let Some(n) = side_of(t.len()) else {
        return false;
    };
    let value = |ch: char| -> Option<usize> {
        let v = if n < 10 {
            ch.to_digit(10)? as usize
        } else if ch.is_ascii_uppercase() {
            ch as usize - 'A' as usize + 1
        } else {
            return None;
        };
        (1..=n).contains(&v).then_some(v)
    };
    let mut empty: Option<char> = None;
    let mut givens = Vec::new();
    for (i, &ch) in t.iter().enumerate() {
        match value(ch) {
            Some(v) => givens.push(format!("{}_{v}", super::args::cell_name(i / n, i % n))),
            None if empty.is_none_or(|e| e == ch) => empty = Some(ch),
            None => return false,
        }
    }
    let place = format!("{PLAIN} (characters {}-{})", offset + 1, offset + t.len());
    if !out
        .read
        .nodes
        .iter()
        .any(|n| matches!(n, Node::Leaf(i) if i.at.name == "Shape"))
    {
        out.push("Shape", vec![format!("{n}x{n}")], place.clone());
    }
    out.push("Given", givens, place);
    true
}

const NUMBERS: &str = "ISS grid of numbers";

/// A grid written as numbers and dots among separators.
fn numbers(raw: &str, out: &mut Out) -> bool {
    if !raw
        .chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace() || ".|_-".contains(c))
    {
        return false;
    }
    let mut tokens: Vec<Option<String>> = Vec::new();
    let mut run = String::new();
    for c in raw.chars() {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if !run.is_empty() {
            tokens.push(Some(std::mem::take(&mut run)));
        }
        if c == '.' {
            tokens.push(None);
        }
    }
    if !run.is_empty() {
        tokens.push(Some(run));
    }
    let Some(n) = side_of(tokens.len()) else {
        return false;
    };
    let givens = tokens
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            t.as_ref()
                .map(|v| format!("{}_{v}", super::args::cell_name(i / n, i % n)))
        })
        .collect();
    out.push("Shape", vec![format!("{n}x{n}")], NUMBERS.into());
    out.push("Given", givens, NUMBERS.into());
    true
}

const PENCIL: &str = "ISS pencil-mark grid";

fn pencil_marks(t: &[char], out: &mut Out) -> Result<bool, IssError> {
    let Some(n) = (2..=16).find(|n| n * n * n == t.len()) else {
        return Ok(false);
    };
    if !t.iter().all(|c| c.is_ascii_digit() || *c == '.') {
        return Ok(false);
    }
    out.push("Shape", vec![format!("{n}x{n}")], PENCIL.into());
    for (i, marks) in t.chunks(n).enumerate() {
        let id = super::args::cell_name(i / n, i % n);
        let values: Vec<String> = marks
            .iter()
            .filter(|c| **c != '.')
            .map(char::to_string)
            .collect();
        if values.is_empty() {
            return Err(err(
                PENCIL,
                format!(
                    "{id} (characters {}-{}) allows no value",
                    i * n + 1,
                    (i + 1) * n
                ),
            ));
        }
        out.push(
            "Given",
            vec![format!("{id}_{}", values.join("_"))],
            format!("{PENCIL}, {id} (characters {}-{})", i * n + 1, (i + 1) * n),
        );
    }
    Ok(true)
}

/// Whether `text` is one of ISS's text formats that satdoku's own text reader does not
/// read (so a line of it is an ISS puzzle wherever a puzzle is read): a short or long
/// killer string, a jigsaw (givens and layout), a jigsaw layout in characters that are no
/// digits of the grid, or pencil marks written one place per value (`1.3……`).
pub fn looks_like_iss_text(text: &str) -> bool {
    // the longest of these formats: 16×16 pencil marks
    if text.len() > 2 * 16 * 16 * 16 {
        return false;
    }
    let t: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if t.starts_with(&['3', 'x', '3', ':']) {
        // a killer string, even one to be refused
        return true;
    }
    let short_killer = t.len() == 81
        && t.iter().any(|c| "<>^v`'".contains(*c))
        && t.iter()
            .all(|&c| arrow(c).is_some() || killer_sum(c).is_some());
    if short_killer {
        return true;
    }
    match format_of(text, 1) {
        Ok(Some((LAYOUT, _))) => {
            let n = side_of(t.len()).unwrap_or(0);
            !t.iter()
                .all(|c| c.to_digit(36).is_some_and(|d| (1..=n as u32).contains(&d)))
        }
        // pencil marks written one place per value, each cell with one at least
        Ok(Some((PENCIL, _))) => {
            let n = (2..=9).find(|n| n * n * n == t.len()).unwrap_or(0);
            n > 0
                && t.chunks(n).all(|cell| {
                    cell.iter()
                        .enumerate()
                        .all(|(k, &c)| c == '.' || c.to_digit(10) == Some(k as u32 + 1))
                })
        }
        Ok(Some((f, _))) => [SOLUTION, JIGSAW].contains(&f),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The items of `text`, each `Name~arg~arg`.
    fn items(text: &str) -> Vec<String> {
        read(text)
            .unwrap()
            .nodes
            .iter()
            .map(|n| match n {
                Node::Leaf(i) => std::iter::once(i.at.name.clone())
                    .chain(i.args.iter().cloned())
                    .collect::<Vec<_>>()
                    .join("~"),
                Node::Group(h, _) => h.at.name.clone(),
            })
            .collect()
    }

    fn error(text: &str) -> String {
        match read(text) {
            Ok(_) => panic!("read: {text}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn short_killer_follows_the_arrows_to_the_sum() {
        // r1c1 holds 3 and r1c2 points left to it, r1c3 holds 9; below them every cell
        // points up; columns 4-9 point down to a 0 (no sum) in row 9.
        let mut t: Vec<char> = "3<9vvvvvv".chars().collect();
        for _ in 1..8 {
            t.extend("^^^vvvvvv".chars());
        }
        t.extend("^^^000000".chars());
        let text: String = t.iter().collect();
        let got = items(&text);
        assert_eq!(got.len(), 8, "{got:?}");
        assert!(
            got[0].starts_with("Cage~3~R1C1~R1C2~R2C1~R2C2~R3C1"),
            "{got:?}"
        );
        assert_eq!(got[0].matches('R').count(), 18);
        assert_eq!(
            got[1],
            "Cage~9~R1C3~R2C3~R3C3~R4C3~R5C3~R6C3~R7C3~R8C3~R9C3"
        );
        assert!(got.contains(&"Cage~0~R1C4~R2C4~R3C4~R4C4~R5C4~R6C4~R7C4~R8C4~R9C4".into()));
        // sums past 9: A = 10, a = 36
        let mut u = t.clone();
        u[0] = 'A';
        assert!(items(&u.iter().collect::<String>())[0].starts_with("Cage~10~R1C1"));
        u[0] = 'a';
        assert!(items(&u.iter().collect::<String>())[0].starts_with("Cage~36~R1C1"));
        // a diagonal arrow: r2c3 ` points up-left to r1c2, so column 3 below row 1 joins
        // the cage of 3
        let mut d = t.clone();
        d[11] = '`';
        let got = items(&d.iter().collect::<String>());
        assert_eq!(got[1], "Cage~9~R1C3");
    }

    #[test]
    fn short_killer_refuses_bad_arrows_with_their_place() {
        let mut t: Vec<char> = std::iter::repeat_n('5', 81).collect();
        t[0] = '<';
        let e = error(&t.iter().collect::<String>());
        assert!(
            e.contains("character 1 (R1C1)") && e.contains("out of the grid"),
            "{e}"
        );
        // round the edge: r2c1 '<' would be r1c9 in reading order
        let mut t: Vec<char> = std::iter::repeat_n('5', 81).collect();
        t[9] = '<';
        assert!(error(&t.iter().collect::<String>()).contains("character 10 (R2C1)"));
        // a loop: r1c1 > and r1c2 <
        let mut t: Vec<char> = std::iter::repeat_n('5', 81).collect();
        t[0] = '>';
        t[1] = '<';
        let e = error(&t.iter().collect::<String>());
        assert!(e.contains("loop") && e.contains("R1C1"), "{e}");
    }

    fn long(head: &str, cells: &[u32]) -> String {
        let mut s = head.to_string();
        for c in cells {
            s.push_str(&format!("{c}:"));
        }
        s
    }

    #[test]
    fn long_killer_reads_sums_and_cage_ids() {
        let mut cells = vec![0u32; 81];
        cells[0] = 14 * 256 + 3;
        cells[1] = 14 * 256 + 3;
        cells[80] = 9 * 256 + 7;
        let got = items(&long("3x3:d:k:", &cells));
        assert_eq!(
            got,
            [
                "Diagonal~1",
                "Diagonal~-1",
                "Cage~14~R1C1~R1C2",
                "Cage~9~R9C9"
            ]
        );
        assert_eq!(items(&long("3x3::k:", &cells)).len(), 2);
        // one id, two sums
        cells[2] = 15 * 256 + 3;
        let e = error(&long("3x3::k:", &cells));
        assert!(
            e.contains("field 6 (R1C3)") && e.contains("cage 3 has the sum 15"),
            "{e}"
        );
        cells[2] = 0;
        let e = error(&long("3x3:x:k:", &cells));
        assert!(e.contains("field 2"), "{e}");
        let e = error(&long("3x3::s:", &cells));
        assert!(e.contains("field 3 must be k"), "{e}");
        let e = error(&long("3x3::k:", &cells[..80]));
        assert!(e.contains("80 cell fields"), "{e}");
        let e = error(&long("3x3::k:", &cells).replacen(":0:", ":zz:", 1));
        assert!(e.contains("\"zz\" is not a number"), "{e}");
    }

    #[test]
    fn plain_grids_jigsaws_and_layouts() {
        // a 4x4 plain grid with one kind of empty cell
        assert_eq!(
            items("1..4............"),
            ["Shape~4x4", "Given~R1C1_1~R1C4_4"]
        );
        // two kinds of non-digit: not a plain grid, nor any other format (a constraint
        // string is then expected)
        assert!(matches!(read("1..4....-......."), Err(IssError::NotIss)));
        // 16x16 writes A-P: digits are the empty cells
        let mut g = vec!['1'; 256];
        g[0] = 'A';
        g[17] = 'P';
        assert_eq!(
            items(&g.iter().collect::<String>()),
            ["Shape~16x16", "Given~R1C1_1~R2C2_16"]
        );
        // a layout: 4 regions of 4 cells, no boxes
        let layout = "aabbaabbccddccdd";
        assert_eq!(
            items(layout),
            ["Shape~4x4", "Jigsaw~aabbaabbccddccdd", "NoBoxes"]
        );
        // givens then layout
        let got = items(&format!("1...............{layout}"));
        assert_eq!(
            got,
            [
                "Shape~4x4",
                "Jigsaw~aabbaabbccddccdd",
                "NoBoxes",
                "Given~R1C1_1"
            ]
        );
        // `=`: a plain grid even when it could be a layout
        assert_eq!(
            items("=1234341221434321"),
            [
                "Shape~4x4",
                "Given~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1"
            ]
        );
        // ISS reads the same complete grid without `=` as a layout
        assert_eq!(items("1234341221434321")[1], "Jigsaw~1234341221434321");
    }

    #[test]
    fn numbers_and_pencil_marks() {
        let got = items("1 . . 4\n. . . .\n| . 3 . .\n. . . 12");
        assert_eq!(got, ["Shape~4x4", "Given~R1C1_1~R1C4_4~R3C2_3~R4C4_12"]);
        // 4x4 pencil marks are 64 characters: ISS reads them as a plain 8x8 grid
        assert_eq!(items(&"1234".repeat(16))[0], "Shape~8x8");
        let mut marks = "123456789".repeat(81);
        marks.replace_range(0..9, "1.3......");
        let got = items(&marks);
        assert_eq!(got.len(), 82);
        assert_eq!(got[1], "Given~R1C1_1_3");
        assert_eq!(got[81], "Given~R9C9_1_2_3_4_5_6_7_8_9");
        marks.replace_range(9..18, ".........");
        let e = error(&marks);
        assert!(e.contains("R1C2 (characters 10-18) allows no value"), "{e}");
    }

    #[test]
    fn parts_comments_and_strings() {
        let layout = "aabbaabbccddccdd";
        let r = read(&format!("# a comment\n{layout}\n\n.~R1C1_1.AntiKnight\n")).unwrap();
        assert_eq!(r.nodes.len(), 5);
        let Node::Leaf(k) = &r.nodes[4] else { panic!() };
        assert_eq!((k.at.item, k.at.name.as_str()), (5, "AntiKnight"));
        assert_eq!(r.places[&5], "part 2 of the text");
        assert!(r.places[&1].starts_with("part 1 of the text, ISS jigsaw"));
        // one constraint string: its own numbering, no places
        let r = read(".~R1C1_1.AntiKnight").unwrap();
        assert!(r.places.is_empty());
        assert_eq!(r.used, 2);
    }

    #[test]
    fn what_is_told_as_iss_text() {
        let mut cells = vec![0u32; 81];
        cells[0] = 3 * 256 + 1;
        assert!(looks_like_iss_text(&long("3x3::k:", &cells)));
        let killer: String = std::iter::once('5')
            .chain(std::iter::repeat_n('<', 80))
            .collect();
        assert!(looks_like_iss_text(&killer));
        assert!(looks_like_iss_text("aabbaabbccddccdd"));
        assert!(looks_like_iss_text("1...............aabbaabbccddccdd"));
        assert!(looks_like_iss_text(&"123456789".repeat(81)));
        assert!(looks_like_iss_text("=1234341221434321"));
        // a cell without marks is no pencil-mark grid (an empty 16x16 is 4096 dots)
        let mut bad = "123456789".repeat(81);
        bad.replace_range(0..9, ".........");
        assert!(!looks_like_iss_text(&bad));
        assert!(!looks_like_iss_text(&".".repeat(4096)));
        assert!(!looks_like_iss_text(&"1".repeat(100_000)));
        // a killer string with a mistake is still ISS's, to be refused with its place
        assert!(looks_like_iss_text(&format!("<{}", "5".repeat(80))));
        assert!(looks_like_iss_text("3x3::k:1:"));
        // satdoku's own grids stay satdoku's
        assert!(!looks_like_iss_text("1234341221434321"));
        assert!(!looks_like_iss_text("1..4............"));
        assert!(!looks_like_iss_text(&"4321".repeat(16)));
    }
}
