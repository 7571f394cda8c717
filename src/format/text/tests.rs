//! Tests of the text formats.

use super::symbols::DEFAULT_ALPHABET;
use super::*;

fn read_all(text: &str, opts: TextOptions) -> Vec<TextRecord> {
    TextReader::new(text.as_bytes(), opts)
        .map(|r| r.unwrap())
        .collect()
}

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn line_and_block_read_the_same_puzzle() {
    let line = parse_one(EASY).unwrap();
    let block: String = EASY
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!("{} | {} | {}\n", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let block = format!("# a comment with digits 1 2 3\n{block}");
    assert_eq!(parse_one(&block).unwrap(), line);
}

#[test]
fn comments_are_never_clues_and_crlf_works() {
    let text = format!("# puzzle 1\r\n{EASY} # trailing 7\r\n\r\n");
    let recs = read_all(&text, TextOptions::default());
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].line, 2);
    assert_eq!(recs[0].puzzle.as_ref().unwrap(), &parse_one(EASY).unwrap());
}

#[test]
fn consecutive_block_grids_need_no_blank_line() {
    let p = parse_one(EASY).unwrap();
    let rows: Vec<&str> = (0..9).map(|r| &EASY[r * 9..r * 9 + 9]).collect();
    let text = format!("{}\n{}\n", rows.join("\n"), rows.join("\n"));
    let recs = read_all(&text, TextOptions::default());
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[1].line, 10);
    assert_eq!(recs[1].puzzle.as_ref().unwrap(), &p);
}

#[test]
fn wrong_counts_are_located_errors_and_reading_goes_on() {
    let text = format!("{}\n{EASY}\n", &EASY[..80]);
    let recs = read_all(&text, TextOptions::default());
    assert_eq!(recs.len(), 2);
    let e = recs[0].puzzle.as_ref().unwrap_err().to_string();
    assert!(e.contains("line 1") && e.contains("80 cells"), "{e}");
    assert!(recs[1].puzzle.is_ok());
}

#[test]
fn unknown_symbols_and_out_of_range_digits_name_the_column() {
    let bad = format!("{}?{}", &EASY[..10], &EASY[11..]);
    let e = parse_one(&bad).unwrap_err().to_string();
    assert!(
        e.contains("column 11") && e.contains("unknown symbol"),
        "{e}"
    );
    let four = "1234341221434321".replace('4', "5");
    let e = parse_one(&four).unwrap_err().to_string();
    assert!(e.contains("out of range for a 4x4"), "{e}");
}

#[test]
fn big_grids_read_letters_and_numbers() {
    // 16x16: symbols 1-9A-G, or space-separated numbers.
    let mut letters = String::new();
    let mut numbers = Vec::new();
    for i in 0..256 {
        if i % 17 == 0 {
            let v = i % 16 + 1;
            letters.push(DEFAULT_ALPHABET.chars().nth(v - 1).unwrap());
            numbers.push(v.to_string());
        } else {
            letters.push('.');
            numbers.push("0".into());
        }
    }
    let a = parse_one(&letters).unwrap();
    let b = parse_one(&numbers.join(" ")).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.size(), 16);
}

#[test]
fn custom_symbols_make_dot_the_only_empty() {
    let opts = TextOptions {
        symbols: Symbols::custom("0123").unwrap(),
        ..TextOptions::default()
    };
    let p = parse_one_with("0...............", &opts).unwrap();
    assert_eq!(p.givens().filled_count(), 1);
    let g = p.givens().clone();
    assert_eq!(Line::new(&g, &opts.symbols).to_string(), "0...............");
}

#[test]
fn csv_with_header_reads_puzzle_and_solution() {
    let text = "quizzes,solutions\n\
        004300209005009001070060043006002087190007400050083000600000105003508690042910300,\
        864371259325849761971265843436192587198657432257483916689734125713528694542916378\n";
    let recs = read_all(text, TextOptions::default());
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].line, 2);
    assert!(recs[0].puzzle.is_ok());
    assert!(recs[0].expected.as_ref().unwrap().is_full());
}

#[test]
fn an_overlong_line_is_an_error_in_bounded_memory() {
    let mut text = "1".repeat(MAX_LINE * 3);
    text.push('\n');
    text.push_str(EASY);
    let recs = read_all(&text, TextOptions::default());
    assert_eq!(recs.len(), 2);
    assert!(recs[0]
        .puzzle
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("longer than"));
    assert!(recs[1].puzzle.is_ok());
}

#[test]
fn repeated_givens_are_located() {
    let bad = format!("55{}", &EASY[2..]);
    let e = parse_one(&bad).unwrap_err().to_string();
    assert_eq!(e, "r1c1 and r1c2 both hold 5 in row 1");
}

#[test]
fn ruled_separator_lines_are_never_puzzles() {
    // 36 dashes between `+` would otherwise look like an empty 6x6.
    let rule = "+---------+---------+---------+---------+";
    let row = |r: &str| format!("| {} |", r);
    let mut text = String::new();
    let p = parse_one(EASY).unwrap();
    for (i, chunk) in EASY.as_bytes().chunks(9).enumerate() {
        if i % 3 == 0 {
            text.push_str(rule);
            text.push('\n');
        }
        text.push_str(&row(std::str::from_utf8(chunk).unwrap()));
        text.push('\n');
    }
    text.push_str(rule);
    let recs = read_all(&text, TextOptions::default());
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].puzzle.as_ref().unwrap(), &p);
    // A line of 81 dashes alone is an empty puzzle.
    assert_eq!(
        parse_one(&"-".repeat(81)).unwrap().givens().filled_count(),
        0
    );
}

#[test]
fn a_grid_alone_is_read_without_rules() {
    let std = Symbols::standard();
    // Two 1s in the first box: no puzzle, but a grid (its puzzle's rules are checked
    // by the caller, e.g. a jigsaw whose regions are not boxes).
    let g = parse_grid("1...\n.1..\n....\n....", 4, &std).unwrap();
    assert_eq!(g.filled_count(), 2);
    assert_eq!(
        parse_grid("12341234", 4, &std).unwrap_err().to_string(),
        "line 1: 8 cells, expected 16 for a 4x4 grid"
    );
    assert!(parse_grid("1234341221434321", 4, &std).unwrap().is_full());
}

#[test]
fn pretty_prints_boxes() {
    let p = parse_one("1..2.3......4..1").unwrap();
    let s = Pretty::new(p.givens(), p.shape(), &Symbols::standard()).to_string();
    assert_eq!(
        s,
        "+-----+-----+\n| 1 . | . 2 |\n| . 3 | . . |\n+-----+-----+\n| . . | . . |\n| 4 . | . 1 |\n+-----+-----+\n"
    );
}

/// Reading options for an R×C grid (`--grid RxC`).
fn grid_opts(r: usize, c: usize) -> TextOptions {
    TextOptions {
        dims: Some((r, c)),
        ..TextOptions::default()
    }
}

#[test]
fn grid_dimensions_read_rectangles_as_lines_and_blocks() {
    let line = format!("12345678{}", ".".repeat(40));
    for text in [
        line.clone(),
        format!("1234 5678\n{}", "........\n".repeat(5)),
        format!("12345678\n--------\n{}", "........\n".repeat(5)),
    ] {
        let p = parse_one_with(&text, &grid_opts(6, 8)).unwrap();
        let s = p.shape();
        assert_eq!(
            (s.rows(), s.cols(), s.box_rows(), s.box_cols()),
            (6, 8, 2, 4)
        );
        assert_eq!(p.givens().filled_count(), 8);
        assert_eq!(
            Line::new(p.givens(), &Symbols::standard()).to_string(),
            line
        );
    }
    // taller than wide: 8 rows of 6, boxes 4×2
    let p = parse_one_with(&"123456\n".to_string().add_rows(7, 6), &grid_opts(8, 6)).unwrap();
    assert_eq!((p.shape().rows(), p.shape().cols()), (8, 6));
    assert_eq!((p.shape().box_rows(), p.shape().box_cols()), (4, 2));
    // --box and --values apply
    let opts = TextOptions {
        box_shape: Some((4, 2)),
        values: Some(crate::geometry::Values::parse("0-7").unwrap()),
        ..grid_opts(4, 8)
    };
    let p = parse_one_with(&format!("0{}", ".".repeat(31)), &opts).unwrap();
    assert_eq!((p.shape().rows(), p.shape().cols()), (4, 8));
    assert_eq!((p.shape().box_rows(), p.shape().box_cols()), (4, 2));
    assert_eq!(p.shape().values().to_string(), "0-7");
    // a square stays square
    let p = parse_one_with(&".".repeat(81), &grid_opts(9, 9)).unwrap();
    assert!(p.shape().is_square());
}

#[test]
fn grid_dimensions_refuse_what_does_not_fit() {
    let err = |text: &str, opts: &TextOptions| parse_one_with(text, opts).unwrap_err().to_string();
    // a row of the wrong width, too few rows, a line of the wrong count
    let e = err("12345678\n1234\n", &grid_opts(6, 8));
    assert!(
        e.contains("line 2") && e.contains("expected 8 (--grid 6x8)"),
        "{e}"
    );
    // the broken grid's other rows are its own: the next grid is read whole
    let text = format!(
        "12345678\n1234\n{}1{}",
        "........\n".repeat(4),
        ".".repeat(47)
    );
    let recs = read_all(&text, grid_opts(6, 8));
    assert_eq!(recs.len(), 2);
    assert!(recs[0].puzzle.is_err() && recs[1].puzzle.is_ok());
    let e = err("12345678\n........\n", &grid_opts(6, 8));
    assert!(
        e.contains("ends after 2 rows") && e.contains("expected 6 rows"),
        "{e}"
    );
    let e = err(&".".repeat(47), &grid_opts(6, 8));
    assert!(e.contains("47 cells"), "{e}");
    // a chaos construction on a rectangle: regions of as many cells as the longer side and
    // values (6×7 holding 1..7: six regions of 7; holding 1..8: refused)
    let chaos = |r, c| TextOptions {
        chaos: true,
        ..grid_opts(r, c)
    };
    let p = parse_one_with(&".".repeat(42), &chaos(6, 7)).unwrap();
    assert_eq!(p.shape().chaos_regions(), 6);
    assert!(
        !p.shape().regions().iter().any(Option::is_some),
        "no boxes without --box"
    );
    let eight = TextOptions {
        values: Some(crate::geometry::Values::parse("1-8").unwrap()),
        ..chaos(6, 7)
    };
    let e = err(&".".repeat(42), &eight);
    assert!(e.contains("--chaos") && e.contains("as many values"), "{e}");
    let bad_box = TextOptions {
        box_shape: Some((3, 3)),
        ..grid_opts(6, 8)
    };
    assert!(err(&".".repeat(48), &bad_box).contains("do not tile"));
    // without --grid a short block says how to read it
    let e = parse_one(&format!("12345678\n{}", "........\n".repeat(5)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--grid 6x8"), "{e}");
}

/// Test helper: `rows` more rows of `width` dots after this text.
trait AddRows {
    fn add_rows(&self, rows: usize, width: usize) -> String;
}

impl AddRows for String {
    fn add_rows(&self, rows: usize, width: usize) -> String {
        format!("{self}{}", format!("{}\n", ".".repeat(width)).repeat(rows))
    }
}
