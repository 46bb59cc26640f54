//! The Help menu: each view's own help (F1), the user guide's pages, every keyboard shortcut, and About — what the
//! studio is, its licence, and the memos and papers it is built on.

use eframe::egui;

/// The user guide's pages, as `docs/` holds them: the menu's title and the file.
pub const GUIDE: [(&str, &str); 9] = [
    ("The Tree lab", "tree-lab.md"),
    ("Tree notation", "tree-notation.md"),
    ("Play", "play.md"),
    ("Telemetry", "telemetry.md"),
    ("Sessions", "sessions.md"),
    ("The command line", "cli.md"),
    ("Writing a game", "writing-a-game.md"),
    ("Strength of the levels", "strength.md"),
    ("What the counts count", "counts.md"),
];

/// A guide page is a few tens of kilobytes; more than this is not one of ours.
const MAX_PAGE_BYTES: u64 = 1024 * 1024;

/// The keyboard shortcuts of the whole window and of Play, by where they work (the Tree lab's own list, longer, is
/// [`crate::app::tree_lab::help::SHORTCUTS`]).
pub const SHORTCUTS: [(&str, &str, &str); 10] = [
    ("Everywhere", "F1", "the help of the view on screen"),
    ("Everywhere", "Ctrl+N / Ctrl+O", "new session / open a session"),
    ("Everywhere", "Ctrl+S / Ctrl+Shift+S", "save the session / save it as"),
    ("Everywhere", "Ctrl+Q", "quit (asking first about unsaved work)"),
    ("Everywhere", "Escape", "close the window on top"),
    (
        "Everywhere",
        "Ctrl+plus / Ctrl+minus / Ctrl+0",
        "the interface larger / smaller / at 100 % (kept for the next start)",
    ),
    ("Play", "Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y", "undo / redo a move"),
    ("Play", "Space", "pause or resume the AI"),
    ("Play", "← → Home End", "step through the game's positions (read-only)"),
    ("Play", "Ctrl+R, F5", "reload the games folder"),
];

/// The works the studio is built on, as people cite them.
pub const SOURCES: [(&str, &str); 6] = [
    (
        "Hart & Edwards, 1961",
        "The Tree Prune (TP) Algorithm, MIT AI Memo 30: α-β's first description, rules 1–6 and a worked example",
    ),
    (
        "Edwards & Hart, 1963",
        "The α-β Heuristic, MIT AI Memo 30 (revised): the definition, move ordering, and Levin's minimum",
    ),
    ("Knuth & Moore, 1975", "An Analysis of Alpha-Beta Pruning, Artificial Intelligence 6: negamax and its analysis"),
    ("Pearl, 1982", "The solution for the branching factor of the alpha-beta pruning algorithm: Pearl's rate"),
    ("Ballard, 1983", "The *-minimax search procedure for trees containing chance nodes: Star1"),
    ("Russell & Norvig", "Artificial Intelligence: A Modern Approach: α-β as MAX-VALUE / MIN-VALUE"),
];

/// Which help windows are open.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HelpWindows {
    /// The guide page shown (index into [`GUIDE`]) and its text, or why it could not be read.
    pub page: Option<(usize, Result<String, String>)>,
    /// Whether the keyboard shortcuts are shown.
    pub shortcuts: bool,
    /// Whether About is shown.
    pub about: bool,
}

/// What the Help menu was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpAction {
    /// The help of the view on screen (as F1).
    ThisView,
    /// A page of the user guide (index into [`GUIDE`]).
    Page(usize),
    /// Every keyboard shortcut.
    Shortcuts,
    /// The version, the licence and the works the studio is built on.
    About,
}

/// The Help menu's entries.
pub fn menu(ui: &mut egui::Ui) -> Option<HelpAction> {
    let mut asked = None;
    if ui.add(egui::Button::new("Help for this view").shortcut_text("F1")).clicked() {
        asked = Some(HelpAction::ThisView);
    }
    ui.menu_button("User guide", |ui| {
        for (i, (title, _)) in GUIDE.iter().enumerate() {
            if ui.button(*title).clicked() {
                asked = Some(HelpAction::Page(i));
            }
        }
    });
    if ui.button("Keyboard shortcuts").clicked() {
        asked = Some(HelpAction::Shortcuts);
    }
    if ui.button("About Alpha-Beta Studio").clicked() {
        asked = Some(HelpAction::About);
    }
    if asked.is_some() {
        ui.close();
    }
    asked
}

impl HelpWindows {
    /// Opens the page `index` of the guide, read from `docs/`.
    pub fn open_page(&mut self, index: usize) {
        let Some((_, file)) = GUIDE.get(index) else { return };
        let path = crate::files::project_folder("docs").join(file);
        self.page = Some((index, crate::files::read_text(&path, MAX_PAGE_BYTES)));
    }

    /// Draws the open windows.
    pub fn show(&mut self, ctx: &egui::Context) {
        let escape = crate::app::windows::escape_pressed(ctx);
        if let Some((index, text)) = &self.page {
            let mut open = true;
            let title = GUIDE.get(*index).map_or("User guide", |(title, _)| title);
            let window = egui::Window::new(format!("User guide: {title}")).open(&mut open).default_width(720.0);
            crate::app::windows::show(window, ctx, |ui| match text {
                Ok(text) => {
                    ui.add(egui::Label::new(text.as_str()).wrap());
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, format!("The page could not be read: {e}"));
                }
            });
            if !open || escape {
                self.page = None;
            }
        }
        if self.shortcuts {
            let mut open = true;
            let window = egui::Window::new("All keyboard shortcuts").open(&mut open).default_width(520.0);
            crate::app::windows::show(window, ctx, |ui| {
                egui::Grid::new("help_shortcuts").striped(true).show(ui, |ui| {
                    let tree_lab = crate::app::tree_lab::help::SHORTCUTS.iter().filter(|(keys, _)| !keys.is_empty());
                    let rows = SHORTCUTS.into_iter().chain(tree_lab.map(|&(keys, what)| ("Tree lab", keys, what)));
                    for (place, keys, what) in rows {
                        ui.label(egui::RichText::new(place).weak());
                        ui.label(egui::RichText::new(keys).monospace());
                        ui.label(what);
                        ui.end_row();
                    }
                });
            });
            self.shortcuts = open && !escape;
        }
        if self.about {
            let mut open = true;
            let window = egui::Window::new("About Alpha-Beta Studio").open(&mut open).default_width(560.0);
            crate::app::windows::show(window, ctx, about);
            self.about = open && !escape;
        }
    }
}

/// The About window's contents.
fn about(ui: &mut egui::Ui) {
    ui.heading(format!("Alpha-Beta Studio {}", env!("CARGO_PKG_VERSION")));
    ui.label(
        "Watch α-β search think: trees drawn and replayed, games played against levelled AIs, every search measured.",
    );
    ui.label(format!("Licence: {} (the studio's own code).", env!("CARGO_PKG_LICENSE")));
    ui.add_space(6.0);
    ui.strong("Built on");
    // One paragraph a work, wrapped to the window: a grid squeezed its descriptions to a word a line.
    for (who, what) in SOURCES {
        ui.horizontal_wrapped(|ui| {
            ui.strong(who);
            ui.label(what);
        });
    }
}
