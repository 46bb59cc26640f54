//! The script family as the one list of families sees it (`games::families`): it reads `games/*.lua` itself
//! ([`Family::file_extension`]), one game per file, and a loaded script is its [`RuleSet`].

use super::Script;
use crate::games::any::AnyGame;
use crate::games::family::Variant;
use crate::games::family::{Family, Params, RuleSet, Rules};
use std::path::Path;
use std::sync::Arc;

/// The family's name: a game file could say `rules: Script`, but scripts are `.lua` files read by the family.
pub const NAME: &str = "Script";

/// Games written as Lua scripts.
pub struct ScriptFamily;

/// The script family, as the one list of families names it.
pub static FAMILY: ScriptFamily = ScriptFamily;

impl Family for ScriptFamily {
    fn name(&self) -> &'static str {
        NAME
    }

    fn has_params(&self) -> bool {
        false
    }

    fn rules(&self, _params: &Params) -> Result<Rules, String> {
        Err("a scripted game is a games/<id>.lua file of its own, not `rules: Script` in a .ron file".into())
    }

    fn file_extension(&self) -> Option<&'static str> {
        Some("lua")
    }

    fn read_game_file(&self, path: &Path, text: &str) -> Result<Vec<Variant>, String> {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let script = Script::from_source(&path.display().to_string(), &stem, text.to_owned()).map_err(|e| e.message)?;
        Ok(vec![Variant {
            id: script.id.clone(),
            name: script.name.clone(),
            ai: script.ai.clone(),
            description: script.description.clone(),
            rules: Rules::new(ScriptRules(script)),
        }])
    }
}

/// A loaded script: makes its games.
#[derive(Debug)]
pub struct ScriptRules(pub Arc<Script>);

impl RuleSet for ScriptRules {
    fn family(&self) -> &'static str {
        NAME
    }

    fn describe(&self) -> String {
        format!("Script({:?})", self.0.file)
    }

    fn new_game(&self) -> Result<AnyGame, String> {
        self.0.new_game().map(AnyGame::new).map_err(|e| e.message)
    }
}
