//! `alphabeta-studio games`: every game the studio offers, one a line — id, name, where it comes from — then the
//! game files that failed to load, each with its error.

use super::CommandError;
use alphabeta_core::games::registry::{Registry, Variant, default_dir};
use alphabeta_core::messages::escape_controls;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// Read game files (`*.ron`, Lua scripts `*.lua`) from this folder instead of the default (`games/` here, else
    /// the one beside the sources).
    #[arg(long)]
    pub dir: Option<PathBuf>,
}

/// Columns are padded to the longest id and name, but never wider than this: one absurd name must not push every
/// line off the screen (nor past what `format!` can pad).
const MAX_COLUMN: usize = 40;

pub fn run(args: &GamesArgs) -> Result<(), CommandError> {
    if let Some(dir) = &args.dir
        && !dir.is_dir()
    {
        return Err(CommandError(format!("--dir {}: no such folder", dir.display())));
    }
    let dir = args.dir.clone().unwrap_or_else(default_dir);
    let registry = Registry::load(&dir);
    let shown = |text: &str| escape_controls(text);
    let width = |column: &dyn Fn(&Variant) -> &str| {
        registry.entries.iter().map(|e| shown(column(&e.variant)).chars().count()).max().unwrap_or(0).min(MAX_COLUMN)
    };
    let id_width = width(&|v| &v.id);
    let name_width = width(&|v| &v.name);
    for entry in &registry.entries {
        let variant = &entry.variant;
        let source = shown(&entry.source.to_string());
        outln!("{}  {}  {source}", pad(&shown(&variant.id), id_width), pad(&shown(&variant.name), name_width))?;
    }
    for error in &registry.errors {
        // One line per broken file, whatever the parser's message looks like.
        outln!("error  {}", shown(&error.line()))?;
    }
    Ok(())
}

/// `text` followed by spaces up to `width` characters (nothing added to a longer text).
fn pad(text: &str, width: usize) -> String {
    let count = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(count)))
}
