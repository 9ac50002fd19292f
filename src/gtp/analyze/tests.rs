use super::*;

fn args(dialect: Dialect, text: &str) -> Result<AnalyzeArgs, GtpError> {
    let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    parse_args(dialect, &words, 9)
}

fn mv(s: &str) -> Move {
    Move::parse(s, 9).unwrap()
}

fn info(m: &str, visits: u32, win_rate: f32, prior: f32, order: usize, pv: &str) -> MoveInfo {
    let pv: Vec<Move> = pv.split_whitespace().map(mv).collect();
    MoveInfo {
        mv: mv(m),
        visits,
        win_rate,
        prior,
        order,
        pv_visits: (0..pv.len() as u32).map(|i| visits >> i).collect(),
        pv,
        score_lead: 2.5,
        score_stdev: 10.25,
        ownership: None,
    }
}

/// A 9×9 report for White: E5 visited 120 times, D4 once, C3 never.
fn report() -> Report {
    let mut ownership = vec![0.0; crate::geom::MAX_POINTS];
    ownership[Point::parse("A9", 9).unwrap().index()] = 1.0;
    ownership[Point::parse("J1", 9).unwrap().index()] = -0.5;
    Report {
        color: Color::White,
        playouts: 121,
        root: crate::search::RootInfo::default(),
        moves: vec![
            info("E5", 120, 1.0, 0.25, 0, "E5 D4 pass"),
            info("D4", 1, 0.0, 0.125, 1, "D4"),
            info("C3", 0, 0.5, 0.0625, 2, "C3"),
        ],
        ownership,
    }
}

#[test]
fn arguments_follow_katago() {
    let a = args(Dialect::Kata, "B 50").unwrap();
    assert_eq!(a.color, Some(Color::Black));
    assert_eq!(a.interval, Duration::from_millis(500));
    let a = args(
        Dialect::Kata,
        "w interval 10 minmoves 3 maxmoves 5 ownership true pvVisits true",
    )
    .unwrap();
    assert_eq!(a.color, Some(Color::White));
    assert_eq!(a.interval, Duration::from_millis(100));
    assert_eq!((a.min_moves, a.max_moves), (3, Some(5)));
    assert!(a.ownership && a.pv_visits);
    let a = args(Dialect::Lz, "25").unwrap();
    assert_eq!((a.color, a.interval), (None, Duration::from_millis(250)));
    assert_eq!(args(Dialect::Lz, "").unwrap(), AnalyzeArgs::default());
}

#[test]
fn avoid_and_allow_restrict_the_first_move_of_their_colour() {
    let a = args(
        Dialect::Lz,
        "b 10 avoid b D4,pass 1 avoid w E5 3 allow b D4,C3,E5 1",
    )
    .unwrap();
    assert!(a.restricts());
    assert!(a.allows(Color::Black, mv("C3")));
    assert!(a.allows(Color::Black, mv("E5")));
    assert!(!a.allows(Color::Black, mv("D4")), "avoided");
    assert!(!a.allows(Color::Black, Move::Pass), "avoided");
    assert!(!a.allows(Color::Black, mv("G7")), "not allowed");
    assert!(!a.allows(Color::White, mv("E5")));
    assert!(a.allows(Color::White, mv("D4")));
    assert!(!args(Dialect::Lz, "b 10").unwrap().restricts());
}

#[test]
fn bad_arguments_are_refused() {
    for bad in [
        "B -5",
        "B 50 interval",
        "B 50 minmoves x",
        "B 50 ownership maybe",
    ] {
        assert_eq!(args(Dialect::Kata, bad), Err(GtpError::Syntax), "{bad}");
    }
    for bad in [
        "B 50 avoid b D4",
        "B 50 avoid b D4,Z9 1",
        "B 50 avoid x D4 1",
        "B 50 avoid b D4 0",
        "B 50 allow b D4 1 allow b E5 1",
    ] {
        assert_eq!(args(Dialect::Kata, bad), Err(GtpError::Syntax), "{bad}");
    }
    for unsupported in ["B 50 rootInfo true", "B 50 nonsense 1"] {
        assert_eq!(
            args(Dialect::Kata, unsupported),
            Err(GtpError::AnalysisOption),
            "{unsupported}"
        );
    }
    // Ownership is KataGo's: Leela Zero's dialect has none.
    assert_eq!(
        args(Dialect::Lz, "B 50 ownership true"),
        Err(GtpError::AnalysisOption)
    );
}

#[test]
fn lz_lines_have_integer_ten_thousandths_and_pv_last() {
    let line = info_line(Dialect::Lz, &report(), &AnalyzeArgs::default(), 9).unwrap();
    assert_eq!(
        line,
        "info move E5 visits 120 winrate 10000 prior 2500 lcb 10000 order 0 pv E5 D4 pass \
         info move D4 visits 1 winrate 0 prior 1250 lcb 0 order 1 pv D4"
    );
}

#[test]
fn kata_lines_always_have_a_decimal_point() {
    let line = info_line(Dialect::Kata, &report(), &AnalyzeArgs::default(), 9).unwrap();
    assert_eq!(
        line,
        "info move E5 visits 120 edgeVisits 120 winrate 1.000000 scoreMean 2.500 scoreStdev \
         10.250 scoreLead 2.500 scoreSelfplay 2.500 prior 0.250000 lcb 1.000000 order 0 \
         pv E5 D4 pass \
         info move D4 visits 1 edgeVisits 1 winrate 0.000000 scoreMean 2.500 scoreStdev \
         10.250 scoreLead 2.500 scoreSelfplay 2.500 prior 0.125000 lcb 0.000000 order 1 pv D4"
    );
}

#[test]
fn min_and_max_moves_pad_and_cut() {
    let a = AnalyzeArgs {
        min_moves: 3,
        ..AnalyzeArgs::default()
    };
    let line = info_line(Dialect::Lz, &report(), &a, 9).unwrap();
    assert_eq!(line.matches("info move").count(), 3);
    assert!(line.ends_with("info move C3 visits 0 winrate 5000 prior 625 lcb 0 order 2 pv C3"));
    let a = AnalyzeArgs {
        max_moves: Some(1),
        ..AnalyzeArgs::default()
    };
    let line = info_line(Dialect::Lz, &report(), &a, 9).unwrap();
    assert_eq!(line.matches("info move").count(), 1);
    // Nothing visited and nothing asked for: no line at all (never an empty one).
    let mut empty = report();
    empty.moves.iter_mut().for_each(|m| m.visits = 0);
    assert_eq!(
        info_line(Dialect::Kata, &empty, &AnalyzeArgs::default(), 9),
        None
    );
}

#[test]
fn kata_ownership_and_pv_visits_come_after_the_moves() {
    let a = AnalyzeArgs {
        ownership: true,
        pv_visits: true,
        ..AnalyzeArgs::default()
    };
    let line = info_line(Dialect::Kata, &report(), &a, 9).unwrap();
    assert!(
        line.contains(" pv E5 D4 pass pvVisits 120 60 30 info move D4"),
        "{line}"
    );
    let (_, map) = line.split_once(" ownership ").unwrap();
    let values: Vec<f32> = map.split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!(values.len(), 81);
    assert!(map.split(' ').all(|v| v.contains('.')));
    // White to move: White's view, A9 first and J1 last.
    assert_eq!(values[0], -1.0);
    assert_eq!(values[80], 0.5);
    assert!(values[1..80].iter().all(|&v| v == 0.0));
}

#[test]
fn gogui_replies() {
    let r = report();
    assert_eq!(point_labels(&r, |m| m.visits.to_string()), "E5 120 D4 1");
    assert_eq!(principal_variation(&r), "E5 D4 pass");
    let board = ownership_board(&r, 9);
    let rows: Vec<&str> = board.lines().collect();
    assert_eq!(rows.len(), 9);
    assert!(rows[0].starts_with("1.00 0.00"));
    assert!(rows[8].ends_with("0.00 -0.50"));
    assert!(rows.iter().all(|row| row.split(' ').count() == 9));
}
