//! Every family the core lists has its painter in the window, in the file named as the family's folder.

use alphabeta_studio::app::play::boards::painter;
use alphabeta_studio::games::families::FAMILIES;
use alphabeta_studio::games::registry::Registry;

#[test]
fn every_registered_game_is_of_a_listed_family_and_has_a_painter() {
    let registry = Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games"));
    assert!(registry.errors.is_empty(), "{:?}", registry.errors);
    for entry in &registry.entries {
        let family = entry.variant.rules.family();
        assert!(FAMILIES.iter().any(|f| f.name() == family), "{}: family {family}", entry.variant.id);
    }
    for family in FAMILIES {
        assert!(painter(family.name()).is_some(), "the window lists no painter for the {} family", family.name());
    }
    let mut names: Vec<&str> = FAMILIES.iter().map(|f| f.name()).collect();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "family names are unique");
}

/// A compiled family is one folder of one layout and one painter file, named alike (`ConnectFour`:
/// `games/connect_four/` in the core, `boards/connect_four.rs` in the window).
#[test]
fn every_compiled_family_has_one_home_and_a_painter_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for family in FAMILIES.iter().filter(|f| f.file_extension().is_none()) {
        let mut folder = String::new();
        for (i, c) in family.name().chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                folder.push('_');
            }
            folder.push(c.to_ascii_lowercase());
        }
        let home = root.join("crates/alphabeta-core/src/games").join(&folder);
        for file in ["mod.rs", "family.rs", "words.rs", "tests.rs"] {
            assert!(home.join(file).is_file(), "{}: no {}", family.name(), home.join(file).display());
        }
        let painter_file = root.join("src/app/play/boards").join(format!("{folder}.rs"));
        assert!(painter_file.is_file(), "{}: no {}", family.name(), painter_file.display());
    }
}
