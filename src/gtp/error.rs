//! `GtpError`: why a command failed, and its text in the reply (`? cannot undo`). The engine
//! answers with domain errors (`IllegalMove`, `CannotUndo`, `UnsupportedSize`,
//! `HandicapError`, `LoadError`); the `From` conversions here map each to the GTP
//! specification's text, so `commands` can use `?` and the engine knows nothing of GTP texts.
//!
//! Depends on: gtp::engine (its error types only), search (`NoSuchLevel`), game, board.

use super::engine::{HandicapError, IllegalMove, LoadError, UnsupportedSize};
use crate::board::PlayError;
use crate::game::CannotUndo;
use crate::search::level::NoSuchLevel;
use std::fmt;

/// Why a command failed, with the texts of the GTP specification where it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GtpError {
    UnknownCommand,
    Syntax,
    IllegalMove,
    /// An illegal move and why (`play`): the spec's text followed by the reason.
    IllegalMoveBecause(PlayError, Option<usize>),
    UnacceptableSize,
    CannotUndo,
    BoardNotEmpty,
    InvalidNumberOfStones,
    BadVertexList,
    CannotLoadFile,
    CannotWriteFile,
    UnknownRules,
    UnknownTimeSystem,
    BadParameter,
    /// `tengen-level` with a number outside 1 to `search::level::TOP`.
    NoSuchLevel(NoSuchLevel),
    /// An analysis option tengen does not know or implement (`avoid`, `allow`, `rootInfo`…).
    AnalysisOption,
    Internal,
}

impl fmt::Display for GtpError {
    /// The spec's texts; an illegal move with its reason reads `illegal move: occupied`,
    /// `illegal move: suicide`, `illegal move: ko`, `illegal move: superko: repeats the
    /// position after move 12` (controllers match the `illegal move` prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let GtpError::IllegalMoveBecause(e, repeats) = self {
            return match (e, repeats) {
                (PlayError::Superko, Some(0)) => {
                    f.write_str("illegal move: superko: repeats the position before move 1")
                }
                (PlayError::Superko, Some(n)) => write!(
                    f,
                    "illegal move: superko: repeats the position after move {n}"
                ),
                (PlayError::Occupied, _) => f.write_str("illegal move: occupied"),
                (e, _) => write!(f, "illegal move: {e}"),
            };
        }
        if let GtpError::NoSuchLevel(e) = self {
            return e.fmt(f);
        }
        f.write_str(match self {
            GtpError::IllegalMoveBecause(..) | GtpError::NoSuchLevel(_) => {
                unreachable!("handled above")
            }
            GtpError::UnknownCommand => "unknown command",
            GtpError::Syntax => "syntax error",
            GtpError::IllegalMove => "illegal move",
            GtpError::UnacceptableSize => "unacceptable size",
            GtpError::CannotUndo => "cannot undo",
            GtpError::BoardNotEmpty => "board not empty",
            GtpError::InvalidNumberOfStones => "invalid number of stones",
            GtpError::BadVertexList => "bad vertex list",
            GtpError::CannotLoadFile => "cannot load file",
            GtpError::CannotWriteFile => "cannot write file",
            GtpError::UnknownRules => "unknown rules",
            GtpError::UnknownTimeSystem => "unknown time system",
            GtpError::BadParameter => "bad parameter (tengen-param lists the names)",
            GtpError::AnalysisOption => {
                "unsupported analysis option (interval, minmoves, maxmoves, avoid and allow but \
                 not in *-genmove_analyze; kata: ownership, pvVisits)"
            }
            GtpError::Internal => "internal error",
        })
    }
}

impl std::error::Error for GtpError {}

impl From<IllegalMove> for GtpError {
    fn from(e: IllegalMove) -> GtpError {
        GtpError::IllegalMoveBecause(e.reason, e.repeats)
    }
}

impl From<NoSuchLevel> for GtpError {
    fn from(e: NoSuchLevel) -> GtpError {
        GtpError::NoSuchLevel(e)
    }
}

impl From<CannotUndo> for GtpError {
    fn from(_: CannotUndo) -> GtpError {
        GtpError::CannotUndo
    }
}

impl From<UnsupportedSize> for GtpError {
    fn from(_: UnsupportedSize) -> GtpError {
        GtpError::UnacceptableSize
    }
}

impl From<HandicapError> for GtpError {
    fn from(e: HandicapError) -> GtpError {
        match e {
            HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
            HandicapError::InvalidNumberOfStones => GtpError::InvalidNumberOfStones,
            HandicapError::BadVertexList => GtpError::BadVertexList,
        }
    }
}

impl From<LoadError> for GtpError {
    fn from(_: LoadError) -> GtpError {
        GtpError::CannotLoadFile
    }
}
