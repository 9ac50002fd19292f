//! Tests of the MM fit on a made-up training set and of learning from real records.

use super::*;
use crate::progress::Progress;

/// A made-up position of two candidates, the first winning.
fn duel(data: &mut Data, winner: MoveFeatures, loser: MoveFeatures) {
    let first = data.features.len() as u32;
    for f in [winner, loser] {
        let ids = data.ids(&f);
        data.features.push(ids);
        data.counts.push(1);
    }
    data.competitions.push(Competition {
        first,
        len: 2,
        winner: 0,
    });
}

fn with(feature: Feature, value: u16) -> MoveFeatures {
    let mut f = MoveFeatures::default();
    f.values[feature as usize] = value;
    f
}

#[test]
fn a_feature_that_wins_three_duels_in_four_rates_about_three_times_its_rival() {
    let mut data = Data::default();
    let (capture, atari) = (with(Feature::Capture, 1), with(Feature::Atari, 2));
    for i in 0..400 {
        if i % 4 == 3 {
            duel(&mut data, atari, capture);
        } else {
            duel(&mut data, capture, atari);
        }
    }
    let model = to_model(&data, &fit(&data, 30, &Progress::hidden()));
    let ratio = model.get(Feature::Capture, 1) / model.get(Feature::Atari, 2);
    assert!((2.6..3.4).contains(&ratio), "ratio {ratio}");
    assert!(prediction_rate(&data, &model) > 0.7);
}

#[test]
fn learning_from_real_games_predicts_far_better_than_chance() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf/gnugo/scoring");
    let mut files = crate::sgf::files_under(&[dir]).unwrap();
    files.truncate(12);
    let mut ladders = LadderReader::new();
    let (mut train, mut test) = (Data::default(), Data::default());
    for (i, path) in files.iter().enumerate() {
        let data = if i < 10 { &mut train } else { &mut test };
        replay(path, 0, None, data, &mut ladders).unwrap();
    }
    assert!(
        train.competitions.len() > 1500,
        "{}",
        train.competitions.len()
    );
    let model = to_model(&train, &fit(&train, 4, &Progress::hidden()));
    // One candidate in a few hundred on 19×19 is chance; GNU Go's moves are predictable.
    let rate = prediction_rate(&test, &model);
    assert!(rate > 0.15, "held-out prediction {rate}");
    assert!(prediction_rate(&test, &MoveModel::default()) < 0.05);
    // The model writes and reads back.
    let text = model.to_text("test");
    assert!(
        MoveModel::parse(&text).unwrap() == model,
        "the model reads back"
    );
}

#[test]
fn a_named_player_s_moves_alone_are_learned() {
    let dir = std::env::temp_dir().join(format!("tengen-learn-player-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sgf");
    std::fs::write(
        &path,
        "(;GM[1]SZ[9]PB[tengen 0.1.0]PW[GNU Go 3.8];B[ee];W[cc];B[gg];W[cg];B[gc])",
    )
    .unwrap();
    let moves = |player: Option<&str>| {
        let mut data = Data::default();
        let mut ladders = LadderReader::new();
        replay(&path, 0, player, &mut data, &mut ladders).map(|()| data.competitions.len())
    };
    assert_eq!(moves(None), Ok(5));
    assert_eq!(moves(Some("TENGEN")), Ok(3));
    assert_eq!(moves(Some("gnu go")), Ok(2));
    assert!(moves(Some("pachi"))
        .unwrap_err()
        .contains("no player named"));
    std::fs::remove_dir_all(&dir).ok();
}
