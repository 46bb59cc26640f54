//! Choosing a file: the system's dialog when there is one, else an in-window dialog — a path field and the files
//! of the usual folders — which is what a machine without a desktop portal (CI, Xvfb, a bare window manager) gets.
//! Both the Tree lab's files and sessions use it; the dialog only reports what was chosen, the caller acts.

use eframe::egui;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Open or save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Choose an existing file to read.
    Open,
    /// Name a file to write.
    Save,
}

/// What kind of file is chosen, for both dialogs.
#[derive(Clone, Debug, PartialEq)]
pub struct FileKind {
    /// "Tree files", "Sessions".
    pub name: &'static str,
    /// The extensions the dialog lists and offers (`ron`, `txt`), without their dots.
    pub extensions: &'static [&'static str],
    /// Where the system's dialog starts, for opening and for saving.
    pub open_folder: PathBuf,
    /// Where the system's dialog starts when saving.
    pub save_folder: PathBuf,
    /// The file name a save starts from.
    pub default_name: &'static str,
}

/// The in-window dialog.
#[derive(Clone, Debug)]
pub struct PathDialog {
    /// Opening or saving.
    pub mode: Mode,
    /// The window's title ("Open a tree").
    pub title: String,
    /// A line under the title (what the name's extension means, say).
    pub note: Option<String>,
    /// The path typed so far.
    pub path: String,
    /// The files offered, and the line above them.
    pub listing: Vec<PathBuf>,
    /// The line above the files offered.
    pub listing_title: String,
    /// Why the last path was refused, shown until the path changes.
    pub error: Option<String>,
}

/// What the user did with the in-window dialog this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Chosen {
    /// The path the user chose.
    Path(PathBuf),
    /// The dialog was closed without a choice.
    Cancel,
}

/// What the system's file dialog did.
pub enum Native {
    /// The file the user picked.
    Picked(PathBuf),
    /// The user closed the dialog.
    Cancelled,
    /// No dialog could be shown.
    Unavailable,
}

/// Shows the system's dialog. Without a session bus there is no portal to ask; and a dialog that "closes" faster
/// than a person could cancel it never opened (rfd reports a failed portal call as a cancel).
pub fn native_dialog(mode: Mode, kind: &FileKind) -> Native {
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        return Native::Unavailable;
    }
    let start = Instant::now();
    let folder = if mode == Mode::Open { &kind.open_folder } else { &kind.save_folder };
    let dialog = rfd::FileDialog::new()
        .add_filter(kind.name, kind.extensions)
        .add_filter("All files", &["*"])
        .set_directory(folder);
    let picked = match mode {
        Mode::Open => dialog.pick_file(),
        Mode::Save => dialog.set_file_name(kind.default_name).save_file(),
    };
    match picked {
        Some(path) => Native::Picked(path),
        None if start.elapsed() < Duration::from_millis(150) => Native::Unavailable,
        None => Native::Cancelled,
    }
}

impl PathDialog {
    /// A dialog starting at `current` (or the kind's default name in its save folder), listing `listing`.
    pub fn new(mode: Mode, title: &str, kind: &FileKind, current: Option<&Path>, listing: Vec<PathBuf>) -> Self {
        let path = current.map_or_else(|| kind.save_folder.join(kind.default_name), Path::to_path_buf);
        let folders = if kind.open_folder == kind.save_folder {
            kind.open_folder.display().to_string()
        } else {
            format!("{} and {}", kind.open_folder.display(), kind.save_folder.display())
        };
        PathDialog {
            mode,
            title: title.to_string(),
            note: None,
            path: path.display().to_string(),
            listing,
            listing_title: format!("In {folders}:"),
            error: None,
        }
    }

    /// Draws the dialog; returns what was chosen, if anything, this frame.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Chosen> {
        let mut chosen = None;
        let mut open = true;
        let window = egui::Window::new(self.title.as_str()).open(&mut open).collapsible(false).default_width(420.0);
        crate::app::windows::show(window, ctx, |ui| {
            if let Some(note) = &self.note {
                ui.label(note);
            }
            let label = ui.label("Path");
            let field =
                ui.add(egui::TextEdit::singleline(&mut self.path).desired_width(f32::INFINITY)).labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                let verb = if self.mode == Mode::Open { "Open" } else { "Save" };
                if ui.button(verb).clicked() || entered {
                    chosen = Some(Chosen::Path(PathBuf::from(self.path.trim())));
                }
                if ui.button("Cancel").clicked() {
                    chosen = Some(Chosen::Cancel);
                }
            });
            if let Some(error) = &self.error {
                ui.label(egui::RichText::new(error).color(ui.visuals().error_fg_color));
            }
            ui.separator();
            ui.label(egui::RichText::new(&self.listing_title).weak());
            egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
                for path in &self.listing {
                    let name = path.display().to_string();
                    if ui.selectable_label(self.path == name, &name).clicked() {
                        self.path = name;
                        if self.mode == Mode::Open {
                            chosen = Some(Chosen::Path(path.clone()));
                        }
                    }
                }
                if self.listing.is_empty() {
                    ui.label("(no files)");
                }
            });
        });
        if !open || crate::app::windows::escape_pressed(ctx) {
            chosen = Some(Chosen::Cancel);
        }
        chosen
    }
}
