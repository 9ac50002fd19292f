//! The end of the game: the judgment of the current position, cached so that
//! `final_status_list` and `final_score` of one position agree, and the answers built from it.

use super::engine::Engine;
use crate::board::Bitboard;
use crate::geom::Color;
use crate::judge::{self, Judgment};
use crate::score::GameResult;

/// Which stones `final_status_list` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

impl Engine {
    /// The judgment of the current position (`judge::judge`), cached by position hash, move
    /// count and rules, so that `final_status_list` and `final_score` of one position agree.
    pub fn judgment(&mut self) -> Judgment {
        let game = &self.session.game;
        let key = (
            game.position().position_hash(),
            game.moves().len(),
            game.rules().scoring,
        );
        if let Some((k, judgment)) = &self.judgment_cache {
            if *k == key {
                return judgment.clone();
            }
        }
        let judgment = judge::judge(game, &self.config.search.judge);
        self.judgment_cache = Some((key, judgment.clone()));
        judgment
    }

    /// `tengen-count` (see `judge::count_report`).
    pub fn count_report(&mut self) -> String {
        let judgment = self.judgment();
        judge::count_report(&self.session.game, &judgment)
    }

    pub fn final_score(&mut self) -> GameResult {
        let judgment = self.judgment();
        judgment.result(&self.session.game)
    }

    /// The stones of one status, one chain per line, each line's vertices space-separated.
    /// Alive excludes seki: GNU Go's reading of the three lists as a partition of the stones.
    pub fn final_status_list(&mut self, status: Status) -> String {
        let judgment = self.judgment();
        let (dead, seki) = (judgment.dead, judgment.seki);
        let position = self.session.game.position();
        let mut wanted = Bitboard::default();
        for color in Color::BOTH {
            for p in position.stones(color).iter() {
                let status_of_p = if dead.contains(p) {
                    Status::Dead
                } else if seki.contains(p) {
                    Status::Seki
                } else {
                    Status::Alive
                };
                if status_of_p == status {
                    wanted.insert(p);
                }
            }
        }
        let mut lines = Vec::new();
        let mut done = Bitboard::default();
        for p in wanted.iter() {
            if done.contains(p) {
                continue;
            }
            let chain: Vec<String> = position
                .chain(p)
                .iter()
                .filter(|&q| wanted.contains(q))
                .map(|q| {
                    done.insert(q);
                    q.to_string()
                })
                .collect();
            lines.push(chain.join(" "));
        }
        lines.join("\n")
    }
}
