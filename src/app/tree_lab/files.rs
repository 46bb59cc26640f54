//! Tree files: opening and saving (RON `TreeFile` or plain notation), the example files of `games/trees/`, and
//! the in-window file dialog used when the system's dialog is not available (no desktop portal, as under Xvfb
//! or in CI).
//!
//! Reading and writing happen only in [`super::TreeLab::apply`]; the dialog drawn here just pushes actions.

use super::{Action, TreeLab};
use crate::app::path_dialog::{Chosen, FileKind, Native, PathDialog, native_dialog};
use crate::tree::file::{TreeFile, parse_any, to_ron};
use crate::tree::lab::tables::trace_export;
use crate::tree::model::Tree;
use crate::tree::notation;
use eframe::egui;
use std::path::{Path, PathBuf};

pub use crate::app::path_dialog::Mode;
// Named here too for the session code, which finds `saves/` through the lab's files.
use crate::files::project_folder;

/// The folders the in-window dialog lists.
pub const TREE_FOLDERS: [&str; 2] = ["games/trees", "saves"];

/// A file of `games/trees/` as the Examples menu lists it: readable or not.
#[derive(Clone, Debug)]
pub struct FileExample {
    /// The file.
    pub path: PathBuf,
    /// The first comment line, which says what the example shows.
    pub description: String,
    /// The tree it holds, or why it could not be read.
    pub tree: Result<Tree, String>,
}

impl FileExample {
    /// The menu entry: the file name.
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(|| self.path.display().to_string(), |n| n.to_string_lossy().into_owned())
    }
}

/// What the dialogs choose here: tree files, opened from the examples and saved into `saves/`.
pub fn tree_files() -> FileKind {
    FileKind {
        name: "Tree files",
        extensions: &["txt", "ron", "tree"],
        open_folder: project_folder(TREE_FOLDERS[0]),
        save_folder: project_folder(TREE_FOLDERS[1]),
        default_name: "tree.txt",
    }
}

/// The in-window dialog for tree files.
pub fn tree_dialog(mode: Mode, current: Option<&Path>) -> PathDialog {
    let title = if mode == Mode::Open { "Open a tree" } else { "Save the tree" };
    let mut dialog = PathDialog::new(mode, title, &tree_files(), current, list_tree_files());
    if mode == Mode::Save {
        dialog.note = Some("A .ron name saves the studio's tree file; any other, the notation.".into());
    }
    dialog
}

/// Every file in the tree folders, sorted by folder then name.
pub fn list_tree_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for folder in TREE_FOLDERS {
        let Ok(entries) = std::fs::read_dir(project_folder(folder)) else { continue };
        let mut here: Vec<PathBuf> =
            entries.flatten().map(|e| e.path()).filter(|p| p.is_file() && !is_hidden(p)).collect();
        here.sort();
        files.extend(here);
    }
    files
}

/// Dot files (`.gitkeep`) are not trees.
fn is_hidden(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// Every file of `games/trees/`, each read and checked.
pub fn read_examples() -> Vec<FileExample> {
    let folder = project_folder(TREE_FOLDERS[0]);
    list_tree_files()
        .into_iter()
        .filter(|p| p.starts_with(&folder))
        .map(|path| {
            let text = crate::files::read_text(&path, crate::files::MAX_TEXT_BYTES);
            let description = text
                .as_deref()
                .ok()
                .and_then(|t| t.lines().find_map(|l| l.trim().strip_prefix('#')))
                .map_or_else(String::new, |l| l.trim().to_string());
            let tree = text.and_then(|t| parse_any(&t));
            FileExample { path, description, tree }
        })
        .collect()
}

/// Reads a tree file of either kind; the tree is checked.
pub fn read_tree(path: &Path) -> Result<Tree, String> {
    // Bounded, regular files only: a FIFO or a device picked in the dialog must not stall the window.
    let text = crate::files::read_text_raw(path, crate::files::MAX_TEXT_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_any(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a tree: as a RON `TreeFile` when the name ends in `.ron`, else as notation.
pub fn write_tree(path: &Path, tree: &Tree) -> Result<(), String> {
    let text = if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ron")) {
        to_ron(&TreeFile::new(tree.clone()))
    } else {
        format!("{}\n", notation::print(tree))
    };
    write_text(path, &text)
}

/// Writes a text file atomically (see [`crate::files`]: a failed write leaves the old file whole), making its folder
/// first (a fresh checkout or another working folder may lack `saves/`).
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    crate::files::write_atomic(path, text.as_bytes())
}

/// The in-window dialog, when open.
pub(super) fn dialog_window(lab: &mut TreeLab, ui: &mut egui::Ui) {
    let Some(dialog) = &mut lab.dialog else { return };
    match dialog.show(ui.ctx()) {
        Some(Chosen::Path(path)) => lab.actions.push(match dialog.mode {
            Mode::Open => Action::OpenPath(path),
            Mode::Save => Action::SavePath(path),
        }),
        Some(Chosen::Cancel) => lab.actions.push(Action::CloseDialog),
        None => {}
    }
}

impl TreeLab {
    /// The files of `games/trees/`, as the Examples menu lists them.
    pub fn file_examples(&self) -> &[FileExample] {
        &self.file_examples
    }

    /// Whether the in-window file dialog is open.
    pub fn dialog_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Carries out the file actions: the one place the Tree lab reads and writes files.
    pub(super) fn apply_file(&mut self, action: Action) {
        use super::editing::Message;
        match action {
            Action::CopyTrace(format) | Action::SaveTrace(format) => {
                let exported = self.analysis.as_ref().and_then(|a| Some((a.run.as_ref()?, trace_export(a, format)?)));
                let Some((run, text)) = exported else {
                    self.editor.message = Some(Message::Error("There is no search to export.".into()));
                    return;
                };
                let name = format.name();
                if matches!(action, Action::CopyTrace(_)) {
                    self.editor.to_clipboard = Some(text);
                    self.editor.message = Some(Message::Note(format!("the trace is on the clipboard as {name}")));
                } else {
                    let file = format!("trace-{}.{}", run.algorithm.name(), format.extension());
                    let path = project_folder("saves").join(file);
                    self.editor.message = Some(match write_text(&path, &text) {
                        Ok(()) => Message::Note(format!("trace saved as {}", path.display())),
                        Err(e) => Message::Error(format!("could not save the trace: {e}")),
                    });
                }
            }
            Action::CopyNotation => {
                if let Some(tree) = &self.tree {
                    self.editor.to_clipboard = Some(notation::print(tree));
                    self.editor.message = Some(Message::Note("the tree's notation is on the clipboard".into()));
                }
            }
            Action::FileDialog(mode) => {
                let native =
                    if self.use_native_dialogs { native_dialog(mode, &tree_files()) } else { Native::Unavailable };
                match native {
                    Native::Picked(path) => self.apply_file(match mode {
                        Mode::Open => Action::OpenPath(path),
                        Mode::Save => Action::SavePath(path),
                    }),
                    Native::Cancelled => {}
                    Native::Unavailable => self.dialog = Some(tree_dialog(mode, self.file_path.as_deref())),
                }
            }
            Action::OpenPath(path) => match read_tree(&path) {
                Ok(tree) => {
                    self.dialog = None;
                    self.editor.message = Some(Message::Note(format!("opened {}", path.display())));
                    self.replace_tree(tree);
                    self.file_path = Some(path);
                }
                Err(error) => self.file_error(error),
            },
            Action::SavePath(path) => {
                let Some(tree) = &self.tree else { return };
                match write_tree(&path, tree) {
                    Ok(()) => {
                        self.dialog = None;
                        self.editor.message = Some(Message::Note(format!("saved {}", path.display())));
                        self.file_path = Some(path);
                    }
                    Err(error) => self.file_error(error),
                }
            }
            Action::CloseDialog => self.dialog = None,
            Action::LoadFileExample(index) => {
                if let Some(Ok(tree)) = self.file_examples.get(index).map(|e| e.tree.clone()) {
                    self.replace_tree(tree);
                }
            }
            _ => {}
        }
    }

    /// Shows a file error in the dialog if it is open, else under the node bar.
    fn file_error(&mut self, error: String) {
        match &mut self.dialog {
            Some(dialog) => dialog.error = Some(error),
            None => self.editor.message = Some(super::editing::Message::Error(error)),
        }
    }
}
