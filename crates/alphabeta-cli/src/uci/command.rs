//! The UCI commands a GUI sends, parsed from one line each (Stefan Meyer-Kahlen's protocol, 2000–2006). Parsing
//! only reads the words: whether a FEN or a move is legal is the session's business. A line that is not a
//! command becomes an error message, which the session reports as `info string` and otherwise ignores.

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// The limits and clocks of a `go` command, as sent (milliseconds; negative clocks, which some GUIs send once a
/// flag has fallen, read as 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    /// Searching the opponent's expected move: treated as `infinite` until `stop` or `ponderhit`.
    pub ponder: bool,
    /// `searchmoves`: only these root moves are searched (as sent; the session keeps the legal ones).
    pub searchmoves: Vec<String>,
    /// What was not understood and ignored, as the protocol asks (a `go` is searched whatever it holds), in the
    /// words the session reports as `info string`.
    pub ignored: Vec<String>,
}

/// The words of `go` that start a parameter; `searchmoves` takes every word up to the next of them.
const GO_WORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "nodes",
    "depth",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    PonderHit,
    Quit,
    /// An empty line: nothing to do.
    Nothing,
}

/// Reads one line. `Err` says, in one line, why it is not a command.
pub fn parse(line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else { return Ok(Command::Nothing) };
    match first {
        "uci" => Ok(Command::Uci),
        "debug" => Ok(Command::Debug),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::UciNewGame),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => Ok(Command::Go(parse_go(rest))),
        other => Err(format!("unknown command '{}'", shorten(other))),
    }
}

/// `name <words…> [value <words…>]`; names may hold spaces ("Skill Level", "Move Overhead").
fn parse_setoption(words: &[&str]) -> Result<Command, String> {
    let Some((&"name", rest)) = words.split_first() else {
        return Err("setoption: expected 'name'".into());
    };
    let (name, value) = match rest.iter().position(|&w| w == "value") {
        Some(at) => (rest[..at].join(" "), Some(rest[at + 1..].join(" "))),
        None => (rest.join(" "), None),
    };
    if name.is_empty() {
        return Err("setoption: the name is missing".into());
    }
    Ok(Command::SetOption { name, value })
}

/// `startpos [moves …]` or `fen <fields…> [moves …]`.
fn parse_position(words: &[&str]) -> Result<Command, String> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let (setup, moves) = (&words[..moves_at], words.get(moves_at + 1..).unwrap_or(&[]));
    let start = match setup {
        ["startpos"] => Start::StartPos,
        ["fen", fields @ ..] if !fields.is_empty() => Start::Fen(fields.join(" ")),
        ["fen"] => return Err("position: the FEN is missing".into()),
        _ => return Err("position: expected 'startpos' or 'fen <FEN>'".into()),
    };
    Ok(Command::Position { start, moves: moves.iter().map(|m| m.to_string()).collect() })
}

/// Never fails: every `go` must be answered with a `bestmove`, so a word not understood (an unknown one, or a
/// number that is not one) is noted in [`Go::ignored`] and skipped.
fn parse_go(words: &[&str]) -> Go {
    let mut go = Go::default();
    let mut words = words.iter().peekable();
    while let Some(&word) = words.next() {
        let mut number = |what: &str, ignored: &mut Vec<String>| -> Option<i64> {
            let Some(text) = words.next_if(|w| !GO_WORDS.contains(w)) else {
                ignored.push(format!("go: '{what}' wants a number"));
                return None;
            };
            let parsed = text.parse::<i64>().ok();
            if parsed.is_none() {
                ignored.push(format!("go: '{what}' wants a number, not '{}'", shorten(text)));
            }
            parsed
        };
        let clock = |n: i64| n.max(0) as u64;
        let ignored = &mut go.ignored;
        match word {
            "wtime" => go.wtime = number(word, ignored).map(clock).or(go.wtime),
            "btime" => go.btime = number(word, ignored).map(clock).or(go.btime),
            "winc" => go.winc = number(word, ignored).map(clock).or(go.winc),
            "binc" => go.binc = number(word, ignored).map(clock).or(go.binc),
            "movestogo" => go.movestogo = number(word, ignored).map(clock).or(go.movestogo),
            "movetime" => go.movetime = number(word, ignored).map(clock).or(go.movetime),
            "nodes" => go.nodes = number(word, ignored).map(|n| clock(n).max(1)).or(go.nodes),
            "depth" => {
                go.depth = number(word, ignored).map(|n| n.clamp(1, i64::from(u16::MAX)) as u32).or(go.depth);
            }
            "mate" => go.depth = number(word, ignored).map(|n| (n.clamp(1, 1000) * 2) as u32).or(go.depth),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while let Some(mv) = words.next_if(|w| !GO_WORDS.contains(w)) {
                    go.searchmoves.push(mv.to_string());
                }
            }
            other => go.ignored.push(format!("go: unknown word '{}' ignored", shorten(other))),
        }
    }
    go
}

/// A word quoted in a message, cut to a readable length.
fn shorten(word: &str) -> String {
    match word.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &word[..at]),
        None => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse_as_the_protocol_writes_them() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready \r"), Ok(Command::IsReady));
        assert_eq!(parse(""), Ok(Command::Nothing));
        assert_eq!(
            parse("setoption name Skill Level value 7"),
            Ok(Command::SetOption { name: "Skill Level".into(), value: Some("7".into()) })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption { name: "Clear Hash".into(), value: None })
        );
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Command::Position { start: Start::StartPos, moves: vec!["e2e4".into(), "e7e5".into()] })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Ok(Command::Position { start: Start::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()), moves: vec![] })
        );
        assert_eq!(
            parse("go wtime 60000 btime -20 winc 1000 binc 1000 movestogo 30"),
            Ok(Command::Go(Go {
                wtime: Some(60_000),
                btime: Some(0),
                winc: Some(1_000),
                binc: Some(1_000),
                movestogo: Some(30),
                ..Go::default()
            }))
        );
        assert_eq!(parse("go infinite"), Ok(Command::Go(Go { infinite: true, ..Go::default() })));
        assert_eq!(
            parse("go depth 5 nodes 1000 movetime 250"),
            Ok(Command::Go(Go { depth: Some(5), nodes: Some(1000), movetime: Some(250), ..Go::default() }))
        );
        assert_eq!(parse("go depth 0"), Ok(Command::Go(Go { depth: Some(1), ..Go::default() })));
    }

    /// `go depth 6 searchmoves a2a3 h2h3` and `go depth 4 foo` are searched: a refused `go` would get no `bestmove`.
    #[test]
    fn every_go_parses_searchmoves_are_read_and_what_is_not_understood_is_noted() {
        let go = |line: &str| match parse(line) {
            Ok(Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        };
        let searching = go("go depth 6 searchmoves a2a3 h2h3 movetime 100");
        assert_eq!(searching.searchmoves, ["a2a3", "h2h3"]);
        assert_eq!((searching.depth, searching.movetime), (Some(6), Some(100)));
        assert!(searching.ignored.is_empty());
        for (line, depth, ignored) in [
            ("go depth 4 foo", Some(4), "go: unknown word 'foo' ignored"),
            ("go depth", None, "go: 'depth' wants a number"),
            ("go depth five", None, "go: 'depth' wants a number, not 'five'"),
            ("go depth infinite", None, "go: 'depth' wants a number"),
            (
                "go movetime 99999999999999999999999 depth 2",
                Some(2),
                "go: 'movetime' wants a number, not '99999999999999999999999'",
            ),
            ("go sideways depth 3", Some(3), "go: unknown word 'sideways' ignored"),
        ] {
            let parsed = go(line);
            assert_eq!(parsed.depth, depth, "{line}");
            assert_eq!(parsed.ignored, [ignored], "{line}");
        }
        assert!(go("go depth infinite").infinite, "the keyword after a missing number is still read");
    }

    #[test]
    fn garbage_is_refused_with_a_reason() {
        for (line, reason) in [
            ("xyzzy", "unknown command 'xyzzy'"),
            ("position", "position: expected 'startpos' or 'fen <FEN>'"),
            ("position fen", "position: the FEN is missing"),
            ("position fen moves e2e4", "position: the FEN is missing"),
            ("position middlegame", "position: expected 'startpos' or 'fen <FEN>'"),
            ("setoption Hash 16", "setoption: expected 'name'"),
            ("setoption name value 3", "setoption: the name is missing"),
        ] {
            assert_eq!(parse(line), Err(reason.to_string()), "{line}");
        }
        let long = "a".repeat(100);
        assert_eq!(parse(&long), Err(format!("unknown command '{}…'", "a".repeat(40))));
        assert!(parse("é\u{0}\u{7f}ß").is_err());
    }
}
