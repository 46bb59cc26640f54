//! The text layer PGN (chess) and PDN (draughts) share: tag pairs `[Name "value"]`, then movetext — move numbers,
//! moves, `{ comments }`, `; comments`, `$n` annotations, `( variations )` and a result token. This module turns
//! text into tokens with their line numbers and back; what a move means is the game's business.
//!
//! Reading follows the PGN standard's import rules (Edwards, 1994): move numbers and variations are skipped,
//! annotations `!`/`?` stripped, comments kept with the move before them. Writing follows its export rules: the
//! tags one a line, a blank line, movetext wrapped before 80 columns.

use super::{RecordError, RecordResult};

/// One piece of a record, with the line it starts on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The line the token starts on, 1-based.
    pub line: usize,
    /// What the token is.
    pub kind: TokenKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// What a [`Token`] is.
pub enum TokenKind {
    /// `[Name "value"]`, the value unescaped.
    Tag(String, String),
    /// A move as written, move number and `!?` annotations removed.
    Move(String),
    /// The text of a `{ }` or `;` comment, trimmed.
    Comment(String),
    /// The game termination marker.
    Result(RecordResult),
}

/// The tokens of the first game in `text` (up to and including its result token, or the end of the text).
/// Fails on an unterminated tag, comment or variation, and on a character no record may hold.
pub fn tokenize(text: &str) -> Result<Vec<Token>, RecordError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let (mut at, mut line) = (0, 1);
    let mut depth = 0usize; // inside how many variations
    let mut variation_line = 0;
    let mut line_start = true;
    while at < chars.len() {
        let c = chars[at];
        if c == '\n' {
            line += 1;
            at += 1;
            line_start = true;
            continue;
        }
        if c.is_whitespace() {
            at += 1;
            continue;
        }
        let starts_line = std::mem::replace(&mut line_start, false);
        let start_line = line;
        if depth > 0 && !"(){;".contains(c) {
            at += 1; // inside a variation: only its brackets and comments matter
            continue;
        }
        match c {
            '%' if starts_line => {
                // An escape line: ignored to its end.
                while at < chars.len() && chars[at] != '\n' {
                    at += 1;
                }
            }
            ';' => {
                let begin = at + 1;
                while at < chars.len() && chars[at] != '\n' {
                    at += 1;
                }
                let comment: String = chars[begin..at].iter().collect();
                if depth == 0 {
                    tokens.push(Token { line: start_line, kind: TokenKind::Comment(comment.trim().to_string()) });
                }
            }
            '{' => {
                let begin = at + 1;
                at += 1;
                while at < chars.len() && chars[at] != '}' {
                    if chars[at] == '\n' {
                        line += 1;
                    }
                    at += 1;
                }
                if at >= chars.len() {
                    return Err(RecordError::new(start_line, "a comment '{' is never closed with '}'"));
                }
                let comment: String = chars[begin..at].iter().collect();
                at += 1;
                if depth == 0 {
                    tokens.push(Token { line: start_line, kind: TokenKind::Comment(comment.trim().to_string()) });
                }
            }
            '(' => {
                if depth == 0 {
                    variation_line = start_line;
                }
                depth += 1;
                at += 1;
            }
            ')' => {
                if depth == 0 {
                    return Err(RecordError::new(start_line, "')' closes a variation that was never opened"));
                }
                depth -= 1;
                at += 1;
            }
            '[' if depth == 0 => {
                let (tag, next) = read_tag(&chars, at, start_line)?;
                at = next;
                tokens.push(Token { line: start_line, kind: TokenKind::Tag(tag.0, tag.1) });
            }
            _ => {
                let begin = at;
                while at < chars.len() && !chars[at].is_whitespace() && !"{}()[];".contains(chars[at]) {
                    at += 1;
                }
                if at == begin {
                    return Err(RecordError::new(start_line, format!("unexpected '{c}'")));
                }
                let word: String = chars[begin..at].iter().collect();
                if let Some(result) = RecordResult::from_token(&word) {
                    tokens.push(Token { line: start_line, kind: TokenKind::Result(result) });
                    return Ok(tokens);
                }
                if word.starts_with('$') {
                    continue; // a numeric annotation glyph
                }
                let bare = strip_move_number(&word).trim_end_matches(['!', '?']);
                if !bare.is_empty() {
                    tokens.push(Token { line: start_line, kind: TokenKind::Move(bare.to_string()) });
                }
            }
        }
    }
    if depth > 0 {
        return Err(RecordError::new(variation_line, "a variation '(' is never closed with ')'"));
    }
    Ok(tokens)
}

/// `12.e4` → `e4`, `12...` → ``, `11-15` → `11-15` (a draughts move starts with digits but has no dot after them).
fn strip_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    if digits > 0 && rest.starts_with('.') { rest.trim_start_matches('.') } else { word }
}

/// The tag pair starting at `chars[at] == '['` (on one line): its name and value, and where reading goes on.
fn read_tag(chars: &[char], at: usize, line: usize) -> Result<((String, String), usize), RecordError> {
    let end = chars[at..].iter().position(|&c| c == ']' || c == '\n').map(|p| at + p);
    let bad = |why: &str| RecordError::new(line, why.to_string());
    let Some(end) = end.filter(|&e| chars[e] == ']') else {
        return Err(bad("a tag '[' is not closed with ']' on the same line"));
    };
    let inner: String = chars[at + 1..end].iter().collect();
    let inner = inner.trim();
    let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
    let (name, rest) = inner.split_at(name_end);
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad("a tag's name must be letters, digits or '_'"));
    }
    let rest = rest.trim();
    let Some(quoted) = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return Err(RecordError::new(line, format!("the tag {name}'s value must be in double quotes")));
    };
    let mut value = String::new();
    let mut escaped = false;
    for c in quoted.chars() {
        match (escaped, c) {
            (false, '\\') => escaped = true,
            (false, '"') => return Err(RecordError::new(line, format!("the tag {name}'s value holds a bare '\"'"))),
            (_, c) => {
                value.push(c);
                escaped = false;
            }
        }
    }
    Ok(((name.to_string(), value), end + 1))
}

/// A tag pair as the export format writes it: `[Name "value"]`, `"` and `\` escaped.
pub fn tag_line(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    format!("[{name} \"{escaped}\"]")
}

/// Movetext words joined by spaces, a line break before a line would reach 80 columns; a comment is written
/// `{ text }` (its braces removed from the text, which PGN cannot escape).
pub fn wrap(words: &[String]) -> String {
    const WIDTH: usize = 79;
    let mut out = String::new();
    let mut column = 0;
    for word in words {
        if column > 0 && column + 1 + word.chars().count() > WIDTH {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word.chars().count();
    }
    out.push('\n');
    out
}

/// A comment as one movetext word.
pub fn comment_word(text: &str) -> String {
    format!("{{ {} }}", text.replace(['{', '}'], "").replace(['\n', '\r'], " ").trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        tokenize(text).expect("tokenizes").into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn move_numbers_variations_and_annotations_are_skipped() {
        use TokenKind::*;
        assert_eq!(
            kinds("1.e4 e5!? 2. Nf3 $1 (2. f4 {gambit} exf4) 2... Nc6 {develops} ; rest of line\n 1-0 3. a3"),
            vec![
                Move("e4".into()),
                Move("e5".into()),
                Move("Nf3".into()),
                Move("Nc6".into()),
                Comment("develops".into()),
                Comment("rest of line".into()),
                Result(RecordResult::FirstWins),
            ]
        );
    }

    #[test]
    fn tags_are_unescaped_and_lines_counted() {
        let tokens = tokenize("[Event \"A \\\"quoted\\\" one\"]\n[Site \"x\\\\y\"]\n\n{two\nlines} 11-15 *").unwrap();
        assert_eq!(tokens[0].kind, TokenKind::Tag("Event".into(), "A \"quoted\" one".into()));
        assert_eq!(tokens[1].kind, TokenKind::Tag("Site".into(), "x\\y".into()));
        assert_eq!((tokens[2].line, tokens[3].line), (4, 5));
        assert_eq!(tokens[3].kind, TokenKind::Move("11-15".into()));
        assert_eq!(tag_line("Event", "A \"q\" \\"), "[Event \"A \\\"q\\\" \\\\\"]");
    }

    #[test]
    fn broken_text_names_its_line() {
        for (text, line, words) in [
            ("[Event \"x\"]\n1. e4 {never closed", 2, "never closed"),
            ("[Event x]", 1, "double quotes"),
            ("[Event \"x\"\n", 1, "not closed"),
            ("1. e4\n(1. d4", 2, "never closed"),
            ("1. e4 )", 1, "never opened"),
        ] {
            let error = tokenize(text).expect_err(text);
            assert_eq!(error.line, line, "{text}");
            assert!(error.reason.contains(words), "{text}: {error}");
        }
    }

    #[test]
    fn wrapping_keeps_lines_under_80_columns() {
        let words: Vec<String> = (0..60).map(|i| format!("{i}. Nf3")).collect();
        let text = wrap(&words);
        assert!(text.lines().all(|l| l.len() < 80));
        assert_eq!(text.split_whitespace().count(), 120);
    }
}
