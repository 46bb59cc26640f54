#!/bin/bash
# Level 10's chess search speed, this checkout against the build of an older commit (README, Benchmarks: "English
# draughts, chess, EinStein"). Both search three positions to depth 10, three rounds, alternating, so load hits both
# alike; compare the nodes per second measured in the same run, not the seconds across machines.
#
#     bench/speed.sh            # against commit 88e896c (before the packed sort key, the pawn-span tables, POPCNT)
#     bench/speed.sh COMMIT     # against any other commit
#
# The old build goes in a git worktree under ${TMPDIR:-/tmp} (a full release build: minutes on two cores).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${1:-88e896c}
OLD_TREE=${TMPDIR:-/tmp}/alphabeta-speed-$BASE
KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

cargo build --release --quiet --bin alphabeta-studio
[ -d "$OLD_TREE" ] || git worktree add --detach "$OLD_TREE" "$BASE"
(cd "$OLD_TREE" && cargo build --release --quiet --bin alphabeta-studio)

echo "round build position best nodes seconds M-nodes/s"
for round in 1 2 3; do
  for build in "$PWD" "$OLD_TREE"; do
    for position in start opening kiwipete; do
      case $position in
        start) args=() ;;
        opening) args=(--moves e4,e5,Nf3,Nc6) ;;
        kiwipete) args=(--from "$KIWIPETE") ;;
      esac
      out=$("$build/target/release/alphabeta-studio" search chess --depth 10 ${args[@]+"${args[@]}"})
      echo "$out" | awk -v r="$round" -v b="$(basename "$build")" -v p="$position" '
        $1 == "best" { best = $2 } $1 == "nodes" { nodes = $2 } $1 == "seconds" { secs = $2 }
        END { printf "%s %s %s %s %d %.3f %.2f\n", r, b, p, best, nodes, secs, nodes / secs / 1e6 }'
    done
  done
done
