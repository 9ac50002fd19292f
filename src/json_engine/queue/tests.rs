use super::*;
use crate::json_engine::query::{parse, Request};

fn query(id: &str, turns: &str, priority: i64) -> Query {
    let line = format!(
        r#"{{"id":"{id}","rules":"chinese","boardXSize":9,"boardYSize":9,
        "moves":[["B","E5"],["W","C3"]],"analyzeTurns":{turns},"priority":{priority}}}"#
    );
    match parse(&line).request {
        Ok(Request::Analyze(q)) => *q,
        other => panic!("{other:?}"),
    }
}

fn next(queue: &Queue) -> (String, usize) {
    let (job, _) = queue.pop().expect("a job");
    queue.done();
    (job.query.id.clone(), job.turn)
}

#[test]
fn higher_priority_first_then_arrival_then_turn() {
    let queue = Queue::default();
    queue.push(query("a", "[2,0]", 0)).unwrap();
    queue.push(query("b", "[1]", 5)).unwrap();
    queue.push(query("c", "[1]", 0)).unwrap();
    assert_eq!(queue.waiting(), 4);
    let order: Vec<(String, usize)> = (0..4).map(|_| next(&queue)).collect();
    let order: Vec<(&str, usize)> = order.iter().map(|(id, t)| (id.as_str(), *t)).collect();
    assert_eq!(order, vec![("b", 1), ("a", 0), ("a", 2), ("c", 1)]);
    queue.close(false);
    assert!(queue.pop().is_none());
}

#[test]
fn terminate_removes_waiting_turns_and_stops_the_running_one() {
    let queue = Queue::default();
    queue.push(query("a", "[0,1,2]", 0)).unwrap();
    queue.push(query("b", "[0]", 0)).unwrap();
    let (job, stop) = queue.pop().unwrap();
    assert_eq!((job.query.id.as_str(), job.turn), ("a", 0));
    let gone = queue.terminate(Some("a"), Some(&[0, 2]));
    assert_eq!(gone, vec![("a".to_string(), 2)]);
    assert!(stop.load(Ordering::SeqCst), "the running turn 0 stops");
    queue.done();
    let gone = queue.terminate(None, None);
    assert_eq!(gone, vec![("a".to_string(), 1), ("b".to_string(), 0)]);
    assert_eq!(queue.waiting(), 0);
}

#[test]
fn closing_answers_what_waits_unless_abandoned() {
    let queue = Queue::default();
    queue.push(query("a", "[0,1]", 0)).unwrap();
    queue.close(false);
    assert_eq!(next(&queue), ("a".to_string(), 0));
    assert_eq!(next(&queue), ("a".to_string(), 1));
    assert!(queue.pop().is_none());
    let queue = Queue::default();
    queue.push(query("a", "[0,1]", 0)).unwrap();
    let (_, stop) = queue.pop().unwrap();
    queue.close(true);
    assert!(stop.load(Ordering::SeqCst));
    queue.done();
    assert!(queue.pop().is_none());
}

#[test]
fn the_caps_refuse_a_query_whole() {
    let queue = Queue::default();
    let turns = format!("[{}]", vec!["0"; MAX_TURNS].join(","));
    // Repeated turns count once: this query has one turn.
    queue.push(query("one", &turns, 0)).unwrap();
    assert_eq!(queue.waiting(), 1);
    for i in 0..MAX_TURNS - 1 {
        queue.push(query(&i.to_string(), "[0]", 0)).unwrap();
    }
    let e = queue.push(query("x", "[0]", 0)).unwrap_err();
    assert!(e.contains("too many turns"), "{e}");
    assert_eq!(queue.waiting(), MAX_TURNS);
    assert_eq!(queue.terminate(None, None).len(), MAX_TURNS);
    queue.push(query("x", "[0,1,2]", 0)).unwrap();
    assert_eq!(queue.waiting(), 3);
}
