//! The canvas as a standalone SVG 1.1 file: the whole tree from its layout, sized to the tree (not the window),
//! with the replay's state on it — values and bounds, the window at the nodes on the current path, pruned edges
//! dashed and grey with the cut-off crossed out.

use super::analysis::Analysis;
use super::layout::Layout;
use super::replay::{Snapshot, describe_pruned, fmt_bounded, fmt_value};
use crate::engine::game::Turn;
use crate::tree::flat::{FlatNode, FlatTree};
use std::fmt::Write;

/// Points between neighbouring leaves and between levels, a node's half size, and the margin around the tree:
/// the canvas's proportions at zoom 1, with a little more room between levels for the values.
pub(super) const SLOT: f32 = 46.0;
pub(super) const LEVEL: f32 = 80.0;
pub(super) const RADIUS: f32 = 12.0;
pub(super) const MARGIN: f32 = 48.0;
/// How far below a node's centre a line of text beside it has its baseline, so it reads as centred (set by hand:
/// not every renderer knows `dominant-baseline`).
pub(super) const BASELINE: f32 = 4.5;

const MAX_COLOUR: &str = "#4a90e2";
const MIN_COLOUR: &str = "#e87040";
pub(super) const CHANCE_COLOUR: &str = "#a070dc";
const LEAF_COLOUR: &str = "#5a5a5a";
pub(super) const EDGE_COLOUR: &str = "#6e6e6e";
const FADED_COLOUR: &str = "#c8c8c8";
pub(super) const CUT_COLOUR: &str = "#e63232";
const CURRENT_COLOUR: &str = "#d8a000";

/// The tree of `analysis` as SVG text, with `snapshot`'s replay state when given (else the bare tree).
pub fn tree_svg(analysis: &Analysis, snapshot: Option<&Snapshot>) -> String {
    // The whole tree, whatever is collapsed on the canvas.
    let full;
    let layout = if analysis.layout.hidden.is_empty() {
        &analysis.layout
    } else {
        full = Layout::compute(&analysis.flat);
        &full
    };
    let finished = match (snapshot, &analysis.run) {
        (Some(s), Some(run)) => s.cursor >= run.steps.len(),
        _ => true,
    };
    let scene = Scene { flat: &analysis.flat, layout, snapshot, finished };
    let mut out = String::new();
    scene.write_header(&mut out);
    scene.write_edges(&mut out);
    scene.write_nodes(&mut out);
    out.push_str("</svg>\n");
    out
}

/// What every part of the drawing reads: the tree, where its nodes sit, and how far the replay got.
struct Scene<'a> {
    flat: &'a FlatTree,
    layout: &'a Layout,
    snapshot: Option<&'a Snapshot>,
    finished: bool,
}

impl Scene<'_> {
    /// Node `id`'s centre in the picture's points.
    fn at(&self, id: u32) -> (f32, f32) {
        let (x, y) = self.layout.positions[id as usize];
        (MARGIN + x * SLOT, MARGIN + y * LEVEL)
    }

    /// Whether the replay has entered node `id` (every node when there is no replay).
    fn reached(&self, id: u32) -> bool {
        self.snapshot.is_none_or(|s| s.nodes[id as usize].entered)
    }

    /// The XML declaration, the `<svg>` element sized to the tree, and the white background.
    fn write_header(&self, out: &mut String) {
        let (width, height) = self.layout.extent();
        let (w, h) = (width * SLOT + 2.0 * MARGIN, height * LEVEL + 2.0 * MARGIN + 16.0);
        let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif" font-size="13">"#
        );
        let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    }

    /// Edges first, so the nodes sit on top of them.
    fn write_edges(&self, out: &mut String) {
        let flat = self.flat;
        for (id, node) in flat.nodes.iter().enumerate().skip(1) {
            let id = id as u32;
            let ((x1, y1), (x2, y2)) = (self.at(node.parent), self.at(id));
            let (y1, y2) = (y1 + RADIUS * 0.9, y2 - RADIUS * 0.9);
            let seen = self.reached(id);
            let cut = self.snapshot.and_then(|s| s.pruned[id as usize]).filter(|_| !self.finished || !seen);
            let (class, colour, dash) = match (seen, cut) {
                (_, Some(_)) => ("edge pruned", FADED_COLOUR, r#" stroke-dasharray="4 4""#),
                (true, None) => ("edge", EDGE_COLOUR, ""),
                (false, None) => ("edge unvisited", FADED_COLOUR, r#" stroke-dasharray="4 4""#),
            };
            let _ = writeln!(
                out,
                r#"<line class="{class}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}" stroke-width="1.5"{dash}/>"#
            );
            if let Some(cut) = cut {
                let (ax, ay, bx, by) = cut_bar((x1, y1), (x2, y2), 7.0);
                let _ = writeln!(
                    out,
                    r#"<g class="cut"><title>{}</title><line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{CUT_COLOUR}" stroke-width="3"/></g>"#,
                    escape(&describe_pruned(flat, &cut)),
                );
            }
            if flat.node(node.parent).turn == Turn::Chance {
                write_odds(out, (x1, y1), (x2, y2), node.probability);
            }
        }
    }

    /// Then the nodes, with their labels and what the replay knows of them.
    fn write_nodes(&self, out: &mut String) {
        let current = self.snapshot.and_then(|s| s.current).filter(|_| !self.finished);
        for (id, node) in self.flat.nodes.iter().enumerate() {
            let id = id as u32;
            let (x, y) = self.at(id);
            let leaf = node.child_count == 0;
            let seen = self.reached(id);
            let colour = match (node.turn, leaf) {
                (_, true) => LEAF_COLOUR,
                (Turn::Max, _) => MAX_COLOUR,
                (Turn::Min, _) => MIN_COLOUR,
                (Turn::Chance, _) => CHANCE_COLOUR,
            };
            let (fill, stroke) = if seen { (colour, colour) } else { ("none", FADED_COLOUR) };
            let paint = format!(r#"fill="{fill}" stroke="{stroke}" stroke-width="1.2""#);
            write_shape(out, x, y, leaf, node.turn, &paint);
            if current == Some(id) {
                let _ = writeln!(
                    out,
                    r#"<circle class="current" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{CURRENT_COLOUR}" stroke-width="3"/>"#,
                    RADIUS * 1.7
                );
            }
            self.write_node_text(out, id, node, seen);
        }
    }

    /// A node's label to its left, and its value (a leaf's below it, an inner node's bound or window beside it).
    fn write_node_text(&self, out: &mut String, id: u32, node: &FlatNode, seen: bool) {
        let (x, y) = self.at(id);
        let text_colour = if seen { "#000000" } else { "#aaaaaa" };
        let gap = RADIUS * 1.3;
        if let Some(label) = self.flat.labels.get(&id) {
            let _ = writeln!(
                out,
                r#"<text class="label" x="{:.1}" y="{:.1}" text-anchor="end" fill="{text_colour}">{}</text>"#,
                x - gap,
                y + BASELINE,
                escape(label)
            );
        }
        if node.child_count == 0 {
            let _ = writeln!(
                out,
                r#"<text class="value" x="{x:.1}" y="{:.1}" text-anchor="middle" fill="{text_colour}">{}</text>"#,
                y + RADIUS * 1.1 + 12.0,
                escape(&fmt_value(node.value))
            );
            return;
        }
        let Some(state) = self.snapshot.map(|s| s.nodes[id as usize]) else { return };
        let beside = x + gap;
        match (state.value, state.active, state.window) {
            (Some((v, bound)), false, _) => {
                let _ = writeln!(
                    out,
                    r#"<text class="value" x="{beside:.1}" y="{:.1}" fill="black">{}</text>"#,
                    y + BASELINE,
                    escape(&fmt_bounded(v, bound))
                );
            }
            (_, true, Some(w)) => {
                let _ = writeln!(
                    out,
                    r#"<text class="window" x="{beside:.1}" y="{:.1}" font-size="11" fill="{CURRENT_COLOUR}">α {}  β {}</text>"#,
                    y + BASELINE,
                    escape(&fmt_value(w.alpha)),
                    escape(&fmt_value(w.beta))
                );
            }
            _ => {}
        }
    }
}

/// A node's shape at (x, y): MAX △, MIN ▽, chance ○, a leaf a small square; `paint` its fill and stroke
/// attributes.
pub(super) fn write_shape(out: &mut String, x: f32, y: f32, leaf: bool, turn: Turn, paint: &str) {
    let (hw, hh) = (RADIUS * 1.15, RADIUS * 0.95);
    let _ = match (leaf, turn) {
        (true, _) => {
            let s = RADIUS * 1.1;
            writeln!(
                out,
                r#"<rect class="node leaf" x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" rx="2" {paint}/>"#,
                x - s / 2.0,
                y - s / 2.0
            )
        }
        (false, Turn::Max) => writeln!(
            out,
            r#"<polygon class="node max" points="{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" {paint}/>"#,
            y - hh,
            x + hw,
            y + hh,
            x - hw,
            y + hh
        ),
        (false, Turn::Min) => writeln!(
            out,
            r#"<polygon class="node min" points="{:.1},{:.1} {:.1},{:.1} {x:.1},{:.1}" {paint}/>"#,
            x - hw,
            y - hh,
            x + hw,
            y - hh,
            y + hh
        ),
        (false, Turn::Chance) => {
            writeln!(out, r#"<circle class="node chance" cx="{x:.1}" cy="{y:.1}" r="{RADIUS:.1}" {paint}/>"#)
        }
    };
}

/// The colour of a node of this kind.
pub(super) fn node_colour(turn: Turn, leaf: bool) -> &'static str {
    match (turn, leaf) {
        (_, true) => LEAF_COLOUR,
        (Turn::Max, _) => MAX_COLOUR,
        (Turn::Min, _) => MIN_COLOUR,
        (Turn::Chance, _) => CHANCE_COLOUR,
    }
}

/// Text made safe for XML character data and attribute values.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// Checks that `xml` is well formed as far as this writer's output goes: every element closed in order, one
/// root, no stray `<` or `&`. Returns the number of elements. For the tests (here and in `tests/`), not a parser.
pub fn check_well_formed(xml: &str) -> Result<usize, String> {
    let mut open: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut roots = 0;
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        check_text(&rest[..start])?;
        let end = rest[start..].find('>').ok_or("an unclosed tag")? + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(top) if top == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let name = tag.split_whitespace().next().ok_or("an empty tag")?.trim_end_matches('/');
        if !tag.matches('"').count().is_multiple_of(2) || tag.contains('<') {
            return Err(format!("a broken tag: <{tag}>"));
        }
        elements += 1;
        if open.is_empty() {
            roots += 1;
        }
        if !tag.ends_with('/') {
            open.push(name);
        }
    }
    check_text(rest)?;
    match (open.last(), roots) {
        (Some(top), _) => Err(format!("<{top}> is never closed")),
        (None, 1) => Ok(elements),
        (None, n) => Err(format!("{n} root elements")),
    }
}

/// Character data may hold `&` only as an entity.
fn check_text(text: &str) -> Result<(), String> {
    for (i, _) in text.match_indices('&') {
        let entity = text[i..].split(';').next().unwrap_or("");
        if !["&amp", "&lt", "&gt", "&quot", "&apos"].contains(&entity) {
            return Err(format!("a bare & in {text:?}"));
        }
    }
    Ok(())
}

/// The ends of the bar that crosses out the edge from `from` to `to`: 45 % of the way down, as on the canvas,
/// `half` long on each side.
pub(super) fn cut_bar(from: (f32, f32), to: (f32, f32), half: f32) -> (f32, f32, f32, f32) {
    let ((x1, y1), (x2, y2)) = (from, to);
    let (mx, my) = (x1 + (x2 - x1) * 0.45, y1 + (y2 - y1) * 0.45);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ax, ay) = (-dy / length * half, dx / length * half);
    (mx - ax, my - ay, mx + ax, my + ay)
}

/// A chance edge's probability beside its middle, without trailing zeros.
pub(super) fn write_odds(out: &mut String, from: (f32, f32), to: (f32, f32), probability: f64) {
    let p = format!("{probability:.2}");
    let p = p.trim_end_matches('0').trim_end_matches('.');
    let (mx, my) = ((from.0 + to.0) / 2.0 + 4.0, (from.1 + to.1) / 2.0);
    let _ = writeln!(out, r#"<text x="{mx:.1}" y="{my:.1}" font-size="11" fill="{CHANCE_COLOUR}">{p}</text>"#);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Algorithm;
    use crate::tree::notation::parse;

    fn textbook(cursor: Option<usize>) -> String {
        let analysis = Analysis::new(&parse("((3 12 8) (2 4 6) (14 5 2))").expect("valid"), Algorithm::Alphabeta)
            .expect("compiles");
        let run = analysis.run.as_ref().expect("searched");
        let snapshot = Snapshot::at(&analysis.flat, run, cursor.unwrap_or(run.steps.len()));
        tree_svg(&analysis, Some(&snapshot))
    }

    /// The text of every `<text>` element, in order.
    fn texts(svg: &str) -> Vec<&str> {
        svg.split("<text").skip(1).filter_map(|t| t.split_once('>')?.1.split("</text>").next()).collect()
    }

    #[test]
    fn the_textbook_tree_in_full() {
        let svg = textbook(None);
        assert!(check_well_formed(&svg).is_ok(), "{:?}", check_well_formed(&svg));
        assert_eq!(svg.matches(r#"class="node "#).count(), 13, "1 MAX, 3 MIN, 9 leaves");
        assert_eq!(svg.matches(r#"class="node max""#).count(), 1);
        assert_eq!(svg.matches(r#"class="node min""#).count(), 3);
        assert_eq!(svg.matches(r#"class="edge pruned""#).count(), 2);
        assert_eq!(svg.matches(r#"class="cut""#).count(), 2);
        assert!(svg.contains("pruned by an α-cut at MIN node 1: 2 ≤ α = 3"), "the cut is explained");
        let texts = texts(&svg);
        for value in ["3", "12", "8", "2", "14", "5", "≤2"] {
            assert!(texts.contains(&value), "{value} in {texts:?}");
        }
        // The two leaves never read are drawn faded.
        assert_eq!(svg.matches(r##"fill="#aaaaaa">4<"##).count(), 1);
        assert_eq!(svg.matches(r##"fill="#aaaaaa">6<"##).count(), 1);
        // Sized to the tree: 8 slots wide and 2 levels deep, plus the margins.
        assert!(svg.contains(r#"width="464" height="272""#), "{}", &svg[..300]);
    }

    #[test]
    fn mid_replay_shows_the_window_on_the_path() {
        // After entering the root and its first child, both are on the path with their windows.
        let svg = textbook(Some(2));
        assert!(check_well_formed(&svg).is_ok());
        assert_eq!(svg.matches(r#"class="window""#).count(), 2);
        assert!(svg.contains("α −∞  β +∞"));
        assert_eq!(svg.matches(r#"class="current""#).count(), 1);
    }

    #[test]
    fn labels_are_escaped() {
        let analysis =
            Analysis::new(&parse(r#"A:(B:(1 2) C:(3 4))"#).expect("valid"), Algorithm::Minimax).expect("compiles");
        let mut svg = tree_svg(&analysis, None);
        assert!(check_well_formed(&svg).is_ok());
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        svg.insert_str(svg.len() - 7, "<g>");
        assert!(check_well_formed(&svg).is_err(), "an unclosed element is caught");
        assert!(check_well_formed("<a>x & y</a>").is_err(), "a bare ampersand is caught");
    }
}
