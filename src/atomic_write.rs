//! Writing a file whole or not at all: the bytes go to a new file beside it, which is then
//! renamed over it (a rename within one folder is atomic on POSIX file systems), so a reader
//! never sees half a file and an interrupted write leaves the old one as it was.
//!
//! Depends on: nothing.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` atomically (see the module's comment). On error the temporary
/// file is removed and `path` is unchanged.
pub fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let temporary = temporary_beside(path);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .and_then(|mut file| {
            file.write_all(contents)?;
            file.sync_all()
        })
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// `DIR/.NAME.PID.tmp` for `DIR/NAME`: in the same folder, so that the rename stays on one
/// file system; hidden, and named by process so that two writers never share it.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_nothing_beside_it() {
        let dir = std::env::temp_dir().join(format!("tengen-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        write(&path, b"first").unwrap();
        write(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("out.txt")]);
        // A folder that does not exist: an error, and nothing written.
        assert!(write(&dir.join("missing/out.txt"), b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
