//! The Tree lab: type or pick a tree, see it drawn, and watch any algorithm search it step by step, with the
//! counts, the pruned branches and the lecture's trace table always in view.
//!
//! [`TreeLab`] owns the view's state and can be built and driven without a window (the UI tests do). Its panels
//! push [`Action`]s while drawing; [`TreeLab::apply`] carries them out afterwards, in one place.

use eframe::egui;
use panel_shares::PanelShares;
mod background;
mod canvas;
pub use canvas::READABLE_ZOOM;
pub mod editing;
mod export;
pub mod files;
pub mod help;
mod inline;
mod node_bar;
pub mod ordering;
mod panel_shares;
mod panels;
mod playback;
mod quiz_panel;
pub mod saved;
pub mod steps;

// The lab's logic lives in the core (no window needed to analyse, replay, grade or export a tree); named here as
// before so the view's files read `super::analysis`, `super::quiz`, ….
pub use crate::tree::lab::{algorithm_title, analysis, examples, layout, quiz, replay, svg, worker, worksheet};

use crate::engine::search::Algorithm;
use crate::tree::file::{looks_like_tree_file, parse_any};
use crate::tree::model::Tree;
use crate::tree::notation;
use analysis::Analysis;
use editing::{Edit, Editor, Field};
use examples::{Example, RandomTree};
use replay::Snapshot;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What the Tree lab keeps between sessions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TreeLabSettings {
    /// The tree, as the user wrote it.
    pub text: String,
    /// The search the replay, the counts and the trace follow.
    pub algorithm: Algorithm,
    /// The shape and seed *Generate* draws a random tree from.
    pub random: RandomTree,
    /// Replay speed, in steps per second.
    pub speed: f32,
    /// The seed of the ordering lab's shuffle.
    pub shuffle_seed: u64,
}

impl Default for TreeLabSettings {
    fn default() -> Self {
        TreeLabSettings {
            text: Example::Textbook.text(),
            algorithm: Algorithm::Alphabeta,
            random: RandomTree::default(),
            speed: 4.0,
            shuffle_seed: 1,
        }
    }
}

/// What the user asked for while the view was drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The notation text changed: parse it again.
    TextEdited,
    /// The notation field lost the keyboard: the next typing is a new undo step.
    TextCommitted,
    /// Put one of the memos' and lectures' examples on the canvas.
    LoadExample(Example),
    /// Generate a random uniform tree from the settings.
    GenerateRandom,
    /// Follow another search.
    SetAlgorithm(Algorithm),
    /// Move the replay's cursor.
    Seek(Seek),
    /// Start or pause the replay.
    TogglePlay,
    /// Fit the whole tree into the canvas.
    Fit,
    /// Select a node by its path, or nothing.
    Select(Option<Vec<usize>>),
    /// Edit the selected node.
    Edit(Edit),
    /// Open the in-place field on the selected node (`None`: what Enter edits for its kind).
    StartInline(Option<Field>),
    /// Close the in-place field, keeping what was typed.
    CloseInline,
    /// Put the selected subtree's notation on the clipboard.
    Copy,
    /// Take back the last change to the tree.
    Undo,
    /// Make the change taken back again.
    Redo,
    /// Show or hide the lab's help.
    ToggleHelp,
    /// Put the tree's notation on the clipboard.
    CopyNotation,
    /// Ask where to open from or save to: the system's dialog, else the in-window one.
    FileDialog(files::Mode),
    /// Read the tree file at this path.
    OpenPath(std::path::PathBuf),
    /// Write the tree file to this path.
    SavePath(std::path::PathBuf),
    /// Close the in-window file dialog.
    CloseDialog,
    /// Load the n-th file of `games/trees/`.
    LoadFileExample(usize),
    /// Reorder the whole tree (undoable).
    Reorder(crate::tree::order::Ordering),
    /// Put the trace table (and, but for CSV, the counts) on the clipboard in a format.
    CopyTrace(crate::tree::lab::tables::TableFormat),
    /// Write the trace table (and, but for CSV, the counts) to `saves/trace-<algorithm>.<extension>`.
    SaveTrace(crate::tree::lab::tables::TableFormat),
    /// Write the whole tree, with the replay as it stands, to `saves/tree-<n>.svg`.
    ExportSvg,
    /// Write the tree as a worksheet and its answer key for the current algorithm: `saves/exercise-<n>.svg` and
    /// `saves/exercise-<n>-key.svg`.
    ExportExercise,
    /// Save the canvas as drawn to `saves/tree-<n>.png` (a screenshot of the next frame, cropped to the canvas).
    ExportPng,
    /// Collapse the subtree at a path (it is drawn as one node with its count), or expand it again.
    ToggleCollapse(Vec<usize>),
    /// Turn quiz mode on or off: the replay is hidden and the user's marks are shown instead.
    ToggleQuiz,
    /// Write one of a node's quiz marks (an empty text removes it).
    QuizMark(Vec<usize>, quiz::MarkField, String),
    /// Mark the edge above the node pruned, or unmark it.
    QuizTogglePruned(Vec<usize>),
    /// Grade every mark (and keep grading after every change until the marks are cleared).
    QuizCheck,
    /// Remove every quiz mark.
    QuizClear,
}

/// A move of the replay cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seek {
    /// Before the first event.
    Start,
    /// One event back.
    Back,
    /// One event on.
    Forward,
    /// After the last event.
    End,
    /// To the event of this number.
    To(usize),
}

/// The canvas's pan and zoom, and whether it should fit the tree next frame.
#[derive(Clone, Debug, PartialEq)]
struct CanvasView {
    offset: egui::Vec2,
    zoom: f32,
    /// How far apart levels stay however far the view zooms out, in multiples of their distance at zoom 1: Fit
    /// sets it to the most that lets the tree's height in (see `canvas::level_gap`).
    stretch: f32,
    fit_pending: bool,
    /// True when the next fit is of a tree opened from Play: it zooms no further out than its labels can be read
    /// (see `canvas::READABLE_ZOOM`), around the root, instead of showing the whole tree.
    readable: bool,
    /// True while the view is as the last fit left it: then it fits again when the canvas changes size.
    fitted: bool,
    /// The canvas's size in the previous frame.
    size: egui::Vec2,
    /// Where the tree's origin was drawn in the previous frame, so tests can click a node.
    origin: egui::Pos2,
    /// The canvas's rectangle in the previous frame: what a PNG export crops to.
    rect: egui::Rect,
    /// The subtree being dragged to a new place, by path.
    dragging: Option<Vec<usize>>,
    /// Where the dragged subtree would go if dropped now: (parent's path, index).
    drop_target: Option<(Vec<usize>, usize)>,
    /// The node the context menu was opened on.
    menu: Option<Vec<usize>>,
}

impl Default for CanvasView {
    fn default() -> Self {
        CanvasView {
            offset: egui::Vec2::ZERO,
            zoom: 1.0,
            stretch: 1.0,
            fit_pending: true,
            readable: false,
            fitted: false,
            size: egui::Vec2::ZERO,
            origin: egui::Pos2::ZERO,
            rect: egui::Rect::NOTHING,
            dragging: None,
            drop_target: None,
            menu: None,
        }
    }
}

/// The Tree lab's state.
pub struct TreeLab {
    /// What the lab keeps between sessions.
    pub settings: TreeLabSettings,
    /// The last valid tree (kept while the text has an error): what edits change and undo restores. Shared with
    /// the undo list and the worker, so neither needs a copy.
    tree: Option<Arc<Tree>>,
    /// The analysis of `tree`.
    analysis: Option<Analysis>,
    editor: Editor,
    /// The error in the current text, if any (then `analysis` is the last valid tree, not the text).
    error: Option<String>,
    /// The replay after `snapshot.cursor` steps.
    snapshot: Snapshot,
    /// The latest step in words.
    description: String,
    playing: bool,
    /// Fractions of a step accumulated while playing.
    play_clock: f32,
    view: CanvasView,
    /// The trace row the table last scrolled to, so it only scrolls when the step changes.
    scrolled_row: Option<usize>,
    /// The selected node the table last scrolled to, so a node clicked on the canvas brings its row into view once.
    scrolled_selection: Option<u32>,
    /// Show the whole trace table, not only the rows the replay has reached (for checking an answer).
    pub show_all_rows: bool,
    /// What the random line says after a typed b or d was held to its limit ("b = 12 …: using 8").
    random_note: Option<String>,
    /// Show the notation in its field even when it is very long (slow to lay out at every edit).
    edit_long_text: bool,
    /// The collapsed subtrees, by path (cleared when another tree is loaded).
    collapsed: std::collections::HashSet<Vec<usize>>,
    actions: Vec<Action>,
    /// False to skip the system's file dialog and use the in-window one (the UI tests do).
    pub use_native_dialogs: bool,
    /// The in-window file dialog, when open.
    dialog: Option<crate::app::path_dialog::PathDialog>,
    /// The files of `games/trees/`, read when the lab starts.
    file_examples: Vec<files::FileExample>,
    /// The file last opened or saved, offered again by the dialogs.
    file_path: Option<std::path::PathBuf>,
    /// What the last reordering did to the counts.
    reordered: Option<ordering::Reordered>,
    quiz: Quiz,
    /// Canvas pictures asked for and being written.
    png: export::PngSaver,
    /// A PNG export asked for, to be requested with the window's context after this frame's actions.
    png_pending: Option<std::path::PathBuf>,
    /// Compiles, lays out and searches trees off the window's thread.
    worker: worker::Worker,
    /// The window's context, once drawn: the worker wakes it after each report.
    ctx: Option<egui::Context>,
    /// Where the replay stands when the next recorded run arrives: at the start for a newly loaded tree or
    /// algorithm (there is something to watch), at the end after an edit (the result is what changed).
    on_run: Seek,
    /// The side panels' widths as shares of the window, kept across resizes.
    panel_shares: PanelShares,
    /// True from handing the worker an edit until the edited tree (or the refusal) arrives.
    change_pending: bool,
    /// Actions that came while an edit was on the worker: they act on the edited tree, so they wait for it.
    deferred: Vec<Action>,
    /// True from handing a tree to the worker until its shape arrives: until then `analysis` is of the tree before.
    shape_pending: bool,
    /// True from handing the worker a tree to print until its notation arrives (`settings.text` is the tree before).
    text_pending: bool,
}

/// Quiz mode: the user's marks and, once checked, their grade (recomputed after every change).
#[derive(Default)]
struct Quiz {
    on: bool,
    marks: quiz::Marks,
    grade: Option<quiz::Grade>,
}

impl Default for TreeLab {
    fn default() -> Self {
        Self::new(TreeLabSettings::default())
    }
}

impl TreeLab {
    /// A lab showing the settings' tree, searched and replayed to the end.
    pub fn new(settings: TreeLabSettings) -> TreeLab {
        let mut lab = TreeLab {
            settings,
            tree: None,
            analysis: None,
            editor: Editor::default(),
            error: None,
            snapshot: Snapshot::default(),
            description: String::new(),
            playing: false,
            play_clock: 0.0,
            view: CanvasView::default(),
            scrolled_row: None,
            scrolled_selection: None,
            show_all_rows: false,
            random_note: None,
            collapsed: Default::default(),
            edit_long_text: false,
            actions: Vec::new(),
            use_native_dialogs: true,
            dialog: None,
            file_examples: files::read_examples(),
            file_path: None,
            reordered: None,
            quiz: Quiz::default(),
            png: Default::default(),
            png_pending: None,
            worker: worker::Worker::new(),
            ctx: None,
            on_run: Seek::Start,
            shape_pending: false,
            text_pending: false,
            panel_shares: PanelShares::default(),
            change_pending: false,
            deferred: Vec::new(),
        };
        lab.reparse(false);
        lab
    }

    /// Draws the view and then applies what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        if let Some((said, failed)) = self.png.poll() {
            self.editor.message =
                Some(if failed { editing::Message::Error(said) } else { editing::Message::Note(said) });
        }
        if self.ctx.is_none() {
            self.ctx = Some(ui.ctx().clone());
        }
        self.receive();
        self.apply_deferred();
        if self.worker.busy() {
            // The worker wakes the window after each report; this covers a job submitted before the window existed.
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
        }
        self.keyboard(ui);
        self.advance_playback(ui);
        // The side panels give way on a small window, so the canvas keeps at least about 40 % of the width, and
        // take their share back when it grows again (see `PanelShares`).
        let width = ui.available_width();
        let resized = self.panel_shares.window_changed(width);
        let (left_range, right_range) = PanelShares::ranges(width);
        let mut left = egui::Panel::left("tree_lab_editor").default_size(self.panel_shares.left_width(width));
        left = match resized {
            true => left.exact_size(self.panel_shares.left_width(width)),
            false => left.size_range(left_range.clone()),
        };
        let shown = left.show(ui, |ui| panels::editor(self, ui)).response.rect.width();
        self.panel_shares.left_shown(shown, width, resized);
        let mut right = egui::Panel::right("tree_lab_trace").default_size(self.panel_shares.right_width(width));
        right = match resized {
            true => right.exact_size(self.panel_shares.right_width(width)),
            false => right.size_range(right_range.clone()),
        };
        let shown = right
            .show(ui, |ui| if self.quiz.on { quiz_panel::panel(self, ui) } else { steps::trace_table(self, ui) })
            .response
            .rect
            .width();
        self.panel_shares.right_shown(shown, width, resized);
        egui::Panel::bottom("tree_lab_steps").show(ui, |ui| steps::controls(self, ui));
        egui::CentralPanel::default().show(ui, |ui| {
            node_bar::show(self, ui);
            canvas::show(self, ui);
        });
        help::window(self, ui);
        files::dialog_window(self, ui);
        for action in std::mem::take(&mut self.actions) {
            self.apply(action);
        }
        if let Some(text) = self.editor.to_clipboard.take() {
            ui.ctx().copy_text(text);
        }
        self.request_png(ui.ctx());
    }

    /// Carries out one action. While an edit is on the worker, an action that reads or changes the tree waits
    /// for the edited tree, and is carried out when it arrives, in order.
    pub fn apply(&mut self, action: Action) {
        if (self.change_pending || !self.deferred.is_empty()) && !independent(&action) {
            self.deferred.push(action);
            return;
        }
        self.aim_replay(&action);
        match action {
            Action::TextEdited => self.reparse(true),
            Action::TextCommitted => self.editor.typing = false,
            Action::LoadExample(example) => {
                self.new_quiz();
                self.set_text(example.text());
            }
            Action::GenerateRandom => {
                self.new_quiz();
                self.set_text(self.settings.random.text());
            }
            Action::SetAlgorithm(algorithm) => self.set_algorithm(algorithm),
            Action::Seek(seek) => {
                self.playing = false;
                self.seek(seek);
            }
            Action::TogglePlay => self.toggle_play(),
            Action::Fit => self.view.fit_pending = true,
            Action::ToggleCollapse(path) => self.toggle_collapse(path),
            Action::Select(path) => self.select(path),
            Action::Edit(edit) => {
                self.editor.inline = None;
                self.apply_edit(edit);
            }
            Action::StartInline(field) => self.start_inline(field),
            Action::CloseInline => self.editor.inline = None,
            Action::Copy => self.copy_selected(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::ToggleHelp => self.editor.help_open = !self.editor.help_open,
            Action::CopyNotation
            | Action::FileDialog(_)
            | Action::OpenPath(_)
            | Action::SavePath(_)
            | Action::CloseDialog
            | Action::LoadFileExample(_)
            | Action::CopyTrace(_)
            | Action::SaveTrace(_) => self.apply_file(action),
            Action::Reorder(ordering) => self.reorder(ordering),
            Action::ExportSvg | Action::ExportPng | Action::ExportExercise => self.export(action),
            Action::ToggleQuiz
            | Action::QuizMark(..)
            | Action::QuizTogglePruned(_)
            | Action::QuizCheck
            | Action::QuizClear => self.apply_quiz(action),
        }
    }

    /// Where the replay starts after `action`: a tree loaded is watched from its first step; after an edit the
    /// replay shows the new result.
    fn aim_replay(&mut self, action: &Action) {
        match action {
            Action::OpenPath(_) | Action::LoadFileExample(_) | Action::LoadExample(_) | Action::GenerateRandom => {
                self.on_run = Seek::Start;
                self.collapsed.clear();
                // The old tree's selection and note (e.g. "The move tree from Play…") say nothing of the new one.
                self.editor.selected = None;
                self.editor.message = None;
            }
            Action::Edit(_) | Action::Undo | Action::Redo | Action::Reorder(_) => self.on_run = Seek::End,
            _ => {}
        }
    }

    /// Switches to `algorithm` and analyses the tree again with it.
    fn set_algorithm(&mut self, algorithm: Algorithm) {
        self.settings.algorithm = algorithm;
        if self.shape_pending
            && let Some(tree) = self.tree.clone()
        {
            // The tree shown is still on its way: analyse it, not the one before it, with the new algorithm.
            self.on_run = Seek::Start;
            let task = worker::Task::Tree { tree, print: self.text_pending };
            self.worker.submit(task, algorithm, self.wake());
            self.receive();
        } else if let Some(analysis) = &mut self.analysis {
            let flat = analysis.flat.clone();
            analysis.run = None;
            self.on_run = Seek::Start;
            self.seek(Seek::Start);
            self.worker.submit(worker::Task::Rerun(flat), algorithm, self.wake());
            self.receive();
        }
        self.regrade();
    }

    /// Starts or stops the replay, from the start when it stood at the end.
    fn toggle_play(&mut self) {
        self.playing = !self.playing && self.step_count() > 0;
        if self.playing && self.snapshot.cursor >= self.step_count() {
            self.seek(Seek::Start);
        }
        self.play_clock = 0.0;
    }

    /// Expands the subtree at `path`, or collapses it when it is an inner node.
    fn toggle_collapse(&mut self, path: Vec<usize>) {
        if !self.collapsed.remove(&path) {
            let inner = self.tree.as_ref().and_then(|t| t.node_at(&path)).is_some_and(|n| !n.is_leaf());
            if inner {
                self.collapsed.insert(path);
            }
        }
        self.relayout();
    }

    /// Selects the node at `path` (none for `None`), closing any inline field.
    fn select(&mut self, path: Option<Vec<usize>>) {
        // A message about the last node would read as if it were about the new one.
        if self.editor.selected != path {
            self.editor.message = None;
        }
        self.editor.selected = path;
        self.editor.inline = None;
        self.check_selection();
    }

    /// Shows `tree` (an undoable change, like opening a file), with a note saying where it came from.
    pub fn open_tree(&mut self, tree: Tree, note: &str) {
        self.on_run = Seek::Start;
        self.collapsed.clear();
        // The old selection's path names nothing in a tree from elsewhere.
        self.editor.selected = None;
        self.replace_tree(tree);
        self.editor.message = Some(editing::Message::Note(note.to_string()));
    }

    /// [`TreeLab::open_tree`] for a tree from Play: it opens zoomed so that its moves and values can be read
    /// (however large the tree), on its root, rather than fitted whole.
    pub fn open_tree_readable(&mut self, tree: Tree, note: &str) {
        self.open_tree(tree, note);
        self.view.readable = true;
        self.view.fit_pending = true;
    }

    /// The canvas's zoom (1 is the nodes' and labels' own size).
    pub fn zoom(&self) -> f32 {
        self.view.zoom
    }

    /// The move labels the canvas leaves out at its zoom for want of room, sorted.
    pub fn hidden_labels(&self) -> Vec<String> {
        self.analysis.as_ref().map_or_else(Vec::new, |a| canvas::hidden_labels(&a.flat, &a.layout, self.view.zoom))
    }

    /// Replaces the text and analyses it.
    pub fn set_text(&mut self, text: impl Into<String>) {
        self.settings.text = text.into();
        self.reparse(false);
    }

    /// The error in the current text, with its line and column; `None` when the text is a valid tree.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The tree shown and searched (the last valid one).
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// The replay's position: how many steps have happened.
    pub fn cursor(&self) -> usize {
        self.snapshot.cursor
    }

    /// The number of recorded steps (0 when nothing was searched).
    pub fn step_count(&self) -> usize {
        self.analysis.as_ref().and_then(|a| a.run.as_ref()).map_or(0, |r| r.steps.len())
    }

    /// (events so far, events in all) of the replay: what the counter under the canvas shows.
    pub fn events(&self) -> (usize, usize) {
        self.analysis.as_ref().and_then(|a| a.run.as_ref()).map_or((0, 0), |run| run.events(self.snapshot.cursor))
    }

    /// The number of trace rows the table shows now.
    pub fn trace_rows_shown(&self) -> usize {
        let Some(run) = self.analysis.as_ref().and_then(|a| a.run.as_ref()) else { return 0 };
        if self.show_all_rows {
            return run.trace.len();
        }
        self.snapshot.cursor.checked_sub(1).and_then(|i| run.rows_after.get(i)).copied().unwrap_or(0)
    }

    /// The latest step in words.
    pub fn step_description(&self) -> &str {
        &self.description
    }

    /// "7 of 9": leaves the chosen algorithm evaluated, of all leaves; `None` without a search.
    pub fn leaves_text(&self) -> Option<String> {
        let analysis = self.analysis.as_ref()?;
        let run = analysis.run.as_ref()?;
        let (leaves, of) = (run.result.stats.leaves_evaluated, analysis.flat.leaf_count as u64);
        Some(format!("{} of {}", crate::numbers::count(leaves), crate::numbers::count(of)))
    }

    /// Parses the text and shows its tree, undoably; `typed` when the user is typing it (then a burst of typing
    /// is one undo step).
    fn reparse(&mut self, typed: bool) {
        self.on_run = if typed { Seek::End } else { Seek::Start };
        if !typed {
            self.collapsed.clear();
        }
        let text = &self.settings.text;
        let parsed: Result<Tree, String> =
            if looks_like_tree_file(text) { parse_any(text) } else { notation::parse(text).map_err(|e| e.to_string()) };
        match parsed {
            Ok(tree) => {
                let old = self.tree.clone();
                let continuing = typed && self.editor.typing;
                if self.show_tree(tree, true, false) && !continuing {
                    self.editor.typing = self.remember(old) && typed;
                }
            }
            Err(message) => self.error = Some(message),
        }
    }

    /// Shows `tree` and has it analysed (at once when small, else on the worker: the canvas draws it as soon as
    /// it is laid out, and the figures fill in); false, with the reason as the error, when it is not a valid tree.
    /// `checked`: the caller has validated it already (an edit, a parsed text), so it is not walked again here.
    /// `print`: the worker prints it into `settings.text` (a tree that came from the text has its text already).
    fn show_tree(&mut self, tree: Tree, checked: bool, print: bool) -> bool {
        if !checked && let Err(e) = tree.validate() {
            self.error = Some(e.to_string());
            return false;
        }
        self.show_shared(Arc::new(tree), print);
        true
    }

    /// Shows a valid tree and has it analysed, as [`Self::show_tree`] does.
    fn show_shared(&mut self, tree: Arc<Tree>, print: bool) {
        // A new tree supersedes an edit still on the worker (its job is cancelled).
        self.change_pending = false;
        self.shape_pending = true;
        self.text_pending = print;
        let task = worker::Task::Tree { tree: tree.clone(), print };
        self.worker.submit(task, self.settings.algorithm, self.wake());
        self.tree = Some(tree);
        self.error = None;
        self.playing = false;
        self.scrolled_row = None;
        self.check_selection();
        self.receive();
    }

    /// Lays the tree out again with the collapsed subtrees folded (on this thread: linear, a few milliseconds on
    /// the largest tree, and only when a subtree is collapsed or expanded).
    fn relayout(&mut self) {
        let Some(analysis) = &mut self.analysis else { return };
        let flat = &analysis.flat;
        self.collapsed.retain(|path| flat.node_at(path).is_some_and(|id| !flat.is_leaf(id)));
        let folded = self.collapsed.iter().filter_map(|path| flat.node_at(path)).collect();
        analysis.layout = layout::Layout::compute_folded(flat, &folded);
    }

    /// Whether the subtree at `path` is collapsed.
    pub fn is_collapsed(&self, path: &[usize]) -> bool {
        self.collapsed.contains(path)
    }
}

/// Whether `action` neither reads nor changes the tree, so it need not wait for an edit on the worker.
fn independent(action: &Action) -> bool {
    matches!(
        action,
        Action::Seek(_)
            | Action::TogglePlay
            | Action::Fit
            | Action::ToggleHelp
            | Action::CloseDialog
            | Action::TextCommitted
            | Action::CloseInline
    )
}
