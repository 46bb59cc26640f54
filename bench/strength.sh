#!/bin/sh
# The chess engine's selective-search techniques, each measured with `match`, and the top
# level against Stockfish 15.1 on its UCI_Elo scale. One command reproduces the README's figures:
#
#     bench/strength.sh                 # every measurement below
#     bench/strength.sh features        # only the techniques, at a fixed node count (independent of the machine)
#     bench/strength.sh anchor          # the level ladder's anchor: level 8 against Stockfish, at level 8's nodes
#     bench/strength.sh stockfish       # only level 10 against Stockfish (needs root for apt-get, or stockfish on PATH)
#
# Settings through the environment: GAMES (per pairing, default 200), NODES (per move, default 20000), SEED (the
# last pairing's, default 5), OPENING_PLIES (random opening plies, default 4), OPENINGS (a book file instead, as
# `match --openings` takes it, e.g. bench/openings/chess.txt), MOVETIME (ms per move against
# Stockfish, default 1000), SF_GAMES (default 20), SF_ELO (default 2000), SF_SEED (the openings, default 1: seed S
# plays openings S, S + 1 … one a pair of games), CONCURRENCY (default 1: the figures are per
# core); for the anchor ANCHOR_LEVEL (default 8), ANCHOR_NODES (default 220000, level 8's node budget in
# games/chess.ron), ANCHOR_ELO (default 1900), ANCHOR_GAMES (default 40) and ANCHOR_SEED (the openings, default 11;
# the figures in games/chess.ladder.ron pool seeds 11, 12 and 32).
#
# The anchor gives both players the same number of nodes a move (Stockfish hears `go nodes N`), so it does not
# depend on the machine either: Stockfish's UCI_LimitStrength picks its move at a shallow depth (about 4 plies at
# UCI_Elo 1700), which it reaches long before the nodes run out.
set -eu
cd "$(dirname "$0")/.."
GAMES=${GAMES:-200}
NODES=${NODES:-20000}
OPENING_PLIES=${OPENING_PLIES:-4}
# The openings of every pairing: random plies, or a book (bench/openings/chess.txt: 50 main lines of 8 plies).
OPENINGS=${OPENINGS:-random:$OPENING_PLIES}
MOVETIME=${MOVETIME:-1000}
SF_GAMES=${SF_GAMES:-20}
SF_ELO=${SF_ELO:-2000}
CONCURRENCY=${CONCURRENCY:-1}
WHAT=${1:-all}

cargo build --release --quiet
BIN=target/release/alphabeta-studio
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"

pairing() { # name, player A, player B, extra arguments
    name=$1; a=$2; b=$3; shift 3
    echo "== $name: $a  vs  $b"
    "$BIN" match chess --a "$a" --b "$b" --games "$GAMES" --openings "$OPENINGS" \
        --concurrency "$CONCURRENCY" "$@"
}

if [ "$WHAT" = all ] || [ "$WHAT" = features ]; then
    # Each technique alone against the plain search (PVS with table and ordering), at a fixed node count.
    for feature in null lmr check see tapered mate futility rep; do
        pairing "$feature" "features=$feature" "features=none" --nodes "$NODES"
    done
    # Everything together.
    pairing "all" "features=all" "features=none" --nodes "$NODES"
    # The newest technique on top of the others (the README's 400 games: GAMES=400 SEED=5 CONCURRENCY=2).
    pairing "repetition draws over the other seven" "features=all" "features=null+lmr+check+see+tapered+mate+futility" \
        --nodes "$NODES" --seed "${SEED:-5}"
fi

STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
if [ "$WHAT" != features ] && [ ! -x "$STOCKFISH" ]; then
    apt-get install -y stockfish >/dev/null
fi

if [ "$WHAT" = all ] || [ "$WHAT" = anchor ]; then
    "$STOCKFISH" </dev/null | head -1
    GAMES=${ANCHOR_GAMES:-40} pairing "level ${ANCHOR_LEVEL:-8} vs Stockfish UCI_Elo ${ANCHOR_ELO:-1900}" \
        "level:${ANCHOR_LEVEL:-8}" "uci:$STOCKFISH,UCI_LimitStrength=true,UCI_Elo=${ANCHOR_ELO:-1900},Threads=1,Hash=16" \
        --nodes "${ANCHOR_NODES:-220000}" --seed "${ANCHOR_SEED:-11}"
fi

if [ "$WHAT" = all ] || [ "$WHAT" = stockfish ]; then
    "$STOCKFISH" </dev/null | head -1
    # Level 10's settings held by the time alone (its node budget lifted): level 10 at MOVETIME a move.
    GAMES=$SF_GAMES pairing "level 10 at $MOVETIME ms vs Stockfish UCI_Elo $SF_ELO" "nodes=none" \
        "uci:$STOCKFISH,UCI_LimitStrength=true,UCI_Elo=$SF_ELO,Threads=1,Hash=64" --time-ms "$MOVETIME" \
        --seed "${SF_SEED:-1}"
fi
