//! What a game is to the rest of the studio. A rule family is an entry of the one list, `games::families`: a
//! [`Family`] (its name in game files, how it reads its parameters, the extra ids the command line accepts, and —
//! for families whose games are built at run time — the game files it reads itself). A compiled family declares all
//! of that once, on the struct of its parameters ([`CompiledRules`]), and lists its [`Compiled`] `FAMILY`. [`Rules`]
//! is a family with its parameters, ready to make games, and a [`Variant`] one game the studio offers: its rules,
//! names and AI defaults.
//!
//! The rest of the program reaches families only through that list, [`Rules`] and [`super::any::AnyGame`].

use super::any::AnyGame;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::path::Path;
use std::sync::Arc;

/// The parameters of a family in a game file, `rules: Mnk(width: 3, height: 3, k: 3)`: the named fields inside
/// the parentheses (empty for a bare name such as `rules: Chess`).
pub type Params = ron::Map;

/// A rule family, compiled in or built at run time. One value per family, listed once in `games::families`.
pub trait Family: Sync {
    /// The name game files use in `rules:` (`Mnk`, `ConnectFour`, `Chess`). Unique among families.
    fn name(&self) -> &'static str;

    /// True when the family takes parameters in game files (`Mnk(width: 3, height: 3, k: 3)`); false for a bare
    /// name (`Chess`).
    fn has_params(&self) -> bool;

    /// The rules these parameters describe, or why they make no game.
    fn rules(&self, params: &Params) -> Result<Rules, String>;

    /// Rules the command line accepts by an id that is not a registered game's (`connect-four-8x7`, `othello-4x4`,
    /// `kiwipete`): `None` when `id` is not one of this family's.
    fn command_line_rules(&self, _id: &str) -> Option<Result<Rules, String>> {
        None
    }

    /// The ids [`Family::command_line_rules`] accepts, as a pattern for error messages (`connect-four-WxH`).
    fn command_line_ids(&self) -> &'static [&'static str] {
        &[]
    }

    /// The extension of game files this family reads itself (a script family: `"lua"`), or `None` for a family
    /// whose games are described by `games/*.ron` files.
    fn file_extension(&self) -> Option<&'static str> {
        None
    }

    /// The games one of this family's own files describes (see [`Family::file_extension`]), or why it describes
    /// none. Only called for files with that extension.
    fn read_game_file(&self, _path: &Path, _text: &str) -> Result<Vec<Variant>, String> {
        Err(format!("the {} family reads no game files of its own", self.name()))
    }
}

/// A family's rules with their parameters: what makes a game. Compiled families implement it on a small struct of
/// their parameters; a script family on its loaded script.
pub trait RuleSet: Send + Sync + Debug {
    /// The family's name, as its [`Family::name`]: how the window finds the family's painter in the one list.
    fn family(&self) -> &'static str;
    /// The rules as a game file writes them (`Mnk(width: 3, height: 3, k: 3)`): shown in lists, and how two
    /// `Rules` compare.
    fn describe(&self) -> String;
    /// The starting position, or why these parameters make no game.
    fn new_game(&self) -> Result<AnyGame, String>;
    /// A position in the family's usual notation (`--from`): FEN for chess and draughts, the moves played for the
    /// others. The default reads move names separated by commas from the start.
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        read_move_names(self.new_game()?, text)
    }
}

/// A family compiled into the program, declared once, on the struct of its parameters: its name, how a game file
/// and the command line give its parameters, and the games they make. [`Compiled`] makes it a [`Family`] for the
/// one list, and every `CompiledRules` is a [`RuleSet`]; a family's module exports `pub static FAMILY:
/// Compiled<ItsRules> = Compiled::new();` and the list names `&its_module::FAMILY`.
pub trait CompiledRules: Clone + Debug + Send + Sync + serde::de::DeserializeOwned + 'static {
    /// The name game files use in `rules:` (`Mnk`, `ConnectFour`, `Chess`). Unique among families.
    const NAME: &'static str;
    /// True when game files give parameters (`Mnk(width: 3, height: 3, k: 3)`); false for a bare name (`Chess`),
    /// whose struct then deserializes from `()`.
    const HAS_PARAMS: bool = true;
    /// The ids [`CompiledRules::command_line_rules`] accepts, as patterns for error messages (`connect-four-WxH`).
    const COMMAND_LINE_IDS: &'static [&'static str] = &[];

    /// The starting position, or why these parameters make no game (parameters are checked by making one).
    fn new_game(&self) -> Result<AnyGame, String>;
    /// The rules as a game file writes them: shown in lists, and how two [`Rules`] compare. The default, the bare
    /// name, suits a family without parameters.
    fn describe(&self) -> String {
        Self::NAME.to_string()
    }
    /// A position in the family's usual notation (`--from`); the default reads move names separated by commas
    /// from the start (see [`RuleSet::read_position`]).
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        read_move_names(self.new_game()?, text)
    }
    /// The rules of a command-line id that is not a registered game's (`connect-four-8x7`, `kiwipete`), or `None`
    /// when `id` is not one of this family's.
    fn command_line_rules(_id: &str) -> Option<Self> {
        None
    }
}

/// A [`CompiledRules`] family as the one list holds it.
pub struct Compiled<R>(std::marker::PhantomData<fn() -> R>);

impl<R> Compiled<R> {
    /// The family of the rules `R`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Compiled<R> {
        Compiled(std::marker::PhantomData)
    }
}

/// The rules `R`, checked by making their starting position.
fn checked<R: CompiledRules>(rules: R) -> Result<Rules, String> {
    rules.new_game()?;
    Ok(Rules::new(rules))
}

impl<R: CompiledRules> Family for Compiled<R> {
    fn name(&self) -> &'static str {
        R::NAME
    }
    fn has_params(&self) -> bool {
        R::HAS_PARAMS
    }
    fn rules(&self, params: &Params) -> Result<Rules, String> {
        // A bare name reads as a unit: the struct of a family without parameters deserializes from `()`.
        let params = if R::HAS_PARAMS { ron::Value::Map(params.clone()) } else { ron::Value::Unit };
        checked(params.into_rust::<R>().map_err(|e| e.to_string())?)
    }
    fn command_line_rules(&self, id: &str) -> Option<Result<Rules, String>> {
        R::command_line_rules(id).map(checked)
    }
    fn command_line_ids(&self) -> &'static [&'static str] {
        R::COMMAND_LINE_IDS
    }
}

impl<R: CompiledRules> RuleSet for R {
    fn family(&self) -> &'static str {
        R::NAME
    }
    fn describe(&self) -> String {
        CompiledRules::describe(self)
    }
    fn new_game(&self) -> Result<AnyGame, String> {
        CompiledRules::new_game(self)
    }
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        CompiledRules::read_position(self, text)
    }
}

/// `game` with the moves named in `text` (separated by commas) played.
fn read_move_names(mut game: AnyGame, text: &str) -> Result<AnyGame, String> {
    game.play_names(text).map_err(|e| e.to_string())?;
    Ok(game)
}

/// A family with its parameters (shared: cloning is cheap).
#[derive(Clone, Debug)]
pub struct Rules(pub Arc<dyn RuleSet>);

impl Rules {
    /// Wraps one family's parameters.
    pub fn new(rules: impl RuleSet + 'static) -> Rules {
        Rules(Arc::new(rules))
    }

    /// The starting position, or why these parameters make no game.
    pub fn new_game(&self) -> Result<AnyGame, String> {
        self.0.new_game()
    }

    /// A position in the family's usual notation (see [`RuleSet::read_position`]).
    pub fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        self.0.read_position(text)
    }

    /// The family's name ([`Family::name`]).
    pub fn family(&self) -> &'static str {
        self.0.family()
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || (self.family() == other.family() && self.0.describe() == other.0.describe())
    }
}

impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.describe())
    }
}

/// Reads a compiled family's parameters into its parameter struct `P` (serde, so unknown or missing fields are
/// reported by name).
pub fn read_params<P: serde::de::DeserializeOwned>(params: &Params) -> Result<P, String> {
    ron::Value::Map(params.clone()).into_rust::<P>().map_err(|e| e.to_string())
}

/// The family called `name` among `families`.
pub fn find<'a>(families: &[&'a dyn Family], name: &str) -> Option<&'a dyn Family> {
    families.iter().copied().find(|f| f.name() == name)
}

/// Reads `rules: Name` or `rules: Name(field: value, …)` of a game file by the family's name, among `families`.
pub struct RulesSeed<'a>(pub &'a [&'a dyn Family]);

impl<'de> serde::de::DeserializeSeed<'de> for RulesSeed<'_> {
    type Value = Rules;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Rules, D::Error> {
        deserializer.deserialize_enum("Rules", &[], self)
    }
}

impl<'de> serde::de::Visitor<'de> for RulesSeed<'_> {
    type Value = Rules;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.0.iter().map(|f| f.name()).collect();
        write!(f, "a rule family, one of {}", names.join(", "))
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Rules, A::Error> {
        use serde::de::{Error, VariantAccess};
        let (Ident(name), access): (Ident, A::Variant) = data.variant()?;
        let Some(family) = find(self.0, &name) else {
            let names: Vec<&str> = self.0.iter().map(|f| f.name()).collect();
            return Err(A::Error::custom(format!("unknown rule family '{name}' (one of {})", names.join(", "))));
        };
        let params = if family.has_params() {
            access.struct_variant(&[], ParamsVisitor)?
        } else {
            access.unit_variant()?;
            Params::new()
        };
        family.rules(&params).map_err(A::Error::custom)
    }
}

/// A name where a game file writes an identifier (a family's name, a parameter's), read as serde reads one.
struct Ident(String);

impl<'de> serde::Deserialize<'de> for Ident {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Ident, D::Error> {
        struct IdentVisitor;
        impl serde::de::Visitor<'_> for IdentVisitor {
            type Value = Ident;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Ident, E> {
                Ok(Ident(name.to_string()))
            }
        }
        deserializer.deserialize_identifier(IdentVisitor)
    }
}

/// The fields of `Name(field: value, …)` as a map.
struct ParamsVisitor;

impl<'de> serde::de::Visitor<'de> for ParamsVisitor {
    type Value = Params;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the family's parameters, `(name: value, …)`")
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Params, M::Error> {
        let mut params = Params::new();
        while let Some((Ident(key), value)) = map.next_entry::<Ident, ron::Value>()? {
            params.insert(ron::Value::String(key), value);
        }
        Ok(params)
    }
}

/// How strong the AI is by default, and what its levels 1–10 mean for this game (see [`super::levels`]): the depth
/// limit and the time per move grow evenly from their level-1 to their level-10 values, the node budget (if any)
/// by the same factor from each level to the next.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AiDefaults {
    /// The level a new AI player starts at, 1–10.
    pub level: u8,
    /// The depth limit in plies at level 1 and at level 10.
    pub depth: (u32, u32),
    /// The time per move in milliseconds at level 1 and at level 10.
    pub time_ms: (u64, u64),
    /// The nodes a move may search at level 1 and at level 10, or `None` for no node budget. A budget makes a level
    /// the same player on every machine (its measured strength holds anywhere); the time is then only a ceiling for
    /// a slow machine.
    pub nodes: Option<(u64, u64)>,
    /// The transposition table's size in MiB.
    pub tt_mib: usize,
    /// How far below the best score, in the game's evaluation units, level 1's move may score (the margin
    /// shrinks to 0 at level 8; see `levels::mistake_margin`). In the evaluation's own units: Connect Four and m,n,k
    /// evaluate inside ±1; Othello and draughts count a corner or a man as 100.
    pub mistakes: f64,
    /// The ten levels listed outright, level 1 first, or empty: each entry's settings replace what the ranges above
    /// make of that level. For a game whose strength lies in its mistakes more than in its depth: four in a row on
    /// 5 × 5 plays alike from 300 nodes to a million, so its levels differ by their margins at depth 1.
    pub levels: Vec<LevelSetting>,
}

/// One level's own settings in [`AiDefaults::levels`]; a field left out keeps what the game's ranges make of it,
/// except that a level given a depth and no nodes has no node budget (it is held by its depth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LevelSetting {
    /// The depth limit in plies.
    pub depth: Option<u32>,
    /// The nodes a move may search.
    pub nodes: Option<u64>,
    /// How far below the best score its move may score (0: never errs on purpose).
    pub mistakes: Option<f64>,
}

impl Default for AiDefaults {
    fn default() -> Self {
        AiDefaults {
            level: 5,
            depth: (1, 12),
            time_ms: (100, 2000),
            nodes: None,
            tt_mib: 16,
            mistakes: 0.5,
            levels: Vec::new(),
        }
    }
}

/// One playable game: a rule family with its parameters. In a game file, `rules:` names the family as
/// `games::families` lists it, with its parameters (`Mnk(width: 3, height: 3, k: 3)`, or a bare `Chess`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Short and stable: used on the command line and in saved sessions.
    pub id: String,
    /// What the window shows.
    pub name: String,
    /// The rule family and its parameters.
    pub rules: Rules,
    #[serde(default)]
    /// The AI's default level and what its levels mean in this game.
    pub ai: AiDefaults,
    #[serde(default)]
    /// One line on the game, shown where games are listed.
    pub description: String,
}
