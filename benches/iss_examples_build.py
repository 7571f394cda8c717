#!/usr/bin/env python3
"""Builds tests/iss/examples.jsonl: the ISS examples satdoku reads, with ISS's verdicts.

    node benches/iss_collect.mjs ISS_DIR > /tmp/all.jsonl        # every ISS example, once
    python3 benches/iss_examples_build.py strings /tmp/all.jsonl > /tmp/strings.jsonl
    node benches/iss_examples.mjs --iss ISS_DIR /tmp/strings.jsonl > /tmp/iss.out   # ISS's answers
    target/release/satdoku check -q -f line -j1 --timeout 60 /tmp/strings.jsonl > /tmp/satdoku.out
    python3 benches/iss_examples_build.py ship /tmp/strings.jsonl /tmp/iss.out /tmp/satdoku.out \
        > tests/iss/examples.jsonl 2> /tmp/report.txt

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
import sys
from collections import Counter

LICENSE = "MIT (Interactive Sudoku Solver data, (c) sigh; see tests/iss/LICENSE.ISS)"


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
            # grid): one character each when all are digits 0-9, else numbers.
            low = value_min(r["iss"])
            vals = [int(ch, 36) - 1 + low for ch in o["solution"]]
            if all(0 <= v <= 9 for v in vals):
                out["solution"] = "".join(str(v) for v in vals)
            else:
                out["solution"] = " ".join(str(v) for v in vals)
        print(json.dumps(out))
        kept += 1
    print(f"{kept} of {len(recs)} ISS text examples shipped; blocked:", file=sys.stderr)
    for k, n in blocked.most_common():
        print(f"  {n:4d}  {k}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "strings":
        strings(sys.argv[2])
    else:
        ship(*sys.argv[2:5])
