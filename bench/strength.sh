#!/bin/sh
# The chess engine's selective-search techniques, each measured with `match` (issue 18, item 5), and the top
# level against Stockfish 15.1 on its UCI_Elo scale. One command reproduces the README's figures:
#
#     bench/strength.sh                 # every measurement below
#     bench/strength.sh features        # only the techniques, at a fixed node count (independent of the machine)
#     bench/strength.sh stockfish       # only level 10 against Stockfish (needs root for apt-get, or stockfish on PATH)
#
# Settings through the environment: GAMES (per pairing, default 200), NODES (per move, default 20000), OPENING_PLIES
# (random opening plies, default 4), MOVETIME (ms per move against Stockfish, default 1000), SF_GAMES (default 20),
# SF_ELO (default 2000), CONCURRENCY (default 1: the figures are per core).
set -eu
cd "$(dirname "$0")/.."
GAMES=${GAMES:-200}
NODES=${NODES:-20000}
OPENING_PLIES=${OPENING_PLIES:-4}
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
    "$BIN" match chess --a "$a" --b "$b" --games "$GAMES" --openings "random:$OPENING_PLIES" \
        --concurrency "$CONCURRENCY" "$@"
}

if [ "$WHAT" = all ] || [ "$WHAT" = features ]; then
    # Each technique alone against the plain search (PVS with table and ordering), at a fixed node count.
    for feature in null lmr check see tapered mate; do
        pairing "$feature" "features=$feature" "features=none" --nodes "$NODES"
    done
    # Everything together.
    pairing "all" "features=all" "features=none" --nodes "$NODES"
fi

if [ "$WHAT" = all ] || [ "$WHAT" = stockfish ]; then
    STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
    if [ ! -x "$STOCKFISH" ]; then
        apt-get install -y stockfish >/dev/null
    fi
    "$STOCKFISH" </dev/null | head -1
    GAMES=$SF_GAMES pairing "level 10 vs Stockfish UCI_Elo $SF_ELO" "level:10" \
        "uci:$STOCKFISH,UCI_LimitStrength=true,UCI_Elo=$SF_ELO,Threads=1,Hash=64" --time-ms "$MOVETIME"
fi
