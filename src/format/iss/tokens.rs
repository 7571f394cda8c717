//! ISS's constraint string cut into items: whitespace is removed, the text split at `.`,
//! each item split at `~` into its name and arguments (an empty name is `Given`), and
//! `.Or` / `.And` / `.Replicate` groups nested up to their `.End` — ISS's own reading
//! (js/sudoku_parser.js), re-stated here.

use super::error::{At, IssError};

/// One `.Name~arg~arg` item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Where it was written (1-based item number, name).
    pub at: At,
    /// Its `~`-separated arguments.
    pub args: Vec<String>,
}

/// An item, or a group of items (`Or`, `And`, `Replicate`) with its children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A constraint.
    Leaf(Item),
    /// A composite: its header item and the items up to its `.End`.
    Group(Item, Vec<Node>),
}

/// ISS's composite constraints, closed by `.End`.
const GROUPS: &[&str] = &["Or", "And", "Replicate"];

/// Whether `text` (whitespace ignored) is an ISS constraint string: it starts with `.` and
/// its first item names an ISS constraint, or is a nameless given (`.~R1C1_5`). A grid
/// written with dots (`..3.2.6..`) is not.
pub fn looks_like_iss(text: &str) -> bool {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(rest) = t.strip_prefix('.') else {
        return false;
    };
    // ISS reads an empty item (`..Cage~…`) as a given of no cells: look past those
    let first = rest.split('.').find(|i| !i.is_empty()).unwrap_or("");
    let name = first.split('~').next().unwrap_or("");
    if name.is_empty() {
        return first.starts_with('~');
    }
    super::names::is_iss_name(name)
}

/// Reads the items of an ISS constraint string into a tree.
pub fn parse(text: &str) -> Result<Vec<Node>, IssError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let rest = t.strip_prefix('.').ok_or(IssError::NotIss)?;
    let mut stack: Vec<(Option<Item>, Vec<Node>)> = vec![(None, Vec::new())];
    for (i, raw) in rest.split('.').enumerate() {
        let mut parts = raw.split('~');
        let name = parts.next().unwrap_or("");
        let name = if name.is_empty() { "Given" } else { name };
        let item = Item {
            at: At {
                item: i + 1,
                name: name.to_string(),
            },
            args: parts.map(str::to_string).collect(),
        };
        if name == "End" {
            if stack.len() == 1 {
                return Err(IssError::Nesting(format!(
                    "ISS item {}: .End without an open .Or, .And or .Replicate",
                    i + 1
                )));
            }
            let (header, children) = stack.pop().expect("checked above");
            let header = header.expect("only the root has no header");
            stack
                .last_mut()
                .expect("the root stays")
                .1
                .push(Node::Group(header, children));
        } else if GROUPS.contains(&name) {
            stack.push((Some(item), Vec::new()));
        } else {
            stack
                .last_mut()
                .expect("the root stays")
                .1
                .push(Node::Leaf(item));
        }
    }
    if stack.len() > 1 {
        let (header, _) = stack.pop().expect("checked above");
        let at = header.expect("only the root has no header").at;
        return Err(IssError::Nesting(format!("{at}: never closed with .End")));
    }
    Ok(stack.pop().expect("the root stays").1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_nest_and_keep_their_place() {
        let nodes = parse(" .Cage~3~R1C1~R1C2 .Or.~R1C2_1.~R1C1_1.End\n.AntiKnight").unwrap();
        assert_eq!(nodes.len(), 3);
        let Node::Leaf(cage) = &nodes[0] else {
            panic!()
        };
        assert_eq!(cage.at.item, 1);
        assert_eq!(cage.args, ["3", "R1C1", "R1C2"]);
        let Node::Group(or, kids) = &nodes[1] else {
            panic!()
        };
        assert_eq!(or.at.name, "Or");
        assert_eq!(kids.len(), 2);
        let Node::Leaf(given) = &kids[1] else {
            panic!()
        };
        assert_eq!((given.at.item, given.at.name.as_str()), (4, "Given"));
        let Node::Leaf(k) = &nodes[2] else { panic!() };
        assert_eq!(k.at.item, 6);
    }

    #[test]
    fn bad_nesting_is_refused() {
        assert!(matches!(parse(".End"), Err(IssError::Nesting(_))));
        let e = parse(".Or.~R1C1_1").unwrap_err().to_string();
        assert!(
            e.contains("ISS item 1 (Or)") && e.contains("never closed"),
            "{e}"
        );
        assert_eq!(parse("Cage~3~R1C1"), Err(IssError::NotIss));
    }

    #[test]
    fn what_looks_like_iss() {
        assert!(looks_like_iss(".~R1C1_5"));
        assert!(looks_like_iss(".Cage~3~R1C1~R1C2"));
        assert!(looks_like_iss(".AntiKnight.~R1C1_5"));
        assert!(looks_like_iss(".Shape~6x6.~R1C1_5"));
        assert!(!looks_like_iss(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82...."
        ));
        assert!(!looks_like_iss(".Foo~1"));
        assert!(looks_like_iss("..Cage~3~R1C1~R1C2"));
        assert!(!looks_like_iss("...."));
        assert!(!looks_like_iss("Cage~3"));
    }
}
