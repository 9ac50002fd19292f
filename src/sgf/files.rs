//! The SGF files of a list of files and directories, and reading one with a cap.

use super::MAX_TEXT_BYTES;
use std::io::Read;
use std::path::Path;

/// The bytes of the SGF file at `path`: a regular file of at most `MAX_TEXT_BYTES`, else an
/// error that says why. A FIFO or a device is refused before it is opened (reading one could
/// block for ever, or never end); a longer file is refused without reading it all.
pub fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|e| format!("{shown}: {e}"))?;
    if !metadata.is_file() {
        return Err(format!("{shown}: not a regular file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_TEXT_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{shown}: {e}"))?;
    if bytes.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "{shown}: larger than {MAX_TEXT_BYTES} bytes: not a game record"
        ));
    }
    Ok(bytes)
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
