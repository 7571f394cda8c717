//! What the user says SudokuPad drawings mean (`--line-rule`, `--element`,
//! `--ignore-unmapped`): the options every reader takes. Its own file, depending on nothing
//! of the readers, so that the text options can hold it without a circle of imports.

use crate::error::excerpt;

/// `#RRGGBB` (or `#RRGGBBAA`) in capitals; `#RGB` is widened.
pub fn norm_color(s: &str) -> String {
    let h = s.trim().trim_start_matches('#').to_ascii_uppercase();
    if h.len() == 3 || h.len() == 4 {
        let wide: String = h.chars().flat_map(|c| [c, c]).collect();
        return format!("#{wide}");
    }
    format!("#{h}")
}

/// f-puzzles line rules a SudokuPad line may be said to be.
pub const LINE_RULES: &[&str] = &[
    "thermometer",
    "slowthermometer",
    "palindrome",
    "betweenline",
    "lockout",
    "renban",
    "whispers",
    "regionsumline",
    "entropicline",
    "modularline",
    "nabner",
    "zipperline",
];

/// What a drawing means, as the user says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Not a rule: leave it out (named in a warning).
    Ignore,
    /// The f-puzzles key of the rule (`renban`, `whispers`, `killercage`, `extraregion`).
    Key(String),
}

impl Rule {
    /// Reads `ignore`, a line rule of [`LINE_RULES`] (also `thermo`, `german whispers` style
    /// short names), `killer`/`killercage` or `extraregion`.
    pub fn parse(text: &str) -> Result<Rule, String> {
        let t: String = text
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        let key = match t.as_str() {
            "ignore" | "none" | "cosmetic" => return Ok(Rule::Ignore),
            "thermo" => "thermometer",
            "slowthermo" => "slowthermometer",
            "between" => "betweenline",
            "germanwhispers" | "whisper" => "whispers",
            "killer" => "killercage",
            "regionsum" => "regionsumline",
            "entropic" => "entropicline",
            "modular" => "modularline",
            "zipper" => "zipperline",
            other => other,
        };
        if LINE_RULES.contains(&key) || key == "killercage" || key == "extraregion" {
            Ok(Rule::Key(key.to_string()))
        } else {
            Err(format!(
                "unknown rule {:?} (expected ignore, killer, extraregion or a line rule: {})",
                excerpt(text),
                LINE_RULES.join(", ")
            ))
        }
    }
}

/// What drawings mean when SudokuPad's data does not say (options of the readers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meanings {
    /// Lines of a colour (`#RRGGBB`, capitals) and the rule they are.
    pub line_colors: Vec<(String, Rule)>,
    /// Single elements by location (`lines[3]`, `cages[0]`, `overlays[2]`) and their rule.
    pub elements: Vec<(String, Rule)>,
    /// Read a puzzle whose drawings are not all mapped, without them (each named in a
    /// warning): the verdict is then about a weaker puzzle.
    pub ignore_unmapped: bool,
}

impl Meanings {
    /// Reads `COLOUR=RULE` (a line colour such as `#6ED078`).
    pub fn add_line_color(&mut self, spec: &str) -> Result<(), String> {
        let (c, r) = spec.split_once('=').ok_or_else(|| {
            format!("expected COLOUR=RULE, e.g. #6ED078=whispers, found {spec:?}")
        })?;
        let color = norm_color(c);
        if ![7, 9].contains(&color.len()) || !color[1..].bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("{c:?} is not a colour like #6ED078"));
        }
        self.line_colors.push((color, Rule::parse(r)?));
        Ok(())
    }

    /// Reads `ELEMENT=RULE` (an element such as `lines[3]`, as the refusal names it).
    pub fn add_element(&mut self, spec: &str) -> Result<(), String> {
        let (e, r) = spec.split_once('=').ok_or_else(|| {
            format!("expected ELEMENT=RULE, e.g. lines[3]=renban, found {spec:?}")
        })?;
        self.elements.push((e.trim().to_string(), Rule::parse(r)?));
        Ok(())
    }
}
