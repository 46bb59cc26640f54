#!/bin/sh
# A chess level played directly against Stockfish 15.1 at its UCI_Elo, in chunks that survive an interruption:
# each chunk of CHUNK games (CHUNK / 2 book lines, both colours) is one `match` whose JSON is kept under
# bench/results/anchor/level-L-elo-E/; a chunk already there is not played again. `summary` pools the chunks.
#
#     bench/anchor.sh 8 215443 2050          # level 8 at its node budget against UCI_Elo 2050, 100 games
#     bench/anchor.sh summary                # W/D/L of every pairing played so far
#
# Both sides get the level's node budget a move (Stockfish hears `go nodes N`), so the games do not depend on the
# machine's speed or load. The openings are the 50 main lines of bench/openings/chess.txt (8 plies), each played
# with both colours. Settings: GAMES (default 100), CHUNK (default 10), BIN (default target/release/alphabeta-studio,
# built if missing).
set -eu
cd "$(dirname "$0")/.."
RESULTS=bench/results/anchor

if [ "${1:-}" = summary ]; then
    for dir in "$RESULTS"/*/; do
        [ -d "$dir" ] || continue
        cat "$dir"*.json | python3 -c '
import json, math, sys
w = d = l = 0
for line in sys.stdin:
    r = json.loads(line); w += r["wins"]; d += r["draws"]; l += r["losses"]
n = w + d + l
s = (w + d / 2) / n
var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
elo = lambda p: -400 * math.log10(1 / min(max(p, 1e-9), 1 - 1e-9) - 1)
half = 1.96 * math.sqrt(var / n)
print(f"{sys.argv[1]}: {n} games +{w} ={d} -{l}, score {s:.3f}, Elo difference {elo(s):+.0f} ({elo(s - half):+.0f} to {elo(s + half):+.0f})")
' "$(basename "$dir")"
    done
    exit 0
fi

LEVEL=$1 NODES=$2 ELO=$3
GAMES=${GAMES:-100} CHUNK=${CHUNK:-10}
BIN=${BIN:-target/release/alphabeta-studio}
[ -x "$BIN" ] || cargo build --release --quiet
STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$STOCKFISH" ] || apt-get install -y stockfish >/dev/null
OUT=$RESULTS/level-$LEVEL-elo-$ELO
mkdir -p "$OUT"
first=1
while [ $(( (first - 1) * 2 )) -lt "$GAMES" ]; do
    file=$OUT/openings-$first.json
    if [ ! -s "$file" ]; then
        "$BIN" match chess --a "level:$LEVEL" \
            --b "uci:$STOCKFISH,UCI_LimitStrength=true,UCI_Elo=$ELO,Threads=1,Hash=16" \
            --nodes "$NODES" --games "$CHUNK" --openings bench/openings/chess.txt --seed "$first" \
            --json >"$file.part"
        mv "$file.part" "$file"
        echo "level $LEVEL v $ELO, openings $first-$((first + CHUNK / 2 - 1)): $(cat "$file" | cut -c1-200)"
    fi
    first=$((first + CHUNK / 2))
done
