//! Digit symbols: the default alphabet, the empty-cell marks, and `--symbols` alphabets.

use crate::error::Error;
use crate::geometry::{Digit, MAX_SIZE};

/// Default alphabet for N > 9: `1-9` then `A-Z`.
pub(super) const DEFAULT_ALPHABET: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
pub(super) const EMPTY: &[char] = &['.', '0', '-', '_', '*', 'x'];

/// How digits are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols {
    alphabet: Option<Vec<char>>,
}

impl Symbols {
    /// The default: `1-9`, then `A-Z`; numbers for sizes beyond 35.
    pub fn standard() -> Symbols {
        Symbols { alphabet: None }
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
        })
    }
    pub(super) fn is_custom(&self) -> bool {
        self.alphabet.is_some()
    }
    pub(super) fn is_empty_char(&self, c: char) -> bool {
        match &self.alphabet {
            Some(_) => c == '.',
            None => EMPTY.contains(&c),
        }
    }
    /// The value a character names (1-based), before range checks.
    pub(super) fn value_of(&self, c: char) -> Option<usize> {
        match &self.alphabet {
            Some(a) => a.iter().position(|&x| x == c).map(|i| i + 1),
            None => DEFAULT_ALPHABET
                .find(c.to_ascii_uppercase())
                .filter(|_| c.is_ascii())
                .map(|i| i + 1),
        }
    }
    /// Whether digits of an `n`×`n` grid print as one character each.
    pub fn single_char(&self, n: usize) -> bool {
        match &self.alphabet {
            Some(a) => a.len() >= n,
            None => n <= DEFAULT_ALPHABET.len(),
        }
    }
    /// The written form of `d`.
    pub fn symbol(&self, d: Digit, n: usize) -> String {
        match &self.alphabet {
            Some(a) if d.index() < a.len() => a[d.index()].to_string(),
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
