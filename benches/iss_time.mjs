// Times the Interactive Sudoku Solver (ISS, github sigh/Interactive-Sudoku-Solver, MIT) in one
// warm node process on satdoku's native JSON puzzles (killer, little-killer, arrow and givens
// only) or on text files holding one ISS puzzle string each (e.g. a short killer string).
//
//   node benches/iss_time.mjs --iss ISS_DIR [--passes N] FILE...
//
// Per file, one JSON line: status (unique/multiple/none, from at most 2 solutions), cpu_ms
// (the least over the passes of process CPU time for parse + build + run({maxSolutions: 2}),
// the same steps as ISS's own command-line solve) and the ISS constraint string's length.
// Nothing is fetched or installed: ISS_DIR is a checkout of ISS.
import { readFileSync } from 'node:fs';
import { loadIss } from './iss_solve.mjs';

const args = process.argv.slice(2);
let iss = null, passes = 1;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--iss') iss = args[++i];
  else if (args[i] === '--passes') passes = +args[++i];
  else files.push(args[i]);
}
if (!iss || !files.length) {
  console.error('usage: node iss_time.mjs --iss ISS_DIR [--passes N] FILE...');
  process.exit(2);
}
const { SudokuConstraint: SC, solveOnce: solveIss } = await loadIss(iss);

const issCell = (name) => name.toUpperCase();

// satdoku native JSON -> ISS constraint string (only the rules of the sums benchmark).
function fromNative(p) {
  if (p.size !== 9) throw new Error('only 9x9 puzzles');
  const parts = [];
  (p.givens ?? []).forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch >= '1' && ch <= '9') parts.push(new SC.Given(`R${r + 1}C${c + 1}`, +ch).toString());
  }));
  for (const k of p.constraints) {
    switch (k.type) {
      case 'killer':
        parts.push((k.sum === undefined
          ? new SC.AllDifferent(...k.cells.map(issCell))
          : new SC.Cage(k.sum, ...k.cells.map(issCell))).toString());
        break;
      case 'little-killer':
        parts.push(new SC.Sum(k.sum, ...k.cells.map(issCell)).toString());
        break;
      case 'arrow': {
        const circle = k.circle.map(issCell), line = k.line.map(issCell);
        parts.push((circle.length === 1
          ? new SC.Arrow(circle[0], ...line)
          : new SC.PillArrow(circle.length, ...circle, ...line)).toString());
        break;
      }
      default:
        throw new Error(`rule ${k.type} is not converted`);
    }
  }
  return parts.join('');
}

function solveOnce(text) {
  const { grids, cpu_ms } = solveIss(text);
  return { count: grids.length, cpu_ms };
}

const inputs = files.map((f) => {
  const raw = readFileSync(f, 'utf8');
  return { file: f, text: f.endsWith('.json') ? fromNative(JSON.parse(raw)) : raw.trim() };
});
const best = new Map();
for (let pass = 0; pass < passes; pass++) {
  for (const { file, text } of inputs) {
    const r = solveOnce(text);
    const prev = best.get(file);
    if (!prev || r.cpu_ms < prev.cpu_ms) best.set(file, { ...r, chars: text.length });
  }
}
for (const { file } of inputs) {
  const r = best.get(file);
  const status = r.count === 0 ? 'none' : r.count === 1 ? 'unique' : 'multiple';
  console.log(JSON.stringify({ file, status, cpu_ms: +r.cpu_ms.toFixed(3), chars: r.chars }));
}
