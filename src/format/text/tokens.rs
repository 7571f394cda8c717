//! Splitting a content line into cell tokens: the lowest layer of the text readers, used by
//! the record reader and the cell reader alike.

use super::Symbols;
use crate::error::ParseError;
use crate::geometry::MAX_SIZE;

/// A cell token with its 1-based column: one character, or a whole word (numbers mode, CSV).
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) ch: char,
    pub(super) word: Option<Box<str>>,
    pub(super) column: usize,
}

impl Token {
    pub(super) fn char(ch: char, column: usize) -> Token {
        Token {
            ch,
            word: None,
            column,
        }
    }
    pub(super) fn word(text: &str, column: usize) -> Token {
        Token {
            ch: text.chars().next().unwrap_or('.'),
            word: Some(text.into()),
            column,
        }
    }
    pub(super) fn is_dash(&self) -> bool {
        self.ch == '-' && self.word.as_deref().is_none_or(|w| w == "-")
    }
    pub(super) fn text(&self) -> String {
        match &self.word {
            Some(w) => w.to_string(),
            None => self.ch.to_string(),
        }
    }
}

/// A content line split into cell tokens.
#[derive(Clone, Debug)]
pub(super) struct Row {
    pub(super) line: usize,
    pub(super) tokens: Vec<Token>,
    pub(super) separator: bool,
}

/// Removes a `#` comment (unless `#` is a digit symbol).
pub(super) fn strip_comment<'t>(text: &'t str, _symbols: &Symbols) -> &'t str {
    match text.find('#') {
        Some(i) => &text[..i],
        None => text,
    }
}

/// The integer square root of `k` when `k` is a perfect square.
pub(super) fn square_root(k: usize) -> Option<usize> {
    let r = (k as f64).sqrt().round() as usize;
    (r * r == k).then_some(r)
}

/// Splits a content line into cell tokens. Whitespace, `|`, `+` and commas separate; a line
/// whose tokens include multi-digit numbers is read one token per cell.
pub(super) fn tokenize(line: usize, text: &str, symbols: &Symbols) -> Result<Row, ParseError> {
    let is_sep = |c: char| c.is_whitespace() || matches!(c, '|' | '+' | ',');
    let separator = text
        .chars()
        .all(|c| is_sep(c) || matches!(c, '-' | '=' | ':'));
    // Whitespace/comma-separated tokens, with their columns.
    let mut words: Vec<Token> = Vec::new();
    let mut cur = String::new();
    let mut cur_col = 0;
    for (i, c) in text.chars().enumerate() {
        if is_sep(c) {
            if !cur.is_empty() {
                words.push(Token::word(&cur, cur_col));
                cur.clear();
            }
        } else {
            if cur.is_empty() {
                cur_col = i + 1;
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        words.push(Token::word(&cur, cur_col));
    }
    let numeric = !symbols.is_custom()
        && words.len() > 1
        && words
            .iter()
            .any(|w| w.text().len() > 1 && w.text().chars().all(|c| c.is_ascii_digit()));
    let char_tokens = || -> Vec<Token> {
        words
            .iter()
            .flat_map(|w| {
                let column = w.column;
                w.word
                    .as_deref()
                    .unwrap_or_default()
                    .chars()
                    .enumerate()
                    .map(move |(j, c)| Token::char(c, column + j))
            })
            .collect()
    };
    let tokens = if numeric {
        let plausible =
            |k: usize| square_root(k).is_some_and(|r| r >= 2) || (4..=MAX_SIZE).contains(&k);
        let chars = char_tokens();
        if plausible(words.len()) || !plausible(chars.len()) {
            words
        } else {
            chars
        }
    } else {
        char_tokens()
    };
    // A rule of dashes with `+`, `|` or `=` is always a separator; a line of dashes alone
    // may still be an empty puzzle (81 dashes).
    let ruled = text.contains(['+', '|', '=', ':']);
    if separator && (ruled || !tokens.iter().any(Token::is_dash)) {
        return Ok(Row {
            line,
            tokens: Vec::new(),
            separator: true,
        });
    }
    Ok(Row {
        line,
        tokens,
        separator,
    })
}
