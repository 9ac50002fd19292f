//! The book on small hand-written books: positions found in every orientation and move
//! order, only on the book's terms, and texts refused with their line.

use super::build::{self, Options};
use super::*;
use crate::game::RuleSet;

const SMALL: &str = "\
# a comment line
size 9
komi 7.5
-> E5            # the first move
E5 C3 -> G7
E5 C3 G7 D7 -> C6  # Black's third move
";

fn game_of(moves: &[&str], book: &Book) -> Game {
    let moves: Vec<Move> = moves
        .iter()
        .map(|word| Move::parse(word, book.size()).unwrap())
        .collect();
    game_after(&moves, book)
}

/// Plays `moves` from the empty board of `book`.
fn game_after(moves: &[Move], book: &Book) -> Game {
    let mut game = book.new_game();
    for (i, &mv) in moves.iter().enumerate() {
        game.try_play(color_of_ply(i), mv).unwrap();
    }
    game
}

fn p(s: &str) -> Point {
    Point::parse(s, 9).unwrap()
}

#[test]
fn a_book_answers_its_lines() {
    let book = Book::parse(SMALL).unwrap();
    assert_eq!((book.size(), book.komi(), book.len()), (9, 7.5, 3));
    assert_eq!(book.lookup(&book.new_game(), Color::Black), Some(p("E5")));
    let game = game_of(&["E5", "C3"], &book);
    assert_eq!(book.lookup(&game, Color::Black), Some(p("G7")));
    // Not White's position: the side to move is part of it.
    assert_eq!(book.lookup(&game, Color::White), None);
    // A position off the book.
    assert_eq!(
        book.lookup(&game_of(&["E5", "D3"], &book), Color::Black),
        None
    );
}

#[test]
fn a_book_answers_every_orientation_and_move_order() {
    let book = Book::parse(SMALL).unwrap();
    let line = ["E5", "C3", "G7", "D7"];
    for sym in Symmetry::all() {
        let moves: Vec<String> = line
            .iter()
            .map(|m| sym.apply(p(m), 9).to_string())
            .collect();
        let refs: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
        let game = game_of(&refs, &book);
        // The reply turns with the board: C6 seen through the same symmetry.
        assert_eq!(
            book.lookup(&game, Color::Black),
            Some(sym.apply(p("C6"), 9)),
            "{sym:?}"
        );
    }
    // The same stones in another order (Black's two moves swapped).
    let game = game_of(&["G7", "C3", "E5", "D7"], &book);
    assert_eq!(book.lookup(&game, Color::Black), Some(p("C6")));
}

#[test]
fn a_book_answers_only_on_its_terms() {
    let book = Book::parse(SMALL).unwrap();
    let mut game = book.new_game();
    game.set_komi(6.5);
    assert_eq!(book.lookup(&game, Color::Black), None, "another komi");
    let game = Game::new(13, RuleSet::Chinese.rules());
    assert_eq!(book.lookup(&game, Color::Black), None, "another size");
    let mut game = book.new_game();
    game.set_rules(RuleSet::Japanese.rules());
    assert_eq!(book.lookup(&game, Color::Black), None, "territory counting");
    let mut game = book.new_game();
    game.set_rules(RuleSet::Aga.rules());
    assert_eq!(
        book.lookup(&game, Color::Black),
        Some(p("E5")),
        "area counting"
    );
}

#[test]
fn a_book_never_answers_an_illegal_move() {
    // The same stones as the book's line, but White's C1 has just taken a ko: Black may not
    // take back at B1, which the book's line (no capture in it) plays.
    let book = Book::parse("size 9\nkomi 7.5\nJ9 A1 D1 B2 C2 C1 -> B1\n").unwrap();
    let mut game = book.new_game();
    let line = ["J9", "A1", "B1", "B2", "D1", "pass", "C2", "C1"];
    for (i, word) in line.iter().enumerate() {
        game.try_play(color_of_ply(i), Move::parse(word, 9).unwrap())
            .unwrap();
    }
    assert!(
        game.check(Color::Black, Move::Play(p("B1"))).is_err(),
        "a ko"
    );
    assert_eq!(book.lookup(&game, Color::Black), None);
    // One move later the ko may be taken, and the book answers.
    game.try_play(Color::Black, Move::Play(p("H9"))).unwrap();
    game.try_play(Color::White, Move::Play(p("H8"))).unwrap();
    let book = Book::parse("size 9\nkomi 7.5\nJ9 A1 D1 B2 C2 C1 H9 H8 -> B1\n").unwrap();
    assert_eq!(book.lookup(&game, Color::Black), Some(p("B1")));
}

#[test]
fn a_book_answers_no_other_position() {
    // The book's position is the empty board; a stone set up on E5 makes another one.
    let book = Book::parse("size 9\nkomi 7.5\n-> E5\n").unwrap();
    let mut game = book.new_game();
    game.setup(Color::White, &[p("E5")]).unwrap();
    assert_eq!(book.lookup(&game, Color::Black), None);
}

#[test]
fn bad_texts_are_refused_with_their_line() {
    let cases = [
        ("-> E5\n", 1, "before the size"),
        ("size 9\nkomi 7.5\nE5 E5 -> C3\n", 3, "occupied"),
        ("size 9\nkomi 7.5\nE5 -> E5\n", 3, "occupied"),
        ("size 9\nkomi 7.5\nE5 Z9 -> C3\n", 3, "Z9"),
        ("size 9\nkomi 7.5\nE5 C3\n", 3, "MOVES -> REPLY"),
        ("size 9\nkomi x\n", 2, "bad komi"),
        ("size 99\n", 1, "out of range"),
        ("# nothing\n", 1, "no size"),
    ];
    for (text, line, reason) in cases {
        let e = Book::parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(reason), "{text:?}: {e}");
    }
}

#[test]
fn the_builtin_book_parses_and_opens_the_9x9_game() {
    let book = Book::builtin();
    assert_eq!((book.size(), book.komi()), (9, 7.5));
    assert!(book.len() >= 20, "{} positions", book.len());
    let first = book
        .lookup(&book.new_game(), Color::Black)
        .expect("a first move");
    // White has an answer to every first move of Black's, in every orientation.
    for q in Point::all(9) {
        let mut game = book.new_game();
        game.try_play(Color::Black, Move::Play(q)).unwrap();
        assert!(book.lookup(&game, Color::White).is_some(), "Black {q}");
    }
    // And Black, after its book move, to every answer of White's.
    for q in Point::all(9).filter(|&q| q != first) {
        let mut game = book.new_game();
        game.try_play(Color::Black, Move::Play(first)).unwrap();
        game.try_play(Color::White, Move::Play(q)).unwrap();
        assert!(book.lookup(&game, Color::Black).is_some(), "{first} {q}");
    }
}

#[test]
fn the_builder_follows_the_book_moves_and_the_branches_it_is_given() {
    let options = Options {
        size: 7,
        komi: 7.5,
        playouts: 300,
        threads: 1,
        seed: 3,
        branching: vec![3, 2],
        extend: None,
        progress: crate::progress::Mode::Never,
    };
    let mut heard = 0;
    let entries = build::build(&options, &mut |_| heard += 1);
    assert_eq!(heard, entries.len());
    // Ply 0: the empty board; ply 1: the book move and two other first moves.
    assert_eq!(entries[0].moves.len(), 0);
    let ply1: Vec<_> = entries.iter().filter(|e| e.moves.len() == 1).collect();
    assert_eq!(ply1.len(), 3);
    assert!(ply1
        .iter()
        .any(|e| e.moves[0] == Move::Play(entries[0].reply)));
    // The text reads back as a book answering every searched position.
    let book = Book::parse(&build::to_text(&options, &entries)).unwrap();
    for e in &entries {
        let game = game_after(&e.moves, &book);
        let color = color_of_ply(e.moves.len());
        assert_eq!(book.lookup(&game, color), Some(e.reply), "{:?}", e.moves);
    }
}

#[test]
fn an_extended_book_keeps_its_moves_and_searches_only_where_it_must() {
    // An earlier 7×7 book that no search would have made: A1 first, and D4 (C3 after D4)
    // against every first move.
    let mut text = "size 7\nkomi 7.5\n-> A1\n".to_string();
    for p in Point::all(7) {
        let reply = if p.to_string() == "D4" { "C3" } else { "D4" };
        text.push_str(&format!("{p} -> {reply}\n"));
    }
    let earlier = Book::parse(&text).unwrap();
    let options = Options {
        size: 7,
        komi: 7.5,
        playouts: 200,
        threads: 1,
        seed: 5,
        branching: vec![2, 1],
        extend: Some(earlier.clone()),
        progress: crate::progress::Mode::Never,
    };
    let entries = build::build(&options, &mut |_| {});
    // The empty board: searched (White's answers to rank), and A1 stands.
    assert_eq!(entries[0].reply.to_string(), "A1");
    assert!(!entries[0].is_kept());
    // Ply 1: A1, searched (Black is in book, so White's next moves are ranked) with the
    // earlier book's answer; and one other first move, kept without a search (Black left
    // the book: White's answer alone is wanted).
    let ply1: Vec<_> = entries.iter().filter(|e| e.moves.len() == 1).collect();
    assert_eq!(ply1.len(), 2);
    for e in &ply1 {
        let game = game_after(&e.moves, &earlier);
        assert_eq!(earlier.lookup(&game, Color::White), Some(e.reply));
        assert_eq!(e.is_kept(), e.moves[0].to_string() != "A1", "{:?}", e.moves);
    }
    // The text says which entries were kept, and reads back.
    let text = build::to_text(&options, &entries);
    assert!(text.contains("kept from the book extended"), "{text}");
    assert!(text.contains("--extend"), "{text}");
    assert!(Book::parse(&text).is_ok());
}
