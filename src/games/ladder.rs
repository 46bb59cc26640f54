//! What each level's strength was measured to be: the level ladder of `bench/ladder.sh`, pasted here as data. Each
//! game's levels 1–10 played their neighbours (2 vs 1, 3 vs 2 …) in `match`; a level's figure is its Elo relative
//! to level 1, the sum of the neighbours' differences along the way. The level picker shows it ("level 6 · ≈ +410
//! vs level 1"); a game not in the table shows none.
//!
//! These are measurements of few games (see `games_per_pair`): each step's 95 % interval is wide (about ±200 Elo
//! at 10 games), and a pair won or lost outright is counted as ±400.

/// One game's measured ladder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ladder {
    /// The game's id in the registry.
    pub game: &'static str,
    /// Games each pair of neighbouring levels played.
    pub games_per_pair: u32,
    /// The time per move of the matches, in milliseconds (each level kept its own depth limit and mistakes).
    pub time_ms: u64,
    /// Levels 1–10, Elo relative to level 1.
    pub elo: [i32; 10],
}

/// The ladders measured (the output of `bench/ladder.sh 6 50 tic-tac-toe connect-four othello-6x6`, 2026-11-23,
/// the shared 2-core machine at load 7–11, dev profile). At 50 ms a move the upper levels are held by the time, not
/// by their depth limits, so they play alike: the figures above level 5 or so are noise of 6 games, not strength.
pub const MEASURED: &[Ladder] = &[
    Ladder {
        game: "tic-tac-toe",
        games_per_pair: 6,
        time_ms: 50,
        elo: [0, 280, 400, 342, 342, 342, 342, 342, 342, 342],
    },
    Ladder {
        game: "connect-four",
        games_per_pair: 6,
        time_ms: 50,
        elo: [0, 400, 520, 711, 770, 649, 840, 1120, 1399, 1120],
    },
    Ladder {
        game: "othello-6x6",
        games_per_pair: 6,
        time_ms: 50,
        elo: [0, 400, 680, 680, 680, 559, 559, 439, 318, 128],
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
    let control = format!("at {} ms a move, {} games a pair", ladder.time_ms, ladder.games_per_pair);
    Some(if level == 1 {
        format!("the ladder's foot (0, {control})")
    } else {
        format!("≈ {elo:+} vs level 1 ({control})")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_measured_ladder_starts_at_zero_and_names_a_game() {
        let registry = crate::games::registry::Registry::standard();
        for ladder in MEASURED {
            assert_eq!(ladder.elo[0], 0, "{}", ladder.game);
            assert!(registry.find(ladder.game).is_some(), "{} is a game", ladder.game);
            assert!(ladder.games_per_pair >= 2, "{}", ladder.game);
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
                "{} has only {} games a pair",
                ladder.game,
                ladder.games_per_pair
            );
        }
        let ladder = Ladder { game: "g", games_per_pair: 40, time_ms: 100, elo: [0, 120, 250, 0, 0, 0, 0, 0, 0, 0] };
        assert_eq!(words(&ladder, 3).as_deref(), Some("≈ +250 vs level 1 (at 100 ms a move, 40 games a pair)"));
        assert_eq!(words(&ladder, 1).as_deref(), Some("the ladder's foot (0, at 100 ms a move, 40 games a pair)"));
        assert_eq!(words(&ladder, 0), None);
        assert_eq!(words(&ladder, 11), None);
    }
}
