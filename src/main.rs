//! The `tengen` binary: GTP engine (default), `tengen bench`, `tengen match`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => tengen::bench::run(&args[1..]),
        Some("match") => tengen::referee::run(&args[1..]),
        _ => tengen::gtp::serve(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::FAILURE
        }
    }
}
