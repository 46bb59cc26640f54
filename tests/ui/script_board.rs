//! Scripted boards of cells, edges and points: a click on a line or on two dots is the script's
//! move, and Kalah draws its stores as stores and its pits with their numbers.

use alphabeta_studio::app::play::{Play, PlayerKind};
use alphabeta_studio::engine::game::Side;
use alphabeta_studio::games::registry::Registry;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::*;

/// The Play view on `tests/data/scripts/<file>`, alone in a folder of its own, both sides played by hand.
fn scripted(file: &str) -> Harness<'static, Play> {
    let dir = std::env::temp_dir().join(format!("ui-script-board-{}-{file}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scripts").join(file);
    std::fs::copy(&source, dir.join(file)).expect("the test script is copied");
    let registry = Registry::load(&dir);
    std::fs::remove_dir_all(&dir).ok();
    assert!(registry.errors.is_empty(), "{:?}", registry.errors.iter().map(|e| e.line()).collect::<Vec<_>>());
    let id = file.trim_end_matches(".lua");
    let mut harness = play_in(registry, id, |play| {
        play.players[0].kind = PlayerKind::Human;
        play.players[1].kind = PlayerKind::Human;
    });
    settle(&mut harness);
    harness
}

fn names(harness: &Harness<'static, Play>) -> Vec<String> {
    let record = harness.state().history();
    (0..record.moves().len()).map(|ply| record.move_name(ply)).collect()
}

/// Every shape the last frame painted, nested shapes taken out of their lists.
fn painted(harness: &Harness<'static, Play>) -> Vec<egui::Shape> {
    fn collect(shape: &egui::Shape, out: &mut Vec<egui::Shape>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &harness.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

/// Every text the last frame painted, nested shapes included.
fn painted_texts(harness: &Harness<'static, Play>) -> Vec<(String, egui::Rect)> {
    let text = |shape: egui::Shape| match shape {
        egui::Shape::Text(text) => Some((text.galley.text().to_owned(), text.visual_bounding_rect())),
        _ => None,
    };
    painted(harness).into_iter().filter_map(text).collect()
}

/// A click on a line plays that line; a dot then another dot plays the line between them; a line already drawn,
/// or two dots with no line between them, play nothing.
#[test]
fn clicks_on_edges_and_points_are_the_scripts_moves() {
    let mut harness = scripted("dots-1x1.lua");
    // One cell, four dots, four lines, each clickable by its name.
    for name in ["cell 1", "point 1", "point 4", "edge 1", "edge 4"] {
        harness.get_by_label(name);
    }
    harness.get_by_label("edge 1").click();
    settle(&mut harness);
    assert_eq!(names(&harness), ["top"]);
    // The drawn line again: not a legal move, nothing played.
    harness.get_by_label("edge 1").click();
    settle(&mut harness);
    assert_eq!(names(&harness), ["top"]);
    // Two dots: the first is selected, the second names the line from it.
    harness.get_by_label("point 2").click();
    settle(&mut harness);
    assert_eq!(names(&harness).len(), 1, "a selected dot plays nothing yet");
    harness.get_by_label("point 4").click();
    settle(&mut harness);
    assert_eq!(names(&harness), ["top", "right"]);
    // Diagonal dots have no line: the script says why.
    harness.get_by_label("point 1").click();
    settle(&mut harness);
    harness.get_by_label("point 4").click();
    settle(&mut harness);
    assert_eq!(names(&harness).len(), 2);
    harness.get_by_label("those two dots are not joined by a line");
    // The last two lines by a click each: the fourth wins the box, which the board says in its owner's name.
    harness.get_by_label("edge 2").click();
    settle(&mut harness);
    harness.get_by_label("edge 4").click();
    settle(&mut harness);
    assert_eq!(names(&harness), ["top", "right", "left", "bottom"]);
    assert!(harness.state().history().position().outcome().is_some(), "all four lines drawn: the game is over");
    assert!(painted_texts(&harness).iter().any(|(text, _)| text == "Second"), "the box carries its owner's name");
}

/// Kalah's stores are drawn as stores, each as tall as both rows of pits, and every pit carries its number as its
/// move is named and its seeds.
#[test]
fn kalahs_stores_and_pit_numbers_are_drawn() {
    let harness = play("kalah");
    let store = harness.get_by_label("cell 1").rect();
    let pit = harness.get_by_label("cell 2").rect();
    assert!((store.height() - 2.0 * pit.height()).abs() < 1.0, "store {store:?}, pit {pit:?}");
    assert!(harness.query_by_label("cell 9").is_none(), "the place under the store is the store");
    let texts = painted_texts(&harness);
    for number in 1..=6 {
        let note = format!("pit {number}");
        let drawn = texts.iter().filter(|(text, _)| *text == note).count();
        assert_eq!(drawn, 2, "{note} on both sides' rows");
    }
    // South's pit 1 is the lower row's first pit (cell 10), its note inside it.
    let south_first = harness.get_by_label("cell 10").rect();
    assert!(texts.iter().any(|(text, at)| text == "pit 1" && south_first.contains(at.center())));
    assert!(texts.iter().filter(|(text, at)| text == "4" && south_first.contains(at.center())).count() == 1);
    // Each store carries its side's name and its seeds (none yet).
    for (name, cell) in [("North", "cell 1"), ("South", "cell 8")] {
        let store = harness.get_by_label(cell).rect();
        assert!(texts.iter().any(|(text, at)| text == name && store.contains(at.center())), "{name} in {cell}");
        assert!(texts.iter().any(|(text, at)| text == "0" && store.contains(at.center())), "0 seeds in {cell}");
    }
}

/// A click where a person clicks: a press and a release at `at`, the pointer over it.
fn click_at(harness: &mut Harness<'static, Play>, at: egui::Pos2) {
    harness.hover_at(at);
    harness.drag_at(at);
    harness.drop_at(at);
    settle(harness);
}

/// Where the dot named `name` is drawn: the round dots painted on the board lie in four rows of four, columns a–d
/// from the left, rows 4–1 from the top.
fn dot(harness: &Harness<'static, Play>, name: &str) -> egui::Pos2 {
    let board = harness.get_by_label("cell 1").rect().union(harness.get_by_label("cell 9").rect()).expand(2.0);
    let mut dots: Vec<egui::Pos2> = painted(harness)
        .into_iter()
        .filter_map(|shape| match shape {
            egui::Shape::Circle(c) if c.fill != egui::Color32::TRANSPARENT && board.contains(c.center) => {
                Some(c.center)
            }
            _ => None,
        })
        .collect();
    assert_eq!(dots.len(), 16, "4 × 4 dots: {dots:?}");
    dots.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    let (column, row) = (usize::from(name.as_bytes()[0] - b'a'), usize::from(b'4' - name.as_bytes()[1]));
    dots[row * 4 + column]
}

/// Whether a solid line is painted from `a` to `b` (a line still to draw is dashed: short pieces).
fn line_painted(harness: &Harness<'static, Play>, a: egui::Pos2, b: egui::Pos2) -> bool {
    painted(harness).iter().any(|shape| match shape {
        egui::Shape::LineSegment { points: [p, q], stroke } => {
            let joins = (p.distance(a) < 1.0 && q.distance(b) < 1.0) || (p.distance(b) < 1.0 && q.distance(a) < 1.0);
            joins && stroke.width >= 2.0
        }
        _ => false,
    })
}

/// The shipped Dots and Boxes is a board of dots and lines. A click on a line where it is drawn
/// plays it, and the line is then drawn solid between its dots; a click on it again is refused with the script's
/// reason; two dots clicked one after the other draw the line between them; and the fourth side of a box fills it
/// in its owner's colour, with the owner's name, and the owner moves again.
#[test]
fn shipped_dots_and_boxes_is_played_on_its_lines_and_dots() {
    let mut harness = play_in(registry(), "dots-and-boxes", |play| {
        play.players[0].kind = PlayerKind::Human;
        play.players[1].kind = PlayerKind::Human;
    });
    settle(&mut harness);
    let [a4, b4, a3, b3] = ["a4", "b4", "a3", "b3"].map(|name| dot(&harness, name));
    // The dots along the top and the right edge carry their names, at their upper right.
    let texts = painted_texts(&harness);
    for name in ["a4", "d4", "d1"] {
        let at = dot(&harness, name);
        let beside = |label: &egui::Rect| (label.left_bottom() - at).length() < (b4 - a4).length() / 3.0;
        assert!(texts.iter().any(|(text, label)| text == name && beside(label)), "{name} is named");
    }
    let middle = |p: egui::Pos2, q: egui::Pos2| p + (q - p) / 2.0;
    assert!(!line_painted(&harness, a4, b4), "no line is drawn yet");
    // Red: the top left line, clicked where it is drawn.
    click_at(&mut harness, middle(a4, b4));
    assert_eq!(names(&harness), ["a4-b4"]);
    assert!(line_painted(&harness, a4, b4), "a4-b4 is drawn between its dots");
    // Blue clicks the same line: the script says why nothing is played.
    click_at(&mut harness, middle(a4, b4));
    assert_eq!(names(&harness), ["a4-b4"]);
    harness.get_by_label("that line is drawn already");
    click_at(&mut harness, middle(a3, b3));
    // Red joins two dots.
    click_at(&mut harness, a3);
    assert_eq!(names(&harness).len(), 2, "a dot alone plays nothing");
    click_at(&mut harness, a4);
    assert_eq!(names(&harness), ["a4-b4", "a3-b3", "a3-a4"]);
    // Blue draws the box's fourth side: the box is Blue's, and Blue draws again.
    assert_eq!(harness.state().history().position().side_to_move(), Side::Min);
    click_at(&mut harness, middle(b3, b4));
    assert_eq!(names(&harness), ["a4-b4", "a3-b3", "a3-a4", "b3-b4"]);
    assert_eq!(harness.state().history().position().side_to_move(), Side::Min, "Blue closed a box: Blue again");
    let centre = middle(a4, b3);
    let filled = painted(&harness).iter().any(|shape| {
        matches!(shape, egui::Shape::Rect(r) if r.rect.contains(centre) && r.fill == egui::Color32::from_rgb(0x70, 0x90, 0xe0))
    });
    assert!(filled, "the box is filled in Blue's colour");
    let texts = painted_texts(&harness);
    assert!(texts.iter().any(|(text, at)| text == "Blue" && at.contains(centre)), "the box carries Blue's name");
    assert!(texts.iter().any(|(text, _)| text.contains("Blue closed a box and draws again")), "{texts:?}");
}

/// A script whose `moves` or `draw` runs a `__close` handler that never ends (it once ran after the call's budget
/// was spent, with none of its own, and froze the window for good when the game was chosen): choosing the game
/// ends in a message with the script's line within a few call budgets, and the window goes on drawing frames.
#[test]
fn choosing_a_game_whose_close_handler_never_ends_does_not_freeze_the_window() {
    const BOMB: &str =
        "local g <close> = setmetatable({}, {__close = function() while true do end end}); while true do end";
    let game = |moves: &str, draw: &str| {
        format!(
            "bounds = {{-1, 1}}\nboard = {{ shape = \"grid\", width = 3, height = 1 }}\n\
             function start() return {{ n = 0 }} end\nfunction turn(s) return s.n % 2 + 1 end\n\
             function play(s, m) return {{ n = s.n + 1 }} end\nfunction result(s) if s.n >= 3 then return 0 end end\n\
             function moves(s) {moves} end\nfunction draw(s) {draw} end\n"
        )
    };
    for (file, text) in
        [("moves-bomb.lua", game(BOMB, "return { {}, {}, {} }")), ("draw-bomb.lua", game("return { 1, 2, 3 }", BOMB))]
    {
        let line = if file.starts_with("moves") { 7 } else { 8 };
        let (tx, rx) = std::sync::mpsc::channel();
        // On a thread of its own, so that a frozen window fails the test instead of hanging it.
        std::thread::spawn(move || {
            let dir = std::env::temp_dir().join(format!("ui-close-bomb-{}-{file}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("a temporary folder");
            std::fs::write(dir.join(file), text).expect("written");
            let registry = Registry::load(&dir);
            std::fs::remove_dir_all(&dir).ok();
            let id = file.trim_end_matches(".lua");
            // The AI moves first, asking for the moves; the board is drawn in any case.
            let mut harness = play_in(registry, id, |play| {
                play.players[0].kind = PlayerKind::Ai;
                play.players[1].kind = PlayerKind::Human;
            });
            let started = std::time::Instant::now();
            // In the message above the board (the AI's search), or on the board (its drawing).
            let shown = |harness: &Harness<'static, Play>| {
                let message = harness.state().message().map(|m| m.text.clone());
                message.or_else(|| harness.query_by_label_contains("stopped after").map(|node| format!("{node:?}")))
            };
            while shown(&harness).is_none() && started.elapsed() < std::time::Duration::from_secs(30) {
                harness.step();
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            // And the window goes on: frames after the fault come at once.
            let after = std::time::Instant::now();
            for _ in 0..5 {
                harness.step();
            }
            assert!(after.elapsed() < std::time::Duration::from_secs(5), "{:?}", after.elapsed());
            let _ = tx.send(shown(&harness));
        });
        let message = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{file}: the window still frozen after 60 s"))
            .unwrap_or_else(|| panic!("{file}: no message"));
        assert!(message.contains(&format!("{file}:{line}: stopped after")), "{file}: {message}");
    }
}

/// `graph-slide.lua` once its six stones are placed by clicks on its points: Black on b2, c3, a2, White on a3, c1,
/// c2; Black to slide.
fn placed_graph() -> Harness<'static, Play> {
    let mut harness = scripted("graph-slide.lua");
    for point in [5, 1, 3, 9, 4, 6] {
        harness.get_by_label(&format!("point {point}")).click();
        settle(&mut harness);
    }
    assert_eq!(names(&harness), ["b2", "a3", "c3", "c1", "a2", "c2"]);
    harness
}

/// The centre of point `n` (its clickable square is centred on it).
fn point_at(harness: &Harness<'static, Play>, n: usize) -> egui::Pos2 {
    harness.get_by_label(&format!("point {n}")).rect().center()
}

/// The stones painted on the board: the filled circles standing on a point, wider than its dot (not the last
/// move's ring).
fn stones(harness: &Harness<'static, Play>) -> Vec<egui::epaint::CircleShape> {
    let points: Vec<egui::Pos2> = (1..=9).map(|n| point_at(harness, n)).collect();
    let cell = points[0].distance(points[1]);
    painted(harness)
        .into_iter()
        .filter_map(|shape| match shape {
            egui::Shape::Circle(c)
                if c.radius > cell * 0.15
                    && c.fill != egui::Color32::TRANSPARENT
                    && points.iter().any(|p| p.distance(c.center) < 1.0) =>
            {
                Some(c)
            }
            _ => None,
        })
        .collect()
}

/// The points dotted as legal places: circles in the colour of the side to move's dot, each mapped to its point.
fn dotted_points(harness: &Harness<'static, Play>, count: usize) -> std::collections::BTreeSet<usize> {
    let side = harness.state().history().position().side_to_move();
    let dot = alphabeta_studio::app::play::boards::view::stone_color(side).gamma_multiply(0.7);
    let centres: Vec<egui::Pos2> = (1..=count).map(|n| point_at(harness, n)).collect();
    painted(harness)
        .into_iter()
        .filter_map(|shape| match shape {
            egui::Shape::Circle(c) if c.fill == dot => {
                Some(centres.iter().position(|p| p.distance(c.center) < 1.0).map_or(0, |i| i + 1))
            }
            _ => None,
        })
        .collect()
}

/// A point's name is written beside it, never over the stone standing there: the label's box keeps clear of the
/// stone's circle, outline included.
#[test]
fn a_graph_board_s_labels_stand_beside_its_stones() {
    let harness = placed_graph();
    let stones = stones(&harness);
    assert_eq!(stones.len(), 6, "{stones:?}");
    let texts = painted_texts(&harness);
    for (point, name) in [(5, "b2"), (1, "a3"), (3, "c3"), (9, "c1"), (4, "a2"), (6, "c2"), (7, "a1")] {
        let centre = point_at(&harness, point);
        // The nearest of the texts (the move list names the moves too).
        let label = texts
            .iter()
            .filter(|(text, _)| text == name)
            .map(|(_, at)| at)
            .min_by(|a, b| a.distance_to_pos(centre).total_cmp(&b.distance_to_pos(centre)))
            .unwrap_or_else(|| panic!("{name} is written"));
        let reach = stones.iter().find(|s| s.center.distance(centre) < 1.0).map_or(0.0, |s| s.radius + s.stroke.width);
        let gap = label.distance_to_pos(centre);
        assert!(gap > reach, "{name}: its label {label:?} is {gap} from the point, the stone reaches {reach}");
        let cell = point_at(&harness, 1).distance(point_at(&harness, 2));
        assert!(gap < cell / 2.0, "{name}: its label {label:?} is beside the point, {gap} from it");
    }
}

/// Black and white stones both show on the dark and the light theme: each has an outline that stands out from the
/// board's background (a black stone on the dark board had a dark grey one, and vanished).
#[test]
fn stones_of_either_colour_show_on_both_themes() {
    let mut harness = placed_graph();
    let light = |c: egui::Color32| 0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b());
    for theme in [egui::Theme::Dark, egui::Theme::Light] {
        harness.ctx.set_theme(theme);
        settle(&mut harness);
        let background = harness.ctx.global_style().visuals.extreme_bg_color;
        let stones = stones(&harness);
        let fills: std::collections::BTreeSet<[u8; 4]> = stones.iter().map(|s| s.fill.to_array()).collect();
        assert_eq!(fills.len(), 2, "{theme:?}: black and white stones: {stones:?}");
        for stone in &stones {
            let contrast = (light(stone.stroke.color) - light(background)).abs();
            assert!(
                contrast > 120.0 && stone.stroke.width >= 1.0,
                "{theme:?}: a stone of {:?} has the outline {:?} on the background {background:?}",
                stone.fill,
                stone.stroke
            );
        }
    }
}

/// After the first click of a two-click move the places the second click can end it on are dotted, and only they:
/// for moves numbered from·to (`100 × from + to`) on a board whose `moves = "points"` dots its placings, and for
/// the lines of Dots and Boxes picked by their two dots.
#[test]
fn a_selected_piece_s_destinations_are_dotted_however_moves_are_numbered() {
    let mut harness = placed_graph();
    assert!(dotted_points(&harness, 9).is_empty(), "no placing is left: nothing dotted before a stone is picked");
    harness.get_by_label("point 5").click();
    settle(&mut harness);
    let position = harness.state().history().position();
    let names = ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"];
    let legal: std::collections::BTreeSet<usize> = position
        .legal_moves()
        .into_iter()
        .filter_map(|mv| position.move_name(mv).strip_prefix("b2-").map(str::to_owned))
        .filter_map(|to| names.iter().position(|name| *name == to).map(|i| i + 1))
        .collect();
    assert_eq!(legal, [2, 7, 8].into(), "b2 slides to the empty points beside it");
    assert_eq!(dotted_points(&harness, 9), legal);
    // Dots and Boxes: a dot picked, the dots it is joined to by a line still to draw.
    let mut dots = scripted("dots-1x1.lua");
    dots.get_by_label("point 2").click();
    settle(&mut dots);
    assert_eq!(dotted_points(&dots, 4), [1, 4].into());
}

/// The shipped Nine Men's Morris is played on its points: a click on an empty point places a piece there; a mill
/// lets the same side take a piece by a click on it, where a click on an empty point or on a piece standing in a
/// mill is refused with the script's reason; and a slide is two clicks, the piece and where it goes.
#[test]
fn shipped_nine_mens_morris_places_and_takes_by_clicks_on_its_points() {
    let mut harness = play_in(registry(), "nine-mens-morris", |play| {
        play.players[0].kind = PlayerKind::Human;
        play.players[1].kind = PlayerKind::Human;
    });
    settle(&mut harness);
    let click = |harness: &mut Harness<'static, Play>, point: usize| {
        harness.get_by_label(&format!("point {point}")).click();
        settle(harness);
    };
    // Points are numbered row by row from the top: 1 a7, 2 d7, 3 g7, … 8 d5, 16 c3, 19 b2, 22 a1, 23 d1, 24 g1.
    click(&mut harness, 22);
    assert_eq!(names(&harness), ["a1"]);
    // The wooden board's cells carry no move: b7 is no point.
    harness.get_by_label("cell 2").click();
    settle(&mut harness);
    harness.get_by_label("click a point, where lines meet");
    click(&mut harness, 22);
    harness.get_by_label("that point is taken: place on an empty one");
    assert_eq!(names(&harness), ["a1"]);
    for point in [1, 24, 2, 19, 3] {
        click(&mut harness, point);
    }
    // Black's a7-d7-g7 is a mill: Black moves again, and takes.
    assert_eq!(harness.state().history().position().side_to_move(), Side::Min);
    assert!(painted_texts(&harness).iter().any(|(text, _)| text.starts_with("Black has a mill")));
    click(&mut harness, 16);
    harness.get_by_label("click a piece of White to take it");
    click(&mut harness, 19);
    assert_eq!(names(&harness), ["a1", "a7", "g1", "d7", "b2", "g7", "xb2"]);
    assert_eq!(harness.state().history().position().side_to_move(), Side::Max);
    // White's a1-d1-g1: Black's d5 stands outside its mill, so only it may be taken.
    for point in [16, 8, 23] {
        click(&mut harness, point);
    }
    click(&mut harness, 2);
    harness.get_by_label("that piece stands in a mill: take another");
    click(&mut harness, 8);
    assert_eq!(names(&harness)[7..], ["c3", "d5", "d1", "xd5"]);
    assert_eq!(harness.state().history().position().side_to_move(), Side::Min);
}
