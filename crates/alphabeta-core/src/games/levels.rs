//! The AI's named strength levels, 1 (weakest) to 10, mapped per game from its [`AiDefaults`]: the depth limit and
//! the time per move grow evenly from the game's level-1 values to its level-10 values, the node budget (for the
//! games that give one) by the same factor at every step, and every level searches with PVS, iterative deepening,
//! every ordering source and the game's table size. Whichever limit is reached first ends the search.
//!
//! A node budget is what makes a level a fixed player: the same level searches the same nodes and plays the same
//! moves on a fast machine and a slow one, under load or idle, so its measured strength ([`super::ladder`]) holds
//! on any machine, and a ladder can be measured with every core busy. Its time is then only a ceiling, reached on
//! a machine too slow for the budget, where the level plays a little weaker rather than slower. Doubling the nodes
//! is the classic step of strength (a ply deeper costs a few times the nodes), so the budgets grow geometrically.
//!
//! Levels below [`FLAWLESS_FROM`] also err on purpose, by a margin that doubles at each level down (the game's
//! `mistakes` at level 1): see [`crate::engine::search::skill`]. Halving, not even steps: a measured ladder
//! (Connect Four, 40 games a pair) showed that a margin's cost in strength is all in its last few halvings — level
//! 8 beat level 7, whose margin was a seventh of level 1's, by 38–1–1, while levels 4, 5 and 6, whose margins were
//! four, three and two sevenths, played as one. Levels from [`SELECTIVE_FROM`] up also search with the selective
//! techniques ([`SearchFeatures`]) that the game's rules offer hooks for: chess all of them (quiescence, null
//! move, reductions …), draughts repetition draws; below it they see no further than their depth.
//!
//! A game may also list its ten levels outright ([`AiDefaults::levels`]): what an entry gives — depth, nodes,
//! margin — replaces what the ranges make of that level. Four in a row on 5 × 5 does, because its strength lies
//! in its mistakes (from a depth-2 search to a million nodes it gains only 130 Elo); so do gomoku and Kalah, whose
//! budgets one step apart end inside the same ply and play alike; tic-tac-toe, which from depth 2 up is played
//! perfectly, so that its levels can differ only by their mistakes; EinStein, whose die leaves a search ten plies
//! deep only about 120 Elo above a one-move search, so that most of its levels differ by their mistakes; and Pig,
//! whose one-move search banks every roll (the most timid play) and whose three-ply search already plays as its
//! twelve-ply one does.
//!
//! For example Connect Four (1,000 → 2,000,000 nodes): level 1 searches 1,000 nodes a move, level 10 two million,
//! each level about 2.3 times the one below.

use super::family::AiDefaults;
use crate::engine::features::SearchFeatures;
use crate::engine::game::Value;
use crate::engine::search::Algorithm;
use crate::engine::search::deepening::EngineConfig;
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

/// Where `level` (clamped to 1–10) lies between `low` (level 1) and `high` (level 10) on a geometric scale: each
/// level is the one below times the same factor, (`high` / `low`)^(1/9). Rounded to two significant digits, the
/// way a person states a budget (1,000, 2,200, 4,600 … for 1,000 to a million).
fn geometric(low: u64, high: u64, level: u8) -> u64 {
    let t = (level.clamp(1, 10) - 1) as f64 / 9.0;
    let (low, high) = (low.max(1) as f64, high.max(low).max(1) as f64);
    let exact = low * (high / low).powf(t);
    let unit = 10f64.powi(exact.log10().floor() as i32 - 1).max(1.0);
    ((exact / unit).round() * unit) as u64
}

/// The search settings of `level` for a game with these defaults.
pub fn level_config(ai: &AiDefaults, level: u8) -> EngineConfig {
    // A level the game lists outright keeps what it gives and takes the rest from the ranges.
    let listed = ai.levels.get(usize::from(level.clamp(1, 10) - 1)).copied().unwrap_or_default();
    let depth = listed.depth.unwrap_or_else(|| between(ai.depth.0 as u64, ai.depth.1 as u64, level) as u32).max(1);
    let time_ms = between(ai.time_ms.0, ai.time_ms.1, level).max(1);
    // A level listed by its depth alone is held by that depth: the range's budget would only be a limit it never
    // reaches, and the picker would name it.
    let ranged_nodes = || ai.nodes.filter(|_| listed.depth.is_none()).map(|(low, high)| geometric(low, high, level));
    let nodes = listed.nodes.or_else(ranged_nodes);
    let margin = match listed.mistakes {
        Some(margin) => (margin > 0.0).then_some(margin),
        None => mistake_margin(ai, level),
    };
    EngineConfig {
        algorithm: Algorithm::Pvs,
        limits: Limits { depth: Some(depth), time_ms: Some(time_ms), nodes },
        tt_mib: ai.tt_mib.max(1),
        ordering: OrderingOptions::default(),
        aspiration: None,
        iterative_deepening: true,
        skill: margin.map(|margin| Skill { margin, seed: 1 }),
        // Null move, reductions, extensions, exchange quiescence …: only games that offer the hooks are changed.
        features: if level >= SELECTIVE_FROM { SearchFeatures::ALL } else { SearchFeatures::NONE },
        // One thread: a level's measured strength (its ladder) replays node for node. Play gives the strong levels
        // more ([`play_threads`]).
        threads: 1,
    }
}

/// The first level Play searches with every core but one ([`play_threads`]).
pub const ALL_CORES_FROM: u8 = 8;

/// The threads Play's AI searches with at `level` unless the player sets them: the machine's cores less one (at
/// least one) from level [`ALL_CORES_FROM`], so the window stays responsive; one below it, where a level's
/// strength is what its ladder measured on one thread.
pub fn play_threads(level: u8) -> usize {
    if level < ALL_CORES_FROM {
        return 1;
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.saturating_sub(1).clamp(1, *crate::engine::search::ranges::THREADS.end())
}

/// The first level that never errs on purpose.
pub const FLAWLESS_FROM: u8 = 8;

/// The first level that searches with the selective techniques, in the games that offer them (chess; draughts'
/// repetition draws).
pub const SELECTIVE_FROM: u8 = 4;

/// How far below the best a level's move may score (see [`crate::engine::search::skill`]): the game's `mistakes`
/// at level 1, halved at each level up, and nothing from level [`FLAWLESS_FROM`].
pub fn mistake_margin(ai: &AiDefaults, level: u8) -> Option<Value> {
    let level = level.clamp(1, 10);
    (level < FLAWLESS_FROM && ai.mistakes > 0.0).then(|| ai.mistakes * 0.5f64.powi(i32::from(level) - 1))
}

/// The settings of `level` in a few words, for the level picker; the mistakes' margin in the game's unit
/// (`axis`: "errs by up to 0.46 pawns" where the search counts centipawns). `bounds` are the game's values from
/// lowest to highest ([`crate::engine::game::Game::value_bounds`]): a margin as wide as all of them leaves every
/// move in, so that level "plays at random", and a margin without a unit is told against them.
pub fn describe(config: &EngineConfig, axis: &ScoreAxis, bounds: (Value, Value)) -> String {
    let depth = config.limits.depth.map_or("no depth limit".to_string(), |d| format!("depth {d}"));
    let seconds = |ms: u64| format!("{:.1} s", ms as f64 / 1000.0);
    let time = match (config.limits.nodes, config.limits.time_ms) {
        (Some(nodes), Some(ms)) => format!("{} nodes (at most {})", short_count(nodes), seconds(ms)),
        (Some(nodes), None) => format!("{} nodes", short_count(nodes)),
        (None, Some(ms)) => seconds(ms),
        (None, None) => "no time limit".to_string(),
    };
    let mistakes = match config.skill {
        Some(skill) if skill.margin > 0.0 => mistake_words(skill.margin, axis, bounds),
        _ => String::new(),
    };
    format!("{depth}, {time} per move{mistakes}")
}

/// A margin of mistakes in words: ", errs by up to 0.46 pawns", ", errs by up to 0.25 (scores run from −1 to 1)",
/// or ", plays at random" when the margin spans every value the game has.
fn mistake_words(margin: Value, axis: &ScoreAxis, (low, high): (Value, Value)) -> String {
    let finite = low.is_finite() && high.is_finite() && high > low;
    if finite && margin >= high - low {
        return ", plays at random".to_string();
    }
    let amount = format!("{:.2}", axis.in_unit(margin));
    if !axis.unit.is_empty() {
        return format!(", errs by up to {amount} {}", axis.unit);
    }
    if finite {
        let end = |v: Value| {
            let text = format!("{}", axis.in_unit(v));
            if v < 0.0 { text.replacen('-', "−", 1) } else { text }
        };
        return format!(", errs by up to {amount} (scores run from {} to {})", end(low), end(high));
    }
    format!(", errs by up to {amount}")
}

/// A search its time ceiling stopped before its node budget, in words for the search panel and Telemetry:
/// "searched 312,004 of 1,000,000 nodes: its time ran out first …". The nodes are written in full, as the search
/// panel and Telemetry count the whole search, so the three figures read the same.
pub fn shortfall_words(shortfall: &crate::engine::telemetry::searches::Shortfall) -> String {
    format!(
        "searched {} of {} nodes: its time ran out first (this machine is busy or slow), so the level plays weaker \
         than its measured strength",
        crate::numbers::count(shortfall.nodes),
        crate::numbers::count(shortfall.budget)
    )
}

/// A node count as a person reads it: 950, 7.2 k, 1.3 M.
fn short_count(nodes: u64) -> String {
    match nodes {
        0..1_000 => nodes.to_string(),
        1_000..1_000_000 => format!("{} k", trimmed(nodes as f64 / 1e3)),
        _ => format!("{} M", trimmed(nodes as f64 / 1e6)),
    }
}

/// One decimal below 10, none above: 7.2, 72, 720.
fn trimmed(x: f64) -> String {
    if x < 9.95 { format!("{x:.1}").trim_end_matches(".0").to_string() } else { format!("{x:.0}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that states no bounds on its values.
    const ANY: (Value, Value) = (Value::NEG_INFINITY, Value::INFINITY);

    /// Pig's level 5 errs by more than its scores span (−1 to 1): it plays at random, and says so; its other
    /// levels' margins, which have no unit, are told against that span.
    #[test]
    fn a_margin_past_the_games_values_reads_as_random_play() {
        let registry = crate::games::registry::Registry::standard();
        let pig = registry.find("pig").expect("pig is shipped");
        let bounds = (-1.0, 1.0);
        let axis = ScoreAxis::PLAIN;
        assert_eq!(
            describe(&level_config(&pig.variant.ai, 5), &axis, bounds),
            "depth 1, 0.7 s per move, plays at random"
        );
        let level_four = describe(&level_config(&pig.variant.ai, 4), &axis, bounds);
        assert!(level_four.ends_with("errs by up to 0.25 (scores run from −1 to 1)"), "{level_four}");
    }

    #[test]
    fn levels_grow_from_the_first_to_the_last() {
        let ai = AiDefaults { depth: (1, 9), time_ms: (100, 1000), tt_mib: 4, mistakes: 0.7, ..AiDefaults::default() };
        let first = level_config(&ai, 1);
        let last = level_config(&ai, 10);
        assert_eq!(first.limits.depth, Some(1));
        assert_eq!(first.limits.time_ms, Some(100));
        assert_eq!(last.limits.depth, Some(9));
        assert_eq!(last.limits.time_ms, Some(1000));
        let depths: Vec<_> = LEVELS.map(|l| level_config(&ai, l).limits.depth).collect();
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        assert_eq!(describe(&last, &ScoreAxis::PLAIN, ANY), "depth 9, 1.0 s per move");
        let margins: Vec<_> = LEVELS.map(|l| mistake_margin(&ai, l).unwrap_or(0.0)).collect();
        assert_eq!(&margins[..4], [0.7, 0.35, 0.175, 0.0875]);
        assert!((margins[6] - 0.7 / 64.0).abs() < 1e-12, "{margins:?}");
        assert_eq!(&margins[7..], [0.0; 3]);
        assert_eq!(level_config(&ai, 3).features, SearchFeatures::NONE);
        assert_eq!(level_config(&ai, 4).features, SearchFeatures::ALL);
        assert_eq!(describe(&first, &ScoreAxis::PLAIN, ANY), "depth 1, 0.1 s per move, errs by up to 0.70");
        let chess = AiDefaults { mistakes: 80.0, ..ai.clone() };
        let text = describe(&level_config(&chess, 1), &crate::games::chess::words::AXIS, ANY);
        assert_eq!(text, "depth 1, 0.1 s per move, errs by up to 0.80 pawns");
    }

    #[test]
    fn a_listed_level_replaces_what_it_gives() {
        use crate::games::family::LevelSetting;
        let mut levels = vec![LevelSetting::default(); 10];
        levels[0] = LevelSetting { depth: Some(1), mistakes: Some(0.9), nodes: None };
        levels[8] = LevelSetting { nodes: Some(10_000), mistakes: Some(0.0), depth: None };
        levels[9] = LevelSetting { mistakes: Some(0.01), ..LevelSetting::default() };
        let ai = AiDefaults {
            depth: (2, 20),
            nodes: Some((1_000, 1_000_000)),
            mistakes: 0.5,
            levels,
            ..AiDefaults::default()
        };
        let first = level_config(&ai, 1);
        assert_eq!((first.limits.depth, first.limits.nodes), (Some(1), None), "held by its depth alone");
        assert_eq!(first.skill.map(|s| s.margin), Some(0.9));
        let second = level_config(&ai, 2);
        assert_eq!(
            (second.limits.depth, second.limits.nodes),
            (Some(4), Some(2_200)),
            "an empty entry keeps the ranges"
        );
        assert_eq!(second.skill.map(|s| s.margin), Some(0.25));
        let ninth = level_config(&ai, 9);
        assert_eq!((ninth.limits.depth, ninth.limits.nodes, ninth.skill), (Some(18), Some(10_000), None));
        assert_eq!(level_config(&ai, 10).skill.map(|s| s.margin), Some(0.01), "even past the flawless levels");
    }

    #[test]
    fn node_budgets_grow_by_one_factor_per_level_and_read_in_words() {
        let ai = AiDefaults { nodes: Some((1_000, 1_000_000)), mistakes: 0.0, ..AiDefaults::default() };
        let budgets: Vec<u64> = LEVELS.map(|l| level_config(&ai, l).limits.nodes.expect("a budget")).collect();
        // 1000 × 10^(k/3), to two significant digits.
        assert_eq!(budgets, [1_000, 2_200, 4_600, 10_000, 22_000, 46_000, 100_000, 220_000, 460_000, 1_000_000]);
        let top = level_config(&ai, 10);
        assert_eq!(top.limits.time_ms, Some(2000), "the time stays, as a ceiling");
        assert_eq!(describe(&top, &ScoreAxis::PLAIN, ANY), "depth 12, 1 M nodes (at most 2.0 s) per move");
        assert_eq!(
            describe(&level_config(&ai, 2), &ScoreAxis::PLAIN, ANY),
            "depth 2, 2.2 k nodes (at most 0.3 s) per move"
        );
        assert_eq!(level_config(&AiDefaults::default(), 10).limits.nodes, None, "no budget, no node limit");
        assert_eq!(short_count(950), "950");
        assert_eq!(short_count(12_345), "12 k");
        assert_eq!(short_count(1_260_000), "1.3 M");
        assert_eq!(geometric(5_000, 5_000, 7), 5_000);
    }
}
