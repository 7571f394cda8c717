//! The programs in `examples/` are compiled by `cargo test`; here their working functions are
//! also run and their output checked (the example files are included as modules, so their
//! `main` is not used).

#[allow(dead_code)]
#[path = "../examples/solve_string.rs"]
mod solve_string;

#[allow(dead_code)]
#[path = "../examples/check_uniqueness.rs"]
mod check_uniqueness;

#[allow(dead_code)]
#[path = "../examples/export_dimacs.rs"]
mod export_dimacs;

#[allow(dead_code)]
#[path = "../examples/count_solutions.rs"]
mod count_solutions;

#[test]
fn solve_string_prints_a_boxed_solution() {
    let text = solve_string::solve_to_text("...4..3.....3.2.").unwrap();
    assert_eq!(
        text,
        "+-----+-----+\n| 2 3 | 1 4 |\n| 4 1 | 3 2 |\n+-----+-----+\n\
         | 1 2 | 4 3 |\n| 3 4 | 2 1 |\n+-----+-----+\n"
    );
    let text = solve_string::solve_to_text(solve_string::DEFAULT).unwrap();
    assert!(text.starts_with("+-------+-------+-------+\n| 4 1 7 | 3 6 9 | 8 2 5 |\n"));
    assert_eq!(
        solve_string::solve_to_text(
            "12345678.........9..............................................................."
        )
        .unwrap(),
        "no solution\n"
    );
    assert!(solve_string::solve_to_text("123").is_err());
}

#[test]
fn check_uniqueness_names_each_verdict() {
    let said: Vec<String> = check_uniqueness::PUZZLES
        .iter()
        .map(|p| check_uniqueness::describe(p).unwrap())
        .collect();
    assert_eq!(
        said[0],
        "unique: 812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    );
    assert!(
        said[1].starts_with(
            "multiple: two solutions differ in 8 cells: r3c1 r3c2 r3c3 r3c4 r4c1 r4c2 r4c3 r4c4\n"
        ),
        "{}",
        said[1]
    );
    assert_eq!(said[2], "none: no solution");
}

#[test]
fn export_dimacs_writes_a_cnf_that_varisat_solves() {
    let mut out = Vec::new();
    let (vars, clauses) = export_dimacs::export(export_dimacs::DEFAULT, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(vars, 729);
    assert!(text.starts_with(&format!("c puzzle: {}\n", export_dimacs::DEFAULT)));
    assert!(text.contains(&format!("\np cnf {vars} {clauses}\n")));
    let clause_lines = text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
        .count();
    assert_eq!(clause_lines, clauses);
    let mut solver = varisat::Solver::new();
    solver.add_dimacs_cnf(text.as_bytes()).unwrap();
    assert!(solver.solve().unwrap());
}

#[test]
fn count_solutions_counts_an_empty_4x4_and_caps_a_6x6() {
    let four = count_solutions::count_empty(4, 1000).unwrap();
    assert_eq!((four.found, four.capped), (288, false));
    assert_eq!(count_solutions::describe(&four), "288 solutions");
    let six = count_solutions::count_empty(6, 20).unwrap();
    assert_eq!((six.found, six.capped), (20, true));
    assert_eq!(
        count_solutions::describe(&six),
        "more than 20 solutions (the cap)"
    );
}
