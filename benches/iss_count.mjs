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
import { loadIss } from './iss_solve.mjs';

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
const { countUpTo } = await loadIss(iss);

const records = readFileSync(files[0], 'utf8').split('\n').filter((l) => l.trim())
  .map((l) => JSON.parse(l));
for (const r of records) {
  const out = { name: r.title };
  try {
    out.count = countUpTo(r.iss, cap);
  } catch (e) {
    out.error = String(e.message || e);
  }
  console.log(JSON.stringify(out));
}
