//! For the classroom: the tree as an SVG worksheet — only the leaves' values, an empty box for every inner node's
//! value and for the α and β it is entered with, a line for the answer — and its answer key for the current
//! algorithm: the boxes filled from the recorded search, the pruned edges crossed out.

use super::analysis::{Analysis, Run};
use super::layout::Layout;
use super::replay::{Snapshot, entered_windows, fmt_bounded, fmt_value};
use super::svg::{
    BASELINE, CUT_COLOUR, EDGE_COLOUR, LEVEL, MARGIN, RADIUS, SLOT, cut_bar, escape, node_colour, write_odds,
    write_shape,
};
use crate::engine::search::observer::Window;
use crate::tree::flat::FlatTree;
use std::fmt::Write;

/// Room above the tree for the title (the instructions' lines add theirs), and below it for the answer line.
const HEADER: f32 = 40.0;
const FOOTER: f32 = 70.0;
/// The instructions' line height and type size.
const TASK_LINE: f32 = 16.0;
const TASK_SIZE: f32 = 12.0;
/// What the worksheet asks.
const TASK: &str = "Search the tree left to right. Write each node's value in its box, the α and β it is entered \
                    with above it, and cross out every edge that is pruned.";
/// An upper bound of a sans-serif character's width, in multiples of the type size: text measured with it never
/// runs past where it is allowed.
pub const CHAR_WIDTH: f32 = 0.62;
/// The least room between two nodes' boxes and labels on one level.
const GAP: f32 = 8.0;
/// How far an inner node's boxes reach left (the α label) and right (the value box) of its centre.
const INNER_LEFT: f32 = 38.0;
const INNER_RIGHT: f32 = RADIUS * 1.4 + 40.0;
const ANSWER_COLOUR: &str = "#c0392b";

/// What the answer key fills in, from the recorded search at its end.
struct Answers {
    end: Snapshot,
    /// The window each node was first entered with.
    entered: Vec<Option<Window>>,
}

impl Answers {
    fn of(flat: &FlatTree, run: &Run) -> Answers {
        Answers { end: Snapshot::at(flat, run, run.steps.len()), entered: entered_windows(flat, run) }
    }
}

/// The worksheet (`key` false) or its answer key (`key` true) for the recorded search of `analysis`. Without a
/// recorded search the key has nothing to fill in and comes out as the worksheet.
pub fn exercise_svg(analysis: &Analysis, key: bool) -> String {
    let flat = &analysis.flat;
    let layout = Layout::compute(flat);
    let run = analysis.run.as_ref();
    let answers = run.filter(|_| key).map(|run| Answers::of(flat, run));
    let algorithm = run.map_or("α-β", |r| super::algorithm_title(r.algorithm));
    let (width, height) = layout.extent();
    let slot = sheet_slot(flat, &layout);
    // Wide enough for the instructions even under a small tree; they wrap to the sheet's width.
    let w = (width * slot + 2.0 * MARGIN + 60.0).max(640.0);
    let task = wrap(TASK, w - 48.0, TASK_SIZE);
    let header = HEADER + TASK_LINE * task.len() as f32;
    let h = height * LEVEL + 2.0 * MARGIN + header + FOOTER;
    let left = (w - width * slot) / 2.0;
    let sheet = Sheet { flat, layout: &layout, left, slot, top: MARGIN + header, answers: answers.as_ref() };
    let mut out = String::new();
    write_heading(&mut out, w, h, key, algorithm, &task);
    sheet.write_edges(&mut out);
    sheet.write_nodes(&mut out);
    let answered = answers.as_ref().and(run);
    write_answer_line(&mut out, h - FOOTER + 28.0, answered);
    out.push_str("</svg>\n");
    out
}

/// The `<svg>` element of `w` × `h` points on white, with the title and the task.
fn write_heading(out: &mut String, w: f32, h: f32, key: bool, algorithm: &str, task: &[String]) {
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let title = if key { format!("Answer key: {algorithm}") } else { format!("Exercise: {algorithm}") };
    let _ = writeln!(
        out,
        r#"<text class="title" x="24" y="30" font-size="18" font-weight="bold">{}</text>"#,
        escape(&title)
    );
    for (i, line) in task.iter().enumerate() {
        let y = 50.0 + TASK_LINE * i as f32;
        let _ =
            writeln!(out, r#"<text class="task" x="24" y="{y:.0}" font-size="{TASK_SIZE}">{}</text>"#, escape(line));
    }
}

/// `text` cut into lines, at spaces, that fit `width` points at type size `size` (a word longer than a line stays
/// whole on its own line).
pub fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let most = ((width / (size * CHAR_WIDTH)).floor() as usize).max(1);
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= most => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// How wide a text of `text` is drawn at type size `size`, at most.
fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * CHAR_WIDTH
}

/// The points between two neighbouring leaf slots: the canvas's, or more where two nodes of a level would be closer
/// than their boxes and labels need — a small tree's neighbouring inner nodes, a long label.
fn sheet_slot(flat: &FlatTree, layout: &Layout) -> f32 {
    let reach = |id: usize| {
        let node = &flat.nodes[id];
        let label = flat.labels.get(&(id as u32)).map_or(0.0, |l| text_width(l, 13.0) + RADIUS * 1.3);
        if node.child_count == 0 {
            let half = (text_width(&fmt_value(node.value), 13.0) / 2.0).max(RADIUS);
            (half.max(label), half)
        } else {
            (INNER_LEFT.max(label), INNER_RIGHT)
        }
    };
    let mut levels: std::collections::BTreeMap<i64, Vec<(f32, usize)>> = Default::default();
    for (id, &(x, y)) in layout.positions.iter().enumerate() {
        levels.entry(y.round() as i64).or_default().push((x, id));
    }
    let mut slot = SLOT;
    for nodes in levels.values_mut() {
        nodes.sort_by(|a, b| a.0.total_cmp(&b.0));
        for pair in nodes.windows(2) {
            let ((xa, a), (xb, b)) = (pair[0], pair[1]);
            let need = reach(a).1 + reach(b).0 + GAP;
            if xb - xa > 0.0 {
                slot = slot.max(need / (xb - xa));
            }
        }
    }
    slot
}

/// What drawing the tree on the sheet reads: the tree, its layout, its left edge, and the key's answers if any.
struct Sheet<'a> {
    flat: &'a FlatTree,
    layout: &'a Layout,
    left: f32,
    /// Points between two leaf slots, and the top level's height on the sheet.
    slot: f32,
    top: f32,
    answers: Option<&'a Answers>,
}

impl Sheet<'_> {
    /// Node `id`'s centre on the sheet, below the heading.
    fn at(&self, id: u32) -> (f32, f32) {
        let (x, y) = self.layout.positions[id as usize];
        (self.left + x * self.slot, self.top + y * LEVEL)
    }

    /// Every edge, crossed out in the key where it was pruned, with its probability below a chance node.
    fn write_edges(&self, out: &mut String) {
        let flat = self.flat;
        for (id, node) in flat.nodes.iter().enumerate().skip(1) {
            let id = id as u32;
            let ((x1, y1), (x2, y2)) = (self.at(node.parent), self.at(id));
            let (y1, y2) = (y1 + RADIUS * 0.9, y2 - RADIUS * 0.9);
            let _ = writeln!(
                out,
                r#"<line class="edge" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{EDGE_COLOUR}" stroke-width="1.5"/>"#
            );
            let pruned =
                self.answers.is_some_and(|a| a.end.pruned[id as usize].is_some() && !a.end.nodes[id as usize].entered);
            if pruned {
                let (ax, ay, bx, by) = cut_bar((x1, y1), (x2, y2), 8.0);
                let _ = writeln!(
                    out,
                    r#"<line class="pruned" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{CUT_COLOUR}" stroke-width="3"/>"#,
                );
            }
            if flat.node(node.parent).turn == crate::engine::game::Turn::Chance {
                write_odds(out, (x1, y1), (x2, y2), node.probability);
            }
        }
    }

    /// Every node's outline and label, a leaf's value below it, an inner node's boxes around it.
    fn write_nodes(&self, out: &mut String) {
        for (id, node) in self.flat.nodes.iter().enumerate() {
            let id = id as u32;
            let (x, y) = self.at(id);
            let leaf = node.child_count == 0;
            let colour = node_colour(node.turn, leaf);
            write_shape(out, x, y, leaf, node.turn, &format!(r#"fill="none" stroke="{colour}" stroke-width="1.5""#));
            if let Some(label) = self.flat.labels.get(&id) {
                let _ = writeln!(
                    out,
                    r#"<text class="label" x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                    x - RADIUS * 1.3,
                    y + BASELINE,
                    escape(label)
                );
            }
            if leaf {
                let _ = writeln!(
                    out,
                    r#"<text class="value" x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                    y + RADIUS * 1.1 + 12.0,
                    escape(&fmt_value(node.value))
                );
                continue;
            }
            self.write_boxes(out, id, x, y);
        }
    }

    /// The value's box beside inner node `id` at (x, y), and α and β above it.
    fn write_boxes(&self, out: &mut String, id: u32, x: f32, y: f32) {
        let value = self.answers.and_then(|a| a.end.nodes[id as usize].value).map(|(v, b)| fmt_bounded(v, b));
        answer_box(out, "value", x + RADIUS * 1.4, y - 10.0, 40.0, value.as_deref());
        let window = self.answers.and_then(|a| a.entered[id as usize]);
        let (alpha, beta) = (window.map(|w| fmt_value(w.alpha)), window.map(|w| fmt_value(w.beta)));
        let top = y - RADIUS - 24.0;
        let _ = writeln!(out, r#"<text x="{:.1}" y="{:.1}" font-size="11">α</text>"#, x - 38.0, top + 13.0);
        answer_box(out, "alpha", x - 30.0, top, 28.0, alpha.as_deref());
        let _ = writeln!(out, r#"<text x="{:.1}" y="{:.1}" font-size="11">β</text>"#, x + 2.0, top + 13.0);
        answer_box(out, "beta", x + 10.0, top, 28.0, beta.as_deref());
    }
}

/// The answer line at baseline `base`, filled in from `answered` (the run, on the key only).
fn write_answer_line(out: &mut String, base: f32, answered: Option<&Run>) {
    let root_value = answered.map(|r| fmt_value(r.result.value_for_max));
    let leaves = answered.map(|r| r.result.stats.leaves_evaluated.to_string());
    let lines = [("The root's value:", root_value), ("Leaves read:", leaves)];
    let mut x = 24.0;
    for (text, answer) in lines {
        let _ = writeln!(out, r#"<text x="{x:.1}" y="{base:.1}">{}</text>"#, escape(text));
        let start = x + 8.0 * text.chars().count() as f32;
        let _ = writeln!(
            out,
            r#"<line class="answer-line" x1="{start:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="black" stroke-width="1"/>"#,
            base + 3.0,
            start + 120.0,
            base + 3.0
        );
        if let Some(answer) = answer {
            let _ = writeln!(
                out,
                r#"<text class="answer" x="{:.1}" y="{base:.1}" fill="{ANSWER_COLOUR}" font-weight="bold">{}</text>"#,
                start + 10.0,
                escape(&answer)
            );
        }
        x = start + 150.0;
    }
}

/// An empty box (`answer` `None`) or one filled in red with the answer.
fn answer_box(out: &mut String, class: &str, x: f32, y: f32, width: f32, answer: Option<&str>) {
    let _ = writeln!(
        out,
        r##"<rect class="box {class}" x="{x:.1}" y="{y:.1}" width="{width:.1}" height="18" fill="none" stroke="#888888" stroke-width="1"/>"##
    );
    if let Some(answer) = answer {
        let _ = writeln!(
            out,
            r#"<text class="answer {class}" x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="{ANSWER_COLOUR}">{}</text>"#,
            x + width / 2.0,
            y + 13.0,
            escape(answer)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Algorithm;
    use crate::tree::notation::parse;

    fn textbook() -> Analysis {
        Analysis::new(&parse("((3 12 8) (2 4 6) (14 5 2))").expect("valid"), Algorithm::Alphabeta).expect("compiles")
    }

    #[test]
    fn the_worksheet_has_empty_boxes_and_only_the_leaves_values() {
        let svg = exercise_svg(&textbook(), false);
        assert!(crate::tree::lab::svg::check_well_formed(&svg).is_ok());
        // Four inner nodes, each with a value box and α and β boxes; nine leaf values; no answers.
        assert_eq!(svg.matches(r#"class="box value""#).count(), 4);
        assert_eq!(svg.matches(r#"class="box alpha""#).count(), 4);
        assert_eq!(svg.matches(r#"class="value""#).count(), 9);
        assert!(!svg.contains(r#"class="answer""#) && !svg.contains(r#"class="answer "#), "no answer on the sheet");
        assert!(!svg.contains(r#"class="pruned""#), "no pruned edge given away");
        assert_eq!(svg.matches(r#"class="answer-line""#).count(), 2);
    }

    #[test]
    fn the_key_fills_the_values_bounds_and_pruned_edges() {
        let svg = exercise_svg(&textbook(), true);
        assert!(crate::tree::lab::svg::check_well_formed(&svg).is_ok());
        // α-β prunes 1.1 and 1.2 (after 2 ≤ α = 3 at MIN node 1).
        assert_eq!(svg.matches(r#"class="pruned""#).count(), 2);
        // The values: 3 at the root and node 0, ≤2 at node 1, 2 at node 2.
        for value in [">3<", ">≤2<", ">2<"] {
            assert!(svg.contains(value), "{value}");
        }
        assert_eq!(svg.matches(r#"class="answer value""#).count(), 4);
        // The answer line: the root's value 3, and 7 leaves read.
        assert!(svg.contains(r#"font-weight="bold">3</text>"#));
        assert!(svg.contains(r#"font-weight="bold">7</text>"#));
    }

    /// The key's answers, read back from its SVG: by inner node in id order, the texts of its value, α and β
    /// boxes (empty where the box was left blank).
    fn key_answers(svg: &str) -> Vec<[String; 3]> {
        let mut nodes: Vec<[String; 3]> = Vec::new();
        for line in svg.lines() {
            if line.contains(r#"class="box value""#) {
                nodes.push(Default::default());
            }
            let classes = [r#"class="answer value""#, r#"class="answer alpha""#, r#"class="answer beta""#];
            for (field, class) in classes.iter().enumerate() {
                if line.contains(class) {
                    let text = line.rsplit_once("\">").map_or("", |(_, t)| t.trim_end_matches("</text>"));
                    if let Some(node) = nodes.last_mut() {
                        node[field] = text.to_string();
                    }
                }
            }
        }
        nodes
    }

    #[test]
    fn the_quiz_grades_the_keys_answers_right_on_every_seed_tree() {
        use crate::tree::lab::examples::Example;
        use crate::tree::lab::quiz::{MarkField, Marks, Verdict, grade};
        for example in Example::ALL {
            for algorithm in Algorithm::ALL {
                let Ok(analysis) = Analysis::new(&parse(&example.text()).expect("valid"), algorithm) else { continue };
                let answers = key_answers(&exercise_svg(&analysis, true));
                let inner: Vec<u32> =
                    (0..analysis.flat.nodes.len() as u32).filter(|&id| !analysis.flat.is_leaf(id)).collect();
                assert_eq!(answers.len(), inner.len(), "{example:?} {algorithm:?}");
                let mut marks = Marks::default();
                for (&id, [value, alpha, beta]) in inner.iter().zip(&answers) {
                    let path = analysis.flat.path(id);
                    marks.set(&path, MarkField::Value, value);
                    marks.set(&path, MarkField::Alpha, alpha);
                    marks.set(&path, MarkField::Beta, beta);
                }
                let graded = grade(&analysis, &marks);
                let wrong: Vec<_> = graded
                    .items
                    .iter()
                    .filter(|g| g.verdict != Verdict::Right && g.item != crate::tree::lab::quiz::Item::Pruned)
                    .collect();
                assert!(wrong.is_empty(), "{example:?} {algorithm:?}: {wrong:#?}");
                // Every α and β the key gives is graded right: the quiz asks what the key answers.
                let windows = answers.iter().flat_map(|a| [&a[1], &a[2]]).filter(|t| !t.is_empty()).count();
                assert!(windows > 0, "{example:?} {algorithm:?}: the key has α and β");
                assert_eq!(graded.right, windows + answers.iter().filter(|a| !a[0].is_empty()).count());
            }
        }
    }

    /// Every text and box a reader must read on `svg` (not the key's answers, which sit inside their boxes), as
    /// (what, [left, top, right, bottom]), and the sheet's width.
    fn drawn(svg: &str) -> (f32, Vec<(String, [f32; 4])>) {
        let attr = |line: &str, name: &str| -> Option<String> {
            let at = line.find(&format!(" {name}=\""))? + name.len() + 3;
            Some(line[at..].split('"').next()?.to_string())
        };
        let number = |line: &str, name: &str| attr(line, name).and_then(|v| v.parse::<f32>().ok());
        let width = svg.lines().find(|l| l.starts_with("<svg")).and_then(|l| number(l, "width")).expect("a width");
        let mut drawn = Vec::new();
        for line in svg.lines() {
            let class = attr(line, "class").unwrap_or_default();
            if class.starts_with("answer") {
                continue;
            }
            if line.starts_with("<text") {
                let text = line.split('>').nth(1).and_then(|t| t.split("</text").next()).unwrap_or_default();
                let text = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
                let size = number(line, "font-size").unwrap_or(if class == "title" { 18.0 } else { 13.0 });
                let w = text.chars().count() as f32 * size * CHAR_WIDTH;
                let (x, y) = (number(line, "x").expect("x"), number(line, "y").expect("y"));
                let left = match attr(line, "text-anchor").as_deref() {
                    Some("middle") => x - w / 2.0,
                    Some("end") => x - w,
                    _ => x,
                };
                drawn.push((format!("text {text:?}"), [left, y - 0.8 * size, left + w, y + 0.2 * size]));
            } else if line.starts_with("<rect class=\"box") {
                let (x, y) = (number(line, "x").expect("x"), number(line, "y").expect("y"));
                let (w, h) = (number(line, "width").expect("w"), number(line, "height").expect("h"));
                drawn.push((format!("{class} box"), [x, y, x + w, y + h]));
            }
        }
        (width, drawn)
    }

    #[test]
    fn worksheets_fit_their_page_and_no_two_labels_cover_each_other() {
        /// A uniform tree of `b` children a node, `d` levels deep, every leaf 7.
        fn uniform(b: usize, d: usize) -> String {
            if d == 0 { "7".into() } else { format!("({})", vec![uniform(b, d - 1); b].join(" ")) }
        }
        let trees = [
            // Small and uneven: neighbouring inner nodes one slot apart.
            "((3 (12 8)) ((2) 4) (14 5 2) ((1 9) 6))".to_string(),
            super::super::examples::Example::Memo1961.text(),
            uniform(4, 4),
        ];
        for text in trees {
            let analysis = Analysis::new(&parse(&text).expect("valid"), Algorithm::Alphabeta).expect("compiles");
            let svg = exercise_svg(&analysis, false);
            let (width, drawn) = drawn(&svg);
            assert!(drawn.len() > 10, "{text}: {drawn:?}");
            for (what, [left, _, right, _]) in &drawn {
                assert!(
                    *left >= 0.0 && *right <= width,
                    "{text}: {what} runs past the page of {width}: {left}..{right}"
                );
            }
            for (i, (a, ra)) in drawn.iter().enumerate() {
                for (b, rb) in &drawn[i + 1..] {
                    let overlap =
                        ra[0] < rb[2] - 0.5 && rb[0] < ra[2] - 0.5 && ra[1] < rb[3] - 0.5 && rb[1] < ra[3] - 0.5;
                    assert!(!overlap, "{text}: {a} {ra:?} covers {b} {rb:?}");
                }
            }
        }
    }
}
