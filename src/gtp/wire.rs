//! GTP text ⇄ `Command` / reply. Pure: never touches the engine.
//!
//! Input is read as bytes with a cap per line (`LineReader`), so a line of any length costs
//! bounded memory and still gets exactly one reply. Each line is then cleaned the way the GTP
//! reference implementation (GNU Go's `gtp.c`) does it: tabs become spaces, every other control
//! character (CR included) is dropped, everything from `#` on is a comment, and a line left blank
//! is no command at all. An optional leading run of digits is the command id (GTP v2: `int`),
//! echoed verbatim in the reply whatever its length (`007` stays `007`, 30 digits stay 30).
//!
//! Output: `=` or `?`, the id if any, one space, the text, and exactly one empty line. The text
//! never contains an empty line of its own, because every client ends a reply at the first one.
//!
//! Depends on: nothing.

use std::fmt;
use std::io::{self, BufRead};

/// Longest command line kept, in bytes. The longest sensible command (`set_free_handicap` with
/// 624 vertices) is under 4 KB; longer lines are answered with an error, not buffered.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One command line after preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The id exactly as sent: ASCII digits only, never empty.
    pub id: Option<String>,
    /// Empty when the line held only an id: such a line is an unknown command.
    pub name: String,
    pub args: Vec<String>,
}

impl Command {
    /// Parses one line (without its line feed). Returns `None` for a line that is blank after
    /// preprocessing (empty, only spaces or control characters, or only a comment).
    pub fn parse(line: &[u8]) -> Option<Command> {
        let cleaned = clean(line);
        let mut words = cleaned.split(' ').filter(|w| !w.is_empty());
        let first = words.next()?;
        // An id is a word of digits, of any length; `-3`, `+3` or `12a` are (bad) names.
        let (id, name) = if is_id(first) {
            (
                Some(first.to_string()),
                words.next().unwrap_or("").to_string(),
            )
        } else {
            (None, first.to_string())
        };
        let args = words.map(str::to_string).collect();
        Some(Command { id, name, args })
    }

    /// Only the id of a line, for a line too long to be parsed whole: `Some(Some(id))` when the
    /// kept prefix starts with an id, `Some(None)` when it starts with anything else, `None`
    /// when the prefix is blank. An id that runs to the end of the prefix may have been cut, so
    /// it is not echoed (`Some(None)`): a wrong id is worse than none.
    pub fn parse_id_only(prefix: &[u8]) -> Option<Option<String>> {
        let cleaned = clean(prefix);
        let mut words = cleaned.split(' ').filter(|w| !w.is_empty());
        let first = words.next()?;
        let whole = words.next().is_some() || cleaned.ends_with(' ');
        Some((is_id(first) && whole).then(|| first.to_string()))
    }
}

/// GTP v2's id: one or more ASCII digits.
fn is_id(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// The command as one line: `12 genmove b`. What `--gtp-log` records.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = &self.id {
            write!(f, "{id} ")?;
        }
        f.write_str(&self.name)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

/// GNU Go's preprocessing: HT → space, other control characters (CR, NUL, ESC, DEL…) removed,
/// `#` starts a comment. Invalid UTF-8 becomes U+FFFD, so it can only make a bad argument.
fn clean(line: &[u8]) -> String {
    let line = match line.iter().position(|&b| b == b'#') {
        Some(hash) => &line[..hash],
        None => line,
    };
    let bytes: Vec<u8> = line
        .iter()
        .filter_map(|&b| match b {
            b'\t' => Some(b' '),
            0..=31 | 127 => None,
            _ => Some(b),
        })
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Returns true if and only if `line` is GoGui's interrupt request, the comment `# interrupt`
/// written while a command runs (GoGui's `gogui-interrupt` protocol).
pub fn is_interrupt(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let text = text.trim_matches(|c: char| c.is_whitespace() || c.is_control());
    text.strip_prefix('#')
        .is_some_and(|rest| rest.trim() == "interrupt")
}

/// Returns true if and only if `line` is the command `quit`, with or without an id and
/// arguments: what `Command::parse` would name `quit`, without building its arguments (the
/// reader thread asks this of every line).
pub fn is_quit(line: &[u8]) -> bool {
    let cleaned = clean(line);
    let mut words = cleaned.split(' ').filter(|w| !w.is_empty());
    match words.next() {
        Some(first) if is_id(first) => words.next() == Some("quit"),
        first => first == Some("quit"),
    }
}

/// The text of a reply: success or failure, and its message.
pub type Reply = Result<String, String>;

/// Formats a reply for the wire: `=12 text\n\n`, `? message\n\n`, `= \n\n` for an empty success.
///
/// Empty or blank lines inside `text` are removed (they would end the reply early), except a
/// leading line break, which multi-line replies use to start their body on a line of its own
/// (`= \n   A B C …`). Trailing line breaks are dropped: the empty line is added here, once.
pub fn format_reply(id: Option<&str>, reply: &Reply) -> String {
    let (status, text) = match reply {
        Ok(text) => ('=', text.as_str()),
        Err(text) => ('?', text.as_str()),
    };
    let mut out = String::with_capacity(text.len() + id.map_or(0, str::len) + 8);
    out.push(status);
    if let Some(id) = id {
        out.push_str(id);
    }
    out.push(' ');
    let text = text.replace('\r', "");
    let mut lines = text.split('\n');
    if let Some(first) = lines.next() {
        out.push_str(first.trim_end());
    }
    for line in lines {
        let line = line.trim_end();
        if !line.is_empty() {
            out.push('\n');
            out.push_str(line);
        }
    }
    out.push_str("\n\n");
    out
}

/// One line of input as read, before preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawLine {
    /// The line without its line feed, at most `cap` bytes of it.
    pub bytes: Vec<u8>,
    /// True if and only if the line was longer than the cap; the excess was discarded.
    pub truncated: bool,
}

/// Reads lines of bytes with a cap per line: the excess of a longer line is read and thrown
/// away, so memory stays bounded whatever the client sends.
pub struct LineReader<R> {
    inner: R,
    cap: usize,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R, cap: usize) -> LineReader<R> {
        LineReader { inner, cap }
    }

    /// The next line, or `None` at end of input. A last line without a line feed still counts.
    pub fn next_line(&mut self) -> io::Result<Option<RawLine>> {
        let mut bytes = Vec::new();
        let mut truncated = false;
        let mut seen_any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(seen_any.then_some(RawLine { bytes, truncated }));
            }
            seen_any = true;
            let (chunk, found_end) = match buf.iter().position(|&b| b == b'\n') {
                Some(end) => (&buf[..end], true),
                None => (buf, false),
            };
            let room = self.cap - bytes.len();
            if chunk.len() > room {
                truncated = true;
            }
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            let used = chunk.len() + usize::from(found_end);
            self.inner.consume(used);
            if found_end {
                return Ok(Some(RawLine { bytes, truncated }));
            }
        }
    }
}

#[cfg(test)]
mod tests;
