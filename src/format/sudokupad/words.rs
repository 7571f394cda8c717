//! Rules text against data: a rules text that names a feature the data does not hold (a
//! "thermometer" with no thermometer read, a "red line" with no red line drawn) gets a
//! warning — the feature may be drawn in a background image, or lost in a conversion.

use serde_json::{Map, Value};

/// Words of a rules text and the f-puzzles keys, any of which shows the feature is there.
const FEATURES: &[(&str, &[&str])] = &[
    ("thermo", &["thermometer", "slowthermometer"]),
    ("arrow", &["arrow", "littlekillersum"]),
    ("kropki", &["difference", "ratio"]),
    ("little killer", &["littlekillersum"]),
    ("killer", &["killercage", "littlekillersum"]),
    ("sandwich", &["sandwichsum"]),
    ("palindrom", &["palindrome"]),
    ("renban", &["renban"]),
    ("whisper", &["whispers"]),
    ("between line", &["betweenline"]),
    ("region sum", &["regionsumline"]),
    ("entropic", &["entropicline"]),
    ("modular", &["modularline"]),
    ("lockout", &["lockout"]),
    ("windoku", &["extraregion"]),
    ("main diagonal", &["diagonal+", "diagonal-"]),
    ("marked diagonal", &["diagonal+", "diagonal-"]),
    ("x-sudoku", &["diagonal+", "diagonal-"]),
    ("anti-knight", &["antiknight"]),
    ("antiknight", &["antiknight"]),
    ("anti-king", &["antiking"]),
    ("antiking", &["antiking"]),
    ("nonconsecutive", &["nonconsecutive", "difference"]),
    ("non-consecutive", &["nonconsecutive", "difference"]),
    ("disjoint", &["disjointgroups"]),
];

/// Colour words and a test on (red, green, blue) for lines of that colour.
/// Whether a colour (red, green, blue from 0 to 1) is of a named kind.
type IsColour = fn(f64, f64, f64) -> bool;

const COLOURS: &[(&str, IsColour)] = &[
    ("red", |r, g, b| r > 0.6 && g < 0.45 && b < 0.45),
    ("green", |r, g, b| g > 0.5 && r < 0.6 && b < 0.6),
    ("blue", |r, _g, b| b > 0.5 && r < 0.5),
    ("purple", |r, g, b| r > 0.4 && b > 0.4 && g < 0.45),
    ("orange", |r, g, b| {
        r > 0.8 && (0.3..0.75).contains(&g) && b < 0.3
    }),
    ("yellow", |r, g, b| r > 0.7 && g > 0.7 && b < 0.5),
    ("pink", |r, g, b| r > 0.8 && b > 0.5 && g < 0.75),
    ("grey", |r, g, b| {
        (r - g).abs() < 0.1 && (g - b).abs() < 0.1 && r > 0.3 && r < 0.9
    }),
    ("gray", |r, g, b| {
        (r - g).abs() < 0.1 && (g - b).abs() < 0.1 && r > 0.3 && r < 0.9
    }),
];

fn rgb(color: &str) -> Option<(f64, f64, f64)> {
    let h = color.trim().trim_start_matches('#');
    let h = match h.len() {
        3 | 4 => h.chars().take(3).flat_map(|c| [c, c]).collect::<String>(),
        6 | 8 => h[..6].to_string(),
        _ => return None,
    };
    let v = |i: usize| {
        u8::from_str_radix(h.get(i..i + 2)?, 16)
            .ok()
            .map(|x| x as f64 / 255.0)
    };
    Some((v(0)?, v(2)?, v(4)?))
}

/// Line rules the rules text (lowercase) states by colour, in the sentence satdoku's SCL
/// export writes: "Lines of colour #F067F0 are renban lines."
pub(super) fn colour_sentences(rules: &str) -> Vec<(String, super::Rule)> {
    let mut out = Vec::new();
    for (at, _) in rules.match_indices("lines of colour #") {
        let rest = &rules[at + "lines of colour ".len()..];
        let Some(colour) = rest.get(..7) else {
            continue;
        };
        let Some(words) = rest[7..].strip_prefix(" are ") else {
            continue;
        };
        let word: String = words
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if let Ok(rule) = super::Rule::parse(&word) {
            out.push((super::geom::norm_color(colour), rule));
        }
    }
    out
}

/// Warnings for features the rules text (lowercase) names but the data lacks.
pub(super) fn absent_features(
    rules: &str,
    fp: &Map<String, Value>,
    scl: &Map<String, Value>,
) -> Vec<String> {
    let mut out = Vec::new();
    if rules.is_empty() {
        return out;
    }
    let has = |key: &str| match fp.get(key) {
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Bool(b)) => *b,
        _ => false,
    };
    let mut said: Vec<&str> = Vec::new();
    for (word, keys) in FEATURES {
        if rules.contains(word)
            && !keys.iter().any(|k| has(k))
            && !said.iter().any(|s| s.contains(word) || word.contains(s))
        {
            said.push(word);
            out.push(format!(
                "SudokuPad: the rules text speaks of \"{word}\" but no such rule was read \
                 from the data (drawn in a background image, or lost in a conversion?)"
            ));
        }
    }
    // "All possible dots are given" is a rule about the dots not drawn: SCL cannot say it.
    if [
        "all possible",
        "all such",
        "negative constraint",
        "all dots",
        "all kropki",
    ]
    .iter()
    .any(|w| rules.contains(w))
        && !["not all", "not necessarily all"]
            .iter()
            .any(|w| rules.contains(w))
    {
        out.push(
            "SudokuPad: the rules text may state a negative constraint (\"all possible …              are given\"); SCL data cannot carry it and satdoku does not enforce it"
                .to_string(),
        );
    }
    let line_colours: Vec<(f64, f64, f64)> = ["lines", "arrows"]
        .iter()
        .filter_map(|k| scl.get(*k)?.as_array())
        .flatten()
        .filter_map(|l| rgb(l.get("color")?.as_str()?))
        .collect();
    for (word, test) in COLOURS {
        let named = [" line", " lines"]
            .iter()
            .any(|l| rules.contains(&format!("{word}{l}")));
        if named && !line_colours.iter().any(|&(r, g, b)| test(r, g, b)) {
            out.push(format!(
                "SudokuPad: the rules text speaks of {word} lines but none is drawn"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_colour_sentences_satdoku_writes() {
        let got = colour_sentences("normal rules. lines of colour #f067f0 are renban lines. lines of colour #67f067 are whispers lines. lines of colour #123 are odd.");
        assert_eq!(
            got,
            vec![
                (
                    "#F067F0".to_string(),
                    super::super::Rule::Key("renban".into())
                ),
                (
                    "#67F067".to_string(),
                    super::super::Rule::Key("whispers".into())
                ),
            ]
        );
    }

    #[test]
    fn names_what_the_text_says_and_the_data_lacks() {
        let fp = json!({"thermometer": [{}]});
        let scl = json!({"lines": [{"color": "#6ED078"}]});
        let w = absent_features(
            "thermos increase. kropki dots. green lines are whispers; the red line is a renban",
            fp.as_object().unwrap(),
            scl.as_object().unwrap(),
        );
        let all = w.join("\n");
        assert!(all.contains("\"kropki\""), "{all}");
        assert!(!all.contains("\"thermo\""), "{all}");
        assert!(all.contains("red lines"), "{all}");
        assert!(!all.contains("green lines"), "{all}");
    }
}
