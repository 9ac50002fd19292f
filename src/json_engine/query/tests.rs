use super::*;
use crate::game::{KoRule, Scoring};

fn query(line: &str) -> Query {
    match parse(line).request {
        Ok(Request::Analyze(q)) => *q,
        other => panic!("not a query: {other:?}"),
    }
}

fn error_of(line: &str) -> Problem {
    match parse(line).request {
        Err(p) => p,
        Ok(_) => panic!("accepted: {line}"),
    }
}

const BASE: &str = r#""rules":"chinese","boardXSize":9,"boardYSize":9"#;

#[test]
fn a_query_reads_katagos_fields() {
    let q = query(&format!(
        r#"{{"id":"foo",{BASE},"komi":6,"moves":[["B","E5"],["W","C3"],["B","pass"]],
        "analyzeTurns":[3,0,1,1],"maxVisits":50,"includeOwnership":true,"includePolicy":true,
        "includePVVisits":true,"analysisPVLen":4,"reportDuringSearchEvery":0.5,"priority":7,
        "overrideSettings":{{"reportAnalysisWinratesAs":"SIDETOMOVE","maxTime":2.5}}}}"#
    ));
    assert_eq!(q.id, "foo");
    assert_eq!(q.start.size(), 9);
    assert_eq!(q.start.komi(), 6.0);
    assert_eq!(q.moves.len(), 3);
    assert_eq!(q.moves[2], (Color::White.opponent(), Move::Pass));
    // Sorted, without repeats, each with the query's priority.
    assert_eq!(q.turns, vec![(0, 7), (1, 7), (3, 7)]);
    assert_eq!(q.max_visits, Some(50));
    assert_eq!(q.max_time, Some(Duration::from_millis(2500)));
    assert_eq!(q.report_every, Some(Duration::from_millis(500)));
    assert_eq!(q.pv_len, Some(4));
    assert!(q.include_ownership && q.include_policy && q.include_pv_visits);
    assert!(!q.include_moves_ownership);
    assert_eq!(q.perspective, Some(Perspective::SideToMove));
    // The position of each turn, and who moves there.
    assert_eq!(q.position(2).moves().len(), 2);
    assert_eq!(q.to_move(0), Color::Black);
    assert_eq!(q.to_move(1), Color::White);
    assert_eq!(q.to_move(3), Color::White);
}

#[test]
fn the_last_turn_is_analysed_by_default_and_komi_follows_the_rules() {
    let q = query(
        r#"{"id":"x","rules":"japanese","boardXSize":13,"boardYSize":13,"moves":[["B","D4"]]}"#,
    );
    assert_eq!(q.turns, vec![(1, 0)]);
    assert_eq!(q.start.komi(), 6.5);
    assert_eq!(q.start.rules().scoring, Scoring::Territory);
    let q = query(r#"{"id":"x","rules":"new zealand","boardXSize":9,"boardYSize":9,"moves":[]}"#);
    assert_eq!(q.start.komi(), 7.0);
    assert!(q.start.rules().suicide_allowed);
}

#[test]
fn a_rules_object_sets_each_rule() {
    let q = query(
        r#"{"id":"x","rules":{"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"NONE",
        "whiteHandicapBonus":"N-1"},"boardXSize":9,"boardYSize":9,"moves":[]}"#,
    );
    let rules = q.start.rules();
    assert_eq!(rules.ko, KoRule::Simple);
    assert_eq!(rules.scoring, Scoring::Territory);
    assert!(!rules.suicide_allowed);
    assert_eq!(rules.handicap_compensation, HandicapCompensation::NMinusOne);
    let warnings = parse(
        r#"{"id":"x","rules":{"ko":"SIMPLE","tax":"NONE"},"boardXSize":9,"boardYSize":9,"moves":[]}"#,
    )
    .warnings;
    assert_eq!(warnings.len(), 1);
    assert!(warnings[0].message.contains("tax"), "{warnings:?}");
}

#[test]
fn handicap_stones_give_white_the_move_and_the_compensation() {
    let q = query(&format!(
        r#"{{"id":"h",{BASE},"moves":[],"initialStones":[["B","C3"],["B","G7"]]}}"#
    ));
    assert_eq!(q.start.handicap(), 2);
    assert_eq!(q.to_move(0), Color::White);
    // Stones of both colours are a set-up, not a handicap; initialPlayer decides.
    let q = query(&format!(
        r#"{{"id":"s",{BASE},"moves":[],"initialPlayer":"W",
        "initialStones":[["B","C3"],["W","G7"]]}}"#
    ));
    assert_eq!(q.start.handicap(), 0);
    assert_eq!(q.to_move(0), Color::White);
    assert_eq!(
        error_of(&format!(
            r#"{{"id":"d",{BASE},"moves":[],"initialStones":[["B","C3"],["W","C3"]]}}"#
        ))
        .field
        .as_deref(),
        Some("initialStones")
    );
}

#[test]
fn bad_queries_are_errors_for_their_field() {
    let cases = [
        (
            r#"{"id":"a","rules":"chinese","boardXSize":26,"boardYSize":26,"moves":[]}"#,
            "boardXSize",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":13,"moves":[]}"#,
            "boardYSize",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardYSize":9,"moves":[]}"#,
            "boardXSize",
        ),
        (
            r#"{"id":"a","rules":"klingon","boardXSize":9,"boardYSize":9,"moves":[]}"#,
            "rules",
        ),
        (
            r#"{"id":"a","boardXSize":9,"boardYSize":9,"moves":[]}"#,
            "rules",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9}"#,
            "moves",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","Z9"]]}"#,
            "moves",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["X","A1"]]}"#,
            "moves",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","A1"],["W","A1"]]}"#,
            "moves",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"analyzeTurns":[1]}"#,
            "analyzeTurns",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"komi":500}"#,
            "komi",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"maxVisits":0}"#,
            "maxVisits",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"includeOwnership":"yes"}"#,
            "includeOwnership",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"overrideSettings":{"maxTime":-1}}"#,
            "overrideSettings",
        ),
        (
            r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"avoidMoves":[{"player":"B","moves":["A1"]}]}"#,
            "avoidMoves",
        ),
    ];
    for (line, field) in cases {
        let parsed = parse(line);
        assert_eq!(parsed.id.as_deref(), Some("a"), "{line}");
        let problem = parsed
            .request
            .err()
            .unwrap_or_else(|| panic!("accepted: {line}"));
        assert_eq!(problem.field.as_deref(), Some(field), "{line}: {problem:?}");
        assert!(!problem.message.is_empty());
    }
}

#[test]
fn lines_without_an_id_or_json_are_general_errors() {
    for line in ["{", "[1,2]", r#"{"rules":"chinese"}"#, r#"{"id":5}"#, ""] {
        let parsed = parse(line);
        assert_eq!(parsed.id, None, "{line}");
        let problem = parsed.request.expect_err("refused");
        assert_eq!(problem.field, None);
    }
}

#[test]
fn unknown_and_ignored_fields_are_warnings_and_the_query_goes_on() {
    let parsed = parse(&format!(
        r#"{{"id":"w",{BASE},"moves":[],"colour":"B","rootPolicyTemperature":2,
        "overrideSettings":{{"wideRootNoise":0.04,"reportAnalysisWinratesAs":"WHITE"}}}}"#
    ));
    let fields: Vec<&str> = parsed
        .warnings
        .iter()
        .filter_map(|w| w.field.as_deref())
        .collect();
    assert!(fields.contains(&"colour"), "{fields:?}");
    assert!(fields.contains(&"rootPolicyTemperature"), "{fields:?}");
    assert!(fields.contains(&"overrideSettings"), "{fields:?}");
    let Ok(Request::Analyze(q)) = parsed.request else {
        panic!("refused")
    };
    assert_eq!(q.perspective, Some(Perspective::White));
}

#[test]
fn ko_recaptures_of_a_record_are_tolerated() {
    // A ko: B takes at E4, W retakes at D4 at once (illegal under any ko rule), as a record
    // made under other rules may hold; KataGo's tolerant replay accepts it.
    let q = query(&format!(
        r#"{{"id":"k",{BASE},"moves":[["B","D5"],["W","E5"],["B","C4"],["W","D4"],["B","D3"],
        ["W","E3"],["B","A1"],["W","F4"],["B","E4"],["W","D4"]]}}"#
    ));
    let game = q.position(10);
    assert_eq!(game.moves().len(), 10);
    assert_eq!(game.prisoners(Color::White), 1);
}

#[test]
fn actions_are_read() {
    let Ok(Request::Action(Action::Terminate { id, turns }, echo)) =
        parse(r#"{"id":"t","action":"terminate","terminateId":"foo","turnNumbers":[1,2]}"#).request
    else {
        panic!("not a terminate")
    };
    assert_eq!(id.as_deref(), Some("foo"));
    assert_eq!(turns, Some(vec![1, 2]));
    assert_eq!(echo.get("terminateId"), Some(&Value::from("foo")));
    assert!(matches!(
        parse(r#"{"id":"t","action":"terminate_all"}"#).request,
        Ok(Request::Action(
            Action::Terminate {
                id: None,
                turns: None
            },
            _
        ))
    ));
    assert!(matches!(
        parse(r#"{"id":"v","action":"query_version"}"#).request,
        Ok(Request::Action(Action::QueryVersion, _))
    ));
    assert_eq!(
        error_of(r#"{"id":"t","action":"terminate"}"#)
            .field
            .as_deref(),
        Some("terminateId")
    );
    assert_eq!(
        error_of(r#"{"id":"t","action":"dance"}"#).field.as_deref(),
        Some("action")
    );
}

#[test]
fn avoid_and_allow_bar_moves_below_their_depth() {
    let q = query(&format!(
        r#"{{"id":"a",{BASE},"moves":[],"avoidMoves":[{{"player":"B","moves":["E5","pass"],"untilDepth":1}}]}}"#
    ));
    let e5 = Move::parse("E5", 9).unwrap();
    let d4 = Move::parse("D4", 9).unwrap();
    assert!(q.bars(Color::Black, e5, 0) && q.bars(Color::Black, Move::Pass, 0));
    assert!(!q.bars(Color::Black, d4, 0) && !q.bars(Color::White, e5, 0));
    assert!(
        !q.bars(Color::Black, e5, 1),
        "untilDepth 1: the first move only"
    );
    let q = query(&format!(
        r#"{{"id":"a",{BASE},"moves":[],"allowMoves":[{{"player":"B","moves":["E5"],"untilDepth":3}}]}}"#
    ));
    assert!(!q.bars(Color::Black, e5, 0) && q.bars(Color::Black, d4, 0));
    assert!(q.bars(Color::Black, d4, 2) && !q.bars(Color::Black, d4, 3));
    assert!(!q.bars(Color::White, d4, 1));
    let restriction = q.restriction();
    for depth in 0..4 {
        for mv in [e5, d4, Move::Pass] {
            assert_eq!(
                restriction.bars(Color::Black, mv, depth),
                q.bars(Color::Black, mv, depth)
            );
        }
    }
    let both = format!(
        r#"{{"id":"a",{BASE},"moves":[],"allowMoves":[{{"player":"B","moves":["E5"],"untilDepth":1}}],
        "avoidMoves":[{{"player":"W","moves":["E5"],"untilDepth":1}}]}}"#
    );
    assert_eq!(error_of(&both).field.as_deref(), Some("allowMoves"));
}

#[test]
fn the_perspective_turns_the_figures_of_the_side_to_move() {
    assert_eq!(Perspective::Black.sign(Color::White), -1.0);
    assert_eq!(Perspective::Black.sign(Color::Black), 1.0);
    assert_eq!(Perspective::White.sign(Color::White), 1.0);
    assert_eq!(Perspective::SideToMove.sign(Color::White), 1.0);
}
