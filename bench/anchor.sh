#!/bin/sh
# A chess level played directly against Stockfish 15.1 at its UCI_Elo, in chunks that survive an interruption:
# each chunk of CHUNK games (CHUNK / 2 book lines, both colours) is one `match` whose JSON is kept under
# bench/results/anchor/level-L-elo-E/; a chunk already there is not played again. `summary` pools the chunks
# (not those under bench/results/anchor/replayed/: chunks an earlier version replayed from the book's first lines).
#
#     bench/anchor.sh 8 215443 2050          # level 8 at its node budget against UCI_Elo 2050, 100 games
#     bench/anchor.sh summary                # W/D/L of every pairing played so far
#
# Both sides get the level's node budget a move (Stockfish hears `go nodes N`), so the games do not depend on the
# machine's speed or load. The openings are the 50 main lines of bench/openings/chess.txt (8 plies), each played
# with both colours: chunk `openings-F` plays lines F to F + CHUNK / 2 - 1 of the book (`match` starts any book at
# its first line, so each chunk gets its own slice of it). Settings: GAMES (default 100), CHUNK (default 10), BIN (default target/release/alphabeta-studio,
# built if missing).
set -eu
cd "$(dirname "$0")/.."
RESULTS=bench/results/anchor

if [ "${1:-}" = summary ]; then
    # Per level: each setting's W/D/L, then the one rating that fits all its games (maximum likelihood of Elo's
    # logistic model, 95 % from its Fisher information), as games::ladder::direct computes it for the picker.
    python3 - "$RESULTS" <<'PY'
import glob, json, math, os, re, sys
levels = {}
for folder in sorted(glob.glob(os.path.join(sys.argv[1], "level-*-elo-*"))):
    level, elo = map(int, re.findall(r"level-(\d+)-elo-(\d+)", folder)[0])
    w = d = l = 0
    for path in glob.glob(os.path.join(folder, "*.json")):
        r = json.load(open(path)); w += r["wins"]; d += r["draws"]; l += r["losses"]
    levels.setdefault(level, []).append((elo, w, d, l))
expected = lambda r, e: 1 / (1 + 10 ** ((e - r) / 400))
for level, matches in sorted(levels.items()):
    for elo, w, d, l in matches:
        n = w + d + l
        print(f"level {level} v UCI_Elo {elo}: {n} games +{w} ={d} -{l}, score {(w + d / 2) / max(n, 1):.3f}")
    points = sum(w + d / 2 for _, w, d, _ in matches); games = sum(w + d + l for _, w, d, l in matches)
    if not 0 < points < games:
        continue
    low, high = -1000.0, 5000.0
    for _ in range(60):
        mid = (low + high) / 2
        surplus = points - sum((w + d + l) * expected(mid, e) for e, w, d, l in matches)
        low, high = (mid, high) if surplus > 0 else (low, mid)
    k = math.log(10) / 400
    info = sum((w + d + l) * expected(low, e) * (1 - expected(low, e)) for e, w, d, l in matches) * k * k
    half = 1.96 / math.sqrt(info)
    print(f"level {level}, one rating fitted to {games} games: {low:.0f} (95 %: {low - half:.0f} to {low + half:.0f})")
PY
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
BOOK=bench/openings/chess.txt
slice=$(mktemp "${TMPDIR:-/tmp}/anchor-book.XXXXXX")
trap 'rm -f "$slice"' EXIT
first=1
while [ $(( (first - 1) * 2 )) -lt "$GAMES" ]; do
    file=$OUT/openings-$first.json
    if [ ! -s "$file" ]; then
        grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$BOOK" | sed -n "$first,$((first + CHUNK / 2 - 1))p" >"$slice"
        "$BIN" match chess --a "level:$LEVEL" \
            --b "uci:$STOCKFISH,UCI_LimitStrength=true,UCI_Elo=$ELO,Threads=1,Hash=16" \
            --nodes "$NODES" --games "$CHUNK" --openings "$slice" --seed "$first" \
            --json >"$file.part"
        mv "$file.part" "$file"
        echo "level $LEVEL v $ELO, openings $first-$((first + CHUNK / 2 - 1)): $(cat "$file" | cut -c1-200)"
    fi
    first=$((first + CHUNK / 2))
done
