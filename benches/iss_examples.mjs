// Runs the Interactive Sudoku Solver (ISS, github sigh/Interactive-Sudoku-Solver, MIT) headless
// on the ISS examples satdoku ships (tests/iss/examples.jsonl: one JSON record per line with
// `iss`, the ISS constraint string), in one warm node process.
//
//   node benches/iss_examples.mjs --iss ISS_DIR [--passes N] [--only NAME] FILE
//
// Per record, one JSON line: name, status (unique/multiple/none, from at most 2 solutions),
// solution (the first found, row-major digits), extra (its extra cells' value indices, when
// the puzzle has ISS `Var` cells), cpu_ms (least over the passes of process CPU
// time for parse + build + run({maxSolutions: 2}), the steps of ISS's own tools/debug/solve.js).
// Nothing is fetched or installed: ISS_DIR is a checkout of ISS.
import { readFileSync } from 'node:fs';
import { loadIss } from './iss_solve.mjs';

const args = process.argv.slice(2);
let iss = null, passes = 1, only = null;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--iss') iss = args[++i];
  else if (args[i] === '--passes') passes = +args[++i];
  else if (args[i] === '--only') only = args[++i];
  else files.push(args[i]);
}
if (!iss || files.length !== 1) {
  console.error('usage: node iss_examples.mjs --iss ISS_DIR [--passes N] [--only NAME] FILE');
  process.exit(2);
}
const { solveOnce: solveIss } = await loadIss(iss);

function solveOnce(text) {
  const { grids, cells, total, cpu_ms } = solveIss(text);
  // A grid holds one bit per candidate value; the value is the bit's position + 1.
  const index = (m) => 31 - Math.clz32(m) + 1;
  const sols = grids.map((g) => Array.from(g.subarray(0, cells), (m) => {
    const v = index(m);
    return v <= 9 ? String(v) : String.fromCharCode(65 + v - 10);
  }).join(''));
  // the extra cells' value indices, in ISS's order
  const extras = grids.map((g) => Array.from(g.subarray(cells, total), index));
  return { sols, extras, cpu_ms };
}

const records = readFileSync(files[0], 'utf8').split('\n').filter((l) => l.trim())
  .map((l) => JSON.parse(l)).filter((r) => only === null || r.title === only);
for (const r of records) {
  const out = { name: r.title };
  try {
    let best = Infinity, res = null;
    for (let p = 0; p < passes; p++) {
      res = solveOnce(r.iss);
      best = Math.min(best, res.cpu_ms);
    }
    out.status = res.sols.length === 0 ? 'none' : res.sols.length === 1 ? 'unique' : 'multiple';
    out.solution = res.sols[0] ?? null;
    if (res.extras[0]?.length) out.extra = res.extras[0];
    out.cpu_ms = +best.toFixed(3);
  } catch (e) {
    out.status = 'error';
    out.error = String(e.message || e);
  }
  console.log(JSON.stringify(out));
}
