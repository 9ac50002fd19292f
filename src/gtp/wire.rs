//! GTP text ⇄ `Command` / reply. Pure: never touches the engine.
//!
//! Depends on: nothing.

/// One command line after preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}
