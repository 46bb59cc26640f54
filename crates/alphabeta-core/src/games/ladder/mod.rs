//! What each level's strength was measured to be: the level ladder of `bench/ladder.sh`, read from the ladder file
//! beside each game ([`mod@file`]: `games/chess.ladder.ron`). Each game's levels 1–10 played their neighbours (2 vs 1,
//! 3 vs 2 …) in `match`; a level's figure is the sum of the neighbours' Elo differences along the way, from level 1
//! (= 0) or, for chess, from the level that played Stockfish. The level picker shows it ("level 6 · ≈ 1250"); a
//! game without a ladder file shows none.
//!
//! Each step's 95 % interval is about ±40 Elo at 400 games a pair, ±110 at 40, and a step's Elo is held to ±400
//! (which a pair won or lost outright, or nearly so, reaches).

pub mod direct;
pub mod file;

pub use direct::DirectAnchor;

/// One game's measured ladder: the raw results, from which every figure is computed ([`figures`]), and how they were
/// measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ladder {
    /// The game's id in the registry.
    pub game: String,
    /// How each level from 2 to 10 did against the one below it.
    pub steps: [Step; 9],
    /// The command and date that measured each step.
    pub runs: [Run; 9],
    /// What the figures are measured against.
    pub scale: Scale,
    /// A level played directly against Stockfish at a time per move, as a check on the figures: shown beside them,
    /// since a scale anchored at a fixed node count may not hold at a time control.
    pub check: Option<TimedCheck>,
    /// Levels played directly against Stockfish at several settings, at their own node budgets: each such level is
    /// shown at its own fitted rating beside the ladder's figure.
    pub direct: Vec<DirectAnchor>,
    /// How the measurement went, in words: openings, reruns, caveats.
    pub note: String,
}

/// How a measurement was made: the command that played it and the day.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// The command, as typed (`bench/ladder.sh 400 connect-four`).
    pub command: String,
    /// The day, `2026-11-25`.
    pub date: String,
}

/// A level's match against Stockfish 15.1 (`UCI_LimitStrength`) at a fixed time per move (`match`): the
/// level's wins, draws and losses against Stockfish set to `uci_elo`.
#[derive(Clone, Debug, PartialEq)]
pub struct TimedCheck {
    /// The level that played.
    pub level: u8,
    /// Stockfish's `UCI_Elo` setting.
    pub uci_elo: i32,
    /// The time each side had per move.
    pub ms_per_move: u32,
    /// The level's wins, draws and losses.
    pub result: Step,
    /// How the match was played.
    pub run: Run,
}

impl TimedCheck {
    /// The level's strength on Stockfish's scale by this match alone.
    pub fn figure(&self) -> i32 {
        (f64::from(self.uci_elo) + step_elo(self.result.score())).round() as i32
    }
}

/// A level's games against the level below it: wins, draws and losses of the higher level.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Step(pub u16, pub u16, pub u16);

impl Step {
    /// The games played.
    pub fn games(self) -> u32 {
        u32::from(self.0) + u32::from(self.1) + u32::from(self.2)
    }

    /// The higher level's share of the points, 0–1.
    pub fn score(self) -> f64 {
        (f64::from(self.0) + f64::from(self.1) / 2.0) / f64::from(self.games().max(1))
    }
}

/// What a ladder's figures are measured against.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Deserialize)]
pub enum Scale {
    /// Level 1 is 0: the figures say how far above level 1 a level is.
    #[default]
    LevelOne,
    /// Stockfish 15.1's `UCI_Elo` scale (with `UCI_LimitStrength`): `level` played Stockfish set to `uci_elo` and
    /// scored `elo_difference` against it; the other levels are placed by the neighbours' steps from there.
    Stockfish {
        /// The level that played Stockfish.
        level: u8,
        /// The `UCI_Elo` Stockfish was set to.
        uci_elo: i32,
        /// The level's Elo minus Stockfish's, from the match's score (positive: the level was stronger).
        elo_difference: i32,
        /// Games in that match.
        games: u32,
    },
}

/// The fewest games a pair for a ladder to be shown in the level picker. Below it a step's 95 % interval is wider
/// than ±150 Elo, and the sums along the ladder can even fall with the level: such a figure would mislead a player
/// more than it informs. (The README still lists every measurement, however rough, with its game count.)
pub const SHOWN_FROM_GAMES: u32 = 20;

/// `ladder`, if every step was measured with enough games to be shown ([`SHOWN_FROM_GAMES`]).
pub fn shown(ladder: Option<&Ladder>) -> Option<&Ladder> {
    ladder.filter(|l| fewest_games(l) >= SHOWN_FROM_GAMES)
}

/// The fewest games any step of `ladder` played.
fn fewest_games(ladder: &Ladder) -> u32 {
    ladder.steps.iter().map(|s| s.games()).min().unwrap_or(0)
}

/// Levels 1–10 on the ladder's [`Scale`]: the running sum of the steps' Elo ([`step_elo`]), from 0 at level 1, or
/// shifted so the anchored level stands at Stockfish's setting plus the difference it scored. Rounded at the end.
pub fn figures(ladder: &Ladder) -> [i32; 10] {
    let mut sums = [0.0; 10];
    for (i, step) in ladder.steps.iter().enumerate() {
        sums[i + 1] = sums[i] + step_elo(step.score());
    }
    let offset = match ladder.scale {
        Scale::LevelOne => 0.0,
        Scale::Stockfish { level, uci_elo, elo_difference, .. } => {
            f64::from(uci_elo + elo_difference) - sums[usize::from(level.clamp(1, 10)) - 1]
        }
    };
    sums.map(|sum| (sum + offset).round() as i32)
}

/// `level`'s measured strength in a few words, "≈ +410 vs level 1", or `None` when the game was not measured (or
/// not with enough games: [`SHOWN_FROM_GAMES`]).
pub fn strength_words(ladder: Option<&Ladder>, level: u8) -> Option<String> {
    words(shown(ladder)?, level)
}

/// `level`'s figure on `ladder`, in words.
fn words(ladder: &Ladder, level: u8) -> Option<String> {
    let elo = *figures(ladder).get(usize::from(level.checked_sub(1)?))?;
    Some(match ladder.scale {
        Scale::LevelOne if level == 1 => "the ladder's foot (0)".to_string(),
        Scale::LevelOne => format!("≈ {elo:+} vs level 1"),
        Scale::Stockfish { .. } if let Some(rating) = direct_rating(ladder, level) => format!(
            "≈ {} played directly (95 %: {}–{}), ≈ {elo} by the ladder (Stockfish's UCI_Elo scale)",
            rating.elo.round(),
            rating.low.round(),
            rating.high.round()
        ),
        Scale::Stockfish { .. } => match ladder.check.as_ref().filter(|check| check.level == level) {
            // The direct match beside the ladder's figure: where they differ, a player should see both.
            Some(check) => format!(
                "≈ {elo} by the ladder, ≈ {} played at {} s a move (Stockfish's UCI_Elo scale)",
                check.figure(),
                f64::from(check.ms_per_move) / 1000.0
            ),
            None => format!("≈ {elo} (Stockfish's UCI_Elo scale)"),
        },
    })
}

/// `level`'s rating from its direct matches against Stockfish, when it played them and neither won nor lost them all.
fn direct_rating(ladder: &Ladder, level: u8) -> Option<direct::Rating> {
    ladder.direct.iter().find(|anchor| anchor.level == level)?.rating()
}

/// The direct matches of `ladder`, in a sentence each: "Level 6 played Stockfish 15.1 directly, 300 games at 46,416
/// nodes a move against UCI_Elo 1350, 1700 and 1950: about 1836 (95 %: 1788 to 1884)."
fn direct_words(ladder: &Ladder) -> String {
    let mut text = String::new();
    for anchor in &ladder.direct {
        let Some(rating) = anchor.rating() else { continue };
        let settings: Vec<String> = anchor.matches.iter().map(|(elo, _)| elo.to_string()).collect();
        let settings = match settings.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => settings.concat(),
        };
        text += &format!(
            " Level {} played Stockfish 15.1 directly, {} games at {} nodes a move against UCI_Elo {settings}: about \
             {} (95 %: {} to {}).",
            anchor.level,
            anchor.games(),
            crate::numbers::thousands(anchor.nodes),
            rating.elo.round(),
            rating.low.round(),
            rating.high.round()
        );
    }
    text
}

/// How `level` did against the level below it on `ladder`, "Level 5 scored 72.5 % against level 4 (+27 =4 −9).",
/// or `None` at level 1 (or a level outside 1–10).
pub fn step_words(ladder: &Ladder, level: u8) -> Option<String> {
    let step = *ladder.steps.get(usize::from(level.checked_sub(2)?))?;
    let percent = format!("{:.1}", step.score() * 100.0);
    let Step(wins, draws, losses) = step;
    let below = level - 1;
    Some(format!(
        "Level {level} scored {} % against level {below} (+{wins} ={draws} −{losses}).",
        percent.trim_end_matches(".0")
    ))
}

/// What `level` is and how strong it plays, in a player's words, for the level's tooltip: its settings as
/// [`crate::games::levels::describe`] says them, its measured figure and how it did against the level below. How
/// the figures were measured ([`method_words`]) is behind a link of its own, so one level's tooltip never cites
/// another level's match.
pub fn level_tooltip(ladder: Option<&Ladder>, level: u8, settings: &str) -> String {
    let mut text = format!("Level {level}: {settings}.");
    if let Some(words) = strength_words(ladder, level) {
        text.push_str(&format!("\nMeasured strength: {words}."));
    }
    if let Some(step) = shown(ladder).and_then(|ladder| step_words(ladder, level)) {
        text.push('\n');
        text.push_str(&step);
    }
    text
}

/// How `ladder`'s figures were measured, in a sentence or two without commands or script names (those are in
/// docs/strength.md, which the "How was this measured?" link opens).
pub fn method_words(ladder: &Ladder) -> String {
    let (fewest, most) = (fewest_games(ladder), ladder.steps.iter().map(|s| s.games()).max().unwrap_or(0));
    let games = if fewest == most { fewest.to_string() } else { format!("{fewest}–{most}") };
    let steps = format!(
        "Each level played the level below it, {games} games a pair, at its own node budget or depth, so the \
         figures hold on any machine."
    );
    let direct = match ladder.direct.iter().map(|anchor| anchor.level.to_string()).collect::<Vec<_>>()[..] {
        [] => String::new(),
        [ref level] => {
            format!(" Level {level} also played Stockfish itself, at several strengths: its figure is its own.")
        }
        ref levels => format!(
            " Levels {} also played Stockfish themselves, at several strengths: their figures are their own.",
            levels.join(", ")
        ),
    };
    let method = match ladder.scale {
        Scale::LevelOne => format!("{steps} Level 1 counts as 0."),
        Scale::Stockfish { level, uci_elo, games, .. } => format!(
            "{steps} Level {level} played {games} games against Stockfish 15.1 limited to {uci_elo} Elo, which \
             places the ladder on Stockfish's scale."
        ),
    };
    method + &direct
}

/// How `ladder` was measured, for the figure's tooltip.
pub fn provenance(ladder: &Ladder) -> String {
    let (fewest, most) = (fewest_games(ladder), ladder.steps.iter().map(|s| s.games()).max().unwrap_or(0));
    let games = if fewest == most { fewest.to_string() } else { format!("{fewest}–{most}") };
    let steps = format!(
        "Measured with `match` (bench/ladder.sh): each level against the one below, {games} games a pair, each \
         level at its own node budget or depth, so the figure holds on any machine; the sum of the steps"
    );
    let measured = match ladder.scale {
        Scale::LevelOne => format!("{steps} from level 1."),
        Scale::Stockfish { level, uci_elo, elo_difference, games } => format!(
            "{steps} from level {level}, which scored {} Elo in {games} games against Stockfish 15.1 set to UCI_Elo \
             {uci_elo} at the same number of nodes (bench/strength.sh).",
            signed(elo_difference)
        ),
    };
    let measured = measured + &direct_words(ladder);
    match &ladder.check {
        None => measured,
        Some(check) => {
            let Step(wins, draws, losses) = check.result;
            let percent = format!("{:.1}", check.result.score() * 100.0);
            format!(
                "{measured} Played directly at {} s a move, level {} scored {} % (+{wins} ={draws} −{losses}) \
                 against UCI_Elo {}: about {} by that match alone.",
                f64::from(check.ms_per_move) / 1000.0,
                check.level,
                percent.trim_end_matches(".0"),
                check.uci_elo,
                check.figure()
            )
        }
    }
}

/// `value` with its sign, a true minus for a negative one ("−26", "+98", "0").
fn signed(value: i32) -> String {
    match value {
        ..0 => format!("−{}", value.unsigned_abs()),
        0 => "0".to_string(),
        _ => format!("+{value}"),
    }
}

/// Elo's logistic difference for a score (a share of the points, 0–1), held to ±400 where a pair was won or lost
/// outright (and the estimate is infinite).
pub fn step_elo(score: f64) -> f64 {
    if score <= 0.0 {
        -400.0
    } else if score >= 1.0 {
        400.0
    } else {
        (-400.0 * (1.0 / score - 1.0).log10()).clamp(-400.0, 400.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ladders of the games the studio ships, as the registry reads them from `games/*.ladder.ron`.
    fn measured() -> Vec<Ladder> {
        let registry = crate::games::registry::Registry::load(&crate::games::registry::shipped_dir());
        assert!(registry.errors.is_empty(), "{:?}", registry.errors);
        registry.entries.into_iter().filter_map(|e| e.ladder).collect()
    }

    /// A level's tooltip says what the level is and how strong it plays, in a player's words: no command, no
    /// script, and at level 3 nothing of level 10's match against Stockfish.
    #[test]
    fn a_levels_tooltip_speaks_of_that_level_alone() {
        let measured = measured();
        let chess = measured.iter().find(|l| l.game == "chess").expect("chess is measured");
        let text = level_tooltip(Some(chess), 3, "depth 5, 4.6 k nodes (at most 0.7 s) per move");
        assert!(text.starts_with("Level 3: depth 5, 4.6 k nodes"), "{text}");
        assert!(text.contains("Measured strength: ≈ 746 (Stockfish's UCI_Elo scale)."), "{text}");
        assert!(text.contains("Level 3 scored"), "{text}");
        for jargon in ["match", "bench/", ".sh", "played at"] {
            assert!(!text.contains(jargon), "{jargon} in {text}");
        }
        let method = method_words(chess);
        assert!(method.contains("Stockfish") && !method.contains("bench/") && !method.contains('`'), "{method}");
    }

    /// Every ladder file names a game, and its figures are the README's: the sums of its steps from level 1, or
    /// chess's from level 8 at Stockfish's 1900 + 0.
    #[test]
    fn every_measured_ladder_names_a_game_and_gives_the_readmes_figures() {
        let registry = crate::games::registry::Registry::standard();
        let measured = measured();
        for ladder in &measured {
            assert!(registry.find(&ladder.game).is_some(), "{} is a game", ladder.game);
            assert!(fewest_games(ladder) >= 2, "{}", ladder.game);
        }
        let figures_of = |game| figures(measured.iter().find(|l| l.game == game).expect("measured"));
        assert_eq!(figures_of("connect-four"), [0, 238, 360, 503, 634, 760, 832, 1066, 1123, 1217]);
        assert_eq!(figures_of("connect-four-8x7"), [0, 366, 465, 568, 704, 816, 883, 1167, 1212, 1282]);
        assert_eq!(figures_of("othello"), [0, 400, 800, 1133, 1324, 1469, 1573, 1834, 1937, 1996]);
        assert_eq!(figures_of("othello-6x6"), [0, 279, 432, 737, 842, 993, 1068, 1215, 1288, 1377]);
        assert_eq!(figures_of("gomoku-9x9"), [0, 260, 444, 519, 667, 736, 838, 891, 943, 1017]);
        assert_eq!(figures_of("kalah"), [0, 60, 460, 601, 740, 871, 983, 1081, 1146, 1188]);
        assert_eq!(figures_of("four-in-a-row-5x5"), [0, 54, 110, 265, 355, 415, 518, 641, 715, 773]);
        assert_eq!(figures_of("draughts"), [0, 383, 605, 899, 1044, 1154, 1259, 1383, 1477, 1547]);
        assert_eq!(figures_of("tic-tac-toe"), [0, 58, 99, 134, 172, 211, 251, 287, 348, 389]);
        assert_eq!(figures_of("tic-tac-toe-script"), [0, 55, 99, 147, 189, 238, 290, 333, 370, 453]);
        assert_eq!(figures_of("nim"), [0, 112, 173, 371, 476, 511, 641, 683, 718, 769]);
        assert_eq!(figures_of("connect-four-script"), [0, 133, 299, 535, 727, 890, 990, 1055, 1123, 1244]);
        assert_eq!(figures_of("hex"), [0, 315, 528, 714, 878, 1083, 1279, 1402, 1574, 1743]);
        assert_eq!(figures_of("einstein"), [0, 54, 101, 155, 217, 270, 329, 394, 452, 512]);
        assert_eq!(figures_of("pig"), [0, 85, 154, 215, 293, 373, 443, 509, 570, 625]);
        assert_eq!(figures_of("breakthrough"), [0, 400, 435, 650, 738, 953, 1144, 1335, 1482, 1697]);
        assert_eq!(figures_of("dots-and-boxes"), [0, 400, 453, 505, 575, 877, 984, 1055, 1246, 1353]);
        assert_eq!(figures_of("nine-mens-morris"), [0, 400, 800, 1113, 1345, 1465, 1536, 1663, 1698, 1866]);
        let chess = [240, 640, 746, 1146, 1277, 1452, 1640, 1958, 2090, 2219];
        assert_eq!(figures_of("chess"), chess, "8 = 1900 + 58");
        // Levels 6, 8 and 10 also played Stockfish directly (games/chess.ladder.ron's `direct`, bench/anchor.sh): each
        // shows its own fitted figure, the ladder's beside it.
        let chess_ladder = measured.iter().find(|l| l.game == "chess").expect("chess");
        assert_eq!(
            words(chess_ladder, 8).as_deref(),
            Some("≈ 2001 played directly (95 %: 1951–2052), ≈ 1958 by the ladder (Stockfish's UCI_Elo scale)")
        );
        assert!(words(chess_ladder, 6).is_some_and(|w| w.starts_with("≈ 1836 played directly")));
        assert_eq!(
            words(chess_ladder, 10).as_deref(),
            Some("≈ 2028 played directly (95 %: 1972–2084), ≈ 2219 by the ladder (Stockfish's UCI_Elo scale)")
        );
        assert_eq!(strength_words(None, 5), None);
        assert_eq!(strength_words(None, 0), None);
    }

    /// Every game the studio ships (`games/`, compiled families and scripts alike) has a measured ladder, so
    /// every level picker shows its figures.
    #[test]
    fn every_shipped_game_is_measured() {
        let registry = crate::games::registry::Registry::load(&crate::games::registry::shipped_dir());
        assert!(registry.entries.len() >= 19, "{} games", registry.entries.len());
        for entry in &registry.entries {
            let id = &entry.variant.id;
            let measured = entry.ladder.as_ref().is_some_and(|l| &l.game == id);
            assert!(measured, "{id}: no ladder file of its own");
        }
    }

    /// The ladder's bar: every level scores at least 55 % against the level below it, in every laddered game.
    #[test]
    fn every_measured_level_scores_at_least_55_percent_against_the_one_below() {
        for ladder in measured() {
            for (i, step) in ladder.steps.iter().enumerate() {
                let pair = format!("{} {} v {}", ladder.game, i + 2, i + 1);
                assert!(step.score() >= 0.55, "{pair}: {:?} scores {:.4}", step, step.score());
            }
        }
    }

    #[test]
    fn a_ladder_of_too_few_games_is_not_shown_and_a_shown_one_reads_in_words() {
        for ladder in measured().iter().filter(|l| fewest_games(l) < SHOWN_FROM_GAMES) {
            assert_eq!(strength_words(Some(ladder), 5), None, "{} has too few games", ladder.game);
        }
        // 75 % (+191) and then 50 %: 0, +191, +191 …
        let mut steps = [Step(20, 0, 20); 9];
        steps[0] = Step(30, 0, 10);
        steps[8] = Step(10, 5, 5);
        let ladder = Ladder { game: "g".into(), steps, ..Ladder::default() };
        assert_eq!(figures(&ladder), [0, 191, 191, 191, 191, 191, 191, 191, 191, 280]);
        assert_eq!(words(&ladder, 3).as_deref(), Some("≈ +191 vs level 1"));
        assert_eq!(words(&ladder, 1).as_deref(), Some("the ladder's foot (0)"));
        assert_eq!(words(&ladder, 0), None);
        assert_eq!(words(&ladder, 11), None);
        assert!(provenance(&ladder).contains("40 games a pair"));
        assert_eq!(step_words(&ladder, 2).as_deref(), Some("Level 2 scored 75 % against level 1 (+30 =0 −10)."));
        assert_eq!(step_words(&ladder, 10).as_deref(), Some("Level 10 scored 62.5 % against level 9 (+10 =5 −5)."));
        assert_eq!(step_words(&ladder, 1), None);
        assert_eq!(step_words(&ladder, 11), None);
        let scale = Scale::Stockfish { level: 10, uci_elo: 2000, elo_difference: -35, games: 20 };
        let chess = Ladder { scale, steps: [Step(15, 0, 5); 9], ..ladder.clone() };
        assert_eq!(figures(&chess)[9], 1965);
        assert_eq!(words(&chess, 10).as_deref(), Some("≈ 1965 (Stockfish's UCI_Elo scale)"));
        assert_eq!(words(&chess, 9).as_deref(), Some("≈ 1774 (Stockfish's UCI_Elo scale)"));
        assert!(provenance(&chess).contains("scored −35 Elo in 20 games against Stockfish 15.1 set to UCI_Elo 2000"));
        assert_eq!([signed(-35), signed(0), signed(98)], ["−35", "0", "+98"]);
        assert!(!provenance(&chess).contains("directly"), "no timed check, none named");
        let result = Step(4, 3, 13);
        let check = TimedCheck { level: 10, uci_elo: 2000, ms_per_move: 1000, result, run: Run::default() };
        assert_eq!(check.figure(), 1832, "27.5 % is −168 Elo");
        let checked = Ladder { check: Some(check), ..chess.clone() };
        assert_eq!(
            words(&checked, 10).as_deref(),
            Some("≈ 1965 by the ladder, ≈ 1832 played at 1 s a move (Stockfish's UCI_Elo scale)")
        );
        assert_eq!(words(&checked, 9), words(&chess, 9), "only the level that played");
        assert!(
            provenance(&checked).ends_with(
                "Played directly at 1 s a move, level 10 scored 27.5 % (+4 =3 −13) against UCI_Elo 2000: about 1832 \
                 by that match alone."
            ),
            "{}",
            provenance(&checked)
        );
        let uneven = Ladder {
            steps: [
                Step(10, 0, 10),
                Step(30, 0, 30),
                Step(10, 0, 10),
                Step(10, 0, 10),
                Step(10, 0, 10),
                Step(10, 0, 10),
                Step(10, 0, 10),
                Step(10, 0, 10),
                Step(10, 0, 10),
            ],
            ..ladder
        };
        assert!(provenance(&uneven).contains("20–60 games a pair"));
    }

    /// A level that played Stockfish directly shows its own fitted figure first and the ladder's beside it; its
    /// neighbours keep the ladder's; the tooltip's provenance names the matches and the method link the levels.
    #[test]
    fn a_level_played_directly_shows_its_own_figure() {
        let scale = Scale::Stockfish { level: 8, uci_elo: 1900, elo_difference: 58, games: 120 };
        let matches = vec![(1350, Step(96, 1, 3)), (1700, Step(68, 2, 30)), (1950, Step(30, 3, 67))];
        let anchor = DirectAnchor { level: 6, nodes: 46_416, matches, run: Run::default() };
        let ladder = Ladder { scale, steps: [Step(30, 0, 10); 9], direct: vec![anchor], ..Ladder::default() };
        let ladder_six = figures(&ladder)[5];
        assert_eq!(
            words(&ladder, 6),
            Some(format!(
                "≈ 1836 played directly (95 %: 1787–1884), ≈ {ladder_six} by the ladder (Stockfish's UCI_Elo scale)"
            ))
        );
        assert_eq!(words(&ladder, 7), Some(format!("≈ {} (Stockfish's UCI_Elo scale)", figures(&ladder)[6])));
        assert!(
            provenance(&ladder).contains(
                "Level 6 played Stockfish 15.1 directly, 300 games at 46,416 nodes a move against UCI_Elo 1350, 1700 \
                 and 1950: about 1836 (95 %: 1787 to 1884)."
            ),
            "{}",
            provenance(&ladder)
        );
        assert!(
            method_words(&ladder)
                .ends_with("Level 6 also played Stockfish itself, at several strengths: its figure is its own.")
        );
    }

    #[test]
    fn a_score_becomes_elo_as_elo_defined_it() {
        assert_eq!(step_elo(0.5), 0.0);
        assert!((step_elo(0.75) - 190.85).abs() < 0.01);
        assert!((step_elo(0.25) + 190.85).abs() < 0.01);
        assert_eq!(step_elo(1.0), 400.0);
        assert_eq!(step_elo(0.0), -400.0);
        assert_eq!(step_elo(0.999), 400.0, "held to ±400");
    }
}
