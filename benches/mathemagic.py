#!/usr/bin/env python3
"""Converts the MATHEMAGIC killer collection that the Interactive Sudoku Solver ships
(ISS_DIR/data/collections.js, `MATHEMAGIC_KILLERS`, 14 puzzles; ISS is MIT-licensed, the
puzzles come from the enjoysudoku.com thread "The hardest killers") into satdoku's native
JSON, one file per puzzle, and writes each original string beside it (`.txt`) for ISS.

    python3 benches/mathemagic.py ISS_DIR OUTDIR

The strings are in the "short killer" format (one character per cell, row by row): a cage's
head cell holds its sum (0-9, A-Z = 10-35, a-j = 36-45); every other cell holds an arrow to
the next cell on the way to its head (< > ^ v, or ` ' , . for the diagonals).
"""

import json
import re
import sys

STEP = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0),
        "`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": (1, 1)}


def sum_of(ch):
    if ch.isdigit():
        return int(ch)
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 10
    if "a" <= ch <= "j":
        return ord(ch) - ord("a") + 36
    raise ValueError(f"not a cage sum: {ch!r}")


def cages(text):
    assert len(text) == 81, len(text)
    heads = {}
    for i in range(81):
        r, c, hops = i // 9, i % 9, 0
        while text[r * 9 + c] in STEP:
            dr, dc = STEP[text[r * 9 + c]]
            r, c, hops = r + dr, c + dc, hops + 1
            if hops > 9 or not (0 <= r < 9 and 0 <= c < 9):
                raise ValueError(f"cell {i}: the arrows lead nowhere")
        heads.setdefault((r, c), []).append(f"r{i // 9 + 1}c{i % 9 + 1}")
    return [{"type": "killer", "cells": cells, "sum": sum_of(text[r * 9 + c])}
            for (r, c), cells in sorted(heads.items())]


def main():
    iss, out = sys.argv[1], sys.argv[2]
    source = open(f"{iss}/data/collections.js", encoding="utf-8").read()
    block = source[source.index("MATHEMAGIC_KILLERS"):]
    block = block[:block.index(");")]
    strings = re.findall(r"'([^']{81})'", block)
    assert len(strings) == 14, len(strings)
    for k, text in enumerate(strings):
        p = {
            "satdoku": 1,
            "title": f"MATHEMAGIC killer #{k}",
            "source": "Interactive Sudoku Solver data/collections.js MATHEMAGIC_KILLERS "
                      "(from forum.enjoysudoku.com, 'The hardest killers')",
            "size": 9,
            "constraints": cages(text),
        }
        with open(f"{out}/mathemagic-{k:02}.json", "w") as f:
            json.dump(p, f, indent=1)
        with open(f"{out}/mathemagic-{k:02}.txt", "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
