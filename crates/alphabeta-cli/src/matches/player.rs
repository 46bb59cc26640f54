//! The players of a match: the studio's own AI at a level or with custom settings (searching on its own worker
//! thread, which keeps its table from move to move), or, for chess, an external UCI engine run as a process.
//! Every way a player can fail — an illegal move, a crash, no answer in time — comes back as a [`Failure`], never
//! as a hang: each wait has a deadline.

use super::seat::{Failure, MoveTime, Player};
use super::uci_engine::UciEngine;
use alphabeta_core::engine::features::SearchFeatures;
use alphabeta_core::engine::search::Algorithm;
use alphabeta_core::engine::search::deepening::EngineConfig;
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::ranges::THREADS;
use alphabeta_core::engine::search::skill::Skill;
use alphabeta_core::engine::worker::{Blame, Report};
use alphabeta_core::games::any::{AnyGame, AnyMove};
use alphabeta_core::games::levels::level_config;
use alphabeta_core::games::registry::AiDefaults;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// A player as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `level:N`, the game's level N (1–10). `level:N,key=value…` is a [`PlayerSpec::Custom`] over level N's
    /// settings (e.g. `level:10,threads=2`).
    Level(u8),
    /// `algo=pvs,depth=8,time=200,…`: settings of the studio's engine.
    Custom(EngineConfig),
    /// `uci:PATH[,Name=Value…]`: an external UCI chess engine and the options to set.
    Uci { path: String, options: Vec<(String, String)> },
}

impl PlayerSpec {
    /// Reads a player; `ai` gives what a level means in this game (and the defaults of a custom setting).
    pub fn parse(text: &str, ai: &AiDefaults) -> Result<PlayerSpec, String> {
        if let Some(rest) = text.strip_prefix("level:") {
            let (level, settings) = rest.split_once(',').unwrap_or((rest, ""));
            return match (level.trim().parse::<u8>(), settings.trim()) {
                (Ok(n @ 1..=10), "") => Ok(PlayerSpec::Level(n)),
                (Ok(n @ 1..=10), _) => parse_custom(settings, level_config(ai, n)).map(PlayerSpec::Custom),
                _ => Err(format!("player '{text}': the level must be 1–10")),
            };
        }
        if let Some(rest) = text.strip_prefix("uci:") {
            let mut parts = rest.split(',');
            let path = parts.next().unwrap_or("").trim().to_string();
            if path.is_empty() {
                return Err(format!("player '{text}': uci: needs the engine's path"));
            }
            let options = parts
                .map(|pair| {
                    super::uci_engine::uci_option(pair)
                        .ok_or_else(|| format!("player '{text}': option '{pair}' is not Name=Value"))
                })
                .collect::<Result<_, _>>()?;
            return Ok(PlayerSpec::Uci { path, options });
        }
        parse_custom(text, level_config(ai, 10)).map(PlayerSpec::Custom)
    }

    /// How the player is named in records and reports.
    pub fn name(&self, text: &str) -> String {
        match self {
            PlayerSpec::Uci { path, .. } => {
                let file = std::path::Path::new(path).file_name().map(|f| f.to_string_lossy().into_owned());
                file.unwrap_or_else(|| path.clone())
            }
            _ => text.to_string(),
        }
    }
}

/// `key=value` pairs over `config` (level 10's settings, or the level named before them): `algo`, `depth`, `time` (ms), `nodes` (each of these three also
/// `none`, lifting level 10's limit), `tt` (MiB), `threads` (Lazy SMP; held to 1–256), `mistakes`
/// (margin, in the game's evaluation units), `seed`, `aspiration`, `id` (iterative deepening, on/off), `features`
/// (the selective-search techniques: `all`, `none` or names joined by `+`, e.g. `null+lmr+see`; see
/// [`SearchFeatures`]).
fn parse_custom(text: &str, mut config: EngineConfig) -> Result<EngineConfig, String> {
    if text.split(',').all(|p| p.trim().is_empty()) {
        return Err(format!("player '{text}': expected level:N, uci:PATH or key=value settings, found none"));
    }
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            format!("player '{text}': expected level:N, uci:PATH or key=value settings, not '{pair}'")
        })?;
        let bad = || format!("player '{text}': '{value}' is not a valid {key}");
        let number = || value.parse::<u64>().map_err(|_| bad());
        match key {
            "algo" | "algorithm" => config.algorithm = value.parse::<Algorithm>()?,
            // `none` lifts one of level 10's limits: `nodes=none,time=1000` is level 10 held by the time alone.
            "depth" if value == "none" => config.limits.depth = None,
            "time" if value == "none" => config.limits.time_ms = None,
            "nodes" if value == "none" => config.limits.nodes = None,
            "depth" => config.limits.depth = Some(number()?.clamp(1, 10_000) as u32),
            "time" => config.limits.time_ms = Some(number()?.max(1)),
            "nodes" => config.limits.nodes = Some(number()?.max(1)),
            "tt" => {
                let range = alphabeta_core::engine::search::ranges::TABLE_MIB;
                config.tt_mib = match number()? {
                    mib if (*range.start() as u64..=*range.end() as u64).contains(&mib) => mib as usize,
                    mib => {
                        return Err(format!(
                            "player '{text}': tt={mib} is outside {}..={} (MiB)",
                            range.start(),
                            range.end()
                        ));
                    }
                }
            }
            "threads" => config.threads = number()?.clamp(1, *THREADS.end() as u64) as usize,
            "mistakes" => {
                let margin: f64 = value.parse().map_err(|_| bad())?;
                if !(margin.is_finite() && margin >= 0.0) {
                    return Err(bad());
                }
                config.skill = (margin > 0.0).then_some(Skill { margin, seed: 1 });
            }
            "seed" => {
                let seed = number()?;
                if let Some(skill) = &mut config.skill {
                    skill.seed = seed;
                }
            }
            "aspiration" => {
                let half: f64 = value.parse().map_err(|_| bad())?;
                if !(half.is_finite() && half >= 0.0) {
                    return Err(format!("player '{text}': aspiration={value} must be a half-window above 0 (0: none)"));
                }
                config.aspiration = (half > 0.0).then_some(half);
            }
            "features" => {
                config.features = SearchFeatures::parse(value).map_err(|e| format!("player '{text}': {e}"))?
            }
            "id" => {
                config.iterative_deepening = match value {
                    "on" | "true" => true,
                    "off" | "false" => false,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(format!("player '{text}': unknown setting '{key}'")),
        }
    }
    Ok(config)
}

/// Makes the player a spec describes, for a game whose levels mean `ai`.
pub fn make_player(spec: &PlayerSpec, ai: &AiDefaults) -> Result<Box<dyn Player>, String> {
    Ok(match spec {
        PlayerSpec::Level(level) => Box::new(StudioPlayer::new(level_config(ai, *level))),
        PlayerSpec::Custom(config) => Box::new(StudioPlayer::new(config.clone())),
        PlayerSpec::Uci { path, options } => Box::new(UciEngine::start(path, options)?),
    })
}

/// The studio's engine on a worker thread of its own.
pub struct StudioPlayer {
    config: EngineConfig,
    worker: alphabeta_core::games::any::AnyWorker,
    wakes: Receiver<()>,
}

impl StudioPlayer {
    pub fn new(config: EngineConfig) -> Self {
        let (tx, wakes) = channel();
        let worker = alphabeta_core::games::any::AnyWorker::new(move || {
            let _ = tx.send(());
        });
        StudioPlayer { config, worker, wakes }
    }

    /// A search that did not answer its stop request loses the move on time, and its worker is replaced: a search
    /// still running would leave the next game's moves waiting behind it, and lose those on time too.
    fn forfeit_on_time(&mut self) -> Failure {
        *self = StudioPlayer::new(self.config.clone());
        Failure::Timeout
    }
}

impl Player for StudioPlayer {
    /// A fresh engine for every game, as a UCI engine clears its table on `ucinewgame`: a game then does not depend
    /// on which games the same thread played before it, so with several games at once (`--concurrency`), where
    /// that order depends on the scheduler, a node-limited match still plays the same games on every run.
    fn new_game(&mut self) -> Result<(), Failure> {
        *self = StudioPlayer::new(self.config.clone());
        Ok(())
    }

    fn choose(&mut self, game: &AnyGame, _history: &[AnyMove], time: MoveTime) -> Result<AnyMove, Failure> {
        let mut config = self.config.clone();
        let asked = time.limits;
        config.limits = Limits {
            depth: asked.depth.or(config.limits.depth),
            time_ms: asked.time_ms.or(config.limits.time_ms),
            nodes: asked.nodes.or(config.limits.nodes),
        };
        if asked.depth.is_some() && asked.time_ms.is_none() {
            config.limits.time_ms = None;
        }
        // A node count alone is the whole limit: the result then does not depend on the machine.
        if asked.nodes.is_some() && asked.depth.is_none() && asked.time_ms.is_none() {
            config.limits = asked;
        }
        let id = self.worker.think(game, config).map_err(|e| Failure::Crash(e.to_string()))?;
        let started = Instant::now();
        let mut stopped = false;
        loop {
            while let Some(report) = self.worker.try_report() {
                match report {
                    Report::Done { id: done, thought } if done == id => {
                        let mv = thought.best_move.ok_or_else(|| Failure::Illegal("no move while not over".into()))?;
                        return if game.legal_moves().contains(&mv) {
                            Ok(mv)
                        } else {
                            Err(Failure::Illegal(game.move_name(mv)))
                        };
                    }
                    Report::Failed { id: failed, message, blame } if failed == id => {
                        return Err(match blame {
                            Blame::Engine => Failure::Crash(message),
                            Blame::Game | Blame::Memory => Failure::NotThePlayers(message),
                        });
                    }
                    _ => {}
                }
            }
            let elapsed = started.elapsed();
            if elapsed >= time.hard_limit {
                if stopped {
                    return Err(self.forfeit_on_time());
                }
                // Asked to stop, the search answers within a thousand nodes; a second wait that long is the end.
                self.worker.stop();
                stopped = true;
            }
            let wait = if stopped {
                Duration::from_secs(1).saturating_sub(elapsed.saturating_sub(time.hard_limit))
            } else {
                time.hard_limit - elapsed
            };
            if let Err(std::sync::mpsc::RecvTimeoutError::Disconnected) =
                self.wakes.recv_timeout(wait.max(Duration::from_millis(1)))
            {
                return Err(Failure::Crash("the search thread is gone".into()));
            }
            if stopped && started.elapsed() >= time.hard_limit + Duration::from_secs(1) {
                return Err(self.forfeit_on_time());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ai() -> AiDefaults {
        AiDefaults { depth: (1, 9), time_ms: (100, 1000), tt_mib: 4, ..AiDefaults::default() }
    }

    #[test]
    fn players_parse_from_the_command_line() {
        assert_eq!(PlayerSpec::parse("level:7", &ai()), Ok(PlayerSpec::Level(7)));
        assert!(PlayerSpec::parse("level:11", &ai()).is_err());
        assert!(PlayerSpec::parse("level:x", &ai()).is_err());
        let Ok(PlayerSpec::Custom(config)) = PlayerSpec::parse("algo=negamax,depth=4,time=50,tt=2,mistakes=0.2", &ai())
        else {
            panic!("a custom setting");
        };
        assert_eq!(config.algorithm, Algorithm::Negamax);
        assert_eq!(config.limits, Limits { depth: Some(4), time_ms: Some(50), nodes: None });
        assert_eq!(config.tt_mib, 2);
        assert_eq!(config.skill.map(|s| s.margin), Some(0.2));
        let budget = AiDefaults { nodes: Some((1_000, 50_000)), ..ai() };
        let Ok(PlayerSpec::Custom(config)) = PlayerSpec::parse("nodes=none,time=300", &budget) else {
            panic!("a custom setting");
        };
        assert_eq!(config.limits, Limits { depth: Some(9), time_ms: Some(300), nodes: None }, "level 10 by time");
        let Ok(PlayerSpec::Custom(config)) = PlayerSpec::parse("depth=none", &budget) else { panic!("custom") };
        assert_eq!(config.limits, Limits { depth: None, time_ms: Some(1000), nodes: Some(50_000) });
        assert_eq!(
            PlayerSpec::parse("uci:/usr/games/stockfish,UCI_LimitStrength=true,UCI_Elo=1500", &ai()),
            Ok(PlayerSpec::Uci {
                path: "/usr/games/stockfish".into(),
                options: vec![("UCI_LimitStrength".into(), "true".into()), ("UCI_Elo".into(), "1500".into())]
            })
        );
        // Threads over a level's settings, held to the range.
        let Ok(PlayerSpec::Custom(config)) = PlayerSpec::parse("level:3,threads=2", &ai()) else { panic!("custom") };
        assert_eq!((config.threads, config.limits), (2, level_config(&ai(), 3).limits), "level 3 on two threads");
        let Ok(PlayerSpec::Custom(config)) = PlayerSpec::parse("threads=100000", &ai()) else { panic!("custom") };
        assert_eq!(config.threads, 256, "held to the most threads");
        assert_eq!(level_config(&ai(), 10).threads, 1, "a level alone keeps one thread");
        for bad in [
            "uci:",
            "uci:x,Hash",
            "level:10,threads=many",
            "level:11,threads=2",
            "algo=fast",
            "depth=deep",
            "colour=red",
            "strong",
            "mistakes=-1",
            "id=maybe",
            "",
            ",,,",
            "aspiration=NaN",
            "aspiration=-5",
            "tt=0",
            "tt=4097",
            "tt=18446744073709551615",
        ] {
            assert!(PlayerSpec::parse(bad, &ai()).is_err(), "{bad}");
        }
    }
}
