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

/// The measured ladder of the game with this id, if it was measured.
pub fn ladder(game: &str) -> Option<&'static Ladder> {
    MEASURED.iter().find(|l| l.game == game)
}

/// `level`'s measured strength in a few words, "≈ +410 vs level 1", or `None` when the game was not measured.
pub fn strength_words(game: &str, level: u8) -> Option<String> {
    let ladder = ladder(game)?;
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
        assert_eq!(
            strength_words("connect-four", 4).as_deref(),
            Some("≈ +711 vs level 1 (at 50 ms a move, 6 games a pair)")
        );
        assert_eq!(strength_words("no such game", 0), None);
    }
}
