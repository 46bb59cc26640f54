//! Sessions: the whole window — the game, its players, the tree and its view — saved to and opened from one
//! file, with the safeguards that keep work from being lost (see [`store`]). `format` is the file, `store` the
//! disk. The File menu's logic and dialogs, which act on the whole window, are the shell's (`app::shell`).

pub mod format;
pub mod store;

use crate::app::path_dialog::{FileKind, PathDialog};
use format::Session;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use store::{Recovery, Store};

/// Work that changed is written to the autosave file at most this long after the last autosave — well inside the
/// minute a user would expect to lose at worst.
pub const AUTOSAVE_EVERY: Duration = Duration::from_secs(15);

/// What the user asked of sessions.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionAction {
    /// Start an empty session (asking first about unsaved work).
    New,
    /// Open a session: this file, or ask which.
    Open(Option<PathBuf>),
    /// Save to the session's file (or ask where, the first time).
    Save,
    /// Save to a file asked for.
    SaveAs,
    /// The path the Save As dialog returned.
    SaveTo(PathBuf),
    /// Recover the autosave a crashed run left.
    Recover,
    /// Leave the autosave a crashed run left, and start afresh.
    DismissRecovery,
    /// The answers to "save the changes first?".
    SaveFirst,
    /// Go on without saving.
    Discard,
    /// Do neither: the work stays, and so does the session.
    CancelPrompt,
    /// Close the in-window file dialog.
    CloseDialog,
    /// Close the window (asking first about unsaved work).
    Quit,
}

/// What to do once unsaved work is saved or discarded.
#[derive(Clone, Debug, PartialEq)]
pub enum Then {
    /// Close the window.
    Close,
    /// Start an empty session.
    New,
    /// Open this session, or ask which.
    Open(Option<PathBuf>),
}

/// A line for the user about sessions.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// The words shown.
    pub text: String,
    /// True for what went wrong (drawn in the error colour).
    pub error: bool,
    /// The window's clock when it was first shown, so a report of what was done can go once it is old news.
    pub shown_at: Option<f64>,
}

/// How long a report of what was done ("Saved …", "Recovered …") stays; an error stays until dismissed.
pub const NOTICE_SECONDS: f64 = 12.0;

/// The session side of the studio.
pub struct Sessions {
    /// Where autosaves, the recent list and the crash marker go; `None` turns all three off (the UI tests).
    pub store: Option<Store>,
    /// The file the session was last saved to or opened from.
    pub path: Option<PathBuf>,
    /// The work as last saved, opened or started: unsaved changes are differences from it.
    pub(crate) saved: Session,
    pub(crate) last_autosave: Instant,
    /// How long after the last autosave changed work is autosaved again.
    pub autosave_every: Duration,
    /// The work as last autosaved, so an unchanged session is not written again.
    pub(crate) autosaved: Option<Session>,
    /// The unsaved-changes question, and what it is asked for.
    pub prompt: Option<Then>,
    /// After a Save As that was asked for by the prompt, what to go on with.
    pub(crate) after_save: Option<Then>,
    /// The in-window file dialog, when open.
    pub dialog: Option<PathDialog>,
    /// The autosave a crashed run left, while the user has not said what to do with it.
    pub recovery: Option<Recovery>,
    /// The last line about sessions.
    pub notice: Option<Notice>,
    /// Set once closing is agreed: the next close request goes through.
    pub(crate) close_confirmed: bool,
    /// Use the system's file dialogs where there are any (off in tests and where they fail).
    pub use_native_dialogs: bool,
    /// What the user asked of sessions this frame, applied after drawing.
    pub actions: Vec<SessionAction>,
    /// Whether there was unsaved work when last checked (the title shows it), and when that was.
    pub dirty: bool,
    pub(crate) checked: Instant,
}

impl Sessions {
    /// No file, nothing unsaved (`current` is the work on screen), and the store's recovery, if any.
    pub fn new(store: Option<Store>, current: Session) -> Sessions {
        let recovery = store.as_ref().and_then(Store::start);
        Sessions {
            store,
            path: None,
            saved: current,
            last_autosave: Instant::now(),
            autosave_every: AUTOSAVE_EVERY,
            autosaved: None,
            prompt: None,
            after_save: None,
            dialog: None,
            recovery,
            notice: None,
            close_confirmed: false,
            use_native_dialogs: true,
            actions: Vec::new(),
            dirty: false,
            checked: Instant::now(),
        }
    }

    /// The session file's name for the title bar.
    pub fn name(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(|| "Untitled session".to_string(), |n| n.to_string_lossy().into_owned())
    }

    pub(crate) fn say(&mut self, text: String, error: bool) {
        self.notice = Some(Notice { text, error, shown_at: None });
    }
}

/// Session files, for both dialogs.
pub fn session_files(store: Option<&Store>) -> FileKind {
    let folder = store.map_or_else(|| crate::files::project_folder("saves"), |s| s.folder.clone());
    FileKind {
        name: "Sessions",
        extensions: &["ron"],
        open_folder: folder.clone(),
        save_folder: folder,
        default_name: "session.ron",
    }
}
