#!/bin/sh
# The level ladder: every neighbouring pair of levels (2 vs 1, 3 vs 2 … 10 vs 9) of each game plays a
# `match`, and the table says how each level scored against the one below it and its Elo relative to level 1 (the
# sum of the neighbours' differences). Then each game's ladder file (the format of games/*.ladder.ron, read by the
# studio: crates/alphabeta-core/src/games/ladder/file.rs) is printed and, when all nine pairs were measured, written
# to LADDER_OUT/GAME_ID.ladder.ron (default target/ladders/): copy it over games/GAME_ID.ladder.ron, keeping a chess
# ladder's `scale` and `check` and the `note`. A run of some pairs (FIRST, LAST) prints only their step lines, to
# put over the same lines of the game's file.
#
#   bench/ladder.sh [GAMES_PER_PAIR] [GAME_ID…]
#
# GAMES_PER_PAIR: default 40, even numbers (each opening is played from both sides): one for every pair, or nine
# separated by commas, for 2 v 1 … 10 v 9 in turn (a lopsided pair needs more games for the same interval in Elo,
# and the cheap pairs can afford them). Games default to five whose levels are held by node budgets or depths
# (Connect Four, draughts, Othello 6 × 6 and 8 × 8, chess). Each level plays with its own limits — its node budget,
# depth limit and deliberate mistakes — so the figures do not depend on the machine or its load: the same command
# gives the same games anywhere (the levels' times are only ceilings, far above what their budgets take here).
# Random opening plies per game: OPENING_PLIES, or 3 for English draughts (draughts tournaments' three-move ballot,
# which keeps games from all being drawn), none for EinStein and Pig (their dice differ from one pair of games to the
# next) and 4 otherwise (`match` draws a new position for every pair of games, and Connect Four has only 196 three plies
# in), or the book of balanced openings bench/openings/GAME_ID.txt where there is one (written by
# examples/balanced_openings.rs: for Othello 6 × 6 and four in a row on 5 × 5, whose random openings mostly decide the
# game whoever plays them, Othello, whose four random plies reach too few positions for 1,200 games, and tic-tac-toe and
# Nim, whose books hold every position three plies in, drawn ones for tic-tac-toe: every game their levels can play from
# there). CONCURRENCY games at once (default: the cores). FIRST and LAST (default 1 and 10) measure only the pairs
# between those levels.
set -eu
GAMES=${1:-40}
case $GAMES in *,*) [ "$(echo "$GAMES" | tr , '\n' | grep -c .)" -eq 9 ] ||
  { echo "ladder.sh: GAMES_PER_PAIR wants one number or nine, for 2 v 1 … 10 v 9: '$GAMES'" >&2; exit 2; } ;; esac
[ $# -ge 1 ] && shift
IDS=${*:-"connect-four draughts othello-6x6 othello chess"}
CONCURRENCY=${CONCURRENCY:-$(nproc)}
FIRST=${FIRST:-1}
LAST=${LAST:-10}
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin alphabeta-studio
# A copy of the binary: a rebuild during the run (it takes a while) must not change the players halfway.
OUT=$(mktemp)
BIN=$(mktemp)
trap 'rm -f "$OUT" "$BIN"' EXIT
cp target/release/alphabeta-studio "$BIN"
chmod +x "$BIN"
echo "# $(date -u +%FT%TZ) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $GAMES games a pair, each level at its own limits"
printf '%-14s %-9s %-10s %-7s %-22s\n' game pair "W-D-L" score "Elo (95 %)"
for id in $IDS; do
  case $id in
    draughts) plies=${OPENING_PLIES:-3} ;;
    einstein | pig) plies=${OPENING_PLIES:-0} ;;
    *) plies=${OPENING_PLIES:-4} ;;
  esac
  openings=random:$plies
  [ -f "bench/openings/$id.txt" ] && openings=bench/openings/$id.txt
  low=$FIRST
  while [ $low -lt "$LAST" ]; do
    high=$((low + 1))
    games=$GAMES
    case $GAMES in *,*) games=$(echo "$GAMES" | cut -d, -f"$low") ;; esac
    json=$($BIN match "$id" --a "level:$high" --b "level:$low" --games "$games" \
      --openings "$openings" --seed 1 --concurrency "$CONCURRENCY" --json 2>/dev/null)
    echo "$id $low $high $json" >>"$OUT"
    echo "$json" | python3 -c '
import json, sys
r = json.load(sys.stdin)
elo = "inf" if r["elo"] is None else "%+.0f" % r["elo"]
ci = "" if r["elo_low"] is None or r["elo_high"] is None else " (%+.0f..%+.0f)" % (r["elo_low"], r["elo_high"])
print("%-14s %-9s %-10s %-7s %-22s" % (sys.argv[1], sys.argv[2] + " v " + sys.argv[3],
      "%d-%d-%d" % (r["wins"], r["draws"], r["losses"]), "%.0f %%" % (100 * r["score"]), elo + ci), flush=True)
' "$id" "$high" "$low"
    low=$high
  done
done
echo
# The command as typed, with the settings that change the games, for each step's `command`.
COMMAND="bench/ladder.sh $GAMES $IDS"
[ -n "${OPENING_PLIES:-}" ] && COMMAND="OPENING_PLIES=$OPENING_PLIES $COMMAND"
[ "$FIRST" != 1 ] || [ "$LAST" != 10 ] && COMMAND="FIRST=$FIRST LAST=$LAST $COMMAND"
LADDER_OUT=${LADDER_OUT:-target/ladders}
mkdir -p "$LADDER_OUT"
python3 - "$OUT" "$COMMAND" "$(date -u +%F)" "$LADDER_OUT" <<'EOF'
import json, sys
out, command, date, folder = sys.argv[1:5]
def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
rows = {}
for line in open(out):
    game, low, high, text = line.split(" ", 3)
    r = json.loads(text)
    games = r["wins"] + r["draws"] + r["losses"]
    rows.setdefault(game, []).append(
        "        (levels: (%s, %s), wins: %d, draws: %d, losses: %d, games: %d, command: %s, date: %s),"
        % (high, low, r["wins"], r["draws"], r["losses"], games, quoted(command), quoted(date)))
for game, steps in rows.items():
    if len(steps) == 9:
        text = "(\n    game: %s,\n    steps: [\n%s\n    ],\n)\n" % (quoted(game), "\n".join(steps))
        path = "%s/%s.ladder.ron" % (folder, game)
        open(path, "w").write(text)
        print("# %s, written to %s:" % (game, path))
        print(text)
    else:
        print("# %s: these steps, over the same lines of games/%s.ladder.ron:" % (game, game))
        print("\n".join(steps) + "\n")
EOF
