#!/usr/bin/env python3
"""Positions of chess games scored by Stockfish, for the evaluation tuner (examples/tune_chess_eval.rs).

    python3 bench/label_positions.py GAMES.pgn LABELS.txt [DEPTH]

Reads every game of GAMES.pgn (python-chess) in the order of their rounds, keeps about 30 % of the positions from
the 17th ply on where the side to move is not in check (a seeded random choice, so the same games give the same
positions), and has Stockfish search each one DEPTH plies deep (default 8), two Stockfish processes side by side,
one for each half of the positions. Writes one line `FEN;centipawns` a position, the score from the side to move's
point of view (a mate counts as 3000). bench/tune_eval.sh runs it; it needs python-chess and `stockfish` on PATH or
in /usr/games.
"""
import random
import shutil
import subprocess
import sys
import threading

import chess.pgn


def positions(pgn_path):
    games = []
    with open(pgn_path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            games.append(game)
    # `match` writes games as they end; in the order they were played, the same games give the same positions.
    games.sort(key=lambda game: int(game.headers.get("Round", "0")))
    random.seed(1)
    fens = []
    for game in games:
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            if ply >= 16 and random.random() < 0.3 and not board.is_check():
                fens.append(board.fen())
            board.push(move)
    return fens


def label(stockfish, fens, depth, out):
    engine = subprocess.Popen([stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")

    send("uci")
    send("setoption name Hash value 16")
    send("isready")
    for line in engine.stdout:
        if line.startswith("readyok"):
            break
    for fen in fens:
        send("position fen " + fen)
        send(f"go depth {depth}")
        score = None
        for line in engine.stdout:
            if line.startswith("info") and " score " in line:
                words = line.split()
                at = words.index("score")
                kind, value = words[at + 1], words[at + 2]
                score = int(value) if kind == "cp" else (3000 if int(value) > 0 else -3000)
            elif line.startswith("bestmove"):
                break
        if score is not None:
            out.append(f"{fen};{score}\n")
    send("quit")
    engine.wait()


def main():
    if len(sys.argv) not in (3, 4):
        print("usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        sys.exit(2)
    pgn_path, labels_path = sys.argv[1], sys.argv[2]
    depth = int(sys.argv[3]) if len(sys.argv) == 4 else 8
    stockfish = shutil.which("stockfish") or "/usr/games/stockfish"
    fens = positions(pgn_path)
    # Two halves of (nearly) equal size in bytes, split at a line's end. Keep this split: each Stockfish keeps its
    # table from one position to the next, so another split scores some positions slightly differently, and the
    # labels behind WEIGHTS were made with this one.
    text = "".join(f + "\n" for f in fens)
    middle = text.count("\n", 0, text.index("\n", len(text) // 2 - 1) + 1)
    halves = [fens[:middle], fens[middle:]]
    results = [[], []]
    workers = [threading.Thread(target=label, args=(stockfish, h, depth, r)) for h, r in zip(halves, results)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    with open(labels_path, "w") as out:
        for lines in results:
            out.writelines(lines)
    print(f"{len(fens)} positions, {sum(map(len, results))} scored at depth {depth}: {labels_path}")


if __name__ == "__main__":
    main()
