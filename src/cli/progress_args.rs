//! `--progress` and `--quiet`: the progress bar of the long commands (`review`, `match`,
//! `book`, `learn`), shared by their options.

use crate::progress::Mode;
use clap::Args;

/// Whether a long command shows its progress on stderr.
#[derive(Args, Debug, Clone, Copy, Default)]
pub(super) struct ProgressArgs {
    /// Show progress on stderr even when it is not a terminal: a line every 10 seconds (for a
    /// job's log). By default a bar with the time left shows only on a terminal.
    #[arg(long, conflicts_with = "quiet")]
    progress: bool,

    /// No progress bar.
    #[arg(long, short = 'q')]
    quiet: bool,
}

impl ProgressArgs {
    pub(super) fn mode(self) -> Mode {
        match (self.progress, self.quiet) {
            (_, true) => Mode::Never,
            (true, false) => Mode::Always,
            (false, false) => Mode::Auto,
        }
    }
}
