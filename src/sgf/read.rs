//! The walk along the main line of the first game tree, and the `Reader` that types each
//! wanted property of its nodes into an `SgfGame`.

use super::lex::{Lexer, Token};
use super::{SgfError, SgfErrorKind, SgfGame, MAX_MOVES};
use crate::geom::{Color, Move, Point, MAX_POINTS, MAX_SIZE, MIN_SIZE};
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfProp;

/// Walks the first game tree and hands each node of its main line (the first variation at
/// every branch) to a `Reader`. Other variations are lexed, to find where the tree ends, and
/// skipped.
pub(super) fn read_first_game(text: &str) -> Result<SgfGame, SgfError> {
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
                Prop::KM(komi) if komi.is_finite() => self.game.komi = Some(komi_f32(komi)),
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
                    self.game.komi = Some(komi_f32(komi));
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

/// A finite komi as the `f32` kept, saturated: past `f32::MAX` it would be infinite and
/// written back as `KM[inf]`, which no reader takes (found by the review fuzz target). The
/// engine then bounds it as the `komi` command does.
fn komi_f32(komi: f64) -> f32 {
    (komi as f32).clamp(-f32::MAX, f32::MAX)
}
