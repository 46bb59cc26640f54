//! What a session keeps of the records games were imported from: their tags, and the position a game was set up
//! or imported from, on screen and kept aside; hostile tags and starts left out with the reason.

use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::play::Action;
use alphabeta_studio::app::session::format::{Session, parse, to_ron};

/// A chess game imported with its PGN tags, then kept aside while a draughts game imported with its PDN tags is on
/// screen.
fn with_imported_tags() -> StudioApp {
    let mut app = StudioApp::default();
    assert!(app.play.select("chess"));
    let chess =
        "[Event \"Club \\\"Open\\\" C:\\\\games\"]\n[White \"Ada\"]\n[ECO \"C20\"]\n[MyTag \"é ] ü\"]\n\n1. e4 e5 *";
    app.play.act(Action::Import(chess.to_string()));
    assert!(app.play.select("draughts"));
    app.play.act(Action::Import("[Event \"Draughts club\"]\n\n1. 11-15 23-19 *".to_string()));
    assert_eq!(app.play.history().moves().len(), 2, "the draughts record is imported");
    app
}

/// Where the chess game is among the games `session` keeps aside.
fn chess_at(session: &Session) -> usize {
    session.play.kept.iter().position(|kept| kept.game == "chess").expect("chess is kept")
}

fn tag(name: &str, value: &str) -> (String, String) {
    (name.to_string(), value.to_string())
}

/// The tags of the records the games were imported from go into the file, for the game on screen and the one kept
/// aside, and come back with them: the same session, the same tags.
#[test]
fn record_tags_survive_a_round_trip() {
    let session = with_imported_tags().to_session();
    let chess_tags =
        [tag("Event", "Club \"Open\" C:\\games"), tag("White", "Ada"), tag("ECO", "C20"), tag("MyTag", "é ] ü")];
    assert_eq!(session.play.tags, [tag("Event", "Draughts club")]);
    assert_eq!(session.play.kept[chess_at(&session)].tags, chess_tags);
    let text = to_ron(&session);
    assert!(text.contains(r#"("Event", "Club \"Open\" C:\\games")"#), "{text}");
    let read = parse(&text).expect("reads back");
    assert_eq!(read, session);
    let mut fresh = StudioApp::default();
    fresh.install(&read).expect("installs");
    assert_eq!(fresh.play.message().map(|m| m.text.clone()), None, "nothing left out");
    assert_eq!(fresh.to_session(), session);
    assert_eq!(fresh.play.history().record_tags(), [tag("Event", "Draughts club")]);
    assert!(fresh.play.select("chess"));
    assert_eq!(fresh.play.history().record_tags(), chess_tags);
    // Tags are work: a session differing only in them has unsaved changes.
    let mut other = session.clone();
    other.play.kept[chess_at(&session)].tags[1].1 = "Bo".into();
    assert!(!session.same_work(&other) && session.same_work(&session.clone()));
}

/// Tags no import could have kept — thousands of them, a huge value, a name or a value with quotes, brackets, a
/// line break or an escape character, the start position as a tag, a name twice — are left out with the reason
/// naming the game and the tag; the games open with their moves, and nothing is written into an export.
#[test]
fn hostile_record_tags_are_left_out_with_the_reason() {
    let good = with_imported_tags().to_session();
    let chess = chess_at(&good);
    let many: Vec<_> = (0..5000).map(|i| tag(&format!("T{i}"), "x")).collect();
    let cases = [
        (many, "5000 tags, more than the 64 a game keeps"),
        (vec![tag("Event", &"v".repeat(1 << 20))], "tag 1 ('Event'): its value is longer than 255 characters"),
        (vec![tag("Ev\"ent] [X", "x")], "tag 1 ('Ev\"ent] [X'): its name is not letters, digits or '_'"),
        (vec![tag("Bad\nname\u{1b}[2J", "x")], "tag 1 ('Bad\\nname\\u{1b}[2J'): its name is not letters"),
        (vec![tag("Event", "a\"]\n[Evil \"1")], "tag 1 ('Event'): its value holds a control character"),
        (vec![tag("Site", "\u{1b}[31mred")], "tag 1 ('Site'): its value holds a control character"),
        (vec![tag("FEN", "8/8/8/8/8/8/8/8 w - - 0 1")], "tag 1 ('FEN'): the start position is not kept as a tag"),
        (vec![tag("Event", "a"), tag("Event", "b")], "tag 2 ('Event'): its name is written twice"),
    ];
    for (tags, reason) in cases {
        for on_screen in [true, false] {
            let mut bad = good.clone();
            let (game, place) = match on_screen {
                true => ("draughts", &mut bad.play.tags),
                false => ("chess", &mut bad.play.kept[chess].tags),
            };
            *place = tags.clone();
            let read = parse(&to_ron(&bad)).expect("the file reads");
            let mut app = StudioApp::default();
            app.install(&read).expect("the session opens");
            let said = app.play.message().map(|m| m.text.clone()).unwrap_or_default();
            let expected = format!("the {game} game's record tags were left out ({reason}");
            assert!(said.contains(&expected), "{reason}: {said}");
            assert!(said.contains("Saving now would save it without them"), "{said}");
            assert!(said.len() < 400 && !said.contains('\n'), "one short line: {said}");
            let session = app.to_session();
            let (tags, moves) = match on_screen {
                true => (&session.play.tags, &session.play.moves),
                false => (&session.play.kept[chess].tags, &session.play.kept[chess].moves),
            };
            assert!(tags.is_empty(), "{reason}: {tags:?}");
            assert_eq!(moves.len(), 2, "{reason}: the game opens with its moves");
        }
    }
}

/// A chess record from a set-up position, as Lichess writes one of a game from a position.
const FROM_A_POSITION: &str = "[Event \"Study\"]\n[SetUp \"1\"]\n\
    [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... c5 2. Nf3 *";

/// A game imported from a set-up position comes back from that position, on screen and kept aside (it used to be
/// replayed from the usual start, which refused the whole session); a start no game could have is left out with
/// the reason, a hostile one checked for its length before it is read.
#[test]
fn a_game_from_a_set_up_position_comes_back_from_its_start() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let mut app = StudioApp::default();
    assert!(app.play.select("chess"));
    app.play.act(Action::Import(FROM_A_POSITION.to_string()));
    assert_eq!(app.play.history().moves().len(), 2);
    let on_screen = app.to_session();
    assert_eq!(on_screen.play.start.as_deref(), Some(fen));
    assert!(app.play.select("connect-four"));
    let kept = app.to_session();
    assert_eq!(kept.play.start, None, "the usual start is not written");
    for session in [&on_screen, &kept] {
        let mut fresh = StudioApp::default();
        fresh.install(&parse(&to_ron(session)).expect("reads")).expect("installs");
        assert_eq!(fresh.play.message().map(|m| m.text.clone()), None);
        assert!(fresh.play.select("chess"));
        let history = fresh.play.history();
        assert_eq!(history.position_at(0).position_text().as_deref(), Some(fen));
        assert_eq!((history.move_name(0), history.move_name(1)), ("c5".to_string(), "Nf3".to_string()));
        assert_eq!(history.record_tags(), [tag("Event", "Study")]);
        assert!(fresh.to_session().same_work(session), "the same work again");
    }
    // A family whose positions have no notation of their own keeps the moves its position was set up from.
    let mut app = StudioApp::default();
    assert!(app.play.select("connect-four"));
    app.play.act(Action::SetUp("44".to_string()));
    app.play.act(Action::Play(4));
    let set_up = app.to_session();
    assert_eq!((set_up.play.start.as_deref(), &set_up.play.moves[..]), (Some("44"), &["5".to_string()][..]));
    let mut fresh = StudioApp::default();
    fresh.install(&parse(&to_ron(&set_up)).expect("reads")).expect("installs");
    let hashes = |app: &StudioApp| {
        (app.play.history().position_at(0).position_hash(), app.play.history().position().position_hash())
    };
    assert_eq!(hashes(&fresh), hashes(&app), "the same start and the same position");
    assert_eq!(fresh.to_session(), set_up);
    let chess = chess_at(&kept);
    for (start, reason) in [
        ("x".repeat(100_000), "its start position is longer than the 20,000 characters a position takes"),
        ("8/8/8/8/8/8/8/8 w - - 0 1\n".into(), "its start position '8/8/8/8/8/8/8/8 w - - 0 1\\n' cannot be read"),
    ] {
        let mut bad = kept.clone();
        bad.play.kept[chess].start = Some(start.clone());
        let mut app = StudioApp::default();
        app.install(&parse(&to_ron(&bad)).expect("reads")).expect("the session opens");
        let said = app.play.message().map(|m| m.text.clone()).unwrap_or_default();
        assert!(said.contains(&format!("the kept chess game was left out: {reason}")), "{said}");
        assert!(said.len() < 400, "{said}");
        let mut bad = on_screen.clone();
        bad.play.start = Some(start);
        let mut app = StudioApp::default();
        let refused = app.install(&parse(&to_ron(&bad)).expect("reads")).expect_err("the game on screen is refused");
        assert!(refused.contains(reason), "{refused}");
    }
}
