//! Digit symbols: the default alphabet, the empty-cell marks, and `--symbols` alphabets.

use crate::error::Error;
use crate::geometry::{Digit, Values, MAX_SIZE};

/// Default alphabet for N > 9: `1-9` then `A-Z`.
pub(super) const DEFAULT_ALPHABET: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
pub(super) const EMPTY: &[char] = &['.', '0', '-', '_', '*', 'x'];
/// Values 0..=35 as one character each, when the cells hold other values than 1..=N.
const VALUE_ALPHABET: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// How digits are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols {
    alphabet: Option<Vec<char>>,
    /// The values the cells hold, when set ([`Symbols::with_values`]): a digit is then
    /// written as its value (`0-9`, then `A-Z` for 10..=35; numbers beyond).
    values: Option<Values>,
}

impl Symbols {
    /// The default: `1-9`, then `A-Z`; numbers for sizes beyond 35.
    pub fn standard() -> Symbols {
        Symbols {
            alphabet: None,
            values: None,
        }
    }
    /// These symbols for a grid whose cells hold `values`: digits are written (and read) as
    /// their values — `0` is then a digit when the values include it, and only the empty
    /// marks that are no value's symbol (`.` `-` `_` `*`) mark an empty cell. A custom
    /// alphabet is kept as it is (its i-th character is the i-th value).
    pub fn with_values(&self, values: Values) -> Symbols {
        Symbols {
            alphabet: self.alphabet.clone(),
            values: Some(values),
        }
    }
    /// These symbols for a grid of `shape`: [`Symbols::with_values`] unless its cells hold
    /// 1..=N.
    pub fn for_shape(&self, shape: &crate::geometry::Shape) -> Symbols {
        if shape.has_standard_values() {
            self.clone()
        } else {
            self.with_values(shape.values())
        }
    }
    /// The value set these symbols write, if set.
    pub fn values(&self) -> Option<Values> {
        self.values
    }
    /// How many digits a grid of side `n` read with these symbols has.
    pub fn value_count(&self, n: usize) -> usize {
        self.values.map_or(n, |v| v.count)
    }
    /// A custom alphabet: its i-th character is digit i+1; `.` is the empty cell.
    pub fn custom(alphabet: &str) -> Result<Symbols, Error> {
        let chars: Vec<char> = alphabet.chars().collect();
        let bad = |m: String| Error::Input(format!("--symbols {alphabet:?}: {m}"));
        if chars.is_empty() || chars.len() > MAX_SIZE {
            return Err(bad(format!("needs 1 to {MAX_SIZE} characters")));
        }
        for (i, c) in chars.iter().enumerate() {
            if c.is_whitespace() || matches!(c, '.' | '|' | ',' | '#') {
                return Err(bad(format!("{c:?} cannot be a digit symbol")));
            }
            if chars[..i].contains(c) {
                return Err(bad(format!("{c:?} appears twice")));
            }
        }
        Ok(Symbols {
            alphabet: Some(chars),
            values: None,
        })
    }
    pub(super) fn is_custom(&self) -> bool {
        self.alphabet.is_some()
    }
    pub(super) fn is_empty_char(&self, c: char) -> bool {
        match (&self.alphabet, self.values) {
            (Some(_), _) => c == '.',
            (None, Some(_)) => EMPTY.contains(&c) && self.value_of(c).is_none(),
            (None, None) => EMPTY.contains(&c),
        }
    }
    /// The 1-based digit index of a written value, if the value set holds it.
    pub(super) fn index_of_value(&self, value: i64) -> Option<usize> {
        match self.values {
            Some(v) => v.digit(value).map(|d| d.get()),
            None => usize::try_from(value).ok().filter(|&x| x > 0),
        }
    }
    /// The value a character names (1-based), before range checks.
    pub(super) fn value_of(&self, c: char) -> Option<usize> {
        match &self.alphabet {
            Some(a) => a.iter().position(|&x| x == c).map(|i| i + 1),
            None if self.values.is_some() => VALUE_ALPHABET
                .find(c.to_ascii_uppercase())
                .filter(|_| c.is_ascii())
                .and_then(|v| self.index_of_value(v as i64)),
            None => DEFAULT_ALPHABET
                .find(c.to_ascii_uppercase())
                .filter(|_| c.is_ascii())
                .map(|i| i + 1),
        }
    }
    /// Whether digits of an `n`×`n` grid print as one character each.
    pub fn single_char(&self, n: usize) -> bool {
        match (&self.alphabet, self.values) {
            (Some(a), _) => a.len() >= n,
            (None, Some(v)) => v.min >= 0 && v.max() < VALUE_ALPHABET.len() as i64,
            (None, None) => n <= DEFAULT_ALPHABET.len(),
        }
    }
    /// The written form of `d` (`n`: how many digits the grid has).
    pub fn symbol(&self, d: Digit, n: usize) -> String {
        match &self.alphabet {
            Some(a) if d.index() < a.len() => a[d.index()].to_string(),
            None if self.values.is_some() => {
                let v = self.values.expect("checked").value(d);
                if self.single_char(n) {
                    VALUE_ALPHABET[v as usize..=v as usize].to_string()
                } else {
                    v.to_string()
                }
            }
            None if self.single_char(n) => DEFAULT_ALPHABET[d.index()..=d.index()].to_string(),
            _ => d.get().to_string(),
        }
    }
}

impl Default for Symbols {
    fn default() -> Symbols {
        Symbols::standard()
    }
}
