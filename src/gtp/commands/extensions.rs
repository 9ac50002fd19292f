//! tengen's own GTP extensions that set the engine up: `tengen-param` (the tunable numbers),
//! `tengen-level` (the strength level) and the hidden `tengen-fault` (fault injection).
//!
//! Depends on: gtp::commands (the table's types, the argument parsers), gtp::engine, search,
//! geom.

use super::{count, entry, number, Engine, Entry, GtpError, Outcome};
use crate::geom::{Color, Move, Point};
use crate::search::Level;

/// `tengen-level`: with no argument, the level `genmove` plays at (1 to `search::level::TOP`,
/// the full strength); with `N`, plays the moves that follow at level N. A bad level is `?
/// no level N: ...` and changes nothing.
pub(super) fn tengen_level(engine: &mut Engine, args: &[String]) -> Outcome {
    match args {
        [] => Ok(engine.level().number.to_string()),
        [n] => {
            let n: i64 = n.parse().map_err(|_| GtpError::Syntax)?;
            engine.set_level(Level::new(n)?);
            Ok(String::new())
        }
        _ => Err(GtpError::Syntax),
    }
}

/// `tengen-param`: with no argument, every tunable number as `name value` lines; with
/// `NAME VALUE`, sets one for the searches that follow.
pub(super) fn tengen_param(engine: &mut Engine, args: &[String]) -> Outcome {
    match args {
        [] => Ok(engine
            .params()
            .iter()
            .map(|(name, value)| format!("{name} {value}"))
            .collect::<Vec<_>>()
            .join("\n")),
        [name, value] => {
            let value = number(value)? as f32;
            engine.set_param(name, value).map_err(|e| {
                log::warn!("tengen-param: {e}");
                GtpError::BadParameter
            })?;
            Ok(String::new())
        }
        _ => Err(GtpError::Syntax),
    }
}

/// The fault-injection command, for the reliability tests: hidden (not in `COMMANDS`, so not
/// listed nor known) and unknown unless the environment has `TENGEN_FAULT_INJECTION=1` (read
/// the first time `tengen-fault` is sent). `tengen-fault command` changes the game (size, stones,
/// komi), then panics; `tengen-fault worker N [K]` makes search worker N (0 = the GTP
/// thread's) of the next search panic after K of its iterations (default 64).
pub const FAULT: Entry = entry("tengen-fault", tengen_fault, true);

/// Whether `TENGEN_FAULT_INJECTION=1` was set, read once.
pub(super) fn fault_injection_enabled() -> bool {
    static ENABLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ENABLED.get_or_init(|| {
        let on = std::env::var_os("TENGEN_FAULT_INJECTION").is_some_and(|v| v == "1");
        if on {
            log::warn!("TENGEN_FAULT_INJECTION=1: the hidden command tengen-fault is enabled");
        }
        on
    })
}

fn tengen_fault(engine: &mut Engine, args: &[String]) -> Outcome {
    match args {
        [what] if what == "command" => {
            engine.boardsize(5)?;
            engine.play(Color::Black, Move::Play(Point::new(2, 2)))?;
            engine.komi(-99.0);
            panic!("deliberate panic in a command handler (fault injection)");
        }
        [what, worker, rest @ ..] if what == "worker" && rest.len() <= 1 => {
            let after = rest.first().map_or(Ok(64), |k| count(k))? as u64;
            if engine.inject_worker_panic(count(worker)?, after) {
                Ok(String::new())
            } else {
                Err(GtpError::Syntax)
            }
        }
        _ => Err(GtpError::Syntax),
    }
}
