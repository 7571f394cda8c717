#!/usr/bin/env bash
# Whole-file throughput of satdoku (1 and 2 threads) against qqwing and the python-sat
# reference, on the shared classic sets. Prints a markdown table: puzzles/s (from the mean
# wall time of hyperfine runs, whole process) and each figure as a ratio of satdoku -j1.
#
#   apt-get install qqwing hyperfine && pip install python-sat
#   cargo build --release && bash benches/compare.sh [RUNS]
#
# forum_hardest_1905_11plus is cut to its first 10,000 puzzles to keep the run short.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shared=../shared/puzzles/classic
bin=target/release/satdoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -n 10000 "$shared/forum_hardest_1905_11plus.txt" > "$tmp/forum_hardest_1905_11plus_10k.txt"
sets=("$shared/17_clue.txt" "$shared/magictour_top1465.txt" "$tmp/forum_hardest_1905_11plus_10k.txt" "$shared/forum_hardest_1106.txt")
mean() { # command... -> mean seconds
  hyperfine --runs "$runs" --warmup 1 --style none --export-json "$tmp/h.json" "$1" >/dev/null 2>&1
  python3 -c "import json;print(json.load(open('$tmp/h.json'))['results'][0]['mean'])"
}
echo "| set | puzzles | satdoku -j1 | satdoku -j2 | qqwing 1.3.4 | python-sat CaDiCaL |"
echo "|---|---|---|---|---|---|"
for f in "${sets[@]}"; do
  n=$(grep -c . "$f")
  t1=$(mean "$bin check -j1 -q $f")
  t2=$(mean "$bin check -j2 -q $f")
  tq=$(mean "qqwing --solve --count-solutions < $f")
  tp=$(mean "python3 benches/pysat_reference.py $f")
  python3 - "$f" "$n" "$t1" "$t2" "$tq" "$tp" <<'PY'
import sys, os
f, n, *t = sys.argv[1:]
n = int(n); t = [float(x) for x in t]
cells = [f"{n/x:,.0f}/s ({t[0]/x:.2f}×)" for x in t]
print(f"| {os.path.basename(f)[:-4]} | {n:,} | " + " | ".join(cells) + " |")
PY
done
