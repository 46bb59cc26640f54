#!/bin/bash
# The game review against outside oracles (docs/benchmarks.md, "Game review"): Connect Four against Pascal Pons'
# solver, chess against Stockfish on Lichess's judgement. Markdown tables go to stdout (and to $OUT/summary.md), one
# file a game to $OUT/{connect-four,chess}/.
#
#     bench/review_quality.sh                     # 12 Connect Four games, 11 chess games, Stockfish depth 16
#     QUICK=1 bench/review_quality.sh             # 2 Connect Four games, 3 chess games (96 plies)
#     PARTS=chess CHESS_PGN=bench/data/review/stockfish-skill.pgn SF_DEPTH=20 bench/review_quality.sh
#
# Connect Four: CF_GAMES games of `match` between levels 2-6 (pairs in turn, random:2 openings, seeds from CF_SEED,
# 5959, used nowhere else), each reviewed by `review connect-four --json`; every legal move of every position from ply
# CF_FROM_PLY (8: earlier positions take Pons' solver minutes each without his book) valued by his solver, built from
# PONS_SRC as bench/pons.sh builds it. Chess: the games of CHESS_PGN (FILE or FILE:N, its first N games; by default
# bench/data/review/'s four famous master games, five main-line openings to move 10, and the first two of eight games
# of Stockfish at low Skill Levels against itself, the two decisive ones; CHESS_PER_FILE keeps at most N of any
# file), each reviewed by `review chess --json`, every position evaluated by STOCKFISH
# (default /usr/games/stockfish, Debian's 15.1, installed with python3-chess by apt-get when missing) to depth
# SF_DEPTH. BIN: the command line (default target/release/alphabeta: cargo build --release -p alphabeta-cli);
# REVIEW_ARGS: options for both reviews (default none: the review's default setting). PARTS: "connect-four chess".
# OUT: where the summary and the games' files go (default bench/results/review, whose files are today's figures').
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/alphabeta}
QUICK=${QUICK:-0}
PARTS=${PARTS:-connect-four chess}
if [ "$QUICK" = 1 ]; then default_games=2 default_per_file=1; else default_games=12 default_per_file=0; fi
CF_GAMES=${CF_GAMES:-$default_games}
CF_SEED=${CF_SEED:-5959}
CF_FROM_PLY=${CF_FROM_PLY:-8}
CHESS_PGN=${CHESS_PGN:-bench/data/review/masters.pgn bench/data/review/openings.pgn bench/data/review/stockfish-skill.pgn:2}
CHESS_PER_FILE=${CHESS_PER_FILE:-$default_per_file}
SF_DEPTH=${SF_DEPTH:-16}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
REVIEW_ARGS=${REVIEW_ARGS:-}
PYTHON=${PYTHON:-python3}
OUT=${OUT:-bench/results/review}

die() { echo "bench/review_quality.sh: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/review-quality.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck source=bench/pons_build.sh
. bench/pons_build.sh

# apt-get, through sudo when not root.
apt_install() {
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get install -y -q "$@" >"$work/apt.log" 2>&1 || die "apt-get install $* failed: $(tail -1 "$work/apt.log")"
}

[ -x "$BIN" ] || die "no command line at $BIN (cargo build --release -p alphabeta-cli, or set BIN)"
for part in $PARTS; do
  case $part in connect-four | chess) ;; *) die "unknown part '$part' (connect-four, chess)" ;; esac
done
if [[ " $PARTS " == *" chess "* ]]; then
  [ -x "$STOCKFISH" ] || [ "$STOCKFISH" != /usr/games/stockfish ] || apt_install stockfish
  [ -x "$STOCKFISH" ] || die "no Stockfish at $STOCKFISH (set STOCKFISH)"
  if ! "$PYTHON" -c 'import chess.engine' 2>/dev/null; then
    apt_install python3-chess
    PYTHON=/usr/bin/python3
    "$PYTHON" -c 'import chess.engine' 2>/dev/null || die "python-chess does not import in $PYTHON"
  fi
fi
if [[ " $PARTS " == *" connect-four "* ]]; then build_pons "$work" || die "$pons_error"; fi

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD 2>/dev/null || commit="$commit (with uncommitted changes)"
machine=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
mkdir -p "$OUT"
{
  echo "bench/review_quality.sh, $(date -u '+%Y-%m-%d %H:%M UTC'): commit $commit, $BIN review ${REVIEW_ARGS:-(default setting)}"
  echo "machine: ${machine:-unknown}, $(nproc) cores; load before: $(uptime | sed 's/.*load average: //')"
  if [[ " $PARTS " == *" connect-four "* ]]; then
    echo "Pons' solver $pons_commit (${CXX:-g++} $pons_flags)"
  fi
  if [[ " $PARTS " == *" chess "* ]]; then
    echo "$("$PYTHON" -c 'import chess.engine, sys
engine = chess.engine.SimpleEngine.popen_uci(sys.argv[1]); print(engine.id.get("name", "?")); engine.quit()' "$STOCKFISH"), depth $SF_DEPTH, 1 thread, 64 MiB"
  fi
  for part in $PARTS; do
    echo
    rm -rf "${OUT:?}/$part"
    if [ "$part" = connect-four ]; then
      "$PYTHON" bench/review_quality.py connect-four --bin "$BIN" --pons "$pons" --games "$CF_GAMES" \
        --seed "$CF_SEED" --from-ply "$CF_FROM_PLY" --out "$OUT/connect-four" --review-args="$REVIEW_ARGS"
    else
      read -ra pgn_files <<<"$CHESS_PGN"
      "$PYTHON" bench/review_quality.py chess --bin "$BIN" --stockfish "$STOCKFISH" --depth "$SF_DEPTH" \
        --pgn "${pgn_files[@]}" --per-file "$CHESS_PER_FILE" --out "$OUT/chess" --review-args="$REVIEW_ARGS"
    fi
  done
  echo
  echo "load after: $(uptime | sed 's/.*load average: //')"
} | tee "$OUT/summary.md"
