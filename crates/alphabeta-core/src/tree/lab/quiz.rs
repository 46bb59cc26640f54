//! Quiz mode's marking: what the user wrote on the tree (values or bounds, α, β, pruned edges), keyed by node
//! path, and [`grade`], which checks every mark against the recorded search of the current algorithm.
//!
//! The answer is the replay at its end: a visited node's value (exact, `≥v` or `≤v`), the α and β it was
//! entered with (as the trace table's first row for it and the exercise's answer key show them), and the edges a
//! cut-off pruned.

use super::analysis::Analysis;
use super::replay::{Snapshot, entered_windows, fmt_bounded, fmt_value};
use crate::engine::game::Value;
use crate::engine::search::observer::Bound;
use crate::tree::flat::{FlatTree, ROOT};
use std::collections::{BTreeMap, BTreeSet};

/// Two values closer than this are the same answer: the canvas shows three decimals.
const TOLERANCE: Value = 5e-4;

/// What the user wrote on one node, as typed (an empty field is no mark).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct NodeMarks {
    /// `3`, `≤2` (or `<=2`), `≥5` (or `>=5`).
    pub value: String,
    /// The window α the node was entered with.
    pub alpha: String,
    /// The window β the node was entered with.
    pub beta: String,
}

impl NodeMarks {
    /// True when no field holds anything but blanks.
    pub fn is_empty(&self) -> bool {
        self.value.trim().is_empty() && self.alpha.trim().is_empty() && self.beta.trim().is_empty()
    }

    /// The field `field` of these marks.
    pub fn get_mut(&mut self, field: MarkField) -> &mut String {
        match field {
            MarkField::Value => &mut self.value,
            MarkField::Alpha => &mut self.alpha,
            MarkField::Beta => &mut self.beta,
        }
    }
}

/// One of a node's three written marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkField {
    /// The node's value or bound.
    Value,
    /// The α it was entered with.
    Alpha,
    /// The β it was entered with.
    Beta,
}

/// Every mark the user made, keyed by node path (the root is the empty path).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Marks {
    /// The written marks, by node path.
    pub nodes: BTreeMap<Vec<usize>, NodeMarks>,
    /// The edges marked pruned, each named by the path of the child below it.
    pub pruned: BTreeSet<Vec<usize>>,
}

impl Marks {
    /// Sets one written mark; an empty text removes it.
    pub fn set(&mut self, path: &[usize], field: MarkField, text: &str) {
        let marks = self.nodes.entry(path.to_vec()).or_default();
        // Kept as typed (the field shows it back); only an all-blank text is no mark.
        *marks.get_mut(field) = text.to_string();
        if marks.is_empty() {
            self.nodes.remove(path);
        }
    }

    /// Marks the edge above `path` pruned, or unmarks it.
    pub fn toggle_pruned(&mut self, path: &[usize]) {
        if !self.pruned.remove(path) && !path.is_empty() {
            self.pruned.insert(path.to_vec());
        }
    }

    /// Drops the marks on nodes `flat` no longer has (after an edit); the others stay.
    pub fn retain_existing(&mut self, flat: &FlatTree) {
        self.nodes.retain(|path, _| flat.node_at(path).is_some());
        self.pruned.retain(|path| flat.node_at(path).is_some());
    }

    /// True when nothing is marked.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty() && self.pruned.is_empty()
    }
}

/// What was graded: one of a node's marks, or the edge above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Item {
    /// One of the written marks.
    Mark(MarkField),
    /// The edge marked pruned (or not).
    Pruned,
}

/// The verdict on one mark, or on one mark that should have been made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// As the search did it.
    Right,
    /// Made, but not what the search did.
    Wrong,
    /// Not made, though the search calls for it (a visited node without a value, a pruned edge not marked).
    Missing,
    /// Made where nothing belongs (a value on a node never visited, a searched edge marked pruned).
    Spurious,
}

/// One graded mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// The node's path (the root is empty).
    pub path: Vec<usize>,
    /// What was graded there.
    pub item: Item,
    /// The verdict.
    pub verdict: Verdict,
    /// What the search says, in the canvas's notation ("≤2", "pruned", "not pruned", "not visited").
    pub expected: String,
}

/// Every verdict, in path order, with the counts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Grade {
    /// Every graded mark, in path order.
    pub items: Vec<Graded>,
    /// Marks that agree with the search.
    pub right: usize,
    /// Wrong marks and marks that should not be there.
    pub wrong: usize,
    /// Marks the search calls for that were not made.
    pub missing: usize,
}

impl Grade {
    /// "7 right, 2 wrong, 1 missing".
    pub fn summary(&self) -> String {
        format!("{} right, {} wrong, {} missing", self.right, self.wrong, self.missing)
    }

    /// The worst verdict about the node at `path` (its marks and its edge), if anything was graded there.
    pub fn verdict_at(&self, path: &[usize], edge: bool) -> Option<Verdict> {
        let rank = |v: Verdict| match v {
            Verdict::Right => 0,
            Verdict::Missing => 1,
            Verdict::Wrong | Verdict::Spurious => 2,
        };
        self.items
            .iter()
            .filter(|g| g.path == path && (g.item == Item::Pruned) == edge)
            .map(|g| g.verdict)
            .max_by_key(|&v| rank(v))
    }

    fn push(&mut self, path: &[usize], item: Item, verdict: Verdict, expected: String) {
        match verdict {
            Verdict::Right => self.right += 1,
            Verdict::Wrong | Verdict::Spurious => self.wrong += 1,
            Verdict::Missing => self.missing += 1,
        }
        self.items.push(Graded { path: path.to_vec(), item, verdict, expected });
    }
}

/// Reads a written value: `3`, `-2.5`, `≤2` / `<=2`, `≥5` / `>=5`, `∞`, `-inf`, and the null window's `3⁺` / `3⁻`
/// (the value just above or below 3) as the trace and the key print them.
pub fn parse_mark(text: &str) -> Result<(Value, Bound), String> {
    let text = text.trim().replace('−', "-");
    let (bound, rest) = if let Some(rest) = text.strip_prefix('≤').or_else(|| text.strip_prefix("<=")) {
        (Bound::Upper, rest)
    } else if let Some(rest) = text.strip_prefix('≥').or_else(|| text.strip_prefix(">=")) {
        (Bound::Lower, rest)
    } else {
        (Bound::Exact, text.as_str())
    };
    let number = rest.trim();
    let (number, nudge) = match (number.strip_suffix('⁺'), number.strip_suffix('⁻')) {
        (Some(n), _) => (n, 1),
        (_, Some(n)) => (n, -1),
        _ => (number, 0),
    };
    let value = match number.trim_start_matches('+') {
        "∞" | "inf" => Value::INFINITY,
        "-∞" | "-inf" => Value::NEG_INFINITY,
        n => n.parse::<Value>().map_err(|_| format!("\"{}\" is not a value", text))?,
    };
    let value = match nudge {
        1 => value.next_up(),
        -1 => value.next_down(),
        _ => value,
    };
    if value.is_nan() {
        return Err(format!("\"{text}\" is not a value"));
    }
    Ok((value, bound))
}

fn same(a: Value, b: Value) -> bool {
    a == b || (a - b).abs() <= TOLERANCE
}

/// Grades every mark against `analysis`'s recorded search, and flags what is missing: a visited inner node
/// without a value, a pruned edge not marked. α and β are graded where written, never missing (the lecture asks
/// for them at some nodes, not all). Leaves are given, so a leaf needs no value. Marks on paths the tree does not
/// have are ignored. Without a recorded search (a tree too large), nothing is graded.
pub fn grade(analysis: &Analysis, marks: &Marks) -> Grade {
    let mut grade = Grade::default();
    let Some(run) = &analysis.run else { return grade };
    let flat = &analysis.flat;
    let end = Snapshot::at(flat, run, run.steps.len());
    let entered = entered_windows(flat, run);
    for id in 0..flat.nodes.len() as u32 {
        let path = flat.path(id);
        let state = end.nodes[id as usize];
        let written = marks.nodes.get(&path);
        // Values, α and β.
        let fields = [MarkField::Value, MarkField::Alpha, MarkField::Beta];
        for field in fields {
            let text = written.map_or("", |m| match field {
                MarkField::Value => m.value.as_str(),
                MarkField::Alpha => m.alpha.as_str(),
                MarkField::Beta => m.beta.as_str(),
            });
            let item = Item::Mark(field);
            let truth: Option<(Value, Bound)> = match field {
                MarkField::Value => state.value,
                MarkField::Alpha => entered[id as usize].map(|w| (w.alpha, Bound::Exact)),
                MarkField::Beta => entered[id as usize].map(|w| (w.beta, Bound::Exact)),
            };
            let expected = truth.map_or_else(|| "not visited".to_string(), |(v, b)| fmt_bounded(v, b));
            if text.trim().is_empty() {
                let needed = field == MarkField::Value && state.entered && !flat.is_leaf(id);
                if needed {
                    grade.push(&path, item, Verdict::Missing, expected);
                }
                continue;
            }
            let verdict = match (truth, parse_mark(text)) {
                (None, _) => Verdict::Spurious,
                (Some((v, b)), Ok((w, c))) if same(v, w) && b == c => Verdict::Right,
                // α and β are plain numbers: a bound sign on them is read as the number.
                (Some((v, _)), Ok((w, _))) if field != MarkField::Value && same(v, w) => Verdict::Right,
                _ => Verdict::Wrong,
            };
            grade.push(&path, item, verdict, expected);
        }
        // The edge above the node.
        if id == ROOT {
            continue;
        }
        let cut = end.pruned[id as usize].is_some() && !state.entered;
        let marked = marks.pruned.contains(&path);
        let expected = if cut {
            "pruned".to_string()
        } else if state.entered {
            "searched".to_string()
        } else {
            // Inside a pruned subtree: the cut is marked on the edge higher up.
            let mut top = flat.node(id).parent;
            while top != ROOT && end.pruned[top as usize].is_none() {
                top = flat.node(top).parent;
            }
            format!("inside the subtree pruned at {}", flat.path_string(top))
        };
        match (cut, marked) {
            (true, true) => grade.push(&path, Item::Pruned, Verdict::Right, expected),
            (true, false) => grade.push(&path, Item::Pruned, Verdict::Missing, expected),
            (false, true) => grade.push(&path, Item::Pruned, Verdict::Spurious, expected),
            (false, false) => {}
        }
    }
    grade
}

/// A graded item in words: "MIN node 1: value ≤2 — right".
pub fn describe(flat: &FlatTree, graded: &Graded, marks: &Marks) -> String {
    let Some(id) = flat.node_at(&graded.path) else { return String::new() };
    let name = super::replay::node_name(flat, id);
    let written = marks.nodes.get(&graded.path);
    let (what, mark) = match graded.item {
        Item::Mark(MarkField::Value) => ("value", written.map(|m| m.value.clone())),
        Item::Mark(MarkField::Alpha) => ("α", written.map(|m| m.alpha.clone())),
        Item::Mark(MarkField::Beta) => ("β", written.map(|m| m.beta.clone())),
        Item::Pruned => ("edge", marks.pruned.contains(&graded.path).then(|| "marked pruned".to_string())),
    };
    let mark = mark.unwrap_or_default();
    match graded.verdict {
        Verdict::Right => format!("{name}: {what} {mark} — right"),
        Verdict::Wrong => format!("{name}: {what} {mark} — wrong, the search gives {}", graded.expected),
        Verdict::Missing if graded.item == Item::Pruned => format!("{name}: edge pruned — not marked"),
        // Not the answer: the user has not tried this one yet.
        Verdict::Missing => format!("{name}: {what} missing"),
        Verdict::Spurious => format!("{name}: {what} {mark} — should not be there ({})", graded.expected),
    }
}

/// A short display of a value for the canvas, as the user wrote it but tidied (`<=2` becomes `≤2`).
pub fn tidy(text: &str) -> String {
    match parse_mark(text) {
        Ok((v, b)) => fmt_bounded(v, b),
        Err(_) => text.trim().to_string(),
    }
}

/// `fmt_value` for α and β as written.
pub fn tidy_plain(text: &str) -> String {
    match parse_mark(text) {
        Ok((v, _)) => fmt_value(v),
        Err(_) => text.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Algorithm;
    use crate::tree::notation::parse;

    use crate::tree::lab::examples::TEXTBOOK;

    fn analyse(text: &str) -> Analysis {
        Analysis::new(&parse(text).expect("valid"), Algorithm::Alphabeta).expect("compiles")
    }

    /// The textbook tree answered in full: the four inner values and the two pruned edges.
    fn textbook_answers() -> Marks {
        let mut marks = Marks::default();
        marks.set(&[], MarkField::Value, "3");
        marks.set(&[0], MarkField::Value, "3");
        marks.set(&[1], MarkField::Value, "<=2");
        // MIN node 2 returns 2 ≤ α = 3 after its last leaf: fail-soft, that too is only an upper bound.
        marks.set(&[2], MarkField::Value, "≤2");
        marks.toggle_pruned(&[1, 1]);
        marks.toggle_pruned(&[1, 2]);
        marks
    }

    #[test]
    fn marks_read_bounds_and_infinities() {
        assert_eq!(parse_mark("3"), Ok((3.0, Bound::Exact)));
        assert_eq!(parse_mark(" <= 2 "), Ok((2.0, Bound::Upper)));
        assert_eq!(parse_mark("≥−5"), Ok((-5.0, Bound::Lower)));
        assert_eq!(parse_mark("-inf"), Ok((Value::NEG_INFINITY, Bound::Exact)));
        assert_eq!(parse_mark("+∞"), Ok((Value::INFINITY, Bound::Exact)));
        assert!(parse_mark("three").is_err());
        assert_eq!(parse_mark("3⁺"), Ok((3.0f64.next_up(), Bound::Exact)));
        assert_eq!(parse_mark("≤3⁻"), Ok((3.0f64.next_down(), Bound::Upper)));
    }

    #[test]
    fn all_right() {
        let grade = grade(&analyse(TEXTBOOK), &textbook_answers());
        assert_eq!(grade.summary(), "6 right, 0 wrong, 0 missing", "{:#?}", grade.items);
    }

    #[test]
    fn alpha_and_beta_are_the_windows_a_node_is_entered_with() {
        let mut marks = textbook_answers();
        // MIN node 1 is entered with α = 3 (the root's, after node 0) and β = +∞; the root with −∞ and +∞.
        marks.set(&[1], MarkField::Alpha, "3");
        marks.set(&[1], MarkField::Beta, "inf");
        marks.set(&[], MarkField::Alpha, "-inf");
        marks.set(&[], MarkField::Beta, "inf");
        assert_eq!(grade_summary(&analyse(TEXTBOOK), &marks), "10 right, 0 wrong, 0 missing");
        // The window after its last event (β fell to the 2 it read) is not what is asked.
        marks.set(&[1], MarkField::Beta, "2");
        assert_eq!(grade_summary(&analyse(TEXTBOOK), &marks), "9 right, 1 wrong, 0 missing");
    }

    #[test]
    fn the_1961_memo_grades_e_and_f_by_the_windows_they_are_entered_with() {
        use crate::tree::lab::examples::Example;
        let analysis = analyse(&Example::Memo1961.text());
        let mut marks = Marks::default();
        // E: entered with α = −∞, β = +∞ (it reads 8, 7, 3 and gives 8); F: with α = −∞ and B's β = 8.
        let path_of = |name: &str| {
            let id = analysis.flat.labels.iter().find(|(_, label)| label.as_str() == name).map(|(&id, _)| id);
            analysis.flat.path(id.expect("labelled"))
        };
        let (e, f) = (path_of("E"), path_of("F"));
        marks.set(&e, MarkField::Alpha, "-inf");
        marks.set(&e, MarkField::Beta, "+inf");
        marks.set(&f, MarkField::Alpha, "-inf");
        marks.set(&f, MarkField::Beta, "8");
        let graded = grade(&analysis, &marks);
        let wrong: Vec<String> = graded
            .items
            .iter()
            .filter(|g| g.verdict == Verdict::Wrong)
            .map(|g| describe(&analysis.flat, g, &marks))
            .collect();
        assert!(wrong.is_empty(), "{wrong:?}");
        assert_eq!(graded.right, 4);
    }

    #[test]
    fn one_wrong_value() {
        let mut marks = textbook_answers();
        // The bound written as exact: the search only knows MIN node 1 is at most 2.
        marks.set(&[1], MarkField::Value, "2");
        let grade = grade(&analyse(TEXTBOOK), &marks);
        assert_eq!(grade.summary(), "5 right, 1 wrong, 0 missing");
        let wrong = grade.items.iter().find(|g| g.verdict == Verdict::Wrong).expect("one wrong");
        assert_eq!(
            (wrong.path.as_slice(), wrong.item, wrong.expected.as_str()),
            (&[1][..], Item::Mark(MarkField::Value), "≤2")
        );
    }

    #[test]
    fn a_missing_pruned_mark_and_a_missing_value() {
        let mut marks = textbook_answers();
        marks.toggle_pruned(&[1, 2]);
        marks.set(&[0], MarkField::Value, "");
        let grade = grade(&analyse(TEXTBOOK), &marks);
        assert_eq!(grade.summary(), "4 right, 0 wrong, 2 missing");
        let missing: Vec<(Vec<usize>, Item)> =
            grade.items.iter().filter(|g| g.verdict == Verdict::Missing).map(|g| (g.path.clone(), g.item)).collect();
        assert_eq!(missing, [(vec![0], Item::Mark(MarkField::Value)), (vec![1, 2], Item::Pruned)]);
    }

    #[test]
    fn spurious_marks_count_as_wrong() {
        let mut marks = textbook_answers();
        // 2.0 was searched, and the pruned leaf 1.1 has no value to give.
        marks.toggle_pruned(&[2, 0]);
        marks.set(&[1, 1], MarkField::Value, "4");
        let grade = grade(&analyse(TEXTBOOK), &marks);
        assert_eq!(grade.summary(), "6 right, 2 wrong, 0 missing");
        let spurious: Vec<Vec<usize>> =
            grade.items.iter().filter(|g| g.verdict == Verdict::Spurious).map(|g| g.path.clone()).collect();
        assert_eq!(spurious, [vec![1, 1], vec![2, 0]]);
    }

    #[test]
    fn after_an_edit_the_marks_that_remain_are_graded_against_the_new_search() {
        let marks = textbook_answers();
        // 1.0 becomes 5: MIN node 1 now reads 5, 4 and 6, so nothing is pruned there, its value is 4 and so is the
        // root's; MIN node 2 is still ≤2.
        let mut marks_after = marks.clone();
        let edited = analyse("((3 12 8) (5 4 6) (14 5 2))");
        marks_after.retain_existing(&edited.flat);
        assert_eq!(marks_after, marks, "every marked node still exists");
        let grade = grade(&edited, &marks_after);
        assert_eq!(grade.summary(), "2 right, 4 wrong, 0 missing", "{:#?}", grade.items);
        // Deleting the last subtree drops its mark, and the root's value is still 3.
        let smaller = analyse("((3 12 8) (2 4 6))");
        let mut kept = marks.clone();
        kept.retain_existing(&smaller.flat);
        assert!(!kept.nodes.contains_key(&vec![2]));
        assert_eq!(grade_summary(&smaller, &kept), "5 right, 0 wrong, 0 missing");
    }

    fn grade_summary(analysis: &Analysis, marks: &Marks) -> String {
        grade(analysis, marks).summary()
    }
}
