//! SGF text ⇄ `SgfGame`: size, komi, rules, handicap, setup stones, the main line's moves,
//! result and player names. Never plays moves: legality is the caller's business.
//!
//! Reading splits the work with the `sgf-parse` crate: this file walks the text (a small
//! lexer that counts lines for error messages) and follows the main line of the first game
//! tree; each property of interest is then typed by `sgf_parse::go::Prop::new` (numbers,
//! points, compressed point lists like `AB[aa:cc]`, text). The crate's own tree parser is not
//! used, because its `SgfNode` tree drops recursively: a file of a million nested nodes (1 MiB
//! of `;`) overflows the stack, an abort that `catch_unwind` cannot catch. Walking the text
//! keeps memory and stack flat whatever the nesting.
//!
//! What is read, and how:
//! - SZ: square boards of side 2..=25 (default 19); `SZ[19:13]` and other sizes are errors.
//! - Setup (AB, AW, AE) anywhere on the main line before the first move is merged into
//!   `SgfGame::setup` (GNU Go's files put it in the second node); setup after a move is an
//!   error (`SetupAfterMoves`), since an `SgfGame` is setup-then-moves. PL likewise sets
//!   `to_play` before the first move and is ignored after it.
//! - B/W: `[]`, and `[tt]` on boards up to 19×19, are passes. Two moves in one node is an error.
//! - KM, HA, RU, RE, PB, PW, DT: game information, read on any node of the main line.
//! - Limits: at most `MAX_TEXT_BYTES` of text and `MAX_MOVES` moves.
//! - Text before the first `(` (mail headers, a byte-order mark) and after the first game
//!   tree is ignored.
//!
//! Depends on: geom.

#[cfg(test)]
mod tests;

use crate::geom::{Color, Move, Point, MAX_POINTS, MAX_SIZE, MIN_SIZE};
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfProp;
use std::fmt;

/// Largest SGF text read: a long commented game is well under 100 KiB.
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// Most moves read from a main line.
pub const MAX_MOVES: usize = 10_000;

/// One game as SGF records it. Knows nothing of legality; `parse` returns `setup` sorted by
/// colour (Black first) then `Point::index`, and text fields trimmed, with line breaks as
/// spaces and empty ones as `None`; `write` keeps `setup` in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfGame {
    /// Board side, 2..=25.
    pub size: usize,
    /// KM.
    pub komi: Option<f32>,
    /// RU, as written ("Chinese", "Japanese", "GOE"…).
    pub rules: Option<String>,
    /// HA: handicap stones; 0 when absent. The stones themselves are in `setup`.
    pub handicap: usize,
    /// Setup stones (AB, AW, less AE) placed before the first move.
    pub setup: Vec<(Color, Point)>,
    /// PL before the first move: who plays first after the setup.
    pub to_play: Option<Color>,
    /// Moves of the main line.
    pub moves: Vec<(Color, Move)>,
    /// RE, as written ("B+3.5", "W+R", "0", "Void"…).
    pub result: Option<String>,
    /// PB.
    pub black_name: Option<String>,
    /// PW.
    pub white_name: Option<String>,
    /// DT, as written ("2024-05-01").
    pub date: Option<String>,
}

impl SgfGame {
    /// The setup stones of `color`, in `setup`'s order.
    pub fn setup_points(&self, color: Color) -> Vec<Point> {
        self.setup
            .iter()
            .filter(|&&(c, _)| c == color)
            .map(|&(_, p)| p)
            .collect()
    }
}

impl Default for SgfGame {
    /// An empty 19×19 game.
    fn default() -> SgfGame {
        SgfGame {
            size: 19,
            komi: None,
            rules: None,
            handicap: 0,
            setup: Vec::new(),
            to_play: None,
            moves: Vec::new(),
            result: None,
            black_name: None,
            white_name: None,
            date: None,
        }
    }
}

/// Why SGF text was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    /// Line of the text (from 1) where the problem was found; `None` for the file as a whole.
    pub line: Option<usize>,
    pub kind: SgfErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// The text is longer than `MAX_TEXT_BYTES`.
    TooLarge { bytes: usize },
    /// No `(` at all.
    NoGameTree,
    /// The text ends inside a property value or before the game tree is closed.
    UnexpectedEnd,
    /// Not SGF at this point; says what was found.
    Syntax(String),
    /// GM other than 1.
    NotGo(String),
    /// SZ with two different sides.
    NonSquare { width: u32, height: u32 },
    /// SZ outside 2..=25.
    UnsupportedSize(u32),
    /// A value that does not fit its property (a move `B[a]`, a komi `KM[six]`…).
    InvalidValue { property: String, value: String },
    /// A point outside the board.
    OffBoard { property: String, value: String },
    /// B and W (or two of either) in one node.
    TwoMoves,
    /// AB, AW or AE after the first move of the main line.
    SetupAfterMoves,
    /// More than `MAX_MOVES` moves.
    TooManyMoves,
}

impl fmt::Display for SgfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfErrorKind::TooLarge { bytes } => {
                write!(
                    f,
                    "file too large ({bytes} bytes, at most {MAX_TEXT_BYTES})"
                )
            }
            SgfErrorKind::NoGameTree => f.write_str("no game tree: not an SGF file"),
            SgfErrorKind::UnexpectedEnd => f.write_str("unexpected end of file"),
            SgfErrorKind::Syntax(what) => write!(f, "syntax error: {what}"),
            SgfErrorKind::NotGo(gm) => write!(f, "not a game of Go (GM[{gm}])"),
            SgfErrorKind::NonSquare { width, height } => {
                write!(f, "board {width}x{height} is not square")
            }
            SgfErrorKind::UnsupportedSize(n) => {
                write!(f, "board size {n} not supported ({MIN_SIZE} to {MAX_SIZE})")
            }
            SgfErrorKind::InvalidValue { property, value } => {
                write!(f, "invalid value {property}[{value}]")
            }
            SgfErrorKind::OffBoard { property, value } => {
                write!(f, "point off the board in {property}[{value}]")
            }
            SgfErrorKind::TwoMoves => f.write_str("two moves in one node"),
            SgfErrorKind::SetupAfterMoves => {
                f.write_str("setup stones (AB/AW/AE) after the first move are not supported")
            }
            SgfErrorKind::TooManyMoves => write!(f, "more than {MAX_MOVES} moves"),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.kind),
            None => self.kind.fmt(f),
        }
    }
}

impl std::error::Error for SgfError {}

impl SgfError {
    fn at(line: usize, kind: SgfErrorKind) -> SgfError {
        SgfError {
            line: Some(line),
            kind,
        }
    }
}

/// Reads the first game of an SGF collection.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(SgfError {
            line: None,
            kind: SgfErrorKind::TooLarge { bytes: text.len() },
        });
    }
    read_first_game(text)
}

/// Reads the first game of an SGF collection from raw bytes: UTF-8 if they are valid UTF-8,
/// else ISO-8859-1 (`CA[ISO8859_1]`, older files). Moves are ASCII either way; only names
/// depend on the guess.
pub fn parse_bytes(bytes: &[u8]) -> Result<SgfGame, SgfError> {
    if bytes.len() > MAX_TEXT_BYTES {
        return Err(SgfError {
            line: None,
            kind: SgfErrorKind::TooLarge { bytes: bytes.len() },
        });
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => read_first_game(text),
        Err(_) => {
            let text: String = bytes.iter().map(|&b| b as char).collect();
            read_first_game(&text)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Lexer

enum Token {
    Open,
    Close,
    Node,
    /// Identifier (uppercase letters only, FF[3] lowercase dropped) and raw values.
    Property(String, Vec<String>),
    End,
}

/// Splits SGF text into tokens, unescaping values and counting lines.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
        }
        Some(b)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.bump();
        }
    }

    fn error(&self, kind: SgfErrorKind) -> SgfError {
        SgfError::at(self.line, kind)
    }

    fn unexpected_char(&self) -> SgfError {
        let c = self
            .text
            .get(self.pos..)
            .and_then(|s| s.chars().next())
            .unwrap_or('?');
        self.error(SgfErrorKind::Syntax(format!("unexpected character {c:?}")))
    }

    /// The next token, after any whitespace; `self.line` is then the token's first line.
    fn next_token(&mut self) -> Result<Token, SgfError> {
        self.skip_whitespace();
        let Some(b) = self.peek() else {
            return Ok(Token::End);
        };
        match b {
            b'(' => {
                self.bump();
                Ok(Token::Open)
            }
            b')' => {
                self.bump();
                Ok(Token::Close)
            }
            b';' => {
                self.bump();
                Ok(Token::Node)
            }
            b if b.is_ascii_alphabetic() => self.property(),
            _ => Err(self.unexpected_char()),
        }
    }

    fn property(&mut self) -> Result<Token, SgfError> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            self.bump();
        }
        let raw = &self.text[start..self.pos];
        // FF[3] allowed lowercase letters inside identifiers ("CoPyright" is CP).
        let ident: String = raw.chars().filter(|c| c.is_ascii_uppercase()).collect();
        let mut values = Vec::new();
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b'[') => values.push(self.value()?),
                None if values.is_empty() => {
                    return Err(self.error(SgfErrorKind::UnexpectedEnd));
                }
                _ if values.is_empty() => {
                    return Err(self.error(SgfErrorKind::Syntax(format!(
                        "property {raw} without a value"
                    ))));
                }
                _ => break,
            }
        }
        Ok(Token::Property(ident, values))
    }

    /// Reads `[...]` and returns its text with escapes removed: `\]` and `\\` are the
    /// characters, and a backslash before a line break (a soft break) removes both.
    fn value(&mut self) -> Result<String, SgfError> {
        let start_line = self.line;
        self.bump(); // '['
        let mut out = Vec::new();
        loop {
            match self.bump() {
                None => return Err(SgfError::at(start_line, SgfErrorKind::UnexpectedEnd)),
                Some(b']') => break,
                Some(b'\\') => match self.bump() {
                    None => return Err(SgfError::at(start_line, SgfErrorKind::UnexpectedEnd)),
                    Some(b'\n') => {
                        if self.peek() == Some(b'\r') {
                            self.bump();
                        }
                    }
                    Some(b'\r') => {
                        if self.peek() == Some(b'\n') {
                            self.bump();
                        }
                    }
                    Some(b) => out.push(b),
                },
                Some(b) => out.push(b),
            }
        }
        // Only ASCII bytes were removed, so this is valid UTF-8; stay total anyway.
        Ok(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into()))
    }
}

// ---------------------------------------------------------------------------------------
// Main-line walk

/// Walks the first game tree and hands each node of its main line (the first variation at
/// every branch) to a `Reader`. Other variations are lexed, to find where the tree ends, and
/// skipped.
fn read_first_game(text: &str) -> Result<SgfGame, SgfError> {
    let Some(start) = text.find('(') else {
        return Err(SgfError {
            line: None,
            kind: SgfErrorKind::NoGameTree,
        });
    };
    let mut lexer = Lexer {
        text,
        pos: start,
        line: 1 + text[..start].matches('\n').count(),
    };
    let mut reader = Reader::new();
    // Paren depth of the lexer, and of the game tree that holds the main line.
    let mut depth = 0usize;
    let mut main_depth = 1usize;
    let mut main_open = true;
    // The node being read: its properties (with lines) and whether it is on the main line;
    // None before the first ';' of a game tree.
    let mut node: Option<RawNode> = None;
    loop {
        lexer.skip_whitespace();
        let line = lexer.line;
        let token = lexer.next_token()?;
        if let Token::Open | Token::Close | Token::Node | Token::End = token {
            if let Some(RawNode {
                props,
                on_main: true,
            }) = node.as_mut()
            {
                reader.node(std::mem::take(props))?;
            }
        }
        match token {
            Token::Open => {
                if depth > 0 && node.is_none() {
                    return Err(SgfError::at(
                        line,
                        SgfErrorKind::Syntax("game tree without a node".into()),
                    ));
                }
                depth += 1;
                // The first variation of the main-line tree continues the main line.
                if main_open && depth == main_depth + 1 {
                    main_depth = depth;
                }
                node = None;
            }
            Token::Close => {
                if node.is_none() {
                    return Err(SgfError::at(
                        line,
                        SgfErrorKind::Syntax("empty game tree".into()),
                    ));
                }
                if main_open && depth == main_depth {
                    main_open = false;
                }
                depth -= 1;
                if depth == 0 {
                    return reader.finish();
                }
                // Back in the parent tree, whose nodes all came before this variation.
                node = Some(RawNode::new(false));
            }
            Token::Node => {
                if depth == 0 {
                    return Err(SgfError::at(line, SgfErrorKind::NoGameTree));
                }
                node = Some(RawNode::new(main_open && depth == main_depth));
            }
            Token::Property(ident, values) => match node.as_mut() {
                Some(node) => {
                    if node.on_main && WANTED.contains(&ident.as_str()) {
                        node.props.push((ident, values, line));
                    }
                }
                None => {
                    return Err(SgfError::at(
                        line,
                        SgfErrorKind::Syntax(format!("property {ident} outside a node")),
                    ));
                }
            },
            Token::End => return Err(lexer.error(SgfErrorKind::UnexpectedEnd)),
        }
    }
}

/// A property as lexed: identifier, raw values, line.
type RawProp = (String, Vec<String>, usize);

/// The node being read: the properties `Reader` wants, if the node is on the main line.
struct RawNode {
    props: Vec<RawProp>,
    on_main: bool,
}

impl RawNode {
    fn new(on_main: bool) -> RawNode {
        RawNode {
            props: Vec::new(),
            on_main,
        }
    }
}

/// Properties `Reader` looks at; the rest (comments, markup, times…) are skipped untyped.
const WANTED: [&str; 15] = [
    "SZ", "GM", "KM", "HA", "RU", "RE", "PB", "PW", "DT", "PL", "AB", "AW", "AE", "B", "W",
];

/// Builds the `SgfGame` from the main line's nodes, in order.
struct Reader {
    game: SgfGame,
    /// Setup stones so far, by `Point::index`: AE and later AB/AW override earlier ones.
    board: Vec<Option<Color>>,
    /// The size is fixed by the first point read (SZ after it is ignored).
    size_fixed: bool,
}

impl Reader {
    fn new() -> Reader {
        Reader {
            game: SgfGame::default(),
            board: vec![None; MAX_POINTS],
            size_fixed: false,
        }
    }

    fn node(&mut self, props: Vec<RawProp>) -> Result<(), SgfError> {
        // SZ first, so that points of the same node use it.
        for (ident, values, line) in &props {
            if ident == "SZ" && !self.size_fixed {
                self.size(values, *line)?;
            }
        }
        let mut node_move: Option<(Color, Move)> = None;
        let mut move_line = 0;
        for (ident, values, line) in props {
            let line_err = |kind| SgfError::at(line, kind);
            let invalid = |ident: &str, values: &[String]| {
                line_err(SgfErrorKind::InvalidValue {
                    property: ident.to_string(),
                    value: values.join("]["),
                })
            };
            if ident == "SZ" {
                continue;
            }
            match Prop::new(ident.clone(), values.clone()) {
                Prop::GM(1) => {}
                Prop::GM(gm) => return Err(line_err(SgfErrorKind::NotGo(gm.to_string()))),
                Prop::KM(komi) if komi.is_finite() => self.game.komi = Some(komi as f32),
                Prop::HA(n) => {
                    self.game.handicap = handicap(n).ok_or_else(|| invalid(&ident, &values))?
                }
                Prop::RU(t) => self.game.rules = text(&t.text),
                Prop::RE(t) => self.game.result = text(&t.text),
                Prop::PB(t) => self.game.black_name = text(&t.text),
                Prop::PW(t) => self.game.white_name = text(&t.text),
                Prop::DT(t) => self.game.date = text(&t.text),
                Prop::PL(c) if self.game.moves.is_empty() => self.game.to_play = Some(color(c)),
                Prop::AB(points) => {
                    self.setup(Some(Color::Black), points, &ident, &values, line)?
                }
                Prop::AW(points) => {
                    self.setup(Some(Color::White), points, &ident, &values, line)?
                }
                Prop::AE(points) => self.setup(None, points, &ident, &values, line)?,
                Prop::B(mv) | Prop::W(mv) => {
                    if node_move.is_some() {
                        return Err(line_err(SgfErrorKind::TwoMoves));
                    }
                    let c = if ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    node_move = Some((c, self.read_move(mv, &ident, &values, line)?));
                    move_line = line;
                }
                Prop::Invalid(..) | Prop::KM(_) => {
                    self.fallback(&ident, &values, line)?;
                }
                _ => {}
            }
        }
        if let Some(mv) = node_move {
            if self.game.moves.len() >= MAX_MOVES {
                return Err(SgfError::at(move_line, SgfErrorKind::TooManyMoves));
            }
            self.game.moves.push(mv);
        }
        Ok(())
    }

    /// Values `sgf-parse` refused that are still readable: `HA[0]`, `KM[ 6.5 ]`, `KM[]`,
    /// `KM[6,5]`, `PL[black]`, `AB[]`, point ranges given by other corners (`AB[cc:aa]`).
    fn fallback(&mut self, ident: &str, values: &[String], line: usize) -> Result<(), SgfError> {
        let invalid = || {
            SgfError::at(
                line,
                SgfErrorKind::InvalidValue {
                    property: ident.to_string(),
                    value: values.join("]["),
                },
            )
        };
        let single = match values {
            [v] => v.trim(),
            _ => return Err(invalid()),
        };
        match ident {
            "KM" => {
                let s = single;
                if s.is_empty() {
                    self.game.komi = None;
                } else {
                    let komi: f64 = s.replace(',', ".").parse().map_err(|_| invalid())?;
                    if !komi.is_finite() {
                        return Err(invalid());
                    }
                    self.game.komi = Some(komi as f32);
                }
            }
            "HA" => {
                let s = single;
                self.game.handicap = if s.is_empty() {
                    0
                } else {
                    handicap(s.parse().map_err(|_| invalid())?).ok_or_else(invalid)?
                };
            }
            "PL" => {
                let c: Color = single.parse().map_err(|_| invalid())?;
                if self.game.moves.is_empty() {
                    self.game.to_play = Some(c);
                }
            }
            "AB" | "AW" | "AE" => {
                let color = match ident {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                };
                let mut points = Vec::new();
                for v in values {
                    let v = v.trim();
                    if v.is_empty() {
                        continue;
                    }
                    let (a, b) = v.split_once(':').unwrap_or((v, v));
                    let a: go::Point = a.parse().map_err(|_| invalid())?;
                    let b: go::Point = b.parse().map_err(|_| invalid())?;
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        for y in a.y.min(b.y)..=a.y.max(b.y) {
                            points.push(go::Point { x, y });
                        }
                    }
                }
                self.setup(color, points, ident, values, line)?;
            }
            _ => return Err(invalid()),
        }
        Ok(())
    }

    fn size(&mut self, values: &[String], line: usize) -> Result<(), SgfError> {
        let value = values.join("][");
        let bad = || {
            SgfError::at(
                line,
                SgfErrorKind::InvalidValue {
                    property: "SZ".into(),
                    value: value.clone(),
                },
            )
        };
        // Read the numbers here rather than through `Prop::SZ`, whose `u8` sides would turn
        // `SZ[300]` into an invalid value instead of an unsupported size.
        let [v] = values else { return Err(bad()) };
        let (w, h) = v.split_once(':').unwrap_or((v, v));
        let w: u32 = w.trim().parse().map_err(|_| bad())?;
        let h: u32 = h.trim().parse().map_err(|_| bad())?;
        if w != h {
            return Err(SgfError::at(
                line,
                SgfErrorKind::NonSquare {
                    width: w,
                    height: h,
                },
            ));
        }
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&w) {
            return Err(SgfError::at(line, SgfErrorKind::UnsupportedSize(w)));
        }
        self.game.size = w as usize;
        Ok(())
    }

    /// The board point of an SGF point: `aa` is the top left, rows count from the bottom.
    fn point(&mut self, p: go::Point) -> Option<Point> {
        self.size_fixed = true;
        let size = self.game.size;
        let (x, y) = (p.x as usize, p.y as usize);
        (x < size && y < size).then(|| Point::new(x, size - 1 - y))
    }

    fn read_move(
        &mut self,
        mv: go::Move,
        ident: &str,
        values: &[String],
        line: usize,
    ) -> Result<Move, SgfError> {
        match mv {
            go::Move::Pass => Ok(Move::Pass),
            // FF[3]'s pass, still common; on larger boards tt is a point.
            go::Move::Move(go::Point { x: 19, y: 19 }) if self.game.size <= 19 => Ok(Move::Pass),
            go::Move::Move(p) => self.point(p).map(Move::Play).ok_or_else(|| {
                SgfError::at(
                    line,
                    SgfErrorKind::OffBoard {
                        property: ident.to_string(),
                        value: values.join("]["),
                    },
                )
            }),
        }
    }

    fn setup(
        &mut self,
        color: Option<Color>,
        points: impl IntoIterator<Item = go::Point>,
        ident: &str,
        values: &[String],
        line: usize,
    ) -> Result<(), SgfError> {
        let mut points = points.into_iter().peekable();
        if points.peek().is_none() {
            return Ok(());
        }
        if !self.game.moves.is_empty() {
            return Err(SgfError::at(line, SgfErrorKind::SetupAfterMoves));
        }
        for p in points {
            let Some(p) = self.point(p) else {
                return Err(SgfError::at(
                    line,
                    SgfErrorKind::OffBoard {
                        property: ident.to_string(),
                        value: values.join("]["),
                    },
                ));
            };
            self.board[p.index()] = color;
        }
        Ok(())
    }

    fn finish(mut self) -> Result<SgfGame, SgfError> {
        for color in Color::BOTH {
            for p in Point::all(self.game.size) {
                if self.board[p.index()] == Some(color) {
                    self.game.setup.push((color, p));
                }
            }
        }
        Ok(self.game)
    }
}

fn color(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// A handicap count, if plausible (0..=MAX_POINTS).
fn handicap(n: i64) -> Option<usize> {
    usize::try_from(n).ok().filter(|&n| n <= MAX_POINTS)
}

/// SimpleText as kept in `SgfGame`: line breaks and tabs as spaces, trimmed, empty as None.
fn text(raw: &str) -> Option<String> {
    let t: String = raw
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    let t = t.trim();
    (!t.is_empty()).then(|| t.to_string())
}

// ---------------------------------------------------------------------------------------
// Writing

/// Escapes SimpleText for a property value: `]` and `\` get a backslash; line breaks become
/// spaces (SimpleText has none).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The SGF point of a board point, or None if it lies off a board of side `size`.
fn sgf_point(p: Point, size: usize) -> Option<String> {
    if !p.is_on_board(size) {
        return None;
    }
    let x = (b'a' + p.col() as u8) as char;
    let y = (b'a' + (size - 1 - p.row()) as u8) as char;
    Some(format!("{x}{y}"))
}

/// Writes a game as SGF text: FF[4], GM[1], CA[UTF-8], AP[tengen:version], the game
/// information that is present, setup stones in the order given, then one node per move with
/// passes as `[]`. Total: a point off the board of `game.size` (never produced by `parse` or
/// by a legal game) is written as a pass in a move and dropped from the setup.
pub fn write(game: &SgfGame) -> String {
    use std::fmt::Write;
    let size = game.size;
    let mut out = String::new();
    let _ = write!(
        out,
        "(;FF[4]GM[1]CA[UTF-8]AP[tengen:{}]SZ[{size}]",
        env!("CARGO_PKG_VERSION")
    );
    if let Some(komi) = game.komi {
        let _ = write!(out, "KM[{komi}]");
    }
    let texts = [
        ("RU", &game.rules),
        ("PB", &game.black_name),
        ("PW", &game.white_name),
        ("DT", &game.date),
        ("RE", &game.result),
    ];
    for (ident, value) in texts {
        if let Some(value) = value {
            let _ = write!(out, "{ident}[{}]", escape(value));
        }
    }
    if game.handicap > 0 {
        let _ = write!(out, "HA[{}]", game.handicap);
    }
    for color in Color::BOTH {
        let points: Vec<String> = game
            .setup
            .iter()
            .filter(|(c, _)| *c == color)
            .filter_map(|&(_, p)| sgf_point(p, size))
            .collect();
        if !points.is_empty() {
            let _ = write!(out, "\nA{}[{}]", color.letter(), points.join("]["));
        }
    }
    if let Some(color) = game.to_play {
        let _ = write!(out, "PL[{}]", color.letter());
    }
    for (i, &(color, mv)) in game.moves.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        let point = mv
            .point()
            .and_then(|p| sgf_point(p, size))
            .unwrap_or_default();
        let _ = write!(out, ";{}[{point}]", color.letter());
    }
    out.push_str(")\n");
    out
}

/// The SGF files of `inputs`: files as given, and the `.sgf` files under each directory, at
/// any depth, sorted by path (so that a hold-out by position in the list does not depend on
/// the file system).
pub fn files_under(inputs: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>, String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) -> Result<(), String> {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.is_dir() {
                walk(&path, out)?;
            } else if path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
            {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found = Vec::new();
            walk(input, &mut found)?;
            found.sort();
            files.extend(found);
        } else {
            files.push(input.clone());
        }
    }
    Ok(files)
}
