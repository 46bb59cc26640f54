//! Moving through the recorded search: seeking, stepping by the keyboard, and playing the steps at their pace.

use super::*;

impl TreeLab {
    pub(super) fn seek(&mut self, seek: Seek) {
        let count = self.step_count();
        let cursor = match seek {
            Seek::Start => 0,
            Seek::Back => self.stride(self.snapshot.cursor, -1),
            Seek::Forward => self.stride(self.snapshot.cursor, 1),
            Seek::End => count,
            Seek::To(n) => n.min(count),
        };
        let Some(analysis) = &self.analysis else { return };
        let Some(run) = &analysis.run else {
            self.snapshot = Snapshot::default();
            self.description = String::new();
            return;
        };
        // Every move replays from the start: linear in the steps, a millisecond or so on the largest live tree.
        let before = Snapshot::at(&analysis.flat, run, cursor.saturating_sub(1));
        self.description = if cursor == 0 {
            format!(
                "Event 0 of {}: nothing read yet. Press → or ▶ to step through {}, or Play to watch it.",
                run.stops.len(),
                algorithm_title(run.algorithm)
            )
        } else {
            let text = replay::describe_step(&analysis.flat, run, &before, cursor - 1);
            if cursor == count { format!("{text}. The search is complete.") } else { text }
        };
        self.snapshot = Snapshot::at(&analysis.flat, run, cursor);
    }

    /// The cursor one event forward or back, where reading a leaf counts as one event: the recorder's Enter and
    /// Leave around a leaf's value say nothing the value does not.
    pub(super) fn stride(&self, cursor: usize, direction: isize) -> usize {
        self.analysis.as_ref().and_then(|a| a.run.as_ref()).map_or(0, |run| run.stride(cursor, direction))
    }

    pub(super) fn keyboard(&mut self, ui: &egui::Ui) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        self.edit_keys(ui);
        let keys = [
            (egui::Key::ArrowLeft, Action::Seek(Seek::Back)),
            (egui::Key::ArrowRight, Action::Seek(Seek::Forward)),
            (egui::Key::Home, Action::Seek(Seek::Start)),
            (egui::Key::End, Action::Seek(Seek::End)),
            (egui::Key::Space, Action::TogglePlay),
            (egui::Key::Q, Action::ToggleQuiz),
        ];
        // Alt+arrows move the selection instead; Ctrl+Q quits.
        let (alt, command) = ui.input(|i| (i.modifiers.alt, i.modifiers.command));
        for (key, action) in keys {
            if alt && matches!(key, egui::Key::ArrowLeft | egui::Key::ArrowRight) {
                continue;
            }
            if (alt || command) && key == egui::Key::Q {
                continue;
            }
            // Every press counts, even several in one frame (a held arrow key on a slow frame).
            for _ in 0..ui.input(|i| i.num_presses(key)) {
                self.actions.push(action.clone());
            }
        }
    }

    pub(super) fn advance_playback(&mut self, ui: &egui::Ui) {
        if !self.playing {
            return;
        }
        self.play_clock += ui.input(|i| i.stable_dt).min(0.1) * self.settings.speed;
        let mut cursor = self.snapshot.cursor;
        while self.play_clock >= 1.0 {
            self.play_clock -= 1.0;
            cursor = self.stride(cursor, 1);
        }
        if cursor != self.snapshot.cursor {
            self.seek(Seek::To(cursor));
        }
        if self.snapshot.cursor >= self.step_count() {
            self.playing = false;
        } else {
            ui.ctx().request_repaint();
        }
    }
}
