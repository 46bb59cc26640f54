//! Axes shared by the window's plots (Telemetry's dashboard and deepening ladder, the review's curve beside the
//! board): ticks at whole numbers, for plies and depths, and bounds with room for the markers at their ends.

use egui_plot::{GridInput, GridMark};

/// The height of a plot's x axis (its tick labels and its title), which its plot area does not have.
const X_AXIS_HEIGHT: f32 = 40.0;

/// The plot area's height, in points, of a plot `height` points tall with an x axis: never taken as less than 60.
pub fn area_height(height: f32) -> f64 {
    f64::from((height - X_AXIS_HEIGHT).max(60.0))
}

/// The smallest and largest of `values` (infinite when there are none).
pub fn extent(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    values
        .into_iter()
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(v), h.max(v)))
}

/// The plot's bounds (x range, y range) holding `xs` and `ys` (each a low and high) with room at every border for
/// a marker reaching `reach` points from its centre, on a plot area `area` points large: a point at the maximum or
/// the minimum is drawn whole, not cut by the border.
pub fn marked_bounds(xs: (f64, f64), ys: (f64, f64), area: [f64; 2], reach: f32) -> [(f64, f64); 2] {
    let reach = f64::from(reach);
    [
        crate::play::figure::marked_range(xs.0, xs.1, area[0], reach),
        crate::play::figure::marked_range(ys.0, ys.1, area[1], reach),
    ]
}

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

    /// Every point of a plot, mapped to its pixels by the bounds the plot is given, lies at least a marker's reach
    /// inside the plot area, at the maximum and the minimum alike, on short and tall, narrow and wide plots.
    #[test]
    fn the_bounds_hold_every_point_and_its_marker() {
        let sets: [&[[f64; 2]]; 4] = [
            &[[1.0, 3.2], [2.0, 4.1], [3.0, 6.8]],
            &[[1.0, -0.01], [40.0, 0.0]],
            &[[1.0, 5.0], [1.5, 5.0]],
            &[[0.5, -12.0], [170.5, 250.0], [80.0, 0.0]],
        ];
        for points in sets {
            for (height, width) in [(130.0, 300.0), (130.0, 2200.0), (400.0, 700.0), (60.0, 120.0)] {
                let reach = 8.0;
                let [xs, ys] = marked_bounds(
                    extent(points.iter().map(|p| p[0])),
                    extent(points.iter().map(|p| p[1])),
                    [width, area_height(height)],
                    reach,
                );
                let area = [width, area_height(height)];
                for p in points {
                    for (v, (low, high), pixels) in [(p[0], xs, area[0]), (p[1], ys, area[1])] {
                        let from_low = (v - low) / (high - low) * pixels;
                        let from_high = (high - v) / (high - low) * pixels;
                        assert!(
                            from_low >= f64::from(reach) - 1e-9 && from_high >= f64::from(reach) - 1e-9,
                            "{p:?} in {height}×{width}: {from_low:.2} and {from_high:.2} points from the borders"
                        );
                    }
                }
            }
        }
    }

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
