use super::*;
use std::io::Cursor;

/// A `Write` whose bytes the test reads afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn config() -> Config {
    Config {
        max_visits: 200,
        ..Config::default()
    }
}

/// Serves `input` to the end and returns the answers, one value a line.
fn serve_all(input: &str) -> Vec<Value> {
    let out = Shared::default();
    let output = Arc::new(Output::new(Box::new(out.clone())));
    serve(Cursor::new(input.as_bytes().to_vec()), output, &config());
    let bytes = out.0.lock().unwrap().clone();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect()
}

#[test]
fn read_line_caps_a_line_and_goes_on_after_it() {
    let long = "x".repeat(MAX_LINE_BYTES + 10);
    let text = format!("{long}\nshort\nlast");
    let mut input = Cursor::new(text.into_bytes());
    let mut buf = Vec::new();
    assert!(matches!(
        read_line(&mut input, &mut buf).unwrap(),
        Line::TooLong
    ));
    buf.clear();
    assert!(matches!(
        read_line(&mut input, &mut buf).unwrap(),
        Line::Text
    ));
    assert_eq!(buf, b"short");
    buf.clear();
    assert!(matches!(
        read_line(&mut input, &mut buf).unwrap(),
        Line::Text
    ));
    assert_eq!(buf, b"last");
    buf.clear();
    assert!(matches!(
        read_line(&mut input, &mut buf).unwrap(),
        Line::End
    ));
}

#[test]
fn every_query_gets_its_answers_and_errors_do_not_stop_the_engine() {
    let lines = [
        r#"{"id":"a","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","E5"]],"analyzeTurns":[0,1]}"#,
        "this is not json",
        r#"{"id":"b","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","E5"],["W","E5"]]}"#,
        r#"{"id":"c","rules":"chinese","boardXSize":7,"boardYSize":7,"moves":[],"maxVisits":50,"includeOwnership":true}"#,
        r#"{"id":"v","action":"query_version"}"#,
    ];
    let answers = serve_all(&(lines.join("\n") + "\n"));
    let of = |id: &str| -> Vec<&Value> { answers.iter().filter(|a| a["id"] == id).collect() };
    let a = of("a");
    assert_eq!(a.len(), 2, "{answers:?}");
    assert_eq!(a[0]["turnNumber"], 0);
    assert_eq!(a[1]["turnNumber"], 1);
    assert_eq!(a[0]["rootInfo"]["visits"], 200);
    assert!(answers
        .iter()
        .any(|x| x.get("id").is_none() && x["error"].is_string()));
    let b = of("b");
    assert_eq!(b.len(), 1);
    assert_eq!(b[0]["field"], "moves");
    let c = of("c");
    assert_eq!(c.len(), 1);
    assert_eq!(c[0]["ownership"].as_array().unwrap().len(), 49);
    assert_eq!(c[0]["rootInfo"]["visits"], 50);
    assert_eq!(of("v")[0]["name"], "tengen");
}

#[test]
fn reports_during_the_search_come_before_the_one_final_answer() {
    let line = r#"{"id":"r","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"maxVisits":100000,"overrideSettings":{"maxTime":0.5},"reportDuringSearchEvery":0.1}"#;
    let answers = serve_all(&format!("{line}\n"));
    let during = answers
        .iter()
        .filter(|a| a["isDuringSearch"] == true)
        .count();
    let last = answers.last().unwrap();
    assert!(during >= 2, "{during} reports during 0.5 s at 0.1 s");
    assert_eq!(last["isDuringSearch"], false);
    assert_eq!(
        answers
            .iter()
            .filter(|a| a["isDuringSearch"] == false)
            .count(),
        1
    );
}
