#!/bin/sh
# satdoku against the Interactive Sudoku Solver per rule family, on the 136 CC BY f-puzzles of
# ../shared/puzzles/fpuzzles/ccby_variants.jsonl, in one run (CPU time of each side; see
# benches/families.py for what each figure covers and how the families are defined).
#
#   benches/families.sh ISS_DIR [--passes N] [--copies N] [--csv FILE]
#
# ISS_DIR: a checkout of github.com/sigh/Interactive-Sudoku-Solver (nothing is fetched here).
# Needs python3 and node 20+; ISS is driven by ../shared/bench/variants/iss_run.mjs.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 ISS_DIR [--passes N] [--copies N] [--csv FILE]" >&2; exit 2; }
iss=$(cd "$1" && pwd)
shift
cd "$(dirname "$0")/.."
cargo build --release --quiet
exec python3 benches/families.py --iss "$iss" "$@"
