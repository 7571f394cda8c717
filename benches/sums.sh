#!/bin/sh
# The sums benchmark: satdoku against the Interactive Sudoku Solver on the sum-heavy puzzles of
# puzzles/sums/, the same generator with fewer givens, and ISS's MATHEMAGIC killers.
#
#   benches/sums.sh ISS_DIR [OLD_SATDOKU_BINARY]
#
# ISS_DIR: a checkout of github.com/sigh/Interactive-Sudoku-Solver (nothing is fetched here).
# With a second argument, a "before" column times that binary on each puzzle, right before
# the current build (A/B in alternation). Needs python3 and node 20+.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 ISS_DIR [OLD_SATDOKU_BINARY]" >&2; exit 2; }
cd "$(dirname "$0")/.."
cargo build --release --quiet
set -- --iss "$1" ${2:+--before "$2"}
python3 benches/sums.py "$@" --cap 60 shipped few
python3 benches/sums.py "$@" --cap 120 mathemagic
