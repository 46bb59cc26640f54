//! `alphabeta-studio games`: every game the studio offers, one a line — id, name, where it comes from — then the
//! game files that failed to load, each with its error.

use super::CommandError;
use crate::games::registry::{Registry, default_dir};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// Read game files from this folder instead of the default (`games/` here, else the one beside the sources).
    #[arg(long)]
    pub dir: Option<PathBuf>,
}

pub fn run(args: &GamesArgs) -> Result<(), CommandError> {
    let dir = args.dir.clone().unwrap_or_else(default_dir);
    let registry = Registry::load(&dir);
    let id_width = registry.entries.iter().map(|e| e.variant.id.chars().count()).max().unwrap_or(0);
    let name_width = registry.entries.iter().map(|e| e.variant.name.chars().count()).max().unwrap_or(0);
    for entry in &registry.entries {
        let variant = &entry.variant;
        println!("{:id_width$}  {:name_width$}  {}", variant.id, variant.name, entry.source);
    }
    for error in &registry.errors {
        // One line per broken file, whatever the parser's message looks like.
        let message = error.message.split_whitespace().collect::<Vec<_>>().join(" ");
        println!("error  {}: {message}", error.path.display());
    }
    Ok(())
}
