//! The studio's own tree file: a tree with a title and notes, written as RON, versioned so that a newer file
//! is refused with a clear message instead of being half-read. [`parse_any`] reads it or the notation alike.

use super::model::{MAX_TREE_DEPTH, Tree};
use super::notation;
use serde::{Deserialize, Serialize};

/// The version of the file format this build writes, and the newest it reads.
pub const TREE_FILE_VERSION: u32 = 1;

/// The studio's own tree file: the tree plus a title and notes, versioned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TreeFile {
    /// The format version the file was written in (at most [`TREE_FILE_VERSION`]).
    pub version: u32,
    /// A title for the tree, shown with it; may be empty.
    #[serde(default)]
    pub title: String,
    /// Free text about the tree (where it comes from, what it shows); may be empty.
    #[serde(default)]
    pub notes: String,
    /// The tree itself.
    pub tree: Tree,
}

impl TreeFile {
    /// A file of the current version holding `tree`, with no title or notes.
    pub fn new(tree: Tree) -> TreeFile {
        TreeFile { version: TREE_FILE_VERSION, title: String::new(), notes: String::new(), tree }
    }
}

/// Indentation stops this many RON levels down; deeper parts go on one line. Each tree level is three RON levels
/// (`Node(`, `Inner(`, `[`), so this keeps the top few tree levels readable without a deep tree's file growing
/// with the square of its depth.
const PRETTY_DEPTH: usize = 14;

/// The nesting RON must accept. RON counts about seven levels per tree level (struct, enum, variant, list, ...);
/// its default limit of 128 would refuse any tree deeper than about eighteen levels. Validation then refuses
/// trees deeper than [`MAX_TREE_DEPTH`].
const RECURSION_LIMIT: usize = 8 * MAX_TREE_DEPTH + 64;

fn ron_options() -> ron::Options {
    ron::Options::default().with_recursion_limit(RECURSION_LIMIT)
}

/// The stack for reading and writing RON: serde recurses several frames per tree level, which for the deepest
/// tree allowed (and for hostile input up to [`RECURSION_LIMIT`]) is far more than a thread's usual 2 MiB.
/// The memory is only reserved; pages are touched only as deep as a file actually goes.
const DEEP_STACK: usize = 256 << 20;

/// Runs `work` on a thread of its own with a [`DEEP_STACK`]-sized stack.
fn with_deep_stack<T: Send>(work: impl FnOnce() -> T + Send) -> Result<T, String> {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().name("tree-file".to_string()).stack_size(DEEP_STACK);
        let handle = thread.spawn_scoped(scope, work).map_err(|e| format!("could not start a thread: {e}"))?;
        Ok(handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// Writes a file as pretty RON with struct names, so the text begins with `TreeFile(` and
/// [`looks_like_tree_file`] recognizes it.
pub fn to_ron(file: &TreeFile) -> String {
    let config = ron::ser::PrettyConfig::new().struct_names(true).depth_limit(PRETTY_DEPTH);
    match with_deep_stack(|| ron_options().to_string_pretty(file, config)).and_then(|r| r.map_err(|e| e.to_string())) {
        Ok(text) => text,
        // Strings, numbers (±∞ and NaN included), options, enums and lists always have a RON form, and a valid
        // tree is within the recursion limit, so this is reached only for a tree that `validate` would refuse
        // or when no thread can be started. The comment makes reading the text back fail rather than load.
        Err(e) => format!("// this tree could not be written: {e}"),
    }
}

/// Reads a RON tree file. Errors give the line and column; a file from a newer version of the studio is refused
/// by name; the tree must pass [`Tree::validate`].
pub fn from_ron(text: &str) -> Result<TreeFile, String> {
    with_deep_stack(|| read_ron(text))?
}

fn read_ron(text: &str) -> Result<TreeFile, String> {
    // Look at the version alone first: a newer file may differ in shape, and "unknown field" would hide the
    // real reason it cannot be read.
    #[derive(Deserialize)]
    #[serde(rename = "TreeFile")]
    struct VersionOnly {
        version: u32,
    }
    if let Ok(VersionOnly { version }) = ron_options().from_str::<VersionOnly>(text)
        && version > TREE_FILE_VERSION
    {
        return Err(format!(
            "this tree file is from a newer version of Alpha-Beta Studio (file version {version}; \
             this build reads version {TREE_FILE_VERSION} and older)"
        ));
    }
    // One rule for numbers in both formats: RON would read `1e999` as infinity, the notation refuses `1e400`.
    if let Some((line, column, literal)) = overflowing_number(text) {
        return Err(format!(
            "line {line}, column {column}: '{literal}' is too large for a number; write inf for an infinite value"
        ));
    }
    let file: TreeFile = ron_options().from_str(text).map_err(|e| {
        // One line, in the same words as notation errors; RON's own advice on its recursion limit is for
        // programmers, not for the person opening the file.
        match e.code {
            ron::Error::ExceededRecursionLimit => {
                format!(
                    "line {}, column {}: the file is nested too deeply to be a tree",
                    e.position.line, e.position.col
                )
            }
            _ => crate::messages::ron_error(&e),
        }
    })?;
    file.tree.validate().map_err(|e| format!("the tree in the file is not valid: {}", e.message))?;
    Ok(file)
}

/// The first number written in RON `text` that is too large for a double (`1e999`), with its line and column
/// (1-based, in characters) — outside strings and comments, which may say anything.
fn overflowing_number(text: &str) -> Option<(usize, usize, String)> {
    let mut s = RonScanner { chars: text.chars().collect(), i: 0, line: 1, line_start: 0 };
    while s.i < s.chars.len() {
        let c = s.chars[s.i];
        let next = s.chars.get(s.i + 1).copied();
        if c == '\n' {
            s.newline();
            s.i += 1;
        } else if c == '/' && next == Some('/') {
            while s.i < s.chars.len() && s.chars[s.i] != '\n' {
                s.i += 1;
            }
        } else if c == '/' && next == Some('*') {
            s.block_comment();
        } else if c == '"' || (c == 'r' && matches!(next, Some('"' | '#'))) {
            s.string(c == 'r');
        } else if c.is_alphabetic() || c == '_' {
            while s.i < s.chars.len() && (s.chars[s.i].is_alphanumeric() || s.chars[s.i] == '_') {
                s.i += 1;
            }
        } else if c.is_ascii_digit() || (matches!(c, '+' | '-' | '.') && next.is_some_and(|n| n.is_ascii_digit())) {
            if let Some(found) = s.number() {
                return Some(found);
            }
        } else {
            s.i += 1;
        }
    }
    None
}

/// Where `overflowing_number` is in the text: the index, the line (1-based) and the index its line starts at.
struct RonScanner {
    chars: Vec<char>,
    i: usize,
    line: usize,
    line_start: usize,
}

impl RonScanner {
    /// Counts the newline at the current index.
    fn newline(&mut self) {
        self.line += 1;
        self.line_start = self.i + 1;
    }

    /// Skips a block comment from its opening `/*`. RON's block comments nest.
    fn block_comment(&mut self) {
        let chars = &self.chars;
        let mut depth = 0;
        while self.i < chars.len() {
            if chars[self.i] == '/' && chars.get(self.i + 1) == Some(&'*') {
                depth += 1;
                self.i += 2;
            } else if chars[self.i] == '*' && chars.get(self.i + 1) == Some(&'/') {
                depth -= 1;
                self.i += 2;
                if depth == 0 {
                    break;
                }
            } else {
                if chars[self.i] == '\n' {
                    self.line += 1;
                    self.line_start = self.i + 1;
                }
                self.i += 1;
            }
        }
    }

    /// Skips a string, plain (with escapes) or `raw` (`r#"…"#`, closed by a quote and as many hashes).
    fn string(&mut self, raw: bool) {
        let mut hashes = 0;
        if raw {
            self.i += 1;
            while self.chars.get(self.i) == Some(&'#') {
                hashes += 1;
                self.i += 1;
            }
        }
        self.i += 1;
        while self.i < self.chars.len() {
            match self.chars[self.i] {
                '\\' if !raw => self.i += 1,
                '\n' => self.newline(),
                '"' if (1..=hashes).all(|k| self.chars.get(self.i + k) == Some(&'#')) => {
                    self.i += hashes;
                    break;
                }
                _ => {}
            }
            self.i += 1;
        }
        self.i += 1;
    }

    /// Reads a number literal: it, with its line and column, if it overflows a double.
    fn number(&mut self) -> Option<(usize, usize, String)> {
        let chars = &self.chars;
        let start = self.i;
        let mut i = start + 1;
        while i < chars.len()
            && (chars[i].is_ascii_alphanumeric()
                || matches!(chars[i], '.' | '_')
                || (matches!(chars[i], '+' | '-') && matches!(chars[i - 1], 'e' | 'E')))
        {
            i += 1;
        }
        self.i = i;
        let literal: String = chars[start..i].iter().collect();
        let overflows = literal.replace('_', "").parse::<f64>().is_ok_and(|v| v.is_infinite());
        overflows.then(|| (self.line, start - self.line_start + 1, literal))
    }
}

/// True when the text is a RON tree file rather than notation: after leading whitespace and comments, it starts
/// with the identifier `TreeFile` followed (after optional whitespace) by '('.
///
/// Comments skipped are RON's `//` and `/* */` and also whole `#` lines, which covers RON's `#![enable(..)]`
/// attributes. None of this can misjudge notation: `TreeFile(` is never valid notation, since `TreeFile` is not a
/// kind keyword, while the label `TreeFile:(1 2)` is not followed by '(' and stays notation.
pub fn looks_like_tree_file(text: &str) -> bool {
    let mut rest = text.trim_start();
    loop {
        if rest.starts_with("//") || rest.starts_with('#') {
            rest = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if let Some(comment) = rest.strip_prefix("/*") {
            rest = comment.find("*/").map_or("", |i| &comment[i + 2..]);
        } else {
            break;
        }
        rest = rest.trim_start();
    }
    let Some(after) = rest.strip_prefix("TreeFile") else { return false };
    after.trim_start().starts_with('(')
}

/// Reads either format, telling them apart by content. Errors are one human-readable line.
pub fn parse_any(text: &str) -> Result<Tree, String> {
    // A byte-order mark, as some editors write at the start of a UTF-8 file, is not part of the tree.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if looks_like_tree_file(text) {
        from_ron(text).map(|file| file.tree)
    } else {
        notation::parse(text).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::model::{Body, Node, NodeKind};

    fn sample() -> TreeFile {
        let tree = notation::parse("A:max(chance(0.5: -inf 0.5: B:min(inf 2.5)) -3 chance(1 2))").expect("parses");
        TreeFile { title: "Coin \"flip\"".to_string(), notes: "line one\nline two".to_string(), ..TreeFile::new(tree) }
    }

    #[test]
    fn round_trip_keeps_everything_including_infinities() {
        let file = sample();
        let text = to_ron(&file);
        assert!(text.starts_with("TreeFile("), "{text}");
        assert!(text.contains("Leaf(-inf)") && text.contains("Leaf(inf)"), "{text}");
        assert_eq!(from_ron(&text), Ok(file.clone()));
        let chance = &file.tree.root.children()[0];
        assert_eq!(chance.marked_kind(), Some(NodeKind::Chance));
        assert_eq!(chance.children()[0].body, Body::Leaf(f64::NEG_INFINITY));
        assert_eq!(parse_any(&text), Ok(file.tree));
    }

    #[test]
    fn the_deepest_tree_allowed_round_trips() {
        let mut root = Node::leaf(1.0);
        for _ in 0..MAX_TREE_DEPTH {
            root = Node::inner(None, vec![root]);
        }
        let file = TreeFile::new(Tree::new(root));
        assert_eq!(from_ron(&to_ron(&file)), Ok(file));
        // Deeper than RON's limit: an error, not a crash.
        let hostile =
            format!("TreeFile(version: 1, tree: Tree(root: {}", "Node(body: Inner(children: [".repeat(100_000));
        let e = from_ron(&hostile).expect_err("too deep");
        assert!(e.contains("nested too deeply"), "{e}");
    }

    #[test]
    fn title_and_notes_may_be_left_out() {
        let text = "TreeFile(version: 1, tree: Tree(root: Node(body: Inner(children: [Node(body: Leaf(4.0))]))))";
        let file = from_ron(text).expect("reads");
        assert_eq!((file.title.as_str(), file.notes.as_str()), ("", ""));
        assert_eq!(file.tree, Tree::new(Node::inner(None, vec![Node::leaf(4.0)])));
    }

    #[test]
    fn bad_files_are_refused_with_one_line() {
        let text = to_ron(&sample());
        let truncated = &text[..text.len() / 2];
        let e = from_ron(truncated).expect_err("truncated");
        assert!(e.starts_with("line ") && !e.contains('\n'), "{e}");
        assert!(parse_any(truncated).is_err());

        let newer = text.replacen("version: 1", "version: 99", 1).replacen("notes:", "margin: 3, notes:", 1);
        let e = from_ron(&newer).expect_err("newer");
        assert!(e.contains("newer version") && e.contains("99"), "{e}");

        let empty = "TreeFile(version: 1, tree: Tree(root: Node(body: Inner(children: []))))";
        assert_eq!(
            from_ron(empty),
            Err("the tree in the file is not valid: the root has no children: an inner node needs at least one"
                .to_string())
        );
        let nan = "TreeFile(version: 1, tree: Tree(root: Node(body: Leaf(NaN))))";
        assert!(from_ron(nan).expect_err("NaN").contains("no numeric value"));
    }

    #[test]
    fn a_number_too_large_is_refused_in_both_formats() {
        let file = |leaf: &str| format!("TreeFile(version: 1, tree: Tree(root: Node(body: Leaf({leaf}))))");
        let e = from_ron(&file("1e999")).expect_err("too large");
        assert_eq!(e, "line 1, column 55: '1e999' is too large for a number; write inf for an infinite value");
        let e = notation::parse("(1 1e400)").expect_err("too large").to_string();
        assert!(e.contains("'1e400' is too large for a number; write inf"), "{e}");
        assert!(from_ron(&file("-1.5e999")).is_err());
        // Infinity written as such, large finite numbers, and big numbers inside strings or comments are fine.
        assert_eq!(from_ron(&file("inf")).map(|f| f.tree.root.body), Ok(Body::Leaf(f64::INFINITY)));
        assert_eq!(from_ron(&file("1e300")).map(|f| f.tree.root.body), Ok(Body::Leaf(1e300)));
        let commented = "/* 1e999 /* nested */ */ // 2e999\nTreeFile(version: 1, title: \"1e999\", notes: r#\"9e999\"#, \
                         tree: Tree(root: Node(body: Leaf(2))))";
        assert_eq!(from_ron(commented).map(|f| f.title), Ok("1e999".to_string()));
    }

    #[test]
    fn the_two_formats_are_told_apart() {
        assert!(looks_like_tree_file(&to_ron(&sample())));
        assert!(looks_like_tree_file(
            "  // saved by hand\n/* old */ #![enable(implicit_some)]\n TreeFile\n ( version: 1"
        ));
        for notation in
            ["TreeFile:(1 2)", "TreeFile : (1 2)", "TreeFiles(1)", "(1 2)", "# TreeFile(\n(1 2)", "", "Tree"]
        {
            assert!(!looks_like_tree_file(notation), "{notation}");
        }
        let labelled = parse_any("TreeFile:(1 2)").expect("notation with a label");
        assert_eq!(labelled.root.label.as_deref(), Some("TreeFile"));
        assert_eq!(
            parse_any("((3 12 8) (2 }"),
            Err("line 1, column 14: expected a value, '(' or ')', found '}'".into())
        );
    }
}
