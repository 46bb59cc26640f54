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
}

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
        "go" => parse_go(rest).map(Command::Go),
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

fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        let mut number = |what: &str| -> Result<i64, String> {
            let text = words.next().ok_or_else(|| format!("go: '{what}' wants a number"))?;
            text.parse::<i64>().map_err(|_| format!("go: '{what}' wants a number, not '{}'", shorten(text)))
        };
        let clock = |n: i64| n.max(0) as u64;
        match word {
            "wtime" => go.wtime = Some(clock(number(word)?)),
            "btime" => go.btime = Some(clock(number(word)?)),
            "winc" => go.winc = Some(clock(number(word)?)),
            "binc" => go.binc = Some(clock(number(word)?)),
            "movestogo" => go.movestogo = Some(clock(number(word)?)),
            "movetime" => go.movetime = Some(clock(number(word)?)),
            "nodes" => go.nodes = Some(clock(number(word)?).max(1)),
            "depth" => go.depth = Some(number(word)?.clamp(1, i64::from(u16::MAX)) as u32),
            "mate" => go.depth = Some((number(word)?.clamp(1, 1000) * 2) as u32),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => return Err("go: 'searchmoves' is not supported".into()),
            other => return Err(format!("go: unknown word '{}'", shorten(other))),
        }
    }
    Ok(go)
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

    #[test]
    fn garbage_is_refused_with_a_reason() {
        for (line, reason) in [
            ("xyzzy", "unknown command 'xyzzy'"),
            ("go depth", "go: 'depth' wants a number"),
            ("go depth five", "go: 'depth' wants a number, not 'five'"),
            ("go movetime 99999999999999999999999", "go: 'movetime' wants a number, not '99999999999999999999999'"),
            ("go sideways", "go: unknown word 'sideways'"),
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
