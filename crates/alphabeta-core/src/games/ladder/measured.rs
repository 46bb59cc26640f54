//! The ladders measured, as data: each game's steps (wins, draws and losses of the higher level of each neighbouring
//! pair) as `bench/ladder.sh` printed them, with the command and date that measured them. The figures are computed
//! from these in the parent module.

use super::{Ladder, Scale, Step, TimedCheck};

/// The ladders measured: the output of `bench/ladder.sh` (each level at its own node budget or depth, so the figures
/// hold on any machine), pasted here as data, each step's wins–draws–losses of the higher level.
///
/// Connect Four and Othello 6 × 6: `bench/ladder.sh 400 connect-four othello-6x6`, 2026-11-25 (Connect Four from four
/// random plies, a new position for every pair of games; 6 × 6 from its book of balanced openings, with its levels set
/// by depth). Connect Four 8 × 7: `bench/ladder.sh 640,400,400,400,400,400,400,400,400 connect-four-8x7`, 2026-11-26,
/// from four random plies. Gomoku 9 × 9: `bench/ladder.sh 400,400,400,400,400,200,160,160,96 gomoku-9x9`, 2026-11-26,
/// from four random plies, with its levels listed in its game file (8 v 7 to 10 v 9 from runs before the lower levels
/// changed: a node-limited pair replays its games; see the README's *Gomoku's ladder*). Four in a row 5 × 5:
/// `bench/ladder.sh 400,400,400,400,400,400,400,400,200 four-in-a-row-5x5`, 2026-11-26, from its book of balanced
/// openings, with its levels listed in its game file. Kalah (a script): `bench/ladder.sh
/// 200,200,300,300,300,300,300,200,200 kalah`, 2026-11-26, from four random plies, with its levels listed in its file.
/// Tic-tac-toe and its script twin: `bench/ladder.sh 276 tic-tac-toe tic-tac-toe-script`, 2026-11-26, from their book
/// of every balanced position three plies in (138, each from both sides: every game the levels can play from it), with
/// their levels listed in their files. Nim: `bench/ladder.sh 218 nim`, 2026-11-26, from its book of every position
/// three plies in (109), with its levels listed in its file. Connect Four's script: `bench/ladder.sh
/// 400,400,400,400,400,400,400,200,200 connect-four-script`, 2026-11-26, from four random plies, with its levels listed
/// in its file (2 v 1 to 8 v 7 from a second run, at 400 games). Hex: `bench/ladder.sh
/// 400,400,400,400,400,400,300,200,200 hex`, 2026-11-26, from four random plies, with its levels listed in its file
/// (10 v 9 from a first run: levels 9 and 10 have not changed since). EinStein: `bench/ladder.sh
/// 4000,4000,4000,4000,4000,4000,4000,4000,1000 einstein`, 2026-11-26, from the setup (the dice differ from pair to
/// pair), with its levels listed in its file. Pig: `bench/ladder.sh 4000 pig`, 2026-11-26, from the start (the dice
/// differ from pair to pair), with its levels listed in its file: its steps add up to more than its levels' direct
/// results (level 10 against level 1 scored 91.1 %, +404 Elo, where the steps sum to +625; see the README's *Pig's
/// levels*). Draughts: `bench/ladder.sh 160 draughts` and, for 2 v 1 to 4 v 3, `FIRST=1 LAST=4 OPENING_PLIES=4 bench/ladder.sh 640 draughts` (2026-11-25, with repetition draws
/// from level 4). Othello: `bench/ladder.sh 1200,1200,1200,400,400,400,400,400,400 othello`, 2026-11-25, from its book
/// of balanced openings, with the game's `mistakes` at 400 (at 60, 5 v 4 scored 54 %; at 120 games 10 v 9 had scored
/// 52 %, and the 280 games after them 61 %). Chess: `bench/ladder.sh 600,400,600,400,600,400,300,160,160 chess`
/// (2026-11-25, with the evaluation's weights fitted to Stockfish's scores; 8 v 7 and 9 v 8, the 24 games a pair of an
/// earlier run, then the rest with `match --seed 13`: the same games as one run; 10 v 9 as one run of 160 games,
/// 2026-11-26, whose first 24 and next 56 games scored as the earlier runs had), placed by level 8's three 40-game
/// matches against Stockfish (`bench/strength.sh anchor`, with `ANCHOR_SEED` 11, 12 and 32: +21 =1 −18, +24 =2 −14 and
/// +22 =3 −15, pooled; seeds 11 and 12 share 19 of their 20 openings, and only Stockfish's own randomness makes their
/// games differ). Below Stockfish's lowest setting, 1350, the figures are the ladder's extrapolation, and the two steps
/// won 99.4 % of their games (2 v 1, 4 v 3: +893 Elo, 95 %: above +771) count only +400 each (so levels 1–3 are weaker
/// still than their figures).
pub const MEASURED: &[Ladder] = &[
    Ladder {
        game: "chess",
        steps: [
            Step(596, 1, 3),
            Step(247, 25, 128),
            Step(596, 1, 3),
            Step(242, 60, 98),
            Step(400, 78, 122),
            Step(271, 56, 73),
            Step(236, 45, 19),
            Step(83, 52, 25),
            Step(71, 75, 14),
        ],
        scale: Scale::Stockfish { level: 8, uci_elo: 1900, elo_difference: 58, games: 120 },
        // At 1 s a move, with the fifth round's weights: `SF_GAMES=40 CONCURRENCY=2 bench/strength.sh stockfish`
        // (+20 =5 −15, openings 1–20) and 30 games with `SF_SEED=21` (+19 =4 −7, openings 21–35), 2026-11-25, no
        // forfeit. (The hand-set weights had scored +58 =5 −57 in 120 games.)
        check: Some(TimedCheck { level: 10, uci_elo: 2000, ms_per_move: 1000, result: Step(39, 9, 22) }),
    },
    Ladder {
        game: "connect-four",
        steps: [
            Step(310, 18, 72),
            Step(240, 55, 105),
            Step(255, 46, 99),
            Step(261, 22, 117),
            Step(256, 27, 117),
            Step(227, 27, 146),
            Step(305, 25, 70),
            Step(215, 36, 149),
            Step(232, 41, 127),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "connect-four-8x7",
        steps: [
            Step(568, 5, 67),
            Step(249, 13, 138),
            Step(250, 16, 134),
            Step(269, 11, 120),
            Step(258, 8, 134),
            Step(231, 14, 155),
            Step(332, 6, 62),
            Step(217, 17, 166),
            Step(231, 18, 151),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "gomoku-9x9",
        steps: [
            Step(324, 6, 70),
            Step(281, 32, 87),
            Step(202, 80, 118),
            Step(233, 95, 72),
            Step(157, 165, 78),
            Step(89, 79, 32),
            Step(52, 80, 28),
            Step(48, 88, 24),
            Step(29, 58, 9),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "four-in-a-row-5x5",
        steps: [
            Step(223, 16, 161),
            Step(220, 24, 156),
            Step(270, 27, 103),
            Step(228, 46, 126),
            Step(181, 106, 113),
            Step(158, 199, 43),
            Step(169, 198, 33),
            Step(128, 228, 44),
            Step(38, 157, 5),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "kalah",
        steps: [
            Step(106, 22, 72),
            Step(180, 6, 14),
            Step(203, 10, 87),
            Step(198, 18, 84),
            Step(193, 22, 85),
            Step(190, 13, 97),
            Step(185, 13, 102),
            Step(107, 23, 70),
            Step(104, 16, 80),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "draughts",
        steps: [
            Step(519, 115, 6),
            Step(409, 183, 48),
            Step(470, 141, 29),
            Step(82, 59, 19),
            Step(71, 67, 22),
            Step(71, 65, 24),
            Step(78, 59, 23),
            Step(72, 58, 30),
            Step(61, 70, 29),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "othello",
        steps: [
            Step(1144, 6, 50),
            Step(1138, 4, 58),
            Step(1038, 16, 146),
            Step(296, 8, 96),
            Step(277, 4, 119),
            Step(256, 4, 140),
            Step(324, 7, 69),
            Step(249, 17, 134),
            Step(222, 23, 155),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "othello-6x6",
        steps: [
            Step(326, 14, 60),
            Step(272, 22, 106),
            Step(339, 4, 57),
            Step(254, 10, 136),
            Step(274, 15, 111),
            Step(233, 19, 148),
            Step(272, 16, 112),
            Step(233, 17, 150),
            Step(238, 24, 138),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "tic-tac-toe",
        steps: [
            Step(129, 64, 83),
            Step(122, 64, 90),
            Step(118, 68, 90),
            Step(115, 76, 85),
            Step(107, 93, 76),
            Step(93, 121, 62),
            Step(86, 133, 57),
            Step(74, 176, 26),
            Step(32, 244, 0),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "tic-tac-toe-script",
        steps: [
            Step(140, 39, 97),
            Step(133, 45, 98),
            Step(134, 46, 96),
            Step(129, 51, 96),
            Step(127, 61, 88),
            Step(115, 87, 74),
            Step(94, 122, 60),
            Step(69, 167, 40),
            Step(65, 211, 0),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "nim",
        steps: [
            Step(143, 0, 75),
            Step(128, 0, 90),
            Step(165, 0, 53),
            Step(141, 0, 77),
            Step(120, 0, 98),
            Step(148, 0, 70),
            Step(122, 0, 96),
            Step(120, 0, 98),
            Step(125, 0, 93),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "connect-four-script",
        steps: [
            Step(273, 0, 127),
            Step(289, 0, 111),
            Step(317, 2, 81),
            Step(294, 13, 93),
            Step(278, 19, 103),
            Step(242, 28, 130),
            Step(214, 46, 140),
            Step(108, 23, 69),
            Step(127, 13, 60),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "einstein",
        steps: [
            Step(2306, 0, 1694),
            Step(2272, 0, 1728),
            Step(2307, 0, 1693),
            Step(2353, 0, 1647),
            Step(2301, 0, 1699),
            Step(2340, 0, 1660),
            Step(2368, 0, 1632),
            Step(2330, 0, 1670),
            Step(586, 0, 414),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "pig",
        steps: [
            Step(2479, 0, 1521),
            Step(2393, 0, 1607),
            Step(2350, 0, 1650),
            Step(2439, 0, 1561),
            Step(2454, 0, 1546),
            Step(2398, 0, 1602),
            Step(2371, 0, 1629),
            Step(2351, 0, 1649),
            Step(2312, 0, 1688),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
    Ladder {
        game: "hex",
        steps: [
            Step(344, 0, 56),
            Step(309, 0, 91),
            Step(298, 0, 102),
            Step(288, 0, 112),
            Step(306, 0, 94),
            Step(302, 0, 98),
            Step(201, 0, 99),
            Step(146, 0, 54),
            Step(145, 0, 55),
        ],
        scale: Scale::LevelOne,
        check: None,
    },
];
