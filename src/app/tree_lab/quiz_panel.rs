//! Quiz mode in the window: the fields where the selected node's value, α and β are written, the "mark pruned"
//! toggle, and the right panel with Check, the counts and every verdict. The grading itself is [`super::quiz`].

use super::quiz::{self, Grade, MarkField, Marks, Verdict};
use super::{Action, TreeLab};
use eframe::egui;
use egui::{Color32, RichText};

/// The colours of the verdicts on the canvas and in the list.
pub(super) fn verdict_colour(verdict: Verdict) -> Color32 {
    match verdict {
        Verdict::Right => Color32::from_rgb(40, 170, 80),
        Verdict::Wrong | Verdict::Spurious => Color32::from_rgb(220, 50, 50),
        Verdict::Missing => Color32::from_rgb(240, 150, 0),
    }
}

/// The colour of the user's own marks before they are checked.
pub(super) const MARK_COLOUR: Color32 = Color32::from_rgb(150, 90, 230);

impl TreeLab {
    /// Whether quiz mode is on.
    pub fn quiz_on(&self) -> bool {
        self.quiz.on
    }

    /// The user's quiz marks.
    pub fn quiz_marks(&self) -> &Marks {
        &self.quiz.marks
    }

    /// The grade, once Check was pressed (kept up to date after every change).
    pub fn quiz_grade(&self) -> Option<&Grade> {
        self.quiz.grade.as_ref()
    }

    /// Carries out the quiz's actions.
    pub(super) fn apply_quiz(&mut self, action: Action) {
        match action {
            Action::ToggleQuiz => {
                self.quiz.on = !self.quiz.on;
                self.playing = false;
            }
            Action::QuizMark(path, field, text) => self.quiz.marks.set(&path, field, &text),
            Action::QuizTogglePruned(path) => self.quiz.marks.toggle_pruned(&path),
            Action::QuizCheck => self.quiz.grade = Some(Grade::default()),
            Action::QuizClear => {
                self.quiz.marks = Marks::default();
                self.quiz.grade = None;
            }
            _ => {}
        }
        self.regrade();
    }

    /// A new tree (generated, an example, a file, *Show why*) starts an empty quiz: the marks were written on the
    /// old tree's nodes, and graded against another tree they would only mislead.
    pub(super) fn new_quiz(&mut self) {
        self.quiz.marks = Marks::default();
        self.quiz.grade = None;
    }

    /// Grades the marks again, if they were checked: after an edit, another algorithm, or a changed mark.
    pub(super) fn regrade(&mut self) {
        if self.quiz.grade.is_none() {
            return;
        }
        self.quiz.grade = Some(match &self.analysis {
            Some(analysis) => quiz::grade(analysis, &self.quiz.marks),
            None => Grade::default(),
        });
    }
}

/// The node bar's quiz row: the selected node's fields and its edge's "pruned" toggle.
pub(super) fn node_fields(lab: &mut TreeLab, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(path) = lab.editor.selected.clone() else {
        ui.label(RichText::new("Quiz: click a node to write its value and the α and β it is entered with").weak());
        return;
    };
    if lab.analysis.as_ref().and_then(|a| a.flat.node_at(&path)).is_none() {
        return;
    }
    let marks = lab.quiz.marks.nodes.get(&path).cloned().unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        let fields = [
            (MarkField::Value, "your value", marks.value, "the node's value, or its bound: 3, <=2, >=5"),
            (
                MarkField::Alpha,
                "your α",
                marks.alpha,
                "the α the node is entered with (its first row in the trace), as the exercise's key gives it",
            ),
            (
                MarkField::Beta,
                "your β",
                marks.beta,
                "the β the node is entered with (inf for +∞), as the exercise's key gives it",
            ),
        ];
        for (field, name, mut text, tip) in fields {
            let label = ui.label(name);
            let edit = egui::TextEdit::singleline(&mut text).desired_width(48.0);
            if ui.add(edit).on_hover_text(tip).labelled_by(label.id).changed() {
                actions.push(Action::QuizMark(path.clone(), field, text));
            }
        }
        if !path.is_empty() {
            let marked = lab.quiz.marks.pruned.contains(&path);
            let text = if marked { "marked pruned" } else { "mark pruned" };
            let tip = "Mark the edge above this node pruned, or unmark it (X, or click the edge)";
            if ui.selectable_label(marked, text).on_hover_text(tip).clicked() {
                actions.push(Action::QuizTogglePruned(path.clone()));
            }
        }
    });
}

/// The right panel in quiz mode: what to do, Check, the counts and every verdict.
pub(super) fn panel(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.add_space(4.0);
    ui.heading("Quiz");
    ui.label(
        "Work the search out by hand: select a node and write its value (or bound, ≤v / ≥v) and the α and β \
         it is entered with; mark the edges the search prunes. Then press Check.",
    );
    ui.horizontal_wrapped(|ui| {
        if ui.button("Check").on_hover_text("Grade every mark against the recorded search").clicked() {
            lab.actions.push(Action::QuizCheck);
        }
        let any = !lab.quiz.marks.is_empty() || lab.quiz.grade.is_some();
        if ui.add_enabled(any, egui::Button::new("Clear marks")).clicked() {
            lab.actions.push(Action::QuizClear);
        }
        if ui.button("Leave quiz").on_hover_text("Show the replay again (Q)").clicked() {
            lab.actions.push(Action::ToggleQuiz);
        }
    });
    let algorithm = lab.settings.algorithm.name();
    ui.label(RichText::new(format!("graded against {algorithm}")).weak());
    ui.separator();
    let (Some(grade), Some(analysis)) = (&lab.quiz.grade, &lab.analysis) else {
        let count = count_marks(&lab.quiz.marks);
        let marks = if count == 1 { "mark" } else { "marks" };
        ui.label(RichText::new(format!("{count} {marks} so far")).weak());
        return;
    };
    ui.label(RichText::new(grade.summary()).size(16.0).strong());
    if analysis.run.is_none() {
        ui.label("This tree is too large to search live: nothing to grade.");
        return;
    }
    ui.add_space(4.0);
    let mut select = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).id_salt("tree_lab_quiz_verdicts").show(ui, |ui| {
        // Wrong and missing first: what needs the user's attention.
        let order = [Verdict::Wrong, Verdict::Spurious, Verdict::Missing, Verdict::Right];
        for verdict in order {
            for graded in grade.items.iter().filter(|g| g.verdict == verdict) {
                let text = quiz::describe(&analysis.flat, graded, &lab.quiz.marks);
                let label = RichText::new(text).color(verdict_colour(verdict));
                if ui.add(egui::Label::new(label).sense(egui::Sense::click())).on_hover_text("Select").clicked() {
                    select = Some(graded.path.clone());
                }
            }
        }
    });
    if let Some(path) = select {
        lab.actions.push(Action::Select(Some(path)));
    }
}

/// How many marks the user has made.
fn count_marks(marks: &Marks) -> usize {
    let written: usize = marks
        .nodes
        .values()
        .map(|m| [&m.value, &m.alpha, &m.beta].iter().filter(|t| !t.trim().is_empty()).count())
        .sum();
    written + marks.pruned.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_counted_field_by_field() {
        let mut marks = Marks::default();
        marks.set(&[0], MarkField::Value, "3");
        marks.set(&[0], MarkField::Alpha, "-inf");
        marks.set(&[1], MarkField::Beta, "  ");
        marks.toggle_pruned(&[1, 1]);
        assert_eq!(count_marks(&marks), 3);
        assert!(!marks.nodes.contains_key(&vec![1]), "a blank field is no mark");
    }
}
