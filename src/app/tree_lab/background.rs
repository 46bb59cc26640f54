//! The Tree lab's side of its background worker: sending it the tree and each change, and taking in what it
//! reports (the laid-out tree, the recorded search, every algorithm's counts), so the window's thread never
//! searches.

use super::*;

impl TreeLab {
    /// Takes in what the worker has reported since the last frame.
    pub(super) fn receive(&mut self) {
        for report in self.worker.poll() {
            self.take_report(report);
        }
    }

    /// Carries out the actions that waited for an edit, once it has arrived.
    pub(super) fn apply_deferred(&mut self) {
        if self.change_pending {
            return;
        }
        for action in std::mem::take(&mut self.deferred) {
            // An action that makes another edit sends the rest back to wait (`apply` queues them in order).
            self.apply(action);
        }
    }

    /// The worker's wake-up call: the window's repaint request, once the lab has been drawn.
    pub(super) fn wake(&self) -> Option<worker::Wake> {
        let ctx = self.ctx.clone()?;
        Some(Arc::new(move || ctx.request_repaint()))
    }

    /// Hands an edit of `tree` to the worker (done at once when the tree is small).
    pub(super) fn submit_change(&mut self, tree: Arc<Tree>, change: worker::Change) {
        self.change_pending = true;
        self.shape_pending = true;
        self.text_pending = true;
        self.worker.submit(worker::Task::Edit { tree, change }, self.settings.algorithm, self.wake());
        self.receive();
    }

    /// Waits for the worker to finish the latest tree or algorithm, and for every edit waiting on it (tests and
    /// benchmarks: the window never waits).
    pub fn wait_for_analysis(&mut self) {
        loop {
            self.receive();
            for report in self.worker.wait() {
                self.take_report(report);
            }
            if self.deferred.is_empty() {
                return;
            }
            self.apply_deferred();
        }
    }

    /// True while the worker is still computing figures for the tree shown.
    pub fn analysing(&self) -> bool {
        self.worker.busy()
    }

    pub(super) fn take_report(&mut self, report: worker::Report) {
        match report {
            worker::Report::Edited(tree, selection) => self.edited(tree, selection),
            worker::Report::Refused(reason) => self.refused(reason),
            worker::Report::Text(text) => {
                self.settings.text = text;
                self.text_pending = false;
            }
            worker::Report::Shape(analysis) => {
                self.shape_pending = false;
                let reshaped = self.analysis.as_ref().is_none_or(|old| old.layout != analysis.layout);
                self.view.fit_pending |= reshaped;
                // Marks on nodes that are still there stay, and are graded against the new search.
                self.quiz.marks.retain_existing(&analysis.flat);
                let large = analysis.flat.nodes.len() > worker::INLINE_NODES as usize;
                worker::drop_later(self.analysis.replace(analysis), large);
                self.reordered = self.reordered.take().filter(|r| r.after.is_none());
                if !self.collapsed.is_empty() {
                    self.relayout();
                }
                self.playing = false;
                self.scrolled_row = None;
                self.seek(Seek::Start);
            }
            worker::Report::Failed(message) => {
                self.error = Some(message);
                self.shape_pending = false;
            }
            worker::Report::Run(run) => {
                let Some(analysis) = &mut self.analysis else { return };
                if let (Some(reordered), Some(run)) = (&mut self.reordered, &run)
                    && reordered.after.is_none()
                {
                    let stats = &run.result.stats;
                    reordered.after = Some((stats.leaves_evaluated, stats.nodes_visited));
                }
                let large = analysis.flat.nodes.len() > worker::INLINE_NODES as usize;
                worker::drop_later(std::mem::replace(&mut analysis.run, run), large);
                self.seek(self.on_run);
                self.regrade();
            }
            worker::Report::Compared(row) => {
                if let Some(analysis) = &mut self.analysis {
                    analysis.comparison.push(row);
                }
            }
            worker::Report::Done => {}
        }
    }
}
