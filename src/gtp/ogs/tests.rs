use super::*;

fn mv(s: &str) -> Move {
    Move::parse(s, 19).unwrap()
}

#[test]
fn the_line_is_katago_s_with_the_chosen_variation() {
    let summary = Summary {
        playouts: 1234,
        win_rate: 0.56789,
        score_lead: -3.44,
        score_stdev: 12.46,
        pv: vec![mv("D4"), mv("Q16"), Move::Pass],
        ..Summary::default()
    };
    assert_eq!(
        variation_line(&summary, mv("D4")),
        "MALKOVICH:Visits 1234 Winrate 56.79% ScoreLead -3.4 ScoreStdev 12.5 PV D4 Q16 pass"
    );
    // A move other than the variation's first: that move alone.
    assert!(variation_line(&summary, Move::Pass).ends_with(" PV pass"));
    assert!(BANNER.contains("KataGo"));
}

#[test]
fn odd_numbers_stay_in_the_format() {
    let summary = Summary {
        win_rate: f32::NAN,
        score_lead: -0.01,
        pv: vec![mv("A1")],
        ..Summary::default()
    };
    let line = variation_line(&summary, mv("A1"));
    assert_eq!(
        line,
        "MALKOVICH:Visits 0 Winrate 0.00% ScoreLead -0.0 ScoreStdev 0.0 PV A1"
    );
}
