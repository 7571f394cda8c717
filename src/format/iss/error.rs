//! What can go wrong reading an ISS puzzle string, each error with its place: the item's
//! number in the string (1-based, counting the `.`-separated items) and its constraint name.

use thiserror::Error;

/// Where in an ISS string a constraint was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    /// 1-based number of the `.`-separated item in the string (whitespace removed).
    pub item: usize,
    /// The constraint's ISS name (`Given` for the nameless `.~R1C1_5` form).
    pub name: String,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ISS item {} ({})", self.item, self.name)
    }
}

/// Why an ISS string (or link) was not read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum IssError {
    /// The text is not an ISS constraint string (it must start with `.`).
    #[error(
        "not an ISS puzzle: a constraint string must start with \".\", and the text is none \
         of ISS's other text formats (killer strings, plain grids, jigsaw layouts, grids of \
         numbers, pencil marks)"
    )]
    NotIss,
    /// A puzzle in one of ISS's other text formats, refused at a place in it.
    #[error("{format}: {message}")]
    Text {
        /// The format and the place in the text.
        format: String,
        /// What is wrong.
        message: String,
    },
    /// An ISS link without a puzzle in it.
    #[error("ISS link: {0}")]
    Link(String),
    /// A name ISS itself does not know.
    #[error("{at}: unknown ISS constraint type {:?} (refused, not dropped)", at.name)]
    Unknown {
        /// Where.
        at: At,
    },
    /// An ISS constraint with no satdoku counterpart.
    #[error("{at}: satdoku cannot state this ISS constraint: {why}")]
    Unsupported {
        /// Where.
        at: At,
        /// What satdoku lacks.
        why: String,
    },
    /// A grid shape satdoku cannot state.
    #[error("{at}: unsupported grid shape {spec:?}: {why}")]
    Shape {
        /// Where.
        at: At,
        /// The shape as written.
        spec: String,
        /// Why it is refused.
        why: String,
    },
    /// Arguments that do not fit the constraint (a bad cell, a missing value).
    #[error("{at}: {message}")]
    Bad {
        /// Where.
        at: At,
        /// What is wrong.
        message: String,
    },
    /// `.End` without an open `.Or` / `.And`, or a group never closed.
    #[error("{0}")]
    Nesting(String),
    /// The rules read, but the puzzle they make is refused (a rule's own validation, givens
    /// out of range).
    #[error("{at}: {message}")]
    Puzzle {
        /// Where (the item the refused rule came from).
        at: At,
        /// satdoku's reason.
        message: String,
    },
}

impl IssError {
    /// The item the error is about, if one.
    pub fn at(&self) -> Option<&At> {
        match self {
            IssError::Unknown { at }
            | IssError::Unsupported { at, .. }
            | IssError::Shape { at, .. }
            | IssError::Bad { at, .. }
            | IssError::Puzzle { at, .. } => Some(at),
            _ => None,
        }
    }
}

impl From<IssError> for crate::Error {
    fn from(e: IssError) -> Self {
        crate::Error::Format(e.to_string())
    }
}
