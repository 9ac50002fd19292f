//! `tengen match`: plays games between two GTP engines and reports the result.
//!
//! Depends on: gtp::wire, sgf, game, score, geom.

/// Runs the match runner with its command-line arguments.
pub fn run(args: &[String]) -> Result<(), String> {
    let _ = args;
    todo!()
}
