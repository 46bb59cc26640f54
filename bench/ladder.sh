#!/bin/sh
# The level ladder (issue 18): every neighbouring pair of levels (2 vs 1, 3 vs 2 … 10 vs 9) of each game plays a
# `match`, and the table says how each level scored against the one below it and its Elo relative to level 1 (the
# sum of the neighbours' differences). The last block is the Rust data table of src/games/ladder.rs, to paste there.
#
#   bench/ladder.sh [GAMES_PER_PAIR] [TIME_MS] [GAME_ID…]
#
# GAMES_PER_PAIR (default 10, an even number: each opening is played from both sides) and TIME_MS, the time per move
# (default 100; each level keeps its own depth limit and mistakes, so the levels differ at any time). Games default
# to the built-in two-player games without dice. One game at a time (--concurrency 1): the machine's other work
# is disturbed least and the figures depend least on it. Two random opening plies per pair of games (seed 1).
# The dev profile is optimised (opt-level 2), so the debug binary is used: nothing else is compiled.
set -eu
GAMES=${1:-10}
TIME_MS=${2:-100}
[ $# -ge 1 ] && shift
[ $# -ge 1 ] && shift
IDS=${*:-"tic-tac-toe connect-four othello-6x6 othello draughts chess"}
cd "$(dirname "$0")/.."
cargo build --quiet --bin alphabeta-studio
BIN=target/debug/alphabeta-studio
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
echo "# $(date -u +%FT%TZ) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $GAMES games a pair, $TIME_MS ms a move"
printf '%-14s %-9s %-10s %-7s %-22s\n' game pair "W-D-L" score "Elo (95 %)"
for id in $IDS; do
  low=1
  while [ $low -le 9 ]; do
    high=$((low + 1))
    json=$($BIN match "$id" --a "level:$high" --b "level:$low" --games "$GAMES" --time-ms "$TIME_MS" \
      --openings random:2 --seed 1 --concurrency 1 --json 2>/dev/null)
    echo "$id $low $high $json" >>"$OUT"
    echo "$json" | python3 -c '
import json, sys
r = json.load(sys.stdin)
elo = "inf" if r["elo"] is None else "%+.0f" % r["elo"]
ci = "" if r["elo_low"] is None or r["elo_high"] is None else " (%+.0f..%+.0f)" % (r["elo_low"], r["elo_high"])
print("%-14s %-9s %-10s %-7s %-22s" % (sys.argv[1], sys.argv[2] + " v " + sys.argv[3],
      "%d-%d-%d" % (r["wins"], r["draws"], r["losses"]), "%.0f %%" % (100 * r["score"]), elo + ci))
' "$id" "$high" "$low"
    low=$high
  done
done
echo
echo "// Paste into src/games/ladder.rs (MEASURED): Elo of levels 1-10 relative to level 1, sums of neighbours;"
echo "// a pair won or lost outright counts as +/-400 (its Elo has no finite estimate)."
python3 - "$OUT" "$GAMES" "$TIME_MS" <<'EOF'
import json, sys
rows, games, time_ms = {}, sys.argv[2], sys.argv[3]
for line in open(sys.argv[1]):
    game, low, high, text = line.split(" ", 3)
    rows.setdefault(game, []).append(json.loads(text))
for game, pairs in rows.items():
    elo, total = [0], 0.0
    for r in pairs:
        score = r["score"]
        step = 400.0 if score == 1 else -400.0 if score == 0 else max(-400.0, min(400.0, r["elo"] or 0.0))
        total += step
        elo.append(round(total))
    print('    Ladder { game: "%s", games_per_pair: %s, time_ms: %s, elo: %s },' % (game, games, time_ms, elo))
EOF
