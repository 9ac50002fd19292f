use super::*;
use crate::game::RuleSet;

/// A game from an SGF record of `tests/data/sgf` (no handicap or setup handling beyond
/// what the records there need).
fn load(file: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sgf")
        .join(file);
    let record = crate::sgf::parse_bytes(&std::fs::read(path).unwrap()).unwrap();
    let mut game = Game::new(record.size, RuleSet::Japanese.rules());
    game.set_komi(record.komi.unwrap_or(0.0));
    for color in Color::BOTH {
        let points: Vec<Point> = record
            .setup
            .iter()
            .filter(|s| s.0 == color)
            .map(|s| s.1)
            .collect();
        if !points.is_empty() {
            game.setup(color, &points).unwrap();
        }
    }
    for &(c, mv) in &record.moves {
        if game.try_play(c, mv).is_err() {
            game.play_lenient(c, mv).unwrap();
        }
    }
    game
}

fn picture(game: &Game, judgment: &Judgment) -> String {
    let pos = game.position();
    let size = pos.size();
    let mut out = String::new();
    for row in (0..size).rev() {
        for col in 0..size {
            let p = Point::new(col, row);
            let o = judgment.ownership[p.index()];
            let c = match pos.stone_at(p) {
                Some(_) if judgment.dead.contains(p) => 'x',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            out.push_str(&format!("{c}{:+3.0} ", o * 99.0));
        }
        out.push('\n');
    }
    out
}

#[test]
#[ignore]
fn show() {
    let file = std::env::var("JUDGE_FILE").unwrap();
    let game = load(&file);
    let judgment = judge(&game, &Config::default());
    eprintln!("{}", picture(&game, &judgment));
}
