#!/bin/sh
# The fit that gave the chess evaluation's weights (`WEIGHTS` in crates/alphabeta-core/src/games/chess/tapered.rs; README, "A fifth
# round"): games of the engine with the hand-set weights against itself, Stockfish 15.1's score of about a third of
# their positions, and Texel's method fitting the weights to those scores. About 35 minutes on two cores.
#
#     bench/tune_eval.sh        # prints the weights as Rust
#
# Settings through the environment: GAMES (default 6000), DEPTH (Stockfish's depth, default 8), GAMES_COMMIT (the
# build that plays the games, default 5c60441: the hand-set weights), WORK (where the games and scores go, default
# ${TMPDIR:-/tmp}/alphabeta-tune). Needs root for apt-get (or stockfish on PATH) and pip (or python-chess).
set -eu
cd "$(dirname "$0")/.."
GAMES=${GAMES:-6000}
DEPTH=${DEPTH:-8}
GAMES_COMMIT=${GAMES_COMMIT:-5c60441}
WORK=${WORK:-${TMPDIR:-/tmp}/alphabeta-tune}
OLD_TREE=${TMPDIR:-/tmp}/alphabeta-ab-$GAMES_COMMIT
mkdir -p "$WORK"

if ! command -v stockfish >/dev/null && [ ! -x /usr/games/stockfish ]; then
    apt-get update >/dev/null && apt-get install -y stockfish >/dev/null
fi
python3 -c 'import chess' 2>/dev/null || pip install --quiet chess
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"

[ -d "$OLD_TREE" ] || git worktree add --detach "$OLD_TREE" "$GAMES_COMMIT"
(cd "$OLD_TREE" && cargo build --release --quiet --bin alphabeta-studio)
# Node-limited players: the same games on any machine.
"$OLD_TREE/target/release/alphabeta-studio" match chess --a nodes=6000 --b nodes=9000 --games "$GAMES" \
    --openings random:8 --seed 1000 --concurrency 2 --pgn "$WORK/games.pgn" >&2
python3 bench/label_positions.py "$WORK/games.pgn" "$WORK/labels.txt" "$DEPTH" >&2
cargo run --release --quiet --example tune_chess_eval -- --rescale 0.8 "$WORK/labels.txt"
