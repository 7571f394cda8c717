#!/usr/bin/env python3
"""Picks a subset of the CC BY f-puzzles collection covering every rule key present (and every
6x6), and writes each as native JSON into puzzles/variants/ with `satdoku convert`.

    puzzles/variants/pick_variants.py ../shared/puzzles/fpuzzles/ccby_variants.jsonl target/release/satdoku
"""
import json, re, subprocess, sys, os

SEMANTIC = {"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive",
            "killercage", "littlekillersum", "sandwichsum", "xsum", "skyscraper", "arrow", "difference",
            "ratio", "xv", "sum", "odd", "even", "minimum", "maximum", "extraregion", "clone", "quadruple",
            "rowindexer", "columnindexer", "boxindexer", "thermometer", "slowthermometer", "palindrome",
            "betweenline", "lockout", "renban", "whispers", "regionsumline", "entropicline", "modularline",
            "nabner", "doublearrow", "zipperline"}

def features(f):
    out = {k for k in SEMANTIC if f.get(k)}
    for n in f.get("negative") or []:
        out.add("negative-" + n)
    cells = [c for row in f["grid"] for c in row]
    if any("region" in c for c in cells):
        out.add("regions")
    if any(c.get("givenPencilMarks") for c in cells):
        out.add("givenPencilMarks")
    out.add("size%d" % f["size"])
    return out

def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")[:40]

src, exe = sys.argv[1], sys.argv[2]
recs = [json.loads(l) for l in open(src)]
cands, seen = [], set()
for i, r in enumerate(recs, 1):
    key = json.dumps(r["fpuzzles"].get("grid")) + json.dumps({k: v for k, v in r["fpuzzles"].items() if k in SEMANTIC}, sort_keys=True)
    if r.get("note") or (key in seen and r["fpuzzles"]["size"] != 6):  # the suspect entry, repeats
        continue
    seen.add(key)
    cands.append((i, r, features(r["fpuzzles"])))
need = set().union(*(f for _, _, f in cands))
picked = []
while need:
    i, r, f = max(cands, key=lambda c: (len(c[2] & need), -c[0]))
    picked.append((i, r, f)); need -= f
# Every 6x6, and fill up to 24 with puzzles of many rules.
for c in cands:
    if "size6" in c[2] and c not in picked:
        picked.append(c)
for c in sorted(cands, key=lambda c: -len(c[2])):
    if len(picked) >= 24:
        break
    if c not in picked:
        picked.append(c)
os.makedirs("puzzles/variants", exist_ok=True)
rows = []
for i, r, f in sorted(picked, key=lambda c: c[0]):
    name = "%03d-%s.json" % (i, slug(r["title"]))
    out = subprocess.run([exe, "convert", "-"], input=json.dumps(r), capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    doc["source"] = "dclamage/SudokuVariantSolverJS puzzles/, via ccby_variants.jsonl line %d" % i
    text = out.stdout.replace('"license"', '"source": %s,\n  "license"' % json.dumps(doc["source"]), 1)
    assert json.loads(text) == doc
    open("puzzles/variants/" + name, "w").write(text)
    rows.append((name, r["title"], r["author"], r["license"], sorted(f - {"size9"})))
for row in rows:
    print(json.dumps(row))
