use super::*;
use crate::board::Position;

#[test]
fn a_record_unpacks_to_the_planes_and_move_packed() {
    let pos =
        Position::from_diagram(". . . . .\n. X O . .\n. X O . .\n. . X O .\n. . . . .").unwrap();
    let mut board = PlayoutBoard::from_position(&pos);
    board.set_last_moves([Some(Point::new(3, 1)), None]);
    let mut planes = vec![0.0; PLANES * 25];
    encode(
        &board,
        &mut Chains::default(),
        &mut LadderReader::new(),
        &mut planes,
    );
    let mut record = Vec::new();
    pack(&planes, 7, Color::White, &mut record);
    assert_eq!(record.len(), record_len(5));
    let mut back = vec![0.0; PLANES * 25];
    assert_eq!(unpack(&record, 5, &mut back), 7);
    assert_eq!(back, planes);
    assert_eq!(record[record.len() - 2], 1, "the colour");
}

#[test]
fn moves_are_indexed_row_by_row_with_pass_last() {
    assert_eq!(move_index(Move::Play(Point::new(0, 0)), 19), 0);
    assert_eq!(move_index(Move::Play(Point::new(3, 2)), 19), 2 * 19 + 3);
    assert_eq!(move_index(Move::Pass, 19), 361);
}
