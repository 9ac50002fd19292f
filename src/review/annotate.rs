//! From the evaluations of a game's positions to what each of its nodes says (`sgf::Markup`):
//! a comment on every move, `BM`/`DO` on the mistakes and `TE` on a move that was the only
//! good one, a triangle on the better point, the best line as a variation, `HO` on each
//! side's biggest mistakes, and Sabaki's `SBKV`/`SBKS` so that it draws its own graph.
//!
//! What a move lost is measured between two searches: the mover's win rate (and lead) in the
//! position before the move, through its best move, less the mover's win rate after it, when
//! the opponent's best reply has been searched. Noise in either search shows as a loss or a
//! gain of a few percent, so only losses of `DOUBTFUL` and more are marked.

use super::evaluate::Evaluation;
use crate::geom::{Color, Move};
use crate::sgf::{Line, Markup, MoveAnnotation, SgfGame};
use std::fmt::Write;

/// Win rate lost by a doubtful move (`DO`).
pub const DOUBTFUL: f32 = 0.05;
/// … by a mistake (`BM[1]`).
pub const MISTAKE: f32 = 0.10;
/// … by a blunder (`BM[2]`).
pub const BLUNDER: f32 = 0.20;
/// A move that was the best while the second best lost this much is the only good move
/// (`TE[1]`), if the second best was searched at least `ONLY_MOVE_VISITS` times and a tenth
/// as often as the best.
pub const ONLY_MOVE: f32 = 0.15;
pub const ONLY_MOVE_VISITS: u32 = 20;
/// The biggest mistakes of each side that get a hotspot (`HO`) and a line in the first
/// comment.
pub const BIGGEST: usize = 3;

/// How bad a move was, by the win rate it lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Doubtful,
    Mistake,
    Blunder,
}

impl Severity {
    /// The severity of losing `loss` of the win rate, if any.
    pub fn of(loss: f32) -> Option<Severity> {
        if loss >= BLUNDER {
            Some(Severity::Blunder)
        } else if loss >= MISTAKE {
            Some(Severity::Mistake)
        } else if loss >= DOUBTFUL {
            Some(Severity::Doubtful)
        } else {
            None
        }
    }

    fn annotation(self) -> MoveAnnotation {
        match self {
            Severity::Doubtful => MoveAnnotation::Doubtful,
            Severity::Mistake => MoveAnnotation::Bad { very: false },
            Severity::Blunder => MoveAnnotation::Bad { very: true },
        }
    }

    fn word(self) -> &'static str {
        match self {
            Severity::Doubtful => "doubtful",
            Severity::Mistake => "mistake",
            Severity::Blunder => "blunder",
        }
    }
}

/// A move that lost at least `DOUBTFUL` of its side's win rate.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// Move number, from 1.
    pub number: usize,
    pub color: Color,
    pub mv: Move,
    /// Win rate lost, in [0, 1].
    pub loss: f32,
    /// Points lost (negative: gained).
    pub points: f32,
    /// What the search preferred.
    pub best: Option<Move>,
    pub severity: Severity,
}

impl std::fmt::Display for Mistake {
    /// `move 37 (B Q10): blunder, -23.1% and -4.2 points; best R12`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "move {} ({} {}): {}, -{:.1}% and {:+.1} points",
            self.number,
            self.color.letter(),
            self.mv,
            self.severity.word(),
            100.0 * self.loss,
            -self.points
        )?;
        if let Some(best) = self.best {
            write!(f, "; best {best}")?;
        }
        Ok(())
    }
}

/// The markup of a reviewed game: the root's, one per move, and the mistakes by move number.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotated {
    pub root: Markup,
    pub moves: Vec<Markup>,
    pub mistakes: Vec<Mistake>,
}

/// The markup of `record`'s main line from `evaluations` (one a position, the last after the
/// last move; fewer leave the later moves without a review), with `about` (how it was
/// reviewed) opening the first comment.
pub fn annotate(record: &SgfGame, evaluations: &[Evaluation], about: &str) -> Annotated {
    let mut moves = Vec::with_capacity(record.moves.len());
    let mut mistakes = Vec::new();
    for (i, &(color, mv)) in record.moves.iter().enumerate() {
        let (Some(before), Some(after)) = (evaluations.get(i), evaluations.get(i + 1)) else {
            moves.push(Markup::default());
            continue;
        };
        let (markup, mistake) = annotate_move(i + 1, color, mv, before, after);
        moves.push(markup);
        mistakes.extend(mistake);
    }
    for color in Color::BOTH {
        for m in biggest(&mistakes, color) {
            moves[m.number - 1].hotspot = true;
        }
    }
    let root = root_markup(record, evaluations.first(), &mistakes, about);
    Annotated {
        root,
        moves,
        mistakes,
    }
}

/// The `BIGGEST` worst mistakes of `color`, worst first.
pub fn biggest(mistakes: &[Mistake], color: Color) -> Vec<&Mistake> {
    let mut theirs: Vec<&Mistake> = mistakes.iter().filter(|m| m.color == color).collect();
    theirs.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.number.cmp(&b.number)));
    theirs.truncate(BIGGEST);
    theirs
}

/// The markup of move `number` (`color` plays `mv`) between the evaluations `before` and
/// `after` it, and the mistake it was, if it was one.
fn annotate_move(
    number: usize,
    color: Color,
    mv: Move,
    before: &Evaluation,
    after: &Evaluation,
) -> (Markup, Option<Mistake>) {
    let loss = before.win_rate(color) - after.win_rate(color);
    let points = before.lead(color) - after.lead(color);
    let best = before.best.first().copied();
    let is_best = best == Some(mv);
    let severity = if is_best || after.ended {
        None
    } else {
        Severity::of(loss)
    };
    let mut markup = Markup {
        black_win_percent: Some(100.0 * after.black_win_rate),
        black_lead: Some(after.black_lead),
        ..Markup::default()
    };
    let mut text = format!("Move {number}: {} {mv}", color.letter());
    if let Some(severity) = severity {
        let _ = write!(text, ", {}", severity.word());
        markup.annotation = Some(severity.annotation());
        markup.triangles.extend(best.and_then(Move::point));
    } else if is_best && only_move(color, before) {
        text.push_str(", the only good move");
        markup.annotation = Some(MoveAnnotation::Good { very: false });
    }
    let _ = write!(
        text,
        "\nBlack's win rate {}, score {}.",
        percent(after.black_win_rate),
        lead(after.black_lead)
    );
    if after.ended {
        text.push_str("\nThe game ends (the position after it is not searched).");
    } else if is_best {
        text.push_str("\ntengen's first choice too.");
    } else {
        let _ = write!(
            text,
            "\nThe move lost {} of {}'s win rate and {:.1} points.",
            percent(loss.max(0.0)),
            side(color),
            points.max(0.0)
        );
    }
    if let Some(best) = best {
        let _ = write!(
            text,
            "\nBest: {best} (Black's win rate {}, score {}); its line: {}.",
            percent(before.black_win_rate),
            lead(before.black_lead),
            variation(&before.best)
        );
        if !is_best {
            markup.alternatives.push(Line {
                moves: with_colors(&before.best, color),
                comment: Some(format!(
                    "tengen's best instead of move {number} ({mv}): Black's win rate {}, score {}.",
                    percent(before.black_win_rate),
                    lead(before.black_lead)
                )),
            });
        }
    }
    markup.comment = Some(text);
    let mistake = severity.map(|severity| Mistake {
        number,
        color,
        mv,
        loss,
        points,
        best,
        severity,
    });
    (markup, mistake)
}

/// The best move was the only good one: the second best, searched enough to tell, lost
/// `ONLY_MOVE` or more.
fn only_move(color: Color, before: &Evaluation) -> bool {
    before.second.is_some_and(|(_, win_rate, visits)| {
        visits >= ONLY_MOVE_VISITS.max(before.best_visits / 10)
            && before.win_rate(color) - win_rate >= ONLY_MOVE
    })
}

/// The first comment: how the game was reviewed, the start, each side's biggest mistakes.
fn root_markup(
    record: &SgfGame,
    start: Option<&Evaluation>,
    mistakes: &[Mistake],
    about: &str,
) -> Markup {
    let mut text = about.to_string();
    text.push_str(
        "\nWin rates are Black's; the score is the lead in points. Bad moves (BM) lost at \
         least 10% of their side's win rate (blunders 20%), doubtful ones (DO) 5%.",
    );
    if let Some(start) = start {
        let _ = write!(
            text,
            "\nAt the start: Black's win rate {}, score {}.",
            percent(start.black_win_rate),
            lead(start.black_lead)
        );
    }
    for color in Color::BOTH {
        let name = match color {
            Color::Black => record.black_name.as_deref(),
            Color::White => record.white_name.as_deref(),
        };
        let who = name.map_or(side(color).to_string(), |n| {
            format!("{} ({n})", side(color))
        });
        let worst = biggest(mistakes, color);
        if worst.is_empty() {
            let _ = write!(text, "\n{who}: no mistake found.");
        } else {
            let _ = write!(text, "\nThe biggest mistakes of {who}:");
            for m in worst {
                let _ = write!(text, "\n- {m}");
            }
        }
    }
    Markup {
        comment: Some(text),
        black_win_percent: start.map(|s| 100.0 * s.black_win_rate),
        black_lead: start.map(|s| s.black_lead),
        ..Markup::default()
    }
}

/// `Black` or `White`.
fn side(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The moves of a variation, colours alternating from `first`.
fn with_colors(moves: &[Move], first: Color) -> Vec<(Color, Move)> {
    let mut color = first;
    moves
        .iter()
        .map(|&mv| {
            let c = color;
            color = color.opponent();
            (c, mv)
        })
        .collect()
}

/// `R12 Q12 R11`.
fn variation(moves: &[Move]) -> String {
    let names: Vec<String> = moves.iter().map(Move::to_string).collect();
    names.join(" ")
}

/// `61.5%`.
fn percent(x: f32) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `B+2.9`, `W+1.3` or `even`, from Black's lead.
fn lead(black_lead: f32) -> String {
    if black_lead.abs() < 0.05 {
        "even".into()
    } else if black_lead > 0.0 {
        format!("B+{black_lead:.1}")
    } else {
        format!("W+{:.1}", -black_lead)
    }
}
