//! The lexer of SGF text: tokens, with values unescaped and lines counted.

use super::{SgfError, SgfErrorKind};

pub(super) enum Token {
    Open,
    Close,
    Node,
    /// Identifier (uppercase letters only, FF[3] lowercase dropped) and raw values.
    Property(String, Vec<String>),
    End,
}

/// Splits SGF text into tokens, unescaping values and counting lines.
pub(super) struct Lexer<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
    pub(super) line: usize,
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

    pub(super) fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.bump();
        }
    }

    pub(super) fn error(&self, kind: SgfErrorKind) -> SgfError {
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
    pub(super) fn next_token(&mut self) -> Result<Token, SgfError> {
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
