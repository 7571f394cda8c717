#!/usr/bin/env bash
# satdoku against the SAT entries of the tdoku benchmark harness (github t-dillon/tdoku, whose
# minisat entries are the published SAT baseline), on the four classic sets of ../shared, in one
# run. Nothing is fetched here: pass checkouts of t-dillon/tdoku and niklasso/minisat.
#
#   apt-get install cmake g++ make python3
#   benches/tdoku.sh TDOKU_DIR MINISAT_DIR [N]
#
# N (default 10000): each set is cut to its first N puzzles (only 17_clue and
# forum_hardest_1905_11plus are longer), and both sides get the same file.
# Env: TDOKU_WARMUP / TDOKU_TEST (seconds, default 4 / 10) are the harness's -w / -t.
#
# Both trees are copied to a temporary directory and fixed there with sed (the fetched code is
# never changed in place, nor kept):
#  1. minisat's SolverTypes.h declares `friend Lit mkLit(Var, bool sign = false)`; current g++
#     rejects a default argument on a friend declaration that is not a definition, so the default
#     moves to the inline definition.
#  2. tdoku's minisat solvers are global objects, constructed (in another translation unit)
#     before minisat's option globals they read, so they run with zeroed options and every solve
#     returns UNSAT; they are constructed lazily on first use instead.
#  3. run_benchmark's clock (steady_clock, wall time) becomes the thread's CPU time
#     (CLOCK_THREAD_CPUTIME_ID), since the machine is shared.
#  4. run_benchmark stops with an error if a uniqueness solve (limit 2) does not return exactly
#     one solution (upstream it only stops on zero): every puzzle of these sets is unique, so a
#     solver that gets a count wrong cannot post a rate.
# minisat is built by its own Makefile (`make lr`: a static library, -O3 -DNDEBUG), tdoku by its
# CMake with its defaults (-O3 -march=native).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 TDOKU_DIR MINISAT_DIR [N]" >&2; exit 2; }
tdoku_src=$(cd "$1" && pwd)
minisat_src=$(cd "$2" && pwd)
n=${3:-10000}
cd "$(dirname "$0")/.."
root=$(pwd)
shared=../shared/puzzles/classic
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cp -r "$minisat_src" "$tmp/minisat"
cp -r "$tdoku_src" "$tmp/tdoku"

# 1. The default argument moves from the friend declaration to the inline definition.
sed -i -e 's/friend Lit mkLit(Var var, bool sign = false);/friend Lit mkLit(Var var, bool sign);/' \
       -e 's/^inline  Lit  mkLit     (Var var, bool sign) {/inline  Lit  mkLit     (Var var, bool sign = false) {/' \
    "$tmp/minisat/minisat/core/SolverTypes.h"
grep -q 'bool sign = false) {' "$tmp/minisat/minisat/core/SolverTypes.h" || { echo "fix 1 did not apply" >&2; exit 1; }

# 2. Lazily constructed solvers: a function-local static is built on first call, after every
#    global of every translation unit (minisat's options included).
sed -i -e '/^SolverMiniSat s[0-3]{[0-3]};$/d' \
       -e 's/^SolverMiniSat \*solvers\[4\]{&s0, &s1, &s2, &s3};$/SolverMiniSat *Solvers(uint32_t config) { static SolverMiniSat *s[4]{}; if (!s[config]) s[config] = new SolverMiniSat(config); return s[config]; }/' \
       -e 's/return solvers\[config % 4\]->SolveSudoku/return Solvers(config % 4)->SolveSudoku/' \
    "$tmp/tdoku/other/other_minisat.cc"
grep -q 'return Solvers(config % 4)' "$tmp/tdoku/other/other_minisat.cc" \
    && ! grep -q '^SolverMiniSat s0' "$tmp/tdoku/other/other_minisat.cc" \
    || { echo "fix 2 did not apply" >&2; exit 1; }

# 3. Thread CPU time for every clock reading; 4. exactly one solution per uniqueness solve.
sed -i -e 's/^using chrono::duration_cast;$/&\n#include <time.h>\nstatic chrono::microseconds ThreadCpu() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, \&t); return chrono::microseconds(t.tv_sec * 1000000LL + t.tv_nsec \/ 1000); }/' \
       -e 's/duration_cast<microseconds>(steady_clock::now().time_since_epoch())/ThreadCpu()/g' \
       -e 's/if (!allow_zero_ \&\& !solutions) {/if (!allow_zero_ \&\& (options_.first_solution ? !solutions : solutions != 1)) {/' \
    "$tmp/tdoku/src/run_benchmark.cc"
[ "$(grep -c 'ThreadCpu()' "$tmp/tdoku/src/run_benchmark.cc")" -eq 8 ] \
    && [ "$(grep -c 'solutions != 1' "$tmp/tdoku/src/run_benchmark.cc")" -eq 2 ] \
    || { echo "fixes 3/4 did not apply" >&2; exit 1; }

echo "building minisat (static library) and tdoku's run_benchmark (-DMINISAT=ON)..." >&2
make -C "$tmp/minisat" lr >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; exit 1; }
lib=$(dirname "$(find "$tmp/minisat/build" -name libminisat.a | head -n 1)")
(cd "$tmp/tdoku" && mkdir build && cd build \
    && cmake .. -DCMAKE_BUILD_TYPE=Release -DMINISAT=ON \
        -DCMAKE_CXX_FLAGS="-I$tmp/minisat" -DCMAKE_EXE_LINKER_FLAGS="-L$lib" \
    && make run_benchmark) >>"$tmp/build.log" 2>&1 || { tail -n 40 "$tmp/build.log" >&2; exit 1; }
cargo build --release --quiet

for f in 17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106; do
    head -n "$n" "$shared/$f.txt" >"$tmp/$f.txt"
done
python3 benches/tdoku_run.py --run-benchmark "$tmp/tdoku/build/run_benchmark" \
    --satdoku "$root/target/release/satdoku" \
    --warmup "${TDOKU_WARMUP:-4}" --test "${TDOKU_TEST:-10}" \
    "$tmp/17_clue.txt" "$tmp/magictour_top1465.txt" \
    "$tmp/forum_hardest_1905_11plus.txt" "$tmp/forum_hardest_1106.txt"
