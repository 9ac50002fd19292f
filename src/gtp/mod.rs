//! The GTP front end.
//!
//! Depends on: everything.

pub mod wire;

/// Serves GTP on stdin/stdout until `quit` or end of input.
pub fn serve(args: &[String]) -> Result<(), String> {
    let _ = args;
    todo!()
}
