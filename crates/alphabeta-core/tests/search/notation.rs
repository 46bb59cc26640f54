//! The tree notation (docs/tree-notation.md) through its public interface: the contract's examples,
//! errors at their exact line and column, depth limits, and print-then-parse round trips on random trees.

use alphabeta_core::tree::lab::examples::TEXTBOOK;
use alphabeta_core::tree::model::*;
use alphabeta_core::tree::notation::*;
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
        const LABELS: [&str; 12] =
            ["A", "b2", "_", "x'", "inf", "max", "chance", "Zürich", "node_7''", "Nxd4+", "Qh7#", "e8_Q+"];
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
fn chess_labels_keep_their_check_and_mate_signs() {
    // A check or mate sign belongs to the label when its ':' follows at once.
    let tree = parse("(Nxd4+:(Qh7#: 9 Kf1: -1) e8_Q+: 3 O_O#:max(2))").expect("parses");
    let labels: Vec<_> = tree.root.children().iter().map(|c| c.label.as_deref()).collect();
    assert_eq!(labels, [Some("Nxd4+"), Some("e8_Q+"), Some("O_O#")]);
    assert_eq!(tree.root.children()[0].children()[0].label.as_deref(), Some("Qh7#"));
    assert_eq!(print(&tree), "(Nxd4+:(Qh7#:9 Kf1:-1) e8_Q+:3 O_O#:max(2))");
    assert_eq!(parse(&print(&tree)), Ok(tree));
    // Anywhere else '#' still starts a comment, so texts written before keep their meaning.
    let commented = parse("(A:3 B:4 # a comment\n C:5)").expect("parses");
    assert_eq!(commented.root.children().len(), 3);
    assert_eq!(parse("(x:1)#:2\n").expect("parses").root.children().len(), 1);
    // One sign at most, at the end only.
    assert!(!is_valid_label("Nxd4++") && !is_valid_label("N+xd4") && !is_valid_label("+") && is_valid_label("Kf1#"));
    assert!(parse("(Nxd4++: 1)").is_err());
    assert_eq!(parse("(e8_Q+ \t: 1)").map(|t| t.root.children()[0].label.clone()), Ok(Some("e8_Q+".into())));
    assert!(parse("(e8_Q+\n: 1)").is_err(), "the ':' must follow on the same line");
    assert!(parse("(e8_Q +: 1)").is_err(), "the sign sticks to the label");
    let mut bad = parse("(a:1)").expect("parses");
    bad.root.children_mut()[0].label = Some("N+x".into());
    assert!(bad.validate().unwrap_err().message.contains("at most one '+' or '#'"));
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
        let text = print(&tree);
        if let Err(error) = tree.validate() {
            // The generator's one invalid shape: a chance node with both infinities below it has no expectation,
            // and its printed text is refused when read back.
            assert!(error.message.contains("both inf and -inf"), "tree {i}: {error:?}");
            assert!(parse(&text).is_err(), "tree {i}: {text}");
            continue;
        }
        assert_eq!(parse(&text).as_ref(), Ok(&tree), "tree {i}: {text}");
        // Blanks and comments between tokens, and commas between children, change nothing.
        let spaced = text.replace(": ", ":\t").replace(' ', " ,\n# note\n ").replace('(', "( ").replace(':', " : ");
        assert_eq!(parse(&spaced).as_ref(), Ok(&tree), "tree {i}: {spaced}");
    }
}
