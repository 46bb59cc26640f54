//! What each level's strength was measured to be: the level ladder of `bench/ladder.sh`, pasted here as data. Each
//! game's levels 1–10 played their neighbours (2 vs 1, 3 vs 2 …) in `match`; a level's figure is the sum of the
//! neighbours' Elo differences along the way, from level 1 (= 0) or, for chess, from the level that played
//! Stockfish. The level picker shows it ("level 6 · ≈ 1250"); a game not in the table shows none.
//!
//! Each step's 95 % interval is about ±40 Elo at 400 games a pair, ±110 at 40, and a step's Elo is held to ±400
//! (which a pair won or lost outright, or nearly so, reaches).

/// One game's measured ladder: the raw results, from which every figure is computed ([`figures`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ladder {
    /// The game's id in the registry.
    pub game: &'static str,
    /// How each level from 2 to 10 did against the one below it.
    pub steps: [Step; 9],
    pub scale: Scale,
    /// A level played directly against Stockfish at a time per move, as a check on the figures: shown beside them,
    /// since a scale anchored at a fixed node count may not hold at a time control.
    pub check: Option<TimedCheck>,
}

/// A level's match against Stockfish 15.1 (`UCI_LimitStrength`) at a fixed time per move (`match`): the
/// level's wins, draws and losses against Stockfish set to `uci_elo`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimedCheck {
    pub level: u8,
    pub uci_elo: i32,
    pub ms_per_move: u32,
    pub result: Step,
}

impl TimedCheck {
    /// The level's strength on Stockfish's scale by this match alone.
    pub fn figure(&self) -> i32 {
        (f64::from(self.uci_elo) + step_elo(self.result.score())).round() as i32
    }
}

/// A level's games against the level below it: wins, draws and losses of the higher level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step(pub u16, pub u16, pub u16);

impl Step {
    pub fn games(self) -> u32 {
        u32::from(self.0) + u32::from(self.1) + u32::from(self.2)
    }

    /// The higher level's share of the points, 0–1.
    pub fn score(self) -> f64 {
        (f64::from(self.0) + f64::from(self.1) / 2.0) / f64::from(self.games().max(1))
    }
}

/// What a ladder's figures are measured against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Level 1 is 0: the figures say how far above level 1 a level is.
    LevelOne,
    /// Stockfish 15.1's `UCI_Elo` scale (with `UCI_LimitStrength`): `level` played Stockfish set to `uci_elo` and
    /// scored `elo_difference` against it; the other levels are placed by the neighbours' steps from there.
    Stockfish { level: u8, uci_elo: i32, elo_difference: i32, games: u32 },
}

/// The ladders measured: the output of `bench/ladder.sh` (each level at its own node budget or depth, so the figures
/// hold on any machine), pasted here as data, each step's wins–draws–losses of the higher level.
///
/// Connect Four and Othello 6 × 6: `bench/ladder.sh 400 connect-four othello-6x6`, 2026-11-25 (Connect Four from four
/// random plies, a new position for every pair of games; 6 × 6 from its book of balanced openings, with its levels set
/// by depth). Connect Four 8 × 7: `bench/ladder.sh 640,400,400,400,400,400,400,400,400 connect-four-8x7`, 2026-11-26,
/// from four random plies. Gomoku 9 × 9: `bench/ladder.sh 400,400,400,400,400,200,160,160,96 gomoku-9x9`, 2026-11-26,
/// from four random plies, with its levels listed in its game file (8 v 7 to 10 v 9 from runs before the lower levels
/// changed: a node-limited pair replays its games; see the README's *Gomoku's ladder*). Four in a row 5 × 5:
/// `bench/ladder.sh 400,400,400,400,400,400,400,400,200 four-in-a-row-5x5`, 2026-11-26, from its book of balanced
/// openings, with its levels listed in its game file. Kalah (a script): `bench/ladder.sh
/// 200,200,300,300,300,300,300,200,200 kalah`, 2026-11-26, from four random plies, with its levels listed in its file.
/// Tic-tac-toe and its script twin: `bench/ladder.sh 276 tic-tac-toe tic-tac-toe-script`, 2026-11-26, from their book
/// of every balanced position three plies in (138, each from both sides: every game the levels can play from it), with
/// their levels listed in their files. Nim: `bench/ladder.sh 218 nim`, 2026-11-26, from its book of every position
/// three plies in (109), with its levels listed in its file. Connect Four's script: `bench/ladder.sh
/// 400,400,400,400,400,400,400,200,200 connect-four-script`, 2026-11-26, from four random plies, with its levels listed
/// in its file (2 v 1 to 8 v 7 from a second run, at 400 games). Hex: `bench/ladder.sh
/// 400,400,400,400,400,400,300,200,200 hex`, 2026-11-26, from four random plies, with its levels listed in its file
/// (10 v 9 from a first run: levels 9 and 10 have not changed since). EinStein: `bench/ladder.sh
/// 4000,4000,4000,4000,4000,4000,4000,4000,1000 einstein`, 2026-11-26, from the setup (the dice differ from pair to
/// pair), with its levels listed in its file. Pig: `bench/ladder.sh 4000 pig`, 2026-11-26, from the start (the dice
/// differ from pair to pair), with its levels listed in its file: its steps add up to more than its levels' direct
/// results (level 10 against level 1 scored 91.1 %, +404 Elo, where the steps sum to +625; see the README's *Pig's
/// levels*). Draughts: `bench/ladder.sh 160 draughts` and, for
/// 2 v 1 to 4 v 3, `FIRST=1 LAST=4 OPENING_PLIES=4 bench/ladder.sh 640 draughts` (2026-11-25, with repetition draws
/// from level 4). Othello: `bench/ladder.sh 1200,1200,1200,400,400,400,400,400,400 othello`, 2026-11-25, from its book
/// of balanced openings, with the game's `mistakes` at 400 (at 60, 5 v 4 scored 54 %; at 120 games 10 v 9 had scored
/// 52 %, and the 280 games after them 61 %). Chess: `bench/ladder.sh 600,400,600,400,600,400,300,160,160 chess`
/// (2026-11-25, with the evaluation's weights fitted to Stockfish's scores; 8 v 7 and 9 v 8, the 24 games a pair of an
/// earlier run, then the rest with `match --seed 13`: the same games as one run; 10 v 9 as one run of 160 games,
/// 2026-11-26, whose first 24 and next 56 games scored as the earlier runs had), placed by level 8's three 40-game
/// matches against Stockfish (`bench/strength.sh anchor`, with `ANCHOR_SEED` 11, 12 and 32: +21 =1 −18, +24 =2 −14 and
/// +22 =3 −15, pooled; seeds 11 and 12 share 19 of their 20 openings, and only Stockfish's own randomness makes their
/// games differ). Below Stockfish's lowest setting, 1350, the figures are the ladder's extrapolation, and the two steps
/// won 99.4 % of their games (2 v 1, 4 v 3: +893 Elo, 95 %: above +771) count only +400 each (so levels 1–3 are weaker
/// still than their figures).
pub const MEASURED: &[Ladder] = &[
    Ladder {
        game: "chess",
        steps: [
            Step(596, 1, 3),
            Step(247, 25, 128),
            Step(596, 1, 3),
            Step(242, 60, 98),
            Step(400, 78, 122),
            Step(271, 56, 73),
            Step(236, 45, 19),
            Step(83, 52, 25),
            Step(71, 75, 14),
        ],
        scale: Scale::Stockfish { level: 8, uci_elo: 1900, elo_difference: 58, games: 120 },
        // At 1 s a move, with the fifth round's weights: `SF_GAMES=40 CONCURRENCY=2 bench/strength.sh stockfish`
        // (+20 =5 −15, openings 1–20) and 30 games with `SF_SEED=21` (+19 =4 −7, openings 21–35), 2026-11-25, no
        // forfeit. (The hand-set weights had scored +58 =5 −57 in 120 games.)
        check: Some(TimedCheck { level: 10, uci_elo: 2000, ms_per_move: 1000, result: Step(39, 9, 22) }),
    },
    Ladder {
        game: "connect-four",
        steps: [
            Step(310, 18, 72),
            Step(240, 55, 105),
            Step(255, 46, 99),
            Step(261, 22, 117),
            Step(256, 27, 117),
            Step(227, 27, 146),
            Step(305, 25, 70),
            Step(215, 36, 149),
            Step(232, 41, 127),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "connect-four-8x7",
        steps: [
            Step(568, 5, 67),
            Step(249, 13, 138),
            Step(250, 16, 134),
            Step(269, 11, 120),
            Step(258, 8, 134),
            Step(231, 14, 155),
            Step(332, 6, 62),
            Step(217, 17, 166),
            Step(231, 18, 151),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "gomoku-9x9",
        steps: [
            Step(324, 6, 70),
            Step(281, 32, 87),
            Step(202, 80, 118),
            Step(233, 95, 72),
            Step(157, 165, 78),
            Step(89, 79, 32),
            Step(52, 80, 28),
            Step(48, 88, 24),
            Step(29, 58, 9),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "four-in-a-row-5x5",
        steps: [
            Step(223, 16, 161),
            Step(220, 24, 156),
            Step(270, 27, 103),
            Step(228, 46, 126),
            Step(181, 106, 113),
            Step(158, 199, 43),
            Step(169, 198, 33),
            Step(128, 228, 44),
            Step(38, 157, 5),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "kalah",
        steps: [
            Step(106, 22, 72),
            Step(180, 6, 14),
            Step(203, 10, 87),
            Step(198, 18, 84),
            Step(193, 22, 85),
            Step(190, 13, 97),
            Step(185, 13, 102),
            Step(107, 23, 70),
            Step(104, 16, 80),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "draughts",
        steps: [
            Step(519, 115, 6),
            Step(409, 183, 48),
            Step(470, 141, 29),
            Step(82, 59, 19),
            Step(71, 67, 22),
            Step(71, 65, 24),
            Step(78, 59, 23),
            Step(72, 58, 30),
            Step(61, 70, 29),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "othello",
        steps: [
            Step(1144, 6, 50),
            Step(1138, 4, 58),
            Step(1038, 16, 146),
            Step(296, 8, 96),
            Step(277, 4, 119),
            Step(256, 4, 140),
            Step(324, 7, 69),
            Step(249, 17, 134),
            Step(222, 23, 155),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "othello-6x6",
        steps: [
            Step(326, 14, 60),
            Step(272, 22, 106),
            Step(339, 4, 57),
            Step(254, 10, 136),
            Step(274, 15, 111),
            Step(233, 19, 148),
            Step(272, 16, 112),
            Step(233, 17, 150),
            Step(238, 24, 138),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "tic-tac-toe",
        steps: [
            Step(129, 64, 83),
            Step(122, 64, 90),
            Step(118, 68, 90),
            Step(115, 76, 85),
            Step(107, 93, 76),
            Step(93, 121, 62),
            Step(86, 133, 57),
            Step(74, 176, 26),
            Step(32, 244, 0),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "tic-tac-toe-script",
        steps: [
            Step(140, 39, 97),
            Step(133, 45, 98),
            Step(134, 46, 96),
            Step(129, 51, 96),
            Step(127, 61, 88),
            Step(115, 87, 74),
            Step(94, 122, 60),
            Step(69, 167, 40),
            Step(65, 211, 0),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "nim",
        steps: [
            Step(143, 0, 75),
            Step(128, 0, 90),
            Step(165, 0, 53),
            Step(141, 0, 77),
            Step(120, 0, 98),
            Step(148, 0, 70),
            Step(122, 0, 96),
            Step(120, 0, 98),
            Step(125, 0, 93),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "connect-four-script",
        steps: [
            Step(273, 0, 127),
            Step(289, 0, 111),
            Step(317, 2, 81),
            Step(294, 13, 93),
            Step(278, 19, 103),
            Step(242, 28, 130),
            Step(214, 46, 140),
            Step(108, 23, 69),
            Step(127, 13, 60),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "einstein",
        steps: [
            Step(2306, 0, 1694),
            Step(2272, 0, 1728),
            Step(2307, 0, 1693),
            Step(2353, 0, 1647),
            Step(2301, 0, 1699),
            Step(2340, 0, 1660),
            Step(2368, 0, 1632),
            Step(2330, 0, 1670),
            Step(586, 0, 414),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "pig",
        steps: [
            Step(2479, 0, 1521),
            Step(2393, 0, 1607),
            Step(2350, 0, 1650),
            Step(2439, 0, 1561),
            Step(2454, 0, 1546),
            Step(2398, 0, 1602),
            Step(2371, 0, 1629),
            Step(2351, 0, 1649),
            Step(2312, 0, 1688),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "hex",
        steps: [
            Step(344, 0, 56),
            Step(309, 0, 91),
            Step(298, 0, 102),
            Step(288, 0, 112),
            Step(306, 0, 94),
            Step(302, 0, 98),
            Step(201, 0, 99),
            Step(146, 0, 54),
            Step(145, 0, 55),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
];

/// The fewest games a pair for a ladder to be shown in the level picker. Below it a step's 95 % interval is wider
/// than ±150 Elo, and the sums along the ladder can even fall with the level: such a figure would mislead a player
/// more than it informs. (The README still lists every measurement, however rough, with its game count.)
pub const SHOWN_FROM_GAMES: u32 = 20;

/// The measured ladder of the game with this id, if every step was measured with enough games to be shown.
pub fn ladder(game: &str) -> Option<&'static Ladder> {
    MEASURED.iter().find(|l| l.game == game && fewest_games(l) >= SHOWN_FROM_GAMES)
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
pub fn strength_words(game: &str, level: u8) -> Option<String> {
    words(ladder(game)?, level)
}

/// `level`'s figure on `ladder`, in words.
fn words(ladder: &Ladder, level: u8) -> Option<String> {
    let elo = *figures(ladder).get(usize::from(level.checked_sub(1)?))?;
    Some(match ladder.scale {
        Scale::LevelOne if level == 1 => "the ladder's foot (0)".to_string(),
        Scale::LevelOne => format!("≈ {elo:+} vs level 1"),
        Scale::Stockfish { .. } => match ladder.check.filter(|check| check.level == level) {
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
    match ladder.check {
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

    /// Every pasted ladder names a game, and its figures are the README's: the sums of its steps from level 1, or
    /// chess's from level 8 at Stockfish's 1900 + 0.
    #[test]
    fn every_measured_ladder_names_a_game_and_gives_the_readmes_figures() {
        let registry = crate::games::registry::Registry::standard();
        for ladder in MEASURED {
            assert!(registry.find(ladder.game).is_some(), "{} is a game", ladder.game);
            assert!(fewest_games(ladder) >= 2, "{}", ladder.game);
        }
        let figures_of = |game| figures(MEASURED.iter().find(|l| l.game == game).expect("measured"));
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
        let chess = [240, 640, 746, 1146, 1277, 1452, 1640, 1958, 2090, 2219];
        assert_eq!(figures_of("chess"), chess, "8 = 1900 + 58");
        assert_eq!(strength_words("no such game", 5), None);
        assert_eq!(strength_words("no such game", 0), None);
    }

    /// Issue 18: every game the studio ships (`games/`, compiled families and scripts alike) has a measured ladder, so
    /// every level picker shows its figures.
    #[test]
    fn every_shipped_game_is_measured() {
        let registry =
            crate::games::registry::Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games"));
        assert!(registry.entries.len() >= 16, "{} games", registry.entries.len());
        for entry in &registry.entries {
            let id = &entry.variant.id;
            assert!(MEASURED.iter().any(|l| l.game == id), "{id} has no ladder");
        }
    }

    /// Issue 18's bar: every level scores at least 55 % against the level below it, in every laddered game.
    #[test]
    fn every_measured_level_scores_at_least_55_percent_against_the_one_below() {
        for ladder in MEASURED {
            for (i, step) in ladder.steps.iter().enumerate() {
                let pair = format!("{} {} v {}", ladder.game, i + 2, i + 1);
                assert!(step.score() >= 0.55, "{pair}: {:?} scores {:.4}", step, step.score());
            }
        }
    }

    #[test]
    fn a_ladder_of_too_few_games_is_not_shown_and_a_shown_one_reads_in_words() {
        for ladder in MEASURED.iter().filter(|l| fewest_games(l) < SHOWN_FROM_GAMES) {
            assert_eq!(strength_words(ladder.game, 5), None, "{} has too few games", ladder.game);
        }
        // 75 % (+191) and then 50 %: 0, +191, +191 …
        let mut steps = [Step(20, 0, 20); 9];
        steps[0] = Step(30, 0, 10);
        steps[8] = Step(10, 5, 5);
        let ladder = Ladder { game: "g", steps, scale: Scale::LevelOne, check: None };
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
        let chess = Ladder { scale, steps: [Step(15, 0, 5); 9], ..ladder };
        assert_eq!(figures(&chess)[9], 1965);
        assert_eq!(words(&chess, 10).as_deref(), Some("≈ 1965 (Stockfish's UCI_Elo scale)"));
        assert_eq!(words(&chess, 9).as_deref(), Some("≈ 1774 (Stockfish's UCI_Elo scale)"));
        assert!(provenance(&chess).contains("scored −35 Elo in 20 games against Stockfish 15.1 set to UCI_Elo 2000"));
        assert_eq!([signed(-35), signed(0), signed(98)], ["−35", "0", "+98"]);
        assert!(!provenance(&chess).contains("directly"), "no timed check, none named");
        let result = Step(4, 3, 13);
        let check = TimedCheck { level: 10, uci_elo: 2000, ms_per_move: 1000, result };
        assert_eq!(check.figure(), 1832, "27.5 % is −168 Elo");
        let checked = Ladder { check: Some(check), ..chess };
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
