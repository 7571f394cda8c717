//! Negative ratio (all black dots given): orthogonal neighbours that are not listed in
//! `except` are never in any of the `ratios` (default 2: neither digit is twice the other).
//!
//! f-puzzles trap: `negative: ["ratio"]` uses the ratio values of the puzzle's black dots (2
//! when there are none), and every kropki dot, white or black, exempts its pair — the
//! importer lists those pairs in `except`.
//!
//! Encoding: for each unexempt orthogonal pair (a, b), forbidden pairs
//! `x(a,d) -> !x(b,e)` for every e with e = r·d or d = r·e.

use super::cell_lists::except_pairs;
use super::families::negative;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The negative-ratio rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NegativeRatio {
    /// Ratios that unmarked neighbours avoid (default `[2]`).
    #[serde(default = "default_ratios")]
    pub ratios: Vec<usize>,
    /// Orthogonal pairs exempt from the rule (pairs with a dot).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<[Cell; 2]>,
}

fn default_ratios() -> Vec<usize> {
    vec![2]
}

impl Default for NegativeRatio {
    fn default() -> NegativeRatio {
        NegativeRatio {
            ratios: default_ratios(),
            except: Vec::new(),
        }
    }
}

impl NegativeRatio {
    fn in_ratio(&self, i: usize, j: usize) -> bool {
        self.ratios
            .iter()
            .any(|&r| i == r.saturating_mul(j) || j == r.saturating_mul(i))
    }
}

impl Rule for NegativeRatio {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if self.ratios.is_empty() {
            return Err("\"ratios\" is empty; give at least one ratio, e.g. [2]".into());
        }
        if let Some(r) = self.ratios.iter().find(|&&r| r == 0) {
            return Err(format!("ratio {r} is not allowed; ratios are 1 or more"));
        }
        except_pairs(shape, &self.except)
    }
    fn encode(&self, enc: &mut Encoder) {
        // x(a,d) -> !x(b,e) where d = r·e or e = r·d
        negative::encode(enc, &self.except, |i, j| self.in_ratio(i, j));
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let in_ratio = |i, j| self.in_ratio(i, j);
        let why = |_, _| "are in ratio without a black dot".to_string();
        negative::check(shape, grid, &self.except, in_ratio, why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(ratios: Vec<usize>, except: Vec<[Cell; 2]>) -> Vec<Constraint> {
        vec![Constraint::NegativeRatio(NegativeRatio { ratios, except })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(vec![2], vec![]));
        counts_agree(&rule(vec![3], vec![[Cell::new(1, 1), Cell::new(1, 2)]]));
        counts_agree(&rule(vec![2, 5], vec![[Cell::new(2, 2), Cell::new(3, 2)]]));
        // a ratio no digits reach forbids nothing
        assert_eq!(
            count(&puzzle(EMPTY4, rule(vec![usize::MAX], vec![])), 1000),
            288
        );
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(vec![3], vec![]), 8);
    }

    #[test]
    fn bad_ratios_are_errors() {
        assert!(invalid(&rule(vec![], vec![]).remove(0), 4).contains("empty"));
        assert!(invalid(&rule(vec![0], vec![]).remove(0), 4).contains("ratio 0"));
    }

    #[test]
    fn the_rule_is_enforced_on_six_by_six() {
        // counts and grids cross-checked with shared/tools/fpuzzles_check.py
        let six = rule(vec![2], vec![]);
        assert_counts("4.........6...4......4...3.........1", six.clone(), 760, 4);
        assert_checker(
            &six,
            "461523523164254316316452132645645231",
            "416235253164164523325416531642642351",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "negative-ratio"}"#),
            rule(vec![2], vec![]).remove(0)
        );
        let c = round_trip(
            r#"{"type": "negative-ratio", "ratios": [2, 3], "except": [["r1c1", "r2c1"]]}"#,
        );
        assert_eq!(
            c,
            rule(vec![2, 3], vec![[Cell::new(1, 1), Cell::new(2, 1)]]).remove(0)
        );
    }
}
