//! Where sessions live on disk, and the writes that never lose work: every save goes to a temporary file that is
//! renamed over the old one (a crash mid-write leaves the old file whole), and the old version is kept beside it
//! as `<name>.bak`. The store also keeps the autosave, the list of recent sessions, and a marker that says the
//! studio is running — found at start, it means the last run did not end normally, and the autosave is offered.
//! No egui here.

use super::format::{MAX_BYTES, Session, parse, to_ron};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// How many recent sessions the File menu lists.
pub const RECENT_LIMIT: usize = 8;

/// The folder sessions are kept in (by default the project's `saves/`).
#[derive(Clone, Debug, PartialEq)]
pub struct Store {
    pub folder: PathBuf,
}

/// An autosave left by a run that did not end normally.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    pub path: PathBuf,
    pub saved: Option<SystemTime>,
}

impl Store {
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

    fn recent_path(&self) -> PathBuf {
        self.folder.join(".recent-sessions")
    }

    /// Marks the studio as running, and returns the autosave to offer when the last run did not end normally
    /// (its marker is still there and its process is gone).
    pub fn start(&self) -> Option<Recovery> {
        let marker = self.marker_path();
        let crashed = match std::fs::read_to_string(&marker) {
            Ok(pid) => !process_alive(pid.trim()),
            Err(_) => false,
        };
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
        let text = std::fs::read_to_string(self.recent_path()).unwrap_or_default();
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
    if path.is_file() {
        let backup = backup_path(path);
        std::fs::copy(path, &backup).map_err(|e| format!("cannot keep a backup as {}: {e}", backup.display()))?;
    }
    write_atomic(path, &to_ron(session))
}

/// Reads the session at `path`, refusing files too large to be one.
pub fn load(path: &Path) -> Result<Session, String> {
    let size = std::fs::metadata(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?.len();
    if size > MAX_BYTES {
        return Err(format!(
            "{} is {} MiB: far too large for a session (at most {} MiB), so it was not read",
            path.display(),
            size >> 20,
            MAX_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{} is not a text file, so not a session", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where the previous version of `path` is kept.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `text` to a temporary file beside `path`, flushes it to disk, and renames it over `path`: readers see
/// the old file or the new one, never half of one.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".{}.tmp", std::process::id()));
    let temporary = folder.join(name);
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&temporary, path));
    renamed.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {}: {e}", path.display())
    })
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
