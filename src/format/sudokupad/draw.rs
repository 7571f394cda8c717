//! SudokuPad's drawings to rules, by the colours and sizes SudokuPad itself recognises
//! (its `PuzzleFeatures`, and what its f-puzzles converter draws): thermometers, arrows,
//! kropki dots, XV, little killers, sandwich clues, palindromes, diagonals, windoku. A
//! drawing that matches none, and that the user gave no meaning, is listed as unmapped.
//!
//! Points are `[row, col]` in cell units from the grid's top-left corner: the centre of
//! 0-based cell (r, c) is `[r + 0.5, c + 0.5]`, an edge midpoint has one whole coordinate.

use super::build::{list, rc, Build};
use super::geom::{cell_at, edge_cells, is_center, norm_color, outside_clue, path_cells, point};
use super::{err, Rule};
use crate::error::{excerpt, Error};
use serde_json::{json, Map, Value};

/// A line or an arrow.
struct Stroke {
    at: String,
    points: Vec<(f64, f64)>,
    color: String,
    thickness: f64,
    head: Option<f64>,
    /// Fields satdoku does not know (a dash pattern may change what a line means).
    unknown: Vec<String>,
}

/// Fields of a line or arrow: read, or drawing detail that does not change its meaning.
const STROKE_FIELDS: &[&str] = &[
    "wayPoints",
    "color",
    "thickness",
    "headLength",
    "opacity",
    "target",
    "class",
    "fill",
    "lineCap",
    "lineJoin",
];
/// Fields of an overlay or underlay, likewise.
const MARK_FIELDS: &[&str] = &[
    "center",
    "width",
    "height",
    "rounded",
    "backgroundColor",
    "borderColor",
    "text",
    "fontSize",
    "color",
    "stroke",
    "borderSize",
    "opacity",
    "class",
    "target",
    "textStroke",
    "fontWeight",
    "thickness",
];

/// The fields of `obj` not in `known`, shortened for messages.
fn unknown_fields(obj: &Map<String, Value>, known: &[&str]) -> Vec<String> {
    obj.keys()
        .filter(|k| !known.contains(&k.as_str()))
        .map(|k| excerpt(k))
        .collect()
}

/// An overlay or underlay: a rectangle, maybe rounded, maybe with text.
struct Mark {
    at: String,
    center: (f64, f64),
    width: f64,
    height: f64,
    rounded: bool,
    background: String,
    border: String,
    text: String,
    used: bool,
    /// Fields satdoku does not know (an angle may turn an X into a +).
    unknown: Vec<String>,
}

fn text_of(obj: &Map<String, Value>, key: &str) -> String {
    match obj.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn num_of(obj: &Map<String, Value>, key: &str) -> Option<f64> {
    obj.get(key).and_then(Value::as_f64)
}

fn strokes(map: &Map<String, Value>, key: &str) -> Result<Vec<Stroke>, Error> {
    list(map, key)?
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let at = format!("{key}[{i}]");
            let obj = e
                .as_object()
                .ok_or_else(|| err(format!("{at}: expected an object")))?;
            let points = list(obj, "wayPoints")
                .map_err(|_| err(format!("{at}.wayPoints: expected a list of points")))?
                .iter()
                .enumerate()
                .map(|(k, p)| point(p, &format!("{at}.wayPoints[{k}]")))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Stroke {
                points,
                color: norm_color(&text_of(obj, "color")),
                thickness: num_of(obj, "thickness").unwrap_or(0.0),
                head: num_of(obj, "headLength"),
                unknown: unknown_fields(obj, STROKE_FIELDS),
                at,
            })
        })
        .collect()
}

fn marks(map: &Map<String, Value>, key: &str) -> Result<Vec<Mark>, Error> {
    list(map, key)?
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let at = format!("{key}[{i}]");
            let obj = e
                .as_object()
                .ok_or_else(|| err(format!("{at}: expected an object")))?;
            let center = point(
                obj.get("center").unwrap_or(&Value::Null),
                &format!("{at}.center"),
            )?;
            Ok(Mark {
                center,
                width: num_of(obj, "width").unwrap_or(0.0),
                height: num_of(obj, "height").unwrap_or(0.0),
                rounded: obj.get("rounded") == Some(&Value::Bool(true)),
                background: norm_color(&text_of(obj, "backgroundColor")),
                border: norm_color(&text_of(obj, "borderColor")),
                text: text_of(obj, "text").trim().to_string(),
                used: false,
                unknown: unknown_fields(obj, MARK_FIELDS),
                at,
            })
        })
        .collect()
}

/// Marks mark `i` used, and every mark drawn exactly like it (two thermometers or arrows
/// from one cell each draw their own bulb there).
fn use_alike(shapes: &mut [Mark], i: usize) {
    let (c, w, h, r) = (
        shapes[i].center,
        shapes[i].width,
        shapes[i].height,
        shapes[i].rounded,
    );
    for m in shapes.iter_mut() {
        if m.center == c && m.width == w && m.height == h && m.rounded == r && m.text.is_empty() {
            m.used = true;
        }
    }
    shapes[i].used = true;
}

fn names(cells: &[(usize, usize)]) -> Vec<Value> {
    cells.iter().map(|&(r, c)| json!(rc(r, c))).collect()
}

/// Where a point is, for messages: `r2c3`, or the point itself outside the grid.
fn place(n: usize, p: (f64, f64)) -> String {
    match cell_at(n, p) {
        Some((r, c)) => format!("r{}c{}", r + 1, c + 1),
        None => format!("[{}, {}]", p.0, p.1),
    }
}

fn stroke_text(n: usize, s: &Stroke) -> String {
    let ends = match (s.points.first(), s.points.last()) {
        (Some(&a), Some(&b)) => format!(" from {} to {}", place(n, a), place(n, b)),
        _ => String::new(),
    };
    format!(
        "{} {}{ends}",
        if s.head.is_some() { "arrow" } else { "line" },
        s.color
    )
}

fn mark_text(n: usize, m: &Mark) -> String {
    let text = if m.text.is_empty() {
        String::new()
    } else {
        format!(" with {:?}", excerpt(&m.text))
    };
    format!(
        "{}{} {}x{} {} at {}{text}",
        if m.rounded { "round " } else { "" },
        if m.at.starts_with("under") {
            "underlay"
        } else {
            "overlay"
        },
        m.width,
        m.height,
        m.background,
        match edge_cells(n, m.center) {
            Some([(r1, c1), (r2, c2)]) => format!(
                "the edge of r{}c{} and r{}c{}",
                r1 + 1,
                c1 + 1,
                r2 + 1,
                c2 + 1
            ),
            None => place(n, m.center),
        }
    )
}

/// Reads lines, arrows, overlays and underlays into `b`.
pub(super) fn read_drawings(map: &Map<String, Value>, b: &mut Build) -> Result<(), Error> {
    let n = b.n;
    let lines = strokes(map, "lines")?;
    let arrows = strokes(map, "arrows")?;
    let mut shapes = marks(map, "overlays")?;
    shapes.extend(marks(map, "underlays")?);
    // A drawing with a field satdoku does not know is no feature: it is unmapped (and so
    // cannot serve as a thermometer's or an arrow's bulb either).
    for m in shapes.iter_mut().filter(|m| !m.unknown.is_empty()) {
        m.used = true;
        let text = format!(
            "{}; unknown field(s) {}",
            mark_text(n, m),
            m.unknown.join(", ")
        );
        b.unmapped(&m.at, text);
    }
    let odd = |s: &Stroke, b: &mut Build| {
        if s.unknown.is_empty() {
            return false;
        }
        let text = format!(
            "{}; unknown field(s) {}",
            stroke_text(n, s),
            s.unknown.join(", ")
        );
        b.unmapped(&s.at, text);
        true
    };

    let text_colours = super::words::colour_sentences(&b.rules);
    for s in &lines {
        if odd(s, b) {
            continue;
        }
        if let Some(rule) = b.told(&s.at).cloned() {
            line_as(b, s, &rule)?;
            continue;
        }
        // Diagonals: thin blue lines from corner to corner.
        if s.color == "#34BBE6" && s.points.len() == 2 && s.thickness <= 2.0 {
            let (a, z) = (s.points[0], s.points[1]);
            let nf = n as f64;
            let key = match (a, z) {
                ((0.0, 0.0), (r, c)) | ((r, c), (0.0, 0.0)) if r == nf && c == nf => "diagonal-",
                ((0.0, c), (r, 0.0)) | ((r, 0.0), (0.0, c)) if r == nf && c == nf => "diagonal+",
                _ => "",
            };
            if !key.is_empty() {
                b.fp.insert(key.into(), json!(true));
                continue;
            }
        }
        // Thermometers: a thick line with a round bulb on one end.
        if s.thickness >= 4.0 && s.points.len() >= 2 {
            if let Some(cells) = path_cells(n, &s.points) {
                // The bulb has the line's colour (alpha aside): a thick line of another
                // colour that merely starts in a bulb is not that thermometer.
                let rgb = |c: &str| c.get(..7).map(str::to_string);
                let same = |c: &str| rgb(c).is_some() && rgb(c) == rgb(&s.color);
                let bulb = |m: &Mark, cell: (usize, usize)| {
                    (same(&m.background) || same(&m.border))
                        && m.rounded
                        && (0.6..=0.9).contains(&m.width)
                        && (0.6..=0.9).contains(&m.height)
                        && cell_at(n, m.center) == Some(cell)
                        && is_center(m.center)
                };
                let first = cells[0];
                let last = *cells.last().expect("a path has cells");
                let found = shapes
                    .iter()
                    .position(|m| bulb(m, first))
                    .map(|i| (i, false))
                    .or_else(|| shapes.iter().position(|m| bulb(m, last)).map(|i| (i, true)));
                if let Some((i, reversed)) = found {
                    if b.rules.contains("slow thermo") {
                        b.unmapped(
                            &s.at,
                            format!(
                                "{}; the rules text speaks of slow thermometers",
                                stroke_text(n, s)
                            ),
                        );
                        continue;
                    }
                    use_alike(&mut shapes, i);
                    let mut cells = cells;
                    if reversed {
                        cells.reverse();
                    }
                    b.add("thermometer", json!({ "lines": [names(&cells)] }), &s.at);
                    continue;
                }
            }
        }
        // Palindromes: grey lines, when the rules text speaks of palindromes.
        if s.color == "#CFCFCF"
            && [11.0, 12.0, 16.0].contains(&s.thickness)
            && b.rules.contains("palindrom")
        {
            if let Some(cells) = path_cells(n, &s.points) {
                b.add("palindrome", json!({ "lines": [names(&cells)] }), &s.at);
                continue;
            }
        }
        // The user's word first, then the rules text's "Lines of colour #… are …".
        let by_colour = b
            .meanings
            .line_colors
            .iter()
            .chain(&text_colours)
            .find(|(c, _)| *c == s.color)
            .map(|(_, r)| r.clone());
        match by_colour {
            Some(rule) => line_as(b, s, &rule)?,
            None => b.unmapped(&s.at, stroke_text(n, s)),
        }
    }

    // Arrows: arrow sums from a round bulb; little killers from outside the grid.
    let sum_colors = ["#000000", "#CFCFCF", "#A1A1A1"];
    // (bulb mark, its cells, the arrow lines leaving it)
    type Bulb = (usize, Vec<(usize, usize)>, Vec<Value>);
    let mut bulbs: Vec<Bulb> = Vec::new();
    for s in &arrows {
        if odd(s, b) {
            continue;
        }
        if let Some(Rule::Ignore) = b.told(&s.at) {
            b.ignored.push(format!("{} ({})", s.at, stroke_text(n, s)));
            continue;
        }
        if s.points.len() < 2 {
            b.unmapped(&s.at, stroke_text(n, s));
            continue;
        }
        let start = s.points[0];
        let head_ok = s.head.is_none_or(|h| (h - 0.3).abs() < 1e-9);
        if cell_at(n, start).is_none()
            && s.points.len() == 2
            && head_ok
            && sum_colors[..2].contains(&s.color.as_str())
            && little_killer(b, s, &mut shapes)
        {
            continue;
        }
        if sum_colors.contains(&s.color.as_str()) && head_ok {
            if let Some((i, cells)) = arrow_bulb(n, s, &shapes) {
                let mut pts = vec![(cells[0].0 as f64 + 0.5, cells[0].1 as f64 + 0.5)];
                // The start point sits inside the bulb, off the centre: the line leaves
                // from the bulb cell it lies in.
                let from = cell_at(n, start).expect("inside the bulb");
                pts[0] = (from.0 as f64 + 0.5, from.1 as f64 + 0.5);
                pts.extend(s.points[1..].iter().copied());
                if let Some(path) = path_cells(n, &pts) {
                    use_alike(&mut shapes, i);
                    let line = names(&path);
                    match bulbs.iter_mut().find(|(k, _, _)| *k == i) {
                        Some((_, _, ls)) => ls.push(Value::Array(line)),
                        None => bulbs.push((i, cells, vec![Value::Array(line)])),
                    }
                    b.origins
                        .push((format!("arrow (bulb {})", shapes[i].at), s.at.clone()));
                    continue;
                }
            }
        }
        b.unmapped(&s.at, stroke_text(n, s));
    }
    for (i, cells, lines) in bulbs {
        b.add(
            "arrow",
            json!({ "cells": names(&cells), "lines": lines }),
            &shapes[i].at,
        );
    }

    // Windoku: four grey 3x3 underlays at the windoku centres of a 9x9 grid.
    let windows: Vec<usize> = (0..shapes.len())
        .filter(|&i| {
            let m = &shapes[i];
            m.at.starts_with("under")
                && m.background == "#CFCFCF"
                && m.width == 3.0
                && m.height == 3.0
        })
        .collect();
    let centres = [(2.5, 2.5), (2.5, 6.5), (6.5, 2.5), (6.5, 6.5)];
    if n == 9
        && windows.len() == 4
        && centres
            .iter()
            .all(|c| windows.iter().any(|&i| shapes[i].center == *c))
    {
        for &i in &windows {
            let (r0, c0) = (
                shapes[i].center.0 as usize - 1,
                shapes[i].center.1 as usize - 1,
            );
            let cells: Vec<(usize, usize)> = (0..9).map(|k| (r0 + k / 3, c0 + k % 3)).collect();
            shapes[i].used = true;
            let at = shapes[i].at.clone();
            b.add("extraregion", json!({ "cells": names(&cells) }), &at);
        }
    }

    let dots = b.rules.contains("kropki") || b.rules.contains(" dot");
    let sandwich = b.rules.contains("sandwich")
        && !["x-sum", "xsum", "skyscraper", "little killer"]
            .iter()
            .any(|w| b.rules.contains(w));
    for m in &shapes {
        if m.used {
            continue;
        }
        if let Some(Rule::Ignore) = b.told(&m.at) {
            b.ignored.push(format!("{} ({})", m.at, mark_text(n, m)));
            continue;
        }
        let small = |sizes: &[f64]| sizes.contains(&m.width) && sizes.contains(&m.height);
        if let Some(pair) = edge_cells(n, m.center) {
            // Kropki: small round dots, white (difference) or black (ratio): SudokuPad's
            // sizes, or any size near them when the rules text speaks of dots.
            let near = m.width == m.height && (0.2..=0.4).contains(&m.width) && dots;
            // A black dot may be drawn without a border.
            let border = m.border == "#000000" || (m.border == "#" && m.background == "#000000");
            if m.rounded && (small(&[0.25, 0.3, 0.35]) || near) && border {
                let key = match m.background.as_str() {
                    "#FFFFFF" => "difference",
                    "#000000" => "ratio",
                    _ => "",
                };
                if !key.is_empty() && (m.text.is_empty() || m.text.parse::<u64>().is_ok()) {
                    let mut e = json!({ "cells": names(&pair) });
                    if !m.text.is_empty() {
                        e["value"] = json!(m.text);
                    }
                    let at = m.at.clone();
                    b.add(key, e, &at);
                    continue;
                }
            }
            // XV: an X or a V on an edge.
            if small(&[0.25]) && (m.text == "X" || m.text == "V") {
                let e = json!({ "cells": names(&pair), "value": m.text });
                let at = m.at.clone();
                b.add("xv", e, &at);
                continue;
            }
        }
        // Sandwich sums: numbers outside the grid beside a row or column.
        if sandwich && m.text.parse::<u64>().is_ok() && small(&[0.25, 0.5, 0.65]) {
            if let Some(cell) = outside_clue(n, m.center) {
                let e = json!({ "cell": cell, "value": m.text });
                let at = m.at.clone();
                b.add("sandwichsum", e, &at);
                continue;
            }
        }
        let text = mark_text(n, m);
        let at = m.at.clone();
        b.unmapped(&at, text);
    }
    Ok(())
}

/// A little killer: a short arrow outside the grid pointing along a diagonal, with a number
/// in the same outside cell. Adds it and returns `true` when both are found.
fn little_killer(b: &mut Build, s: &Stroke, shapes: &mut [Mark]) -> bool {
    let (a, z) = (s.points[0], s.points[1]);
    let (dr, dc) = (z.0 - a.0, z.1 - a.1);
    if dr == 0.0 || dc == 0.0 || (dr.abs() - dc.abs()).abs() > 1e-6 || dr.abs() > 1.0 {
        return false;
    }
    let cell = (a.0.floor(), a.1.floor());
    let Some(i) = shapes.iter().position(|m| {
        !m.used && (m.center.0.floor(), m.center.1.floor()) == cell && m.text.parse::<u64>().is_ok()
    }) else {
        return false;
    };
    let dir = format!(
        "{}{}",
        if dr > 0.0 { "D" } else { "U" },
        if dc > 0.0 { "R" } else { "L" }
    );
    // f-puzzles names outside cells with row/column 0 or N+1 (1-based).
    let (r, c) = (cell.0 + 1.0, cell.1 + 1.0);
    let nf = b.n as f64 + 1.0;
    if !(0.0..=nf).contains(&r) || !(0.0..=nf).contains(&c) {
        return false;
    }
    shapes[i].used = true;
    let e = json!({ "cell": format!("R{r}C{c}"), "direction": dir, "value": shapes[i].text });
    b.add("littlekillersum", e, &s.at);
    true
}

/// The bulb an arrow starts in: a round mark with an arrow colour whose cells (a pill may
/// cover several in a row or column) hold the arrow's first point.
fn arrow_bulb(n: usize, s: &Stroke, shapes: &[Mark]) -> Option<(usize, Vec<(usize, usize)>)> {
    let start = cell_at(n, s.points[0])?;
    shapes.iter().enumerate().find_map(|(i, m)| {
        if !m.rounded || m.width < 0.6 || m.height < 0.6 || m.width > 9.0 || m.height > 9.0 {
            return None;
        }
        if !["#000000", "#CFCFCF", "#A1A1A1"].contains(&m.border.as_str()) {
            return None;
        }
        let (w, h) = (m.width.floor() as usize + 1, m.height.floor() as usize + 1);
        let mut cells = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let p = (
                    m.center.0 - (h as f64 - 1.0) * 0.5 + y as f64,
                    m.center.1 - (w as f64 - 1.0) * 0.5 + x as f64,
                );
                if is_center(p) {
                    cells.push(cell_at(n, p)?);
                }
            }
        }
        (!cells.is_empty() && cells.contains(&start)).then_some((i, cells))
    })
}

/// A line read as the rule the user named (by element or by colour).
fn line_as(b: &mut Build, s: &Stroke, rule: &Rule) -> Result<(), Error> {
    match rule {
        Rule::Ignore => b
            .ignored
            .push(format!("{} ({})", s.at, stroke_text(b.n, s))),
        Rule::Key(key) => match path_cells(b.n, &s.points) {
            Some(cells) if super::LINE_RULES.contains(&key.as_str()) => {
                b.add(key, json!({ "lines": [names(&cells)] }), &s.at)
            }
            Some(_) => {
                return Err(err(format!(
                    "{}: a line cannot be read as {key} (line rules: {})",
                    s.at,
                    super::LINE_RULES.join(", ")
                )))
            }
            None => b.unmapped(
                &s.at,
                format!(
                    "{}; its points are not cell centres joined straight or diagonally",
                    stroke_text(b.n, s)
                ),
            ),
        },
    }
    Ok(())
}
