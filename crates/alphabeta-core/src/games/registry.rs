//! The games the studio offers: rule families built into the program ([`Rules`]), and variants of them described in
//! `games/*.ron` files that users can add to without recompiling. A variant names its rule family and parameters,
//! the AI's defaults and a short description:
//!
//! ```ron
//! (
//!     id: "tic-tac-toe",
//!     name: "Tic-tac-toe",
//!     rules: Mnk(width: 3, height: 3, k: 3),
//!     description: "Three in a row on 3 × 3.",
//!     ai: (level: 6, depth: (1, 9), time_ms: (100, 1000), tt_mib: 4),
//! )
//! ```
//!
//! A game's measured ladder is a data file beside it, `<name>.ladder.ron` beside `<name>.ron` or `<name>.lua` (see
//! [`super::ladder::file`]), read with the game.
//!
//! Loading never fails as a whole: a file that cannot be read, parsed or played is kept as a [`LoadError`] with its
//! path and message, and every other file still loads.

pub use super::family::{AiDefaults, LevelSetting, Rules, Variant};
use super::ladder::{Ladder, file as ladder_file};
use std::path::{Path, PathBuf};

/// Where a variant comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Compiled into the program, so the studio can play even without its `games/` folder.
    BuiltIn,
    /// Read from this game file.
    File(PathBuf),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::BuiltIn => f.write_str("built in"),
            Source::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A variant and where it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The game.
    pub variant: Variant,
    /// Built in, or the file it was read from.
    pub source: Source,
    /// Its measured ladder, from the ladder file beside its game file, if there is one.
    pub ladder: Option<Ladder>,
}

/// A game file that did not load, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The game file.
    pub path: PathBuf,
    /// Why it did not load.
    pub message: String,
}

impl LoadError {
    /// `path: message` on one line, or the message alone where it names the file already (a script's
    /// `games/x.lua:3: …`, which carries the line).
    pub fn line(&self) -> String {
        let message = self.message.split_whitespace().collect::<Vec<_>>().join(" ");
        let path = self.path.display().to_string();
        if message.starts_with(&path) { message } else { format!("{path}: {message}") }
    }
}

/// Every game the studio offers, and the files that failed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Registry {
    /// Built-in games first, then files in name order; a file with a built-in game's id replaces it in place.
    pub entries: Vec<Entry>,
    /// The game files that did not load, in name order.
    pub errors: Vec<LoadError>,
    /// The folder the game files were read from (`None`: built-in games only), to read them again.
    pub dir: Option<PathBuf>,
}

/// The games compiled into the program: the shipped files of tic-tac-toe and Connect Four, so the studio can play
/// even without its `games/` folder.
pub fn built_in() -> Vec<Variant> {
    built_in_entries().into_iter().map(|entry| entry.variant).collect()
}

/// [`built_in`]'s games with their shipped ladders.
fn built_in_entries() -> Vec<Entry> {
    [
        (include_str!("../../../../games/tic-tac-toe.ron"), include_str!("../../../../games/tic-tac-toe.ladder.ron")),
        (include_str!("../../../../games/connect-four.ron"), include_str!("../../../../games/connect-four.ladder.ron")),
    ]
    .into_iter()
    .filter_map(|(game, ladder)| {
        let variant = ron::from_str(game).ok()?;
        Some(Entry { variant, source: Source::BuiltIn, ladder: ladder_file::parse(ladder).ok() })
    })
    .collect()
}

/// True for a ladder file's path (`chess.ladder.ron`): data about a game, not a game.
fn is_ladder_file(path: &Path) -> bool {
    path.file_name().and_then(|name| name.to_str()).is_some_and(|name| name.ends_with(ladder_file::SUFFIX))
}

/// The rule family that reads this kind of game file itself (a script), by the file's extension.
fn reader_of(path: &Path) -> Option<&'static dyn super::family::Family> {
    let ext = path.extension()?.to_str()?;
    super::families::FAMILIES.iter().copied().find(|f| f.file_extension() == Some(ext))
}

/// The games one game file describes, or why it describes none: a `*.ron` variant, or a file its family reads.
fn read_game_file(path: &Path) -> Result<Vec<Variant>, String> {
    // Bounded, regular files only: a link to /dev/zero or a FIFO named `*.ron` must not stall the list.
    let text = crate::files::read_text_raw(path, super::validate::MAX_FILE_BYTES).map_err(|e| e.to_string())?;
    match reader_of(path) {
        Some(family) => family.read_game_file(path, &text),
        None => Ok(vec![ron::from_str(&text).map_err(|e| crate::messages::ron_error(&e))?]),
    }
}

/// How long a folder's game files may take to load, all together. Each call into a script already ends within its
/// budget (3 s at most); this bounds what no budget sees and a folder of many slow scripts, so every command and
/// the window start within it whatever `games/` holds.
pub const LOAD_DEADLINE: std::time::Duration = std::time::Duration::from_secs(6);

/// Game files read at once: a script in each may hold its whole memory allowance.
const LOADERS: usize = 4;

/// `read` of every path, on [`LOADERS`] threads, in `paths`' order. A file not read within `deadline` is an error
/// that says so; its thread is left to end by the script's own budget, its outcome dropped.
fn read_side_by_side<T: Send + 'static>(
    paths: &[PathBuf],
    read: fn(&Path) -> Result<T, String>,
    deadline: std::time::Duration,
) -> Vec<Result<T, String>> {
    use std::sync::{Arc, Mutex, mpsc};
    let queue = Arc::new(Mutex::new(paths.iter().cloned().enumerate().collect::<std::collections::VecDeque<_>>()));
    let (sender, outcomes) = mpsc::channel();
    let mut loaders = 0;
    for _ in 0..LOADERS.min(paths.len()) {
        let (queue, sender) = (Arc::clone(&queue), sender.clone());
        let work = move || {
            while let Some((index, path)) = queue.lock().ok().and_then(|mut waiting| waiting.pop_front()) {
                if sender.send((index, read(&path))).is_err() {
                    break; // The deadline passed: nobody waits for the rest.
                }
            }
        };
        loaders += usize::from(std::thread::Builder::new().name("game-files".into()).spawn(work).is_ok());
    }
    drop(sender);
    let mut read_so_far: Vec<Option<Result<T, String>>> = paths.iter().map(|_| None).collect();
    if loaders == 0 {
        // No thread to be had: read here, one after another, each still within its own budget.
        return paths.iter().map(|path| read(path)).collect();
    }
    let late = format!("not loaded: the game files took more than {} s to load", deadline.as_secs_f64());
    let deadline = std::time::Instant::now() + deadline;
    while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
        match outcomes.recv_timeout(left) {
            Ok((index, outcome)) => read_so_far[index] = Some(outcome),
            Err(_) => break, // Every file read, or the deadline.
        }
    }
    read_so_far.into_iter().map(|outcome| outcome.unwrap_or_else(|| Err(late.clone()))).collect()
}

impl Registry {
    /// The built-in games and every game file in `dir` (`*.ron`, and the files a family reads itself, `*.lua`), read
    /// side by side within [`LOAD_DEADLINE`]. A missing folder is not an error: the built-in games remain.
    pub fn load(dir: &Path) -> Registry {
        let mut registry = Registry { entries: built_in_entries(), errors: Vec::new(), dir: Some(dir.to_path_buf()) };
        let Ok(listing) = std::fs::read_dir(dir) else {
            return registry;
        };
        let (mut ladders, mut paths): (Vec<PathBuf>, Vec<PathBuf>) = listing
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "ron") || reader_of(path).is_some())
            .partition(|path| is_ladder_file(path));
        paths.sort();
        ladders.sort();
        // Read side by side, then added in name order, so duplicate ids are judged the same way every time.
        for (path, read) in paths.iter().zip(read_side_by_side(&paths, read_game_file, LOAD_DEADLINE)) {
            let source = Source::File(path.clone());
            let added = read
                .and_then(|variants| variants.into_iter().try_for_each(|v| registry.add_variant(v, source.clone())));
            if let Err(message) = added {
                registry.errors.push(LoadError { path: path.clone(), message });
            }
        }
        for path in ladders {
            if let Err(message) = registry.add_ladder(&path) {
                registry.errors.push(LoadError { path, message });
            }
        }
        registry
    }

    /// Reads the ladder file at `path` and gives it to its game, which must come from a game file beside it of the
    /// same name (`chess.ladder.ron`: `chess.ron` or `chess.lua`); or says why not.
    fn add_ladder(&mut self, path: &Path) -> Result<(), String> {
        let ladder = ladder_file::read(path)?;
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let stem = name.strip_suffix(ladder_file::SUFFIX).unwrap_or(name);
        let beside = |source: &Source| match source {
            Source::File(game) => game.parent() == path.parent() && game.file_stem().is_some_and(|s| s == stem),
            Source::BuiltIn => false,
        };
        let Some(entry) = self.entries.iter_mut().find(|e| e.variant.id == ladder.game && beside(&e.source)) else {
            return Err(format!(
                "the ladder of game '{}', which no game file beside it named {stem}.ron or {stem}.lua describes",
                ladder.game
            ));
        };
        entry.ladder = Some(ladder);
        Ok(())
    }

    /// The built-in games alone, remembering `dir` as the folder to read (the window shows them at once and reads
    /// the folder on a worker thread).
    pub fn built_in_only(dir: Option<PathBuf>) -> Registry {
        Registry { entries: built_in_entries(), errors: Vec::new(), dir }
    }

    /// The registry the window and the command line use: [`default_dir`].
    pub fn standard() -> Registry {
        Registry::load(&default_dir())
    }

    /// Parses one variant and adds it, or says why not (bad RON, impossible parameters, a duplicate id).
    pub fn add(&mut self, text: &str, source: Source) -> Result<(), String> {
        let variant: Variant = ron::from_str(text).map_err(|e| crate::messages::ron_error(&e))?;
        self.add_variant(variant, source)
    }

    /// Adds one variant, or says why not (impossible parameters, settings out of range, a duplicate id).
    pub fn add_variant(&mut self, variant: Variant, source: Source) -> Result<(), String> {
        variant.validate()?;
        let entry = Entry { variant, source, ladder: None };
        match self.entries.iter_mut().find(|e| e.variant.id == entry.variant.id) {
            Some(existing) if existing.source == Source::BuiltIn => *existing = entry,
            Some(existing) => {
                return Err(format!("id '{}' is already defined by {}", entry.variant.id, existing.source));
            }
            None => self.entries.push(entry),
        }
        Ok(())
    }

    /// The variant with this id.
    pub fn find(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.variant.id == id)
    }
}

/// What the game files of a folder look like from outside — each file's name, size and modification time, in name
/// order — so a change (a file edited, added or removed) is seen without reading any of them. Cheap enough to take
/// whenever the window regains focus; no file watcher needed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fingerprint(Vec<(PathBuf, u64, Option<std::time::SystemTime>)>);

impl Fingerprint {
    /// The fingerprint of `dir`'s files now; a folder that cannot be read has the empty one.
    pub fn of(dir: &Path) -> Fingerprint {
        let Ok(listing) = std::fs::read_dir(dir) else {
            return Fingerprint::default();
        };
        let mut files: Vec<_> = listing
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let meta = entry.metadata().ok()?;
                meta.is_file().then(|| (entry.path(), meta.len(), meta.modified().ok()))
            })
            .collect();
        files.sort();
        Fingerprint(files)
    }
}

/// The environment variable that names the games folder for every command and the window (as `--games-dir DIR` does).
pub const GAMES_DIR_VARIABLE: &str = "ALPHABETA_STUDIO_GAMES";

/// The folder `--games-dir DIR` chose for this run, set once before any game is read.
static CHOSEN_DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Makes `dir` the games folder of this run (`--games-dir DIR`), or says why not: it must be a folder, and the choice
/// is made once, before any game is read.
pub fn choose_dir(dir: PathBuf) -> Result<(), String> {
    if !dir.is_dir() {
        return Err(format!("--games-dir {}: no such folder", dir.display()));
    }
    CHOSEN_DIR.set(dir).map_err(|_| "the games folder was already chosen".to_string())
}

/// Where game files are looked for: the folder `--games-dir DIR` chose, else the one [`GAMES_DIR_VARIABLE`] names, else
/// `games/` in the working directory, else the one beside the sources this program was built from (so `cargo run`
/// from anywhere in the repository finds them).
pub fn default_dir() -> PathBuf {
    if let Some(dir) = CHOSEN_DIR.get() {
        return dir.clone();
    }
    match std::env::var_os(GAMES_DIR_VARIABLE).filter(|value| !value.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => crate::files::project_folder("games"),
    }
}

/// The repository's own `games/` folder, the one this crate was built beside (the workspace root's).
pub fn shipped_dir() -> PathBuf {
    crate::files::repository_folder("games")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_still_loading_at_the_deadline_is_reported_and_the_others_load() {
        fn read(path: &Path) -> Result<String, String> {
            if path.ends_with("slow") {
                std::thread::sleep(std::time::Duration::from_secs(2));
            }
            Ok(path.display().to_string())
        }
        let paths: Vec<PathBuf> = ["a", "slow", "b", "c", "d", "e"].iter().map(PathBuf::from).collect();
        let started = std::time::Instant::now();
        let read = read_side_by_side(&paths, read, std::time::Duration::from_millis(300));
        assert!(started.elapsed() < std::time::Duration::from_secs(1), "{:?}", started.elapsed());
        let expected = ["a", "late", "b", "c", "d", "e"].map(|name| match name {
            "late" => Err("not loaded: the game files took more than 0.3 s to load".to_owned()),
            name => Ok(name.to_owned()),
        });
        assert_eq!(read, expected);
    }

    #[test]
    fn a_broken_file_is_reported_and_the_others_load() {
        let dir = std::env::temp_dir().join(format!("abs-registry-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let good = r#"(id: "mnk-4", name: "Four on 4×4", rules: Mnk(width: 4, height: 4, k: 4))"#;
        std::fs::write(dir.join("a-good.ron"), good).expect("write");
        std::fs::write(dir.join("b-broken.ron"), "(id: \"x\", name: ").expect("write");
        std::fs::write(
            dir.join("c-impossible.ron"),
            r#"(id: "big", name: "Big", rules: ConnectFour(width: 9, height: 9))"#,
        )
        .expect("write");
        std::fs::write(dir.join("d-notes.txt"), "not a game").expect("write");
        let registry = Registry::load(&dir);
        std::fs::remove_dir_all(&dir).ok();
        let ids: Vec<&str> = registry.entries.iter().map(|e| e.variant.id.as_str()).collect();
        assert_eq!(ids, ["tic-tac-toe", "connect-four", "mnk-4"]);
        assert_eq!(registry.errors.len(), 2, "{:?}", registry.errors);
        assert!(registry.errors[0].path.ends_with("b-broken.ron"));
        assert!(registry.errors[1].message.contains("does not fit"), "{}", registry.errors[1].message);
        assert_eq!(registry.find("mnk-4").map(|e| e.variant.ai.level), Some(5), "defaults fill in");
    }

    /// A ladder file is read with the game beside it, never as a game; a broken or stray one is an error naming
    /// it, and its game still loads (without a ladder).
    #[test]
    fn ladder_files_go_to_the_game_beside_them() {
        let dir = std::env::temp_dir().join(format!("abs-registry-ladders-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let shipped = shipped_dir();
        for name in ["gomoku-9x9.ron", "gomoku-9x9.ladder.ron", "nim.lua", "nim.ladder.ron", "hex.lua"] {
            std::fs::copy(shipped.join(name), dir.join(name)).expect("copied");
        }
        std::fs::write(dir.join("hex.ladder.ron"), "(game: \"hex\", steps: [])").expect("write");
        std::fs::copy(shipped.join("pig.ladder.ron"), dir.join("pig.ladder.ron")).expect("copied");
        let registry = Registry::load(&dir);
        std::fs::remove_dir_all(&dir).ok();
        let ids: Vec<&str> = registry.entries.iter().map(|e| e.variant.id.as_str()).collect();
        assert_eq!(ids, ["tic-tac-toe", "connect-four", "gomoku-9x9", "hex", "nim"]);
        let ladder_of = |id| registry.find(id).and_then(|e| e.ladder.clone());
        let shipped_ladder = |id: &str| ladder_file::read(&shipped.join(format!("{id}{}", ladder_file::SUFFIX))).ok();
        for id in ["gomoku-9x9", "nim", "tic-tac-toe"] {
            assert!(ladder_of(id).is_some(), "{id} has its ladder");
            assert_eq!(ladder_of(id), shipped_ladder(id), "{id}: the file's ladder (tic-tac-toe: the built-in one)");
        }
        assert_eq!(ladder_of("hex"), None);
        let errors: Vec<String> = registry.errors.iter().map(LoadError::line).collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("hex.ladder.ron") && errors[0].contains("9 steps"), "{}", errors[0]);
        assert!(errors[1].contains("pig.ladder.ron") && errors[1].contains("no game file beside it"), "{}", errors[1]);
    }

    #[test]
    fn a_file_replaces_a_built_in_game_but_not_another_file() {
        let mut registry = Registry::load(Path::new("/nonexistent"));
        let text = r#"(id: "tic-tac-toe", name: "TTT", rules: Mnk(width: 3, height: 3, k: 3))"#;
        registry.add(text, Source::File("a.ron".into())).expect("replaces");
        assert_eq!(registry.entries[0].variant.name, "TTT");
        let again = registry.add(text, Source::File("b.ron".into())).expect_err("duplicate");
        assert!(again.contains("already defined by a.ron"), "{again}");
    }

    #[test]
    fn the_shipped_games_all_load() {
        let registry = Registry::load(&shipped_dir());
        assert!(registry.errors.is_empty(), "{:?}", registry.errors);
        for id in [
            "tic-tac-toe",
            "four-in-a-row-5x5",
            "gomoku-9x9",
            "connect-four",
            "connect-four-8x7",
            "draughts",
            "einstein",
            "chess",
        ] {
            let entry = registry.find(id).unwrap_or_else(|| panic!("{id} is missing"));
            assert!(matches!(entry.source, Source::File(_)), "{id} comes from its file");
        }
    }
}
