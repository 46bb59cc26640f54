//! What a rule family is to the rest of the studio: a [`Family`] descriptor (its name in game files, how it reads
//! its parameters, the extra ids the command line accepts, and — for families whose games are built at run time —
//! the game files it reads itself), and [`Rules`], a family with its parameters, ready to make games.
//!
//! Every family is listed once, in `games::families` (the one list; the window keeps a painter for each); the rest of the program
//! reaches families only through that list, [`Rules`] and [`super::any::AnyGame`].

use super::any::AnyGame;
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
    fn read_game_file(&self, _path: &Path, _text: &str) -> Result<Vec<super::registry::Variant>, String> {
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
        let mut game = self.new_game()?;
        game.play_names(text).map_err(|e| e.to_string())?;
        Ok(game)
    }
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
