#!/usr/bin/env python3
"""Builds tests/iss/examples.jsonl: the ISS examples satdoku reads, with ISS's verdicts.

    node benches/iss_collect.mjs ISS_DIR > /tmp/all.jsonl        # every ISS example, once
    python3 benches/iss_examples_build.py strings /tmp/all.jsonl > /tmp/strings.jsonl
    node benches/iss_examples.mjs --iss ISS_DIR /tmp/strings.jsonl > /tmp/iss.out   # ISS's answers
    target/release/satdoku check -q -f line -j1 --timeout 4 /tmp/strings.jsonl > /tmp/satdoku.out
    python3 benches/iss_examples_build.py ship /tmp/strings.jsonl /tmp/iss.out /tmp/satdoku.out \
        > tests/iss/examples.jsonl 2> /tmp/report.txt

(The 4 s timeout keeps out what the test over this file cannot afford: "Chaos Construction:
x-sums", 5 s; "The Fountain" takes 2.9–3.9 s in a release build. The examples it keeps out,
with "Factorial Cages" and "How Shall We Split This?" of the scripts below, are
tests/iss/slow.jsonl: the same steps with `--timeout 60` on those records, checked by a test
of their own.) The script examples
(`/data/scripts/…`) are appended after them, expanded by ISS's own
sandbox runner and put through the same steps (a shorter timeout keeps the slow ones out):

    python3 benches/iss_examples_build.py scripts /tmp/all.jsonl ISS_DIR > /tmp/scripts.jsonl
    node benches/iss_examples.mjs --iss ISS_DIR /tmp/scripts.jsonl > /tmp/iss_s.out
    target/release/satdoku check -q -f line -j1 --timeout 2 /tmp/scripts.jsonl > /tmp/satdoku_s.out
    python3 benches/iss_examples_build.py ship /tmp/scripts.jsonl /tmp/iss_s.out \
        /tmp/satdoku_s.out >> tests/iss/examples.jsonl 2> /tmp/report_s.txt

`strings` keeps the examples written as ISS text: constraint strings (`.Name~…`) and ISS's
other text formats (killer strings, plain grids, jigsaw layouts, pencil marks), which
satdoku reads too; script paths (`/data/scripts/…`, puzzles built by running JavaScript)
are left out and counted. `ship` keeps those satdoku reads (its
verdict is not `invalid`) and ISS solves (no error), with ISS's status and, when unique, its
solution as the record's `solution` (which `satdoku check` compares with its own); it prints
to stderr the counts: examples readable, and which ISS constraints or shapes block the rest.
"""
import json
import re
import subprocess
import sys
from collections import Counter

LICENSE = "MIT (Interactive Sudoku Solver data, (c) sigh; see tests/iss/LICENSE.ISS)"


# Verdicts of ISS's that are wrong, each shown by ISS itself: the puzzle keeps ISS's status
# and solution, and states satdoku's verdict and a second grid that ISS accepts when it is
# given as givens (so two grids pass ISS's own check of the puzzle) and that satdoku's checker
# accepts too; the test checks both grids and satdoku's verdict.
ISS_WRONG = {
    "0-indexed: Sums and indexing": {
        "satdoku_status": "multiple",
        "also_solves": "521746803078351426364280175153408267706123584482675031"
                       "215037648830564712647812350",
        "iss_wrong": "ISS (e373f98) says unique, but accepts also_solves when given all its "
                     "81 values, and finds no solution once given only its first row. The "
                     "cause is ISS's sandwich on values from 0: .Shape~9x9~0-8.Sandwich~17~R5 "
                     ".~R5C2_0~R5C8_8 has no solution in ISS, though the row 7 0 6 1 2 3 5 8 4 "
                     "holds 6+1+2+3+5 = 17 between its 0 and its 8 (the same sandwich on 1-9, "
                     "Sandwich~22 with 1 and 9 there, is solved).",
    },
}


def value_max(text):
    """The largest value of the ISS string's grid: `Shape~9x9~15` holds 1..15, `Shape~6x6`
    1..6 (the side), no `Shape` 1..9."""
    t = re.sub(r"\s+", "", text)
    m = re.search(r"\.Shape~(\d+)x(\d+)(?:~(-?\d+)(?:-(-?\d+))?)?", t)
    if not m:
        return 9
    if m.group(4) is not None:
        return int(m.group(4))
    if m.group(3) is not None:
        return int(m.group(3))
    return max(int(m.group(1)), int(m.group(2)))


def value_min(text):
    """The smallest value of the ISS string's grid: `Shape~9x9~0-8` starts at 0."""
    m = re.search(r"\.Shape~\d+x\d+~(-?\d+)-\d+", re.sub(r"\s+", "", text))
    return int(m.group(1)) if m else 1


def is_string(text):
    """ISS text (a constraint string or another ISS text format), not a script path."""
    return not re.sub(r"\s+", "", text).startswith("/data/scripts/")


def strings(path):
    other = 0
    for line in open(path):
        r = json.loads(line)
        if is_string(r["iss"]):
            print(json.dumps(r))
        else:
            other += 1
    print(f"{other} examples are scripts, not ISS text", file=sys.stderr)


def scripts(path, iss_dir):
    """The script examples, each expanded into ISS's constraint string by ISS's own
    tools/debug/run_sandbox.js (run with node in ISS_DIR; nothing of it is copied)."""
    for line in open(path):
        r = json.loads(line)
        if is_string(r["iss"]):
            continue
        script = re.sub(r"\s+", "", r["iss"]).lstrip("/")
        out = subprocess.run(
            ["node", "tools/debug/run_sandbox.js", "--file", script],
            cwd=iss_dir, capture_output=True, text=True, timeout=300)
        if out.returncode != 0 or not out.stdout.strip():
            print(f"{r['title']}: {script} did not run: {out.stderr.strip()[:200]}",
                  file=sys.stderr)
            continue
        r["iss"] = out.stdout.strip()
        r["source"] += f"; expanded from {script} by ISS's tools/debug/run_sandbox.js"
        print(json.dumps(r))


def ship(strings_path, iss_path, satdoku_path):
    recs = [json.loads(l) for l in open(strings_path)]
    iss = {}
    for l in open(iss_path):
        o = json.loads(l)
        iss[o["name"]] = o
    verdicts = [l.rstrip("\n") for l in open(satdoku_path)]
    assert len(verdicts) == len(recs), (len(verdicts), len(recs))
    blocked = Counter()
    kept = 0
    for r, v in zip(recs, verdicts):
        if v.startswith("timeout"):
            blocked["satdoku past the --timeout of the build (too slow for the test suite)"] += 1
            continue
        if v.startswith("invalid"):
            m = re.search(r"ISS item \d+ \((\w+)\): (unsupported grid shape|satdoku cannot state|unknown)", v)
            key = f"{m.group(1)} ({'shape' if m.group(2).startswith('unsupported') else 'constraint'})" if m else "rule refused by satdoku's validation"
            blocked[key] += 1
            continue
        o = iss.get(r["title"])
        if o is None or o.get("status") not in ("unique", "multiple", "none"):
            blocked["ISS did not solve it here"] += 1
            continue
        out = {"title": r["title"], "source": r["source"], "license": LICENSE, "iss": r["iss"],
               "iss_status": o["status"]}
        if o["status"] == "unique":
            # ISS writes each cell's value index, 1 for the smallest value (letters from
            # A = 10); satdoku's records state the values themselves (0..8 on a `9x9~0-8`
            # grid): one character each when the grid's values are all digits 0-9, else
            # numbers (a `9x9~15` grid whose cells hold 1..9 is read with 15 values).
            low = value_min(r["iss"])
            vals = [int(ch, 36) - 1 + low for ch in o["solution"]]
            if all(0 <= v <= 9 for v in vals) and value_max(r["iss"]) <= 9:
                out["solution"] = "".join(str(v) for v in vals)
            else:
                out["solution"] = " ".join(str(v) for v in vals)
            extra = o.get("extra") or []
            if ".ChaosConstruction" in r["iss"]:
                # a chaos construction's extra cells in ISS start with its region cells, one
                # per grid cell, which the records leave out; its `Var` cells follow them
                extra = extra[len(vals):]
            if extra:
                # the extra cells (ISS `Var`), values in ISS's order
                out["extra_solution"] = " ".join(str(i - 1 + low) for i in extra)
        out.update(ISS_WRONG.get(r["title"], {}))
        print(json.dumps(out))
        kept += 1
    print(f"{kept} of {len(recs)} ISS text examples shipped; blocked:", file=sys.stderr)
    for k, n in blocked.most_common():
        print(f"  {n:4d}  {k}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "strings":
        strings(sys.argv[2])
    elif sys.argv[1] == "scripts":
        scripts(sys.argv[2], sys.argv[3])
    else:
        ship(*sys.argv[2:5])
