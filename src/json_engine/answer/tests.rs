use super::*;
use crate::json_engine::query::{parse, Request};
use crate::search::{MoveInfo, RootInfo};

fn query(extra: &str) -> Query {
    let line = format!(
        r#"{{"id":"q","rules":"chinese","boardXSize":9,"boardYSize":9,
        "moves":[["B","E5"]]{extra}}}"#
    );
    match parse(&line).request {
        Ok(Request::Analyze(q)) => *q,
        other => panic!("{other:?}"),
    }
}

fn mv(s: &str) -> Move {
    Move::parse(s, 9).unwrap()
}

/// White to move after B E5: C3 visited 30 times at 0.75 for White, D4 never.
fn report() -> Report {
    let mut ownership = vec![0.0; crate::geom::MAX_POINTS];
    ownership[Point::parse("A9", 9).unwrap().index()] = 1.0;
    ownership[Point::parse("J1", 9).unwrap().index()] = -0.5;
    let info = |m: &str, visits, win_rate, prior, order, pv: &[&str]| MoveInfo {
        mv: mv(m),
        visits,
        win_rate,
        prior,
        order,
        pv: pv.iter().map(|s| mv(s)).collect(),
        pv_visits: pv.iter().map(|_| visits).collect(),
        score_lead: 3.5,
        score_stdev: 12.0,
        ownership: None,
    };
    Report {
        color: Color::White,
        playouts: 30,
        root: RootInfo {
            visits: 31,
            win_rate: 0.75,
            score_lead: 3.0,
            score_stdev: 11.0,
        },
        moves: vec![
            info("C3", 30, 0.75, 0.5, 0, &["C3", "D4", "D3", "E3"]),
            info("D4", 0, 0.5, 0.25, 1, &["D4"]),
        ],
        ownership,
    }
}

fn answer(q: &Query) -> Value {
    let game = q.position(1);
    analysis(
        &Turn {
            query: q,
            turn: 1,
            game: &game,
            during_search: false,
        },
        &report(),
    )
}

#[test]
fn figures_are_black_s_by_default() {
    let a = answer(&query(""));
    assert_eq!(a["id"], "q");
    assert_eq!(a["turnNumber"], 1);
    assert_eq!(a["isDuringSearch"], false);
    let infos = a["moveInfos"].as_array().unwrap();
    // Only visited moves.
    assert_eq!(infos.len(), 1);
    let c3 = &infos[0];
    assert_eq!(c3["move"], "C3");
    assert_eq!(c3["visits"], 30);
    assert_eq!(c3["winrate"], 0.25);
    assert_eq!(c3["scoreLead"], -3.5);
    assert_eq!(c3["scoreMean"], -3.5);
    assert_eq!(c3["scoreStdev"], 12.0);
    assert_eq!(c3["prior"], 0.5);
    assert_eq!(c3["order"], 0);
    // White's lower bound, seen from Black: above the win rate, as KataGo prints it.
    assert!(c3["lcb"].as_f64().unwrap() > 0.25);
    assert_eq!(c3["pv"], json!(["C3", "D4", "D3", "E3"]));
    assert!(c3.get("pvVisits").is_none());
    let root = &a["rootInfo"];
    assert_eq!(root["currentPlayer"], "W");
    assert_eq!(root["visits"], 31);
    // The best move's figures, not the mean over every playout of the root.
    assert_eq!(root["winrate"], 0.25);
    assert_eq!(root["scoreLead"], -3.5);
    assert_eq!(root["scoreStdev"], 11.0);
    assert!(a.get("ownership").is_none() && a.get("policy").is_none());
}

#[test]
fn side_to_move_keeps_the_search_s_figures() {
    let q = query(r#","overrideSettings":{"reportAnalysisWinratesAs":"SIDETOMOVE"}"#);
    let a = answer(&q);
    assert_eq!(a["moveInfos"][0]["winrate"], 0.75);
    assert_eq!(a["moveInfos"][0]["scoreLead"], 3.5);
    assert_eq!(a["rootInfo"]["winrate"], 0.75);
}

#[test]
fn ownership_and_policy_run_from_the_top_left() {
    let q = query(r#","includeOwnership":true,"includePolicy":true"#);
    let a = answer(&q);
    let own = a["ownership"].as_array().unwrap();
    assert_eq!(own.len(), 81);
    assert_eq!(own[0], 1.0); // A9, Black's
    assert_eq!(own[80], -0.5); // J1
    let policy = a["policy"].as_array().unwrap();
    assert_eq!(policy.len(), 82);
    let at = |v: &str| {
        let p = Point::parse(v, 9).unwrap();
        &policy[(8 - p.row()) * 9 + p.col()]
    };
    assert_eq!(at("C3"), 0.5);
    assert_eq!(at("D4"), 0.25);
    assert_eq!(at("E5"), -1.0); // occupied
    assert_eq!(at("A1"), 0.0); // legal, not in the report
    assert_eq!(policy[81], 0.0); // pass, legal
                                 // White's view turns the ownership.
    let q = query(
        r#","includeOwnership":true,"overrideSettings":{"reportAnalysisWinratesAs":"WHITE"}"#,
    );
    assert_eq!(answer(&q)["ownership"][0], -1.0);
}

#[test]
fn each_move_s_ownership_when_asked_and_kept() {
    let mut r = report();
    let mut own = vec![0.0; crate::geom::MAX_POINTS];
    own[Point::parse("A9", 9).unwrap().index()] = -0.25;
    r.moves[0].ownership = Some(own);
    let q = query(r#","includeMovesOwnership":true"#);
    let game = q.position(1);
    let turn = Turn {
        query: &q,
        turn: 1,
        game: &game,
        during_search: true,
    };
    let a = analysis(&turn, &r);
    assert_eq!(a["isDuringSearch"], true);
    let own = a["moveInfos"][0]["ownership"].as_array().unwrap();
    assert_eq!(own.len(), 81);
    assert_eq!(own[0], -0.25);
    // Not asked: not given.
    assert!(answer(&query(""))["moveInfos"][0]
        .get("ownership")
        .is_none());
}

#[test]
fn variations_are_cut_to_analysis_pv_len_with_their_visits() {
    let a = answer(&query(r#","analysisPVLen":2,"includePVVisits":true"#));
    assert_eq!(a["moveInfos"][0]["pv"], json!(["C3", "D4", "D3"]));
    assert_eq!(a["moveInfos"][0]["pvVisits"], json!([30, 30, 30]));
}

#[test]
fn problems_and_empty_answers_follow_katago() {
    let p = Problem {
        field: Some("moves".into()),
        message: "illegal move 1: E5".into(),
    };
    assert_eq!(
        problem(Some("a"), &p, "error"),
        json!({"id": "a", "field": "moves", "error": "illegal move 1: E5"})
    );
    assert_eq!(
        no_results("a", 3),
        json!({"id": "a", "turnNumber": 3, "isDuringSearch": false, "noResults": true})
    );
}
