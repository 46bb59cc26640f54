//! The Tree lab's worker: compiling, laying out, searching, recording and comparing every algorithm run on a
//! thread of its own ("tree-lab-analysis"), so the window answers every frame whatever the tree.
//!
//! Contract: [`Worker::submit`] hands over a job and cancels the one before it (its cancel flag is set, so its
//! searches stop within about a thousand nodes and its reports are never delivered). Reports arrive in order —
//! the shape first (the canvas draws the tree at once), then the tree's notation when asked for, then the recorded
//! run, then one row of the comparison per algorithm — each followed by a repaint request, so the window wakes to show
//! it. A job small enough to finish
//! within a few milliseconds is done at once on the caller's thread: no frame waits for it, and the view (and its
//! tests) see the whole analysis straight away.

use super::analysis::{Analysis, Comparison, Run, compare};
use crate::engine::search::Algorithm;
use crate::engine::search::context::StopWhen;
use crate::tree::flat::FlatTree;
use crate::tree::model::Tree;
use crate::tree::notation;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// The most nodes of a tree whose job is done on the caller's thread, and that one search of it may visit there
/// (a millisecond or two); a job whose searches need more is handed to the thread and done there from the start.
pub const INLINE_NODES: u64 = 2_500;

/// An edit of the whole tree, done off the window's thread: the edited tree and the node to select then (`None`:
/// nothing), or why the edit was refused. Copying and checking a 100,000-node tree takes tens of milliseconds.
pub type Change = Box<dyn FnOnce(&Tree) -> Result<(Tree, Option<Vec<usize>>), String> + Send>;

/// Called after each report of a job done on the thread: a window passes its repaint request, so it wakes to
/// show the report.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// What to compute.
pub enum Task {
    /// A new tree: its notation if `print` (printing a large tree takes milliseconds), its shape, the recorded
    /// run and every algorithm's counts. The tree is shared with the lab, which keeps it for undo.
    Tree {
        /// The tree.
        tree: Arc<Tree>,
        /// Whether its notation is wanted.
        print: bool,
    },
    /// Another algorithm on the tree already shown: only its recorded run.
    Rerun(Arc<FlatTree>),
    /// An edit of `tree`: reported first, as [`Report::Edited`] or [`Report::Refused`]; an edited tree is then
    /// printed and analysed as [`Task::Tree`] is.
    Edit {
        /// The tree before the edit.
        tree: Arc<Tree>,
        /// The edit.
        change: Change,
    },
}

/// What the worker has computed, for the job of `generation`.
pub enum Report {
    /// The tree an edit made, and the node to select in it.
    Edited(Arc<Tree>, Option<Vec<usize>>),
    /// The edit was refused, for this reason; nothing else comes for this job.
    Refused(String),
    /// The tree printed in the notation (only when the task asked for it).
    Text(String),
    /// The compiled tree and its layout, with no search yet.
    Shape(Analysis),
    /// The tree could not be compiled.
    Failed(String),
    /// The recorded run of the job's algorithm; `None` when it gave up at the node limit.
    Run(Option<Run>),
    /// One algorithm's counts.
    Compared(Comparison),
    /// Nothing more will come for this job.
    Done,
}

struct Job {
    generation: u64,
    task: Task,
    algorithm: Algorithm,
    cancel: Arc<AtomicBool>,
    wake: Option<Wake>,
    /// Once an edit has been made: the tree it made and the selection, reported before anything else (again, if
    /// the job moves from the caller's thread to the worker's).
    edited: Option<(Arc<Tree>, Option<Vec<usize>>)>,
}

/// The lab's end of the worker.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    reports: Receiver<(u64, Report)>,
    /// Where reports of jobs done on the caller's thread go.
    inline: Sender<(u64, Report)>,
    generation: u64,
    /// The cancel flag of the latest job sent to the thread.
    cancel: Option<Arc<AtomicBool>>,
    /// True from a job's submission to its `Done`.
    busy: bool,
}

impl Default for Worker {
    fn default() -> Self {
        Self::new()
    }
}

impl Worker {
    /// Starts the thread. Should the system refuse a thread, every job is done on the caller's thread instead.
    pub fn new() -> Worker {
        let (report_tx, reports) = channel();
        let (job_tx, job_rx) = channel::<Job>();
        let thread_reports = report_tx.clone();
        let spawned = std::thread::Builder::new()
            .name("tree-lab-analysis".into())
            .spawn(move || {
                while let Ok(mut job) = job_rx.recv() {
                    // Only the newest job matters; older ones were cancelled when it was submitted.
                    while let Ok(newer) = job_rx.try_recv() {
                        job = newer;
                    }
                    let (generation, wake) = (job.generation, job.wake.clone());
                    let sent = run(job, None, &mut |report| {
                        let sent = thread_reports.send((generation, report)).is_ok();
                        if let Some(wake) = &wake {
                            wake();
                        }
                        sent
                    });
                    if sent.is_err() {
                        break;
                    }
                }
            })
            .is_ok();
        Worker { jobs: spawned.then_some(job_tx), reports, inline: report_tx, generation: 0, cancel: None, busy: false }
    }

    /// Hands over a job, cancelling the previous one, and returns its generation. The job is done at once when it
    /// is small (see the module's contract); `wake` is called after each report of a job done on the thread.
    pub fn submit(&mut self, task: Task, algorithm: Algorithm, wake: Option<Wake>) -> u64 {
        if let Some(cancel) = self.cancel.take() {
            cancel.store(true, Ordering::Relaxed);
        }
        self.generation += 1;
        self.busy = true;
        let generation = self.generation;
        let cancel = Arc::new(AtomicBool::new(false));
        let small = match &task {
            Task::Tree { tree, .. } | Task::Edit { tree, .. } => tree.root.node_count() as u64 <= INLINE_NODES,
            Task::Rerun(flat) => flat.nodes.len() as u64 <= INLINE_NODES,
        };
        let job = Job { generation, task, algorithm, cancel: cancel.clone(), wake, edited: None };
        let job = if small || self.jobs.is_none() {
            let mut reports = Vec::new();
            let limit = self.jobs.is_some().then_some(INLINE_NODES);
            match run(job, limit, &mut |report| {
                reports.push(report);
                true
            }) {
                Ok(()) => {
                    for report in reports {
                        let _ = self.inline.send((generation, report));
                    }
                    return generation;
                }
                Err(job) => job,
            }
        } else {
            job
        };
        self.cancel = Some(cancel);
        if let Some(jobs) = &self.jobs
            && jobs.send(job).is_err()
        {
            // The thread is gone (it cannot panic by design, but a window must not hang on it either).
            self.jobs = None;
            let _ = self.inline.send((generation, Report::Failed("the lab's worker stopped".into())));
            let _ = self.inline.send((generation, Report::Done));
        }
        generation
    }

    /// The reports of the latest job that have arrived, in order; older jobs' reports are dropped.
    pub fn poll(&mut self) -> Vec<Report> {
        let mut out = Vec::new();
        while let Ok((generation, report)) = self.reports.try_recv() {
            if generation == self.generation {
                if matches!(report, Report::Done) {
                    self.busy = false;
                }
                out.push(report);
            }
        }
        out
    }

    /// True while the latest job has more to report.
    pub fn busy(&self) -> bool {
        self.busy
    }

    /// Waits until the latest job is done and returns its remaining reports (for tests and benchmarks).
    pub fn wait(&mut self) -> Vec<Report> {
        let mut out = Vec::new();
        while self.busy {
            match self.reports.recv() {
                Ok((generation, report)) if generation == self.generation => {
                    self.busy = !matches!(report, Report::Done);
                    out.push(report);
                }
                Ok(_) => {}
                Err(_) => self.busy = false,
            }
        }
        out
    }
}

/// Does one job, handing each report to `send` (false: nobody listens any more). With `limit`, gives the job
/// back untouched as soon as a search needs more nodes than that; reports already sent are then to be dropped.
fn run(mut job: Job, limit: Option<u64>, send: &mut impl FnMut(Report) -> bool) -> Result<(), Job> {
    // The edit is made once; should the job move to the worker's thread, it goes on as the tree it made.
    job.task = match job.task {
        Task::Edit { tree, change } => match change(&tree) {
            Ok((edited, selection)) => {
                let edited = Arc::new(edited);
                job.edited = Some((edited.clone(), selection));
                Task::Tree { tree: edited, print: true }
            }
            Err(message) => {
                send(Report::Refused(message));
                send(Report::Done);
                return Ok(());
            }
        },
        task => task,
    };
    if let Some((tree, selection)) = &job.edited
        && !send(Report::Edited(tree.clone(), selection.clone()))
    {
        return Ok(());
    }
    let cancel = job.cancel.clone();
    let cancelled = || cancel.load(Ordering::Relaxed);
    let stop = StopWhen { flag: Some(&cancel), node_limit: limit, ..StopWhen::default() };
    let over_limit = |nodes: u64| limit.is_some_and(|l| nodes >= l);
    let flat = match &job.task {
        Task::Tree { tree, print } => match Analysis::shape(tree) {
            Ok(analysis) => {
                let flat = analysis.flat.clone();
                if !send(Report::Shape(analysis)) {
                    return Ok(());
                }
                if *print && !send(Report::Text(notation::print(tree))) {
                    return Ok(());
                }
                flat
            }
            Err(message) => {
                send(Report::Failed(message));
                send(Report::Done);
                return Ok(());
            }
        },
        Task::Rerun(flat) => flat.clone(),
        // Made into a `Tree` task above.
        Task::Edit { .. } => return Ok(()),
    };
    if cancelled() {
        return Ok(());
    }
    let recorded = Run::record(&flat, job.algorithm, stop);
    if recorded.is_none() && limit.is_some() && !cancelled() {
        return Err(job);
    }
    if cancelled() || !send(Report::Run(recorded)) {
        return Ok(());
    }
    if matches!(job.task, Task::Tree { .. }) {
        for algorithm in Algorithm::ALL {
            let Some(row) = compare(&flat, algorithm, stop) else { return Ok(()) };
            if over_limit(row.nodes) && !row.complete {
                return Err(job);
            }
            if !send(Report::Compared(row)) {
                return Ok(());
            }
        }
    }
    send(Report::Done);
    Ok(())
}

/// Drops `value` on a thread of its own when it is large: freeing a 100,000-node tree or a long recorded run takes
/// milliseconds the window's thread does not have. A small value drops here.
pub fn drop_later<T: Send + 'static>(value: T, large: bool) {
    if large {
        // Should the system refuse a thread, the closure is dropped here, and the value with it.
        let _ = std::thread::Builder::new().name("tree-lab-drop".into()).spawn(move || drop(value));
    }
}
