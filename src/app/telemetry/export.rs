//! Export: the records as CSV (saved to `saves/`, or copied) and the parts of the view that are saved as figures
//! ([`super::figure`]).

use crate::app::play::Play;
use crate::engine::telemetry::csv::{ValueColumn, format_records_csv};
use crate::files::project_folder;
use std::path::PathBuf;

/// The parts of the view that can be saved as a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The plots of every search against the move.
    Dashboard = 0,
    /// The selected search's deepening ladder.
    Ladder = 1,
}

/// The game's records as CSV, best moves in the game's notation, values in the window's unit from the side the
/// Settings name (the column's heading says both: `value_pawns_white`).
pub fn records_csv(play: &Play) -> String {
    let records = &play.history().telemetry().records;
    let moves = super::series::MoveAxis::new(play.history(), records);
    let names = super::dashboard::side_names(play);
    let scale = super::series::value_scale(play.history(), &names, play.values_from);
    let values = ValueColumn::new(scale.axis, &scale.unit, &names[0], play.values_from);
    format_records_csv(
        records,
        &values,
        |record, mv| play.position_at(record.ply).move_name(mv),
        |record| moves.round(record.ply, record.side),
    )
}

/// `saves/telemetry-<game>.csv`.
pub fn csv_path(play: &Play) -> PathBuf {
    project_folder("saves").join(format!("telemetry-{}.csv", play.entry().variant.id))
}

/// Saves the CSV and says where, or why not.
pub fn save_csv(play: &Play) -> (String, bool) {
    let path = csv_path(play);
    match crate::files::write_atomic(&path, records_csv(play).as_bytes()) {
        Ok(()) => (format!("saved {}", path.display()), false),
        Err(e) => (e, true),
    }
}
