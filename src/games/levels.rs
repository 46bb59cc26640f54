//! The AI's named strength levels, 1 (weakest) to 10, mapped per game from its [`AiDefaults`]: the depth limit and
//! the time per move grow evenly from the game's level-1 values to its level-10 values, and every level searches
//! with PVS, iterative deepening, every ordering source and the game's table size. Whichever limit is reached first
//! ends the search, so on a slow machine a level plays a little weaker rather than slower.
//!
//! Levels below [`FLAWLESS_FROM`] also err on purpose, by a margin that grows as the level drops (the game's
//! `mistakes` at level 1): see [`crate::engine::search::skill`].
//!
//! For example tic-tac-toe (depth 1 → 9, 100 ms → 1 s): level 1 looks one ply ahead, level 10 solves the game.

use super::registry::AiDefaults;
use crate::engine::game::Value;
use crate::engine::search::Algorithm;
use crate::engine::search::deepening::EngineConfig;
use crate::engine::search::features::SearchFeatures;
use crate::engine::search::limits::Limits;
use crate::engine::search::ordering::OrderingOptions;
use crate::engine::search::skill::Skill;
use crate::games::score_words::ScoreAxis;

/// The weakest and strongest levels.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// Where `level` (clamped to 1–10) lies between `low` (level 1) and `high` (level 10), rounded.
fn between(low: u64, high: u64, level: u8) -> u64 {
    let t = (level.clamp(1, 10) - 1) as f64 / 9.0;
    (low as f64 + (high as f64 - low as f64) * t).round() as u64
}

/// The search settings of `level` for a game with these defaults.
pub fn level_config(ai: &AiDefaults, level: u8) -> EngineConfig {
    let depth = between(ai.depth.0 as u64, ai.depth.1 as u64, level).max(1) as u32;
    let time_ms = between(ai.time_ms.0, ai.time_ms.1, level).max(1);
    EngineConfig {
        algorithm: Algorithm::Pvs,
        limits: Limits { depth: Some(depth), time_ms: Some(time_ms), nodes: None },
        tt_mib: ai.tt_mib.max(1),
        ordering: OrderingOptions::default(),
        aspiration: None,
        iterative_deepening: true,
        skill: mistake_margin(ai, level).map(|margin| Skill { margin, seed: 1 }),
        // Null move, reductions, extensions, exchange quiescence …: only games that offer the hooks are changed.
        features: if level >= FLAWLESS_FROM { SearchFeatures::ALL } else { SearchFeatures::NONE },
    }
}

/// The first level that never errs on purpose.
pub const FLAWLESS_FROM: u8 = 8;

/// How far below the best a level's move may score (see [`crate::engine::search::skill`]): the game's `mistakes`
/// at level 1, shrinking evenly to nothing at level [`FLAWLESS_FROM`].
pub fn mistake_margin(ai: &AiDefaults, level: u8) -> Option<Value> {
    let level = level.clamp(1, 10);
    (level < FLAWLESS_FROM && ai.mistakes > 0.0)
        .then(|| ai.mistakes * f64::from(FLAWLESS_FROM - level) / f64::from(FLAWLESS_FROM - 1))
}

/// The settings of `level` in a few words, for the level picker; the mistakes' margin in the game's unit
/// (`axis`: "errs by up to 0.46 pawns" where the search counts centipawns).
pub fn describe(config: &EngineConfig, axis: &ScoreAxis) -> String {
    let depth = config.limits.depth.map_or("no depth limit".to_string(), |d| format!("depth {d}"));
    let time = config.limits.time_ms.map_or("no time limit".to_string(), |ms| format!("{:.1} s", ms as f64 / 1000.0));
    let mistakes = match config.skill {
        Some(skill) if skill.margin > 0.0 => {
            let unit = if axis.unit.is_empty() { String::new() } else { format!(" {}", axis.unit) };
            format!(", errs by up to {:.2}{unit}", axis.in_unit(skill.margin))
        }
        _ => String::new(),
    };
    format!("{depth}, {time} per move{mistakes}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_from_the_first_to_the_last() {
        let ai = AiDefaults { level: 5, depth: (1, 9), time_ms: (100, 1000), tt_mib: 4, mistakes: 0.7 };
        let first = level_config(&ai, 1);
        let last = level_config(&ai, 10);
        assert_eq!(first.limits.depth, Some(1));
        assert_eq!(first.limits.time_ms, Some(100));
        assert_eq!(last.limits.depth, Some(9));
        assert_eq!(last.limits.time_ms, Some(1000));
        let depths: Vec<_> = LEVELS.map(|l| level_config(&ai, l).limits.depth).collect();
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        assert_eq!(describe(&last, &ScoreAxis::PLAIN), "depth 9, 1.0 s per move");
        let margins: Vec<_> = LEVELS.map(|l| mistake_margin(&ai, l).unwrap_or(0.0)).collect();
        assert_eq!(margins[0], 0.7);
        assert!((margins[6] - 0.1).abs() < 1e-12, "{margins:?}");
        assert_eq!(&margins[7..], [0.0; 3]);
        assert_eq!(describe(&first, &ScoreAxis::PLAIN), "depth 1, 0.1 s per move, errs by up to 0.70");
        let chess = AiDefaults { mistakes: 80.0, ..ai };
        let text = describe(&level_config(&chess, 1), &crate::games::score_words::CHESS_AXIS);
        assert_eq!(text, "depth 1, 0.1 s per move, errs by up to 0.80 pawns");
    }
}
