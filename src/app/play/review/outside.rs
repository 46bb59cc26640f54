//! The outside engine a chess review may be judged by (Stockfish, or any UCI engine the person has): the choice
//! and its settings, kept in the preferences file with the interface's scale (the engine is the person's, not the
//! session's), and the engine started on the worker that uses it.

use crate::games::any::AnyGame;
use crate::games::chess::Chess;
use alphabeta_cli::matches::uci_judge::{DEFAULT_NODES, UciJudge};
use serde::{Deserialize, Serialize};

/// The nodes a position the dialog offers: fewer than this tells moves apart too poorly, more takes hours a game.
pub const NODES: std::ops::RangeInclusive<u64> = 1_000..=100_000_000;

/// Whether chess reviews are judged by an outside engine, and which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OutsideSettings {
    /// Chess is judged by the outside engine rather than the studio's.
    pub chosen: bool,
    /// The engine's program.
    pub path: String,
    /// The nodes it searches for each position.
    pub nodes: u64,
}

impl Default for OutsideSettings {
    fn default() -> Self {
        OutsideSettings { chosen: false, path: String::new(), nodes: DEFAULT_NODES }
    }
}

impl OutsideSettings {
    /// These settings with the nodes held to [`NODES`] (a preferences file edited by hand).
    pub fn held(self) -> OutsideSettings {
        OutsideSettings { nodes: self.nodes.clamp(*NODES.start(), *NODES.end()), ..self }
    }

    /// The engine to judge a review of `start`'s game with: `None` for the studio's own (not chosen, or not chess);
    /// an error when it is chosen without a program.
    pub fn engine_for(&self, start: &AnyGame) -> Result<Option<OutsideEngine>, String> {
        if !self.chosen || !is_chess(start) {
            return Ok(None);
        }
        let path = self.path.trim();
        if path.is_empty() {
            return Err("Choose the outside engine's program first: the path of a UCI chess engine such as \
                        Stockfish."
                .into());
        }
        Ok(Some(OutsideEngine { path: path.to_string(), nodes: self.nodes }))
    }

    /// The engine to judge *Learn from your mistakes*'s tries with, for `review` of `start`'s game: the outside
    /// engine of these settings when an outside engine judged the review (so a try is judged as the move it
    /// replaces was), else `None`.
    pub fn engine_of_review(&self, review: &crate::review::Review, start: &AnyGame) -> Option<OutsideEngine> {
        let path = self.path.trim();
        (review.judged_by.is_some() && is_chess(start) && !path.is_empty())
            .then(|| OutsideEngine { path: path.to_string(), nodes: self.nodes })
    }
}

/// True for a game the outside engine can judge: chess.
pub fn is_chess(game: &AnyGame) -> bool {
    game.downcast_ref::<Chess>().is_some()
}

/// An outside engine to start: its program and nodes a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutsideEngine {
    /// The program.
    pub path: String,
    /// The nodes it searches for each position.
    pub nodes: u64,
}

impl OutsideEngine {
    /// Starts it (on the worker's thread: the handshake may take seconds).
    ///
    /// # Errors
    /// One line naming the program and what it did.
    pub fn start(&self) -> Result<UciJudge, String> {
        UciJudge::start(&self.path, &[], self.nodes)
    }
}

/// Where Stockfish is usually installed when it is not on the `PATH` (Debian's package, a hand-built copy,
/// Homebrew).
const USUAL_PLACES: [&str; 3] = ["/usr/games/stockfish", "/usr/local/bin/stockfish", "/opt/homebrew/bin/stockfish"];

/// A Stockfish this machine has, to offer when the person first chooses an outside engine: `stockfish` on the
/// `PATH`, else in one of its usual places; `None` when there is none.
pub fn installed_stockfish() -> Option<String> {
    find_stockfish(std::env::var_os("PATH").as_deref(), &USUAL_PLACES)
}

/// `stockfish` in a folder of `path_var` (a `PATH`), else the first of `places` that is a program.
fn find_stockfish(path_var: Option<&std::ffi::OsStr>, places: &[&str]) -> Option<String> {
    let on_path = path_var.into_iter().flat_map(std::env::split_paths).map(|dir| dir.join("stockfish"));
    on_path.chain(places.iter().map(std::path::PathBuf::from)).find(|p| is_program(p)).map(|p| p.display().to_string())
}

/// A file this user may run.
fn is_program(path: &std::path::Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    meta.is_file()
}

#[cfg(test)]
mod tests {
    use super::find_stockfish;

    #[test]
    fn stockfish_is_found_on_the_path_before_its_usual_places_and_only_as_a_program() {
        let dir = std::env::temp_dir().join(format!("find-stockfish-{}", std::process::id()));
        let (bin, other) = (dir.join("bin"), dir.join("other"));
        std::fs::create_dir_all(&bin).expect("a folder");
        std::fs::create_dir_all(&other).expect("a folder");
        let usual = other.join("stockfish");
        std::fs::write(&usual, "#!/bin/sh\n").expect("a file");
        let usual_text = usual.display().to_string();
        let path_var = std::env::join_paths([&bin]).expect("a PATH");

        // Not a program yet: nothing.
        assert_eq!(find_stockfish(Some(&path_var), &[&usual_text]), None);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&usual, std::fs::Permissions::from_mode(0o755)).expect("chmod");
            assert_eq!(find_stockfish(Some(&path_var), &[&usual_text]), Some(usual_text.clone()));
            let on_path = bin.join("stockfish");
            std::fs::write(&on_path, "#!/bin/sh\n").expect("a file");
            std::fs::set_permissions(&on_path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
            assert_eq!(find_stockfish(Some(&path_var), &[&usual_text]), Some(on_path.display().to_string()));
        }
        assert_eq!(find_stockfish(None, &["/no/such/stockfish"]), None);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
