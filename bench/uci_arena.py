#!/usr/bin/env python3
"""The studio's `uci` as a GUI user meets it: games against Stockfish 15.1 under a real clock, through python-chess's
engine module, with the other core kept busy.

    bench/uci_arena.py games --tc 1+0 --games 200 [--elo 1900] [--hog] [--concurrency 1] [--out FILE]
    bench/uci_arena.py multipv --searches 100 [--hog]

`games`: each game starts from a line of bench/openings/chess.txt (each line once from each side); both engines get
the clock as a GUI gives it (wtime/btime/winc/binc) and this script charges each move's wall time, from sending
`position`/`go` to reading `bestmove`, to the mover's clock: a clock below zero loses on time. Claimable draws are
claimed (threefold, 50 moves), as GUIs adjudicate them. Prints time losses, protocol errors (timeouts, illegal or
missing moves, exceptions), the score and the Elo difference against Stockfish's UCI_Elo with its 95 % interval.

`multipv`: MultiPV 3 analyses of positions from the book under `go movetime` (100 to 1,000 ms); a final set is
consistent when its three lines have one depth, distinct first moves and scores in order. Prints the count.

`--hog` keeps one core busy with a spinning process for the whole run (the machine has two). Needs python-chess
(`pip install chess`) and Debian's `stockfish` (/usr/games/stockfish). The studio binary: --bin (default
target/release/alphabeta-studio).
"""
import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STOCKFISH = "/usr/games/stockfish"


def openings():
    path = os.path.join(ROOT, "bench", "openings", "chess.txt")
    lines = [line.split() for line in open(path) if line.strip() and not line.startswith("#")]
    return lines


def spin():
    while True:
        pass


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def play_game(number, args, line, studio_white):
    """One game; returns a dict: result for the studio (1, 0.5, 0), how it ended, errors."""
    base, inc = parse_tc(args.tc)
    studio = chess.engine.SimpleEngine.popen_uci([args.bin, "uci"], timeout=30)
    stockfish = chess.engine.SimpleEngine.popen_uci([STOCKFISH], timeout=30)
    errors = []
    try:
        studio.configure({"Hash": args.hash})
        stockfish.configure({"Threads": 1, "Hash": 16, "UCI_LimitStrength": True, "UCI_Elo": args.elo})
        board = chess.Board()
        for san in line:
            board.push_san(san)
        clocks = {chess.WHITE: base, chess.BLACK: base}
        engines = {chess.WHITE: studio if studio_white else stockfish, chess.BLACK: stockfish if studio_white else studio}
        ending, loser_on_time = None, None
        studio_colour = chess.WHITE if studio_white else chess.BLACK
        lowest = base
        while not board.is_game_over(claim_draw=True) and board.ply() < 600:
            mover = board.turn
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
            started = time.monotonic()
            try:
                answer = engines[mover].play(board, limit)
            except Exception as error:  # a timeout or a protocol error: what this script counts
                errors.append(f"game {number} ply {board.ply()}: {error!r}")
                loser_on_time = mover
                ending = "error"
                break
            spent = time.monotonic() - started
            clocks[mover] -= spent
            if mover == studio_colour:
                lowest = min(lowest, clocks[mover])
            if clocks[mover] < 0:
                loser_on_time, ending = mover, "time"
                break
            clocks[mover] += inc
            if answer.move is None or answer.move not in board.legal_moves:
                errors.append(f"game {number} ply {board.ply()}: answered {answer.move} in {board.fen()}")
                loser_on_time, ending = mover, "illegal"
                break
            board.push(answer.move)
        if loser_on_time is not None:
            score = 0.0 if loser_on_time == studio_colour else 1.0
            who = "studio" if loser_on_time == studio_colour else "stockfish"
            return {"score": score, "ending": ending, "loser": who, "errors": errors, "plies": board.ply(),
                    "lowest": lowest}
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.winner is None:
            score = 0.5
        else:
            score = 1.0 if outcome.winner == studio_colour else 0.0
        reason = outcome.termination.name.lower() if outcome else "ply cap"
        return {"score": score, "ending": reason, "loser": None, "errors": errors, "plies": board.ply(),
                "lowest": lowest}
    finally:
        for engine in (studio, stockfish):
            try:
                engine.quit()
            except Exception:
                engine.close()


def elo(score, games):
    """Elo difference for a score, with a 95 % interval from the binomial spread of the score."""
    if games == 0:
        return None
    p = score / games
    spread = math.sqrt(max(p * (1 - p), 1e-9) / games) * 1.96
    to_elo = lambda x: -400 * math.log10(1 / min(max(x, 1e-4), 1 - 1e-4) - 1)
    return to_elo(p), to_elo(p - spread), to_elo(p + spread)


def run_games(args):
    book = openings()
    jobs = [(n, args, book[(n // 2) % len(book)], n % 2 == 0) for n in range(args.games)]
    with multiprocessing.Pool(args.concurrency) as pool:
        results = pool.starmap(play_game, jobs)
    wins = sum(r["score"] == 1.0 for r in results)
    draws = sum(r["score"] == 0.5 for r in results)
    losses = sum(r["score"] == 0.0 for r in results)
    studio_flags = sum(r["ending"] == "time" and r["loser"] == "studio" for r in results)
    stockfish_flags = sum(r["ending"] == "time" and r["loser"] == "stockfish" for r in results)
    errors = [e for r in results for e in r["errors"]]
    rating = elo(wins + draws / 2, len(results))
    summary = {
        "tc": args.tc, "elo": args.elo, "games": len(results), "wins": wins, "draws": draws, "losses": losses,
        "studio_time_losses": studio_flags, "stockfish_time_losses": stockfish_flags,
        "protocol_errors": len(errors), "errors": errors[:20],
        "elo_difference": rating, "endings": sorted({r["ending"] for r in results}),
        "hog": args.hog, "concurrency": args.concurrency, "bin": args.bin,
        "plies": {"mean": sum(r["plies"] for r in results) / max(len(results), 1),
                  "max": max((r["plies"] for r in results), default=0)},
        "studio_lowest_clock_s": min((r["lowest"] for r in results), default=None),
        "endings_count": {e: sum(r["ending"] == e for r in results) for e in {r["ending"] for r in results}},
    }
    print(f"{args.tc} against Stockfish 15.1 at UCI_Elo {args.elo}, {len(results)} games: +{wins} ={draws} -{losses}")
    print(f"time losses: studio {studio_flags}, Stockfish {stockfish_flags}; protocol errors {len(errors)}")
    print(f"plies: mean {summary['plies']['mean']:.0f}, longest {summary['plies']['max']}; the studio's lowest "
          f"clock {summary['studio_lowest_clock_s']:.3f} s; endings {summary['endings_count']}")
    for error in errors[:20]:
        print("  " + error)
    if rating:
        print(f"Elo difference {rating[0]:+.0f} (95 %: {rating[1]:+.0f} to {rating[2]:+.0f}), "
              f"about {args.elo + rating[0]:.0f} on Stockfish's UCI_Elo scale")
    return summary, (studio_flags == 0 and not errors)


def run_multipv(args):
    book = openings()
    rng = random.Random(1)
    studio = chess.engine.SimpleEngine.popen_uci([args.bin, "uci"], timeout=30)
    consistent, faults = 0, []
    try:
        studio.configure({"Hash": args.hash})
        for n in range(args.searches):
            board = chess.Board()
            for san in book[n % len(book)]:
                board.push_san(san)
            movetime = rng.choice([0.1, 0.2, 0.3, 0.5, 0.7, 1.0])
            lines = studio.analyse(board, chess.engine.Limit(time=movetime), multipv=3)
            depths = {line.get("depth") for line in lines}
            firsts = [line["pv"][0] for line in lines if line.get("pv")]
            scores = [line["score"].relative.score(mate_score=100_000) for line in lines]
            ok = (len(lines) == 3 and len(depths) == 1 and len(set(firsts)) == 3
                  and all(a >= b for a, b in zip(scores, scores[1:])))
            consistent += ok
            if not ok:
                faults.append(f"search {n} ({movetime} s): depths {depths}, firsts {firsts}, scores {scores}")
    finally:
        studio.quit()
    print(f"MultiPV 3 under go movetime: {consistent} of {args.searches} final sets consistent")
    for fault in faults[:20]:
        print("  " + fault)
    return {"searches": args.searches, "consistent": consistent, "faults": faults[:20], "hog": args.hog}, (
        consistent == args.searches)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["games", "multipv"])
    parser.add_argument("--tc", default="1+0", help="base+increment in seconds")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--searches", type=int, default=100)
    parser.add_argument("--elo", type=int, default=1900, help="Stockfish's UCI_Elo")
    parser.add_argument("--hash", type=int, default=64, help="the studio's Hash in MiB")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--hog", action="store_true", help="keep one core busy")
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "alphabeta-studio"))
    parser.add_argument("--out", help="write the summary as JSON here")
    args = parser.parse_args()
    hog = multiprocessing.Process(target=spin, daemon=True) if args.hog else None
    if hog:
        hog.start()
    try:
        summary, clean = run_games(args) if args.mode == "games" else run_multipv(args)
    finally:
        if hog:
            hog.terminate()
    if args.out:
        with open(args.out, "w") as file:
            json.dump(summary, file, indent=1)
    sys.exit(0 if clean else 1)


if __name__ == "__main__":
    main()
