//! Reading one line in bounded memory: every line-based reader (text puzzles, JSON lines,
//! payload lines) goes through it, so a line of gigabytes never reaches memory.

use std::io::{self, BufRead};

/// Reads one line into `buf` (without its newline), keeping at most `max` bytes: `None` at
/// the end of input, else whether the line was longer than `max` (the rest is skipped, so
/// memory stays bounded).
pub(crate) fn read_bounded_line(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_bounded_and_without_their_ending() {
        let text = format!("ab\r\n{}\ncd", "x".repeat(100));
        let mut r = io::BufReader::with_capacity(8, text.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(
            read_bounded_line(&mut r, 10, &mut buf).unwrap(),
            Some(false)
        );
        assert_eq!(buf, b"ab");
        // The over-long line is skipped whole and never held.
        assert_eq!(read_bounded_line(&mut r, 10, &mut buf).unwrap(), Some(true));
        assert!(buf.is_empty());
        assert_eq!(
            read_bounded_line(&mut r, 10, &mut buf).unwrap(),
            Some(false)
        );
        assert_eq!(buf, b"cd");
        assert_eq!(read_bounded_line(&mut r, 10, &mut buf).unwrap(), None);
    }
}
