//! Messages that quote what a user or a file wrote: one line each, with nothing in them that a terminal would
//! act on. A label, an id or a path may hold a newline or an ANSI escape sequence; copied raw into an error line
//! it would split the line or recolour (even rewrite) the terminal.

/// `text` with every control character written as an escape (`\n`, `\u{1b}`) and the Unicode line and paragraph
/// separators too, so the result is one line that prints as it reads.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A RON reading error as one line for people: its place and what is wrong, without RON's advice to programmers
/// (raising the recursion limit or using `serde_stacker`).
pub fn ron_error(error: &ron::error::SpannedError) -> String {
    let what = match &error.code {
        ron::Error::ExceededRecursionLimit => "the file is nested too deeply".to_string(),
        code => escape_controls(&code.to_string()),
    };
    format!("line {}, column {}: {what}", error.position.line, error.position.col)
}

/// A count with thousands separators: 200,000,000 (see [`crate::numbers`] for every other figure).
pub fn thousands(n: u64) -> String {
    crate::numbers::thousands(n)
}

/// A count and its noun, singular for one: "1 ply", "148 plies", "0 moves".
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "ply", "plies"), "1 ply");
        assert_eq!(counted(0, "ply", "plies"), "0 plies");
        assert_eq!(counted(148, "move", "moves"), "148 moves");
    }

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape_controls("a\nb\u{1b}[31mred\r\t"), "a\\nb\\u{1b}[31mred\\r\\t");
        assert_eq!(escape_controls("Tic-tac-toe × 3 — α-β"), "Tic-tac-toe × 3 — α-β");
        assert_eq!(escape_controls("x\u{2028}y"), "x\\u{2028}y");
    }

    #[test]
    fn ron_advice_never_reaches_the_user() {
        let deep = "[".repeat(1000);
        let error = ron::Options::default().from_str::<ron::Value>(&deep).expect_err("too deep");
        let message = ron_error(&error);
        assert!(message.contains("nested too deeply"), "{message}");
        assert!(!message.contains("serde_stacker") && !message.contains("recursion limit"), "{message}");
    }

    #[test]
    fn thousands_are_grouped_by_three() {
        assert_eq!(super::thousands(0), "0");
        assert_eq!(super::thousands(999), "999");
        assert_eq!(super::thousands(1_000), "1,000");
        assert_eq!(super::thousands(200_000_000), "200,000,000");
    }
}
