//! `Chain`: the stones of one chain and its exact liberties, as two bitboards.
//!
//! Depends on: board::bitboard.

use super::Bitboard;

/// Index of a chain in `Position`'s chain table. `ChainId::NONE` marks an empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ChainId(pub(crate) u16);

impl ChainId {
    pub(crate) const NONE: ChainId = ChainId(u16::MAX);

    #[inline]
    pub(crate) fn idx(self) -> usize {
        self.0 as usize
    }
}

/// Solidly connected stones of one colour and their liberties (empty points next to them).
/// Knows nothing of its colour: `Position` reads that from its stone bitboards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Chain {
    pub(crate) stones: Bitboard,
    pub(crate) liberties: Bitboard,
}

const _: () = assert!(std::mem::size_of::<Chain>() == 160);
