//! Plots written as SVG for a report or a slide, from the plotted data rather than from the screen: a title, the
//! game's name, one panel per quantity with its axes, ticks, units and grid, and a legend — at the size asked for.

use std::fmt::Write;

/// How a panel's y ticks read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ticks {
    /// Round numbers (1, 2 or 5 × 10^k apart).
    Linear,
    /// The plotted y is log10 of a count: ticks at whole k read "10^k".
    PowerOfTen,
    /// The plotted y is log10 of a share: ticks at whole k read "1", "1/10", …, "1/10^k".
    OneInPowerOfTen,
}

/// A marker's outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A circle.
    Circle,
    /// A square standing on its point.
    Diamond,
    /// A square.
    Square,
    /// A triangle pointing up.
    Up,
}

/// How a trace's points are drawn, in the window's plots and in the figures alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marker {
    /// Its outline.
    pub shape: Shape,
    /// Filled with its colour, or hollow.
    pub filled: bool,
}

impl Marker {
    /// A filled circle, the plain point.
    pub const POINT: Marker = Marker { shape: Shape::Circle, filled: true };
}

/// One named set of points in one colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The legend's name.
    pub name: String,
    /// Its colour, as red, green, blue.
    pub color: [u8; 3],
    /// The points (x, y), in x order when joined.
    pub points: Vec<[f64; 2]>,
    /// Joined by a line.
    pub joined: bool,
    /// How its points (and its legend's mark) are drawn.
    pub marker: Marker,
}

/// One plot of the figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The plot's title ("Nodes (log scale)").
    pub title: String,
    /// The y axis's name with its unit.
    pub y_label: String,
    /// How its y ticks read.
    pub ticks: Ticks,
    /// Values the y range must include besides the points (0, or the win lines' edges).
    pub include_y: Vec<f64>,
    /// Dashed lines across the panel at a y, each with its name ("White wins").
    pub lines: Vec<(f64, String)>,
    /// The traces.
    pub traces: Vec<Trace>,
}

/// A whole figure: its title, its subtitle (the game), the panels stacked one above the other sharing an x axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The figure's title.
    pub title: String,
    /// The line under it: the game's name and what was searched.
    pub subtitle: String,
    /// The shared x axis's name.
    pub x_label: String,
    /// The panels, top to bottom.
    pub panels: Vec<Panel>,
}

/// Room for the y tick labels and the y title on the left.
const LEFT: f64 = 90.0;
/// Room on the right.
const RIGHT: f64 = 20.0;
/// Room for the title, the subtitle and the legend at the top.
const TOP: f64 = 78.0;
/// Room for a panel's title above it and its x ticks and title under it.
const PANEL_TITLE: f64 = 22.0;
const PANEL_FOOT: f64 = 40.0;

/// How far, in pixels, a figure's marker reaches from its centre: its radius and half its stroke.
const MARKER_REACH: f64 = 4.0;

/// `low..high` widened on both sides so that a marker reaching `reach` pixels from its centre, drawn at either end
/// of an axis `pixels` long, is drawn whole: the margin in data units is the marker's reach in the units the axis
/// maps to its pixels, and never less than 5 % of the range. A range of one value is widened by 1 each way first.
///
/// With the margin `m` on each side of a span `s`, an end point sits `m / (s + 2m) · pixels` from the border, which
/// is `reach` when `m = reach · s / (pixels − 2 · reach)`.
pub fn marked_range(low: f64, high: f64, pixels: f64, reach: f64) -> (f64, f64) {
    let (mut low, mut high) = if low.is_finite() && high.is_finite() && low <= high { (low, high) } else { (0.0, 1.0) };
    if high - low < 1e-9 {
        (low, high) = (low - 1.0, high + 1.0);
    }
    let span = high - low;
    // A tiny axis still keeps the marker inside: its room is taken as at least four markers across.
    let pixels = pixels.max(4.0 * reach).max(1.0);
    let pad = (reach * span / (pixels - 2.0 * reach)).max(0.05 * span);
    (low - pad, high + pad)
}

/// "&", "<", ">" and quotes written as XML entities.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Round steps 1, 2 or 5 × 10^k, about `count` of them across `low..high`.
fn nice_ticks(low: f64, high: f64, count: f64, whole: bool) -> Vec<f64> {
    let raw = ((high - low) / count).max(1e-12);
    let power = 10f64.powf(raw.log10().floor());
    let mut step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= raw).unwrap_or(10.0 * power);
    if whole {
        step = step.max(1.0).round();
    }
    let (first, last) = ((low / step).ceil() as i64, (high / step).floor() as i64);
    (first..=last).map(|k| k as f64 * step).collect()
}

/// A tick's label.
fn tick_label(value: f64, ticks: Ticks, step: f64) -> String {
    match ticks {
        Ticks::Linear => {
            let decimals = (-step.log10().floor()).clamp(0.0, 6.0) as usize;
            format!("{:.decimals$}", value + 0.0).replace('-', "−")
        }
        Ticks::PowerOfTen => format!("10^{}", value.round()),
        Ticks::OneInPowerOfTen => match -value.round() as i64 {
            k if k <= 0 => "1".to_string(),
            k @ 1..=3 => format!("1/{}", 10u64.pow(k as u32)),
            k => format!("1/10^{k}"),
        },
    }
}

/// The figure as an SVG document `width` × `height` pixels (each at least 320 × 240).
pub fn to_svg(figure: &Figure, width: u32, height: u32) -> String {
    let (width, height) = (f64::from(width.max(320)), f64::from(height.max(240)));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ =
        writeln!(out, r#"<text x="{LEFT}" y="24" font-size="18" font-weight="bold">{}</text>"#, escape(&figure.title));
    let _ = writeln!(out, r#"<text x="{LEFT}" y="44" fill="dimgray">{}</text>"#, escape(&figure.subtitle));
    legend(&mut out, figure, width);
    let (low, high) = x_range(figure);
    let x_range = marked_range(low, high, width - LEFT - RIGHT, MARKER_REACH);
    let count = figure.panels.len().max(1) as f64;
    let each = ((height - TOP) / count).max(PANEL_TITLE + PANEL_FOOT + 40.0);
    for (i, panel) in figure.panels.iter().enumerate() {
        let top = TOP + i as f64 * each;
        let area = [LEFT, top + PANEL_TITLE, width - RIGHT, top + each - PANEL_FOOT];
        draw_panel(&mut out, panel, area, x_range, &figure.x_label);
    }
    out.push_str("</svg>\n");
    out
}

/// Every trace's name once, with its marker in its colour, in one row under the subtitle.
fn legend(out: &mut String, figure: &Figure, width: f64) {
    let mut seen: Vec<&Trace> = Vec::new();
    for trace in figure.panels.iter().flat_map(|p| &p.traces) {
        if !seen.iter().any(|t| t.name == trace.name) {
            seen.push(trace);
        }
    }
    let mut x = LEFT;
    for trace in seen {
        let name = &trace.name;
        out.push_str(&marker_svg(trace.marker, trace.color, [x + 5.0, 62.0], 5.0, 1.5));
        let _ = writeln!(out, r#"<text x="{}" y="66">{}</text>"#, x + 14.0, escape(name));
        x += 24.0 + 7.0 * name.chars().count() as f64;
        if x > width - 120.0 {
            break;
        }
    }
}

/// The x range every panel shares: half a move beyond the first and last points (move 1 at least), before the
/// markers' margins.
fn x_range(figure: &Figure) -> (f64, f64) {
    let xs = figure.panels.iter().flat_map(|p| &p.traces).flat_map(|t| t.points.iter().map(|p| p[0]));
    let (low, high) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| (l.min(x), h.max(x)));
    if low.is_finite() { (low.min(1.0) - 0.5, high + 0.5) } else { (0.5, 1.5) }
}

/// One panel inside `area` (left, top, right, bottom): its frame, grid, ticks, titles and traces.
fn draw_panel(out: &mut String, panel: &Panel, area: [f64; 4], x_range: (f64, f64), x_label: &str) {
    let [left, top, right, bottom] = area;
    let ys = panel.traces.iter().flat_map(|t| t.points.iter().map(|p| p[1])).chain(panel.include_y.iter().copied());
    let (mut low, mut high) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), y| (l.min(y), h.max(y)));
    if !low.is_finite() {
        (low, high) = (0.0, 1.0);
    }
    let (low, high) = marked_range(low, high, bottom - top, MARKER_REACH);
    let sx = |x: f64| left + (x - x_range.0) / (x_range.1 - x_range.0) * (right - left);
    let sy = |y: f64| bottom - (y - low) / (high - low) * (bottom - top);
    let _ = writeln!(out, r#"<text x="{left}" y="{}" font-weight="bold">{}</text>"#, top - 6.0, escape(&panel.title));
    let _ = writeln!(
        out,
        r##"<rect x="{left}" y="{top}" width="{}" height="{}" fill="none" stroke="#888"/>"##,
        right - left,
        bottom - top
    );
    let whole = panel.ticks != Ticks::Linear;
    // Five or so round numbers: four left a single "0" between the Value plot's win lines.
    let y_ticks = nice_ticks(low, high, 5.0, whole);
    let y_step = y_ticks.get(1).zip(y_ticks.first()).map_or(1.0, |(b, a)| b - a);
    for y in y_ticks {
        let py = sy(y);
        let _ = writeln!(
            out,
            r##"<line x1="{left}" y1="{py:.1}" x2="{right}" y2="{py:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            left - 6.0,
            py + 4.0,
            escape(&tick_label(y, panel.ticks, y_step))
        );
    }
    for x in nice_ticks(x_range.0, x_range.1, 8.0, true) {
        let px = sx(x);
        let _ = writeln!(
            out,
            r##"<line x1="{px:.1}" y1="{top}" x2="{px:.1}" y2="{bottom}" stroke="#eee"/><text x="{px:.1}" y="{}" text-anchor="middle">{x}</text>"##,
            bottom + 15.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle" fill="dimgray">{}</text>"#,
        (left + right) / 2.0,
        bottom + 32.0,
        escape(x_label)
    );
    let middle = (top + bottom) / 2.0;
    let _ = writeln!(
        out,
        r#"<text x="0" y="0" text-anchor="middle" transform="translate(18 {middle:.1}) rotate(-90)" fill="dimgray">{}</text>"#,
        escape(&panel.y_label)
    );
    for (y, name) in &panel.lines {
        let py = sy(*y);
        let _ = writeln!(
            out,
            r#"<line x1="{left}" y1="{py:.1}" x2="{right}" y2="{py:.1}" stroke="gray" stroke-dasharray="6 4"/><text x="{}" y="{:.1}" fill="gray">{}</text>"#,
            left + 6.0,
            if *y >= 0.0 { py - 4.0 } else { py + 13.0 },
            escape(name)
        );
    }
    for trace in &panel.traces {
        draw_trace(out, trace, &sx, &sy);
    }
}

/// One trace's points, joined by a line when it is one, at the screen places `sx` and `sy` give.
fn draw_trace(out: &mut String, trace: &Trace, sx: &dyn Fn(f64) -> f64, sy: &dyn Fn(f64) -> f64) {
    let [r, g, b] = trace.color;
    let color = format!("rgb({r},{g},{b})");
    if trace.joined && trace.points.len() > 1 {
        let path: Vec<String> = trace.points.iter().map(|p| format!("{:.1},{:.1}", sx(p[0]), sy(p[1]))).collect();
        let _ = writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{color}" stroke-opacity="0.6"/>"#,
            path.join(" ")
        );
    }
    for p in &trace.points {
        out.push_str(&marker_svg(trace.marker, trace.color, [sx(p[0]), sy(p[1])], MARKER_RADIUS, 1.0));
        out.push('\n');
    }
}

/// A point's marker radius in a figure, in pixels.
const MARKER_RADIUS: f64 = 3.0;

/// One marker as an SVG element: `shape` centred on `at`, reaching `radius` from it (as egui_plot draws its
/// markers: a square's corners, a diamond's and a triangle's points at the radius), filled or hollow.
fn marker_svg(marker: Marker, [r, g, b]: [u8; 3], [x, y]: [f64; 2], radius: f64, stroke: f64) -> String {
    let color = format!("rgb({r},{g},{b})");
    let fill = if marker.filled { color.as_str() } else { "none" };
    let paint = format!(r#"fill="{fill}" stroke="{color}" stroke-width="{stroke}""#);
    let polygon = |corners: &[[f64; 2]]| {
        let corners: Vec<String> =
            corners.iter().map(|[dx, dy]| format!("{:.1},{:.1}", x + radius * dx, y + radius * dy)).collect();
        format!(r#"<polygon class="{:?}" points="{}" {paint}/>"#, marker.shape, corners.join(" "))
    };
    let half = std::f64::consts::FRAC_1_SQRT_2;
    let tall = 3f64.sqrt() / 2.0;
    match marker.shape {
        Shape::Circle => format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="{radius}" {paint}/>"#),
        Shape::Diamond => polygon(&[[0.0, -1.0], [1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]]),
        Shape::Square => polygon(&[[-half, -half], [half, -half], [half, half], [-half, half]]),
        Shape::Up => polygon(&[[0.0, -1.0], [tall, 0.5], [-tall, 0.5]]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure() -> Figure {
        let trace = |name: &str, points: Vec<[f64; 2]>| Trace {
            name: name.to_string(),
            color: [66, 133, 244],
            points,
            joined: true,
            marker: Marker::POINT,
        };
        Figure {
            title: "Telemetry: nodes".to_string(),
            subtitle: "Chess <standard> & more".to_string(),
            x_label: "move (numbered as in the move list)".to_string(),
            panels: vec![Panel {
                title: "Nodes (log scale)".to_string(),
                y_label: "nodes".to_string(),
                ticks: Ticks::PowerOfTen,
                include_y: vec![0.0],
                lines: vec![(4.5, "White wins".to_string())],
                traces: vec![trace("White", vec![[1.0, 3.2], [2.0, 4.1], [3.0, 4.8]])],
            }],
        }
    }

    #[test]
    fn the_svg_has_its_title_game_axes_ticks_and_legend_at_the_size_asked() {
        let svg = to_svg(&figure(), 1200, 700);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains(r#"width="1200" height="700""#), "{svg}");
        for text in [
            ">Telemetry: nodes</text>",
            ">Chess &lt;standard&gt; &amp; more</text>",
            ">Nodes (log scale)</text>",
            ">move (numbered as in the move list)</text>",
            ">nodes</text>",
            ">10^4</text>",
            ">White</text>",
            ">2</text>",
            ">White wins</text>",
        ] {
            assert!(svg.contains(text), "{text} missing");
        }
        assert_eq!(svg.matches("<circle").count(), 3 + 1, "three points and the legend's mark");
    }

    /// Every point's marker, at a panel's maximum and minimum too, lies whole inside its panel's frame, on a figure
    /// of one panel and of six (short panels), small and large.
    #[test]
    fn every_marker_is_drawn_whole_inside_its_panel() {
        let number = |tag: &str, name: &str| -> f64 {
            let start = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
            tag[start..].split('"').next().and_then(|v| v.parse().ok()).expect("a number")
        };
        let six = Figure { panels: vec![figure().panels[0].clone(); 6], ..figure() };
        for (made, panels) in [(figure(), 1), (six, 6)] {
            for (width, height) in [(320, 240), (900, 600), (2400, 1400)] {
                let svg = to_svg(&made, width, height);
                let mut frame = None;
                let mut markers = 0;
                for line in svg.lines() {
                    if line.contains(r##"stroke="#888""##) {
                        let (left, top) = (number(line, "x"), number(line, "y"));
                        frame = Some([left, top, left + number(line, "width"), top + number(line, "height")]);
                    } else if line.starts_with("<circle") && !line.contains("<text") {
                        let [left, top, right, bottom] = frame.expect("a marker inside a panel");
                        let (cx, cy, r) = (number(line, "cx"), number(line, "cy"), number(line, "r") + 0.5);
                        let whole = cx - r >= left && cx + r <= right && cy - r >= top && cy + r <= bottom;
                        assert!(whole, "{line} cut by {left}, {top}, {right}, {bottom} at {width}×{height}");
                        markers += 1;
                    }
                }
                assert_eq!(markers, 3 * panels, "{svg}");
            }
        }
    }

    /// Each trace's legend mark is drawn with the trace's own marker: four markers, four different marks, each as
    /// its points are drawn.
    #[test]
    fn the_legend_draws_each_trace_s_own_marker() {
        let markers = [
            Marker::POINT,
            Marker { shape: Shape::Circle, filled: false },
            Marker { shape: Shape::Diamond, filled: true },
            Marker { shape: Shape::Diamond, filled: false },
        ];
        let base = figure().panels[0].traces[0].clone();
        let traces = markers
            .iter()
            .enumerate()
            .map(|(i, marker)| Trace {
                name: format!("trace {i}"),
                marker: *marker,
                points: vec![[1.0, i as f64]],
                ..base.clone()
            })
            .collect();
        let panel = Panel { traces, ..figure().panels[0].clone() };
        let svg = to_svg(&Figure { panels: vec![panel], ..figure() }, 900, 600);
        // A mark's kind: its element, its outline, filled or not.
        let kind = |line: &str| -> String {
            let element = line.split_whitespace().next().unwrap_or_default().to_string();
            let class = line.split("class=\"").nth(1).and_then(|c| c.split('"').next()).unwrap_or_default();
            format!("{element} {class} {}", line.contains(r#"fill="none""#))
        };
        let legend: Vec<String> = svg.lines().filter(|l| l.contains(r#"y="66">trace"#)).map(kind).collect();
        assert_eq!(legend.len(), 4, "{svg}");
        for (i, mark) in legend.iter().enumerate() {
            assert!(!legend[..i].contains(mark), "two traces share the mark {mark}: {legend:?}");
            let point =
                svg.lines().filter(|l| !l.contains("<text") && (l.starts_with("<circle") || l.starts_with("<polygon")));
            assert_eq!(point.map(kind).nth(i).as_ref(), Some(mark), "trace {i}'s points are drawn as its legend says");
        }
    }

    #[test]
    fn marked_ranges_leave_a_marker_s_reach_at_both_ends() {
        for (low, high, pixels) in [(3.2, 4.8, 80.0), (0.0, 0.0, 200.0), (-250.0, 12.0, 30.0), (1.0, 1000.0, 2000.0)] {
            let (from, to) = marked_range(low, high, pixels, 4.0);
            for end in [low, high] {
                let near = ((end - from).min(to - end)) / (to - from) * pixels.max(16.0);
                assert!(near >= 4.0 - 1e-9, "{end} of {low}..{high} on {pixels} pixels: {near} from the border");
            }
        }
    }

    #[test]
    fn share_ticks_read_one_in_a_power_of_ten() {
        assert_eq!(tick_label(-2.0, Ticks::OneInPowerOfTen, 1.0), "1/100");
        assert_eq!(tick_label(-6.0, Ticks::OneInPowerOfTen, 1.0), "1/10^6");
        assert_eq!(tick_label(-0.5, Ticks::Linear, 0.5), "−0.5");
        let empty = Figure { panels: Vec::new(), ..figure() };
        assert!(to_svg(&empty, 10, 10).contains(r#"width="320" height="240""#), "held to its smallest size");
    }
}
