// Loads the Interactive Sudoku Solver (ISS, github sigh/Interactive-Sudoku-Solver, MIT) from a
// checkout for the headless benchmarks (iss_time.mjs, iss_examples.mjs, iss_count.mjs), and times one solve
// the way ISS's own command-line solve does: parse + build + run({maxSolutions: 2}).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function loadIss(dir) {
  // ISS modules read these browser globals when they load (a cache-busting suffix for imports).
  globalThis.self = globalThis;
  self.VERSION_PARAM = '';
  const mod = (p) => import(pathToFileURL(resolve(dir, p)).href);
  const { SudokuParser } = await mod('js/sudoku_parser.js');
  const { SudokuBuilder } = await mod('js/solver/sudoku_builder.js');
  const { SudokuConstraint } = await mod('js/sudoku_constraint.js');

  // At most two solutions of `text` (each a copy of ISS's internal grid: one bit per
  // candidate value, the value index being the bit's position + 1), the number of grid
  // cells, the number of grid and extra cells, and the process CPU time of the solve in ms.
  function solveOnce(text) {
    const c0 = process.cpuUsage();
    const constraint = SudokuParser.parseText(text);
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
    const internal = solver._internalSolver;
    const grids = [];
    internal.run({ maxSolutions: 2 }, (grid) => { grids.push(grid.slice()); });
    const c = process.cpuUsage(c0);
    const cells = internal._geometry?.numGridCells ?? 81;
    // the extra cells (`Var`) follow the grid's in ISS's grid
    const total = internal._geometry?.totalCells?.() ?? cells;
    return { grids, cells, total, cpu_ms: (c.user + c.system) / 1000 };
  }
  // How many solutions `text` has, counted up to `cap` (iss_count.mjs).
  function countUpTo(text, cap) {
    const constraint = SudokuParser.parseText(text);
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
    let n = 0;
    solver._internalSolver.run({ maxSolutions: cap }, () => { n++; });
    return n;
  }
  return { SudokuConstraint, solveOnce, countUpTo };
}
