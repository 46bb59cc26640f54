//! Where sessions live on disk, and the writes that never lose work: every save goes to a temporary file that is
//! renamed over the old one (a crash mid-write leaves the old file whole), and the old version is kept beside it
//! as `<name>.bak`. The store also keeps the autosave, the list of recent sessions, and a marker that says the
//! studio is running — found at start, it means the last run did not end normally, and the autosave is offered.
//! No egui here.

use super::format::{MAX_BYTES, Session, parse, to_ron};
use crate::files::{self, ReadError, Sink};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// How many recent sessions the File menu lists.
pub const RECENT_LIMIT: usize = 8;

/// The folder sessions are kept in (by default the project's `saves/`).
#[derive(Clone, Debug, PartialEq)]
pub struct Store {
    /// The folder itself.
    pub folder: PathBuf,
}

/// An autosave left by a run that did not end normally.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    /// The autosave's file.
    pub path: PathBuf,
    /// When it was written, where the file system says.
    pub saved: Option<SystemTime>,
}

impl Store {
    /// The store of sessions in `folder` (made when the first session is saved).
    pub fn new(folder: impl Into<PathBuf>) -> Store {
        Store { folder: folder.into() }
    }

    /// The file the studio saves to every minute and on exit.
    pub fn autosave_path(&self) -> PathBuf {
        self.folder.join("autosave.session.ron")
    }

    /// Present while a studio runs; it holds the process id.
    fn marker_path(&self) -> PathBuf {
        self.folder.join(".studio-running")
    }

    /// The person's preferences (the interface's scale): not a session, so without the `.ron` the listing shows.
    pub fn preferences_path(&self) -> PathBuf {
        self.folder.join(".preferences")
    }

    fn recent_path(&self) -> PathBuf {
        self.folder.join(".recent-sessions")
    }

    /// Marks the studio as running, and returns the autosave to offer when the last run did not end normally
    /// (its marker is still there and its process is gone).
    pub fn start(&self) -> Option<Recovery> {
        let marker = self.marker_path();
        let crashed = read_small(&marker).is_some_and(|pid| !process_alive(pid.trim()));
        // Failing to write the marker only costs the crash check next time.
        let _ = write_atomic(&marker, &std::process::id().to_string());
        let path = self.autosave_path();
        let saved = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        (crashed && path.is_file()).then_some(Recovery { path, saved })
    }

    /// Marks a normal end: the next start offers no recovery.
    pub fn finish(&self) {
        let _ = std::fs::remove_file(self.marker_path());
    }

    /// The recent sessions, most recent first (only those that still exist).
    pub fn recent(&self) -> Vec<PathBuf> {
        let text = read_small(&self.recent_path()).unwrap_or_default();
        text.lines().map(PathBuf::from).filter(|p| p.is_file()).take(RECENT_LIMIT).collect()
    }

    /// Puts `path` first in the recent list.
    pub fn remember(&self, path: &Path) {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let mut list = self.recent();
        list.retain(|p| p != &path);
        list.insert(0, path);
        list.truncate(RECENT_LIMIT);
        let text: Vec<String> = list.iter().map(|p| p.display().to_string()).collect();
        let _ = write_atomic(&self.recent_path(), &(text.join("\n") + "\n"));
    }

    /// The session files in the folder (the in-window dialog lists them), sorted by name.
    pub fn listing(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(&self.folder) else { return Vec::new() };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "ron"))
            .collect();
        files.sort();
        files
    }
}

/// Saves `session` to `path`: atomically, keeping the previous version as `<path>.bak`.
pub fn save(path: &Path, session: &Session) -> Result<(), String> {
    save_with(path, session, &mut |file| Box::new(file))
}

/// [`save`], writing through `sink` (the fault-injection tests' failing writer). Both the new file and the backup
/// are written in full to temporary files and flushed before either is renamed into place, so a failure while
/// writing — a full disk — leaves the old file and the old backup byte for byte as they were. The backup is the
/// old file's bytes written anew, never a copy that could be cut short in place.
pub fn save_with(path: &Path, session: &Session, sink: &mut dyn FnMut(File) -> Box<dyn Sink>) -> Result<(), String> {
    let new = files::write_temporary(path, to_ron(session).as_bytes(), sink)?;
    if std::fs::symlink_metadata(path).is_ok() {
        let backup = backup_path(path);
        let kept = files::read_bytes_raw(path, MAX_BYTES)
            .map_err(|e| format!("cannot keep a backup of {}: {e}", path.display()))
            .and_then(|old| files::write_temporary(&backup, &old, sink))
            .and_then(|temporary| files::commit(&temporary, &backup));
        if let Err(e) = kept {
            files::discard(&new);
            return Err(e);
        }
    }
    files::commit(&new, path)
}

/// Reads the session at `path`, refusing files too large to be one and anything that is not a regular file.
pub fn load(path: &Path) -> Result<Session, String> {
    let text = files::read_text_raw(path, MAX_BYTES).map_err(|e| match e {
        ReadError::TooLarge { cap } => format!(
            "{} is far too large for a session (more than {}), so it was not read",
            path.display(),
            files::size_in_words(cap)
        ),
        ReadError::NotText => format!("{} is not a text file, so not a session", path.display()),
        ReadError::Open(e) => format!("cannot open {}: {e}", path.display()),
        other => files::describe(path, &other),
    })?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where the previous version of `path` is kept.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `text` to `path` atomically: see [`files::write_atomic`].
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    files::write_atomic(path, text.as_bytes())
}

/// The small files the store keeps for itself (the marker, the recent list): a few hundred bytes.
const SMALL_FILE_BYTES: u64 = 64 * 1024;

/// A small file of the store's own, or nothing if it is missing or not what the store wrote.
fn read_small(path: &Path) -> Option<String> {
    files::read_text_raw(path, SMALL_FILE_BYTES).ok()
}

/// Whether the process `pid` still runs. A process that was killed but not yet reaped (a zombie) does not. Where
/// that cannot be told (not Linux), assume it does not: at worst the autosave is offered once too often.
fn process_alive(pid: &str) -> bool {
    let Ok(pid) = pid.parse::<u32>() else { return false };
    if pid == std::process::id() {
        return true;
    }
    // /proc/<pid>/stat is "pid (name) state …"; the name may hold spaces, so read the state after the last ')'.
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next());
    matches!(state, Some(s) if s != "Z" && s != "X")
}
