//! The one-line game-tree notation (the guide's `tree-notation.md` is the contract): a parser that reports every
//! mistake by line and column, and a printer whose output parses back to the same tree.
//!
//! The parser keeps its own stack of open nodes instead of recursing, so no input, however deep, can overflow
//! the thread's stack; depth beyond [`MAX_TREE_DEPTH`] is reported like any other error.

use super::model::{Body, MAX_TREE_DEPTH, Node, NodeKind, Tree};
use crate::engine::game::Value;
use std::fmt::Write as _;

/// A syntax error at a place in the text (1-based line and column, columns counted in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses one tree, then checks it with [`Tree::validate`]. A problem found there is reported at the start of
/// the offending node. Nothing but blanks and comments may follow the tree.
pub fn parse(text: &str) -> Result<Tree, ParseError> {
    let mut parser = Parser { tokens: tokenize(text), next: 0, starts: Vec::new() };
    let root = parser.tree()?;
    let end = parser.peek(0);
    if end.tok != Tok::End {
        return Err(end.pos.error(format!("expected end of input, found {}", end.describe())));
    }
    let tree = Tree::new(root);
    tree.validate().map_err(|e| {
        let pos = preorder_index(&tree.root, &e.path).and_then(|i| parser.starts.get(i).copied());
        pos.unwrap_or(Pos { line: 1, column: 1 }).error(e.message)
    })?;
    Ok(tree)
}

/// Prints a tree on one line in canonical form: children separated by single spaces, kinds and probabilities
/// only where written, values in their shortest round-trip form. `parse(&print(t))` gives back every valid `t`.
pub fn print(tree: &Tree) -> String {
    // An explicit stack, like the parser's, so that printing cannot overflow on a deep tree either.
    enum Step<'t> {
        Node { node: &'t Node, space: bool },
        Close,
    }
    let mut out = String::new();
    let mut steps = vec![Step::Node { node: &tree.root, space: false }];
    while let Some(step) = steps.pop() {
        let Step::Node { node, space } = step else {
            out.push(')');
            continue;
        };
        if space {
            out.push(' ');
        }
        if let Some(p) = node.probability {
            write_number(&mut out, p);
            out.push_str(": ");
        }
        if let Some(label) = &node.label {
            out.push_str(label);
            out.push(':');
        }
        match &node.body {
            Body::Leaf(value) => write_number(&mut out, *value),
            Body::Inner { kind, children } => {
                if let Some(kind) = kind {
                    out.push_str(kind.keyword());
                }
                out.push('(');
                steps.push(Step::Close);
                steps.extend(children.iter().enumerate().rev().map(|(i, node)| Step::Node { node, space: i > 0 }));
            }
        }
    }
    out
}

/// Writes a value so that it reads back exactly: Rust's shortest round-trip digits, switching to an exponent for
/// very large or small magnitudes so that `1e300` does not become three hundred digits.
fn write_number(out: &mut String, value: Value) {
    let magnitude = value.abs();
    // Writing to a String cannot fail.
    let _ = if magnitude.is_finite() && magnitude != 0.0 && !(1e-5..1e16).contains(&magnitude) {
        write!(out, "{value:e}")
    } else {
        write!(out, "{value}")
    };
}

/// A place in the text: 1-based line and column, columns counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    line: usize,
    column: usize,
}

impl Pos {
    fn error(self, message: impl Into<String>) -> ParseError {
        ParseError { line: self.line, column: self.column, message: message.into() }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    Colon,
    Comma,
    Number(Value),
    /// An identifier: a label, a kind keyword or `inf`, depending on what follows.
    Word,
    /// Something that starts like a number but is not one; the message says why.
    BadNumber(String),
    /// Any other character.
    Other,
    End,
}

#[derive(Clone, Debug)]
struct Token<'a> {
    tok: Tok,
    text: &'a str,
    pos: Pos,
}

impl Token<'_> {
    /// How an error message names this token.
    fn describe(&self) -> String {
        if self.tok == Tok::End { "end of input".to_string() } else { format!("'{}'", self.text) }
    }
}

fn is_label_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_label_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '\''
}

/// Splits the text into tokens, the last always `End`. Lexing never fails: a malformed number becomes a
/// `BadNumber` token, reported only when the parser reaches it, so errors come in reading order.
fn tokenize(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut pos = Pos { line: 1, column: 1 };
    // Moves past one character, keeping the line and column up to date.
    let advance = |pos: &mut Pos, c: char| {
        if c == '\n' {
            *pos = Pos { line: pos.line + 1, column: 1 };
        } else {
            pos.column += 1;
        }
    };
    loop {
        let Some(&(start, c)) = chars.peek() else {
            tokens.push(Token { tok: Tok::End, text: "", pos });
            return tokens;
        };
        let token_pos = pos;
        chars.next();
        advance(&mut pos, c);
        let mut take_while = |keep: fn(char) -> bool, pos: &mut Pos| {
            while let Some(&(_, c)) = chars.peek().filter(|&&(_, c)| keep(c)) {
                chars.next();
                advance(pos, c);
            }
        };
        let tok = match c {
            '#' => {
                take_while(|c| c != '\n', &mut pos);
                continue;
            }
            c if c.is_whitespace() => continue,
            '(' => Tok::Open,
            ')' => Tok::Close,
            ':' => Tok::Colon,
            ',' => Tok::Comma,
            c if is_label_start(c) => {
                take_while(is_label_char, &mut pos);
                Tok::Word
            }
            c if c.is_ascii_digit() || matches!(c, '+' | '-' | '.') => {
                // Take the whole run that could belong to a number, so that `1e5x` or `--3` is one bad token
                // rather than a number followed by a surprise.
                take_while(|c| is_label_char(c) || matches!(c, '.' | '+' | '-'), &mut pos);
                let end = chars.peek().map_or(text.len(), |&(i, _)| i);
                match number(&text[start..end]) {
                    Ok(value) => Tok::Number(value),
                    Err(message) => Tok::BadNumber(message),
                }
            }
            _ => Tok::Other,
        };
        let end = chars.peek().map_or(text.len(), |&(i, _)| i);
        tokens.push(Token { tok, text: &text[start..end], pos: token_pos });
    }
}

/// Reads a number token: optional sign, digits with an optional fraction and exponent, or `±inf`. Checked by
/// hand because `f64::from_str` also accepts `nan`, `infinity` and the like, which the notation does not.
fn number(text: &str) -> Result<Value, String> {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    if unsigned == "inf" {
        return Ok(if text.starts_with('-') { Value::NEG_INFINITY } else { Value::INFINITY });
    }
    let bytes = unsigned.as_bytes();
    let digits_from = |i: usize| bytes[i.min(bytes.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
    let whole = digits_from(0);
    let mut i = whole;
    let mut fraction = 0;
    if bytes.get(i) == Some(&b'.') {
        fraction = digits_from(i + 1);
        i += 1 + fraction;
    }
    let not_a_number = || format!("'{text}' is not a number");
    if whole + fraction == 0 {
        return Err(not_a_number());
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exponent = digits_from(i);
        if exponent == 0 {
            return Err(format!("'{text}' is not a number: its exponent has no digits"));
        }
        i += exponent;
    }
    if i != bytes.len() {
        return Err(not_a_number());
    }
    match text.parse::<Value>() {
        Ok(value) if value.is_finite() => Ok(value),
        Ok(_) => Err(format!("'{text}' is too large for a number; write inf for an infinite value")),
        Err(_) => Err(not_a_number()),
    }
}

/// An inner node whose ')' has not been read yet.
struct Open {
    label: Option<String>,
    probability: Option<Value>,
    kind: Option<NodeKind>,
    paren: Pos,
    children: Vec<Node>,
}

/// What the start of a node turned out to be.
enum Head {
    Leaf(Node),
    Open(Open),
}

struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    /// Where each node starts, in pre-order (the order nodes begin in the text): validation errors name a node
    /// by its path, and this turns the path back into a place.
    starts: Vec<Pos>,
}

impl<'a> Parser<'a> {
    fn peek(&self, ahead: usize) -> &Token<'a> {
        let last = self.tokens.len() - 1; // never empty: `tokenize` always ends with `End`
        &self.tokens[(self.next + ahead).min(last)]
    }

    fn advance(&mut self) -> Token<'a> {
        let token = self.peek(0).clone();
        self.next = (self.next + 1).min(self.tokens.len() - 1);
        token
    }

    fn colon_follows(&self) -> bool {
        self.peek(1).tok == Tok::Colon
    }

    /// Reads the root node and everything inside it.
    fn tree(&mut self) -> Result<Node, ParseError> {
        let mut stack: Vec<Open> = Vec::new();
        loop {
            if let Some(open) = stack.last() {
                while self.peek(0).tok == Tok::Comma {
                    self.advance();
                }
                let token = self.peek(0);
                if token.tok == Tok::End {
                    return Err(token.pos.error(format!(
                        "expected a value, '(' or ')', found end of input: the '(' at line {}, column {} is not closed",
                        open.paren.line, open.paren.column
                    )));
                }
                if token.tok == Tok::Close {
                    self.advance();
                    let Some(open) = stack.pop() else { continue };
                    let body = Body::Inner { kind: open.kind, children: open.children };
                    let node = Node { label: open.label, probability: open.probability, body };
                    match stack.last_mut() {
                        Some(parent) => parent.children.push(node),
                        None => return Ok(node),
                    }
                    continue;
                }
            }
            match self.head(&stack)? {
                Head::Open(open) => stack.push(open),
                Head::Leaf(node) => match stack.last_mut() {
                    Some(parent) => parent.children.push(node),
                    None => return Ok(node),
                },
            }
        }
    }

    /// Reads a child's probability and label, then its value or its kind and '('.
    fn head(&mut self, stack: &[Open]) -> Result<Head, ParseError> {
        let in_chance = stack.last().is_some_and(|open| open.kind == Some(NodeKind::Chance));
        let mut expected = if stack.is_empty() { "a value or '('" } else { "a value, '(' or ')'" };
        let outside_chance = "a probability is only allowed on a child of a chance node";
        let mut probability = None;
        if let Tok::Number(p) = self.peek(0).tok
            && self.colon_follows()
        {
            if !in_chance {
                return Err(self.peek(0).pos.error(outside_chance));
            }
            probability = Some(p);
            self.next += 2;
            expected = "a value or '('";
        }
        let start = self.peek(0).pos;
        if stack.len() > MAX_TREE_DEPTH {
            return Err(start.error(format!("the tree is deeper than {MAX_TREE_DEPTH} levels")));
        }
        self.starts.push(start);
        let mut label = None;
        if self.peek(0).tok == Tok::Word && self.colon_follows() {
            label = Some(self.peek(0).text.to_string());
            self.next += 2;
            expected = "a value or '('";
        }
        let token = self.advance();
        let leaf = |value| Ok(Head::Leaf(Node { label: label.clone(), probability, body: Body::Leaf(value) }));
        let open =
            |kind, paren| Ok(Head::Open(Open { label: label.clone(), probability, kind, paren, children: vec![] }));
        match token.tok {
            Tok::Number(_) if self.peek(0).tok == Tok::Colon => Err(token.pos.error(if !in_chance {
                outside_chance
            } else if label.is_some() {
                "a probability must come before the label"
            } else {
                "a child has one probability at most"
            })),
            Tok::Number(value) => leaf(value),
            Tok::Open => open(None, token.pos),
            Tok::BadNumber(message) => Err(token.pos.error(message)),
            Tok::Word if self.peek(0).tok == Tok::Colon => {
                Err(token.pos.error(format!("a node has one label at most, found a second, '{}'", token.text)))
            }
            Tok::Word if token.text == "inf" => leaf(Value::INFINITY),
            Tok::Word => {
                let kind = match token.text {
                    "max" => NodeKind::Max,
                    "min" => NodeKind::Min,
                    "chance" => NodeKind::Chance,
                    _ => return Err(token.pos.error(format!("expected {expected}, found {}", token.describe()))),
                };
                let paren = self.advance();
                if paren.tok != Tok::Open {
                    let message = format!("expected '(' after '{}', found {}", token.text, paren.describe());
                    return Err(paren.pos.error(message));
                }
                open(Some(kind), paren.pos)
            }
            _ => Err(token.pos.error(format!("expected {expected}, found {}", token.describe()))),
        }
    }
}

/// The position in pre-order of the node at `path` (child indices joined by dots), if there is one.
fn preorder_index(root: &Node, path: &str) -> Option<usize> {
    let mut node = root;
    let mut index = 0;
    for step in path.split('.').filter(|s| !s.is_empty()) {
        let i: usize = step.parse().ok()?;
        let children = node.children();
        index += 1 + children.get(..i)?.iter().map(Node::node_count).sum::<usize>();
        node = children.get(i)?;
    }
    Some(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";
    const MEMO: &str = "A:(B:(E:(8 7 3) F:(9 1 2) G:(4 2 1)) C:(H:(5 3 2) I:(1 9 2) J:(6 2 1)) \
                        D:(K:(5 4 3) L:(1 1 1) M:(2 2 2)))";
    const CHANCE: &str = "max( chance(0.5: min(2 4) 0.5: min(7 1))  chance(0.9: min(3 3) 0.1: min(0 9)) )";

    fn leaves(values: &[f64]) -> Node {
        Node::inner(None, values.iter().map(|&v| Node::leaf(v)).collect())
    }

    fn error(text: &str) -> ParseError {
        match parse(text) {
            Ok(tree) => panic!("{text:?} parsed as {tree:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn textbook_tree() {
        let tree = parse(TEXTBOOK).expect("parses");
        let expected = Node::inner(None, vec![leaves(&[3., 12., 8.]), leaves(&[2., 4., 6.]), leaves(&[14., 5., 2.])]);
        assert_eq!(tree, Tree::new(expected));
        assert_eq!(print(&tree), TEXTBOOK);
    }

    #[test]
    fn memo_tree() {
        let tree = parse(MEMO).expect("parses");
        assert_eq!((tree.root.node_count(), tree.root.leaf_count()), (40, 27));
        let mut labels = Vec::new();
        let mut stack = vec![&tree.root];
        while let Some(node) = stack.pop() {
            labels.extend(node.label.clone());
            stack.extend(node.children());
        }
        labels.sort();
        assert_eq!(labels.concat(), "ABCDEFGHIJKLM");
        assert_eq!(tree.node_at(&[1, 2]).and_then(|n| n.label.as_deref()), Some("J"));
        assert_eq!(tree.node_at(&[2, 0, 1]).map(|n| &n.body), Some(&Body::Leaf(4.0)));
        assert_eq!(print(&tree), MEMO);
    }

    #[test]
    fn chance_tree() {
        let tree = parse(CHANCE).expect("parses");
        assert_eq!(tree.root.marked_kind(), Some(NodeKind::Max));
        let probabilities = |i: usize| {
            let node = &tree.root.children()[i];
            assert_eq!(node.marked_kind(), Some(NodeKind::Chance));
            assert!(node.children().iter().all(|c| c.marked_kind() == Some(NodeKind::Min)));
            node.children().iter().map(|c| c.probability).collect::<Vec<_>>()
        };
        assert_eq!(probabilities(0), [Some(0.5), Some(0.5)]);
        assert_eq!(probabilities(1), [Some(0.9), Some(0.1)]);
        assert_eq!(print(&tree), "max(chance(0.5: min(2 4) 0.5: min(7 1)) chance(0.9: min(3 3) 0.1: min(0 9)))");
    }

    #[test]
    fn values_labels_and_separators() {
        let tree = parse("(3, -7 ,2.5,, +1e3 .5 5. inf +inf -inf -0 1E-2)").expect("parses");
        let values: Vec<_> = tree.root.children().iter().map(|c| c.body.clone()).collect();
        let expected = [3., -7., 2.5, 1e3, 0.5, 5., f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, 0., 0.01];
        assert_eq!(values, expected.map(Body::Leaf));
        // Labels: `inf:` and `max:` are labels, `_x'1` is one, and blanks may surround the colon.
        let tree = parse("inf : max(max: 1 _x'1 :\n inf Ä9:min(2))").expect("parses");
        assert_eq!(tree.root.label.as_deref(), Some("inf"));
        assert_eq!(tree.root.marked_kind(), Some(NodeKind::Max));
        let labels: Vec<_> = tree.root.children().iter().map(|c| c.label.as_deref()).collect();
        assert_eq!(labels, [Some("max"), Some("_x'1"), Some("Ä9")]);
        assert_eq!(tree.root.children()[1].body, Body::Leaf(f64::INFINITY));
        assert_eq!(print(&tree), "inf:max(max:1 _x'1:inf Ä9:min(2))");
        // Unwritten probabilities and kinds stay unwritten.
        let tree = parse("chance(1 2)").expect("parses");
        assert!(tree.root.children().iter().all(|c| c.probability.is_none()));
        assert_eq!(parse("  # just a comment\n 7 # seven\n").expect("parses"), Tree::new(Node::leaf(7.0)));
        // Shortest round-trip digits, with an exponent only for extreme magnitudes.
        let tree = parse("(1e300 1.5e-7 1000 2.5 -0 0.001 +inf)").expect("parses");
        assert_eq!(print(&tree), "(1e300 1.5e-7 1000 2.5 -0 0.001 inf)");
    }

    #[test]
    fn errors_name_the_place_and_what_was_expected() {
        let cases: &[(&str, usize, usize, &str)] = &[
            ("((3 12 8) (2 }", 1, 14, "expected a value, '(' or ')', found '}'"),
            ("((1 2) (3 4)", 1, 13, "expected a value, '(' or ')', found end of input: the '(' at line 1, column 1"),
            ("", 1, 1, "expected a value or '(', found end of input"),
            ("A:", 1, 3, "expected a value or '(', found end of input"),
            ("max(0.5: 1 0.5: 2)", 1, 5, "a probability is only allowed on a child of a chance node"),
            ("0.5: 1", 1, 1, "a probability is only allowed on a child of a chance node"),
            ("chance(A: 0.5: 1 0.5: 2)", 1, 11, "a probability must come before the label"),
            ("(1e 2)", 1, 2, "'1e' is not a number: its exponent has no digits"),
            ("(1 --3)", 1, 4, "'--3' is not a number"),
            ("(1 3x)", 1, 4, "'3x' is not a number"),
            ("(1e999)", 1, 2, "'1e999' is too large"),
            ("nan", 1, 1, "expected a value or '(', found 'nan'"),
            ("(1 -nan)", 1, 4, "'-nan' is not a number"),
            ("(1 infinity)", 1, 4, "expected a value, '(' or ')', found 'infinity'"),
            ("(1 2) 3", 1, 7, "expected end of input, found '3'"),
            ("(1 2))", 1, 6, "expected end of input, found ')'"),
            ("max 1", 1, 5, "expected '(' after 'max', found '1'"),
            ("A:B:1", 1, 3, "a node has one label at most, found a second, 'B'"),
            ("# the tree\n(1 2  # first\n  (3 }) )", 3, 6, "expected a value, '(' or ')', found '}'"),
            ("(1\r\n\t ())", 2, 3, "node 1 has no children"),
            ("(1 X:())", 1, 4, "node X has no children"),
            ("C:chance(0.4: 1 0.5: 2)", 1, 1, "chance node C: probabilities add up to 0.9, not 1"),
            ("max(1 (2 chance(0.4: 1 0.5: 2)))", 1, 10, "chance node 1.1: probabilities add up to 0.9"),
            ("chance(-0.5: 1 1.5: 2)", 1, 1, "probability -0.5 is not positive"),
            ("(0 chance(0.5: 1 2))", 1, 4, "probabilities are written on 1 of its 2 children"),
        ];
        for &(text, line, column, message) in cases {
            let e = error(text);
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
        assert_eq!(error("((3 12 8) (2 }").to_string(), "line 1, column 14: expected a value, '(' or ')', found '}'");
    }

    #[test]
    fn depth_is_limited_without_overflowing_the_stack() {
        let nested = |levels: usize| format!("{}1{}", "(".repeat(levels), ")".repeat(levels));
        // The leaf under MAX_TREE_DEPTH inner nodes is at depth MAX_TREE_DEPTH: the deepest allowed.
        let deepest = parse(&nested(MAX_TREE_DEPTH)).expect("the deepest tree allowed parses");
        assert_eq!(parse(&print(&deepest)), Ok(deepest));
        for levels in [MAX_TREE_DEPTH + 1, MAX_TREE_DEPTH + 5, 1_000_000] {
            let e = error(&nested(levels));
            assert_eq!((e.line, e.column), (1, MAX_TREE_DEPTH + 2), "{e}");
            assert!(e.message.contains("deeper than"), "{e}");
        }
    }

    /// splitmix64: a tiny seeded generator, so the random trees are the same on every run.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        fn value(&mut self) -> f64 {
            match self.below(8) {
                0 => f64::INFINITY,
                1 => f64::NEG_INFINITY,
                2 => self.below(9) as f64 / 4.0 - 1.0,
                // Any finite double, subnormals and huge magnitudes included.
                3 => Some(f64::from_bits(self.next())).filter(|v| v.is_finite()).unwrap_or(1.5e-300),
                _ => self.below(41) as f64 - 20.0,
            }
        }

        fn label(&mut self) -> Option<String> {
            const LABELS: [&str; 9] = ["A", "b2", "_", "x'", "inf", "max", "chance", "Zürich", "node_7''"];
            (self.below(3) == 0).then(|| LABELS[self.below(LABELS.len() as u64) as usize].to_string())
        }

        fn node(&mut self, depth: usize) -> Node {
            let label = self.label();
            if depth == 0 || self.below(3) == 0 {
                return Node { label, probability: None, body: Body::Leaf(self.value()) };
            }
            let kind =
                [None, None, Some(NodeKind::Max), Some(NodeKind::Min), Some(NodeKind::Chance)][self.below(5) as usize];
            let mut children: Vec<Node> = (0..1 + self.below(4)).map(|_| self.node(depth - 1)).collect();
            if kind == Some(NodeKind::Chance) && self.below(2) == 0 {
                let weights: Vec<f64> = children.iter().map(|_| 1.0 + self.below(100) as f64).collect();
                let total: f64 = weights.iter().sum();
                for (child, weight) in children.iter_mut().zip(weights) {
                    child.probability = Some(weight / total);
                }
            }
            Node { label, probability: None, body: Body::Inner { kind, children } }
        }
    }

    #[test]
    fn print_then_parse_gives_the_same_tree() {
        for text in [TEXTBOOK, MEMO, CHANCE, "7", "A:-inf", "chance(0.25: 1 0.75: x:max(1e-7 -0))"] {
            let tree = parse(text).expect("parses");
            assert_eq!(parse(&print(&tree)), Ok(tree), "{text}");
        }
        let mut rng = Rng(2024);
        for i in 0..2_000 {
            let tree = Tree::new(rng.node(1 + i % 6));
            assert_eq!(tree.validate(), Ok(()), "the generator makes valid trees");
            let text = print(&tree);
            assert_eq!(parse(&text).as_ref(), Ok(&tree), "tree {i}: {text}");
            // Blanks and comments between tokens, and commas between children, change nothing.
            let spaced = text.replace(": ", ":\t").replace(' ', " ,\n# note\n ").replace('(', "( ").replace(':', " : ");
            assert_eq!(parse(&spaced).as_ref(), Ok(&tree), "tree {i}: {spaced}");
        }
    }
}
