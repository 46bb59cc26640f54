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
    let mut lexer =
        Lexer { chars: text.chars().collect(), at: 0, line: 1, depth: 0, variation_line: 0, tokens: Vec::new() };
    let mut line_start = true;
    while lexer.at < lexer.chars.len() {
        let c = lexer.chars[lexer.at];
        if c == '\n' {
            lexer.line += 1;
            lexer.at += 1;
            line_start = true;
            continue;
        }
        if c.is_whitespace() {
            lexer.at += 1;
            continue;
        }
        let starts_line = std::mem::replace(&mut line_start, false);
        let start_line = lexer.line;
        if lexer.depth > 0 && !"(){;".contains(c) {
            lexer.at += 1; // inside a variation: only its brackets and comments matter
            continue;
        }
        match c {
            // An escape line: ignored to its end.
            '%' if starts_line => lexer.skip_to_line_end(),
            ';' => lexer.line_comment(start_line),
            '{' => lexer.brace_comment(start_line)?,
            '(' | ')' => lexer.bracket(c, start_line)?,
            '[' if lexer.depth == 0 => {
                let (tag, next) = read_tag(&lexer.chars, lexer.at, start_line)?;
                lexer.at = next;
                lexer.tokens.push(Token { line: start_line, kind: TokenKind::Tag(tag.0, tag.1) });
            }
            _ => {
                if lexer.word(c, start_line)? {
                    return Ok(lexer.tokens);
                }
            }
        }
    }
    if lexer.depth > 0 {
        return Err(RecordError::new(lexer.variation_line, "a variation '(' is never closed with ')'"));
    }
    Ok(lexer.tokens)
}

/// Where `tokenize` is in the text, and the tokens it has read so far.
struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    /// Inside how many variations.
    depth: usize,
    /// The line the outermost open variation starts on.
    variation_line: usize,
    tokens: Vec<Token>,
}

impl Lexer {
    /// Moves to the end of the line (onto its newline, if any).
    fn skip_to_line_end(&mut self) {
        while self.at < self.chars.len() && self.chars[self.at] != '\n' {
            self.at += 1;
        }
    }

    /// The comment in `chars[begin..end]` becomes a token outside every variation; one inside a variation goes with it.
    fn push_comment(&mut self, start_line: usize, begin: usize, end: usize) {
        if self.depth == 0 {
            let comment: String = self.chars[begin..end].iter().collect();
            self.tokens.push(Token { line: start_line, kind: TokenKind::Comment(comment.trim().to_string()) });
        }
    }

    /// A `; comment` to the end of its line.
    fn line_comment(&mut self, start_line: usize) {
        let begin = self.at + 1;
        self.skip_to_line_end();
        self.push_comment(start_line, begin, self.at);
    }

    /// A `{ comment }`, over as many lines as it takes; fails if it is never closed.
    fn brace_comment(&mut self, start_line: usize) -> Result<(), RecordError> {
        let begin = self.at + 1;
        self.at += 1;
        while self.at < self.chars.len() && self.chars[self.at] != '}' {
            if self.chars[self.at] == '\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        if self.at >= self.chars.len() {
            return Err(RecordError::new(start_line, "a comment '{' is never closed with '}'"));
        }
        let end = self.at;
        self.at += 1;
        self.push_comment(start_line, begin, end);
        Ok(())
    }

    /// A variation's `(` or `)`; fails on a `)` that closes nothing.
    fn bracket(&mut self, c: char, start_line: usize) -> Result<(), RecordError> {
        if c == '(' {
            if self.depth == 0 {
                self.variation_line = start_line;
            }
            self.depth += 1;
        } else {
            if self.depth == 0 {
                return Err(RecordError::new(start_line, "')' closes a variation that was never opened"));
            }
            self.depth -= 1;
        }
        self.at += 1;
        Ok(())
    }

    /// A word starting with `c`: a move (its number and `!`/`?` stripped), a `$n` glyph (skipped) or the result
    /// token, which ends the game (`Ok(true)`). Fails on a character no word may start with.
    fn word(&mut self, c: char, start_line: usize) -> Result<bool, RecordError> {
        let begin = self.at;
        while self.at < self.chars.len()
            && !self.chars[self.at].is_whitespace()
            && !"{}()[];".contains(self.chars[self.at])
        {
            self.at += 1;
        }
        if self.at == begin {
            return Err(RecordError::new(start_line, format!("unexpected '{c}'")));
        }
        let word: String = self.chars[begin..self.at].iter().collect();
        if let Some(result) = RecordResult::from_token(&word) {
            self.tokens.push(Token { line: start_line, kind: TokenKind::Result(result) });
            return Ok(true);
        }
        if word.starts_with('$') {
            return Ok(false); // a numeric annotation glyph
        }
        let bare = strip_move_number(&word).trim_end_matches(['!', '?']);
        if !bare.is_empty() {
            self.tokens.push(Token { line: start_line, kind: TokenKind::Move(bare.to_string()) });
        }
        Ok(false)
    }
}

/// `12.e4` → `e4`, `12...` → ``, `11-15` → `11-15` (a draughts move starts with digits but has no dot after them).
fn strip_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    if digits > 0 && rest.starts_with('.') { rest.trim_start_matches('.') } else { word }
}

/// The tag pair starting at `chars[at] == '['` (on one line): its name and value, and where reading goes on. The
/// value is read up to its closing quote, escapes and all, so a `]` inside it does not end the tag.
fn read_tag(chars: &[char], at: usize, line: usize) -> Result<((String, String), usize), RecordError> {
    let bad = |why: String| RecordError::new(line, why);
    let line_end = chars[at..].iter().position(|&c| c == '\n').map_or(chars.len(), |p| at + p);
    let this_line = &chars[at..line_end];
    if !this_line.contains(&']') {
        return Err(bad("a tag '[' is not closed with ']' on the same line".into()));
    }
    let skip_blanks = |mut i: usize| {
        while i < line_end && chars[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let name_start = skip_blanks(at + 1);
    let mut i = name_start;
    while i < line_end && !chars[i].is_whitespace() && chars[i] != ']' {
        i += 1;
    }
    let name: String = chars[name_start..i].iter().collect();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad("a tag's name must be letters, digits or '_'".into()));
    }
    let not_quoted = || bad(format!("the tag {name}'s value must be in double quotes"));
    i = skip_blanks(i);
    if i >= line_end || chars[i] != '"' {
        return Err(not_quoted());
    }
    let mut value = String::new();
    let mut escaped = false;
    i += 1;
    loop {
        let Some(&c) = chars.get(i).filter(|_| i < line_end) else { return Err(not_quoted()) };
        i += 1;
        match (escaped, c) {
            (false, '\\') => escaped = true,
            (false, '"') => break,
            (_, c) => {
                value.push(c);
                escaped = false;
            }
        }
    }
    // After the closing quote only blanks, then the `]`: anything else was a quote left bare inside the value.
    let close = skip_blanks(i);
    if close >= line_end || chars[close] != ']' {
        return Err(bad(format!("the tag {name}'s value holds a bare '\"'")));
    }
    Ok(((name, value), close + 1))
}

/// At most this many tags of a record are kept: a header is a few dozen lines, a hostile one is not kept whole.
pub const MAX_TAGS: usize = 64;
/// A kept tag's name is at most this long (longer ones are left out), its value cut to this many characters.
pub const MAX_TAG_NAME: usize = 40;
/// See [`MAX_TAG_NAME`].
pub const MAX_TAG_VALUE: usize = 255;

/// The tag pairs before the moves of the first game in `text`, in their order — without `SetUp` and `FEN`, which
/// a writer derives from the start it writes — at most [`MAX_TAGS`] of them, each name at most [`MAX_TAG_NAME`]
/// and each value cut to [`MAX_TAG_VALUE`] characters, a name written twice kept once (its first value). Empty
/// for a text the tokenizer refuses or that starts with no tag.
pub fn header_tags(text: &str) -> Vec<(String, String)> {
    let Ok(tokens) = tokenize(text) else { return Vec::new() };
    let mut tags: Vec<(String, String)> = Vec::new();
    for token in &tokens {
        let TokenKind::Tag(name, value) = &token.kind else { break };
        let derived = matches!(name.as_str(), "SetUp" | "FEN");
        if derived || name.len() > MAX_TAG_NAME || tags.iter().any(|(n, _)| n == name) {
            continue;
        }
        if tags.len() == MAX_TAGS {
            break;
        }
        tags.push((name.clone(), printable(value).chars().take(MAX_TAG_VALUE).collect()));
    }
    tags
}

/// Checks tags that come from elsewhere than a record (a session file) against what [`header_tags`] keeps: at most
/// [`MAX_TAGS`], each name of letters, digits or `_` and at most [`MAX_TAG_NAME`] long, written once, neither
/// `SetUp` nor `FEN`, each value at most [`MAX_TAG_VALUE`] characters and without control characters. The first
/// fault is named (`tag 3 (Event): …`); the count is checked before any tag is looked at.
pub fn check_tags(tags: &[(String, String)]) -> Result<(), String> {
    if tags.len() > MAX_TAGS {
        return Err(format!("{} tags, more than the {MAX_TAGS} a game keeps", tags.len()));
    }
    for (i, (name, value)) in tags.iter().enumerate() {
        let fault = if name.is_empty() {
            "its name is empty".to_string()
        } else if name.len() > MAX_TAG_NAME {
            format!("its name is longer than {MAX_TAG_NAME} characters")
        } else if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            "its name is not letters, digits or '_'".to_string()
        } else if matches!(name.as_str(), "SetUp" | "FEN") {
            "the start position is not kept as a tag".to_string()
        } else if tags[..i].iter().any(|(n, _)| n == name) {
            "its name is written twice".to_string()
        } else if value.chars().count() > MAX_TAG_VALUE {
            format!("its value is longer than {MAX_TAG_VALUE} characters")
        } else if value.chars().any(char::is_control) {
            "its value holds a control character (a line break, a tab…)".to_string()
        } else {
            continue;
        };
        // The name is quoted in one line and cut, as a hostile one may be long or hold anything.
        let shown: String = name.chars().take(MAX_TAG_NAME).collect();
        return Err(format!("tag {} ('{}'): {fault}", i + 1, crate::messages::escape_controls(&shown)));
    }
    Ok(())
}

/// `value` with every control character (a tab, a line break, an escape) a space: the PGN standard allows only
/// printing characters in a string.
fn printable(value: &str) -> String {
    value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// A tag pair as the export format writes it: `[Name "value"]`, `\` and `"` escaped, every control character a
/// space.
pub fn tag_line(name: &str, value: &str) -> String {
    let escaped = printable(value).replace('\\', "\\\\").replace('"', "\\\"");
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

    /// A hostile header is kept bounded: at most `MAX_TAGS` tags, a long name left out, a long value cut, a
    /// repeated name kept once; the derived SetUp and FEN left to the writer; no tags from a refused text.
    #[test]
    fn header_tags_are_capped_and_skip_what_the_writer_derives() {
        let mut text = format!("[SetUp \"1\"]\n[{} \"x\"]\n[Long \"{}\"]\n", "N".repeat(41), "v".repeat(1000));
        for i in 0..200 {
            text += &format!("[T{i} \"{i}\"]\n[Long \"again\"]\n");
        }
        text += "\n1. e4 *";
        let tags = header_tags(&text);
        assert_eq!(tags.len(), MAX_TAGS);
        assert_eq!(tags[0], ("Long".to_string(), "v".repeat(MAX_TAG_VALUE)));
        assert_eq!(tags[1], ("T0".to_string(), "0".to_string()));
        assert_eq!(tags[MAX_TAGS - 1].0, format!("T{}", MAX_TAGS - 2));
        assert!(header_tags("[Event \"never closed\n1. e4").is_empty());
        assert!(header_tags("e4 e5").is_empty());
    }

    /// PGN allows only printing characters in a string: a tab or an escape in a tag's value is written (and kept
    /// from a record) as a space, while `\\` and `"` are escaped.
    #[test]
    fn a_tag_value_is_written_with_printing_characters_only() {
        assert_eq!(tag_line("Event", "a\tb\u{1b}[31mc\nd\\\""), "[Event \"a b [31mc d\\\\\\\"\"]");
        let tags = header_tags("[Event \"Club\tOpen\"]\n\n1. e4 *");
        assert_eq!(tags, [("Event".to_string(), "Club Open".to_string())]);
    }

    /// A value is read to its closing quote: a `]` inside it (a bracket in an event's name) does not end the tag,
    /// and what [`tag_line`] writes reads back as the same value.
    #[test]
    fn a_bracket_inside_a_tag_value_is_part_of_it() {
        let value = "Rapid [blitz] \"A\" C:\\x";
        let line = tag_line("Event", value);
        assert_eq!(line, r#"[Event "Rapid [blitz] \"A\" C:\\x"]"#);
        let tokens = tokenize(&format!("{line}\n[Site  \"]\"  ]\n\n1. e4 *")).expect("reads");
        assert_eq!(tokens[0].kind, TokenKind::Tag("Event".into(), value.into()));
        assert_eq!(tokens[1].kind, TokenKind::Tag("Site".into(), "]".into()));
        assert_eq!(tokens[2].kind, TokenKind::Move("e4".into()));
    }

    /// Tags from a session file are checked as a record's are kept: the count first, then each tag's first fault,
    /// named by its place and its name (control characters escaped, so the message stays one line).
    #[test]
    fn tags_from_elsewhere_are_checked_as_a_record_s_are_kept() {
        let tag = |name: &str, value: &str| (name.to_string(), value.to_string());
        let good = vec![tag("Event", "Club \"Open\" C:\\games"), tag("White", "Ada"), tag("MyClub", "")];
        assert_eq!(check_tags(&good), Ok(()));
        let many: Vec<_> = (0..5000).map(|i| tag(&format!("T{i}"), "x")).collect();
        assert_eq!(check_tags(&many), Err("5000 tags, more than the 64 a game keeps".into()));
        assert_eq!(check_tags(&many[..MAX_TAGS]), Ok(()));
        for (bad, expected) in [
            (tag("", "x"), "tag 2 (''): its name is empty"),
            (
                tag(&"N".repeat(41), "x"),
                "tag 2 ('NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN'): its name is longer than 40 characters",
            ),
            (tag("Ev ent\"]\n", "x"), "tag 2 ('Ev ent\"]\\n'): its name is not letters, digits or '_'"),
            (tag("FEN", "8/8/8/8/8/8/8/8 w - - 0 1"), "tag 2 ('FEN'): the start position is not kept as a tag"),
            (tag("Event", "again"), "tag 2 ('Event'): its name is written twice"),
            (tag("Site", &"v".repeat(256)), "tag 2 ('Site'): its value is longer than 255 characters"),
            (tag("Site", "a\nb"), "tag 2 ('Site'): its value holds a control character (a line break, a tab…)"),
        ] {
            assert_eq!(check_tags(&[tag("Event", "Club"), bad]), Err(expected.to_string()));
        }
        assert_eq!(check_tags(&[tag("Site", &"é".repeat(MAX_TAG_VALUE))]), Ok(()), "characters, not bytes");
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
