#!/usr/bin/env python3
"""The studio's `uci` driven by a real client: python-chess's engine module plays the studio against itself.

    python3 bench/uci_client.py [GAMES] [BINARY]      # default: 200 games, target/release/alphabeta-studio

Every game opens with a repetition (g1f3 g8f6 f3g1 f6g8, twice) so both sides play on past a draw that can only be
claimed, as a GUI does; then each side moves at depth 2 with `Skill Level` 3–5 (its deliberate mistakes vary the
games) until checkmate, stalemate, bare kings or 300 plies. After each game the client asks for a MultiPV analysis
and a `searchmoves` restriction, as analysis views do. Prints the protocol errors (timeouts, illegal or missing
moves, wrong MultiPV line counts) and the results; exits 1 if there was any error.
"""
import sys

import chess
import chess.engine

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 200
BINARY = sys.argv[2] if len(sys.argv) > 2 else "target/release/alphabeta-studio"
REPETITION = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
MAX_PLIES = 300


def over(board):
    return board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material()


def play_one(game, engines):
    """Plays one game; returns (final board, protocol errors, positions with a claimable draw played on)."""
    board, errors, claimable = chess.Board(), [], 0
    for engine in engines:
        engine.configure({"Hash": 4, "Skill Level": 3 + game % 3})
    for move in REPETITION:
        board.push_uci(move)
    while not over(board) and board.ply() < MAX_PLIES:
        claimable += board.can_claim_draw()
        try:
            answer = engines[board.ply() % 2].play(board, chess.engine.Limit(depth=2))
        except Exception as error:  # a timeout or a protocol error: what this script is for
            errors.append(f"game {game} ply {board.ply()}: {error!r}")
            break
        if answer.move is None or answer.move not in board.legal_moves:
            errors.append(f"game {game} ply {board.ply()}: answered {answer.move} in {board.fen()}")
            break
        board.push(answer.move)
    lines = engines[0].analyse(chess.Board(), chess.engine.Limit(depth=3), multipv=3)
    if len(lines) != 3 or len({line["pv"][0] for line in lines}) != 3:
        errors.append(f"game {game}: MultiPV 3 gave {len(lines)} lines")
    allowed = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
    restricted = engines[0].play(chess.Board(), chess.engine.Limit(depth=3), root_moves=allowed)
    if restricted.move not in allowed:
        errors.append(f"game {game}: searchmoves a2a3 h2h3 answered {restricted.move}")
    return board, errors, claimable


def main():
    errors, results, plies, claimable = [], {}, 0, 0
    for game in range(GAMES):
        engines = [chess.engine.SimpleEngine.popen_uci([BINARY, "uci"], timeout=30) for _ in range(2)]
        try:
            board, game_errors, game_claimable = play_one(game, engines)
        finally:
            for engine in engines:
                engine.quit()
        errors += game_errors
        claimable += game_claimable
        plies += board.ply()
        result = board.result(claim_draw=True) if over(board) or board.ply() < MAX_PLIES else "adjudicated"
        results[result] = results.get(result, 0) + 1
    for error in errors:
        print(error)
    print(f"games {GAMES}, protocol errors {len(errors)}, results {results}, plies {plies}, "
          f"positions with a claimable draw played on {claimable}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
