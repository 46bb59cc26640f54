//! The one list of rule families the core knows. The registry reads game files through it, the command line finds
//! games by it, and the window keeps its own list of painters keyed by [`Family::name`] (a test checks every family
//! here has one). Adding a family is its folder under `games/` and one line here.

use super::family::{Family, Rules, RulesSeed};
use super::{chess, connect_four, draughts, einstein, mnk, othello, script};

/// Every family the studio knows, compiled in or read at run time. Game files name a family by its
/// [`Family::name`]; the order is the order of lists and of error messages.
pub static FAMILIES: &[&dyn Family] = &[
    &mnk::FAMILY,
    &connect_four::FAMILY,
    &othello::FAMILY,
    &draughts::FAMILY,
    &einstein::FAMILY,
    &chess::FAMILY,
    &script::FAMILY,
];

/// The family called `name` ([`Family::name`]).
pub fn family(name: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|f| f.name() == name)
}

/// A game file's `rules:` is read by the family's name among every family of this list.
impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        use serde::de::DeserializeSeed;
        RulesSeed(FAMILIES).deserialize(deserializer)
    }
}
