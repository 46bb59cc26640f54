//! Reading and writing the studio's files safely, whatever lies at a path.
//!
//! - **Reading is bounded**: the size cap is checked while reading (a device such as `/dev/zero` reports size 0 in
//!   its metadata and never ends), and only regular files are read: a FIFO, a device or a folder is refused at
//!   once, before anything waits on it. A UTF-8 byte-order mark is dropped.
//! - **Writing is atomic**: the bytes go to a temporary file in the same folder, which is flushed to disk and then
//!   renamed over the target, and the folder is flushed so the rename itself survives a power cut. Until the rename
//!   the old file is untouched; a failed write (disk full, no permission, a folder in the way) removes the
//!   temporary file and leaves everything as it was.
//!
//! Errors are one line that names the path.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The cap for a tree file, a game file or positions on standard input: far above any real one (the largest tree
/// the window edits is a few MiB of text), far below what would exhaust memory.
pub const MAX_TEXT_BYTES: u64 = 64 * 1024 * 1024;

/// A folder of the project (`games`, `saves`, `trees`…): the one in the working directory, else the one in the
/// repository this program was built from (so `cargo run` or the tests from anywhere in it find them), else the
/// working directory's, to be made on first write.
pub fn project_folder(name: &str) -> PathBuf {
    let here = PathBuf::from(name);
    if here.is_dir() {
        return here;
    }
    let source = repository_folder(name);
    if source.is_dir() { source } else { here }
}

/// The folder `name` of the repository this crate was built in (the workspace root's, two levels above the core).
pub fn repository_folder(name: &str) -> PathBuf {
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Walking up rather than joining `../..` keeps the paths the window shows free of `..`.
    core.parent().and_then(Path::parent).unwrap_or(core).join(name)
}

/// Why a file or standard input was not read.
#[derive(Debug)]
pub enum ReadError {
    /// It could not be opened (missing, no permission).
    Open(std::io::Error),
    /// It is a FIFO, a device, a socket or a folder (the words say which).
    NotRegular(&'static str),
    /// It holds more bytes than the cap.
    TooLarge {
        /// The cap, in bytes.
        cap: u64,
    },
    /// Reading failed part-way.
    Read(std::io::Error),
    /// The bytes are not UTF-8.
    NotText,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Open(e) => write!(f, "cannot open it: {e}"),
            ReadError::NotRegular(kind) => write!(f, "it is {kind}, not a regular file, so it was not read"),
            ReadError::TooLarge { cap } => write!(f, "larger than {}, so it was not read", size_in_words(*cap)),
            ReadError::Read(e) => write!(f, "cannot read it: {e}"),
            ReadError::NotText => f.write_str("it is not UTF-8 text"),
        }
    }
}

/// A [`ReadError`] as one line naming `path`.
pub fn describe(path: &Path, error: &ReadError) -> String {
    format!("{}: {error}", path.display())
}

/// Reads the regular file at `path` as text, refusing anything larger than `cap` bytes, anything that is not a
/// regular file, and anything that is not UTF-8. The error names the path.
pub fn read_text(path: &Path, cap: u64) -> Result<String, String> {
    read_text_raw(path, cap).map_err(|e| describe(path, &e))
}

/// [`read_text`] with the reason as a value, for callers with their own words for some reasons.
pub fn read_text_raw(path: &Path, cap: u64) -> Result<String, ReadError> {
    into_text(read_bytes_raw(path, cap)?)
}

/// Reads the regular file at `path`, refusing anything larger than `cap` bytes and anything that is not a regular
/// file (symbolic links are followed to what they name).
pub fn read_bytes_raw(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    read_capped(open_regular(path)?, cap)
}

/// Reads standard input as text, at most `cap` bytes.
pub fn read_stdin_text(cap: u64) -> Result<String, String> {
    let text = read_capped(std::io::stdin().lock(), cap).and_then(into_text);
    text.map_err(|e| format!("standard input: {e}"))
}

/// Opens `path` for reading if it is a regular file. The file is opened without waiting (`O_NONBLOCK`), so that a
/// FIFO with no writer does not block, and its kind is then read from the open handle, so what is checked is what
/// is read.
fn open_regular(path: &Path) -> Result<File, ReadError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(ReadError::Open)?;
    let kind = file.metadata().map_err(ReadError::Open)?.file_type();
    if !kind.is_file() {
        return Err(ReadError::NotRegular(describe_kind(&kind)));
    }
    Ok(file)
}

/// What a non-regular file is, in words.
fn describe_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() { "a folder" } else { "not a file" }
}

/// Reads at most `cap` bytes from `source`; one byte more is an error, found while reading, whatever the source
/// claims its size is.
pub fn read_capped(source: impl Read, cap: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    source.take(cap.saturating_add(1)).read_to_end(&mut bytes).map_err(ReadError::Read)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge { cap });
    }
    Ok(bytes)
}

/// `32 MiB`, `4 KiB`, `100 bytes`.
pub fn size_in_words(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// Bytes as text, without a leading UTF-8 byte-order mark.
fn into_text(bytes: Vec<u8>) -> Result<String, ReadError> {
    let text = String::from_utf8(bytes).map_err(|_| ReadError::NotText)?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Where the bytes of an atomic write go: a file that can be flushed to disk. The studio writes to [`File`]; the
/// fault-injection tests wrap it in a writer that fails at a chosen byte.
pub trait Sink: Write {
    /// Flushes the written bytes to the disk itself (`fsync`).
    fn sync(&mut self) -> std::io::Result<()>;
}

impl Sink for File {
    fn sync(&mut self) -> std::io::Result<()> {
        self.sync_all()
    }
}

/// Writes `bytes` to `path` atomically (see the module's comment).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_atomic_with(path, bytes, &mut |file| Box::new(file))
}

/// [`write_atomic`] through `sink`, which wraps each temporary file before anything is written to it.
pub fn write_atomic_with(path: &Path, bytes: &[u8], sink: &mut dyn FnMut(File) -> Box<dyn Sink>) -> Result<(), String> {
    let temporary = write_temporary(path, bytes, sink)?;
    commit(&temporary, path)
}

/// Writes `bytes` to a new temporary file beside `path` and flushes it to disk; returns its path. On failure the
/// temporary file is removed.
pub fn write_temporary(
    path: &Path,
    bytes: &[u8],
    sink: &mut dyn FnMut(File) -> Box<dyn Sink>,
) -> Result<PathBuf, String> {
    if path.is_dir() {
        return Err(format!("cannot write {}: it is a folder", path.display()));
    }
    let folder = folder_of(path);
    std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let temporary = temporary_path(path);
    let written = File::create_new(&temporary).and_then(|file| {
        let mut out = sink(file);
        out.write_all(bytes)?;
        out.flush()?;
        out.sync()
    });
    written.map(|()| temporary.clone()).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {}: {e}", path.display())
    })
}

/// Renames a temporary file from [`write_temporary`] over `path` and flushes the folder. On failure the temporary
/// file is removed and `path` is as it was.
pub fn commit(temporary: &Path, path: &Path) -> Result<(), String> {
    std::fs::rename(temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(temporary);
        format!("cannot write {}: {e}", path.display())
    })?;
    sync_folder(folder_of(path));
    Ok(())
}

/// Removes a temporary file that will not be committed.
pub fn discard(temporary: &Path) {
    let _ = std::fs::remove_file(temporary);
}

/// Flushes a folder's entries to disk, so a rename in it survives a power cut. Best effort: some file systems
/// cannot open a folder for this, and the file itself is already safe.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = File::open(folder) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = folder;
}

fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// `.<name>.<pid>.<n>.tmp` beside `path`: hidden, unique to this process and this write.
fn temporary_path(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".{}.{}.tmp", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
    folder_of(path).join(name)
}

/// A [`Sink`] that fails once `budget` bytes have been written, as a full disk does: for fault-injection tests.
/// The budget is shared, so one budget runs out across every file a save writes (a session and its backup).
pub struct FailAfter {
    /// The file written to, until the budget runs out.
    pub file: File,
    /// Bytes that may still be written, shared by every `FailAfter` of one save.
    pub budget: std::rc::Rc<std::cell::Cell<usize>>,
}

impl Write for FailAfter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let budget = self.budget.get();
        if budget == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "no space left on device"));
        }
        let written = self.file.write(&buf[..buf.len().min(budget)])?;
        self.budget.set(budget - written);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Sink for FailAfter {
    fn sync(&mut self) -> std::io::Result<()> {
        // The bytes of a fault-injection test need not reach the disk: the test reads them back at once.
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_folders_are_found_from_the_core_and_named_without_dot_dot() {
        let games = repository_folder("games");
        assert!(games.join("trees").is_dir(), "{}", games.display());
        assert!(!games.components().any(|c| c == std::path::Component::ParentDir), "{}", games.display());
        // The core's tests run in crates/alphabeta-core, which has no games/ of its own.
        assert_eq!(project_folder("games"), games);
        assert_eq!(project_folder("no-such-folder-here"), PathBuf::from("no-such-folder-here"));
    }

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("abs-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn reading_stops_at_the_cap_whatever_the_metadata_says() {
        // /dev/zero's metadata says 0 bytes and reading it never ends.
        let e = read_text(Path::new("/dev/zero"), 1024).expect_err("a device");
        assert!(e.contains("a device") && e.contains("/dev/zero"), "{e}");
        let e = read_capped(std::io::repeat(b'4'), 1000).expect_err("endless");
        assert!(e.to_string().contains("larger than 1000 bytes"), "{e}");
        assert_eq!(read_capped(&b"4453"[..], 4).ok(), Some(b"4453".to_vec()));
    }

    #[test]
    fn only_regular_files_are_read_and_a_fifo_does_not_block() {
        let dir = folder("kinds");
        let e = read_text(&dir, 1024).expect_err("a folder");
        assert!(e.contains("a folder"), "{e}");
        let fifo = dir.join("f.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read_text(&fifo, 1024).expect_err("a FIFO");
            assert!(e.contains("named pipe"), "{e}");
        }
        let e = read_text(&dir.join("missing"), 1024).expect_err("missing");
        assert!(e.contains("missing: cannot open it"), "{e}");
        std::fs::write(dir.join("bom.txt"), "\u{feff}(1 2)").expect("write");
        assert_eq!(read_text(&dir.join("bom.txt"), 1024), Ok("(1 2)".to_string()));
        std::fs::write(dir.join("binary"), [0xff, 0xfe, 0x00]).expect("write");
        assert!(read_text(&dir.join("binary"), 1024).expect_err("binary").contains("not UTF-8"));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_write_that_fails_at_any_byte_leaves_the_old_file_whole() {
        let dir = folder("atomic");
        let path = dir.join("tree.ron");
        std::fs::write(&path, "the old file").expect("write");
        let new = b"the new file, longer than the old one";
        for budget in 0..new.len() {
            let left = std::rc::Rc::new(std::cell::Cell::new(budget));
            let mut failing = |file| Box::new(FailAfter { file, budget: left.clone() }) as Box<dyn Sink>;
            let e = write_atomic_with(&path, new, &mut failing).expect_err("fails");
            assert!(e.contains("no space left"), "{e}");
            assert_eq!(std::fs::read(&path).expect("read"), b"the old file", "failing at byte {budget}");
            let names: Vec<_> = std::fs::read_dir(&dir).expect("list").flatten().map(|e| e.file_name()).collect();
            assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
        }
        write_atomic(&path, new).expect("writes");
        assert_eq!(std::fs::read(&path).expect("read"), new);
        let e = write_atomic(&dir, b"x").expect_err("a folder is in the way");
        assert!(e.contains("it is a folder"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
