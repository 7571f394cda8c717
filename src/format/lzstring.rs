//! A bounded decompressor for lz-string's base64 form (`compressToBase64`), the transport of
//! f-puzzles payloads.
//!
//! lz-string is LZW over UTF-16 code units with a growing code width: a 2-bit header says
//! whether the first unit is 8 or 16 bits wide, then each code is `numBits` bits, low bit
//! first. Codes 0 and 1 bring a new literal unit (8 or 16 bits) into the dictionary, code 2
//! ends the stream, any other code names a dictionary entry; the code equal to the next free
//! slot is the LZW special case `w + w[0]`. The width grows by one bit whenever `enlargeIn`
//! (starting at 4) counts down to zero. Base64 characters carry 6 bits each, most
//! significant first.
//!
//! A few kilobytes of payload can describe gigabytes of text (each code may repeat the
//! previous entry plus one unit), so the output is bounded *while* decompressing: the
//! dictionary is kept as (prefix code, last unit) pairs — memory linear in the number of
//! codes — and decoding stops as soon as the output would pass the caller's limit.

use crate::error::Error;

/// The base64 alphabet of lz-string (SudokuPad writes `\` for the padding `=`).
const ALPHABET: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// Why a payload could not be decompressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LzError {
    /// A character outside the base64 alphabet, at this 0-based character position.
    BadChar(usize),
    /// The code stream is not valid lz-string (it names an entry that does not exist yet, or
    /// ends early).
    Corrupt,
    /// The text would be longer than the limit (in UTF-16 code units).
    TooLong(usize),
}

/// One dictionary entry: the entry it extends (`u32::MAX` for none), its last unit and
/// its length.
#[derive(Clone, Copy)]
struct Entry {
    prefix: u32,
    unit: u16,
    len: u32,
}

struct Bits<'a> {
    values: &'a [u8],
    index: usize,
    value: u8,
    mask: u8,
}

impl Bits<'_> {
    /// Reads `width` bits, lowest first; past the end of the input the bits are zero (as in
    /// lz-string).
    fn read(&mut self, width: u32) -> u32 {
        let mut out = 0;
        for i in 0..width {
            if self.value & self.mask != 0 {
                out |= 1 << i;
            }
            self.mask >>= 1;
            if self.mask == 0 {
                self.mask = 32;
                self.value = self.values.get(self.index).copied().unwrap_or(0);
                self.index += 1;
            }
        }
        out
    }
}

/// Decompresses lz-string base64 text into UTF-16 code units, failing once the output would
/// exceed `limit` units. An empty input decompresses to an empty text.
pub fn decompress_base64(text: &str, limit: usize) -> Result<Vec<u16>, LzError> {
    let values = text
        .bytes()
        .enumerate()
        .map(|(i, b)| match ALPHABET.iter().position(|&a| a == b) {
            // `=` (index 64) is padding and carries no bits.
            Some(64) => Ok(0),
            Some(v) => Ok(v as u8),
            None => Err(LzError::BadChar(i)),
        })
        .collect::<Result<Vec<u8>, _>>()?;
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let mut bits = Bits {
        values: &values,
        index: 1,
        value: values[0],
        mask: 32,
    };
    // Codes 0, 1, 2 are the control codes; entries start at 3.
    let mut dict: Vec<Entry> = vec![
        Entry {
            prefix: u32::MAX,
            unit: 0,
            len: 0
        };
        3
    ];
    let mut out: Vec<u16> = Vec::new();
    let literal = |bits: &mut Bits, kind: u32| -> Option<u16> {
        match kind {
            0 => Some(bits.read(8) as u16),
            1 => Some(bits.read(16) as u16),
            _ => None,
        }
    };
    let kind = bits.read(2);
    let Some(first) = literal(&mut bits, kind) else {
        // 2 is the end code (an empty text); 3 is no code at all.
        return if kind == 2 {
            Ok(Vec::new())
        } else {
            Err(LzError::Corrupt)
        };
    };
    dict.push(Entry {
        prefix: u32::MAX,
        unit: first,
        len: 1,
    });
    out.push(first);
    let mut w = 3u32;
    let mut enlarge_in: u64 = 4;
    let mut width = 3u32;
    loop {
        if bits.index > values.len() {
            // The stream ran out without its end code.
            return Err(LzError::Corrupt);
        }
        let mut code = bits.read(width);
        if code == 2 {
            return Ok(out);
        }
        if code < 2 {
            let unit = literal(&mut bits, code).expect("0 or 1");
            dict.push(Entry {
                prefix: u32::MAX,
                unit,
                len: 1,
            });
            code = dict.len() as u32 - 1;
            enlarge_in -= 1;
            if enlarge_in == 0 {
                enlarge_in = 1 << width;
                width += 1;
            }
        }
        let start = out.len();
        let entry_len = if (code as usize) < dict.len() {
            dict[code as usize].len as usize
        } else if code as usize == dict.len() {
            // w + w[0]
            dict[w as usize].len as usize + 1
        } else {
            return Err(LzError::Corrupt);
        };
        if start + entry_len > limit {
            return Err(LzError::TooLong(limit));
        }
        out.resize(start + entry_len, 0);
        if (code as usize) < dict.len() {
            write_entry(&dict, code, &mut out[start..]);
        } else {
            write_entry(&dict, w, &mut out[start..start + entry_len - 1]);
            out[start + entry_len - 1] = out[start];
        }
        // The new entry: w followed by the first unit of this one.
        dict.push(Entry {
            prefix: w,
            unit: out[start],
            len: dict[w as usize].len + 1,
        });
        enlarge_in -= 1;
        w = code;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
        if width > 32 {
            return Err(LzError::Corrupt);
        }
    }
}

/// Writes the units of entry `code` into `slot` (exactly its length), walking its prefixes
/// from the end.
fn write_entry(dict: &[Entry], code: u32, slot: &mut [u16]) {
    let mut at = code;
    for i in (0..slot.len()).rev() {
        let e = dict[at as usize];
        slot[i] = e.unit;
        at = e.prefix;
    }
}

/// Turns an [`LzError`] into the library's error, for messages about f-puzzles payloads.
pub fn describe(e: &LzError) -> String {
    match e {
        LzError::BadChar(i) => format!(
            "not an lz-string base64 payload (character {} is not base64)",
            i + 1
        ),
        LzError::Corrupt => "not an lz-string base64 payload (it does not decompress)".into(),
        LzError::TooLong(limit) => format!(
            "the payload decompresses to more than {} MiB of text (the JSON size limit)",
            limit >> 20
        ),
    }
}

impl From<LzError> for Error {
    fn from(e: LzError) -> Error {
        Error::Format(describe(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn agrees_with_lz_str_on_texts() {
        for text in [
            "a",
            "ab",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "{\"size\":9,\"grid\":[[{}]]}",
            "héllo wörld — ünïcode ✓ 𝄞 mixed with ascii ascii ascii",
            &"abcabcabd".repeat(300),
        ] {
            let payload = lz_str::compress_to_base64(text);
            assert_eq!(
                decompress_base64(&payload, usize::MAX),
                Ok(units(text)),
                "{text}"
            );
        }
    }

    #[test]
    fn refuses_bad_characters_and_corrupt_streams() {
        assert_eq!(decompress_base64("N4I!", 100), Err(LzError::BadChar(3)));
        // A code naming an entry far beyond the dictionary.
        assert!(decompress_base64("////", 100).is_err());
        assert_eq!(decompress_base64("", 100), Ok(vec![]));
    }

    #[test]
    fn stops_at_the_limit() {
        let text = "x".repeat(5000);
        let payload = lz_str::compress_to_base64(&text);
        assert_eq!(decompress_base64(&payload, 5000), Ok(units(&text)));
        assert_eq!(
            decompress_base64(&payload, 4999),
            Err(LzError::TooLong(4999))
        );
    }

    proptest::proptest! {
        /// The bounded decompressor reads what lz-str writes, for any text.
        #[test]
        fn agrees_with_lz_str(text in "[ab{}\":,é0-9\u{1F600}]{0,300}") {
            let payload = lz_str::compress_to_base64(&text);
            proptest::prop_assert_eq!(decompress_base64(&payload, usize::MAX), Ok(units(&text)));
        }

        /// Arbitrary base64 never panics, and never disagrees with lz-str when both decode.
        #[test]
        fn arbitrary_payloads_are_safe(payload in "[A-Za-z0-9+/]{0,60}") {
            let ours = decompress_base64(&payload, 1 << 16);
            if let (Ok(a), Some(b)) = (&ours, lz_str::decompress_from_base64(&payload)) {
                proptest::prop_assert_eq!(a, &b);
            }
        }
    }
}
