"""Writes ccby-scl.txt: puzzles of the CC BY 4.0 collection (../shared/puzzles/fpuzzles/
ccby_variants.jsonl) as SudokuPad SCL links made by `satdoku convert --to scl`, one per rule
SudokuPad draws, each with its title, author, license and solution. Run from the repository
root after `cargo build`: python3 puzzles/sudokupad/make_ccby_scl.py"""
import json, subprocess, sys

SRC = "../shared/puzzles/fpuzzles/ccby_variants.jsonl"
# Irregular and boxless puzzles (35, 123, 134) round-trip in tests/cli_sudokupad.rs: the
# corpus test re-verifies a text file's solutions on default boxes.
PICK = [2, 7, 9, 11, 13, 14, 15, 17, 20, 21, 23, 28, 45, 48, 49, 50, 51, 83]
rows = open(SRC, encoding="utf-8").read().splitlines()
out = ["# SudokuPad SCL links written by `satdoku convert --to scl` from puzzles of the",
       "# CC BY 4.0 collection (see ../variants/README.md); made by make_ccby_scl.py.",
       "# expect: unique"]
for n in PICK:
    rec = json.loads(rows[n - 1])
    r = subprocess.run(["target/debug/satdoku", "convert", "--to", "scl", "-"],
                       input=rows[n - 1] + "\n", capture_output=True, text=True, check=True)
    lost = [l for l in r.stderr.splitlines() if "not in the SCL" in l and "license" not in l and "source" not in l]
    if lost:
        sys.exit(f"line {n}: {lost}")
    out.append(f"# \"{rec['title']}\" by {rec['author']}, {rec['license']}")
    out.append(f"# solution: {rec['solution']}")
    out.append(r.stdout.strip())
open("puzzles/sudokupad/ccby-scl.txt", "w", encoding="utf-8").write("\n".join(out) + "\n")
