//! ISS's state-machine lines, `NFA~KEY~cells…`, read as satdoku `nfa` rules.
//!
//! The key is ISS's serialised automaton (its js/nfa_builder.js, read for the format): URL-safe
//! base64 (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`, no padding) of a byte string, read as a
//! stream of bits, most significant bit of each byte first, each field an unsigned number
//! written most significant bit first:
//!
//! - header: the format (2 bits: 0 plain, 1 packed), the bits per state number minus one (4
//!   bits), the number of symbols minus one (4 bits), the number of start states and the
//!   number of other accepting states (one state number's width each), then one bit per
//!   start state saying whether it accepts (start state i is bit i, the lowest bit last
//!   written); a plain key then gives the bits of a transition count (4 bits);
//! - the states in order, numbered from 0: start states first, then the other accepting
//!   ones, then the rest; each state as either (plain) a transition count followed by that
//!   many (symbol, target) pairs, the symbol in just enough bits for the symbol count, or
//!   (packed) one bit per symbol (the lowest bit the first symbol) followed by the target
//!   of each set bit, in symbol order;
//! - states are read until fewer bits than one state's header remain; those left must be 0.
//!
//! Symbol i (from 0) is the grid's (i+1)-th value; symbol N (the number of values) is ISS's
//! segment boundary, read between the segments of a line (cells separated by a `-` argument).
//! A transition on a higher symbol can never be taken (no cell holds it): it is left out,
//! as is a boundary move on a line of one segment. An empty key is the automaton with no
//! states: it accepts nothing (the rule never holds).
//!
//! After the key, the cells come in groups as for `Pair` ([`super::pairs`]): an empty
//! argument or `_NAME` starts a new group; each group is one `nfa` rule.

use super::args::{bad, cell};
use super::error::{At, IssError};
use crate::geometry::{Cell, Shape};
use crate::rules::nfa::{Nfa, MAX_STATES};
use crate::rules::Constraint;
use std::collections::BTreeMap;

/// The URL-safe base64 alphabet, in value order.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The automaton a key encodes, in ISS's terms.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Decoded {
    /// Start states.
    pub start: Vec<u32>,
    /// Accepting states.
    pub accept: Vec<u32>,
    /// `(from, symbol, to)`, symbols from 0.
    pub moves: Vec<(u32, usize, u32)>,
    /// How many states the key lists (or refers to).
    pub states: usize,
}

/// Bits of a byte string, most significant first.
struct Bits {
    bytes: Vec<u8>,
    at: usize,
}

impl Bits {
    fn left(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    fn read(&mut self, count: usize) -> Option<u64> {
        if count > self.left() || count > 64 {
            return None;
        }
        let mut v = 0u64;
        for _ in 0..count {
            let bit = self.bytes[self.at / 8] >> (7 - self.at % 8) & 1;
            v = v << 1 | u64::from(bit);
            self.at += 1;
        }
        Some(v)
    }
}

/// The bits needed to write `n` (0 for 0).
fn required_bits(n: u64) -> usize {
    (64 - n.leading_zeros()) as usize
}

/// The bytes of unpadded URL-safe base64 `key` (trailing bits of the last character that
/// make no whole byte are dropped, as a browser's decoder does).
fn bytes(key: &str) -> Result<Vec<u8>, String> {
    let mut acc: u32 = 0;
    let mut bits = 0;
    let mut out = Vec::new();
    for (i, ch) in key.chars().enumerate() {
        let v = ALPHABET
            .iter()
            .position(|&a| char::from(a) == ch)
            .ok_or_else(|| format!("key: {ch:?} (character {}) is not URL-safe base64", i + 1))?;
        acc = (acc << 6 | v as u32) & 0xffff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if key.chars().count() % 4 == 1 {
        return Err(format!(
            "key: {} characters is not a base64 length (one too many)",
            key.chars().count()
        ));
    }
    Ok(out)
}

/// Decodes an ISS NFA key.
pub fn decode(key: &str) -> Result<Decoded, String> {
    if key.is_empty() {
        return Ok(Decoded::default());
    }
    let bytes = bytes(key)?;
    if bytes.is_empty() {
        return Err("key: no bytes".into());
    }
    let mut b = Bits { bytes, at: 0 };
    let short = || "key: ends inside its header".to_string();
    let format = b.read(2).ok_or_else(short)?;
    if format > 1 {
        return Err(format!(
            "key: format {format} (ISS writes 0, plain, or 1, packed)"
        ));
    }
    let state_bits = b.read(4).ok_or_else(short)? as usize + 1;
    let symbols = b.read(4).ok_or_else(short)? as usize + 1;
    let starts = b.read(state_bits).ok_or_else(short)? as usize;
    let accepts = b.read(state_bits).ok_or_else(short)? as usize;
    if starts > 31 {
        return Err(format!(
            "key: {starts} start states (ISS writes at most 31 with their accept bits)"
        ));
    }
    let start_accepts = b.read(starts).ok_or_else(short)?;
    let symbol_bits = required_bits(symbols as u64 - 1);
    let mut d = Decoded::default();
    let mut state: u32 = 0;
    if format == 0 {
        let count_bits = b.read(4).ok_or_else(short)? as usize;
        while count_bits > 0 && b.left() >= count_bits {
            let count = b.read(count_bits).expect("checked");
            for _ in 0..count {
                let (Some(sym), Some(to)) = (b.read(symbol_bits), b.read(state_bits)) else {
                    return Err(format!("key: state {state}'s transitions are cut short"));
                };
                d.moves.push((state, sym as usize, to as u32));
            }
            state += 1;
        }
    } else {
        while b.left() >= symbols {
            let mask = b.read(symbols).expect("checked");
            for sym in (0..symbols).filter(|s| mask >> s & 1 == 1) {
                let to = b
                    .read(state_bits)
                    .ok_or_else(|| format!("key: state {state}'s transitions are cut short"))?;
                d.moves.push((state, sym, to as u32));
            }
            state += 1;
        }
    }
    let rest = b.left();
    if b.read(rest).is_some_and(|v| v != 0) {
        return Err("key: non-zero bits after the last state".into());
    }
    d.start = (0..starts as u32).collect();
    d.accept = (0..starts as u32)
        .filter(|&i| start_accepts >> i & 1 == 1)
        .chain(starts as u32..(starts + accepts) as u32)
        .collect();
    let listed = d.moves.iter().map(|m| m.2 as usize + 1).max().unwrap_or(0);
    d.states = (state as usize).max(starts + accepts).max(listed);
    Ok(d)
}

/// The cells after the key: named groups, each a list of segments.
fn groups<'a>(items: &'a [String]) -> Vec<(Option<&'a str>, Vec<Vec<&'a str>>)> {
    let mut out = Vec::new();
    let mut name = None;
    let mut cells: Vec<&str> = Vec::new();
    let mut flush = |name: Option<&'a str>, cells: &mut Vec<&'a str>| {
        if !cells.is_empty() {
            let segs = cells.split(|c| *c == "-").map(<[&str]>::to_vec).collect();
            out.push((name, segs));
            cells.clear();
        }
    };
    for item in items {
        if item.is_empty() || item.starts_with('_') {
            flush(name, &mut cells);
            if let Some(n) = item.strip_prefix('_') {
                name = Some(n);
            }
        } else {
            cells.push(item);
        }
    }
    flush(name, &mut cells);
    out
}

/// The `nfa` rules of one `NFA` item.
pub fn rules(
    at: &At,
    args: &[String],
    shape: &Shape,
    warnings: &mut Vec<String>,
) -> Result<Vec<Constraint>, IssError> {
    let n = shape.size();
    let values = shape.values();
    let key = args.first().ok_or_else(|| bad(at, "missing key"))?;
    let d = decode(key).map_err(|e| bad(at, e))?;
    if d.states > MAX_STATES {
        return Err(IssError::Unsupported {
            at: at.clone(),
            why: format!(
                "an automaton of {} states (satdoku's nfa rule takes at most {MAX_STATES})",
                d.states
            ),
        });
    }
    // (from, to) -> values, for compact transitions; boundary moves apart
    let mut by_pair: BTreeMap<(u32, u32), Vec<usize>> = BTreeMap::new();
    let mut boundary: Vec<(u32, u32)> = Vec::new();
    for &(from, sym, to) in &d.moves {
        if sym < values.count {
            let value =
                usize::try_from(values.min + sym as i64).map_err(|_| IssError::Unsupported {
                    at: at.clone(),
                    why: format!("an automaton over negative values ({values})"),
                })?;
            by_pair.entry((from, to)).or_default().push(value);
        } else if sym == values.count {
            boundary.push((from, to));
        }
    }
    let transitions: Vec<(u32, Vec<usize>, u32)> = by_pair
        .into_iter()
        .map(|((from, to), vs)| (from, vs, to))
        .collect();
    let groups = groups(&args[1..]);
    if groups.is_empty() {
        return Err(bad(at, "no cells"));
    }
    super::args::label_warnings(at, groups.iter().map(|g| g.0), "line", warnings);
    groups
        .into_iter()
        .map(|(_, segments)| {
            let mut cells: Vec<Cell> = Vec::new();
            let mut breaks = Vec::new();
            let mut reads_region = Vec::new();
            for (i, seg) in segments.iter().enumerate() {
                // an empty segment (`-` first, last, or twice in a row) is read as ISS reads
                // it: its boundaries back to back
                if i > 0 {
                    breaks.push(cells.len());
                }
                for c in seg {
                    // a chaos region cell: the machine reads the cell's region number there
                    // (stated when its answer does not depend on the numbering; the rule
                    // checks)
                    if let Some(r) = super::chaos::region_cell(at, c, shape)? {
                        reads_region.push(cells.len());
                        cells.push(r);
                        continue;
                    }
                    cells.push(cell(at, c, n)?);
                }
            }
            let break_moves = if breaks.is_empty() {
                Vec::new()
            } else {
                boundary.clone()
            };
            Ok(Constraint::Nfa(Nfa {
                cells,
                breaks,
                start: d.start.clone(),
                accept: d.accept.clone(),
                transitions: transitions.clone(),
                break_moves,
                reads_region,
            }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes bits most significant first and encodes them as ISS's key (tests): the
    /// format described above, written from it.
    struct Writer(Vec<bool>);

    impl Writer {
        fn put(&mut self, v: u64, bits: usize) {
            for i in (0..bits).rev() {
                self.0.push(v >> i & 1 == 1);
            }
        }
        fn key(&self) -> String {
            let mut bytes = Vec::new();
            for chunk in self.0.chunks(8) {
                let mut b = 0u8;
                for (i, &bit) in chunk.iter().enumerate() {
                    b |= (bit as u8) << (7 - i);
                }
                bytes.push(b);
            }
            let mut bits: Vec<bool> = Vec::new();
            for b in &bytes {
                for i in (0..8).rev() {
                    bits.push(b >> i & 1 == 1);
                }
            }
            // base64 without padding: whole bytes, 6 bits a character (zero-filled)
            bits.chunks(6)
                .map(|c| {
                    let v = c
                        .iter()
                        .chain(std::iter::repeat(&false))
                        .take(6)
                        .fold(0, |a, &b| a << 1 | b as usize);
                    char::from(ALPHABET[v])
                })
                .collect()
        }
    }

    /// A packed key by hand: 4 symbols, 2 states (1 bit each), start 0 accepting, state 1
    /// not: 0 -1-> 1, 1 -2-> 0, 0 -4-> 0.
    #[test]
    fn a_packed_key_by_hand() {
        let mut w = Writer(Vec::new());
        w.put(1, 2); // packed
        w.put(0, 4); // 1 bit per state
        w.put(3, 4); // 4 symbols
        w.put(1, 1); // one start state
        w.put(0, 1); // no other accepting state
        w.put(1, 1); // the start state accepts
        w.put(0b1001, 4); // state 0: symbols 0 and 3
        w.put(1, 1); // symbol 0 -> 1
        w.put(0, 1); // symbol 3 -> 0
        w.put(0b0010, 4); // state 1: symbol 1
        w.put(0, 1); // -> 0
        let d = decode(&w.key()).unwrap();
        assert_eq!(d.start, vec![0]);
        assert_eq!(d.accept, vec![0]);
        assert_eq!(d.moves, vec![(0, 0, 1), (0, 3, 0), (1, 1, 0)]);
        assert_eq!(d.states, 2);
    }

    /// A plain key with two targets on one symbol: 3 states (2 bits), 2 symbols (1 bit).
    #[test]
    fn a_plain_key_by_hand() {
        let mut w = Writer(Vec::new());
        w.put(0, 2); // plain
        w.put(1, 4); // 2 bits per state
        w.put(1, 4); // 2 symbols
        w.put(1, 2); // one start state
        w.put(1, 2); // one other accepting state (state 1)
        w.put(0, 1); // the start does not accept
        w.put(2, 4); // 2 bits per transition count
        w.put(2, 2); // state 0: two transitions
        w.put(0, 1);
        w.put(1, 2); // symbol 0 -> 1
        w.put(0, 1);
        w.put(2, 2); // symbol 0 -> 2
        w.put(1, 2); // state 1: one
        w.put(1, 1);
        w.put(0, 2); // symbol 1 -> 0
        let d = decode(&w.key()).unwrap();
        assert_eq!(d.accept, vec![1]);
        assert_eq!(d.moves, vec![(0, 0, 1), (0, 0, 2), (1, 1, 0)]);
        assert!(d.states >= 3);
    }

    /// Keys from ISS's examples decode to the state counts ISS shows for them.
    #[test]
    fn iss_example_keys() {
        // "Odd, Even, Seven Thermos": "Even lots"
        let d = decode(
            "TgRf8iM0RVaqiIiP_ISEhIS_50dHR0f_SUlJSU_6wsLCwv_Z2dnZ2_7q6urq__hISEhI_8nJycnP_oqKioqA",
        )
        .unwrap();
        assert_eq!((d.start.len(), d.states), (1, 11));
        assert!(d.moves.iter().all(|m| m.1 < 9 && (m.2 as usize) < d.states));
    }

    #[test]
    fn malformed_keys_are_refused() {
        assert!(decode("T*").unwrap_err().contains("'*'"));
        assert!(decode("TgRf8").unwrap_err().contains("base64 length"));
        // format 3
        assert!(decode("wA").unwrap_err().contains("format 3"));
        // the Even lots key with a set bit appended
        let e = decode(
            "TgRf8iM0RVaqiIiP_ISEhIS_50dHR0f_SUlJSU_6wsLCwv_Z2dnZ2_7q6urq__hISEhI_8nJycnP_oqKioqB",
        )
        .unwrap_err();
        assert!(
            e.contains("non-zero bits") || e.contains("cut short"),
            "{e}"
        );
    }

    /// Read through the whole ISS reader: a `-` at an end is an empty segment (a boundary,
    /// which this automaton of 9 symbols cannot cross), a cell may be listed twice, and an
    /// automaton over chaos region cells reads their region numbers — refused when its
    /// answer depends on how the regions are numbered.
    #[test]
    fn empty_segments_cells_twice_and_region_cells() {
        const EVEN_LOTS: &str =
            "TgRf8iM0RVaqiIiP_ISEhIS_50dHR0f_SUlJSU_6wsLCwv_Z2dnZ2_7q6urq__hISEhI_8nJycnP_oqKioqA";
        let read = |cells: &str| crate::format::iss::parse(&format!(".NFA~{EVEN_LOTS}~{cells}"));
        let nfa = |cells: &str| match read(cells).unwrap().document.puzzle.constraints() {
            [crate::rules::Constraint::Nfa(m)] => m.clone(),
            other => panic!("{other:?}"),
        };
        assert!(nfa("R1C1~R1C2").breaks.is_empty());
        assert_eq!(nfa("R1C1~R1C2~R1C1").cells.len(), 3);
        for cells in ["R1C1~R1C2~-", "-~R1C1~R1C2", "R1C1~-~-~R1C2"] {
            let e = read(cells).unwrap_err().to_string();
            assert!(e.contains("accepts no line"), "{cells}: {e}");
        }
        // "even lots" over region numbers: an even count of even numbers is no property of
        // the partition
        let e = crate::format::iss::parse(&format!(
            ".Shape~4x4.ChaosConstruction.NoBoxes.NFA~{EVEN_LOTS}~CC1~CC2"
        ))
        .unwrap_err()
        .to_string();
        assert!(e.contains("depends on how the regions are numbered"), "{e}");
        // ISS's "Chaos Construction: Thermo Knots" (its scripts) reads a region cell, then its
        // digit, along each line: the regions are read, stated and solved in
        // tests/iss/examples.jsonl
    }

    #[test]
    fn groups_and_segments() {
        let args: Vec<String> = ["_a", "R1C1", "R1C2", "-", "R2C1", "", "R3C3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let g = groups(&args);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].1, vec![vec!["R1C1", "R1C2"], vec!["R2C1"]]);
        assert_eq!(g[1].1, vec![vec!["R3C3"]]);
    }
}
