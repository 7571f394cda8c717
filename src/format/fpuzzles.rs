//! f-puzzles import and export (see `docs/FORMAT.md` and the f-puzzles notes it cites).
//!
//! Import accepts the decompressed JSON, the lz-string base64 payload, a full
//! `https://www.f-puzzles.com/?load=…` URL, and SudokuPad's `fpuzzles<payload>` id. Every
//! semantic key becomes native constraints; cosmetic keys (`line`, `cage`, `text`, `circle`,
//! `rectangle`) are not rules and only produce warnings when they are not drawings of a rule
//! (`fromConstraint`); UI keys are ignored; any other key is refused.
//!
//! Traps handled (from the f-puzzles code): only `given: true` values are clues; `region`
//! absent means the default box, an explicit `null` means no region; any kropki dot exempts
//! its pair from non-consecutive and from the negative ratio rule, X/V and sum marks from the
//! negative XV rule; the negative ratio uses the ratio values present (default 2);
//! minimum/maximum cells compare only with neighbours outside the set; little killer cells
//! are walked from the clue to the edge; each polyline of `lines` is its own constraint;
//! values are strings.

use super::json::{normalize_regions, Document, Meta};
use crate::error::Error;
use crate::geometry::{default_box, Cell, Digit, Shape};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::clue::OutsideClue;
use crate::rules::*;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// An imported puzzle and what the importer could not turn into rules.
#[derive(Clone, Debug)]
pub struct Import {
    /// The puzzle, its rules text (`ruleset`) and metadata.
    pub document: Document,
    /// Things the solver does not enforce (cosmetic drawings without a rule behind them).
    pub warnings: Vec<String>,
}

/// Keys of the user interface or the f-puzzles solver: ignored.
const IGNORED: &[&str] = &[
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "successMessage",
    "solution",
    "title",
    "author",
    "ruleset",
    "size",
    "grid",
];
/// Drawings without rule semantics.
const COSMETIC: &[&str] = &["line", "cage", "text", "circle", "rectangle"];
/// Line rules: each polyline of `lines` is one constraint.
const LINE_KEYS: &[&str] = &[
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
    "doublearrow",
    "zipperline",
];
/// Other keys with rule semantics.
const SEMANTIC: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "sum",
    "odd",
    "even",
    "minimum",
    "maximum",
    "extraregion",
    "clone",
    "quadruple",
    "rowindexer",
    "columnindexer",
    "boxindexer",
];

fn err(msg: impl Into<String>) -> Error {
    Error::Format(format!("f-puzzles: {}", msg.into()))
}

/// Decodes a payload, URL or `fpuzzles…` id to the f-puzzles JSON text.
pub fn decode_payload(text: &str) -> Result<String, Error> {
    let mut s = text.trim().to_string();
    if s.starts_with("http://") || s.starts_with("https://") || s.contains("?load=") {
        let start = s.find("load=").ok_or_else(|| {
            err("the URL has no load= parameter (short ?id= links need a browser)")
        })?;
        let rest = &s[start + 5..];
        let end = rest.find(['&', '#']).unwrap_or(rest.len());
        s = percent_decode(&rest[..end]);
    }
    if let Some(p) = s.strip_prefix("fpuzzles") {
        s = p.to_string();
    }
    // A `+` read back from a URL query may have become a space; SudokuPad writes `\` as the
    // 65th alphabet character (`=` in lz-string's base64).
    let s: String = s
        .chars()
        .filter(|c| *c != '\n' && *c != '\r')
        .map(|c| match c {
            ' ' => '+',
            '\\' => '=',
            c => c,
        })
        .collect();
    let wide = lz_str::decompress_from_base64(&s)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| err("not an lz-string base64 payload (it does not decompress)"))?;
    String::from_utf16(&wide).map_err(|_| err("the payload decompresses to invalid text"))
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(v) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a line of text is an f-puzzles URL, id or payload (rather than a grid).
pub fn looks_like_payload(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("http://")
        || t.starts_with("https://")
        || t.starts_with("fpuzzles")
        || (t.starts_with("N4Ig") && t.len() > 40)
}

/// Whether a JSON object looks like an f-puzzles puzzle (`size` and `grid`).
pub fn is_fpuzzles(map: &Map<String, Value>) -> bool {
    map.contains_key("grid") && map.contains_key("size") && !map.contains_key("satdoku")
}

/// Imports an f-puzzles payload, URL, id or JSON text.
pub fn import_text(text: &str) -> Result<Import, Error> {
    let t = text.trim();
    let json_text = if t.starts_with('{') {
        t.to_string()
    } else {
        decode_payload(t)?
    };
    let value: Value = serde_json::from_str(&json_text)
        .map_err(|e| err(format!("the JSON does not parse: {e}")))?;
    import_value(&value)
}

/// Parses `R3C5` (1-based; 0 and N+1 allowed for outside clues) into (row, col).
fn rc(v: &Value, path: &str) -> Result<(usize, usize), Error> {
    let s = v
        .as_str()
        .ok_or_else(|| err(format!("{path}: expected a cell name like \"R1C1\"")))?;
    let up = s.trim().to_ascii_uppercase();
    let parsed = up
        .strip_prefix('R')
        .and_then(|r| r.split_once('C'))
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
    parsed.ok_or_else(|| err(format!("{path}: bad cell {s:?}")))
}

struct Ctx {
    n: usize,
}

impl Ctx {
    fn cell(&self, v: &Value, path: &str) -> Result<Cell, Error> {
        let (r, c) = rc(v, path)?;
        if !(1..=self.n).contains(&r) || !(1..=self.n).contains(&c) {
            return Err(err(format!(
                "{path}: cell {} is outside the {n}x{n} grid",
                v.as_str().unwrap_or("?"),
                n = self.n
            )));
        }
        Ok(Cell::new(r, c))
    }
    fn cells(&self, v: Option<&Value>, path: &str) -> Result<Vec<Cell>, Error> {
        let arr = v
            .and_then(Value::as_array)
            .ok_or_else(|| err(format!("{path}: expected an array of cells")))?;
        arr.iter()
            .enumerate()
            .map(|(i, c)| self.cell(c, &format!("{path}[{i}]")))
            .collect()
    }
    fn outside(&self, v: Option<&Value>, path: &str) -> Result<OutsideClue, Error> {
        let (r, c) = rc(v.unwrap_or(&Value::Null), path)?;
        let clue = OutsideClue::new(r, c);
        clue.validate(self.n)
            .map_err(|m| err(format!("{path}: {m}")))?;
        Ok(clue)
    }
}

/// A number written as a string or a number; `None` when absent or empty.
fn number(v: Option<&Value>, path: &str) -> Result<Option<usize>, Error> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_u64()
            .map(|x| Some(x as usize))
            .ok_or_else(|| err(format!("{path}: {n} is not a whole number"))),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<usize>()
            .map(Some)
            .map_err(|_| err(format!("{path}: {s:?} is not a number"))),
        Some(other) => Err(err(format!("{path}: {other} is not a number"))),
    }
}

fn items<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(err(format!("{key}: expected an array"))),
    }
}

fn truthy(map: &Map<String, Value>, key: &str) -> bool {
    map.get(key).is_some_and(|v| v.as_bool().unwrap_or(false))
}

fn pair(a: Cell, b: Cell) -> [Cell; 2] {
    if (a.r(), a.c()) <= (b.r(), b.c()) {
        [a, b]
    } else {
        [b, a]
    }
}

/// Imports a decompressed f-puzzles JSON value.
pub fn import_value(value: &Value) -> Result<Import, Error> {
    let map = value
        .as_object()
        .ok_or_else(|| err("the puzzle must be a JSON object"))?;
    let mut unsupported: Vec<&str> = map
        .keys()
        .map(String::as_str)
        .filter(|k| {
            !IGNORED.contains(k)
                && !COSMETIC.contains(k)
                && !LINE_KEYS.contains(k)
                && !SEMANTIC.contains(k)
        })
        .collect();
    unsupported.sort_unstable();
    if !unsupported.is_empty() {
        return Err(err(format!(
            "unsupported key(s): {} (satdoku cannot enforce these rules)",
            unsupported.join(", ")
        )));
    }
    let n = number(map.get("size"), "size")?.ok_or_else(|| err("size: missing"))?;
    crate::geometry::check_size(n).map_err(|e| err(format!("size: {e}")))?;
    let ctx = Ctx { n };
    let mut warnings = Vec::new();
    let mut constraints: Vec<Constraint> = Vec::new();

    // Grid: givens, regions, given pencil marks.
    let rows = map
        .get("grid")
        .and_then(Value::as_array)
        .ok_or_else(|| err("grid: expected an array of rows"))?;
    if rows.len() != n {
        return Err(err(format!("grid: {} rows, expected {n}", rows.len())));
    }
    let base = Shape::new(n)?;
    let mut givens = Grid::empty(n);
    let mut regions: Vec<Option<u16>> = base.regions().to_vec();
    let mut custom_regions = false;
    let mut entered = 0;
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|a| a.len() == n)
            .ok_or_else(|| err(format!("grid[{r}]: expected {n} cells")))?;
        for (c, cell) in row.iter().enumerate() {
            let path = format!("grid[{r}][{c}]");
            let Some(obj) = cell.as_object() else {
                return Err(err(format!("{path}: expected an object")));
            };
            let here = Cell::from_index(r, c);
            if let Some(v) = number(obj.get("value"), &format!("{path}.value"))? {
                if v != 0 {
                    if v > n {
                        return Err(err(format!("{path}: value {v} is out of range")));
                    }
                    if obj.get("given").and_then(Value::as_bool) == Some(true) {
                        givens.set(here, Some(Digit::new(v)));
                    } else {
                        entered += 1;
                    }
                }
            }
            if let Some(reg) = obj.get("region") {
                custom_regions = true;
                regions[r * n + c] = match reg {
                    Value::Null => None,
                    v => Some(
                        number(Some(v), &format!("{path}.region"))?
                            .filter(|&x| x < 4096)
                            .ok_or_else(|| err(format!("{path}.region: bad region")))?
                            as u16,
                    ),
                };
            }
            let marks = items(obj, "givenPencilMarks")?;
            if !marks.is_empty() {
                let digits = marks
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        number(Some(m), &format!("{path}.givenPencilMarks[{i}]"))?
                            .ok_or_else(|| err(format!("{path}.givenPencilMarks[{i}]: empty")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                constraints.push(Constraint::PencilMarks(pencil_marks::PencilMarks {
                    cell: here,
                    digits,
                }));
            }
        }
    }
    if entered > 0 {
        warnings.push(format!(
            "{entered} digit(s) entered without \"given\": true are not clues and are ignored"
        ));
    }
    let shape = if custom_regions {
        Shape::with_regions(n, normalize_regions(&regions))
            .map_err(|e| err(format!("grid regions: {e}")))?
    } else {
        base
    };

    // Global rules.
    let (pos, neg) = (truthy(map, "diagonal+"), truthy(map, "diagonal-"));
    if pos || neg {
        constraints.push(Constraint::Diagonal(diagonal::Diagonal {
            positive: pos,
            negative: neg,
        }));
    }
    if truthy(map, "antiknight") {
        constraints.push(Constraint::AntiKnight(anti_knight::AntiKnight {}));
    }
    if truthy(map, "antiking") {
        constraints.push(Constraint::AntiKing(anti_king::AntiKing {}));
    }
    if truthy(map, "disjointgroups") {
        constraints.push(Constraint::DisjointGroups(
            disjoint_groups::DisjointGroups {},
        ));
    }

    // Dots and marks between two cells.
    let mut kropki: BTreeSet<[Cell; 2]> = BTreeSet::new();
    let mut xv_marked: BTreeSet<[Cell; 2]> = BTreeSet::new();
    let mut ratio_values: BTreeSet<usize> = BTreeSet::new();
    let two_cells = |e: &Value, path: &str| -> Result<[Cell; 2], Error> {
        let cells = ctx.cells(e.get("cells"), &format!("{path}.cells"))?;
        match cells[..] {
            [a, b] => Ok([a, b]),
            _ => Err(err(format!("{path}.cells: expected two cells"))),
        }
    };
    for (i, e) in items(map, "difference")?.iter().enumerate() {
        let path = format!("difference[{i}]");
        let cells = two_cells(e, &path)?;
        kropki.insert(pair(cells[0], cells[1]));
        let value = number(e.get("value"), &format!("{path}.value"))?.unwrap_or(1);
        constraints.push(Constraint::Difference(difference::Difference {
            cells,
            value,
        }));
    }
    for (i, e) in items(map, "ratio")?.iter().enumerate() {
        let path = format!("ratio[{i}]");
        let cells = two_cells(e, &path)?;
        kropki.insert(pair(cells[0], cells[1]));
        let value = number(e.get("value"), &format!("{path}.value"))?.unwrap_or(2);
        ratio_values.insert(value);
        constraints.push(Constraint::Ratio(ratio::Ratio { cells, value }));
    }
    for (i, e) in items(map, "xv")?.iter().enumerate() {
        let path = format!("xv[{i}]");
        let cells = two_cells(e, &path)?;
        let letter = match e.get("value").and_then(Value::as_str).map(str::trim) {
            Some("X") | Some("x") => xv::XvLetter::X,
            Some("V") | Some("v") => xv::XvLetter::V,
            other => {
                return Err(err(format!(
                    "{path}.value: expected \"X\" or \"V\", found {other:?}"
                )))
            }
        };
        xv_marked.insert(pair(cells[0], cells[1]));
        constraints.push(Constraint::Xv(xv::Xv {
            cells,
            value: letter,
        }));
    }
    for (i, e) in items(map, "sum")?.iter().enumerate() {
        let path = format!("sum[{i}]");
        let cells = two_cells(e, &path)?;
        xv_marked.insert(pair(cells[0], cells[1]));
        let Some(sum) = number(e.get("value"), &format!("{path}.value"))? else {
            continue;
        };
        constraints.push(Constraint::SumDot(sum_dot::SumDot { cells, sum }));
    }
    if truthy(map, "nonconsecutive") {
        constraints.push(Constraint::NonConsecutive(
            non_consecutive::NonConsecutive {
                except: kropki.iter().copied().collect(),
            },
        ));
    }
    for (i, v) in items(map, "negative")?.iter().enumerate() {
        match v.as_str() {
            Some("ratio") => constraints.push(Constraint::NegativeRatio(
                negative_ratio::NegativeRatio {
                    ratios: if ratio_values.is_empty() {
                        vec![2]
                    } else {
                        ratio_values.iter().copied().collect()
                    },
                    except: kropki.iter().copied().collect(),
                },
            )),
            Some("xv") => constraints.push(Constraint::NegativeXv(negative_xv::NegativeXv {
                except: xv_marked.iter().copied().collect(),
            })),
            other => {
                return Err(err(format!(
                    "negative[{i}]: unsupported negative constraint {other:?} (satdoku knows \"ratio\" and \"xv\")"
                )))
            }
        }
    }

    // Cells and cages.
    // Single-cell markers gathered into one constraint per kind (min/max compare against
    // neighbours outside their own set, so the set must stay whole).
    type Make = fn(Vec<Cell>) -> Constraint;
    let markers: [(&str, Make); 4] = [
        ("odd", |cells| Constraint::Odd(odd::Odd { cells })),
        ("even", |cells| Constraint::Even(even::Even { cells })),
        ("minimum", |cells| {
            Constraint::Minimum(minimum::Minimum { cells })
        }),
        ("maximum", |cells| {
            Constraint::Maximum(maximum::Maximum { cells })
        }),
    ];
    for (key, make) in markers {
        let cells = items(map, key)?
            .iter()
            .enumerate()
            .map(|(i, e)| {
                ctx.cell(
                    e.get("cell").unwrap_or(&Value::Null),
                    &format!("{key}[{i}].cell"),
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !cells.is_empty() {
            constraints.push(make(cells));
        }
    }
    for (i, e) in items(map, "killercage")?.iter().enumerate() {
        let path = format!("killercage[{i}]");
        let cells = ctx.cells(e.get("cells"), &format!("{path}.cells"))?;
        let sum = number(e.get("value"), &format!("{path}.value"))?;
        constraints.push(Constraint::Killer(killer::Killer { cells, sum }));
    }
    for (i, e) in items(map, "extraregion")?.iter().enumerate() {
        let cells = ctx.cells(e.get("cells"), &format!("extraregion[{i}].cells"))?;
        constraints.push(Constraint::ExtraRegion(extra_region::ExtraRegion { cells }));
    }
    for (i, e) in items(map, "clone")?.iter().enumerate() {
        let path = format!("clone[{i}]");
        let cells = ctx.cells(e.get("cells"), &format!("{path}.cells"))?;
        let clones = ctx.cells(e.get("cloneCells"), &format!("{path}.cloneCells"))?;
        constraints.push(Constraint::Clone(clone::Clones { cells, clones }));
    }
    for (i, e) in items(map, "quadruple")?.iter().enumerate() {
        let path = format!("quadruple[{i}]");
        let cells = ctx.cells(e.get("cells"), &format!("{path}.cells"))?;
        let digits = e
            .get("values")
            .and_then(Value::as_array)
            .ok_or_else(|| err(format!("{path}.values: expected an array")))?
            .iter()
            .enumerate()
            .map(|(k, v)| {
                number(Some(v), &format!("{path}.values[{k}]"))?
                    .ok_or_else(|| err(format!("{path}.values[{k}]: empty")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        constraints.push(Constraint::Quadruple(quadruple::Quadruple {
            cells,
            digits,
        }));
    }
    for key in ["rowindexer", "columnindexer", "boxindexer"] {
        for (i, e) in items(map, key)?.iter().enumerate() {
            let cells = ctx.cells(e.get("cells"), &format!("{key}[{i}].cells"))?;
            constraints.push(match key {
                "rowindexer" => Constraint::RowIndexer(row_indexer::RowIndexer { cells }),
                "columnindexer" => {
                    Constraint::ColumnIndexer(column_indexer::ColumnIndexer { cells })
                }
                _ => Constraint::BoxIndexer(box_indexer::BoxIndexer { cells }),
            });
        }
    }

    // Clues outside the grid.
    for (i, e) in items(map, "littlekillersum")?.iter().enumerate() {
        let path = format!("littlekillersum[{i}]");
        let Some(sum) = number(e.get("value"), &format!("{path}.value"))? else {
            continue;
        };
        let (r, c) = rc(
            e.get("cell").unwrap_or(&Value::Null),
            &format!("{path}.cell"),
        )?;
        let (dr, dc) = match e.get("direction").and_then(Value::as_str) {
            Some("UL") => (-1, -1),
            Some("UR") => (-1, 1),
            Some("DL") => (1, -1),
            Some("DR") => (1, 1),
            other => {
                return Err(err(format!(
                    "{path}.direction: expected UL, UR, DL or DR, found {other:?}"
                )))
            }
        };
        let inside =
            |r: isize, c: isize| (1..=n as isize).contains(&r) && (1..=n as isize).contains(&c);
        let (mut r, mut c) = (r as isize, c as isize);
        if !inside(r, c) {
            r += dr;
            c += dc;
        }
        let mut cells = Vec::new();
        while inside(r, c) {
            cells.push(Cell::new(r as usize, c as usize));
            r += dr;
            c += dc;
        }
        if cells.is_empty() {
            return Err(err(format!("{path}: the diagonal does not enter the grid")));
        }
        constraints.push(Constraint::LittleKiller(little_killer::LittleKiller {
            cells,
            sum,
        }));
    }
    for key in ["sandwichsum", "xsum", "skyscraper"] {
        for (i, e) in items(map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let Some(v) = number(e.get("value"), &format!("{path}.value"))? else {
                continue;
            };
            let clue = ctx.outside(e.get("cell"), &format!("{path}.cell"))?;
            constraints.push(match key {
                "sandwichsum" => Constraint::Sandwich(sandwich::Sandwich { clue, sum: v }),
                "xsum" => Constraint::XSum(x_sum::XSum { clue, sum: v }),
                _ => Constraint::Skyscraper(skyscraper::Skyscraper { clue, count: v }),
            });
        }
    }

    // Arrows: one per line, the line's first cell (in the circle) excluded.
    for (i, e) in items(map, "arrow")?.iter().enumerate() {
        let path = format!("arrow[{i}]");
        let circle = ctx.cells(e.get("cells"), &format!("{path}.cells"))?;
        for (k, line) in items(e.as_object().unwrap_or(&Map::new()), "lines")?
            .iter()
            .enumerate()
        {
            let cells = ctx.cells(Some(line), &format!("{path}.lines[{k}]"))?;
            let line: Vec<Cell> = cells.into_iter().skip(1).collect();
            constraints.push(Constraint::Arrow(arrow::Arrow {
                circle: circle.clone(),
                line,
            }));
        }
    }

    // Lines.
    let no_fields = Map::new();
    for key in LINE_KEYS {
        for (i, e) in items(map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let lines = items(e.as_object().unwrap_or(&no_fields), "lines")?;
            for (k, line) in lines.iter().enumerate() {
                let cells = ctx.cells(Some(line), &format!("{path}.lines[{k}]"))?;
                let c = match *key {
                    "thermometer" => Constraint::Thermometer(thermometer::Thermometer { cells }),
                    "slowthermometer" => {
                        Constraint::SlowThermometer(slow_thermometer::SlowThermometer { cells })
                    }
                    "palindrome" => Constraint::Palindrome(palindrome::Palindrome { cells }),
                    "betweenline" => Constraint::BetweenLine(between_line::BetweenLine { cells }),
                    "lockout" => Constraint::Lockout(lockout::Lockout { cells }),
                    "renban" => Constraint::Renban(renban::Renban { cells }),
                    "whispers" => Constraint::Whispers(whispers::Whispers {
                        cells,
                        difference: number(e.get("value"), &format!("{path}.value"))?.unwrap_or(5),
                    }),
                    "regionsumline" => {
                        Constraint::RegionSumLine(region_sum_line::RegionSumLine { cells })
                    }
                    "entropicline" => {
                        Constraint::EntropicLine(entropic_line::EntropicLine { cells })
                    }
                    "modularline" => Constraint::ModularLine(modular_line::ModularLine { cells }),
                    "nabner" => Constraint::Nabner(nabner::Nabner { cells }),
                    "doublearrow" => Constraint::DoubleArrow(double_arrow::DoubleArrow { cells }),
                    _ => Constraint::ZipperLine(zipper_line::ZipperLine { cells }),
                };
                constraints.push(c);
            }
        }
    }

    // Cosmetics: warn about drawings that are not a rule's picture.
    for key in COSMETIC {
        let loose = items(map, key)?
            .iter()
            // `fromConstraint` (Rangsk's userscript) and `isLLConstraint` (lockout lines)
            // tag drawings of a rule key.
            .filter(|e| {
                e.get("fromConstraint").is_none()
                    && !(e.get("isLLConstraint").and_then(Value::as_bool) == Some(true)
                        && map.contains_key("lockout"))
            })
            .count();
        if loose > 0 {
            warnings.push(format!(
                "{loose} cosmetic \"{key}\" item(s) not tied to a rule: any rule they draw \
                 (see the rules text) is not enforced"
            ));
        }
    }
    let ruleset = map
        .get("ruleset")
        .and_then(Value::as_str)
        .map(str::to_string)
        .filter(|s| !s.trim().is_empty());
    let only_classic_words = ruleset.as_deref().is_some_and(|r| {
        let r = r.trim().to_ascii_lowercase();
        r.len() <= 160 && r.starts_with("normal") && r.matches('.').count() <= 2
    });
    if constraints.is_empty() && !custom_regions && ruleset.is_some() && !only_classic_words {
        warnings.push(
            "the rules text describes rules but the puzzle has no rule keys: only classic rules are enforced"
                .into(),
        );
    }

    let index_err = |e: Error| match e {
        Error::Constraint {
            index,
            kind,
            message,
        } => err(format!(
            "{kind} (constraint {index} after import): {message}"
        )),
        e => e,
    };
    let mut puzzle = Puzzle::new(shape, givens, constraints).map_err(index_err)?;
    puzzle.title = map
        .get("title")
        .and_then(Value::as_str)
        .map(str::to_string)
        .filter(|s| !s.is_empty());
    puzzle.author = map
        .get("author")
        .and_then(Value::as_str)
        .map(str::to_string)
        .filter(|s| !s.is_empty());
    Ok(Import {
        document: Document {
            puzzle,
            meta: Meta {
                rules: ruleset,
                source: None,
                license: None,
            },
            solution: None,
        },
        warnings,
    })
}

fn name(c: Cell) -> String {
    format!("R{}C{}", c.r() + 1, c.c() + 1)
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| name(c)).collect()
}

fn push(out: &mut Map<String, Value>, key: &str, item: Value) {
    match out.entry(key).or_insert_with(|| json!([])) {
        Value::Array(a) => a.push(item),
        _ => unreachable!("constraint keys hold arrays"),
    }
}

/// Exports a puzzle as f-puzzles JSON. Exemption lists of non-consecutive and the negative
/// rules are implied by the dots in f-puzzles; other exemption lists cannot be written and
/// are refused.
pub fn export(doc: &Document) -> Result<Value, Error> {
    let p = &doc.puzzle;
    let n = p.size();
    let shape = p.shape();
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    if let Some(t) = &p.title {
        out.insert("title".into(), json!(t));
    }
    if let Some(a) = &p.author {
        out.insert("author".into(), json!(a));
    }
    if let Some(r) = &doc.meta.rules {
        out.insert("ruleset".into(), json!(r));
    }
    let default = if shape.is_jigsaw() || (shape.box_rows(), shape.box_cols()) != default_box(n) {
        None
    } else {
        Some(())
    };
    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = Cell::from_index(r, c);
            let mut o = Map::new();
            if let Some(d) = p.givens().get(cell) {
                o.insert("value".into(), json!(d.get()));
                o.insert("given".into(), json!(true));
            }
            if default.is_none() {
                o.insert(
                    "region".into(),
                    shape.region_of(cell).map_or(Value::Null, |x| json!(x)),
                );
            }
            row.push(Value::Object(o));
        }
        grid.push(Value::Array(row));
    }
    let mut negative: Vec<&str> = Vec::new();
    for c in p.constraints() {
        match c {
            Constraint::Diagonal(d) => {
                if d.positive {
                    out.insert("diagonal+".into(), json!(true));
                }
                if d.negative {
                    out.insert("diagonal-".into(), json!(true));
                }
            }
            Constraint::AntiKnight(_) => {
                out.insert("antiknight".into(), json!(true));
            }
            Constraint::AntiKing(_) => {
                out.insert("antiking".into(), json!(true));
            }
            Constraint::DisjointGroups(_) => {
                out.insert("disjointgroups".into(), json!(true));
            }
            Constraint::NonConsecutive(_) => {
                out.insert("nonconsecutive".into(), json!(true));
            }
            Constraint::NegativeRatio(_) => negative.push("ratio"),
            Constraint::NegativeXv(_) => negative.push("xv"),
            Constraint::ExtraRegion(r) => {
                push(&mut out, "extraregion", json!({"cells": names(&r.cells)}))
            }
            Constraint::Difference(d) => push(
                &mut out,
                "difference",
                json!({"cells": names(&d.cells), "value": d.value.to_string()}),
            ),
            Constraint::Ratio(d) => push(
                &mut out,
                "ratio",
                json!({"cells": names(&d.cells), "value": d.value.to_string()}),
            ),
            Constraint::Xv(x) => push(
                &mut out,
                "xv",
                json!({"cells": names(&x.cells), "value": match x.value { xv::XvLetter::X => "X", xv::XvLetter::V => "V" }}),
            ),
            Constraint::SumDot(s) => push(
                &mut out,
                "sum",
                json!({"cells": names(&s.cells), "value": s.sum.to_string()}),
            ),
            Constraint::Odd(o) => {
                for &c in &o.cells {
                    push(&mut out, "odd", json!({"cell": name(c)}));
                }
            }
            Constraint::Even(o) => {
                for &c in &o.cells {
                    push(&mut out, "even", json!({"cell": name(c)}));
                }
            }
            Constraint::Minimum(o) => {
                for &c in &o.cells {
                    push(&mut out, "minimum", json!({"cell": name(c)}));
                }
            }
            Constraint::Maximum(o) => {
                for &c in &o.cells {
                    push(&mut out, "maximum", json!({"cell": name(c)}));
                }
            }
            Constraint::PencilMarks(m) => {
                let (r, c) = (m.cell.r(), m.cell.c());
                if let Value::Object(o) = &mut grid[r][c] {
                    o.insert("givenPencilMarks".into(), json!(m.digits));
                }
            }
            Constraint::Clone(k) => push(
                &mut out,
                "clone",
                json!({"cells": names(&k.cells), "cloneCells": names(&k.clones)}),
            ),
            Constraint::Quadruple(q) => push(
                &mut out,
                "quadruple",
                json!({"cells": names(&q.cells), "values": q.digits}),
            ),
            Constraint::RowIndexer(x) => {
                push(&mut out, "rowindexer", json!({"cells": names(&x.cells)}))
            }
            Constraint::ColumnIndexer(x) => {
                push(&mut out, "columnindexer", json!({"cells": names(&x.cells)}))
            }
            Constraint::BoxIndexer(x) => {
                push(&mut out, "boxindexer", json!({"cells": names(&x.cells)}))
            }
            Constraint::Killer(k) => {
                let mut o = json!({"cells": names(&k.cells)});
                if let Some(s) = k.sum {
                    o["value"] = json!(s.to_string());
                }
                push(&mut out, "killercage", o)
            }
            Constraint::LittleKiller(k) => {
                let a = k.cells[0];
                let (r0, c0) = (a.r() as isize + 1, a.c() as isize + 1);
                let (dr, dc) = match k.cells.get(1) {
                    Some(b) => (
                        b.r() as isize - a.r() as isize,
                        b.c() as isize - a.c() as isize,
                    ),
                    // A single cell: a diagonal that leaves the grid on both sides.
                    None => {
                        let out =
                            |r: isize, c: isize| r < 1 || c < 1 || r > n as isize || c > n as isize;
                        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                            .into_iter()
                            .find(|&(dr, dc)| out(r0 - dr, c0 - dc) && out(r0 + dr, c0 + dc))
                            .unwrap_or((1, 1))
                    }
                };
                let clue = (r0 - dr, c0 - dc);
                let dir = match (dr, dc) {
                    (-1, -1) => "UL",
                    (-1, 1) => "UR",
                    (1, -1) => "DL",
                    _ => "DR",
                };
                push(
                    &mut out,
                    "littlekillersum",
                    json!({"cell": format!("R{}C{}", clue.0, clue.1), "direction": dir,
                           "value": k.sum.to_string(), "cells": names(&k.cells)}),
                )
            }
            Constraint::Sandwich(s) => push(
                &mut out,
                "sandwichsum",
                json!({"cell": format!("R{}C{}", s.clue.row, s.clue.col), "value": s.sum.to_string()}),
            ),
            Constraint::XSum(s) => push(
                &mut out,
                "xsum",
                json!({"cell": format!("R{}C{}", s.clue.row, s.clue.col), "value": s.sum.to_string()}),
            ),
            Constraint::Skyscraper(s) => push(
                &mut out,
                "skyscraper",
                json!({"cell": format!("R{}C{}", s.clue.row, s.clue.col), "value": s.count.to_string()}),
            ),
            Constraint::Arrow(a) => {
                let start = a
                    .circle
                    .iter()
                    .copied()
                    .find(|c| c.is_king_neighbour(a.line[0]))
                    .unwrap_or(a.circle[0]);
                let mut line = vec![name(start)];
                line.extend(names(&a.line));
                push(
                    &mut out,
                    "arrow",
                    json!({"cells": names(&a.circle), "lines": [line]}),
                )
            }
            Constraint::Whispers(w) => push(
                &mut out,
                "whispers",
                json!({"lines": [names(&w.cells)], "value": w.difference.to_string()}),
            ),
            other => {
                let (key, cells) = match other {
                    Constraint::Thermometer(x) => ("thermometer", &x.cells),
                    Constraint::SlowThermometer(x) => ("slowthermometer", &x.cells),
                    Constraint::Palindrome(x) => ("palindrome", &x.cells),
                    Constraint::BetweenLine(x) => ("betweenline", &x.cells),
                    Constraint::Lockout(x) => ("lockout", &x.cells),
                    Constraint::Renban(x) => ("renban", &x.cells),
                    Constraint::EntropicLine(x) => ("entropicline", &x.cells),
                    Constraint::ModularLine(x) => ("modularline", &x.cells),
                    Constraint::Nabner(x) => ("nabner", &x.cells),
                    Constraint::DoubleArrow(x) => ("doublearrow", &x.cells),
                    Constraint::RegionSumLine(x) => ("regionsumline", &x.cells),
                    Constraint::ZipperLine(x) => ("zipperline", &x.cells),
                    _ => unreachable!("handled above"),
                };
                push(&mut out, key, json!({"lines": [names(cells)]}))
            }
        }
    }
    if !negative.is_empty() {
        out.insert("negative".into(), json!(negative));
    }
    out.insert("grid".into(), json!(grid));
    Ok(Value::Object(out))
}

/// The lz-string base64 payload of an f-puzzles JSON value.
pub fn compress(value: &Value) -> String {
    lz_str::compress_to_base64(value.to_string().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn import(v: Value) -> Result<Import, Error> {
        import_value(&v)
    }

    fn empty_grid(n: usize) -> Value {
        json!(vec![vec![json!({}); n]; n])
    }

    #[test]
    fn givens_only_regions_and_traps() {
        let mut g = empty_grid(4);
        g[0][0] = json!({"value": 1, "given": true});
        g[0][1] = json!({"value": 2});
        let i = import(json!({"size": 4, "grid": g, "title": "T", "author": "A"})).unwrap();
        let p = &i.document.puzzle;
        assert_eq!(p.givens().filled_count(), 1);
        assert_eq!(p.title.as_deref(), Some("T"));
        assert_eq!(i.warnings.len(), 1, "{:?}", i.warnings);
    }

    #[test]
    fn dots_exempt_pairs_from_negative_rules() {
        let v = json!({"size": 4, "grid": empty_grid(4), "nonconsecutive": true,
            "negative": ["ratio", "xv"],
            "difference": [{"cells": ["R1C1", "R1C2"]}],
            "ratio": [{"cells": ["R2C1", "R2C2"], "value": "3"}],
            "xv": [{"cells": ["R3C1", "R3C2"], "value": "V"}]});
        let i = import(v).unwrap();
        let cs = i.document.puzzle.constraints();
        let nc = cs.iter().find_map(|c| match c {
            Constraint::NonConsecutive(x) => Some(x),
            _ => None,
        });
        assert_eq!(nc.unwrap().except.len(), 2);
        let nr = cs.iter().find_map(|c| match c {
            Constraint::NegativeRatio(x) => Some(x),
            _ => None,
        });
        assert_eq!(nr.unwrap().ratios, vec![3]);
        let nx = cs.iter().find_map(|c| match c {
            Constraint::NegativeXv(x) => Some(x),
            _ => None,
        });
        assert_eq!(nx.unwrap().except.len(), 1);
    }

    #[test]
    fn little_killer_walks_to_the_edge() {
        let v = json!({"size": 4, "grid": empty_grid(4),
            "littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "10"}]});
        let i = import(v).unwrap();
        match &i.document.puzzle.constraints()[0] {
            Constraint::LittleKiller(k) => assert_eq!(k.cells.len(), 3),
            c => panic!("{c:?}"),
        }
    }

    #[test]
    fn unsupported_keys_are_refused() {
        let v = json!({"size": 4, "grid": empty_grid(4), "fog": [1], "killercage": []});
        let e = import(v).unwrap_err().to_string();
        assert!(e.contains("unsupported key(s): fog"), "{e}");
    }

    #[test]
    fn payloads_urls_and_ids_decode() {
        let v = json!({"size": 4, "grid": empty_grid(4), "thermometer": [{"lines": [["R1C1", "R1C2"], ["R2C1", "R3C1"]]}]});
        let payload = compress(&v);
        for text in [
            payload.clone(),
            format!("https://www.f-puzzles.com/?load={payload}"),
            format!("fpuzzles{payload}"),
            payload.replace('+', " "),
        ] {
            let i = import_text(&text).unwrap();
            assert_eq!(i.document.puzzle.constraints().len(), 2);
            assert!(i
                .document
                .puzzle
                .constraints()
                .iter()
                .all(|c| c.kind() == "thermometer"));
        }
    }

    #[test]
    fn export_then_import_keeps_the_rules() {
        let v = json!({"size": 4, "grid": empty_grid(4),
            "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
            "arrow": [{"cells": ["R4C4"], "lines": [["R4C4", "R3C3", "R2C2"]]}],
            "littlekillersum": [{"cell": "R5C2", "direction": "UR", "value": "5"}],
            "odd": [{"cell": "R2C4"}]});
        let a = import(v).unwrap();
        let b = import(export(&a.document).unwrap()).unwrap();
        assert_eq!(
            a.document.puzzle.constraints(),
            b.document.puzzle.constraints()
        );
    }

    #[test]
    fn rules_text_without_rule_keys_warns_unless_classic() {
        let classic =
            json!({"size": 4, "grid": empty_grid(4), "ruleset": "Normal sudoku rules apply."});
        assert!(import(classic).unwrap().warnings.is_empty());
        let other = json!({"size": 4, "grid": empty_grid(4),
            "ruleset": "Normal sudoku rules apply. Digits on grey lines sum to 10. Shaded cells are even."});
        assert_eq!(import(other).unwrap().warnings.len(), 1);
    }
}
