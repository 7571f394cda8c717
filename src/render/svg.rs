//! Writing SVG as text: one escape function for every piece of user text, compact numbers,
//! and the few element shapes the drawings use.
//!
//! Plain formatted text rather than a DOM crate: the drawings are a few hundred elements of
//! fixed shape, and the only thing that can go wrong in hand-written XML — text from the
//! puzzle file (title, author, rules) — goes through [`escape`] everywhere.

use std::fmt::{self, Write};

/// `text` made safe as XML character data or as an attribute value in double or single
/// quotes: `&`, `<`, `>`, `"` and `'` become entities, and characters XML 1.0 forbids (C0
/// controls other than tab, newline and carriage return; U+FFFE, U+FFFF) are dropped, since
/// no entity can stand for them.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A coordinate or length, printed with at most two decimals and no trailing zeros, so the
/// file stays small (`12`, `12.5`, `12.25`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct N(pub f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let v = (self.0 * 100.0).round() / 100.0;
        // -0 prints as 0.
        let v = if v == 0.0 { 0.0 } else { v };
        if v.fract() == 0.0 {
            write!(f, "{}", v as i64)
        } else {
            let s = format!("{v:.2}");
            f.write_str(s.trim_end_matches('0'))
        }
    }
}

/// A point.
pub type P = (f64, f64);

/// An SVG fragment under construction.
#[derive(Default, Debug)]
pub struct Out {
    buf: String,
}

impl Out {
    /// An empty fragment.
    pub fn new() -> Out {
        Out::default()
    }
    /// The text written so far.
    pub fn as_str(&self) -> &str {
        &self.buf
    }
    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }
    /// Appends raw markup (already escaped).
    pub fn raw(&mut self, s: &str) {
        self.buf.push_str(s);
    }
    /// Appends formatted markup (arguments must be numbers or escaped text).
    pub fn fmt(&mut self, args: fmt::Arguments) {
        self.buf.write_fmt(args).expect("writing to a String");
    }
    /// Opens `<g class="rule rule-KIND" …>`: the group holding one constraint's drawing.
    pub fn open_rule(&mut self, kind: &str, attrs: &str) {
        self.fmt(format_args!(
            "<g class=\"rule rule-{}\"{}{}>",
            escape(kind),
            if attrs.is_empty() { "" } else { " " },
            attrs
        ));
    }
    /// Closes a group.
    pub fn close(&mut self) {
        self.raw("</g>");
    }
    /// A circle.
    pub fn circle(&mut self, (x, y): P, r: f64, attrs: &str) {
        self.fmt(format_args!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {attrs}/>",
            N(x),
            N(y),
            N(r)
        ));
    }
    /// A rectangle.
    pub fn rect(&mut self, (x, y): P, w: f64, h: f64, attrs: &str) {
        self.fmt(format_args!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {attrs}/>",
            N(x),
            N(y),
            N(w),
            N(h)
        ));
    }
    /// An open polyline through `points`.
    pub fn polyline(&mut self, points: &[P], attrs: &str) {
        self.points("polyline", points);
        self.fmt(format_args!("\" fill=\"none\" {attrs}/>"));
    }
    /// A closed polygon.
    pub fn polygon(&mut self, points: &[P], attrs: &str) {
        self.points("polygon", points);
        self.fmt(format_args!("\" {attrs}/>"));
    }
    /// The opening of a polyline or polygon, up to the end of its point list: `<tag
    /// points="x,y x,y …`.
    fn points(&mut self, tag: &str, points: &[P]) {
        self.fmt(format_args!("<{tag} points=\""));
        for (i, &(x, y)) in points.iter().enumerate() {
            if i > 0 {
                self.raw(" ");
            }
            self.fmt(format_args!("{},{}", N(x), N(y)));
        }
    }
    /// A line segment.
    pub fn line(&mut self, (x1, y1): P, (x2, y2): P, attrs: &str) {
        self.fmt(format_args!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {attrs}/>",
            N(x1),
            N(y1),
            N(x2),
            N(y2)
        ));
    }
    /// Text centred horizontally on `x`, its middle at `y`; `text` is escaped here.
    pub fn text(&mut self, (x, y): P, size: f64, text: &str, attrs: &str) {
        // 0.35 em below the middle puts the baseline so digits look vertically centred
        // (dominant-baseline is not honoured by every renderer).
        self.fmt(format_args!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}{}>{}</text>",
            N(x),
            N(y + 0.35 * size),
            N(size),
            if attrs.is_empty() { "" } else { " " },
            attrs,
            escape(text)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_replaces_markup_and_drops_what_xml_cannot_hold() {
        assert_eq!(
            escape(r#"a<b>&"c"'d'"#),
            "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;"
        );
        assert_eq!(escape("x\u{0}y\u{1b}z\u{FFFF}"), "xyz");
        assert_eq!(escape("tab\tnew\nline"), "tab\tnew\nline");
        assert_eq!(escape("]]> &amp;"), "]]&gt; &amp;amp;");
        assert_eq!(escape("Über 数独 ✓"), "Über 数独 ✓");
    }

    #[test]
    fn numbers_print_short() {
        assert_eq!(N(12.0).to_string(), "12");
        assert_eq!(N(12.5).to_string(), "12.5");
        assert_eq!(N(1.0 / 3.0).to_string(), "0.33");
        assert_eq!(N(-0.001).to_string(), "0");
        assert_eq!(N(-2.25).to_string(), "-2.25");
    }
}
