//! Axes shared by the window's plots (Telemetry's dashboard and deepening ladder, the review's curve beside the
//! board): ticks at whole numbers, for plies and depths.

use egui_plot::{GridInput, GridMark};

/// Axis ticks at whole numbers only (plies, depths), labelled without decimals.
pub fn whole_number(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if mark.value.fract().abs() < 1e-9 { format!("{}", mark.value.round()) } else { String::new() }
}

/// Grid lines at whole numbers, every 1, 2, 5, 10, … so that about eight are labelled.
pub fn whole_numbers(input: GridInput) -> Vec<GridMark> {
    let (low, high) = input.bounds;
    let span = (high - low).max(1.0);
    // egui_plot labels x ticks only 60 points apart or more: at least ten of its 8-point base steps.
    let step = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
        .into_iter()
        .find(|s| span / s <= 8.0 && *s >= 10.0 * input.base_step_size)
        .unwrap_or(1000.0);
    let (first, last) = ((low / step).ceil() as i64, (high / step).floor() as i64);
    (first..=last).map(|k| GridMark { value: k as f64 * step, step_size: step }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_labelled_and_fractions_are_not() {
        let range = -10.0..=10.0;
        assert_eq!(whole_number(GridMark { value: 12.0, step_size: 1.0 }, &range), "12");
        assert_eq!(whole_number(GridMark { value: 2.5, step_size: 1.0 }, &range), "");
    }

    #[test]
    fn whole_number_grid_labels_about_eight_ticks_inside_the_range() {
        for (low, high) in [(0.5, 3.5), (0.5, 40.5), (0.5, 170.5)] {
            let input = GridInput { bounds: (low, high), base_step_size: 0.1 };
            let marks = whole_numbers(input);
            assert!((2..=9).contains(&marks.len()), "{low}..{high}: {}", marks.len());
            assert!(marks.iter().all(|m| m.value >= low && m.value <= high && m.value.fract() == 0.0));
        }
    }
}
