// Lists the example puzzles of an Interactive Sudoku Solver checkout (ISS, github
// sigh/Interactive-Sudoku-Solver, MIT): data/example_puzzles.js and data/collections.js, each
// puzzle once (by name), as JSON lines {title, iss, source, iss_group, stated}: `iss` the
// puzzle's input (a constraint string, another ISS text format, or a path to a script),
// `stated` the solution ISS's data states (or null). Only ISS's data files are loaded.
//
//   node benches/iss_collect.mjs ISS_DIR > all.jsonl
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const iss = process.argv[2];
if (!iss) {
  console.error('usage: node iss_collect.mjs ISS_DIR');
  process.exit(2);
}
globalThis.self = globalThis;
self.VERSION_PARAM = '';
const load = (p) => import(pathToFileURL(resolve(iss, p)).href);
const examples = await load('data/example_puzzles.js');
const collections = await load('data/collections.js');
const seen = new Map();
const add = (p, group) => {
  if (!p || typeof p !== 'object' || !p.input || seen.has(p.name)) return;
  const src = p.src == null ? [] : Array.isArray(p.src) ? p.src : [p.src];
  seen.set(p.name, {
    title: p.name, iss: p.input, iss_group: group, stated: p.solution ?? null,
    source: ['Interactive Sudoku Solver data (github.com/sigh/Interactive-Sudoku-Solver @ e373f98)', ...src].join('; '),
  });
};
for (const g of examples.DISPLAYED_EXAMPLE_GROUPS) for (const p of g.puzzles) add(p, `example_puzzles.js: ${g.name}`);
for (const [name, v] of Object.entries(collections)) {
  const list = Array.isArray(v) ? v : v?.puzzles ?? (typeof v?.[Symbol.iterator] === 'function' ? [...v] : []);
  for (const e of list) {
    const p = typeof e === 'string' ? examples.PUZZLE_INDEX.get(e) : examples.resolvePuzzleConfig(e);
    add(p, `collections.js: ${name}`);
  }
}
for (const r of seen.values()) console.log(JSON.stringify(r));
