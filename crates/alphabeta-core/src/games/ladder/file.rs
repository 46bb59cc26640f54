//! A game's measured ladder as a data file beside the game, `games/<game>.ladder.ron` beside `games/<game>.ron` or
//! `games/<game>.lua`: what `bench/ladder.sh` measured, step by step, with the command and date of each step. The
//! registry reads it when it loads the game; `bench/ladder.sh` writes it. A script's author ladders their levels the
//! same way, without touching Rust.
//!
//! ```ron
//! (
//!     game: "my-game",
//!     steps: [
//!         (levels: (2, 1), wins: 250, draws: 50, losses: 100, games: 400, command: "bench/ladder.sh 400 my-game", date: "2026-11-26"),
//!         // … one for each pair up to (10, 9)
//!     ],
//!     note: "From four random plies.",
//! )
//! ```
//!
//! `scale` (default `LevelOne`) and `check` (default `None`) place a ladder on Stockfish's scale, as chess's does.

use super::{DirectAnchor, Ladder, Run, Scale, Step, TimedCheck};
use serde::Deserialize;
use std::path::Path;

/// The end of a ladder file's name: `chess.ladder.ron` is the ladder of the game of `chess.ron`.
pub const SUFFIX: &str = ".ladder.ron";

/// The cap on a ladder file's size: a real one is a few KiB.
pub const MAX_BYTES: u64 = 64 * 1024;

/// A ladder file as written: [`Ladder`] with each step's pair, game count, command and date spelled out.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LadderFile {
    game: String,
    steps: Vec<StepLine>,
    #[serde(default)]
    scale: Scale,
    #[serde(default)]
    check: Option<CheckLine>,
    #[serde(default)]
    direct: Vec<DirectLine>,
    #[serde(default)]
    note: String,
}

/// One step: the higher level's wins, draws and losses against the lower one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepLine {
    /// (higher, lower): (2, 1) for the first step.
    levels: (u8, u8),
    wins: u16,
    draws: u16,
    losses: u16,
    /// The games the pair played: the sum of the three above, written out so a typo in one of them is caught.
    games: u32,
    command: String,
    date: String,
}

/// A level's direct match against Stockfish at a time per move ([`TimedCheck`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckLine {
    level: u8,
    uci_elo: i32,
    ms_per_move: u32,
    wins: u16,
    draws: u16,
    losses: u16,
    command: String,
    date: String,
}

/// A level's direct matches against Stockfish at several settings ([`DirectAnchor`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DirectLine {
    level: u8,
    nodes: u64,
    matches: Vec<MatchLine>,
    command: String,
    date: String,
}

/// One direct match: Stockfish's setting and the level's results.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchLine {
    uci_elo: i32,
    wins: u16,
    draws: u16,
    losses: u16,
}

/// The most matches a direct anchor may list (a real one has two or three).
const MAX_DIRECT_MATCHES: usize = 16;

/// A direct anchor as the ladder keeps it, or what is wrong with its line.
fn direct_anchor(line: DirectLine) -> Result<DirectAnchor, String> {
    if !(1..=10).contains(&line.level) {
        return Err(format!("the direct anchor's level {} is not one of 1–10", line.level));
    }
    if line.matches.is_empty() || line.matches.len() > MAX_DIRECT_MATCHES {
        return Err(format!(
            "level {}'s direct anchor lists {} matches (1–{MAX_DIRECT_MATCHES})",
            line.level,
            line.matches.len()
        ));
    }
    let matches = line.matches.iter().map(|m| (m.uci_elo, Step(m.wins, m.draws, m.losses))).collect();
    Ok(DirectAnchor {
        level: line.level,
        nodes: line.nodes,
        matches,
        run: Run { command: line.command, date: line.date },
    })
}

/// Reads the ladder file at `path`, bounded; the error is one line naming the path.
pub fn read(path: &Path) -> Result<Ladder, String> {
    let text = crate::files::read_text(path, MAX_BYTES)?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a ladder file's text: nine steps, (2, 1) to (10, 9) in order, each step's games the sum of its results.
pub fn parse(text: &str) -> Result<Ladder, String> {
    let file: LadderFile = ron::from_str(text).map_err(|e| crate::messages::ron_error(&e))?;
    if file.steps.len() != 9 {
        return Err(format!("a ladder has 9 steps, (2, 1) to (10, 9); this one has {}", file.steps.len()));
    }
    let mut steps = [Step(0, 0, 0); 9];
    let mut runs: [Run; 9] = Default::default();
    for (i, line) in file.steps.into_iter().enumerate() {
        let expected = (i as u8 + 2, i as u8 + 1);
        if line.levels != expected {
            return Err(format!("step {} is levels {:?}, where {expected:?} was expected", i + 1, line.levels));
        }
        let step = Step(line.wins, line.draws, line.losses);
        if step.games() != line.games || line.games == 0 {
            return Err(format!(
                "step {expected:?}: {} games, but +{} ={} −{} make {}",
                line.games,
                line.wins,
                line.draws,
                line.losses,
                step.games()
            ));
        }
        steps[i] = step;
        runs[i] = Run { command: line.command, date: line.date };
    }
    if let Scale::Stockfish { level, .. } = file.scale
        && !(1..=10).contains(&level)
    {
        return Err(format!("the scale's level {level} is not one of 1–10"));
    }
    let check = file.check.map(|c| TimedCheck {
        level: c.level,
        uci_elo: c.uci_elo,
        ms_per_move: c.ms_per_move,
        result: Step(c.wins, c.draws, c.losses),
        run: Run { command: c.command, date: c.date },
    });
    let direct = file.direct.into_iter().map(direct_anchor).collect::<Result<_, _>>()?;
    Ok(Ladder { game: file.game, steps, runs, scale: file.scale, check, direct, note: file.note })
}

/// `ladder` as a ladder file's text, which [`parse`] reads back the same: one step a line, so a ladder reads as the
/// table it is and a rerun of some pairs replaces just their lines. `bench/ladder.sh` writes the same.
pub fn write(ladder: &Ladder) -> String {
    let mut text = format!("(\n    game: {},\n    steps: [\n", quoted(&ladder.game));
    for (i, (&step, run)) in ladder.steps.iter().zip(&ladder.runs).enumerate() {
        let Step(wins, draws, losses) = step;
        text += &format!(
            "        (levels: ({}, {}), wins: {wins}, draws: {draws}, losses: {losses}, games: {}, command: {}, date: {}),\n",
            i + 2,
            i + 1,
            step.games(),
            quoted(&run.command),
            quoted(&run.date)
        );
    }
    text += "    ],\n";
    if let Scale::Stockfish { level, uci_elo, elo_difference, games } = ladder.scale {
        text += &format!(
            "    scale: Stockfish(level: {level}, uci_elo: {uci_elo}, elo_difference: {elo_difference}, games: {games}),\n"
        );
    }
    if let Some(check) = &ladder.check {
        let Step(wins, draws, losses) = check.result;
        text += &format!(
            "    check: Some((level: {}, uci_elo: {}, ms_per_move: {}, wins: {wins}, draws: {draws}, losses: {losses}, \
             command: {}, date: {})),\n",
            check.level,
            check.uci_elo,
            check.ms_per_move,
            quoted(&check.run.command),
            quoted(&check.run.date)
        );
    }
    if !ladder.direct.is_empty() {
        text += "    direct: [\n";
        for anchor in &ladder.direct {
            text += &format!("        (level: {}, nodes: {}, matches: [\n", anchor.level, anchor.nodes);
            for &(uci_elo, Step(wins, draws, losses)) in &anchor.matches {
                text += &format!("            (uci_elo: {uci_elo}, wins: {wins}, draws: {draws}, losses: {losses}),\n");
            }
            text +=
                &format!("        ], command: {}, date: {}),\n", quoted(&anchor.run.command), quoted(&anchor.run.date));
        }
        text += "    ],\n";
    }
    if !ladder.note.is_empty() {
        text += &format!("    note: {},\n", quoted(&ladder.note));
    }
    text + ")\n"
}

/// `text` as a RON string in quotes: a quote, a backslash or a line break escaped, another control character a
/// space, the rest (− and ×) as it is, so the file reads as written.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out + "\""
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(first: &str) -> String {
        let mut lines = vec![first.to_string()];
        for high in 3..=10 {
            let low = high - 1;
            lines.push(format!(
                "(levels: ({high}, {low}), wins: 30, draws: 0, losses: 10, games: 40, command: \"c\", date: \"d\")"
            ));
        }
        lines.join(",\n")
    }

    #[test]
    fn a_ladder_file_reads_and_writes_back_the_same() {
        let first = "(levels: (2, 1), wins: 20, draws: 10, losses: 10, games: 40, command: \"bench/ladder.sh 40 g\", \
                     date: \"2026-11-26\")";
        let text = format!("(game: \"g\", steps: [{}], note: \"a note\")", steps(first));
        let ladder = parse(&text).expect("a ladder");
        assert_eq!(ladder.game, "g");
        assert_eq!(ladder.steps[0], Step(20, 10, 10));
        assert_eq!(ladder.steps[8], Step(30, 0, 10));
        assert_eq!(ladder.runs[0].command, "bench/ladder.sh 40 g");
        assert_eq!(ladder.runs[0].date, "2026-11-26");
        assert_eq!(ladder.scale, Scale::LevelOne);
        assert_eq!(ladder.note, "a note");
        let written = write(&ladder);
        assert_eq!(parse(&written), Ok(ladder));
        assert!(written.contains("(levels: (2, 1), wins: 20, draws: 10, losses: 10, games: 40"), "{written}");
    }

    /// The shipped ladder files are as `write` (and bench/ladder.sh) writes them, so a rerun's file diffs cleanly.
    #[test]
    fn the_shipped_ladder_files_are_in_the_written_format() {
        let dir = crate::games::registry::shipped_dir();
        let mut count = 0;
        for entry in std::fs::read_dir(&dir).expect("games/") {
            let path = entry.expect("an entry").path();
            if path.to_str().is_some_and(|p| p.ends_with(SUFFIX)) {
                let text = std::fs::read_to_string(&path).expect("readable");
                assert_eq!(write(&read(&path).expect("a ladder")), text, "{}", path.display());
                count += 1;
            }
        }
        let games = crate::games::registry::Registry::load(&dir).entries.len();
        assert_eq!(count, games, "one ladder file a shipped game");
    }

    #[test]
    fn a_malformed_ladder_file_is_a_message() {
        let good = "(levels: (2, 1), wins: 20, draws: 10, losses: 10, games: 40, command: \"\", date: \"\")";
        let cases = [
            ("(game: \"g\", steps: [", "line 1"),
            ("(game: \"g\", steps: [])", "9 steps"),
            (&*format!("(game: \"g\", steps: [{}], extra: 1)", steps(good)), "extra"),
            (&*format!("(game: \"g\", steps: [{}])", steps(&good.replace("(2, 1)", "(3, 2)"))), "(2, 1) was expected"),
            (&*format!("(game: \"g\", steps: [{}])", steps(&good.replace("games: 40", "games: 41"))), "make 40"),
            (
                &*format!(
                    "(game: \"g\", steps: [{}], scale: Stockfish(level: 11, uci_elo: 1, elo_difference: 0, games: 1))",
                    steps(good)
                ),
                "level 11",
            ),
            (
                &*format!(
                    "(game: \"g\", steps: [{}], direct: [(level: 0, nodes: 1, matches: [], command: \"\", date: \"\")])",
                    steps(good)
                ),
                "level 0",
            ),
            (
                &*format!(
                    "(game: \"g\", steps: [{}], direct: [(level: 6, nodes: 1, matches: [], command: \"\", date: \"\")])",
                    steps(good)
                ),
                "0 matches",
            ),
        ];
        for (text, expected) in cases {
            let message = parse(text).expect_err(text);
            assert!(message.contains(expected), "{text}: {message}");
        }
    }

    #[test]
    fn a_ladder_file_too_large_or_missing_is_a_message_naming_it() {
        let dir = std::env::temp_dir().join(format!("abs-ladder-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let big = dir.join("big.ladder.ron");
        std::fs::write(&big, vec![b' '; MAX_BYTES as usize + 1]).expect("write");
        let message = read(&big).expect_err("too large");
        assert!(message.contains("big.ladder.ron") && message.contains("larger than"), "{message}");
        let message = read(&dir.join("none.ladder.ron")).expect_err("missing");
        assert!(message.contains("none.ladder.ron"), "{message}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
