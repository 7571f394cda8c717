//! ISS's relations given by a table: `Pair~KEY~cells…` (each cell with the next),
//! `PairX~KEY~cells…` (every two cells), and their older spellings `Binary` and `BinaryX`,
//! each read as satdoku `relation` rules.
//!
//! The key is the table of allowed (first, second) value pairs, one bit per pair: value
//! indices i, j from 0 (the smallest value) to V − 1, bit i·V + j, six bits per character
//! of the URL-safe base64 alphabet (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`), the lowest bit
//! first; trailing zero characters may be left out. `Binary` and `BinaryX` write `-` and `_`
//! the other way round. A key with another character, more characters than the table
//! needs, or bits past the table is refused (ISS never writes one). An empty table allows
//! nothing: the rule can never hold.
//!
//! After the key, the cells come in groups: an empty argument starts a new group and an
//! argument `_NAME` starts one named NAME (a label ISS shows, percent-encoded: reported in
//! a warning, not kept). Each group is one `relation`. ISS requires a `PairX` table to be
//! symmetric (it refuses others): satdoku refuses them too.

use super::args::{bad, cell};
use super::error::{At, IssError};
use crate::geometry::Shape;
use crate::rules::relation::{Pairs, Relation};
use crate::rules::Constraint;

/// The URL-safe base64 alphabet, in value order.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The allowed (first, second) pairs of digit indices 1..=v that `key` encodes.
pub fn decode_key(at: &At, key: &str, v: usize, legacy: bool) -> Result<Vec<[usize; 2]>, IssError> {
    let bits = v * v;
    let most = bits.div_ceil(6);
    let chars: Vec<char> = key.chars().collect();
    if chars.len() > most {
        return Err(bad(
            at,
            format!(
                "key {key:?} has {} characters; a table of {v}x{v} values has {bits} bits, \
                 {most} characters",
                chars.len()
            ),
        ));
    }
    let mut allowed = Vec::new();
    for (pos, &ch) in chars.iter().enumerate() {
        // Binary / BinaryX: `-` and `_` swapped
        let ch = match (legacy, ch) {
            (true, '-') => '_',
            (true, '_') => '-',
            _ => ch,
        };
        let sextet = ALPHABET
            .iter()
            .position(|&a| char::from(a) == ch)
            .ok_or_else(|| {
                bad(
                    at,
                    format!(
                        "key {key:?}: {:?} (character {}) is not URL-safe base64",
                        chars[pos],
                        pos + 1
                    ),
                )
            })?;
        for b in 0..6 {
            if sextet >> b & 1 == 0 {
                continue;
            }
            let k = pos * 6 + b;
            if k >= bits {
                return Err(bad(
                    at,
                    format!(
                        "key {key:?}: bit {k} is set, past the {bits} bits of a table of \
                         {v}x{v} values"
                    ),
                ));
            }
            allowed.push([k / v + 1, k % v + 1]);
        }
    }
    Ok(allowed)
}

/// The cell groups after the key: `(name, cells)` with the cells as written.
fn groups(items: &[String]) -> Vec<(Option<&str>, Vec<&str>)> {
    let mut out: Vec<(Option<&str>, Vec<&str>)> = Vec::new();
    let mut name = None;
    let mut cells = Vec::new();
    for item in items {
        if item.is_empty() || item.starts_with('_') {
            if !cells.is_empty() {
                out.push((name, std::mem::take(&mut cells)));
            }
            if let Some(n) = item.strip_prefix('_') {
                name = Some(n);
            }
        } else {
            cells.push(item.as_str());
        }
    }
    if !cells.is_empty() {
        out.push((name, cells));
    }
    out
}

/// The `relation` rules of one `Pair`, `PairX`, `Binary` or `BinaryX` item.
pub fn relations(
    at: &At,
    args: &[String],
    shape: &Shape,
    warnings: &mut Vec<String>,
) -> Result<Vec<Constraint>, IssError> {
    let n = shape.size();
    let values = shape.values();
    if values.count != n || values.min < 0 {
        return Err(IssError::Unsupported {
            at: at.clone(),
            why: format!(
                "a relation table on the values {values} of a {n}x{n} grid (satdoku reads \
                 relation tables with N values, none negative)"
            ),
        });
    }
    let key = args.first().ok_or_else(|| bad(at, "missing key"))?;
    let legacy = at.name.starts_with("Binary");
    // the key numbers the values from 1 (the smallest); the rule states the values
    let offset = (values.min - 1) as isize;
    let allowed: Vec<[usize; 2]> = decode_key(at, key, n, legacy)?
        .into_iter()
        .map(|[d, e]| {
            [
                (d as isize + offset) as usize,
                (e as isize + offset) as usize,
            ]
        })
        .collect();
    let all = at.name.ends_with('X');
    if all {
        if let Some([d, e]) = allowed.iter().find(|&&[d, e]| !allowed.contains(&[e, d])) {
            return Err(bad(
                at,
                format!(
                    "key {key:?} allows ({d}, {e}) but not ({e}, {d}); a table for every two \
                     cells must be symmetric (ISS refuses it too)"
                ),
            ));
        }
    }
    let groups = groups(&args[1..]);
    if groups.is_empty() {
        return Err(bad(at, "no cells"));
    }
    super::args::label_warnings(at, groups.iter().map(|g| g.0), "cells", warnings);
    groups
        .into_iter()
        .map(|(_, cells)| {
            let cells = cells
                .iter()
                .map(|c| cell(at, c, n))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Constraint::Relation(Relation {
                cells,
                allowed: allowed.clone(),
                pairs: if all { Pairs::All } else { Pairs::Consecutive },
            }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::iss::parse;

    fn at() -> At {
        At {
            item: 1,
            name: "Pair".into(),
        }
    }

    /// The table of `pred` on the digits 1..=v.
    fn table(v: usize, pred: impl Fn(usize, usize) -> bool) -> Vec<[usize; 2]> {
        (1..=v)
            .flat_map(|d| (1..=v).map(move |e| [d, e]))
            .filter(|&[d, e]| pred(d, e))
            .collect()
    }

    fn relations_of(text: &str) -> Vec<Relation> {
        parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .document
            .puzzle
            .constraints()
            .iter()
            .map(|c| match c {
                Constraint::Relation(r) => r.clone(),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    fn refusal(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    /// "d < e" on 4 values, worked out by hand: bits 1, 2, 3 (`O` = 14) and 6, 7, 11 (the
    /// second character's bits 0, 1, 5: `j` = 35).
    #[test]
    fn a_key_worked_by_hand() {
        assert_eq!(
            decode_key(&at(), "Oj", 4, false).unwrap(),
            table(4, |d, e| d < e)
        );
        // trailing zero characters may be written or left out
        assert_eq!(
            decode_key(&at(), "OjA", 4, false).unwrap(),
            table(4, |d, e| d < e)
        );
        assert!(decode_key(&at(), "", 4, false).unwrap().is_empty());
    }

    /// ISS's nabner table (`PairX`, and the same key in `BinaryX`'s swapped spelling):
    /// digits at least 2 apart; its "1:3" table (`Pair`): one digit three times the other.
    #[test]
    fn keys_from_iss_examples() {
        let far = table(9, |d, e| d.abs_diff(e) >= 2);
        assert_eq!(decode_key(&at(), "8H_xf8H_xf8H_B", 9, false).unwrap(), far);
        assert_eq!(decode_key(&at(), "8H-xf8H-xf8H-B", 9, true).unwrap(), far);
        assert_eq!(
            decode_key(&at(), "EAEBEAAQAAAAE", 9, false).unwrap(),
            table(9, |d, e| d == 3 * e || e == 3 * d)
        );
    }

    /// The key of `pred` on v values, written from the format described above (tests).
    fn key(v: usize, pred: impl Fn(usize, usize) -> bool) -> String {
        let mut sextets = vec![0u8; (v * v).div_ceil(6)];
        for [d, e] in table(v, pred) {
            let k = (d - 1) * v + (e - 1);
            sextets[k / 6] |= 1 << (k % 6);
        }
        sextets
            .iter()
            .map(|&x| char::from(ALPHABET[x as usize]))
            .collect()
    }

    #[test]
    fn items_become_one_relation_per_group() {
        let ne = key(4, |d, e| d != e);
        let text = format!(
            ".Shape~4x4.Pair~Oj~R1C1~R1C2~R1C3~~R2C1~R3C1.PairX~{ne}~_a~R4C1~R4C2~_b%20c~R3C3~R3C4~~R2C3~R2C4"
        );
        let rs = relations_of(&text);
        assert_eq!(rs.len(), 5);
        assert_eq!(rs[0].cells.len(), 3);
        assert_eq!(rs[0].pairs, Pairs::Consecutive);
        assert_eq!(rs[0].allowed, table(4, |d, e| d < e));
        assert_eq!(rs[1].cells.len(), 2);
        assert!(rs[2..].iter().all(|r| r.pairs == Pairs::All));
        assert_eq!(rs[4].allowed, table(4, |d, e| d != e));
        let warnings = parse(&text).unwrap().warnings;
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[1].contains("\"b c\""), "{warnings:?}");
        // `Binary` spells `-` and `_` the other way round
        let swapped: String = ne
            .chars()
            .map(|c| match c {
                '-' => '_',
                '_' => '-',
                c => c,
            })
            .collect();
        let legacy = relations_of(&format!(".Shape~4x4.BinaryX~{swapped}~~R4C1~R4C2"));
        assert_eq!(legacy[0].allowed, table(4, |d, e| d != e));
        assert_eq!(legacy[0].pairs, Pairs::All);
    }

    /// A relation is the table ISS means: the counts agree with brute force through the
    /// reader (a 4×4 with "d < e" along a line and "differ by 2 or more" on a set).
    #[test]
    fn read_relations_solve_as_their_tables() {
        let far = key(4, |d, e| d.abs_diff(e) >= 2);
        let text = format!(".Shape~4x4.Pair~Oj~R1C1~R2C2.PairX~{far}~~R3C1~R4C2");
        let puzzle = parse(&text).unwrap().document.puzzle;
        crate::rules::testing::assert_count_matches(&puzzle, 300);
    }

    #[test]
    fn malformed_keys_and_cells_are_refused_with_the_item() {
        let e = refusal(".Shape~4x4.AntiKing.Pair~O*~R1C1~R1C2");
        assert!(
            e.starts_with("ISS item 3 (Pair)") && e.contains("'*' (character 2)"),
            "{e}"
        );
        let e = refusal(".Shape~4x4.Pair~OjAA~R1C1~R1C2");
        assert!(
            e.contains("has 4 characters") && e.contains("3 characters"),
            "{e}"
        );
        // 16 bits: the third character may only use its lowest 4
        let e = refusal(".Shape~4x4.Pair~OjQ~R1C1~R1C2");
        assert!(e.contains("bit 16 is set"), "{e}");
        let e = refusal(".Shape~4x4.PairX~Oj~R1C1~R1C2");
        assert!(e.contains("allows (1, 2) but not (2, 1)"), "{e}");
        assert!(refusal(".Shape~4x4.Pair").contains("missing key"));
        assert!(refusal(".Shape~4x4.Pair~Oj~_name").contains("no cells"));
        assert!(refusal(".Shape~4x4.Pair~Oj~R1C1~R5C1").contains("R5C1"));
        let e = refusal(".Shape~4x4.Pair~Oj~R1C1");
        assert!(e.contains("at least 2 cells"), "{e}");
        let e = refusal(".Shape~4x4.Pair~~R1C1~R1C2");
        assert!(e.contains("allows no pair"), "{e}");
        let e = refusal(".Shape~6x6~1-9.Pair~Oj~R1C1~R1C2");
        assert!(e.contains("values 1-9"), "{e}");
    }

    /// On a value set the table's indices become the values (index 1 is the smallest):
    /// "d < e" on `4x4~0-3` allows (0, 1) …, and counts as "<" through the reader.
    #[test]
    fn tables_on_value_sets_state_values() {
        let text = ".Shape~4x4~0-3.Pair~Oj~R1C1~R2C2";
        let import = parse(text).unwrap();
        let Constraint::Relation(r) = &import.document.puzzle.written_constraints()[0] else {
            panic!()
        };
        assert_eq!(r.allowed[0], [0, 1]);
        assert_eq!(r.allowed.len(), 6);
        crate::rules::testing::assert_count_matches(&import.document.puzzle, 300);
    }

    /// In an `Or`, an empty table is a false branch (ISS: the relation cannot hold).
    #[test]
    fn an_empty_table_is_a_false_branch() {
        let text = ".Shape~4x4.Or.Pair~~R1C1~R1C2.Cage~3~R1C1~R1C2.End";
        let puzzle = parse(text).unwrap().document.puzzle;
        crate::rules::testing::assert_count_matches(&puzzle, 300);
    }
}
