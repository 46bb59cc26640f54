//! The window's frame times during a game review: a benchmark, not a test (speed is measured, not
//! asserted).
//!
//! `cargo test --release --test ui -- --ignored --nocapture --test-threads=1 review_frames::` (one review at a
//! time: two at once would share the cores) opens the whole studio (menus, the Play view) at 1280 × 800 on a
//! recorded game (`tests/data/review/`), starts a review at level 10's budget as the dialog's *Start review* does,
//! and draws frames at 60 a second while the worker analyses: the dialog open with its progress bar for the first
//! half of the positions, then closed, the review panel showing the progress, the pointer moving over the board.
//! Once the review is done it draws three seconds more with the panel, its curve and the move list's marks, the
//! pointer sweeping over the panel (the curve's hover labels). Each frame is timed in the window thread's CPU time as
//! `frame_time` times the Tree lab's; the review's time is wall time.

use super::frame_time::{timed_frame, window_input};
use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::play::{Action, review};
use alphabeta_studio::app::shell::View;
use eframe::egui;
use std::time::{Duration, Instant};

/// A window at 60 frames a second.
const FRAME: Duration = Duration::from_nanos(16_666_667);

/// Frames drawn after the review is done: three seconds.
const AFTER: usize = 180;

/// The CPU times of a run of frames, in milliseconds.
struct Frames(Vec<f64>);

impl Frames {
    /// "N frames: mean …, 99th percentile …, slowest … ms".
    fn summary(&self) -> String {
        let mut sorted = self.0.clone();
        sorted.sort_by(f64::total_cmp);
        let Some(&slowest) = sorted.last() else { return "no frame".into() };
        let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
        // The nearest rank: the frame 99 % of the others are no slower than.
        let p99 = sorted[(sorted.len() * 99).div_ceil(100) - 1];
        format!("{} frames: mean {mean:.2} ms, 99th percentile {p99:.2} ms, slowest {slowest:.2} ms", sorted.len())
    }
}

/// The studio in its Play view on `game`, the record `file` of `tests/data/review/` imported.
fn studio_on(game: &str, file: &str) -> StudioApp {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/review").join(file);
    let record = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut app = StudioApp::default();
    assert!(app.play.select(game), "{game} is registered");
    app.play.act(Action::Import(record.clone()));
    assert_eq!(app.play.history().moves().len(), record.split_whitespace().count(), "{file} imported whole");
    app.view = View::Play;
    app
}

/// Where the pointer is at frame `n`: gliding over the board (x 300–900) while the review runs, over the review
/// panel on the right (x 980–1270, y 80–720) once it is done, so its hover labels are drawn.
fn pointer(n: usize, reviewing: bool) -> egui::Pos2 {
    let t = n as f32 / 60.0;
    if reviewing {
        egui::pos2(600.0 + 300.0 * (0.7 * t).sin(), 400.0 + 200.0 * (0.5 * t).cos())
    } else {
        egui::pos2(1125.0 + 145.0 * (2.0 * t).sin(), 400.0 + 320.0 * (0.35 * t).sin())
    }
}

/// Draws a frame with the pointer at `at`, the clock at `clock`'s elapsed time; its CPU time in milliseconds.
fn frame(ctx: &egui::Context, app: &mut StudioApp, clock: Instant, at: egui::Pos2) -> f64 {
    let mut input = window_input();
    input.time = Some(clock.elapsed().as_secs_f64());
    input.predicted_dt = FRAME.as_secs_f32();
    input.events.push(egui::Event::PointerMoved(at));
    timed_frame(ctx, input, |ui| app.show(ui)).0
}

/// Reviews `file`'s game of `game` in the window and prints the frame times during and after, and the review's time.
fn review_frames(game: &str, file: &str) {
    let mut app = studio_on(game, file);
    let ctx = egui::Context::default();
    install_fonts(&ctx);
    let clock = Instant::now();
    // The first frames lay the fonts out: not part of the review.
    for n in 0..5 {
        frame(&ctx, &mut app, clock, pointer(n, true));
    }
    // What the dialog's *Start review* pushes, at the strength it offers first: level 10.
    app.play.act(Action::Review(review::Action::OpenDialog));
    let settings = app.play.review.settings;
    app.play.act(Action::Review(review::Action::Start(settings)));
    let started = Instant::now();
    let (mut during, mut after, mut took) = (Vec::new(), Vec::new(), None);
    let mut next = Instant::now();
    for n in 0.. {
        let reviewing = took.is_none();
        let ms = frame(&ctx, &mut app, clock, pointer(n, reviewing));
        if reviewing {
            during.push(ms);
            took = (!app.play.review.running()).then(|| started.elapsed());
            // Closed halfway, as its Close button does: the panel shows the progress from then on.
            let halfway = app.play.review.progress().is_some_and(|(done, total, ..)| 2 * done >= total);
            if halfway {
                app.play.review.dialog_open = false;
            }
        } else if after.len() < AFTER {
            after.push(ms);
        } else {
            break;
        }
        // The next frame at its time, or at once when this one ran late (a window does not catch up).
        next = (next + FRAME).max(Instant::now());
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
    }
    let judged = app.play.review().map(|r| r.moves.len());
    assert!(judged.is_some(), "the review finished: {:?}", app.play.review.error);
    let took = took.unwrap_or_default().as_secs_f64();
    println!(
        "{game}, {} plies, {} judged, reviewed in {took:.1} s",
        app.play.history().moves().len(),
        judged.unwrap_or(0)
    );
    println!("  during the review: {}", Frames(during).summary());
    println!("  after, the panel and curve shown: {}", Frames(after).summary());
}

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture, in release"]
fn frames_while_reviewing_a_40_move_chess_game() {
    review_frames("chess", "chess-40.txt");
}

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture, in release"]
fn frames_while_reviewing_a_30_move_othello_game() {
    review_frames("othello", "othello-30.txt");
}
