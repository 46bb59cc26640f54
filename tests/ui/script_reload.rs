//! *Reload games* in the Play view after a script is edited on disk.

/// Writes `text` to `path` and makes sure its modification time moves on (a file system may keep whole seconds).
fn rewrite(path: &std::path::Path, text: &str) {
    let before = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    std::fs::write(path, text).expect("written");
    let file = std::fs::File::options().write(true).open(path).expect("opened");
    let later = before.map_or_else(std::time::SystemTime::now, |t| t + std::time::Duration::from_secs(2));
    file.set_modified(later).expect("a new modification time");
}

/// Reload games in the Play view: a game in progress is replayed by its moves' names into its edited script; a move
/// the new rules refuse, or a script that no longer loads, leaves the old game on screen and playable with a
/// message naming the move or the file:line; a game put aside keeps its moves through every reload.
#[test]
fn reloading_replays_the_game_into_the_edited_script_or_keeps_the_old_one_and_says_why() {
    use alphabeta_studio::app::play::{Action, Play, PlayerKind};
    use alphabeta_studio::games::registry::Registry;
    let dir = std::env::temp_dir().join(format!("scripts-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let nim = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/nim.lua"))
        .expect("nim.lua");
    let path = dir.join("nim.lua");
    std::fs::write(&path, &nim).expect("written");
    let mut play = Play::new(Registry::load(&dir));
    play.players[1].kind = PlayerKind::Human;
    // A game of tic-tac-toe put aside with one move on it.
    assert!(play.select("tic-tac-toe"));
    play.act(Action::Play(4));
    assert!(play.select("nim"));
    for name in ["take 2 from heap 3", "take 1 from heap 1"] {
        let mv = play.history().position().find_move(name).expect(name);
        play.act(Action::Play(mv));
    }
    assert_eq!(play.history().moves().len(), 2);
    assert!(!play.games_changed());

    // An edited heap and name: the game is replayed into the new rules.
    let edited = nim.replace("heaps = {3, 4, 5}", "heaps = {3, 4, 6}").replace("name = \"Nim\"", "name = \"Nim 6\"");
    assert_ne!(edited, nim, "the edit applies");
    rewrite(&path, &edited);
    assert!(play.games_changed(), "the changed file is seen");
    play.act(Action::ReloadGames);
    assert!(!play.games_changed());
    let message = play.message().expect("a message").clone();
    assert!(!message.error && message.text.contains("Nim 6 replayed into its new rules (2 moves)"), "{message:?}");
    assert_eq!(play.entry().variant.name, "Nim 6");
    let names: Vec<String> = (0..2).map(|ply| play.history().move_name(ply)).collect();
    assert_eq!(names, ["take 2 from heap 3", "take 1 from heap 1"]);
    assert!(play.history().position().find_move("take 4 from heap 3").is_some(), "heap 3 had 6 stones");

    // Heap 3 now has one stone: the first move no longer exists, and the old game stays, playable.
    rewrite(&path, &edited.replace("heaps = {3, 4, 6}", "heaps = {3, 4, 1}"));
    play.act(Action::ReloadGames);
    let message = play.message().expect("a message").clone();
    assert!(message.error, "{message:?}");
    assert!(
        message.text.contains("Nim 6 keeps its old rules: move 1 ('take 2 from heap 3') is not a legal move there"),
        "{message:?}"
    );
    assert_eq!(play.history().moves().len(), 2);
    let mv = play.history().position().find_move("take 4 from heap 3").expect("the old rules still hold");
    play.act(Action::Play(mv));
    assert_eq!(play.history().moves().len(), 3, "and the old game plays on");

    // A script that no longer loads: its file:line, and the old game still stays.
    rewrite(&path, &edited.replace("function start()", "function start("));
    play.act(Action::ReloadGames);
    let message = play.message().expect("a message").clone();
    assert!(message.error && message.text.contains("Nim 6 keeps its old rules: "), "{message:?}");
    // Lua reports the unclosed parameter list at the token after it, on the next line.
    let start_line = edited.lines().position(|line| line.starts_with("function start()")).expect("start") + 1;
    let at = format!("nim.lua:{}:", start_line + 1);
    assert!(message.text.contains(&at), "names the file and line ({at}): {message:?}");
    assert_eq!(play.registry.errors.len(), 1, "the broken file is listed");
    assert_eq!(play.history().moves().len(), 3);
    assert_eq!(play.entry().variant.name, "Nim 6");

    // A script that fails while replaying (its `play` errs on heap 1): the move and the file:line.
    let fails = edited.replace(
        "  local heap, take = move // 100, move % 100\n",
        "  local heap, take = move // 100, move % 100\n  if heap == 1 then error(\"no heap 1 today\") end\n",
    );
    assert_ne!(fails, edited, "the edit applies");
    rewrite(&path, &fails);
    play.act(Action::ReloadGames);
    let message = play.message().expect("a message").clone();
    assert!(message.text.contains("move 2 ('take 1 from heap 1')") && message.text.contains("no heap 1 today"));
    assert!(message.text.contains("nim.lua:"), "{message:?}");

    // The tic-tac-toe game put aside came through every reload.
    assert!(play.select("tic-tac-toe"));
    assert_eq!(play.history().moves().len(), 1);
    assert_eq!(play.history().move_name(0), "b2");
    std::fs::remove_dir_all(&dir).ok();
}
