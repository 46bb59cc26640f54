//! Chess games as PGN, the Portable Game Notation (Edwards, 1994), read and written.
//!
//! **Writing** follows the export format: the Seven Tag Roster first (Event, Site, Date, Round, White, Black,
//! Result; `?` where unknown), `[SetUp "1"]` and `[FEN …]` when the game does not start from the standard
//! position, any other tags, a blank line, then the moves in SAN with move numbers, each move's comment after it
//! (the search's evaluation as `{ [%eval 0.62,12] }`, as lichess and python-chess read it), and the result.
//!
//! **Reading** takes the first game of a text: tag pairs, a start position from `[FEN]` if there is one, moves in
//! SAN (also the loose forms other programs write: `0-0`, over-disambiguated `Ngf3`, `e8Q`, `exd6e.p.`, or
//! from–to squares `e2e4`), comments, `$n` glyphs and variations skipped. It refuses, naming the line: a
//! malformed tag or comment, a bad FEN, a move that is not legal where it stands, a result that contradicts the
//! Result tag or a checkmate on the board.

use super::{Chess, san};
use crate::engine::game::{Game, Side};
use crate::games::records::movetext::{self, Token, TokenKind};
use crate::games::records::{RecordError, RecordNotes, RecordResult};
use cozy_chess::{Move, Piece, Square};

/// The standard start position, which needs no `[FEN]` tag.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The Seven Tag Roster, in its order, with the value written when a game has none.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// One chess game as a record: its tags, the position it starts from, its moves with a comment after each, and
/// its result.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tag pairs other than Result, SetUp and FEN (those follow from the fields below), in the order read or set.
    pub tags: Vec<(String, String)>,
    /// The position before the first move (the standard one unless the record carries a FEN).
    pub start: Chess,
    /// The moves played from `start`, in order.
    pub moves: Vec<Move>,
    /// The comment after each move (`comments.len() == moves.len()`); `None` for none.
    pub comments: Vec<Option<String>>,
    /// The numeric annotation glyph after each move (`$6`, "?!", for a dubious move), when it has one; as long
    /// as `moves` or shorter.
    pub glyphs: Vec<Option<u8>>,
    /// A line played instead of each move, from the position before it, written after the move (and its comment)
    /// as a variation `( … )`; empty for none, and as long as `moves` or shorter.
    pub variations: Vec<Vec<Move>>,
    /// The result the record gives (its Result tag), not necessarily what the final position shows.
    pub result: RecordResult,
}

impl PgnGame {
    /// A game of `moves` (legal one after the other) from `start`, without comments, its result read from the
    /// final position (`*` while it goes on).
    pub fn new(start: Chess, moves: Vec<Move>) -> PgnGame {
        let mut end = start.clone();
        for &mv in &moves {
            end.play(mv);
        }
        let result = RecordResult::from_outcome(end.winner(), end.is_over());
        let comments = vec![None; moves.len()];
        PgnGame { tags: Vec::new(), start, moves, comments, glyphs: Vec::new(), variations: Vec::new(), result }
    }

    /// The value of tag `name`, if set.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (Result, SetUp and FEN are written from the game itself and ignored here).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The position after every move.
    pub fn end(&self) -> Chess {
        let mut end = self.start.clone();
        for &mv in &self.moves {
            end.play(mv);
        }
        end
    }
}

/// A search's score as a `[%eval …]` command: pawns from White's side with two decimals, or `#n` / `#-n` for a
/// mate in n moves; the depth after a comma when known.
pub fn eval_command(pawns_for_white: f64, mate_in_moves: Option<i32>, depth: Option<u32>) -> String {
    let score = match mate_in_moves {
        Some(n) => format!("#{n}"),
        None => format!("{pawns_for_white:.2}"),
    };
    match depth {
        Some(d) => format!("[%eval {score},{d}]"),
        None => format!("[%eval {score}]"),
    }
}

/// A game of `moves` from `start` with what `notes` say: White and Black, Date and Termination tags, each noted
/// move's evaluation and depth as a `[%eval …]` comment (White's side, as lichess and python-chess read it), and a
/// deliberate mistake's glyph `$6`, a review's words in the same comment and its better line as a variation (its
/// moves read from the position before the move, up to the first that is not legal there).
pub fn noted(start: Chess, moves: Vec<Move>, notes: &RecordNotes) -> PgnGame {
    let mut game = PgnGame::new(start, moves);
    for (name, value) in &notes.tags {
        match name.as_str() {
            // The board's result stands; an unfinished one takes the record's (a resignation, a draw agreed).
            "Result" if game.result == RecordResult::Unknown => {
                game.result = RecordResult::from_token(value).unwrap_or(RecordResult::Unknown);
            }
            "Result" | "SetUp" | "FEN" => {}
            _ => game.set_tag(name, value),
        }
    }
    // The studio's own tags only where the imported record has none, so none is written twice.
    let mut fill = |name: &str, value: &str| {
        if game.tag(name).is_none() {
            game.set_tag(name, value);
        }
    };
    fill("Event", "Alpha-Beta Studio game");
    fill("Site", "Alpha-Beta Studio");
    if let Some(date) = &notes.date {
        fill("Date", date);
    }
    for (tag, name) in ["White", "Black"].into_iter().zip(&notes.players) {
        if !name.trim().is_empty() {
            fill(tag, name.trim());
        }
    }
    if let Some(termination) = &notes.termination {
        fill("Termination", termination);
    }
    let mut position = game.start.clone();
    game.glyphs = vec![None; game.moves.len()];
    game.variations = vec![Vec::new(); game.moves.len()];
    for (index, &mv) in game.moves.iter().enumerate() {
        if let Some(note) = notes.moves.get(index) {
            let eval = note.value.map(|value| eval_of(&position, value, note.depth));
            game.comments[index] = match (eval, &note.words) {
                (Some(eval), Some(words)) => Some(format!("{eval} {words}")),
                (eval, words) => eval.or_else(|| words.clone()),
            };
            game.glyphs[index] = note.glyph.or(note.dubious.then_some(6));
            game.variations[index] = line_of(&position, &note.variation);
        }
        position.play(mv);
    }
    game
}

/// The moves `names` name one after the other from `position`, up to the first that names no legal move.
fn line_of(position: &Chess, names: &[String]) -> Vec<Move> {
    let mut position = position.clone();
    let mut line = Vec::new();
    for name in names {
        let Ok(mv) = find_move(&position, name) else { break };
        position.play(mv);
        line.push(mv);
    }
    line
}

/// A search's score (from the side to move in `position`, centipawns or a mate) as a `[%eval …]` command.
fn eval_of(position: &Chess, value: crate::engine::game::Value, depth: Option<u32>) -> String {
    let white = if position.side_to_move() == Side::Max { value } else { -value };
    if value.abs() > super::WIN - 10_000.0 {
        let end = (super::WIN - value.abs()).round() as i64;
        let moves = crate::games::score_words::own_moves(position.moves_played() as i64, end) as i32;
        return eval_command(0.0, Some(if white > 0.0 { moves } else { -moves }), depth);
    }
    eval_command(white / 100.0, None, depth)
}

/// The game as PGN text (export format).
pub fn write(game: &PgnGame) -> String {
    let mut out = String::new();
    let fen = game.start.to_fen();
    for (name, default) in ROSTER {
        let value = match name {
            "Result" => game.result.token(),
            _ => game.tag(name).unwrap_or(default),
        };
        out.push_str(&movetext::tag_line(name, value));
        out.push('\n');
    }
    if fen != START_FEN {
        out.push_str(&movetext::tag_line("SetUp", "1"));
        out.push('\n');
        out.push_str(&movetext::tag_line("FEN", &fen));
        out.push('\n');
    }
    for (name, value) in &game.tags {
        if !ROSTER.iter().any(|(r, _)| r == name) && !matches!(name.as_str(), "SetUp" | "FEN") {
            out.push_str(&movetext::tag_line(name, value));
            out.push('\n');
        }
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut position = game.start.clone();
    // A black move after a comment or a variation takes its number again ("12... Nf6").
    let mut interrupted = false;
    for (index, &mv) in game.moves.iter().enumerate() {
        push_number(&mut words, &position, index == 0 || interrupted);
        words.push(san::san(position.board(), mv));
        if let Some(Some(glyph)) = game.glyphs.get(index) {
            words.push(format!("${glyph}"));
        }
        let before = position.clone();
        position.play(mv);
        interrupted = false;
        if let Some(Some(comment)) = game.comments.get(index) {
            words.push(movetext::comment_word(comment));
            interrupted = true;
        }
        if let Some(line) = game.variations.get(index).filter(|line| !line.is_empty()) {
            push_variation(&mut words, before, line);
            interrupted = true;
        }
    }
    words.push(game.result.token().to_string());
    out.push_str(&movetext::wrap(&words));
    out
}

/// The move number before the move of the side to move in `position`: "12." before White's, "12..." before
/// Black's when `black_too` (the first move written, or one after a comment or a variation).
fn push_number(words: &mut Vec<String>, position: &Chess, black_too: bool) {
    let number = position.board().fullmove_number();
    if position.side_to_move() == Side::Max {
        words.push(format!("{number}."));
    } else if black_too {
        words.push(format!("{number}..."));
    }
}

/// `line`, played from `position` instead of the move there, as a variation: `( 12... Nf6 13. Bxe4 )`.
fn push_variation(words: &mut Vec<String>, mut position: Chess, line: &[Move]) {
    words.push("(".to_string());
    for (index, &mv) in line.iter().enumerate() {
        push_number(words, &position, index == 0);
        words.push(san::san(position.board(), mv));
        position.play(mv);
    }
    words.push(")".to_string());
}

/// The first game of a PGN text, or the first thing wrong with it (see the module's doc).
pub fn read(text: &str) -> Result<PgnGame, RecordError> {
    let tokens = movetext::tokenize(text)?;
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut fen: Option<(String, usize)> = None;
    let mut tag_result: Option<(RecordResult, usize)> = None;
    let mut rest = tokens.as_slice();
    while let Some((Token { line, kind: TokenKind::Tag(name, value) }, more)) = rest.split_first() {
        match name.as_str() {
            "FEN" => fen = Some((value.clone(), *line)),
            "SetUp" => {}
            "Result" => {
                let result = RecordResult::from_token(value)
                    .ok_or_else(|| RecordError::new(*line, format!("the Result tag '{value}' is not a result")))?;
                tag_result = Some((result, *line));
            }
            _ => tags.push((name.clone(), value.clone())),
        }
        rest = more;
    }
    let start = match &fen {
        Some((fen, line)) => Chess::from_fen(fen).map_err(|e| RecordError::new(*line, e.to_string()))?,
        None => Chess::new(),
    };
    let mut position = start.clone();
    let (mut moves, mut comments) = (Vec::new(), Vec::new());
    let mut result = None;
    for token in rest {
        match &token.kind {
            TokenKind::Tag(name, _) => {
                return Err(RecordError::new(token.line, format!("the tag {name} stands among the moves")));
            }
            TokenKind::Move(word) => {
                let mv = find_move(&position, word).map_err(|why| {
                    let number = position.board().fullmove_number();
                    let dots = if position.side_to_move() == Side::Max { "." } else { "..." };
                    RecordError::new(token.line, format!("{number}{dots} {word}: {why}"))
                })?;
                position.play(mv);
                moves.push(mv);
                comments.push(None);
            }
            TokenKind::Comment(text) => {
                if let Some(last) = comments.last_mut() {
                    *last = match last.take() {
                        Some(before) => Some(format!("{before} {text}")),
                        None => Some(text.clone()),
                    };
                }
            }
            TokenKind::Result(r) => result = Some((*r, token.line)),
        }
    }
    let last_line = tokens.last().map_or(1, |t| t.line);
    let result = match (result, tag_result) {
        (Some((moves_say, line)), Some((tag_says, _))) if moves_say != tag_says => {
            return Err(RecordError::new(
                line,
                format!("the moves end in {} but the Result tag says {}", moves_say.token(), tag_says.token()),
            ));
        }
        (Some((r, line)), _) | (None, Some((r, line))) => (r, line),
        (None, None) => (RecordResult::Unknown, last_line),
    };
    if let Some(winner) = position.winner() {
        let mated = RecordResult::from_outcome(Some(winner), true);
        if result.0 != mated {
            let name = if winner == Side::Max { "White" } else { "Black" };
            return Err(RecordError::new(
                result.1,
                format!("{name} has mated, but the result is {}", result.0.token()),
            ));
        }
    }
    Ok(PgnGame { tags, start, moves, comments, glyphs: Vec::new(), variations: Vec::new(), result: result.0 })
}

/// The legal move `word` names in `position`: exact SAN first, then the loose forms of the module's doc.
fn find_move(position: &Chess, word: &str) -> Result<Move, String> {
    if position.is_over() {
        return Err("the game is already over".into());
    }
    let cleaned = word.trim_end_matches(['+', '#', '!', '?']).trim_end_matches("e.p.").replace('0', "O");
    if let Ok(mv) = position.parse_move(&cleaned) {
        return Ok(mv);
    }
    if let Ok(mv) = position.parse_move(&word.to_ascii_lowercase()) {
        return Ok(mv); // from–to squares
    }
    loose_san(position, &cleaned)
}

/// SAN read by its parts — piece, optional origin file and rank, destination, promotion — so that needless
/// disambiguation or a missing `=` still finds the one legal move that fits.
fn loose_san(position: &Chess, text: &str) -> Result<Move, String> {
    let board = position.board();
    let not_legal = || "not a legal move here".to_string();
    let mut chars: Vec<char> = text.chars().filter(|&c| c != 'x' && c != '=' && c != '-').collect();
    let piece = match chars.first() {
        Some('N') => Piece::Knight,
        Some('B') => Piece::Bishop,
        Some('R') => Piece::Rook,
        Some('Q') => Piece::Queen,
        Some('K') => Piece::King,
        Some('a'..='h') => Piece::Pawn,
        _ => return Err(not_legal()),
    };
    if piece != Piece::Pawn {
        chars.remove(0);
    }
    let promotion = match chars.last() {
        Some(&c @ ('N' | 'B' | 'R' | 'Q' | 'n' | 'b' | 'r' | 'q')) if piece == Piece::Pawn && chars.len() >= 3 => {
            chars.pop();
            Some(match c.to_ascii_uppercase() {
                'N' => Piece::Knight,
                'B' => Piece::Bishop,
                'R' => Piece::Rook,
                _ => Piece::Queen,
            })
        }
        _ => None,
    };
    if chars.len() < 2 {
        return Err(not_legal());
    }
    let destination: String = chars[chars.len() - 2..].iter().collect();
    let to: Square = destination.parse().map_err(|_| not_legal())?;
    let hints = &chars[..chars.len() - 2];
    let fits = |mv: &Move| {
        let from = mv.from.to_string();
        board.piece_on(mv.from) == Some(piece)
            && san::displayed_destination(board, *mv) == to
            && mv.promotion == promotion
            && hints.iter().all(|h| from.contains(*h))
    };
    let candidates: Vec<Move> = position.legal_moves().into_iter().filter(fits).collect();
    match candidates.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(not_legal()),
        _ => Err("ambiguous: more than one legal move fits".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_of(moves: &str) -> PgnGame {
        let start = Chess::new();
        let mut position = start.clone();
        let mut played = Vec::new();
        for name in moves.split_whitespace() {
            let mv = position.parse_move(name).expect(name);
            position.play(mv);
            played.push(mv);
        }
        PgnGame::new(start, played)
    }

    #[test]
    fn writes_the_seven_tag_roster_san_and_result() {
        let mut game = game_of("f3 e5 g4 Qh4");
        game.set_tag("White", "Studio, level 3");
        let text = write(&game);
        let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                        [White \"Studio, level 3\"]\n[Black \"?\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        assert_eq!(text, expected);
        let back = read(&text).expect("reads its own PGN");
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.result, RecordResult::SecondWins);
        assert_eq!(back.tag("White"), Some("Studio, level 3"));
    }

    #[test]
    fn a_game_from_a_position_carries_setup_and_fen_and_round_trips() {
        let start = Chess::from_fen(super::super::KIWIPETE).unwrap();
        let mut position = start.clone();
        let mut played = Vec::new();
        for name in ["Bxa6", "bxc3", "O-O", "cxd2"] {
            let mv = position.parse_move(name).expect(name);
            position.play(mv);
            played.push(mv);
        }
        let mut game = PgnGame::new(start, played);
        game.comments[1] = Some(eval_command(-1.5, None, Some(7)));
        let text = write(&game);
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq"));
        assert!(text.contains("1. Bxa6 bxc3 { [%eval -1.50,7] } 2. O-O cxd2 *"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.start.to_fen(), game.start.to_fen());
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.comments, game.comments);
        assert_eq!(write(&back), text);
    }

    #[test]
    fn black_to_move_first_is_numbered_with_dots() {
        let start = Chess::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12").unwrap();
        let mv = start.parse_move("Kd7").unwrap();
        let text = write(&PgnGame::new(start, vec![mv]));
        assert!(text.contains("\n12... Kd7 *"), "{text}");
        assert_eq!(read(&text).unwrap().moves, vec![mv]);
    }

    #[test]
    fn reads_what_other_programs_write() {
        let text = "[Event \"Casual\"]\n% an escape line\n1.e4 e5 2.Ngf3!? $1 {a comment} (2. f4 exf4) Nc6 \
                    3.Bb5 a6 4.Bxc6 dxc6 5.0-0 f6 6.d2d4 *";
        let game = read(text).expect("loose but legal");
        let names = crate::games::records::write_names(&game.start, &game.moves);
        assert_eq!(
            names.lines().collect::<Vec<_>>(),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6", "d4"]
        );
        assert_eq!(game.comments[2].as_deref(), Some("a comment"));
        assert_eq!(game.tag("Event"), Some("Casual"));
    }

    #[test]
    fn promotion_without_equals_sign() {
        let start = Chess::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let game = read(&format!("[FEN \"{}\"]\n1. a8Q *", start.to_fen())).unwrap();
        assert_eq!(game.moves[0].promotion, Some(Piece::Queen));
    }

    #[test]
    fn refuses_bad_records_with_line_and_reason() {
        for (text, line, words) in [
            ("[Event \"x\"]\n\n1. e4 e5\n2. Ke3", 4, "2. Ke3: not a legal move"),
            ("1. e4 e5 2. Nf3 Nf3", 1, "2... Nf3"),
            ("[FEN \"not a fen\"]\n1. e4", 1, "FEN"),
            ("[Result \"1-0\"]\n1. e4 0-1", 2, "Result tag says 1-0"),
            ("1. f3 e5 2. g4 Qh4# 1-0", 1, "Black has mated"),
            ("1. f3 e5 2. g4 Qh4# 3. a3 0-1", 1, "already over"),
            ("1. e4 {open", 1, "never closed"),
            ("[Result \"2-1\"]", 1, "not a result"),
        ] {
            let error = read(text).expect_err(text);
            assert_eq!(error.line, line, "{text}: {error}");
            assert!(error.reason.contains(words), "{text}: {error}");
        }
    }

    #[test]
    fn fen_round_trips() {
        for fen in [START_FEN, super::super::KIWIPETE, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"] {
            assert_eq!(Chess::from_fen(fen).unwrap().to_fen(), fen);
        }
        assert!(Chess::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err(), "no kings");
    }

    /// An imported record's tags come through a noted export: the Seven Tag Roster first in its order, the start's
    /// SetUp and FEN, then the others in the record's order — a custom one too — values escaped again, the
    /// record's unfinished game keeping its Result, and the studio's own tags only where the record has none.
    #[test]
    fn a_noted_game_keeps_the_imported_tags_in_order_and_escaped() {
        let record = "[White \"Ada \\\"the Count\\\"\"]\n[ECO \"B20\"]\n[Event \"Club\"]\n[Result \"1-0\"]\n\
            [MyClub \"C:\\\\games\"]\n[Round \"2.1\"]\n[SetUp \"1\"]\n\
            [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[Annotator \"Bo\"]\n\n1... c5 2. Nf3 1-0";
        let game = read(record).expect("a legal record");
        let tags = movetext::header_tags(record);
        let notes = RecordNotes {
            players: ["Alpha-Beta Studio level 10".into(), "Alpha-Beta Studio level 10".into()],
            date: Some("2026.11.29".into()),
            termination: Some("normal".into()),
            tags,
            ..RecordNotes::default()
        };
        let text = write(&noted(game.start.clone(), game.moves.clone(), &notes));
        let header: Vec<&str> = text.lines().take_while(|line| !line.is_empty()).collect();
        assert_eq!(
            header,
            [
                r#"[Event "Club"]"#,
                r#"[Site "Alpha-Beta Studio"]"#,
                r#"[Date "2026.11.29"]"#,
                r#"[Round "2.1"]"#,
                r#"[White "Ada \"the Count\""]"#,
                r#"[Black "Alpha-Beta Studio level 10"]"#,
                r#"[Result "1-0"]"#,
                r#"[SetUp "1"]"#,
                r#"[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]"#,
                r#"[ECO "B20"]"#,
                r#"[MyClub "C:\\games"]"#,
                r#"[Annotator "Bo"]"#,
                r#"[Termination "normal"]"#,
            ],
            "{text}"
        );
        assert!(text.ends_with("1... c5 2. Nf3 1-0\n"), "{text}");
        let again = read(&text).expect("reads back");
        assert_eq!(again.tag("White"), Some("Ada \"the Count\""));
        assert_eq!(again.tag("MyClub"), Some("C:\\games"));
    }

    /// The Play view's export, as python-chess reads it: the players by name, the date, how the game ended, each
    /// AI move's evaluation (White's side) and depth, and a weaker level's deliberate mistake as NAG 6 ("?!").
    #[test]
    fn python_chess_reads_the_players_date_termination_evals_and_glyphs() {
        use crate::games::records::MoveNote;
        let probe = std::process::Command::new("python3").args(["-c", "import chess.pgn"]).output();
        if !probe.is_ok_and(|o| o.status.success()) {
            assert!(std::env::var_os("CI").is_none(), "python-chess is missing under CI: .ci/run must install it");
            eprintln!("skipped: python-chess is not installed (pip install chess)");
            return;
        }
        let played = game_of("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let mut notes = RecordNotes {
            players: ["Ada".into(), "Alpha-Beta Studio level 3".into()],
            date: Some("2026.11.26".into()),
            termination: Some("normal".into()),
            moves: vec![MoveNote::default(); 7],
            tags: Vec::new(),
        };
        // Black's search scored its 1...e5 at −0.35 for Black (+0.35 for White), at depth 12, and its 3...Nf6 was a
        // deliberate mistake that its search saw as mate in 1 for White.
        notes.moves[1] = MoveNote { value: Some(-35.0), depth: Some(12), ..MoveNote::default() };
        notes.moves[5] = MoveNote {
            value: Some(-(super::super::WIN - 7.0)),
            depth: Some(4),
            dubious: true,
            glyph: None,
            words: None,
            variation: Vec::new(),
        };
        let game = noted(played.start.clone(), played.moves.clone(), &notes);
        let text = write(&game);
        assert!(text.contains("e5 {[%eval 0.35,12]}") || text.contains("e5 { [%eval 0.35,12] }"), "{text}");
        assert!(text.contains("Nf6 $6"), "{text}");
        let script = "import sys, chess.pgn\n\
            g = chess.pgn.read_game(open(sys.argv[1]))\n\
            assert not g.errors, g.errors\n\
            h = g.headers\n\
            print(h['White'], '|', h['Black'], '|', h['Date'], '|', h['Termination'], '|', h['Result'])\n\
            for n in g.mainline():\n\
            \x20   if n.eval() or n.nags: print(n.san(), n.eval().white() if n.eval() else None, n.eval_depth(), sorted(n.nags))\n";
        let path = std::env::temp_dir().join(format!("alphabeta-pgn-noted-{}.pgn", std::process::id()));
        std::fs::write(&path, &text).expect("temp file");
        let output =
            std::process::Command::new("python3").arg("-c").arg(script).arg(&path).output().expect("python3 runs");
        let _ = std::fs::remove_file(&path);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(
            lines,
            ["Ada | Alpha-Beta Studio level 3 | 2026.11.26 | normal | 1-0", "e5 +35 12 []", "Nf6 #+1 4 [6]"]
        );
    }

    /// PGN written here, read by an independent reader: python-chess (`pip install chess`). Under CI (`CI` set,
    /// where `.ci/run` installs it) a missing python-chess fails the test; elsewhere it is skipped with a message.
    #[test]
    fn python_chess_reads_the_studios_pgn() {
        let probe = std::process::Command::new("python3").args(["-c", "import chess.pgn"]).output();
        if !probe.is_ok_and(|o| o.status.success()) {
            assert!(std::env::var_os("CI").is_none(), "python-chess is missing under CI: .ci/run must install it");
            eprintln!("skipped: python-chess is not installed (pip install chess)");
            return;
        }
        let mut game = game_of("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5");
        game.comments[4] = Some(eval_command(0.35, None, Some(9)));
        game.comments[21] = Some(eval_command(0.0, Some(-3), None));
        game.set_tag("Event", "Studio test");
        let kiwi = Chess::from_fen(super::super::KIWIPETE).unwrap();
        let kiwi_moves = ["e2a6", "e6d5", "e5g6", "d5e4"]
            .iter()
            .scan(kiwi.clone(), |p, n| {
                let mv = p.parse_move(n).expect(n);
                p.play(mv);
                Some(mv)
            })
            .collect();
        let from_position = PgnGame::new(kiwi, kiwi_moves);
        let script = "import sys, chess.pgn\n\
            for path in sys.argv[1:]:\n\
            \x20   g = chess.pgn.read_game(open(path))\n\
            \x20   assert not g.errors, g.errors\n\
            \x20   evals = [str(n.eval().white()) + ',' + str(n.eval_depth()) for n in g.mainline() if n.eval()]\n\
            \x20   print(g.headers['Event'], g.headers['Result'], g.end().board().fen(en_passant=\'fen\'), len(list(g.mainline_moves())), ' '.join(evals))\n";
        let dir = std::env::temp_dir();
        let mut paths = Vec::new();
        for (i, g) in [&game, &from_position].into_iter().enumerate() {
            let path = dir.join(format!("alphabeta-pgn-{}-{i}.pgn", std::process::id()));
            std::fs::write(&path, write(g)).expect("temp file");
            paths.push(path);
        }
        let output =
            std::process::Command::new("python3").arg("-c").arg(script).args(&paths).output().expect("python3 runs");
        for path in &paths {
            let _ = std::fs::remove_file(path);
        }
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines[0], format!("Studio test * {} 22 +35,9 #-3,None", game.end().to_fen()));
        assert_eq!(lines[1], format!("? * {} 4 ", from_position.end().to_fen()));
    }
}
