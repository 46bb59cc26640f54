//! The Tree lab as a session saves it, and back: the tree (as the user wrote it, and the last valid tree when the
//! text has an error), the algorithm and the other settings, and the view — pan, zoom, selected node, replay step.
//! The quiz's marks are saved too. The undo history is not: it belongs to the sitting, as in most editors.

use super::canvas::{STRETCH, ZOOM};
use super::quiz::Marks;
use super::{CanvasView, Seek, TreeLab, TreeLabSettings};
use crate::tree::notation;
use eframe::egui;
use serde::{Deserialize, Serialize};

/// What a session keeps of the Tree lab.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TreeSession {
    /// The lab's settings: the tree's text, the algorithm, the options.
    pub settings: TreeLabSettings,
    /// The tree on the canvas, in notation, when the text has an error (the canvas shows the last valid tree).
    pub valid_tree: Option<String>,
    /// The selected node's path.
    pub selected: Option<Vec<usize>>,
    /// The replay's step.
    pub step: usize,
    /// True while the canvas fits the tree to the window; otherwise `zoom`, `offset` and `stretch` place it.
    pub fitted: bool,
    /// The canvas's zoom, 1 at 100 %.
    pub zoom: f32,
    /// Where the tree's origin is on the canvas, in points.
    pub offset: [f32; 2],
    /// How far apart the levels stay however far the view zooms out, in multiples of their distance at zoom 1.
    pub stretch: f32,
    /// Quiz mode: on or off, the user's marks, and whether they were checked (the grade is recomputed on load).
    pub quiz: bool,
    /// The leaves the user marked as pruned.
    pub quiz_marks: Marks,
    /// Whether the marks were checked.
    pub quiz_checked: bool,
}

impl Default for TreeSession {
    fn default() -> Self {
        TreeLab::default().to_session()
    }
}

impl TreeSession {
    /// The parts that are work (the tree, its settings, the quiz's marks), not view (pan, zoom, selection, step):
    /// what counts as unsaved work.
    pub fn content(&self) -> (&TreeLabSettings, &Option<String>, &Marks) {
        (&self.settings, &self.valid_tree, &self.quiz_marks)
    }
}

impl TreeLab {
    /// The lab's state, for a session file.
    pub fn to_session(&self) -> TreeSession {
        let view = &self.view;
        TreeSession {
            settings: self.settings.clone(),
            valid_tree: self.error.as_ref().and(self.tree.as_deref()).map(notation::print),
            selected: self.editor.selected.clone(),
            step: self.snapshot.cursor,
            fitted: view.fitted || view.fit_pending,
            zoom: view.zoom,
            offset: [view.offset.x, view.offset.y],
            stretch: view.stretch,
            quiz: self.quiz.on,
            quiz_marks: self.quiz.marks.clone(),
            quiz_checked: self.quiz.grade.is_some(),
        }
    }

    /// A lab showing `session`'s tree and view. Never fails: a text with an error is shown with its error, as if
    /// just typed.
    pub fn from_session(session: &TreeSession, use_native_dialogs: bool) -> TreeLab {
        let mut settings = session.settings.clone();
        let text = std::mem::take(&mut settings.text);
        settings.text = session.valid_tree.clone().unwrap_or_else(|| text.clone());
        let mut lab = TreeLab::new(settings);
        lab.use_native_dialogs = use_native_dialogs;
        if session.valid_tree.is_some() {
            lab.settings.text = text;
            lab.reparse(false);
        }
        lab.quiz.on = session.quiz;
        lab.quiz.marks = session.quiz_marks.clone();
        if let Some(analysis) = &lab.analysis {
            lab.quiz.marks.retain_existing(&analysis.flat);
        }
        if session.quiz_checked {
            lab.quiz.grade = Some(Default::default());
            lab.regrade();
        }
        lab.editor.selected = session.selected.clone();
        lab.check_selection();
        // A large tree's run arrives from the worker later: it goes to the saved step then.
        lab.on_run = Seek::To(session.step);
        lab.seek(Seek::To(session.step));
        if !session.fitted && session.zoom.is_finite() && session.zoom > 0.0 {
            // Held to what the controls can set: a zoom of 3e38 once showed "inf %" and an empty canvas.
            let zoom = session.zoom.clamp(*ZOOM.start(), *ZOOM.end());
            let stretch =
                if session.stretch.is_finite() { session.stretch.clamp(*STRETCH.start(), *STRETCH.end()) } else { 1.0 };
            lab.view = CanvasView {
                offset: egui::vec2(coordinate(session.offset[0]), coordinate(session.offset[1])),
                zoom,
                stretch,
                fit_pending: false,
                fitted: false,
                ..CanvasView::default()
            };
        }
        lab
    }
}

/// How far a saved pan may place the tree from the canvas's corner, in points: far beyond any screen, and small
/// enough that the layout's arithmetic stays exact.
const MAX_OFFSET: f32 = 1.0e6;

/// A coordinate from a file, which may hold anything: finite and within [`MAX_OFFSET`].
fn coordinate(x: f32) -> f32 {
    if x.is_finite() { x.clamp(-MAX_OFFSET, MAX_OFFSET) } else { 0.0 }
}
