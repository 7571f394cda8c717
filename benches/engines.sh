#!/usr/bin/env bash
# varisat against CaDiCaL (`--engine`) on the same inputs, one thread, in one run: user CPU
# seconds of the whole process (median of RUNS alternating pairs) and the ratio
# cadical / varisat; the line outputs of both engines must be identical but for which two
# solutions a `multiple` verdict shows (checked here).
#
#   cargo build --release && bash benches/engines.sh [RUNS]
#
# Sets: the shared classic collections (forum_hardest_1905_11plus cut to its first 10,000
# puzzles), the 136 shared variant puzzles, puzzles/sums and the three 36x36 of puzzles/big.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shared=../shared/puzzles
bin=target/release/satdoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -n 10000 "$shared/classic/forum_hardest_1905_11plus.txt" > "$tmp/forum_1905_10k.txt"
sets=(
  "17_clue:$shared/classic/17_clue.txt"
  "magictour_top1465:$shared/classic/magictour_top1465.txt"
  "forum_1905, first 10,000:$tmp/forum_1905_10k.txt"
  "forum_hardest_1106:$shared/classic/forum_hardest_1106.txt"
  "136 f-puzzles variants:$shared/fpuzzles/ccby_variants.jsonl"
  "puzzles/sums:puzzles/sums/*.json"
  "puzzles/big (3 x 36x36):puzzles/big/36x36-sparse.txt"
)
cpu() { # engine files... -> user seconds; output kept in $tmp/out.ENGINE
  local e=$1
  shift
  /usr/bin/time -f %U -o "$tmp/t" "$bin" check -q -j1 -f line --engine "$e" "$@" \
    > "$tmp/out.$e" 2>/dev/null || true
  tail -n 1 "$tmp/t"
}
median() { python3 -c "import sys,statistics;print(statistics.median(map(float,sys.argv[1:])))" "$@"; }
# A `multiple` line shows two of the solutions, whichever each engine met first: compare the
# verdict only there (unique solutions, `none` and every other line must be identical).
norm() { awk '$1=="multiple"{print "multiple"; next} {print}' "$1"; }
echo "| set | varisat (s) | cadical (s) | cadical / varisat | same answers |"
echo "|---|---|---|---|---|"
for entry in "${sets[@]}"; do
  name=${entry%%:*}
  # shellcheck disable=SC2206 # the glob of puzzles/sums is meant to expand
  files=(${entry#*:})
  v=() c=()
  for _ in $(seq "$runs"); do
    v+=("$(cpu varisat "${files[@]}")")
    c+=("$(cpu cadical "${files[@]}")")
  done
  same=no
  if cmp -s <(norm "$tmp/out.varisat") <(norm "$tmp/out.cadical"); then same=yes; fi
  mv=$(median "${v[@]}")
  mc=$(median "${c[@]}")
  ratio=$(python3 -c "print(f'{$mc/$mv:.2f}' if $mv > 0 else 'n/a')")
  echo "| $name | $mv | $mc | $ratio× | $same |"
done
