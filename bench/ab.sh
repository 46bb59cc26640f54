#!/bin/bash
# This checkout's chess engine against an older commit's, both at full strength as UCI engines through `match`
# (README, "A stronger top level for chess": the A/B tests). The old build goes in a git worktree under
# ${TMPDIR:-/tmp} (a full release build: minutes on two cores).
#
#     bench/ab.sh COMMIT                              # 400 games at 20,000 nodes a move (the machine's speed and
#                                                     # load do not matter)
#     TC=3+0.03 GAMES=160 SEED=9 bench/ab.sh COMMIT   # on the clock: base + increment in seconds, each side
#
# Settings through the environment: GAMES (default 400), NODES (per move, default 20000), TC (a clock instead of
# nodes), SEED (default 5), OPENING_PLIES (random opening plies, default 4), CONCURRENCY (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${1:?usage: bench/ab.sh COMMIT}
GAMES=${GAMES:-400}
NODES=${NODES:-20000}
SEED=${SEED:-5}
OPENING_PLIES=${OPENING_PLIES:-4}
CONCURRENCY=${CONCURRENCY:-2}
OLD_TREE=${TMPDIR:-/tmp}/alphabeta-ab-$BASE

cargo build --release --quiet --bin alphabeta-studio
[ -d "$OLD_TREE" ] || git worktree add --detach "$OLD_TREE" "$BASE"
(cd "$OLD_TREE" && cargo build --release --quiet --bin alphabeta-studio)

# A UCI player is a program run without arguments: a two-line script for each build.
SCRIPTS=$(mktemp -d)
trap 'rm -rf "$SCRIPTS"' EXIT
printf '#!/bin/sh\nexec %s uci\n' "$PWD/target/release/alphabeta-studio" >"$SCRIPTS/new.sh"
printf '#!/bin/sh\nexec %s uci\n' "$OLD_TREE/target/release/alphabeta-studio" >"$SCRIPTS/old.sh"
chmod +x "$SCRIPTS/new.sh" "$SCRIPTS/old.sh"

if [ -n "${TC:-}" ]; then
  limit=(--tc "$TC")
  overhead=",Move Overhead=10"
else
  limit=(--nodes "$NODES")
  overhead=""
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "== $(git rev-parse --short HEAD) (A) against $BASE (B)"
target/release/alphabeta-studio match chess --a "uci:$SCRIPTS/new.sh$overhead" --b "uci:$SCRIPTS/old.sh$overhead" \
  --games "$GAMES" "${limit[@]}" --openings "random:$OPENING_PLIES" --seed "$SEED" --concurrency "$CONCURRENCY"
