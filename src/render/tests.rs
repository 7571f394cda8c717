//! Pictures parsed back as XML: one group per constraint, the digits where they belong,
//! hostile text escaped.

use super::*;
use crate::geometry::Digit;

/// One instance of every rule type on a 9×9 grid, as JSON.
const SAMPLES: &[&str] = &[
    r#"{"type":"diagonal","positive":true,"negative":true}"#,
    r#"{"type":"anti-knight"}"#,
    r#"{"type":"anti-king"}"#,
    r#"{"type":"non-consecutive"}"#,
    r#"{"type":"disjoint-groups"}"#,
    r#"{"type":"negative-ratio"}"#,
    r#"{"type":"negative-xv"}"#,
    r#"{"type":"extra-region","cells":["r7c4","r7c5","r8c4","r8c5"]}"#,
    r#"{"type":"difference","cells":["r1c1","r1c2"]}"#,
    r#"{"type":"ratio","cells":["r1c3","r1c4"],"value":3}"#,
    r#"{"type":"xv","cells":["r2c1","r2c2"],"value":"X"}"#,
    r#"{"type":"sum-dot","cells":["r2c3","r2c4"],"sum":7}"#,
    r#"{"type":"odd","cells":["r3c1"]}"#,
    r#"{"type":"even","cells":["r3c2"]}"#,
    r#"{"type":"minimum","cells":["r3c3"]}"#,
    r#"{"type":"maximum","cells":["r3c5"]}"#,
    r#"{"type":"pencil-marks","cell":"r3c7","digits":[1,2]}"#,
    r#"{"type":"clone","cells":["r4c1"],"clones":["r6c3"]}"#,
    r#"{"type":"quadruple","cells":["r4c4","r4c5","r5c4","r5c5"],"digits":[1,2,3]}"#,
    r#"{"type":"row-indexer","cells":["r1c9"]}"#,
    r#"{"type":"column-indexer","cells":["r2c9"]}"#,
    r#"{"type":"box-indexer","cells":["r3c9"]}"#,
    r#"{"type":"thermometer","cells":["r5c1","r6c1","r7c1"]}"#,
    r#"{"type":"slow-thermometer","cells":["r5c2","r6c2","r7c2"]}"#,
    r#"{"type":"palindrome","cells":["r4c6","r4c7","r4c8"]}"#,
    r#"{"type":"between-line","cells":["r5c6","r5c7","r5c8"]}"#,
    r#"{"type":"lockout","cells":["r6c6","r6c7","r6c8"]}"#,
    r#"{"type":"renban","cells":["r8c1","r8c2"]}"#,
    r#"{"type":"whispers","cells":["r9c4","r9c5"]}"#,
    r#"{"type":"entropic-line","cells":["r9c6","r9c7","r9c8"]}"#,
    r#"{"type":"modular-line","cells":["r8c6","r8c7","r8c8"]}"#,
    r#"{"type":"nabner","cells":["r7c6","r7c7"]}"#,
    r#"{"type":"killer","cells":["r8c9","r9c9"],"sum":10}"#,
    r#"{"type":"little-killer","cells":["r1c2","r2c1"],"sum":11}"#,
    r#"{"type":"sandwich","clue":"r0c3","sum":10}"#,
    r#"{"type":"x-sum","clue":"r3c0","sum":20}"#,
    r#"{"type":"skyscraper","clue":"r10c5","count":3}"#,
    r#"{"type":"arrow","circle":["r9c1"],"line":["r9c2","r9c3"]}"#,
    r#"{"type":"double-arrow","cells":["r7c7","r7c8","r7c9"]}"#,
    r#"{"type":"region-sum-line","cells":["r6c4","r6c5"]}"#,
    r#"{"type":"zipper-line","cells":["r4c2","r4c3","r5c3"]}"#,
    r#"{"type":"or","of":[{"type":"odd","cells":["r9c5"]},{"type":"and","of":[{"type":"even","cells":["r9c5"]},{"type":"anti-king"}]}]}"#,
    r#"{"type":"and","of":[{"type":"anti-knight"}]}"#,
    r#"{"type":"sum-line","cells":["r8c1","r8c2","r8c3"],"sum":10}"#,
    r#"{"type":"lunchbox","cells":["r9c4","r9c5","r9c6"],"sum":0}"#,
    r#"{"type":"numbered-room","clue":"r10c7","value":4}"#,
    r#"{"type":"hidden-skyscraper","clue":"r10c8","value":4}"#,
    r#"{"type":"anti-taxicab"}"#,
    r#"{"type":"global-entropy"}"#,
    r#"{"type":"global-mod"}"#,
    r#"{"type":"dutch-flatmates"}"#,
    r#"{"type":"rellik-cage","cells":["r5c5","r5c6"],"sum":7}"#,
    r#"{"type":"counting-circles","cells":["r5c1","r6c2"]}"#,
    r#"{"type":"same-values","sets":[["r6c5"],["r4c6"]]}"#,
    r#"{"type":"greater-than","cells":["r6c7","r6c8"]}"#,
    r#"{"type":"equal-sums","segments":[["r5c8"],["r5c9"]]}"#,
    r#"{"type":"value-indexing","cells":["r7c1","r7c2","r7c3"]}"#,
    r#"{"type":"relation","cells":["r8c4","r8c5"],"allowed":[[1,2]]}"#,
    r#"{"type":"count-distinct","cells":["r8c7","r8c8","r8c9"]}"#,
    r#"{"type":"equality-cage","cells":["r9c7","r9c8"]}"#,
    r#"{"type":"full-rank","clues":[{"clue":"r10c2","rank":30}],"ties":"none"}"#,
    r#"{"type":"regex","cells":["r9c1","r9c2","r9c3"],"pattern":"[1-5]+9"}"#,
    r#"{"type":"weighted-sum","cells":["r9c4","r9c5"],"weights":[2,-1],"sum":3}"#,
    r#"{"type":"look-and-say","cells":["r9c6","r9c7"],"counts":[[1,6],[0,7]]}"#,
    r#"{"type":"connected-values","values":[1,2,3,4,5,6,7,8],"size":72}"#,
    r#"{"type":"contain-at-least","cells":["r8c8","r8c9"],"values":[5]}"#,
    r#"{"type":"same-region","cells":["r9c6","r8c6"]}"#,
    r#"{"type":"different-regions","cells":["r1c1","r9c9"]}"#,
    r#"{"type":"doppelganger"}"#,
    r#"{"type":"chaos-arrow","cell":"r7c1","arms":[["r7c2","r7c3","r7c4"],["r7c2","r8c2"]]}"#,
    r#"{"type":"chaos-count","cell":"r8c1","cells":["r8c1","r9c1","r9c2"]}"#,
    r#"{"type":"distinct-regions","cell":"r9c9","cells":["r9c8","r9c7"]}"#,
    r#"{"type":"nfa","cells":["r7c1","r7c2","r8c2"],"start":[0],"accept":[1],"transitions":[[0,[1,2],1],[1,[3],1]],"breaks":[2],"break_moves":[[1,0]]}"#,
];

/// A number per variant, with no catch-all arm: a new rule type makes this test module fail
/// to compile until it has a sample above.
fn variant_number(c: &Constraint) -> usize {
    use Constraint as C;
    match c {
        C::Diagonal(_) => 0,
        C::AntiKnight(_) => 1,
        C::AntiKing(_) => 2,
        C::NonConsecutive(_) => 3,
        C::DisjointGroups(_) => 4,
        C::NegativeRatio(_) => 5,
        C::NegativeXv(_) => 6,
        C::ExtraRegion(_) => 7,
        C::Difference(_) => 8,
        C::Ratio(_) => 9,
        C::Xv(_) => 10,
        C::SumDot(_) => 11,
        C::Odd(_) => 12,
        C::Even(_) => 13,
        C::Minimum(_) => 14,
        C::Maximum(_) => 15,
        C::PencilMarks(_) => 16,
        C::Clone(_) => 17,
        C::Quadruple(_) => 18,
        C::RowIndexer(_) => 19,
        C::ColumnIndexer(_) => 20,
        C::BoxIndexer(_) => 21,
        C::Thermometer(_) => 22,
        C::SlowThermometer(_) => 23,
        C::Palindrome(_) => 24,
        C::BetweenLine(_) => 25,
        C::Lockout(_) => 26,
        C::Renban(_) => 27,
        C::Whispers(_) => 28,
        C::EntropicLine(_) => 29,
        C::ModularLine(_) => 30,
        C::Nabner(_) => 31,
        C::Killer(_) => 32,
        C::LittleKiller(_) => 33,
        C::Sandwich(_) => 34,
        C::XSum(_) => 35,
        C::Skyscraper(_) => 36,
        C::Arrow(_) => 37,
        C::DoubleArrow(_) => 38,
        C::RegionSumLine(_) => 39,
        C::ZipperLine(_) => 40,
        C::Or(_) => 41,
        C::And(_) => 42,
        C::SumLine(_) => 43,
        C::Lunchbox(_) => 44,
        C::NumberedRoom(_) => 45,
        C::HiddenSkyscraper(_) => 46,
        C::AntiTaxicab(_) => 47,
        C::GlobalEntropy(_) => 48,
        C::GlobalMod(_) => 49,
        C::DutchFlatmates(_) => 50,
        C::RellikCage(_) => 51,
        C::CountingCircles(_) => 52,
        C::SameValues(_) => 53,
        C::GreaterThan(_) => 54,
        C::EqualSums(_) => 55,
        C::ValueIndexing(_) => 56,
        C::Relation(_) => 57,
        C::CountDistinct(_) => 58,
        C::EqualityCage(_) => 59,
        C::FullRank(_) => 60,
        C::Regex(_) => 61,
        C::WeightedSum(_) => 62,
        C::LookAndSay(_) => 63,
        C::SameRegion(_) => 64,
        C::Nfa(_) => 65,
        C::Doppelganger(_) => 66,
        C::ChaosArrow(_) => 67,
        C::ChaosCount(_) => 68,
        C::DistinctRegions(_) => 69,
        C::ConnectedValues(_) => 70,
        C::ContainAtLeast(_) => 71,
        C::DifferentRegions(_) => 72,
    }
}
const VARIANTS: usize = 73;

fn samples() -> Vec<Constraint> {
    SAMPLES
        .iter()
        .map(|j| serde_json::from_str(j).unwrap_or_else(|e| panic!("{j}: {e}")))
        .collect()
}

/// Whether a rule is about the found regions of a chaos construction.
fn is_chaos_rule(c: &Constraint) -> bool {
    matches!(
        c,
        Constraint::SameRegion(_)
            | Constraint::DifferentRegions(_)
            | Constraint::ChaosArrow(_)
            | Constraint::ChaosCount(_)
            | Constraint::DistinctRegions(_)
    )
}

/// A puzzle with boxes; a chaos construction (boxes kept) when a rule is about its regions;
/// the values 0..N for a doppelganger.
fn puzzle(n: usize, givens: Grid, constraints: Vec<Constraint>) -> Puzzle {
    let chaos = constraints.iter().any(is_chaos_rule);
    let shape = Shape::new(n).unwrap();
    let shape = if constraints
        .iter()
        .any(|c| matches!(c, Constraint::Doppelganger(_)))
    {
        let zero_to_n = crate::geometry::Values {
            min: 0,
            count: n + 1,
        };
        shape.with_values(zero_to_n).unwrap()
    } else {
        shape
    };
    let shape = if chaos {
        shape.with_chaos().unwrap()
    } else {
        shape
    };
    Puzzle::new(shape, givens, constraints).unwrap()
}

/// The groups of rule `kind` and how many drawing elements each holds.
fn rule_groups(doc: &roxmltree::Document, kind: &str) -> Vec<usize> {
    let class = format!("rule-{kind}");
    doc.descendants()
        .filter(|n| {
            n.has_tag_name("g")
                && n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .map(|g| {
            g.descendants()
                .filter(|d| d.is_element() && *d != g)
                .count()
        })
        .collect()
}

fn texts_in<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<&'a str> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .flat_map(|g| {
            g.descendants()
                .filter(|t| t.is_text())
                .filter_map(|t| t.text())
        })
        .collect()
}

#[test]
fn samples_cover_every_rule_type() {
    let mut seen = [false; VARIANTS];
    for c in samples() {
        seen[variant_number(&c)] = true;
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|&i| !seen[i]).collect();
    assert!(missing.is_empty(), "variants without a sample: {missing:?}");
}

#[test]
fn every_rule_kind_has_a_drawing_of_its_own() {
    for c in samples() {
        let kind = c.kind();
        let p = puzzle(9, Grid::empty(9), vec![c.clone()]);
        let svg = render(&p, None, &[Panel::givens()]).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{kind}: {e}"));
        let groups = rule_groups(&doc, kind);
        assert_eq!(groups.len(), 1, "{kind}: one group per constraint");
        assert!(groups[0] > 0, "{kind}: the group draws nothing");
    }
}

#[test]
fn all_rules_together_give_one_group_each_per_panel() {
    // same-region needs a chaos construction, where the box indexer and region sum lines
    // are refused, and a doppelganger the values 0..N: they are drawn alone above
    let all: Vec<Constraint> = samples()
        .into_iter()
        .filter(|c| !is_chaos_rule(c) && !matches!(c, Constraint::Doppelganger(_)))
        .collect();
    let p = puzzle(9, Grid::empty(9), all.clone());
    let solution = Grid::empty(9);
    let panels = [Panel::givens(), Panel::solution(solution)];
    let svg = render(&p, Some("Every rule at once."), &panels).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    for c in &all {
        assert_eq!(rule_groups(&doc, c.kind()).len(), 2, "{}", c.kind());
    }
    assert!(svg.len() < 50_000, "{} bytes", svg.len());
}

#[test]
fn givens_are_bold_and_solved_digits_coloured() {
    let p = crate::parse_one("1.......2.......").unwrap();
    let sol = crate::some_solution(&p).unwrap().unwrap();
    let svg = render(&p, None, &[Panel::solution(sol.clone())]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(texts_in(&doc, "givens"), vec!["1", "2"]);
    let solved: Vec<String> = sol
        .filled()
        .filter(|(c, _)| p.givens().get(*c).is_none())
        .map(|(_, d)| d.to_string())
        .collect();
    assert_eq!(texts_in(&doc, "solved"), solved);
    let bold = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("givens"))
        .unwrap();
    assert_eq!(bold.attribute("font-weight"), Some("bold"));
}

#[test]
fn candidates_are_pencil_marks_and_singles_are_digits() {
    let p = crate::parse_one("1...............").unwrap();
    let mut masks = vec![0b1111u64; 16];
    masks[0] = 0b1;
    masks[1] = 0b0100;
    let svg = render(&p, None, &[Panel::candidates(masks)]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(texts_in(&doc, "solved"), vec!["3"]);
    assert_eq!(texts_in(&doc, "candidates").len(), 14 * 4);
}

#[test]
fn hostile_text_is_escaped() {
    let mut p = crate::parse_one("1...............").unwrap();
    let nasty = "<script>alert(\"x\")</script> & 'q' ]]> \u{1}\u{1b}[31m";
    p.title = Some(nasty.into());
    p.author = Some("A & B <c@d>".into());
    let svg = render(&p, Some("Rule <1> & \"2\""), &[Panel::givens()]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(doc.descendants().all(|n| !n.has_tag_name("script")));
    let all: String = doc
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    assert!(
        all.contains("<script>alert(\"x\")</script> & 'q' ]]>"),
        "{all}"
    );
    assert!(all.contains("by A & B <c@d>"), "{all}");
    assert!(all.contains("Rule <1> & \"2\""), "{all}");
    assert!(!all.contains('\u{1b}'));
}

#[test]
fn differing_solutions_are_highlighted_in_both_panels() {
    let p = crate::parse_one("................").unwrap();
    let a = crate::parse_one("1234341221434321")
        .unwrap()
        .givens()
        .clone();
    let b = crate::parse_one("1234341223414123")
        .unwrap()
        .givens()
        .clone();
    let svg = render(&p, None, &Panel::differing(a, b)).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let marked: usize = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("highlight"))
        .map(|g| g.children().filter(|c| c.is_element()).count())
        .sum();
    assert_eq!(marked, 8, "four cells in each of two panels");
    assert!(svg.contains("4 cells differ"));
}

#[test]
fn regions_cells_outside_them_and_box_shapes() {
    // A 6×6 with 2×3 boxes: vertical box borders after columns 3, horizontal after 2 and 4.
    let p = Puzzle::classic(Shape::with_box(6, 2, 3).unwrap(), Grid::empty(6)).unwrap();
    let svg = render(&p, None, &[Panel::givens()]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let borders = doc
        .descendants()
        .find(|n| n.parent().and_then(|g| g.attribute("class")) == Some("regions"))
        .and_then(|n| n.attribute("d"))
        .unwrap();
    assert_eq!(borders.matches('M').count(), 3, "{borders}");
    // Cells in no region are shaded.
    let mut regions: Vec<Option<u16>> = Shape::new(4).unwrap().regions().to_vec();
    regions[0] = None;
    regions[5] = None;
    let shape = Shape::with_regions(4, regions).unwrap();
    let p = Puzzle::classic(shape, Grid::empty(4)).unwrap();
    let svg = render(&p, None, &[Panel::givens()]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let shaded = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("no-region"))
        .map(|g| g.children().count())
        .unwrap();
    assert_eq!(shaded, 2);
}

#[test]
fn sizes_that_do_not_fit_are_errors() {
    let p = crate::parse_one("1...............").unwrap();
    assert_eq!(render(&p, None, &[]), Err(RenderError::NoPanels));
    let e = render(&p, None, &[Panel::solution(Grid::empty(9))]).unwrap_err();
    assert!(e.to_string().contains("81-cell"), "{e}");
    let e = render(&p, None, &[Panel::candidates(vec![1; 3])]).unwrap_err();
    assert!(matches!(e, RenderError::Size { found: 3, .. }), "{e}");
}

#[test]
fn big_grids_write_two_digit_numbers() {
    let mut g = Grid::empty(16);
    g.set(Cell::new(1, 1), Some(Digit::new(16)));
    let p = puzzle(16, g, Vec::new());
    let svg = render(&p, None, &[Panel::givens()]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(texts_in(&doc, "givens"), vec!["16"]);
}

#[test]
fn text_wraps_at_spaces() {
    assert_eq!(
        wrap("aaa bbb ccc\n\nddd", 8),
        vec!["aaa bbb", "ccc", "", "ddd"]
    );
    assert_eq!(wrap("word", 8), vec!["word"]);
}

#[test]
fn killer_outline_turns_inwards_at_concave_corners() {
    // An L-shaped cage: r1c1, r2c1, r2c2. Its outline has six corners, so after joining
    // the straight runs six segments remain.
    let f = Frame {
        x0: 0.0,
        y0: 0.0,
        s: 40.0,
        n: 9,
        rows: 9,
        cols: 9,
        extra_top: 0.0,
    };
    let mut out = Out::new();
    let c = Cell::new;
    lines::cage(&f, &[c(1, 1), c(2, 1), c(2, 2)], Some(12), &mut out);
    let s = out.as_str();
    let d = s.split("d=\"").nth(1).unwrap().split('"').next().unwrap();
    assert_eq!(d.matches('M').count(), 6, "{d}");
    // The concave corner sits at column 0.9, row 1.1: (36, 44).
    assert!(d.contains("36 44"), "{d}");
    assert!(s.contains(">12</text>"));
}

#[test]
fn clues_in_one_place_sit_side_by_side_and_pills_are_drawn_whole() {
    let rules: Vec<Constraint> = [
        r#"{"type":"sandwich","clue":"r0c3","sum":10}"#,
        r#"{"type":"x-sum","clue":"r0c3","sum":20}"#,
        r#"{"type":"arrow","circle":["r5c5","r5c6"],"line":["r6c6","r7c7"]}"#,
    ]
    .iter()
    .map(|j| serde_json::from_str(j).unwrap())
    .collect();
    let p = puzzle(9, Grid::empty(9), rules);
    let svg = render(&p, None, &[Panel::givens()]).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let x_of = |kind: &str| {
        let g = doc
            .descendants()
            .find(|n| n.attribute("class") == Some(&*format!("rule rule-{kind}")))
            .unwrap();
        let t = g.descendants().find(|n| n.has_tag_name("text")).unwrap();
        t.attribute("x").unwrap().parse::<f64>().unwrap()
    };
    // Both clues above column 3, one left and one right of its centre.
    let (a, b) = (x_of("sandwich"), x_of("x-sum"));
    assert!(a < b && b - a > 10.0, "{a} {b}");
    // The pill: a grey stroke through both circle cells, a white one on top, plus the line
    // and its arrowhead.
    let arrow = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("rule rule-arrow"))
        .unwrap();
    let polylines = arrow
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .count();
    assert_eq!(polylines, 4);
}

#[test]
fn a_lockouts_stated_difference_is_written_by_its_first_diamond() {
    let lockout = |json: &str| -> Vec<String> {
        let rule: Constraint = serde_json::from_str(json).unwrap();
        let p = puzzle(9, Grid::empty(9), vec![rule]);
        let svg = render(&p, None, &[Panel::givens()]).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        texts_in(&doc, "rule rule-lockout")
            .into_iter()
            .map(String::from)
            .collect()
    };
    assert!(lockout(r#"{"type":"lockout","cells":["r1c1","r1c2","r1c3"]}"#).is_empty());
    assert_eq!(
        lockout(r#"{"type":"lockout","cells":["r1c1","r1c2","r1c3"],"difference":6}"#),
        vec!["≥6"]
    );
}
