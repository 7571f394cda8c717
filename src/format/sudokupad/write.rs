//! Writing SCL: f-puzzles JSON (what `fpuzzles::export` makes of a puzzle) drawn the way
//! SudokuPad draws it, so that SudokuPad shows the rules and the SCL reader maps every
//! drawing back to the same rule. Where SudokuPad's drawings need the rules text to mean a
//! rule (cages as killer cages, grey lines as palindromes, outside numbers as sandwich sums),
//! a sentence saying so is added to the rules text when it does not already.
//!
//! Rules SudokuPad cannot draw recognisably (renban, whispers and other coloured lines,
//! clones, odd/even, …) are listed as losses: a link with them is not written silently.

use serde_json::{json, Map, Value};

/// An SCL puzzle and what it could not carry.
pub struct Written {
    /// The SCL JSON (SudokuPad's long key names).
    pub value: Value,
    /// Rules of the f-puzzles JSON not drawn.
    pub losses: Vec<String>,
}

/// Line rules SudokuPad has no drawing for: drawn in a colour of their own, with a sentence
/// in the rules text saying what the colour means (which the SCL reader reads back).
const LINE_COLOURS: &[(&str, &str, &str)] = &[
    ("renban", "renban", "#F067F0"),
    ("whispers", "whispers", "#67F067"),
    ("betweenline", "between", "#9999FF"),
    ("regionsumline", "regionsum", "#2ECBFF"),
    ("entropicline", "entropic", "#FFA500"),
    ("modularline", "modular", "#C8A000"),
    ("lockout", "lockout", "#FF6666"),
    ("slowthermometer", "slowthermo", "#888888"),
    ("nabner", "nabner", "#CC66CC"),
    ("zipperline", "zipper", "#66CCCC"),
];

/// `R3C5` (1-based; 0 and N+1 outside) as 0-based (row, col), which may be -1 or N.
fn rc(v: &Value) -> Option<(f64, f64)> {
    let s = v.as_str()?.to_ascii_uppercase();
    let (r, c) = s.strip_prefix('R')?.split_once('C')?;
    Some((r.parse::<f64>().ok()? - 1.0, c.parse::<f64>().ok()? - 1.0))
}

fn centre((r, c): (f64, f64)) -> Value {
    json!([r + 0.5, c + 0.5])
}

fn cells_of(e: &Value, key: &str) -> Option<Vec<(f64, f64)>> {
    e.get(key)?.as_array()?.iter().map(rc).collect()
}

fn lines_of(e: &Value) -> Option<Vec<Vec<(f64, f64)>>> {
    e.get("lines")?
        .as_array()?
        .iter()
        .map(|l| l.as_array()?.iter().map(rc).collect())
        .collect()
}

/// The default box of a cell, as f-puzzles and SudokuPad compute it.
fn default_box(n: usize, r: usize, c: usize) -> usize {
    let mut h = (n as f64).sqrt().floor() as usize;
    while h > 1 && n % h != 0 {
        h -= 1;
    }
    let w = n / h.max(1);
    (r / h) * h + c / w
}

fn push(out: &mut Map<String, Value>, key: &str, v: Value) {
    if let Value::Array(a) = out
        .entry(key.to_string())
        .or_insert_with(|| Value::Array(Vec::new()))
    {
        a.push(v);
    }
}

/// Draws f-puzzles JSON as SCL.
pub fn scl_from_fpuzzles(fp: &Value) -> Written {
    let mut out = Map::new();
    let mut losses = Vec::new();
    let Some(map) = fp.as_object() else {
        return Written {
            value: Value::Null,
            losses: vec!["not an f-puzzles object".into()],
        };
    };
    let n = map.get("size").and_then(Value::as_u64).unwrap_or(9) as usize;
    let nf = n as f64;
    let mut rules: Vec<String> = map
        .get("ruleset")
        .and_then(Value::as_str)
        .map(|s| vec![s.to_string()])
        .unwrap_or_default();
    let need = |word: &str, sentence: &str, rules: &mut Vec<String>| {
        if !rules.join(" ").to_lowercase().contains(word) {
            rules.push(sentence.to_string());
        }
    };
    // Cells and regions.
    let mut cells = Vec::new();
    let mut regions: Vec<(String, Vec<Value>)> = Vec::new();
    for (r, row) in map
        .get("grid")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let mut out_row = Vec::new();
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let given = cell.get("given") == Some(&Value::Bool(true));
            out_row.push(match cell.get("value") {
                Some(v) if given => json!({ "value": v }),
                _ => json!({}),
            });
            let id = match cell.get("region") {
                None => Some(default_box(n, r, c).to_string()),
                Some(Value::Null) => None,
                Some(v) => Some(v.to_string()),
            };
            if let Some(id) = id {
                match regions.iter_mut().find(|(k, _)| *k == id) {
                    Some((_, cs)) => cs.push(json!([r, c])),
                    None => regions.push((id, vec![json!([r, c])])),
                }
            }
            for k in ["givenPencilMarks"] {
                if cell
                    .get(k)
                    .is_some_and(|v| v.as_array().is_some_and(|a| !a.is_empty()))
                {
                    losses.push(format!("grid[{r}][{c}].{k}"));
                }
            }
        }
        cells.push(Value::Array(out_row));
    }
    out.insert("cellSize".into(), json!(50));
    out.insert("cells".into(), Value::Array(cells));
    out.insert(
        "regions".into(),
        Value::Array(regions.into_iter().map(|(_, c)| Value::Array(c)).collect()),
    );
    for key in ["title", "author"] {
        if let Some(t) = map.get(key).and_then(Value::as_str) {
            push(&mut out, "cages", json!({ "value": format!("{key}: {t}") }));
        }
    }
    if let Some(Value::Array(sol)) = map.get("solution") {
        let text: String = sol
            .iter()
            .map(|d| d.as_u64().map_or(".".to_string(), |d| d.to_string()))
            .collect::<Vec<_>>()
            .join(if n > 9 { "," } else { "" });
        push(
            &mut out,
            "cages",
            json!({ "value": format!("solution: {text}") }),
        );
    }
    for (key, value) in map {
        let items = value.as_array().map(Vec::as_slice).unwrap_or(&[]);
        match key.as_str() {
            "size" | "grid" | "title" | "author" | "ruleset" | "solution" => {}
            "antiknight" | "antiking" | "nonconsecutive" | "disjointgroups" => {
                if value == &Value::Bool(true) {
                    let flag = if key == "disjointgroups" {
                        "disjoint"
                    } else {
                        key
                    };
                    push(&mut out, "global", json!(flag));
                }
            }
            "diagonal+" | "diagonal-" => {
                if value == &Value::Bool(true) {
                    let wp = if key == "diagonal+" {
                        json!([[0, n], [n, 0]])
                    } else {
                        json!([[0, 0], [n, n]])
                    };
                    push(
                        &mut out,
                        "lines",
                        json!({"color": "#34BBE6", "thickness": 2, "wayPoints": wp}),
                    );
                }
            }
            "killercage" => {
                need(
                    "killer",
                    "Killer cages: digits do not repeat in a cage and sum to its clue.",
                    &mut rules,
                );
                for (i, e) in items.iter().enumerate() {
                    let Some(cs) = cells_of(e, "cells") else {
                        losses.push(format!("{key}[{i}]"));
                        continue;
                    };
                    let cs: Vec<Value> = cs.iter().map(|&(r, c)| json!([r, c])).collect();
                    let mut cage = json!({ "cells": cs, "unique": true });
                    if let Some(v) = e.get("value").filter(|v| v.as_str() != Some("")) {
                        cage["value"] = v.clone();
                    }
                    push(&mut out, "cages", cage);
                }
            }
            "thermometer" | "palindrome" => {
                if key == "palindrome" {
                    need("palindrom", "Grey lines are palindromes.", &mut rules);
                }
                for (i, e) in items.iter().enumerate() {
                    let Some(lines) = lines_of(e) else {
                        losses.push(format!("{key}[{i}]"));
                        continue;
                    };
                    for l in lines {
                        let wp: Vec<Value> = l.iter().map(|&p| centre(p)).collect();
                        if key == "thermometer" {
                            push(
                                &mut out,
                                "underlays",
                                json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": wp[0], "rounded": true, "width": 0.85, "height": 0.85}),
                            );
                            push(
                                &mut out,
                                "lines",
                                json!({"color": "#CFCFCF", "thickness": 21, "wayPoints": wp}),
                            );
                        } else {
                            push(
                                &mut out,
                                "lines",
                                json!({"color": "#CFCFCF", "thickness": 16, "wayPoints": wp}),
                            );
                        }
                    }
                }
            }
            key if LINE_COLOURS.iter().any(|(k, _, _)| *k == key) => {
                let &(_, word, colour) = LINE_COLOURS
                    .iter()
                    .find(|(k, _, _)| *k == key)
                    .expect("listed");
                need(
                    &format!("lines of colour {} are", colour.to_lowercase()),
                    &format!("Lines of colour {colour} are {word} lines."),
                    &mut rules,
                );
                for (i, e) in items.iter().enumerate() {
                    let odd_whispers = key == "whispers"
                        && e.get("value")
                            .is_some_and(|v| v != &json!("5") && v != &json!(5) && v != &json!(""));
                    let Some(lines) = lines_of(e).filter(|_| !odd_whispers) else {
                        losses.push(format!("{key}[{i}]"));
                        continue;
                    };
                    for l in lines {
                        let wp: Vec<Value> = l.iter().map(|&p| centre(p)).collect();
                        // Thinner than 4: never taken for a thermometer whose bulb it passes.
                        push(
                            &mut out,
                            "lines",
                            json!({"color": colour, "thickness": 3, "wayPoints": wp}),
                        );
                    }
                }
            }
            "arrow" => {
                for (i, e) in items.iter().enumerate() {
                    match (cells_of(e, "cells"), lines_of(e)) {
                        (Some(bulb), Some(lines)) if arrow(&mut out, &bulb, &lines) => {}
                        _ => losses.push(format!(
                            "{key}[{i}] (a bulb SudokuPad cannot draw as one pill)"
                        )),
                    }
                }
            }
            "difference" | "ratio" | "xv" => {
                for (i, e) in items.iter().enumerate() {
                    let Some(cs) = cells_of(e, "cells").filter(|c| c.len() == 2) else {
                        losses.push(format!("{key}[{i}]"));
                        continue;
                    };
                    let mid = json!([
                        (cs[0].0 + cs[1].0) / 2.0 + 0.5,
                        (cs[0].1 + cs[1].1) / 2.0 + 0.5
                    ]);
                    let text = e
                        .get("value")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    let o = if key == "xv" {
                        json!({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": mid, "fontSize": 21, "rounded": false, "width": 0.25, "height": 0.25, "text": text})
                    } else {
                        let bg = if key == "ratio" { "#000000" } else { "#FFFFFF" };
                        json!({"borderColor": "#000000", "backgroundColor": bg, "center": mid, "rounded": true, "width": 0.3, "height": 0.3, "text": text})
                    };
                    push(&mut out, "overlays", o);
                }
            }
            "littlekillersum" | "sandwichsum" => {
                if key == "sandwichsum" {
                    need("sandwich", "Sandwich sums: a clue outside the grid is the sum of the digits between 1 and 9 in its row or column.", &mut rules);
                }
                for (i, e) in items.iter().enumerate() {
                    let Some(p) = e.get("cell").and_then(rc) else {
                        losses.push(format!("{key}[{i}]"));
                        continue;
                    };
                    let text = e
                        .get("value")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    let (r, c) = (p.0 + 0.5, p.1 + 0.5);
                    if key == "littlekillersum" {
                        let d = match e.get("direction").and_then(Value::as_str) {
                            Some("UR") => (-1.0, 1.0),
                            Some("UL") => (-1.0, -1.0),
                            Some("DR") => (1.0, 1.0),
                            Some("DL") => (1.0, -1.0),
                            _ => {
                                losses.push(format!("{key}[{i}]"));
                                continue;
                            }
                        };
                        push(
                            &mut out,
                            "arrows",
                            json!({"color": "#000000", "thickness": 2, "headLength": 0.3, "wayPoints": [[r + 0.3 * d.0, c + 0.3 * d.1], [r + 0.48 * d.0, c + 0.48 * d.1]]}),
                        );
                        push(
                            &mut out,
                            "overlays",
                            json!({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": [r, c], "fontSize": 28, "width": 0.25, "height": 0.25, "rounded": false, "text": text}),
                        );
                    } else {
                        push(
                            &mut out,
                            "overlays",
                            json!({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": [r, c], "fontSize": 32, "width": 0.25, "height": 0.25, "rounded": false, "text": text}),
                        );
                    }
                }
            }
            "extraregion" if n == 9 => {
                for (i, e) in items.iter().enumerate() {
                    let Some(cs) = cells_of(e, "cells") else {
                        losses.push(format!("{key}[{i}]"));
                        continue;
                    };
                    let (r0, c0) = cs
                        .iter()
                        .fold((nf, nf), |a, p| (a.0.min(p.0), a.1.min(p.1)));
                    let square =
                        cs.len() == 9 && cs.iter().all(|p| p.0 - r0 < 3.0 && p.1 - c0 < 3.0);
                    if square
                        && [1.0, 5.0].contains(&r0)
                        && [1.0, 5.0].contains(&c0)
                        && items.len() == 4
                    {
                        push(
                            &mut out,
                            "underlays",
                            json!({"center": [r0 + 1.5, c0 + 1.5], "width": 3, "height": 3, "backgroundColor": "#CFCFCF"}),
                        );
                    } else {
                        losses.push(format!(
                            "{key}[{i}] (only the four windoku windows are drawn)"
                        ));
                    }
                }
            }
            _ if value == &Value::Bool(false) || items.is_empty() && value.is_array() => {}
            _ => losses.push(format!(
                "{key} (SudokuPad has no drawing satdoku can read back as this rule)"
            )),
        }
    }
    if !rules.is_empty() {
        push(
            &mut out,
            "cages",
            json!({ "value": format!("rules: {}", rules.join("\n")) }),
        );
    }
    Written {
        value: Value::Object(out),
        losses,
    }
}

/// Draws one f-puzzles arrow (a bulb in a straight row or column, lines leaving it); `false`
/// when the bulb cannot be drawn as one pill.
fn arrow(out: &mut Map<String, Value>, bulb: &[(f64, f64)], lines: &[Vec<(f64, f64)>]) -> bool {
    let (r0, c0) = bulb
        .iter()
        .fold((f64::MAX, f64::MAX), |a, p| (a.0.min(p.0), a.1.min(p.1)));
    let (r1, c1) = bulb
        .iter()
        .fold((f64::MIN, f64::MIN), |a, p| (a.0.max(p.0), a.1.max(p.1)));
    let straight = (r0 == r1 || c0 == c1) && bulb.len() as f64 == (r1 - r0 + 1.0) * (c1 - c0 + 1.0);
    if !straight || lines.iter().any(|l| l.len() < 2) {
        return false;
    }
    push(
        out,
        "overlays",
        json!({"borderColor": "#A1A1A1", "backgroundColor": "#FFFFFF", "center": [(r0 + r1) / 2.0 + 0.5, (c0 + c1) / 2.0 + 0.5], "borderSize": 5, "rounded": true, "width": 0.83 + (c1 - c0), "height": 0.83 + (r1 - r0)}),
    );
    for l in lines {
        let mut wp: Vec<(f64, f64)> = l.iter().map(|&(r, c)| (r + 0.5, c + 0.5)).collect();
        // The arrow starts inside its bulb cell, 0.4 towards the next cell (as SudokuPad
        // draws it), so it leaves from the right cell of a pill.
        let (dr, dc) = (wp[1].0 - wp[0].0, wp[1].1 - wp[0].1);
        let dist = (dr * dr + dc * dc).sqrt();
        wp[0].0 += (40.0 * dr.signum() / dist).round() / 100.0;
        wp[0].1 += (40.0 * dc.signum() / dist).round() / 100.0;
        let wp: Vec<Value> = wp.iter().map(|&(r, c)| json!([r, c])).collect();
        push(
            out,
            "arrows",
            json!({"color": "#A1A1A1", "headLength": 0.3, "thickness": 5, "wayPoints": wp}),
        );
    }
    true
}

/// Draws a puzzle as SCL: its f-puzzles export drawn, plus the source and license as
/// SudokuPad metadata (which f-puzzles has no field for, SCL has).
pub fn scl_from_document(doc: &crate::format::json::Document) -> Written {
    let export = crate::format::fpuzzles::export(doc);
    let mut w = scl_from_fpuzzles(&export.value);
    let mut losses = export.losses;
    for (field, text) in [("source", &doc.meta.source), ("license", &doc.meta.license)] {
        if let Some(t) = text {
            let loss = format!("the puzzle's {field} has no f-puzzles field");
            losses.retain(|l| *l != loss);
            if let Value::Object(map) = &mut w.value {
                push(map, "cages", json!({ "value": format!("{field}: {t}") }));
            }
        }
    }
    losses.append(&mut w.losses);
    w.losses = losses;
    w
}

/// The SCL link of an SCL value: `https://sudokupad.app/scl<lz-string base64>`.
pub fn scl_link(value: &Value) -> String {
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(value.to_string().as_str())
    )
}
