#!/usr/bin/env python3
"""The game review measured against outside oracles: bench/review_quality.sh's helper (docs/benchmarks.md, "Game
review").

    review_quality.py connect-four --bin BIN --pons PONS [--games N] [--seed S] [--from-ply P] [--out DIR]
    review_quality.py chess --bin BIN [--stockfish PATH] [--depth D] --pgn FILE[:N]... [--per-file N] [--out DIR]
    review_quality.py fit-chess-scale --bin BIN [--stockfish PATH] [--depth D] --pgn FILE... [--skip N]
    review_quality.py stockfish-limits [--stockfish PATH] [--depth D] --pgn FILE[:N]... [--limits depth:D,nodes:N,...]
    review_quality.py stockfish-recheck [--stockfish PATH] --pgn FILE[:N]... --moves GAME:PLY... [--depths 16,22,26]
    review_quality.py make-chess-games --out FILE [--games N] [--stockfish PATH]

connect-four: plays N games of `alphabeta match connect-four` between low and medium levels from random openings
(seeded), reviews each with `alphabeta review connect-four --json`, and values every legal move of every position from
ply P on with Pascal Pons' solver (bench/pons_driver.cpp --analyze). A move's true class is the outcome it keeps:
sound (the best outcome kept, however fast), "loses the win" (a win to a draw: a mistake) or "loses the game" (a win
or a draw to a loss: a blunder).

chess: reviews each game of the PGN files with `alphabeta review chess --json` and evaluates every position with
Stockfish to a fixed depth; a move's true class is Lichess's judgement from those evaluations (lila's Advice.scala:
the drop of the mover's winning chances 2 / (1 + e^(-0.00368208 cp)) - 1, centipawns held to +-1000, of 0.1, 0.2,
0.3 for an inaccuracy, a mistake, a blunder; a mate lost or let in judged by the other side's centipawns), and each
side's accuracy is Lichess's (lila's AccuracyPercent.scala), computed here from Stockfish's evaluations.

stockfish-limits: Stockfish itself at smaller limits (depths, nodes a position), judged from its own evaluations by
the same rule, against Stockfish at --depth: the strength of engine the chess goals ask for.

stockfish-recheck: the moves named, judged again by Stockfish at deeper depths from an empty table.

make-chess-games: plays Stockfish at low Skill Levels against itself (the games behind bench/data/review/
stockfish-skill.pgn; Stockfish's skill randomness is not seeded, so the file is kept, not regenerated per run).

Each prints one Markdown table of the figures to stdout and writes one detail file per game to --out.
"""
import argparse
import json
import math
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

FLAGS = ("inaccuracy", "mistake", "blunder")
ERRORS = ("mistake", "blunder")
# Pairs of levels (first player, second player): low and medium levels, whose deliberate mistakes make real errors.
CF_LEVELS = [(3, 5), (4, 6), (2, 5), (5, 6), (3, 6), (4, 5)]


def fail(message):
    print(f"review_quality.py: {message}", file=sys.stderr)
    sys.exit(1)


def review(binary, game, record, extra):
    """The studio's review of one record as JSON, and its seconds: wall clock, and processor time (user + system,
    which the machine's other work moves far less)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run([binary, "review", game, "--record", record, "--json", *extra], capture_output=True,
                          text=True, check=False)
    seconds = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        fail(f"{binary} review {game} --record {record}: exit {done.returncode}: {done.stderr.strip()}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return json.loads(done.stdout), seconds, cpu


def ratio(numerator, denominator):
    return numerator / denominator if denominator else float("nan")


def mean(values):
    values = list(values)
    return sum(values) / len(values) if values else float("nan")


def games_text(count):
    return f"{count} game{'' if count == 1 else 's'}"


def figure(value):
    return "—" if math.isnan(value) else f"{value:.3f}"


def scores(pairs):
    """Precision and recall of the studio's flags (first of each pair) against the oracle's (second), with counts."""
    true_positive = sum(1 for flagged, real in pairs if flagged and real)
    flagged = sum(1 for flagged, _ in pairs if flagged)
    real = sum(1 for _, real in pairs if real)
    return ratio(true_positive, flagged), ratio(true_positive, real), true_positive, flagged, real


def print_verdicts(rows, sound_name, goals):
    """The table's head and its rows on flags, from (the studio's class, the oracle's class; sound_name when sound);
    goals: the issue's goal of each figure, by its name."""
    blunders = scores([(c == "blunder", t == "blunder") for c, t in rows])
    errors = scores([(c in ERRORS, t in ERRORS) for c, t in rows])
    sound = [c for c, t in rows if t == sound_name]
    false_flags = sum(1 for c in sound if c in FLAGS)
    false_errors = sum(1 for c in sound if c in ERRORS)
    print()
    print("| figure | value | counts | goal |")
    print("|---|---|---|---|")
    for name, value, counts in (
            ("blunders: precision", blunders[0], f"{blunders[2]} of {blunders[3]} flagged"),
            ("blunders: recall", blunders[1], f"{blunders[2]} of {blunders[4]} real"),
            ("mistakes + blunders: precision", errors[0], f"{errors[2]} of {errors[3]} flagged"),
            ("mistakes + blunders: recall", errors[1], f"{errors[2]} of {errors[4]} real"),
            ("flags (?!, ?, ??) on sound moves", ratio(false_flags, len(sound)),
             f"{false_flags} of {len(sound)} sound ({false_errors} as ? or ??)")):
        print(f"| {name} | {figure(value)} | {counts} | {goals.get(name, '')} |")


# ------------------------------------------------------------------------------------------------------- Connect Four


def cf_match_games(binary, count, seed, work):
    """count games of `match connect-four` as Pons move strings, two a pair of levels from one random opening."""
    games = []
    for index in range((count + 1) // 2):
        first, second = CF_LEVELS[index % len(CF_LEVELS)]
        pgn = os.path.join(work, f"match-{index}.pgn")
        subprocess.run([binary, "match", "connect-four", "--a", f"level:{first}", "--b", f"level:{second}",
                        "--games", "2", "--openings", "random:2", "--seed", str(seed + index), "--pgn", pgn],
                       capture_output=True, check=True)
        with open(pgn, encoding="utf-8") as handle:
            text = handle.read()
        for block in re.split(r"\n(?=\[Event )", text.strip()):
            moves = re.sub(r"\[[^\]]*\]", " ", block)
            moves = re.sub(r"\d+\.", " ", moves)
            columns = [token for token in moves.split() if re.fullmatch(r"[1-7]", token)]
            white = re.search(r'\[White "([^"]*)"\]', block)
            black = re.search(r'\[Black "([^"]*)"\]', block)
            games.append(("".join(columns), f"{white.group(1)} v {black.group(1)}"))
    return games[:count]


def pons_analyze(pons, prefixes):
    """Pons' exact score of every column for each position (None for a full column), his table kept over the game."""
    done = subprocess.run([pons, "--analyze"], input="".join(p + "\n" for p in prefixes), capture_output=True,
                          text=True, check=True)
    values = {}
    for line in done.stdout.splitlines():
        fields = line.split(" ")
        # An empty position prints as a line starting with its (empty) move string.
        values[fields[0]] = [None if f == "-" else int(f) for f in fields[1:]]
    missing = [p for p in prefixes if p not in values]
    if missing:
        fail(f"Pons' solver gave no scores for {missing[0]!r}: {done.stderr.strip()}")
    return values


def outcome(score):
    return (score > 0) - (score < 0)


def cf_true_class(column_scores, played):
    """The oracle's class of playing column `played` (1-based) and its wording."""
    best = max(s for s in column_scores if s is not None)
    value = column_scores[played - 1]
    if outcome(value) == outcome(best):
        return ("sound", "best") if value == best else ("sound", "slower")
    if outcome(best) > 0 and outcome(value) == 0:
        return "mistake", "loses the win"
    return "blunder", "loses the win and the game" if outcome(best) > 0 else "loses the draw"


def connect_four(args):
    with tempfile.TemporaryDirectory() as work:
        games = cf_match_games(args.bin, args.games, args.seed, work)
        os.makedirs(args.out, exist_ok=True)
        rows, times, proven, total = [], [], 0, 0
        for number, (moves, players) in enumerate(games, 1):
            record = os.path.join(work, f"game-{number}.txt")
            with open(record, "w", encoding="utf-8") as handle:
                handle.write(moves + "\n")
            result, seconds, cpu = review(args.bin, "connect-four", record, args.review_args)
            times.append((seconds, cpu))
            prefixes = [moves[:ply] for ply in range(args.from_ply, len(moves))]
            oracle = pons_analyze(args.pons, prefixes) if prefixes else {}
            lines = [f"game {number}: {moves} ({players}), reviewed in {seconds:.1f} s ({cpu:.1f} s of processor "
                     f"time); Pons' scores from ply "
                     f"{args.from_ply}: the mover's score of columns 1-7 ('-' full), positive a win",
                     "ply move studio-class proven loss true-class pons-scores"]
            for move in result["moves"]:
                ply, played = move["ply"], int(move["move"])
                total += 1
                proven += bool(move["proven"])
                prefix = moves[:ply]
                truth, wording = cf_true_class(oracle[prefix], played) if prefix in oracle else (None, "-")
                if truth is not None:
                    rows.append((move["class"], truth))
                pons_text = " ".join("-" if s is None else str(s) for s in oracle.get(prefix, []))
                lines.append(f"{ply} {played} {move['class']} {str(move['proven']).lower()} {move['loss']:.3f} "
                             f"{wording.replace(' ', '-')} {pons_text or '-'}")
            with open(os.path.join(args.out, f"game-{number:02}.txt"), "w", encoding="utf-8") as handle:
                handle.write("\n".join(lines) + "\n")
            print(f"connect-four game {number}/{len(games)}: {len(moves)} plies, {seconds:.1f} s", file=sys.stderr)
    same = sum(1 for c, t in rows if c == t or (t == "sound" and c not in FLAGS))
    levels = ", ".join(f"{a} v {b}" for a, b in CF_LEVELS)
    print(f"Connect Four: {games_text(len(games))} (`match` levels {levels} in turn, "
          f"random:2 openings, seeds {args.seed}…), {total} moves reviewed, {len(rows)} checked against Pons' solver "
          f"(plies {args.from_ply} on)")
    print_verdicts(rows, "sound", {"mistakes + blunders: precision": "≥ 0.95",
                                   "mistakes + blunders: recall": "≥ 0.95"})
    print(f"| class as the oracle's (sound / mistake / blunder) | {figure(ratio(same, len(rows)))} | {same} of "
          f"{len(rows)} | |")
    print(f"| judged exactly (`proven`), every ply | {figure(ratio(proven, total))} | {proven} of {total} | 1 |")
    print(f"| processor time a game, mean (max) | {mean(t for _, t in times):.1f} s "
          f"({max((t for _, t in times), default=0):.1f} s) | {games_text(len(games))}; wall clock "
          f"{mean(w for w, _ in times):.1f} s ({max((w for w, _ in times), default=0):.1f} s) | ≤ 20 s |")


# -------------------------------------------------------------------------------------------------------------- chess

CEILING = 1000  # lila's Eval.Cp.CEILING: centipawns are held to +-1000, a mate counts as the ceiling


def winning_chances(cp):
    """Lichess's winning chances, -1..+1 (WinPercent.scala)."""
    cp = max(-CEILING, min(CEILING, cp))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def win_percent(cp):
    return 50 + 50 * winning_chances(cp)


def lichess_judgement(before, after, white_moved):
    """Lichess's judgement of a move (lila's Advice.scala) from the evaluations before and after it, each (cp, mate)
    from White's side with exactly one set; returns (class or None, the drop of winning chances)."""
    sign = 1 if white_moved else -1
    if before[0] is not None and after[0] is not None:
        delta = sign * (winning_chances(before[0]) - winning_chances(after[0]))
        for threshold, name in ((0.3, "blunder"), (0.2, "mistake"), (0.1, "inaccuracy")):
            if delta >= threshold:
                return name, delta
        return None, delta
    # A mate: the mover's view of each side (a mate > 0 is the mover's).
    mate_before = None if before[1] is None else sign * before[1]
    mate_after = None if after[1] is None else sign * after[1]
    cp_before = 0 if before[0] is None else sign * before[0]
    cp_after = 0 if after[0] is None else sign * after[0]
    delta = winning_chances(sign * as_cp(before)) - winning_chances(sign * as_cp(after))
    if mate_before is None and mate_after is not None and mate_after < 0:  # a mate let in
        return ("inaccuracy" if cp_before < -999 else "mistake" if cp_before < -700 else "blunder"), delta
    if mate_before is not None and mate_before > 0 and (mate_after is None or mate_after < 0):  # a mate lost
        return ("inaccuracy" if cp_after > 999 else "mistake" if cp_after > 700 else "blunder"), delta
    return None, delta


def as_cp(evaluation):
    cp, mate = evaluation
    if cp is not None:
        return cp
    return CEILING if mate > 0 else -CEILING


def lichess_accuracy(evaluations):
    """Each side's accuracy by lila's AccuracyPercent.gameAccuracy, from the evaluations of the positions after each
    ply (White's side), the game starting with White from lila's initial 15 centipawns."""
    cps = [as_cp(e) for e in evaluations]
    if not cps:
        return {"white": None, "black": None}
    percents = [win_percent(15)] + [win_percent(cp) for cp in cps]
    size = max(2, min(8, len(cps) // 10))
    windows = [percents[:size]] * (min(size, len(percents)) - 2)
    windows += [percents[i:i + size] for i in range(len(percents) - size + 1)]

    def deviation(values):
        mean = sum(values) / len(values)
        return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))

    weights = [max(0.5, min(12.0, deviation(w))) for w in windows]
    per_side = {"white": [], "black": []}
    for index, weight in zip(range(len(percents) - 1), weights):
        previous, following = percents[index], percents[index + 1]
        white = index % 2 == 0
        before, after = (previous, following) if white else (100 - previous, 100 - following)
        if after >= before:
            accuracy = 100.0
        else:
            raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
            accuracy = max(0.0, min(100.0, raw + 1))
        per_side["white" if white else "black"].append((accuracy, weight))
    result = {}
    for side, moves in per_side.items():
        if not moves:
            result[side] = None
            continue
        weighted = sum(a * w for a, w in moves) / sum(w for _, w in moves)
        harmonic = len(moves) / sum(1 / max(1.0, a) for a, _ in moves)
        result[side] = (weighted + harmonic) / 2
    return result


def stockfish_evaluations(engine, board_moves, depth, game_id, limit=None):
    """Stockfish's evaluation (cp, mate), White's side, of the start and of the position after each ply, to `depth`
    (or to `limit`, a chess.engine.Limit, when given)."""
    import chess
    import chess.engine

    limit = limit or chess.engine.Limit(depth=depth)
    board = chess.Board()
    evaluations = []
    for index in range(len(board_moves) + 1):
        if board.is_checkmate():
            # The side to move is mated: a mate for the other side, as a mate in 0 of lila's.
            evaluations.append((None, -1 if board.turn == chess.WHITE else 1))
        elif board.is_game_over(claim_draw=False):
            evaluations.append((0, None))
        else:
            info = engine.analyse(board, limit, game=game_id)
            score = info["score"].white()
            evaluations.append((None, score.mate()) if score.is_mate() else (score.score(), None))
        if index < len(board_moves):
            board.push(board_moves[index])
    return evaluations


def chess_games(paths, per_file):
    """The games of each PGN file, `FILE:N` its first N, per_file (when set) at most of any: (file name, players,
    game)."""
    import chess.pgn

    games = []
    for entry in paths:
        path, _, count = entry.partition(":")
        limit = min(n for n in (int(count or 0), per_file, 1_000_000) if n > 0)
        with open(path, encoding="utf-8") as handle:
            for _ in range(limit):
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                if game.errors:
                    fail(f"{path}: {game.errors[0]}")
                name = game.headers.get("White", "?") + " v " + game.headers.get("Black", "?")
                if name == "? v ?":
                    name = game.headers.get("Event", "?")
                games.append((os.path.basename(path), name, game))
    return games


def reviewed_with_stockfish(args, games, review_args):
    """Each of `games` reviewed by the studio (`review chess --json` with review_args) and evaluated by Stockfish at
    args.depth, one Stockfish for them all: (number, source, name, moves, (the review, its wall and processor
    seconds), Stockfish's evaluations)."""
    import chess.engine
    import chess.pgn

    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    try:
        engine.configure({"Threads": 1, "Hash": 64})
        with tempfile.TemporaryDirectory() as work:
            for number, (source, name, game) in enumerate(games, 1):
                moves = list(game.mainline_moves())
                record = os.path.join(work, f"game-{number}.pgn")
                with open(record, "w", encoding="utf-8") as handle:
                    exporter = chess.pgn.StringExporter(headers=False, variations=False, comments=False)
                    handle.write(game.accept(exporter) + "\n")
                judged_game = review(args.bin, "chess", record, review_args)
                evaluations = stockfish_evaluations(engine, moves, args.depth, object())
                yield number, source, name, moves, judged_game, evaluations
    finally:
        engine.quit()


def chess_quality(args):
    import chess

    games = chess_games(args.pgn, args.per_file)
    os.makedirs(args.out, exist_ok=True)
    rows, accuracy_rows, times, openings_flagged, openings_moves, proven, total = [], [], [], 0, 0, 0, 0
    for number, source, name, moves, judged_game, evaluations in reviewed_with_stockfish(
            args, games, args.review_args):
        result, seconds, cpu = judged_game
        times.append((seconds, cpu, len(moves)))
        lichess = lichess_accuracy(evaluations[1:])
        studio = result["accuracy"]
        accuracy_rows.append((studio.get("White"), lichess["white"], studio.get("Black"), lichess["black"]))
        lines = [f"game {number}: {name} ({source}), {len(moves)} plies, reviewed in {seconds:.1f} s "
                 f"({cpu:.1f} s of processor time); "
                 f"Stockfish depth {args.depth}, evaluations from White's side",
                 f"accuracy White: studio {studio.get('White')}, Lichess's method {lichess['white']}",
                 f"accuracy Black: studio {studio.get('Black')}, Lichess's method {lichess['black']}",
                 "ply move studio-class studio-loss proven eval-before eval-after lichess-class lichess-loss"]
        board = chess.Board()
        by_ply = {m["ply"]: m for m in result["moves"]}
        for ply, move in enumerate(moves):
            san = board.san(move)
            white = board.turn == chess.WHITE
            board.push(move)
            judged = by_ply.get(ply)
            truth, drop = lichess_judgement(evaluations[ply], evaluations[ply + 1], white)
            if judged is None:
                fail(f"{name}: the review has no move at ply {ply}")
            total += 1
            proven += bool(judged["proven"])
            rows.append((judged["class"], truth))
            if source == "openings.pgn":
                openings_moves += 1
                openings_flagged += judged["class"] in FLAGS
            lines.append(f"{ply} {san} {judged['class']} {judged['loss']:.3f} "
                         f"{str(judged['proven']).lower()} {show(evaluations[ply])} "
                         f"{show(evaluations[ply + 1])} {truth or 'sound'} {drop:.3f}")
        stem = re.sub(r"[^A-Za-z0-9]+", "-", f"{os.path.splitext(source)[0]}-{number:02}-{name}").strip("-")
        with open(os.path.join(args.out, f"{stem}.txt"), "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        print(f"chess game {number}/{len(games)}: {name}, {len(moves)} plies, {seconds:.1f} s",
              file=sys.stderr)
    white = [abs(s - l) for s, l, _, _ in accuracy_rows if s is not None and l is not None]
    black = [abs(s - l) for _, _, s, l in accuracy_rows if s is not None and l is not None]
    signed = [s - l for s, l, _, _ in accuracy_rows if s is not None and l is not None]
    signed += [s - l for _, _, s, l in accuracy_rows if s is not None and l is not None]
    seconds = sum(t for t, _, _ in times)
    cpu = sum(c for _, c, _ in times)
    plies = sum(p for _, _, p in times)
    print(f"Chess: {games_text(len(games))} ({', '.join(os.path.basename(p) for p in args.pgn)}), {total} moves, "
          f"against Stockfish at depth {args.depth} on Lichess's judgement")
    print_verdicts(rows, None, {"blunders: precision": "≥ 0.8", "blunders: recall": "≥ 0.9",
                                "mistakes + blunders: precision": "≥ 0.7", "mistakes + blunders: recall": "≥ 0.8"})
    print(f"| main-line opening moves flagged (to move 10) | {openings_flagged} | of {openings_moves} | 0 |")
    print(f"| accuracy, studio − Lichess's method, mean (mean abs. White / Black) | {mean(signed):+.1f} | "
          f"{mean(white):.1f} / {mean(black):.1f} over {games_text(len(white))} | |")
    print(f"| judged exactly (`proven`) | {figure(ratio(proven, total))} | {proven} of {total} | |")
    print(f"| processor time a ply (a 40-move game) | {ratio(cpu, plies):.2f} s ({80 * ratio(cpu, plies):.0f} s) | "
          f"{plies} plies in {games_text(len(games))}; wall clock {ratio(seconds, plies):.2f} s a ply, "
          f"{max((t for t, _, _ in times), default=0):.0f} s the longest game | ≤ 60 s a 40-move game |")


def fit_chess_scale(args):
    """The s that reads the studio's chess values as Stockfish's winning chances on Lichess's scale: least squares
    between 2 / (1 + e^(-v/s)) - 1 of the review's value v of each position (the best move's, White's side) and
    Lichess's winning chances of Stockfish's evaluation of it, over the positions of the games given after the first
    --skip (mates, proven values and either value beyond the ceiling left out). The games measured by `chess` must
    not be among them."""
    games = chess_games(args.pgn, 0)[args.skip:]
    pairs = []
    extra = ["--values", "first-player", *args.review_args]
    for number, _, name, _, (result, _, _), evaluations in reviewed_with_stockfish(args, games, extra):
        for judged in result["moves"]:
            cp, mate = evaluations[judged["ply"]]
            value = judged["value_before"]
            if mate is None and not judged["proven"] and abs(cp) < CEILING and abs(value) < CEILING:
                pairs.append((value, winning_chances(cp)))
        print(f"chess game {number}/{len(games)}: {name}, {len(pairs)} positions so far", file=sys.stderr)
    if not pairs:
        fail("no position to fit")

    def error(s):
        return sum((2 / (1 + math.exp(-value / s)) - 1 - chances) ** 2 for value, chances in pairs)

    low, high = math.log(20.0), math.log(2000.0)
    for _ in range(100):
        a, b = low + (high - low) * 0.382, low + (high - low) * 0.618
        if error(math.exp(a)) < error(math.exp(b)):
            high = b
        else:
            low = a
    s = math.exp((low + high) / 2)
    print(f"s = {s:.1f} from {len(pairs)} positions of {games_text(len(games))} (squared error {error(s):.3f}; "
          f"at Lichess's 271.59: {error(1 / 0.00368208):.3f})")


def stockfish_limits(args):
    """How strong an engine the chess goals need: Stockfish itself at each smaller limit, judged by Lichess's rule
    from its own evaluations, against Stockfish at --depth, on the same games and figures as `chess`."""
    import chess
    import chess.engine

    games = chess_games(args.pgn, args.per_file)
    limits = []
    for spec in args.limits.split(","):
        kind, _, value = spec.partition(":")
        if kind not in ("depth", "nodes") or not value.isdigit():
            fail(f"--limits: '{spec}' is not depth:D or nodes:N")
        limits.append((spec, chess.engine.Limit(**{kind: int(value)})))
    rows = {spec: [] for spec, _ in limits}
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    try:
        engine.configure({"Threads": 1, "Hash": 64})
        for number, (_, name, game) in enumerate(games, 1):
            moves = list(game.mainline_moves())
            truth = judgements(moves, stockfish_evaluations(engine, moves, args.depth, object()))
            for spec, limit in limits:
                tried = judgements(moves, stockfish_evaluations(engine, moves, args.depth, object(), limit))
                rows[spec] += [(tried_class or "good", true_class) for tried_class, true_class in zip(tried, truth)]
            print(f"chess game {number}/{len(games)}: {name}, {len(moves)} plies", file=sys.stderr)
    finally:
        engine.quit()
    for spec, _ in limits:
        print(f"\nStockfish at {spec.replace(':', ' ')} against Stockfish at depth {args.depth}:")
        print_verdicts(rows[spec], None, {})


def stockfish_recheck(args):
    """Moves the oracle judged, judged again by Stockfish at deeper limits, each position from an empty table: is a
    disagreement the judge's error or depth 16's? --moves names them as GAME:PLY (GAME counts from 1 over the
    --pgn files' games in order, PLY from 0)."""
    import chess
    import chess.engine

    games = chess_games(args.pgn, 0)
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    try:
        engine.configure({"Threads": 1, "Hash": 256})
        print("| game | ply | move | " + " | ".join(f"depth {d}" for d in args.depths) + " |")
        print("|---|---|---|" + "---|" * len(args.depths))
        for spec in args.moves:
            number, _, ply = spec.partition(":")
            if not (number.isdigit() and ply.isdigit()) or not 1 <= int(number) <= len(games):
                fail(f"--moves: '{spec}' is not GAME:PLY of the {len(games)} games")
            _, name, game = games[int(number) - 1]
            moves = list(game.mainline_moves())
            if int(ply) >= len(moves):
                fail(f"--moves: game {number} has {len(moves)} plies")
            board = chess.Board()
            for move in moves[:int(ply)]:
                board.push(move)
            white, san = board.turn == chess.WHITE, board.san(moves[int(ply)])
            after = board.copy()
            after.push(moves[int(ply)])
            cells = []
            for depth in args.depths:
                before_eval, after_eval = (evaluation(engine, position, depth) for position in (board, after))
                judged, drop = lichess_judgement(before_eval, after_eval, white)
                cells.append(f"{show(before_eval)} → {show(after_eval)}: {judged or 'sound'} {drop:.3f}")
            print(f"| {name} | {ply} | {san} | " + " | ".join(cells) + " |", flush=True)
    finally:
        engine.quit()


def evaluation(engine, board, depth):
    """Stockfish's evaluation of `board` to `depth` from an empty table: (cp, mate), White's side."""
    import chess.engine

    score = engine.analyse(board, chess.engine.Limit(depth=depth), game=object())["score"].white()
    return (None, score.mate()) if score.is_mate() else (score.score(), None)


def judgements(moves, evaluations):
    """Lichess's class of each move (None when sound) from the evaluations of the positions around it."""
    import chess

    board, classes = chess.Board(), []
    for ply, move in enumerate(moves):
        classes.append(lichess_judgement(evaluations[ply], evaluations[ply + 1], board.turn == chess.WHITE)[0])
        board.push(move)
    return classes


def show(evaluation):
    cp, mate = evaluation
    return f"#{mate}" if cp is None else f"{cp:+d}"


def make_chess_games(args):
    """Stockfish at Skill Levels 0-5 against itself, each move to depth 10 (its skill then weakens the choice), each
    game cut at --max-plies."""
    import chess
    import chess.engine
    import chess.pgn

    levels = [(0, 3), (3, 0), (2, 5), (5, 2), (1, 4), (4, 1), (3, 5), (5, 3)]
    games = []
    white_engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    black_engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    try:
        for index in range(args.games):
            white_level, black_level = levels[index % len(levels)]
            white_engine.configure({"Skill Level": white_level, "Threads": 1, "Hash": 16})
            black_engine.configure({"Skill Level": black_level, "Threads": 1, "Hash": 16})
            board = chess.Board()
            game_id = object()
            while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
                engine = white_engine if board.turn == chess.WHITE else black_engine
                board.push(engine.play(board, chess.engine.Limit(depth=10), game=game_id).move)
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = "Stockfish 15.1 at low Skill Levels, depth 10 a move"
            game.headers["Site"] = "bench/review_quality.py make-chess-games"
            game.headers["Date"] = time.strftime("%Y.%m.%d", time.gmtime())
            game.headers["Round"] = str(index + 1)
            game.headers["White"] = f"Stockfish Skill Level {white_level}"
            game.headers["Black"] = f"Stockfish Skill Level {black_level}"
            if not board.is_game_over(claim_draw=True):
                game.headers["Result"] = "*"
            games.append((game.headers["Result"] == "*", str(game)))
            print(f"game {index + 1}: {board.ply()} plies, {game.headers['Result']}", file=sys.stderr)
    finally:
        white_engine.quit()
        black_engine.quit()
    with open(args.out, "w", encoding="utf-8") as handle:
        # The decisive games first: FILE:N takes the shortest games with the most errors.
        handle.write("\n\n".join(text for _, text in sorted(games, key=lambda g: g[0])) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    four = commands.add_parser("connect-four")
    four.add_argument("--bin", required=True)
    four.add_argument("--pons", required=True)
    four.add_argument("--games", type=int, default=12)
    four.add_argument("--seed", type=int, default=5959)
    four.add_argument("--from-ply", type=int, default=8)
    four.add_argument("--out", default="bench/results/review/connect-four")
    four.add_argument("--review-args", default="")
    board = commands.add_parser("chess")
    scale = commands.add_parser("fit-chess-scale")
    for against_stockfish in (board, scale):
        against_stockfish.add_argument("--bin", required=True)
        against_stockfish.add_argument("--stockfish", default="/usr/games/stockfish")
        against_stockfish.add_argument("--depth", type=int, default=16)
        against_stockfish.add_argument("--pgn", nargs="+", required=True)
        against_stockfish.add_argument("--review-args", default="")
    board.add_argument("--per-file", type=int, default=0, help="the first N games of each file (0: all)")
    board.add_argument("--out", default="bench/results/review/chess")
    scale.add_argument("--skip", type=int, default=0, help="leave out the first N games")
    limits = commands.add_parser("stockfish-limits")
    limits.add_argument("--stockfish", default="/usr/games/stockfish")
    limits.add_argument("--depth", type=int, default=16)
    limits.add_argument("--pgn", nargs="+", required=True)
    limits.add_argument("--per-file", type=int, default=0, help="the first N games of each file (0: all)")
    limits.add_argument("--limits", default="depth:8,depth:10,depth:12,depth:14,nodes:1000000")
    recheck = commands.add_parser("stockfish-recheck")
    recheck.add_argument("--stockfish", default="/usr/games/stockfish")
    recheck.add_argument("--pgn", nargs="+", required=True)
    recheck.add_argument("--moves", nargs="+", required=True, help="GAME:PLY, the game counted from 1")
    recheck.add_argument("--depths", type=lambda text: [int(d) for d in text.split(",")], default=[16, 22, 26])
    make = commands.add_parser("make-chess-games")
    make.add_argument("--out", required=True)
    make.add_argument("--games", type=int, default=8)
    make.add_argument("--max-plies", type=int, default=80)
    make.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()
    if hasattr(args, "review_args"):
        args.review_args = args.review_args.split()
    commands = {"connect-four": connect_four, "chess": chess_quality, "fit-chess-scale": fit_chess_scale,
                "stockfish-limits": stockfish_limits,
                "stockfish-recheck": stockfish_recheck, "make-chess-games": make_chess_games}
    commands[args.command](args)


if __name__ == "__main__":
    main()
