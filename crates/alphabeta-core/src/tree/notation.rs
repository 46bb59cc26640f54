//! The one-line game-tree notation (the guide's `tree-notation.md` is the contract): a parser that reports every
//! mistake by line and column, and a printer whose output parses back to the same tree.
//!
//! The parser keeps its own stack of open nodes instead of recursing, so no input, however deep, can overflow
//! the thread's stack; depth beyond [`MAX_TREE_DEPTH`] is reported like any other error.

use super::model::{Body, MAX_TREE_DEPTH, MAX_TREE_NODES, Node, NodeKind, Tree, too_many_nodes};
use crate::engine::game::Value;
use std::collections::VecDeque;
use std::fmt::Write as _;

/// A syntax error at a place in the text (1-based line and column, columns counted in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the mistake, 1-based.
    pub line: usize,
    /// The column of the mistake, 1-based, in characters.
    pub column: usize,
    /// What is wrong there.
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
    let mut parser = Parser { lexer: Lexer::new(text), ahead: VecDeque::new(), starts: Vec::new() };
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

/// Splits the text into tokens on demand, ending with `End` (and `End` again if asked further). Lexing never
/// fails: a malformed number becomes a `BadNumber` token, reported only when the parser reaches it, so errors come
/// in reading order. On demand, so that the memory a parse takes follows the nodes it has read (held to
/// [`MAX_TREE_NODES`]) and not the length of the text: 64 MiB of '(' once made 67 million tokens up front.
struct Lexer<'a> {
    text: &'a str,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    pos: Pos,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer { text, chars: text.char_indices().peekable(), pos: Pos { line: 1, column: 1 } }
    }

    /// Moves past one character, keeping the line and column up to date.
    fn bump(&mut self) {
        if let Some((_, c)) = self.chars.next() {
            if c == '\n' {
                self.pos = Pos { line: self.pos.line + 1, column: 1 };
            } else {
                self.pos.column += 1;
            }
        }
    }

    fn take_while(&mut self, keep: fn(char) -> bool) {
        while self.chars.peek().is_some_and(|&(_, c)| keep(c)) {
            self.bump();
        }
    }

    fn offset(&mut self) -> usize {
        self.chars.peek().map_or(self.text.len(), |&(i, _)| i)
    }

    fn next_token(&mut self) -> Token<'a> {
        loop {
            let Some(&(start, c)) = self.chars.peek() else {
                return Token { tok: Tok::End, text: "", pos: self.pos };
            };
            let token_pos = self.pos;
            self.bump();
            let tok = match c {
                '#' => {
                    self.take_while(|c| c != '\n');
                    continue;
                }
                c if c.is_whitespace() => continue,
                '(' => Tok::Open,
                ')' => Tok::Close,
                ':' => Tok::Colon,
                ',' => Tok::Comma,
                c if is_label_start(c) => {
                    self.take_while(is_label_char);
                    // A chess move's check or mate belongs to the label when the label's ':' follows on the same
                    // line (`Nxd4+:`, `Qh7# :`); anywhere else '#' still starts a comment.
                    let mut ahead = self.chars.clone();
                    if let Some((_, '+' | '#')) = ahead.next()
                        && ahead.find(|&(_, c)| c != ' ' && c != '\t').is_some_and(|(_, c)| c == ':')
                    {
                        self.bump();
                    }
                    Tok::Word
                }
                c if c.is_ascii_digit() || matches!(c, '+' | '-' | '.') => {
                    // Take the whole run that could belong to a number, so that `1e5x` or `--3` is one bad token
                    // rather than a number followed by a surprise.
                    self.take_while(|c| is_label_char(c) || matches!(c, '.' | '+' | '-'));
                    let end = self.offset();
                    match number(&self.text[start..end]) {
                        Ok(value) => Tok::Number(value),
                        Err(message) => Tok::BadNumber(message),
                    }
                }
                _ => Tok::Other,
            };
            let end = self.offset();
            return Token { tok, text: &self.text[start..end], pos: token_pos };
        }
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
    lexer: Lexer<'a>,
    /// The tokens read but not yet consumed (two at most: the parser looks one token past the next).
    ahead: VecDeque<Token<'a>>,
    /// Where each node starts, in pre-order (the order nodes begin in the text): validation errors name a node
    /// by its path, and this turns the path back into a place.
    starts: Vec<Pos>,
}

impl<'a> Parser<'a> {
    fn peek(&mut self, ahead: usize) -> &Token<'a> {
        while self.ahead.len() <= ahead {
            let token = self.lexer.next_token();
            self.ahead.push_back(token);
        }
        &self.ahead[ahead]
    }

    fn advance(&mut self) -> Token<'a> {
        self.peek(0);
        // `peek` filled the slot; the lexer answers `End` for ever once the text is read.
        self.ahead.pop_front().unwrap_or_else(|| self.lexer.next_token())
    }

    fn colon_follows(&mut self) -> bool {
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
            self.advance();
            self.advance();
            expected = "a value or '('";
        }
        let start = self.peek(0).pos;
        if stack.len() > MAX_TREE_DEPTH {
            return Err(start.error(format!("the tree is deeper than {MAX_TREE_DEPTH} levels")));
        }
        // Checked before the node is made, so a tree too large is refused having taken no more than the cap's
        // memory (about 200 bytes a node while parsing and compiling).
        if self.starts.len() >= MAX_TREE_NODES {
            return Err(start.error(too_many_nodes()));
        }
        self.starts.push(start);
        let mut label = None;
        if self.peek(0).tok == Tok::Word && self.colon_follows() {
            label = Some(self.peek(0).text.to_string());
            self.advance();
            self.advance();
            expected = "a value or '('";
        }
        let token = self.advance();
        let colon_next = self.peek(0).tok == Tok::Colon;
        let leaf = |value| Ok(Head::Leaf(Node { label: label.clone(), probability, body: Body::Leaf(value) }));
        let open =
            |kind, paren| Ok(Head::Open(Open { label: label.clone(), probability, kind, paren, children: vec![] }));
        match token.tok {
            Tok::Number(_) if colon_next => Err(token.pos.error(if !in_chance {
                outside_chance
            } else if label.is_some() {
                "a probability must come before the label"
            } else {
                "a child has one probability at most"
            })),
            Tok::Number(value) => leaf(value),
            Tok::Open => open(None, token.pos),
            Tok::BadNumber(message) => Err(token.pos.error(message)),
            Tok::Word if colon_next => {
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
