//! What each level's strength was measured to be: the level ladder of `bench/ladder.sh`, pasted here as data. Each
//! game's levels 1–10 played their neighbours (2 vs 1, 3 vs 2 …) in `match`; a level's figure is the sum of the
//! neighbours' Elo differences along the way, from level 1 (= 0) or, for chess, from the level that played
//! Stockfish. The level picker shows it ("level 6 · ≈ 1250"); a game not in the table shows none.
//!
//! Each step's 95 % interval is about ±110 Elo at 40 games a pair, and a pair won or lost outright counts as ±400.

/// One game's measured ladder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ladder {
    /// The game's id in the registry.
    pub game: &'static str,
    /// Games each pair of neighbouring levels played.
    pub games_per_pair: u32,
    /// Levels 1–10 on the ladder's [`Scale`].
    pub elo: [i32; 10],
    /// How each level from 2 to 10 scored against the one below it, per mille.
    pub step_score_permille: [u16; 9],
    pub scale: Scale,
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

/// The ladders measured: the output of `bench/ladder.sh` (each level at its own node budget, so the figures hold on
/// any machine), pasted here as data; see the README's table for each step with its interval.
///
/// Connect Four and Othello 6 × 6: `bench/ladder.sh 40 connect-four othello-6x6`, 2026-11-23. On 6 × 6 the levels
/// from 5 up score about 50 % against each other: they play alike there. Draughts: `bench/ladder.sh 40 draughts`
/// (levels 8–10 measured in a run of the same binary's levels 8–10, which the later change to the lower levels'
/// mistakes did not touch); its levels 8 and 9 drew 24 of 40 and split the rest. Chess: `bench/ladder.sh 24 chess`
/// (levels 3–5 again after the selective search moved down to level 4: `FIRST=3 LAST=5`), placed by level 8's
/// match against Stockfish (`bench/strength.sh anchor`). Below Stockfish's lowest setting, 1350, the figures are
/// the ladder's extrapolation, and the two steps won outright (2 v 1, 4 v 3) count only +400 each. Othello:
/// `bench/ladder.sh 20 othello`, with 60 games for 5 v 4 and 9 v 8 (`FIRST=4 LAST=5`, `FIRST=8 LAST=9`), whose
/// 20 games had been 8–0–12 and 10–1–9.
pub const MEASURED: &[Ladder] = &[
    Ladder {
        game: "chess",
        games_per_pair: 24,
        elo: [282, 682, 836, 1236, 1325, 1445, 1677, 1798, 1871, 1945],
        step_score_permille: [1000, 708, 1000, 625, 667, 792, 667, 604, 604],
        scale: Scale::Stockfish { level: 8, uci_elo: 1700, elo_difference: 98, games: 40 },
    },
    Ladder {
        game: "connect-four",
        games_per_pair: 40,
        elo: [0, 241, 409, 600, 768, 948, 1018, 1320, 1408, 1488],
        step_score_permille: [800, 725, 750, 725, 738, 600, 850, 625, 612],
        scale: Scale::LevelOne,
    },
    Ladder {
        game: "draughts",
        games_per_pair: 40,
        elo: [0, 382, 573, 827, 974, 1063, 1180, 1269, 1269, 1330],
        step_score_permille: [900, 750, 812, 700, 625, 662, 625, 500, 588],
        scale: Scale::LevelOne,
    },
    Ladder {
        game: "othello",
        games_per_pair: 20,
        elo: [0, 400, 800, 947, 1018, 1258, 1366, 1667, 1744, 1833],
        step_score_permille: [1000, 950, 700, 600, 800, 650, 850, 608, 625],
        scale: Scale::LevelOne,
    },
    Ladder {
        game: "othello-6x6",
        games_per_pair: 40,
        elo: [0, 400, 517, 615, 659, 659, 650, 668, 711, 729],
        step_score_permille: [925, 662, 638, 562, 500, 488, 525, 562, 525],
        scale: Scale::LevelOne,
    },
];

/// The fewest games a pair for a ladder to be shown in the level picker. Below it a step's 95 % interval is wider
/// than ±150 Elo, and the sums along the ladder can even fall with the level: such a figure would mislead a player
/// more than it informs. (The README still lists every measurement, however rough, with its game count.)
pub const SHOWN_FROM_GAMES: u32 = 20;

/// The measured ladder of the game with this id, if it was measured with enough games to be shown.
pub fn ladder(game: &str) -> Option<&'static Ladder> {
    MEASURED.iter().find(|l| l.game == game && l.games_per_pair >= SHOWN_FROM_GAMES)
}

/// `level`'s measured strength in a few words, "≈ +410 vs level 1", or `None` when the game was not measured (or
/// not with enough games: [`SHOWN_FROM_GAMES`]).
pub fn strength_words(game: &str, level: u8) -> Option<String> {
    words(ladder(game)?, level)
}

/// `level`'s figure on `ladder`, in words.
fn words(ladder: &Ladder, level: u8) -> Option<String> {
    let elo = *ladder.elo.get(usize::from(level.checked_sub(1)?))?;
    Some(match ladder.scale {
        Scale::LevelOne if level == 1 => "the ladder's foot (0)".to_string(),
        Scale::LevelOne => format!("≈ {elo:+} vs level 1"),
        Scale::Stockfish { .. } => format!("≈ {elo} (Stockfish's UCI_Elo scale)"),
    })
}

/// How `level` did against the level below it on `ladder`, "Level 5 scored 72.5 % against level 4.", or `None`
/// at level 1 (or a level outside 1–10).
pub fn step_words(ladder: &Ladder, level: u8) -> Option<String> {
    let permille = *ladder.step_score_permille.get(usize::from(level.checked_sub(2)?))?;
    let percent = format!("{:.1}", f64::from(permille) / 10.0);
    Some(format!("Level {level} scored {} % against level {}.", percent.trim_end_matches(".0"), level - 1))
}

/// How `ladder` was measured, for the figure's tooltip.
pub fn provenance(ladder: &Ladder) -> String {
    let steps = format!(
        "Measured with `match` (bench/ladder.sh): each level against the one below, {} games a pair, each level \
         at its own node budget, so the figure holds on any machine; the sum of the steps",
        ladder.games_per_pair
    );
    match ladder.scale {
        Scale::LevelOne => format!("{steps} from level 1."),
        Scale::Stockfish { level, uci_elo, elo_difference, games } => format!(
            "{steps} from level {level}, which scored {elo_difference:+} Elo in {games} games against Stockfish 15.1 \
             set to UCI_Elo {uci_elo} (bench/strength.sh)."
        ),
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

    /// Every pasted ladder names a game, and its figures are the sums of its steps: each level's figure is the one
    /// below plus the Elo of its score against it (to within the rounding of the pasted numbers), starting from 0
    /// at level 1 or from the anchored level's Stockfish figure.
    #[test]
    fn every_measured_ladder_is_the_sum_of_its_steps() {
        let registry = crate::games::registry::Registry::standard();
        for ladder in MEASURED {
            assert!(registry.find(ladder.game).is_some(), "{} is a game", ladder.game);
            assert!(ladder.games_per_pair >= 2, "{}", ladder.game);
            for (i, &permille) in ladder.step_score_permille.iter().enumerate() {
                let step = f64::from(ladder.elo[i + 1] - ladder.elo[i]);
                let expected = step_elo(f64::from(permille) / 1000.0);
                assert!((step - expected).abs() <= 3.0, "{} level {}: {step} vs {expected:.0}", ladder.game, i + 2);
            }
            match ladder.scale {
                Scale::LevelOne => assert_eq!(ladder.elo[0], 0, "{}", ladder.game),
                Scale::Stockfish { level, uci_elo, elo_difference, .. } => {
                    assert_eq!(ladder.elo[usize::from(level) - 1], uci_elo + elo_difference, "{}", ladder.game)
                }
            }
        }
        assert_eq!(strength_words("no such game", 5), None);
        assert_eq!(strength_words("no such game", 0), None);
    }

    #[test]
    fn a_ladder_of_too_few_games_is_not_shown_and_a_shown_one_reads_in_words() {
        for ladder in MEASURED.iter().filter(|l| l.games_per_pair < SHOWN_FROM_GAMES) {
            assert_eq!(
                strength_words(ladder.game, 5),
                None,
                "{} has {} games a pair",
                ladder.game,
                ladder.games_per_pair
            );
        }
        let elo = [0, 120, 250, 0, 0, 0, 0, 0, 0, 0];
        let ladder =
            Ladder { game: "g", games_per_pair: 40, elo, step_score_permille: [500; 9], scale: Scale::LevelOne };
        assert_eq!(words(&ladder, 3).as_deref(), Some("≈ +250 vs level 1"));
        assert_eq!(words(&ladder, 1).as_deref(), Some("the ladder's foot (0)"));
        assert_eq!(words(&ladder, 0), None);
        assert_eq!(words(&ladder, 11), None);
        assert!(provenance(&ladder).contains("40 games a pair"));
        let steps = [800, 725, 500, 500, 500, 500, 500, 500, 612];
        let stepped = Ladder { step_score_permille: steps, ..ladder };
        assert_eq!(step_words(&stepped, 2).as_deref(), Some("Level 2 scored 80 % against level 1."));
        assert_eq!(step_words(&stepped, 3).as_deref(), Some("Level 3 scored 72.5 % against level 2."));
        assert_eq!(step_words(&stepped, 10).as_deref(), Some("Level 10 scored 61.2 % against level 9."));
        assert_eq!(step_words(&stepped, 1), None);
        assert_eq!(step_words(&stepped, 11), None);
        let scale = Scale::Stockfish { level: 10, uci_elo: 2000, elo_difference: -35, games: 20 };
        let chess = Ladder { scale, elo: [900, 0, 0, 0, 0, 0, 0, 0, 0, 1965], ..ladder };
        assert_eq!(words(&chess, 10).as_deref(), Some("≈ 1965 (Stockfish's UCI_Elo scale)"));
        assert_eq!(words(&chess, 1).as_deref(), Some("≈ 900 (Stockfish's UCI_Elo scale)"));
        assert!(provenance(&chess).contains("scored -35 Elo in 20 games against Stockfish 15.1 set to UCI_Elo 2000"));
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
