//! The formula of a puzzle: its candidates after simplification and the CNF written from
//! them into any [`ClauseSink`] (the engine, a DIMACS writer, a counter). Engine-neutral:
//! nothing here knows which solver will read the clauses.

use crate::cnf::{classic, region_var, shape_var, ClauseCounter, ClauseSink, Encoder};
use crate::engine::{Lit, Var};
use crate::error::Error;
use crate::geometry::{digits, Cell, Digit, Mask};
use crate::grid::Grid;
use crate::groups::Groups;
use crate::puzzle::Puzzle;
use crate::rules::Rule;
use crate::simplify::{propagate, simplify, Contradiction};
use rule_clauses::RuleClauses;

mod rule_clauses;
use std::time::Duration;

/// How much the givens simplify the formula before it is built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Simplify {
    /// Naked and hidden singles and locked candidates to a fixpoint, then failed-literal
    /// probing of the cells with two or three candidates, and for a puzzle with sums their
    /// reasoning at the root in turn with the houses' (docs/ENCODING.md); decided cells
    /// become constants (default).
    #[default]
    Full,
    /// Naked and hidden singles only (what unit propagation finds on the extended encoding).
    Singles,
    /// Only the givens (and unary rules) become constants; nothing is deduced.
    Givens,
    /// No folding at all: every cell variable stays, givens are unit clauses. The textbook
    /// formula, for DIMACS users who want it.
    None,
}

/// Sizes and effort of one puzzle's formula and search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Variables in the formula's numbering (N³ cell variables + auxiliaries).
    pub vars: usize,
    /// Cell variables left open after simplification.
    pub open_vars: usize,
    /// Clauses handed to the solver.
    pub clauses: usize,
    /// Cells decided before search (givens included).
    pub decided: usize,
    /// Candidates removed by probing before search (at least 1 when probing showed that
    /// there is no solution).
    pub probed: usize,
    /// Calls to the SAT solver.
    pub sat_calls: usize,
    /// The solver that searched last (`None` when no search was needed). With
    /// [`crate::engine::EngineKind::Auto`], the one it picked: varisat, or CaDiCaL when it
    /// took over a puzzle with sums from varisat's probe.
    pub engine: Option<crate::engine::EngineKind>,
    /// Time spent building and solving.
    pub time: Duration,
}

/// The formula of a puzzle after simplification, ready to be written into any sink.
#[derive(Clone, Debug)]
pub struct Formula<'p> {
    puzzle: &'p Puzzle,
    groups: std::sync::Arc<Groups>,
    cands: Vec<Mask>,
    mode: Simplify,
    contradiction: Option<Contradiction>,
    decided: usize,
    probed: usize,
    /// A sum propagator carries the linear relations (issue 21): their clauses are left out
    /// (`Some(true)`: killer cages' too).
    sums_carried: Option<bool>,
    /// A chaos propagator carries the regions' connectivity: the reachability clauses are
    /// left out.
    chaos_carried: bool,
    /// Connectivity propagators carry the connected-values rules: their reachability
    /// layers are left out.
    connected_carried: bool,
    /// Per top-level constraint: a diagram propagator carries it, its clauses are left out.
    diagrams_carried: Vec<bool>,
    /// Whether the sum propagator also carries the sums inside `or` branches
    /// ([`Encoder::carry_guarded_sums`]): `Some(skip)`, set only together with a propagator
    /// built from what an encoding with the same settings recorded.
    guarded_carried: Option<bool>,
    /// The rules' clauses as simplification wrote them over these candidates (to replay
    /// while no propagator carries anything).
    rule_clauses: Option<RuleClauses>,
    /// What that encoding recorded (checked against every later encoding in debug builds).
    #[cfg(debug_assertions)]
    guarded_seen: Vec<crate::linear::Guarded>,
}

/// How many rounds [`Simplify::Full`] gives the root reasoning that follows the houses': the
/// puzzle's sums narrowing the candidates (`sums::root_narrower`) and unit propagation of the
/// rules' clauses ([`RuleClauses::propagate`]), each round followed by the houses'
/// simplification.
const ROOT_ROUNDS: usize = 4;

/// [`Simplify::Full`]: the houses (singles, locked candidates, probing); then, for at most
/// [`ROOT_ROUNDS`] rounds while either narrows the candidates, the puzzle's sums at the root
/// (`sums::root_narrower`) and unit propagation of the rules' clauses, recorded once into
/// `kept` ([`RuleClauses`]), with the houses' singles and locked candidates after each
/// round, and probing once more at the end. Returns the candidates probing removed and the
/// contradiction found, if any.
fn simplify_full(
    puzzle: &Puzzle,
    groups: &Groups,
    cands: &mut [Mask],
    kept: &mut Option<RuleClauses>,
) -> (usize, Option<Contradiction>) {
    let n = puzzle.shape().cols();
    // refuted by probing: it removed every candidate of a cell
    let probe_count = |c: &Contradiction| usize::from(matches!(c, Contradiction::Probe(_)));
    let mut probed = match simplify(n, groups, cands) {
        Ok((_, p)) => p.removed,
        Err(c) => return (probe_count(&c), Some(c)),
    };
    let narrower = crate::sums::root_narrower(puzzle, groups, cands);
    let mut narrowed = false;
    *kept = RuleClauses::record(puzzle, groups, cands);
    for _ in 0..ROOT_ROUNDS {
        let mut moved = false;
        if let Some(narrower) = &narrower {
            match narrower.root_fixpoint(cands) {
                Err(at) => {
                    let cells = at.into_iter().map(|p| Cell::from_position(p, n)).collect();
                    return (probed, Some(Contradiction::Sums(cells)));
                }
                Ok(k) => moved |= k > 0,
            }
        }
        if let Some(rules) = kept.as_mut() {
            match rules.propagate(cands) {
                Err(cells) => return (probed, Some(Contradiction::Rules(cells))),
                Ok(k) => moved |= k > 0,
            }
        }
        if !moved {
            break;
        }
        narrowed = true;
        if let Err(c) = propagate(n, groups, cands, true) {
            return (probed, Some(c));
        }
    }
    if narrowed {
        match simplify(n, groups, cands) {
            Ok((_, p)) => probed += p.removed,
            Err(c) => return (probed + probe_count(&c), Some(c)),
        }
    }
    (probed, None)
}

impl<'p> Formula<'p> {
    /// Simplifies `puzzle` as `mode` says.
    pub fn new(puzzle: &'p Puzzle, mode: Simplify) -> Formula<'p> {
        let all = crate::geometry::full_mask(puzzle.shape().value_count());
        let cands = match mode {
            Simplify::None => vec![all; puzzle.shape().cell_count()],
            _ => puzzle.initial_candidates(),
        };
        Formula::with_candidates(puzzle, puzzle.groups(), cands, mode)
    }

    /// As [`Formula::new`], starting from `cands` instead of the puzzle's own candidates:
    /// the formula of the puzzle with each cell restricted to its mask (more givens, digits
    /// ruled out). `groups` must be `puzzle.groups()` (passed in so that a caller building
    /// many formulas on one layout computes them once). With [`Simplify::None`] the masks
    /// are not folded in: use it only with the puzzle's own full masks.
    pub(crate) fn with_candidates(
        puzzle: &'p Puzzle,
        groups: std::sync::Arc<Groups>,
        mut cands: Vec<Mask>,
        mode: Simplify,
    ) -> Formula<'p> {
        let n = puzzle.shape().cols();
        let mut contradiction = None;
        let mut probed = 0;
        let mut rule_clauses = None;
        if mode == Simplify::Full {
            (probed, contradiction) = simplify_full(puzzle, &groups, &mut cands, &mut rule_clauses);
        } else if mode == Simplify::Singles {
            if let Err(c) = propagate(n, &groups, &mut cands, false) {
                contradiction = Some(c);
            }
        } else if let Some(i) = cands.iter().position(|&m| m == 0) {
            contradiction = Some(Contradiction::EmptyCell(Cell::from_position(i, n)));
        }
        let decided = cands.iter().filter(|m| m.count_ones() == 1).count();
        Formula {
            puzzle,
            groups,
            cands,
            mode,
            contradiction,
            decided,
            probed,
            sums_carried: None,
            chaos_carried: false,
            connected_carried: false,
            diagrams_carried: Vec::new(),
            guarded_carried: None,
            rule_clauses,
            #[cfg(debug_assertions)]
            guarded_seen: Vec::new(),
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }
    /// The puzzle's houses and all-different groups (`puzzle.groups()`, built once).
    pub(crate) fn groups(&self) -> &Groups {
        &self.groups
    }
    /// Candidate digits per cell after simplification.
    pub fn candidates(&self) -> &[Mask] {
        &self.cands
    }
    /// Cells decided before search.
    pub fn decided(&self) -> usize {
        self.decided
    }
    /// Candidates removed by probing.
    pub fn probed(&self) -> usize {
        self.probed
    }
    /// Why the puzzle has no solution, when simplification already shows it.
    pub fn contradiction(&self) -> Option<String> {
        self.contradiction.as_ref().map(|c| match c {
            Contradiction::EmptyCell(cell) => format!("no digit fits {cell}"),
            Contradiction::NoPlace { house, digit } => format!(
                "digit {digit} has no place in {}",
                self.groups.house_names[*house]
            ),
            Contradiction::Sums(cells) => {
                // a long implied sum is named by its first cells
                let mut at: Vec<String> = cells.iter().take(4).map(|c| c.to_string()).collect();
                if cells.len() > 4 {
                    at.push(format!("… ({} cells)", cells.len()));
                }
                format!(
                    "the sums cannot all hold: the sum over {} fails",
                    at.join(", ")
                )
            }
            Contradiction::Probe(cell) => {
                format!("each digit left in {cell} leads to a contradiction")
            }
            Contradiction::Rules(cells) => {
                let at: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
                if at.is_empty() {
                    "the rules cannot all hold on the candidates left".to_string()
                } else {
                    format!(
                        "the rules cannot all hold on the candidates left of {}",
                        at.join(", ")
                    )
                }
            }
        })
    }
    /// Whether simplification decided every cell (the solution is then unique).
    /// A chaos construction is never decided before search: its regions are still unknown.
    pub fn is_decided(&self) -> bool {
        self.contradiction.is_none()
            && self.decided == self.cands.len()
            && !self.puzzle.shape().is_chaos()
    }

    /// Writes the whole formula into `sink`; returns (variables, clauses).
    pub fn encode(&self, sink: &mut dyn ClauseSink) -> (usize, usize) {
        let (vars, clauses, _) = self.encode_recording(sink, false);
        (vars, clauses)
    }

    /// [`Formula::encode`], also returning the sums inside `or` branches that the encoder
    /// recorded for the propagator ([`Encoder::record_guarded`]; empty unless they are
    /// carried). `dry`: the encoding that finds them, before the propagator exists.
    fn encode_recording(
        &self,
        sink: &mut dyn ClauseSink,
        dry: bool,
    ) -> (usize, usize, Vec<crate::linear::Guarded>) {
        let mut enc = Encoder::new(self.puzzle.shape(), &self.cands, sink);
        if let Some(cages) = self.sums_carried {
            // issue 21: the sum propagator carries the rules' sums and the implied sums
            enc.carry_sums(cages);
        }
        if let Some(skip) = self.guarded_carried {
            enc.carry_guarded_sums(skip);
        }
        if self.connected_carried {
            enc.carry_connected();
        }
        if self.contradiction.is_some() {
            // Known unsatisfiable: the empty clause says so.
            enc.clause([]);
            return (enc.var_count(), enc.clause_count(), Vec::new());
        }
        if self.mode == Simplify::None {
            for (cell, d) in self.puzzle.givens().filled() {
                // the given: x(cell, d)
                let lit = shape_var(self.puzzle.shape(), cell, d).positive();
                enc.clause_lits(&[lit]);
            }
        }
        classic::encode_cells(&mut enc);
        for (i, house) in self.groups.houses.iter().enumerate() {
            classic::encode_house(&mut enc, house, self.groups.house_pairs(i));
        }
        for (i, group) in self.groups.distinct.iter().enumerate() {
            classic::encode_distinct(&mut enc, group, self.groups.distinct_pairs(i));
        }
        if self.puzzle.shape().is_chaos() {
            crate::cnf::chaos::encode(&mut enc, !self.chaos_carried);
        }
        let replay = self.rule_clauses.as_ref().filter(|r| {
            // the settings they were written with
            !self.connected_carried
                && !self.diagrams_carried.contains(&true)
                && r.fits(self.sums_carried, self.guarded_carried, enc.var_count())
        });
        let guarded = if let Some(r) = replay {
            r.replay(&mut enc, &self.cands, self.guarded_carried.is_some())
        } else {
            for (i, c) in self.puzzle.constraints().iter().enumerate() {
                if self.diagrams_carried.get(i).copied().unwrap_or(false) {
                    // the diagram propagator carries the rule (and checks every model)
                    continue;
                }
                c.encode(&mut enc);
            }
            // What the rules imply together (implied killer sums): no single rule sees it.
            crate::rules::encode_joint(&mut enc, &self.groups.houses, self.puzzle.constraints());
            enc.take_guarded()
        };
        // the propagator's guards are the selectors of this encoding (same settings)
        #[cfg(not(debug_assertions))]
        let _ = dry;
        #[cfg(debug_assertions)]
        if !dry {
            assert!(self.guarded_carried.is_none() || self.guarded_seen == guarded);
        }
        (enc.var_count(), enc.clause_count(), guarded)
    }

    /// The sum propagator of this formula (issue 21, [`crate::sums::propagator()`]) for an
    /// engine that hosts one, over the simplified candidates; `None` when the puzzle has no
    /// sum. From then on [`Formula::encode`] leaves the clauses of the sums it carries out
    /// (as `mode` says).
    pub fn sum_propagator(
        &mut self,
        mode: crate::engine::Propagation,
    ) -> Option<Box<dyn crate::engine::Propagator>> {
        use crate::engine::Propagation;
        // the propagator (crate::sums) reads digits in the index space 1..=values, where the
        // rules state their sums whatever the grid's value set (sums::Layout)
        if mode == Propagation::Off || self.contradiction.is_some() {
            return None;
        }
        self.sums_carried = match mode {
            Propagation::Carry => Some(false),
            Propagation::CarryAll => Some(true),
            Propagation::Both | Propagation::Off => None,
        };
        // Sums inside `or` branches bind under their branches' selectors, variables the
        // encoding makes: an encoding with the final settings (deterministic, so the real
        // one numbers them alike) records them, and the propagator is built with them.
        let mut guarded = Vec::new();
        if crate::rules::or::has_or(self.puzzle.constraints()) {
            self.guarded_carried = Some(mode != Propagation::Both);
            guarded = self.encode_recording(&mut ClauseCounter::default(), true).2;
            if guarded.is_empty() {
                self.guarded_carried = None;
            }
        }
        let p = crate::sums::propagator(self.puzzle, &self.groups, &self.cands, &guarded);
        if p.is_none() {
            // nothing carried: every sum keeps its clauses
            self.sums_carried = None;
            self.guarded_carried = None;
            guarded.clear();
        }
        #[cfg(debug_assertions)]
        {
            self.guarded_seen = guarded;
        }
        p
    }

    /// The connectivity propagator of a chaos construction ([`crate::chaos::ChaosPropagator`])
    /// for an engine that hosts one; `None` when the shape is not chaos or `mode` is
    /// [`Propagation::Off`](crate::engine::Propagation::Off). With
    /// [`Propagation::Carry`](crate::engine::Propagation::Carry) or `CarryAll`,
    /// [`Formula::encode`] then leaves the reachability clauses out; with `Both` it keeps them.
    pub fn chaos_propagator(
        &mut self,
        mode: crate::engine::Propagation,
    ) -> Option<Box<dyn crate::engine::Propagator>> {
        use crate::engine::Propagation;
        let shape = self.puzzle.shape();
        if mode == Propagation::Off || self.contradiction.is_some() || !shape.is_chaos() {
            return None;
        }
        let base = region_var(shape, Cell::from_index(0, 0), 0).index();
        self.chaos_carried = mode != Propagation::Both;
        // the chaos arrows' off-arm budgets, of the arrows that always hold (not in an `or`)
        let arrows = self
            .puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                crate::rules::Constraint::ChaosArrow(a) => Some(a.budget(shape, &self.cands)),
                _ => None,
            })
            .collect();
        Some(Box::new(
            crate::chaos::ChaosPropagator::new(
                shape.rows(),
                shape.cols(),
                shape.value_count(),
                base,
            )
            .with_arrows(arrows),
        ))
    }

    /// The connectivity propagators of the puzzle's connected-values rules (at its top, not
    /// inside an `or`; [`crate::connected::ConnectedPropagator`]) for an engine that hosts
    /// them, over the simplified candidates; `None` when there is no such rule, `mode` is
    /// [`Propagation::Off`](crate::engine::Propagation::Off), or the candidates already
    /// break one (the clauses then say so). Otherwise [`Formula::encode`] leaves the rules'
    /// reachability layers out, unless `mode` is `Both`.
    pub fn connected_propagator(
        &mut self,
        mode: crate::engine::Propagation,
    ) -> Option<Box<dyn crate::engine::Propagator>> {
        use crate::connected::ConnectedPropagator;
        use crate::engine::{Propagation, Propagator};
        if mode == Propagation::Off || self.contradiction.is_some() {
            return None;
        }
        let shape = self.puzzle.shape();
        let mut parts: Vec<Box<dyn Propagator>> = Vec::new();
        for c in self.puzzle.constraints() {
            if let crate::rules::Constraint::ConnectedValues(cv) = c {
                let mut p = ConnectedPropagator::new(cv.connection(shape, &self.cands));
                if p.refuted() {
                    return None;
                }
                parts.push(Box::new(p));
            }
        }
        // beyond what a composite tells apart, the layers
        if parts.is_empty() || parts.len() > crate::engine::Composite::MAX_PARTS {
            return None;
        }
        self.connected_carried = mode != Propagation::Both;
        Some(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Box::new(crate::engine::Composite::new(parts))
        })
    }

    /// The diagram propagator of the puzzle's line rules ([`crate::diagrams`]) for an engine
    /// that hosts one, over the simplified candidates; `None` when no rule has a search
    /// diagram, `mode` is [`Propagation::Off`](crate::engine::Propagation::Off), or the
    /// diagrams that count (not skyscrapers': [`crate::diagrams::propagator`]) hold fewer
    /// than `least_edges` edges in all. Unless `mode` is `Both`,
    /// [`Formula::encode`] then leaves those rules' clauses out.
    pub fn diagram_propagator(
        &mut self,
        mode: crate::engine::Propagation,
        least_edges: usize,
    ) -> Option<Box<dyn crate::engine::Propagator>> {
        use crate::engine::Propagation;
        if mode == Propagation::Off || self.contradiction.is_some() {
            return None;
        }
        let (p, lines) = crate::diagrams::propagator(self.puzzle, &self.cands, least_edges)?;
        if mode != Propagation::Both {
            self.diagrams_carried = lines;
        }
        Some(Box::new(p))
    }

    /// Counts variables and clauses without storing them.
    pub fn size(&self) -> (usize, usize) {
        let mut counter = ClauseCounter::default();
        self.encode(&mut counter)
    }

    /// Open cell variables (candidates of undecided cells).
    pub fn open_vars(&self) -> usize {
        self.cands
            .iter()
            .filter(|m| m.count_ones() > 1)
            .map(|m| m.count_ones() as usize)
            .sum()
    }

    /// The clause that forbids `solution`: some undecided cell holds another digit — or, in
    /// a chaos construction, some cell is in another region (the regions are numbered
    /// canonically, so this blocks exactly this pair of digits and regions).
    pub fn blocking_clause(&self, solution: &Grid) -> Vec<Lit> {
        let n = self.puzzle.shape().cols();
        let mut lits = Vec::new();
        for (i, &m) in self.cands.iter().enumerate() {
            if m.count_ones() > 1 {
                let cell = Cell::from_position(i, n);
                // !x(cell, solution digit)
                lits.push(!shape_var(self.puzzle.shape(), cell, solution.digit(cell)).positive());
            }
        }
        if let Some(regions) = solution.regions() {
            for (i, &k) in regions.iter().enumerate() {
                let cell = Cell::from_position(i, n);
                // !g(cell, its region)
                lits.push(!region_var(self.puzzle.shape(), cell, k as usize).positive());
            }
        }
        lits
    }

    /// The regions of a chaos construction's model: the one k with g(cell,k) true, per cell.
    fn decode_regions(&self, value: &impl Fn(Var) -> Option<bool>) -> Result<Vec<u16>, Error> {
        let shape = self.puzzle.shape();
        let mut regions = Vec::with_capacity(shape.rows() * shape.cols());
        for cell in shape.cells() {
            let mut chosen = None;
            for k in 0..shape.chaos_regions() {
                let var = region_var(shape, cell, k);
                match value(var) {
                    Some(true) if chosen.is_some() => {
                        return Err(Error::Model(format!(
                            "model puts {cell} in two regions (variables {} and {})",
                            region_var(shape, cell, chosen.unwrap_or(0)).to_dimacs(),
                            var.to_dimacs()
                        )))
                    }
                    Some(true) => chosen = Some(k),
                    Some(false) => {}
                    None => {
                        return Err(Error::Model(format!(
                            "model has no value for variable {} ({cell} in region {})",
                            var.to_dimacs(),
                            k + 1
                        )))
                    }
                }
            }
            let Some(k) = chosen else {
                return Err(Error::Model(format!("model puts {cell} in no region")));
            };
            regions.push(k as u16);
        }
        Ok(regions)
    }

    /// The grid of `sat`'s current model (after it answered satisfiable), verified against
    /// the puzzle; `sat` must have been given this formula.
    pub fn grid_of(&self, sat: &crate::engine::Sat) -> Result<Grid, Error> {
        self.decode(|v| Some(sat.value(v.positive()).unwrap_or(false)))
    }

    /// Reads a grid from a model (`value(var)` gives a variable's value, `None` if the model
    /// does not say) and verifies it against the puzzle.
    pub fn decode(&self, value: impl Fn(Var) -> Option<bool>) -> Result<Grid, Error> {
        let shape = self.puzzle.shape();
        let n = shape.cols();
        let mut grid = Grid::for_shape(shape);
        for (i, &m) in self.cands.iter().enumerate() {
            let cell = Cell::from_position(i, n);
            let mut chosen: Option<Digit> = None;
            if m.count_ones() == 1 {
                chosen = digits(m).next();
            } else {
                for d in digits(m) {
                    let var = shape_var(self.puzzle.shape(), cell, d);
                    match value(var) {
                        Some(true) if chosen.is_some() => {
                            return Err(Error::Model(format!(
                                "model sets two digits in {cell} (variables {} and {})",
                                shape_var(self.puzzle.shape(), cell, chosen.unwrap()).to_dimacs(),
                                var.to_dimacs()
                            )))
                        }
                        Some(true) => chosen = Some(d),
                        Some(false) => {}
                        None => {
                            return Err(Error::Model(format!(
                                "model has no value for variable {} ({cell} = {d})",
                                var.to_dimacs()
                            )))
                        }
                    }
                }
            }
            let Some(d) = chosen else {
                return Err(Error::Model(format!("model sets no digit in {cell}")));
            };
            grid.set(cell, Some(d));
        }
        if self.puzzle.shape().is_chaos() {
            grid.set_regions(Some(self.decode_regions(&value)?));
        }
        self.puzzle.verify(&grid)?;
        Ok(grid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::{decode_shape_var, ClauseList};
    use crate::rules::{ratio::Ratio, Constraint};

    /// A 4×4 whose first row reads `givens` ('.' open) with a black dot of `value` between
    /// r1c1 and r1c2.
    fn dotted(givens: &str, value: usize) -> Puzzle {
        let base = crate::parse_one(&format!("{givens:.<16}")).unwrap();
        let dot = Constraint::Ratio(Ratio {
            cells: [Cell::from_index(0, 0), Cell::from_index(0, 1)],
            value,
        });
        Puzzle::new(base.shape().clone(), base.givens().clone(), vec![dot]).unwrap()
    }

    #[test]
    fn the_rules_units_become_candidates_and_leave_the_formula() {
        // ratio 2 on 1..4: pairs (1,2) and (2,4), so 3 has no partner
        let p = dotted("", 2);
        let f = Formula::new(&p, Simplify::Full);
        let three = Digit::new(3).bit();
        assert_eq!(f.candidates()[0] & three, 0);
        assert_eq!(f.candidates()[1] & three, 0);
        // no clause of one cell variable is left: the rule's units are constants now
        let mut list = ClauseList::default();
        f.encode(&mut list);
        let cell_units = list
            .clauses
            .iter()
            .filter(|c| c.len() == 1 && decode_shape_var(p.shape(), c[0].var()).is_some())
            .count();
        assert_eq!(cell_units, 0);
        // the other modes keep the textbook's candidates
        let g = Formula::new(&p, Simplify::Givens);
        assert_ne!(g.candidates()[0] & three, 0);
    }

    #[test]
    fn a_rule_clause_false_at_the_root_refutes_the_puzzle_before_search() {
        // r1c3 = 1, r1c4 = 3 leave r1c1 and r1c2 with {2, 4}; ratio 3 on 1..4 needs 1 or 3
        // at both ends: the dot's clauses rule out 2 at r1c1, which leaves 4, which its
        // clause for 4 rules out too
        let p = dotted("..13", 3);
        let f = Formula::new(&p, Simplify::Full);
        assert_eq!(
            f.contradiction().as_deref(),
            Some("the rules cannot all hold on the candidates left of r1c1")
        );
        // without the fold the same puzzle still has no solution: the clauses say it
        let g = Formula::new(&p, Simplify::Givens);
        assert!(g.contradiction().is_none());
    }

    /// Every solution of `p` under `mode`, in the order the search finds them.
    fn solutions(p: &Puzzle, mode: Simplify) -> Vec<String> {
        let mut s = crate::solve::Session::with_mode(p, mode);
        let mut out = Vec::new();
        while let Some(g) = s.next_solution().unwrap() {
            out.push(format!("{:?}", g.cells()));
        }
        out.sort();
        out
    }

    #[test]
    fn the_replayed_rule_clauses_keep_every_solution() {
        // a thermometer (order ladders: auxiliary variables, some fixed at the root) and a
        // dot, on an open 4×4 and with a given
        for first in ["", "...3"] {
            let mut p = dotted(first, 2);
            let thermo: Constraint = serde_json::from_str(
                r#"{"type": "thermometer", "cells": ["r2c1", "r2c2", "r2c3"]}"#,
            )
            .unwrap();
            let mut rules = p.constraints().to_vec();
            rules.push(thermo);
            p = Puzzle::new(p.shape().clone(), p.givens().clone(), rules).unwrap();
            let f = Formula::new(&p, Simplify::Full);
            assert!(f.rule_clauses.is_some());
            // the same solutions as the formula with nothing deduced
            let all = solutions(&p, Simplify::Givens);
            assert!(!all.is_empty());
            assert_eq!(solutions(&p, Simplify::Full), all);
        }
    }
}
