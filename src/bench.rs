//! `tengen bench`: light playouts per second and board moves per second, one thread.
//!
//! Depends on: playout, board, geom.

/// Runs the benchmark and prints its figures to stdout.
pub fn run(args: &[String]) -> Result<(), String> {
    let _ = args;
    todo!()
}
