// Counts solutions with the Interactive Sudoku Solver (ISS, github sigh/Interactive-Sudoku-Solver,
// MIT) headless, up to a cap, for the differential test of the ISS reader
// (benches/iss_differential.py).
//
//   node benches/iss_count.mjs --iss ISS_DIR --cap N FILE
//
// FILE: one JSON record per line with `title` and `iss` (an ISS constraint string). Per record,
// one JSON line: name, count (at most N) or error (ISS's message when it refuses the string).
// Nothing is fetched or installed: ISS_DIR is a checkout of ISS.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
let iss = null, cap = 20;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--iss') iss = args[++i];
  else if (args[i] === '--cap') cap = +args[++i];
  else files.push(args[i]);
}
if (!iss || files.length !== 1 || !(cap >= 1)) {
  console.error('usage: node iss_count.mjs --iss ISS_DIR --cap N FILE');
  process.exit(2);
}
// ISS modules read these browser globals when they load (a cache-busting suffix for imports).
globalThis.self = globalThis;
self.VERSION_PARAM = '';
const mod = (p) => import(pathToFileURL(resolve(iss, p)).href);
const { SudokuParser } = await mod('js/sudoku_parser.js');
const { SudokuBuilder } = await mod('js/solver/sudoku_builder.js');

const records = readFileSync(files[0], 'utf8').split('\n').filter((l) => l.trim())
  .map((l) => JSON.parse(l));
for (const r of records) {
  const out = { name: r.title };
  try {
    const constraint = SudokuParser.parseText(r.iss);
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
    let n = 0;
    solver._internalSolver.run({ maxSolutions: cap }, () => { n++; });
    out.count = n;
  } catch (e) {
    out.error = String(e.message || e);
  }
  console.log(JSON.stringify(out));
}
